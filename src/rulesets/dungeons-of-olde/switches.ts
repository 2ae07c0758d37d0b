// Switches: one per ambiguity of the chapter (RULES-NOTES.md 004, and the readings noted in
// docs/rulesets/dungeons-of-olde.md), each with its documented default and where it comes from.
import { z } from "zod";
import type { SwitchDef } from "../../engine/ruleset.js";
import { switchDefiner, switchReader } from "../../engine/ruleset-switches.js";
import { byDefault, chapter, cited } from "../../engine/provenance.js";
import { CORE_RULES } from "./data/provenance.js";

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
}

export const DEFAULT_SWITCHES: Switches = {
  criticalMiss: "table",
  baselineDefence: 0,
  damageDiceExplode: false,
  apDieExplodes: false,
  roundApLimit: 3,
  minimalLineOfSight: "penalty",
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
];

/** The resolved switches of an encounter, as plain typed values. */
export const readSwitches = switchReader(DEFAULT_SWITCHES, SWITCH_DEFS);

/** The lowest margin that is only a miss (Critical Outcomes in Combat). */
export function missFloor(s: Switches): number {
  return s.criticalMiss === "text" ? -2 : -3;
}
