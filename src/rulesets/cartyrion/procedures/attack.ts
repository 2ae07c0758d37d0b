// One attack ("Resolving Combat"): there is no roll to hit; the attacker rolls its damage dice
// (Damage Dice: ceil(level / 2) of them, doubled for a Power Attack), each exploding on its
// highest face (Critical Hits), adds the magic bonus once per rolled die but not per explosion
// (Damage Dice) and its STR, DEX or AWA bonus, and subtracts the target's DEX bonus and armour
// points. Melee damage drains stamina; ranged and sneak attacks deal Direct Damage; a parrying
// target stops what its parry can. Ranged attacks cost the shooter stamina (Range Combat).
import { aimed, selfHarm, struck, type RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { SECTIONS } from "../sections.js";
import type { CartyrionState, CombatantState, SpellState, WeaponState } from "../state.js";
import { ask } from "./ask.js";
import { check, D4 } from "./checks.js";
import {
  damageRoll,
  damageRollCountingExplosions,
  unpackExplosions,
  unpackTotal,
} from "./damage-dice.js";
import { labelsFor } from "./labels.js";
import { armourPoints, bonusName, bonusValue } from "./mitigation.js";
import { foundBy } from "./movement.js";
import { parryBlow } from "./parry.js";
import { directDamage, staminaDamage } from "./stamina-and-injuries.js";
import { dexAppliesQuestion } from "./gm-questions.js";
import { weaponName, withWeapon } from "./weapon-name.js";

export type AttackMode = "normal" | "power" | "sneak";

/**
 * Does the target's DEX bonus count against this blow? Asked of the GM only when it is helpless:
 * once a round for the surprised (dexAppliesQuestion; at each blow by switch surprisedDexRuling),
 * at each blow for the held.
 */
function dexApplies(
  state: CartyrionState,
  me: CombatantState,
  target: CombatantState,
  ctx: RuleContext,
): boolean {
  if (me.aimAt === target.id && me.aimEffect === "dex") {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.actions,
        `${me.name} took aim: ${target.name}'s DEX bonus does not count`,
      );
    return false;
  }
  if (!target.surprised && target.heldBy === "") return true;
  const perRound = state.switches.surprisedDexRuling === "round";
  if (target.surprised && state.surprisedDex !== null && perRound) {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.surprise,
        `${target.name} is surprised: its DEX bonus ${state.surprisedDex ? "counts" : "does not count"}, as the GM ruled for this round`,
      );
    return state.surprisedDex;
  }
  // Switch surprisedDexRuling "blow": asked at every blow, as Fray's cartyrion 1.0.0 did; said
  // once, at the first ruling (surprise lasts the first Combat Round only).
  if (target.surprised && !perRound && state.surprisedDex === null && ctx.explaining)
    ctx.explain(
      SECTIONS.surprise,
      "played under Fray's cartyrion 1.0.0 reading: the DEX ruling at every blow (switch surprisedDexRuling)",
    );
  const counts = ask(ctx, "gm", "dex-applies", dexAppliesQuestion(state, target));
  if (target.surprised) state.surprisedDex = counts;
  return counts;
}

function aimBonus(me: CombatantState, target: CombatantState): number {
  if (me.aimAt !== target.id || me.aimEffect[0] !== "+") return 0;
  return Number(me.aimEffect.slice(1));
}

/**
 * The damage that gets through past which `target` is left no different (Stamina Points, then
 * injury slots, "Resolving Combat"): its stamina and every empty slot (one slot a blow with the
 * `injurySlots` switch), or for Direct Damage the empty slots alone; a parrying shield stops
 * half its durability left before that ("Parrying with a Shield").
 */
function damageToFill(state: CartyrionState, target: CombatantState, direct: boolean): number {
  const slots =
    state.switches.injurySlots === "blow" ? 1 : Math.max(1, target.slots - target.injuries);
  const shield =
    target.parry === "shield" && target.shield !== null ? Math.floor(target.shield.left / 2) : 0;
  return (direct ? slots : target.stamina + slots) + shield;
}

/**
 * Rolls `n` damage dice: their total, and their explosions when the target parries with a weapon
 * (Parrying with a Weapon counts them; else 0). A total at most `low` gets nothing through, and
 * one at least `high` leaves the target as any larger one does (`damageToFill`), which the roll
 * tells the exact driver (`ctx.roll`'s low and high); a weapon's parry counts every explosion,
 * and an attack spell gives neither (no tactic casts one: only a decision fixed for exact odds).
 */
