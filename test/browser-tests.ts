// Whether this run can drive the console's browser tests (test/browser): they need Debian's
// Chromium headless shell at /usr/bin/chromium-headless-shell. Without it they are left out of a
// local run, and the summary says how to install it; in CI (CI=true) they always run, so a
// missing Chromium fails them.
//
// The headless shell, not the full browser in its headless mode: the full browser opens each new
// page with the browser's own user interface behind it (a renderer loading the omnibox's web
// pages, some 400 of its scripts), which made Chromium's processes cost about three times the
// CPU of the same page loads in the shell (docs/benchmarks.md, "The test suite").
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium-headless-shell";

/** Why the browser tests are left out of this run, or null when they run. */
export function browserTestsLeftOut(): string | null {
  if (process.env.CI === "true" || existsSync(CHROMIUM)) return null;
  return (
    `the console's browser tests (test/browser) did not run: there is no Chromium at ${CHROMIUM}; ` +
    "install it with `sudo apt-get install chromium-headless-shell` (Debian, Ubuntu) and run npm test again"
  );
}
