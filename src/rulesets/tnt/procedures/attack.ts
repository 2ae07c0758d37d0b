// An attack and its answer: the strike, then the counter-attack a successful active defence
// allows (the `counterAttack` switch; Codex Martialis: the leftover dice attack back against the
// attacker's original roll, and from onset may carry the counter-attacker into melee).
import type { RuleContext } from "../../../engine/choice.js";
import { askDice, askYesNo } from "./decisions.js";
import { MISS } from "./hit-or-miss.js";
import type { CounterSituation, PairSituation } from "./situations.js";
import { canAttackAt } from "./scores.js";
import { inFight, rangeOf, type Fighter, type TntState } from "../state.js";
import { strike, type AttackKind, type StrikeOutcome } from "./strike.js";
import { changeRange } from "./transitions.js";

export type { AttackKind, StrikeOutcome };

/**
 * `att` attacks `target` with `dice` combat dice (an attack or an attack of opportunity);
 * `beforeCounter` is called between the strike and a counter-attack it allows.
 */
export function attack(
  state: TntState,
  ctx: RuleContext,
  att: Fighter,
  target: Fighter,
  dice: number,
  kind: Exclude<AttackKind, "counter">,
  beforeCounter?: (done: StrikeOutcome) => void,
): StrikeOutcome {
  const range = rangeOf(state, att, target);
  const done = strike(state, ctx, att, target, dice, kind);
  if (
    done.activeDefence &&
    done.result === MISS &&
    state.switches.counterAttack === "codex" &&
    target.pool >= 1 &&
    inFight(target) &&
    inFight(att) &&
    // A counter-attack is an attack: at grapple range only where the grappleAttacks switch lets
    // the defender's weapon strike (Ranged combat and grappling).
    canAttackAt(target, range, state.switches)
  ) {
    beforeCounter?.(done);
    counterAttack(state, ctx, target, att, done, range === "onset");
  }
  return done;
}

/** The counter-attack of `defender` on `attacker` that `original`'s active defence allows. */
export function counterAttack(
  state: TntState,
  ctx: RuleContext,
  defender: Fighter,
  attacker: Fighter,
  original: StrikeOutcome,
  atOnset: boolean,
): void {
  const n = askDice(
    ctx,
    defender.id,
    "counter",
    () =>
      `${defender.name} defended actively. How many of the ${defender.pool} combat dice left go into a counter-attack on ${attacker.name} (against ${original.total})?`,
    defender.pool,
    {
      state,
      me: defender,
      foe: attacker,
      natural: original.natural,
      total: original.total,
    } satisfies CounterSituation,
    // The blow it decides, a reply to the attacker's (engine/last-result.ts).
    ctx.explaining ? { attacker: defender.id, target: attacker.id } : undefined,
  );
  if (n === 0) return;
  strike(state, ctx, defender, attacker, n, "counter", original);
  if (
    atOnset &&
    inFight(defender) &&
    inFight(attacker) &&
    rangeOf(state, defender, attacker) === "onset"
  ) {
    const close = askYesNo(
      ctx,
      defender.id,
      "close",
      () =>
        `After the counter-attack, does ${defender.name} enter melee range with ${attacker.name}?`,
      { state, me: defender, foe: attacker } satisfies PairSituation,
    );
    if (close) changeRange(state, ctx, defender, attacker, "melee", "counter-attack");
  }
}
