// Plays runs [from, to) of a simulation in this thread and sums them up. Run i always uses
// `Rng.stream(seed, i)`, so a run's fight depends on the seed and i only, never on which
// worker or batch plays it.
import { Rng } from "../core/random.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import { runFight } from "../engine/fight.js";
import { addFight, emptyAggregate, type FightAggregate } from "./aggregate.js";

export interface BatchRange {
  readonly seed: number;
  readonly from: number;
  readonly to: number;
  readonly maxRounds: number;
}

export function runBatch(def: EncounterDefinition, range: BatchRange): FightAggregate {
  const agg = emptyAggregate(def, range.maxRounds);
  const rules = def.ruleset;
  for (let i = range.from; i < range.to; i += 1) {
    const fight = runFight(def, Rng.stream(range.seed, i), range.maxRounds);
    addFight(agg, fight.outcome, fight.rounds, rules.standing(fight.state));
  }
  return agg;
}
