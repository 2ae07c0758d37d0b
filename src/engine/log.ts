// The encounter log as JSON lines: a header with the encounter file (so a log replays on its
// own), then every answer (rolls, decisions, the GM's changes) with the explanations it led to,
// then how the fight ended.
// Same file, seed and answers give byte-identical lines.
import { z } from "zod";
import { playerOf, type Answer } from "./answers.js";
import type { Blow } from "./choice.js";
import { Encounter } from "./encounter.js";
import { AnswerError } from "./drivers/validate.js";
import {
  parseEncounterFile,
  seedSchema,
  type EncounterDefinition,
  type RulesetRegistry,
} from "./encounter-file.js";
import { gmChangeSchema } from "./gm-changes.js";
import { InputError, parseInput } from "./input-error.js";
import { checkNesting } from "./nesting.js";
import type { Json } from "./json.js";
import type { OlderVersion } from "./ruleset.js";
import { resolveSwitches } from "./switches.js";

export const LOG_FORMAT = "fray-log/1";

export function logLines(encounter: Encounter, seed: number | undefined): string[] {
  const { ruleset, file } = encounter.definition;
  const lines: Json[] = [
    {
      type: "encounter",
      format: LOG_FORMAT,
      ruleset: ruleset.id,
      rulesetVersion: ruleset.version,
      seed: seed ?? null,
      file,
    },
  ];
  const explanations = encounter.explanations;
  let e = 0;
  const explainUpTo = (at: number) => {
    while (e < explanations.length && explanations[e]!.at <= at) {
      const { section, rule, text, data } = explanations[e]!;
      lines.push(
        data === undefined
          ? { type: "explain", section, rule, text }
          : { type: "explain", section, rule, text, data },
      );
      e += 1;
    }
  };
  encounter.log.forEach((answer, i) => {
    explainUpTo(i);
    lines.push({ type: "answer", n: i + 1, ...answer });
  });
  explainUpTo(Number.POSITIVE_INFINITY);
  const status = encounter.status;
  if (status.kind === "over") {
    lines.push({
      type: "end",
      rounds: encounter.round,
      winner: status.outcome.winner,
      reason: status.outcome.reason,
    });
  }
  return lines.map((l) => JSON.stringify(l));
}

/**
 * The log of answers that no longer replay (a stored fight this Fray's rules refuse): the header,
 * without a rulesetVersion (which version wrote them is not known), then the answers as given,
 * without the explanations and the end only a replay tells. The Fray that played them replays it.
 */
export function unreplayedLogLines(
  stored: { readonly ruleset: string; readonly file: Json; readonly answers: readonly Answer[] },
  seed: number,
): string[] {
  const { ruleset, file, answers } = stored;
  const head = { type: "encounter", format: LOG_FORMAT, ruleset, seed, file };
  return [head, ...answers.map((answer, i) => ({ type: "answer", n: i + 1, ...answer }))].map((l) =>
    JSON.stringify(l),
  );
}

const header = z.looseObject({
  type: z.literal("encounter"),
  format: z.literal(LOG_FORMAT),
  ruleset: z.string(),
  rulesetVersion: z.string().optional(),
  seed: seedSchema("the dice then start from the file's seed, else seed 1").nullish(),
  file: z.unknown(),
});

const LINE_TYPES = ["answer", "explain", "end"] as const;

