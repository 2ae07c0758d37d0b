// Default armour and shield tables. The chapter gives armour a DR score and shields a defence
// score but lists none ("I don't have any stats for armor or weapons documented yet"): every row
// is a default of Fray's (RULES-NOTES.md, 000).
import type { Provenance } from "../../../engine/ruleset.js";

export interface ArmourRecord {
  readonly name: string;
  /** Damage reduction (Armor and damage reduction). */
  readonly dr: number;
}

export interface ShieldRecord {
  readonly name: string;
  /** Defence score: passive defence adds it, active defence may use it (Passive/Active defense). */
  readonly defence: number;
}

export const ARMOURS: Readonly<Record<string, ArmourRecord>> = {
  none: { name: "No armour", dr: 0 },
  gambeson: { name: "Gambeson", dr: 1 },
  leather: { name: "Leather", dr: 2 },
  mail: { name: "Mail", dr: 3 },
  brigandine: { name: "Brigandine", dr: 4 },
  plate: { name: "Plate", dr: 5 },
};

export const SHIELDS: Readonly<Record<string, ShieldRecord | null>> = {
  none: null,
  buckler: { name: "Buckler", defence: 1 },
  round: { name: "Round shield", defence: 2 },
  heater: { name: "Heater", defence: 2 },
  kite: { name: "Kite shield", defence: 3 },
  tower: { name: "Tower shield", defence: 4 },
};

export const ARMOUR_PROVENANCE: Provenance = {
  source: "default",
  ref: "the chapter has no armour table; a default of Fray's (RULES-NOTES.md, 000)",
};

export const SHIELD_PROVENANCE: Provenance = {
  source: "default",
  ref: "the chapter has no shield table; a default of Fray's (RULES-NOTES.md, 000)",
};
