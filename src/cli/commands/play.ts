// `fray play <encounter.yaml>`: runs an encounter in the terminal. Rolls come from the seed or,
// with --manual, from the table; decisions are asked with the policy's answer as the default,
// or all taken by policy with --auto; --script answers choices from a file first.
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { z } from "zod";
import { answerText, type Answer } from "../../engine/answers.js";
import { CHOICE_GROUP_TITLES, inShownOrder, shownGroups } from "../../engine/choice.js";
import { seededRoll, tableRoll } from "../../engine/drivers/live.js";
import type { PendingChoiceData } from "../../engine/drivers/pending.js";
import { AnswerError } from "../../engine/drivers/validate.js";
import { Encounter } from "../../engine/encounter.js";
import { rollAsked, rollPromptText } from "../../engine/roll-prompt.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { parseInput } from "../../engine/input-error.js";
import type { Json } from "../../engine/json.js";
import { logLines, readLog } from "../../engine/log.js";
import { redoDecisions, undoDecisions } from "../../engine/undo-decisions.js";
import { FrayError } from "../../core/errors.js";
import { rulesets } from "../../app/rulesets.js";
import { numbersText, readTyped } from "../answer-input.js";
import { readDataFile, readText } from "../../app/files.js";
import { parseSeed } from "../options.js";
import { LineReader } from "../prompt.js";
import { printNewExplanations, renderOutcome, renderViews } from "../render.js";

const scriptFile = z.array(
  z.union([z.strictObject({ dice: z.array(z.number().int()) }), z.json()]),
);
type ScriptEntry = z.infer<typeof scriptFile>[number];

export interface PlayOptions {
  at?: string;
  seed?: string;
  auto?: boolean;
  manual?: boolean;
  script?: string;
  log?: string;
}

const HELP = `  At a roll: type the dice as rolled ("6 5 3"), explosions included, or the result alone ("=14").
  At a decision: type the number beside an option (the third listed is 3, whatever it says:
  "3" is never 3 dice); Enter takes the default in brackets. A JSON value is taken as the answer.
  Commands: undo [k], redo [k], state, help, quit.\n`;

function fromScript(choice: PendingChoiceData, entry: ScriptEntry, where: string): Answer {
  if (choice.kind === "roll") {
    if (
      typeof entry === "object" &&
      entry !== null &&
      "dice" in entry &&
      Array.isArray(entry.dice)
    ) {
      return tableRoll(choice, entry.dice as number[]);
    }
    if (typeof entry !== "number") {
      throw new AnswerError(
        `${where}: ${choice.label} needs a number or {dice: [...]}, got ${JSON.stringify(entry)}`,
        where,
      );
    }
    return { kind: "roll", label: choice.label, value: entry, by: "table" };
  }
  return { kind: "decide", actor: choice.actor, question: choice.question, value: entry as Json };
}

function describeChoice(
  choice: PendingChoiceData & { kind: "decide" },
  defaultValue: Json,
): string {
  const lines = [`? ${choice.options.prompt}`];
  // Grouped and numbered from 1 as the console shows them; readTyped reads the numbers in this order.
  const choices = inShownOrder(choice.options.choices ?? []);
  const headed = shownGroups(choices).length > 0;
  choices.forEach((c, i) => {
    const group = c.group ?? "other";
    if (headed && (i === 0 || (choices[i - 1]!.group ?? "other") !== group))
      lines.push(`  ${CHOICE_GROUP_TITLES[group]}`);
    lines.push(`    ${String(i + 1).padStart(3)}  ${c.label}`);
  });
  const def = choices.findIndex((c) => JSON.stringify(c.value) === JSON.stringify(defaultValue));
  const shown = def >= 0 ? `${def + 1}: ${choices[def]!.label}` : JSON.stringify(defaultValue);
  const ask =
    choices.length > 0
      ? `type an option's number (${numbersText(choices.length)}), or Enter for`
      : "Enter for";
  return `${lines.join("\n")}\n  ${ask} [${shown}] > `;
}

/** Answers as a person reads them: "Tombril: attack the Hill Giant; Tombril's damage: 5 3 4 3 2". */
function answersText(answers: readonly Answer[], encounter: Encounter): string {
  const names = new Map(encounter.view({ kind: "gm" }).map((v) => [v.id, v.name]));
  const one = (a: Answer) =>
    a.kind === "decide"
      ? `${names.get(a.actor) ?? a.actor}: ${a.label ?? JSON.stringify(a.value)}`
      : answerText(a);
  if (answers.length <= 3) return answers.map(one).join("; ");
  return `${one(answers[0]!)}, and ${answers.length - 1} answers after it, the last ${one(answers.at(-1)!)}`;
}

/**
 * Undoes `steps` answers typed at the table and says what it took back. When Fray rolls the
 * dice, a roll given back would be rolled again the same (roll k always uses stream k of the
 * seed), so a step is a decision and the rolls after it, and redo gives back such steps.
 */
function undo(encounter: Encounter, steps: number, manual: boolean): string {
  const before = [...encounter.log];
  if (manual) encounter.undo(steps);
  else undoDecisions(encounter, steps);
  const taken = before.slice(encounter.log.length);
  return taken.length === 0 ? "nothing to undo" : `took back ${answersText(taken, encounter)}`;
}

function redo(encounter: Encounter, steps: number, manual: boolean): string {
  const had = encounter.log.length;
  if (manual) encounter.redo(steps);
  else redoDecisions(encounter, steps);
  const given = encounter.log.slice(had);
  return given.length === 0 ? "nothing to redo" : `gave back ${answersText(given, encounter)}`;
}

/** "1 answer", "3 answers". */
const answersCount = (n: number) => `${n} answer${n === 1 ? "" : "s"}`;

