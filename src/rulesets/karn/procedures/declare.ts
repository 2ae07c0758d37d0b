// Steps 2 to 4 of a melee, for one pairing: the initiative winners choose their actions (2.
// Winner Chooses Attack(s)), the defenders their defences and counterattacks (3. Defender Chooses
// Defense/Counterattack(s)), and the winners their defences against those counterattacks (4.
// Winner May Choose Defense), with fleeing (Fleeing Combat), split actions (Splitting Actions)
// and the penalty for acting against several opponents (Multiple Attackers Or Defenders).
import { midSentence } from "../../../core/sentence.js";
import type { Choice, RuleContext } from "../../../engine/choice.js";
import { andList } from "../../../engine/or-list.js";
import { CALLED_SHOTS, CALLED_SHOT_KEYS, type CalledShot } from "../data/charts.js";
import { CRUSH } from "../data/damage-types.js";
import { canDefend } from "./defence.js";
import { FORM_LABELS, FORM_SLOTS, STRIKE_FORMS, type StrikeForm } from "./forms.js";
import {
  counterTargets,
  foesOf,
  unitsOf,
  type Act,
  type DefenceType,
  type OtherPart,
  type Pairing,
  type Size,
  type StrikePart,
} from "./melee-types.js";
import { ask, askNumber, askYesNo, numberedQuestion } from "./questions.js";
import type {
  ActionSituation,
  AnswerSituation,
  CounterSituation,
  DefenceSituation,
  PairSituation,
  StrikeSituation,
  TargetSituation,
} from "./situations.js";
import { usableAttacks } from "./usable.js";
import { CHECK_PASSES, checkRoll, label } from "./rolls.js";
import { SECTIONS } from "../sections.js";
import { DROPPED, FLUNG, type Fighter } from "../state.js";

const SIZE_WORDS: Record<Size, string> = { 4: "full", 2: "half", 1: "quarter" };
/** A defence as a plural noun or a verb of its one: "half parries", "a half action blocks". */
const DEFENCE_S: Record<DefenceType, string> = {
  block: "blocks",
  parry: "parries",
  dodge: "dodges",
};

/** "a half action", "1 1/2 actions", ... for a number of quarter actions. */
export function quarterWords(quarters: number): string {
  const full = Math.floor(quarters / 4);
  const rest = ["", "1/4", "1/2", "3/4"][quarters % 4]!;
  if (full === 0) return rest === "1/2" ? "a half action" : `${rest} of an action`;
  const n = rest === "" ? `${full}` : `${full} ${rest}`;
  return `${n} action${quarters === 4 ? "" : "s"}`;
}

function other(act: Act, kind: OtherPart["kind"], size: Size, group: number, what = ""): OtherPart {
  const part: OtherPart = {
    kind,
    owner: act,
    size,
    group,
    what,
    capacity: kind === "save" ? size : 0,
    done: false,
  };
  act.parts.push(part);
  return part;
}

function strikesOf(act: Act): StrikePart[] {
  const out: StrikePart[] = [];
  for (const p of act.parts) if (p.kind === "strike") out.push(p);
  return out;
}

// ---------------------------------------------------------------------------------------------
// A strike: its target and its attack (with a called shot, if any).

function strikeValue(attackKey: string, called: CalledShot | null): string {
  return called === null ? attackKey : `${attackKey}@${called}`;
}

function strikeChoices(f: Fighter, usable: readonly number[]): Choice<string>[] {
  const out: Choice<string>[] = [];
  for (const i of usable) {
    const a = f.attacks[i]!;
    out.push({ value: a.key, label: `${a.name} (${a.damage})` });
    if (!f.calledShots) continue;
    for (const c of CALLED_SHOT_KEYS) {
      if (c === "knock-out" && (a.type !== CRUSH || a.ranged)) continue;
      out.push({
        value: strikeValue(a.key, c),
        label: `${a.name}, a called shot at ${CALLED_SHOTS[c].name} (about -${CALLED_SHOTS[c].penalty})`,
      });
    }
  }
  return out;
}

