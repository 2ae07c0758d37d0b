// The GM's hand (docs/architecture.md, "The GM's hand is an answer too"): changes the GM makes by
// hand mid-fight (health or a stat set, a condition added or removed, a combatant added or
// removed, the fight ended by ruling) are answers in the log. The script driver meets one before
// the next choice point and applies it here to the working state, through the ruleset: the engine
// checks what is common to every ruleset (the combatant exists, the field is editable, the value
// fits its schema, the condition is the ruleset's), the ruleset applies it. A refused change
// throws an AnswerError naming the field and what would fix it, and changes nothing.
import { z } from "zod";
import { nameInSentence } from "../core/sentence.js";
import { valueLabel, type GmAnswer, type GmChange } from "./answers.js";
import type { Choice } from "./choice.js";
import { AnswerError } from "./drivers/validate.js";
import { parseCombatant } from "./encounter-file.js";
import { InputError } from "./input-error.js";
import type { Json } from "./json.js";
import type {
  CombatantSpec,
  CombatantView,
  ConditionView,
  Outcome,
  Ruleset,
  SideSpec,
} from "./ruleset.js";
import { sideWins } from "./side-wins.js";

const combatantId = z.string().min(1).describe("the combatant's id");

/** A change of the GM's hand as JSON: what a log line, a script or a request gives. */
export const gmChangeSchema: z.ZodType<GmChange> = z.discriminatedUnion("op", [
  z.strictObject({
    op: z.literal("set"),
    combatant: combatantId,
    field: z.string().describe("one of the combatant's editable fields"),
    value: z.json().describe("the new value, as the field's schema allows"),
  }),
  z.strictObject({
    op: z.literal("add-condition"),
    combatant: combatantId,
    condition: z.string().describe("one of the ruleset's conditions"),
    rounds: z
      .number()
      .int()
      .optional()
      .describe("for a condition that lasts a number of rounds (melees, turns): how many"),
  }),
  z.strictObject({
    op: z.literal("remove-condition"),
    combatant: combatantId,
    condition: z.string(),
  }),
  z.strictObject({
    op: z.literal("add-combatant"),
    combatant: z
      .record(z.string(), z.json())
      .describe("as an encounter file lists it: id, name, side and the ruleset's stats"),
    place: z
      .number()
      .int()
      .optional()
      .describe("where it arrives on the ruleset's line (default: its side's usual place)"),
  }),
  z.strictObject({ op: z.literal("remove-combatant"), combatant: combatantId }),
  z.strictObject({
    op: z.literal("end"),
    winner: z.string().nullable().describe("the winning side's id, or null for no winner"),
    reason: z.string().describe("why the fight ends"),
  }),
]);

/** A field of a combatant the GM may set, with its label, its schema and its value now. */
export interface GmField {
  readonly key: string;
  /** As a player says it: "Stamina (SP)", "Weapon in hand". */
  readonly label: string;
  /** The values allowed for this combatant now (limits included: 0 to its maximum). */
  readonly schema: z.ZodType<Json>;
  readonly value: Json;
  /** Every allowed value with its label, when they can be listed (a weapon to hold). */
  readonly choices?: readonly Choice<Json>[];
}

/** A whole-number field between `min` and `max` (hit points, a stat, a position). */
export function wholeField(
  key: string,
  label: string,
  value: number,
  min: number,
  max: number,
): GmField {
  return { key, label, schema: z.number().int().min(min).max(max), value };
}

/**
 * The last round (melee, turn) of a condition put on for `rounds` of them, the current one
 * counted as the first (before the first round, the first round is the current one).
 */
export function lastRoundOf(current: number, rounds: number): number {
  return Math.max(current, 1) + rounds - 1;
}

/** A condition of the ruleset the GM may put a combatant under, or take away. */
export interface GmCondition {
  readonly id: string;
  readonly label: string;
  /** What it does, citing the chapter's section. */
  readonly description: string;
  /**
   * Present when it lasts a number of rounds (the ruleset's unit: "round", "melee", "turn"):
   * the GM gives how many; absent, it lasts until the rules or the GM end it.
   */
  readonly rounds?: { readonly unit: string };
}

