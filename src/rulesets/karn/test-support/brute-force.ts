// Brute force for tests: plays a procedure once for every sequence of die faces the table could
// roll, each roll answered by its spec's reading of those faces, so the exact driver and the
// encoded rolls can be checked against the physical dice.
import { compileDice, type Dice } from "../../../core/dice/index.js";
import type { DecisionOptions, RollSpec, RuleContext } from "../../../engine/choice.js";
import { checkDecision } from "../../../engine/drivers/validate.js";
import type { Json } from "../../../engine/json.js";

class MoreFaces extends Error {
  constructor(readonly sides: number) {
    super("more faces needed");
  }
}

const compiled = new Map<string, Dice>();

function dice(notation: string): Dice {
  let d = compiled.get(notation);
  if (d === undefined) compiled.set(notation, (d = compileDice(notation)));
  return d;
}

class FaceContext implements RuleContext {
  readonly explaining = false;
  private used = 0;

  constructor(
    private readonly faces: readonly number[],
    private readonly fixed: Readonly<Record<string, Json>>,
  ) {}

  roll(spec: RollSpec): number {
    const roll = dice(spec.notation).roll({
      die: (sides: number) => {
        const face = this.faces[this.used];
        if (face === undefined) throw new MoreFaces(sides);
        this.used += 1;
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

/** Every outcome of `run` over every sequence of faces, with its probability. */
export function everyFace<R>(
  run: (ctx: RuleContext) => R,
  fixed: Readonly<Record<string, Json>>,
  limit = 2_000_000,
): { p: number; result: R }[] {
  const out: { p: number; result: R }[] = [];
  const todo: { faces: number[]; p: number }[] = [{ faces: [], p: 1 }];
  for (let n = 0; todo.length > 0; n += 1) {
    if (n > limit) throw new Error(`more than ${limit} runs`);
    const { faces, p } = todo.pop()!;
    try {
      out.push({ p, result: run(new FaceContext(faces, fixed)) });
    } catch (error) {
      if (!(error instanceof MoreFaces)) throw error;
      for (let face = 1; face <= error.sides; face += 1)
        todo.push({ faces: [...faces, face], p: p / error.sides });
    }
  }
  return out;
}
