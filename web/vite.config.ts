// The console's build (`npm run build` runs `vite build web` after tsc): web/ -> web/dist, which
// `fray serve` serves at `/`. `npx vite web` serves it with hot reload, sending the API's
// requests to a `fray serve` on port 4000. The build measures the JavaScript of the first load
// (the entry chunk and what it imports statically, gzip) and fails past its budget, and writes each
// text file compressed beside it for the server to send.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const API = "http://127.0.0.1:4000";
const apiPaths = ["/encounters", "/rulesets", "/simulations", "/exchange-odds", "/openapi.json"];

/** Most JavaScript the first load may fetch, gzip (issue #12; docs/benchmarks.md). */
const FIRST_LOAD_BUDGET_KB = 150;

function firstLoadBudget(): Plugin {
  return {
    name: "fray-first-load-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [c] : []));
      const loaded = new Set<string>();
      const visit = (name: string) => {
        if (loaded.has(name)) return;
        loaded.add(name);
        for (const imported of bundle[name]?.type === "chunk" ? bundle[name].imports : [])
          visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      const bytes = [...loaded].reduce((sum, name) => {
        const chunk = bundle[name];
        return sum + (chunk?.type === "chunk" ? gzipSync(chunk.code).length : 0);
      }, 0);
      const kb = bytes / 1024;
      const lazy = chunks.filter((c) => !loaded.has(c.fileName)).map((c) => c.fileName);
      this.info(
        `first load: ${kb.toFixed(1)} KiB of JavaScript gzip (budget ${FIRST_LOAD_BUDGET_KB} KiB); loaded later: ${lazy.join(", ")}`,
      );
      if (kb > FIRST_LOAD_BUDGET_KB) {
        this.error(
          `the first load is ${kb.toFixed(1)} KiB gzip, past its ${FIRST_LOAD_BUDGET_KB} KiB budget`,
        );
      }
    },
  };
}

/** The files worth compressing: text, over a kilobyte. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli's quality for the console's files: 10 makes them 2% larger than its best (11: 364 KB
 * against 357 KB for every script and style) in under half the time (1.0 s against 2.3 s of CPU
 * on this machine), which kept every build past Rolldown's three seconds and its PLUGIN_TIMINGS
 * warning on `npm install`.
 */
const BROTLI_QUALITY = 10;

/**
 * Each text file of the build over a kilobyte written beside it in brotli (`.br`) and gzip
 * (`.gz`), which `fray serve` sends to a browser that accepts them
 * (src/server/console-routes.ts): made once here, never on the server's one thread; the files
 * compressed at once on libuv's threads.
 */
function precompressed(): Plugin {
  return {
    name: "fray-precompressed",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY };
      const compress = async (fileName: string) => {
        const path = join(dir, fileName);
        const source = await readFile(path);
        if (source.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(source, { params }),
          gzipped(source, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      };
      await Promise.all(
        Object.keys(bundle)
          .filter((f) => COMPRESSIBLE.test(f))
          .map(compress),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), firstLoadBudget(), precompressed()],
  // Relative asset paths: the console works wherever it is mounted.
  base: "./",
  // The chart chunk (Vega, about 800 kB) loads only when a simulation is drawn.
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy: Object.fromEntries(apiPaths.map((path) => [path, API])) },
});
