// A fighter's steady part (state.ts `FighterSteady`), copied only when a rule changes one of its
// fields: the copies of a state share it (setup.ts `copyState`), so every such change goes through
// `ownSteady` first, and a change to a weapon or an item through `ownWeapons` or `ownItems`.
import type { Fighter, FighterSteady, MagicState, WeaponState } from "./state.js";

/** A steady part whose fields a rule may set: only ever one `ownSteady` returned. */
export type OwnSteady = { -readonly [K in keyof FighterSteady]: FighterSteady[K] };

/**
 * A copy of `s`, its fields written out in their declared order, so that every steady part has
 * one shape (copies and interning stay on V8's fast paths); its arrays are shared.
 */
function copySteady(s: FighterSteady): OwnSteady {
  return {
    weapons: s.weapons,
    spells: s.spells,
    scrolls: s.scrolls,
    wands: s.wands,
    invisible: s.invisible,
    undetected: s.undetected,
    knockoutThrough: s.knockoutThrough,
    knockoutDie: s.knockoutDie,
    knockoutFrom: s.knockoutFrom,
    knockoutWakes: s.knockoutWakes,
    blindThrough: s.blindThrough,
    blindDie: s.blindDie,
    blindFrom: s.blindFrom,
    surprisedFor: s.surprisedFor,
    fightingOn: s.fightingOn,
    damagePenalty: s.damagePenalty,
    proneRound: s.proneRound,
    embedded: s.embedded,
    pinnedThrough: s.pinnedThrough,
    moraleAsked: s.moraleAsked,
    routed: s.routed,
    castInSurprise: s.castInSurprise,
    plan: s.plan,
    planTarget: s.planTarget,
    planItem: s.planItem,
    bcbAttack: s.bcbAttack,
    bcbAc: s.bcbAc,
    fullDefence: s.fullDefence,
    concentrating: s.concentrating,
    castCount: s.castCount,
    readLeft: s.readLeft,
    removed: s.removed,
  };
}

/**
 * `f`'s steady part made its own (a fresh copy, set on `f`) and returned: set a field of it only
 * through what this returns, and read `f.steady` afresh after it, for a part taken from `f`
 * before is the shared one.
 */
export function ownSteady(f: Fighter): OwnSteady {
  const own = copySteady(f.steady);
  f.steady = own;
  return own;
}

/**
 * `f`'s steady part with the fields of `values` set to them: made its own (`ownSteady`) only if
 * one of them differs, so a rule that sets what is already so (a round's start, most rounds)
 * copies nothing.
 */
export function setSteady(f: Fighter, values: Partial<FighterSteady>): void {
  const now = f.steady as unknown as Record<string, unknown>;
  const to = values as Record<string, unknown>;
  for (const k in to) {
    if (now[k] !== to[k]) {
      Object.assign(ownSteady(f), values);
      return;
    }
  }
}

/** A weapon whose fields a rule may set (one of `ownWeapons`). */
export type OwnWeapon = { -readonly [K in keyof WeaponState]: WeaponState[K] };

/**
 * `f`'s weapons made its own (fresh copies in a fresh array, set on its own steady part) and
 * returned: change a weapon only through what this returns.
 */
export function ownWeapons(f: Fighter): OwnWeapon[] {
  const own = f.steady.weapons.map((w) => ({ ...w }));
  ownSteady(f).weapons = own;
  return own;
}

/** A spell, scroll or wand whose fields a rule may set (one of `ownItems`). */
export type OwnItem = { -readonly [K in keyof MagicState]: MagicState[K] };

/**
 * `f`'s spells, scrolls or wands made its own (fresh copies in a fresh array, set on its own
 * steady part) and returned: change an item only through what this returns.
 */
export function ownItems(f: Fighter, list: "spells" | "scrolls" | "wands"): OwnItem[] {
  const own = f.steady[list].map((m) => ({ ...m }));
  ownSteady(f)[list] = own;
  return own;
}

/** `f`'s weapon `id` made its own (`ownWeapons`) to be changed, or undefined if it has none. */
export function ownWeapon(f: Fighter, id: string): OwnWeapon | undefined {
  const i = f.steady.weapons.findIndex((w) => w.id === id);
  return i < 0 ? undefined : ownWeapons(f)[i];
}

/**
 * `f`'s spell, scroll or wand `m` with one use fewer: its own copy (`ownItems`), which replaces
 * `m` in `f`'s list and is returned, for `m` itself is the shared one. Items are told apart by id
 * (unique across a fighter's spells, scrolls and wands: setup.ts `fighterFrom`).
 */
export function useItem(f: Fighter, m: MagicState): MagicState {
  const s = f.steady;
  const list = s.spells.some((x) => x.id === m.id)
    ? "spells"
    : s.scrolls.some((x) => x.id === m.id)
      ? "scrolls"
      : "wands";
  const own = ownItems(f, list).find((x) => x.id === m.id)!;
  own.uses -= 1;
  return own;
}
