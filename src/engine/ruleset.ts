// The ruleset contract: everything one rule system gives the engine (docs/architecture.md, "The
// ruleset contract"). Every ruleset is checked by the conformance suite in `conformance.ts`.
import type { z } from "zod";
import type { RuleContext, Section } from "./choice.js";
import type { GmRules } from "./gm-changes.js";
import type { Json, JsonObject } from "./json.js";
import type { RulesetTactics, TacticsChoice } from "./tactics.js";

/** Where a value came from: the chapter itself, another cited source, or a default of ours. */
export interface Provenance {
  readonly source: "chapter" | "cited" | "default";
  /** The chapter's section, the cited work, or the reason for the default. */
  readonly ref: string;
}

/** A switch for an ambiguity the chapter leaves (RULES-NOTES.md), with its documented default. */
export interface SwitchDef {
  readonly key: string;
  readonly description: string;
  readonly schema: z.ZodType<Json>;
  readonly default: Json;
  readonly provenance: Provenance;
}

/** A default data table (weapons, armour, charts), each row marked with its provenance. */
export interface DataTable {
  readonly id: string;
  readonly title: string;
  readonly rows: readonly {
    readonly key: string;
    readonly values: JsonObject;
    readonly provenance: Provenance;
  }[];
}

/** One rule paragraph of the chapter and what Fray does with it. */
export interface CoverageRow {
  readonly section: string;
  readonly paragraph: string;
  readonly status: "implemented" | "gm-decision" | "not-applicable";
  /**
   * The module (and function) that implements it, or how the GM is asked: files as paths from
   * the ruleset's folder ("procedures/attack.ts attackWith"), switches as "switch <key>".
   */
  readonly where: string;
  /** The test that checks exactly this claim ("file.test.ts › test name"). */
  readonly test?: string;
}

/**
 * A rule Fray plays that the chapter does not have (a die size, a weapon table, a
 * counter-attack): never counted as coverage of the chapter.
 */
export interface FrayDefault {
  /** What Fray supplies, in a few words ("Crit die sizes by damage type"). */
  readonly topic: string;
  /** Where it comes from: another book, a reading of the chapter's words, or a guess. */
  readonly source: "book" | "reading" | "guess";
  /** The book and its place, the words read and how, or why the guess. */
  readonly ref: string;
  /** The module (and function) that plays it, cited as in a coverage row. */
  readonly where: string;
  /** The test that checks it ("file.test.ts › test name"), when one does. */
  readonly test?: string;
}

export type Viewer = { readonly kind: "gm" } | { readonly kind: "side"; readonly side: string };

/**
 * One measure of health, drawn as a bar: stamina, injury slots, hit points, END. `value` of
 * `max`; a bar that `fillsUp` (injuries taken, damage) is worse the fuller it is.
 */
export interface HealthBar {
  readonly label: string;
  readonly value: number;
  readonly max: number;
  /** The unit as the chapter writes it: "SP", "HP", "injuries". */
  readonly unit: string;
  readonly fillsUp?: boolean;
}

/** A condition a combatant is under, as a badge: "stunned, 2 rounds", "prone", "surprised". */
export interface ConditionView {
  /** The ruleset's condition id (GmRules.conditions names the ones the GM may set). */
  readonly id: string;
  readonly label: string;
  /** Rounds (melees, turns: the ruleset's unit) left, when it lasts a known time. */
  readonly rounds?: number;
  /** What `rounds` counts, when the chapter does not count rounds: "melee" (karn), "turn". */
  readonly unit?: string;
  /** More about it: "-2 to attacks", "until it stands up". */
  readonly note?: string;
  /**
   * What a result's line says when it comes, where "now <label>" would not read as English:
   * "its club breaks" ("Hill Giant: its club breaks", not "Hill Giant: now club broken").
   */
  readonly begins?: string;
  /** What a result's line says when it goes, where "no longer <label>" would not read. */
  readonly ends?: string;
  /**
   * What a result's line says of the harm it does by itself, where no blow did it: "bleeds"
   * ("Corwin bleeds: -1 HP (to -3/11 HP)", which read "Corwin: -1 HP" with no cause).
   */
  readonly hurts?: string;
}

/** One thing about a combatant, labelled as a player would say it: "Damage dice: 5d6". */
export interface Detail {
  readonly label: string;
  readonly value: string;
}

