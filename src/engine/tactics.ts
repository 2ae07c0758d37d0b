// Tactics apart from rules (docs/architecture.md, "Tactics"): a ruleset declares in one table,
// keyed by question, the tactic that answers each decision its procedures ask, and named profiles
// (cautious, reckless, ...) that replace some of them. A procedure asks
// `ctx.decide(actor, question, { ..., situation })` and never names a tactic; a driver answers
// through a Playbook, which looks up the actor's tactic for the question (its profile, then its
// per-question overrides) and hands it the situation.
import { z } from "zod";
import type { DecisionOptions, Section } from "./choice.js";
import { FrayError } from "../core/errors.js";
import { InputError } from "./input-error.js";
import type { Json } from "./json.js";
import { DEFAULT_PROFILE, SEARCH_PROFILE, overridesOf, profileOf } from "./tactics-text.js";

/** Answers one question from the situation its procedure passes. */
export type Tactic<S, T extends Json = Json> = (situation: S) => T;

/**
 * Tactics keyed by question (or by a decision's `tactic` key, for numbered questions). Each
 * question has its own situation, so an entry takes whatever its procedure passes.
 */
export type TacticTable = Readonly<Record<string, (situation: never) => Json>>;

export interface TacticProfile {
  /** What the profile changes, in a designer's words ("never withdraws, power attacks ..."). */
  readonly description: string;
  /** The questions it answers otherwise than the default tactics. */
  readonly questions: TacticTable;
}

/**
 * Who answers a question at the table: a combatant (its own decision: its tactics answer it, and
 * a profile may be chosen for it one question at a time), a side (the party's players, or the GM
 * for the opponents: who of the side acts next), or the GM (a ruling the chapter leaves to the
 * table: cover, a spell's effect; Fray's default ruling answers it when nobody does).
 */
export type QuestionAnswerer = "combatant" | "side" | "gm";

/** What a question asks, in the GM's words, and whose it is. */
export interface QuestionInfo {
  /** What it asks, as a GM would say it: "what it does on its turn: attack, move, withdraw ...". */
  readonly description: string;
  readonly by: QuestionAnswerer;
  /** The chapter's section the procedure asks it in, where it comes from one. */
  readonly section?: Section;
  /**
   * The answer that leaves the fight as it was, when there is one (tnt's "stay at the current
   * ranges"): a result's heading leaves it out, as the GM would not say it.
   */
  readonly unchanged?: Json;
  /**
   * A choice that comes before what its actor does but is not it (tnt's move before its
   * attack): a result's heading names the actor's other choices first (the attack, as the GM
   * reads it), this one a line of its own under it ("Hild: close to onset range").
   */
  readonly aside?: true;
  /**
   * The word that joins the answer to the choice before it, when it completes that one rather
   * than begins another (karn's target and weapon of each action: "at", "with"): a result's
   * heading says "one full strike at Snaga", once however often it is asked again for the same
   * action ("two half-action strikes at Sly"), where it read "one full strike; Snaga".
   */
  readonly joins?: string;
  /**
   * What a ruling of the GM's settles when it is asked about a blow under way (karn's critical
   * and its injury: "a critical strike"; its fumble: "a fumble"): a result it begins is headed by
   * the blow, "Orrin: a critical strike at Varn with the spear", the ruling a line under it, where
   * "The GM: roll on the critical chart" headed the hit it settles.
   */
  readonly settles?: string;
}

export interface RulesetTactics {
  /** The default tactic of every question the ruleset asks (combatants' and the GM's). */
  readonly questions: TacticTable;
  /** What each question of `questions` asks and whose it is: an entry for every one. */
  readonly about: Readonly<Record<string, QuestionInfo>>;
  /** Profiles beside the default; every ruleset has `cautious` and `reckless`. */
  readonly profiles: Readonly<Record<string, TacticProfile>>;
}

export { DEFAULT_PROFILE, SEARCH_PROFILE } from "./tactics-text.js";
/** The profiles every ruleset must have (the conformance suite checks them). */
export const REQUIRED_PROFILES = ["cautious", "reckless"] as const;

/**
 * A combatant's tactics as an encounter file gives them: a profile's name, or a profile and
 * per-question overrides, each naming the profile whose tactic answers that question.
 */
export type TacticsChoice =
  string | { readonly profile?: string; readonly questions?: Readonly<Record<string, string>> };

export const tacticsChoiceSchema: z.ZodType<TacticsChoice> = z.union([
  z.string({ error: "a profile's name (default, cautious, reckless, search, ...)" }),
  z.strictObject({
    profile: z.string().optional(),
    questions: z.record(z.string(), z.string()).optional(),
  }),
]);

/**
 * A ruleset's tactics with every question described: the compiler refuses a question without its
 * entry in `about`, or an entry for a question the table does not answer.
 */
export function declareTactics<const Q extends string>(tactics: {
  readonly questions: { readonly [K in Q]: (situation: never) => Json };
  readonly about: { readonly [K in Q]: QuestionInfo };
  readonly profiles: Readonly<Record<string, TacticProfile>>;
}): RulesetTactics {
  return tactics;
}

/** The questions a combatant's tactics answer: those a profile may be chosen for one by one. */
export function combatantQuestions(tactics: RulesetTactics): string[] {
  return Object.keys(tactics.questions).filter((q) => tactics.about[q]?.by === "combatant");
}

/** Who answers a question, in words: "the GM's ruling", "its side's decision". */
export function answererText(by: QuestionAnswerer): string {
  switch (by) {
    case "combatant":
      return "a combatant's own decision";
    case "side":
      return "its side's decision (the party's players, or the GM for the opponents)";
    case "gm":
      return "the GM's ruling";
  }
}

