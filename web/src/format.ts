// How the console writes numbers: probabilities as percentages, estimates with their 95%
// half-width when sampled, intervals as "low-high", counts with their nouns, and how long ago
// something happened.
import type { Estimate } from "../../src/engine/advice.js";
import type { Proportion } from "../../src/sim/interval.js";

export function percent(p: number, digits = 1): string {
  return `${(100 * p).toFixed(digits)}%`;
}

export function estimate(e: Estimate | null, asPercent = false): string {
  if (e === null) return "-";
  const show = (x: number) => (asPercent ? percent(x) : x.toFixed(1));
  return e.half === 0 ? show(e.value) : `${show(e.value)} ± ${show(e.half)}`;
}

export function interval(p: Proportion): string {
  return `${percent(p.low)}-${percent(p.high)}`;
}

/**
 * Shares of a whole as percentages that add up to exactly 100% as shown: each rounded down to
 * `digits` decimals, then the units left go to the largest remainders (Hamilton's method), so
 * that "34.6% + 65.5%" never shows 100.1%. The shares must add up to 1.
 */
export function shares(ps: readonly number[], digits = 1): string[] {
  const unit = 10 ** digits;
  const scaled = ps.map((p) => p * 100 * unit);
  const floors = scaled.map((x) => Math.floor(x + 1e-9));
  let left = 100 * unit - floors.reduce((a, b) => a + b, 0);
  const byRemainder = scaled
    .map((x, i) => ({ i, r: x - floors[i]! }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i] = floors[i]! + 1;
    left -= 1;
  }
  return floors.map((f) => `${(f / unit).toFixed(digits)}%`);
}

/** A count with its noun: "1 round", "3 rounds", "1 answer". */
export function counted(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

/**
 * Whether a fight branched from another at its start is that fight fought again: _Fight it again_
 * (POST /encounters/:id/again) stores a branch at 0 answers, as a what-if from the start would be.
 */
export const foughtAgain = (branchOf: { readonly at: number }): boolean => branchOf.at === 0;

/** Where a fight came from, as its page's header says it: "#3 fought again", or a what-if's. */
export function branchedFrom(branchOf: { readonly id: number; readonly at: number }): string {
  return foughtAgain(branchOf)
    ? `#${branchOf.id} fought again`
    : `a what-if of #${branchOf.id} after ${counted(branchOf.at, "answer")}`;
}

const ago = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
];

/** How long before `now` the moment `iso` was, as a GM says it: "5 minutes ago", "yesterday". */
export function since(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  let amount = Math.max(0, (now - then) / 1000);
  if (amount < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (amount < size) return ago.format(-Math.round(amount), unit);
    amount /= size;
  }
  return new Date(then).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

/**
 * A rule as the GM reads it beside a result: its section's name ("Charging into combat"), where
 * the engine writes the ruleset's id before it, for a log read on its own
 * ("swords-wizardry-fitz, Charging into combat").
 */
export function ruleName(rule: string, ruleset: string): string {
  const prefix = `${ruleset}, `;
  return rule.startsWith(prefix) ? rule.slice(prefix.length) : rule;
}
