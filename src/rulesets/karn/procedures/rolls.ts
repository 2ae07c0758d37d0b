// The rolls of a karn fight besides the strike (strike-roll.ts rolls a strike together with the
// defence set against it), as cached RollSpecs: initiative and other plain dice, percentile
// checks that answer pass or fail, skill rolls with the chapter's fumble and critical bands, and
// chart rolls that answer the chart's line. The table still rolls and types the dice, and every
// driver (replay, advice) reads the same answer.
import type { Roll } from "../../../core/dice/index.js";
import type { Dist } from "../../../core/dist.js";
import type { RollSpec } from "../../../engine/choice.js";
import { diceRoll } from "../../../engine/roll-specs.js";
import { bandOf, type Band } from "../data/charts.js";

export const D20 = diceRoll("1d20");
export const D100 = diceRoll("1d100");

/** A roll that answers a function of a plain roll's total. */
function mapped(base: RollSpec, fn: (total: number) => number): RollSpec {
  let dist: Dist | undefined;
  return {
    notation: base.notation,
    dist: () => (dist ??= base.dist().map(fn)),
    read: (roll: Roll) => fn(base.read(roll)),
  };
}

export const CHECK_FAILS = 0;
export const CHECK_PASSES = 1;
const checkSpecs: RollSpec[] = [];

/** A percentile check: d100 at or under `target` passes (attributes are rated 5-95). */
export function checkRoll(target: number): RollSpec {
  const t = Math.min(101, Math.max(0, target));
  return (checkSpecs[t] ??= mapped(D100, (r) => (r <= t ? CHECK_PASSES : CHECK_FAILS)));
}

/** A skill roll: bit 1 passes; bit 2 a fumble (1-5), bit 4 a critical (96-100) (Splitting Actions). */
export const SKILL_PASSES = 1;
export const SKILL_FUMBLE = 2;
export const SKILL_CRITICAL = 4;
const skillSpecs: RollSpec[] = [];

export function skillRoll(target: number): RollSpec {
  const t = Math.min(101, Math.max(0, target));
  return (skillSpecs[t] ??= mapped(
    D100,
    (r) =>
      (r <= t ? SKILL_PASSES : 0) | (r <= 5 ? SKILL_FUMBLE : 0) | (r >= 96 ? SKILL_CRITICAL : 0),
  ));
}

const chartSpecs = new Map<readonly Band[], RollSpec>();

/** A d% roll on one column of a chart: the answer is the line. */
export function chartRoll(bands: readonly Band[]): RollSpec {
  let spec = chartSpecs.get(bands);
  if (spec === undefined) {
    spec = mapped(D100, (r) => bandOf(bands, r));
    chartSpecs.set(bands, spec);
  }
  return spec;
}

const dieSpecs: RollSpec[] = [];

/** One die of `sides` (choosing one of several people at random). */
export function dieRoll(sides: number): RollSpec {
  return (dieSpecs[sides] ??= diceRoll(`1d${sides}`));
}

/** A roll's label, built only for drivers that show it. */
export function label(explaining: boolean, text: () => string, short: string): string {
  return explaining ? text() : short;
}
