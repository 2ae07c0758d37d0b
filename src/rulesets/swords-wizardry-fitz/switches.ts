// Switches: one per ambiguity of the chapter (RULES-NOTES.md, 002: the fractions lost to the
// file's encoding and the slips; and the readings listed in docs/rulesets/swords-wizardry-fitz.md),
// each with its documented default and where that default comes from.
import { z } from "zod";
import type { SwitchDef } from "../../engine/ruleset.js";
import { switchDefiner, switchReader } from "../../engine/ruleset-switches.js";
import { byDefault, chapter } from "../../engine/provenance.js";

export type Fraction = "1/4" | "1/3" | "1/2" | "2/3" | "3/4" | "full";

export interface SwSwitches {
  /** How an initiative roll above 10 (d12, d20) acts when the round counts down from 10. */
  readonly initiativeAbove10: "first" | "ten";
  /** How a successful save reduces a Mighty Blow: the rule text (1 + the margin) or the example (the margin). */
  readonly mightyBlowSave: "rule-text" | "example";
  /** A natural 1 on the save against a Mighty Blow: the maximum possible effect, or only a failed save. */
  readonly mightyBlowNatural1: "maximum" | "fails";
  /** Who rolls on the Mighty Blows chart: characters only (monsters and NPCs save versus death), or everyone. */
  readonly mightyBlowsFor: "characters" | "everyone";
  /** A character at 0 hit points or below: the monsters' ladder of saves versus death, or dead. */
  readonly characterAtZero: "ladder" | "dead";
  /** Which successful attack knocks a stunned combatant unconscious: an unarmed one, or any. */
  readonly stunnedKnockout: "unarmed" | "any";
  /** Retreating: the fraction of speed that costs nothing (lost to the file's encoding). */
  readonly retreatFree: Fraction;
  /** Retreating: the fraction of speed at -2 AC with a DEX roll (lost to the file's encoding). */
  readonly retreatCareful: Fraction;
  /** A missile left in the wound: the fraction of its normal damage it does again (lost to the encoding). */
  readonly embeddedMissile: Fraction;
  /** Closing into combat: the closer makes no melee attack and its foe none on it ("pair"), or neither makes any ("all"). */
  readonly closingNoAttack: "pair" | "all";
  /** Whether flesh-wound penalties add up ("stack") or a second wound adds nothing ("once"). */
  readonly fleshWounds: "stack" | "once";
  /** A successful attack on a caster on its own count: the spell is lost, or it goes off anyway. */
  readonly spellSameCount: "disrupts" | "goes-off";
}

export const DEFAULT_SWITCHES: SwSwitches = {
  initiativeAbove10: "first",
  mightyBlowSave: "rule-text",
  mightyBlowNatural1: "maximum",
  mightyBlowsFor: "characters",
  characterAtZero: "ladder",
  stunnedKnockout: "unarmed",
  retreatFree: "1/4",
  retreatCareful: "1/2",
  embeddedMissile: "1/2",
  closingNoAttack: "pair",
  fleshWounds: "stack",
  spellSameCount: "disrupts",
};

const FRACTIONS = ["1/4", "1/3", "1/2", "2/3", "3/4", "full"] as const;

export function fractionOf(f: Fraction): number {
  switch (f) {
    case "1/4":
      return 0.25;
    case "1/3":
      return 1 / 3;
    case "1/2":
      return 0.5;
    case "2/3":
      return 2 / 3;
    case "3/4":
      return 0.75;
    case "full":
      return 1;
  }
}

const fraction = (key: string) =>
  z.enum(FRACTIONS, { error: `${key} is one of ${FRACTIONS.map((f) => `"${f}"`).join(", ")}` });

const def = switchDefiner(DEFAULT_SWITCHES);

