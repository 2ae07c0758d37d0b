// A whole fight in which some decisions are worked out by looking ahead (search.ts) or audited
// (audit.ts). Looking ahead runs the rules on copies of the state, and a round's procedure may
// keep scratch space of its own, so it never runs inside a round in progress: a decision to look
// at stops the round (like a pending choice), the look-ahead runs from the round's start with the
// round's answers so far, and the round is played again from its start with the chosen answer.
// Every answer of the fight is recorded, so a decision's position is a prefix of the fight's log
// (`fray play <log> --at N`).
import type { Rng } from "../../core/random.js";
import type { Answer } from "../answers.js";
import type { Choice, DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import { copierOf } from "../clone.js";
import type { EncounterDefinition } from "../encounter-file.js";
import type { Json } from "../json.js";
import { gmApplier } from "../encounter.js";
import { ReplayContext } from "../position.js";
import type { Outcome } from "../ruleset.js";
import type { Playbook } from "../tactics.js";

/** A decision stopped for a look: where the fight stands and what the tactic would answer. */
export interface LookPoint {
  /** The state at the start of the round (do not change it: copy it). */
  readonly roundStart: object;
  /** The round (1 = the first). */
  readonly round: number;
  /** The round's answers before the decision. */
  readonly given: readonly Answer[];
  /** The fight's answers before the decision: its position in the fight's log. */
  readonly at: number;
  readonly actor: string;
  readonly question: string;
  /** The question's key in the ruleset's tactics (a numbered question's `tactic` key). */
  readonly asks: string;
  readonly choices: readonly Choice<Json>[];
  /** The answer of the actor's tactic. */
  readonly tactic: Json;
}

/** Which decisions are looked at, and what they are answered with. */
export interface Chooser {
  wants(actor: string, question: string, options: DecisionOptions<Json>): boolean;
  choose(point: LookPoint): Json;
}

class Stop {
  constructor(readonly point: Omit<LookPoint, "roundStart" | "round" | "given" | "at">) {}
}

/** The policy driver's rolls and tactics, recording every answer and stopping where wanted. */
class LookaheadContext implements RuleContext {
  readonly explaining = false;

  constructor(
    private readonly rng: Rng,
    private readonly tactics: Playbook,
    private readonly chooser: Chooser,
    private readonly given: Answer[],
  ) {}

  roll(spec: RollSpec, label: string): number {
    const value = spec.dist().sample(this.rng.float());
    this.given.push({ kind: "roll", label, value });
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const wanted = this.chooser.wants(actor, question, options as DecisionOptions<Json>);
    const choices = wanted ? options.choices : undefined;
    const tactic = this.tactics.answer(actor, question, options);
    if (choices !== undefined && choices.length > 1) {
      const asks = options.tactic ?? question;
      throw new Stop({ actor, question, asks, choices: [...choices], tactic });
    }
    this.given.push({ kind: "decide", actor, question, value: tactic });
    return tactic;
  }

  explain(): void {}
}

/** A fight played (a FightResult, fight.ts) with every answer of it. */
export interface LookaheadFight {
  readonly outcome: Outcome;
  readonly rounds: number;
  readonly startRound: number;
  readonly state: object;
  /** Every answer of the fight, in order: a log of it. */
  readonly answers: readonly Answer[];
}

/** Plays a fight from its start under `def.playbook`, with `chooser` answering what it wants. */
export function playLookahead(
  def: EncounterDefinition,
  rng: Rng,
  maxRounds: number,
  chooser: Chooser,
): LookaheadFight {
  const rules = def.ruleset;
  const copy = copierOf(rules);
  let state: object = rules.setup(def.setup);
  const answers: Answer[] = [];
  let rounds = 0;
  for (;;) {
    const outcome = rules.outcome(state);
    if (outcome !== null) return { outcome, rounds, startRound: 1, state, answers };
    if (rounds >= maxRounds) {
      return {
        outcome: { winner: null, reason: `no side won within ${maxRounds} rounds` },
        rounds,
        startRound: 1,
        state,
        answers,
      };
    }
    const roundStart = copy(state);
    const given: Answer[] = [];
    for (;;) {
      const working = copy(roundStart);
      const ctx = new LookaheadContext(rng, def.playbook, chooser, given);
      try {
        rules.round(
          working,
          given.length === 0 ? ctx : new ReplayContext(given.slice(), ctx, gmApplier(def, working)),
        );
        state = working;
        break;
      } catch (error) {
        if (!(error instanceof Stop)) throw error;
        const { actor, question } = error.point;
        const value = chooser.choose({
          ...error.point,
          roundStart,
          round: rounds + 1,
          given: given.slice(),
          at: answers.length + given.length,
        });
        given.push({ kind: "decide", actor, question, value });
      }
    }
    answers.push(...given);
    rounds += 1;
  }
}
