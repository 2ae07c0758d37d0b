// Switches: one per ambiguity of the chapter (RULES-NOTES.md, 003, and those found reading it in
// full), each with its documented default and where that default comes from.
import { z } from "zod";
import type { Json, JsonObject } from "../../engine/json.js";
import type { SwitchDef } from "../../engine/ruleset.js";
import { switchReader } from "../../engine/ruleset-switches.js";

export interface KarnSwitches {
  readonly dodgeRoll: "per-attack" | "once";
  readonly dodgeAgainstSeveral: "dodge-penalty" | "stacked";
  readonly defenceFumbles: "fail" | "chart";
  readonly savedSplitsHalve: boolean;
  readonly pierceCriticalChance: number;
  readonly surfaceRounding: "down" | "up";
  readonly knockOutAtTen: "normal-strike" | "knock-out";
  readonly outAtHp: number;
  readonly staminaOut: "unconscious" | "ignored";
  readonly hitOtherStamina: "selected" | "on-hit";
  readonly stunnedInitiative: "roll-zero" | "total-zero";
  readonly winnerDodgeKeeps: "first-part" | "first-action";
}

function oneOf<T extends string>(key: string, values: readonly [T, ...T[]]) {
  return z.enum(values, { error: `${key} is ${values.map((v) => `"${v}"`).join(" or ")}` });
}

const schemas = {
  dodgeRoll: oneOf("dodgeRoll", ["per-attack", "once"]),
  dodgeAgainstSeveral: oneOf("dodgeAgainstSeveral", ["dodge-penalty", "stacked"]),
  defenceFumbles: oneOf("defenceFumbles", ["fail", "chart"]),
  savedSplitsHalve: z.boolean({ error: "savedSplitsHalve is true or false" }),
  pierceCriticalChance: z
    .int({ error: "pierceCriticalChance is a whole percentage" })
    .min(0, "pierceCriticalChance is 0 to 100")
    .max(100, "pierceCriticalChance is 0 to 100"),
  surfaceRounding: oneOf("surfaceRounding", ["down", "up"]),
  knockOutAtTen: oneOf("knockOutAtTen", ["normal-strike", "knock-out"]),
  outAtHp: z
    .int({ error: "outAtHp is a whole number of hit points" })
    .min(-100, "outAtHp is -100 to 0")
    .max(0, "outAtHp is -100 to 0"),
  staminaOut: oneOf("staminaOut", ["unconscious", "ignored"]),
  hitOtherStamina: oneOf("hitOtherStamina", ["selected", "on-hit"]),
  stunnedInitiative: oneOf("stunnedInitiative", ["roll-zero", "total-zero"]),
  winnerDodgeKeeps: oneOf("winnerDodgeKeeps", ["first-part", "first-action"]),
} as const;

export const DEFAULT_SWITCHES: KarnSwitches = {
  dodgeRoll: "per-attack",
  dodgeAgainstSeveral: "dodge-penalty",
  defenceFumbles: "fail",
  savedSplitsHalve: true,
  pierceCriticalChance: 25,
  surfaceRounding: "down",
  knockOutAtTen: "normal-strike",
  outAtHp: 0,
  staminaOut: "unconscious",
  hitOtherStamina: "selected",
  stunnedInitiative: "roll-zero",
  winnerDodgeKeeps: "first-part",
};

