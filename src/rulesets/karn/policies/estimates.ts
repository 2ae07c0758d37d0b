// What the policies estimate a combatant's numbers to be before anything is rolled: the best
// attack against a foe, strike modifiers, defence bonuses it can use now, and
// the foe it would rather strike.
import { conditionPenalty } from "../procedures/conditions.js";
import { CALLED_SHOTS } from "../data/charts.js";
import { canDefend, parryWeapon } from "../procedures/defence.js";
import { expectedUntrainedPenalty } from "../procedures/training.js";
import type { Act, StrikePart } from "../procedures/melee-types.js";
import type { Fighter, KarnState } from "../state.js";
import { usableAttacks } from "../procedures/usable.js";
import { hitDamage, landing, strikeValue } from "./odds.js";
import type { DefenderView, Incoming } from "./response.js";

export function expectedStrikeModifier(
  state: KarnState,
  f: Fighter,
  i: number,
  penalty = 0,
): number {
  const a = f.attacks[i]!;
  return (
    f.strike + a.strike - conditionPenalty(state, f) - expectedUntrainedPenalty(f, i) - penalty
  );
}

/** Its parry bonus less an untrained weapon's or shield's penalty (No Weapon Training), or null. */
export function parryBonus(f: Fighter): number | null {
  return canDefend(f, "parry") ? f.parry! - expectedUntrainedPenalty(f, parryWeapon(f)) : null;
}

export function defenderView(state: KarnState, f: Fighter, penalty = 0): DefenderView {
  return {
    f,
    penalty: conditionPenalty(state, f) + penalty,
    block: canDefend(f, "block") ? f.block : null,
    parry: parryBonus(f),
    dodge: canDefend(f, "dodge") ? f.dodge : null,
  };
}

/** The better of its block and parry, or null. */
export function bestBlockOrParry(f: Fighter): number | null {
  const b = canDefend(f, "block") ? f.block : null;
  const p = parryBonus(f);
  if (b === null) return p;
  if (p === null) return b;
  return Math.max(b, p);
}

/** Expected hit points a full strike with attack `i` takes off `target` against a full block or parry. */
export function attackValue(state: KarnState, f: Fighter, i: number, target: Fighter): number {
  const a = f.attacks[i]!;
  const best = a.ranged ? target.dodge : bestBlockOrParry(target);
  const cov = target.armour !== null && target.armourHp > 0 ? target.armour.cov : 0;
  let dm = (best ?? 0) - conditionPenalty(state, target);
  if (a.pierceOnly) dm += 3;
  if (a.ranged) dm -= a.dodgePenalty;
  const l = landing(
    1,
    expectedStrikeModifier(state, f, i),
    best === null ? 0 : 1,
    dm,
    a.ranged,
    cov,
  );
  return strikeValue(l, hitDamage(f, a, target, state.switches.pierceCriticalChance));
}

/** Its best attack against `target` (index), or -1 with none usable. */
export function bestAttack(state: KarnState, f: Fighter, target: Fighter): number {
  const usable = usableAttacks(f);
  if (usable.length <= 1) return usable.length === 0 ? -1 : usable[0]!;
  let best = -1;
  let bestValue = -Infinity;
  for (const i of usable) {
    const v = attackValue(state, f, i, target);
    if (v > bestValue + 1e-12) {
      bestValue = v;
      best = i;
    }
  }
  return best;
}

/** The foe it would rather strike: the one it faces, else the one it hurts most for its hit points. */
export function preferredFoe(state: KarnState, act: Act, foes: readonly Act[]): Act {
  const facing = foes.find((a) => a.f.index === act.f.facing);
  if (facing !== undefined) return facing;
  let best = foes[0]!;
  let bestValue = -Infinity;
  for (const foe of foes) {
    const i = bestAttack(state, act.f, foe.f);
    const v = i < 0 ? 0 : attackValue(state, act.f, i, foe.f) / Math.max(1, foe.f.hp);
    if (v > bestValue) {
      bestValue = v;
      best = foe;
    }
  }
  return best;
}

/** A declared strike as the defender's model sees it. */
export function incomingOf(state: KarnState, s: StrikePart): Incoming {
  const f = s.owner.f;
  const called = s.called === null ? 0 : CALLED_SHOTS[s.called].penalty;
  return {
    by: f,
    attack: f.attacks[s.attack]!,
    size: s.size,
    modifier: expectedStrikeModifier(state, f, s.attack) - called,
  };
}

export function savedUnits(act: Act): number {
  let n = 0;
  for (const p of act.parts) if (p.kind === "save") n += p.capacity;
  return n;
}

export function valueAgainst(
  state: KarnState,
  f: Fighter,
  i: number,
  size: number,
  target: Fighter,
): number {
  const a = f.attacks[i]!;
  const cov = target.armour !== null && target.armourHp > 0 ? target.armour.cov : 0;
  const l = landing(
    size === 4 ? 1 : size === 2 ? 2 : 4,
    expectedStrikeModifier(state, f, i),
    0,
    0,
    a.ranged,
    cov,
  );
  return strikeValue(l, hitDamage(f, a, target, state.switches.pierceCriticalChance));
}
