// A pool worker for src/sim/workers.test.ts whose modules take a while to load (as a worker that
// imports a ruleset does): it says on the channel `SLOW_START` when they have, and answers each
// task with the task itself.
import { setTimeout as sleep } from "node:timers/promises";
import { BroadcastChannel, threadId } from "node:worker_threads";

export const SLOW_START = "fray slow-start worker";

await sleep(200);
const channel = new BroadcastChannel(SLOW_START);
channel.postMessage(threadId);
channel.close();

export default function echo(task: unknown): unknown {
  return task;
}
