// The questions Fray asks the GM where the chapter leaves a ruling to the table, each with the
// situation its default ruling needs (the GM's tactics, policies/gm-rulings.ts and tactics.ts).
// Question keys are stable: an exchange file fixes one as "gm:<key>".
import { z } from "zod";
import type { Choice } from "../../../engine/choice.js";
import { DEFAULTS } from "../data/defaults.js";
import type { Fighter, MagicState, SwState } from "../state.js";
import { YES_NO_SCHEMA, type LazyQuestion } from "../../../engine/lazy-question.js";
import { signed } from "../../../engine/signed.js";
import type { FreeAttackSituation, GrappleSituation, Standpoint } from "./situations.js";

const YES_NO = (yes: string, no: string): Choice<boolean>[] => [
  { value: true, label: yes },
  { value: false, label: no },
];

export const FUMBLES = ["nothing", "drop", "self", "friend", "muscle", "helmet"] as const;
export type FumbleRuling = (typeof FUMBLES)[number];

/** How a GM reads each ruling on `name`'s fumble (no pronoun: Fray does not know a gender). */
function fumbleLabel(ruling: FumbleRuling, name: string): string {
  switch (ruling) {
    case "nothing":
      return "nothing more than the miss and the free attacks";
    case "drop":
      return `${name} drops the weapon`;
    case "self":
      return `${name}'s blow strikes ${name} (weapon damage)`;
    case "friend":
      return `${name}'s blow strikes a friend within reach (weapon damage)`;
    case "muscle":
      return `${name} strains a muscle: -1 damage for the rest of the fight`;
    case "helmet":
      return `${name}'s helmet is knocked over the eyes: -4 to hit for 1d3 rounds`;
  }
}

/** Fumbles: what else goes wrong is the GM's, "whatever amuses him or her most". */
export function fumbleQuestion(att: Fighter, t: Fighter): LazyQuestion<string> {
  return {
    prompt: () => `${att.name} fumbles (a natural 1). What else goes wrong?`,
    schema: () => z.enum(FUMBLES, { error: `one of ${FUMBLES.join(", ")}` }),
    choices: () => FUMBLES.map((value) => ({ value, label: fumbleLabel(value, att.name) })),
    situation: null,
    blow: { attacker: att.id, target: t.id },
  };
}

/** "Assassination" attacks: only against foes whose anatomy the attacker knows. */
export function assassinationQuestion(att: Fighter, t: Fighter): LazyQuestion<boolean> {
  return {
    prompt: () =>
      `${t.name} is helpless or unaware: does ${att.name}'s blow go to its CON (an assassination attack)?`,
    schema: () => YES_NO_SCHEMA,
    choices: () => YES_NO("yes: CON damage, unless it saves", "no: hit-point damage"),
    situation: t,
    blow: { attacker: att.id, target: t.id },
  };
}

export const UNARMED_RULINGS = ["normal", "none", "hurts"] as const;

/** Unarmed Combat: common sense about fists on armour. */
export function unarmedArmourQuestion(att: Fighter, t: Fighter): LazyQuestion<string> {
  return {
    prompt: () =>
      `${att.name} punches ${t.name}, who wears ${t.sheet.armourName}: what does the blow do?`,
    schema: () => z.enum(UNARMED_RULINGS, { error: `one of ${UNARMED_RULINGS.join(", ")}` }),
    choices: () => [
      { value: "normal", label: "normal damage" },
      { value: "none", label: "nothing" },
      { value: "hurts", label: `it hurts ${att.name} instead` },
    ],
    situation: t,
    blow: { attacker: att.id, target: t.id },
  };
}

/** Spears and Polearms: a massive or determined opponent may not be dissuaded. */
export function fendedOffQuestion(spear: Fighter, mover: Fighter): LazyQuestion<boolean> {
  return {
    prompt: () => `${spear.name}'s polearm strikes ${mover.name}: is ${mover.name} fended off?`,
    schema: () => YES_NO_SCHEMA,
    choices: () => YES_NO("fended off for this round", "not dissuaded: it comes on"),
    situation: mover,
    blow: { attacker: spear.id, target: mover.id },
  };
}

/** Missile Attacks: shooting into a melee usually hits whoever is there. */
export function randomMissileQuestion(
  shooter: Fighter,
  t: Fighter,
  n: number,
): LazyQuestion<boolean> {
  return {
    prompt: () =>
      `${shooter.name} shoots at ${t.name}, in a melee of ${n}: does the missile go to a random one of them?`,
    schema: () => YES_NO_SCHEMA,
    choices: () => YES_NO("random among the melee", `${t.name} as chosen`),
    situation: null,
  };
}

const SPELL_EFFECTS: readonly string[] = [
  "none",
  "out",
  ...Array.from({ length: 20 }, (_, i) => `damage:${i + 1}`),
];

