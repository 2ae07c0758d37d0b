// One attack (The Attack Roll): d20 + modifiers against the target's ascending AC, hit on equal
// or greater. A natural 1 is a fumble (Fumbles); a natural 20 always hits and, when it would have
// hit anyway, is a Mighty Blow (Critical Hits and Fumbles). Then the damage with its riders:
// unarmed stuns (Unarmed Combat), CON damage on the helpless ("Assassination" attacks),
// subdual damage, a missile left in the wound, and what a hit does to a spell being cast.
import { aimed, selfHarm, struck, type RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import {
  attackRoll,
  FAILED,
  FUMBLE,
  HIT,
  MISS,
  NAT_1,
  NATURAL_20,
  saveRoll,
  total,
  type AttackClass,
} from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, SwState, WeaponState } from "../state.js";
import { ask, askYesNo } from "./ask.js";
import { armourClass, fromBehind, isCasting, terrainAdjustment, toHit } from "./combat-numbers.js";
import { conDamage, hurt, saveNeed } from "./damage.js";
import {
  distance,
  inReach,
  isHelpless,
  isPinned,
  isStunned,
  surprisedNow,
  turnTo,
  usable,
} from "./field.js";
import {
  assassinationQuestion,
  fumbleQuestion,
  terrainQuestion,
  unarmedArmourQuestion,
  type FumbleRuling,
} from "./gm-questions.js";
import { takesMightyBlows, mightyBlow } from "./mighty-blows.js";
import { blind, knockOut, stun } from "./status.js";
import { DEFAULTS } from "../data/defaults.js";
import { die } from "../rolls.js";
import { bestMelee, damageBonus, maxDamage } from "./damage-numbers.js";
import { ownSteady, ownWeapon } from "../own-steady.js";

/** "normal": a combatant's own attack; "free": a free attack (fumble, stumble, retreat, passing); "fend": a polearm keeping a foe at bay. */
export type AttackMode = "normal" | "charge" | "free" | "fend";

/** The exchange's categories of one attack, in order. */
export const ATTACK_CATEGORIES = ["fumble", "miss", "hit", "natural 20", "mighty blow"] as const;

const CLASS_WORDS = ["fumble", "miss", "hit", "natural 20"] as const;

/**
 * Able to take a free attack: fighting, not stunned, surprised or pinned, not fighting
 * defensively (Fighting Defensively: it makes no attacks), and not closing into combat this
 * round (Closing into combat: it gets no melee attack that round), and not running away
 * (Retreating: "you are assumed to have turned tail and run away").
 */
export function readyForFreeAttack(state: SwState, f: Fighter): boolean {
  return (
    f.status === "fighting" &&
    !f.steady.fullDefence &&
    !f.fleeing &&
    f.closedWith === "" &&
    !isStunned(state, f) &&
    !surprisedNow(state, f) &&
    !isPinned(state, f)
  );
}

function label(ctx: RuleContext, att: Fighter, t: Fighter, w: WeaponState, need: number): string {
  if (!ctx.explaining) return "attack";
  return `${att.name}'s attack on ${t.name} with the ${w.name} (needs ${Math.max(2, Math.min(20, need))})`;
}

export function resolveAttack(
  state: SwState,
  att: Fighter,
  t: Fighter,
  w: WeaponState,
  use: string,
  mode: AttackMode,
  ctx: RuleContext,
  resumable = false,
): AttackClass {
  // Cleared on return only: a choice that waits inside it leaves the state marked (views.ts).
  if (mode === "free") state.freeAttacker = att.id;
  const terrain = state.askTerrain
    ? ask(ctx, "gm", "terrain", terrainQuestion(att, t, terrainAdjustment(att, t)))
    : terrainAdjustment(att, t);
  const rear = fromBehind(att, t);
  const hitParts = ctx.explaining ? [] : null;
  const acParts = ctx.explaining ? [] : null;
  // A free attack is not one of the round's attacks (Two-Weapon Fighting: "two attacks ... at
  // -3 for each").
  const mod = toHit(state, att, t, w, mode === "free" ? "free" : use, terrain, hitParts);
  const ac = armourClass(state, t, rear, acParts);
  const need = ac - mod;
  const cls = ctx.roll(
    aimed(ctx, attackRoll(need), att.id, t.id),
    label(ctx, att, t, w, need),
    att.id,
  ) as AttackClass;
  const mighty = cls === NATURAL_20 && 20 + mod >= ac;
  if (w.kind === "melee") att.meleeTarget = t.id;
  turnTo(att, t);
  att.attacked = true;
  if (mode !== "free") att.strikes += 1;
  if (att.steady.undetected) ownSteady(att).undetected = false;
  const category = mighty ? 4 : cls;
  // Kept in an exchange only (its result): in a fight it would keep equal states apart.
  if (state.exchange !== null && mode !== "free" && mode !== "fend" && category > att.best)
    att.best = category;
  if (ctx.explaining) {
    ctx.explain(
      w.kind === "melee" ? SECTIONS.melee : SECTIONS.missiles,
      () => {
        const kind =
          mode === "free"
            ? "free attack"
            : mode === "fend"
              ? "attack to fend off"
              : mode === "charge"
                ? "charge"
                : "attack";
        const word = mighty
          ? "natural 20 that would have hit anyway: a Mighty Blow"
          : cls === NATURAL_20
            ? "natural 20: it hits whatever the AC"
            : CLASS_WORDS[cls];
        const terms = hitParts!.length > 0 ? ` ${hitParts!.join(" ")}` : "";
        return `${att.name}'s ${kind} on ${t.name} with the ${w.name}: d20${terms} (${signed(mod)}) against AC ${ac} (${acParts!.join(" ")}): needs ${need}: ${word}`;
      },
      { attacker: att.id, target: t.id, need, result: CLASS_WORDS[cls], mighty },
    );
  }
  if (cls === FUMBLE) {
    fumble(state, att, t, w, mode !== "free", ctx);
  } else if (cls === HIT || cls === NATURAL_20) {
    onHit(state, att, t, w, cls === NATURAL_20, mighty, ctx, resumable);
  }
  if (mode === "free") state.freeAttacker = "";
  return cls;
}

