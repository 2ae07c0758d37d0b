// The last result of an encounter, for the card a GM keeps in front of them: the last step of the
// log that caused something (a decision, or a change of the GM's hand, with the rolls after it,
// as undo-decisions.ts counts steps, and the GM's rulings asked inside it), told from the start
// of the action it belongs to (actionStart: Oswin's attack on Cutter, whose passive defence is
// the step), each roll with its dice and total, what it changed (health bars and conditions
// before and after, from the GM's view of the states around it) and the explanations it caused
// with the rule each came from.
import { wordsOf } from "../core/name-word.js";
import { sentence } from "../core/sentence.js";
import { andList } from "./or-list.js";
import { outText } from "./out-words.js";
import { playerOf, type Answer, type DecideAnswer } from "./answers.js";
import { bareDecision } from "./bare-answer.js";
import type { Blow } from "./choice.js";
import type { PendingChoiceData } from "./drivers/pending.js";
import type { Encounter } from "./encounter.js";
import type { CombatantView, ConditionView, EncounterSetup, HealthBar } from "./ruleset.js";

export interface ResultRoll {
  readonly label: string;
  /** The dice as rolled ("[5, 3, 4] = 12"), or "= 12" when only the total was typed. */
  readonly dice: string;
  readonly total: number;
  readonly by?: "fray" | "table";
  /** The player who typed the dice or asked Fray to roll them from their screen. */
  readonly player?: string;
}

/** What the step changed on one combatant: a health bar, or its conditions. */
export interface ResultChange {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly before: string;
  readonly after: string;
  /**
   * The change as the GM says it at the table: "Hill Giant: Stamina down from 68/68 SP to 37/68
   * SP", "Hild: no longer attacks in anger", "Bob: now dazed (2 rounds)".
   */
  readonly text: string;
  /** A health bar that got worse: the outcome's line for its combatant says it first (outcomeOf). */
  readonly worse?: true;
}

/**
 * A ruling of the GM's asked inside the step ("Goblin shieldbearer is surprised: does its DEX
 * bonus (2) still count against this blow?" between Janine's attack and its damage), a line of
 * the step among its rolls: its effect is in the rules' lines, but who decided it is not. Or a
 * combatant's decision inside the action after its heading (`decider`): the target's answer to
 * the blow ("Cutter: passive defence"), the attacker's choice once its die is seen.
 */
export interface ResultRuling {
  readonly question: string;
  /** The answer as the options say it: "no", "40", "passive defence". */
  readonly answer: string;
  /** How many of the step's rolls came before it: where it stands among them. */
  readonly rollsBefore: number;
  /** Who decided it when a combatant (or a side) did, not the GM. */
  readonly decider?: { readonly id: string; readonly name: string };
  /**
   * A change of the GM's hand made inside the step (between a decision and its roll), its
   * `answer` the change as the log says it: a line of its own, not what the step did.
   */
  readonly byHand?: true;
}

export interface LastResult {
  /** Answers given when it was complete: it stays in front of the GM until a newer one. */
  readonly at: number;
  /**
   * The action's first answers as a person reads them: "Tombril: attack the Hill Giant", "Oswin:
   * one attack with 3 dice at Cutter (onset range)" (its actor's decisions before any roll).
   */
  readonly heading: string;
  /** The player who made the step's decision from their screen; absent when the GM did. */
  readonly player?: string;
  readonly rolls: readonly ResultRoll[];
  /** The GM's rulings and the combatants' decisions inside the action, after its heading. */
  readonly rulings: readonly ResultRuling[];
  readonly changes: readonly ResultChange[];
  /**
   * What it did, first, one line per combatant it hurt or put out of the fight: "Oswin hits
   * Cutter for 11 HP (down to -4/18 HP): out of the fight" (outcomeOf); a blow that hurt no one
   * names both ("Oswin misses Cutter", missed). Empty otherwise.
   */
  readonly outcome: readonly string[];
  /**
   * The GM's change by hand began it, not a combatant's action: its outcome is a ruling's ("Hill
   * Giant: -8 SP"), which a page draws as one, not as a blow that landed.
   */
  readonly byHand?: true;
  readonly explanations: readonly { readonly rule: string; readonly text: string }[];
}

/**
 * Where the step of `encounter`'s log that ends before answer `end` begins: its decision or
 * change (0 when there is none). A ruling of the GM's asked in the middle of an action ("does
 * its DEX bonus still count against this blow?", after the attack was chosen, before its damage)
 * stays in the action's step; one asked once the step before it has caused what it causes (its
 * blow's damage explained: a morale check, a ruling as the next turn begins) begins a step.
 */
export function stepStart(encounter: Encounter, end = encounter.log.length): number {
  const { log, explanations } = encounter;
  const about = encounter.ruleset.tactics.about;
  // A roll that decides no blow, asked in a round after the one of the answer before it, begins
  // the new round's step: cartyrion's initiative die after Cedryk's sneak attack was told under
  // it ("Initiative [3] = 3"), as if it were of it. (The rolls after such a roll are the round's
  // too: only the first of a run is looked at, each look two replays.)
  const roundOf = (i: number) => encounter.ruleset.order(encounter.stateAfter(i), undefined).round;
  const blowless = (a: Answer | undefined) => a?.kind === "roll" && a.blow === undefined;
  const newRound = (i: number): boolean =>
    blowless(log[i]) && !blowless(log[i - 1]) && roundOf(i) > roundOf(i - 1);
  const inStep = (i: number): boolean => {
    const a = log[i]!;
    if (a.kind === "roll") return !newRound(i);
    // A change by hand made between a decision and its roll (karn's Hedda rolls for the
    // initiative, the GM sets her SP, her die is rolled) is inside the decision's step: the roll
    // is told under what it was for, the change a line of its own (it headed the roll "the GM
    // sets Hedda's Stamina (SP) to 9").
    if (a.kind === "gm") return i + 1 < end && log[i + 1]!.kind !== "decide" && inStep(i + 1);
    if (a.kind !== "decide" || a.actor !== "gm" || about[a.question]?.by !== "gm") return false;
    // Asked right after a decision (what a decision explains, a move before a blow, is the
    // action under way), or after a roll that has explained nothing yet (a blow's damage waits).
    const before = log[i - 1]!;
    return (
      before.kind === "decide" || (before.kind === "roll" && !explanations.some((e) => e.at === i))
    );
  };
  let start = end - 1;
  while (start > 0 && inStep(start)) start -= 1;
  return Math.max(0, start);
}

/**
 * What actionStart looks for in a question, made once per set of names (an encounter's setup:
 * its combatants and sides, the GM aside): every name at once (wordsOf, the longest first where
 * two start at once), and whose each is, the first to have it. One expression of each name, made
 * for every call, cost a large fight's player screen most of its time (docs/benchmarks.md).
 */
interface Named {
  readonly any: RegExp | null;
  readonly whose: ReadonlyMap<string, string>;
}

const NAMED = new WeakMap<EncounterSetup, Map<string, Named>>();

/**
 * The names of `encounter`'s setup, and of the late arrivals among `views` (made once for each
 * set of them): a late arrival "Weasel the latecomer" was read as the Weasel of the file, another
 * than itself, and his own disengaging headed his step as if another had done it.
 */
function namedIn(encounter: Encounter, views: readonly CombatantView[] = []): Named {
  const { setup } = encounter.definition;
  const known = new Set(views.length === 0 ? [] : setup.combatants.map((c) => c.id));
  const late = [...new Map(views.filter((v) => !known.has(v.id)).map((v) => [v.id, v])).values()];
  const key = JSON.stringify(late.map((v) => [v.id, v.name]));
  const bySetup = NAMED.get(setup) ?? new Map<string, Named>();
  NAMED.set(setup, bySetup);
  const made = bySetup.get(key);
  if (made !== undefined) return made;
  const names = namesIn(encounter, late);
  names.delete("gm");
  const whose = new Map<string, string>();
  for (const [id, name] of names) if (!whose.has(name)) whose.set(name, id);
  const named = { any: wordsOf(whose.keys(), "u"), whose };
  bySetup.set(key, named);
  return named;
}

