// The state graph of exact odds: the states a fight passes through at the start of each round
// and at the ruleset's resumable points inside a round (`ctx.checkpoint()`), each kept once under
// its value (state-key.ts: states and their parts interned, so equal plain-JSON states are one
// object, once the ruleset's `forget` has set what no later rule reads to fixed values), with the
// transitions to the states the next stretch of play leads to (each computed once, by the exact
// driver). Probability is pushed along it: dynamic programming over distinct states rather than
// over paths, the way icepool evaluates a pool over its distinct partial results. States are plain
// JSON (the ruleset contract) and procedures are pure functions of the state and their answers,
// so two equal states play on identically. With `excess`, what a rule keeps out of the state for
// the fight's tally (`ctx.excess.add`: hit points below the 0 a state keeps) rides on the edges,
// as its expectation over the runs each edge merges, and is pushed with the probability.
import { FrayError } from "../core/errors.js";
import type { RuleContext } from "./choice.js";
import { copierOf } from "./clone.js";
import { AT_CHECKPOINT, TooManyRuns, walkExact, type Added } from "./drivers/exact.js";
import { FixedDecisions } from "./drivers/fixed.js";
import type { Json } from "./json.js";
import type { Outcome, Ruleset } from "./ruleset.js";
import { StateKeys } from "./state-key.js";
import { Playbook, searchNotHere } from "./tactics.js";

/** One distinct state. */
export interface StateNode {
  /** The state; shared, so never changed (a stretch of play runs on a copy). */
  readonly state: object;
  /** At a resumable point inside a round (true), or at the end of a round, where one starts. */
  readonly inside: boolean;
  /** Its number in the graph: the order the nodes were made in, from 0. */
  readonly id: number;
  /** Where the next stretch of play leads, once worked out. */
  edges: readonly Edge[] | undefined;
  /**
   * The same edges for `finishRound` once it pushes probability from this state a second time
   * (a whole fight's chain, round after round): the targets' ids and the probabilities, in that
   * order, read without a walk through the edges' objects (empty until then).
   */
  targets: readonly number[];
  weights: readonly number[];
  /** Probability of that stretch lost to the truncation of unbounded explosions. */
  truncated: number;
  /** Whether an edge of it carries amounts beyond the state (`Edge.excess`). */
  carries: boolean;
  /** The fight's outcome at this state (round ends only), once asked; null while it goes on. */
  outcome: Outcome | null | undefined;
}

export interface Edge {
  readonly to: StateNode;
  readonly p: number;
  /**
   * What the stretch's runs to `to` handed `ctx.excess.add`, summed weighted by their
   * probabilities (so `excess[i] / p` is the mean over them), by the index of the combatant's
   * id in `StateGraph.excessIds`; none where they handed nothing.
   */
  readonly excess?: readonly number[];
}

/**
 * The amounts beyond the state gathered at states (see `Edge.excess`): for each state, the sum
 * over the paths reaching it of the path's probability times what its runs handed
 * `ctx.excess.add`, by `StateGraph.excessIds` index. States without an entry have none.
 */
export type Carry = Map<StateNode, number[]>;

/** `into` += `k` times `v`, element by element (`into` grows to `v`'s length). */
function addScaled(into: number[], v: readonly number[], k: number): void {
  for (let i = 0; i < v.length; i += 1) into[i] = (into[i] ?? 0) + k * (v[i] ?? 0);
}

/** The vector of `key` in `carry` (made empty when it has none). */
function carried<K>(carry: Map<K, number[]>, key: K): number[] {
  let v = carry.get(key);
  if (v === undefined) {
    v = [];
    carry.set(key, v);
  }
  return v;
}

/** A stretch of play from one state: where it leads, merged by state. */
export interface Stretch {
  readonly edges: readonly Edge[];
  readonly truncated: number;
}

export interface GraphProgress {
  /** Distinct states so far. */
  readonly states: number;
  /** Runs of the rule procedures so far (one per node of the trees of roll outcomes). */
  readonly runs: number;
  /** The round being worked out, counted by whoever pushes probability along (0: none). */
  readonly round: number;
  /** Probability of the fights ended so far, likewise. */
  readonly resolved: number;
}

