// The chapter's charts (initiative die by DEX, the Mighty Blows chart, armour quality for
// fighter-mages' spells, the surprise die ladder) and the numbers it takes from elsewhere (the
// fighter's Base Combat Bonus, ability modifiers, default saving throws), each with provenance.
import type { Provenance } from "../../../engine/ruleset.js";
import { byDefault, chapter, cited } from "../../../engine/provenance.js";
import { SW_COMPLETE } from "./provenance.js";

/** Base Combat Bonus of a fighter by level (1-based); RULES-NOTES.md 002's default. */
export const FIGHTER_BCB: readonly number[] = [0, 1, 2, 2, 3, 4, 4, 5, 6, 7];

export function fighterBcb(level: number): number {
  if (level <= 0) return 0;
  if (level <= FIGHTER_BCB.length) return FIGHTER_BCB[level - 1]!;
  return Math.min(15, 7 + (level - FIGHTER_BCB.length));
}

export const FIGHTER_BCB_PROVENANCE: Provenance = byDefault(
  "the class tables are not in the chapter; levels 1-10 as in RULES-NOTES.md (it gives the 7th-level fighter's +4 of Base Combat Bonuses), then +1 a level up to +15",
);

/** Monsters add their hit dice, at most +15 (Base Combat Bonuses). */
export function monsterBcb(hitDice: number): number {
  return Math.max(0, Math.min(15, hitDice));
}

/** COMBAT INITIATIVE: the initiative die by DEX score. */
export const INITIATIVE_DICE: readonly { readonly min: number; readonly die: number }[] = [
  { min: 25, die: 20 },
  { min: 21, die: 12 },
  { min: 18, die: 10 },
  { min: 15, die: 8 },
  { min: 9, die: 6 },
  { min: 6, die: 4 },
  { min: 4, die: 3 },
  { min: -1000, die: 2 },
];

export function initiativeDie(dex: number): number {
  for (const row of INITIATIVE_DICE) if (dex >= row.min) return row.die;
  return 2;
}

/** The surprise die ladder, smallest first; a vision-restricting helm drops one or two steps. */
export const SURPRISE_LADDER: readonly number[] = [3, 4, 6, 8, 10, 12, 20, 30];

export const SURPRISE_LADDER_PROVENANCE: Readonly<Record<number, Provenance>> = {
  3: chapter("Surprise: a fighter in a closed armet rolls a d3 (two steps below the d6)"),
  4: byDefault("the step between the d3 and the d6 (the armet drops the d6 two steps to a d3)"),
  6: chapter("Surprise: the default die is the d6, surprised on 1 or 2"),
  8: byDefault("RULES-NOTES.md 002: very alert creatures roll a d8 (the text was lost)"),
  10: byDefault("RULES-NOTES.md 002: extremely alert creatures roll a d10 (the text was lost)"),
  12: byDefault("a step of the ladder 'and so on, up to a d30'"),
  20: byDefault("a step of the ladder 'and so on, up to a d30'"),
  30: chapter("Surprise: the ladder goes up to a d30"),
};

/** Steps a helm drops the surprise die (Surprise: vision- or hearing-restricting helms). */
export const HELM_STEPS = { none: 0, open: 0, closed: 1, armet: 2 } as const;
export type Helm = keyof typeof HELM_STEPS;

/** The surprise die after a helm: `steps` down the ladder from `die`, never below the d3. */
export function surpriseDieWith(die: number, steps: number): number {
  const i = SURPRISE_LADDER.indexOf(die);
  return SURPRISE_LADDER[Math.max(0, (i < 0 ? 2 : i) - steps)]!;
}

/** Bands of the Effects of Mighty Blows chart (0: the critical is negated by the save). */
export const NEGATED = 0;
export const FLESH_WOUND = 1;
export const OOF = 2;
export const CRUSHING = 3;
export const INCAPACITATING = 4;
export const DEADLY = 5;
export const MANGLED = 6;
export type Band = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface MightyBlowRow {
  readonly band: Band;
  readonly from: number;
  readonly to: number;
  readonly name: string;
  /** CON lost; -1 for all of it. */
  readonly con: number;
  /** Sides of the stun die (0: no stun). */
  readonly stunDie: number;
}

