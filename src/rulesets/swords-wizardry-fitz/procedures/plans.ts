// Before and just after the initiative roll (Order of Battle): what each combatant declares
// (spells and charges must be declared before initiative: 2. Declare Spells, Charging into
// combat; two-weapon fighting decides how many attacks, and so how many initiative rolls), the
// initiative rolls themselves (3. Determine Initiative: one roll per attack, the die by DEX), and
// how each splits its Base Combat Bonus between attack and AC for the round (Base Combat
// Bonuses, Fighting Defensively), chosen once the order is known and before anyone acts.
import { valueLabel } from "../../../engine/answers.js";
import { andList } from "../../../engine/or-list.js";
import { z } from "zod";
import type { Choice, DecisionOptions, RuleContext } from "../../../engine/choice.js";
import type { Json } from "../../../engine/json.js";
import { countOf, die, FIRST_WINS, initiativeContest, SECOND_WINS } from "../rolls.js";
import { SECTIONS } from "../sections.js";
import type { Fighter, MagicState, Plan, Slot, SwState, WeaponState } from "../state.js";
import { attackable, distance, inReach, readyForRound, usable } from "./field.js";
import { castable, noSpellThisSegment } from "./magic.js";
import { foesAround } from "./actions.js";
import { ask } from "./ask.js";
import { isCasting } from "./combat-numbers.js";
import type { Standpoint, TargetSituation } from "./situations.js";
import { meanDamage, damageBonus } from "./damage-numbers.js";
import { ownSteady, setSteady } from "../own-steady.js";

/** The weapon a charge is made with: the best usable melee weapon (not the off-hand one). */
export function chargeWeapon(f: Fighter): WeaponState | undefined {
  let best: WeaponState | undefined;
  let bestMean = -1;
  for (let i = 0; i < f.steady.weapons.length; i += 1) {
    const w = f.steady.weapons[i]!;
    if (w.kind !== "melee" || !usable(w) || i === f.sheet.offHand) continue;
    const m = meanDamage(w.damage, damageBonus(f, w, 5));
    if (m > bestMean) {
      best = w;
      bestMean = m;
    }
  }
  return best;
}

/** Charging into combat: a foe out of reach but within a full move and the charge weapon's reach. */
export function chargeable(
  state: SwState,
  f: Fighter,
  t: Fighter,
  w: WeaponState | undefined,
): boolean {
  if (w === undefined || t.side === f.side || t.status !== "fighting" || t.steady.undetected)
    return false;
  if (f.sheet.speed <= 0 || f.steady.proneRound === state.round) return false;
  const d = distance(f, t);
  return !inReach(w, d) && d - w.reach <= f.sheet.speed && d > 5;
}

/** A spell or scroll target: an attackable foe within the spell's range (the caster stands still). */
export function spellTarget(f: Fighter, m: MagicState, t: Fighter): boolean {
  return t.side !== f.side && attackable(t) && distance(f, t) <= m.range;
}

export function hasOffHand(f: Fighter): boolean {
  return (
    f.sheet.offHand >= 0 &&
    usable(f.steady.weapons[f.sheet.offHand]!) &&
    f.steady.weapons.some(
      (w, i) => i !== f.sheet.offHand && w.kind === "melee" && !w.unarmed && usable(w),
    )
  );
}

/** Every plan `f` may declare this round, as the answers of the "plan" decision. */
export function listPlans(state: SwState, f: Fighter): Choice<string>[] {
  const out: Choice<string>[] = [
    { value: "fight", label: "fight (move up to half speed and attack)", group: "attack" },
  ];
  if (hasOffHand(f)) {
    const off = f.steady.weapons[f.sheet.offHand]!;
    out.push({
      value: "two-weapons",
      label: `two weapons: two attacks at -3 (with the ${off.name})`,
      group: "attack",
    });
    out.push({
      value: "off-hand-defence",
      label: `the ${off.name} on defence: one attack at -1, +1 AC`,
      group: "defend",
    });
  }
  const cw = chargeWeapon(f);
  for (const t of state.combatants) {
    if (chargeable(state, f, t, cw))
      out.push({
        value: `charge:${t.id}`,
        label: `charge ${t.name} (${distance(f, t)} ft) with the ${cw!.name}: no DEX or BCB to AC`,
        group: "attack",
      });
  }
  for (const [verb, list] of [
    ["cast", f.steady.spells],
    ["read", f.steady.scrolls],
  ] as const) {
    for (const m of list) {
      if (!castable(state, f, m)) continue;
      for (const t of state.combatants) {
        if (spellTarget(f, m, t))
          out.push({
            value: `${verb}:${m.id}:${t.id}`,
            // Its uses left as the card says them, as a wand's option gives its charges; an
            // area spell's other targets, where it goes off (magic.ts, targetsOf).
            label: `${verb === "cast" ? "cast" : "read the scroll of"} ${m.name} at ${t.name} (${verb === "read" ? `${m.level} rounds` : `${m.uses} left`}${m.area ? `; every foe within 5 ft of ${t.name} too` : ""})`,
            group: "attack",
          });
      }
    }
  }
  return out;
}

