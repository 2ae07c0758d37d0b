// `fray advise <encounter.yaml> [--log partial.jsonl]`: at the encounter's pending decision, the
// odds of what each option leads to by the end of the round (src/engine/advice.ts), ranked.
// Rolls pending before the decision are rolled from the seed, as `fray play` would, and listed.
import type { Command } from "commander";
import type { Advice, Estimate } from "../../engine/advice.js";
import { Encounter } from "../../engine/encounter.js";
import { parseEncounterFile } from "../../engine/encounter-file.js";
import { rulesets } from "../../rulesets/index.js";
import { adviseNextDecision } from "../../app/advise-pending.js";
import { readDataFile } from "../../app/files.js";
import { readLogOf } from "../log-answers.js";
import { parseSeed } from "../options.js";
import { positiveInt } from "./sim.js";

interface AdviseOptions {
  log?: string;
  seed?: string;
  samples?: string;
  json?: boolean;
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

/** The advice as a table; `sideName` is the name of the actor's side, for the legend. */
export function formatAdvice(advice: Advice, sideName: string): string {
  const how =
    advice.method === "exact"
      ? `exact: every roll outcome of the rest of round ${advice.round} (${advice.runs.toLocaleString("en-US")} runs of the round for the largest option)`
      : `SAMPLED: the rest of round ${advice.round} is too large to enumerate; ${advice.runs.toLocaleString("en-US")} seeded samples per option, ± is a 95% interval`;
  const foes = advice.options[0]!.combatants.filter(
    (c) => advice.side === null || c.side !== advice.side,
  );
  const rows: string[][] = [
    ["#", "option", "dealt", "taken", ...foes.map((f) => `${f.name} out`), "win", "lose"],
    ...advice.options.map((o, i) => [
      String(i + 1),
      `${o.label}${o.policy ? " (policy)" : ""}`,
      num(o.dealt),
      num(o.taken),
      ...foes.map((f) => pct(o.combatants.find((c) => c.id === f.id)!.out)),
      pct(o.win),
      pct(o.lose),
    ]),
  ];
  const note =
    advice.truncated > 0
      ? `\n  ${(advice.truncated * 100).toPrecision(2)}% of the probability lies past the explosion cut-off and is left out`
      : "";
  return (
    `${advice.prompt} (${advice.actor}: ${advice.question})\n` +
    `  ${how}\n` +
    `  dealt / taken: expected health lost by the foes / by ${sideName} from now to the end of the round; win / lose: the fight over by then\n\n` +
    `${grid(rows)}${note}\n`
  );
}

export function advise(
  path: string,
  options: AdviseOptions,
): { advice: Advice; rolled: string[]; sideName: string } {
  const definition = parseEncounterFile(readDataFile(path), rulesets, path);
  const seed = parseSeed(options.seed) ?? definition.seed ?? 1;
  const answers = options.log === undefined ? [] : readLogOf(options.log, definition, path).log;
  const samples = positiveInt(options.samples, "--samples", 20_000);
  const advised = adviseNextDecision(Encounter.fromAnswers(definition, answers), seed, samples);
  const side = definition.setup.sides.find((s) => s.id === advised.advice.side);
  // A GM decision has no side: its options are not weighed for one.
  return { ...advised, sideName: side?.name ?? "-" };
}

export function registerAdvise(program: Command): void {
  program
    .command("advise")
    .description("at the pending decision, the odds of each option to the end of the round, ranked")
    .argument("<encounter>", "encounter file (YAML or JSON)")
    .option("--log <partial.jsonl>", "answers so far, from fray play --log")
    .option(
      "--seed <n>",
      "seed for rolls pending before the decision and for sampling (default: the file's, else 1)",
    )
    .option(
      "--samples <n>",
      "samples per option when the round is too large to enumerate (default 20000)",
    )
    .option("--json", "print JSON")
    .action((path: string, options: AdviseOptions) => {
      const { advice, rolled, sideName } = advise(path, options);
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
