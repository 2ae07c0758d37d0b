// Whole-fight odds of an encounter (src/engine/fight-odds.ts) as `fray odds <encounter.yaml>` and
// the HTTP API's odds jobs give them: from an encounter definition and the answers given so far,
// with the options checked, timed, and as plain JSON.
import { performance } from "node:perf_hooks";
import type { Answer } from "../engine/answers.js";
import type { EncounterDefinition } from "../engine/encounter-file.js";
import { fightOdds, type FightOdds } from "../engine/fight-odds.js";
import { InputError } from "../engine/input-error.js";
import type { Json } from "../engine/json.js";
import { StateGraph, type GraphProgress } from "../engine/state-graph.js";

export interface FightOddsRequest {
  /** Answers given so far: the odds start where they have brought the fight. */
  readonly answers?: readonly Answer[];
  /** Fixed answers to decisions, keyed "actor:question"; the rest follow the policies. */
  readonly decisions?: Readonly<Record<string, Json>>;
  readonly maxStates?: number;
  readonly maxRounds?: number;
  /**
   * The most runs of the rule procedures: a stretch of play estimated past what is left is
   * refused as soon as it is long (stopped "run-limit", `probeLongStretches`), not after them.
   */
  readonly maxRuns?: number;
  /** Called as states are worked out (with the seconds so far); "stop" stops the work. */
  readonly progress?: (progress: FightOddsProgress) => "stop" | void;
}

export interface FightOddsProgress extends GraphProgress {
  readonly seconds: number;
}

export type FightOddsResult = FightOdds & { readonly seconds: number };

/** Exact whole-fight odds; a fixed decision the fight never asked is refused, naming it. */
export function encounterFightOdds(
  definition: EncounterDefinition,
  request: FightOddsRequest = {},
): FightOddsResult {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const progress = request.progress;
  const graph = new StateGraph(definition.ruleset, {
    tactics: definition.playbook,
    excess: true,
    decisions: request.decisions,
    maxStates: request.maxStates,
    maxRuns: request.maxRuns,
    probeLongStretches: request.maxRuns !== undefined,
    progress: progress === undefined ? undefined : (p) => progress({ ...p, seconds: seconds() }),
  });
  const odds = fightOdds(
    definition,
    request.answers ?? [],
    { maxRounds: request.maxRounds, decisions: request.decisions },
    graph,
  );
  const asked = new Set(graph.fixedUsed);
  const unused = Object.keys(request.decisions ?? {}).filter((k) => !asked.has(k));
  if (unused.length > 0 && odds.stopped === "done") {
    const ids = definition.setup.combatants.map((c) => c.id).join(", ");
    throw new InputError(
      `decisions: ${unused.map((k) => `"${k}"`).join(", ")} never asked in this fight`,
      "decisions",
      `keys are "actor:question" with actors ${ids} or gm; see docs/rulesets/${definition.ruleset.id}.md`,
    );
  }
  return { ...odds, seconds: seconds() };
}
