// The default weapon table. The chapter gives no weapon data beyond unarmed blows (1d2); the rest
// follows the weapon lists of the rulebook it house-rules, and every row says so. Reach is in
// feet on Fray's line (one 5-ft hex, two for spears and polearms, three for pikes: Spacing,
// Spears and Polearms); range is a missile's first range increment in feet.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault, chapter } from "../../../engine/provenance.js";

export type WeaponKind = "melee" | "missile";

export interface WeaponData {
  readonly name: string;
  /** Damage dice as notation ("1d8", "1d4+1"). */
  readonly damage: string;
  readonly kind: WeaponKind;
  /** Melee reach in feet (5 = the adjacent hex). */
  readonly reach: number;
  /** A long spear or pike: useless against a foe already in the adjacent hex. */
  readonly long: boolean;
  /** Missiles: the first range increment in feet (0 for melee weapons). */
  readonly range: number;
  /** A bow: two arrows a round when the archer does not move. */
  readonly bow: boolean;
  /** A crossbow's spanning: "light" (spanned again when the shooter stands), "heavy" (a round), "" none. */
  readonly reload: "" | "light" | "heavy";
  /** Thrown by muscle: STR damage bonus at short range; used up when thrown. */
  readonly thrown: boolean;
  /** Fit for the off hand (Two-Weapon Fighting: dagger, short sword, hand-axe or similar). */
  readonly light: boolean;
  /** A blow of fist, foot or pommel (Unarmed Combat). */
  readonly unarmed: boolean;
  readonly provenance: Provenance;
}

const SW = byDefault(
  "the chapter gives no weapon table; damage and ranges follow the Swords & Wizardry weapon lists",
);

function melee(
  name: string,
  damage: string,
  extra: Partial<Omit<WeaponData, "name" | "damage" | "provenance">> = {},
  provenance: Provenance = SW,
): WeaponData {
  return {
    name,
    damage,
    kind: "melee",
    reach: 5,
    long: false,
    range: 0,
    bow: false,
    reload: "",
    thrown: false,
    light: false,
    unarmed: false,
    ...extra,
    provenance,
  };
}

function missile(
  name: string,
  damage: string,
  range: number,
  extra: Partial<Omit<WeaponData, "name" | "damage" | "range" | "provenance">> = {},
): WeaponData {
  return { ...melee(name, damage), kind: "missile", reach: 0, range, ...extra };
}

export const WEAPONS: Readonly<Record<string, WeaponData>> = {
  unarmed: melee(
    "bare hands",
    "1d2",
    { unarmed: true },
    chapter("Unarmed Combat: fist, foot or dagger pommel, 1d2 plus the STR damage bonus"),
  ),
  dagger: melee("dagger", "1d4", { light: true }),
  "short-sword": melee("short sword", "1d6", { light: true }),
  "long-sword": melee("long sword", "1d8"),
  "two-handed-sword": melee("two-handed sword", "1d10"),
  "hand-axe": melee("hand-axe", "1d6", { light: true }),
  "battle-axe": melee("battle axe", "1d8"),
  mace: melee("mace", "1d6"),
  "war-hammer": melee("war hammer", "1d4+1"),
  flail: melee("flail", "1d6+1"),
  "morning-star": melee("morning star", "1d6+1"),
  club: melee("club", "1d4"),
  staff: melee("staff", "1d6"),
  spear: melee(
    "spear",
    "1d6",
    { reach: 10 },
    byDefault(
      "Swords & Wizardry spear damage; Spears and Polearms: spears reach from the second rank (2 hexes, 10 ft)",
    ),
  ),
  "long-spear": melee(
    "long spear",
    "1d8",
    { reach: 10, long: true },
    byDefault(
      "Spears and Polearms: reaches from the second rank and is largely useless once the foe is in the adjacent hex; damage a default",
    ),
  ),
  polearm: melee(
    "polearm",
    "1d8+1",
    { reach: 10 },
    byDefault(
      "Swords & Wizardry pole arm damage; Spears and Polearms: polearms reach from the second rank (10 ft)",
    ),
  ),
  pike: melee(
    "pike",
    "1d8",
    { reach: 15, long: true },
    byDefault(
      "Spears and Polearms: pikes reach from the third rank (3 hexes, 15 ft) and are useless in the adjacent hex; damage a default",
    ),
  ),
  "short-bow": missile("short bow", "1d6", 50, { bow: true }),
  "long-bow": missile("long bow", "1d6", 70, { bow: true }),
  "light-crossbow": missile("light crossbow", "1d4+1", 60, { reload: "light" }),
  "heavy-crossbow": missile("heavy crossbow", "1d6+1", 80, { reload: "heavy" }),
  sling: missile("sling", "1d4", 40),
  javelin: missile("javelin", "1d6", 20, { thrown: true }),
  dart: missile("dart", "1d3", 15, { thrown: true }),
  "throwing-axe": missile("throwing axe", "1d6", 10, { thrown: true }),
};

export const WEAPON_KEYS: readonly string[] = Object.keys(WEAPONS);

/** Missiles reach this many range increments; each increment beyond the first costs to hit. */
export const RANGE_INCREMENTS = 3;
