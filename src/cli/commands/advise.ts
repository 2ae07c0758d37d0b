// `fray advise <encounter.yaml> [--log partial.jsonl] [--horizon fight]`: at the encounter's
// pending decision, the odds of what each option leads to by the end of the round, or with
// `--horizon fight` the chance of winning the whole fight (src/engine/advice.ts), ranked.
// Rolls pending before the decision are rolled from the seed, as `fray play` would, and listed.
import type { Command } from "commander";
import type { Advice, Estimate, Horizon } from "../../engine/advice.js";
import { FrayError } from "../../core/errors.js";
import { MAX_STATES } from "../../engine/state-graph.js";
import { HEALTH_SAME, SAME_MARGIN } from "../../engine/sure-ranking.js";
import { Encounter } from "../../engine/encounter.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { rulesetsToRead } from "../../app/rulesets-to-read.js";
import { adviseNextDecision } from "../../app/advise-pending.js";
import { readDataFile } from "../../app/files.js";
import { parseSeed } from "../options.js";
import { positiveInt } from "../options.js";

interface AdviseOptions {
  log?: string;
  seed?: string;
  samples?: string;
  horizon?: string;
  maxStates?: string;
  json?: boolean;
}

function horizonOf(text: string | undefined): Horizon {
  if (text === undefined || text === "round" || text === "fight") return text ?? "round";
  throw new FrayError(
    `--horizon: "${text}" is not round or fight`,
    "--horizon",
    "--horizon fight ranks by the chance of winning the whole fight",
  );
}

function num(e: Estimate | null, digits = 2): string {
  if (e === null) return "-";
  return e.half > 0
    ? `${e.value.toFixed(digits)}±${e.half.toFixed(digits)}`
    : e.value.toFixed(digits);
}

function pct(e: Estimate | null): string {
  if (e === null) return "-";
  const v = `${(e.value * 100).toFixed(1)}%`;
  return e.half > 0 ? `${v}±${(e.half * 100).toFixed(1)}` : v;
}

