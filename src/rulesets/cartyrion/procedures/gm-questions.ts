// The questions Fray asks the GM where the chapter leaves a ruling to the table, each with the
// situation its default ruling needs (the GM's tactics, policies/gm-rulings.ts). Question keys are
// stable: an exchange file fixes one as "gm:<key>".
import { z } from "zod";
import type { CartyrionState, CombatantState } from "../state.js";
import { feetSchema, yesNoQuestion, type LazyQuestion } from "./ask.js";

/**
 * Resolving Combat: "times where opponent's DEX bonus may not come into play". Surprise lasts the
 * first Combat Round (Surprise), and so does the GM's ruling on the surprised: asked once, at the
 * first blow on one of them, and kept for the round (CartyrionState.surprisedDex). A hold may end
 * at any blow, so a held target's is asked at each; and a surprised one's too with switch
 * surprisedDexRuling "blow", as Fray's cartyrion 1.0.0 asked.
 */
export function dexAppliesQuestion(
  state: CartyrionState,
  target: CombatantState,
): LazyQuestion<boolean> {
  return yesNoQuestion(
    () => {
      if (target.surprised && state.switches.surprisedDexRuling === "blow")
        return `${target.name} is surprised: does its DEX bonus (${target.dex}) still count against this blow?`;
      if (target.surprised)
        return `${target.name} is surprised: does a surprised combatant's DEX bonus (its ${target.dex}) still count against blows? Asked once: the answer holds for every surprised combatant this round.`;
      const holder = state.combatants.find((c) => c.id === target.heldBy);
      return `${target.name} is held by ${holder?.name ?? "a foe"}: does its DEX bonus (${target.dex}) still count against this blow?`;
    },
    { situation: null },
  );
}

/** Where a combatant stands, for the GM's rulings on it. */
export interface Standpoint {
  readonly state: CartyrionState;
  readonly me: CombatantState;
}

/** Sneak Attacks: may `me` hide here? (concealment needs something to hide behind or a way to slip away) */
export function coverQuestion(state: CartyrionState, me: CombatantState): LazyQuestion<boolean> {
  return yesNoQuestion(
    () =>
      `Is there cover where ${me.name} can hide${state.cover ? "" : " (the encounter says there is none)"}?`,
    { situation: { state, me } satisfies Standpoint },
  );
}

/** Sneak Attacks: "Achieving or maintaining successful concealment may require a DEX check." 0 = no check. */
export function concealmentDcQuestion(
  state: CartyrionState,
  me: CombatantState,
  achieving: boolean,
): LazyQuestion<number> {
  return {
    prompt: () =>
      `DC of ${me.name}'s DEX check to ${achieving ? "hide" : "stay concealed while moving"} (0: no check needed)`,
    schema: () =>
      z
        .number({ error: "a DC from 0 to 40" })
        .int()
        .min(0, { error: "a DC from 0 to 40" })
        .max(40, { error: "a DC from 0 to 40" }),
    situation: { state, me } satisfies Standpoint,
  };
}

export type ExtraMovement = "dash" | "leap" | "charge";

/** Movement: Leap, Dash and Charge carry a creature beyond its Move; the chapter leaves how far to their descriptions. */
export function extraMovementQuestion(
  me: CombatantState,
  what: ExtraMovement,
): LazyQuestion<number> {
  return {
    prompt: () =>
      `How many feet beyond its Move (${me.move} ft) does ${me.name}'s ${what === "dash" ? "Dash" : what === "leap" ? "Leap" : "Charge"} carry it?`,
    schema: () => feetSchema(Math.max(1000, 10 * me.move)),
    situation: me,
  };
}

const AIM_EFFECTS = ["dex", "none", "+1", "+2", "+3"] as const;
const AIM_LABELS: Record<(typeof AIM_EFFECTS)[number], string> = {
  dex: "the target's DEX bonus does not count against the aimed shot",
  none: "no effect",
  "+1": "+1 damage",
  "+2": "+2 damage",
  "+3": "+3 damage",
};

/** Actions: Take Aim is named but its effect is not given. */
export function aimEffectQuestion(
  me: CombatantState,
  target: CombatantState,
): LazyQuestion<string> {
  return {
    prompt: () =>
      `${me.name} takes aim at ${target.name}: what does that give its next ranged attack on it?`,
    schema: () => z.enum(AIM_EFFECTS, { error: `one of ${AIM_EFFECTS.join(", ")}` }),
    choices: () => AIM_EFFECTS.map((value) => ({ value, label: AIM_LABELS[value] })),
    situation: null,
  };
}

