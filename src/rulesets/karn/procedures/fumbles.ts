// Fumble (Criticals And Fumbles): the GM rolls on the fumble chart in the column of the attack
// (hand to hand, swing, thrust, other) or rules the result. Each line costs SP; a dropped weapon
// cancels the actions that would have used it unless a full action picks it up; a flung weapon
// takes a melee to retrieve; Hit Other strikes a random person in range, oneself included.
import { selfHarm, type Choice, type RuleContext } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";
import {
  BAD_MISS,
  DROPPED_WEAPON,
  FLUNG_WEAPON,
  FUMBLES,
  FUMBLE_BANDS,
  FUMBLE_COLUMN_TITLES,
  FUMBLE_NAMES,
  FUMBLE_SP,
  HIT_OTHER,
  OVEREXERTED,
  TURNED_AROUND,
  type FumbleColumn,
  type FumbleResult,
} from "../data/charts.js";
import { deliver } from "./damage.js";
import { defenceTerms } from "./defence.js";
import type { Act, Defence, Pairing } from "./melee-types.js";
import { ask, askYesNo } from "./questions.js";
import { chartRoll, dieRoll, label } from "./rolls.js";
import { loseStamina } from "./stamina.js";
import {
  CRITICAL,
  HELD,
  LANDED,
  NATURAL_20,
  ON_ARMOUR,
  baseCode,
  defenceRolled20,
  strikeRoll,
  type StrikeTerms,
} from "./strike-roll.js";
import { SECTIONS } from "../sections.js";
import { BROKEN, DROPPED, FLUNG, type Fighter, type KarnState } from "../state.js";

export type FumbleRuling = "chart" | FumbleResult;

const rulingChoices = new Map<FumbleColumn, Choice<FumbleRuling>[]>();

function rulings(column: FumbleColumn): Choice<FumbleRuling>[] {
  let list = rulingChoices.get(column);
  if (list === undefined) {
    list = [
      { value: "chart", label: `roll on the fumble chart (${FUMBLE_COLUMN_TITLES[column]})` },
    ];
    FUMBLES.forEach((r, i) => {
      if (FUMBLE_BANDS[column][i] !== null)
        list!.push({ value: r, label: `rule it: ${FUMBLE_NAMES[i]!}` });
    });
    rulingChoices.set(column, list);
  }
  return list;
}

function stamina(
  state: KarnState,
  ctx: RuleContext,
  f: Fighter,
  dice: string,
  name: string,
): number {
  return loseStamina(state, ctx, f, dice, () => `SP lost by ${f.name} (${name})`);
}

/**
 * `act` fumbles an action in fumble-chart `column`; `weapon` is the attack index of the weapon it
 * used (-1 for none), `group` the full action it was in.
 */
