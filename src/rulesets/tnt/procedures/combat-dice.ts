// Combat dice: the pool replenishes every round (less dice lost to the blunt rider; dice set
// aside in anger come back), and the GM may rule that other efforts cost dice.
import type { RuleContext } from "../../../engine/choice.js";
import { askDice } from "./decisions.js";
import { SECTIONS } from "../sections.js";
import { BEST_NONE, inFight, type Fighter, type TntState } from "../state.js";

/** A fighter's pool full again, and nothing of the round before left (no turn, no anger). */
export function refill(f: Fighter): void {
  f.pool = inFight(f) ? Math.max(0, f.combatDice - f.lostDice) : 0;
  f.angerDice = 0;
  f.effortDice = 0;
  f.acted = false;
  f.committed = 0;
  f.twoDiceAttacks = 0;
  f.best = BEST_NONE;
}

/** Combat dice replenish each round, less dice lost to the blunt rider. */
export function replenish(state: TntState, ctx: RuleContext): void {
  for (const f of state.fighters) refill(f);
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.combatDice,
      () =>
        `combat dice replenish: ${state.fighters
          .filter(inFight)
          .map((f) => `${f.name} ${f.pool}`)
          .join(", ")}`,
    );
  }
}

/**
 * "You might rule that other types of effort during combat will require the expenditure of
 * combat dice." With the encounter option `otherEfforts`, the GM is asked at the start of each
 * turn how many of the combatant's dice go to other efforts (default none).
 */
export function otherEfforts(state: TntState, ctx: RuleContext, f: Fighter): void {
  if (!state.otherEfforts || f.pool < 1) return;
  const n = askDice(
    ctx,
    "gm",
    "other-efforts",
    () => `How many of ${f.name}'s ${f.pool} combat dice go to other efforts this turn?`,
    f.pool,
    null,
  );
  if (n === 0) return;
  f.pool -= n;
  f.effortDice += n;
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.combatDice,
      () => `${f.name} spends ${n} combat ${n === 1 ? "die" : "dice"} on other efforts`,
    );
  }
}