/** The combatant (or side) that `text` names first, by its id: "Oswin" in "Oswin's attack ...". */
function firstNamed(text: string, { any, whose }: Named): string | undefined {
  const found = any?.exec(text);
  return found ? whose.get(found[0]) : undefined;
}

/**
 * Where the action that the step ending before `end` belongs to begins: the earlier steps of the
 * same blow go with it. A decision answers another's action when the rules say it answers that
 * one's blow (DecisionOptions.blow: tnt's active defence, karn's defences and answers to a
 * counterattack), or strikes a blow in reply to the step before, that one's (tnt's counter-attack
 * and attack of opportunity, a polearm striking a foe as it comes), else when its question names
 * that one first (karn's ALT check to notice a foe fleeing: no blow). Walking back, a step goes with the
 * action when it is a combatant's (or a side's) decision and the step after it a decision (the
 * GM's ruling on a fumble too), it is the same actor's as the step after it or of one whose
 * action a step of the action answers, it changed no health (nor any condition but its own
 * actor's: Oswin now attacks in anger), and it rolled nothing that decides no blow (the
 * initiative: the round's order ends what came before it). Undo still takes back one step (undo-decisions.ts); the
 * card tells the blow.
 */
export function actionStart(encounter: Encounter, end = encounter.log.length): number {
  const { log } = encounter;
  const named = namedIn(encounter);
  const views = new Map<number, readonly CombatantView[]>();
  const view = (n: number) => {
    const seen = views.get(n) ?? encounter.ruleset.view(encounter.stateAfter(n), { kind: "gm" });
    views.set(n, seen);
    return seen;
  };
  const byCombatant = (a: Answer | undefined): a is DecideAnswer =>
    a?.kind === "decide" && a.actor !== "gm";
  const answered = new Set<string>();
  const note = (a: DecideAnswer) => {
    // The attacker of the blow it answers, as the rules say it; else the one its question
    // names first. A blow of its own actor answers no one's.
    if (a.blow?.attacker === a.actor) return;
    const whose =
      a.blow?.attacker ?? (a.prompt === undefined ? undefined : firstNamed(a.prompt, named));
    if (whose !== undefined && whose !== a.actor) answered.add(whose);
  };
  // The target of the blow it strikes, when the step before is that one's: a strike in reply
  // (a counter-attack, a strike at a foe as it comes on) goes with the action it replies to.
  const repliesTo = (a: DecideAnswer, earlier: DecideAnswer) =>
    a.blow?.attacker === a.actor && a.blow.target === earlier.actor;
  const same = sameBlow;
  let start = stepStart(encounter, end);
  while (start > 0) {
    const later = log[start];
    const before = stepStart(encounter, start);
    const earlier = log[before];
    if (later?.kind !== "decide" || !byCombatant(earlier)) break;
    // A roll that decides no blow (the initiative, a check to notice a foe fleeing) ends what
    // went before: karn's melee after the round's initiative is not headed "Snaga: roll for the
    // initiative".
    if (log.slice(before, start).some((a) => a.kind === "roll" && a.blow === undefined)) break;
    note(later);
    // Once its answer to a blow whose dice are in (Brenna's passive defence against Aldric's
    // attack roll), a combatant's next choice is its own turn's (her move), not that blow's,
    // unless it is of that blow still, or strikes back at its attacker (Pip's counter-attack).
    const settled = ({ blow, actor }: DecideAnswer) =>
      blow !== undefined &&
      blow.attacker !== actor &&
      later.blow?.target !== blow.attacker &&
      !same(later.blow)(blow) &&
      log.slice(0, before).some((r) => r.kind === "roll" && same(r.blow)(blow));
    // A strike back declined (tnt's "no counter-attack": its step rolled nothing of its blow)
    // ends the reply: the same combatant's next choice is its own turn's (Hild's move, then
    // her attack on Knuckles), not more of the blow she declined to strike.
    const declined = ({ blow, actor }: DecideAnswer) =>
      blow?.attacker === actor &&
      !same(later.blow)(blow) &&
      !log.slice(before, start).some((r) => r.kind === "roll" && same(r.blow)(blow));
    const joined =
      (earlier.actor === later.actor && !settled(earlier) && !declined(earlier)) ||
      answered.has(earlier.actor);
    if (!joined && !repliesTo(later, earlier)) break;
    const changed = changesBetween(view(before), view(start));
    if (changed.some((c) => c.id !== earlier.actor || c.label !== "Conditions")) break;
    start = before;
  }
  return start;
}

/** Whether two blows are of the same attacker on the same target (neither missing). */
const sameBlow =
  (b: Blow | undefined) =>
  (c: Blow | undefined): boolean =>
    b !== undefined && c !== undefined && b.attacker === c.attacker && b.target === c.target;

/** A condition's time left in its ruleset's unit: "1 round", "2 melees". */
const roundsText = (k: ConditionView): string =>
  `${k.rounds} ${k.unit ?? "round"}${k.rounds === 1 ? "" : "s"}`;

const barText = (b: HealthBar): string => `${b.value}/${b.max} ${b.unit}`;

/** A condition with the time it has left: "dazed (2 rounds)". */
const conditionText = (k: ConditionView): string =>
  k.rounds === undefined ? k.label : `${k.label} (${roundsText(k)})`;

const conditionsText = (c: CombatantView): string =>
  c.conditions.length === 0 ? "none" : c.conditions.map(conditionText).join(", ");

/**
 * How a combatant's conditions changed, as the GM says it: one clause per condition that came,
 * went, or changed ("now dazed (2 rounds)", "no longer attacks in anger", "dazed, 1 round left").
 */
function conditionsChange(old: CombatantView, now: CombatantView): string | undefined {
  const was = new Map(old.conditions.map((k) => [k.id, k]));
  const clauses: string[] = [];
  for (const k of now.conditions) {
    const prev = was.get(k.id);
    if (prev === undefined) clauses.push(k.begins ?? `now ${conditionText(k)}`);
    else if (prev.label !== k.label) clauses.push(`${prev.label} becomes ${conditionText(k)}`);
    else if (prev.rounds !== k.rounds && k.rounds !== undefined)
      clauses.push(`${k.label}, ${roundsText(k)} left`);
  }
  const still = new Set(now.conditions.map((k) => k.id));
  for (const k of old.conditions)
    if (!still.has(k.id)) clauses.push(k.ends ?? `no longer ${k.label}`);
  return clauses.length === 0 ? undefined : `${now.name}: ${clauses.join("; ")}`;
}

/** Health bars and conditions that differ between two views of the fight, in the view's order. */
export function changesBetween(
  before: readonly CombatantView[],
  after: readonly CombatantView[],
): ResultChange[] {
  const was = new Map(before.map((c) => [c.id, c]));
  const out: ResultChange[] = [];
  for (const c of after) {
    const old = was.get(c.id);
    if (old === undefined) {
      const text = `${c.name} joins the fight`;
      out.push({ id: c.id, name: c.name, label: "in the fight", before: "no", after: "yes", text });
      continue;
    }
    for (const bar of c.health) {
      const prev = old.health.find((b) => b.label === bar.label);
      if (prev !== undefined && prev.value !== bar.value) {
        const [from, to] = [barText(prev), barText(bar)];
        const way = bar.value < prev.value ? "down" : "up";
        const worse = (bar.fillsUp === true) === (way === "up");
        out.push({
          id: c.id,
          name: c.name,
          label: bar.label,
          before: from,
          after: to,
          text: `${c.name}: ${bar.label} ${way} from ${from} to ${to}`,
          ...(worse ? { worse } : {}),
        });
      }
    }
    const [from, to] = [conditionsText(old), conditionsText(c)];
    const text = conditionsChange(old, c);
    if (text !== undefined) {
      out.push({ id: c.id, name: c.name, label: "Conditions", before: from, after: to, text });
    }
    if (old.status !== c.status && c.health.length === 0) {
      const text = `${c.name}: now ${c.status} (was ${old.status})`;
      const [before, after] = [old.status, c.status];
      out.push({ id: c.id, name: c.name, label: "Status", before, after, text });
    }
  }
  const now = new Set(after.map((c) => c.id));
  for (const c of before) {
    if (!now.has(c.id)) {
      const text = `${c.name} leaves the fight`;
      out.push({ id: c.id, name: c.name, label: "in the fight", before: "yes", after: "no", text });
    }
  }
  return out;
}

