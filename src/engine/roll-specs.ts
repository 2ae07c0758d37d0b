// Ready-made roll specs. `diceRoll("5d6!")` asks for a dice expression and answers its total;
// specs are cached by notation so that distributions are computed once per process.
import { compileDice } from "../core/dice/index.js";
import type { Dist } from "../core/dist.js";
import type { Roll } from "../core/dice/index.js";
import type { RollSpec } from "./choice.js";

const cache = new Map<string, RollSpec>();

/** A roll of a dice expression whose answer is the total. */
export function diceRoll(notation: string): RollSpec {
  let spec = cache.get(notation);
  if (spec === undefined) {
    const dice = compileDice(notation);
    let dist: Dist | undefined;
    spec = {
      notation,
      dist: () => (dist ??= dice.dist()),
      read: (roll: Roll) => roll.total,
    };
    cache.set(notation, spec);
  }
  return spec;
}
