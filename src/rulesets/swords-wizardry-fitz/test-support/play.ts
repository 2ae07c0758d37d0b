// Test helpers: load the ruleset's example files, and play an encounter with scripted answers the
// way a table does (a number for a roll's answer, a list for dice typed in one by one, anything
// else for a decision).
import type { Encounter } from "../../../engine/encounter.js";
import type { EncounterDefinition } from "../../../engine/encounter-file.js";
import type { Json } from "../../../engine/json.js";
import { exampleFiles } from "../../../engine/test-support/scripted.js";
import { swordsWizardryFitz } from "../index.js";
import type { Fighter, SwState } from "../state.js";

export { answer, pending, play, texts } from "../../../engine/test-support/scripted.js";
export const registry = { "swords-wizardry-fitz": swordsWizardryFitz } as const;

export const { examplePath, loadEncounter, loadExchange, encounterFrom } = exampleFiles(
  registry,
  "swords-wizardry-fitz",
);

export function stateOf(e: Encounter): SwState {
  return e.state as SwState;
}

export function who(e: Encounter | SwState, id: string): Fighter {
  const s = "combatants" in e ? e : stateOf(e);
  const c = s.combatants.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no combatant ${id}`);
  return c;
}

/** A small encounter: `party` on side "party" at 0 ft, `foes` on side "foes" at `distance`. */
export function skirmish(
  party: readonly Record<string, Json>[],
  foes: readonly Record<string, Json>[],
  options: Record<string, Json> = {},
  switches: Record<string, Json> = {},
): EncounterDefinition {
  return encounterFrom({
    ruleset: "swords-wizardry-fitz",
    sides: [{ id: "party" }, { id: "foes" }],
    options: { surprise: "none", distance: 5, ...options },
    switches,
    combatants: [
      ...party.map((c) => ({
        side: "party",
        ...("hitDice" in c ? {} : { level: 1 }),
        hitPoints: 8,
        ...c,
      })),
      ...foes.map((c) => ({
        side: "foes",
        ...("hitDice" in c ? {} : { level: 1 }),
        hitPoints: 8,
        ...c,
      })),
    ],
  });
}
