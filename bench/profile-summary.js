// A V8 CPU profile (`node --cpu-prof`) summed by self time: the top functions and each module's
// share, to see where a run's CPU goes. `node bench/profile-summary.js <file.cpuprofile> [top]`
// prints the samples' total, the `top` functions by self time (default 30: name, file:line, ms)
// and the self time by module (a file under dist/ or node_modules/<package>, node's internals,
// the collector, the program's idle time).
import { readFileSync } from "node:fs";
import process from "node:process";

const [file, topText = "30"] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write("usage: node bench/profile-summary.js <file.cpuprofile> [top]\n");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  // A sample's time is the delta to the next one (V8's own reading of the profile).
  const dt = deltas[i + 1] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
});

/** The module a call frame belongs to: the file under dist/, a package, or V8's own. */
function moduleOf(frame) {
  const url = frame.url;
  if (url === "") {
    if (frame.functionName === "(garbage collector)") return "(collector)";
    if (frame.functionName === "(idle)" || frame.functionName === "(program)")
      return frame.functionName;
    return "(native)";
  }
  if (url.startsWith("node:")) return "(node internals)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg !== null) return `package ${pkg[1]}`;
  const dist = /\/dist\/(.*)$/.exec(url);
  return dist !== null ? dist[1] : url;
}

const functions = new Map();
const modules = new Map();
let total = 0;
for (const [id, us] of self) {
  const frame = byId.get(id).callFrame;
  const mod = moduleOf(frame);
  const key = `${frame.functionName || "(anonymous)"} ${mod}:${frame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  modules.set(mod, (modules.get(mod) ?? 0) + us);
  total += us;
}
const ms = (us) => (us / 1000).toFixed(1).padStart(8);
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
process.stdout.write(
  `${file}: ${(total / 1000).toFixed(0)} ms of samples\n\nby function (self):\n`,
);
for (const [key, us] of top(functions, Number(topText)))
  process.stdout.write(`${ms(us)} ms  ${key}\n`);
process.stdout.write(`\nby module (self):\n`);
for (const [mod, us] of top(modules, 40)) process.stdout.write(`${ms(us)} ms  ${mod}\n`);
