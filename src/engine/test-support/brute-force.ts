// Brute force for tests: runs an exchange once for every sequence of physical die faces (each die
// of each roll, as the table would roll them), answering each roll with its spec's reading of
// those dice, and checks the exact driver against it. This checks the rolls' encodings and the
// exact driver against the dice themselves.
import { expect } from "vitest";
import { compileDice, type Dice } from "../../core/dice/index.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../choice.js";
import { enumerateExact } from "../drivers/exact.js";
import { checkDecision } from "../drivers/validate.js";
import type { Json } from "../json.js";
import type { ExchangeResult } from "../ruleset.js";
import type { Playbook } from "../tactics.js";

class NeedDie {
  constructor(readonly sides: number) {}
}

const compiled = new Map<string, Dice>();

class FacesContext implements RuleContext {
  readonly explaining = false;
  private next = 0;

  constructor(
    private readonly faces: readonly number[],
    private readonly fixed: Readonly<Record<string, Json>>,
    private readonly tactics: Playbook,
  ) {}

  roll(spec: RollSpec): number {
    let dice = compiled.get(spec.notation);
    if (dice === undefined) compiled.set(spec.notation, (dice = compileDice(spec.notation)));
    const roll = dice.roll({
      die: (sides: number) => {
        const face = this.faces[this.next];
        if (face === undefined) throw new NeedDie(sides);
        this.next += 1;
        return face;
      },
    });
    return spec.read(roll);
  }

  decide<T extends Json>(actor: string, question: string, options: DecisionOptions<T>): T {
    const key = `${actor}:${question}`;
    return key in this.fixed
      ? checkDecision(actor, question, options, this.fixed[key])
      : this.tactics.answer(actor, question, options);
  }

  explain(): void {}
}

/** Every outcome of `run` over every sequence of die faces, with its probability. */
export function bruteForce<R>(
  run: (ctx: RuleContext) => R,
  tactics: Playbook,
  fixed: Readonly<Record<string, Json>> = {},
  maxRuns = 3_000_000,
): { p: number; result: R }[] {
  const out: { p: number; result: R }[] = [];
  const stack: { faces: number[]; p: number }[] = [{ faces: [], p: 1 }];
  let runs = 0;
  while (stack.length > 0) {
    const { faces, p } = stack.pop()!;
    runs += 1;
    if (runs > maxRuns) throw new Error(`brute force needs more than ${maxRuns} runs`);
    try {
      out.push({ p, result: run(new FacesContext(faces, fixed, tactics)) });
    } catch (error) {
      if (!(error instanceof NeedDie)) throw error;
      for (let face = 1; face <= error.sides; face += 1)
        stack.push({ faces: [...faces, face], p: p / error.sides });
    }
  }
  return out;
}

/** The probability of each result, keyed "category|damage|damageTaken|defenderOut|attackerOut". */
function byResult(outcomes: readonly { p: number; result: ExchangeResult }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { p, result } of outcomes) {
    const key = `${result.category}|${result.damage}|${result.damageTaken}|${result.defenderOut}|${result.attackerOut}`;
    out.set(key, (out.get(key) ?? 0) + p);
  }
  return out;
}

/**
 * Expects the exact driver and brute force over every die to give `run` (one exchange, with the
 * `decisions` fixed and the rest by the `tactics`) the same results with the same probabilities; returns
 * the exact ones, keyed as `byResult` keys them.
 */
export function expectExactAgreesWithDice(
  run: (ctx: RuleContext) => ExchangeResult,
  decisions: Readonly<Record<string, Json>>,
  tactics: Playbook,
): Map<string, number> {
  const exact = byResult(enumerateExact(run, { tactics, decisions }).outcomes);
  const brute = byResult(bruteForce(run, tactics, decisions));
  expect([...exact.keys()].sort()).toEqual([...brute.keys()].sort());
  for (const [key, p] of brute) expect(exact.get(key), key).toBeCloseTo(p, 12);
  return exact;
}
