// Whether this run can drive the console's browser tests (test/browser): they need Debian's
// Chromium, its headless shell at /usr/bin/chromium-headless-shell (what CI installs) or else the
// full browser at /usr/bin/chromium. Without either they are left out of a local run, and the
// summary says how to install it; in CI (CI=true) they always run, so a missing Chromium fails
// them.
//
// The headless shell first: the full browser opens each new page with the browser's own user
// interface behind it (a renderer loading the omnibox's web pages, some 400 of its scripts), which
// made Chromium's processes cost about three times the CPU of the same page loads in the shell
// (docs/benchmarks.md, "The test suite"); the full browser runs the same tests, slower.
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";

/** The Chromium the browser tests drive: the headless shell where it is installed. */
export const CHROMIUM =
  existsSync(HEADLESS_SHELL) || !existsSync(FULL_BROWSER) ? HEADLESS_SHELL : FULL_BROWSER;

/** Why the browser tests are left out of this run, or null when they run. */
export function browserTestsLeftOut(): string | null {
  if (process.env.CI === "true" || existsSync(CHROMIUM)) return null;
  return (
    `the console's browser tests (test/browser) did not run: there is no Chromium at ${HEADLESS_SHELL} or ${FULL_BROWSER}; ` +
    "install it with `sudo apt-get install chromium-headless-shell` (Debian, Ubuntu) and run npm test again"
  );
}
