import { availableParallelism } from "node:os";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { browserTestsLeftOut } from "./test/browser-tests.js";
import LongFilesFirst from "./test/long-files-first.js";

/**
 * Tests of code that runs on worker threads, in child processes or outside Fray's sources (a
 * ruleset in a package of its own), from a JavaScript build made once for the whole run
 * (src/test-support/tsc-build-setup.ts).
 */
const BUILT = [
  "src/server/durability.test.ts",
  "src/server/job-runner.test.ts",
  "src/server/fight-odds-jobs.test.ts",
  "src/sim/workers.test.ts",
  "src/cli/commands/encounter-odds-worker.test.ts",
  "examples/ruleset-package/conformance.test.js",
];

/**
 * A built test that leaves the build's modules changed for the files after it in a fork: it loads
 * a ruleset package (from a folder it removes after itself) into the build's registry of
 * rulesets, which every later server's job threads would be told to load. A fork of its own.
 */
const BUILT_ALONE = ["test/ruleset-package.test.ts"];

/**
 * Tests that replace modules (`vi.mock`, only in files named so: eslint.config.js refuses it
 * elsewhere): each file with a module registry of its own.
 */
const ISOLATED = ["**/*.isolated.test.ts"];

/** Where that build goes, and `fray/...` as a ruleset package imports it, from that build. */
const TSC_BUILD = fileURLToPath(new URL("./node_modules/.cache/fray-test-build/", import.meta.url));
const FRAY_EXPORTS = {
  "fray/ruleset": `${TSC_BUILD}ruleset.js`,
  "fray/rulesets": `${TSC_BUILD}rulesets/index.js`,
  "fray/testing": `${TSC_BUILD}testing.js`,
};

/**
 * The console's browser tests: each test/browser/*.suite.ts a test file with its own server
 * (test/browser/each-file.ts), so that they run side by side, the files of a fork on one
 * Chromium; left out of a local run without Chromium (never in CI).
 */
const BROWSER = ["test/browser/*.suite.ts"];

/** Whether the command line asks vitest for a shuffled order of the files or tests. */
const SHUFFLED = process.argv.some((arg) => arg.startsWith("--sequence.shuffle"));
const browserTestsRun = browserTestsLeftOut() === null;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A fork per core: vitest's default leaves one core to its main process, which on a 2-core
    // machine ran every test file one after another while the main process mostly waited.
    maxWorkers: availableParallelism(),
    setupFiles: ["./test/fast-check-seed.ts"],
    // The files known to be long first in their project, also where vitest has no durations of
    // a last run (a fresh clone: CI) and would start them last (test/long-files-first.ts). Not
    // when a shuffled order is asked for (`--sequence.shuffle.files`): a sequencer set here would
    // take the place of vitest's shuffle.
    sequence: SHUFFLED ? {} : { sequencer: LongFilesFirst },
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...BUILT, ...BUILT_ALONE, ...BROWSER, ...ISOLATED],
          // The files of a fork share its modules: each module is imported once per fork, not
          // once per file. Importing src/ again for each of ~190 files was more than half of the
          // unit tests' CPU (docs/benchmarks.md, "The test suite"). Environment variables a test
          // stubs are restored after it.
          isolate: false,
          unstubEnvs: true,
        },
      },
      {
        extends: true,
        test: { name: "isolated", include: ISOLATED },
      },
      // The longest files of the run (the browser tests, a minute or more each): a project of
      // their own, since vitest starts the projects' files in the order of their names
      // ("browser" first), so that they start at once instead of last (a fresh clone has no
      // durations).
      ...(browserTestsRun
        ? [
            {
              extends: true as const,
              test: {
                name: "browser",
                include: BROWSER,
                // A page's answer to a click or a key is waited for by polling: on a busy machine
                // (load 15 and more while engineers share it) a redraw can take longer than
                // vitest's default second. A poll that holds returns at once; this only moves
                // how long a failing one waits before it says so.
                expect: { poll: { timeout: 15_000 } },
                // A test of three pages (players.suite's GM and two phones) took 44 s at load
                // 20 and 60.2 s, vitest's default, at load 19 to 27 with two CPU burners beside
                // it: stopped by the timeout, no check or poll of it failed (docs/benchmarks.md,
                // "The test suite"). As the poll's, this only moves how long a hung test waits.
                testTimeout: 180_000,
                setupFiles: ["./test/browser/each-file.ts"],
                // As the unit tests: the files of a fork share its modules (the server's, imported
                // once per fork, not once per file) and its Chromium (test/browser/support.ts).
                isolate: false,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: "built",
          include: BUILT,
          alias: FRAY_EXPORTS,
          // Whole advice enumerations on worker threads and CLI processes: on a busy machine
          // (CI shares its cores) they took over a minute, and no test hangs for three.
          testTimeout: 180_000,
          globalSetup: ["./src/test-support/tsc-build-setup.ts"],
          // As the unit tests: a fork's files share its modules (the sources and the build
          // imported once per fork, not once per file).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "package",
          include: BUILT_ALONE,
          alias: FRAY_EXPORTS,
          testTimeout: 180_000,
          // The same build as the "built" project's, made once for both.
          globalSetup: ["./src/test-support/tsc-build-setup.ts"],
        },
      },
    ],
  },
});
