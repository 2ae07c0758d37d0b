// The worker-thread entry of the simulation pool (piscina loads the built `dist/sim/worker.js`):
// plays one batch of runs (from the encounter's start, or from the position of its task's answers)
// and returns its aggregate, which merges exactly with the others.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { FightAggregate } from "./aggregate.js";
import { taskFight, type BatchTask } from "./batch-task.js";
import { runBatch } from "./run-batch.js";

export default async function runTask(task: BatchTask): Promise<FightAggregate> {
  const { definition, position } = await taskFight(task);
  // A worker holds two batches at once (runner.ts). Both tasks arrive together and their
  // handlers resume as microtasks, so without this turn the second batch would be played before
  // piscina posts the first one's result: results came back in pairs and the worker then waited,
  // idle, for the main thread to hand out two more (about a quarter of its time on 2 cores,
  // bench/sim.js). Playing each batch in a turn of its own lets the first result go out at once.
  await nextTurn();
  return runBatch(definition, task, position);
}
