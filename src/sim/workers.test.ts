// The worker pool, run from JavaScript built by tsc (worker threads cannot load TypeScript):
// `--workers 1` and `--workers 2` give the same JSON but for the timing fields.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { BroadcastChannel } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { tscBuild } from "../test-support/tsc-build.js";
import { skirmishFile } from "./test-support/files.js";
import { untimedJson } from "./test-support/untimed.js";

/** The build's folder, for the URLs of the registry and modules tasks name. */
let out = "";

type Built = {
  runner: typeof import("./runner.js");
  sweep: typeof import("./sweep/sweep.js");
  grid: typeof import("./sweep/grid.js");
  registry: typeof import("./test-support/registry.js");
  files: typeof import("./test-support/files.js");
  batchTask: typeof import("./batch-task.js");
  encounterFile: typeof import("../engine/encounter-file.js");
  rulesets: typeof import("../rulesets/index.js");
};

let built: Built;

/**
 * One pool of 2 threads for the simulations below that run on 2 workers (its worker starts and
 * loads the build once, not once per test), as a sweep shares one over its points; the first
 * test's simulation and the sweep start and close pools of their own.
 */
let pool: InstanceType<Built["runner"]["SimPool"]>;

beforeAll(async () => {
  const build = tscBuild("sim/worker.js");
  out = build.out;
  const load = build.load;
  built = {
    runner: await load("sim/runner.js"),
    sweep: await load("sim/sweep/sweep.js"),
    grid: await load("sim/sweep/grid.js"),
    registry: await load("sim/test-support/registry.js"),
    files: await load("sim/test-support/files.js"),
    batchTask: await load("sim/batch-task.js"),
    encounterFile: await load("engine/encounter-file.js"),
    rulesets: await load("rulesets/index.js"),
  };
  pool = new built.runner.SimPool(2);
});

afterAll(() => pool?.close());