export function fumble(
  p: Pairing,
  ctx: RuleContext,
  act: Act,
  column: FumbleColumn,
  weapon: number,
  group: number,
): void {
  const f = act.f;
  const ruling = ask<FumbleRuling>(ctx, "gm", "fumble", {
    prompt: () =>
      `${f.name} fumbles: roll on the fumble chart (${FUMBLE_COLUMN_TITLES[column]}), or rule it?`,
    choices: () => rulings(column),
    situation: undefined,
    // Every line of the chart costs the fumbler SP (FUMBLE_SP), some a fixed number with no
    // roll: the ruling is the harm's blow, so the card says "Hedda fumbles and is hurt".
    blow: selfHarm(f.id, "fumbles and is hurt"),
  });
  const result =
    ruling === "chart"
      ? ctx.roll(
          chartRoll(FUMBLE_BANDS[column]),
          label(
            ctx.explaining,
            () => `fumble chart (${FUMBLE_COLUMN_TITLES[column]}) for ${f.name}`,
            "fumble",
          ),
          "gm",
        )
      : FUMBLES.indexOf(ruling);
  const name = FUMBLE_NAMES[result]!;
  const say = (text: () => string) => {
    if (ctx.explaining) ctx.explain(SECTIONS.fumble, () => `${name}: ${text()}`);
  };
  switch (result) {
    case BAD_MISS: {
      f.badMiss += 1;
      const sp = stamina(p.state, ctx, f, FUMBLE_SP[BAD_MISS]!, name);
      say(
        () => `${f.name} is -1 on its next action this battle and takes ${sp} SP (${f.sp} SP left)`,
      );
      return;
    }
    case TURNED_AROUND: {
      f.turnedUntil = p.state.melee + 1;
      const sp = stamina(p.state, ctx, f, FUMBLE_SP[TURNED_AROUND]!, name);
      say(
        () =>
          `${f.name} is -1 on all rolls this melee and the next, and takes ${sp} SP (${f.sp} SP left)`,
      );
      return;
    }
    case OVEREXERTED: {
      f.lasting += 1;
      f.skillPenalty += 10;
      const sp = stamina(p.state, ctx, f, FUMBLE_SP[OVEREXERTED]!, name);
      say(
        () =>
          `${f.name} is -1 on all combat rolls and -10% on physical skills for 1D20 + 20 minutes (the rest of this fight) and takes ${sp} SP (${f.sp} SP left)`,
      );
      return;
    }
    case DROPPED_WEAPON:
    case FLUNG_WEAPON:
      loseWeapon(p, ctx, act, weapon, group, result === FLUNG_WEAPON);
      return;
    case HIT_OTHER:
      hitOther(p, ctx, act, weapon);
      return;
  }
}

function loseWeapon(
  p: Pairing,
  ctx: RuleContext,
  act: Act,
  weapon: number,
  group: number,
  flung: boolean,
): void {
  const f = act.f;
  const name = flung ? "Flung Weapon" : "Dropped Weapon";
  const sp = stamina(p.state, ctx, f, FUMBLE_SP[flung ? FLUNG_WEAPON : DROPPED_WEAPON]!, name);
  if (weapon < 0 || !f.attacks[weapon]!.weapon) {
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.fumble,
        () =>
          `${name}: ${f.name} has no weapon in hand to lose; it takes ${sp} SP (${f.sp} SP left)`,
      );
    }
    return;
  }
  const a = f.attacks[weapon]!;
  f.held[weapon] = flung ? FLUNG : DROPPED;
  const weaponHp = a.weaponHp;
  if (weaponHp !== null) {
    const hurt = ctx.roll(
      diceRoll(flung ? "2d6" : "1d6"),
      label(ctx.explaining, () => `damage to the ${a.name} (${name})`, "weapon"),
      "gm",
    );
    f.weaponDamage[weapon]! += hurt;
    if (f.weaponDamage[weapon]! >= weaponHp) f.held[weapon] = BROKEN;
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.fumble,
        () =>
          `${name}: the ${a.name} takes ${hurt} (${f.weaponDamage[weapon]} of its ${weaponHp} HP)${f.weaponDamage[weapon]! >= weaponHp ? ": it breaks" : ""}`,
      );
    }
  }
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.fumble,
      () =>
        `${name}: ${f.name}'s ${a.name} is ${flung ? "flung off that a way (a full melee to retrieve)" : "at its feet"}; it takes ${sp} SP (${f.sp} SP left)`,
    );
  }
  const later = act.parts.filter(
    (q) => !q.done && q.kind === "strike" && usesWeapon(f, q.attack, weapon),
  );
  const laterGroups = later.map((q) => q.group).filter((g) => g > group);
  let pickUpGroup = -1;
  if (!flung && f.held[weapon] === DROPPED && laterGroups.length > 0) {
    const g = Math.min(...laterGroups);
    const pick = askYesNo(
      ctx,
      f.id,
      "pick-up",
      () =>
        `${f.name} dropped its ${a.name}: spend its next full action that would use it (action ${g + 1}) picking it up?`,
      { situation: undefined },
      ["pick it up", "leave it"],
    );
    if (pick) pickUpGroup = g;
  }
  for (const q of act.parts) {
    if (q.done) continue;
    if (q.group === pickUpGroup) {
      q.done = true;
      continue;
    }
    if (
      q.kind === "strike" &&
      usesWeapon(f, q.attack, weapon) &&
      (pickUpGroup < 0 || q.group < pickUpGroup)
    ) {
      q.done = true;
    }
  }
  if (pickUpGroup >= 0) {
    act.parts.push({
      kind: "pick-up",
      owner: act,
      size: 4,
      group: pickUpGroup,
      what: String(weapon),
      capacity: 0,
      done: false,
    });
  }
  if (ctx.explaining) {
    ctx.explain(SECTIONS.fumble, () =>
      pickUpGroup >= 0
        ? `${f.name} will pick the ${a.name} up with action ${pickUpGroup + 1}; its other actions with it before then are cancelled`
        : `every action of ${f.name}'s that would have used the ${a.name} this melee is cancelled`,
    );
  }
}

