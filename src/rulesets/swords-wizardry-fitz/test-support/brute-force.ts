// Brute force for tests: runs a procedure once for every sequence of physical die faces (each die
// of each roll, as the table would roll them), answering each roll with its spec's reading of
// those dice. It checks the rolls' encodings and the exact driver against the dice themselves.
import { compileDice, type Dice } from "../../../core/dice/index.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../../../engine/choice.js";
import { checkDecision } from "../../../engine/drivers/validate.js";
import type { Json } from "../../../engine/json.js";

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
      : options.policy();
  }

  explain(): void {}
}

export function bruteForce<R>(
  run: (ctx: RuleContext) => R,
  fixed: Readonly<Record<string, Json>> = {},
  maxRuns = 2_000_000,
): { p: number; result: R }[] {
  const out: { p: number; result: R }[] = [];
  const stack: { faces: number[]; p: number }[] = [{ faces: [], p: 1 }];
  let runs = 0;
  while (stack.length > 0) {
    const { faces, p } = stack.pop()!;
    runs += 1;
    if (runs > maxRuns) throw new Error(`brute force needs more than ${maxRuns} runs`);
    try {
      out.push({ p, result: run(new FacesContext(faces, fixed)) });
    } catch (error) {
      if (!(error instanceof NeedDie)) throw error;
      for (let face = 1; face <= error.sides; face += 1)
        stack.push({ faces: [...faces, face], p: p / error.sides });
    }
  }
  return out;
}
