// The rulings a sensible GM gives where the chapter leaves one to the table (the GM's tactics,
// answered when no GM answers): a fist on heavy armour hurts the puncher (Unarmed Combat), only a
// massive opponent is not dissuaded by a polearm's strike (Spears and Polearms), and wrestling or
// pushing fails against the massive and the much bigger, else pins or pushes (Unarmed Combat).
import type { GrappleSituation } from "../procedures/situations.js";
import type { Fighter } from "../state.js";

/** Unarmed Combat: what a punch on `t` does. */
export function unarmedRuling(t: Fighter): string {
  return t.sheet.heavyArmour ? "hurts" : "normal";
}

/** Spears and Polearms: is `mover`, struck by the polearm, fended off? */
export function fendedOffRuling(mover: Fighter): boolean {
  return !mover.sheet.massive;
}

/** Unarmed Combat: the outcome of wrestling or shoving, by size (level or hit dice). */
export function grappleRuling({ att, t, what }: GrappleSituation): string {
  const size = (f: Fighter) => Math.max(f.sheet.level, f.sheet.hitDice);
  if (t.sheet.massive || 2 * size(t) > size(att) + 1) return "fails";
  return what === "wrestle" ? "pinned" : "pushed";
}
