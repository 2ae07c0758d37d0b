// Exact odds of a whole fight under the policies (or fixed decisions): an absorbing Markov chain
// over the states at round ends, built on the state graph (state-graph.ts). Probability is
// pushed round by round from the fight's start (or from a position of a fight in progress: its
// round again from the start with the answers given in it); a state where the ruleset's
// `outcome` says the fight is over absorbs what reaches it. What is never absorbed is reported,
// so the user knows the error bound: probability cut off with unbounded explosions, and fights
// still going when the work stopped (at the round limit, or once less than `tolerance` was left).
// Win, draw and mutual kill mean what they mean in simulation (src/sim/aggregate.ts).
import type { Answer } from "./answers.js";
import { DEFAULT_MAX_ROUNDS, gmApplier } from "./encounter.js";
import type { EncounterDefinition } from "./encounter-file.js";
import { replayToPosition, ReplayContext } from "./position.js";
import { TooManyRuns } from "./drivers/exact.js";
import {
  spread,
  StateGraph,
  type Carry,
  TooManyStates,
  WorkStopped,
  type GraphOptions,
  type StateNode,
} from "./state-graph.js";

export interface FightOddsOptions extends GraphOptions {
  /** Rounds played at most, counted from the start of the position's round. */
  readonly maxRounds?: number;
  /** Stop once less than this probability is left in fights still going. */
  readonly tolerance?: number;
}

/** The default of `tolerance`. */
export const FIGHT_TOLERANCE = 1e-12;

/** Where whole-fight odds start (the shape of a simulation's start, src/sim/start.ts). */
export interface FightStart {
  /** The round (1 = the first). */
  readonly round: number;
  /** Answers given from the start of the fight (0: the fight's start). */
  readonly answers: number;
  /** Of those, the answers given in that round so far. */
  readonly answersInRound: number;
}

export interface SideOdds {
  readonly id: string;
  readonly name: string;
  /** Probability that this side wins. */
  readonly win: number;
}

export interface CombatantOdds {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** Probability that the fight ends with it still standing. */
  readonly survival: number;
  /** Mean of the ruleset's health measure when the fight ends. */
  readonly meanHealth: number;
  /** The same over the fights it survives (null if it never does). */
  readonly meanHealthIfStanding: number | null;
}

export interface Unresolved {
  /** Everything below, summed: each reported probability is low by at most this much. */
  readonly total: number;
  /** Probability cut off with unbounded explosions (each at under 1e-12 of a roll). */
  readonly truncated: number;
  /** Probability of fights still going when the work stopped. */
  readonly ongoing: number;
}

/**
 * Why the work stopped: every fight ended, or less than the tolerance was left ("done"); the
 * round limit; the state budget (the odds are exact through the rounds worked); the budget of
 * runs, a stretch of play estimated past what it leaves (`probeLongStretches`); or a stop asked
 * for (Ctrl-C, a cancelled job).
 */
export type Stopped = "done" | "round-limit" | "state-limit" | "run-limit" | "cancelled";

export interface FightOdds {
  readonly title: string;
  readonly ruleset: string;
  /** Where the odds start: rounds to the end count from the start of `start.round`. */
  readonly start: FightStart;
  readonly sides: readonly SideOdds[];
  /** No winner and somebody still standing (a ruleset's own draw). */
  readonly draw: number;
  /** No winner and everybody out. */
  readonly mutualKill: number;
  readonly rounds: {
    /** distribution[r] = probability that the fight ends after r rounds. */
    readonly distribution: readonly number[];
    /** Mean, median and 90th percentile of the rounds of the fights that end. */
    readonly mean: number;
    readonly median: number;
    readonly p90: number;
  };
  readonly combatants: readonly CombatantOdds[];
  readonly unresolved: Unresolved;
  /** Rounds worked through. */
  readonly roundsWorked: number;
  readonly stopped: Stopped;
  /** The state budget it had (what `state-limit` refers to). */
  readonly maxStates: number;
  /** The budget of runs it had (what `run-limit` refers to), null for none. */
  readonly maxRuns: number | null;
  /** With `run-limit`: the runs the stretch of play it stopped at was estimated to take. */
  readonly estimatedRuns: number | null;
  /** Distinct states the chain took (round ends and resumable points inside rounds). */
  readonly states: number;
  /** Runs of the rule procedures it took. */
  readonly runs: number;
}

