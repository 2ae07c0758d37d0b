// Choice points: the two ways a rule procedure asks the outside world for something. `roll` asks
// for a random draw, `decide` asks a participant to choose (docs/architecture.md, "Rules are
// procedures with choice points"). Drivers answer them; procedures never know which driver runs.
import type { z } from "zod";
import type { Dist } from "../core/dist.js";
import type { Roll } from "../core/dice/index.js";
import type { Json } from "./json.js";

/**
 * What a roll asks for. `notation` is what the table is asked to roll ("5d6!"), `dist()` the exact
 * distribution of the answer and `read()` the answer from the dice actually rolled (their trace).
 * The answer is one integer; a ruleset that needs more than the total (how many dice exploded, say)
 * encodes it in that integer and builds the matching `dist` (see `roll-specs.ts`).
 */
export interface RollSpec {
  readonly notation: string;
  dist(): Dist;
  read(roll: Roll): number;
  /**
   * How a person reads this roll's dice, when the notation's total is not what counts (two
   * opposed pools rolled as one roll, say). Without it a roll shows as its dice and their total.
   */
  describe?(roll: Roll): string;
  /**
   * The faces the table types for this roll, in words ("1 to 8; an 8 counts as 4"), when the
   * range of its answer would not say it (an odd die whose top face counts as its median, an
   * answer that is a category of the dice rather than their total). Prompts show it instead of
   * the answer's range.
   */
  faces?(): string;
  /** The blow this roll decides (its attack roll, its damage), when it is one: see `Blow`. */
  readonly blow?: Blow;
  /**
   * The combatant whose own dice are rolled in this roll against the roller's (karn's defence
   * die after the strike die, dungeons-of-olde's Defense Check before the Attack Check): one roll
   * to the rules, since only the pair's outcome counts, but that combatant's player may type it
   * too (docs/console.md, "The players' screens"). Set only where a ruleset explains (`opposedBy`).
   */
  readonly opposed?: string;
  /**
   * Whose dice the roll's are, in the order typed, when `opposed` is set: each combatant's part,
   * its own notation (the parts' dice, one after the other, are the roll's). At a table each
   * player rolls their own die: the server holds the first part given until the other comes,
   * then answers the roll with both (docs/console.md, "The players' screens").
   */
  readonly shares?: readonly [RollShare, RollShare];
}

/** One combatant's part of an opposed roll's dice (`RollSpec.shares`). */
export interface RollShare {
  /** The combatant whose die it is. */
  readonly combatant: string;
  /** Its dice, as notation: "d20", "2d8!". */
  readonly notation: string;
  /** What it is, as a player names it: "strike die", "dodge die", "Defense Check". */
  readonly name: string;
  /** What the table types for it, in words, when its dice's range would not say it (faces). */
  readonly faces?: string;
}

/**
 * Who strikes at whom, by their ids, on the roll or the question that decides a blow (an attack
 * roll, a damage roll, the target's answer to the blow), set by the ruleset: the log records it
 * on the answer, so the GM's card says who hit or missed whom from what the rules know, not from
 * a label's wording ("Oswin misses Cutter"). Set only where a ruleset explains (`aimed`).
 */
export type Blow = {
  readonly attacker: string;
  readonly target: string;
  /** The roll is the blow's damage: a blow that rolled it got through to be rolled for. */
  readonly damage?: true;
  /**
   * What it strikes with, as the table names it ("mace", "shortsword +2"), on its damage roll:
   * the card says "Janine hits Goblin chief with the mace". None for fists and spells.
   */
  readonly weapon?: string;
  /**
   * What a blow of a combatant on itself is, said in place of "hits" (selfHarm): "Hedda fumbles
   * and is hurt: -2 SP", where a bare "Hedda: -2 SP" named no cause.
   */
  readonly cause?: string;
};

/**
 * The harm a combatant does itself (a fumble's cost, the stamina a shot takes) as a blow of `who`
 * on `who`, on the question or the roll that decides it: its line says `cause` ("fumbles and is
 * hurt", "spends stamina on the shot").
 */
export const selfHarm = (who: string, cause: string): Blow => ({
  attacker: who,
  target: who,
  damage: true,
  cause,
});

/** `spec` as the roll of `blow` when `ctx` explains; `spec` itself otherwise (see aimed). */
export function struck<S extends RollSpec>(
  ctx: Pick<RuleContext, "explaining">,
  spec: S,
  blow: Blow,
): S {
  return ctx.explaining ? Object.assign(Object.create(spec) as S, { blow }) : spec;
}

/**
 * `spec` with the dice of combatant `defender` rolled in it against the roller's (see
 * `RollSpec.opposed`), each combatant's part of its dice in `shares`, when `ctx` explains; `spec`
 * itself otherwise.
 */
export function opposedBy<S extends RollSpec>(
  ctx: Pick<RuleContext, "explaining">,
  spec: S,
  defender: string,
  shares: readonly [RollShare, RollShare],
): S {
  return ctx.explaining
    ? Object.assign(Object.create(spec) as S, { opposed: defender, shares })
    : spec;
}

/**
 * `spec` as the roll of a blow of `attacker` on `target` (its damage when `damage` is
 * "damage", struck with `weapon`), when `ctx` explains (a log's driver); `spec` itself
 * otherwise, so that simulation pays nothing for it.
 */
export function aimed<S extends RollSpec>(
  ctx: Pick<RuleContext, "explaining">,
  spec: S,
  attacker: string,
  target: string,
  damage?: "damage",
  weapon?: string,
): S {
  if (!ctx.explaining) return spec;
  return struck(ctx, spec, {
    attacker,
    target,
    ...(damage === undefined ? {} : { damage: true }),
    ...(weapon === undefined ? {} : { weapon }),
  });
}

