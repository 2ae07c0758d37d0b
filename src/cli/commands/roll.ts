// `fray roll "<expression>" [--seed N] [--json]`: one roll with the total and every die.
import { randomInt } from "node:crypto";
import type { Command } from "commander";
import { compileDice, roll } from "../../core/dice/index.js";
import { FrayError } from "../../core/errors.js";

interface RollOptions {
  seed?: string;
  json?: boolean;
}

function readSeed(text: string | undefined): number {
  if (text === undefined) return randomInt(0, 2 ** 32);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new FrayError(`--seed: "${text}" is not a whole number`, "--seed");
  }
  return Number(text);
}

/** The text `fray roll` prints: `4d6kh3: [6, 4, 3, 1d] = 13 (seed 42)`. */
export function rollText(expression: string, seed: number, json: boolean): string {
  const result = roll(expression, { seed });
  if (json) return JSON.stringify(result);
  return `${expression}: ${compileDice(expression).format(result)} (seed ${seed})`;
}

export function registerRoll(program: Command): void {
  program
    .command("roll")
    .description("roll dice and show every die: kept, dropped (d), exploded (!), rerolled (r)")
    .argument("<expression>", 'dice notation, e.g. "4d6kh3+2" (see docs/notation.md)')
    .option(
      "--seed <n>",
      "seed of the generator; the same seed gives the same roll (default: random)",
    )
    .option("--json", 'print {"expression", "seed", "total", "dice"}')
    .action((expression: string, options: RollOptions) => {
      process.stdout.write(
        `${rollText(expression, readSeed(options.seed), options.json === true)}\n`,
      );
    });
}
