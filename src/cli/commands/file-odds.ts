// `fray odds <file>`: the exact odds of an exchange file, or of the whole fight of an encounter
// file (encounter-odds.ts, loaded only then), each read with the ruleset the file names alone
// (rulesets-to-read.ts): apart from odds.ts, so that a dice expression loads none of it.
import { FrayError } from "../../core/errors.js";
import {
  exchangeOddsJson,
  exchangeOddsOf,
  isEncounterContent,
  parseDecide,
  renderExchangeOdds,
} from "../../app/exchange-odds.js";
import { readDataFile } from "../../app/files.js";
import { rulesetsToRead } from "../../app/rulesets-to-read.js";
import type { EncounterOddsOptions } from "./encounter-odds.js";

export interface FileOddsOptions extends EncounterOddsOptions {
  chart?: string;
}

/** Prints the odds of the exchange or encounter file at `path` (its chart with --chart). */
export async function fileOdds(path: string, options: FileOddsOptions): Promise<void> {
  const content = readDataFile(path);
  if (isEncounterContent(content)) {
    if (options.chart !== undefined)
      throw new FrayError(
        "--chart draws a dice expression or an exchange; for a fight, fray sim --chart draws the rounds",
        "--chart",
      );
    await (await import("./encounter-odds.js")).encounterOdds(path, content, options);
    return;
  }
  for (const [flag, value] of [
    ["--log", options.log],
    ["--max-states", options.maxStates],
    ["--max-rounds", options.maxRounds],
  ] as const) {
    if (value !== undefined)
      throw new FrayError(`${flag} applies to an encounter file, not an exchange`, flag);
  }
  const result = exchangeOddsOf(
    content,
    path,
    parseDecide(options.decide ?? []),
    await rulesetsToRead(content),
  );
  process.stdout.write(
    options.json === true
      ? `${JSON.stringify(exchangeOddsJson(result))}\n`
      : renderExchangeOdds(result),
  );
  if (options.chart !== undefined) {
    const { oddsChart } = await import("../../sim/charts/odds-chart.js");
    await oddsChart(result.damage, options.chart, {
      title: result.title,
      outcome: "damage dealt",
    });
  }
}
