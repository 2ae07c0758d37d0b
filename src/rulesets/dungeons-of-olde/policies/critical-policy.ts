// The attacker's default choice of critical outcome: the instant kill when the gamemaster allows
// it; a damage option when it takes the defender down; otherwise the option worth most, measured
// like every other policy value as HP taken off the defender (a share of what it has left) or HP
// it is kept from taking off the attacker (a share of the attacker's). Conditions are valued by
// Fray's defaults for them: a trip costs the defender its next attack (2 AP to rise); blindness
// puts its remaining attacks this turn at disadvantage, for the rest of the fight when lasting;
// disarming costs it an action, breaking its weapon leaves it with its bare hands. A condition the
// defender already has is worth nothing.
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { attackStat, wielded, type AttackKind } from "../procedures/derived.js";
import { expectedDamage, meanHit } from "./estimates.js";

/** A foe's expected damage on `me` from one attack with the weapon in hand (0 if it cannot reach now). */
function threat(state: DooState, foe: CombatantState, me: CombatantState): number {
  const w = wielded(foe);
  const kind: AttackKind = w.melee !== null ? "melee" : "ranged";
  return expectedDamage(state, foe, me, w, kind, 0, foe.pos);
}

/** Turns a lasting condition is assumed to matter for. */
const LASTING_TURNS = 3;

/** A condition the defender already has: choosing it again would change nothing. */
function alreadyHas(target: CombatantState, option: string): boolean {
  switch (option) {
    case "trip":
      return target.prone;
    case "blind":
      return target.blind > 0;
    case "lasting-blind":
      return target.blind === 2;
    case "lame":
      return target.lame;
    default:
      return false;
  }
}

export function chooseCritical(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  options: readonly string[],
): string {
  if (options.includes("slay")) return "slay";
  const hp = target.hp > 1 ? target.hp : 1;
  const myHp = me.hp > 1 ? me.hp : 1;
  const plain = meanHit(state, me, target, w, kind, false, false, hp);
  const brawn = attackStat(w, kind) === "brawn";
  const perAttack = threat(state, target, me) / myHp;
  const attacksLeft = Math.max(1, Math.floor(target.ap / 2));
  let best = options[0]!;
  let bestValue = -Infinity;
  for (const o of options) {
    // Critical Outcomes in Combat: the attacker picks an outcome to gain by it, never one the
    // defender already suffers (tripping a foe already prone).
    if (alreadyHas(target, o)) continue;
    let v: number;
    switch (o) {
      case "max-damage":
      case "bypass-armour":
      case "max-bypass": {
        const max = o !== "bypass-armour";
        const bypass = o !== "max-damage";
        const dmg = meanHit(
          state,
          me,
          target,
          w,
          kind,
          max && (brawn || o === "max-bypass"),
          bypass,
          hp,
        );
        // Taking the defender down outright is worth more than any condition on it.
        v = dmg >= hp ? 10 : (dmg - plain) / hp;
        break;
      }
      case "trip":
        v = perAttack;
        break;
      case "blind":
        v = 0.3 * perAttack * attacksLeft;
        break;
      case "lasting-blind":
        v = 0.3 * perAttack * 2 * LASTING_TURNS;
        break;
      case "disarm":
        v = 0.5 * perAttack;
        break;
      case "break-weapon":
        v = 0.5 * perAttack * 2 * LASTING_TURNS;
        break;
      case "lame":
        v = 0.01;
        break;
      default:
        v = 0;
    }
    if (v > bestValue) {
      bestValue = v;
      best = o;
    }
  }
  return best;
}
