// Parsing of option values shared by several commands.
import { FrayError } from "../core/errors.js";

export function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text))
    throw new FrayError(`--seed: "${text}" is not a whole number`, "--seed");
  return Number(text);
}
