// The grid of a parameter sweep: `--vary <path>=<from>..<to>[:step]`, each giving the values
// from, from+step, ... up to `to` (step 1 by default); several --vary give every combination.
import { FrayError } from "../../core/errors.js";

export interface Vary {
  readonly path: string;
  readonly values: readonly number[];
}

/** One point of the grid: a value for every varied path, in the order they were given. */
export type GridPoint = readonly { readonly path: string; readonly value: number }[];

const MAX_POINTS = 10_000;

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const VARY = new RegExp(String.raw`^([^=]+)=(${NUMBER})\.\.(${NUMBER})(?::(${NUMBER}))?$`);

/** Counts decimals so that 0.1 steps give 0.3, not 0.30000000000000004. */
function decimals(text: string): number {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function parseVary(text: string): Vary {
  const m = VARY.exec(text.trim());
  if (m === null) {
    throw new FrayError(
      `--vary: "${text}" is not <path>=<from>..<to>[:step]`,
      "--vary",
      "for example --vary combatants.tombril.level=1..10 or --vary combatants.ogre.hp=20..40:5",
    );
  }
  const [, path, fromText, toText, stepText] = m as unknown as [
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  const from = Number(fromText);
  const to = Number(toText);
  const step = stepText === undefined ? 1 : Number(stepText);
  if (!(step > 0))
    throw new FrayError(`--vary ${path}: the step must be positive, got ${stepText}`, "--vary");
  if (to < from)
    throw new FrayError(`--vary ${path}: ${from}..${to} runs backwards; give from <= to`, "--vary");
  const places = Math.max(decimals(fromText), decimals(toText), decimals(stepText ?? "1"));
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_POINTS)
    throw new FrayError(
      `--vary ${path}: ${count.toLocaleString("en-US")} values, over the limit of ${MAX_POINTS.toLocaleString("en-US")} points a sweep`,
      "--vary",
      "a coarser step gives fewer values; or sweep the range in parts",
    );
  const values = Array.from({ length: count }, (_, k) => Number((from + k * step).toFixed(places)));
  return { path: path.trim(), values };
}

/**
 * Every combination of the varied values; the last --vary changes fastest. The size of the grid
 * (the product of the counts) is checked before any point is built.
 */
export function gridPoints(varies: readonly Vary[]): GridPoint[] {
  const size = varies.reduce((n, v) => n * v.values.length, 1);
  if (size > MAX_POINTS) {
    const counts = varies.map((v) => v.values.length.toLocaleString("en-US")).join(" x ");
    throw new FrayError(
      `--vary: the grid has ${size.toLocaleString("en-US")} points (${counts}), over the limit of ${MAX_POINTS.toLocaleString("en-US")} points a sweep`,
      "--vary",
      "vary fewer values at once (a coarser step, fewer --vary), or sweep the grid in parts, each over a part of it",
    );
  }
  let points: GridPoint[] = [[]];
  for (const v of varies)
    points = points.flatMap((p) => v.values.map((value) => [...p, { path: v.path, value }]));
  return points;
}