export const SWITCH_DEFS: readonly SwitchDef[] = [
  {
    key: "dodgeRoll",
    description:
      'How a dodge meets the attacks it covers (3. Defender Chooses Defense/Counterattack(s): one dodge covers every attack, even from several attackers): "per-attack" rolls the dodge against each attack; "once" rolls it once and that total stands against every attack of the melee.',
    schema: schemas.dodgeRoll,
    default: DEFAULT_SWITCHES.dodgeRoll,
    provenance: {
      source: "chapter",
      ref: "5. Roll and Compare: each attack is rolled and compared with the action that counters it, action by action",
    },
  },
  {
    key: "dodgeAgainstSeveral",
    description:
      'A dodge against several attackers (Multiple Attackers Or Defenders): "dodge-penalty" takes only the dodge\'s own -1 for each attacker after the first; "stacked" also takes the -1 per opponent that every action against several opponents takes.',
    schema: schemas.dodgeAgainstSeveral,
    default: DEFAULT_SWITCHES.dodgeAgainstSeveral,
    provenance: {
      source: "chapter",
      ref: "Multiple Attackers Or Defenders: the dodge's penalty is given as its own rule for defending against several people",
    },
  },
  {
    key: "defenceFumbles",
    description:
      'A defence roll\'s natural 1 (Criticals And Fumbles): "fail" counts it as negative infinity, so the defence fails; "chart" also rolls on the fumble chart, in the column of what the defender defended with.',
    schema: schemas.defenceFumbles,
    default: DEFAULT_SWITCHES.defenceFumbles,
    provenance: {
      source: "chapter",
      ref: "Fumble: the chart is rolled 'according to the type of attack that was fumbled'; its columns are attack types",
    },
  },
  {
    key: "savedSplitsHalve",
    description:
      "Whether a saved action split into several defences still halves (quarters) each roll (2. Winner Chooses Attack(s): the +5 holds 'even if the action is split'). true: the +5 stays and the split penalty applies as to any split action; false: saved actions split with no penalty to the roll.",
    schema: schemas.savedSplitsHalve,
    default: DEFAULT_SWITCHES.savedSplitsHalve,
    provenance: {
      source: "chapter",
      ref: "Splitting Actions: every split action takes the penalty 'unless the action specifically says it doesn't'; the saved action says only that its bonus is not reduced",
    },
  },
  {
    key: "pierceCriticalChance",
    description:
      "The chance (%) that pierce-only damage from a single source that gets through armour at all is critical (Pierce (P): 'usually a 25% chance').",
    schema: schemas.pierceCriticalChance,
    default: DEFAULT_SWITCHES.pierceCriticalChance,
    provenance: { source: "chapter", ref: "Pierce (P): usually 25%" },
  },
  {
    key: "surfaceRounding",
    description:
      "Rounding of Surface Damage's extra half (Critical: +1/2, x1.5) on an odd damage: down or up.",
    schema: schemas.surfaceRounding,
    default: DEFAULT_SWITCHES.surfaceRounding,
    provenance: {
      source: "chapter",
      ref: "Splitting Actions rounds halves down (7.5 to 7); the critical chart does not say",
    },
  },
  {
    key: "knockOutAtTen",
    description:
      'A knock-out called shot whose modified strike is exactly 10 (Knock Out/Stun Called Shots: over 10 knocks out, under 10 but above 5 strikes as normal; 10 falls in neither): "normal-strike" or "knock-out".',
    schema: schemas.knockOutAtTen,
    default: DEFAULT_SWITCHES.knockOutAtTen,
    provenance: {
      source: "chapter",
      ref: "Knock Out/Stun Called Shots: the KO attempt needs a strike 'over 10'",
    },
  },
  {
    key: "outAtHp",
    description:
      "Hit points at or below which a combatant is down (dying or dead) when the melee ends. The chapter has no hit-point rules but a Death Blow leaves -1 HP.",
    schema: schemas.outAtHp,
    default: DEFAULT_SWITCHES.outAtHp,
    provenance: {
      source: "default",
      ref: "Critical (Death Blow kills at -1 HP); the hit-point rules are outside the chapter",
    },
  },
  {
    key: "staminaOut",
    description:
      'What 0 SP does (fumbles, criticals and knock-outs all cost SP; the chapter does not say): "unconscious" drops the combatant out of the fight at the end of the melee; "ignored" tracks SP only.',
    schema: schemas.staminaOut,
    default: DEFAULT_SWITCHES.staminaOut,
    provenance: {
      source: "default",
      ref: "SP rules are outside the chapter; collapsing at 0 SP is the usual reading of a stamina pool",
    },
  },
  {
    key: "hitOtherStamina",
    description:
      'Hit Other\'s SP cost to the fumbler (1D6 for an opponent, 3D6 for an ally or oneself): "selected" whenever the wild strike goes at that person; "on-hit" only when it hits.',
    schema: schemas.hitOtherStamina,
    default: DEFAULT_SWITCHES.hitOtherStamina,
    provenance: {
      source: "chapter",
      ref: "Fumble: every other fumble result costs SP, hit or not",
    },
  },
  {
    key: "stunnedInitiative",
    description:
      'A stunned combatant\'s initiative (Knock Out/Stun Called Shots: "treated as rolls of 0"): "roll-zero" adds its bonuses to a roll of 0; "total-zero" makes the total 0.',
    schema: schemas.stunnedInitiative,
    default: DEFAULT_SWITCHES.stunnedInitiative,
    provenance: {
      source: "chapter",
      ref: "1. Initiative adds bonuses and modifiers to the roll; the stun replaces the roll",
    },
  },
  {
    key: "winnerDodgeKeeps",
    description:
      'What a winner dodging counterattacks in step 4 keeps (4. Winner May Choose Defense: its first action "not counting all parts of a split action as one"): "first-part" keeps only the first part of a split first action; "first-action" keeps the whole first full action.',
    schema: schemas.winnerDodgeKeeps,
    default: DEFAULT_SWITCHES.winnerDodgeKeeps,
    provenance: {
      source: "chapter",
      ref: "4. Winner May Choose Defense: the parts of a split action are not counted as one action",
    },
  },
];

/** The switches as the procedures read them (the engine has resolved defaults and validated). */
export const readSwitches = switchReader(DEFAULT_SWITCHES, SWITCH_DEFS);

export function switchesJson(s: KarnSwitches): JsonObject {
  return s as unknown as Record<string, Json>;
}
