// A vitest global setup: builds the project's TypeScript to JavaScript once for the whole test
// run, for the tests of code that runs on worker threads (a worker thread cannot load
// TypeScript). Each module's types are stripped by Vite's Oxc transform, one file at a time, in
// a few seconds; tsc took half a minute of one core for the same, and vitest starts no test
// before every global setup is done. Types are the typecheck's job (`npm run typecheck`).
// Vitest calls it only when a test of the "built" project (vitest.config.ts) is to run, before any
// test starts, so no test waits for a build or races one. The build goes inside the repository
// (node_modules/.cache) so that the built modules find node_modules.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { transformWithOxc } from "vite";
import type { TestProject } from "vitest/node";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** src/'s modules as JavaScript under `out` (src/ mapped onto it), tests left out. */
async function build(out: string): Promise<void> {
  await rm(out, { recursive: true, force: true });
  const modules = (await readdir(`${root}src`, { recursive: true, encoding: "utf8" })).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
  );
  await Promise.all(
    modules.map(async (f) => {
      const source = `${root}src/${f}`;
      const { code } = await transformWithOxc(await readFile(source, "utf8"), source, {
        lang: "ts",
        target: "es2022",
      });
      const built = `${out}/${f.slice(0, -".ts".length)}.js`;
      await mkdir(dirname(built), { recursive: true });
      await writeFile(built, code);
    }),
  );
}

/**
 * The run's build, made once: the projects that use it ("built" and "package", vitest.config.ts)
 * each call this setup, in vitest's main process, one after the other before any test starts.
 */
const RUN_BUILD = Symbol.for("fray-test-build");
type WithBuild = typeof globalThis & { [RUN_BUILD]?: Promise<void> };

export default async function setup(project: TestProject): Promise<void> {
  const out = `${root}node_modules/.cache/fray-test-build`;
  await ((globalThis as WithBuild)[RUN_BUILD] ??= build(out));
  project.provide("tscBuild", out);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the JavaScript build of src/ (src/ mapped onto it). */
    tscBuild: string;
  }
}
