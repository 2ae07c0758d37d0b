// Each browser test file (test/browser/*.suite.ts) starts its own server, on a port the system
// gives and a new SQLite file, and stops it after its last test; the files of a fork share its
// Chromium (support.ts). Vitest runs the files side by side, a fork per core (vitest.config.ts's
// "browser" project).
import { afterAll, beforeAll } from "vitest";
import { startConsole, stopConsole } from "./support.js";

beforeAll(startConsole);
afterAll(stopConsole);