/** Where a combatant stands on the ruleset's line, and how far it reaches. */
export interface Place {
  /** Its position (feet, spaces: the ruleset's unit). */
  readonly at: number;
  /** How far its weapon in hand reaches, in the same unit. */
  readonly reach?: number;
  /** The position as a person reads it: "at 25 ft (reach 5 ft)". */
  readonly label: string;
}

/** What a viewer may see of one combatant. */
export interface CombatantView {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  /** One line such as "37/68 SP, 0/15 injuries" or, for a player looking at a foe, "wounded". */
  readonly status: string;
  readonly out: boolean;
  /**
   * How it is out, in its ruleset's word ("fled", "taken out", "asleep", "dead"), when it is: a
   * result's line says why it left the fight ("Knuckles: out of the fight (fled)"), or a word
   * that says it left the fight alone ("Cutter: -11 HP (to -4/18 HP), taken out").
   */
  readonly outAs?: string;
  /** Its health as bars; empty for a foe a side sees (its health shows in words, in `status`). */
  readonly health: readonly HealthBar[];
  readonly conditions: readonly ConditionView[];
  /** What the viewer may see of its stats and gear, each labelled. */
  readonly details: readonly Detail[];
  readonly place?: Place;
}

/** Where a combatant is in the round's order. */
export type TurnState = "done" | "acting" | "waiting" | "out";

export interface TurnEntry {
  readonly id: string;
  readonly state: TurnState;
  /** What places it there: "initiative 14", "count 7", "5 AP", "faces the Hill Giant". */
  readonly note?: string;
}

/**
 * The order in which combatants act in the round being played, as the ruleset has it
 * (initiative, counts, pairings, action points), first to act first.
 */
export interface TurnOrder {
  /** The round in play (1 = the first). */
  readonly round: number;
  /** The round as the chapter names it: "Round 3", "Melee 2", "Turn 1". */
  readonly label: string;
  readonly entries: readonly TurnEntry[];
  /** How the order came about: "the party acts first (initiative die 5)". */
  readonly note?: string;
}

export interface Standing {
  readonly id: string;
  readonly health: number;
  readonly out: boolean;
  /**
   * Out of the fight and free (fled, withdrawn), not at the winners' mercy (down, asleep, knocked
   * out, subdued, surrendered): what the search and the audit count as having got away. Left out,
   * every combatant out with health left counts as got away (`gotAway`, outcome.ts).
   */
  readonly gotAway?: boolean;
}

/** How a fight ended: the winning side, or null for a draw or a mutual kill. */
export interface Outcome {
  readonly winner: string | null;
  readonly reason: string;
}

/** A combatant as an encounter file gives it: the engine's fields plus the ruleset's stats. */
export interface CombatantSpec<Stats = JsonObject> {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly stats: Stats;
  /** The combatant's tactics (a profile, per-question overrides); the default tactics without. */
  readonly tactics?: TacticsChoice;
}

export interface SideSpec {
  readonly id: string;
  readonly name: string;
}

/** A validated encounter, handed to `setup`. */
export interface EncounterSetup<Stats = JsonObject> {
  readonly sides: readonly SideSpec[];
  readonly combatants: readonly CombatantSpec<Stats>[];
  readonly switches: JsonObject;
  /** Ruleset-specific encounter options (validated by `encounterOptionsSchema`). */
  readonly options: JsonObject;
}

/** What one exchange did: the ruleset's outcome category and the damage each side took. */
export interface ExchangeResult {
  readonly category: string;
  /** Damage dealt to the defender (in the ruleset's own unit: SP, HP, ...). */
  readonly damage: number;
  /** Damage dealt back to the attacker in the same exchange (counter-attack, riposte), else 0. */
  readonly damageTaken: number;
  readonly defenderOut: boolean;
  readonly attackerOut: boolean;
}

/** One exchange (one attack and its answer) between two combatants, for exact odds. */
export interface ExchangeRules<S extends object> {
  /** The outcome categories this chapter uses, in order ("miss", "hit", "critical"). */
  readonly categories: readonly string[];
  /** Ruleset-specific fields of an exchange file (range, allocation of dice, ...). */
  readonly situationSchema: z.ZodType<JsonObject>;
  setup(
    attacker: CombatantSpec,
    defender: CombatantSpec,
    situation: JsonObject,
    switches: JsonObject,
  ): S;
  run(state: S, ctx: RuleContext): ExchangeResult;
}

