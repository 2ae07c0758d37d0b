// The chapter's weapon tables (Melee Weapons, Ranged Combat), as RULES-NOTES.md 004 gives them:
// the seed file only includes them by reference. Keys are kebab-case names; where one name
// stands in two skill groups (a dagger is a Knife and a Fencing weapon, a shortsword a Sword and a
// Fencing weapon) the Fencing one is prefixed `fencing-`. A spear and a javelin are in both the
// melee and the ranged table: the same item can be thrust or thrown.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault, chapter } from "../../../engine/provenance.js";
import type { MeleeProfile, RangedProfile } from "../state.js";

export type CheckStat = "brawn" | "finesse";

/** A row of the Melee Weapons table: a weapon's melee profile, with its name and source. */
export interface MeleeRecord extends MeleeProfile {
  readonly name: string;
  readonly provenance: Provenance;
}

/** A row of the ranged weapons table: a weapon's ranged profile, with its name and source. */
export interface RangedRecord extends RangedProfile {
  readonly name: string;
  readonly provenance: Provenance;
}

const MELEE_TABLE = "Melee Weapons table (RULES-NOTES.md 004)";
const RANGED_TABLE = "Ranged Combat: ranged weapons table (RULES-NOTES.md 004)";

function melee(
  name: string,
  skill: string,
  stat: CheckStat,
  reach: readonly [number, number],
  brawn1h: number,
  brawn2h: number,
  damage: number,
): MeleeRecord {
  return {
    name,
    skill,
    stat,
    reachMin: reach[0],
    reachMax: reach[1],
    brawn1h,
    brawn2h,
    damage,
    improvised: false,
    provenance: chapter(`${MELEE_TABLE}: ${skill} (${stat === "brawn" ? "Brawn" : "Finesse"})`),
  };
}

export const MELEE: Readonly<Record<string, MeleeRecord>> = {
  shortsword: melee("shortsword", "sword", "brawn", [0, 1], 6, 4, 6),
  broadsword: melee("broadsword", "sword", "brawn", [1, 1], 8, 6, 8),
  "bastard-sword": melee("bastard sword", "sword", "brawn", [1, 1], 10, 8, 10),
  greatsword: melee("greatsword", "sword", "brawn", [1, 2], 12, 10, 12),
  baton: melee("baton", "mace", "brawn", [0, 1], 4, 2, 4),
  club: melee("club", "mace", "brawn", [1, 1], 6, 4, 6),
  mace: melee("mace", "mace", "brawn", [1, 1], 8, 6, 8),
  warhammer: melee("warhammer", "mace", "brawn", [1, 1], 10, 8, 10),
  morningstar: melee("morningstar", "mace", "brawn", [1, 2], 12, 10, 12),
  hatchet: melee("hatchet", "axe", "brawn", [1, 1], 4, 2, 4),
  "battle-axe": melee("battle axe", "axe", "brawn", [1, 1], 6, 4, 6),
  "broad-axe": melee("broad axe", "axe", "brawn", [1, 1], 8, 6, 8),
  "sparth-axe": melee("sparth axe", "axe", "brawn", [1, 1], 10, 8, 10),
  poleaxe: melee("poleaxe", "axe", "brawn", [1, 2], 12, 10, 12),
  "belt-knife": melee("belt knife", "knife", "finesse", [0, 1], 2, 0, 3),
  dagger: melee("dagger", "knife", "finesse", [0, 1], 4, 0, 4),
  sax: melee("sax", "knife", "finesse", [0, 1], 6, 0, 6),
  "fencing-dagger": melee("dagger (fencing)", "fencing", "finesse", [0, 1], 4, 0, 4),
  "fencing-shortsword": melee("shortsword (fencing)", "fencing", "finesse", [0, 1], 6, 0, 6),
  backsword: melee("backsword", "fencing", "finesse", [0, 1], 6, 0, 6),
  rapier: melee("rapier", "fencing", "finesse", [1, 2], 8, 0, 8),
  javelin: melee("javelin", "spear", "finesse", [0, 1], 6, 4, 6),
  spear: melee("spear", "spear", "finesse", [1, 2], 8, 6, 8),
  pike: melee("pike", "spear", "finesse", [1, 3], 10, 8, 10),
  unarmed: {
    name: "bare hands",
    skill: "",
    stat: "brawn",
    reachMin: 0,
    reachMax: 1,
    brawn1h: 0,
    brawn2h: 0,
    damage: 0,
    improvised: false,
    provenance: chapter(
      "Unarmed Combat: Reach 0 or 1, the Brawn die halved and rounded up; the Attack Check's stat is not given: Brawn (Fray's default, as for the Brawn die of its damage), no skill",
    ),
  },
  improvised: {
    name: "small improvised weapon",
    skill: "",
    stat: "brawn",
    reachMin: 0,
    reachMax: 1,
    brawn1h: 0,
    brawn2h: 0,
    damage: 0,
    improvised: true,
    provenance: chapter(
      "Unarmed Combat: a beer mug, a roll of coins, a fist-sized rock: Reach 0 or 1, an unarmed blow +1 per full 5 Brawn",
    ),
  },
};

function ranged(
  name: string,
  skill: string,
  baseRange: number,
  limit: number,
  hands: 1 | 2,
  brawn: number,
  brawnReset: number,
  damage: number,
  thrown: boolean,
): RangedRecord {
  return {
    name,
    skill,
    baseRange,
    limit,
    hands,
    brawn,
    brawnReset,
    damage,
    thrown,
    provenance: chapter(RANGED_TABLE),
  };
}

export const RANGED: Readonly<Record<string, RangedRecord>> = {
  shortbow: ranged("shortbow", "bow", 6, 8, 2, 4, 0, 6, false),
  "hunting-bow": ranged("hunting bow", "bow", 8, 8, 2, 6, 0, 8, false),
  longbow: ranged("longbow", "bow", 12, 8, 2, 10, 0, 12, false),
  crossbow: ranged("crossbow", "crossbow", 10, 4, 2, 4, 8, 8, false),
  arbalest: ranged("arbalest", "crossbow", 10, 4, 2, 6, 10, 10, false),
  sling: ranged("sling", "sling", 6, 4, 2, 4, 0, 6, false),
  "throwing-knife": ranged("throwing knife", "knife", 4, 2, 1, 4, 0, 4, true),
  "throwing-axe": ranged("throwing axe", "axe", 4, 2, 1, 6, 0, 6, true),
  javelin: ranged("javelin", "spear", 8, 4, 1, 6, 0, 6, true),
  spear: ranged("spear", "spear", 6, 4, 1, 8, 0, 8, true),
};

/** The ranged table's Skill column is not in RULES-NOTES.md: the skill is a default by family. */
export const RANGED_SKILL_PROVENANCE = byDefault(
  "the ranged table's Skill column is not in RULES-NOTES.md 004: bows use Bow, crossbows Crossbow, the sling Sling, a throwing knife Knife, a throwing axe Axe, a javelin or spear Spear",
);

export const MELEE_KEYS = Object.keys(MELEE);
export const RANGED_KEYS = Object.keys(RANGED);
/** The keys an encounter file may list: bare hands are every combatant's already, never listed. */
export const WEAPON_KEYS = [...new Set([...MELEE_KEYS, ...RANGED_KEYS])].filter(
  (k) => k !== "unarmed",
);
