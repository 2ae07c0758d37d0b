// Whether this run can drive the console's browser tests (test/browser): they need Debian's
// Chromium at /usr/bin/chromium. Without it they are left out of a local run, and the summary
// says how to install it; in CI (CI=true) they always run, so a missing Chromium fails them.
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

/** Why the browser tests are left out of this run, or null when they run. */
export function browserTestsLeftOut(): string | null {
  if (process.env.CI === "true" || existsSync(CHROMIUM)) return null;
  return (
    `the console's browser tests (test/browser) did not run: there is no Chromium at ${CHROMIUM}; ` +
    "install it with `sudo apt-get install chromium` (Debian, Ubuntu) and run npm test again"
  );
}