/** An older version's reading, as switches of this one (Ruleset.olderVersions). */
export interface OlderVersion {
  /** The switches, set so, that play as that version did. */
  readonly switches: JsonObject;
  /** What they change, for the GM: "the DEX ruling at every blow". */
  readonly reading: string;
}

export interface Ruleset<S extends object = object> {
  readonly id: string;
  readonly version: string;
  readonly title: string;
  /**
   * The game's name as a table says it ("Land of Karn"), where a GM reads which game an encounter
   * plays (the encounters list, the fight page); the id when a ruleset gives none.
   */
  readonly game?: string;
  /** The game and author the chapter comes from. */
  readonly source: string;
  /** The chapter's sections, cited by explanations and by the coverage table. */
  readonly sections: readonly Section[];
  readonly switches: readonly SwitchDef[];
  /**
   * Optional: how a fight written by an older version of the ruleset replays as it was played, by
   * that version ("1.0.0"): the switches that reproduce its reading. The log's reader applies them
   * to a log of that version, and a stored fight that no longer replays is tried under each
   * (log.ts); a rules change that gives old answers another meaning adds an entry.
   */
  readonly olderVersions?: Readonly<Record<string, OlderVersion>>;
  readonly tables: readonly DataTable[];
  readonly coverage: readonly CoverageRow[];
  /** What Fray plays that the chapter does not have, kept apart from the coverage. */
  readonly frayDefaults: readonly FrayDefault[];
  /** A combatant's stats and gear, as written in an encounter file (without id, name, side). */
  readonly combatantSchema: z.ZodType<JsonObject>;
  /** Ruleset-specific encounter options (ambush, surprise, distances, ...). */
  readonly encounterOptionsSchema: z.ZodType<JsonObject>;
  setup(encounter: EncounterSetup): S;
  /**
   * Plays one round on `state`, which the engine owns and clones around each call. A round that
   * records its progress in the state may mark resumable points with `ctx.checkpoint?.()`: called
   * on the state as it is there, `round` plays the rest of that round (exact odds merge equal
   * states at those points; see docs/odds.md).
   */
  round(state: S, ctx: RuleContext): void;
  /**
   * Optional: `round` returns at once, leaving the state as it is, wherever `ctx.checkpoint()`
   * answers true, so exact odds stop a run there by answering true instead of by throwing (a
   * throw costs V8 a few microseconds, a large part of a run's cost).
   */
  readonly returnsAtCheckpoints?: boolean;
  /**
   * Optional: a deep copy of a state, equal to it as JSON, faster than the engine's generic
   * clone (exact odds copy a state for every run of a procedure). It may share parts that no
   * procedure changes, such as the switches, and parts procedures change only by replacing them
   * first (dungeons-of-olde's combatants' steady parts, `ownSteady`).
   */
  copy?(state: S): S;
  /**
   * Optional: sets to fixed values, in place, what of a state no later rule, policy, `outcome` or
   * `standing` reads (the round's spent initiative once it is over, the round number where no
   * rule reads it, ...), so that exact odds merge states that play on identically: the state
   * graph calls it on every state it keeps (docs/odds.md, "How it works"). Leaving it out keeps
   * states apart that could merge, never merges wrongly. `fixed` holds the questions some
   * decision of the work is fixed for (`--decide actor:question=...`): a number that only names
   * the next question ("action-3") is read then, for the fixed answer depends on the name.
   */
  forget?(state: S, fixed?: ReadonlySet<string>): void;
  outcome(state: S): Outcome | null;
  /**
   * Every combatant's remaining health as one number in the ruleset's own unit (stamina plus
   * injury slots left, hit points, ...) and whether it is out of the fight: what statistics,
   * the advisor and sweeps measure.
   */
  standing(state: S): readonly Standing[];
  /**
   * Optional: the unit of `standing`'s health, as a player reads it ("HP", "SP + injury slots"):
   * what the advisor's damage figures are counted in. Left out, the figures have no unit.
   */
  readonly healthUnit?: string;
  view(state: S, viewer: Viewer): readonly CombatantView[];
  /**
   * The order of the round in play. `acting` is the combatant the pending choice asks or rolls
   * for, when the engine knows it.
   */
  order(state: S, acting: string | undefined): TurnOrder;
  /** What the GM may change by hand, and how (gm-changes.ts). */
  readonly gm: GmRules<S>;
  readonly exchange: ExchangeRules<S>;
  /** The tactic of every question the procedures ask, and the profiles (src/engine/tactics.ts). */
  readonly tactics: RulesetTactics;
}
