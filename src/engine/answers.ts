// Answers to choice points: what the log of an encounter records, and what replay feeds back.
import type { Json } from "./json.js";

export interface RollAnswer {
  readonly kind: "roll";
  readonly label: string;
  readonly value: number;
  /** The dice as rolled, for people ("[6!, 5, 3] = 14"); absent when only the total is known. */
  readonly dice?: string;
  /** Who rolled them: "fray" (seeded) or "table" (typed in). */
  readonly by?: "fray" | "table";
}

export interface DecideAnswer {
  readonly kind: "decide";
  readonly actor: string;
  readonly question: string;
  readonly value: Json;
}

export type Answer = RollAnswer | DecideAnswer;
