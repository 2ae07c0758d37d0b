// What a simulation reports, computed from its aggregate: per side the probability of winning
// with its 95% Wilson interval, draws and mutual kills, rounds to the end (mean, median, 90th
// percentile), and per combatant the survival probability and mean remaining health; and where
// the fights started (start.ts).
import type { EncounterDefinition } from "../engine/encounter-file.js";
import type { FightAggregate } from "./aggregate.js";
import { halfWidth, wilson, type Proportion } from "./interval.js";
import { meanRounds, roundsQuantile } from "./rounds-histogram.js";
import { FIGHT_START, type SimStart } from "./start.js";

export interface SideSummary {
  readonly id: string;
  readonly name: string;
  readonly win: Proportion;
}

export interface CombatantSummary {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly survival: Proportion;
  /** Mean of the ruleset's health measure at the end of the fight, over every run. */
  readonly meanHealth: number;
  /** Mean health at the end over the runs the combatant survived (null if it never did). */
  readonly meanHealthIfStanding: number | null;
}

export interface SimSummary {
  readonly title: string;
  readonly ruleset: string;
  readonly seed: number;
  readonly runs: number;
  readonly maxRounds: number;
  /** Where every fight started; rounds (and `maxRounds`) count from the start of its round. */
  readonly start: SimStart;
  readonly sides: readonly SideSummary[];
  readonly draw: Proportion;
  readonly mutualKill: Proportion;
  readonly rounds: { readonly mean: number; readonly median: number; readonly p90: number };
  readonly combatants: readonly CombatantSummary[];
}

export function summarize(
  def: EncounterDefinition,
  agg: FightAggregate,
  seed: number,
  start: SimStart = FIGHT_START,
): SimSummary {
  const n = agg.runs;
  return {
    title: def.title,
    ruleset: def.ruleset.id,
    seed,
    runs: n,
    maxRounds: agg.rounds.length - 1,
    start,
    sides: def.setup.sides.map((s, i) => ({
      id: s.id,
      name: s.name,
      win: wilson(agg.wins[i]!, n),
    })),
    draw: wilson(agg.draws, n),
    mutualKill: wilson(agg.mutualKills, n),
    rounds: {
      mean: meanRounds(agg.rounds),
      median: roundsQuantile(agg.rounds, 0.5),
      p90: roundsQuantile(agg.rounds, 0.9),
    },
    combatants: def.setup.combatants.map((c, i) => ({
      id: c.id,
      name: c.name,
      side: c.side,
      survival: wilson(agg.survived[i]!, n),
      meanHealth: n === 0 ? 0 : agg.health[i]! / n,
      meanHealthIfStanding:
        agg.survived[i]! === 0 ? null : agg.survivorHealth[i]! / agg.survived[i]!,
    })),
  };
}

/** The widest "±" of the sides' win intervals: what `--until-ci` drives below its target. */
export function widestWinHalfWidth(agg: FightAggregate): number {
  let widest = 0;
  for (const w of agg.wins) widest = Math.max(widest, halfWidth(wilson(w, agg.runs)));
  return agg.runs === 0 ? 1 : widest;
}