export interface GraphOptions {
  /** The combatants' tactics (an encounter's playbook); the ruleset's default tactics without. */
  readonly tactics?: Playbook;
  /** Fixed answers to decisions, keyed "actor:question"; the rest follow their tactics. */
  readonly decisions?: Readonly<Record<string, Json>>;
  /** The most distinct states kept before giving up (TooManyStates). */
  readonly maxStates?: number;
  /** The most runs of the rule procedures, over the graph's whole life (TooManyRuns). */
  readonly maxRuns?: number;
  /**
   * With `maxRuns`: a stretch that has taken REPORT_RUNS runs is estimated (STRETCH_PROBES) and
   * refused at once (TooManyRuns, with the estimate) when estimated past what the budget leaves.
   */
  readonly probeLongStretches?: boolean;
  /**
   * Called after each state is worked out, and every REPORT_RUNS runs of a stretch; "stop" stops
   * the work (WorkStopped).
   */
  readonly progress?: (progress: GraphProgress) => "stop" | void;
  /**
   * What a round's end is kept as where only the expectation of some measures of it is wanted (the
   * advisor's round horizon: each end's health lost, who is out, who won), as numbers, always as
   * many: the ends one stretch reaches are one node, whose `state` is the mean of their measures
   * weighted by their probabilities (an array of numbers), and the end states themselves are
   * neither forgotten nor interned nor kept, so they cannot be played on (nor a round started from
   * a node: start it with `stretch`). Without it, ends are kept whole.
   */
  readonly summarize?: (end: object) => readonly number[];
  /**
   * Runs offer `ctx.excess` (RuleContext), and the edges carry what they hand it: for the whole
   * fight's tally, which adds it to the health measure (fight-odds.ts). Not with `summarize`.
   */
  readonly excess?: boolean;
}

/** A node's edge arrays before its edges are worked out (never written to). */
const NO_TARGETS: readonly number[] = [];
const NO_WEIGHTS: readonly number[] = [];

/** The default of `maxStates`. */
export const MAX_STATES = 1_000_000;

/**
 * Runs of a stretch between two reports of its progress while it goes on: a few milliseconds of
 * work (the first round of tnt's five took a minute to report anything, its stretch being one).
 */
const REPORT_RUNS = 4096;

/** The `progress` callback asked to stop (a Ctrl-C, a cancelled job). */
export class WorkStopped extends FrayError {
  constructor() {
    super("the exact work was stopped before it finished");
  }
}

/** More distinct states needed than allowed; the message says the limit and how to raise it. */
export class TooManyStates extends FrayError {
  constructor(readonly limit: number) {
    super(
      `exact odds need more than ${limit.toLocaleString("en-US")} distinct states`,
      undefined,
      "raise the limit (--max-states in the CLI, maxStates in the HTTP API) if memory allows, or simulate (fray sim)",
    );
  }
}

export class StateGraph {
  /** Canonical copies of the states kept and of their parts (state-key.ts). */
  private readonly keys = new StateKeys();
  /** Nodes by their (canonical) state: at round ends [0] and inside rounds [1]. */
  private readonly nodes = [new Map<object, StateNode>(), new Map<object, StateNode>()];
  private count = 0;
  private readonly fixed: FixedDecisions;
  private stateLimit: number;
  private maxRuns: number;
  /** Runs of the rule procedures so far. */
  runs = 0;
  /** The runs the stretch refused by `probeLongStretches` was estimated to take (null: none). */
  refusedEstimate: number | null = null;
  /** The combatants' ids runs handed `ctx.excess.add`, in the order first met: `Edge.excess`'s. */
  readonly excessIds: string[] = [];
  /** Every node, by its id. */
  private readonly byId: StateNode[] = [];
  /**
   * `finishRound`'s work space, by node id: the probability gathered at a state in the wave (or,
   * for a round's end, the call) numbered `mark`; the numbers so far.
   */
  private mass = new Float64Array(1024);
  private mark = new Int32Array(1024);
  private marks = 0;
  /** 1 where the node of that id is inside a round; 1 once `finishRound` pushed from it. */
  private insideById = new Uint8Array(1024);
  private pushed = new Uint8Array(1024);
  /** Where the work on the graph stands, for `progress`: the round, and the fights ended. */
  round = 0;
  resolved = 0;
  /** The ruleset's own copy of a state, or the generic clone. */
  private readonly copy: (state: object) => object;
  /** The ruleset's `forget`, if it has one. */
  private readonly forget: ((state: object) => void) | undefined;
  private readonly summarize: ((end: object) => readonly number[]) | undefined;

