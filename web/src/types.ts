// The console's view of the HTTP API's replies: types taken from the server's own zod schemas
// and from the engine's and the simulation's result types (type imports only: nothing of the
// server is bundled).
import type { z } from "zod";
import type { Advice, OptionAdvice } from "../../src/engine/advice.js";
import type {
  encounterSchema,
  encounterSimulationBody,
  encounterSummarySchema,
  errorSchema,
  stepsBody,
} from "../../src/server/schemas.js";
import type { SimSummary } from "../../src/sim/summary.js";

export type Encounter = z.output<typeof encounterSchema>;
export type EncounterSummary = z.output<typeof encounterSummarySchema>;
export type Pending = NonNullable<Encounter["pending"]>;
export type PendingDecision = Extract<Pending, { kind: "decide" }>;
export type PendingRoll = Extract<Pending, { kind: "roll" }>;
export type CombatantView = Encounter["views"]["gm"][number];
export type Explanation = Encounter["explanations"][number];
export type ErrorBody = z.output<typeof errorSchema>;

/** GET /encounters/:id/advice: the advisor's ranking, with the rolls made from the seed first. */
export type AdviceJson = Omit<Advice, "options"> & {
  readonly rolled: readonly string[];
  readonly options: readonly OptionAdvice[];
};

/** POST /encounters/:id/simulations: the summary of the runs, where they started, why they stopped. */
export type SimulationJson = SimSummary & { readonly stopped: string };

/** Where a simulation of an encounter starts: where the fight stands, or its start. */
export type SimulationFrom = z.output<typeof encounterSimulationBody>["from"];

/** What one step of undo or redo is: one answer, or a decision with the rolls after it. */
export type StepUnit = z.output<typeof stepsBody>["unit"];

/** An answer to a pending choice, as POST /encounters/:id/answer takes it. */
export type Answer =
  { readonly choice: unknown } | { readonly dice: readonly number[] } | { readonly total: number };
