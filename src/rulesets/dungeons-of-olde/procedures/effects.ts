// What the chapter leaves to the gamemaster: the effect of an item or a spell (neither is in the
// chapter), the CR of a spell's Savvy check. Each is a decision for "gm" with a default (the GM's
// tactics, tactics.ts); the effect is a free-form ruling (no listed choices: any "heal:<id>:<n>"
// or "damage:<id>:<n>").
import { z } from "zod";
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState } from "../state.js";
import { ask } from "./ask.js";
import { applyDamage, heal } from "./injury.js";

export interface Effect {
  readonly kind: "none" | "heal" | "damage";
  readonly target: CombatantState | undefined;
  readonly amount: number;
}

/** "none", "heal:<id>:<n>" or "damage:<id>:<n>". */
export function parseEffect(state: DooState, v: string): Effect | null {
  if (v === "none") return { kind: "none", target: undefined, amount: 0 };
  const [kind, id, n, extra] = v.split(":");
  const target = state.combatants.find((c) => c.id === id);
  const amount = Number(n);
  if (
    target === undefined ||
    extra !== undefined ||
    !Number.isInteger(amount) ||
    amount < 0 ||
    amount > 1000
  )
    return null;
  if (kind === "heal" || kind === "damage") return { kind, target, amount };
  return null;
}

/** The GM rules the effect of `what`; the default is none (the chapter gives no effects). */
export function gmEffect(
  state: DooState,
  me: CombatantState,
  what: string,
  ctx: RuleContext,
): void {
  const value = ask(ctx, "gm", "effect", {
    prompt: () =>
      `${me.name} ${what}. What is the effect? ("none", "heal:<id>:<n>", "damage:<id>:<n>")`,
    schema: () =>
      z.string().refine((v) => parseEffect(state, v) !== null, {
        error: `"none", or heal:<id>:<n> or damage:<id>:<n> with id one of ${state.combatants.map((c) => c.id).join(", ")}`,
      }),
    situation: null,
  });
  const e = parseEffect(state, value);
  if (e === null || e.kind === "none" || e.target === undefined) {
    if (ctx.explaining)
      ctx.explain(SECTIONS.actions, () => "the GM rules it has no effect on the fight");
    return;
  }
  const t = e.target;
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.actions,
      () =>
        `the GM rules ${e.kind === "heal" ? `${e.amount} HP back` : `${e.amount} damage`} for ${t.name}`,
    );
  if (e.kind === "heal") heal(t, e.amount, ctx);
  else applyDamage(state, t, e.amount, ctx);
}

const CR_SCHEMA = z
  .number({ error: "a CR from 3 (Trivial) to 21 (Godly)" })
  .int({ error: "a CR from 3 (Trivial) to 21 (Godly)" })
  .min(0, { error: "a CR from 0 to 30" })
  .max(30, { error: "a CR from 0 to 30" });

/** The GM sets the CR of a spell's Savvy check (default Moderate, 9). */
export function gmCastCr(me: CombatantState, ctx: RuleContext): number {
  return ask(ctx, "gm", "cast-cr", {
    prompt: () =>
      `The CR of ${me.name}'s Savvy check to cast (Trivial 3, Easy 6, Moderate 9, Hard 12, Heroic 15)?`,
    schema: () => CR_SCHEMA,
    choices: () =>
      [3, 6, 9, 12, 15, 18, 21].map((cr) => ({
        value: cr,
        label: ["Trivial", "Easy", "Moderate", "Hard", "Heroic", "Superhuman", "Godly"][
          (cr - 3) / 3
        ]!,
      })),
    situation: null,
  });
}
