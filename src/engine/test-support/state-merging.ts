// Checks for tests of a ruleset's resumable points (`ctx.checkpoint()`) and of its `forget`: the
// state graph must give a round exactly the end states that enumerating every path of the round
// gives (with `forget` applied to each), and the next round must play the same from a state and
// from the state forgotten; and that what a ruleset keeps out of its states for the whole fight's
// tally (`ctx.excess`) changes no figure of the fight.
import { expect } from "vitest";
import type { RuleContext } from "../choice.js";
import { cloneState } from "../clone.js";
import { walkExact } from "../drivers/exact.js";
import { FixedDecisions } from "../drivers/fixed.js";
import type { EncounterDefinition } from "../encounter-file.js";
import { fightOdds, type FightOdds, type FightOddsOptions } from "../fight-odds.js";
import type { Ruleset } from "../ruleset.js";
import { StateGraph, type StateNode } from "../state-graph.js";

/** Probabilities summed by each state's JSON text. */
export function byText(entries: Iterable<readonly [object, number]>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [state, p] of entries) {
    const key = JSON.stringify(state);
    out.set(key, (out.get(key) ?? 0) + p);
  }
  return out;
}

/** Every path of a round of `def` from `from`, by the end states (JSON text, `forget` applied). */
interface RoundEnds {
  /** Each end's probability, by its text once forgotten. */
  readonly ends: Map<string, number>;
  /** The ends where the fight goes on, as the round leaves them (JSON text), in the order met. */
  readonly going: ReadonlySet<string>;
  readonly truncated: number;
  readonly runs: number;
}

/**
 * Every path of a round of `def` from `from` (a generic deep copy for each), and the ends where
 * the fight goes on if `keepGoing`. Each end state is read as it comes and dropped: the tens of
 * thousands a round ends in, kept whole until the end, were most of these checks' time (the
 * garbage collector walking them, and a copy of each to forget).
 */
function playRound(def: EncounterDefinition, from: object, keepGoing: boolean): RoundEnds {
  const rules = def.ruleset;
  const ends = new Map<string, number>();
  const going = new Set<string>();
  const { truncated, runs } = walkExact(
    (ctx: RuleContext) => {
      const state = cloneState(from);
      rules.round(state, ctx);
      return state;
    },
    (p, state) => {
      if (keepGoing && rules.outcome(state) === null) going.add(JSON.stringify(state));
      rules.forget?.(state);
      const key = JSON.stringify(state);
      ends.set(key, (ends.get(key) ?? 0) + p);
    },
    new FixedDecisions(def.playbook),
    5_000_000,
    "none",
  );
  return { ends, going, truncated, runs };
}

/** The rounds enumerated last by `everyPath`, by definition and first state (JSON). */
const lastRounds: { def: EncounterDefinition; from: string; paths: RoundEnds }[] = [];

/**
 * `playRound`, not to be changed: a round enumerated again from the same state (the two checks
 * below on one state, or a file's checks on two states in turn) is one of the three enumerated
 * last, tens of thousands of runs of a round not taken twice.
 */
function everyPath(def: EncounterDefinition, from: object): RoundEnds {
  const key = JSON.stringify(from);
  const found = lastRounds.find((r) => r.def === def && r.from === key);
  if (found !== undefined) return found.paths;
  const paths = playRound(def, from, true);
  lastRounds.unshift({ def, from: key, paths });
  lastRounds.length = Math.min(lastRounds.length, 3);
  return paths;
}

/**
 * A round of `def` from `from` (its start by default) by the state graph (merging at the
 * resumable points, `forget` on every state) equals every path of it enumerated (`forget` applied
 * to each end) to 1e-12. Returns the runs each took and the graph's distinct states.
 */
export function expectRoundMerged(
  def: EncounterDefinition,
  from: object = def.ruleset.setup(def.setup),
): {
  graphRuns: number;
  pathRuns: number;
  states: number;
} {
  const rules = def.ruleset;
  const paths = everyPath(def, from);
  const graph = new StateGraph(rules, { tactics: def.playbook });
  const ends = new Map<StateNode, number>();
  const truncated = graph.finishRound(new Map([[graph.node(cloneState(from), false), 1]]), ends);
  expect(truncated).toBeCloseTo(paths.truncated, 12);
  const merged = byText([...ends].map(([n, p]) => [n.state, p] as const));
  expect(merged.size).toBe(paths.ends.size);
  for (const [key, p] of paths.ends) expect(merged.get(key) ?? -1, key).toBeCloseTo(p, 12);
  return { graphRuns: graph.runs, pathRuns: paths.runs, states: graph.size };
}