/**
 * What an action did to each combatant it hurt or put out of the fight, as the GM says it first:
 * "Oswin hits Cutter: -11 HP (to -4/18 HP), out of the fight", "Hill Giant: -31 SP (to 37/68
 * SP), +2 injuries (to 2/30 injuries)" (a bar that fills up hurts as it fills). Who hit whom is
 * said from the blows the rules said the action's rolls and questions decide (`blows`): one hurt
 * by the blows of one attacker is that one's hit ("Orc 2 hits Ysolde"), one hurt by none or by
 * several's is named alone. An action that the rules gave no blow names its `actor` when it did
 * not hurt it and every other combatant who decided in it (`takingPart`) is one it hurt (a
 * defence, a save); else (a melee of several) each line names only the one hurt, as it does for
 * one put out of the fight unhurt (asleep, fled). Harm a combatant did itself says its cause
 * (Blow.cause: "Hedda fumbles and is hurt: -2 SP"), on a line of its own beside another's hit
 * on it when `ownHarm` says what it cost, and after the lines of what combatants did to others
 * and the blows that hurt no one (`misses`, missed()). Healing is left to the changes' lines.
 * Each bar is said "to" its value in `left` (barsLeft: as the rules left it, not as a later
 * change by hand set it).
 */
export function outcomeOf(
  before: readonly CombatantView[],
  after: readonly CombatantView[],
  actor: string | undefined,
  takingPart: readonly string[],
  blows: readonly Blow[] = [],
  ownHarm: OwnHarm = new Map(),
  misses: readonly Missed[] = [],
  left: readonly CombatantView[] = after,
): string[] {
  const hurt = harmed(before, after, left);
  const ids = new Set(hurt.map((h) => h.c.id));
  const nameOf = (id: string | undefined) => after.find((c) => c.id === id)?.name;
  const actorHit =
    actor === undefined || ids.has(actor) || takingPart.some((d) => d !== actor && !ids.has(d))
      ? undefined
      : nameOf(actor);
  // Who hit `id`: the attackers whose damage was rolled on it, else the one attacker of the
  // blows on it. A melee of several (karn's: Grub's strikes and Ugluk's at Chip Calhoon, only
  // Ugluk's getting through to its damage) names the one whose blow did the harm.
  // What `id` did to itself: "fumbles and is hurt" (Blow.cause).
  const selfOf = (id: string): readonly string[] => [
    ...new Set(
      blows.flatMap((b) =>
        b.attacker === id && b.target === id && b.cause !== undefined ? [b.cause] : [],
      ),
    ),
  ];
  // A combatant's harm to itself (a fumble's cost) is no one's hit: its line names the cause.
  const onOthers = blows.filter((b) => b.attacker !== b.target);
  const hittersOf = (id: string): string | undefined => {
    if (onOthers.length === 0) return actorHit === undefined ? undefined : `${actorHit} hits`;
    const on = onOthers.filter((b) => b.target === id);
    const damaging = new Set(on.filter((b) => b.damage === true).map((b) => b.attacker));
    // Hurt by its own doing (a fumble) and by no damage of anyone's: the others missed it.
    if (damaging.size === 0 && selfOf(id).length > 0) return undefined;
    const by = damaging.size > 0 ? damaging : new Set(on.map((b) => b.attacker));
    if (by.size === 1) return `${nameOf([...by][0])} hits`;
    return damaging.size > 1 ? `${andList([...by].map((a) => nameOf(a) ?? a))} hit` : undefined;
  };
  // What `id` was hit with by its one hitter: the weapon of the damage rolled on it.
  const weaponOn = (id: string): string => {
    const used = new Set(
      onOthers.flatMap((b) =>
        b.target === id && b.damage === true && b.weapon !== undefined ? [b.weapon] : [],
      ),
    );
    return used.size === 1 ? ` with the ${[...used][0]}` : "";
  };
  // Out of the fight unhurt (asleep, fled) is no one's hit.
  const lines = hurt.map(({ c, hit, said, fell, bars, hurts }) => {
    // Hurt by a condition it is under (dungeons-of-olde's bleeding), no blow on it: its cause,
    // not the step's actor's hit.
    const bleeds = hit && !onOthers.some((b) => b.target === c.id) ? hurts : undefined;
    const hitters = hit && bleeds === undefined ? hittersOf(c.id) : undefined;
    const causes = hit ? selfOf(c.id) : [];
    const weapon = hitters?.endsWith(" hits") === true ? weaponOn(c.id) : "";
    const own = `${c.name} ${andList(causes)}`;
    // Hit by another and hurt by its own doing (Chip's hit on Grub, Grub's fumble): a line for
    // each, with what each took, when the rules said which bars its own doing cost.
    const split =
      hitters === undefined || causes.length === 0 ? undefined : splitOwn(bars, ownHarm.get(c.id));
    if (split !== undefined) {
      const out = fell ? said.slice(-1) : [];
      return {
        id: c.id,
        selfOnly: false,
        text: [
          `${hitters} ${c.name}${weapon}: ${[...split.others, ...out].join(", ")}`,
          `${own}: ${split.own.join(", ")}`,
        ],
      };
    }
    const who = [
      ...(hitters === undefined ? [] : [`${hitters} ${c.name}${weapon}`]),
      ...(causes.length === 0 ? [] : [own]),
      ...(bleeds === undefined ? [] : [`${c.name} ${bleeds}`]),
    ];
    const text = `${who.length === 0 ? c.name : who.join("; ")}: ${said.join(", ")}`;
    return { id: c.id, selfOnly: hitters === undefined && causes.length > 0, text: [text] };
  });
  // What one did to another first: Wren's hit on the crossbowman, then the stamina the shot cost
  // her (her line came first, in the cards' order, as if it were the news). A blow that hurt no
  // one (`misses`) is said after the hit on its target ("Orc 2 hits Mirelle ...", then "Orc 1
  // misses Mirelle"), or after the hits when its target took none.
  const others = lines.filter((l) => !l.selfOnly);
  const onHit = (m: Missed) => others.some((l) => l.id === m.target);
  return [
    ...others.flatMap((l) => [
      ...l.text,
      ...misses.filter((m) => m.target === l.id).map((m) => m.text),
    ]),
    ...misses.filter((m) => !onHit(m)).map((m) => m.text),
    ...lines.filter((l) => l.selfOnly).flatMap((l) => l.text),
  ];
}

/**
 * What each combatant's own doing cost it in a step (a fumble's SP), bar by bar (its label) and
 * how much worse: from the answers that decide a blow of its own on itself, each with the rolls after
 * it that decide no other blow (karn's fumble ruling, then its chart roll).
 */
export type OwnHarm = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** A bar's worsening, as harmed() says it. */
interface BarHarm {
  readonly bar: HealthBar;
  readonly worse: number;
}

const harmText = ({ bar, worse }: BarHarm): string =>
  `${bar.fillsUp === true ? "+" : "-"}${worse} ${bar.unit} (to ${barText(bar)})`;

/**
 * A combatant's harm split between others' blows and its own doing (`own`, bar by bar, at most
 * what the bar lost in all), or undefined when one of the two took nothing.
 */
