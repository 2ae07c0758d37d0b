// The running totals of a simulation: counts and sums only, so that memory stays flat however
// many fights are played, and two aggregates of disjoint runs merge into exactly the aggregate
// one pass over all the runs would give (the runner merges batches in a fixed order, so even
// sums of fractional health come out bit for bit the same whatever the number of workers).
// Plain data: aggregates cross worker threads by structured clone.
import type { EncounterDefinition } from "../engine/encounter-file.js";
import type { Outcome, Standing } from "../engine/ruleset.js";
import { emptyRounds, type RoundsHistogram } from "./rounds-histogram.js";

export interface FightAggregate {
  /** Fights played. */
  runs: number;
  /** Side ids in the encounter's order, and wins[i] = fights won by side i. */
  readonly sides: string[];
  wins: number[];
  /** No winner and somebody still standing (the round limit, or a ruleset's own draw). */
  draws: number;
  /** No winner and everybody out. */
  mutualKills: number;
  /** rounds[r] = fights that ended after r rounds. */
  rounds: RoundsHistogram;
  /** Combatant ids in the encounter's order; per combatant: fights survived, health summed. */
  readonly combatants: string[];
  survived: number[];
  health: number[];
  /** Health summed over the fights the combatant survived. */
  survivorHealth: number[];
}

export function emptyAggregate(def: EncounterDefinition, maxRounds: number): FightAggregate {
  const sides = def.setup.sides.map((s) => s.id);
  const combatants = def.setup.combatants.map((c) => c.id);
  return {
    runs: 0,
    sides,
    wins: sides.map(() => 0),
    draws: 0,
    mutualKills: 0,
    rounds: emptyRounds(maxRounds),
    combatants,
    survived: combatants.map(() => 0),
    health: combatants.map(() => 0),
    survivorHealth: combatants.map(() => 0),
  };
}

/** Adds one finished fight. `standing` is the ruleset's standing of the final state. */
export function addFight(
  agg: FightAggregate,
  outcome: Outcome,
  rounds: number,
  standing: readonly Standing[],
): void {
  agg.runs += 1;
  let everyoneOut = true;
  for (const s of standing) {
    const i = agg.combatants.indexOf(s.id);
    if (i < 0) continue;
    agg.health[i]! += s.health;
    if (s.out) continue;
    everyoneOut = false;
    agg.survived[i]! += 1;
    agg.survivorHealth[i]! += s.health;
  }
  if (outcome.winner === null) {
    if (everyoneOut) agg.mutualKills += 1;
    else agg.draws += 1;
  } else {
    const w = agg.sides.indexOf(outcome.winner);
    if (w >= 0) agg.wins[w]! += 1;
  }
  const r = Math.min(rounds, agg.rounds.length - 1);
  agg.rounds[r]! += 1;
}

function sameShape(a: FightAggregate, b: FightAggregate): boolean {
  return (
    a.sides.join("\n") === b.sides.join("\n") &&
    a.combatants.join("\n") === b.combatants.join("\n") &&
    a.rounds.length === b.rounds.length
  );
}

function addInto(target: number[], source: readonly number[]): void {
  for (let i = 0; i < target.length; i += 1) target[i]! += source[i]!;
}

/** Adds the runs of `from` into `into` (which must describe the same encounter). */
export function mergeInto(into: FightAggregate, from: FightAggregate): FightAggregate {
  if (!sameShape(into, from)) {
    throw new Error("cannot merge aggregates of different encounters or round limits");
  }
  into.runs += from.runs;
  addInto(into.wins, from.wins);
  into.draws += from.draws;
  into.mutualKills += from.mutualKills;
  addInto(into.rounds, from.rounds);
  addInto(into.survived, from.survived);
  addInto(into.health, from.health);
  addInto(into.survivorHealth, from.survivorHealth);
  return into;
}