/**
 * Marks a successful attack on `t` (a blow, or a shove: Magic Use in Combat): a spell it is
 * casting may be lost, a wand interrupted.
 */
export function markHit(state: SwState, t: Fighter, ctx: RuleContext): void {
  t.hitRound = state.round;
  t.hitCount = state.count;
  if (!isCasting(t) || t.disrupted) return;
  // Magic Use in Combat: a successful attack before the spell goes off disrupts it; a scroll
  // takes rounds to read and is disrupted in any of them. On the caster's own count the spell is
  // still being cast (it goes off at the count's end): switch spellSameCount.
  const sameCount =
    t.steady.castCount > 0 &&
    state.count === t.steady.castCount &&
    state.switches.spellSameCount === "disrupts";
  const before =
    t.steady.readLeft > 1 ||
    (t.steady.castCount > 0 && (state.count > t.steady.castCount || state.count < 0));
  if (before || sameCount) {
    t.disrupted = true;
    if (ctx.explaining)
      ctx.explain(SECTIONS.magic, () =>
        sameCount
          ? `${t.name} is struck on its own count, as the spell goes off: it is disrupted and lost`
          : `${t.name} is struck before the spell goes off: it is disrupted and lost`,
      );
  }
}

function onHit(
  state: SwState,
  att: Fighter,
  t: Fighter,
  w: WeaponState,
  natural20: boolean,
  mighty: boolean,
  ctx: RuleContext,
  resumable: boolean,
): void {
  // Critical Hits: not even a natural 20 affects a creature that needs special weapons; a blow
  // that does not affect it no more disturbs its spell (Magic Use in Combat) than a sting foiled
  // by a Cloak of Protection does.
  if (w.magic < t.sheet.needsMagic) {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.criticals,
        () =>
          `${t.name} can only be hurt by a +${t.sheet.needsMagic} weapon: the ${w.name} does nothing`,
      );
    return;
  }
  markHit(state, t, ctx);
  if (resumable && ctx.checkpoint !== undefined) {
    // The damage still to roll: exact odds may resume the round here (finishBlow), so that an
    // action costs the attack roll's outcomes plus the damage's, not their product. A natural 20
    // is kept only where it is read after the damage (a fist's stun, a missile in the wound).
    state.blow = {
      attacker: att.id,
      target: t.id,
      weapon: w.id,
      natural20: natural20 && (w.unarmed || w.kind === "missile"),
      mighty,
    };
    ctx.checkpoint();
    state.blow = null;
  }
  landBlow(state, att, t, w, natural20, mighty, ctx);
}

/** The round resumed with a blow's damage still to roll (onHit): the blow lands. */
export function finishBlow(state: SwState, ctx: RuleContext): void {
  const blow = state.blow!;
  state.blow = null;
  const att = state.combatants.find((f) => f.id === blow.attacker)!;
  const t = state.combatants.find((f) => f.id === blow.target)!;
  const w = att.steady.weapons.find((x) => x.id === blow.weapon)!;
  landBlow(state, att, t, w, blow.natural20, blow.mighty, ctx);
}

