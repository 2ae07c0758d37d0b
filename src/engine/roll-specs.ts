// Ready-made roll specs. `diceRoll("5d6!")` asks for a dice expression and answers its total;
// specs are cached by notation so that distributions are computed once per process.
import { compileDice, type Dice } from "../core/dice/index.js";
import type { Dist } from "../core/dist.js";
import type { Roll } from "../core/dice/index.js";
import type { RollSpec } from "./choice.js";

/**
 * One class for every such spec: the policy driver calls `spec.dist()` for every roll, and one
 * method shared by all specs is a call the JIT can inline (a closure per spec is not).
 */
class DiceRollSpec implements RollSpec {
  private computed: Dist | undefined = undefined;
  constructor(
    readonly notation: string,
    private readonly dice: Dice,
  ) {}

  dist(): Dist {
    return (this.computed ??= this.dice.dist());
  }

  read(roll: Roll): number {
    return roll.total;
  }
}

const cache = new Map<string, RollSpec>();

/** A roll of a dice expression whose answer is the total. */
export function diceRoll(notation: string): RollSpec {
  let spec = cache.get(notation);
  if (spec === undefined) {
    spec = new DiceRollSpec(notation, compileDice(notation));
    cache.set(notation, spec);
  }
  return spec;
}