/** Sums of the finished fights, weighted by their probability. */
export class FightTally {
  readonly wins: number[];
  draw = 0;
  mutualKill = 0;
  readonly rounds: number[] = [];
  readonly survived: number[];
  readonly health: number[];
  readonly survivorHealth: number[];
  ended = 0;

  constructor(private readonly def: EncounterDefinition) {
    this.wins = def.setup.sides.map(() => 0);
    this.survived = def.setup.combatants.map(() => 0);
    this.health = def.setup.combatants.map(() => 0);
    this.survivorHealth = def.setup.combatants.map(() => 0);
  }

  /**
   * A fight ending at `node` after `rounds` rounds, with probability `p`; `carried`, the health
   * beyond the state the paths to it gathered (`Carry`, state-graph.ts), added to the health.
   */
  add(
    graph: StateGraph,
    node: StateNode,
    p: number,
    rounds: number,
    carried?: readonly number[],
  ): void {
    const outcome = graph.outcomeOf(node)!;
    const ids = this.def.setup.combatants.map((c) => c.id);
    let everyoneOut = true;
    for (const s of graph.rules.standing(node.state)) {
      const i = ids.indexOf(s.id);
      if (i < 0) continue;
      const beyond = carried?.[graph.excessIds.indexOf(s.id)] ?? 0;
      this.health[i]! += p * s.health + beyond;
      if (s.out) continue;
      everyoneOut = false;
      this.survived[i]! += p;
      this.survivorHealth[i]! += p * s.health + beyond;
    }
    if (outcome.winner === null) {
      if (everyoneOut) this.mutualKill += p;
      else this.draw += p;
    } else {
      const w = this.def.setup.sides.findIndex((s) => s.id === outcome.winner);
      if (w >= 0) this.wins[w]! += p;
    }
    while (this.rounds.length <= rounds) this.rounds.push(0);
    this.rounds[rounds]! += p;
    this.ended += p;
  }
}

export interface PlayedOut {
  readonly tally: FightTally;
  readonly truncated: number;
  readonly ongoing: number;
  readonly roundsWorked: number;
  readonly stopped: Stopped;
}

/** The reason of a stop the chain reports (the state budget, a stop asked for); others throw. */
function stopReason(error: unknown): Stopped {
  if (error instanceof TooManyStates) return "state-limit";
  if (error instanceof TooManyRuns) return "run-limit";
  if (error instanceof WorkStopped) return "cancelled";
  throw error;
}

/**
 * Pushes the probability at round ends (`ends`, after `played` rounds) on round by round until
 * every fight has ended, `maxRounds` rounds are played, or less than `tolerance` is left. Work
 * stopped by the state budget or by `progress` ends with the rounds worked through so far.
 * `carry`: the health beyond the state gathered at `ends` (a graph with `excess`), pushed on
 * with them into the tally.
 */
export function playOut(
  graph: StateGraph,
  def: EncounterDefinition,
  ends: ReadonlyMap<StateNode, number>,
  played: number,
  options: FightOddsOptions = {},
  tally: FightTally = new FightTally(def),
  carry: Carry = new Map(),
): PlayedOut {
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const tolerance = options.tolerance ?? FIGHT_TOLERANCE;
  let truncated = 0;
  let rounds = played;
  let at = ends;
  let atCarry = carry;
  for (;;) {
    const going = new Map<StateNode, number>();
    const goingCarry: Carry = new Map();
    let left = 0;
    for (const [node, p] of at) {
      const v = atCarry.get(node);
      if (graph.outcomeOf(node) !== null) tally.add(graph, node, p, rounds, v);
      else {
        going.set(node, p);
        if (v !== undefined) goingCarry.set(node, v);
        left += p;
      }
    }
    const done = (stopped: Stopped): PlayedOut => ({
      tally,
      truncated,
      ongoing: left,
      roundsWorked: rounds,
      stopped,
    });
    if (going.size === 0 || left < tolerance) return done("done");
    if (rounds >= maxRounds) return done("round-limit");
    graph.round = rounds + 1;
    graph.resolved = tally.ended;
    const next = new Map<StateNode, number>();
    const nextCarry: Carry = new Map();
    try {
      truncated += graph.finishRound(going, next, { from: goingCarry, ends: nextCarry });
    } catch (error) {
      return done(stopReason(error));
    }
    at = next;
    atCarry = nextCarry;
    rounds += 1;
  }
}

