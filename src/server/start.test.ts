import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FrayError } from "../core/errors.js";
import { startServer } from "./start.js";

describe("starting the server (fray serve)", () => {
  it("stores the demo encounter in a new database only, and serves on a real port", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-")), "fray.sqlite");
    const first = await startServer({ port: 0, host: "127.0.0.1", db });
    expect(first.demo).toMatchObject({ id: 1, title: "Tombril and the Hill Giant" });
    const listed = (await (await fetch(`${first.url}/encounters`)).json()) as {
      encounters: { title: string }[];
    };
    expect(listed.encounters.map((e) => e.title)).toEqual(["Tombril and the Hill Giant"]);
    await first.app.close();
    const second = await startServer({ port: 0, host: "127.0.0.1", db });
    expect(second.demo).toBeNull();
    const again = (await (await fetch(`${second.url}/encounters`)).json()) as {
      encounters: unknown[];
    };
    expect(again.encounters).toHaveLength(1);
    await second.app.close();
  });

  it("refuses a database in a folder that does not exist, saying so", async () => {
    const db = join(tmpdir(), "fray-no-such-folder", "x", "fray.sqlite");
    await expect(startServer({ port: 0, host: "127.0.0.1", db })).rejects.toThrow(FrayError);
    await expect(startServer({ port: 0, host: "127.0.0.1", db })).rejects.toThrow(
      `--db ${db}: cannot open the database`,
    );
  });
});
