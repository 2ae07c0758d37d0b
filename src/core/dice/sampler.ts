// The sampling interpreter: rolls an expression with dice from a DieSource and records each die.
// Modifiers apply in the fixed order of docs/notation.md: reroll, explode, keep/drop, count.
import type { DiceNode, DiceTerm, KeepModifier } from "./ast.js";
import { divide } from "./arith.js";
import { NotationError } from "./errors.js";
import { highestFace, matches, sourceSides } from "./faces.js";
import { DEFAULT_EXPLODE_DEPTH, DEFAULT_REROLL_DEPTH, MAX_DICE_PER_ROLL } from "./limits.js";
import type { DieResult, DieSource, Roll } from "./trace.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Die = Mutable<DieResult>;

interface Context {
  readonly text: string;
  readonly source: DieSource;
  readonly dice: Die[];
  used: number;
}

function face(t: DiceTerm, sides: number, ctx: Context): number {
  if (++ctx.used > MAX_DICE_PER_ROLL) {
    throw new NotationError(
      ctx.text,
      `this roll needed more than ${MAX_DICE_PER_ROLL} dice`,
      t.span.start + 1,
      "give the explosion a depth, as in !#10, or roll fewer dice",
    );
  }
  const v = ctx.source.die(sides);
  if (!Number.isInteger(v) || v < 1 || v > sides) {
    throw new RangeError(
      `DieSource.die(${sides}) returned ${v}, not an integer from 1 to ${sides}`,
    );
  }
  return t.faces.kind === "fudge" ? v - 2 : v;
}

function push(t: DiceTerm, sides: number, value: number, ctx: Context): Die {
  const die: Die = {
    term: t.index,
    sides,
    fudge: t.faces.kind === "fudge",
    value,
    kept: true,
    dropped: false,
    exploded: false,
    rerolled: false,
    success: false,
    failure: false,
  };
  ctx.dice.push(die);
  return die;
}

/** One roll of the die with its rerolls applied; replaced dice go to the trace as rerolled. */
function rollOnce(t: DiceTerm, sides: number, ctx: Context): number {
  let f = face(t, sides, ctx);
  const reroll = t.reroll;
  if (reroll === undefined) return f;
  const depth = reroll.depth ?? DEFAULT_REROLL_DEPTH;
  for (let n = 0; n < depth && matches(reroll.compare, f); n++) {
    const replaced = push(t, sides, f, ctx);
    replaced.kept = false;
    replaced.rerolled = true;
    f = face(t, sides, ctx);
  }
  return f;
}

function rollChain(t: DiceTerm, sides: number, ctx: Context): void {
  const explode = t.explode;
  if (explode === undefined) {
    push(t, sides, rollOnce(t, sides, ctx), ctx);
    return;
  }
  const depth = explode.depth ?? DEFAULT_EXPLODE_DEPTH;
  const compare = explode.compare;
  const top = highestFace(t.faces);
  const explodes = (f: number): boolean =>
    compare === undefined ? f === top : matches(compare, f);
  switch (explode.style) {
    case "add":
    case "penetrate": {
      const penalty = explode.style === "penetrate" ? 1 : 0;
      let f = rollOnce(t, sides, ctx);
      for (let k = 0; ; k++) {
        const die = push(t, sides, k > 0 ? f - penalty : f, ctx);
        if (k >= depth || !explodes(f)) return;
        die.exploded = true;
        f = rollOnce(t, sides, ctx);
      }
    }
    case "compound":
    case "compound-penetrate": {
      const penalty = explode.style === "compound-penetrate" ? 1 : 0;
      let f = rollOnce(t, sides, ctx);
      let sum = f;
      let k = 0;
      while (k < depth && explodes(f)) {
        f = rollOnce(t, sides, ctx);
        sum += f - penalty;
        k++;
      }
      push(t, sides, sum, ctx).exploded = k > 0;
      return;
    }
  }
}

/** Drops `count` dice of dice[first..] from the low (or high) end; of equal values the earliest goes first. */
function dropEnd(dice: Die[], first: number, count: number, low: boolean): void {
  if (count <= 0) return;
  if (count <= 8) {
    for (let k = 0; k < count; k++) {
      let pick: Die | undefined;
      for (let i = first; i < dice.length; i++) {
        const d = dice[i] as Die;
        if (!d.kept) continue;
        if (pick === undefined || (low ? d.value < pick.value : d.value > pick.value)) pick = d;
      }
      if (pick === undefined) return;
      pick.kept = false;
      pick.dropped = true;
    }
    return;
  }
  const pool = dice.slice(first).filter((d) => d.kept);
  pool.sort(low ? (a, b) => a.value - b.value : (a, b) => b.value - a.value);
  for (let i = 0; i < count && i < pool.length; i++) {
    const d = pool[i] as Die;
    d.kept = false;
    d.dropped = true;
  }
}

/** Marks the dice that keep/drop removes among dice[first..]; rerolled dice are not in the pool. */
function applyKeep(keep: KeepModifier, dice: Die[], first: number): void {
  let n = 0;
  for (let i = first; i < dice.length; i++) if ((dice[i] as Die).kept) n++;
  switch (keep.rule) {
    case "kh":
      dropEnd(dice, first, n - keep.count, true);
      break;
    case "kl":
      dropEnd(dice, first, n - keep.count, false);
      break;
    case "dh":
      dropEnd(dice, first, Math.min(n, keep.count), false);
      break;
    case "dl":
      dropEnd(dice, first, Math.min(n, keep.count), true);
      break;
  }
}

function rollTerm(t: DiceTerm, ctx: Context): number {
  const sides = sourceSides(t.faces);
  const first = ctx.dice.length;
  for (let i = 0; i < t.count; i++) rollChain(t, sides, ctx);
  if (t.keep !== undefined) applyKeep(t.keep, ctx.dice, first);
  let total = 0;
  const success = t.success;
  const failure = t.failure;
  for (let i = first; i < ctx.dice.length; i++) {
    const d = ctx.dice[i] as Die;
    if (!d.kept) continue;
    if (success === undefined) {
      total += d.value;
    } else {
      d.success = matches(success.compare, d.value);
      d.failure = failure !== undefined && matches(failure.compare, d.value);
      total += (d.success ? 1 : 0) - (d.failure ? 1 : 0);
    }
  }
  return total;
}

function arithmetic(op: "+" | "-" | "*", a: number, b: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b + 0;
  }
}

function evaluate(node: DiceNode, ctx: Context): number {
  switch (node.kind) {
    case "number":
      return node.value;
    case "dice":
      return rollTerm(node, ctx);
    case "negate":
      return 0 - evaluate(node.operand, ctx);
    case "binary":
      return arithmetic(node.op, evaluate(node.left, ctx), evaluate(node.right, ctx));
    case "divide":
      return divide(evaluate(node.numerator, ctx), evaluate(node.denominator, ctx), node.rounding);
    case "call": {
      const values = node.args.map((arg) => evaluate(arg, ctx));
      switch (node.fn) {
        case "abs":
          return Math.abs(values[0] as number);
        case "min":
          return Math.min(...values);
        case "max":
          return Math.max(...values);
      }
    }
  }
}

/** Rolls a parsed expression, taking every die from `source`. */
export function sample(text: string, ast: DiceNode, source: DieSource): Roll {
  const ctx: Context = { text, source, dice: [], used: 0 };
  const total = evaluate(ast, ctx);
  return { total, dice: ctx.dice };
}