export const SWITCH_DEFS: readonly SwitchDef[] = [
  def(
    "initiativeAbove10",
    'An initiative roll above 10 (the d12 and d20 of the DEX table, while the round counts down from 10): "first" acts before every 10, highest first; "ten" counts as 10.',
    z.enum(["first", "ten"], { error: 'initiativeAbove10 is "first" or "ten"' }),
    byDefault(
      "Order of Battle: highest result goes first; a 14 is a higher result than a 10 (RULES-NOTES.md 002 slip)",
    ),
  ),
  def(
    "mightyBlowSave",
    'How a successful save reduces the Mighty Blow effect: "rule-text" by one and one more per point the save is made by; "example" by the margin only, as the Blogo example counts (19 with a 17 against 10 gives 12 instead of 11).',
    z.enum(["rule-text", "example"], { error: 'mightyBlowSave is "rule-text" or "example"' }),
    chapter("Critical Hits and Fumbles: the rule text; the Blogo example's 12 is the slip"),
  ),
  def(
    "mightyBlowNatural1",
    'A natural 1 on the save against a Mighty Blow: "maximum" (the maximum possible effect: the effect die\'s 20 plus the attacker\'s bonus, a Deadly Blow or worse) or "fails" (the effect rolled stands, unreduced).',
    z.enum(["maximum", "fails"], { error: 'mightyBlowNatural1 is "maximum" or "fails"' }),
    chapter(
      "Saving Throw Criticals: a natural 1 for a saving throw means that the victim takes the maximum possible effect of whatever caused the saving throw",
    ),
  ),
  def(
    "mightyBlowsFor",
    'Who rolls on the Mighty Blows chart when a natural 20 would have hit: "characters" (monsters and NPCs take only the damage and save versus death at 0 HP) or "everyone".',
    z.enum(["characters", "everyone"], { error: 'mightyBlowsFor is "characters" or "everyone"' }),
    chapter(
      'Critical Hits and Fumbles: the chart speaks of "the character"; "for monsters and NPCs, just make a simple save versus death"',
    ),
  ),
  def(
    "characterAtZero",
    'A character at 0 HP or below: "ladder" (the chapter\'s monster and NPC saves versus death: 0 to -5 a save, -6 to -10 unconscious and a save against death, -11 dead) or "dead".',
    z.enum(["ladder", "dead"], { error: 'characterAtZero is "ladder" or "dead"' }),
    byDefault(
      "the chapter gives the ladder for monsters and NPCs only; characters get at least as much",
    ),
  ),
  def(
    "stunnedKnockout",
    'Which successful attack knocks an already stunned combatant out for 1d4 rounds: "unarmed" (the Unarmed Combat rule) or "any".',
    z.enum(["unarmed", "any"], { error: 'stunnedKnockout is "unarmed" or "any"' }),
    byDefault("Unarmed Combat: the sentence stands among the rules for brawling"),
  ),
  def(
    "retreatFree",
    "Retreating: backing away at up to this fraction of speed costs nothing (the fraction was lost to the file's encoding).",
    fraction("retreatFree"),
    byDefault("RULES-NOTES.md 002: a quarter of speed"),
  ),
  def(
    "retreatCareful",
    "Retreating: up to this fraction of speed, -2 AC and a DEX roll against stumbling; faster is -4 AC and a free attack (the fraction was lost to the file's encoding).",
    fraction("retreatCareful"),
    byDefault("RULES-NOTES.md 002: half of speed"),
  ),
  def(
    "embeddedMissile",
    "A missile left in the wound by a critical hit does this fraction of its normal damage again in every round the victim moves or fights (lost to the file's encoding).",
    fraction("embeddedMissile"),
    byDefault("RULES-NOTES.md 002: half its normal damage"),
  ),
  def(
    "closingNoAttack",
    'Closing into combat: "pair" (the closer makes no melee attack that round, free attacks included, and its foe none on the closer) or "all" (neither makes any melee attack that round).',
    z.enum(["pair", "all"], { error: 'closingNoAttack is "pair" or "all"' }),
    byDefault(
      "Closing into combat: the closer spends its round moving in and its foe loses the exchange with it; a bystander's attacks are not theirs to lose",
    ),
  ),
  def(
    "fleshWounds",
    'Flesh-wound penalties: "stack" (-2 on attacks and saves for each) or "once" (a second wound adds nothing).',
    z.enum(["stack", "once"], { error: 'fleshWounds is "stack" or "once"' }),
    byDefault("Effects of Mighty Blows: each flesh wound is a wound of its own"),
  ),
  def(
    "spellSameCount",
    'A successful attack on a spell-caster on the caster\'s own count, simultaneous with the spell: "disrupts" (the spell is lost) or "goes-off" (only an earlier count disrupts it).',
    z.enum(["disrupts", "goes-off"], { error: 'spellSameCount is "disrupts" or "goes-off"' }),
    byDefault(
      "Wands and similar magic items in combat: unlike a spell, a wand can only be interrupted by a simultaneous attack, so a simultaneous attack interrupts a spell too (Spells: a hit while casting loses it)",
    ),
  ),
];

/** The resolved switches of an encounter, as plain typed values. */
export const readSwitches = switchReader(DEFAULT_SWITCHES, SWITCH_DEFS);
