import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTombril, send, testApp } from "./test-support/app.js";

const tempDb = () => join(mkdtempSync(join(tmpdir(), "fray-server-")), "fray.sqlite");

describe("persistence in SQLite", () => {
  it("a restarted server finds every encounter in the same state, redo included", async () => {
    const path = tempDb();
    const first = await testApp(path);
    const { id } = await createTombril(first);
    await send(first, "POST", `/encounters/${id}/answer`, { dice: [5] });
    await send(first, "POST", `/encounters/${id}/policy`);
    await send(first, "POST", `/encounters/${id}/answer`, { dice: [5, 3, 4, 3, 2] });
    const struck = (await send(first, "GET", `/encounters/${id}`)).body;
    const undone = (await send(first, "POST", `/encounters/${id}/undo`, { steps: 2 })).body;
    const branch = (await send(first, "POST", `/encounters/${id}/branch`, { at: 1 })).body;
    const list = (await send(first, "GET", "/encounters")).body;
    await first.close();

    const second = await testApp(path);
    expect((await send(second, "GET", "/encounters")).body).toEqual(list);
    expect((await send(second, "GET", `/encounters/${id}`)).body).toEqual(undone);
    expect((await send(second, "GET", `/encounters/${branch.id}`)).body).toEqual(branch);
    const redone = (await send(second, "POST", `/encounters/${id}/redo`, { steps: 2 })).body;
    expect(redone.views).toEqual(struck.views);
    expect(redone.answers).toBe(3);
    await second.close();
  });

  it("resumes a fight from its log: the same answers, views and explanations", async () => {
    const app = await testApp();
    const { id } = await createTombril(app, 3);
    await send(app, "POST", `/encounters/${id}/autoplay`, { until: "round" });
    const played = (await send(app, "GET", `/encounters/${id}`)).body;
    const log = (await app.inject({ method: "GET", url: `/encounters/${id}/log` })).body;
    const resumed = await send(app, "POST", "/encounters/from-log", { log });
    expect(resumed.status).toBe(201);
    expect({ ...resumed.body, id, version: played.version }).toEqual(played);
    const asLines = await app.inject({
      method: "POST",
      url: "/encounters/from-log",
      headers: { "content-type": "application/x-ndjson" },
      payload: log,
    });
    expect(asLines.statusCode).toBe(201);
    await app.close();
  });
});
