// Combat ranges and how to change them, first line: combatants start disengaged and rolling
// initiative puts them at onset. The chapter gives no method (a default of Fray's below), nor a
// way for a pair that disengaged to meet again (the GM's ruling).
import type { RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { askYesNo, rollLabel } from "./decisions.js";
import { poolRoll } from "./dice.js";
import { SECTIONS } from "../sections.js";
import { inFight, rangeOf, type TntState } from "../state.js";
import { changeRange } from "./transitions.js";

/**
 * "Roll initiative, and you end up in onset range." The chapter gives no method: each combatant
 * rolls d20 + its initiative bonus once, highest first; ties go to more combat dice, then to
 * the order of the encounter file (a default of Fray's).
 */
export function rollInitiative(state: TntState, ctx: RuleContext): void {
  const totals = state.fighters.map(
    (f) =>
      ctx.roll(
        poolRoll(1),
        rollLabel(
          ctx,
          () =>
            `${f.name}'s initiative${f.initiative === 0 ? "" : ` (${signed(f.initiative, " ")})`}`,
          "initiative",
        ),
        f.id,
      ) + f.initiative,
  );
  state.order = state.fighters
    .map((_, i) => i)
    .sort(
      (a, b) =>
        totals[b]! - totals[a]! ||
        state.fighters[b]!.combatDice - state.fighters[a]!.combatDice ||
        a - b,
    );
  const fighters = state.fighters;
  for (let i = 0; i < fighters.length; i += 1) {
    for (let j = i + 1; j < fighters.length; j += 1) {
      if (fighters[i]!.side !== fighters[j]!.side)
        changeRange(state, ctx, fighters[i]!, fighters[j]!, state.startRange, "initiative");
    }
  }
  state.started = true;
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.initiative,
      () =>
        `initiative order: ${state.order.map((i) => `${fighters[i]!.name} (${totals[i]})`).join(", ")}`,
    );
  }
}

/** Pairs left disengaged (by a disengage in a group fight) close again at the GM's word. */
export function reEngage(state: TntState, ctx: RuleContext): void {
  const fighters = state.fighters;
  for (let i = 0; i < fighters.length; i += 1) {
    const a = fighters[i]!;
    if (!inFight(a)) continue;
    for (let j = i + 1; j < fighters.length; j += 1) {
      const b = fighters[j]!;
      if (a.side === b.side || !inFight(b) || rangeOf(state, a, b) !== "disengaged") continue;
      const again = askYesNo(
        ctx,
        "gm",
        "re-engage",
        () =>
          `${a.name} and ${b.name} are disengaged. Do they meet again at onset range this round?`,
        null,
      );
      if (again) changeRange(state, ctx, a, b, "onset", "initiative");
    }
  }
}