/** What a ruleset lets the GM change by hand (its `gm-changes.ts`). */
export interface GmRules<S> {
  /** The fields of combatant `id` the GM may set, with their values now. */
  fields(state: S, id: string): readonly GmField[];
  /** Sets a field; `value` has passed the field's schema. */
  set(state: S, id: string, field: string, value: Json): void;
  readonly conditions: readonly GmCondition[];
  /** Puts a combatant under a condition; `rounds` is given exactly when the condition lasts. */
  addCondition(state: S, id: string, condition: string, rounds: number | undefined): void;
  removeCondition(state: S, id: string, condition: string): void;
  /**
   * A late arrival: joins the ruleset's order at the next round (or where the chapter says),
   * at `place` on the line or its side's usual place.
   */
  addCombatant(state: S, spec: CombatantSpec, place: number | undefined): void;
  /** Takes a combatant out of the fight and out of the views. */
  removeCombatant(state: S, id: string): void;
}

/** A combatant as the GM's forms show it: the fields the GM may set, the conditions it is under. */
export interface GmCombatant {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly out: boolean;
  readonly fields: readonly GmField[];
  readonly conditions: readonly ConditionView[];
}

/** What the GM may change by hand on each combatant in the fight, where the fight stands. */
export function gmCombatants<S extends object>(rules: Ruleset<S>, state: S): GmCombatant[] {
  return rules.view(state, { kind: "gm" }).map((v) => ({
    id: v.id,
    name: v.name,
    side: v.side,
    out: v.out,
    fields: rules.gm.fields(state, v.id),
    conditions: v.conditions,
  }));
}

/** The section explanations of GM changes cite. */
export const GM_SECTION = { id: "fray-gm", title: "The GM's ruling" } as const;

/** What the encounter knows that a change is checked against. */
export interface GmContext {
  readonly sides: readonly SideSpec[];
  /** The combatant the pending choice asks or rolls for, if any. */
  readonly acting: string | undefined;
}

/** The result of an applied change: its label, and the end of the fight if it brought one. */
export interface GmApplied {
  readonly answer: GmAnswer;
  readonly outcome: Outcome | null;
}

function refuse(message: string, where: string, hint?: string): never {
  throw new AnswerError(message, where, hint);
}

function combatantOf(views: readonly CombatantView[], id: string, where: string): CombatantView {
  const found = views.find((v) => v.id === id);
  if (found === undefined) {
    refuse(
      `${where}: no combatant "${id}" in the fight`,
      where,
      `name one of ${views.map((v) => `${v.id} (${v.name})`).join(", ")}`,
    );
  }
  return found;
}

