// The console's view of the HTTP API's replies: types taken from the server's own zod schemas
// and from the engine's and the simulation's result types (type imports only: nothing of the
// server is bundled).
import type { z } from "zod";
import type { Advice, OptionAdvice } from "../../src/engine/advice.js";
import type {
  exampleFileSchema,
  rulesetExamplesSchema,
  rulesetSchema,
  rulesetSummarySchema,
  encounterSchema,
  encounterSimulationBody,
  encounterSummarySchema,
  errorSchema,
  fightOddsJobSchema,
  stepsBody,
} from "../../src/server/schemas.js";
import type { gmChangeBody, gmSchema } from "../../src/server/gm-schemas.js";
import type { rosterEntrySchema } from "../../src/server/roster-schemas.js";
import type { RosterKind } from "../../src/server/roster-store.js";
import type {
  newPlayerLinkSchema,
  playerLinkSchema,
  playerStateSchema,
} from "../../src/server/player-schemas.js";
import type { SimSummary } from "../../src/sim/summary.js";
import type { TacticsChoice } from "../../src/engine/tactics.js";

export type Encounter = z.output<typeof encounterSchema>;
export type EncounterSummary = z.output<typeof encounterSummarySchema>;
export type Pending = NonNullable<Encounter["pending"]>;
export type PendingDecision = Extract<Pending, { kind: "decide" }>;
export type PendingRoll = Extract<Pending, { kind: "roll" }>;
export type CombatantView = Encounter["views"]["gm"][number];
export type Explanation = Encounter["explanations"][number];
export type ErrorBody = z.output<typeof errorSchema>;
/** What a player's link reads (GET /player, and its stream's `state`). */
export type PlayerState = z.output<typeof playerStateSchema>;
/** A player's link as the GM's page lists it; a new one carries its token. */
export type PlayerLink = z.output<typeof playerLinkSchema>;
export type NewPlayerLink = z.output<typeof newPlayerLinkSchema>;

/** GET /rulesets and GET /rulesets/:id: a ruleset, with the JSON Schemas a builder's forms take. */
export type RulesetSummary = z.output<typeof rulesetSummarySchema>;
export type RulesetJson = z.output<typeof rulesetSchema>;
export type SwitchJson = RulesetJson["switches"][number];
/** GET /rulesets/:id/examples: the examples' stat blocks. */
export type RulesetExamples = z.output<typeof rulesetExamplesSchema>["examples"];
/** GET /rulesets/:id/examples/:file: an example's file, to create as a new encounter. */
export type ExampleFile = z.output<typeof exampleFileSchema>;
/** A stat block of a ruleset's party or bestiary (GET /rosters). */
export type RosterEntry = z.output<typeof rosterEntrySchema>;
export type { RosterKind };

/** GET /encounters/:id/gm: what the GM may change by hand where the fight stands. */
export type GmOptions = z.output<typeof gmSchema>;
export type GmCombatant = GmOptions["combatants"][number];
export type GmFieldData = GmCombatant["fields"][number];

/** A change of the GM's hand, as POST /encounters/:id/changes takes it. */
export type GmChangeData = z.input<typeof gmChangeBody>["change"];

/** GET /encounters/:id/advice: the advisor's ranking, with the rolls made from the seed first. */
export type AdviceJson = Omit<Advice, "options"> & {
  readonly rolled: readonly string[];
  readonly options: readonly OptionAdvice[];
};

/** POST /encounters/:id/simulations: the summary of the runs, where they started, why they stopped. */
/** A job of the whole fight's odds (POST and GET /encounters/:id/fight-odds/jobs). */
export type FightOddsJob = z.output<typeof fightOddsJobSchema>;

export type SimulationJson = SimSummary & {
  readonly stopped: string;
  /** What each combatant played, by id. */
  readonly tactics: Readonly<Record<string, TacticsChoice>>;
};

/** Where a simulation of an encounter starts: where the fight stands, or its start. */
export type SimulationFrom = z.output<typeof encounterSimulationBody>["from"];

/** What one step of undo or redo is: one answer, or a decision with the rolls after it. */
export type StepUnit = z.output<typeof stepsBody>["unit"];

/** An answer to a pending choice, as POST /encounters/:id/answer takes it. */
export type Answer =
  { readonly choice: unknown } | { readonly dice: readonly number[] } | { readonly total: number };

// ---- what the tracker's components draw ------------------------------------------------------
// Plain props, shared by the GM's page and the players' screens: nothing here is GM-only. The
// API's labelled view fields (`health`, `conditions`, `details`, `place`) and the encounter's
// `order` and `lastResult` fill them as they are; a player's screen fills them from what a
// side may see.

