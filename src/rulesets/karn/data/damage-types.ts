// The chapter's damage types (Damage and Attack Types: the four hand to hand types; Other
// Physical Damage Types: burn, electrical, chemical), by index: armour, natural armour and the
// critical chart's columns are arrays over these.

export const DAMAGE_TYPES = [
  "cut",
  "chop",
  "crush",
  "pierce",
  "burn",
  "electrical",
  "chemical",
] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** The chapter's abbreviations (Cu, Ch, Cr, P, B, E, C). */
export const TYPE_ABBREVIATIONS: Record<DamageType, string> = {
  cut: "Cu",
  chop: "Ch",
  crush: "Cr",
  pierce: "P",
  burn: "B",
  electrical: "E",
  chemical: "C",
};

export const CUT = 0;
export const CHOP = 1;
export const CRUSH = 2;
export const PIERCE = 3;
export const BURN = 4;
export const ELECTRICAL = 5;
export const CHEMICAL = 6;

export function typeIndex(type: DamageType): number {
  return DAMAGE_TYPES.indexOf(type);
}

/** Burn, electrical and chemical damage: their effects beyond the damage are the GM's. */
export function isElemental(type: number): boolean {
  return type >= BURN;
}
