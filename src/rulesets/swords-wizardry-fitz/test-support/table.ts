// A scripted table for procedure tests: each roll takes the next answer (a number is the roll's
// answer as the rule reads it; a list is the dice as the table rolls them), each decision the
// next value (validated like any answer), and "policy" lets the decision's policy answer.
import { compileDice } from "../../../core/dice/index.js";
import type { DecisionOptions, RollSpec, RuleContext, Section } from "../../../engine/choice.js";
import { checkDecision, checkRoll } from "../../../engine/drivers/validate.js";
import {
  formatExplanation,
  makeExplanation,
  type Explanation,
} from "../../../engine/explanation.js";
import type { Json } from "../../../engine/json.js";
import type { CombatantSpec } from "../../../engine/ruleset.js";
import { Playbook } from "../../../engine/tactics.js";
import { swordsWizardryFitz } from "../index.js";
import { combatantStatsSchema } from "../schema.js";
import { faceFoes } from "../procedures/field.js";
import { fighterFrom } from "../setup.js";
import type { Fighter, SwState } from "../state.js";
import { DEFAULT_SWITCHES, type SwSwitches } from "../switches.js";

export type Scripted = Json | readonly number[] | "policy";

export class Table implements RuleContext {
  readonly explaining = true;
  readonly explanations: Explanation[] = [];
  readonly asked: string[] = [];
  /** The prompts of the decisions asked, in order. */
  readonly prompts: string[] = [];
  private next = 0;
  constructor(private readonly answers: readonly Scripted[]) {}

  private take(what: string): Scripted {
    if (this.next >= this.answers.length) throw new Error(`the script ran out at ${what}`);
    return this.answers[this.next++]!;
  }

  roll(spec: RollSpec, label: string): number {
    const a = this.take(`roll: ${label}`);
    this.asked.push(`roll: ${label}`);
    if (Array.isArray(a)) {
      const faces = [...(a as number[])];
      const roll = compileDice(spec.notation).roll({
        die: () => {
          const f = faces.shift();
          if (f === undefined) throw new Error(`${label}: more dice needed for ${spec.notation}`);
          return f;
        },
      });
      return spec.read(roll);
    }
    if (typeof a !== "number")
      throw new Error(`${label}: a roll needs a number, got ${JSON.stringify(a)}`);
    return checkRoll(spec, label, a);
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const a = this.take(`${actor}:${question}`);
    this.asked.push(`${actor}:${question}`);
    this.prompts.push(options.prompt);
    if (a === "policy")
      return checkDecision(
        actor,
        question,
        options,
        new Playbook(swordsWizardryFitz.tactics).answer(actor, question, options),
      );
    return checkDecision(actor, question, options, a);
  }

  explain(section: Section, text: string | (() => string), data?: Json): void {
    this.explanations.push(makeExplanation("swords-wizardry-fitz", this.next, section, text, data));
  }

  get texts(): string[] {
    return this.explanations.map(formatExplanation);
  }

  get used(): number {
    return this.next;
  }
}

/** A state of `fighters` (stats as an encounter file gives them; `side` and `pos` included). */
export function stateWith(
  fighters: readonly (Record<string, Json> & { id: string; side: string; pos?: number })[],
  switches: Partial<SwSwitches> = {},
): SwState {
  const combatants = fighters.map(({ id, side, pos, name, ...stats }, i) => {
    const spec: CombatantSpec = {
      id,
      name: typeof name === "string" ? name : id,
      side,
      stats: combatantStatsSchema.parse({
        ...("hitDice" in stats ? {} : { level: 1 }),
        hitPoints: 8,
        ...stats,
      }) as never,
    };
    return fighterFrom(spec, i, pos ?? 0);
  });
  const state: SwState = {
    round: 1,
    start: { surprise: "none", ambusher: "", ambushChance: 100, ambushSegments: 1 },
    segments: 0,
    count: 5,
    midRound: false,
    blow: null,
    freeAttacker: "",
    switches: { ...DEFAULT_SWITCHES, ...switches },
    terrainDexModifier: 0,
    askTerrain: false,
    walls: [],
    combatants,
    exchange: null,
  };
  faceFoes(state);
  return state;
}

export function get(state: SwState, id: string): Fighter {
  const f = state.combatants.find((c) => c.id === id);
  if (f === undefined) throw new Error(`no combatant ${id}`);
  return f;
}