/** A bar of health: "Stamina 37/68 SP"; `fillsUp` when a fuller bar is worse ("Injuries 2/12"). */
export interface HealthBarData {
  readonly label: string;
  readonly value: number;
  readonly max: number;
  readonly unit?: string;
  readonly fillsUp?: boolean;
}

/** A condition: "stunned", with the rounds it has left when it has a duration. */
export interface ConditionData {
  readonly id: string;
  readonly label: string;
  readonly rounds?: number;
  /** What `rounds` counts when not rounds: "melee" (karn). */
  readonly unit?: string;
  readonly note?: string;
}

/** A field as a player would say it: "Damage dice: 5d6". */
export interface DetailData {
  readonly label: string;
  readonly value: string;
}

/** Where a combatant stands on the ruleset's line, and how far it reaches. */
export interface PlaceData {
  readonly at: number;
  readonly reach?: number;
  readonly label: string;
}

/** One combatant's card. */
export interface CardData {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly status: string;
  readonly out: boolean;
  /** How it is out, in its ruleset's word ("fled", "dead"), when the view says it. */
  readonly outAs: string | null;
  readonly health: readonly HealthBarData[];
  readonly conditions: readonly ConditionData[];
  readonly details: readonly DetailData[];
  readonly place: PlaceData | null;
}

export type TurnState = "done" | "acting" | "waiting" | "out";

/** One combatant's place in the order of the round. */
export interface TurnEntryData {
  readonly id: string;
  /** Its name, when the order gives it (else the page takes the view's). */
  readonly label?: string;
  readonly state: TurnState;
  /** What places it there: "initiative 14", "5 AP". */
  readonly note?: string;
}

/** The order of the round: who has acted, who acts now, who waits. */
export interface TurnOrderData {
  readonly round: number;
  /** The round as the chapter names it: "Round 3", "Melee 2". */
  readonly label?: string;
  readonly entries: readonly TurnEntryData[];
  /** How the order came about: "the party acts first (initiative die 5)". */
  readonly note?: string;
}

/** A roll of the last result: its label and its dice as rolled ("[5, 3, 4] = 12"). */
export interface ResultRoll {
  readonly label: string;
  readonly dice: string;
  readonly total?: number;
  readonly by?: "fray" | "table";
  /** The player who typed the dice, or asked Fray to roll them, from their screen. */
  readonly player?: string;
}

/**
 * A ruling of the GM's asked inside the step, or a combatant's decision inside the action after
 * its heading (`decider`: Cutter's passive defence against Oswin's attack), where it stands among
 * the step's rolls.
 */
export interface ResultRuling {
  readonly question: string;
  readonly answer: string;
  readonly rollsBefore: number;
  readonly decider?: { readonly id: string; readonly name: string };
  /** A change of the GM's hand inside the step (between a decision and its roll). */
  readonly byHand?: true;
}

/** A combatant's health before and after the last result. */
export interface ResultChange {
  readonly name: string;
  readonly label: string;
  readonly before: string;
  readonly after: string;
  /** The change as the GM says it: "Hild: no longer attacks in anger". */
  readonly text: string;
  /** A health bar that got worse: the outcome's line says it first, so the card leaves it out. */
  readonly worse?: true;
}

/** The last result: the decision that started it, its dice, what changed, and why. */
export interface ResultData {
  /** Answers given when it was complete: the page shows it until a newer one. */
  readonly at: number;
  readonly heading: string;
  /** The player who made the step's decision from their screen; absent when the GM did. */
  readonly player?: string;
  /** On a player's screen: the GM made that decision for one of the player's own combatants. */
  readonly gmChose?: true;
  readonly rolls: readonly ResultRoll[];
  /** The GM's rulings asked inside the step ("... count against this blow?": "no"). */
  readonly rulings: readonly ResultRuling[];
  readonly changes: readonly ResultChange[];
  /**
   * What it did, said first: a line per combatant it hurt or put out of the fight ("Oswin hits
   * Cutter: -11 HP (to -4/18 HP), out of the fight"); the GM's page has it, a player's screen not.
   */
  readonly outcome?: readonly string[];
  /** The GM's change by hand began it: its outcome is drawn as a ruling, not a blow. */
  readonly byHand?: true;
  readonly explanations: readonly { readonly rule: string; readonly text: string }[];
}

/** The group of a decision's option (attack, move, defend, other), as the prompt groups them. */
export type ChoiceGroup = NonNullable<ChoiceData["group"]>;

/** A decision's option as the prompt shows it. */
export type ChoiceData = NonNullable<PendingDecision["choices"]>[number];