function conditionOf<S extends object>(rules: Ruleset<S>, id: string): GmCondition {
  const found = rules.gm.conditions.find((c) => c.id === id);
  if (found === undefined) {
    refuse(
      `change.condition: "${id}" is not a condition of ${rules.id}`,
      "change.condition",
      `one of ${rules.gm.conditions.map((c) => `${c.id} (${c.label})`).join(", ")}`,
    );
  }
  return found;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * Checks `change` against the state and applies it through the ruleset; returns its label and
 * the fight's end when the change brought one (a ruling, or the rules once it is applied).
 */
export function applyGmChange<S extends object>(
  rules: Ruleset<S>,
  state: S,
  change: GmChange,
  context: GmContext,
): GmApplied {
  const views = rules.view(state, { kind: "gm" });
  const done = (label: string, ruled: Outcome | null = null): GmApplied => ({
    answer: { kind: "gm", change, label: `the GM ${label}` },
    outcome: ruled ?? rules.outcome(state),
  });
  switch (change.op) {
    case "set": {
      const who = combatantOf(views, change.combatant, "change.combatant");
      const fields = rules.gm.fields(state, who.id);
      const field = fields.find((f) => f.key === change.field);
      if (field === undefined) {
        refuse(
          `change.field: ${who.name} has no field "${change.field}" the GM can set`,
          "change.field",
          `one of ${fields.map((f) => `${f.key} (${f.label})`).join(", ")}`,
        );
      }
      const parsed = field.schema.safeParse(change.value);
      if (!parsed.success) {
        refuse(
          `change.value: ${field.label} of ${who.name}: ${JSON.stringify(change.value)} is not allowed (${parsed.error.issues.map((i) => i.message).join("; ")})`,
          "change.value",
          field.choices === undefined
            ? "give a value the field allows"
            : `one of ${field.choices.map((c) => JSON.stringify(c.value)).join(", ")}`,
        );
      }
      rules.gm.set(state, who.id, field.key, parsed.data);
      return done(
        `sets ${nameInSentence(who.name)}'s ${field.label} to ${valueLabel(field, parsed.data)} (was ${valueLabel(field, field.value)})`,
      );
    }
    case "add-condition": {
      const who = combatantOf(views, change.combatant, "change.combatant");
      const condition = conditionOf(rules, change.condition);
      const unit = condition.rounds?.unit;
      if (unit === undefined && change.rounds !== undefined) {
        refuse(
          `change.rounds: ${condition.label} lasts until the rules or the GM end it, not a number of rounds`,
          "change.rounds",
          "leave rounds out",
        );
      }
      if (unit !== undefined && !(Number.isInteger(change.rounds) && change.rounds! >= 1)) {
        refuse(
          `change.rounds: ${condition.label} lasts a number of ${unit}s: ${change.rounds === undefined ? "none given" : `${change.rounds} is not a whole number of at least 1`}`,
          "change.rounds",
          `give rounds: how many ${unit}s (1 or more)`,
        );
      }
      rules.gm.addCondition(state, who.id, condition.id, change.rounds);
      const lasting = unit === undefined ? "" : ` for ${plural(change.rounds!, unit)}`;
      return done(`puts ${nameInSentence(who.name)} under ${condition.label}${lasting}`);
    }
    case "remove-condition": {
      const who = combatantOf(views, change.combatant, "change.combatant");
      const condition = conditionOf(rules, change.condition);
      if (!who.conditions.some((c) => c.id === condition.id)) {
        refuse(
          `change.condition: ${who.name} is not under ${condition.label}`,
          "change.condition",
          who.conditions.length === 0
            ? `${who.name} is under no condition`
            : `${who.name} is under ${who.conditions.map((c) => `${c.id} (${c.label})`).join(", ")}`,
        );
      }
      rules.gm.removeCondition(state, who.id, condition.id);
      return done(`takes ${condition.label} off ${nameInSentence(who.name)}`);
    }
    case "add-combatant": {
      const taken = new Set(rules.standing(state).map((s) => s.id));
      let spec: CombatantSpec;
      try {
        spec = parseCombatant(rules, change.combatant, context.sides, taken, "change.combatant");
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        throw new AnswerError(error.message, error.where, error.hint);
      }
      if (change.place !== undefined && !Number.isInteger(change.place)) {
        refuse(
          `change.place: ${change.place} is not a whole number`,
          "change.place",
          "give a position on the line, or leave it out",
        );
      }
      rules.gm.addCombatant(state, spec, change.place);
      const side = context.sides.find((s) => s.id === spec.side)!;
      return done(
        `brings ${nameInSentence(spec.name)} into the fight on the side of ${nameInSentence(side.name)}`,
      );
    }
    case "remove-combatant": {
      const who = combatantOf(views, change.combatant, "change.combatant");
      if (who.id === context.acting) {
        refuse(
          `change.combatant: ${who.name} is being asked now: answer first, then remove ${who.name}`,
          "change.combatant",
          "answer the pending choice (or undo to before it), then remove the combatant",
        );
      }
      rules.gm.removeCombatant(state, who.id);
      return done(`takes ${nameInSentence(who.name)} out of the fight`);
    }
    case "end": {
      const { winner, reason } = change;
      const side = winner === null ? null : context.sides.find((s) => s.id === winner);
      if (side === undefined) {
        refuse(
          `change.winner: "${winner}" is not a side of the encounter`,
          "change.winner",
          `one of ${context.sides.map((s) => s.id).join(", ")}, or null for no winner`,
        );
      }
      if (reason.trim() === "") {
        refuse(
          "change.reason: say why the fight ends",
          "change.reason",
          'e.g. "the giant surrenders"',
        );
      }
      const outcome: Outcome = { winner, reason: `the GM's ruling: ${reason.trim()}` };
      return done(
        `ends the fight: ${side === null ? "no winner" : sideWins(nameInSentence(side.name))} (${reason.trim()})`,
        outcome,
      );
    }
  }
}
