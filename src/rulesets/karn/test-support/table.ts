// Test helpers: play karn's example files the way a table does, with the dice typed in one by
// one (each roll takes the next list of dice; a strike against a defence is two dice, the strike
// die first) and chosen decisions fixed by "actor:question" (the rest by their policies).
import type { DecisionOptions, RollSpec, RuleContext, Section } from "../../../engine/choice.js";
import { tableRoll } from "../../../engine/drivers/live.js";
import { PolicyContext } from "../../../engine/drivers/policy.js";
import type { Rng } from "../../../core/random.js";
import { checkDecision } from "../../../engine/drivers/validate.js";
import {
  parseExchangeFile,
  type EncounterDefinition,
  type ExchangeDefinition,
} from "../../../engine/encounter-file.js";
import type { Json, JsonObject } from "../../../engine/json.js";
import { exampleFiles } from "../../../engine/test-support/scripted.js";
import { Playbook } from "../../../engine/tactics.js";
import { karn } from "../index.js";
import type { Fighter, KarnState } from "../state.js";

export const registry = { karn } as const;

export const { examplePath, loadEncounter, loadExchange, encounterFrom } = exampleFiles(
  registry,
  "karn",
);

/** Karn's default tactics (its policies until they move into its table). */
const PLAYBOOK = new Playbook(karn.tactics);

/** Thrown when the typed dice run out: the test has seen what it wanted. */
export class OutOfDice extends Error {
  constructor(readonly label: string) {
    super(`no dice left for: ${label}`);
  }
}

export class TableContext implements RuleContext {
  readonly explaining = true;
  readonly explanations: string[] = [];
  /** Decisions asked, as "actor:question=answer". */
  readonly asked: string[] = [];
  /** Rolls made, as "label=value". */
  readonly rolls: string[] = [];
  /** The questions asked, as "actor:question: prompt". */
  readonly prompts: string[] = [];
  private next = 0;

  constructor(
    private readonly dice: readonly (readonly number[])[],
    private readonly decisions: Readonly<Record<string, Json>> = {},
    /** The tactics that answer what `decisions` leaves (the ruleset's defaults unless given). */
    private readonly playbook: Playbook = PLAYBOOK,
  ) {}

  roll(spec: RollSpec, label: string, actor?: string): number {
    const typed = this.dice[this.next];
    if (typed === undefined) throw new OutOfDice(label);
    this.next += 1;
    const value = tableRoll({ kind: "roll", index: this.next, label, actor, spec }, typed).value;
    this.rolls.push(`${label}=${value}`);
    return value;
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const key = `${actor}:${question}`;
    const value =
      key in this.decisions
        ? checkDecision(actor, question, options, this.decisions[key])
        : checkDecision(actor, question, options, this.playbook.answer(actor, question, options));
    this.asked.push(`${key}=${JSON.stringify(value)}`);
    this.prompts.push(`${key}: ${options.prompt}`);
    return value;
  }

  explain(section: Section, text: string | (() => string)): void {
    this.explanations.push(`karn, ${section.title}: ${typeof text === "string" ? text : text()}`);
  }

  /** Dice typed but not rolled. */
  get left(): number {
    return this.dice.length - this.next;
  }
}

/**
 * Seeded dice and the policies (decisions in `decisions` fixed), with everything that happens
 * kept in order in `seen`: "roll <label>", "ask <actor:question>=<answer>" and
 * "<section>: <explanation>".
 */
export class SeenContext implements RuleContext {
  readonly explaining = true;
  readonly seen: string[] = [];
  private readonly inner: PolicyContext;

  constructor(
    rng: Rng,
    private readonly decisions: Readonly<Record<string, Json>> = {},
  ) {
    this.inner = new PolicyContext(rng, PLAYBOOK);
  }

  roll(spec: RollSpec, label: string): number {
    this.seen.push(`roll ${label}`);
    return this.inner.roll(spec);
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const key = `${actor}:${question}`;
    const value = checkDecision(
      actor,
      question,
      options,
      key in this.decisions ? this.decisions[key] : PLAYBOOK.answer(actor, question, options),
    );
    this.seen.push(`ask ${key}=${JSON.stringify(value)}`);
    return value;
  }

  explain(section: Section, text: string | (() => string)): void {
    this.seen.push(`${section.title}: ${typeof text === "string" ? text : text()}`);
  }
}

/** Plays one melee of `state` with typed dice; stops quietly when they run out. */
export function meleeWith(
  state: KarnState,
  dice: readonly (readonly number[])[],
  decisions: Readonly<Record<string, Json>> = {},
  playbook?: Playbook,
): TableContext {
  const ctx = new TableContext(dice, decisions, playbook);
  try {
    karn.round(state, ctx);
  } catch (error) {
    if (!(error instanceof OutOfDice)) throw error;
  }
  return ctx;
}

/** The exchange's state, ready for `meleeWith` (decisions of the file included). */
export function exchangeState(def: ExchangeDefinition): KarnState {
  return karn.exchange.setup(def.attacker, def.defender, def.situation, def.switches);
}

/** Plays an exchange file's melee with typed dice, its decisions fixed (and `more`). */
export function exchangeWith(
  name: string,
  dice: readonly (readonly number[])[],
  more: Readonly<Record<string, Json>> = {},
): { state: KarnState; ctx: TableContext } {
  const def = loadExchange(name);
  const state = exchangeState(def);
  const ctx = meleeWith(state, dice, { ...def.decisions, ...more });
  return { state, ctx };
}

export function encounterState(name: string | EncounterDefinition): KarnState {
  const def = typeof name === "string" ? loadEncounter(name) : name;
  return karn.setup(def.setup);
}

export function who(state: KarnState, id: string): Fighter {
  const f = state.fighters.find((x) => x.id === id);
  if (f === undefined) throw new Error(`no fighter ${id}`);
  return f;
}

/** A two-combatant state from stats, the first winning the initiative (an exchange). */
export function pair(a: JsonObject, b: JsonObject, switches: JsonObject = {}): KarnState {
  const def = parseExchangeFile(
    {
      ruleset: "karn",
      attacker: { id: "ann", name: "Ann", ...a },
      defender: { id: "bob", name: "Bob", ...b },
      switches,
    },
    registry,
    "test.yaml",
  );
  return exchangeState(def);
}
