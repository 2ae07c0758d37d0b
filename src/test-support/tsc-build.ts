// The project's TypeScript built to JavaScript, for tests of code that runs on worker threads (a
// worker thread cannot load TypeScript). It is built once for the whole test run, before any test starts
// (tsc-build-setup.ts, the global setup of the "built" project in vitest.config.ts): a test file
// that needs it is listed there.
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";

export interface TscBuild {
  /** The folder the build is in (src/ mapped onto it). */
  readonly out: string;
  /** The file URL of a built module, by its path under src/ with a .js ending. */
  url(path: string): string;
  /** A built module, imported. */
  load<T>(path: string): Promise<T>;
}

/** The build of src/; fails unless `expect` (under src/, .js) is built. */
export function tscBuild(expect: string): TscBuild {
  const out = inject("tscBuild");
  if (out === undefined)
    throw new Error('no tsc build: list this test file in the "built" project of vitest.config.ts');
  if (!existsSync(`${out}/${expect}`)) throw new Error(`the build has no ${out}/${expect}`);
  const url = (path: string) => pathToFileURL(`${out}/${path}`).href;
  return { out, url, load: <T>(path: string) => import(url(path)) as Promise<T> };
}
