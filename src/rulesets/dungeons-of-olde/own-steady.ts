// A combatant's steady part (state.ts `CombatantSteady`), copied only when a rule changes one of
// its fields: the copies of a state share it (setup.ts `copySharingSteady`), so every such change
// goes through `ownSteady` first.
import type { CombatantState, CombatantSteady } from "./state.js";

/** A steady part whose fields a rule may set: only ever one `ownSteady` returned. */
export type OwnSteady = { -readonly [K in keyof CombatantSteady]: CombatantSteady[K] };

/**
 * A copy of `s`, its fields written out in their declared order, so that every steady part has
 * one shape (copies and interning stay on V8's fast paths); the sheet and weapons are shared.
 */
export function copySteady(s: CombatantSteady): OwnSteady {
  return {
    sheet: s.sheet,
    bleeding: s.bleeding,
    weapons: s.weapons,
    hand: s.hand,
    stunned: s.stunned,
    blind: s.blind,
    lame: s.lame,
    blocking: s.blocking,
    withdrawing: s.withdrawing,
    surprised: s.surprised,
    removed: s.removed,
  };
}

/**
 * `c`'s steady part made its own (a fresh copy, set on `c`) and returned: set a field of it only
 * through what this returns, and read `c.steady` afresh after it, for a part taken from `c`
 * before is the shared one.
 */
export function ownSteady(c: CombatantState): OwnSteady {
  const own = copySteady(c.steady);
  c.steady = own;
  return own;
}
