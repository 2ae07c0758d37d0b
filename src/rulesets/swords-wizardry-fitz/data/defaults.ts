// Numbers the chapter relies on, and the ones it leaves out, in one place with their provenance.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault, chapter, cited } from "../../../engine/provenance.js";
import { SW_COMPLETE } from "./provenance.js";

export const DEFAULTS = {
  /** Movement rate in inches when a file gives none. */
  speed: 12,
  /** Feet per inch of movement or range (Ground Scale). */
  feetPerInch: 5,
  /** Ability scores a file leaves out. */
  ability: 10,
  /** Feet between the sides when an encounter gives no distance. */
  startingDistance: 30,
  /** Two combatants this close are "in combat" (Melee Attacks). */
  inCombat: 10,
  /** Rounds an unarmed blow stuns after the current one (the chapter gives no duration). */
  unarmedStunRounds: 1,
  /** The die of an unarmed knock-out's rounds of unconsciousness (Unarmed Combat: 1d4). */
  knockoutDie: 4,
  /** Penalty to hit for each range increment beyond the first. */
  rangePenalty: 2,
  /** Terrain adjustments to the to-hit roll stay within this (Terrain Features). */
  terrainLimit: 4,
  /** Attacks from behind (Backstabbing and Flanking). */
  behindBonus: 2,
  /** Attacks on a detected but unseen invisible opponent (Invisible Opponents). */
  invisiblePenalty: 4,
  /** Monsters with more hit dice than this see invisible creatures (Invisible Opponents). */
  seesInvisibleAbove: 11,
  /** Two weapons: two attacks at this penalty each (Two-Weapon Fighting). */
  twoWeaponPenalty: 3,
  /** Fighting Defensively: the extra AC of a combatant who gives all its BCB to defence. */
  fullDefence: 2,
  /** A fighter whose helmet is knocked awry fights blind: this penalty to hit. */
  blindPenalty: 4,
  /** Flesh wounds and the monsters' "fights at -2". */
  woundPenalty: 2,
} as const;

export const DEFAULT_ROWS: readonly { key: string; value: number; provenance: Provenance }[] = [
  {
    key: "speed",
    value: DEFAULTS.speed,
    provenance: cited(`${SW_COMPLETE}: an unencumbered human moves 12`),
  },
  {
    key: "feetPerInch",
    value: DEFAULTS.feetPerInch,
    provenance: chapter("Ground Scale: wherever a range is in inches, 1 inch is 5 feet"),
  },
  {
    key: "ability",
    value: DEFAULTS.ability,
    provenance: byDefault("an average score (3d6) when a file gives none"),
  },
  {
    key: "startingDistance",
    value: DEFAULTS.startingDistance,
    provenance: byDefault("the distance between the sides when an encounter gives none"),
  },
  {
    key: "inCombat",
    value: DEFAULTS.inCombat,
    provenance: chapter("Melee Attacks: two combatants within ten feet are in combat"),
  },
  {
    key: "unarmedStunRounds",
    value: DEFAULTS.unarmedStunRounds,
    provenance: byDefault(
      "Unarmed Combat stuns without a duration: the rest of the round and the next",
    ),
  },
  {
    key: "knockoutDie",
    value: DEFAULTS.knockoutDie,
    provenance: chapter("Unarmed Combat: knocked unconscious for 1d4 rounds"),
  },
  {
    key: "rangePenalty",
    value: DEFAULTS.rangePenalty,
    provenance: byDefault(
      "the chapter gives no range penalties: -2 a range increment beyond the first, out to three increments",
    ),
  },
  {
    key: "terrainLimit",
    value: DEFAULTS.terrainLimit,
    provenance: chapter("Terrain Features: +/- 4 is about the outside limit"),
  },
  {
    key: "behindBonus",
    value: DEFAULTS.behindBonus,
    provenance: chapter("Backstabbing and Flanking: +2 from behind"),
  },
  {
    key: "invisiblePenalty",
    value: DEFAULTS.invisiblePenalty,
    provenance: chapter("Invisible Opponents: -4 against a detected but unseen opponent"),
  },
  {
    key: "seesInvisibleAbove",
    value: DEFAULTS.seesInvisibleAbove,
    provenance: chapter("Invisible Opponents: monsters of more than 11 hit dice see invisible"),
  },
  {
    key: "twoWeaponPenalty",
    value: DEFAULTS.twoWeaponPenalty,
    provenance: chapter("Two-Weapon Fighting: two attacks at -3 each"),
  },
  {
    key: "fullDefence",
    value: DEFAULTS.fullDefence,
    provenance: chapter("Fighting Defensively: +2 AC with the whole BCB on defence and no attack"),
  },
  {
    key: "blindPenalty",
    value: DEFAULTS.blindPenalty,
    provenance: byDefault(
      "Fumbles: a helmet knocked over the eyes; fighting blind is taken as the chapter's -4 for an unseen opponent",
    ),
  },
  {
    key: "woundPenalty",
    value: DEFAULTS.woundPenalty,
    provenance: chapter(
      "Effects of Mighty Blows: a flesh wound is -2 on attacks and saves; Critical Hits: a monster that saves fights at -2",
    ),
  },
];
