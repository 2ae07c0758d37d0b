// The fray command of a JavaScript build (src/test-support/tsc-build.ts) run as a user runs it, in
// a node process of its own, for several command lines one after another: the CLI and its modules
// are loaded once for them all, not once per command line (a load of the build is about 2 s of a
// core: `node bin/fray.js --version`, docs/benchmarks.md, "The test suite").
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What one command line printed on standard output and standard error, and its exit code. */
export interface CliRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

/**
 * Runs the build's CLI (`mainUrl`: the file URL of its cli/main.js) once for each of `lines`, in
 * order, in one process started in `cwd`: what each printed and its exit code. The process is a
 * module file, not `node -e`: worker threads (fray odds, fray sim --workers) inherit its options,
 * and `--input-type` refuses to load their files. Whatever one command line leaves loaded (a
 * ruleset of --ruleset) the next ones find: order them so that it matters to none.
 */
export function runCliLines(
  mainUrl: string,
  lines: readonly (readonly string[])[],
  cwd?: string,
): CliRun[] {
  const launcher = join(mkdtempSync(join(tmpdir(), "fray-cli-lines-")), "fray-lines.mjs");
  writeFileSync(
    launcher,
    `const { main } = await import(${JSON.stringify(mainUrl)});
const [out, err] = [process.stdout.write, process.stderr.write];
const ran = [];
for (const given of JSON.parse(process.argv[2])) {
  let stdout = "";
  let stderr = "";
  process.stdout.write = (chunk) => ((stdout += String(chunk)), true);
  process.stderr.write = (chunk) => ((stderr += String(chunk)), true);
  const code = await main([process.argv[0], "fray", ...given]);
  [process.stdout.write, process.stderr.write] = [out, err];
  ran.push({ stdout, stderr, code });
}
process.stdout.write(JSON.stringify(ran));`,
  );
  const child = spawnSync(process.execPath, [launcher, JSON.stringify(lines)], {
    encoding: "utf8",
    ...(cwd === undefined ? {} : { cwd }),
  });
  if (child.status !== 0 || child.stderr !== "") {
    throw new Error(`the CLI's process ended with ${child.status}: ${child.stderr}`);
  }
  return JSON.parse(child.stdout) as CliRun[];
}