const lineType = z.looseObject({
  type: z.enum(LINE_TYPES, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not a kind of line; after the header a line is an answer, explain or end`,
  }),
});

const answerKind = z.looseObject({
  kind: z.enum(["roll", "decide", "gm"], {
    error: (issue) => `${JSON.stringify(issue.input)}: an answer is a roll, a decide or a gm`,
  }),
});

const answerNumber = z.number().int().positive();

const rollLine = z.looseObject({
  n: answerNumber,
  label: z.string(),
  value: z.number().int(),
  dice: z.string().optional(),
  by: z.enum(["fray", "table"]).optional(),
  attempt: z.number().int().min(1).optional(),
  rerolled: z.array(z.string()).optional(),
  player: z.string().optional(),
  blow: z
    .looseObject({ attacker: z.string(), target: z.string(), damage: z.literal(true).optional() })
    .optional(),
});

const decideLine = z.looseObject({
  n: answerNumber,
  actor: z.string(),
  question: z.string(),
  value: z.json(),
  player: z.string().optional(),
});

const gmLine = z.looseObject({
  n: answerNumber,
  change: gmChangeSchema,
});

const endLine = z.looseObject({
  rounds: z.number().int(),
  winner: z.string().nullable(),
  reason: z.string(),
});

/** An answer of the log, with the line it was read from. */
interface LoggedAnswer {
  readonly answer: Answer;
  readonly line: number;
}

/** The answer on line `n` (whose type is "answer"), its `n` checked against its position. */
function answerOf(value: object, at: string, position: number): Answer {
  const { kind } = parseInput(answerKind, value, at);
  const checkNumber = (n: number): void => {
    if (n === position) return;
    throw new InputError(
      `${at}: n: ${n}, but this is answer ${position} of the log`,
      `${at}: n`,
      "answers are numbered 1, 2, 3 ... in their order; a line was removed, added or changed",
    );
  };
  if (kind === "roll") {
    const r = parseInput(rollLine, value, at);
    checkNumber(r.n);
    return {
      kind: "roll",
      label: r.label,
      value: r.value,
      ...(r.dice === undefined ? {} : { dice: r.dice }),
      ...(r.by === undefined ? {} : { by: r.by }),
      ...(r.attempt === undefined ? {} : { attempt: r.attempt }),
      ...(r.rerolled === undefined ? {} : { rerolled: r.rerolled }),
      ...(r.blow === undefined ? {} : { blow: r.blow }),
      ...playerOf(r),
    };
  }
  // The prompt and labels of decisions and changes are worked out again by replay, from the
  // rules and the state they meet: what the log says of them is for people reading it.
  if (kind === "gm") {
    const g = parseInput(gmLine, value, at);
    checkNumber(g.n);
    return { kind: "gm", change: g.change };
  }
  const d = parseInput(decideLine, value, at);
  checkNumber(d.n);
  return {
    kind: "decide",
    actor: d.actor,
    question: d.question,
    value: d.value as Json,
    ...playerOf(d),
  };
}

/** Whether two blows are one: who strikes whom, and whether it is the damage (not the words). */
const sameBlow = (a: Blow, b: Blow | undefined): boolean =>
  b !== undefined && a.attacker === b.attacker && a.target === b.target && a.damage === b.damage;

/** A blow as a log's reader reads it: "chip at snaga (damage)". */
const blowWords = (b: Blow): string =>
  `${b.attacker} at ${b.target}${b.damage === true ? " (damage)" : ""}`;

/** What to do with a log that does not replay, when another version of its ruleset wrote it. */
function otherVersion(
  definition: EncounterDefinition,
  writtenBy: string | undefined,
): string | undefined {
  const { id, version, olderVersions } = definition.ruleset;
  if (writtenBy === undefined || writtenBy === version) return undefined;
  const reading = olderVersions?.[writtenBy]?.reading;
  if (reading !== undefined)
    return `the log was written by ${id} ${writtenBy}, replayed as it played (${reading}), and still does not fit: it was edited, or replay it with the Fray that wrote it`;
  return `the log was written by ${id} ${writtenBy}, and this Fray plays ${id} ${version}: replay it with the Fray that wrote it`;
}

/** `definition` played under an older version's reading: its switches set so, in the file too. */
function underReading(definition: EncounterDefinition, older: OlderVersion): EncounterDefinition {
  const given = definition.file["switches"];
  const switches = {
    ...(typeof given === "object" && given !== null && !Array.isArray(given) ? given : {}),
    ...older.switches,
  };
  return {
    ...definition,
    setup: {
      ...definition.setup,
      switches: resolveSwitches(definition.ruleset, switches, "olderVersions"),
    },
    file: { ...definition.file, switches },
  };
}

/**
 * The encounter replayed from answers written by `writtenBy` of its ruleset: a version the ruleset
 * maps to a reading (Ruleset.olderVersions) under its switches. Answers of an unknown writer (a
 * stored fight, a log without rulesetVersion) replay as this version plays them, else under the
 * first older reading they fit; else this version's refusal is thrown.
 */
export function replayWritten(
  definition: EncounterDefinition,
  answers: readonly Answer[],
  writtenBy: string | undefined,
): Encounter {
  const older = definition.ruleset.olderVersions ?? {};
  if (writtenBy !== undefined) {
    // A ruleset built on another (a house rule's package) may share a version number with one
    // of the other's older versions: its own version always plays as it is.
    const reading = writtenBy === definition.ruleset.version ? undefined : older[writtenBy];
    return Encounter.fromAnswers(
      reading === undefined ? definition : underReading(definition, reading),
      answers,
    );
  }
  try {
    return Encounter.fromAnswers(definition, answers);
  } catch (refused) {
    if (!(refused instanceof AnswerError)) throw refused;
    for (const reading of Object.values(older)) {
      try {
        return Encounter.fromAnswers(underReading(definition, reading), answers);
      } catch (error) {
        if (!(error instanceof AnswerError)) throw error;
      }
    }
    throw refused;
  }
}

/** The encounter replayed from the logged answers; a refused answer names its line. */
function replayed(
  definition: EncounterDefinition,
  logged: readonly LoggedAnswer[],
  source: string,
  writtenBy: string | undefined,
): Encounter {
  let encounter: Encounter;
  try {
    encounter = replayWritten(
      definition,
      logged.map((l) => l.answer),
      writtenBy,
    );
  } catch (error) {
    if (!(error instanceof AnswerError)) throw error;
    const line = error.answer === undefined ? undefined : logged[error.answer - 1]?.line;
    const at = line === undefined ? source : `${source}:${line}`;
    throw new InputError(
      `${at}: ${error.message}`,
      at,
      otherVersion(definition, writtenBy) ?? error.hint,
    );
  }
  // A roll is the rules' at its place in the log: its label is for people reading it, and replay
  // names it as the rules do now (a log of another wording still loads). What the roll stands
  // for, the blow it decides (who strikes whom, and whether it is the damage), must be the one
  // the rules roll there, when the log says it (a log of 1.0.0 does not).
  encounter.log.forEach((answer, i) => {
    const given = logged[i];
    if (answer.kind !== "roll" || given === undefined || given.answer.kind !== "roll") return;
    const said = given.answer.blow;
    if (said === undefined || sameBlow(said, answer.blow)) return;
    const at = `${source}:${given.line}`;
    throw new InputError(
      `${at}: blow: ${blowWords(said)}, but the rules roll ${answer.blow === undefined ? "no blow" : blowWords(answer.blow)} here (${answer.label})`,
      `${at}: blow`,
      otherVersion(definition, writtenBy) ??
        "the log was edited, or written by another version of the ruleset",
    );
  });
  return encounter;
}

/**
 * The logged end of the fight must be the one its answers lead to: its winner after as many
 * rounds. Its reason is the words of that end, for people reading it ("Ann and Bob hold the
 * field"): a log written when they read otherwise still loads.
 */
function checkEnd(
  encounter: Encounter,
  end: { value: object; line: number },
  source: string,
): void {
  const at = `${source}:${end.line}`;
  const logged = parseInput(endLine, end.value, at);
  const status = encounter.status;
  if (status.kind !== "over") {
    throw new InputError(
      `${at}: the log says the fight ended, but its answers leave it going on`,
      at,
      "the log was edited: an answer was removed, or the end line added",
    );
  }
  const actual = { rounds: encounter.round, ...status.outcome };
  for (const field of ["winner", "rounds"] as const) {
    if (logged[field] !== actual[field]) {
      throw new InputError(
        `${at}: ${field}: ${JSON.stringify(logged[field])}, but the answers lead to ${JSON.stringify(actual[field])}`,
        `${at}: ${field}`,
        "the log was edited, or written by another version of the ruleset",
      );
    }
  }
}

/** A line of a log as its JSON object, each field nested no deeper than a file may be. */
function objectOf(line: string, at: string): object {
  let value: unknown;
  try {
    value = JSON.parse(line) as unknown;
  } catch {
    throw new InputError(`${at}: not a JSON line`, at, "a log has one JSON object per line");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError(
      `${at}: the line is ${Array.isArray(value) ? "a list" : JSON.stringify(value)}, not a JSON object`,
      at,
      "a log has one JSON object per line",
    );
  }
  // Each field as deep as a file may be (the header's is the encounter file).
  for (const field of Object.values(value)) checkNesting(field, at);
  return value;
}

/**
 * Rebuilds an encounter from log text. Every line is checked, and an error names the log, the
 * line and the field; a log that does not replay as written (an answer renumbered, a roll's blow
 * or the fight's winner changed, the header's ruleset not the file's) is refused; the words a
 * line says (a roll's label, the end's reason) are for people, and replay says them anew. `answersRead`, if
 * given, is told how many answers the log holds once every line is checked, before they are
 * replayed, and may refuse them (throw): a log too long to keep (the server's cap) then costs its
 * reading, not its replay, which is most of a long log's time (a second or more a thousand
 * answers of the GM's changes).
 */
export function readLog(
  text: string,
  registry: RulesetRegistry,
  source: string,
  answersRead?: (answers: number) => void,
): { encounter: Encounter; seed: number | undefined } {
  let head: { value: z.infer<typeof header>; definition: EncounterDefinition } | null = null;
  const answers: LoggedAnswer[] = [];
  let end: { value: object; line: number } | undefined;
  // A line at a time, each checked as it is read and let go unless it is an answer: a log of 16
  // MB of `{}` lines was parsed whole first (7.8 s, 758 MB) before its second line was refused.
  let n = 0;
  for (let from = 0; from < text.length;) {
    const to = text.indexOf("\n", from);
    const line = text.slice(from, to < 0 ? text.length : to);
    from = to < 0 ? text.length : to + 1;
    n += 1;
    if (line.trim() === "") continue;
    const at = `${source}:${n}`;
    const value = objectOf(line, at);
    if (head === null) {
      const parsedHead = parseInput(header, value, at);
      const definition = parseEncounterFile(parsedHead.file, registry, `${at} (encounter file)`);
      if (parsedHead.ruleset !== definition.ruleset.id) {
        throw new InputError(
          `${at}: ruleset: "${parsedHead.ruleset}", but the encounter file in the log is of ${definition.ruleset.id}`,
          `${at}: ruleset`,
          "the log was edited: the header's ruleset is the file's",
        );
      }
      head = { value: parsedHead, definition };
      continue;
    }
    if (end !== undefined) {
      throw new InputError(
        `${at}: a line after the end of the fight (line ${end.line})`,
        at,
        "the end line is the last of a log",
      );
    }
    const { type } = parseInput(lineType, value, at);
    if (type === "answer")
      answers.push({ answer: answerOf(value, at, answers.length + 1), line: n });
    else if (type === "end") end = { value, line: n };
  }
  if (head === null) throw new InputError(`${source}: the log is empty`, source);
  const { definition } = head;
  answersRead?.(answers.length);
  const encounter = replayed(definition, answers, source, head.value.rulesetVersion);
  if (end !== undefined) checkEnd(encounter, end, source);
  return { encounter, seed: head.value.seed ?? undefined };
}
