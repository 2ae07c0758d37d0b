// One timing of exact odds as the first computation in a fresh process, after import:
// `node bench/first-call.js "<expression>" ["<versus expression>"]` prints {"ms": ...}.
import process from "node:process";
import { performance } from "node:perf_hooks";
import { odds } from "../dist/index.js";

const [expression, versus] = process.argv.slice(2);
const start = performance.now();
const dist = odds(expression);
const result = versus === undefined ? dist.mean() : dist.compare(odds(versus)).win;
const ms = performance.now() - start;
process.stdout.write(`${JSON.stringify({ ms, result })}\n`);