function rollDamage(
  me: CombatantState,
  target: CombatantState,
  n: number,
  sides: number,
  ctx: RuleContext,
  low?: number,
  high?: number,
  /** The weapon it strikes with, for the card's "hits ... with the mace" (none: a fist, a spell). */
  weapon?: string,
): { readonly total: number; readonly explosions: number } {
  if (target.parry === "weapon" || target.parry === "both") {
    const code = ctx.roll(
      aimed(ctx, damageRollCountingExplosions(n, sides), me.id, target.id, "damage", weapon),
      labelsFor(me.name).damage,
      me.id,
    );
    return { total: unpackTotal(code), explosions: unpackExplosions(code) };
  }
  const total = ctx.roll(
    aimed(ctx, damageRoll(n, sides), me.id, target.id, "damage", weapon),
    labelsFor(me.name).damage,
    me.id,
    low,
    high,
  );
  return { total, explosions: 0 };
}

/** Range Combat: the shooter spends d4 stamina, halved (rounded up) with Weapon Specialization. */
export function payRangedStamina(
  state: CartyrionState,
  me: CombatantState,
  w: WeaponState,
  ctx: RuleContext,
): number {
  // The shooter's harm to itself (Blow.cause): "Hedda spends stamina on the shot: -2 SP".
  const spec = struck(ctx, D4(), selfHarm(me.id, "spends stamina on the shot"));
  const rolled = ctx.roll(spec, labelsFor(me.name).stamina, me.id);
  const cost = w.specialised ? Math.ceil(rolled / 2) : rolled;
  const paid = Math.min(me.stamina, cost);
  me.stamina -= paid;
  const short = cost - paid;
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.ranged,
      `${me.name} spends ${cost} stamina on the shot (d4 = ${rolled}${w.specialised ? ", halved and rounded up for Weapon Specialization" : ""}): ${me.stamina} SP left` +
        (short > 0
          ? state.switches.exhaustedRangedCost === "injury"
            ? `; ${short} more than ${me.name} has become Direct Damage`
            : `; the ${short} ${me.name} lacks are not paid`
          : ""),
    );
  }
  if (short > 0 && state.switches.exhaustedRangedCost === "injury")
    directDamage(state, me, short, ctx);
  return cost;
}

/** What an attack's explanation reports. */
interface AttackReport {
  readonly me: CombatantState;
  readonly target: CombatantState;
  readonly w: WeaponState;
  readonly power: boolean;
  readonly sneak: boolean;
  readonly n: number;
  readonly total: number;
  readonly magic: number;
  readonly bonus: number;
  readonly bName: string;
  readonly aim: number;
  readonly raw: number;
  readonly dexCounts: boolean;
  readonly armourCounts: boolean;
  readonly ap: number;
  readonly mitigation: number;
  readonly damage: number;
}

/** How an attack's damage came about (built only when explaining: no closure on the hot path). */
function attackText(r: AttackReport): string {
  const { me, target, w, n, magic } = r;
  const parts = [
    `${me.name}${r.power ? " makes a Power Attack and" : ""} rolls ${n}d${w.die}! ${withWeapon(w)}: ${r.total}`,
  ];
  if (magic > 0)
    parts.push(`+${magic} magic (+${w.magic} on each of ${n} dice, none on explosions)`);
  parts.push(`${signed(r.bonus)} ${r.bName}`);
  if (r.aim !== 0) parts.push(`${signed(r.aim)} for taking aim`);
  const sub: string[] = [];
  if (r.dexCounts) sub.push(`DEX ${target.dex}`);
  else if (r.sneak) sub.push("DEX never counts against a sneak attack");
  else sub.push("DEX does not count");
  if (r.armourCounts) sub.push(`armour ${r.ap}`);
  else sub.push("armour bypassed");
  return `${parts.join(", ")} = ${r.raw}; less ${target.name}'s ${r.mitigation} (${sub.join(", ")}) = ${r.damage}`;
}

/**
 * Resolves one attack of `me` on `target` with weapon `w` in `mode` (the positioning and the
 * GM's sneak-attack ruling are settled by the caller). Returns the damage that got through.
 */
