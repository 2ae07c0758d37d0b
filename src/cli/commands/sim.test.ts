// `fray sim`, `fray sweep` and `fray advise` end to end on the benchmark's cartyrion duel,
// in this thread (--workers 1; the worker pool is tested from built code in src/sim).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advise } from "./advise.js";
import { sim } from "./sim.js";
import { sweep } from "./sweep.js";

const duel = fileURLToPath(
  new URL("../../../bench/encounters/cartyrion-duel.yaml", import.meta.url),
);
let out: string[];

beforeEach(() => {
  out = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
    out.push(String(s));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("fray sim", () => {
  it("prints JSON that depends on the seed and the runs only", async () => {
    await sim(duel, { runs: "3000", workers: "1", seed: "4", json: true });
    const first = JSON.parse(out.join("")) as Record<string, unknown>;
    out = [];
    await sim(duel, { runs: "3000", workers: "1", seed: "4", json: true });
    const second = JSON.parse(out.join("")) as Record<string, unknown>;
    expect(first).toMatchObject({
      runs: 3000,
      seed: 4,
      ruleset: "cartyrion",
      stopped: "completed",
    });
    expect(first.timing).toHaveProperty("wallSeconds");
    delete first.timing;
    delete second.timing;
    expect(second).toEqual(first);
  });

  it("prints a table, and writes the chart", async () => {
    const chart = join(mkdtempSync(join(tmpdir(), "fray-sim-")), "duel.svg");
    await sim(duel, { runs: "2000", workers: "1", chart });
    const text = out.join("");
    expect(text).toMatch(/2,000 fights in/);
    expect(text).toMatch(/The party win +\d+\.\d% {2}\[\d+\.\d%, \d+\.\d%\]/);
    expect(text).toMatch(/rounds to the end: mean \d+\.\d\d, median \d+, 90th percentile \d+/);
    expect(readFileSync(chart, "utf8")).toContain("Rounds to the end of the fight");
  });

  it("stops at the interval target with --until-ci", async () => {
    await sim(duel, { untilCi: "0.02", workers: "1", json: true });
    const json = JSON.parse(out.join("")) as {
      stopped: string;
      sides: { win: { low: number; high: number } }[];
    };
    expect(json.stopped).toBe("interval-reached");
    for (const s of json.sides) expect((s.win.high - s.win.low) / 2).toBeLessThan(0.02);
  });

  it("refuses bad numbers with the flag named", async () => {
    await expect(sim(duel, { runs: "ten" })).rejects.toThrow(/--runs: "ten" is not a whole number/);
    await expect(sim(duel, { untilCi: "2" })).rejects.toThrow(/--until-ci/);
    await expect(sim(duel, { chart: "x.gif" })).rejects.toThrow(/\.svg or \.png/);
  });
});

describe("fray sweep", () => {
  it("writes CSV over the grid", async () => {
    const csv = join(mkdtempSync(join(tmpdir(), "fray-sweep-")), "level.csv");
    await sweep(duel, {
      vary: ["combatants.tombril.level=1..3:2"],
      runs: "1000",
      workers: "1",
      out: csv,
    });
    const rows = readFileSync(csv, "utf8").trim().split("\n");
    expect(rows[0]).toMatch(
      /^combatants\.tombril\.level,runs,party_win,party_win_low,party_win_high,opponents_win/,
    );
    expect(rows.slice(1).map((r) => r.split(",")[0])).toEqual(["1", "3"]);
  });
});

describe("fray advise", () => {
  it("rolls what comes before the first decision and ranks every option", () => {
    const { advice, rolled } = advise(duel, {});
    expect(rolled.length).toBeGreaterThan(0);
    expect(advice.options.length).toBeGreaterThan(1);
    expect(advice.options.filter((o) => o.policy)).toHaveLength(1);
    expect(["exact", "sampled"]).toContain(advice.method);
  }, 120_000);
});
