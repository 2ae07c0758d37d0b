// The attacker's default choice of critical outcome: the instant kill when the gamemaster allows
// it; a damage option when it takes the defender down; otherwise the option worth most, measured
// in one currency: the HP (a share of the attacker's) the defender's attacks are kept from taking
// off the attacker over the rest of the fight. More damage ends the fight sooner, by as many of
// the attacker's blows as it is worth. Conditions are valued by
// Fray's defaults for them: a trip costs the defender its next attack (2 AP to rise), and a foe
// left without the AP to rise defends prone against the attacker's melee blows still to come this
// round; blindness puts its Attack and Defense Checks at disadvantage until the reset phase (for
// the rest of the fight when lasting): its attacks spoiled, and the attacker's own blows still to
// come landing more often, which ends the fight that much sooner; disarming costs it an action; breaking its weapon leaves it its next weapon (or bare hands) for
// the attacks it can still make before the attacker's blows take it down. A condition the
// defender already has is worth nothing.
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { AP } from "../data/rules.js";
import { ATTACKER_HAMPERED, DEFENDER_HAMPERED } from "../procedures/attack.js";
import { attackStat, wielded, type AttackKind } from "../procedures/derived.js";
import { expectedDamage, meanHit } from "../procedures/estimates.js";

/** A foe's expected damage on `me` from one attack with `w`, from where it stands (blind: `hampered`). */
function threatWith(
  state: DooState,
  foe: CombatantState,
  me: CombatantState,
  w: WeaponState,
  hampered = 0,
): number {
  const kind: AttackKind = w.melee !== null ? "melee" : "ranged";
  return expectedDamage(state, foe, me, w, kind, 0, foe.pos, me.hp > 0 ? me.hp : 1, hampered);
}

/** What the foe fights on with once the weapon in hand breaks: its best other weapon, or bare hands. */
function nextThreat(state: DooState, foe: CombatantState, me: CombatantState): number {
  let best = 0;
  foe.steady.weapons.forEach((w, i) => {
    if (i === foe.steady.hand || !(w.natural || (w.where === "carried" && w.count > 0))) return;
    const e = threatWith(state, foe, me, w);
    if (e > best) best = e;
  });
  return best;
}

/** Turns a lasting condition is assumed to matter for, at most. */
const LASTING_TURNS = 3;
/** The weight of damage as progress toward taking the defender down, beside the attacks it spares. */
const PROGRESS = 0.01;
/** A lamed defender's worth: less than any damage option's progress of a tenth of its HP. */
const LAME = 0.001;

/** A condition the defender already has: choosing it again would change nothing. */
function alreadyHas(target: CombatantState, option: string): boolean {
  switch (option) {
    case "trip":
      return target.prone;
    case "blind":
      return target.steady.blind > 0;
    case "lasting-blind":
      return target.steady.blind === 2;
    case "lame":
      return target.steady.lame;
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
  const perAttack = threatWith(state, target, me, wielded(target)) / myHp;
  const attacksLeft = Math.max(1, Math.floor(target.ap / 2));
  // The attacks the defender can still make this fight after a plain hit: as many as `me`'s blows
  // leave it time for.
  const mine = expectedDamage(state, me, target, w, kind, 0, me.pos);
  const per = mine > 0.1 ? mine : 0.1;
  /** The attacks the defender makes before `me`'s blows take `h` HP off it (a lasting horizon). */
  const attacksFor = (h: number) => Math.min(2 * LASTING_TURNS, h > 0 ? h / per : 0);
  const rest = attacksFor(hp - plain);
  // The attacker's blows still to come this round (its AP already paid for this one).
  const myLeft = Math.floor(me.ap / AP.attack);
  /** The defender's attacks spared by `extra` HP more taken off it before the fight's end. */
  const hurried = (extra: number) => (rest - attacksFor(hp - plain - extra)) * perAttack;
  // `me`'s expected damage a blow on the defender blinded, and the defender's on `me`: worked out
  // only for a blinding option (every critical and legendary hit has one, but not a foe already
  // blind), the first only where it counts (a lasting blindness, or blows left this round).
  const cap = target.hp > 0 ? target.hp : 1;
  let mineBlind = NaN;
  let perAttackBlind = NaN;
  for (const o of options) {
    const lasting = o === "lasting-blind";
    if ((!lasting && o !== "blind") || alreadyHas(target, o)) continue;
    if ((lasting || myLeft > 0) && Number.isNaN(mineBlind))
      mineBlind = expectedDamage(state, me, target, w, kind, 0, me.pos, cap, DEFENDER_HAMPERED);
    if (Number.isNaN(perAttackBlind))
      perAttackBlind = threatWith(state, target, me, wielded(target), ATTACKER_HAMPERED) / myHp;
  }
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
        // Taking the defender down outright is worth more than any condition on it. Short of that,
        // the extra damage ends the fight that many of `me`'s blows sooner, sparing the attacks the
        // defender would make meanwhile (and counts as progress when it cannot hurt `me`).
        v =
          dmg >= hp
            ? 10
            : (rest - attacksFor(hp - dmg)) * perAttack + (PROGRESS * (dmg - plain)) / hp;
        break;
      }
      case "trip":
        v =
          perAttack +
          (kind === "melee" && target.ap < AP.rise
            ? hurried(
                myLeft *
                  (expectedDamage(state, me, target, w, kind, 0, me.pos, cap, DEFENDER_HAMPERED) -
                    mine),
              )
            : 0);
        break;
      case "blind":
        v =
          (perAttack - perAttackBlind) * Math.min(attacksLeft, rest) +
          hurried(myLeft > 0 ? myLeft * (mineBlind - mine) : 0);
        break;
      case "lasting-blind": {
        // Every later attack of each at its blind odds: the defender's weaker, and fewer of them
        // before the attacker's surer blows take it down.
        const restBlind = Math.min(2 * LASTING_TURNS, (hp - plain) / Math.max(mineBlind, 0.1));
        v = rest * perAttack - Math.max(0, restBlind) * perAttackBlind;
        break;
      }
      case "disarm":
        v = 0.5 * perAttack;
        break;
      case "break-weapon":
        // It fights on with its next weapon: what it loses is the difference, for the rest of the
        // fight.
        v = (perAttack - nextThreat(state, target, me) / myHp) * rest;
        break;
      case "lame":
        // Below any real progress: a slower foe matters only when nothing else does.
        v = LAME;
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
