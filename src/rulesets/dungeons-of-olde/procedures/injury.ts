// Hit points and injury (core rules; Injury and Healing Reference): damage comes off hit points;
// at 0 or below a character is incapacitated and dying, losing 1 HP at every reset until
// stabilized; at minus its maximum it is dead. Damage of more than half the maximum in one blow
// stuns, unless a Brawn or Nerve check reaches a CR equal to the damage.
import type { RuleContext } from "../../../engine/choice.js";
import { ownSteady } from "../own-steady.js";
import { checkChance, checkRoll } from "../dice/specs.js";
import { NORMAL } from "../dice/stat-die.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState } from "../state.js";
import { labelsFor } from "./ask.js";
import { brawnRank, checkAdjustment, nerveRank } from "./derived.js";

/** Injury Status, as a side sees a foe: healthy, bruised, bloodied, incapacitated, dead. */
export function injuryStatus(c: CombatantState): string {
  if (c.status === "dead") return "dead";
  if (c.hp <= 0) return "incapacitated";
  if (c.hp >= c.steady.sheet.maxHp) return "healthy";
  return c.hp * 2 >= c.steady.sheet.maxHp ? "bruised" : "bloodied";
}

function knockDown(state: DooState, t: CombatantState, ctx: RuleContext): void {
  if (t.hp <= -t.steady.sheet.maxHp) {
    t.status = "dead";
    const steady = ownSteady(t);
    steady.bleeding = false;
    steady.stunned = false;
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.injury,
        () => `${t.name} is at ${t.hp} HP (minus its ${t.steady.sheet.maxHp} maximum): dead`,
      );
    return;
  }
  if (t.hp <= 0 && t.status === "fighting") {
    t.status = "incapacitated";
    const steady = ownSteady(t);
    steady.bleeding = true;
    steady.stunned = false;
    steady.blocking = false;
    steady.withdrawing = false;
    t.ap = 0;
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.injury,
        () =>
          `${t.name} is at ${t.hp} HP: incapacitated and dying (bleeding 1 HP at every reset until stabilized)`,
      );
  }
}

/**
 * Takes `dmg` off `t`'s hit points; a blow of more than half its maximum (that leaves it
 * conscious) stuns it unless it passes a Brawn or Nerve check against CR = the damage.
 */
export function applyDamage(
  state: DooState,
  t: CombatantState,
  dmg: number,
  ctx: RuleContext,
): void {
  if (dmg <= 0) return;
  const before = t.hp;
  t.hp -= dmg;
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.injury,
      () => `${t.name} loses ${dmg} HP, from ${before} to ${t.hp} of ${t.steady.sheet.maxHp}`,
    );
  if (t.hp <= 0) {
    knockDown(state, t, ctx);
    return;
  }
  if (t.status === "fighting" && dmg * 2 > t.steady.sheet.maxHp) stunningBlow(t, dmg, ctx);
}

/** Stunning blows: the better of a Brawn and a Nerve check (the defender's obvious choice) against CR = damage. */
function stunningBlow(t: CombatantState, dmg: number, ctx: RuleContext): void {
  const bAdj = checkAdjustment(t, "brawn");
  const brawn = checkChance(brawnRank(t), NORMAL, bAdj - dmg);
  const nerve = checkChance(nerveRank(t), NORMAL, -dmg);
  const useBrawn = brawn >= nerve;
  const rank = useBrawn ? brawnRank(t) : nerveRank(t);
  const adj = useBrawn ? bAdj : 0;
  const pass = ctx.roll(checkRoll(rank, NORMAL, adj - dmg), labelsFor(t.name).stun, t.id) === 1;
  if (!pass) {
    const steady = ownSteady(t);
    steady.stunned = true;
    steady.blocking = false;
  }
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.injury,
      () =>
        `${dmg} damage is more than half of ${t.name}'s ${t.steady.sheet.maxHp} HP: a stunning blow; its ${useBrawn ? "Brawn" : "Nerve"} check (the better chance${adj !== 0 ? `, ${adj} from its gear` : ""}) against CR ${dmg} ${pass ? "succeeds: not stunned" : "fails: stunned (attacks on it need only CR 6; it acts no more until the reset phase)"}`,
    );
}

/** A legendary hit's "defender is instantly slain". */
export function slay(state: DooState, t: CombatantState, ctx: RuleContext): void {
  t.hp = -t.steady.sheet.maxHp;
  knockDown(state, t, ctx);
}

/** The reset phase's per-turn effect: a dying character loses 1 HP. */
export function bleed(state: DooState, c: CombatantState, ctx: RuleContext): void {
  if (c.status !== "incapacitated" || !c.steady.bleeding) return;
  c.hp -= 1;
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.injury,
      () => `${c.name} bleeds: 1 HP lost, now ${c.hp} of ${c.steady.sheet.maxHp}`,
    );
  knockDown(state, c, ctx);
}

/** Healing back to 1 HP or more ends incapacitation: the character is conscious again. */
export function heal(c: CombatantState, amount: number, ctx: RuleContext): void {
  if (c.status === "dead" || amount <= 0) return;
  const before = c.hp;
  c.hp = Math.min(c.steady.sheet.maxHp, c.hp + amount);
  if (c.status === "incapacitated" && c.hp >= 1) {
    c.status = "fighting";
    ownSteady(c).bleeding = false;
    c.ap = 0;
  }
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.injury,
      () =>
        `${c.name} regains ${c.hp - before} HP: ${c.hp} of ${c.steady.sheet.maxHp}${c.status === "fighting" && before <= 0 ? ": conscious again (it acts from the next turn)" : ""}`,
    );
}
