// Static checks on a parsed expression, by interval arithmetic: no result may leave the range
// of exact integers, and no divisor may ever be 0. Run once at compile time, so that a
// compiled expression never fails in the middle of a roll for these reasons; run again, with the
// exact interpreter's explosion lengths, before exact odds, so that a distribution too wide to
// compute is refused before any of it is built.
import type { BinaryNode, DiceNode, DiceTerm } from "./ast.js";
import { divide } from "./arith.js";
import { NotationError } from "./errors.js";
import { highestFace, lowestFace } from "./faces.js";
import { DEFAULT_EXPLODE_DEPTH } from "./limits.js";

export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

function times(countLo: number, countHi: number, lo: number, hi: number): Interval {
  return {
    lo: Math.min(countLo * lo, countHi * lo),
    hi: Math.max(countLo * hi, countHi * hi),
  };
}

/**
 * The most dice one explosion chain of `t` may roll (the first die and its explosions). Rolls
 * stop at the written depth or at DEFAULT_EXPLODE_DEPTH; exact odds stop earlier (exact-term.ts).
 */
export type ChainDice = (t: DiceTerm) => number;

const rolledChainDice: ChainDice = (t) => (t.explode?.depth ?? DEFAULT_EXPLODE_DEPTH) + 1;

function termBounds(t: DiceTerm, chainDice: ChainDice): Interval {
  let lo = lowestFace(t.faces);
  const top = highestFace(t.faces);
  let hi = top;
  const diceLo = t.count;
  let diceHi = t.count;
  const explode = t.explode;
  if (explode !== undefined) {
    const rolls = chainDice(t);
    const penetrate = explode.style === "penetrate" || explode.style === "compound-penetrate";
    const laterLo = penetrate ? lo - 1 : lo;
    switch (explode.style) {
      case "compound":
      case "compound-penetrate":
        lo = Math.min(lo, lo + (rolls - 1) * laterLo);
        hi = Math.max(hi, hi + (rolls - 1) * (penetrate ? hi - 1 : hi));
        break;
      case "add":
      case "penetrate":
        lo = Math.min(lo, laterLo);
        diceHi = t.count * rolls;
        break;
    }
  }
  const keep = t.keep;
  let keptLo = diceLo;
  let keptHi = diceHi;
  if (keep !== undefined) {
    switch (keep.rule) {
      case "kh":
      case "kl":
        keptLo = Math.min(keep.count, diceLo);
        keptHi = Math.min(keep.count, diceHi);
        break;
      case "dh":
      case "dl":
        keptLo = Math.max(0, diceLo - keep.count);
        keptHi = Math.max(0, diceHi - keep.count);
        break;
    }
  }
  if (t.success !== undefined) return times(keptLo, keptHi, t.failure === undefined ? 0 : -1, 1);
  return times(keptLo, keptHi, lo, hi);
}

/** What checkBounds does besides its own checks: the chain lengths, and a look at every node. */
export interface BoundsOptions {
  readonly chainDice?: ChainDice;
  /** Called with every node's interval, children first. */
  readonly visit?: (node: DiceNode, interval: Interval) => void;
}

class BoundsChecker {
  private readonly chainDice: ChainDice;

  constructor(
    private readonly text: string,
    private readonly options: BoundsOptions,
  ) {
    this.chainDice = options.chainDice ?? rolledChainDice;
  }

  check(node: DiceNode): Interval {
    const interval = this.node(node);
    this.options.visit?.(node, interval);
    return interval;
  }

  private within(node: DiceNode, b: Interval): Interval {
    const big = Math.max(Math.abs(b.lo), Math.abs(b.hi));
    if (big > Number.MAX_SAFE_INTEGER) {
      throw new NotationError(
        this.text,
        `results could reach ${big.toExponential(1).replace("e+", "e")}, beyond exact integer arithmetic (2^53)`,
        node.span.start + 1,
        "use smaller numbers",
      );
    }
    return b;
  }

  private binary(node: BinaryNode): Interval {
    const a = this.check(node.left);
    const b = this.check(node.right);
    switch (node.op) {
      case "+":
        return this.within(node, { lo: a.lo + b.lo, hi: a.hi + b.hi });
      case "-":
        return this.within(node, { lo: a.lo - b.hi, hi: a.hi - b.lo });
      case "*": {
        const c = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
        return this.within(node, { lo: Math.min(...c), hi: Math.max(...c) });
      }
    }
  }

  private node(node: DiceNode): Interval {
    switch (node.kind) {
      case "number":
        return { lo: node.value, hi: node.value };
      case "dice":
        return this.within(node, termBounds(node, this.chainDice));
      case "negate": {
        const a = this.check(node.operand);
        return { lo: -a.hi, hi: -a.lo };
      }
      case "binary":
        return this.binary(node);
      case "divide": {
        const a = this.check(node.numerator);
        const b = this.check(node.denominator);
        if (b.lo <= 0 && b.hi >= 0) {
          const written = this.text.slice(node.denominator.span.start, node.denominator.span.end);
          throw new NotationError(
            this.text,
            b.lo === 0 && b.hi === 0
              ? `the divisor ${written} is 0`
              : `the divisor ${written} can be 0 (it ranges from ${b.lo} to ${b.hi})`,
            node.denominator.span.start + 1,
            `a divisor must never be 0; e.g. ${node.rounding}(a/max(1,${written}))`,
          );
        }
        const c = [a.lo, a.hi].flatMap((x) => [b.lo, b.hi].map((y) => divide(x, y, node.rounding)));
        return { lo: Math.min(...c), hi: Math.max(...c) };
      }
      case "call": {
        const args = node.args.map((arg) => this.check(arg));
        switch (node.fn) {
          case "abs": {
            const a = args[0] as Interval;
            if (a.lo >= 0) return a;
            if (a.hi <= 0) return { lo: -a.hi, hi: -a.lo };
            return { lo: 0, hi: Math.max(-a.lo, a.hi) };
          }
          case "min":
            return {
              lo: Math.min(...args.map((a) => a.lo)),
              hi: Math.min(...args.map((a) => a.hi)),
            };
          case "max":
            return {
              lo: Math.max(...args.map((a) => a.lo)),
              hi: Math.max(...args.map((a) => a.hi)),
            };
        }
      }
    }
  }
}

/** The range of values an expression can take; NotationError on overflow or a zero divisor. */
export function checkBounds(text: string, ast: DiceNode, options: BoundsOptions = {}): Interval {
  return new BoundsChecker(text, options).check(ast);
}
