import { describe, expect, it } from "vitest";
import type { RuleContext } from "./choice.js";
import { cloneState } from "./clone.js";
import { enumerateExact, TooManyRuns } from "./drivers/exact.js";
import { parseEncounterFile } from "./encounter-file.js";
import type { Ruleset } from "./ruleset.js";
import { diceRoll } from "./roll-specs.js";
import {
  spread,
  StateGraph,
  TooManyStates,
  WorkStopped,
  type GraphProgress,
  type StateNode,
} from "./state-graph.js";
import { StateKeys } from "./state-key.js";
import { skirmish, type SkirmishState } from "./test-support/skirmish.js";
import { byText } from "./test-support/state-merging.js";

const registry = { skirmish: skirmish as unknown as Ruleset };
/** Ann (d6) and Cat (d4) against Bob (2d6): three attacks a round, resumable between them. */
const melee = parseEncounterFile(
  {
    ruleset: "skirmish",
    sides: [{ id: "red" }, { id: "blue" }],
    combatants: [
      { id: "ann", name: "Ann", side: "red", hp: 9, damage: "d6" },
      { id: "cat", name: "Cat", side: "red", hp: 5, damage: "d4" },
      { id: "bob", name: "Bob", side: "blue", hp: 14, damage: "2d6" },
    ],
  },
  registry,
  "test",
);
const rules = melee.ruleset;
const start = () => rules.setup(melee.setup);

