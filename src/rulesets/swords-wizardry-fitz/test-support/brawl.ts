// The short brawl of the resumable points' checks (procedures/spent*.test.ts): two first-level
// fighters toe to toe, small enough to enumerate every path of a round.
import { parseEncounterFile } from "../../../engine/encounter-file.js";
import { swordsWizardryFitz } from "../index.js";
import type { Fighter, SwState } from "../state.js";

const fighter = { class: "fighter", level: 1, hitPoints: 3, initiativeDie: 2 };

/** Ann with a dagger against Bob with a club; by default nobody is surprised. */
export const brawlWith = (options: object = { surprise: "none" }) =>
  parseEncounterFile(
    {
      ruleset: "swords-wizardry-fitz",
      title: "a short brawl",
      options: { distance: 5, ...options },
      sides: [{ id: "west" }, { id: "east" }],
      combatants: [
        {
          id: "ann",
          name: "Ann",
          side: "west",
          ...fighter,
          armour: "leather",
          weapons: ["dagger"],
        },
        { id: "bob", name: "Bob", side: "east", ...fighter, armour: "chain", weapons: ["club"] },
      ],
    },
    { "swords-wizardry-fitz": swordsWizardryFitz },
    "test",
  );
export const brawl = brawlWith();

/** The brawl's start, changed by `change` (a later round, conditions running). */
export function brawlAt(
  change: (state: SwState, ann: Fighter, bob: Fighter) => void,
  def = brawl,
): SwState {
  const state = def.ruleset.setup(def.setup) as SwState;
  change(state, state.combatants[0]!, state.combatants[1]!);
  return state;
}

// Every path of a round of d20 attacks, twice over: 9 to 16 s of one core in CI, past vitest's
// 60 s on a machine three times as busy.
export const ENUMERATING = 180_000;