/** A hit's damage and what goes with it (onHit, after the hit is marked). */
function landBlow(
  state: SwState,
  att: Fighter,
  t: Fighter,
  w: WeaponState,
  natural20: boolean,
  mighty: boolean,
  ctx: RuleContext,
): void {
  const wasStunned = isStunned(state, t) && t.status === "fighting";
  // Unarmed Combat: the hit points it has left before the blow (subdual damage taken counts).
  const remaining = t.hp - t.subdual;
  const d = distance(att, t);

  // Unarmed Combat: common sense about fists on armour.
  let unarmedRuling = "normal";
  if (w.unarmed && t.sheet.metalArmour)
    unarmedRuling = ask(ctx, "gm", "unarmed-armour", unarmedArmourQuestion(att, t));

  const rolled = ctx.roll(
    aimed(ctx, total(w.damage), att.id, t.id, "damage", w.unarmed ? undefined : w.name),
    ctx.explaining ? `${att.name}'s damage` : "damage",
    att.id,
  );
  const bonus = damageBonus(att, w, d);
  const amount = Math.max(0, rolled + bonus);
  if (ctx.explaining) {
    ctx.explain(
      w.unarmed ? SECTIONS.unarmed : SECTIONS.attackRoll,
      () =>
        `${att.name}'s damage: ${w.damage} = ${rolled}${bonus !== 0 ? ` ${signed(bonus)} = ${amount}` : ""}`,
    );
  }
  if (unarmedRuling === "none") {
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.unarmed,
        () => `the GM rules the blow does nothing to ${t.name}'s ${t.sheet.armourName}`,
      );
  } else if (unarmedRuling === "hurts") {
    hurt(state, att, amount, false, ctx);
    if (ctx.explaining)
      ctx.explain(
        SECTIONS.unarmed,
        () => `the GM rules the blow on ${t.name}'s armour hurts ${att.name} instead`,
      );
  } else {
    damageTarget(state, att, t, amount, Math.max(0, maxDamage(w.damage) + bonus), ctx);
  }

  // Unarmed Combat: a blow on someone already stunned knocks them out for 1d4 rounds (switch
  // stunnedKnockout), whatever its damage did short of killing: a failed save versus death the
  // damage called for only keeps it down after them. The damage a blow inflicts (real and
  // subdual alike) above half the remaining hit points, or a natural 20, stuns. A fist the GM
  // rules does nothing to the armour, or hurts only the puncher, does neither (nor a Mighty Blow).
  const landed = unarmedRuling === "normal";
  const knocks = w.unarmed || state.switches.stunnedKnockout === "any";
  const downNow = t.status === "down" && t.outRound === state.round && t.outCount === state.count;
  if (wasStunned && knocks && landed && (t.status === "fighting" || downNow)) {
    knockOut(state, t, ctx);
  } else if (
    w.unarmed &&
    landed &&
    t.status === "fighting" &&
    (amount * 2 > remaining || natural20)
  ) {
    stun(state, t, state.round + DEFAULTS.unarmedStunRounds, 0);
    if (ctx.explaining)
      ctx.explain(SECTIONS.unarmed, () =>
        natural20
          ? `a natural 20 with a fist: ${t.name} is stunned`
          : `${amount} is more than half of ${t.name}'s ${remaining} hit points: stunned`,
      );
  } else if (w.unarmed && ctx.explaining && t.status === "fighting" && landed) {
    ctx.explain(
      SECTIONS.unarmed,
      () => `${amount} is not more than half of ${t.name}'s ${remaining} hit points: not stunned`,
    );
  }

  // Critical Hits: hit-point damage as usual and the chart's effect, both: a blow that takes a
  // character down (unconscious at 0 HP or below) still rolls on the chart.
  if (mighty && landed && t.status !== "dead" && takesMightyBlows(state, t))
    mightyBlow(state, att, t, ctx);

  // Critical Hits: a missile's critical stays in the wound.
  if (natural20 && w.kind === "missile" && t.status === "fighting") {
    const own = ownSteady(t);
    own.embedded = [...own.embedded, w.damage];
    if (ctx.explaining)
      ctx.explain(SECTIONS.criticals, () => `the ${w.name}'s missile stays in ${t.name}'s wound`);
  }
}

/**
 * Damage to the target's hit points, or to its CON when it is helpless; subdual when chosen.
 * `most` is the most the blow could have done: what a natural 1 on the assassination save takes
 * (Saving Throw Criticals: the maximum possible effect).
 */
