// The worker-thread entry of the simulation pool (piscina loads the built `dist/sim/worker.js`):
// plays one batch of runs and returns its aggregate, which merges exactly with the others.
import type { FightAggregate } from "./aggregate.js";
import { taskDefinition, type BatchTask } from "./batch-task.js";
import { runBatch } from "./run-batch.js";

export default async function runTask(task: BatchTask): Promise<FightAggregate> {
  return runBatch(await taskDefinition(task), task);
}