function declareStrike(
  p: Pairing,
  ctx: RuleContext,
  act: Act,
  size: Size,
  group: number,
  counter: boolean,
  targets: readonly Act[],
  extraUsable: readonly number[],
): StrikePart | null {
  const state = p.state;
  const f = act.f;
  if (targets.length === 0) return null;
  let usable: readonly number[] = usableAttacks(f);
  if (extraUsable.length > 0) {
    usable = [...new Set([...usable, ...extraUsable])].sort((x, y) => x - y);
  }
  if (usable.length === 0) return null;
  let target = targets[0]!;
  if (targets.length > 1) {
    const id = ask<string>(ctx, f.id, "target", {
      prompt: () => `Whom does ${f.name} strike at with this ${SIZE_WORDS[size]} action?`,
      choices: () => targets.map((t) => ({ value: t.f.id, label: t.f.name })),
      situation: { state, act, targets, counter } satisfies TargetSituation,
    });
    target = targets.find((t) => t.f.id === id)!;
  }
  let attack = usable[0]!;
  let called: CalledShot | null = null;
  if (usable.length > 1 || f.calledShots) {
    const answer = ask<string>(ctx, f.id, "strike", {
      prompt: () =>
        `${f.name} strikes at ${target.f.name} (${SIZE_WORDS[size]} action): with what?`,
      choices: () => strikeChoices(f, usable),
      situation: { state, f, target: target.f, usable } satisfies StrikeSituation,
    });
    const at = answer.indexOf("@");
    const key = at < 0 ? answer : answer.slice(0, at);
    called = at < 0 ? null : (answer.slice(at + 1) as CalledShot);
    attack = usable.find((i) => f.attacks[i]!.key === key) ?? usable[0]!;
  }
  act.strikes += 1;
  const part: StrikePart = {
    kind: "strike",
    owner: act,
    size,
    group,
    counter,
    attack,
    called,
    target,
    defence: null,
    fake: false,
    done: false,
    number: act.strikes,
    rangedPenalty: 0,
  };
  act.parts.push(part);
  if (counter) target.counters.push(part);
  else target.incoming.push(part);
  if (ctx.explaining) {
    const finalAttack = attack;
    const finalCalled = called;
    ctx.explain(counter ? SECTIONS.defenderChooses : SECTIONS.winnerChooses, () => {
      const c = finalCalled === null ? "" : `, a called shot at ${CALLED_SHOTS[finalCalled].name}`;
      const what = counter ? "counterattacks" : "strikes";
      return `${f.name} ${what} at ${target.f.name} with the ${midSentence(f.attacks[finalAttack]!.name)} (${SIZE_WORDS[size]} action${c})`;
    });
  }
  return part;
}