/** Is there anything to declare but "fight"? (Checked without building the list.) */
export function hasPlanChoice(state: SwState, f: Fighter): boolean {
  if (f.sheet.offHand >= 0 && hasOffHand(f)) return true;
  let far = false;
  for (const t of state.combatants) {
    if (t.side === f.side || t.status !== "fighting") continue;
    const d = distance(f, t);
    if (d > 5 && d <= f.sheet.speed + 20) far = true;
  }
  if (far) {
    const cw = chargeWeapon(f);
    for (const t of state.combatants) if (chargeable(state, f, t, cw)) return true;
  }
  if (f.steady.spells.length > 0 && anySpell(state, f, f.steady.spells)) return true;
  return f.steady.scrolls.length > 0 && anySpell(state, f, f.steady.scrolls);
}

function anySpell(state: SwState, f: Fighter, list: readonly MagicState[]): boolean {
  for (const m of list)
    if (castable(state, f, m))
      for (const t of state.combatants) if (spellTarget(f, m, t)) return true;
  return false;
}

const PLAN_SCHEMA = z.string({ error: "a plan such as fight, charge:<foe> or cast:<spell>:<foe>" });

/** The "plan" decision; it is its own situation. */
class PlanQuestion implements DecisionOptions<string>, Standpoint {
  private listed: Choice<string>[] | undefined;
  constructor(
    readonly state: SwState,
    readonly me: Fighter,
  ) {}
  get prompt(): string {
    const why = noSpellThisSegment(this.state, this.me);
    return `${this.me.name} declares before initiative: what does ${this.me.name} do this round?${why === undefined ? "" : ` (${why})`}`;
  }
  get schema(): z.ZodType<string> {
    return PLAN_SCHEMA;
  }
  get choices(): Choice<string>[] {
    return (this.listed ??= listPlans(this.state, this.me));
  }
  get situation(): Standpoint {
    return this;
  }
}

/** Applies a declared plan to `f`. */
export function applyPlan(state: SwState, f: Fighter, answer: string): void {
  const [verb, a = "", b = ""] = answer.split(":");
  switch (verb) {
    case "two-weapons":
    case "off-hand-defence":
      setSteady(f, { plan: verb, planTarget: "", planItem: "" });
      return;
    case "charge": {
      // The weapon is chosen with the charge declared and no item yet (as `damageBonus` reads them).
      const own = ownSteady(f);
      own.plan = "charge";
      own.planTarget = a;
      own.planItem = "";
      own.planItem = chargeWeapon(f)?.id ?? "";
      return;
    }
    case "cast":
      setSteady(f, { plan: verb, planItem: a, planTarget: b });
      return;
    case "read": {
      const m = f.steady.scrolls.find((x) => x.id === a);
      setSteady(f, { plan: verb, planItem: a, planTarget: b, readLeft: m?.level ?? 1 });
      return;
    }
    default:
      setSteady(f, { plan: "fight", planTarget: "", planItem: "" });
  }
}

/** Declarations, before initiative. */
export function declare(state: SwState, ctx: RuleContext): void {
  for (const f of state.combatants) {
    if (!readyForRound(state, f)) continue;
    if (f.steady.readLeft > 0) {
      // Still reading a scroll from an earlier round.
      setSteady(f, { plan: "read" });
      continue;
    }
    if (f.steady.routed || !hasPlanChoice(state, f)) {
      setSteady(f, { plan: "fight" });
      // Where the question it would have been asked stood: why it has no spell to declare.
      const why = ctx.explaining && !f.steady.routed ? noSpellThisSegment(state, f) : undefined;
      if (why !== undefined) ctx.explain(SECTIONS.surprise, () => `${f.name} declares ${why}`);
    } else {
      const question = new PlanQuestion(state, f);
      const answer = ctx.decide(f.id, "plan", question);
      applyPlan(state, f, answer);
      if (ctx.explaining && f.steady.plan !== "fight") {
        const section =
          f.steady.plan === "charge"
            ? SECTIONS.charging
            : f.steady.plan === "cast" || f.steady.plan === "read"
              ? SECTIONS.declareSpells
              : SECTIONS.twoWeapons;
        ctx.explain(section, () => `${f.name} declares: ${valueLabel(question, answer)}`);
      }
    }
    if (!f.steady.routed && f.steady.plan !== "charge" && !isCasting(f)) singleOut(state, f, ctx);
  }
}