describe("the state graph", () => {
  it("gives a round the distribution of end states that enumerating every path gives", () => {
    const paths = enumerateExact(
      (ctx: RuleContext) => {
        const state = cloneState(start());
        rules.round(state, ctx);
        return state;
      },
      { tactics: melee.playbook },
    );
    const graph = new StateGraph(rules);
    const ends = new Map<StateNode, number>();
    const truncated = graph.finishRound(new Map([[graph.node(start(), false), 1]]), ends);
    expect(truncated).toBe(0);
    const merged = byText([...ends].map(([n, p]) => [n.state, p] as const));
    const unmerged = byText(paths.outcomes.map((o) => [o.result, o.p] as const));
    expect([...merged.keys()].sort()).toEqual([...unmerged.keys()].sort());
    for (const [key, p] of unmerged) expect(merged.get(key), key).toBeCloseTo(p, 14);
    // Merging continues each distinct state once: fewer runs than one per path.
    expect(graph.runs).toBeLessThan(paths.runs);
  });

  it("keeps the ends of each stretch as the mean of their measures where asked, as every path has it", () => {
    // Bob's hit points, and whether Cat is down.
    const summary = (state: object) => {
      const fs = (state as SkirmishState).fighters;
      return [fs[2]!.hp, fs[1]!.hp > 0 ? 0 : 1];
    };
    const paths = enumerateExact(
      (ctx: RuleContext) => {
        const state = cloneState(start());
        rules.round(state, ctx);
        return summary(state);
      },
      { tactics: melee.playbook },
    );
    // As the advisor does it: the round's first stretch from the start, then the rest.
    const graph = new StateGraph(rules, { summarize: summary });
    const ends = new Map<StateNode, number>();
    const resumed = new Map<StateNode, number>();
    spread(graph.stretch(start()).edges, 1, resumed, ends);
    graph.finishRound(resumed, ends);
    // The expectations of every path, from the ends' means weighted by their probabilities.
    const expected = [0, 0];
    for (const o of paths.outcomes) for (const i of [0, 1]) expected[i]! += o.p * o.result[i]!;
    const got = [0, 0];
    let total = 0;
    for (const [node, p] of ends) {
      total += p;
      for (const i of [0, 1]) got[i]! += p * (node.state as number[])[i]!;
    }
    expect(total).toBeCloseTo(1, 14);
    expect(expected[1]).toBeGreaterThan(0);
    expect(expected[1]).toBeLessThan(1);
    for (const i of [0, 1]) expect(got[i]).toBeCloseTo(expected[i]!, 12);
    // At most one end node a stretch (fewer than the distinct end states), none of them inside.
    const whole = new StateGraph(rules);
    const wholeEnds = new Map<StateNode, number>();
    whole.finishRound(new Map([[whole.node(start(), false), 1]]), wholeEnds);
    expect(ends.size).toBeLessThan(wholeEnds.size);
    for (const node of ends.keys()) expect(node.inside).toBe(false);
  });

  it("stops at the round's resumable points and continues each distinct state once", () => {
    const graph = new StateGraph(rules);
    const { edges } = graph.stretch(start());
    // Ann's first attack: careful (Bob has more HP), a d6: six states, each waiting for Cat.
    expect(edges).toHaveLength(6);
    for (const e of edges) {
      expect(e.to.inside).toBe(true);
      expect((e.to.state as SkirmishState).next).toBe(1);
      expect(e.p).toBeCloseTo(1 / 6, 15);
    }
    expect(graph.size).toBe(6);
    // Reaching an equal state again finds the same node.
    const again = cloneState(edges[2]!.to.state);
    expect(graph.node(again, true)).toBe(edges[2]!.to);
    expect(graph.node(again, false)).not.toBe(edges[2]!.to);
  });

  it("refuses more distinct states than its budget, saying the limit and how to raise it", () => {
    const graph = new StateGraph(rules, { maxStates: 4 });
    let error: unknown;
    try {
      graph.stretch(start());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TooManyStates);
    expect(error).toMatchObject({
      message: "exact odds need more than 4 distinct states",
      hint: expect.stringMatching(/--max-states/),
    });
  });

  it("reports its progress while a long stretch goes on, not only once it ends, and stops there when told", () => {
    // Five d6 with no resumable point between them: 7,776 runs before the stretch's first state
    // is worked out. A round of tnt's five from its start is one such stretch: 3.2 million runs,
    // 73 s with no report (the console's odds said "Waiting for the server…"), 0.4 s now.
    const fiveDice = (state: object, ctx: RuleContext) => {
      const s = state as SkirmishState;
      for (let i = 0; i < 5; i += 1) s.fighters[2]!.hp -= ctx.roll(diceRoll("d6"), `die ${i}`);
    };
    const seen: GraphProgress[] = [];
    const graph = new StateGraph(rules, { progress: (p) => void seen.push(p) });
    graph.round = 1;
    const { edges } = graph.stretch(start(), fiveDice);
    expect(edges).toHaveLength(26);
    expect(graph.runs).toBe(6 ** 5);
    expect(seen.map((p) => p.runs)).toEqual([4096]);
    expect(seen[0]).toMatchObject({ round: 1, resolved: 0 });
    expect(seen[0]!.states).toBeGreaterThan(0);
    // Told to stop at that report, it stops within the stretch.
    const stopping = new StateGraph(rules, { progress: () => "stop" });
    expect(() => stopping.stretch(start(), fiveDice)).toThrow(WorkStopped);
    expect(stopping.runs).toBe(0);
  });

  it("refuses a long stretch estimated past its budget of runs at its first report, not at the budget", () => {
    // karn's two fighters at the ruleset's defaults: one stretch of round 1 ran the server's
    // minute out at 3 states before it was refused. Estimated from the probability its runs
    // reached: 4,096 runs of five d6 reach 4,096 / 7,776 of it, so 7,776 runs in all.
    const fiveDice = (state: object, ctx: RuleContext) => {
      const s = state as SkirmishState;
      for (let i = 0; i < 5; i += 1) s.fighters[2]!.hp -= ctx.roll(diceRoll("d6"), `die ${i}`);
    };
    const refused = (maxRuns: number, probeLongStretches: boolean) => {
      const seen: number[] = [];
      const graph = new StateGraph(rules, {
        maxRuns,
        probeLongStretches,
        progress: (p) => void seen.push(p.runs),
      });
      let error: unknown;
      try {
        graph.stretch(start(), fiveDice);
      } catch (thrown) {
        error = thrown;
      }
      return { error, seen, estimate: graph.refusedEstimate };
    };
    const probed = refused(7_000, true);
    expect(probed.error).toBeInstanceOf(TooManyRuns);
    expect((probed.error as TooManyRuns).estimate).toBeCloseTo(7_776, 6);
    expect(probed.estimate).toBeCloseTo(7_776, 6);
    expect((probed.error as Error).message).toBe(
      "exact odds need about 7,800 runs of the procedure, more than the 7,000 allowed",
    );
    // Refused before its first report: without the probe, at the budget, after it.
    expect(probed.seen).toEqual([]);
    const spent = refused(7_000, false);
    expect(spent.error).toBeInstanceOf(TooManyRuns);
    expect(spent.seen).toEqual([4096]);
    expect(spent.estimate).toBeNull();
    // A stretch within its budget is worked out whole.
    const within = refused(7_776, true);
    expect(within.error).toBeUndefined();
    expect(within.seen).toEqual([4096]);
  });

  it("fails clearly on a ruleset that resumes without recording progress", () => {
    const stuck: Ruleset = {
      ...rules,
      round(state: object, ctx: RuleContext) {
        ctx.checkpoint?.();
        rules.round(state, ctx);
      },
    };
    const graph = new StateGraph(stuck);
    expect(() => graph.edgesOf(graph.node(start(), true))).toThrow(/without progress/);
  });
});

describe("state keys", () => {
  it("intern equal states to one object and tell states apart by every value, key order included", () => {
    const keys = new StateKeys();
    const a = { hp: [3, 4], name: "Ann", out: false, at: null, w: { die: 6 } };
    const canonical = keys.canonical(a);
    expect(canonical).toBe(a);
    expect(keys.canonical(cloneState(a))).toBe(canonical);
    const others = [
      { ...a, hp: [3, 5] },
      { ...a, hp: [3, 4, 0] },
      { ...a, name: "Anne" },
      { ...a, name: "Axn" },
      { ...a, out: true },
      { ...a, at: 0 },
      { ...a, w: { die: 6, x: 1 } },
      { ...a, w: [6] },
      { name: a.name, hp: a.hp, out: a.out, at: a.at, w: a.w },
    ].map((b) => cloneState(b));
    for (const b of others) {
      const text = JSON.stringify(b);
      expect(keys.canonical(b), text).not.toBe(canonical);
      // Equal parts are shared, and the value is unchanged.
      expect(JSON.stringify(b)).toBe(text);
    }
    expect((others[2]!.hp as unknown) === a.hp).toBe(true);
    // Each distinct value once: interning them again finds the same objects.
    for (const b of others) expect(keys.canonical(cloneState(b))).toBe(b);
  });
});