export function attackWith(
  state: CartyrionState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  mode: AttackMode,
  ctx: RuleContext,
): number {
  const sw = state.switches;
  const ranged = w.kind === "ranged";
  const power = mode === "power";
  const sneak = mode === "sneak";
  const n = power ? 2 * me.dice : me.dice;
  const bName = bonusName(me, w, sneak);
  const bonus = bonusValue(me, bName);
  const ap = armourPoints(target, sw);

  // Sneak Attacks: finesse and ranged weapons may find the weak spot (AWA check, DC 10 + armour
  // points); with a power weapon the armour always counts. The target's DEX never counts.
  let armourCounts = true;
  if (sneak && (w.finesse || ranged)) {
    armourCounts = !check(
      ctx,
      SECTIONS.sneak,
      labelsFor(me.name).awareness,
      me.id,
      `${me.name}'s AWA check for the weak spot`,
      me.awa,
      10 + ap,
      target.id,
    );
  }
  const dexCounts = sneak ? false : dexApplies(state, me, target, ctx);
  const aim = ranged ? aimBonus(me, target) : 0;
  const magic = n * w.magic;
  const mitigation = (dexCounts ? target.dex : 0) + (armourCounts ? ap : 0);
  const direct = ranged || sneak;

  // A total at most `low` is mitigated to nothing.
  const low = mitigation - magic - bonus - aim;
  const high = low + damageToFill(state, target, direct);
  const { total, explosions } = rollDamage(
    me,
    target,
    n,
    w.die,
    ctx,
    low,
    high,
    w.natural || !ctx.explaining ? undefined : weaponName(w),
  );
  const raw = total + magic + bonus + aim;
  const damage = Math.max(0, raw - mitigation);
  if (ctx.explaining) {
    ctx.explain(
      sneak ? SECTIONS.sneak : power ? SECTIONS.power : SECTIONS.resolving,
      attackText({
        me,
        target,
        w,
        power,
        sneak,
        n,
        total,
        magic,
        bonus,
        bName,
        aim,
        raw,
        dexCounts,
        armourCounts,
        ap,
        mitigation,
        damage,
      }),
      {
        attacker: me.id,
        target: target.id,
        dice: n,
        rolled: total,
        explosions,
        raw,
        mitigation,
        damage,
      },
    );
  }

  const through = target.parry === "" ? damage : parryBlow(target, damage, explosions, ctx);
  if (target.concealed) foundBy(me, target, ctx);
  if (direct) directDamage(state, target, through, ctx);
  else staminaDamage(state, target, through, ctx);

  me.attackedNow.push(target.id);
  if (ranged && through > 0) {
    target.rangedHitRound = state.round;
    target.rangedHitBy = me.id;
  }
  if (me.aimAt !== "") {
    me.aimAt = "";
    me.aimEffect = "";
  }
  if (ranged) {
    if (w.reload) w.loaded = false;
    payRangedStamina(state, me, w, ctx);
  }
  if (w.thrown) {
    w.count -= 1;
    if (w.count <= 0) w.carried = "ground";
  }
  if (power) {
    w.carried = "broken";
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.power,
        `${me.name}'s ${w.name} is broken and unusable after the Power Attack`,
      );
  }
  return through;
}

/** An attack spell: the spell's die times the Damage Dice Multiplier, exploding (Damage Dice). */
export function castAt(
  state: CartyrionState,
  me: CombatantState,
  target: CombatantState,
  spell: SpellState,
  ctx: RuleContext,
): number {
  const n = me.dice;
  const { total, explosions } = rollDamage(me, target, n, spell.die, ctx);
  const ap = armourPoints(target, state.switches);
  const dexCounts = spell.mitigated ? dexApplies(state, me, target, ctx) : false;
  const mitigation = spell.mitigated ? (dexCounts ? target.dex : 0) + ap : 0;
  const raw = total + spell.bonus;
  const damage = Math.max(0, raw - mitigation);
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.damageDice,
      () =>
        `${me.name} casts ${spell.name}: ${n}d${spell.die}! = ${total}${spell.bonus !== 0 ? ` ${signed(spell.bonus)}` : ""}` +
        (spell.mitigated
          ? `, less ${target.name}'s ${mitigation} (${dexCounts ? `DEX ${target.dex}, ` : ""}armour ${ap})`
          : " (the spell ignores DEX and armour)") +
        ` = ${damage}${spell.direct ? " Direct Damage" : ""}`,
    );
  }
  const through = target.parry === "" ? damage : parryBlow(target, damage, explosions, ctx);
  if (target.concealed) foundBy(me, target, ctx);
  if (spell.direct) directDamage(state, target, through, ctx);
  else staminaDamage(state, target, through, ctx);
  me.attackedNow.push(target.id);
  return through;
}