function damageTarget(
  state: SwState,
  att: Fighter,
  t: Fighter,
  amount: number,
  most: number,
  ctx: RuleContext,
): void {
  if (amount <= 0) return;
  if (isHelpless(state, t) && ask(ctx, "gm", "assassination", assassinationQuestion(att, t))) {
    const need = saveNeed(t);
    const save = ctx.roll(
      aimed(ctx, saveRoll(need, true), att.id, t.id),
      ctx.explaining ? `${t.name}'s save against the assassination (needs ${need})` : "save",
      t.id,
    );
    const saved = save !== FAILED && save !== NAT_1;
    const con = save === NAT_1 ? Math.max(amount, most) : amount;
    if (ctx.explaining)
      ctx.explain(
        save === NAT_1 ? SECTIONS.saveCriticals : SECTIONS.assassination,
        () =>
          `${t.name} is helpless or unaware: ${saved ? "it saves, and the damage goes to its hit points" : save === NAT_1 ? `it rolls a natural 1 on its save: the maximum, ${con} CON damage` : `it fails its save: ${con} CON damage`}`,
      );
    if (!saved) {
      conDamage(state, t, con, ctx);
      return;
    }
  }
  let subdual = false;
  if (t.sheet.subduable && att.sheet.subdualMode !== "never") {
    subdual =
      att.sheet.subdualMode === "always" ||
      askYesNo(
        ctx,
        att.id,
        "subdue",
        () => `Does ${att.name} beat ${t.name} down (half the damage subdual) rather than kill?`,
        { situation: null },
        ["half real, half subdual damage", "real damage"],
      );
  }
  hurt(state, t, amount, subdual, ctx);
}

/**
 * Fumbles: an automatic miss, a free attack for every opponent within reach, and the GM's extra
 * (its question says the blow on `t` it ruins).
 */
function fumble(
  state: SwState,
  att: Fighter,
  t: Fighter,
  w: WeaponState,
  freeAttacks: boolean,
  ctx: RuleContext,
): void {
  const ruling = ask(ctx, "gm", "fumble", fumbleQuestion(att, t)) as FumbleRuling;
  applyFumble(state, att, w, ruling, ctx);
  if (!freeAttacks) return;
  for (const o of state.combatants) {
    if (o.side === att.side || !readyForFreeAttack(state, o) || att.status !== "fighting") continue;
    const ow = bestMelee(o, distance(o, att));
    if (ow === undefined) continue;
    if (ctx.explaining)
      ctx.explain(SECTIONS.fumbles, () => `${att.name}'s fumble gives ${o.name} a free attack`);
    resolveAttack(state, o, att, ow, "main", "free", ctx);
  }
}

function applyFumble(
  state: SwState,
  att: Fighter,
  w: WeaponState,
  ruling: FumbleRuling,
  ctx: RuleContext,
): void {
  switch (ruling) {
    case "nothing":
      return;
    case "drop":
      if (!w.natural && !w.unarmed) ownWeapon(att, w.id)!.dropped = true;
      break;
    case "self":
    case "friend": {
      let victim: Fighter = att;
      if (ruling === "friend") {
        const friends = state.combatants.filter(
          (c) =>
            c !== att &&
            c.side === att.side &&
            c.status === "fighting" &&
            inReach(w, distance(c, att)),
        );
        if (friends.length === 0) break;
        victim =
          friends.length === 1
            ? friends[0]!
            : friends[
                ctx.roll(
                  die(friends.length),
                  ctx.explaining ? "which friend is hit" : "friend",
                  att.id,
                ) - 1
              ]!;
      }
      const dmg = Math.max(
        0,
        ctx.roll(
          // A friend's hurt is the fumbler's blow; its own is its harm to itself (Fumbles).
          victim === att
            ? struck(ctx, total(w.damage), selfHarm(att.id, "fumbles and is hurt"))
            : aimed(
                ctx,
                total(w.damage),
                att.id,
                victim.id,
                "damage",
                w.unarmed ? undefined : w.name,
              ),
          ctx.explaining ? `${att.name}'s damage to ${victim.name}` : "damage",
          att.id,
        ) + damageBonus(att, w, 0),
      );
      hurt(state, victim, dmg, false, ctx);
      break;
    }
    case "muscle":
      ownSteady(att).damagePenalty += 1;
      break;
    case "helmet":
      blind(state, att);
      break;
  }
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.fumbles,
      () =>
        `the GM rules: ${ruling === "drop" ? `${att.name} drops the ${w.name}` : ruling === "muscle" ? `${att.name} strains a muscle (-1 damage)` : ruling === "helmet" ? `${att.name}'s helmet is knocked over the eyes (-4 to hit, 1d3 rounds)` : ruling === "self" ? `${att.name}'s blow strikes ${att.name}` : `${att.name}'s blow strikes a friend`}`,
    );
}

export { MISS };

/** The best melee weapon `o` can use on a foe `d` feet away, if any (for free attacks). */
export function freeAttackWeapon(o: Fighter, d: number): WeaponState | undefined {
  const w = bestMelee(o, d);
  return w !== undefined && usable(w) ? w : undefined;
}