  constructor(
    readonly rules: Ruleset,
    private readonly options: GraphOptions = {},
  ) {
    if (options.tactics?.searching === true) throw searchNotHere("exact odds");
    this.fixed = new FixedDecisions(
      options.tactics ?? new Playbook(rules.tactics),
      options.decisions,
    );
    this.copy = copierOf(rules);
    const forget = rules.forget;
    const fixedQuestions = new Set(
      Object.keys(options.decisions ?? {}).map((key) => key.slice(key.indexOf(":") + 1)),
    );
    this.forget =
      forget === undefined ? undefined : (state) => forget.call(rules, state, fixedQuestions);
    this.summarize = options.summarize;
    this.stateLimit = options.maxStates ?? MAX_STATES;
    this.maxRuns = options.maxRuns ?? Number.MAX_SAFE_INTEGER;
  }

  /** New budgets, for work that may take more than the work before it (runs count from 0). */
  setLimits(limits: { readonly maxRuns?: number; readonly maxStates?: number }): void {
    this.maxRuns = this.runs + (limits.maxRuns ?? Number.MAX_SAFE_INTEGER - this.runs);
    this.stateLimit = limits.maxStates ?? MAX_STATES;
  }

  /** The most distinct states it may keep. */
  get maxStates(): number {
    return this.stateLimit;
  }

  /** The most runs it may take over its life, or null for no budget. */
  get runBudget(): number | null {
    return this.maxRuns === Number.MAX_SAFE_INTEGER ? null : this.maxRuns;
  }

  /** Distinct states kept so far. */
  get size(): number {
    return this.count;
  }

  /** Decision keys fixed by `decisions` that were asked. */
  get fixedUsed(): readonly string[] {
    return [...this.fixed.used];
  }

  /**
   * The node of `state`, made once per distinct state: `state` is the graph's from now on (it
   * must not change afterwards; the ruleset's `forget` may set parts of it, and its parts are
   * replaced by equal ones shared with the states kept before).
   */
  node(state: object, inside: boolean): StateNode {
    this.forget?.(state);
    const canonical = this.keys.canonical(state);
    const byState = this.nodes[inside ? 1 : 0]!;
    const found = byState.get(canonical);
    if (found !== undefined) return found;
    const node = this.add(canonical, inside);
    byState.set(canonical, node);
    return node;
  }

  /** A new node of `state` (not looked for again by `node`). */
  private add(state: object, inside: boolean): StateNode {
    if (this.count >= this.stateLimit) throw new TooManyStates(this.stateLimit);
    const node: StateNode = {
      state,
      inside,
      id: this.count,
      edges: undefined,
      targets: NO_TARGETS,
      weights: NO_WEIGHTS,
      truncated: 0,
      carries: false,
      outcome: undefined,
    };
    this.count += 1;
    this.byId.push(node);
    this.ensureRoom();
    this.insideById[node.id] = inside ? 1 : 0;
    return node;
  }

  /**
   * Every way of playing on from a copy of `start` by `play` (by default the ruleset's round,
   * which resumes where the state says) to the next resumable point or the round's end.
   */
  stretch(
    start: object,
    play: (state: object, ctx: RuleContext) => void = (s, ctx) => this.rules.round(s, ctx),
  ): Stretch {
    const merged = new Map<StateNode, number>();
    const left = this.maxRuns - this.runs;
    const copy = this.copy;
    const summarize = this.summarize;
    const excess = this.options.excess === true && summarize === undefined;
    // With `summarize`, the ends reached: their probability, and their measures' sums weighted
    // by it (the measure of the run that just ended in `measured`, until `visit` adds it).
    let endP = 0;
    let sums: number[] | null = null;
    let measured: readonly number[] | null = null;
    // With `excess`, what the run that just ended handed `ctx.excess.add`, and the sums by node.
    let added: Added | null = null;
    const excessAt = new Map<StateNode, number[]>();
    let walked: { truncated: number; runs: number };
    // Runs of this stretch so far: a long one (a round of many combatants from its start, with no
    // state worked out before it ends) reports its progress every REPORT_RUNS of them.
    let ran = 0;
    // With `probeLongStretches`, the probability the runs so far reached (checkLongStretch).
    const probe = this.options.probeLongStretches === true;
    let reached = 0;
    try {
      walked = walkExact(
        (ctx): StateNode | null => {
          ran += 1;
          if (ran % REPORT_RUNS === 0) {
            // The runs finished so far: this one has not reached its end yet.
            if (probe) this.checkLongStretch(ran - 1, reached, left);
            this.report(this.runs + ran);
          }
          const state = copy(start);
          try {
            play(state, ctx);
          } catch (error) {
            if (error !== AT_CHECKPOINT) throw error;
            added = ctx.added;
            return this.node(state, true);
          }
          added = ctx.added;
          if (ctx.stopped || summarize === undefined) return this.node(state, ctx.stopped);
          measured = summarize(state);
          return null;
        },
        (p, node) => {
          reached += p;
          if (node !== null) {
            merged.set(node, (merged.get(node) ?? 0) + p);
            if (added !== null) this.addExcess(carried(excessAt, node), added, p);
            return;
          }
          const xs = measured!;
          sums ??= new Array<number>(xs.length).fill(0);
          for (let i = 0; i < xs.length; i += 1) sums[i]! += p * xs[i]!;
          endP += p;
        },
        this.fixed,
        Math.max(0, left),
        this.rules.returnsAtCheckpoints === true ? "return" : "throw",
        true,
        excess,
      );
    } catch (error) {
      if (error instanceof TooManyRuns) throw new TooManyRuns(this.maxRuns, error.estimate);
      throw error;
    }
    this.runs += walked.runs;
    const edges: Edge[] = [];
    for (const [to, p] of merged) {
      const more = excessAt.get(to);
      edges.push(more === undefined ? { to, p } : { to, p, excess: more });
    }
    if (sums !== null) {
      const mean = (sums as number[]).map((x) => x / endP);
      edges.push({ to: this.add(mean, false), p: endP });
    }
    return { edges, truncated: walked.truncated };
  }

