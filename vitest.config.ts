import { configDefaults, defineConfig } from "vitest/config";
import { browserTestsLeftOut } from "./test/browser-tests.js";

/** Tests of code that runs on worker threads, from a tsc build made once for the whole run. */
const BUILT = ["src/server/advisor.test.ts", "src/sim/workers.test.ts"];

/** The console's browser tests, left out of a local run without Chromium (never in CI). */
const BROWSER = browserTestsLeftOut() === null ? [] : ["test/browser/**"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    setupFiles: ["./test/fast-check-seed.ts"],
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...BUILT, ...BROWSER],
        },
      },
      {
        extends: true,
        test: {
          name: "built",
          include: BUILT,
          // Whole advice enumerations on worker threads: on a busy machine (CI shares its cores)
          // one took over a minute, and no test hangs for three.
          testTimeout: 180_000,
          globalSetup: ["./src/test-support/tsc-build-setup.ts"],
        },
      },
    ],
  },
});
