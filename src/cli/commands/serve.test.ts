import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { jobLimitsOf, serve } from "./serve.js";
import { capturePrinted } from "../test-support/cli.js";

const printed = capturePrinted();

describe("fray serve", () => {
  it("prints its URL, the demo encounter it stored in a new database, and what it finds there when started again", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-cli-")), "fray.sqlite");
    const app = await serve({ port: "0", db });
    await app.close();
    expect(printed.text()).toMatch(/^Fray HTTP API at http:\/\/127\.0\.0\.1:\d+ /);
    expect(printed.text()).toContain(
      `database ${db}: stored the demo encounter 1, "Tombril and the Hill Giant"`,
    );
    // A GM who follows the quick start and then makes the players' links learns why their
    // phones cannot open them, and what to do, before the players are at the table.
    expect(printed.text()).toContain(
      "only this machine can open it: for the players' phones, start it with --host 0.0.0.0",
    );
    // Started again on the same database (after Ctrl-C mid-fight), it says what it found there.
    printed.clear();
    const again = await serve({ port: "0", db });
    await again.close();
    expect(printed.text()).toContain(
      `database ${db}: holds 1 encounter, as it was left; the console opens it\n`,
    );
  });

  it("on 0.0.0.0 without FRAY_GM_SECRET, says why the GM's routes need a secret and prints the GM's link", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-cli-")), "fray.sqlite");
    vi.stubEnv("FRAY_GM_SECRET", "");
    const app = await serve({ port: "0", db, host: "0.0.0.0" });
    await app.close();
    expect(printed.text()).toContain(
      "--host 0.0.0.0: other machines can reach this server, so the GM's routes need a secret, and none was set in FRAY_GM_SECRET",
    );
    expect(printed.text()).toContain(
      `made one and kept it in ${db}.gm-secret, so that the GM's link stays the same after a restart`,
    );
    const link = /the GM's console: open (http:\/\/\S+\/#\/gm\/[A-Za-z0-9_-]{22})/;
    // A new GM reads the first line first: it is the link to open, not the API on this machine.
    const firstLine = printed.text().split("\n")[0]!;
    expect(firstLine).toMatch(link);
    expect(firstLine).not.toContain("127.0.0.1");
    const first = link.exec(printed.text())![1]!.replace(/:\d+\//, "/");
    printed.clear();
    const again = await serve({ port: "0", db, host: "0.0.0.0" });
    await again.close();
    vi.unstubAllEnvs();
    expect(printed.text()).toContain(
      `took the one kept in ${db}.gm-secret since the first start: the GM's link is the same`,
    );
    expect(link.exec(printed.text())![1]!.replace(/:\d+\//, "/")).toBe(first);
  });

  it("takes the heavy work's budget from its options, each checked", () => {
    const defaults = { threads: 3, queue: 8, timeMs: 60_000, memoryMb: 512 };
    expect(jobLimitsOf({}, defaults)).toEqual(defaults);
    const raised = { jobThreads: "2", jobQueue: "0", jobSeconds: "600", jobMemory: "2048" };
    expect(jobLimitsOf(raised, defaults)).toEqual({
      threads: 2,
      queue: 0,
      timeMs: 600_000,
      memoryMb: 2048,
    });
    expect(() => jobLimitsOf({ jobMemory: "16" }, defaults)).toThrow(
      '--job-memory: "16" is not a whole number of at least 64',
    );
    expect(() => jobLimitsOf({ jobThreads: "100" }, defaults)).toThrow(
      "--job-threads: 100 is over the limit of 64",
    );
    expect(() => jobLimitsOf({ jobSeconds: "1.5" }, defaults)).toThrow(
      '--job-seconds: "1.5" is not a whole number of at least 1',
    );
  });

  it("raises the limits of a request with its flags, through their environment variables", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "fray-serve-cli-")), "fray.sqlite");
    for (const variable of ["FRAY_MAX_COMBATANTS", "FRAY_MAX_RUNS", "FRAY_MAX_REPLY_MB"])
      vi.stubEnv(variable, "");
    const app = await serve({
      port: "0",
      db,
      maxCombatants: "150",
      maxRuns: "1e6",
      maxReplyMb: "64",
    });
    await app.close();
    expect(process.env["FRAY_MAX_COMBATANTS"]).toBe("150");
    expect(process.env["FRAY_MAX_RUNS"]).toBe("1000000");
    expect(process.env["FRAY_MAX_REPLY_MB"]).toBe("64");
    vi.unstubAllEnvs();
    await expect(serve({ port: "0", db, maxRuns: "many" })).rejects.toThrow(
      '--max-runs: "many" is not a whole number of at least 1',
    );
  });

  it("refuses a port that is not one", async () => {
    await expect(serve({ port: "70000" })).rejects.toThrow("--port: 70000 is not a port");
    await expect(serve({ port: "http" })).rejects.toThrow('--port: "http" is not a whole number');
  });
});
