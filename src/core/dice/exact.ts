// The exact interpreter: a syntax tree to its distribution. Every dice term is independent of
// every other, so each node combines the distributions of its children.
import type { BinaryNode, DiceNode } from "./ast.js";
import { divide } from "./arith.js";
import { checkBounds } from "./bounds.js";
import { Budget } from "./budget.js";
import { NotationError } from "./errors.js";
import { exactChainDice, termPmf } from "./exact-term.js";
import { type Pmf, combinePmf, convolve, mapPmf, point, toDist } from "./pmf.js";
import type { Dist } from "../dist.js";

function arithmetic(node: BinaryNode, a: Pmf, b: Pmf, budget: Budget): Pmf {
  switch (node.op) {
    case "+":
      return convolve(a, b, budget, node.span);
    case "-":
      return convolve(
        a,
        mapPmf(b, (x) => 0 - x, budget, node.span),
        budget,
        node.span,
      );
    case "*":
      return combinePmf(a, b, (x, y) => x * y + 0, budget, node.span);
  }
}

function evaluate(node: DiceNode, budget: Budget, text: string): Pmf {
  switch (node.kind) {
    case "number":
      return point(node.value);
    case "dice":
      return termPmf(node, budget);
    case "negate":
      return mapPmf(evaluate(node.operand, budget, text), (x) => 0 - x, budget, node.span);
    case "binary":
      return arithmetic(
        node,
        evaluate(node.left, budget, text),
        evaluate(node.right, budget, text),
        budget,
      );
    case "divide": {
      const a = evaluate(node.numerator, budget, text);
      const b = evaluate(node.denominator, budget, text);
      if (b.lo <= 0 && b.lo + b.p.length - 1 >= 0 && (b.p[-b.lo] as number) > 0) {
        throw new NotationError(text, "the divisor can be 0", node.denominator.span.start + 1);
      }
      return combinePmf(a, b, (x, y) => divide(x, y, node.rounding), budget, node.span);
    }
    case "call": {
      const args = node.args.map((arg) => evaluate(arg, budget, text));
      switch (node.fn) {
        case "abs":
          return mapPmf(args[0] as Pmf, Math.abs, budget, node.span);
        case "min":
        case "max": {
          const pick = node.fn === "min" ? Math.min : Math.max;
          let acc = args[0] as Pmf;
          for (const next of args.slice(1)) acc = combinePmf(acc, next, pick, budget, node.span);
          return acc;
        }
      }
    }
  }
}

/**
 * The exact distribution of a parsed expression; NotationError when over the limits. The width
 * of every distribution the computation will build is checked first, from the expression alone,
 * so that one too wide is refused before any work; the steps are charged as the work goes.
 */
export function exactDist(text: string, ast: DiceNode, budget = new Budget(text)): Dist {
  checkBounds(text, ast, {
    chainDice: exactChainDice,
    visit: (node, { lo, hi }) => budget.range(lo, hi, node.span),
  });
  return toDist(evaluate(ast, budget, text));
}
