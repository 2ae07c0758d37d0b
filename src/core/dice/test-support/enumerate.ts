// Brute force for tests: every sequence of die faces the sampler can ask for, each with its
// probability, run through the sampler. Independent of the exact interpreter by construction.
import type { Dice } from "../dice.js";

class NeedDie {
  constructor(readonly sides: number) {}
}

/** The exact distribution of `dice` by enumerating every roll; only for small expressions. */
export function enumerate(dice: Dice, maxPaths = 200_000): Map<number, number> {
  const out = new Map<number, number>();
  const stack: { prefix: number[]; p: number }[] = [{ prefix: [], p: 1 }];
  let paths = 0;
  while (stack.length > 0) {
    const { prefix, p } = stack.pop() as { prefix: number[]; p: number };
    if (++paths > maxPaths) throw new Error(`more than ${maxPaths} paths`);
    let i = 0;
    try {
      const { total } = dice.roll({
        die(sides: number): number {
          if (i < prefix.length) return prefix[i++] as number;
          throw new NeedDie(sides);
        },
      });
      out.set(total, (out.get(total) ?? 0) + p);
    } catch (error) {
      if (!(error instanceof NeedDie)) throw error;
      for (let v = 1; v <= error.sides; v++)
        stack.push({ prefix: [...prefix, v], p: p / error.sides });
    }
  }
  return out;
}