/**
 * What `forget` sets is never read: a round played on from `picks` of the end states of a round
 * from `from` (the fight's start by default) where the fight goes on (spread over them), and from
 * the same states forgotten, ends in the same states once forgotten, with the same
 * probabilities (1e-12).
 */
export function expectForgottenUnread(
  def: EncounterDefinition,
  picks: number,
  from: object = def.ruleset.setup(def.setup),
): void {
  const rules = def.ruleset;
  const states = [...everyPath(def, from).going];
  expect(states.length).toBeGreaterThanOrEqual(picks);
  // A round is enumerated once per distinct first state: picks often forget to the same state
  // (the surprise over, every pick is the fresh round 1), and `playRound` is deterministic.
  const played = new Map<string, Map<string, number>>();
  const ends = (state: object): Map<string, number> => {
    const key = JSON.stringify(state);
    let found = played.get(key);
    if (found === undefined) {
      found = playRound(def, state, false).ends;
      played.set(key, found);
    }
    return found;
  };
  for (let i = 0; i < picks; i += 1) {
    const state: object = JSON.parse(states[Math.floor((i * states.length) / picks)]!);
    const forgotten = cloneState(state);
    rules.forget?.(forgotten);
    const raw = ends(state);
    const merged = ends(forgotten);
    expect(merged.size).toBe(raw.size);
    for (const [key, p] of raw) expect(merged.get(key) ?? -1, key).toBeCloseTo(p, 12);
  }
}

/** The largest difference between two fights' odds over every number but the runs and states. */
export function oddsGap(a: FightOdds, b: FightOdds): number {
  let worst = 0;
  const walk = (x: unknown, y: unknown, at: string): void => {
    if (typeof x === "number" && typeof y === "number") worst = Math.max(worst, Math.abs(x - y));
    else if (typeof x === "object" && x !== null && typeof y === "object" && y !== null) {
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const k of keys)
        if (k !== "runs" && k !== "states")
          walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], `${at}.${k}`);
    } else if (x !== y)
      throw new Error(`the odds differ in kind at ${at}: ${String(x)}, ${String(y)}`);
  };
  walk(a, b, "");
  return worst;
}

/**
 * `rules` with the `low` and `high` its rolls give moved by `by` (a test's wrong bound: totals
 * with different results in one group).
 */
export function boundsMoved(
  rules: Ruleset,
  by: { readonly low: number; readonly high: number },
): Ruleset {
  const moved = (inner: RuleContext): RuleContext => ({
    explaining: inner.explaining,
    ...(inner.excess === undefined ? {} : { excess: inner.excess }),
    roll: (spec, label, actor, low, high) =>
      inner.roll(
        spec,
        label,
        actor,
        low === undefined ? low : low + by.low,
        high === undefined ? high : high + by.high,
      ),
    decide: (actor, question, options) => inner.decide(actor, question, options),
    explain: (section, text, data) => inner.explain(section, text, data),
    checkpoint: () => inner.checkpoint?.(),
  });
  return Object.assign(Object.create(rules) as Ruleset, {
    round: (state: object, ctx: RuleContext) => rules.round(state, moved(ctx)),
  });
}

/**
 * The whole fight of `def` by a graph whose runs offer `ctx.excess` (the ruleset keeps health
 * past a bound out of its states, and gives its rolls a `high` there) equals the fight by one
 * whose runs do not (every state whole, every total a run), in every figure but the runs and
 * the states, to 1e-12. Returns both, and the combatants whose health the runs handed the tally.
 */
export function expectExcessExact(
  def: EncounterDefinition,
  options: FightOddsOptions = {},
): { whole: FightOdds; kept: FightOdds; handed: readonly string[] } {
  const graphOf = (excess: boolean) =>
    new StateGraph(def.ruleset, { tactics: def.playbook, ...options, excess });
  const whole = fightOdds(def, [], options, graphOf(false));
  const graph = graphOf(true);
  const kept = fightOdds(def, [], options, graph);
  expect(oddsGap(whole, kept)).toBeLessThan(1e-12);
  return { whole, kept, handed: graph.excessIds };
}