export const MIGHTY_BLOWS: readonly MightyBlowRow[] = [
  { band: FLESH_WOUND, from: 1, to: 6, name: "Merely a flesh wound!", con: 1, stunDie: 0 },
  { band: OOF, from: 7, to: 14, name: "Oof!", con: 2, stunDie: 3 },
  { band: CRUSHING, from: 15, to: 17, name: "Crushing Blow!", con: 4, stunDie: 6 },
  { band: INCAPACITATING, from: 18, to: 19, name: "Incapacitating Strike!", con: 8, stunDie: 0 },
  { band: DEADLY, from: 20, to: 20, name: "Deadly Blow!", con: -1, stunDie: 0 },
  { band: MANGLED, from: 21, to: 1000, name: "Mangled!", con: -1, stunDie: 0 },
];

export function bandOf(effect: number): Band {
  if (effect <= 0) return NEGATED;
  for (const row of MIGHTY_BLOWS) if (effect <= row.to) return row.band;
  return MANGLED;
}

export function mightyBlowRow(band: Band): MightyBlowRow | undefined {
  return MIGHTY_BLOWS.find((r) => r.band === band);
}

/** Spells: the quality of magical armour a fighter-mage needs for a spell of each level. */
export const SPELL_ARMOUR_QUALITY: readonly {
  readonly from: number;
  readonly to: number;
  readonly quality: number;
}[] = [
  { from: 1, to: 3, quality: 1 },
  { from: 4, to: 6, quality: 2 },
  { from: 7, to: 9, quality: 3 },
  { from: 10, to: 12, quality: 4 },
];

export function armourQualityFor(spellLevel: number): number {
  for (const r of SPELL_ARMOUR_QUALITY) if (spellLevel <= r.to) return r.quality;
  return 4;
}

/** Strength: to-hit and damage modifiers by score. */
export const STRENGTH: readonly {
  readonly min: number;
  readonly hit: number;
  readonly damage: number;
}[] = [
  { min: 18, hit: 2, damage: 3 },
  { min: 17, hit: 2, damage: 2 },
  { min: 16, hit: 1, damage: 1 },
  { min: 13, hit: 1, damage: 0 },
  { min: 9, hit: 0, damage: 0 },
  { min: 7, hit: 0, damage: 0 },
  { min: 5, hit: -1, damage: 0 },
  { min: -1000, hit: -2, damage: -1 },
];

export const STRENGTH_PROVENANCE: Provenance = cited(
  `${SW_COMPLETE}, Strength table (the chapter adds "any strength modifier" to hand-held weapons)`,
);

export function strength(score: number): { readonly hit: number; readonly damage: number } {
  for (const row of STRENGTH) if (score >= row.min) return row;
  return STRENGTH[STRENGTH.length - 1]!;
}

/** Dexterity: missile to-hit and AC modifiers by score. */
export const DEXTERITY: readonly {
  readonly min: number;
  readonly missile: number;
  readonly ac: number;
}[] = [
  { min: 13, missile: 1, ac: 1 },
  { min: 9, missile: 0, ac: 0 },
  { min: -1000, missile: -1, ac: -1 },
];

export const DEXTERITY_PROVENANCE: Provenance = cited(
  `${SW_COMPLETE}, Dexterity table (the chapter adds the DEX modifier to missile attacks and to AC)`,
);

export function dexterity(score: number): { readonly missile: number; readonly ac: number } {
  for (const row of DEXTERITY) if (score >= row.min) return row;
  return DEXTERITY[DEXTERITY.length - 1]!;
}

/** Default saving throw when a file gives none: characters by level, monsters by hit dice. */
export function defaultSave(
  kind: "character" | "npc" | "monster",
  level: number,
  hitDice: number,
): number {
  if (kind === "monster") return Math.max(3, 19 - hitDice);
  return Math.max(4, 15 - Math.max(0, level - 1));
}

export const SAVE_PROVENANCE: Provenance = byDefault(
  "the chapter uses one saving throw number (Blogo's is 10) but gives no table: characters 15 at level 1 and one better a level (a 6th-level magic-user saves on 10, as Blogo does), at least 4; monsters 19 - hit dice, at least 3",
);
