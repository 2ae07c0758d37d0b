// Morale: the GM decides when monsters and NPCs abandon a hopeless fight; the fearless (mindless,
// undead) never do; player characters decide their own (they run with the "retreat:run" action).
// The GM is asked when a monster's side has lost half its number, and when the monster itself is
// down to a quarter of its hit points.
import type { RuleContext } from "../../../engine/choice.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, SwState } from "../state.js";
import { ask } from "./ask.js";
import { moraleQuestion } from "./gm-questions.js";
import { takeOut } from "./status.js";
import { ownSteady } from "../own-steady.js";

const SIDE_HALVED = 1;
const BADLY_HURT = 2;

function sideHalved(state: SwState, f: Fighter): boolean {
  let all = 0;
  let out = 0;
  for (const c of state.combatants) {
    if (c.side !== f.side) continue;
    all += 1;
    if (c.status !== "fighting") out += 1;
  }
  return out * 2 >= all && all > 1;
}

export function checkMorale(state: SwState, ctx: RuleContext): void {
  for (const f of state.combatants) {
    if (
      f.sheet.kind === "character" ||
      f.sheet.fearless ||
      f.steady.routed ||
      f.status !== "fighting"
    )
      continue;
    let trigger = 0;
    if (!(f.steady.moraleAsked & SIDE_HALVED) && sideHalved(state, f)) trigger = SIDE_HALVED;
    else if (!(f.steady.moraleAsked & BADLY_HURT) && f.hp * 4 <= f.sheet.maxHp)
      trigger = BADLY_HURT;
    if (trigger === 0) continue;
    ownSteady(f).moraleAsked |= trigger;
    const answer = ask(ctx, "gm", "morale", moraleQuestion(state, f));
    if (answer === "flee") ownSteady(f).routed = true;
    else if (answer === "surrender") takeOut(state, f, "surrendered");
    if (ctx.explaining)
      ctx.explain(SECTIONS.morale, () =>
        answer === "fight"
          ? `${f.name} fights on`
          : answer === "flee"
            ? `${f.name} breaks and flees`
            : `${f.name} surrenders`,
      );
  }
}