/** A spell or wand whose effect the file leaves to the GM: nothing, out of the fight, or damage. */
export function spellEffectQuestion(
  caster: Fighter,
  spell: MagicState,
  t: Fighter,
): LazyQuestion<string> {
  return {
    prompt: () =>
      `${caster.name}'s ${spell.name} takes effect on ${t.name}: what does it do? ("none", "out", or "damage:<n>")`,
    schema: () =>
      z.string().refine((v) => SPELL_EFFECTS.includes(v), {
        error: '"none", "out" (out of the fight) or "damage:<n>" (1 to 20)',
      }),
    choices: () =>
      SPELL_EFFECTS.map((value) => ({
        value,
        label:
          value === "none"
            ? "no effect in this fight"
            : value === "out"
              ? `${t.name} is out of the fight`
              : `${value.slice(7)} damage`,
      })),
    situation: null,
  };
}

export const MORALE = ["fight", "flee", "surrender"] as const;

/** Morale: the GM decides when monsters abandon the battle. */
export function moraleQuestion(state: SwState, f: Fighter): LazyQuestion<string> {
  return {
    prompt: () => `${f.name} (${f.hp}/${f.sheet.maxHp} HP): does it fight on, flee or surrender?`,
    schema: () => z.enum(MORALE, { error: `one of ${MORALE.join(", ")}` }),
    choices: () => [
      // Whose: the GM's answer heads the step ("The GM: Cudgel flees", not "The GM: flees").
      { value: "fight", label: `${f.name} fights on` },
      { value: "flee", label: `${f.name} flees` },
      { value: "surrender", label: `${f.name} surrenders` },
    ],
    situation: { state, me: f } satisfies Standpoint,
  };
}

const TERRAIN = z
  .number({ error: "a whole number from -4 to 4" })
  .int({ error: "a whole number from -4 to 4" })
  .min(-DEFAULTS.terrainLimit, { error: "a whole number from -4 to 4" })
  .max(DEFAULTS.terrainLimit, { error: "a whole number from -4 to 4" });
const TERRAIN_CHOICES: Choice<number>[] = [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((v) => ({
  value: v,
  label: v === 0 ? "no adjustment" : `${signed(v)} to hit`,
}));

/**
 * Terrain Features: the GM assigns bonuses and penalties, +/- 4 at most; `adjustment` is what the
 * encounter's terrain gives (the GM's default).
 */
export function terrainQuestion(
  att: Fighter,
  t: Fighter,
  adjustment: number,
): LazyQuestion<number> {
  return {
    prompt: () => `Terrain adjustment to ${att.name}'s attack on ${t.name} (cover, higher ground)?`,
    schema: () => TERRAIN,
    choices: () => TERRAIN_CHOICES,
    situation: adjustment,
    blow: { attacker: att.id, target: t.id },
  };
}

/** Critical Hits and Fumbles: the extractor's save is modified by circumstance. */
export function extractionQuestion(f: Fighter, patient: Fighter): LazyQuestion<number> {
  return {
    prompt: () =>
      `${f.name} pulls a missile out of ${patient.name}: modifier to the save for the conditions (dirty, unstable, surgical skill)?`,
    schema: () => TERRAIN,
    choices: () =>
      TERRAIN_CHOICES.map((c) => ({
        value: c.value,
        label: c.value === 0 ? "none" : `${signed(c.value)} to the save`,
      })),
    situation: null,
  };
}

export const GRAPPLES = ["fails", "pinned", "pushed"] as const;

/** Unarmed Combat: wrestling and pushing are the GM's common sense. */
export function grappleQuestion(
  att: Fighter,
  t: Fighter,
  what: "wrestle" | "shove",
): LazyQuestion<string> {
  return {
    prompt: () =>
      `${att.name} tries to ${what === "wrestle" ? "wrestle" : "push"} ${t.name} ${what === "wrestle" ? "to the ground" : "back"}: what happens?`,
    schema: () => z.enum(GRAPPLES, { error: `one of ${GRAPPLES.join(", ")}` }),
    choices: () => [
      { value: "fails", label: "it fails" },
      { value: "pinned", label: `${t.name} is pinned down until the end of the next round` },
      { value: "pushed", label: `${t.name} is pushed back 5 ft` },
    ],
    situation: { att, t, what } satisfies GrappleSituation,
  };
}

/** Retreating: "an opponent" gets the free attack; which, when several could. */
export function freeAttackQuestion(
  state: SwState,
  me: Fighter,
  near: readonly Fighter[],
): LazyQuestion<string> {
  return {
    prompt: () => `${me.name} is left open: which opponent takes the free attack?`,
    choices: () => near.map((g) => ({ value: g.id, label: g.name })),
    situation: { state, me, near } satisfies FreeAttackSituation,
  };
}
