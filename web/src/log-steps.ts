// The log as the GM reads it: each answer in a line, and the step that "Undo the last decision"
// takes back (the last decision with the rolls after it, as engine/undo-decisions.ts counts
// steps for the API's `"unit": "decision"`).
import { bareDecision, bareWords } from "../../src/engine/bare-answer.js";
import { counted } from "./format.js";
import { andList } from "../../src/engine/or-list.js";
import type { Encounter } from "./types.js";

export type LogAnswer = Encounter["log"][number];

/**
 * The answers the last step holds: from the last decision (or change of the GM's hand) on
 * (every answer if none).
 */
export function lastStep(log: readonly LogAnswer[]): readonly LogAnswer[] {
  let start = log.length - 1;
  while (start > 0 && log[start]!.kind === "roll") start -= 1;
  return log.slice(Math.max(0, start));
}

/**
 * One answer in a line: "Tombril's damage: [5, 3, 4, 3, 2] = 17 (table)", "Tombril: action: …";
 * one a player gave on their screen says who: "Mara typed [5, 3] = 8 for Tombril's damage",
 * "Mara chose for Tombril: …".
 */
export function answerText(answer: LogAnswer, nameOf: (id: string) => string): string {
  if (answer.kind === "roll") {
    const rolled = answer.dice ?? String(answer.value);
    if (answer.player !== undefined) {
      return answer.by === "fray"
        ? `${answer.player} had Fray roll ${answer.label}: ${rolled}`
        : `${answer.player} typed ${rolled} for ${answer.label}`;
    }
    const by = answer.by === undefined ? "" : answer.by === "fray" ? " (Fray)" : ` (${answer.by})`;
    return `${answer.label}: ${rolled}${by}`;
  }
  if (answer.kind === "gm") return answer.label ?? "the GM changes the fight";
  // A ruling of the GM's that is a bare value (a distance, yes or no) is said with its question,
  // as the last result heads it: "The GM: 40" said nothing of what was asked; and so is a
  // combatant's bare yes or no ("Grub: no" to "does it flee?").
  // So is one that answers with a combatant alone, a target: "Whom does Knuckles attack with 1
  // die? Knuckles: Hild (onset range)", where "Knuckles: Hild (onset range)" read as if he were
  // Hild.
  const { label } = answer as { readonly label?: string };
  const gm = answer.actor === "gm";
  const named =
    typeof answer.value === "string" &&
    nameOf(answer.value) !== answer.value &&
    label?.startsWith(nameOf(answer.value)) === true;
  const bare =
    named ||
    (gm
      ? typeof answer.value === "boolean" || bareDecision(answer.value, label)
      : bareDecision(answer.value, label));
  const asked = bare && answer.prompt !== undefined ? `${answer.prompt} ` : "";
  if (gm && asked !== "") return `${asked}The GM ruled: ${decisionText(answer)}`;
  const chose = `${nameOf(answer.actor)}: ${decisionText(answer)}`;
  return answer.player === undefined
    ? `${asked}${chose}`
    : `${asked}${answer.player} chose for ${chose}`;
}

/**
 * Whether a combatant's decision inside a step (the last result's line) is said after its
 * question: when its answer says nothing alone ("Orrin: yes" to "Kell is fleeing: does Orrin make
 * an ALT check ...?"), not "Cutter: passive defence".
 */
export const saidWithQuestion = (ruling: { readonly answer: string }): boolean =>
  bareWords(ruling.answer);

/**
 * What a decision chose: the option's label when the log keeps it, else its question and value.
 */
export function decisionText(answer: Extract<LogAnswer, { kind: "decide" }>): string {
  const { label } = answer as { readonly label?: string };
  if (label !== undefined) return label;
  const value = typeof answer.value === "string" ? answer.value : JSON.stringify(answer.value);
  return `${answer.question}: ${value}`;
}

/**
 * Whether a result's `text` only says a decision again, as `actor` chose `label`, with a verb:
 * "Osric declares: two weapons: ..." after "Osric: two weapons: ...", "Cutter chooses trip the
 * defender prone" after "Cutter: trip the defender prone". The page shows the decision once, with
 * that result's rule beside it.
 */
