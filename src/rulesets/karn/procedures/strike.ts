// One strike and its answer (Strike Rolls And Defenses; Basic Defenses; Splitting Actions;
// Ranged Attacks; Making A Called Shot; Knock Out/Stun Called Shots): the strike's modifiers, its
// roll together with the defence declared against it (strike-roll.ts), then a fumble, a miss, a
// held strike, or damage, and a knock-out blow's effect.
import { aimed, opposedBy, type RuleContext } from "../../../engine/choice.js";
import { signed } from "../../../engine/signed.js";
import { midSentence } from "../../../core/sentence.js";
import { conditionPenalty, takeBadMiss } from "./conditions.js";
import { CALLED_SHOTS, type FumbleColumn } from "../data/charts.js";
import { CRUSH } from "../data/damage-types.js";
import { deliver } from "./damage.js";
import { canDefend, defenceTerms, parryWeapon } from "./defence.js";
import { fumble } from "./fumbles.js";
import { knockOut } from "./knock-out.js";
import type { Act, Defence, Pairing, StrikePart } from "./melee-types.js";
import { divisorOf } from "./melee-types.js";
import { askNumber, askYesNo } from "./questions.js";
import { untrainedPenalty } from "./training.js";
import { label } from "./rolls.js";
import { SECTIONS } from "../sections.js";
import {
  CRITICAL,
  DEFENCE_1,
  FUMBLE,
  HELD,
  HELD_BY_20,
  LANDED,
  MISS,
  NATURAL_20,
  NATURAL_FUMBLE,
  ON_ARMOUR,
  OVER_KO,
  STRUCK_20,
  baseCode,
  defenceRolled20,
  strikeRoll,
  type StrikeTerms,
} from "./strike-roll.js";
import {
  HELD as IN_HAND,
  RESULT_ABSORBED,
  RESULT_CRITICAL,
  RESULT_DEFENDED,
  RESULT_FUMBLE,
  RESULT_HIT,
  RESULT_MISS,
  type Fighter,
  type FighterAttack,
  type KarnState,
} from "../state.js";

/** The strike modifier without a pending bad miss: what policies estimate with. */
export function strikeModifier(state: KarnState, act: Act, attack: FighterAttack): number {
  const f = act.f;
  return f.strike + attack.strike - conditionPenalty(state, f) - act.penalty;
}

function record(f: Fighter, result: number): void {
  if (result > f.best) f.best = result;
}

const SPLIT_WORDS = [
  "",
  "",
  ", a half action (the die halved)",
  "",
  ", a quarter action (the die quartered)",
];

/** Words for a strike's code (Strike Rolls And Defenses). */
function describe(code: number, defence: Defence | null, missAt: number, cov: number): string {
  if (code === NATURAL_FUMBLE) return "a natural 1: a natural fumble";
  if (code === FUMBLE) return "a modified roll under 1: a fumble";
  if (code === MISS) return `a natural 2 or a modified roll of ${missAt} or less: a simple miss`;
  if (code < LANDED) {
    const by20 =
      (code - HELD) & HELD_BY_20 ? " with a natural 20 (infinity, and a Combat Skill Point)" : "";
    const struck =
      (code - HELD) & STRUCK_20 ? " (a natural 20 strike ties it: ties go to the defender)" : "";
    return `a hit, but the ${defence?.type ?? "defence"} holds${by20}${struck}`;
  }
  const flags = code - LANDED;
  const parts: string[] = [];
  if (flags & NATURAL_20)
    parts.push("a natural 20: infinity, a critical (and a Combat Skill Point)");
  else if (flags & CRITICAL) parts.push("over 24: a critical");
  else if (flags & ON_ARMOUR)
    parts.push(`a hit at or under the COV ${cov}: the armour is struck first`);
  else parts.push(cov >= 0 ? `a hit over the COV ${cov}` : "a hit");
  if (defence !== null) {
    parts.push(
      flags & DEFENCE_1
        ? `the ${defence.type} rolls a natural 1 (negative infinity)`
        : `it gets past the ${defence.type}`,
    );
  }
  if (flags & OVER_KO) parts.push("over 10 for a knock-out");
  return parts.join("; ");
}

