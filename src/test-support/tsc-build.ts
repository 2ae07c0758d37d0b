// The project's TypeScript built with tsc, for tests of code that runs on worker threads (a worker
// thread cannot load TypeScript). Each test file builds into a folder of its own, so that files
// run at the same time never write over each other's build; the folders are inside the
// repository (node_modules/.cache) so that the built modules find node_modules.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface TscBuild {
  /** The folder the build is in (src/ mapped onto it). */
  readonly out: string;
  /** The file URL of a built module, by its path under src/ with a .js ending. */
  url(path: string): string;
  /** A built module, imported. */
  load<T>(path: string): Promise<T>;
}

/** Builds src/ into node_modules/.cache/<name>; fails unless `expect` (under src/, .js) is built. */
export function tscBuild(name: string, expect: string): TscBuild {
  const out = `${root}node_modules/.cache/${name}`;
  rmSync(out, { recursive: true, force: true });
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  const args = ["-p", `${root}tsconfig.json`, "--outDir", out, "--sourceMap", "false"];
  try {
    execFileSync(process.execPath, [tsc, ...args, "--declaration", "false"], { stdio: "pipe" });
  } catch {
    // Type errors elsewhere in the tree still emit JavaScript; only a missing file is fatal.
  }
  if (!existsSync(`${out}/${expect}`)) throw new Error(`tsc did not build ${out}/${expect}`);
  const url = (path: string) => pathToFileURL(`${out}/${path}`).href;
  return { out, url, load: <T>(path: string) => import(url(path)) as Promise<T> };
}
