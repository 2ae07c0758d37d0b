// Test helpers: this ruleset's example files and states, and small encounters to play; the
// helpers and the scripted play itself are the engine's (engine/test-support/scripted.ts).
import { rulesetKit } from "../../../engine/test-support/scripted.js";
import { cartyrion } from "../index.js";

export { pending, play, texts } from "../../../engine/test-support/scripted.js";

/** `skirmish`: `party` on side "party" at 0 ft, `foes` on side "foes" at `distance` (5 ft). */
export const {
  registry,
  examplePath,
  loadEncounter,
  loadExchange,
  encounterFrom,
  stateOf,
  who,
  skirmish,
} = rulesetKit(cartyrion, {
  options: { start: "expected", distance: 5 },
  stats: () => ({ level: 1, stamina: 10 }),
});
