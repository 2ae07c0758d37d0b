// Prints one closing line, "tests: N passed, N failed, N skipped", after vitest's own report,
// so CI and people read the same count, and the slowest test files before it (where the suite's
// time goes, for docs/benchmarks.md's "The test suite"); says when the browser tests were left out (no Chromium,
// test/browser-tests.ts). In CI (CI=true) a skipped test fails the run: CI runs everything.
import type { Reporter, TestModule } from "vitest/node";
import { browserTestsLeftOut } from "./browser-tests.js";

/** How many of the slowest test files are listed. */
const SLOWEST = 8;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failedHere += 1;
        else skipped += 1;
      }
      // A file that failed outside its tests (an import, a beforeAll) counts once.
      failed += module.state() === "failed" && failedHere === 0 ? 1 : failedHere;
    }
    const slowest = testModules
      .map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    process.stdout.write(
      `\nslowest test files (their tests and hooks):\n${slowest
        .map((s) => `  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.file}`)
        .join("\n")}\n`,
    );
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    const leftOut = browserTestsLeftOut();
    if (leftOut !== null) process.stdout.write(`note: ${leftOut}\n`);
    if (process.env.CI === "true" && skipped > 0) {
      process.stdout.write(`CI runs every test; skipped: ${skipped}, so the run fails\n`);
      process.exitCode = 1;
    }
  }
}
