// The tactics audit: plays fights under the encounter's tactics and, at sampled decisions of the
// combatants, plays every listed option out (rollouts.ts) to compare the tactic's choice with the
// best option found. A blunder is a choice worse than the best by more than the 95% interval of
// the paired difference plus a stated margin (in chances of winning the fight), the difference
// measured again on fresh dice once the best is known (judge.ts, as the search tactic decides).
// Then mirror matches: each side in turn plays by search against the other's tactics; the
// tactics' side should get about half of their worth when they play as well as the search does.
import { Rng } from "../../core/random.js";
import type { Answer } from "../answers.js";
import {
  parseEncounterFile,
  type EncounterDefinition,
  type RulesetRegistry,
} from "../encounter-file.js";
import { gotAway } from "../outcome.js";
import { SEARCH_PROFILE } from "../tactics.js";
import { playLookahead, type LookPoint } from "./lookahead-fight.js";
import { judge } from "./judge.js";
import { lookSeed, runSearchFight, type SearchOptions } from "./search.js";

export interface AuditOptions extends SearchOptions {
  /** Fights played to find decisions. */
  readonly runs: number;
  /** Seed of the fights (fight i uses stream i). */
  readonly seed: number;
  /** The share of the combatants' decisions with two or more options that are audited. */
  readonly sample: number;
  /** How much worse than the best (in chances of winning) a choice must be to be a blunder. */
  readonly margin: number;
  /** Mirror-match fights for each side playing by search (0: none). */
  readonly mirror: number;
  readonly maxRounds: number;
  /** How many of the worst blunders to keep. */
  readonly worst: number;
  /** Called after each fight. */
  readonly progress?: (done: number, total: number) => void;
  /** Asked after each fight: true stops the audit there (a Ctrl-C), with what was gathered. */
  readonly stop?: () => boolean;
}

export type AuditSettings = Omit<AuditOptions, "progress" | "stop">;

/** The options without the callbacks, as the report gives them. */
function settingsOf(o: AuditOptions): AuditSettings {
  const { runs, seed, sample, margin, mirror, maxRounds, worst, rollouts, horizon, escape } = o;
  return { runs, seed, sample, margin, mirror, maxRounds, worst, rollouts, horizon, escape };
}

export const AUDIT_DEFAULTS: AuditSettings = {
  runs: 20,
  seed: 1,
  sample: 0.5,
  margin: 0.05,
  mirror: 100,
  maxRounds: 200,
  worst: 5,
  rollouts: 48,
  horizon: 30,
  escape: 0.25,
};

/** One audited decision whose choice lost to the best option. */
export interface Blunder {
  /** The fight (its index: stream `fight` of the seed) and the decision's place in its log. */
  readonly fight: number;
  readonly at: number;
  readonly round: number;
  readonly actor: string;
  readonly question: string;
  readonly chosen: { readonly label: string; readonly value: number };
  readonly best: { readonly label: string; readonly value: number };
  /** Chances of winning lost by the choice (best minus chosen), and its 95% half-width. */
  readonly loss: number;
  readonly half: number;
}

export interface QuestionAudit {
  readonly question: string;
  /** What it asks, in the ruleset's words (its tactics' description of the question). */
  readonly description: string | undefined;
  readonly audited: number;
  readonly blunders: number;
}

export interface MirrorMatches {
  /** Fights played, both ways. */
  readonly fights: number;
  /** Fights the tactics' side won, lost to the search, and drew. */
  readonly tacticsWins: number;
  readonly searchWins: number;
  readonly draws: number;
  /** Fights lost by a side one of whose combatants got away alive: the tactics', the search's. */
  readonly tacticsEscapes: number;
  readonly searchEscapes: number;
  /**
   * The tactics' share of the fights' worth, with its 95% interval: a fight is worth 1 to its
   * winner and 0 to its loser, 1/2 each drawn, and `escape` to a loser one of whose combatants
   * got away alive (1 - escape to its winner), as the search counts it (rollouts.ts); 50% is as
   * good as the search. With escape 0 it is the share of the wins, draws counting half.
   */
  readonly rate: number;
  readonly half: number;
}

export interface AuditReport {
  readonly fights: number;
  /** Decisions of the combatants with two or more options, and those audited. */
  readonly decisions: number;
  readonly audited: number;
  readonly blunders: number;
  /** Blunders per audited decision, with the 95% interval's half-width (Wilson). */
  readonly rate: number;
  readonly half: number;
  readonly byQuestion: readonly QuestionAudit[];
  readonly worst: readonly Blunder[];
  /** The answers of the fights the worst blunders are in, by fight: their logs. */
  readonly logs: ReadonlyMap<number, readonly Answer[]>;
  readonly mirror: MirrorMatches | null;
  /** True when `stop` ended the audit early. */
  readonly stopped: boolean;
  readonly options: AuditSettings;
}

const Z95 = 1.959963984540054;

/** Wilson's interval half-width (the larger side) for k of n. */
function wilsonHalf(k: number, n: number): number {
  if (n === 0) return 0;
  const p = k / n;
  const d = 1 + (Z95 * Z95) / n;
  const centre = (p + (Z95 * Z95) / (2 * n)) / d;
  const half = (Z95 / d) * Math.sqrt((p * (1 - p)) / n + (Z95 * Z95) / (4 * n * n));
  return Math.max(centre + half - p, p - (centre - half));
}

function labelOf(point: LookPoint, i: number): string {
  return point.choices[i]?.label ?? "?";
}