/**
 * Multiple Melee Targets: among several opponents in reach, one may be singled out for the round
 * (the attack sequence is the whole round), and all the others then attack as from behind from
 * the first count on; otherwise each attack goes to whoever the fight brings.
 */
function singleOut(state: SwState, f: Fighter, ctx: RuleContext): void {
  const around = foesAround(state, f);
  if (around.length < 2) return;
  const answer = ask(ctx, f.id, "target", {
    prompt: () =>
      `${f.name} has ${andList(around.map((t) => t.name))} in reach: does it single one out for the round?`,
    choices: () => [
      { value: "random", label: "no: whoever the fight brings (each attack at random)" },
      ...around.map((t) => ({
        value: t.id,
        label: `single out ${t.name}: the others attack ${f.name} as from behind (+2)`,
      })),
    ],
    situation: { state, me: f, around } satisfies TargetSituation,
  });
  if (answer === "random") return;
  ownSteady(f).concentrating = answer;
  if (ctx.explaining)
    ctx.explain(
      SECTIONS.multipleTargets,
      () =>
        `${f.name} singles out ${around.find((t) => t.id === answer)?.name ?? answer} for the round: the other foes in reach attack it as from behind (+2)`,
    );
}

function putSlot(f: Fighter, n: number, use: string): number {
  const s = f.slots[n];
  if (s === undefined) f.slots.push({ count: 0, use, done: false, held: false });
  else {
    s.count = 0;
    s.use = use;
    s.done = false;
    s.held = false;
  }
  return n + 1;
}

/** Sets `f`'s slots to the attacks (and so the initiative rolls) of its plan. */
function setSlots(f: Fighter): void {
  let n = 0;
  if (f.steady.plan === "two-weapons") {
    n = putSlot(f, n, "main");
    n = putSlot(f, n, "off");
  } else if (f.steady.plan === "fight") {
    for (const w of f.steady.weapons) if (w.natural && usable(w)) n = putSlot(f, n, w.id);
    if (n === 0) {
      n = putSlot(f, n, "main");
      const first = f.steady.weapons[0];
      if (first !== undefined && first.bow && usable(first)) n = putSlot(f, n, "arrow");
    }
  } else {
    n = putSlot(f, n, "main");
  }
  if (f.slots.length !== n) f.slots.length = n;
}

/** The attacks (and so the initiative rolls) of `f`'s plan. */
export function slotUses(f: Fighter): string[] {
  const saved = f.slots;
  f.slots = [];
  setSlots(f);
  const uses = f.slots.map((s) => s.use);
  f.slots = saved;
  return uses;
}

function initiativeLabel(ctx: RuleContext, f: Fighter, use: string, n: number): string {
  if (!ctx.explaining) return "initiative";
  return `${f.name}'s initiative${n > 1 ? ` (${use})` : ""}`;
}

/** 3. Determine Initiative: one roll per attack, on the die of the combatant's DEX. */
export function rollInitiative(state: SwState, ctx: RuleContext): void {
  const cap = state.switches.initiativeAbove10 === "ten";
  const ex = state.exchange;
  const cs = state.combatants;
  for (const f of cs) {
    // An exchange with `defenderAttacks: false`: the defender only defends.
    if (!readyForRound(state, f) || (ex !== null && !ex.defenderAttacks && f.sheet.index === 1)) {
      if (f.slots.length !== 0) f.slots.length = 0;
      continue;
    }
    setSlots(f);
  }
  if (ex !== null) {
    const [a, b] = cs as [Fighter, Fighter];
    if (a.slots.length + b.slots.length === 1) {
      (a.slots[0] ?? b.slots[0]!).count = 1;
      return;
    }
    if (a.slots.length === 1 && b.slots.length === 1) {
      exchangeOrder(state, a, b, cap, ctx);
      return;
    }
  }
  for (const f of cs) {
    for (const s of f.slots) {
      s.count = countOf(
        ctx.roll(die(f.sheet.initDie), initiativeLabel(ctx, f, s.use, f.slots.length), f.id),
        cap,
      );
    }
  }
  if (ctx.explaining) {
    const line = cs
      .filter((f) => f.slots.length > 0)
      .flatMap((f) =>
        f.slots.map((s) => `${f.name}${f.slots.length > 1 ? ` (${s.use})` : ""} ${s.count}`),
      )
      .join(", ");
    ctx.explain(
      SECTIONS.initiative,
      () => `initiative: ${line}; the round counts down from the highest`,
    );
  }
}

