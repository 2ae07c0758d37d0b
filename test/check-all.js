// `npm test`: the typecheck, the lint and every test, started together. Run one after another,
// the typecheck and the lint (single-threaded: tsc, eslint, prettier) kept one core of two busy
// for two minutes before the first test began, with the other idle. The tests' output
// streams as it comes; the typecheck's and the lint's is printed after them, and the run fails
// when any of the three does.
import { spawn } from "node:child_process";
import console from "node:console";
import process from "node:process";

/** A command run to its end: its exit code and, unless streamed, its output. */
function run(name, args, stream) {
  const started = Date.now();
  const child = spawn("npm", ["run", "--silent", ...args], {
    stdio: stream ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  if (!stream) {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) =>
      resolve({ name, code: code ?? 1, signal, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const results = await Promise.all([
  run("typecheck", ["typecheck"], false),
  run("lint", ["lint"], false),
  run("tests", ["test:only", "--", ...process.argv.slice(2)], true),
]);
for (const r of results) {
  const how = r.code === 0 ? "passed" : `FAILED (exit ${r.signal ?? r.code})`;
  if (r.code !== 0 && r.output !== "") console.log(`\n${r.name}:\n${r.output.trimEnd()}`);
  console.log(`${r.name}: ${how} in ${r.seconds.toFixed(0)} s`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
