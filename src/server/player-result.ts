// The last result and the turn order as a side's players may see them (docs/console.md, "What
// each role sees"): the engine's (engine/last-result.ts, the ruleset's order), less what the GM
// keeps. The engine's texts carry no mark of who may read them, so one rule decides: a text that
// gives a number that may be another side's combatant's (digits in names aside) is the GM's to
// tell (a foe's stamina, its armour, what it needs to hit: sideReader); a text that names none,
// names one in words only ("Tombril withdraws"), or gives its own side's figures only (Aldric's
// "(2 AP, 3 left)" as he attacks Knuckles), is what the table saw. A decision of the side's own is the
// player's choice, whose words the player saw among the options, and the dice a player gave on
// their screen are theirs to read whatever they name; a decision of the GM's ("gm") that begins
// a step shows as a ruling with its question and what the GM ruled, as far as the side may read
// them, never a number answered (a concealment DC, say), and a change by the GM's hand as a change unless it reads like the
// table's. A ruling inside a step ("does its DEX bonus still count against this blow?": "no") is
// one of its lines, shown when the side may read it and its answer is no number but a distance. What changed
// shows on the side's own combatants only (the others' cards tell their health in words).
import type { z } from "zod";
import { literal, wordOf, wordsOf } from "../core/name-word.js";
import { playerOf, type Answer, type DecideAnswer } from "../engine/answers.js";
import { andList } from "../engine/or-list.js";
import type { Encounter } from "../engine/encounter.js";
import {
  actionStart,
  blowStart,
  progressFrom,
  type BlowSoFar,
  type LastResult,
  type ResultRoll,
  type ResultRuling,
  type StepSoFar,
} from "../engine/last-result.js";
import type { TurnOrder } from "../engine/ruleset.js";
import type {
  playerBlowSchema,
  playerOrderSchema,
  playerResultSchema,
  playerStepSchema,
} from "./player-schemas.js";

export interface Named {
  readonly id: string;
  readonly name: string;
  readonly side: string;
}

export type PlayerResultJson = z.input<typeof playerResultSchema>;
export type PlayerOrderJson = z.input<typeof playerOrderSchema>;
export type PlayerStepJson = z.input<typeof playerStepSchema>;
export type PlayerBlowJson = z.input<typeof playerBlowSchema>;

/**
 * Distances, which the table sees between the miniatures (and a player's screen on every card's
 * place): "range 10", "at reach 1", "space 9", "(15 ft)", "moving 4 spaces", a step "from 3 to 5
 * (range 4; 1 AP)" along dungeons-of-olde's line. Not another side's number to keep.
 */