/** In an exchange only the order of two single attacks matters: one roll of both dice, or fixed. */
function exchangeOrder(
  state: SwState,
  a: Fighter,
  b: Fighter,
  cap: boolean,
  ctx: RuleContext,
): void {
  const mode = state.exchange!.initiative;
  const order =
    mode === "attacker-first"
      ? FIRST_WINS
      : mode === "defender-first"
        ? SECOND_WINS
        : mode === "simultaneous"
          ? 0
          : ctx.roll(
              initiativeContest(a.sheet.initDie, b.sheet.initDie, cap),
              ctx.explaining
                ? `initiative: ${a.name}'s d${a.sheet.initDie} and ${b.name}'s d${b.sheet.initDie}`
                : "initiative",
            );
  a.slots[0]!.count = order === SECOND_WINS ? 1 : 2;
  b.slots[0]!.count = order === FIRST_WINS ? 1 : 2;
  if (order === 0) a.slots[0]!.count = b.slots[0]!.count = 1;
  if (ctx.explaining)
    ctx.explain(SECTIONS.initiative, () =>
      order === 0
        ? `${a.name} and ${b.name} act together`
        : `${order === FIRST_WINS ? a.name : b.name} acts first`,
    );
}

/** The answer to the "bcb" decision: the part on attack (the rest goes to AC), or "defend". */
export type BcbAnswer = number | "defend";

const bcbSchemas: z.ZodType<BcbAnswer>[] = [];
const bcbChoices: Choice<BcbAnswer>[][] = [];

function bcbSchema(bcb: number): z.ZodType<BcbAnswer> {
  return (bcbSchemas[bcb] ??= z.union([z.int().min(0).max(bcb), z.literal("defend")], {
    error: `a number from 0 to ${bcb} (the BCB on attack; the rest goes to AC), or "defend"`,
  }) as z.ZodType<BcbAnswer>);
}

function listBcb(bcb: number): Choice<BcbAnswer>[] {
  let out = bcbChoices[bcb];
  if (out === undefined) {
    out = [];
    for (let a = bcb; a >= 0; a -= 1)
      out.push({ value: a, label: `+${a} to hit, +${bcb - a} to AC`, group: "attack" });
    out.push({
      value: "defend",
      label: `no attack: +${bcb} and +2 to AC (fighting defensively)`,
      group: "defend",
    });
    bcbChoices[bcb] = out;
  }
  return out;
}

/** The "bcb" decision; it is its own situation. */
class BcbQuestion implements DecisionOptions<BcbAnswer>, Standpoint {
  constructor(
    public state: SwState,
    public me: Fighter,
  ) {}
  get prompt(): string {
    const f = this.me;
    return `${f.name} has a Base Combat Bonus of +${f.sheet.bcb}: how much goes to hit (the rest to AC)?`;
  }
  get schema(): z.ZodType<BcbAnswer> {
    return bcbSchema(this.me.sheet.bcb);
  }
  get choices(): Choice<BcbAnswer>[] {
    return listBcb(this.me.sheet.bcb);
  }
  get situation(): Standpoint {
    return this;
  }
}

let spareBcb: BcbQuestion | undefined;

/** A fresh question for drivers that may keep it while pending; one shared by the others. */
function bcbQuestion(ctx: RuleContext, state: SwState, f: Fighter): BcbQuestion {
  if (ctx.explaining) return new BcbQuestion(state, f);
  const q = (spareBcb ??= new BcbQuestion(state, f));
  q.state = state;
  q.me = f;
  return q;
}

/** Base Combat Bonuses: the split, once initiative is known and before the first count. */
export function chooseStances(state: SwState, ctx: RuleContext): void {
  // Until a foe has chosen, its last round's split stands in for its choice (the policies read
  // it), fighting defensively included: a foe that defended last round is no threat until it says
  // otherwise, so two foes do not both defend round after round against attacks neither makes.
  for (const f of state.combatants) {
    setSteady(f, { fullDefence: false, bcbAttack: 0, bcbAc: 0 });
    if (!readyForRound(state, f)) continue;
    if (f.steady.plan === "charge" || f.steady.plan === "cast" || f.steady.plan === "read") {
      // Charging and casting give no BCB to AC.
      setSteady(f, { bcbAttack: f.sheet.bcb });
      continue;
    }
    if (f.steady.routed) {
      setSteady(f, { bcbAc: f.sheet.bcb });
      continue;
    }
    const answer = ctx.decide(
      f.id,
      "bcb",
      bcbQuestion(ctx, state, f) as unknown as DecisionOptions<Json>,
    ) as BcbAnswer;
    if (answer === "defend") setSteady(f, { fullDefence: true, bcbAc: f.sheet.bcb });
    else setSteady(f, { bcbAttack: answer, bcbAc: f.sheet.bcb - answer });
    if (ctx.explaining) {
      const text =
        answer === "defend"
          ? `${f.name} fights defensively: +${f.sheet.bcb} and +2 to AC, no attack`
          : `${f.name} puts BCB +${f.steady.bcbAttack} on attack and +${f.steady.bcbAc} on AC`;
      ctx.explain(answer === "defend" ? SECTIONS.defensively : SECTIONS.bcb, () => text);
    }
  }
}

export type { Plan, Slot };
