// The worker-thread entry of `fray odds <encounter>` (encounter-odds.ts starts the built
// `encounter-odds-worker.js`): works the odds out off the main thread, posts its progress lines,
// stops when the flag shared with the main thread is set (Ctrl-C), and posts the result or the
// error, a FrayError as its parts for the main thread to throw again.
import { parentPort, workerData } from "node:worker_threads";
import { FrayError } from "../../core/errors.js";
import { workOutOdds, type OddsWorkerData, type OddsWorkerMessage } from "./encounter-odds.js";

const data = workerData as OddsWorkerData;
const stop = new Int32Array(data.stop);
const post = (message: OddsWorkerMessage) => parentPort!.postMessage(message);

try {
  if (data.modules.length > 0) {
    const { loadRulesetModule } = await import("../../app/rulesets.js");
    for (const url of data.modules) await loadRulesetModule(url);
  }
  const worked = await workOutOdds(data.path, data.content, data.options, {
    show: (text) => post({ kind: "progress", text }),
    stopped: () => Atomics.load(stop, 0) === 1,
  });
  post({ kind: "done", worked });
} catch (error) {
  post(
    error instanceof FrayError
      ? { kind: "fray-error", message: error.message, where: error.where, hint: error.hint }
      : error instanceof Error
        ? { kind: "error", message: error.message, stack: error.stack }
        : { kind: "error", message: String(error), stack: undefined },
  );
}
