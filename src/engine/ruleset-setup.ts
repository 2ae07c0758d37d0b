// Helpers for a ruleset's `setup`: ids for the items a combatant carries, the check that encounter
// options name only combatants that exist, and building each encounter's state once.
import { InputError } from "./input-error.js";
import type { EncounterSetup } from "./ruleset.js";

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
