// A ruleset registry holding the engine's test fixture, for tests of the simulation (workers
// import it by URL, the way they import src/rulesets/index.ts).
import { skirmish } from "../../engine/test-support/skirmish.js";
import type { Ruleset } from "../../engine/ruleset.js";

export const rulesets: Readonly<Record<string, Ruleset>> = {
  skirmish: skirmish as unknown as Ruleset,
};
