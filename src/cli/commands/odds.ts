// `fray odds "<expression>" [--vs "<expression>"] [--json]`: the exact distribution as a table
// (or JSON), and with --vs the chances that the first beats, ties or loses to the second; with an
// exchange file, the exact odds of the exchange; with an encounter file, of the whole fight
// (encounter-odds.ts). A file's modules (file-odds.ts) load only for a file.
import type { Command } from "commander";
import { odds } from "../../core/dice/index.js";
import { FrayError } from "../../core/errors.js";
import { isExchangeFile } from "../../app/files.js";
import type { FileOddsOptions } from "./file-odds.js";
import type { Dist } from "../../core/dist.js";

interface OddsOptions extends FileOddsOptions {
  vs?: string;
}

/** Rows below this probability at either end of the table are left out (and counted). */
const HIDDEN_TAIL = 0.00005;
const BAR_WIDTH = 40;

function percent(p: number): string {
  if (p > 0 && p < 0.00005) return "<0.01%";
  return `${(p * 100).toFixed(2)}%`;
}

function round(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}

export function oddsJson(expression: string, vs?: string): string {
  const dist = odds(expression);
  const out: Record<string, unknown> = {
    expression,
    mean: dist.mean(),
    sd: dist.sd(),
    min: dist.min,
    max: dist.max,
    distribution: dist.entries(),
    truncated: dist.truncated,
  };
  if (vs !== undefined) out["versus"] = dist.compare(odds(vs));
  return JSON.stringify(out);
}

function table(dist: Dist): string[] {
  const entries = dist.entries();
  let first = 0;
  let last = entries.length - 1;
  while (first < last && (entries[first]?.[1] ?? 0) < HIDDEN_TAIL) first++;
  while (last > first && (entries[last]?.[1] ?? 0) < HIDDEN_TAIL) last--;
  const shown = entries.slice(first, last + 1);
  const top = Math.max(...shown.map(([, p]) => p));
  const width = Math.max(7, ...shown.map(([x]) => String(x).length));
  const lines = [`${"outcome".padStart(width)}  probability  at least`];
  for (const [x, p] of shown) {
    const bar = "█".repeat(Math.round((p / top) * BAR_WIDTH));
    lines.push(
      `${String(x).padStart(width)}  ${percent(p).padStart(11)}  ${percent(dist.atLeast(x)).padStart(8)}  ${bar}`,
    );
  }
  const hidden = entries.length - shown.length;
  if (hidden > 0)
    lines.push(`(${hidden} outcomes under ${percent(HIDDEN_TAIL)} at the ends not shown)`);
  return lines;
}

export function oddsText(expression: string, vs?: string): string {
  const dist = odds(expression);
  const lines = [
    `${expression}: mean ${round(dist.mean())}, sd ${round(dist.sd())}, min ${dist.min}, max ${dist.max}`,
    ...table(dist),
  ];
  if (dist.truncated > 0) {
    lines.push(
      `(explosions cut off where under 1e-12 of the probability remained: ${dist.truncated.toExponential(2)} not shown)`,
    );
  }
  if (vs !== undefined) {
    const { win, tie, lose } = dist.compare(odds(vs));
    lines.push(`vs ${vs}: win ${percent(win)}, tie ${percent(tie)}, lose ${percent(lose)}`);
  }
  return lines.join("\n");
}

export function registerOdds(program: Command): void {
  program
    .command("odds")
    .description(
      "exact odds of a dice expression, of one exchange (exchange.yaml), or of a whole fight (encounter.yaml)",
    )
    .argument(
      "<expression-or-file>",
      'dice notation, e.g. "3d20kh1+4" (docs/notation.md), or an exchange or encounter file (docs/encounter-format.md, docs/odds.md)',
    )
    .option("--vs <expression>", "also P(win), P(tie), P(lose) against an independent roll of this")
    .option(
      "--decide <actor:question=value...>",
      "with an exchange or encounter file: fix a decision (repeatable), e.g. chip:attack-dice=2",
    )
    .option(
      "--log <partial.jsonl>",
      "with an encounter file: the odds from where this log (fray play --log) has brought the fight",
    )
    .option(
      "--max-states <n>",
      "with an encounter file: the most distinct states to keep (default 1000000); past it the odds are exact through the rounds worked",
    )
    .option(
      "--max-rounds <n>",
      "with an encounter file: rounds to work through at most (default 500)",
    )
    .option(
      "--chart <file.svg|file.png>",
      "also draw the distribution (damage dealt, for an exchange)",
    )
    .option(
      "--json",
      'print {"expression", "mean", "sd", "min", "max", "distribution", "truncated"} (or the exchange odds)',
    )
    .action(async (arg: string, options: OddsOptions) => {
      if (isExchangeFile(arg)) {
        if (options.vs !== undefined) {
          throw new FrayError(
            "--vs compares dice expressions; it does not apply to a file",
            "--vs",
          );
        }
        await (await import("./file-odds.js")).fileOdds(arg, options);
        return;
      }
      if (options.decide !== undefined) {
        throw new FrayError("--decide needs an exchange file, not a dice expression", "--decide");
      }
      const text = options.json === true ? oddsJson(arg, options.vs) : oddsText(arg, options.vs);
      process.stdout.write(`${text}\n`);
      if (options.chart !== undefined) {
        const { oddsChart } = await import("../../sim/charts/odds-chart.js");
        await oddsChart(odds(arg), options.chart, { title: arg });
      }
    });
}