function usesWeapon(f: Fighter, attack: number, weapon: number): boolean {
  return attack === weapon && f.attacks[attack]!.weapon;
}

/** Hit Other: a wild strike (no bonuses) at someone chosen at random among all in range. */
function hitOther(p: Pairing, ctx: RuleContext, act: Act, weapon: number): void {
  const f = act.f;
  const people = p.acts;
  const pick =
    people.length === 1
      ? 0
      : ctx.roll(
          dieRoll(people.length),
          label(
            ctx.explaining,
            () =>
              `Hit Other, who is struck (${people.map((a, i) => `${i + 1} ${a.f.name}`).join(", ")})`,
            "who",
          ),
          "gm",
        ) - 1;
  const victim = people[pick]!;
  const ally = victim.f.side === f.side;
  const attack = f.attacks[Math.max(0, weapon)]!;
  const v = victim.f;
  // No defence against it, but a full dodge already under way counts.
  const dodge: Defence | null =
    victim !== act && victim.dodge !== null && !victim.stopped
      ? { owner: victim, type: "dodge", size: 4, saved: false, from: "declared" }
      : null;
  const terms: StrikeTerms = {
    divisor: 1,
    modifier: 0,
    ranged: attack.ranged,
    cov: v.armour !== null && v.armourHp > 0 ? v.armour.cov : -1,
    koAt: Infinity,
    defence: dodge === null ? null : defenceTerms(p, ctx, dodge, attack, 0),
  };
  const rolled = ctx.roll(
    strikeRoll(terms),
    label(
      ctx.explaining,
      () => `Hit Other, ${f.name}'s wild strike at ${v.name} (no bonuses)`,
      "wild strike",
    ),
    f.id,
  );
  // A natural 1 on the wild strike is only a miss (no fumble from a fumble). The victim's dodge
  // rolled against it earns a Combat Skill Point on a natural 20, as any defence roll does.
  const dt = terms.defence;
  if (defenceRolled20(rolled) && dt !== null && "divisor" in dt) v.csp += 1;
  const code = baseCode(rolled);
  const hit = code >= LANDED;
  const what = () => `${f.name}'s wild strike at ${v.name}`;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.fumble, () => {
      const r =
        code >= LANDED
          ? (code - LANDED) & NATURAL_20
            ? "a natural 20: critical"
            : "a hit"
          : code >= HELD
            ? `${v.name}'s dodge takes it`
            : "a miss";
      return `Hit Other: ${what()}: ${r}`;
    });
  }
  if (hit) {
    const flags = code - LANDED;
    deliver(p, ctx, {
      by: f,
      target: victim,
      attack,
      onArmour: (flags & ON_ARMOUR) !== 0,
      critical: (flags & CRITICAL) !== 0,
      bonus: true,
      what,
    });
  }
  if (p.state.switches.hitOtherStamina === "selected" || hit) {
    const dice = ally ? "3d6" : "1d6";
    const sp = stamina(p.state, ctx, f, dice, "Hit Other");
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.fumble,
        () =>
          `Hit Other: striking at ${victim === act ? f.name : ally ? "an ally" : "an opponent"} costs ${f.name} ${dice}: ${sp} SP (${f.sp} SP left)`,
      );
    }
  }
}
