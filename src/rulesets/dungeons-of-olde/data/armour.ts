// The chapter's shield and armour tables (Shields, Armor), as RULES-NOTES.md 004 gives them: the
// seed file only includes them by reference.
import type { Provenance } from "../../../engine/ruleset.js";
import { chapter } from "../../../engine/provenance.js";

export interface ShieldRecord {
  readonly name: string;
  /** Defense Bonus: added to the Defense Check. */
  readonly bonus: number;
  readonly brawn: number;
  /** Spellcasting Adjustment: to the Savvy Check of a spell that needs gestures. */
  readonly spellcasting: number;
  readonly provenance: Provenance;
}

export interface ArmourRecord {
  readonly name: string;
  readonly category: "none" | "light" | "medium" | "heavy";
  /** Damage Reduction. */
  readonly dr: number;
  readonly brawn: number;
  readonly provenance: Provenance;
}

const SHIELD_TABLE = chapter("Shields table (RULES-NOTES.md 004)");
const ARMOUR_TABLE = chapter("Armor table (RULES-NOTES.md 004)");

const shield = (
  name: string,
  bonus: number,
  brawn: number,
  spellcasting: number,
): ShieldRecord => ({
  name,
  bonus,
  brawn,
  spellcasting,
  provenance: SHIELD_TABLE,
});

export const SHIELDS: Readonly<Record<string, ShieldRecord>> = {
  buckler: shield("buckler", 1, 6, -1),
  roundel: shield("roundel", 1, 6, -1),
  targe: shield("targe", 2, 8, -2),
  heater: shield("heater", 2, 8, -2),
  kite: shield("kite shield", 3, 10, -3),
  pavise: shield("pavise", 3, 10, -3),
  tower: shield("tower shield", 4, 12, -4),
};

const armour = (
  name: string,
  category: ArmourRecord["category"],
  dr: number,
  brawn: number,
): ArmourRecord => ({ name, category, dr, brawn, provenance: ARMOUR_TABLE });

export const ARMOUR: Readonly<Record<string, ArmourRecord>> = {
  none: {
    name: "no armour",
    category: "none",
    dr: 0,
    brawn: 0,
    provenance: chapter("Armor: armour only reduces damage; without it nothing does"),
  },
  leather: armour("leather", "light", 1, 5),
  gambeson: armour("gambeson", "light", 2, 7),
  "hardened-leather": armour("hardened leather", "light", 2, 6),
  scale: armour("scale", "medium", 3, 9),
  chainmail: armour("chainmail", "medium", 3, 8),
  brigandine: armour("brigandine", "medium", 4, 10),
  "plate-and-mail": armour("plate-and-mail", "heavy", 5, 11),
  "full-plate": armour("full plate", "heavy", 6, 12),
};

export const SHIELD_KEYS = Object.keys(SHIELDS);
export const ARMOUR_KEYS = Object.keys(ARMOUR);
