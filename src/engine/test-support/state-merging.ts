// Checks for tests of a ruleset's resumable points (`ctx.checkpoint()`) and of its `forget`: the
// state graph must give a round exactly the end states that enumerating every path of the round
// gives (with `forget` applied to each), and the next round must play the same from a state and
// from the state forgotten.
import { expect } from "vitest";
import type { RuleContext } from "../choice.js";
import { cloneState } from "../clone.js";
import { enumerateExact, type ExactResult } from "../drivers/exact.js";
import type { EncounterDefinition } from "../encounter-file.js";
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

/** Every path of a round of `def` from `from`, the end states as the round leaves them. */
function playRound(def: EncounterDefinition, from: object): ExactResult<object> {
  return enumerateExact(
    (ctx: RuleContext) => {
      const state = cloneState(from);
      def.ruleset.round(state, ctx);
      return state;
    },
    { tactics: def.playbook, maxRuns: 5_000_000 },
  );
}

/** The round enumerated last by `everyPath`: the definition, its first state (JSON), its paths. */
let lastRound: { def: EncounterDefinition; from: string; paths: ExactResult<object> } | undefined;

/**
 * `playRound`, its end states not to be changed: a round enumerated again from the same state
 * (the two checks below on one state, one after the other) is the one enumerated last, tens of
 * thousands of runs of a round not taken twice.
 */
function everyPath(def: EncounterDefinition, from: object): ExactResult<object> {
  const key = JSON.stringify(from);
  if (lastRound?.def !== def || lastRound.from !== key)
    lastRound = { def, from: key, paths: playRound(def, from) };
  return lastRound.paths;
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
  const forgotten = (state: object) => {
    const copy = cloneState(state);
    rules.forget?.(copy);
    return copy;
  };
  const graph = new StateGraph(rules, { tactics: def.playbook });
  const ends = new Map<StateNode, number>();
  const truncated = graph.finishRound(new Map([[graph.node(cloneState(from), false), 1]]), ends);
  expect(truncated).toBeCloseTo(paths.truncated, 12);
  const merged = byText([...ends].map(([n, p]) => [n.state, p] as const));
  const unmerged = byText(paths.outcomes.map((o) => [forgotten(o.result), o.p] as const));
  expect(merged.size).toBe(unmerged.size);
  for (const [key, p] of unmerged) expect(merged.get(key) ?? -1, key).toBeCloseTo(p, 12);
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
  const going = new Map<string, object>();
  for (const { result } of everyPath(def, from).outcomes)
    if (rules.outcome(result) === null) going.set(JSON.stringify(result), result);
  const states = [...going.values()];
  expect(states.length).toBeGreaterThanOrEqual(picks);
  for (let i = 0; i < picks; i += 1) {
    const state = states[Math.floor((i * states.length) / picks)]!;
    const forgotten = cloneState(state);
    rules.forget?.(forgotten);
    const ends = (from: object) =>
      byText(
        playRound(def, from).outcomes.map((o) => {
          rules.forget?.(o.result);
          return [o.result, o.p] as const;
        }),
      );
    const raw = ends(state);
    const merged = ends(forgotten);
    expect(merged.size).toBe(raw.size);
    for (const [key, p] of raw) expect(merged.get(key) ?? -1, key).toBeCloseTo(p, 12);
  }
}