export function restates(actor: string, label: string, text: string): boolean {
  // The GM's ruling "Cudgel fights on", whose result said "Cudgel fights on".
  if (text === label) return true;
  if (!text.startsWith(`${actor} `)) return false;
  const said = /^\p{L}+:? (.*)$/u.exec(text.slice(actor.length + 1));
  return said !== null && said[1] === label;
}

/**
 * `restates` for a step's heading ("Osric: two weapons: ...", a decision's as the API heads it),
 * or the heading itself again: a change by the GM's hand, "The GM sets Osric's Hit points to 15
 * (was 17)", whose rules line said "the GM sets Osric's Hit points to 15 (was 17)".
 */
export function restatesHeading(heading: string, text: string): boolean {
  if (text.toLowerCase() === heading.toLowerCase()) return true;
  const colon = heading.indexOf(": ");
  return colon > 0 && restates(heading.slice(0, colon), heading.slice(colon + 2), text);
}

/**
 * Results alike in a row (the same text by the same rule) said once, with how many times:
 * karn's three strikes declared alike ("Chip Calhoon strikes at Salemath with the longsword (full
 * action)", thrice) are one line, "3 times".
 */
export function alikeOnce<T extends { readonly rule: string; readonly text: string }>(
  list: readonly T[],
): (T & { readonly times: number })[] {
  const out: (T & { times: number })[] = [];
  for (const e of list) {
    const last = out.at(-1);
    if (last !== undefined && last.text === e.text && last.rule === e.rule) last.times += 1;
    else out.push({ ...e, times: 1 });
  }
  return out;
}

/**
 * A roll as an undo says it: what it was for, its total, and who rolled it ("Hill Giant's damage
 * (42, typed at the table)", "Tombril's damage (8, typed by Mara)"), not its dice: a line of ten dice
 * in boxes ("[6!, 5, 3, 6!, …] = 42") made the GM count them to know which roll went.
 */
function rollWords(answer: Extract<LogAnswer, { kind: "roll" }>): string {
  const total = /= (-?\d+)$/.exec(answer.dice ?? "")?.[1] ?? String(answer.value);
  const who =
    answer.player !== undefined
      ? answer.by === "fray"
        ? `, rolled by Fray for ${answer.player}`
        : `, typed by ${answer.player}`
      : answer.by === "fray"
        ? ", rolled by Fray"
        : answer.by === "table"
          ? ", typed at the table"
          : "";
  // A label that ends in its own parenthesis ("Hrolf's surprise die (surprised on a 1 or 2)")
  // takes the total after a colon, not a second parenthesis.
  return answer.label.endsWith(")")
    ? `${answer.label}: ${total}${who}`
    : `${answer.label} (${total}${who})`;
}

/** An answer as an undo says it: a roll in words (rollWords), a decision as the log says it. */
const undoWords = (answer: LogAnswer, nameOf: (id: string) => string): string =>
  answer.kind === "roll" ? rollWords(answer) : answerText(answer, nameOf);

/**
 * What "Undo the last decision" takes back, in a line: the decision and its rolls, or, past two
 * rolls, how many with the last of them ("gm: fumble: chart, then 12 rolls, the last …"), since a
 * round of some rules rolls a dozen times after one decision. Rolls in words (rollWords).
 */
export function stepText(step: readonly LogAnswer[], nameOf: (id: string) => string): string {
  const [first, ...rest] = step;
  if (first === undefined) return "";
  const rolls = first.kind === "roll" ? step.length : rest.length;
  if (rolls <= 2) {
    if (first.kind === "roll") return step.map((a) => undoWords(a, nameOf)).join("; ");
    const after = rest.map((a) => undoWords(a, nameOf)).join("; ");
    return after === "" ? undoWords(first, nameOf) : `${undoWords(first, nameOf)}, then ${after}`;
  }
  const last = `the last ${undoWords(step[step.length - 1]!, nameOf)}`;
  return first.kind === "roll"
    ? `${rolls} rolls, ${last}`
    : `${undoWords(first, nameOf)}, then ${rolls} rolls, ${last}`;
}

/**
 * Whose answer it is, as the GM says it: a combatant's or a side's name, "The GM" for the GM's
 * rulings (karn's roll on the critical chart), never the id the log keeps.
 */