/** A combatant's questions in a line, each with what it asks: what an error lists. */
function questionList(tactics: RulesetTactics): string {
  return combatantQuestions(tactics)
    .map((q) => `${q} (${tactics.about[q]!.description})`)
    .join("; ");
}

/** The profile names a ruleset's combatants may take. */
export function profileNames(tactics: RulesetTactics): string[] {
  return [DEFAULT_PROFILE, ...Object.keys(tactics.profiles), SEARCH_PROFILE];
}

/**
 * Checks a combatant's tactics against the ruleset: known profiles, known questions. `where`
 * names the field in errors ("duel.yaml: combatants[1].tactics").
 */
export function checkTactics(
  tactics: RulesetTactics,
  choice: TacticsChoice,
  where: string,
): TacticsChoice {
  const names = profileNames(tactics);
  const known = (name: string, at: string) => {
    if (!names.includes(name)) {
      throw new InputError(
        `${at}: unknown tactics profile "${name}"; this ruleset's profiles: ${names.join(", ")}`,
        at,
        "name one of the profiles (docs/encounter-format.md, Tactics)",
      );
    }
  };
  if (typeof choice === "string") {
    known(choice, where);
    return choice;
  }
  if (choice.profile !== undefined) known(choice.profile, `${where}.profile`);
  for (const [question, profile] of Object.entries(choice.questions ?? {})) {
    const at = `${where}.questions.${question}`;
    const about = Object.hasOwn(tactics.questions, question) ? tactics.about[question] : undefined;
    if (about === undefined) {
      throw new InputError(
        `${at}: this ruleset asks no question "${question}"; a combatant's questions: ${questionList(tactics)}`,
        at,
        "override a question the ruleset asks (fray rules <ruleset> lists its tactics)",
      );
    }
    if (about.by !== "combatant") {
      throw new InputError(
        `${at}: "${question}" (${about.description}) is ${answererText(about.by)}, not a decision of the combatant's: its tactics do not answer it; a combatant's questions: ${questionList(tactics)}`,
        at,
        "leave it out: the table answers it when it comes up (or Fray's default ruling does)",
      );
    }
    known(profile, at);
  }
  return choice;
}

/** A table's entry as the playbook calls it: with the situation its procedure passed. */
type AnyTactic = (situation: unknown) => Json;

/**
 * Answers decisions with the tactics assigned to each combatant. With no assignment every actor
 * uses the ruleset's default table, and a decision costs one lookup and one call.
 */
export class Playbook {
  private readonly base: TacticTable;
  /** Tables of the actors that do not play the default; null when every actor does. */
  private readonly byActor: ReadonlyMap<string, TacticTable> | null;
  /** Per actor, the questions decided by look-ahead search ("*" for every question). */
  private readonly searched: ReadonlyMap<string, ReadonlySet<string>>;

  constructor(
    readonly tactics: RulesetTactics,
    assigned: Readonly<Record<string, TacticsChoice | undefined>> = {},
  ) {
    this.base = tactics.questions;
    const byActor = new Map<string, TacticTable>();
    const searched = new Map<string, Set<string>>();
    const tableOf = (profile: string): TacticTable =>
      profile === DEFAULT_PROFILE || profile === SEARCH_PROFILE
        ? {}
        : (tactics.profiles[profile]?.questions ?? {});
    for (const [actor, choice] of Object.entries(assigned)) {
      if (choice === undefined) continue;
      const profile = profileOf(choice);
      const table: Record<string, (situation: never) => Json> = {
        ...this.base,
        ...tableOf(profile),
      };
      const search = new Set<string>(profile === SEARCH_PROFILE ? ["*"] : []);
      const overrides = overridesOf(choice);
      for (const [question, named] of Object.entries(overrides)) {
        table[question] = tableOf(named)[question] ?? this.base[question]!;
        if (named === SEARCH_PROFILE) search.add(question);
        else search.delete(question);
      }
      if (profile !== DEFAULT_PROFILE || Object.keys(overrides).length > 0)
        byActor.set(actor, table);
      if (search.size > 0) searched.set(actor, search);
    }
    this.byActor = byActor.size === 0 ? null : byActor;
    this.searched = searched;
  }

  /** The actor's tactic's answer to a decision. */
  answer<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const table = this.byActor === null ? this.base : (this.byActor.get(actor) ?? this.base);
    // The question first: a numbered question's shared key is read only when it misses.
    const tactic = (table[question] ??
      (options.tactic === undefined ? undefined : table[options.tactic])) as AnyTactic | undefined;
    if (tactic === undefined) {
      throw new Error(
        `no tactic answers ${actor}: ${question}; a ruleset's tactics must answer every question it asks`,
      );
    }
    return tactic(options.situation) as T;
  }

  /** True when the actor's answer to a decision is to be found by look-ahead search. */
  searches(actor: string, question: string, options: DecisionOptions<Json>): boolean {
    const s = this.searched.get(actor);
    return s !== undefined && (s.has("*") || s.has(options.tactic ?? question));
  }

  /** True when some actor decides by search (a driver that cannot search must refuse). */
  get searching(): boolean {
    return this.searched.size > 0;
  }
}

/** Every combatant of an encounter with tactics of its own, by id. */
export function assignedTactics(
  combatants: readonly { readonly id: string; readonly tactics?: TacticsChoice | undefined }[],
): Record<string, TacticsChoice | undefined> {
  return Object.fromEntries(combatants.map((c) => [c.id, c.tactics]));
}

/** The refusal of a driver that cannot look ahead, for an encounter with a searching combatant. */
export function searchNotHere(what: string): FrayError {
  return new FrayError(
    `${what} cannot use the search tactic`,
    "tactics",
    "give the combatants another profile (default, cautious, reckless) for this, or simulate the fight from its start",
  );
}