/** The GM says how many full actions (1 to `max`) a skill takes (2. Winner Chooses Attack(s)). */
function skillActions(ctx: RuleContext, f: Fighter, skill: string, max: number): number {
  return askNumber(
    ctx,
    "gm",
    "skill-actions",
    () => `How many full actions does ${f.name}'s ${skill} take?`,
    1,
    max,
    (x) => `${x} full action${x === 1 ? "" : "s"}`,
    undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// Step 2: the winner's actions, one full action at a time.

function actionChoices(
  f: Fighter,
  first: boolean,
  strikes: boolean,
  pickUps: readonly number[],
): Choice<string>[] {
  const out: Choice<string>[] = [];
  for (const form of STRIKE_FORMS) {
    if (!strikes && form !== "save") continue;
    out.push({
      value: form,
      label: FORM_LABELS[form],
      group: form === "save" ? "defend" : "attack",
    });
  }
  for (let i = 0; i < f.attacks.length; i += 1) {
    if (f.held[i] === DROPPED && !pickUps.includes(i)) {
      out.push({
        value: `pick-up:${f.attacks[i]!.key}`,
        label: `pick up the ${f.attacks[i]!.name}`,
        group: "other",
      });
    }
  }
  for (const skill of Object.keys(f.skills)) {
    out.push({
      value: `skill:${skill}`,
      label: `attempt ${skill} (at half skill)`,
      group: "other",
    });
  }
  if (first) {
    out.push({ value: "flee", label: "flee (all actions)", group: "move" });
    for (let i = 0; i < f.attacks.length; i += 1) {
      if (f.held[i] === FLUNG) {
        out.push({
          value: `retrieve:${f.attacks[i]!.key}`,
          label: `retrieve the ${f.attacks[i]!.name} (the whole melee)`,
          group: "other",
        });
      }
    }
  }
  return out;
}

export function declareWinner(p: Pairing, ctx: RuleContext, w: Act): void {
  const state = p.state;
  const f = w.f;
  const n = f.actions;
  const foes = foesOf(w).filter((a) => a.f.status === "fighting");
  const pickUps: number[] = [];
  let group = 0;
  while (group < n) {
    const i = group;
    const strikes = foes.length > 0 && (usableAttacks(f).length > 0 || pickUps.length > 0);
    const form = ask<string>(ctx, f.id, numberedQuestion("action", i + 1), {
      prompt: () =>
        `${f.name} won the initiative: what does ${f.name} do with full action ${i + 1} of ${n}?`,
      choices: () => actionChoices(f, i === 0, strikes, pickUps),
      situation: { state, w, i, strikes } satisfies ActionSituation,
      tactic: "action",
    });
    w.forms[i] = form;
    if (form === "flee") {
      w.fleeing = true;
      other(w, "flee", 4, 0);
      w.used = unitsOf(f);
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.fleeing,
          () => `${f.name} uses its initiative to flee: all its actions, no roll`,
        );
      }
      return;
    }
    if (form.startsWith("retrieve:")) {
      const a = f.attacks.findIndex((x) => x.key === form.slice(9));
      other(w, "retrieve", 4, 0, String(a));
      w.used = unitsOf(f);
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.fumble,
          () => `${f.name} spends the melee retrieving its ${f.attacks[a]!.name}`,
        );
      }
      return;
    }
    if (form.startsWith("pick-up:")) {
      const a = f.attacks.findIndex((x) => x.key === form.slice(8));
      other(w, "pick-up", 4, i, String(a));
      pickUps.push(a);
      w.used += 4;
      group += 1;
      continue;
    }
    if (form.startsWith("skill:")) {
      const skill = form.slice(6);
      const k = skillActions(ctx, f, skill, n - i);
      other(w, "skill", 4, i, skill);
      w.used += 4 * k;
      group += k;
      continue;
    }
    for (const slot of FORM_SLOTS[form as StrikeForm]) {
      if (slot.save) other(w, "save", slot.size, i);
      else declareStrike(p, ctx, w, slot.size, i, false, foes, pickUps);
      w.used += slot.size;
    }
    group += 1;
  }
  if (ctx.explaining) {
    const saved = w.parts.filter((x) => x.kind === "save").reduce((s, x) => s + x.size, 0);
    if (saved > 0) {
      ctx.explain(
        SECTIONS.winnerChooses,
        () => `${f.name} saves ${quarterWords(saved)} for defence against counterstrikes (+5)`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Step 3: the defender's defences, then its counterattacks.

function rangedDefencePenalty(ctx: RuleContext, d: Fighter, s: StrikePart): number {
  const a = s.owner.f.attacks[s.attack]!;
  if (!a.ranged) return 0;
  if (!canDefend(d, "block") && !canDefend(d, "parry")) return -1;
  const v = askNumber(
    ctx,
    "gm",
    "ranged-defence",
    () =>
      `Can ${d.name} block or parry ${s.owner.f.name}'s ${a.name} (0: only a dodge; else the penalty, it should be very difficult)?`,
    0,
    20,
    (x) => (x === 0 ? "only a dodge" : `at -${x}`),
    undefined,
  );
  return v === 0 ? -1 : v;
}

function defenceValue(type: DefenceType, size: Size): string {
  return size === 4 ? type : size === 2 ? `${type}-half` : `${type}-quarter`;
}

function parseDefence(v: string): { type: DefenceType; size: Size } | null {
  if (v === "none") return null;
  const [type, part] = v.split("-") as [DefenceType, string | undefined];
  return { type, size: part === undefined ? 4 : part === "half" ? 2 : 1 };
}

/** `actor` makes its ALT check against `fleer`'s flight (Fleeing Combat). */
function notice(ctx: RuleContext, fleer: Act, actor: Act): boolean {
  const f = actor.f;
  const check = askYesNo(
    ctx,
    f.id,
    "notice",
    () =>
      `${fleer.f.name} is fleeing: does ${f.name} make an ALT check at -${10 * fleer.f.actions}% to react (not making it fails)?`,
    { situation: undefined },
  );
  const target = f.alt - 10 * fleer.f.actions;
  const passed =
    check &&
    ctx.roll(
      checkRoll(target),
      label(
        ctx.explaining,
        () => `${f.name}'s ALT check (${target}%) to notice ${fleer.f.name} fleeing`,
        "alt",
      ),
      f.id,
    ) === CHECK_PASSES;
  if (ctx.explaining) {
    ctx.explain(SECTIONS.fleeing, () =>
      passed
        ? `${f.name} notices ${fleer.f.name}'s flight (ALT ${f.alt} - ${10 * fleer.f.actions}% = ${target}%) and can react`
        : check
          ? `${f.name} misses ${fleer.f.name}'s flight (ALT check at ${target}% failed)`
          : `${f.name} makes no ALT check: ${fleer.f.name}'s flight goes unnoticed`,
    );
  }
  return passed;
}

export function declareDefender(p: Pairing, ctx: RuleContext, d: Act): void {
  const state = p.state;
  const f = d.f;
  const units = unitsOf(f);
  for (const w of p.winners) {
    if (w.fleeing && notice(ctx, w, d)) d.noticed.push(w);
  }
  const incoming = d.incoming;
  const attacked = incoming.length > 0;
  if (!attacked && d.noticed.length === 0 && p.winners.length > 0) {
    const flee = askYesNo(
      ctx,
      f.id,
      "flee",
      () => `No attack is declared against ${f.name}: does it flee (all its actions)?`,
      { situation: { state, me: d, other: null } satisfies PairSituation },
    );
    if (flee) {
      d.fleeing = true;
      other(d, "flee", 4, 0);
      d.used = units;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.fleeing,
          () => `${f.name} is not attacked and flees, with all its actions`,
        );
      }
      return;
    }
  }
  for (let k = 0; k < incoming.length; k += 1) {
    const s = incoming[k]!;
    const rangedPenalty = rangedDefencePenalty(ctx, f, s);
    s.rangedPenalty = Math.max(0, rangedPenalty);
    const left = units - d.used;
    const mayDodge = k === 0 && d.used === 0 && canDefend(f, "dodge");
    const answer = ask<string>(ctx, f.id, numberedQuestion("defence", k + 1), {
      prompt: () => {
        const a = s.owner.f.attacks[s.attack]!;
        return `${s.owner.f.name} strikes at ${f.name} with the ${midSentence(a.name)} (${SIZE_WORDS[s.size]} action): ${f.name}'s defence (${left} quarter actions left)?`;
      },
      choices: () => {
        const out: Choice<string>[] = [{ value: "none", label: "no defence", group: "other" }];
        for (const type of ["block", "parry"] as const) {
          if (!canDefend(f, type) || rangedPenalty < 0) continue;
          for (const size of [4, 2, 1] as const) {
            if (size <= left) {
              out.push({
                value: defenceValue(type, size),
                label: `${type} (${SIZE_WORDS[size]} action)`,
                group: "defend",
              });
            }
          }
        }
        if (mayDodge)
          out.push({
            value: "dodge",
            label: "dodge (all actions, against every attack)",
            group: "defend",
          });
        return out;
      },
      situation: { state, d, k, mayDodge } satisfies DefenceSituation,
      tactic: "defence",
      // The strike it answers, for the GM's card (engine/last-result.ts).
      blow: { attacker: s.owner.f.id, target: f.id },
    });
    if (answer === "dodge") {
      d.dodge = { total: null, natural: 0, winner: false };
      d.used = units;
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.defenderChooses,
          () => `${f.name} dodges: all its actions, against every attack on it this melee`,
        );
      }
      return;
    }
    const chosen = parseDefence(answer);
    if (chosen !== null) {
      s.defence = {
        owner: d,
        type: chosen.type,
        size: chosen.size,
        saved: false,
        from: "declared",
      };
      d.used += chosen.size;
    }
    if (ctx.explaining) {
      ctx.explain(SECTIONS.defenderChooses, () =>
        chosen === null
          ? `${f.name} does not defend against ${s.owner.f.name}'s strike ${s.number}`
          : `${f.name} will ${chosen.type} ${s.owner.f.name}'s strike ${s.number} (${SIZE_WORDS[chosen.size]} action)`,
      );
    }
  }
  declareCounters(p, ctx, d);
}