function splitOwn(
  bars: readonly BarHarm[],
  own: ReadonlyMap<string, number> | undefined,
): { others: string[]; own: string[] } | undefined {
  if (own === undefined) return undefined;
  const parts = bars.map((b) => {
    const mine = Math.min(b.worse, Math.max(0, own.get(b.bar.label) ?? 0));
    return { mine: { ...b, worse: mine }, theirs: { ...b, worse: b.worse - mine } };
  });
  const others = parts.flatMap((p) => (p.theirs.worse > 0 ? [harmText(p.theirs)] : []));
  const mine = parts.flatMap((p) => (p.mine.worse > 0 ? [harmText(p.mine)] : []));
  return others.length === 0 || mine.length === 0 ? undefined : { others, own: mine };
}

/**
 * Each combatant a bar of whose got worse between two views, or who fell out of the fight, with
 * what befell it: "-11 HP (to -4/18 HP)", "out of the fight".
 */
function harmed(
  before: readonly CombatantView[],
  after: readonly CombatantView[],
  left: readonly CombatantView[] = after,
): {
  c: CombatantView;
  hit: boolean;
  said: string[];
  fell: boolean;
  bars: BarHarm[];
  /** The harm a condition it was under does by itself (ConditionView.hurts: "bleeds"). */
  hurts: string | undefined;
}[] {
  const was = new Map(before.map((c) => [c.id, c]));
  const shown = new Map(left.map((c) => [c.id, c]));
  return after.flatMap((c) => {
    const old = was.get(c.id);
    if (old === undefined) return [];
    const bars = barHarms(old, c, shown.get(c.id));
    const fell = c.out && !old.out;
    const said = [...bars.map(harmText), ...(fell ? [outText(c.outAs)] : [])];
    const hurts = old.conditions.find((x) => x.hurts !== undefined)?.hurts;
    return bars.length === 0 && !fell ? [] : [{ c, hit: bars.length > 0, said, fell, bars, hurts }];
  });
}

/**
 * The bars of a combatant that got worse from `old` to `now`, and by how much; each as `left`
 * has it, when given (the value it is said to go to).
 */
function barHarms(old: CombatantView, now: CombatantView, left = now): BarHarm[] {
  return now.health.flatMap((bar) => {
    const prev = old.health.find((b) => b.label === bar.label);
    const worse =
      prev === undefined
        ? 0
        : bar.fillsUp === true
          ? bar.value - prev.value
          : prev.value - bar.value;
    const shown = left.health.find((b) => b.label === bar.label) ?? bar;
    return worse > 0 ? [{ bar: shown, worse }] : [];
  });
}

/**
 * The GM's views after answer `at` with each bar as the step's last answer of the rules' (not
 * a change by hand) left it: the chief's blow took Bram to 9/26 SP, the GM then set 15 by hand,
 * and the blow's line said "-17 SP (to 15/26 SP)". The views after `at` when the step has no
 * change by hand after its first answer.
 */
function barsLeft(
  encounter: Encounter,
  view: (n: number) => readonly CombatantView[],
  start: number,
  at: number,
): readonly CombatantView[] {
  const after = view(at);
  if (!encounter.log.slice(start + 1, at).some((a) => a.kind === "gm")) return after;
  const left = new Map<string, number>();
  let was = view(start);
  for (let k = start; k < at; k += 1) {
    const now = view(k + 1);
    if (encounter.log[k]?.kind !== "gm") {
      for (const c of now) {
        const old = was.find((o) => o.id === c.id);
        for (const bar of c.health) {
          const prev = old?.health.find((b) => b.label === bar.label);
          if (prev !== undefined && prev.value !== bar.value)
            left.set(`${c.id}\u0000${bar.label}`, bar.value);
        }
      }
    }
    was = now;
  }
  return after.map((c) => ({
    ...c,
    health: c.health.map((bar) => ({
      ...bar,
      value: left.get(`${c.id}\u0000${bar.label}`) ?? bar.value,
    })),
  }));
}

/** OwnHarm of the answers `from` to `to` of the log, from the GM's views around them. */
function ownHarmIn(encounter: Encounter, from: number, to: number): OwnHarm {
  const { log } = encounter;
  const blowOf = (a: Answer | undefined) =>
    a === undefined || a.kind === "gm" ? undefined : a.blow;
  const view = (n: number) => encounter.ruleset.view(encounter.stateAfter(n), { kind: "gm" });
  const out = new Map<string, Map<string, number>>();
  for (let i = from; i < to; i += 1) {
    const blow = blowOf(log[i]);
    if (blow?.cause === undefined || blow.attacker !== blow.target) continue;
    let end = i + 1;
    const itsOwn = (b: Blow | undefined) =>
      b === undefined || (b.attacker === blow.attacker && b.target === blow.target);
    while (end < to && log[end]?.kind === "roll" && itsOwn(blowOf(log[end]))) end += 1;
    const [was, now] = [view(i), view(end)].map((v) => v.find((c) => c.id === blow.target));
    if (was === undefined || now === undefined) continue;
    const bars = out.get(blow.target) ?? new Map<string, number>();
    for (const { bar, worse } of barHarms(was, now)) {
      bars.set(bar.label, (bars.get(bar.label) ?? 0) + worse);
    }
    out.set(blow.target, bars);
    i = end - 1;
  }
  return out;
}

/**
 * The blows the rules said a step's rolls and questions decide, in the log's order (`rolled`:
 * its rolls' alone).
 */
function blowsIn(step: readonly Answer[], rolled = false): Blow[] {
  const said = (a: Answer) => a.kind === "roll" || (a.kind === "decide" && !rolled);
  return step.flatMap((a) => (said(a) && a.kind !== "gm" && a.blow !== undefined ? [a.blow] : []));
}

/**
 * The blow whose damage is the pending roll, or that the pending question answers (the target's
 * defence against it), as the rules say it: a blow under way (another attack roll of the same
 * attacker on the same target is a blow of its own).
 */
function comingBlow(encounter: Encounter): Blow | undefined {
  const status = encounter.status;
  if (status.kind !== "pending") return undefined;
  // The target's answer to the blow (tnt's defence against Cutter's score) waits: no miss yet.
  if (status.choice.kind === "decide") return status.choice.options.blow;
  const blow = status.choice.spec.blow;
  return blow?.damage === true ? blow : undefined;
}

/** What comingBlow said while answer `a` was the pending choice: its blow, as it was asked. */
function askedBlow(a: Answer | undefined): Blow | undefined {
  if (a === undefined || a.kind === "gm") return undefined;
  return a.kind === "decide" || a.blow?.damage === true ? a.blow : undefined;
}

/**
 * The blows under way while the result complete at answer `at` was the last one: answered since
 * (until the next answer that explained something), and the one then pending (comingBlow; the
 * answer given to it when a later result came). An earlier result (resultsSince) is so told as
 * it was shown, not with a later blow of the same attacker on the same target taken for it.
 */
function blowsComing(encounter: Encounter, at: number): (Blow | undefined)[] {
  const { log } = encounter;
  const next = encounter.explanations.reduce(
    (m, e) => (e.at > at ? Math.min(m, e.at) : m),
    Infinity,
  );
  if (next === Infinity) return [comingBlow(encounter), ...blowsIn(log.slice(at))];
  return [askedBlow(log[next - 1]), ...blowsIn(log.slice(at, next - 1))];
}

/**
 * The outcome's line of each blow that hurt no one, once per attacker and target, from what the
 * rules said of its rolls: "Oswin misses Cutter" when no damage was rolled for it, "Tombril hits
 * Hill Giant: no damage" when it was (armour, a parry took it all). A ruling on a blow with no
 * roll of it in the step (the GM allows a sneak attack, or rules a foe struck by a polearm fended
 * off) is no miss. What else it did (a hold, a fall, a broken weapon) the changes say under it.
 */