const GRAPPLE = ["contest", "held", "fails"] as const;
const BREAK_FREE = ["contest", "free", "held"] as const;

/** Actions: Grapple is named but its effect is not given. */
export function grappleQuestion(me: CombatantState, target: CombatantState): LazyQuestion<string> {
  return {
    prompt: () => `${me.name} grapples ${target.name}: does it get a hold?`,
    schema: () => z.enum(GRAPPLE, { error: `one of ${GRAPPLE.join(", ")}` }),
    choices: () => [
      { value: "contest", label: "opposed STR checks decide (ties to the defender)" },
      { value: "held", label: `${target.name} is held: it cannot move until it breaks free` },
      { value: "fails", label: "the grapple fails" },
    ],
    situation: null,
  };
}

export function breakFreeQuestion(
  me: CombatantState,
  holder: CombatantState | undefined,
): LazyQuestion<string> {
  return {
    prompt: () => `${me.name} tries to break free of ${holder?.name ?? "the hold"}: does it?`,
    schema: () => z.enum(BREAK_FREE, { error: `one of ${BREAK_FREE.join(", ")}` }),
    choices: () => [
      { value: "contest", label: "opposed STR checks decide (ties to the holder)" },
      { value: "free", label: "it breaks free" },
      { value: "held", label: "it stays held" },
    ],
    situation: null,
  };
}

/**
 * What an action the chapter does not define does, as the GM rules it: "none", or one of
 * "stamina:<id>:<n>", "direct:<id>:<n>", "push:<id>:<feet>", "held:<id>", "out:<id>".
 */
export function effectQuestion(
  state: CartyrionState,
  me: CombatantState,
  what: string,
): LazyQuestion<string> {
  return {
    prompt: () =>
      `${me.name}: ${what}. What is the effect? ("none", "stamina:<id>:<n>", "direct:<id>:<n>", "push:<id>:<feet>", "held:<id>", "out:<id>")`,
    schema: () =>
      z.string().refine((v) => parseEffect(state, v) !== null, {
        error: `"none" or kind:id[:n] with kind stamina, direct, push, held or out and id one of ${state.combatants.map((c) => c.id).join(", ")}`,
      }),
    situation: null,
  };
}

export interface Effect {
  readonly kind: "none" | "stamina" | "direct" | "push" | "held" | "out";
  readonly target: CombatantState | undefined;
  readonly amount: number;
}

export function parseEffect(state: CartyrionState, v: string): Effect | null {
  if (v === "none") return { kind: "none", target: undefined, amount: 0 };
  const [kind, id, n] = v.split(":");
  const target = state.combatants.find((c) => c.id === id);
  if (target === undefined) return null;
  if (kind === "held" || kind === "out")
    return n === undefined ? { kind, target, amount: 0 } : null;
  if (kind === "stamina" || kind === "direct" || kind === "push") {
    const amount = Number(n);
    if (!Number.isInteger(amount) || amount < 0 || amount > 10000) return null;
    return { kind, target, amount };
  }
  return null;
}

const REVERSE = ["awareness", "ambush", "reversed", "none"] as const;

/** Surprise: the GM decides whether, and how, a reverse ambush can be achieved. */
export function reverseAmbushQuestion(ambushers: string, defenders: string): LazyQuestion<string> {
  return {
    prompt: () =>
      `The ${defenders} suspect the ${ambushers}' ambush and try to turn the tables. How does the first round start?`,
    schema: () => z.enum(REVERSE, { error: `one of ${REVERSE.join(", ")}` }),
    choices: () => [
      {
        value: "awareness",
        label: `an AWA check by the ${defenders} (DC 10 + the ${ambushers}' best AWA): success reverses the ambush, failure means no surprise`,
      },
      { value: "ambush", label: "the ambush stands (the ambush table)" },
      {
        value: "reversed",
        label: `the ambush is reversed: the ${defenders} roll as the ambushers`,
      },
      { value: "none", label: "nobody can be surprised (the ordinary initiative roll)" },
    ],
    situation: null,
  };
}
