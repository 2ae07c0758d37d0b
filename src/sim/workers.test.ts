// The worker pool, run from JavaScript built by tsc (worker threads cannot load TypeScript):
// `--workers 1` and `--workers 2` give the same JSON but for the timing fields.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { skirmishFile } from "./test-support/files.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
// Inside the repository so that the built modules find node_modules.
const out = `${root}node_modules/.cache/fray-sim-workers-test`;

type Built = {
  runner: typeof import("./runner.js");
  sweep: typeof import("./sweep/sweep.js");
  grid: typeof import("./sweep/grid.js");
  registry: typeof import("./test-support/registry.js");
  files: typeof import("./test-support/files.js");
  sim: typeof import("../cli/commands/sim.js");
};

let built: Built;

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  try {
    execFileSync(
      process.execPath,
      [
        `${root}node_modules/typescript/bin/tsc`,
        "-p",
        `${root}tsconfig.json`,
        "--outDir",
        out,
        "--sourceMap",
        "false",
        "--declaration",
        "false",
      ],
      { stdio: "pipe" },
    );
  } catch {
    // Type errors elsewhere in the tree still emit JavaScript; only a missing file is fatal.
  }
  if (!existsSync(`${out}/sim/worker.js`))
    throw new Error(`tsc did not build ${out}/sim/worker.js`);
}, 120_000);

beforeAll(async () => {
  const load = (p: string) => import(pathToFileURL(`${out}/${p}`).href);
  built = {
    runner: await load("sim/runner.js"),
    sweep: await load("sim/sweep/sweep.js"),
    grid: await load("sim/sweep/grid.js"),
    registry: await load("sim/test-support/registry.js"),
    files: await load("sim/test-support/files.js"),
    sim: await load("cli/commands/sim.js"),
  };
});

describe("simulation on worker threads", () => {
  it("gives identical JSON on 1 and 2 workers, but for timing", async () => {
    const definition = built.files.skirmishEncounter(skirmishFile("skirmish-duel.yaml"));
    const registry = pathToFileURL(`${out}/sim/test-support/registry.js`).href;
    const job = { definition, seed: 77, runs: 30_000, registry };
    const one = await built.runner.runSimulation({ ...job, workers: 1 });
    const two = await built.runner.runSimulation({ ...job, workers: 2 });
    expect(one.timing.workers).toBe(1);
    expect(two.timing.workers).toBe(2);
    const strip = (r: typeof one) => {
      const json = JSON.parse(built.sim.simJson(r)) as Record<string, unknown>;
      delete json.timing;
      return JSON.stringify(json);
    };
    expect(strip(two)).toBe(strip(one));
    expect(two.aggregate).toEqual(one.aggregate);
    expect(one.summary.runs).toBe(30_000);
  });

  it("reach the interval target at the same run on 1 and 2 workers", async () => {
    const definition = built.files.skirmishEncounter(skirmishFile("skirmish-duel.yaml"));
    const registry = pathToFileURL(`${out}/sim/test-support/registry.js`).href;
    const job = { definition, seed: 12, runs: 500_000, registry, untilCi: 0.008 };
    const one = await built.runner.runSimulation({ ...job, workers: 1 });
    const two = await built.runner.runSimulation({ ...job, workers: 2 });
    expect(two.stopped).toBe("interval-reached");
    expect(two.summary).toEqual(one.summary);
  });

  it("run a sweep on one shared pool with the same results as one thread", async () => {
    const job = {
      file: skirmishFile("skirmish-duel.yaml") as import("../engine/json.js").JsonObject,
      source: "skirmish-duel.yaml",
      rulesets: built.registry.rulesets,
      registry: pathToFileURL(`${out}/sim/test-support/registry.js`).href,
      varies: [built.grid.parseVary("combatants.ann.hp=8..12:2")],
      seed: 3,
      runs: 6_000,
    };
    const one = await built.sweep.runSweep({ ...job, workers: 1 });
    const two = await built.sweep.runSweep({ ...job, workers: 2 });
    expect(two.rows.map((r) => r.summary)).toEqual(one.rows.map((r) => r.summary));
    expect(two.rows).toHaveLength(3);
  });
});