function missed(blows: readonly Blow[], after: readonly CombatantView[]): Missed[] {
  const nameOf = (id: string) => after.find((c) => c.id === id)?.name ?? id;
  const pairs = new Map<string, { blow: Blow; damaged: boolean }>();
  // A combatant's harm to itself that did none is no miss of anyone's.
  for (const b of blows.filter((x) => x.attacker !== x.target)) {
    const key = JSON.stringify([b.attacker, b.target]);
    const was = pairs.get(key);
    pairs.set(key, { blow: b, damaged: (was?.damaged ?? false) || b.damage === true });
  }
  return [...pairs.values()].map(({ blow, damaged }) => {
    const [by, on] = [nameOf(blow.attacker), nameOf(blow.target)];
    const text = damaged ? `${by} hits ${on}: no damage` : `${by} misses ${on}`;
    return { target: blow.target, text };
  });
}

/** A blow's line that hurt no one ("Orc 1 misses Mirelle"), with its target's id. */
interface Missed {
  readonly target: string;
  readonly text: string;
}

/** The step the fight is in the middle of, as far as it has come: no change, no rule yet. */
export type StepSoFar = Pick<LastResult, "heading" | "player" | "rolls" | "rulings">;

/**
 * Answers given when the last step that caused something was complete (0: none yet), of the
 * log's first `end` answers.
 */
const resultAt = (encounter: Encounter, end = encounter.log.length): number =>
  encounter.explanations.reduce((m, e) => (e.at <= end ? Math.max(m, e.at) : m), 0);

/** The names a heading may use: the combatants (of `views` too: late arrivals), sides, the GM. */
function namesIn(encounter: Encounter, views: readonly CombatantView[]): Map<string, string> {
  const { combatants, sides } = encounter.definition.setup;
  const names = new Map([...combatants, ...sides, ...views].map((c) => [c.id, c.name]));
  names.set("gm", "The GM");
  return names;
}

/** What a step's words draw on: the names, and which decisions left the fight as it was. */
interface Said {
  readonly names: ReadonlyMap<string, string>;
  readonly idle: (d: DecideAnswer) => boolean;
  /** A choice a heading leaves for a line of its own (QuestionInfo.aside: tnt's move). */
  readonly aside: (d: DecideAnswer) => boolean;
  /** The word joining a choice to the one it completes (QuestionInfo.joins: karn's "at"). */
  readonly joins: (d: DecideAnswer) => string | undefined;
  /** The blow a ruling settles, as its heading says it (QuestionInfo.settles: karn's critical). */
  readonly settles: (d: DecideAnswer) => string | undefined;
}

/** `encounter`'s names (namesIn) and its ruleset's answers that change nothing (`unchanged`). */
function saidIn(encounter: Encounter, views: readonly CombatantView[]): Said {
  const about = encounter.ruleset.tactics.about;
  const idle = (d: DecideAnswer) => {
    const unchanged = about[d.question]?.unchanged;
    return unchanged !== undefined && JSON.stringify(unchanged) === JSON.stringify(d.value);
  };
  const aside = (d: DecideAnswer) => about[d.question]?.aside === true;
  const joins = (d: DecideAnswer) => about[d.question]?.joins;
  const settles = (d: DecideAnswer) => about[d.question]?.settles;
  return { names: namesIn(encounter, views), idle, aside, joins, settles };
}

/** A decision's answer as its options say it ("no", "40"), its value when it has no label. */
const answerText = (a: DecideAnswer): string => a.label ?? JSON.stringify(a.value);

/**
 * Decisions as a heading says them: each choice that begins an action (karn's "one full strike")
 * with the choices that complete it after it, each led by its word (QuestionInfo.joins) and
 * said once ("one full strike at Snaga", "two half-action strikes at Sly with Longsword (1d8)":
 * each half asks its target and weapon again); then runs of actions alike said once, with how
 * many times ("one full strike at Snaga, 3 times"; it read "one full strike; Snaga, 3 times").
 */
function declaredText(decided: readonly DecideAnswer[], said: Said): string {
  const actions: { head: string; more: Map<string, string[]> }[] = [];
  for (const d of decided) {
    const text = d.label ?? d.question;
    const word = said.joins(d);
    const last = actions.at(-1);
    // One alone (the action chosen in an earlier step) keeps its word: "Oswin: at Cutter".
    if (word === undefined || last === undefined) {
      actions.push({ head: word === undefined ? text : `${word} ${text}`, more: new Map() });
      continue;
    }
    const joined = last.more.get(word) ?? [];
    if (!joined.includes(text)) joined.push(text);
    last.more.set(word, joined);
  }
  const texts = actions.map(({ head, more }) =>
    [head, ...[...more].map(([word, joined]) => `${word} ${andList(joined)}`)].join(" "),
  );
  const { unit, times } = repeated(texts);
  if (times > 1) return `${unit.join("; ")}, ${times} times`;
  const runs: { text: string; times: number }[] = [];
  for (const text of texts) {
    const last = runs.at(-1);
    if (last?.text === text) last.times += 1;
    else runs.push({ text, times: 1 });
  }
  return runs.map((r) => (r.times > 1 ? `${r.text} (${r.times} times)` : r.text)).join("; ");
}

/**
 * `said` as a run said `times` times over, the shortest that makes it: karn's three actions
 * declared alike ("one full strike at Snaga" thrice) are said once, "3 times".
 */
export function repeated(said: readonly string[]): { unit: readonly string[]; times: number } {
  const n = said.length;
  for (let p = 1; p <= n / 2; p += 1) {
    if (n % p === 0 && said.every((s, i) => s === said[i % p])) {
      return { unit: said.slice(0, p), times: n / p };
    }
  }
  return { unit: said, times: 1 };
}

/**
 * The heading of a step begun by `first`, with `more` (its actor's decisions after it, before any
 * roll). A ruling of the GM's that is a bare value (yes or no, a number) is headed by its
 * question: "The GM: no" said nothing of what was asked; so is a combatant's bare answer. A step begun by a roll is headed by how
 * many were rolled ("A roll", "3 rolls"): its label is its line's, said once ("The ambush (it
 * works at or under 50)" over "the ambush (it works at or under 50) [88] = 88" said it twice).
 */
function headingOf(
  first: Answer,
  more: readonly DecideAnswer[],
  said: Said,
  rolls: readonly ResultRoll[],
  completes: readonly DecideAnswer[] = [],
): string {
  const { names, idle } = said;
  switch (first.kind) {
    case "decide": {
      if (first.prompt !== undefined) {
        // A combatant's bare answer alone, too: "No attack is declared against Grub: does it
        // flee (all its actions)? Grub: no" (it read "Grub: no").
        if (first.actor === "gm") {
          const bare = typeof first.value === "boolean" || typeof first.value === "number";
          if (bare) return `${first.prompt} The GM ruled: ${answerText(first)}`;
        } else if (completes.length === 0 && bareDecision(first.value, first.label)) {
          // And with the choices it made after it: "Sly is fleeing: does Hedda make an ALT
          // check ...? Hedda: no, then a half-action counterattack" (it read "Hedda: no; a
          // half-action counterattack").
          const asked = `${first.prompt} ${names.get(first.actor) ?? first.actor}: ${answerText(first)}`;
          if (more.length === 0) return asked;
          const moved = more.filter((d) => !idle(d));
          return `${asked}, then ${declaredText(moved.length === 0 ? more : moved, said)}`;
        }
      }
      // A choice that left the fight as it was ("stay at the current ranges") goes unsaid,
      // unless it is all there is.
      const decided = [...completes, first, ...more];
      const moved = decided.filter((d) => !idle(d));
      const text = declaredText(moved.length === 0 ? decided : moved, said);
      return `${names.get(first.actor) ?? first.actor}: ${text}`;
    }
    case "gm":
      return first.label ?? "the GM changes the fight";
    case "roll":
      return rollsHeading(rolls);
  }
}

/**
 * The heading of a step of rolls alone: "A roll" (its line says what for), or, when each is one
 * combatant's roll of the same thing, what they are, "Initiative of Hild, Oswin, Cutter,
 * Knuckles and Weasel" (tnt's round: it read "5 rolls"), less what each label says in its
 * parenthesis ("Surprise die of Hrolf, ...", each "Hrolf's surprise die (surprised on a 1 or
 * 2)"); else how many, "3 rolls".
 */