/** Rounds' mean and quantiles over the fights that end (`distribution` need not sum to 1). */
function roundsSummary(distribution: readonly number[]): FightOdds["rounds"] {
  let total = 0;
  let sum = 0;
  distribution.forEach((p, r) => {
    total += p;
    sum += p * r;
  });
  const quantile = (q: number): number => {
    let seen = 0;
    for (let r = 0; r < distribution.length; r += 1) {
      seen += distribution[r]!;
      if (seen >= q * total * (1 - 1e-12) && seen > 0) return r;
    }
    return distribution.length - 1;
  };
  return {
    distribution,
    mean: total === 0 ? 0 : sum / total,
    median: total === 0 ? 0 : quantile(0.5),
    p90: total === 0 ? 0 : quantile(0.9),
  };
}

/** Whole-fight odds in the shape reported, from a played-out chain. */
export function fightOddsOf(
  def: EncounterDefinition,
  graph: StateGraph,
  start: FightStart,
  out: PlayedOut,
): FightOdds {
  const t = out.tally;
  const ended = t.ended;
  return {
    title: def.title,
    ruleset: def.ruleset.id,
    start,
    sides: def.setup.sides.map((s, i) => ({ id: s.id, name: s.name, win: t.wins[i]! })),
    draw: t.draw,
    mutualKill: t.mutualKill,
    rounds: roundsSummary(t.rounds),
    combatants: def.setup.combatants.map((c, i) => ({
      id: c.id,
      name: c.name,
      side: c.side,
      survival: t.survived[i]!,
      meanHealth: ended === 0 ? 0 : t.health[i]! / ended,
      meanHealthIfStanding: t.survived[i]! === 0 ? null : t.survivorHealth[i]! / t.survived[i]!,
    })),
    unresolved: {
      total: out.truncated + out.ongoing,
      truncated: out.truncated,
      ongoing: out.ongoing,
    },
    roundsWorked: out.roundsWorked,
    stopped: out.stopped,
    maxStates: graph.maxStates,
    maxRuns: graph.runBudget,
    estimatedRuns: graph.refusedEstimate,
    states: graph.size,
    runs: graph.runs,
  };
}

/**
 * Exact odds of the fight `answers` have brought the encounter to (its start, without answers),
 * played on under the policies or `options.decisions`. The graph offers the rules `ctx.excess`
 * (a ruleset may keep hit points at 0 in the state and hand the tally what lies below).
 */
export function fightOdds(
  def: EncounterDefinition,
  answers: readonly Answer[] = [],
  options: FightOddsOptions = {},
  graph: StateGraph = new StateGraph(def.ruleset, {
    tactics: def.playbook,
    excess: true,
    ...options,
  }),
): FightOdds {
  const position = replayToPosition(def, answers);
  if (position.kind === "over") {
    const done = new Map([[graph.node(position.state, false), 1]]);
    const start = { round: position.rounds, answers: position.answers, answersInRound: 0 };
    return fightOddsOf(def, graph, start, playOut(graph, def, done, 0, options));
  }
  const start = {
    round: position.round,
    answers: position.answers,
    answersInRound: position.given.length,
  };
  const ends = new Map<StateNode, number>();
  const carry: Carry = new Map();
  let lost: number;
  graph.round = 1;
  try {
    if (position.given.length === 0) {
      const from = new Map([[graph.node(position.roundStart, false), 1]]);
      lost = graph.finishRound(from, ends, { from: new Map(), ends: carry });
    } else {
      // The current round from its start, with the answers already given in it, then on.
      const { edges, truncated } = graph.stretch(position.roundStart, (s, ctx) =>
        def.ruleset.round(s, new ReplayContext(position.given, ctx, gmApplier(def, s))),
      );
      const resumed = new Map<StateNode, number>();
      const resumedCarry: Carry = new Map();
      spread(edges, 1, resumed, ends, { resumed: resumedCarry, ends: carry });
      lost = truncated + graph.finishRound(resumed, ends, { from: resumedCarry, ends: carry });
    }
  } catch (error) {
    const stopped = stopReason(error);
    const none = { tally: new FightTally(def), truncated: 0, ongoing: 1, roundsWorked: 0 };
    return fightOddsOf(def, graph, start, { ...none, stopped });
  }
  const out = playOut(graph, def, ends, 1, options, undefined, carry);
  return fightOddsOf(def, graph, start, { ...out, truncated: out.truncated + lost });
}