/**
 * The strikes declared at the defender, by attacker, opening its counterattack question: "Sly's 2
 * strikes at Hedda with the spear and Kell's strike with the axe: " (3. Defender Chooses
 * Defense/Counterattack(s): it counterattacks and still has to deal with every attack used
 * against it). Nothing when none was, as when only a fleeing foe it noticed is there to follow.
 */
function answered(d: Act): string {
  const by = new Map<Fighter, string[]>();
  for (const s of d.incoming) {
    const weapons = by.get(s.owner.f) ?? [];
    weapons.push(`the ${midSentence(s.owner.f.attacks[s.attack]!.name)}`);
    by.set(s.owner.f, weapons);
  }
  const strikes = [...by].map(([attacker, weapons], i) => {
    const count = weapons.length === 1 ? "strike" : `${weapons.length} strikes`;
    const at = i === 0 ? ` at ${d.f.name}` : "";
    return `${attacker.name}'s ${count}${at} with ${andList([...new Set(weapons)])}`;
  });
  return strikes.length === 0 ? "" : `${andList(strikes)}: `;
}

function declareCounters(p: Pairing, ctx: RuleContext, d: Act): void {
  const state = p.state;
  const f = d.f;
  const units = unitsOf(f);
  const skilled = f.counterstrike;
  if (!skilled && d.noticed.length === 0) return;
  const targets = counterTargets(d);
  // 5. Roll and Compare goes by full actions: each counterattack joins the defender's first full
  // action with room for it, so that a half, a full, a half and a full are three full actions
  // (the two halves one of them), as many as it has.
  const fills: number[] = [];
  const place = (size: number): number => {
    let group = 0;
    while (group < fills.length && fills[group]! + size > 4) group += 1;
    fills[group] = (fills[group] ?? 0) + size;
    return group;
  };
  for (let j = 0; units - d.used >= 1; j += 1) {
    const left = units - d.used;
    const strikes = targets.length > 0 && usableAttacks(f).length > 0;
    const unfollowed = d.noticed.filter((w) => !w.followed);
    const answer = ask<string>(ctx, f.id, numberedQuestion("counter", j + 1), {
      prompt: () =>
        `${answered(d)}${f.name} has ${left} quarter actions left: a counterattack or other action?`,
      choices: () => {
        const out: Choice<string>[] = [{ value: "none", label: "nothing more", group: "other" }];
        if (strikes) {
          if (left >= 4)
            out.push({ value: "strike", label: "a full counterattack", group: "attack" });
          if (left >= 2)
            out.push({ value: "half", label: "a half-action counterattack", group: "attack" });
          out.push({ value: "quarter", label: "a quarter-action counterattack", group: "attack" });
        }
        if (left >= 4) {
          for (const w of unfollowed)
            out.push({
              value: `follow:${w.f.id}`,
              label: `follow ${w.f.name} (a full action)`,
              group: "move",
            });
          if (skilled) {
            for (let i = 0; i < f.attacks.length; i += 1) {
              if (f.held[i] === DROPPED) {
                out.push({
                  value: `pick-up:${f.attacks[i]!.key}`,
                  label: `pick up the ${f.attacks[i]!.name}`,
                  group: "other",
                });
              }
            }
            for (const skill of Object.keys(f.skills)) {
              out.push({
                value: `skill:${skill}`,
                label: `attempt ${skill} (at half skill)`,
                group: "other",
              });
            }
          }
        }
        return out;
      },
      situation: { state, d, targets, left, unfollowed } satisfies CounterSituation,
      tactic: "counter",
    });
    if (answer === "none") break;
    if (answer === "strike" || answer === "half" || answer === "quarter") {
      const size: Size = answer === "strike" ? 4 : answer === "half" ? 2 : 1;
      declareStrike(p, ctx, d, size, place(size), true, targets, []);
      d.used += size;
      continue;
    }
    if (answer.startsWith("skill:")) {
      // 3. Defender Chooses Defense/Counterattack(s): skills "the same as if they won the
      // initiative": the GM says how many full actions it takes.
      const skill = answer.slice(6);
      const k = skillActions(ctx, f, skill, Math.floor((units - d.used) / 4));
      other(d, "skill", 4, place(4), skill);
      for (let extra = 1; extra < k; extra += 1) place(4);
      d.used += 4 * k;
      continue;
    }
    const group = place(4);
    d.used += 4;
    if (answer.startsWith("follow:")) {
      const w = d.noticed.find((x) => x.f.id === answer.slice(7))!;
      w.followed = true;
      other(d, "follow", 4, group, w.f.id);
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.fleeing,
          () => `${f.name} uses a full action to follow ${w.f.name}: the flight fails`,
        );
      }
    } else if (answer.startsWith("pick-up:")) {
      other(d, "pick-up", 4, group, String(f.attacks.findIndex((x) => x.key === answer.slice(8))));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Step 4: the winner answers the counterattacks, with saved actions, cancelled or split strikes,
// or a dodge.

function answerChoices(w: Act, rangedPenalty: number, mayDodge: boolean): Choice<string>[] {
  const f = w.f;
  const out: Choice<string>[] = [{ value: "none", label: "no defence", group: "other" }];
  let capacity = 0;
  for (const x of w.parts) if (x.kind === "save" && x.capacity > capacity) capacity = x.capacity;
  for (const type of ["block", "parry"] as const) {
    if (!canDefend(f, type) || rangedPenalty < 0) continue;
    if (capacity >= 4)
      out.push({
        value: `${type}:saved`,
        label: `${type} with a saved action (+5)`,
        group: "defend",
      });
    if (capacity >= 2)
      out.push({
        value: `${type}:saved-half`,
        label: `${type} with half a saved action (+5)`,
        group: "defend",
      });
    if (capacity >= 1)
      out.push({
        value: `${type}:saved-quarter`,
        label: `${type} with a quarter of a saved action (+5)`,
        group: "defend",
      });
    for (const s of strikesOf(w)) {
      if (s.fake || s.counter) continue;
      out.push({
        value: `${type}:cancel-${s.number}`,
        label: `${type} instead of strike ${s.number} (a fake; ${SIZE_WORDS[s.size]} action)`,
        group: "defend",
      });
      if (s.size > 1) {
        out.push({
          value: `${type}:alter-${s.number}`,
          label: `split strike ${s.number}: half strikes, half ${DEFENCE_S[type]}`,
          group: "defend",
        });
      }
    }
  }
  if (mayDodge)
    out.push({
      value: "dodge",
      label: "dodge (only its first action goes ahead)",
      group: "defend",
    });
  return out;
}

export function declareWinnerAnswers(p: Pairing, ctx: RuleContext, w: Act): void {
  const state = p.state;
  const f = w.f;
  if (w.fleeing) return;
  for (const d of p.defenders) {
    if (!d.fleeing || d.followed) continue;
    if (!notice(ctx, d, w)) continue;
    const follow = askYesNo(
      ctx,
      f.id,
      "follow",
      () => `${d.f.name} flees: does ${f.name} give up its last full action to follow?`,
      { situation: { state, me: w, other: d } satisfies PairSituation },
    );
    if (follow) {
      d.followed = true;
      const last = Math.max(...w.parts.map((x) => x.group), 0);
      for (const x of w.parts) {
        if (x.group !== last) continue;
        if (x.kind === "strike") x.fake = true;
        else x.done = true;
      }
      other(w, "follow", 4, last, d.f.id);
      if (ctx.explaining) {
        ctx.explain(
          SECTIONS.fleeing,
          () => `${f.name} gives up action ${last + 1} to follow ${d.f.name}: the flight fails`,
        );
      }
    }
  }
  const counters = w.counters;
  for (let k = 0; k < counters.length; k += 1) {
    const c = counters[k]!;
    if (w.dodge !== null) break;
    const rangedPenalty = rangedDefencePenalty(ctx, f, c);
    c.rangedPenalty = Math.max(0, rangedPenalty);
    const mayDodge = k === 0 && canDefend(f, "dodge");
    const answer = ask<string>(ctx, f.id, numberedQuestion("answer", k + 1), {
      prompt: () =>
        `${c.owner.f.name} counterattacks ${f.name} (${SIZE_WORDS[c.size]} action): how does ${f.name} defend?`,
      choices: () => answerChoices(w, rangedPenalty, mayDodge),
      situation: { state, w, k, blockable: rangedPenalty >= 0 } satisfies AnswerSituation,
      tactic: "answer",
      // The counterattack it answers, for the GM's card (engine/last-result.ts).
      blow: { attacker: c.owner.f.id, target: f.id },
    });
    applyAnswer(p, ctx, w, c, answer);
  }
}

function applyAnswer(p: Pairing, ctx: RuleContext, w: Act, c: StrikePart, answer: string): void {
  const f = w.f;
  if (answer === "none") return;
  if (answer === "dodge") {
    // Only the first action goes ahead: its first part alone (the parts of a split action are
    // not counted as one), or the whole first full action (switch winnerDodgeKeeps).
    const whole = p.state.switches.winnerDodgeKeeps === "first-action";
    w.dodge = { total: null, natural: 0, winner: true };
    w.parts.forEach((x, i) => {
      if (whole ? x.group < 1 : i === 0) return;
      if (x.kind === "strike") x.fake = true;
      else {
        x.done = true;
        x.capacity = 0;
      }
    });
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.winnerDefends,
        () =>
          `${f.name} dodges the counterattacks: only its first ${whole ? "full action" : "action"} still goes ahead; the rest are fakes`,
      );
    }
    return;
  }
  const [type, how] = answer.split(":") as [DefenceType, string];
  if (how.startsWith("saved")) {
    const size: Size = how === "saved" ? 4 : how === "saved-half" ? 2 : 1;
    const part = w.parts.find((x): x is OtherPart => x.kind === "save" && x.capacity >= size)!;
    part.capacity -= size;
    c.defence = { owner: w, type, size, saved: true, from: "saved" };
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.winnerDefends,
        () =>
          `${f.name} will ${type} ${c.owner.f.name}'s counterattack with a saved ${SIZE_WORDS[size]} action (+5)`,
      );
    }
    return;
  }
  const number = Number(how.slice(how.indexOf("-") + 1));
  const s = strikesOf(w).find((x) => x.number === number)!;
  if (how.startsWith("cancel")) {
    s.fake = true;
    c.defence = { owner: w, type, size: s.size, saved: false, from: "cancel" };
    if (ctx.explaining) {
      ctx.explain(
        SECTIONS.winnerDefends,
        () =>
          `${f.name} cancels strike ${number} to ${type} instead: a fake, and ${s.target.f.name}'s defence against it is still spent`,
      );
    }
    return;
  }
  const half = (s.size / 2) as Size;
  s.size = half;
  c.defence = { owner: w, type, size: half, saved: false, from: "alter" };
  if (ctx.explaining) {
    ctx.explain(
      SECTIONS.winnerDefends,
      () =>
        `${f.name} splits strike ${number}: a ${SIZE_WORDS[half]} action strikes, a ${SIZE_WORDS[half]} action ${DEFENCE_S[type]}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Multiple Attackers Or Defenders: -1 per opponent when acting against several.

export function opponentPenalties(p: Pairing, ctx: RuleContext): void {
  if (p.acts.length === 2) {
    // One on one: a single opponent, and a dodge covers one attacker.
    for (const act of p.acts) act.dodgeAttackers = act.dodge === null ? 0 : 1;
    return;
  }
  for (const act of p.acts) {
    const involved = new Set<number>();
    const dodged = new Set<number>();
    for (const x of act.parts) {
      if (x.kind === "strike" && !x.fake) involved.add(x.target.f.index);
    }
    for (const s of [...act.incoming, ...act.counters]) {
      if (act.dodge !== null) dodged.add(s.owner.f.index);
      else if (s.defence !== null && s.defence.owner === act) involved.add(s.owner.f.index);
    }
    for (const i of dodged) involved.add(i);
    act.dodgeAttackers = dodged.size;
    act.penalty = involved.size >= 2 ? involved.size : 0;
    if (!ctx.explaining) continue;
    const n = involved.size;
    const stacked = p.state.switches.dodgeAgainstSeveral === "stacked";
    if (act.dodge !== null && dodged.size >= 2) {
      const own = dodged.size - 1;
      const strikes = act.parts.some((x) => x.kind === "strike" && !x.fake);
      ctx.explain(SECTIONS.multiple, () =>
        stacked
          ? `${act.f.name} dodges ${dodged.size} attackers: -${own} on its dodge, and -${n} for acting against ${n} opponents`
          : `${act.f.name} dodges ${dodged.size} attackers: -${own} on its dodge${strikes ? `; -${n} on its other rolls` : ""}`,
      );
    } else if (act.penalty > 0) {
      ctx.explain(
        SECTIONS.multiple,
        () => `${act.f.name} acts against ${n} opponents this melee: -${n} on all its rolls`,
      );
    }
  }
}