function rollsHeading(rolls: readonly ResultRoll[]): string {
  if (rolls.length === 1) return "A roll";
  const each = rolls.map((r) => /^(.+?)'s? (.+?)(?: \([^()]*\))?$/u.exec(r.label));
  const what = each[0]?.[2];
  const whose = each.flatMap((m) => (m === null || m[2] !== what ? [] : [m[1]!]));
  return what !== undefined && whose.length === rolls.length && new Set(whose).size === whose.length
    ? `${sentence(what)} of ${andList(whose)}`
    : `${rolls.length} rolls`;
}

/**
 * The decisions of `first`'s actor that the choice `first` completes (QuestionInfo.joins), from
 * the answers `earlier` than its step, past the GM's changes by hand: the action they declared and
 * the choices that complete it so far. A change by hand mid-declaration begins a step with a
 * karn counterattack's weapon, which headed it "Hedda: with Longsword (1d8)"; it reads "Hedda: a
 * half-action counterattack with Longsword (1d8)". Empty when `first` completes nothing.
 */
function completed(first: Answer, earlier: readonly Answer[], said: Said): readonly DecideAnswer[] {
  if (first.kind !== "decide" || said.joins(first) === undefined) return [];
  const out: DecideAnswer[] = [];
  for (let i = earlier.length - 1; i >= 0; i -= 1) {
    const a = earlier[i]!;
    if (a.kind === "gm") continue;
    if (a.kind !== "decide" || a.actor !== first.actor) return [];
    out.unshift(a);
    if (said.joins(a) === undefined) return out;
  }
  return [];
}

/**
 * An action of the log (its first answer on): its heading (its first actor's decisions before
 * any roll or anyone else's), who chose it, its rolls, and the decisions after the heading (the
 * GM's rulings, a target's answer to the blow) among them; `othersDid`, what others did in it as
 * its explanations say it (othersDid), heads a step of a choice alone that is no action, and
 * follows the blows of others that head one.
 */
function stepOf(
  step: readonly Answer[],
  said: Said,
  earlier: readonly Answer[] = [],
  othersDid: ReadonlyMap<string, string> = new Map(),
): StepSoFar {
  const { names } = said;
  const first = step[0]!;
  // A ruling that settles a blow under way (karn's critical) is a line under the blow it settles,
  // which heads the step with the blows rolled after it (the melee's strikes that follow).
  const settling = settledBlow(first, said);
  const after = (b: Blow) =>
    b.attacker !== b.target && (first.kind === "gm" || !sameBlow(first.blow)(b));
  const followed = blowsIn(step, true).filter(after);
  const settled =
    settling === undefined || followed.length === 0
      ? settling
      : `${settling}; ${blowsText(followed, names)}`;
  let headed = settled === undefined ? 1 : 0;
  const more: DecideAnswer[] = [];
  if (first.kind === "decide" && first.actor !== "gm") {
    for (const a of step.slice(1)) {
      if (a.kind !== "decide" || a.actor !== first.actor) break;
      more.push(a);
    }
    headed += more.length;
  }
  // A choice before the action that is not it (tnt's move) is a line under the heading, which
  // names the action first ("Hild: one attack with 3 dice; Knuckles"), when there is one.
  const declared = first.kind === "decide" ? [first, ...more] : [];
  const asides = declared.filter((d) => said.aside(d) && !said.idle(d));
  const heads = declared.filter((d) => !said.aside(d));
  const acts = heads.some((d) => !said.idle(d));
  // Others' blows rolled after such a choice alone (Swords & Wizardry's Orc 4 splits its Base
  // Combat Bonus, then the segment's attacks are rolled: Orc 1's and Orc 2's on Mirelle) are
  // the step's action: they head it ("Orc 1 attacks Mirelle"), the choice a line under it.
  const byOthers =
    first.kind !== "decide"
      ? []
      : blowsIn(step, true).filter((b) => b.attacker !== b.target && b.attacker !== first.actor);
  // So too a combatant's own action that struck no blow in the step, whose lines are only
  // others' blows: Orc 4 closes with Hrolf, and the count's attacks are rolled (it headed Orc 2's,
  // Hrolf's and Orc 3's misses "Orc 4: close with Hrolf"); its action is a line under them.
  const aside =
    acts &&
    first.kind === "decide" &&
    first.actor !== "gm" &&
    !blowsIn(step).some((b) => b.attacker === first.actor);
  const struck = acts && !aside ? [] : byOthers;
  // And a choice alone that is not an action (its split of a Base Combat Bonus), in a step with no
  // blow whose lines are others' doings (`othersDid`: Orc 1's charge at Mirelle, explained as
  // the segment begins): they head it ("Orc 1 charges Mirelle"), the choice a line under them.
  const explained =
    !acts &&
    first.kind === "decide" &&
    first.actor !== "gm" &&
    blowsIn(step).length === 0 &&
    othersDid.size > 0;
  const lined = aside && struck.length > 0 ? declared.filter((d) => !said.idle(d)) : asides;
  const split = lined.length > 0 && (acts || struck.length > 0 || explained);
  // The same question answered again by the one who began the step, after its first action's
  // rolls (Swords & Wizardry's two weapons: the dagger missed at count 6, the long sword hit at
  // count 5): said in the heading after the first, "Osric: attack Knife with the dagger, then
  // attack Knife with the long sword", where the dagger alone headed the long sword's hit.
  const again =
    settled === undefined && !split && first.kind === "decide" && first.actor !== "gm"
      ? step
          .slice(headed)
          .filter(
            (a): a is DecideAnswer =>
              a.kind === "decide" && a.actor === first.actor && a.question === first.question,
          )
      : [];
  const decider = (a: DecideAnswer) =>
    a.actor === "gm" ? {} : { decider: { id: a.actor, name: names.get(a.actor) ?? a.actor } };
  const rolls: ResultRoll[] = [];
  const rulings: ResultRuling[] = split
    ? lined.map((a) => ({
        question: a.prompt ?? a.question,
        answer: answerText(a),
        rollsBefore: 0,
        ...decider(a),
      }))
    : [];
  step.forEach((a, i) => {
    if (a.kind === "roll") {
      rolls.push({
        label: a.label,
        dice: a.dice ?? `= ${a.value}`,
        total: a.value,
        ...(a.by === undefined ? {} : { by: a.by }),
        ...playerOf(a),
      });
    } else if (a.kind === "gm" && i > 0) {
      const answer = a.label ?? "the GM changes the fight";
      rulings.push({ question: "By hand", answer, rollsBefore: rolls.length, byHand: true });
    } else if (a.kind === "decide" && i >= headed && !again.includes(a)) {
      const question = a.prompt ?? a.question;
      rulings.push({ question, answer: answerText(a), rollsBefore: rolls.length, ...decider(a) });
    }
  });
  return {
    heading:
      settled ??
      (!split
        ? `${headingOf(first, more, said, rolls, completed(first, earlier, said))}${again.length === 0 ? "" : `, then ${declaredText(again, said)}`}`
        : struck.length > 0
          ? struckText(struck, othersDid, names)
          : acts
            ? headingOf(heads[0]!, heads.slice(1), said, rolls)
            : [...othersDid.values()].join("; ")),
    ...(first.kind === "decide" ? playerOf(first) : {}),
    rolls,
    rulings,
  };
}

/**
 * The heading of a step begun by a ruling of the GM's on a blow under way that the rules say it
 * settles (QuestionInfo.settles): the blow, "Orrin: a critical strike at Varn with the spear",
 * "Hedda: a fumble". Undefined for any other first answer.
 */
function settledBlow(first: Answer, said: Said): string | undefined {
  if (first.kind !== "decide" || first.actor !== "gm" || first.blow === undefined) return undefined;
  const what = said.settles(first);
  if (what === undefined) return undefined;
  const { attacker, target, weapon } = first.blow;
  const name = (id: string) => said.names.get(id) ?? id;
  const at = target === attacker ? "" : ` at ${name(target)}`;
  return `${name(attacker)}: ${what}${at}${weapon === undefined ? "" : ` with the ${weapon}`}`;
}

/**
 * Blows as a heading says them, each attacker with the ones it struck at, in the log's order:
 * "Orc 1 attacks Mirelle; Orc 2 attacks Mirelle", "Hrolf attacks Orc 1 and Orc 3".
 */
function blowsText(blows: readonly Blow[], names: ReadonlyMap<string, string>): string {
  const at = new Map<string, string[]>();
  for (const { attacker, target } of blows) {
    const targets = at.get(attacker) ?? [];
    if (!targets.includes(target)) targets.push(target);
    at.set(attacker, targets);
  }
  const name = (id: string) => names.get(id) ?? id;
  return [...at]
    .map(([attacker, targets]) => `${name(attacker)} attacks ${andList(targets.map(name))}`)
    .join("; ");
}

/**
 * Others' blows as a heading says them (blowsText), then what others who struck none did in the
 * step (`othersDid`): "Orc 1 attacks Mirelle; Orc 2 charges Mirelle", where Orc 2's charge, begun
 * as Orc 1's attack was rolled, went unsaid until its own attack was.
 */
function struckText(
  struck: readonly Blow[],
  othersDid: ReadonlyMap<string, string>,
  names: ReadonlyMap<string, string>,
): string {
  const more = [...othersDid].flatMap(([who, text]) =>
    struck.some((b) => b.attacker === who) ? [] : [text],
  );
  return [blowsText(struck, names), ...more].join("; ");
}

/** The last result of `encounter`, or null before anything has happened. */
export const lastResult = (encounter: Encounter): LastResult | null =>
  resultEndingAt(encounter, resultAt(encounter));

/** Results listed since a player's turn at most (a phone's short list, not the whole log). */
export const SINCE_LIMIT = 8;

/**
 * The results of `encounter` that were complete after its first `from` answers (a player's last
 * answer), oldest first, ending at the last result: each told from the start of its action
 * (actionStart), the one before it ending where that action begins. At most `limit`, the newest.
 */
export const resultsSince = (
  encounter: Encounter,
  from: number,
  limit = SINCE_LIMIT,
): LastResult[] => resultsEndingAt(encounter, from, resultAt(encounter), limit);

/**
 * resultsSince without the last result (which a player's screen reads whole beside them): the
 * walk begins at the result before it, so the last is not worked out twice. At most `limit`.
 */
export const earlierResultsSince = (
  encounter: Encounter,
  from: number,
  limit = SINCE_LIMIT - 1,
): LastResult[] =>
  resultsEndingAt(
    encounter,
    from,
    resultAt(encounter, actionStart(encounter, resultAt(encounter))),
    limit,
  );

/** The results complete after `from` answers, oldest first, the newest ending at answer `end`. */
function resultsEndingAt(
  encounter: Encounter,
  from: number,
  end: number,
  limit: number,
): LastResult[] {
  const out: LastResult[] = [];
  let at = end;
  while (at > from && out.length < limit) {
    const result = resultEndingAt(encounter, at);
    if (result === null) break;
    out.unshift(result);
    at = resultAt(encounter, actionStart(encounter, at));
  }
  return out;
}

/**
 * The result complete at answer `at` (an explanation's), told from the start of its action
 * (actionStart); null for 0, before anything has happened.
 */
function resultEndingAt(encounter: Encounter, at: number): LastResult | null {
  if (at === 0) return null;
  const answers = encounter.log.slice(0, at);
  const start = actionStart(encounter, at);
  const gm = { kind: "gm" } as const;
  const rules = encounter.ruleset;
  const view = (n: number) => rules.view(encounter.stateAfter(n), gm);
  const after = view(at);
  // The fight as the step's changes by hand left it (none when one begins it): what they did is
  // their lines', not the step's outcome (Hedda's -9 SP, set by the GM, was said under her
  // initiative as if the die had cost it).
  const before = encounter.log
    .slice(start + 1, at)
    .reduce<readonly CombatantView[]>(
      (was, a, k) =>
        a.kind === "gm" ? byHandOn(was, view(start + 1 + k), view(start + 2 + k)) : was,
      view(start),
    );
  const said = saidIn(encounter, [...before, ...after]);
  const first = answers[start];
  const actor = first?.kind === "decide" ? first.actor : undefined;
  const explained = encounter.explanations.filter((e) => e.at > start && e.at <= at);
  const step = stepOf(
    answers.slice(start),
    said,
    answers.slice(0, start),
    othersDid(encounter, start, at, actor, [...before, ...after]),
  );
  const deciders = step.rulings.flatMap((r) => (r.decider === undefined ? [] : [r.decider.id]));
  const blows = blowsIn(answers.slice(start));

  // A blow whose next roll or question the rules ask now is under way, not a miss: Cedryk's
  // sneak attack, its AWA check explained, waits for its damage; and one answered since (Knuckles
  // chose his defence against Hild's attack, his dice wait).
  const coming = blowsComing(encounter, at);
  const same = sameBlow;
  // A blow on one the step left unharmed is a miss though others were hurt beside it (the Sleep
  // takes out two orcs in the segment where Gorbag misses Hrolf); one on a combatant it harmed
  // is among the blows its line tells.
  // One hurt only by its own doing (a fumble's cost) was missed by blows that rolled no damage.
  const selfOnly = (id: string) =>
    blows.some((b) => b.attacker === id && b.target === id) &&
    !blows.some((b) => b.target === id && b.attacker !== id && b.damage === true);
  const harmedIds = new Set(
    harmed(before, after).flatMap((h) => (selfOnly(h.c.id) ? [] : [h.c.id])),
  );
  // Beside another's blow that got through to its damage, one that did not is a miss still: Orc
  // 1 misses Mirelle, Orc 2 hits her (the step said only Orc 2's hit).
  const rolledDamage = blows.filter((b) => b.damage === true && b.attacker !== b.target);
  const told = (b: Blow) =>
    harmedIds.has(b.target) &&
    (!rolledDamage.some((d) => d.target === b.target) ||
      rolledDamage.some((d) => d.target === b.target && d.attacker === b.attacker));
  const done = blowsIn(answers.slice(start), true).filter((b) => !coming.some(same(b)) && !told(b));
  const own = ownHarmIn(encounter, start, at);
  const left = barsLeft(encounter, view, start, at);
  const outcome = outcomeOf(before, after, actor, deciders, blows, own, missed(done, after), left);
  return {
    at,
    ...step,
    changes: changesBetween(before, after),
    outcome,
    ...(first?.kind === "gm" ? { byHand: true as const } : {}),
    explanations: explained.map(({ rule, text }) => ({ rule, text })),
  };
}

/**
 * What others than the step's `actor` did in it, as its explanations say it, each other's first
 * line (by its id, in the order they came): the lines that begin with another's name, caused by
 * the step's first answer (`log[start]`) after the actor's own lines there, or by another's blow
 * on a third: "Orc 1 charges Mirelle" (not its move that follows), "Mirelle's Sleep goes off at
 * Gorbag the chief and everyone beside it" (not who it took, whose own saves say it and the
 * outcome tells), Orc 2's charge on Mirelle begun as Orc 1's attack on her is rolled (the step
 * was headed by Orc 1's blow alone). Not a line inside the actor's own doing (tnt's "Sigrun has
 * no combat die left: no attack of opportunity", before "Pip and Sigrun are now at grapple
 * range", headed Pip's move), nor one that names a combatant later ("initiative: Osric 1, …"
 * headed Cudgel's choice to single out Ysolde; "combat dice replenish: Hild 3, …" Weasel's
 * disengaging).
 */
function othersDid(
  encounter: Encounter,
  start: number,
  at: number,
  actor: string | undefined,
  views: readonly CombatantView[],
): ReadonlyMap<string, string> {
  const named = namedIn(encounter, views);
  const whose = (text: string) => {
    const found = named.any?.exec(text);
    return found?.index === 0 ? named.whose.get(found[0]) : undefined;
  };
  const explained = encounter.explanations.filter((e) => e.at > start && e.at <= at);
  const first = explained.filter((e) => e.at === start + 1);
  const ownLast = first.findLastIndex((e) => whose(e.text) === actor);
  // Who a line names after its first word: what befalls one another's doing named ("Eadric is
  // out of reach: Raider 2's attack does not happen", after "Raider 2 charges Eadric") is no
  // doing of its own.
  const all = named.any === null ? null : new RegExp(named.any.source, "gu");
  const objects = new Set<string>();
  const did = new Map<string, string>();
  explained.forEach((e, i) => {
    const who = whose(e.text);
    const cause = encounter.log[e.at - 1];
    const blow = cause?.kind === "roll" ? cause.blow : undefined;
    const byThird = blow !== undefined && blow.attacker !== who && blow.target !== who;
    const doing = (e.at === start + 1 && i > ownLast) || byThird;
    if (who !== undefined && who !== actor && !did.has(who) && !objects.has(who) && doing) {
      did.set(who, e.text);
    }
    for (const m of all === null ? [] : e.text.matchAll(all)) {
      const id = named.whose.get(m[0]);
      if (m.index > 0 && id !== undefined) objects.add(id);
    }
  });
  return did;
}

/**
 * `views` with what a change by hand did (from `was` to `now`, the views around it) done to them
 * too: each bar moved as much as it moved it, the conditions and the status it changed as it
 * left them, one it brought in or took out brought in or taken out.
 */
function byHandOn(
  views: readonly CombatantView[],
  was: readonly CombatantView[],
  now: readonly CombatantView[],
): CombatantView[] {
  const byId = (list: readonly CombatantView[]) => new Map(list.map((c) => [c.id, c]));
  const [then, since] = [byId(was), byId(now)];
  const moved = (c: CombatantView): CombatantView => {
    const [old, hand] = [then.get(c.id), since.get(c.id)];
    if (old === undefined || hand === undefined) return c;
    const by = (bar: HealthBar, list: readonly HealthBar[]) =>
      list.find((b) => b.label === bar.label)?.value ?? 0;
    const same = (k: (v: CombatantView) => unknown) =>
      JSON.stringify(k(old)) === JSON.stringify(k(hand));
    return {
      ...c,
      health: c.health.map((bar) => ({
        ...bar,
        value: bar.value + by(bar, hand.health) - by(bar, old.health),
      })),
      ...(same((v) => v.conditions) ? {} : { conditions: hand.conditions }),
      ...(same((v) => [v.out, v.outAs, v.status])
        ? {}
        : { out: hand.out, outAs: hand.outAs, status: hand.status }),
    };
  };
  return [
    ...views.filter((c) => since.has(c.id) || !then.has(c.id)).map(moved),
    ...now.filter((c) => !then.has(c.id)),
  ];
}

/**
 * The step begun after the last result that has caused nothing yet: a decision whose dice are
 * not all in, say ("Tombril: attack the Hill Giant", while Tombril's damage waits), from the
 * first of the combatants' decisions made in a row before it since the last result, each of
 * which caused nothing (swords-wizardry-fitz's single-outs, one after another before the
 * initiative: "Ysolde: no: whoever the fight brings", a line "Knife: ..." under it, where Knife's
 * alone was told and Ysolde's player no longer saw their answer taken). Null when the last result
 * is of the step in play, no answer came after it, or the fight is over (the answer that ended it
 * may have caused nothing: a turn asked for that never came).
 */
export function stepInProgress(encounter: Encounter): StepSoFar | null {
  const { log } = encounter;
  const at = resultAt(encounter);
  const start = stepStart(encounter);
  if (log.length === at || start < at || encounter.status.kind === "over") return null;
  const from = progressStart(log, at, start);
  const said = saidIn(encounter, encounter.view({ kind: "gm" }));
  return stepOf(log.slice(from), said, log.slice(0, from));
}

/**
 * Where the step in progress is told from (stepInProgress): `start`, or the first of the
 * combatants' decisions in a row before it back to the last result's end `at`.
 */
function progressStart(log: readonly Answer[], at: number, start: number): number {
  for (let from = start; ; from -= 1) {
    const before = log[from - 1];
    if (from <= at || before?.kind !== "decide" || before.actor === "gm") return from;
  }
}

/** Where the step in progress begins (stepInProgress), its first answer's index. */
export const progressFrom = (encounter: Encounter): number =>
  progressStart(encounter.log, resultAt(encounter), stepStart(encounter));

/** The blow under way, and whether the last result is its beginning (Hild's dice, explained). */
export type BlowSoFar = StepSoFar & {
  readonly holdsLastResult: boolean;
  /**
   * The GM's changes by hand made since its last answer, as the log says them ("the GM sets
   * Hedda's Hit points to 6 (was 10)" between Salemath's hit and its damage); absent when none.
   */
  readonly byHand?: readonly string[];
};

/** Where the log's changes by hand at its end begin (its length when it ends in none). */
function beforeHand(log: readonly Answer[]): number {
  let end = log.length;
  while (end > 0 && log[end - 1]!.kind === "gm") end -= 1;
  return end;
}

/**
 * Where the action under way begins (actionStart), looking past changes by hand made since its
 * last answer: the blow they were made in the middle of (blowSoFar).
 */
export const blowStart = (encounter: Encounter): number =>
  actionStart(encounter, beforeHand(encounter.log));

/**
 * The blow the pending choice belongs to, as far as it has come, for the GM's prompt: from the
 * start of its action (actionStart: Hild's first choice of her turn, then her target, before
 * her die), when something was answered since the last result and the pending choice is part of
 * a blow (inBlow). Null otherwise, and once the fight is over: the round's order (the initiative,
 * who acts next), a declaration before its first roll, a choice that changed nothing is no blow.
 */
export function blowSoFar(encounter: Encounter): BlowSoFar | null {
  const { log, status } = encounter;
  if (status.kind !== "pending") return null;
  // Changes by hand since the blow's last answer (the GM sets hit points between a hit and its
  // damage) leave it under way: it is told as it stood before them, they under it. The last
  // result is then the change, not the blow's beginning.
  const end = beforeHand(log);
  const byHand = log
    .slice(end)
    .flatMap((a) => (a.kind === "gm" ? [a.label ?? "the GM changes the fight"] : []));
  const at = resultAt(encounter, end);
  if (end <= at) return null;
  const start = blowStart(encounter);
  const action = log.slice(start, end);
  const answered = at > start;
  if (!inBlow(action, status.choice, answered)) return null;
  const said = saidIn(encounter, encounter.view({ kind: "gm" }));
  const step = stepOf(action, said, log.slice(0, start));
  if (byHand.length === 0) return { ...step, holdsLastResult: answered };
  return { ...step, holdsLastResult: false, byHand };
}

/**
 * Whether `choice`, pending after `action`, is part of a blow, as the rules say it: it decides
 * one (an attack roll, its damage, the target's defence), or it is a decision right after a
 * roll of a blow (the attacker's choice once its die is seen, the GM's ruling on a fumble), or
 * the action's actor goes on declaring, before any roll, an action the rules
 * already answered (`answered`: Hild picks her target once her dice for the attack are set). A roll that
 * decides no blow (the initiative, a random target, the fumble chart) is none, and nor is a
 * choice of who acts next, a move or a choice that changed nothing before the attack is
 * declared: the prompt says those alone.
 */
function inBlow(action: readonly Answer[], choice: PendingChoiceData, answered: boolean): boolean {
  const asked = choice.kind === "decide" ? choice.options.blow : choice.spec.blow;
  if (asked !== undefined) return true;
  if (choice.kind === "roll") return false;
  const declaring = action.every((a) => a.kind === "decide" && a.actor === choice.actor);
  if (answered && action.length > 0 && declaring) return true;
  const last = action.at(-1);
  return last?.kind === "roll" && last.blow !== undefined;
}