export function actorName(encounter: Pick<Encounter, "views" | "sides">, who: string): string {
  if (who === "gm") return "The GM";
  return (
    encounter.views.gm.find((c) => c.id === who)?.name ??
    encounter.sides.find((s) => s.id === who)?.name ??
    who
  );
}

/**
 * The answers an undo took back from `before` to `after` (this page's, another tab's or the
 * API's), or null for any other change: the GM sees what left the fight, which a step of several
 * rolls, or an undo of every initiative roll of the round, would otherwise leave to guess. (A
 * redo is not told apart here: an answer given after an undo also shortens what is left to redo.)
 */
export function tookBack(before: Encounter | null, after: Encounter): readonly LogAnswer[] | null {
  if (before === null || before.id !== after.id || after.version <= before.version) return null;
  if (after.answers >= before.answers || after.canRedo <= before.canRedo) return null;
  return before.log.slice(after.answers);
}

/**
 * The answers a redo gave back from `before` to `after`, or null for any other change. `undone`
 * is what the undos this page saw took back, in the log's order (the next to redo first): an
 * answer given after an undo also shortens what is left to redo (when it is not the answer
 * taken back, to nothing), so only answers the same as those taken back are a redo's.
 */
export function gaveBack(
  before: Encounter | null,
  after: Encounter,
  undone: readonly LogAnswer[],
): readonly LogAnswer[] | null {
  if (before === null || before.id !== after.id || after.version <= before.version) return null;
  const given = after.answers - before.answers;
  if (given <= 0 || before.canRedo - after.canRedo !== given) return null;
  const back = after.log.slice(before.answers);
  return JSON.stringify(back) === JSON.stringify(undone.slice(0, given)) ? back : null;
}

/**
 * Answers in a line: a step (a decision with its rolls, or rolls alone) as `stepText` tells it;
 * several steps by their count, their first and their last.
 */
export function answersText(answers: readonly LogAnswer[], nameOf: (id: string) => string): string {
  if (answers.slice(1).every((a) => a.kind === "roll")) return stepText(answers, nameOf);
  const first = undoWords(answers[0]!, nameOf);
  const last = undoWords(answers[answers.length - 1]!, nameOf);
  // Two said both, in turn, a name said once: "Chip Calhoon: face Snaga this melee, then roll for
  // the initiative" (it read "2 answers, from ... to ...").
  if (answers.length === 2) {
    const whose = /^[^:]+: /u.exec(first)?.[0];
    const same = whose !== undefined && last.startsWith(whose) && !/\?/u.test(last);
    return `${first}, then ${same ? last.slice(whose.length) : last}`;
  }
  return `${answers.length} answers, from ${first} to ${last}`;
}

/**
 * What the GM's page says of a change made elsewhere, `before` answers given before it: who made
 * it when the answers it added are one player's from their screen ("Anna answered on their
 * screen: now 3 answers"), else where it may have come from.
 */
export function elsewhereText(
  encounter: Pick<Encounter, "log" | "answers"> & Partial<Pick<Encounter, "pending" | "views">>,
  before: number,
): string {
  const shares = encounter.pending?.kind === "roll" ? encounter.pending.shares : null;
  if (encounter.answers === before && shares !== null && shares.some((s) => s.given)) {
    if (shares.some((s) => s.given && s.player !== null)) return "";
    const nameOf = (id: string) => encounter.views?.gm.find((c) => c.id === id)?.name ?? id;
    const said = (s: (typeof shares)[number]) => `${nameOf(s.combatant)}'s ${s.name}`;
    const gave = shares.filter((s) => s.given).map(said);
    const still = shares.filter((s) => !s.given).map(said);
    return `${andList(gave)} came in from elsewhere (another tab or the API); still to roll: ${andList(still)}.`;
  }
  const now = `now ${counted(encounter.answers, "answer")}`;
  const added = encounter.log.slice(before, Math.max(before, encounter.answers));
  const players = new Set(added.map((a) => (a.kind === "gm" ? undefined : a.player)));
  const [player] = players;
  return players.size === 1 && player !== undefined
    ? `${player} answered on their screen: ${now}.`
    : `Changed elsewhere (a player, another tab or the API): ${now}.`;
}
