// A vitest global setup: builds the project's TypeScript with tsc once for the whole test run,
// for the tests of code that runs on worker threads (a worker thread cannot load TypeScript).
// Vitest calls it only when a test of the "built" project (vitest.config.ts) is to run, before any
// test starts, so no test waits for a build or races one. The build goes inside the repository
// (node_modules/.cache) so that the built modules find node_modules.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

const root = fileURLToPath(new URL("../../", import.meta.url));

export default function setup(project: TestProject): void {
  const out = `${root}node_modules/.cache/fray-test-build`;
  rmSync(out, { recursive: true, force: true });
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  const args = ["-p", `${root}tsconfig.json`, "--outDir", out];
  try {
    execFileSync(
      process.execPath,
      [tsc, ...args, "--sourceMap", "false", "--declaration", "false"],
      {
        stdio: "pipe",
      },
    );
  } catch {
    // Type errors elsewhere in the tree still emit JavaScript (the typecheck reports them); a
    // test that needs a module the build lacks says so (tsc-build.ts).
  }
  project.provide("tscBuild", out);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the tsc build of src/ (src/ mapped onto it). */
    tscBuild: string;
  }
}