export interface PlayIo {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/**
 * A new encounter from an encounter file, or a saved one from a log (`.jsonl`): resumed where
 * the log ends, or, with --at N, branched after its first N answers ("what if").
 */
function start(path: string, options: PlayOptions): { encounter: Encounter; seed: number } {
  const at = options.at === undefined ? undefined : Number(options.at);
  if (at !== undefined && !(Number.isInteger(at) && at >= 0)) {
    throw new FrayError(`--at: "${options.at}" is not a whole number of answers`, "--at");
  }
  if (/\.jsonl$/i.test(path)) {
    const saved = readLog(readText(path), rulesets, path);
    if (at !== undefined && at > saved.encounter.log.length) {
      throw new FrayError(
        `--at ${at}: the log has only ${saved.encounter.log.length} answers`,
        "--at",
        `give a number from 0 to ${saved.encounter.log.length}`,
      );
    }
    const encounter = at === undefined ? saved.encounter : saved.encounter.branch(at);
    return { encounter, seed: parseSeed(options.seed) ?? saved.seed ?? 1 };
  }
  if (at !== undefined)
    throw new FrayError("--at branches a saved fight: give a log (.jsonl)", "--at");
  const definition = parseEncounterFile(readDataFile(path), rulesets, path);
  return {
    encounter: new Encounter(definition),
    seed: parseSeed(options.seed) ?? definition.seed ?? 1,
  };
}

export async function play(
  path: string,
  options: PlayOptions,
  io: PlayIo = { input: process.stdin, output: process.stdout },
): Promise<void> {
  const { encounter, seed } = start(path, options);
  const definition = encounter.definition;
  const script = options.script
    ? parseInput(scriptFile, readDataFile(options.script), options.script)
    : [];
  const out = (s: string) => void io.output.write(s);
  const reader = options.auto && script.length === 0 ? null : new LineReader(io.input, io.output);
  let printed = 0;
  let scripted = 0;
  out(
    `${definition.title} (${definition.ruleset.title}, seed ${seed})\n${renderViews(encounter.view({ kind: "gm" }))}\n`,
  );
  const finish = () => {
    reader?.close();
    if (options.log) writeFileSync(options.log, logLines(encounter, seed).join("\n") + "\n");
  };
  try {
    for (;;) {
      printed = printNewExplanations(encounter, printed, out);
      const status = encounter.status;
      if (status.kind === "over") {
        out(renderOutcome(encounter));
        out(`${renderViews(encounter.view({ kind: "gm" }))}\n`);
        // A mistyped last die must not end the fight for good: undo is offered before leaving.
        if (reader === null || scripted < script.length || options.auto) break;
        const last = await reader.question(
          "  Enter to leave, or 'undo' to take the last step back > ",
        );
        const typed = last === null ? null : /^undo(?:\s+(\d+))?$/i.exec(last.trim());
        if (typed === null) break;
        out(`  ${undo(encounter, typed[1] ? Number(typed[1]) : 1, options.manual === true)}\n`);
        continue;
      }
      const choice = status.choice;
      if (scripted < script.length) {
        const where = `${options.script}: answer ${scripted + 1}`;
        encounter.give(fromScript(choice, script[scripted]!, where));
        scripted += 1;
        continue;
      }
      if (choice.kind === "roll" && !options.manual) {
        const answer = seededRoll(choice, seed);
        encounter.give(answer);
        out(`  ${choice.label}: ${answer.dice ?? answer.value}\n`);
        continue;
      }
      if (choice.kind === "decide" && options.auto) {
        encounter.decideByPolicy();
        // The question with its answer, as the log keeps them: "Does Tombril go first? yes".
        out(`  ${answerText(encounter.log.at(-1)!)}\n`);
        continue;
      }
      const defaultValue = choice.kind === "decide" ? encounter.tacticAnswer : undefined;
      const promptText =
        choice.kind === "roll"
          ? `${rollPromptText(rollAsked(choice))} > `
          : describeChoice(choice, defaultValue!);
      const line = await reader!.question(promptText);
      if (line === null) {
        out(`\ninput ended before the fight did; ${answersCount(encounter.log.length)} so far\n`);
        break;
      }
      try {
        const typed = readTyped(choice, line, defaultValue);
        switch (typed.kind) {
          case "answer":
            encounter.give(typed.answer);
            break;
          case "undo":
            out(`  ${undo(encounter, typed.steps, options.manual === true)}\n`);
            break;
          case "redo":
            out(`  ${redo(encounter, typed.steps, options.manual === true)}\n`);
            break;
          case "state":
            out(`${renderViews(encounter.view({ kind: "gm" }))}\n`);
            break;
          case "help":
            out(HELP);
            break;
          case "quit":
            out(`  stopped after ${answersCount(encounter.log.length)}\n`);
            return;
        }
      } catch (error) {
        if (!(error instanceof FrayError)) throw error;
        out(`  ! ${error.message}${error.hint ? ` (${error.hint})` : ""}\n`);
      }
    }
  } finally {
    finish();
  }
}

export function registerPlay(program: Command): void {
  program
    .command("play")
    .description("run an encounter in the terminal")
    .argument("<encounter>", "encounter file (YAML or JSON), or a log (.jsonl) to resume")
    .option("--at <n>", "with a log: branch after its first n answers (a what-if)")
    .option("--seed <n>", "seed for Fray's dice (default: the file's seed, else 1)")
    .option("--auto", "answer every decision by the combatants' tactics and run to the end")
    .option("--manual", "ask for the physical dice instead of rolling them")
    .option("--script <answers>", "answer choices from this YAML list first")
    .option("--log <out.jsonl>", "write the log as JSON lines")
    .action((path: string, options: PlayOptions) => play(path, options));
}
