// Switches: one per ambiguity RULES-NOTES.md (000) lists for this chapter, each with its
// documented default and where that default comes from.
import { z } from "zod";
import type { Json } from "../../engine/json.js";
import type { SwitchDef } from "../../engine/ruleset.js";
import { switchReader } from "../../engine/ruleset-switches.js";
import { DEFAULT_CRIT_DICE, type CritDice } from "./data/crit-dice.js";

export interface TntSwitches {
  readonly bypassPenalty: number;
  readonly bypassDecided: "after-roll" | "before-roll";
  readonly critDice: CritDice;
  readonly defenderNatural1: "attack-hits" | "no-effect";
  readonly ridersOnBasicHits: boolean;
  readonly counterAttack: "codex" | "off";
  readonly grappleAttacks: "as-melee" | "small-weapons-only";
}

const side = z
  .int({ error: "give the sides of the crit die of blunt, pierce, chop and slash: 2 to 100 each" })
  .min(2, "a die needs at least 2 sides")
  .max(100, "at most a d100");

const schemas = {
  bypassPenalty: z
    .int({ error: "bypassPenalty is a whole number 0 to 20 (Codex Martialis: 4)" })
    .min(0, "bypassPenalty is 0 to 20 (Codex Martialis: 4)")
    .max(20, "bypassPenalty is 0 to 20 (Codex Martialis: 4)"),
  bypassDecided: z.enum(["after-roll", "before-roll"], {
    error: 'bypassDecided is "after-roll" or "before-roll"',
  }),
  critDice: z.strictObject({ blunt: side, pierce: side, chop: side, slash: side }),
  defenderNatural1: z.enum(["attack-hits", "no-effect"], {
    error: 'defenderNatural1 is "attack-hits" or "no-effect"',
  }),
  ridersOnBasicHits: z.boolean({ error: "ridersOnBasicHits is true or false" }),
  counterAttack: z.enum(["codex", "off"], { error: 'counterAttack is "codex" or "off"' }),
  grappleAttacks: z.enum(["as-melee", "small-weapons-only"], {
    error: 'grappleAttacks is "as-melee" or "small-weapons-only"',
  }),
} as const;

export const DEFAULT_SWITCHES: TntSwitches = {
  bypassPenalty: 4,
  bypassDecided: "after-roll",
  critDice: DEFAULT_CRIT_DICE,
  defenderNatural1: "attack-hits",
  ridersOnBasicHits: false,
  counterAttack: "codex",
  grappleAttacks: "as-melee",
};

export const SWITCH_DEFS: readonly SwitchDef[] = [
  {
    key: "bypassPenalty",
    description:
      "Attack penalty of an armour-bypass attack (Armor and damage reduction). The chapter names the penalty but not its size.",
    schema: schemas.bypassPenalty,
    default: DEFAULT_SWITCHES.bypassPenalty,
    provenance: {
      source: "cited",
      ref: "Codex Martialis (J. H. Chandler, 2008): -4 to the attack roll",
    },
  },
  {
    key: "bypassDecided",
    description:
      'When the attacker decides on an armour-bypass attack (Calculate attack and defense scores): "after-roll", once the kept die is known, as the attack formula orders it; "before-roll", declared with Attack in Anger before the dice are rolled.',
    schema: schemas.bypassDecided,
    default: DEFAULT_SWITCHES.bypassDecided,
    provenance: {
      source: "chapter",
      ref: "Calculate attack and defense scores: Attack in Anger is decided 'before rolling'; the bypass decision comes after the highest die is taken and the bonuses added",
    },
  },
  {
    key: "critDice",
    description:
      "Critical damage die (sides) for each damage type (Weapon damage-type damage dice): the chapter's page lost its dice.",
    schema: schemas.critDice,
    default: DEFAULT_CRIT_DICE as unknown as Json,
    provenance: {
      source: "default",
      ref: "RULES-NOTES.md 000: blunt d6, pierce d6, chop d8, slash d10, ranked as in Codex Martialis",
    },
  },
  {
    key: "defenderNatural1",
    description:
      "Whether a defender's natural 1 on active defence lets the attack through as a hit for basic damage (the icon outline of Calculating hit or miss) or has no effect (its text walk-through).",
    schema: schemas.defenderNatural1,
    default: DEFAULT_SWITCHES.defenderNatural1,
    provenance: {
      source: "chapter",
      ref: "Calculating hit or miss: the icon line pairs 'attack > defence' with the defender's natural 1, and the chapter announces references to the defender rolling a natural 1",
    },
  },
  {
    key: "ridersOnBasicHits",
    description:
      "Whether the pierce rider (twist the blade) and the blunt rider (CON save or lose a combat die) also apply to hits for basic damage; the chapter writes them under critical damage only.",
    schema: schemas.ridersOnBasicHits,
    default: DEFAULT_SWITCHES.ridersOnBasicHits,
    provenance: {
      source: "chapter",
      ref: "Calculating damage: the riders follow the critical damage calculation",
    },
  },
  {
    key: "counterAttack",
    description:
      'Counter-attacks come from Codex Martialis, not from the chapter, which says "rules for counter-attack not documented yet": "codex" (on by default) lets a defender who actively defended successfully spend leftover combat dice on an attack against the attacker\'s original roll; "off" has none, as the chapter alone would.',
    schema: schemas.counterAttack,
    default: DEFAULT_SWITCHES.counterAttack,
    provenance: {
      source: "cited",
      ref: "Codex Martialis (J. H. Chandler, Ire Games 2008), as read in RULES-NOTES.md 000; not in the chapter",
    },
  },
  {
    key: "grappleAttacks",
    description:
      'Attacks at grapple range, which the chapter leaves undocumented: "as-melee" uses the melee formula (speed bonus) for every weapon; "small-weapons-only" lets only small weapons attack there.',
    schema: schemas.grappleAttacks,
    default: DEFAULT_SWITCHES.grappleAttacks,
    provenance: {
      source: "default",
      ref: "Ranged combat and grappling: no grappling rules yet; the melee formula is the nearest the chapter gives",
    },
  },
];

/** The switches as the procedures read them (the engine has resolved defaults and validated). */
export const readSwitches = switchReader(DEFAULT_SWITCHES, SWITCH_DEFS);
