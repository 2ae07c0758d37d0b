// Critical Outcomes in Combat: on a critical or legendary hit the attacker chooses one of the
// possible outcomes; on a critical or disastrous miss the gamemaster does. The chapter leaves the
// instant kill to the gamemaster's consent (asked before the attacker chooses). What blindness,
// lameness and tripping do is not in the chapter: Fray's defaults (data/rules.ts).
import type { Choice, RuleContext } from "../../../engine/choice.js";
import { ownSteady } from "../own-steady.js";
import { CRITICAL_HIT, CRITICAL_MISS, LEGENDARY } from "../dice/specs.js";
import { SECTIONS } from "../sections.js";
import type { CombatantState, DooState, WeaponState } from "../state.js";
import { askOneOf, askYesNo } from "./ask.js";
import { dealDamage, PLAIN } from "./damage.js";
import {
  attackStat,
  bareHands,
  distance,
  rangeAdjustment,
  wielded,
  type AttackKind,
} from "./derived.js";
import { slay } from "./injury.js";
import { ownWeapons } from "../own-weapons.js";
import type { CriticalSituation, PairSituation } from "./situations.js";

export const CRITICAL_LABELS: Readonly<Record<string, string>> = {
  "max-damage": "maximum damage (a Brawn weapon)",
  "bypass-armour": "bypass armour (a Finesse weapon)",
  blind: "temporary blindness (until the reset phase)",
  trip: "trip the defender prone",
  disarm: "disarm the defender",
  "max-bypass": "maximum damage and bypass armour",
  "lasting-blind": "lasting blindness",
  lame: "lasting lameness",
  "break-weapon": "break the defender's weapon",
  slay: "the defender is instantly slain",
};

/** Every list of options, by legendary (armed, slay allowed) or critical (stat, armed). */
const OPTIONS: readonly (readonly string[])[] = [
  ["max-bypass", "lasting-blind", "lame"],
  ["max-bypass", "lasting-blind", "lame", "slay"],
  ["max-bypass", "lasting-blind", "lame", "break-weapon"],
  ["max-bypass", "lasting-blind", "lame", "break-weapon", "slay"],
  ["max-damage", "blind", "trip"],
  ["max-damage", "blind", "trip", "disarm"],
  ["bypass-armour", "blind", "trip"],
  ["bypass-armour", "blind", "trip", "disarm"],
];

/** The options open to the attacker on a critical (or legendary) hit (shared, never mutated). */
export function criticalOptions(
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  legendary: boolean,
  slayAllowed: boolean,
): readonly string[] {
  const armed = wielded(target).natural ? 0 : 1;
  const i = legendary
    ? armed * 2 + (slayAllowed ? 1 : 0)
    : 4 + (attackStat(w, kind) === "finesse" ? 2 : 0) + armed;
  return OPTIONS[i]!;
}

function loseWeapon(c: CombatantState, how: "ground" | "broken"): WeaponState | null {
  if (wielded(c).natural) return null;
  const w = ownWeapons(c)[c.steady.hand]!;
  w.where = how;
  w.groundPos = c.pos;
  ownSteady(c).hand = bareHands(c);
  return w;
}

function say(ctx: RuleContext, text: () => string): void {
  if (ctx.explaining) ctx.explain(SECTIONS.critical, text);
}

function applyHitOption(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  option: string,
  ctx: RuleContext,
): void {
  if (ctx.explaining) say(ctx, () => `${me.name} chooses ${CRITICAL_LABELS[option] ?? option}`);
  if (option === "slay") {
    slay(state, target, ctx);
    return;
  }
  const max = option === "max-damage" || option === "max-bypass";
  const bypass = option === "bypass-armour" || option === "max-bypass";
  dealDamage(state, me, target, w, kind, max || bypass ? { max, bypass } : PLAIN, ctx);
  if (target.status === "dead") return;
  switch (option) {
    case "blind":
      if (target.steady.blind === 0) ownSteady(target).blind = 1;
      if (ctx.explaining)
        say(
          ctx,
          () =>
            `${target.name} is blinded until the reset phase: its checks roll with disadvantage`,
        );
      return;
    case "lasting-blind":
      ownSteady(target).blind = 2;
      if (ctx.explaining)
        say(
          ctx,
          () =>
            `${target.name} is blinded for the rest of the fight: its checks roll with disadvantage`,
        );
      return;
    case "lame":
      ownSteady(target).lame = true;
      target.freeSteps = 0;
      if (ctx.explaining)
        say(ctx, () => `${target.name} is lamed: no free steps, one step a round`);
      return;
    case "trip":
      target.prone = true;
      if (ctx.explaining)
        say(ctx, () => `${target.name} is tripped prone: it must rise (2 AP) before it can step`);
      return;
    case "disarm": {
      const lost = loseWeapon(target, "ground");
      if (lost !== null)
        say(ctx, () => `${target.name}'s ${lost.name} falls to the ground in its space`);
      return;
    }
    case "break-weapon": {
      const lost = loseWeapon(target, "broken");
      if (lost !== null) say(ctx, () => `${target.name}'s ${lost.name} is broken`);
      return;
    }
  }
}