export function resolveStrike(p: Pairing, ctx: RuleContext, part: StrikePart): void {
  const state = p.state;
  const act = part.owner;
  const f = act.f;
  const target = part.target;
  const t = target.f;
  const attack = f.attacks[part.attack]!;
  const what = () =>
    `${f.name}'s ${part.counter ? "counterattack" : "strike"} at ${t.name} with the ${midSentence(attack.name)}`;
  if (attack.weapon && f.held[part.attack] !== IN_HAND) {
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.timing,
        () => `${what()} cannot happen: the ${midSentence(attack.name)} is not in hand`,
      );
    }
    return;
  }
  if (t.status !== "fighting" && t.status !== "unconscious") {
    if (ctx.explaining) ctx.explain(SECTIONS.timing, () => `${what()} has no one to strike`);
    return;
  }

  // Modifiers: the character's and the attack's strike bonuses, training, a called shot, range.
  let modifier = strikeModifier(state, act, attack) - untrainedPenalty(ctx, f, part.attack);
  const called = part.called;
  if (called !== null) {
    modifier -= askNumber(
      ctx,
      "gm",
      "called-shot-penalty",
      () =>
        `${f.name} calls a shot at ${CALLED_SHOTS[called].name} of ${t.name}: the penalty to strike?`,
      0,
      20,
      (n) => `-${n}`,
      CALLED_SHOTS[called].penalty,
    );
  }
  if (attack.ranged) {
    modifier += askNumber(
      ctx,
      "gm",
      "range-modifier",
      () =>
        `${f.name} shoots the ${attack.name} at ${t.name}: modifier for range, cover and close quarters?`,
      -20,
      5,
      (n) => (n === 0 ? "none" : n > 0 ? `+${n}` : `${n}`),
      undefined,
    );
  }
  modifier -= takeBadMiss(f);

  // The coverage it is compared with: the armour's, or the called area's (the GM's call).
  let cov = t.armour !== null && t.armourHp > 0 ? t.armour.cov : -1;
  if (called !== null && cov >= 0) {
    const area = areaCov(t, called);
    cov = askNumber(
      ctx,
      "gm",
      "called-cov",
      () =>
        `How much of ${CALLED_SHOTS[called].name} does ${t.name}'s ${t.armour!.name} cover (COV, 24 = all)?`,
      0,
      24,
      (n) => `COV ${n}`,
      area,
    );
  }
  const knockOutBlow = called === "knock-out" && attack.type === CRUSH;
  const koAt = knockOutBlow ? (state.switches.knockOutAtTen === "knock-out" ? 10 : 11) : Infinity;

  // The defence: the target's dodge, or the defence it set against this strike.
  let defence: Defence | null =
    target.dodge !== null
      ? { owner: target, type: "dodge", size: 4, saved: false, from: "declared" }
      : part.defence;
  if (
    defence !== null &&
    (target.stopped ||
      t.status !== "fighting" ||
      target.firstOnly ||
      voidDefence(target, defence.type))
  ) {
    if (ctx.explaining) {
      const d = defence;
      ctx.explain(
        SECTIONS.timing,
        () => `${t.name} can no longer ${d.type}: the strike is not defended`,
      );
    }
    defence = null;
  }
  const terms: StrikeTerms = {
    divisor: divisorOf(part.size),
    modifier,
    ranged: attack.ranged,
    cov,
    koAt,
    defence: defence === null ? null : defenceTerms(p, ctx, defence, attack, part.rangedPenalty),
  };
  // A defence rolled with the strike is the defender's die in the strike's roll: its player may
  // type the pair (a dodge rolled once for the melee was its own roll, defence.ts).
  const struck = aimed(ctx, strikeRoll(terms), f.id, t.id);
  const rolled = ctx.roll(
    terms.defence !== null && "divisor" in terms.defence && defence !== null
      ? opposedBy(ctx, struck, t.id, [
          { combatant: f.id, notation: "d20", name: "strike die" },
          { combatant: t.id, notation: "d20", name: `${defence.type} die` },
        ])
      : struck,
    label(
      ctx.explaining,
      () => {
        const d = defence;
        const against =
          d === null ? "" : ` against ${t.name}'s ${d.type} (strike die, then ${d.type} die)`;
        return `${what()}${SPLIT_WORDS[terms.divisor]}${against}`;
      },
      "strike",
    ),
    f.id,
  );
  // A defence's natural 20 earns a Combat Skill Point whatever became of the strike; a dodge
  // rolled once for the melee earned its point when it was rolled (defence.ts).
  const dt0 = terms.defence;
  if (defenceRolled20(rolled) && dt0 !== null && "divisor" in dt0) t.csp += 1;
  const code = baseCode(rolled);
  if (ctx.explaining) {
    const d = defence;
    const dt = terms.defence;
    ctx.explain(SECTIONS.strikeRolls, () => {
      const dm =
        dt === null
          ? ""
          : ` against ${t.name}'s ${d!.type} ${signed(dt.modifier)}${"divisor" in dt && dt.divisor > 1 ? (dt.divisor === 2 ? " (half action)" : " (quarter action)") : ""}${d!.saved ? " (a saved action)" : ""}`;
      const by20 =
        code < HELD && d !== null && rolled !== code
          ? ` (the ${d.type} rolls a natural 20: a Combat Skill Point)`
          : "";
      return `${what()} at ${signed(modifier)}${SPLIT_WORDS[terms.divisor]}${dm}: ${describe(code, d, attack.ranged ? 10 : 5, cov)}${by20}`;
    });
  }
  if (code === NATURAL_FUMBLE || code === FUMBLE) {
    record(f, RESULT_FUMBLE);
    fumble(p, ctx, act, attack.kind, part.attack, part.group);
    return;
  }
  if (code === MISS) {
    record(f, RESULT_MISS);
    return;
  }
  if (code < LANDED) {
    if ((code - HELD) & STRUCK_20) f.csp += 1;
    record(f, RESULT_DEFENDED);
    return;
  }
  const flags = code - LANDED;
  if (flags & NATURAL_20) f.csp += 1;
  if (flags & DEFENCE_1 && defence !== null && state.switches.defenceFumbles === "chart") {
    const w = defence.type === "parry" ? parryWeapon(t) : -1;
    const column: FumbleColumn =
      w >= 0 ? t.attacks[w]!.kind : defence.type === "parry" ? "other" : "hand";
    fumble(p, ctx, target, column, w, -1);
  }
  const critical = (flags & CRITICAL) !== 0;
  const tryKo = (flags & OVER_KO) !== 0;
  if (knockOutBlow && ctx.explaining) {
    ctx.explain(SECTIONS.knockOut, () =>
      tryKo
        ? "a knock-out blow over 10: basic damage without damage bonuses, then the knock-out"
        : "a knock-out blow not over 10: it strikes as a normal strike",
    );
  }
  const delivered = deliver(p, ctx, {
    by: f,
    target,
    attack,
    onArmour: (flags & ON_ARMOUR) !== 0,
    critical: critical && !tryKo,
    bonus: !tryKo,
    what,
  });
  record(
    f,
    delivered.critical ? RESULT_CRITICAL : delivered.loss > 0 ? RESULT_HIT : RESULT_ABSORBED,
  );
  if (tryKo && t.status === "fighting") {
    const protectedNeck = askYesNo(
      ctx,
      "gm",
      "neck-protected",
      () => `Does ${t.name}'s armour fully protect the back of the head and neck against crush?`,
      { situation: t.armour !== null && t.armour.protectsNeck && t.armourHp > 0 },
    );
    if (protectedNeck) {
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.knockOut,
          () => `${t.name}'s armour protects the back of its head and neck: no knock-out`,
        );
      }
    } else {
      knockOut(state, ctx, target, critical);
    }
  }
}

/** A parry needs something to parry with (the weapon may have been dropped this melee). */
function voidDefence(target: Act, type: string): boolean {
  return type === "parry" && !canDefend(target.f, "parry");
}

/** The GM's default COV for a called area: the armour's own rating for it, else its COV. */
export function areaCov(t: Fighter, called: keyof typeof CALLED_SHOTS): number {
  const armour = t.armour;
  if (armour === null) return 0;
  const head = called === "head" || called === "eye" || called === "knock-out";
  return armour.areas[called] ?? (head ? armour.areas["head"] : undefined) ?? armour.cov;
}