describe("simulation on worker threads", () => {
  it("gives identical JSON on 1 and 2 workers, but for timing", async () => {
    const definition = built.files.skirmishEncounter(skirmishFile("skirmish-duel.yaml"));
    const registry = pathToFileURL(`${out}/sim/test-support/registry.js`).href;
    // 5 batches of 1,000 (batch-plan.ts), an odd number for the 2 workers to share: the rule
    // (the batches merged in their order, whichever thread played them) holds for any count.
    const job = { definition, seed: 77, runs: 5_000, registry };
    const one = await built.runner.runSimulation({ ...job, workers: 1 });
    const two = await built.runner.runSimulation({ ...job, workers: 2 });
    expect(one.timing.workers).toBe(1);
    expect(two.timing.workers).toBe(2);
    expect(untimedJson(two)).toBe(untimedJson(one));
    expect(two.aggregate).toEqual(one.aggregate);
    expect(one.summary.runs).toBe(5_000);
  });

  it("play a shard's slice of the batches on 2 workers as on 1, each batch kept in order", async () => {
    const definition = built.files.skirmishEncounter(skirmishFile("skirmish-duel.yaml"));
    const registry = pathToFileURL(`${out}/sim/test-support/registry.js`).href;
    // 12,000 runs are 12 batches of 1,000; this slice is batches 3 to 7.
    const job = { definition, seed: 77, runs: 12_000, registry, slice: { from: 3, to: 8 } };
    const one = await built.runner.runSimulation({ ...job, workers: 1 });
    const two = await built.runner.runSimulation({ ...job, pool });
    expect(one.summary.runs).toBe(5_000);
    expect(two.batches).toEqual(one.batches);
    expect(two.batches).toHaveLength(5);
    expect(two.aggregate).toEqual(one.aggregate);
  });

  it("simulate from a fight in progress with identical JSON on 1 and 2 workers, but for timing", async () => {
    const definition = built.files.skirmishEncounter(skirmishFile("skirmish-duel.yaml"));
    const registry = pathToFileURL(`${out}/sim/test-support/registry.js`).href;
    // Round 1: Ann has struck Bob carefully for 4; Bob is to choose his target.
    const answers = [
      { kind: "decide", actor: "ann", question: "target", value: "bob" },
      { kind: "decide", actor: "ann", question: "stance", value: "careful" },
      { kind: "roll", label: "Ann's damage", value: 4 },
    ] as const;
    const job = { definition, answers, seed: 31, runs: 5_000, registry };
    const one = await built.runner.runSimulation({ ...job, workers: 1 });
    const two = await built.runner.runSimulation({ ...job, pool });
    expect(two.timing.workers).toBe(2);
    expect(untimedJson(two)).toBe(untimedJson(one));
    expect(two.aggregate).toEqual(one.aggregate);
    expect(one.summary.start).toEqual({ round: 1, answers: 3, answersInRound: 3 });
    // Not the fight from the start: the same seed gives other odds.
    const fromStart = await built.runner.runSimulation({ ...job, answers: undefined, workers: 1 });
    expect(fromStart.summary.sides[0]!.win.p).not.toBe(one.summary.sides[0]!.win.p);
  });

  it("reach the interval target at the same run on 1 and 2 workers", async () => {
    const definition = built.files.skirmishEncounter(skirmishFile("skirmish-duel.yaml"));
    const registry = pathToFileURL(`${out}/sim/test-support/registry.js`).href;
    const job = { definition, seed: 12, runs: 500_000, registry, untilCi: 0.008 };
    const one = await built.runner.runSimulation({ ...job, workers: 1 });
    const two = await built.runner.runSimulation({ ...job, pool });
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

  it("close the pool only once its workers have loaded their modules and no task runs", async () => {
    // Node 20 aborts the whole process when a worker thread is stopped while it loads modules.
    // Six tasks start three workers; the first to load may answer them all, and the pool is
    // closed at once: it must still wait for the other two to load before stopping them.
    const worker = pathToFileURL(`${out}/sim/test-support/slow-start-worker.js`).href;
    const { SLOW_START } = (await import(worker)) as { SLOW_START: string };
    const channel = new BroadcastChannel(SLOW_START);
    const loaded = new Set<unknown>();
    channel.onmessage = (event) => loaded.add(event.data);
    try {
      const pool = new built.runner.SimPool(4, worker);
      const tasks = [0, 1, 2, 3, 4, 5].map((i) => pool.run({ i } as never));
      const closed = pool.close();
      expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ i })));
      await closed;
      // Each worker said it loaded before it told the pool so: its message is on its way.
      await vi.waitFor(() => expect(loaded.size).toBe(3), { timeout: 5_000 });
    } finally {
      channel.close();
    }
  });

  const tntDuel = () =>
    parse(readFileSync(new URL("../../examples/tnt/duel.yaml", import.meta.url), "utf8")) as Record<
      string,
      unknown
    >;
  const tntTask = (registry: string, rulesetModule: string | undefined) => ({
    registry,
    rulesetModule,
    file: tntDuel() as import("../engine/json.js").JsonObject,
    source: "examples/tnt/duel.yaml",
    seed: 1,
    from: 0,
    to: 1,
    maxRounds: 500,
  });

  it("play a shipped ruleset on 2 threads with the same results as on 1", async () => {
    const definition = built.encounterFile.parseEncounterFile(
      tntDuel(),
      built.rulesets.rulesets,
      "examples/tnt/duel.yaml",
    );
    const job = { definition, seed: 5, runs: 6_000 };
    const one = await built.runner.runSimulation({ ...job, workers: 1 });
    const two = await built.runner.runSimulation({ ...job, pool });
    expect(two.timing.workers).toBe(2);
    expect(two.aggregate).toEqual(one.aggregate);
  });

  it("load a shipped ruleset from its own module, without the registry", async () => {
    const { DEFAULT_REGISTRY, rulesetModuleOf, taskFight } = built.batchTask;
    const own = rulesetModuleOf(DEFAULT_REGISTRY, "tnt");
    expect(own).toBe(pathToFileURL(`${out}/rulesets/tnt/index.js`).href);
    // An unreadable registry: the definition can only have come from the ruleset's module.
    const { definition } = await taskFight(
      tntTask(`${pathToFileURL(out).href}/no-registry.js`, own),
    );
    expect(definition.ruleset).toBe(built.rulesets.rulesets["tnt"]);
  });

  it("fall back to the registry when the ruleset's module is missing or does not export it", async () => {
    const { DEFAULT_REGISTRY, taskFight } = built.batchTask;
    for (const module of [
      pathToFileURL(`${out}/rulesets/tnt/state.js`).href,
      pathToFileURL(`${out}/rulesets/no-such-ruleset/index.js`).href,
    ]) {
      const { definition } = await taskFight(tntTask(DEFAULT_REGISTRY, module));
      expect(definition.ruleset).toBe(built.rulesets.rulesets["tnt"]);
    }
    expect(built.batchTask.rulesetModuleOf(`${pathToFileURL(out).href}/other.js`, "tnt")).toBe(
      undefined,
    );
  });
});
