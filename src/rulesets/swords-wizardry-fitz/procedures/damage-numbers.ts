// The damage numbers of a weapon (Damage, Strength and Dexterity): the mean and the most a
// notation rolls (cached by notation, so that the hot path allocates nothing), the damage bonus
// of an attacker's weapon (STR for melee and short thrown, magic, a strained muscle), and the
// melee weapon that reaches a foe and does most (what a free attack is made with).
import { compileDice } from "../../../core/dice/index.js";
import type { Fighter, WeaponState } from "../state.js";
import { inReach, usable } from "./field.js";

const BONUS_OFFSET = 32;
const means = new Map<string, Float64Array>();
let lastNotation = "";
let lastRow: Float64Array = new Float64Array(0);

function meanRow(notation: string): Float64Array {
  if (notation === lastNotation) return lastRow;
  let row = means.get(notation);
  if (row === undefined) {
    row = new Float64Array(2 * BONUS_OFFSET + 1);
    const entries = compileDice(notation).dist().entries();
    for (let i = 0; i < row.length; i += 1) {
      const bonus = i - BONUS_OFFSET;
      let m = 0;
      for (const [x, p] of entries) m += Math.max(0, x + bonus) * p;
      row[i] = m;
    }
    means.set(notation, row);
  }
  lastNotation = notation;
  lastRow = row;
  return row;
}

/** E[max(0, damage + bonus)]. */
export function meanDamage(notation: string, bonus: number): number {
  return meanRow(notation)[Math.max(0, Math.min(2 * BONUS_OFFSET, bonus + BONUS_OFFSET))]!;
}

const maxes = new Map<string, number>();

/** The most a notation can roll. */
export function maxDamage(notation: string): number {
  let m = maxes.get(notation);
  if (m === undefined) {
    m = compileDice(notation).dist().max;
    maxes.set(notation, m);
  }
  return m;
}

/** The damage bonus of `att` with `w` at `d` feet: STR for melee and thrown at short range, magic. */
export function damageBonus(att: Fighter, w: WeaponState, d: number): number {
  const str = w.kind === "melee" || (w.thrown && d <= w.range) ? att.sheet.strDamage : 0;
  return str + w.magic - att.steady.damagePenalty;
}

/** The usable melee weapon that reaches `d` feet with the most mean damage. */
export function bestMelee(att: Fighter, d: number): WeaponState | undefined {
  let best: WeaponState | undefined;
  let bestMean = -1;
  for (const w of att.steady.weapons) {
    if (
      w.kind !== "melee" ||
      !usable(w) ||
      !inReach(w, d) ||
      w === att.steady.weapons[att.sheet.offHand]
    )
      continue;
    const m = meanDamage(w.damage, damageBonus(att, w, d));
    if (m > bestMean) {
      bestMean = m;
      best = w;
    }
  }
  if (best === undefined && att.sheet.offHand >= 0) {
    const off = att.steady.weapons[att.sheet.offHand]!;
    if (usable(off) && inReach(off, d)) best = off;
  }
  return best;
}
