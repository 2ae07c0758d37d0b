// What the tactics keep on an act between its questions of one melee (Act.tacticMemo, which the
// rules never read): the winner's plan, worked out at the first of its action questions it
// answers, and the defender's worked-out response and counterattacks, kept while the answers
// given follow them.
import type { Act } from "../procedures/melee-types.js";
import type { Plan } from "./plan.js";
import type { Response } from "./response.js";

export interface TacticMemo {
  /** The winner's plan; `planFromFirst`: worked out at its first full action's question. */
  plan: Plan | null;
  planFromFirst: boolean;
  /** The defender's response from its `from`th defence on, and its quarter actions used before each. */
  kept: {
    readonly from: number;
    readonly response: Response;
    readonly usedBefore: readonly number[];
  } | null;
  /** The counterattacks' sizes it planned when it had used `used` quarter actions. */
  keptCounters: { readonly sizes: readonly number[]; readonly used: number } | null;
}

/** The act's memo, made at the first question that needs it. */
export function memoOf(a: Act): TacticMemo {
  return (a.tacticMemo ??= {
    plan: null,
    planFromFirst: false,
    kept: null,
    keptCounters: null,
  } satisfies TacticMemo) as TacticMemo;
}

/**
 * A winner that declared exactly its plan (its forms, all its strikes at the plan's target with
 * the plan's attack and no called shot, the plan worked out from its first question): its
 * target's best response as the plan foresaw it (the defender's tactic need not work it out
 * again); else null.
 */
export function foreseen(w: Act): Response | null {
  const m = w.tacticMemo as TacticMemo | null;
  const plan = m?.plan;
  if (plan === null || plan === undefined || !m!.planFromFirst) return null;
  if (plan.response === null || plan.target === null) return null;
  if (!w.forms.every((form, i) => form === plan.forms[i])) return null;
  for (const x of w.parts) {
    if (
      x.kind === "strike" &&
      (x.target.f !== plan.target || x.attack !== plan.attack || x.called !== null)
    )
      return null;
  }
  return plan.response;
}
