// One timing of exact odds as the first computation in a fresh process, after import:
// `node bench/first-call.js "<expression>" ["<versus expression>"]` prints
// {"importMs": ..., "ms": ..., "result": ...}. The import is timed too (a dynamic import, so that
// it can be), so that work moved from the first call into import shows up in `importMs`.
import process from "node:process";
import { performance } from "node:perf_hooks";

const [expression, versus] = process.argv.slice(2);
const imported = performance.now();
const { odds } = await import("../dist/index.js");
const importMs = performance.now() - imported;
const start = performance.now();
const dist = odds(expression);
const result = versus === undefined ? dist.mean() : dist.compare(odds(versus)).win;
const ms = performance.now() - start;
process.stdout.write(`${JSON.stringify({ importMs, ms, result })}\n`);
