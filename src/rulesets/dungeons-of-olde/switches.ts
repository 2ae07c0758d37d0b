// Switches: one per ambiguity of the chapter (RULES-NOTES.md 004, and the readings noted in
// docs/rulesets/dungeons-of-olde.md), each with its documented default and where it comes from.
import { z } from "zod";
import type { SwitchDef } from "../../engine/ruleset.js";
import { switchDefiner, switchReader } from "../../engine/ruleset-switches.js";
import { byDefault, chapter, cited } from "../../engine/provenance.js";
import { COMBAT_REFERENCE, CORE_RULES } from "./data/provenance.js";

export interface Switches {
  /** Where a critical miss starts: the table's -4 or the text's -3. */
  readonly criticalMiss: "table" | "text";
  /** The Defense adjustment everyone has before shields, blocks and other adjustments. */
  readonly baselineDefence: number;
  /** Whether weapon damage dice (and an unarmed blow's Brawn die) explode. */
  readonly damageDiceExplode: boolean;
  /** Whether the Finesse die that sets action points explodes. */
  readonly apDieExplodes: boolean;
  /** The most action points one character may spend in one round of the action phase (0: no limit). */
  readonly roundApLimit: number;
  /** Whether a defender in only minimal line of sight may be attacked (at -6) or not at all. */
  readonly minimalLineOfSight: "penalty" | "no-attack";
  /** Whether Rise ("2/Only") may be followed by an action in the same round. */
  readonly riseThenAction: boolean;
  /** Whether free steps may come before an action that costs 3 AP "and nothing else". */
  readonly freeStepsBeforeOnly: boolean;
  /** Whether Flop is the round's action (after any movement) or its movement (before an action). */
  readonly flop: "action" | "movement";
}

export const DEFAULT_SWITCHES: Switches = {
  criticalMiss: "table",
  baselineDefence: 0,
  damageDiceExplode: false,
  apDieExplodes: false,
  roundApLimit: 3,
  minimalLineOfSight: "penalty",
  riseThenAction: false,
  freeStepsBeforeOnly: true,
  flop: "action",
};

const def = switchDefiner(DEFAULT_SWITCHES);

const int = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} is a whole number from ${min} to ${max}` })
    .int({ error: `${what} is a whole number from ${min} to ${max}` })
    .min(min, { error: `${what} is a whole number from ${min} to ${max}` })
    .max(max, { error: `${what} is a whole number from ${min} to ${max}` });

export const SWITCH_DEFS: readonly SwitchDef[] = [
  def(
    "criticalMiss",
    'Where a critical miss starts: "table" (a miss by 4 to 6, the Critical Combat Outcomes table) or "text" (a miss by 3 or more, the paragraph above the table).',
    z.enum(["table", "text"], { error: 'criticalMiss is "table" or "text"' }),
    chapter(
      "Critical Outcomes in Combat: the text calls a miss by 3 or more critical, the table starts at -4; the table is the more specific (RULES-NOTES.md 004)",
    ),
  ),
  def(
    "baselineDefence",
    'The Defense adjustment every defender has before its shield, a Shield Block and other adjustments (Attacking as an Opposed Attempt: "his current Defense adjustment").',
    int("baselineDefence", -10, 10),
    byDefault("the chapter does not state a baseline; 0 (RULES-NOTES.md 004)"),
  ),
  def(
    "damageDiceExplode",
    "Whether weapon damage dice, and the Brawn die of an unarmed blow, explode like the stat dice of a check.",
    z.boolean({ error: "damageDiceExplode is true or false" }),
    byDefault(
      "the chapter says only that checks roll exploding dice; damage dice do not explode (RULES-NOTES.md 004)",
    ),
  ),
  def(
    "apDieExplodes",
    "Whether the Finesse die rolled for action points each turn explodes.",
    z.boolean({ error: "apDieExplodes is true or false" }),
    byDefault(
      "the core rules roll 1dFinesse for action points; exploding is named for checks' dice only, so the AP die does not explode",
    ),
  ),
  def(
    "roundApLimit",
    "The most action points one character may spend in one round of the action phase (its movement and its action together); 0 for no limit.",
    int("roundApLimit", 0, 20),
    cited(`${CORE_RULES}: at most 3 action points a round`),
  ),
  def(
    "minimalLineOfSight",
    'Whether an attacker with only a minimal line of sight to the defender (options.cover: minimal) may attack it: "penalty" (yes, with the -6 Adjustment of Line of Sight) or "no-attack" (step 1 of Attacking as an Opposed Attempt asks for a clear or partial line of sight).',
    z.enum(["penalty", "no-attack"], { error: 'minimalLineOfSight is "penalty" or "no-attack"' }),
    chapter(
      "Line of Sight prices a minimal line of sight at -6, while step 1 of Attacking as an Opposed Attempt names only clear or partial line of sight; the section that gives the number is the more specific",
    ),
  ),
  def(
    "riseThenAction",
    'Whether a character that rises (2 AP) may take an action in the same round: false (Rise costs "2/Only": nothing else that round) or true (the Rise row\'s note: "May be followed by an Action").',
    z.boolean({ error: "riseThenAction is true or false" }),
    cited(
      `${COMBAT_REFERENCE}: the Core Movement Table prices Rise "2/Only" yet notes that it "May be followed by an Action"; RULES-NOTES.md 004 reads it "rise 2 (and nothing else)", the default`,
    ),
  ),
  def(
    "freeStepsBeforeOnly",
    "Whether a character may take its free steps before an action that costs 3 AP and nothing else (use an item, first aid, recover) in the same round. Steps paid in AP, a drop and any other movement never come with such an action.",
    z.boolean({ error: "freeStepsBeforeOnly is true or false" }),
    cited(
      `${COMBAT_REFERENCE}: a round is free steps, then one movement, then one action, and "3/Only" stands in the AP Cost column; free steps cost no AP and are no movement of the Movement Table, so by default they may come first`,
    ),
  ),
  def(
    "flop",
    'What Flop (0 AP, throw oneself prone) is in a round: "action" (the Core Actions Table: "May be used after any movement", so a step and then a flop) or "movement" (RULES-NOTES.md 004 lists it with the movements: then, like Drop, it may be followed by an action).',
    z.enum(["action", "movement"], { error: 'flop is "action" or "movement"' }),
    cited(
      `${COMBAT_REFERENCE}: Flop is a row of the Core Actions Table, usable after any movement; RULES-NOTES.md 004 names it among the movements; the table is the more specific`,
    ),
  ),
];

/** The resolved switches of an encounter, as plain typed values. */
export const readSwitches = switchReader(DEFAULT_SWITCHES, SWITCH_DEFS);

/** The lowest margin that is only a miss (Critical Outcomes in Combat). */
export function missFloor(s: Switches): number {
  return s.criticalMiss === "text" ? -2 : -3;
}
