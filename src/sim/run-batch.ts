// Plays runs [from, to) of a simulation in this thread and sums them up. Run i always uses
// `Rng.stream(seed, i)`, so a run's fight depends on the seed and i only, never on which
// worker or batch plays it. Fights start at the encounter's start, or at `position` (start.ts).
import { Rng } from "../core/random.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import { runFight, runFightFrom } from "../engine/fight.js";
import type { Position } from "../engine/position.js";
import { addFight, emptyAggregate, type FightAggregate } from "./aggregate.js";

export interface BatchRange {
  readonly seed: number;
  readonly from: number;
  readonly to: number;
  readonly maxRounds: number;
}

export function runBatch(
  def: EncounterDefinition,
  range: BatchRange,
  position?: Position,
): FightAggregate {
  const agg = emptyAggregate(def, range.maxRounds);
  const rules = def.ruleset;
  for (let i = range.from; i < range.to; i += 1) {
    const rng = Rng.stream(range.seed, i);
    const fight =
      position === undefined
        ? runFight(def, rng, range.maxRounds)
        : runFightFrom(def, position, rng, range.maxRounds);
    addFight(agg, fight.outcome, fight.rounds, rules.standing(fight.state));
  }
  return agg;
}
