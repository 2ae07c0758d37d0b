// One `fray sim` in a fresh process, accounted (bench/accounting.js): the CLI's own sim command
// (`sim()` of dist/cli/commands/sim.js, what `fray sim <file> --json` runs, after its modules
// are loaded) with the time it took. Prints the command's JSON, then one line
// `ACCOUNTING {...}` (with the process's peak resident memory, every thread's, in MB, and, when
// node runs with --expose-gc, this thread's heap after a full collection with the result still
// held, in MB). Used by bench/sim.js:
// `node bench/sim-child.js <encounter> <runs> <workers>`.
import process from "node:process";
import { accounted } from "./accounting.js";

const { sim } = await import("../dist/cli/commands/sim.js");
const [path, runs, workers] = process.argv.slice(2);
const { value, ...spent } = await accounted(() =>
  sim(path, { runs, workers, seed: "1", json: true }),
);
globalThis.gc?.();
const heldHeapMb = process.memoryUsage().heapUsed / 2 ** 20;
process.stdout.write(
  `ACCOUNTING ${JSON.stringify({
    ...spent,
    runs: value.summary.runs,
    timing: value.timing,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    heldHeapMb,
  })}\n`,
);
