// Armour and shields as ascending AC bonuses (10 unarmoured). The chapter uses ascending AC but
// gives no armour table; these are the rulebook's.
import type { Provenance } from "../../../engine/ruleset.js";
import { cited } from "../../../engine/provenance.js";
import { SW_COMPLETE } from "./provenance.js";

export interface ArmourData {
  readonly name: string;
  /** Added to AC 10. */
  readonly bonus: number;
  /** Metal armour: fists hurt the puncher more than the wearer (Unarmed Combat, common sense). */
  readonly metal: boolean;
  readonly provenance: Provenance;
}

const table = cited(`${SW_COMPLETE}, armour table, ascending AC`);

export const ARMOUR: Readonly<Record<string, ArmourData>> = {
  none: { name: "no armour", bonus: 0, metal: false, provenance: table },
  leather: { name: "leather armour", bonus: 2, metal: false, provenance: table },
  ring: { name: "ring mail", bonus: 3, metal: true, provenance: table },
  chain: { name: "chain mail", bonus: 4, metal: true, provenance: table },
  plate: { name: "plate mail", bonus: 6, metal: true, provenance: table },
  bracers: {
    name: "magical bracers",
    bonus: 0,
    metal: false,
    provenance: cited(
      `${SW_COMPLETE}; Spells: magical bracers are the only armour a magic-user can cast in (their bonus is their magic)`,
    ),
  },
};

export const ARMOUR_KEYS: readonly string[] = Object.keys(ARMOUR);

export interface ShieldData {
  readonly name: string;
  readonly bonus: number;
  readonly provenance: Provenance;
}

export const SHIELDS: Readonly<Record<string, ShieldData>> = {
  none: { name: "no shield", bonus: 0, provenance: table },
  shield: { name: "shield", bonus: 1, provenance: table },
};

export const SHIELD_KEYS: readonly string[] = Object.keys(SHIELDS);