/**
 * Could the defender strike back at the attacker right now: its weapon in hand reaches it, or it
 * can shoot it (the gamemaster's default on a disastrous miss, policies/gm-rulings.ts).
 */
export function canStrikeBack(defender: CombatantState, attacker: CombatantState): boolean {
  const w = wielded(defender);
  const d = distance(defender, attacker);
  if (w.melee !== null && d >= w.melee.reachMin && d <= w.melee.reachMax) return true;
  return (
    w.ranged !== null &&
    !w.natural &&
    rangeAdjustment(w, d, attacker) !== null &&
    (w.ranged.brawnReset === 0 || w.loaded)
  );
}

/** Critical and legendary hits, critical and disastrous misses. */
export function resolveCritical(
  state: DooState,
  me: CombatantState,
  target: CombatantState,
  w: WeaponState,
  kind: AttackKind,
  tier: number,
  ctx: RuleContext,
): void {
  if (tier === CRITICAL_HIT || tier === LEGENDARY) {
    const legendary = tier === LEGENDARY;
    // The gamemaster may disallow the instant kill at any time: asked before the attacker chooses.
    const slayAllowed =
      legendary &&
      askYesNo(
        ctx,
        "gm",
        "allow-slay",
        () => `${me.name}'s legendary hit: may it slay ${target.name} outright?`,
        {
          situation: { me, target } satisfies PairSituation,
          blow: { attacker: me.id, target: target.id },
        },
      );
    const options = criticalOptions(me, target, w, kind, legendary, slayAllowed);
    const option = askOneOf(
      ctx,
      me.id,
      legendary ? "legendary" : "critical",
      () =>
        `${me.name} lands a ${legendary ? "legendary" : "critical"} hit on ${target.name}: which outcome?`,
      () => options.map((value): Choice<string> => ({ value, label: CRITICAL_LABELS[value]! })),
      { state, me, target, w, kind, options } satisfies CriticalSituation,
      { attacker: me.id, target: target.id },
    );
    applyHitOption(state, me, target, w, kind, option, ctx);
    return;
  }
  if (tier === CRITICAL_MISS) {
    const armed = !wielded(me).natural;
    const option = armed
      ? askOneOf(
          ctx,
          "gm",
          "critical-miss",
          () => `${me.name} misses critically: does it drop its ${wielded(me).name} or trip?`,
          () => [
            { value: "drop", label: `${me.name} drops the ${wielded(me).name}` },
            { value: "trip", label: `${me.name} trips and falls prone` },
          ],
          null,
          { attacker: me.id, target: target.id },
        )
      : "trip";
    if (option === "drop") {
      const lost = loseWeapon(me, "ground");
      if (ctx.explaining)
        say(ctx, () => `${me.name} drops the ${lost?.name ?? "weapon"} in its space`);
    } else {
      me.prone = true;
      if (ctx.explaining) say(ctx, () => `${me.name} trips and falls prone`);
    }
    return;
  }
  // A disastrous miss.
  const armed = !wielded(me).natural;
  const option = armed
    ? askOneOf(
        ctx,
        "gm",
        "disastrous-miss",
        () =>
          `${me.name} misses disastrously: does its ${wielded(me).name} break, or does ${target.name} strike it?`,
        () => [
          { value: "break", label: `${me.name}'s ${wielded(me).name} breaks` },
          { value: "riposte", label: `${target.name} deals its weapon damage to ${me.name}` },
        ],
        { me, target } satisfies PairSituation,
        { attacker: me.id, target: target.id },
      )
    : "riposte";
  if (option === "break") {
    const lost = loseWeapon(me, "broken");
    if (ctx.explaining) say(ctx, () => `${me.name}'s ${lost?.name ?? "weapon"} breaks`);
    return;
  }
  const tw = wielded(target);
  if (ctx.explaining) say(ctx, () => `${target.name} deals its ${tw.name}'s damage to ${me.name}`);
  dealDamage(state, target, me, tw, tw.melee !== null ? "melee" : "ranged", PLAIN, ctx);
}
