// Helpers for a ruleset's `setup`: ids for the items a combatant carries, the checks that encounter
// options name only sides and combatants that exist, building each encounter's state once, and
// the two sides of an exchange.
import { InputError } from "./input-error.js";
import type { CombatantSpec, EncounterSetup } from "./ruleset.js";

/**
 * An id from `base` ("Long Sword" gives "long-sword", or `fallback` when nothing is left of it),
 * made unique among `taken` with "-2", "-3" ..., and added to `taken`.
 */
export function uniqueId(base: string, taken: Set<string>, fallback: string): string {
  const slug =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || fallback;
  let id = slug;
  for (let n = 2; taken.has(id); n += 1) id = `${slug}-${n}`;
  taken.add(id);
  return id;
}

/** Fails, naming the option, when a list of ids in the encounter's options names no combatant. */
export function checkCombatantIds(
  ids: ReadonlySet<string>,
  lists: readonly (readonly [key: string, ids: readonly string[]])[],
): void {
  for (const [key, list] of lists) {
    for (const id of list) {
      if (!ids.has(id)) {
        throw new InputError(
          `options.${key}: unknown combatant "${id}"; combatants: ${[...ids].join(", ")}`,
          `options.${key}`,
        );
      }
    }
  }
}

/**
 * The party's side: `given` (the encounter option `party`), or else the encounter's first side.
 * Fails, naming options.party, when it is no side of the encounter.
 */
export function partySide(e: EncounterSetup, given: string | undefined): string {
  const side = given ?? e.sides[0]?.id ?? e.combatants[0]!.side;
  if (!e.sides.some((s) => s.id === side) && !e.combatants.some((c) => c.side === side)) {
    throw new InputError(
      `options.party: unknown side "${side}"; sides: ${e.sides.map((s) => s.id).join(", ")}`,
      "options.party",
    );
  }
  return side;
}

/**
 * A `setup` that builds each encounter's state once and hands out a copy of it every time:
 * simulation calls `setup` once for every fight it plays.
 */
export function buildOnce<S>(
  build: (e: EncounterSetup) => S,
  copy: (state: S) => S,
): (e: EncounterSetup) => S {
  const built = new WeakMap<EncounterSetup, S>();
  return (e) => {
    let template = built.get(e);
    if (template === undefined) {
      template = build(e);
      built.set(e, template);
    }
    return copy(template);
  };
}

/** An exchange's defender, on a side of its own ("<side>-foe") when the file puts both on one. */
export function opposingDefender(attacker: CombatantSpec, defender: CombatantSpec): CombatantSpec {
  return defender.side === attacker.side ? { ...defender, side: `${defender.side}-foe` } : defender;
}
