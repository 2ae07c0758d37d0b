// The attacks a fighter can strike with now: a weapon only while in hand (Fumbles: a dropped or
// flung weapon is not), and one that needs training only when trained (No Weapon Training).
import { HELD, type Fighter } from "../state.js";

const ONLY_FIRST: readonly number[] = [0];

/** Attacks it can strike with now: in hand (or not a weapon), and usable without training. */
export function usableAttacks(f: Fighter): readonly number[] {
  if (f.attacks.length === 1) {
    const a = f.attacks[0]!;
    return (a.weapon && f.held[0] !== HELD) || (!a.trained && a.needsTraining) ? [] : ONLY_FIRST;
  }
  const out: number[] = [];
  for (let i = 0; i < f.attacks.length; i += 1) {
    const a = f.attacks[i]!;
    if (a.weapon && f.held[i] !== HELD) continue;
    if (!a.trained && a.needsTraining) continue;
    out.push(i);
  }
  return out;
}
