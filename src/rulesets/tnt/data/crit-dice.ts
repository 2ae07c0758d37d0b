// Critical damage dice by damage type ("Weapon damage-type damage dice"). The chapter's page
// for them lost its dice with its icons; RULES-NOTES.md (000) gives the default, ranked as in
// Codex Martialis (slash highest, chop next, pierce and blunt lowest). The `critDice` switch
// changes them.
import type { DamageType } from "./weapons.js";

export type CritDice = Readonly<Record<DamageType, number>>;

export const DEFAULT_CRIT_DICE: CritDice = { blunt: 6, pierce: 6, chop: 8, slash: 10 };
