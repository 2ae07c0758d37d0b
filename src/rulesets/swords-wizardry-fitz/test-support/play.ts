// Test helpers: load the ruleset's example files, build small encounters, and play an encounter
// with scripted answers the way a table does; the helpers and the scripted play itself are the
// engine's (engine/test-support/scripted.ts).
import { rulesetKit } from "../../../engine/test-support/scripted.js";
import { swordsWizardryFitz } from "../index.js";

export { pending, play, texts } from "../../../engine/test-support/scripted.js";

/**
 * `skirmish`: `party` on side "party" at 0 ft, `foes` on side "foes" at `distance` (5 ft); a
 * combatant without hit dice is a level 1 character.
 */
export const { examplePath, loadEncounter, loadExchange, encounterFrom, stateOf, who, skirmish } =
  rulesetKit(swordsWizardryFitz, {
    options: { surprise: "none", distance: 5 },
    stats: (c) => ({ ...("hitDice" in c ? {} : { level: 1 }), hitPoints: 8 }),
  });