/** The encounter with every combatant of `side` playing by search. */
function searching(
  def: EncounterDefinition,
  side: string,
  registry: RulesetRegistry,
): EncounterDefinition {
  const file = structuredClone(def.file) as { combatants: Record<string, unknown>[] };
  for (const c of file.combatants) if (c["side"] === side) c["tactics"] = SEARCH_PROFILE;
  return parseEncounterFile(file, registry, "mirror match");
}

export function auditTactics(
  def: EncounterDefinition,
  registry: RulesetRegistry,
  options: AuditOptions,
): AuditReport {
  const steps = auditSteps(def, registry, options);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * The audit a fight at a time: it yields after each fight it plays, so that a caller can let its
 * event loop in between (the CLI's Ctrl-C, which `stop` then reads), and returns the report.
 */
export function* auditSteps(
  def: EncounterDefinition,
  registry: RulesetRegistry,
  options: AuditOptions,
): Generator<void, AuditReport> {
  const sides = def.setup.sides.map((s) => s.id);
  const total = options.runs + (sides.length === 2 ? 2 * options.mirror : 0);
  let done = 0;
  const tick = () => {
    done += 1;
    options.progress?.(done, total);
  };
  let decisions = 0;
  let audited = 0;
  const questions = new Map<
    string,
    { description: string | undefined; audited: number; blunders: number }
  >();
  const about = def.ruleset.tactics.about;
  const blunders: Blunder[] = [];
  const answersOf = new Map<number, readonly Answer[]>();
  const sides0 = new Map(def.setup.combatants.map((c) => [c.id, c.side]));
  let stopped = false;
  const stop = () => (stopped ||= options.stop?.() === true);
  let fights = 0;
  for (let fight = 0; fight < options.runs && !stop(); fight += 1) {
    const sampler = Rng.stream(options.seed, -1 - fight);
    const looks = Rng.stream(options.seed + 1, fight);
    const played = playLookahead(def, Rng.stream(options.seed, fight), options.maxRounds, {
      wants(actor, _question, o) {
        if (!sides0.has(actor) || o.choices === undefined || o.choices.length < 2) return false;
        decisions += 1;
        return sampler.float() < options.sample;
      },
      choose(point) {
        const j = judge(
          def,
          point,
          {
            rollouts: options.rollouts,
            horizon: options.horizon,
            escape: options.escape,
            tactics: def.playbook,
          },
          () => lookSeed(looks),
        );
        if (j.tactic < 0) return point.tactic;
        audited += 1;
        const q = questions.get(point.question) ?? {
          description: about[point.asks]?.description,
          audited: 0,
          blunders: 0,
        };
        q.audited += 1;
        questions.set(point.question, q);
        // The loss is measured on the fresh playouts (judge.ts), not on those that found the best.
        const d = j.again;
        if (d !== null && d.mean - d.half > options.margin) {
          q.blunders += 1;
          blunders.push({
            fight,
            at: point.at,
            round: point.round,
            actor: point.actor,
            question: point.question,
            chosen: { label: labelOf(point, j.tactic), value: d.tactic },
            best: { label: labelOf(point, j.best), value: d.best },
            loss: d.mean,
            half: d.half,
          });
        }
        return point.tactic;
      },
    });
    answersOf.set(fight, played.answers);
    fights += 1;
    tick();
    yield;
  }
  const worst = [...blunders].sort((a, b) => b.loss - a.loss).slice(0, options.worst);
  const logs = new Map(worst.map((b) => [b.fight, answersOf.get(b.fight)!]));

  let mirror: MirrorMatches | null = null;
  if (sides.length === 2 && options.mirror > 0 && !stop()) {
    let tacticsWins = 0;
    let searchWins = 0;
    let draws = 0;
    let tacticsEscapes = 0;
    let searchEscapes = 0;
    let worth = 0;
    for (const [s, side] of sides.entries()) {
      const other = sides[1 - s]!;
      const matched = searching(def, side, registry);
      // Whether one of the losing side got away alive (out of the fight and free: `gotAway`).
      const anyAway = (state: object, loser: string) =>
        def.ruleset.standing(state).some((c) => gotAway(c) && sides0.get(c.id) === loser);
      for (let i = 0; i < options.mirror && !stop(); i += 1) {
        const fight = runSearchFight(
          matched,
          Rng.stream(options.seed + 2 + s, i),
          options.maxRounds,
          options,
        );
        const winner = fight.outcome.winner;
        if (winner === other) {
          tacticsWins += 1;
          const away = anyAway(fight.state, side);
          if (away) searchEscapes += 1;
          worth += away ? 1 - options.escape : 1;
        } else if (winner === side) {
          searchWins += 1;
          const away = anyAway(fight.state, other);
          if (away) tacticsEscapes += 1;
          worth += away ? options.escape : 0;
        } else {
          draws += 1;
          worth += 0.5;
        }
        tick();
        yield;
      }
    }
    const played = tacticsWins + searchWins + draws;
    const rate = played === 0 ? 0 : worth / played;
    mirror = {
      fights: played,
      tacticsWins,
      searchWins,
      draws,
      tacticsEscapes,
      searchEscapes,
      rate,
      half: wilsonHalf(worth, played),
    };
  }

  const found = blunders.length;
  return {
    fights,
    decisions,
    audited,
    blunders: found,
    rate: audited === 0 ? 0 : found / audited,
    half: wilsonHalf(found, audited),
    byQuestion: [...questions].map(([question, q]) => ({ question, ...q })),
    worst,
    logs,
    mirror,
    stopped,
    options: settingsOf(options),
  };
}
