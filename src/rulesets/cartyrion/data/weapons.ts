// The default weapon table. The chapter gives no weapon list: the damage dice of the dagger,
// shortsword, longsword and club are implied by its examples (RULES-NOTES.md, 001); every other
// row is a marked default that an encounter file can override item by item.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault, chapter } from "../../../engine/provenance.js";

/** How a weapon is used: toe-to-toe, with some space between (reach), or shot/thrown (ranged). */
export type WeaponKind = "melee" | "reach" | "ranged";

export interface WeaponRecord {
  readonly name: string;
  /** Sides of the damage die (the chapter names d4, d6, d8 and d10). */
  readonly die: number;
  readonly kind: WeaponKind;
  /** Uses DEX instead of STR ("Melee and Reach Combat"); sneak attacks get the AWA check. */
  readonly finesse: boolean;
  /** Feet the weapon reaches: 5 for melee, more for reach weapons, 0 for ranged. */
  readonly reach: number;
  /** Longest shot in feet for ranged weapons (the chapter only sets the 10 ft minimum). */
  readonly range: number;
  /** Needs a Reload action after every shot (the chapter's crossbow example). */
  readonly reload: boolean;
  /** Thrown: the weapon leaves the hand with the attack. */
  readonly thrown: boolean;
  /** A natural part of the combatant (fists, claws): never drawn, dropped or parried with. */
  readonly natural: boolean;
  readonly provenance: Provenance;
}

const RANGE_DEFAULT =
  "the chapter sets only the 10 ft minimum for ranged attacks; ranges are defaults";

function melee(name: string, die: number, finesse: boolean, provenance: Provenance): WeaponRecord {
  return {
    name,
    die,
    kind: "melee",
    finesse,
    reach: 5,
    range: 0,
    reload: false,
    thrown: false,
    natural: false,
    provenance,
  };
}

function reachWeapon(name: string, die: number, reach: number): WeaponRecord {
  return {
    name,
    die,
    kind: "reach",
    finesse: false,
    reach,
    range: 0,
    reload: false,
    thrown: false,
    natural: false,
    provenance: byDefault(
      "the chapter says reach weapons specify their distance but lists none; 10 ft is a default",
    ),
  };
}

function ranged(
  name: string,
  die: number,
  range: number,
  extra: { reload?: boolean; thrown?: boolean } = {},
): WeaponRecord {
  return {
    name,
    die,
    kind: "ranged",
    finesse: false,
    reach: 0,
    range,
    reload: extra.reload ?? false,
    thrown: extra.thrown ?? false,
    natural: false,
    provenance: byDefault(RANGE_DEFAULT),
  };
}

export const WEAPONS: Readonly<Record<string, WeaponRecord>> = {
  dagger: melee(
    "dagger",
    4,
    true,
    chapter("Sneak Attacks, example: Cedryk's dagger rolls d4s and adds his DEX bonus"),
  ),
  shortsword: melee(
    "shortsword",
    6,
    false,
    chapter("Critical Hits and the Damage Dice example: Tombril's shortsword rolls d6s with STR"),
  ),
  longsword: melee(
    "longsword",
    6,
    false,
    chapter("Damage Dice: a Longsword+1 does d6+1 at level 2"),
  ),
  club: melee("club", 6, false, chapter("Damage Dice example: the Hill Giant's club rolls d6s")),
  unarmed: {
    ...melee(
      "unarmed",
      4,
      false,
      byDefault("the chapter's smallest damage die; it gives no unarmed damage"),
    ),
    natural: true,
  },
  rapier: melee("rapier", 6, true, byDefault("a finesse blade; the chapter gives no weapon table")),
  mace: melee("mace", 6, false, byDefault("the chapter gives no weapon table")),
  handaxe: melee("handaxe", 6, false, byDefault("the chapter gives no weapon table")),
  battleaxe: melee("battleaxe", 8, false, byDefault("the chapter gives no weapon table")),
  warhammer: melee("warhammer", 8, false, byDefault("the chapter gives no weapon table")),
  greatsword: melee(
    "greatsword",
    10,
    false,
    byDefault("the chapter gives no weapon table; d10 is its largest die"),
  ),
  spear: reachWeapon("spear", 6, 10),
  halberd: reachWeapon("halberd", 10, 10),
  shortbow: ranged("shortbow", 6, 60),
  longbow: ranged("longbow", 8, 120),
  crossbow: ranged("crossbow", 8, 100, { reload: true }),
  sling: ranged("sling", 4, 60),
  javelin: ranged("javelin", 6, 30, { thrown: true }),
};

export const WEAPON_KEYS: readonly string[] = Object.keys(WEAPONS);
