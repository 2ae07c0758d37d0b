// Where the HTTP API's advisor runs. Ranking a decision's options takes seconds of exact
// enumeration (src/engine/advice.ts); in the thread that answers requests it would hold up every
// other request meanwhile, the players' screens that poll every second among them. Run from the
// build (`fray serve`), it runs on a worker thread (piscina, advice-worker.ts), kept for a while
// after its last advice so that the next one does not load the rulesets again. Run from the
// TypeScript sources (the API's tests), where a worker thread cannot load the module, it runs in
// this thread; the thread itself is tested from a tsc build (advisor.test.ts).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import adviseTask, { type AdviceResult, type AdviceTask } from "./advice-worker.js";

export interface Advisor {
  advise(task: AdviceTask): Promise<AdviceResult>;
  close(): Promise<void>;
}

/** How long the advisor's thread waits for the next advice before it ends. */
const IDLE_MS = 5 * 60_000;

export function startAdvisor(
  workerFile: URL = new URL("./advice-worker.js", import.meta.url),
): Advisor {
  if (!existsSync(fileURLToPath(workerFile))) {
    return {
      advise: (task) => adviseTask(task),
      close: () => Promise.resolve(),
    };
  }
  const pool = new Piscina({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
  });
  return {
    advise: (task) => pool.run(task) as Promise<AdviceResult>,
    close: () => pool.destroy(),
  };
}
