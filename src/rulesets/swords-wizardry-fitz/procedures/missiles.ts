// Missile Attacks and what a missile's critical leaves behind: shooting into a melee picks the
// victim at random (at the GM's word); a missile left in the wound does part of its damage again
// in every round its victim moves or fights (switch `embeddedMissile`), until someone spends a
// round pulling it out, which does its normal damage unless the extractor saves.
import type { RuleContext } from "../../../engine/choice.js";
import { DEFAULTS } from "../data/defaults.js";
import { die, NAT_1, SAVED, NAT_20, saveRoll, total } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, SwState } from "../state.js";
import { fractionOf } from "../switches.js";
import { ask } from "./ask.js";
import { hurt, saveNeed } from "./damage.js";
import { attackable, distance } from "./field.js";
import { extractionQuestion, randomMissileQuestion } from "./gm-questions.js";
import { maxDamage } from "./damage-numbers.js";
import { ownSteady } from "../own-steady.js";

/** Shooting into a melee: everyone within ten feet of the target may take the missile. */
export function missileVictim(
  state: SwState,
  shooter: Fighter,
  t: Fighter,
  ctx: RuleContext,
): Fighter {
  let n = 0;
  for (const c of state.combatants)
    if (
      c !== shooter &&
      c !== t &&
      attackable(c) &&
      distance(c, t) <= DEFAULTS.inCombat &&
      c.side !== t.side
    )
      n += 1;
  if (n === 0) return t;
  const melee = state.combatants.filter(
    (c) => c !== shooter && attackable(c) && (c === t || distance(c, t) <= DEFAULTS.inCombat),
  );
  if (!ask(ctx, "gm", "random-missile", randomMissileQuestion(shooter, t, melee.length))) return t;
  const k = ctx.roll(
    die(melee.length),
    ctx.explaining ? `who ${shooter.name}'s missile goes to` : "victim",
    shooter.id,
  );
  const victim = melee[k - 1]!;
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.missiles,
      () => `the missile goes into the melee: it flies at ${victim.name}`,
    );
  return victim;
}

/** End of a round: missiles in the wounds of those who moved or fought hurt again. */
export function embeddedDamage(state: SwState, ctx: RuleContext): void {
  const f = fractionOf(state.switches.embeddedMissile);
  for (const c of state.combatants) {
    if (c.steady.embedded.length === 0 || c.status !== "fighting" || (c.moved === 0 && !c.attacked))
      continue;
    for (const notation of c.steady.embedded) {
      if (c.status !== "fighting") break;
      const rolled = ctx.roll(
        total(notation),
        ctx.explaining ? `the missile in ${c.name}'s wound` : "embedded",
        c.id,
      );
      const amount = Math.floor(rolled * f);
      if (ctx.explaining)
        ctx.explain(
          SECTIONS.criticals,
          () =>
            `${c.name} moved or fought with a missile in the wound: ${rolled} x ${state.switches.embeddedMissile} = ${amount}`,
        );
      hurt(state, c, amount, false, ctx);
    }
  }
}

/** A round spent pulling a missile out of `patient` (itself or a friend beside it). */
export function extract(state: SwState, f: Fighter, patient: Fighter, ctx: RuleContext): void {
  const embedded = patient.steady.embedded;
  const notation = embedded[embedded.length - 1];
  if (notation === undefined) return;
  ownSteady(patient).embedded = embedded.slice(0, -1);
  const modifier = ask(ctx, "gm", "extraction", extractionQuestion(f, patient));
  const need = saveNeed(f, modifier);
  const save = ctx.roll(
    saveRoll(need, true, false),
    ctx.explaining ? `${f.name}'s save to draw the missile cleanly (needs ${need})` : "save",
    f.id,
  );
  if (save === SAVED || save === NAT_20) {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.criticals,
        () => `${f.name} draws the missile out of ${patient.name} cleanly`,
      );
    return;
  }
  const amount =
    save === NAT_1
      ? maxDamage(notation)
      : ctx.roll(
          total(notation),
          ctx.explaining ? "the missile's damage as it comes out" : "extraction",
          f.id,
        );
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.criticals,
      () =>
        `drawing the missile out of ${patient.name} does ${amount}${save === NAT_1 ? " (a natural 1: the maximum)" : ""}`,
    );
  hurt(state, patient, amount, false, ctx);
}