  /**
   * Refuses (TooManyRuns, with the estimate) a long stretch whose `ran` runs so far reached
   * `reached` of its probability: estimated at `ran / reached` runs in all, more than the `left`
   * runs the budget leaves. Exact for a tree as even as five d6; a tree whose first branches
   * are deep and unlikely reads as larger (karn's two new fighters: 4,096 runs reached 1.5e-128
   * of round 1's first stretch), one whose first branches are shallow reads as smaller at
   * first, and is checked again at each report.
   */
  private checkLongStretch(ran: number, reached: number, left: number): void {
    const estimate = ran / reached;
    if (estimate <= left) return;
    this.refusedEstimate = estimate;
    throw new TooManyRuns(this.maxRuns, estimate);
  }

  /** `p` times the amounts of `added` into `into`, by their ids' index in `excessIds`. */
  private addExcess(into: number[], added: Added, p: number): void {
    const ids = this.excessIds;
    for (let k = 0; k < added.ids.length; k += 1) {
      let i = ids.indexOf(added.ids[k]!);
      if (i < 0) i = ids.push(added.ids[k]!) - 1;
      into[i] = (into[i] ?? 0) + p * added.amounts[k]!;
    }
  }

  /** Where play from `node` leads (worked out once). */
  edgesOf(node: StateNode): readonly Edge[] {
    if (node.edges === undefined) {
      const { edges, truncated } = this.stretch(node.state);
      if (edges.some((e) => e.to === node))
        throw new Error(
          `a ruleset's round resumed at a checkpoint without progress: ${this.rules.id} must record its progress in the state before ctx.checkpoint()`,
        );
      node.edges = edges;
      node.truncated = truncated;
      node.carries = edges.some((e) => e.excess !== undefined);
      this.report(this.runs);
    }
    return node.edges;
  }

  /** Tells `progress` where the work stands, `runs` runs in; stops the work when it says so. */
  private report(runs: number): void {
    const said = this.options.progress?.({
      states: this.count,
      runs,
      round: this.round,
      resolved: this.resolved,
    });
    if (said === "stop") throw new WorkStopped();
  }

  /** The outcome of the fight at a round's end (null while it goes on). */
  outcomeOf(node: StateNode): Outcome | null {
    if (node.outcome === undefined) node.outcome = this.rules.outcome(node.state);
    return node.outcome;
  }