const DISTANCES =
  /(?<![\p{L}\p{N}])(?:range|reach|space|spaces)\s+-?\d+|\d+\s*(?:ft|feet|spaces?|yards?)(?![\p{L}\p{N}])|\bfrom -?\d+ to -?\d+(?= \(range)/giu;

/**
 * Action points a combatant spends in its own text ("Aldric attacks Knuckles (2 AP, 3 left)",
 * dungeons-of-olde's Action Points): the figures of the text's subject, the one it opens with,
 * wherever they stand.
 */
const ACTION_POINTS = /\(\d+ AP, \d+ left\)|(?<![\p{L}\p{N}])\d+ AP(?![\p{L}\p{N}])/gu;

/**
 * A ruling that asks for a distance ("How many feet beyond its Move (40 ft) does Janine's Dash
 * carry it?"), whose answer in feet is no secret either.
 */
const DISTANCE_ASKED = /\bhow (?:many (?:feet|ft|yards|spaces)|far)\b/iu;

/**
 * What a screen looks for in its texts, made once for its list of combatants (`namesOf`): every
 * name and id at once, who each is, and a reader per side. A screen of a fight of 300 made a
 * regular expression of each of their 600 names and ids for every text it read, 1.0-1.6 s a
 * screen (docs/benchmarks.md, "A player's screen of a large fight, its names looked for at once").
 */
interface Names {
  /** Every name and id as a word of its own, the longest first. */
  readonly any: RegExp | null;
  /** Who a name or id is, by its text in lower case: the first in the list that has it. */
  readonly who: ReadonlyMap<string, Named>;
  /** Each name alone, as othersDecisions looks for a decider's. */
  readonly each: Map<string, RegExp>;
  readonly readers: Map<string, (text: string) => boolean>;
}

const NAMES = new WeakMap<readonly Named[], Names>();

/** The Names of `combatants`, made on the first look at this list. */
function namesOf(combatants: readonly Named[]): Names {
  const made = NAMES.get(combatants);
  if (made !== undefined) return made;
  const who = new Map<string, Named>();
  for (const c of combatants)
    for (const n of [c.name, c.id]) if (!who.has(n.toLowerCase())) who.set(n.toLowerCase(), c);
  const names: Names = {
    any: wordsOf(
      combatants.flatMap((c) => [c.name, c.id]),
      "giu",
    ),
    who,
    each: new Map(),
    readers: new Map(),
  };
  NAMES.set(combatants, names);
  return names;
}

/** `name` alone as a word of its own, case aside (made once per screen). */
function wordIn(names: Names, name: string): RegExp {
  const made = names.each.get(name) ?? wordOf(name, "iu");
  names.each.set(name, made);
  return made;
}

/** Where `text` names a combatant (the longest name where two start at once: "Orc 3" over "Orc"). */
function mentions(text: string, combatants: readonly Named[]) {
  const { any, who } = namesOf(combatants);
  if (any === null) return [];
  return [...text.matchAll(any)].map((m) => ({
    at: m.index,
    end: m.index + m[0].length,
    // A name found in another case than the list's ("the ORC") that lower case does not match.
    who:
      who.get(m[0].toLowerCase()) ??
      combatants.find((c) => [c.name, c.id].some((n) => wordOf(n, "iu").test(m[0])))!,
  }));
}

/**
 * Tells which texts a side may read: those that give no number of another side's combatants
 * (a distance aside), so that a player reads their own figures in a text that names a foe
 * (Aldric's "(2 AP, 3 left)" as he attacks Knuckles) and never a foe's. A number is the
 * subject's, the combatant the text opens with, when no other name stands between them ("Cudgel
 * takes 4"); after another name it may be that one's or the subject's ("Osric's attack on Cudgel
 * (needs 13)": Cudgel's armour in it; "Orrin notices Kell's flight (ALT 55 - 20%)": Orrin's
 * ALT), so both are to be of the side; in a text that opens with no name, it may be anyone's
 * named. The subject's action points are its own wherever they stand (ACTION_POINTS).
 */
export function sideReader(combatants: readonly Named[], side: string): (text: string) => boolean {
  const names = namesOf(combatants);
  const made = names.readers.get(side);
  if (made !== undefined) return made;
  const others = wordsOf(
    combatants.filter((c) => c.side !== side).flatMap((c) => [c.name, c.id]),
    "iu",
  );
  const ours = (who: Named) => who.side === side;
  const reader = (text: string) => {
    if (others === null || !others.test(text)) return true;
    const named = mentions(text, combatants);
    const subject = named[0]?.at === 0 ? named[0].who : undefined;
    if (subject === undefined || !ours(subject))
      return !/\d/u.test(named.reduceRight(blank, text).replace(DISTANCES, ""));
    const bare = text.replace(ACTION_POINTS, blankOut).replace(DISTANCES, blankOut);
    return named.every((m, i) => {
      const upTo = named[i + 1]?.at ?? text.length;
      return ours(m.who) || !/\d/u.test(named.reduce(blank, bare).slice(m.end, upTo));
    });
  };
  names.readers.set(side, reader);
  return reader;
}

/** `text` with what a match covers blanked out, at the same length. */
const blankOut = (match: string) => " ".repeat(match.length);

/** `text` with combatant `m`'s name blanked out, at the same length (names hide their digits). */
const blank = (text: string, m: { at: number; end: number }) =>
  text.slice(0, m.at) + blankOut(text.slice(m.at, m.end)) + text.slice(m.end);

/** Words a phrase cut short before its number would end on: "defence against", "rolls". */
const DANGLING =
  /(?:[\s,:;=+-]|\b(?:against|at|of|with|to|by|for|needs|rolls|takes|and|is|on|from|the|a|an|in))+$/iu;

/**
 * What `text` (a roll's label, a ruling's question) is about, without its numbers: a group in
 * brackets that holds one goes ("Cudgel's attack on Osric with the mace (needs 13)": "Cudgel's
 * attack on Osric with the mace"), the text stops before any other (digits in names aside:
 * "Knuckles's active defence against 20": "Knuckles's active defence"). Empty when nothing is
 * left before the first number.
 */
export function withoutNumbers(text: string, names: readonly Named[]): string {
  const bracketless = text.replace(/\s*\([^()]*\d[^()]*\)/gu, "");
  // Names hide their own digits ("Orc 3"): blanked out (at the same length) while looking.
  const any = namesOf(names).any;
  const blank = any === null ? bracketless : bracketless.replace(any, (m) => "_".repeat(m.length));
  const at = blank.search(/\d/u);
  return at < 0 ? bracketless.trim() : bracketless.slice(0, at).replace(DANGLING, "").trim();
}

/**
 * What a question of the GM's (a ruling's) asks, as a side may read it: whole when it may; else
 * without another side's numbers when that still ends as a sentence ("Orc 1: does it fight on,
 * flee or surrender?"); else its last clause, when that is a question giving no number, after
 * the name the question opens with ("Varn needed 3 to go down and took 6 in its first blow: is
 * it overkill, losing its actions after the first?" reads "Varn: is it overkill, losing its
 * actions after the first?", where it read "Varn needed"); else nothing.
 */
export function questionFor(
  question: string,
  combatants: readonly Named[],
  readable: (text: string) => boolean,
): string {
  if (readable(question)) return question;
  const bare = withoutNumbers(question, combatants);
  if (/[?.]$/u.test(bare)) return bare;
  const cut = question.lastIndexOf(": ");
  const tail = question.slice(cut + 2).trim();
  if (cut < 0 || !tail.endsWith("?") || withoutNumbers(tail, combatants) !== tail) return "";
  const first = mentions(question, combatants)[0];
  const who = first?.at === 0 ? first.who.name : undefined;
  return who === undefined || tail.includes(who) ? tail : `${who}: ${tail}`;
}

/** Whether `actor` (a combatant or a side) is of side `side`. */
const ofSide = (combatants: readonly Named[], actor: string, side: string) =>
  actor === side || combatants.some((c) => c.id === actor && c.side === side);

/**
 * A step begun by a ruling of the GM's, as a side may read it: what was asked, without another
 * side's numbers (as the turn says it: turnOf in player-json.ts), and what the GM ruled in the
 * options' words, as the GM's page heads it ("Orc 1: does it fight on, flee or surrender? The GM
 * ruled: Orc 1 flees"; "The GM ruled: roll on the critical chart" under a question that gives the
 * damage that got through a foe's armour); never a number answered (a concealment DC) but a
 * distance. "The GM's ruling" alone, over a player's own dice or in Since your turn, said nothing.
 */
function rulingHeading(
  first: DecideAnswer,
  combatants: readonly Named[],
  readable: (text: string) => boolean,
): string {
  const prompt = first.prompt ?? "";
  const asked = questionFor(prompt, combatants, readable);
  const label = first.label ?? "";
  const ruled =
    typeof first.value === "number"
      ? DISTANCE_ASKED.test(prompt) && readable(`${prompt} ${label} ft`)
        ? label
        : ""
      : withoutNumbers(label, combatants);
  if (asked !== "" && ruled !== "") return `${asked} The GM ruled: ${ruled}`;
  // A yes or a no says nothing without its question.
  if (ruled !== "" && typeof first.value !== "boolean") return `The GM ruled: ${ruled}`;
  return asked === "" ? "The GM's ruling" : `The GM's ruling: ${asked}`;
}

/** The heading of a step (`heading`, its answers so far `step`) as side `side` may read it. */
function headingFor(
  heading: string,
  step: readonly Answer[],
  combatants: readonly Named[],
  side: string,
  readable: (text: string) => boolean,
): string {
  const first = step[0];
  if (first === undefined) return heading;
  switch (first.kind) {
    case "roll":
      // "A roll", "3 rolls": the engine's count, which names no one.
      return heading;
    case "decide": {
      if (first.actor === "gm") {
        // A ruling that settles a blow under way (karn's critical) heads its step by that blow,
        // the ruling a line under it (last-result.ts): "Orrin: a critical strike at Varn".
        const ruled =
          heading.startsWith("The GM: ") || heading.startsWith(`${first.prompt} The GM ruled: `);
        return !ruled && readable(heading) ? heading : rulingHeading(first, combatants, readable);
      }
      if (ofSide(combatants, first.actor, side) || readable(heading)) return heading;
      const nameOf = (id: string) => combatants.find((c) => c.id === id)?.name ?? id;
      // Whom it struck at, which the table saw, though not how it split its dice or bonuses:
      // "Weasel attacks Hild" (was "Weasel decides", over the line of the hit itself).
      const targets = new Set(
        step.flatMap((a) =>
          a.kind !== "gm" && a.blow?.attacker === first.actor && a.blow.target !== first.actor
            ? [a.blow.target]
            : [],
        ),
      );
      return targets.size === 0
        ? `${nameOf(first.actor)} decides`
        : `${nameOf(first.actor)} attacks ${andList([...targets].map(nameOf))}`;
    }
    case "gm":
      return readable(heading) ? heading : "The GM changes the fight";
  }
}

/**
 * The rolls and the GM's rulings of a step that side `side` may read (and the rolls `player`
 * gave), each ruling placed among the rolls kept. A ruling answered with a number is the GM's
 * to tell (a concealment DC).
 */
function sideLines(
  step: Pick<StepSoFar, "rolls" | "rulings">,
  readable: (text: string) => boolean,
  player: string | undefined,
  own: (id: string) => boolean,
  names: readonly Named[],
): { rolls: ResultRoll[]; rulings: ResultRuling[]; kept: Pick<StepSoFar, "rolls" | "rulings"> } {
  // The dice the player gave on their screen are theirs to read, though they name a foe's die
  // (karn's strike against a dodge: "strike 17 + 1 = 18; defence 1").
  const kept = step.rolls.map(
    (r) => (player !== undefined && r.player === player) || readable(`${r.label} ${r.dice}`),
  );
  const bare = (r: ResultRuling) => questionFor(r.question, names, readable);
  // A change by hand among the step's lines is read as its explanation is: Hedda's side reads
  // "the GM sets Hedda's Stamina (SP) to 9 (was 18)", the brigands are told a change was made.
  const shown = (r: ResultRuling) =>
    r.byHand === true
      ? readable(r.answer)
      : r.decider === undefined
        ? DISTANCE_ASKED.test(r.question)
          ? readable(`${r.question} ${r.answer} ft`)
          : !/\d/.test(r.answer) && readable(r.answer) && bare(r) !== ""
        : own(r.decider.id) || readable(`${r.decider.name}: ${r.answer}`);
  // A ruling's question may give another side's number ("Goblin shieldbearer is surprised: does
  // a surprised combatant's DEX bonus (its 2) still count against blows?"): the line says it
  // without them, with what the GM ruled, where the player read only "the GM tells at the table:
  // the GM's answer to “…”" (the Friday rehearsal). A combatant's question may give another
  // side's number (Cutter's answer to Oswin's score of 22, read by Oswin's side): the line keeps
  // who chose what, the question only for the side asked it (its player saw it on their screen)
  // or when it gives no other side's number.
  const asked = (r: ResultRuling) =>
    r.decider === undefined
      ? r.byHand === true || DISTANCE_ASKED.test(r.question)
        ? {}
        : { question: bare(r) }
      : own(r.decider.id) || readable(r.question)
        ? {}
        : { question: `${r.decider.name} decides` };
  const rulings = step.rulings.filter(shown).map((r) => ({
    ...r,
    ...asked(r),
    rollsBefore: kept.slice(0, r.rollsBefore).filter(Boolean).length,
  }));
  const back = {
    rolls: step.rolls.filter((_, i) => !kept[i]),
    rulings: step.rulings.filter((r) => !shown(r)),
  };
  // The player's own dice under a label that gives another side's number ("Osric's attack on
  // Bolt with the dagger (needs 12)") are shown under the label without it, as asked of them.
  const rolls = step.rolls
    .filter((_, i) => kept[i])
    .map((r) =>
      readable(r.label) ? r : { ...r, label: withoutNumbers(r.label, names) || "a roll" },
    );
  return { rolls, rulings, kept: back };
}

const shownOnly = ({ rolls, rulings }: ReturnType<typeof sideLines>) => ({ rolls, rulings });

/**
 * What the GM keeps back of a step, said without its numbers so that a player knows what the
 * GM tells at the table: each roll by what it rolls for ("Knife's damage"), each ruling by its
 * question ("the GM's answer to “Orc 3: does it fight on, flee or surrender?”") or its decider
 * ("Orc 3's choice"), said once; and the rules whose explanations it keeps, by their titles.
 */
function toldAtTable(
  back: Pick<StepSoFar, "rolls" | "rulings">,
  explanations: readonly { readonly rule: string }[],
  combatants: readonly Named[],
  readable: (text: string) => boolean,
  rulesetId: string,
): { told: string[]; rules: string[] } {
  const told = new Set<string>();
  for (const r of back.rolls) told.add(withoutNumbers(r.label, combatants) || "a roll");
  for (const r of back.rulings) {
    const question = questionFor(r.question, combatants, readable);
    told.add(
      r.decider !== undefined
        ? `${r.decider.name}'s choice`
        : r.byHand === true
          ? "a change by hand"
          : question === ""
            ? "a ruling of the GM's"
            : `the GM's answer to “${question}”`,
    );
  }
  const prefix = `${rulesetId}, `;
  const rules = new Set(
    explanations.map((e) => (e.rule.startsWith(prefix) ? e.rule.slice(prefix.length) : e.rule)),
  );
  return { told: [...told], rules: [...rules] };
}

/**
 * The explanations, in the action that ends at answer `at`, of another side's own decision whose
 * words the side may not read (its screen says "Orc 4 decides"): made as the decision was
 * answered and naming its decider ("Orc 4 puts BCB +1 on attack and +0 on AC",
 * swords-wizardry-fitz's Base Combat Bonuses), not an attack worked out from dice as a readable
 * choice is made ("Knuckles's attack on Oswin: kept die 16 ..." as he attacks in anger). A
 * default of Fray's (docs/console.md, "The players' screens"): the chapter does not say that a
 * foe tells its split, so when such an explanation's numbers are kept, the GM tells nothing of it
 * at the table, not even its rule.
 */
function othersDecisions(
  encounter: Encounter,
  at: number,
  combatants: readonly Named[],
  side: string,
  readable: (text: string) => boolean,
): readonly { readonly rule: string; readonly text: string }[] {
  const start = actionStart(encounter, at);
  return encounter.explanations.filter((e) => {
    const answer = encounter.log[e.at - 1];
    if (e.at <= start || e.at > at || answer?.kind !== "decide") return false;
    const decider = combatants.find((c) => c.id === answer.actor);
    return (
      decider !== undefined &&
      decider.side !== side &&
      !readable(`${decider.name}: ${answer.label ?? ""}`) &&
      wordIn(namesOf(combatants), decider.name).test(e.text)
    );
  });
}

/**
 * What a blow did (engine/last-result.ts's outcomeOf, a line per combatant it hurt: "Oswin hits
 * Cutter: -11 HP (to -4/18 HP), out of the fight") as side `side` may read it: a line on one of
 * its own combatants whole, one on another side's without its numbers ("Oswin hits Cutter: out of
 * the fight", "Oswin hits Cutter", "Grub and Ugluk hit Chip"; "Hill Giant: hurt" when it names no
 * hitter), so that a player
 * reads who hit whom and who fell first, as the GM does, and a foe's hit points stay the GM's.
 */
export function sideOutcome(
  outcome: readonly string[],
  combatants: readonly Named[],
  side: string,
): string[] {
  // The one a line is about and where its head ends: the longest name that begins it or
  // follows its hitters, before its ": " or the weapon it was hit with ("Orc 3" over "Orc").
  const about = (line: string) =>
    combatants
      .flatMap((c) => {
        // Only a name the line holds may begin it (a regular expression each of the others,
        // for every line, was most of a large fight's screen).
        if (!line.includes(c.name)) return [];
        const head = new RegExp(
          `^(?:.* hits? )?${literal(c.name)}(?: with the [^:]*)?(?=: )`,
          "u",
        ).exec(line);
        return head === null ? [] : [{ c, end: head[0].length }];
      })
      .sort((a, b) => b.c.name.length - a.c.name.length)[0];
  return outcome.map((line) => {
    const found = about(line);
    if (found === undefined) return withoutNumbers(line, combatants);
    const { c: hurt, end } = found;
    if (hurt.side === side) return line;
    const head = line.slice(0, end);
    const said = line
      .slice(end + 2)
      .split(", ")
      .filter((clause) => !/\d/u.test(clause));
    if (said.length > 0) return `${head}: ${said.join(", ")}`;
    return head === hurt.name ? `${head}: hurt` : head;
  });
}

/**
 * The engine's last result as side `side` may see it, on the screen of the link named `player`
 * (null before anything happened).
 */
export function sideResult(
  result: LastResult | null,
  encounter: Encounter,
  combatants: readonly Named[],
  side: string,
  player?: string,
): PlayerResultJson | null {
  if (result === null) return null;
  const readable = sideReader(combatants, side);
  const step = encounter.log.slice(actionStart(encounter, result.at), result.at);
  const { rolls, rulings, kept } = sideLines(
    result,
    readable,
    player,
    (id) => ofSide(combatants, id, side),
    combatants,
  );
  const explanations = result.explanations.filter((e) => readable(e.text));
  const theirs = othersDecisions(encounter, result.at, combatants, side, readable);
  // What the GM keeps of another side's own decision is not told at the table: not counted.
  const back = result.explanations.filter(
    (e) => !readable(e.text) && !theirs.some((t) => t.rule === e.rule && t.text === e.text),
  );
  const changes = result.changes.filter((c) => ofSide(combatants, c.id, side));
  const lines = (r: Pick<StepSoFar, "rolls" | "rulings">) => r.rolls.length + r.rulings.length;
  return {
    at: result.at,
    heading: headingFor(result.heading, step, combatants, side, readable),
    ...playerOf(result),
    outcome: sideOutcome(result.outcome, combatants, side),
    ...(result.byHand === true ? { byHand: true as const } : {}),
    rolls,
    rulings,
    changes,
    explanations,
    withheld: lines(result) - lines({ rolls, rulings }) + back.length,
    ...toldAtTable(kept, back, combatants, readable, encounter.ruleset.id),
  };
}

/**
 * A step or blow (`step`, its answers so far `answers`) as side `side` may see it: its heading,
 * and the rolls and rulings so far that give no number of another side's, or that `player` gave.
 */
function sideSoFar(
  step: StepSoFar,
  answers: readonly Answer[],
  combatants: readonly Named[],
  side: string,
  player: string | undefined,
): PlayerStepJson {
  const readable = sideReader(combatants, side);
  return {
    heading: headingFor(step.heading, answers, combatants, side, readable),
    ...playerOf(step),
    // What the GM keeps back of a step under way is said once it is the last result.
    ...shownOnly(
      sideLines(step, readable, player, (id) => ofSide(combatants, id, side), combatants),
    ),
  };
}

/**
 * The step in progress (engine/last-result.ts) as side `side` may see it (sideSoFar), null when
 * none is in progress.
 */
export function sideStep(
  step: StepSoFar | null,
  encounter: Encounter,
  combatants: readonly Named[],
  side: string,
  player?: string,
): PlayerStepJson | null {
  if (step === null) return null;
  return sideSoFar(step, encounter.log.slice(progressFrom(encounter)), combatants, side, player);
}

/**
 * The blow under way (engine/last-result.ts's blowSoFar: from its first choice, Hild's attack
 * with Knuckles's answer) as side `side` may see it (sideSoFar), over its players' prompt as over
 * the GM's, and whether the last result is its beginning (null when none is under way).
 */
export function sideBlow(
  blow: BlowSoFar | null,
  encounter: Encounter,
  combatants: readonly Named[],
  side: string,
  player?: string,
): PlayerBlowJson | null {
  if (blow === null) return null;
  return {
    ...sideSoFar(blow, encounter.log.slice(blowStart(encounter)), combatants, side, player),
    holdsLastResult: blow.holdsLastResult,
  };
}

/** The engine's turn order as side `side` may see it: another side's numbers (its AP) left out. */
export function sideOrder(
  order: TurnOrder,
  combatants: readonly Named[],
  side: string,
): PlayerOrderJson {
  const readable = sideReader(combatants, side);
  const entries = order.entries.map(({ id, state, note }) => {
    const name = combatants.find((c) => c.id === id)?.name ?? id;
    const shown =
      note !== undefined && (ofSide(combatants, id, side) || readable(`${name} ${note}`));
    return { id, label: name, state, ...(shown ? { note } : {}) };
  });
  const note = order.note !== undefined && readable(order.note) ? { note: order.note } : {};
  return { round: order.round, label: order.label, entries, ...note };
}
