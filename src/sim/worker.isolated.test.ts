// A worker posts each batch's result as soon as that batch is played, even with a second batch
// waiting: the runner keeps two in flight per worker so that it never idles (runner.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BatchTask } from "./batch-task.js";

const events: string[] = [];

vi.mock("./batch-task.js", () => ({
  taskFight: () => Promise.resolve({ definition: {}, position: undefined }),
}));
vi.mock("./run-batch.js", () => ({
  runBatch: (_def: unknown, task: BatchTask) => {
    events.push(`play ${task.from}`);
    return { runs: task.to - task.from };
  },
}));

const task = (from: number) => ({ from, to: from + 10 }) as BatchTask;

describe("runTask", () => {
  afterEach(() => {
    events.length = 0;
  });

  it("settles a batch before it plays the next one it holds", async () => {
    const { default: runTask } = await import("./worker.js");
    // As piscina delivers them: both tasks in the same turn.
    const done = [task(0), task(10)].map((t) =>
      runTask(t).then((agg) => events.push(`result ${t.from}: ${agg.runs} runs`)),
    );
    await Promise.all(done);
    expect(events).toEqual(["play 0", "result 0: 10 runs", "play 10", "result 10: 10 runs"]);
  });
});
