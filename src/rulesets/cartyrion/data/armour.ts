// Default armour and shields. The chapter gives armour points only through its examples
// (Tombril's armour 3, the Hill Giant's tough skin 1, the half-orc's 3); the table is a default
// ladder that contains those values. Shields add armour points (the Range Combat paragraph counts
// "armor or shields" against damage) and take damage when parrying, so they need a durability
// the chapter does not give.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault } from "../../../engine/provenance.js";

export interface ArmourRecord {
  readonly name: string;
  readonly points: number;
  readonly provenance: Provenance;
}

export interface ShieldRecord {
  readonly name: string;
  /** Armour points the shield adds while it is intact. */
  readonly points: number;
  /** Damage it takes before it is destroyed (Parrying with a Shield; it takes double damage). */
  readonly durability: number;
  readonly provenance: Provenance;
}

const LADDER = "the chapter gives no armour table; a ladder of 1 to 5 points";

export const ARMOUR: Readonly<Record<string, ArmourRecord>> = {
  none: {
    name: "none",
    points: 0,
    provenance: byDefault("no armour gives no armour points; the chapter gives no armour table"),
  },
  gambeson: { name: "gambeson", points: 1, provenance: byDefault(LADDER) },
  leather: { name: "leather", points: 1, provenance: byDefault(LADDER) },
  brigandine: { name: "brigandine", points: 2, provenance: byDefault(LADDER) },
  chain: {
    name: "chain",
    points: 3,
    provenance: byDefault(
      `${LADDER}; 3 matches Tombril's armour and the half-orc's cuirass in the examples`,
    ),
  },
  "half plate": { name: "half plate", points: 4, provenance: byDefault(LADDER) },
  "full plate": { name: "full plate", points: 5, provenance: byDefault(LADDER) },
};

const SHIELD = "the chapter says a shield absorbs blows until destroyed but gives no numbers";

export const SHIELDS: Readonly<Record<string, ShieldRecord>> = {
  buckler: { name: "buckler", points: 1, durability: 8, provenance: byDefault(SHIELD) },
  shield: { name: "shield", points: 1, durability: 16, provenance: byDefault(SHIELD) },
  "tower shield": {
    name: "tower shield",
    points: 2,
    durability: 24,
    provenance: byDefault(SHIELD),
  },
};

export const ARMOUR_KEYS: readonly string[] = Object.keys(ARMOUR);
export const SHIELD_KEYS: readonly string[] = Object.keys(SHIELDS);