  /**
   * Pushes probability from `from` (states where a round starts or resumes) to the end of the
   * round, adding it to `ends`; returns the probability lost to explosion cut-offs on the way.
   * Resumed states are worked in waves (those reached after one more stretch), so a state is
   * passed on once per wave however many paths reach it. The probabilities are gathered on the
   * nodes themselves (`mass`), not in maps, and added in the order `spread` adds them. With
   * `carry`, the amounts beyond the state (`Carry`) at `from` are pushed along too, with those
   * the edges add, into `carry.ends` (which may hold some already, as `ends` may).
   */
  finishRound(
    from: ReadonlyMap<StateNode, number>,
    ends: Map<StateNode, number>,
    carry?: { readonly from: Carry; readonly ends: Carry },
  ): number {
    let truncated = 0;
    const byId = this.byId;
    const atEnd: number[] = [];
    const endMark = (this.marks += 1);
    let wave: number[] = [];
    let ps: number[] = [];
    let vs: (number[] | undefined)[] = [];
    for (const [node, p] of from) {
      wave.push(node.id);
      ps.push(p);
      vs.push(carry?.from.get(node));
    }
    while (wave.length > 0) {
      const next: number[] = [];
      const mark = (this.marks += 1);
      const nextCarry = new Map<number, number[]>();
      for (let w = 0; w < wave.length; w += 1) {
        const node = byId[wave[w]!]!;
        const p = ps[w]!;
        if (node.edges === undefined) this.edgesOf(node);
        this.pushOn(node, p, mark, next, endMark, atEnd, ends);
        if (carry !== undefined && (node.carries || vs[w] !== undefined)) {
          // The amounts beyond the state: q times the path sums here plus p times the edge's.
          const v = vs[w];
          for (const e of node.edges!) {
            if (v === undefined && e.excess === undefined) continue;
            const into = e.to.inside ? carried(nextCarry, e.to.id) : carried(carry.ends, e.to);
            if (v !== undefined) addScaled(into, v, e.p);
            if (e.excess !== undefined) addScaled(into, e.excess, p);
          }
        }
        truncated += p * node.truncated;
      }
      wave = next;
      ps = [];
      vs = [];
      for (const id of next) {
        ps.push(this.mass[id]!);
        vs.push(nextCarry.get(id));
      }
    }
    for (const id of atEnd) ends.set(byId[id]!, this.mass[id]!);
    return truncated;
  }

  /**
   * `finishRound`'s step: `p` times each of `node`'s edges added to its target's mass (`gather`),
   * from the edges' objects the first time, from `targets` and `weights` after.
   */
  private pushOn(
    node: StateNode,
    p: number,
    mark: number,
    next: number[],
    endMark: number,
    atEnd: number[],
    ends: ReadonlyMap<StateNode, number>,
  ): void {
    if (node.targets === NO_TARGETS) {
      const edges = node.edges!;
      if (this.pushed[node.id] === 0) {
        this.pushed[node.id] = 1;
        for (const e of edges) this.gather(e.to.id, p * e.p, mark, next, endMark, atEnd, ends);
        return;
      }
      node.targets = edges.map((e) => e.to.id);
      node.weights = edges.map((e) => e.p);
    }
    const targets = node.targets;
    const weights = node.weights;
    for (let e = 0; e < targets.length; e += 1)
      this.gather(targets[e]!, p * weights[e]!, mark, next, endMark, atEnd, ends);
  }

  /**
   * `q` added to the mass of node `id`: a node inside a round met first in wave `mark` joins
   * `next`; a round's end met first in the call `endMark` joins `atEnd`, starting from what
   * `ends` holds for it.
   */
  private gather(
    id: number,
    q: number,
    mark: number,
    next: number[],
    endMark: number,
    atEnd: number[],
    ends: ReadonlyMap<StateNode, number>,
  ): void {
    const marks = this.mark;
    if (this.insideById[id] === 1) {
      if (marks[id] !== mark) {
        marks[id] = mark;
        this.mass[id] = 0;
        next.push(id);
      }
    } else if (marks[id] !== endMark) {
      marks[id] = endMark;
      this.mass[id] = ends.get(this.byId[id]!) ?? 0;
      atEnd.push(id);
    }
    this.mass[id]! += q;
  }

  /** Room in the arrays by node id for every node made so far. */
  private ensureRoom(): void {
    if (this.count <= this.mass.length) return;
    const size = Math.max(this.count, this.mass.length * 2);
    const mass = new Float64Array(size);
    mass.set(this.mass);
    this.mass = mass;
    const mark = new Int32Array(size);
    mark.set(this.mark);
    this.mark = mark;
    const inside = new Uint8Array(size);
    inside.set(this.insideById);
    this.insideById = inside;
    const pushed = new Uint8Array(size);
    pushed.set(this.pushed);
    this.pushed = pushed;
  }
}

/**
 * Adds each edge's probability, times `p`, to its state in `resumed` (inside) or `ends`; with
 * `carry`, its amounts beyond the state (`Edge.excess`), times `p`, likewise.
 */
export function spread(
  edges: readonly Edge[],
  p: number,
  resumed: Map<StateNode, number>,
  ends: Map<StateNode, number>,
  carry?: { readonly resumed: Carry; readonly ends: Carry },
): void {
  for (const { to, p: q, excess } of edges) {
    const into = to.inside ? resumed : ends;
    into.set(to, (into.get(to) ?? 0) + p * q);
    if (carry !== undefined && excess !== undefined)
      addScaled(carried(to.inside ? carry.resumed : carry.ends, to), excess, p);
  }
}
