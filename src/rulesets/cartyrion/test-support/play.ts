// Test helpers: this ruleset's example files and states, and small encounters to play; the
// scripted play itself is the engine's (engine/test-support/scripted.ts).
import type { Encounter } from "../../../engine/encounter.js";
import type { EncounterDefinition } from "../../../engine/encounter-file.js";
import type { Json } from "../../../engine/json.js";
import { exampleFiles } from "../../../engine/test-support/scripted.js";
import { cartyrion } from "../index.js";
import type { CartyrionState, CombatantState } from "../state.js";

export { answer, pending, play, texts } from "../../../engine/test-support/scripted.js";
export const registry = { cartyrion } as const;

export const { examplePath, loadEncounter, loadExchange, encounterFrom } = exampleFiles(
  registry,
  "cartyrion",
);

export function stateOf(e: Encounter): CartyrionState {
  return e.state as CartyrionState;
}

export function who(e: Encounter | CartyrionState, id: string): CombatantState {
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
    ruleset: "cartyrion",
    sides: [{ id: "party" }, { id: "foes" }],
    options: { start: "expected", distance: 5, ...options },
    switches,
    combatants: [
      ...party.map((c) => ({ side: "party", level: 1, stamina: 10, ...c })),
      ...foes.map((c) => ({ side: "foes", level: 1, stamina: 10, ...c })),
    ],
  });
}
