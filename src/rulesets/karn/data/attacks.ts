// Default attacks (hand to hand attacks and weapons). The chapter gives no weapon table: its
// damage types name the weapons typical of each (Cut: knives and swords; Chop: axes and large
// swords; Crush: fists, feet, maces, clubs, staves; Pierce: arrows, daggers, fencing swords), No
// Weapon Training gives the untrained penalties of a few, and Defending Against Ranged Attacks
// the dodge penalty against bows, crossbows and slings. Every number here is a default of Fray's
// except where the provenance says otherwise; any attack may be a full record in the file.
import type { Provenance } from "../../../engine/ruleset.js";
import type { FumbleColumn } from "./charts.js";
import type { DamageType } from "./damage-types.js";

export interface AttackRecord {
  readonly name: string;
  /** Damage dice (`1d8`); the character's damage bonus is added to it. */
  readonly damage: string;
  /** Damage types, the first being the one armour and the critical chart use. */
  readonly types: readonly DamageType[];
  /** The fumble chart's column: hand to hand, swing, thrust or other. */
  readonly kind: FumbleColumn;
  /** The attack's own strike modifier (a thrown item not made for it: -5). */
  readonly strike: number;
  readonly ranged: boolean;
  /** Penalty to a dodge against it (bows, crossbows, slings: 5 or 10). */
  readonly dodgePenalty: number;
  /** Uses a held weapon (it can be dropped or flung by a fumble). */
  readonly weapon: boolean;
  /** Can parry with it. */
  readonly parry: boolean;
  /** Strike penalty without training (No Weapon Training: 1 to 15); the GM confirms it. */
  readonly untrainedPenalty: number;
  /** Cannot be used at all without training (a windlass crossbow). */
  readonly needsTraining: boolean;
  /** The weapon's hit points (fall and fling damage), when the file gives them. */
  readonly hp: number | null;
}

function attack(
  name: string,
  damage: string,
  types: readonly DamageType[],
  kind: FumbleColumn,
  more: Partial<AttackRecord> = {},
): AttackRecord {
  const weapon = more.weapon ?? kind !== "hand";
  return {
    name,
    damage,
    types,
    kind,
    strike: 0,
    ranged: false,
    dodgePenalty: 0,
    weapon,
    parry: weapon && more.ranged !== true,
    untrainedPenalty: 5,
    needsTraining: false,
    hp: null,
    ...more,
  };
}

const ranged = (dodgePenalty: number, more: Partial<AttackRecord> = {}) => ({
  ranged: true,
  parry: false,
  dodgePenalty,
  ...more,
});

export const ATTACKS: Readonly<Record<string, AttackRecord>> = {
  punch: attack("Punch", "1d4", ["crush"], "hand"),
  kick: attack("Kick", "1d6", ["crush"], "hand", { strike: -1 }),
  knife: attack("Knife", "1d4", ["cut"], "swing", { untrainedPenalty: 2 }),
  dagger: attack("Dagger", "1d4", ["pierce"], "thrust", { untrainedPenalty: 2 }),
  shortsword: attack("Short sword", "1d6", ["cut"], "swing"),
  longsword: attack("Longsword", "1d8", ["cut"], "swing", { untrainedPenalty: 6 }),
  greatsword: attack("Greatsword", "2d6", ["chop"], "swing", { untrainedPenalty: 8 }),
  rapier: attack("Rapier", "1d6", ["pierce"], "thrust", { untrainedPenalty: 6 }),
  "hand-axe": attack("Hand axe", "1d6", ["chop"], "swing", { untrainedPenalty: 4 }),
  "battle-axe": attack("Battle axe", "1d10", ["chop"], "swing", { untrainedPenalty: 6 }),
  club: attack("Club", "1d6", ["crush"], "swing", { untrainedPenalty: 1 }),
  mace: attack("Mace", "1d8", ["crush"], "swing", { untrainedPenalty: 3 }),
  hammer: attack("War hammer", "1d8", ["crush"], "swing", { untrainedPenalty: 4 }),
  staff: attack("Staff", "1d6", ["crush"], "swing", { untrainedPenalty: 2 }),
  spear: attack("Spear", "1d8", ["pierce"], "thrust", { untrainedPenalty: 5 }),
  "pole-arm": attack("Pole arm", "1d10", ["chop"], "swing", { untrainedPenalty: 10 }),
  "ball-and-chain": attack("Ball & chain", "1d8", ["crush", "pierce"], "other", {
    untrainedPenalty: 15,
  }),
  shortbow: attack("Shortbow", "1d6", ["pierce"], "other", ranged(5, { untrainedPenalty: 8 })),
  longbow: attack("Longbow", "1d8", ["pierce"], "other", ranged(5, { untrainedPenalty: 10 })),
  crossbow: attack("Crossbow", "1d10", ["pierce"], "other", ranged(5, { untrainedPenalty: 10 })),
  "windlass-crossbow": attack(
    "Windlass crossbow",
    "2d6",
    ["pierce"],
    "other",
    ranged(10, { needsTraining: true, untrainedPenalty: 15 }),
  ),
  sling: attack("Sling", "1d4", ["crush"], "other", ranged(5, { untrainedPenalty: 8 })),
  "throwing-knife": attack("Throwing knife", "1d4", ["pierce"], "thrust", ranged(0)),
  rock: attack("Thrown rock", "1d3", ["crush"], "other", ranged(0, { strike: -5, weapon: false })),
};

const DEFAULT_WHY =
  "default: the chapter has no weapon table; damage types follow the weapons each type names";

/** Where each default attack's numbers come from. */
export function attackProvenance(key: string): Provenance {
  switch (key) {
    case "shortsword":
      return {
        source: "default",
        ref: `${DEFAULT_WHY}; untrained penalty 5 from No Weapon Training (a simple short sword, around -5)`,
      };
    case "pole-arm":
      return {
        source: "default",
        ref: `${DEFAULT_WHY}; untrained penalty 10 from No Weapon Training (a pole arm, -10)`,
      };
    case "ball-and-chain":
      return {
        source: "default",
        ref: `${DEFAULT_WHY}; untrained penalty 15 from No Weapon Training (a ball & chain, -15); crush and pierce like a flail (Pierce (P))`,
      };
    case "windlass-crossbow":
      return {
        source: "default",
        ref: `${DEFAULT_WHY}; cannot be used untrained (No Weapon Training); dodge -10 (Defending Against Ranged Attacks)`,
      };
    case "shortbow":
    case "longbow":
    case "crossbow":
    case "sling":
      return {
        source: "default",
        ref: `${DEFAULT_WHY}; dodge against it at -5 (Defending Against Ranged Attacks: -5 or -10)`,
      };
    case "throwing-knife":
      return {
        source: "default",
        ref: `${DEFAULT_WHY}; made to be thrown: no penalty (Ranged Attacks)`,
      };
    case "rock":
      return {
        source: "default",
        ref: `${DEFAULT_WHY}; not made to be thrown: -5 to strike (Ranged Attacks)`,
      };
    default:
      return { source: "default", ref: DEFAULT_WHY };
  }
}