function grid(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map(
      (r) =>
        "  " +
        r
          .map((cell, c) => (c <= 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
          .join("  "),
    )
    .join("\n");
}

/** How the figures were found, in one or two lines. */
function methodLines(advice: Advice): string[] {
  const runs = advice.runs.toLocaleString("en-US");
  const lines = [
    advice.method === "exact"
      ? `exact: every roll outcome of the rest of round ${advice.round} (${runs} runs of the rules for the largest option)`
      : `SAMPLED: the rest of round ${advice.round} is too large to work out; ${runs} seeded samples per option${advice.sure === true ? ", taken until the ranking was sure" : ""}, ± is a 95% interval`,
  ];
  const fight = advice.fight;
  if (fight !== undefined) {
    lines.push(
      fight.method === "exact"
        ? `win / lose the fight: exact, ${fight.states.toLocaleString("en-US")} distinct states; unresolved at most ${fight.unresolved.toExponential(1)}`
        : `win / lose the fight: SAMPLED, too many states to work out exactly; ${fight.samples.toLocaleString("en-US")} seeded fights per option, ± is a 95% interval`,
    );
  }
  return lines;
}

/** The place of option `i`: that of the first option of the run of ties it ends. */
function place(advice: Advice, i: number): number {
  let first = i;
  while (first > 0 && advice.options[first]!.tied === true) first -= 1;
  return first + 1;
}

/** The advice as a table; `sideName` is the name of the actor's side, for the legend. */
export function formatAdvice(advice: Advice, sideName: string): string {
  const foes = advice.options[0]!.combatants.filter(
    (c) => advice.side === null || c.side !== advice.side,
  );
  const fight = advice.horizon === "fight";
  const rows: string[][] = [
    [
      "#",
      "option",
      "dealt",
      "taken",
      ...foes.map((f) => `${f.name} out`),
      fight ? "win fight" : "win",
      fight ? "lose fight" : "lose",
    ],
    ...advice.options.map((o, i) => [
      o.tied === true ? `=${place(advice, i)}` : String(i + 1),
      `${o.label}${o.policy ? " (tactics' pick)" : ""}`,
      num(o.dealt),
      num(o.taken),
      ...foes.map((f) => pct(o.combatants.find((c) => c.id === f.id)!.out)),
      pct(o.win),
      pct(o.lose),
    ]),
  ];
  const note =
    (advice.options.some((o) => o.tied === true)
      ? `\n  =: alike the option above on every key (win and lose within ${SAME_MARGIN * 100} points, dealt minus taken within ${HEALTH_SAME * 100}% of the health the round costs): either does as well`
      : "") +
    (advice.truncated > 0
      ? `\n  ${(advice.truncated * 100).toPrecision(2)}% of the probability lies past the explosion cut-off and is left out`
      : "");
  const legend = fight
    ? `dealt / taken: expected health lost by the foes / by ${sideName} from now to the end of the round; out: by then; win / lose fight: by the end of the fight`
    : `dealt / taken: expected health lost by the foes / by ${sideName} from now to the end of the round; win / lose: the fight over by then`;
  return (
    `${advice.prompt} (${advice.actor}: ${advice.question})\n` +
    methodLines(advice)
      .map((l) => `  ${l}\n`)
      .join("") +
    `  ${legend}\n\n` +
    `${grid(rows)}${note}\n`
  );
}

/**
 * The advice at `path`'s pending decision. Only the file's ruleset is loaded, and the modules
 * that read a log only with `--log` (docs/architecture.md, "What the CLI loads").
 */
export async function advise(
  path: string,
  options: AdviseOptions,
): Promise<{ advice: Advice; rolled: string[]; sideName: string }> {
  const content = readDataFile(path);
  const definition = parseEncounterFile(content, await rulesetsToRead(content), path);
  const seed = parseSeed(options.seed) ?? definition.seed ?? 1;
  const answers =
    options.log === undefined
      ? []
      : (await import("../log-answers.js")).readLogOf(options.log, definition, path).log;
  const samples = positiveInt(options.samples, "--samples", 20_000);
  const horizon = horizonOf(options.horizon);
  const maxStates = positiveInt(options.maxStates, "--max-states", MAX_STATES);
  const advised = adviseNextDecision(Encounter.fromAnswers(definition, answers), seed, samples, {
    horizon,
    maxStates,
  });
  const side = definition.setup.sides.find((s) => s.id === advised.advice.side);
  // A GM decision has no side: its options are not weighed for one.
  return { ...advised, sideName: side?.name ?? "-" };
}

export function registerAdvise(program: Command): void {
  program
    .command("advise")
    .description(
      "at the pending decision, the odds of each option to the end of the round (or of the fight), ranked",
    )
    .argument("<encounter>", "encounter file (YAML or JSON)")
    .option("--log <partial.jsonl>", "answers so far, from fray play --log")
    .option(
      "--seed <n>",
      "seed for rolls pending before the decision and for sampling (default: the file's, else 1)",
    )
    .option(
      "--samples <n>",
      "the most samples per option when the round (or the fight) is too large to work out exactly (default 20000; a side's round stops once its ranking is sure)",
    )
    .option(
      "--horizon <round|fight>",
      "round (default): odds to the end of the round; fight: rank by the chance of winning the whole fight",
    )
    .option(
      "--max-states <n>",
      "with --horizon fight: the most distinct states before sampling whole fights instead (default 1000000)",
    )
    .option("--json", "print JSON")
    .action(async (path: string, options: AdviseOptions) => {
      const { advice, rolled, sideName } = await advise(path, options);
      if (options.json) {
        process.stdout.write(JSON.stringify({ rolled, ...advice }, null, 2) + "\n");
        return;
      }
      if (rolled.length > 0)
        process.stdout.write(
          `rolled first (seed ${options.seed ?? "of the file"}): ${rolled.join("; ")}\n`,
        );
      process.stdout.write(formatAdvice(advice, sideName));
    });
}
