// The replays a server keeps for reading (encounters.ts, `replayed`): after every kind of change,
// what it answers of an encounter (the encounter, the GM's hand, the log, a branch) is what a
// server that kept nothing answers, replaying the same store afresh.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { App } from "./app.js";
import { createTombril, send, testApp } from "./test-support/app.js";

/** Everything a read of encounter `id` answers, branch included (its id and dates left out). */
async function reads(app: App, id: number): Promise<unknown> {
  const url = `/encounters/${id}`;
  const branch = await send<Record<string, unknown>>(app, "POST", `${url}/branch`, {});
  expect(branch.status).toBe(201);
  const branched = Object.fromEntries(
    Object.entries(branch.body).filter(([k]) => !["id", "createdAt", "updatedAt"].includes(k)),
  );
  return {
    encounter: (await send(app, "GET", url)).body,
    gm: (await send(app, "GET", `${url}/gm`)).body,
    log: (await app.inject({ method: "GET", url: `${url}/log` })).body,
    branch: branched,
  };
}

describe("replays kept by stored version", () => {
  const path = join(mkdtempSync(join(tmpdir(), "fray-replays-")), "fray.sqlite");
  const apps: App[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it("answer as a fresh replay after answers, policy, undo, redo, the GM's hand, an arrival, tactics and autoplay, made here or on a server beside", async () => {
    const app = await testApp(path);
    const beside = await testApp(path);
    apps.push(app, beside);
    const { id } = await createTombril(app, 3);
    const url = `/encounters/${id}`;
    const ogre = { id: "ogre", name: "Ogre", side: "opponents", level: 4, str: 5, dex: 1 };
    const changes: [string, "POST" | "PUT", string, object?][] = [
      ["a roll", "POST", `${url}/answer`, { dice: [5] }],
      ["a decision by policy", "POST", `${url}/policy`],
      ["Fray's roll", "POST", `${url}/roll`],
      ["undo", "POST", `${url}/undo`, { steps: 2 }],
      ["redo", "POST", `${url}/redo`, { steps: 1 }],
      [
        "the GM's hand",
        "POST",
        `${url}/changes`,
        { change: { op: "set", combatant: "giant", field: "stamina", value: 30 } },
      ],
      [
        "a late arrival",
        "POST",
        `${url}/changes`,
        {
          change: {
            op: "add-combatant",
            combatant: { ...ogre, stamina: 30, injurySlots: 10, weapons: ["club"] },
          },
        },
      ],
      ["tactics", "PUT", `${url}/tactics`, { tactics: { tombril: "reckless" } }],
      ["autoplay", "POST", `${url}/autoplay`, { until: "round" }],
    ];
    for (const [i, [what, method, to, body]] of changes.entries()) {
      // Every other change on another server of the same store, which this one hears nothing of.
      const reply = await send(i % 2 === 0 ? app : beside, method, to, body);
      expect(reply.status, `${what}: ${JSON.stringify(reply.body)}`).toBe(200);
      // Read twice on the server that keeps replays (the second read from what the first kept),
      // then on a server that has kept nothing.
      const kept = await reads(app, id);
      expect(await reads(app, id), what).toEqual(kept);
      const fresh = await testApp(path);
      apps.push(fresh);
      expect(await reads(fresh, id), what).toEqual(kept);
      expect((await send(app, "GET", url)).body, what).toMatchObject({
        version: reply.body.version,
        views: reply.body.views,
        log: reply.body.log,
      });
    }
  });
});