/**
 * The kind of an action a decision's option is, as a table sorts them: the console lists a long
 * list of actions under these headings. Presentation only: never part of the answer.
 */
export const CHOICE_GROUPS = ["attack", "move", "defend", "other"] as const;
export type ChoiceGroup = (typeof CHOICE_GROUPS)[number];

/** The heading each group is shown under. */
export const CHOICE_GROUP_TITLES: Readonly<Record<ChoiceGroup, string>> = {
  attack: "Attack",
  move: "Move",
  defend: "Defend",
  other: "Other",
};

/**
 * The groups a decision's options are shown under, in CHOICE_GROUPS' order (an option without a
 * group is "other"): none when they fall in fewer than two, whose one list needs no heading.
 */
export function shownGroups(choices: readonly { readonly group?: ChoiceGroup }[]): ChoiceGroup[] {
  const groups = CHOICE_GROUPS.filter((g) => choices.some((c) => (c.group ?? "other") === g));
  return groups.length > 1 ? groups : [];
}

/**
 * A decision's options in the order a person is shown them and numbered (the console, `fray
 * play`): group after group (shownGroups), as the ruleset lists them within each; else as listed.
 */
export function inShownOrder<C extends { readonly group?: ChoiceGroup }>(
  choices: readonly C[],
): C[] {
  const groups = shownGroups(choices);
  if (groups.length === 0) return [...choices];
  return groups.flatMap((g) => choices.filter((c) => (c.group ?? "other") === g));
}

/** One answer a decision can take, with how a person reads it (and its kind, for an action). */
export interface Choice<T extends Json> {
  readonly value: T;
  readonly label: string;
  /** Set by a ruleset on the options of its action decisions (attack, move, defend, other). */
  readonly group?: ChoiceGroup;
}

export interface DecisionOptions<T extends Json> {
  /** The question as a person reads it: "How many combat dice does Chip attack with?" */
  readonly prompt: string;
  /** Validates an answer from outside (a prompt, a script, the HTTP API). */
  readonly schema: z.ZodType<T>;
  /** Every allowed answer, when they can be listed (buttons in the UI, "every option" in odds). */
  readonly choices?: readonly Choice<T>[];
  /**
   * Optional, with `choices`: whether an answer (parsed by `schema`) is one of them, told without
   * listing them all, where the list is dear (every movement paired with every action). Drivers
   * check an answer from outside by it when it is there.
   */
  allows?(answer: T): boolean;
  /**
   * What the question's tactic needs to answer it (the state, the actor, the question's own
   * particulars). Drivers hand it to the tactic the ruleset declares for the question
   * (`Ruleset.tactics`, src/engine/tactics.ts); the procedure never names a tactic.
   */
  readonly situation?: unknown;
  /**
   * The question's key in the ruleset's tactics when it is not the question itself: numbered
   * questions ("action-1", "action-2") share one tactic ("action").
   */
  readonly tactic?: string;
  /** The blow this question answers (the target's defence against it), when it is one. */
  readonly blow?: Blow;
}

/** A rule section of the chapter: a stable id and the chapter's own heading. */
export interface Section {
  readonly id: string;
  readonly title: string;
}

/**
 * The context a rule procedure runs in. `roll` and `decide` are the choice points; `explain`
 * records why a result came out as it did, citing the chapter's section. `text` may be a thunk,
 * so that drivers that keep no log (simulation) pay nothing for the string.
 */
export interface RuleContext {
  /**
   * `low` and `high`, when a rule gives them, say what of the answer it reads: every answer at
   * most `low` leaves the state as any other at most `low` does, and every answer at least `high`
   * as any other at least `high` (a blow mitigated to nothing, a blow past what the target has
   * left). The exact driver then runs each of those two groups once, with their probabilities
   * summed, where a run's result is its state (the state graph); every other driver ignores them.
   */
  roll(spec: RollSpec, label: string, actor?: string, low?: number, high?: number): number;
  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T;
  explain(section: Section, text: string | (() => string), data?: Json): void;
  /** False when the driver throws explanations away (simulation): skip work done only for them. */
  readonly explaining: boolean;
  /**
   * A resumable point of the round: the state now holds everything the rest of the round needs,
   * so that the ruleset's `round` called on a copy of it plays the rest of the round exactly as
   * going on from here would (the state records the round's progress; see docs/odds.md). The
   * exact driver stops here and continues equal states once (state merging); other drivers
   * leave it out. A ruleset calls it as `ctx.checkpoint?.()`, never at the round's very end. The
   * exact driver stops a run by throwing, or, for a ruleset with `returnsAtCheckpoints`, by
   * answering true: `round` must then return at once, leaving the state as it is there.
   */
  checkpoint?(): boolean | void;
  /**
   * Present only where a driver keeps each state once and reads the ruleset's health measure
   * (`Ruleset.standing`) beside it: the whole fight's chain (docs/odds.md, "What a state keeps
   * and what the fight's tally adds"). A rule may then keep a health measure at a bound in the
   * state (hit points at 0 once below), so that blows past it leave alike states and its roll
   * may give a `high`, and hand what the bound cut off to the tally instead.
   */
  readonly excess?: Excess;
}

/** What a rule keeps out of the state for the whole fight's tally (`RuleContext.excess`). */
export interface Excess {
  /**
   * The mean of the answers the last roll's answer stands for, weighted by their probabilities:
   * the answer itself, unless the driver answered a group of alike answers (`low` or `high`) by
   * its smallest, when it is the group's mean.
   */
  mean(): number;
  /**
   * Adds `amount` to combatant `id`'s health measure beyond what the state keeps (negative: hit
   * points below the 0 the state keeps), as the expectation over the answers this run stands for.
   */
  add(id: string, amount: number): void;
}
