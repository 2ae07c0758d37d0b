// The dice-notation parser: text to syntax tree, by recursive descent over characters.
// The grammar is in docs/notation.md; every error names the column and, where it can, the fix.
import type {
  CompareOp,
  ComparePoint,
  CountModifier,
  DiceNode,
  DiceTerm,
  DieFaces,
  ExplodeModifier,
  ExplodeStyle,
  KeepModifier,
  KeepRule,
  RerollModifier,
  Rounding,
  Span,
} from "./ast.js";
import { NotationError } from "./errors.js";
import { countMatching, describeFaces, formatCompare, highestFace, lowestFace } from "./faces.js";
import {
  MAX_CONSTANT,
  MAX_DEPTH,
  MAX_DICE_PER_EXPRESSION,
  MAX_DICE_PER_TERM,
  MAX_NESTING,
  MAX_SIDES,
  MAX_TEXT_LENGTH,
} from "./limits.js";
import { isDigit, isLetter, Scanner } from "./scanner.js";
import { closest } from "./suggest.js";

export interface ParsedDice {
  readonly ast: DiceNode;
  /** Every dice term, in source order (`terms[i].index === i`). */
  readonly terms: readonly DiceTerm[];
}

const FUNCTIONS = ["floor", "ceil", "round", "min", "max", "abs"] as const;
type FunctionName = (typeof FUNCTIONS)[number];

const MODIFIER_WORDS = ["kh", "kl", "dh", "dl", "ro", "r", "k", "d", "f"] as const;
type ModifierWord = (typeof MODIFIER_WORDS)[number];

const MODIFIER_ORDER =
  "modifiers apply in this order: reroll (r, ro), explode (!, !!, !p), keep/drop (k, d), successes (>=), failures (f)";

/** Rank of each modifier kind in the fixed order; a term's modifiers must be written by rank. */
const RANK = { reroll: 1, explode: 2, keep: 3, success: 4, failure: 5 } as const;
type ModifierKind = keyof typeof RANK;

function isFunctionName(word: string): word is FunctionName {
  return (FUNCTIONS as readonly string[]).includes(word);
}

function isModifierWord(word: string): word is ModifierWord {
  return (MODIFIER_WORDS as readonly string[]).includes(word);
}

function describeChar(c: string): string {
  return JSON.stringify(c);
}

class Parser {
  private readonly s: Scanner;
  private nesting = 0;
  private diceTotal = 0;
  readonly terms: DiceTerm[] = [];

  constructor(private readonly text: string) {
    this.s = new Scanner(text);
  }

  private fail(reason: string, at: number | undefined, hint?: string): never {
    throw new NotationError(this.text, reason, at === undefined ? undefined : at + 1, hint);
  }

  private span(start: number): Span {
    return { start, end: this.s.pos };
  }

  parse(): DiceNode {
    if (this.text.length > MAX_TEXT_LENGTH) {
      this.fail(
        `the expression is ${this.text.length} characters long, over the limit of ${MAX_TEXT_LENGTH}`,
        undefined,
      );
    }
    this.s.skipSpaces();
    if (this.s.atEnd) this.fail("the expression is empty", undefined, 'try "2d6+3"');
    const node = this.sum();
    this.s.skipSpaces();
    if (!this.s.atEnd) this.unexpected("expected an operator (+, -, *) or the end");
    return node;
  }

  /** Fails on the character at the cursor, explaining what was expected there. */
  private unexpected(expected: string): never {
    const c = this.s.peek();
    if (c === undefined) this.fail(`the expression ends too soon`, this.s.pos, expected);
    const next = this.s.peek(1);
    const newDie =
      (c === "d" || c === "D") && (isDigit(next) || next === "%" || next === "f" || next === "F");
    if (!newDie && (isLetter(c) || c === "!" || c === "#" || c === "<" || c === ">" || c === "=")) {
      const before = this.text.slice(0, this.s.pos);
      if (/[dD](\d+|%|[fF])[^\s]*\s+$/.test(before)) {
        this.fail(
          `unexpected ${describeChar(c)}`,
          this.s.pos,
          "modifiers follow the die without spaces, as in 4d6kh3",
        );
      }
    }
    if (c === ")" && this.nesting === 0) {
      this.fail(`unexpected ")"`, this.s.pos, "it closes no opening parenthesis");
    }
    this.fail(`unexpected ${describeChar(c)}`, this.s.pos, expected);
  }

  private enter(at: number): void {
    this.nesting++;
    if (this.nesting > MAX_NESTING) {
      this.fail(`nesting deeper than ${MAX_NESTING} levels`, at);
    }
  }

  private leave(): void {
    this.nesting--;
  }

  private sum(): DiceNode {
    const start = this.skipToStart();
    let left = this.product(false);
    for (;;) {
      this.s.skipSpaces();
      const c = this.s.peek();
      if (c !== "+" && c !== "-") return left;
      this.s.advance();
      const right = this.product(false);
      left = { kind: "binary", op: c, left, right, span: this.span(start) };
    }
  }

  private skipToStart(): number {
    this.s.skipSpaces();
    return this.s.pos;
  }

  private product(inQuotient: boolean): DiceNode {
    const start = this.skipToStart();
    let left = this.unary();
    for (;;) {
      this.s.skipSpaces();
      const c = this.s.peek();
      if (c === "*") {
        this.s.advance();
        const right = this.unary();
        left = { kind: "binary", op: "*", left, right, span: this.span(start) };
      } else if (c === "/") {
        if (inQuotient) return left;
        this.fail(
          "a division must say how to round",
          this.s.pos,
          "write floor(a/b), ceil(a/b) or round(a/b)",
        );
      } else {
        return left;
      }
    }
  }

  private unary(): DiceNode {
    const start = this.skipToStart();
    if (this.s.peek() === "-") {
      this.s.advance();
      this.enter(start);
      const operand = this.unary();
      this.leave();
      return { kind: "negate", operand, span: this.span(start) };
    }
    return this.atom();
  }

  private atom(): DiceNode {
    const start = this.skipToStart();
    const c = this.s.peek();
    if (isDigit(c)) {
      const n = this.integer("a number", MAX_CONSTANT);
      const next = this.s.peek();
      if (next === "d" || next === "D") return this.dice(start, n);
      return { kind: "number", value: n, span: this.span(start) };
    }
    if (c === "d" || c === "D") {
      const next = this.s.peek(1);
      if (isDigit(next) || next === "%" || next === "f" || next === "F") {
        return this.dice(start, undefined);
      }
    }
    if (isLetter(c)) {
      const word = this.s.readLetters();
      const name = word.toLowerCase();
      if (isFunctionName(name)) return this.call(name, start);
      const suggestion = name.startsWith("d") ? undefined : closest(name, FUNCTIONS);
      this.fail(
        `unknown name ${describeChar(word)}`,
        start,
        suggestion !== undefined
          ? `did you mean ${describeChar(suggestion)}?`
          : "a die is written d6, 2d6, d% or dF; the functions are floor, ceil, round, min, max and abs",
      );
    }
    if (c === "(") {
      this.enter(start);
      this.s.advance();
      const inner = this.sum();
      this.s.skipSpaces();
      if (!this.s.eat(")")) {
        if (this.s.atEnd) {
          this.fail(`expected ")"`, this.s.pos, `the "(" at column ${start + 1} is never closed`);
        }
        this.unexpected(`expected ")" to close the "(" at column ${start + 1}`);
      }
      this.leave();
      return inner;
    }
    this.unexpected('expected a number, a die such as 2d6, or "("');
  }

  /** A decimal integer at the cursor, at most `max`. */
  private integer(what: string, max: number): number {
    const start = this.s.pos;
    const digits = this.s.readDigits();
    if (digits === "") this.unexpected(`expected ${what}`);
    const value = digits.length > 16 ? Infinity : Number(digits);
    if (value > max) this.fail(`${what} of ${digits} is over the limit of ${max}`, start);
    return value;
  }

  private call(name: FunctionName, start: number): DiceNode {
    this.s.skipSpaces();
    if (this.s.peek() !== "(") this.unexpected(`expected "(" after ${name}`);
    this.enter(start);
    this.s.advance();
    let node: DiceNode;
    switch (name) {
      case "floor":
      case "ceil":
      case "round":
        node = this.quotient(name, start);
        break;
      case "min":
      case "max": {
        const args = [this.sum()];
        this.s.skipSpaces();
        if (this.s.peek() !== ",")
          this.unexpected(`expected ",": ${name} takes two or more values, as in ${name}(d6,d8)`);
        while (this.s.eat(",")) {
          args.push(this.sum());
          this.s.skipSpaces();
        }
        this.closeCall(name);
        node = { kind: "call", fn: name, args, span: this.span(start) };
        break;
      }
      case "abs": {
        const arg = this.sum();
        this.closeCall(name);
        node = { kind: "call", fn: "abs", args: [arg], span: this.span(start) };
        break;
      }
    }
    this.leave();
    return node;
  }

  private closeCall(name: string): void {
    this.s.skipSpaces();
    if (!this.s.eat(")")) this.unexpected(`expected ")" to close ${name}(`);
  }

  private quotient(rounding: Rounding, start: number): DiceNode {
    const numerator = this.product(true);
    this.s.skipSpaces();
    const c = this.s.peek();
    if (c !== "/") {
      if (c === ")") {
        this.fail(`${rounding}(...) needs a division`, this.s.pos, `write ${rounding}(a/b)`);
      }
      if (c === "+" || c === "-") {
        this.fail(
          `${rounding}(...) holds a single division a/b`,
          this.s.pos,
          `put a sum in parentheses, as in ${rounding}((a+b)/c)`,
        );
      }
      this.unexpected(`expected "/" in ${rounding}(a/b)`);
    }
    this.s.advance();
    const denominator = this.unary();
    this.s.skipSpaces();
    const after = this.s.peek();
    if (after === "*" || after === "/" || after === "+" || after === "-") {
      this.fail(
        `${rounding}(a/b) holds a single division and nothing after it`,
        this.s.pos,
        `write ${rounding}(a/b)${after}c, or put the divisor in parentheses: ${rounding}(a/(b${after}c))`,
      );
    }
    this.closeCall(rounding);
    return { kind: "divide", rounding, numerator, denominator, span: this.span(start) };
  }

  private dice(start: number, written: number | undefined): DiceTerm {
    const count = written ?? 1;
    if (count > MAX_DICE_PER_TERM) {
      this.fail(`${count} dice in one term is over the limit of ${MAX_DICE_PER_TERM}`, start);
    }
    this.diceTotal += count;
    if (this.diceTotal > MAX_DICE_PER_EXPRESSION) {
      this.fail(
        `more than ${MAX_DICE_PER_EXPRESSION} dice in the expression`,
        start,
        "roll fewer dice",
      );
    }
    this.s.advance();
    const sidesAt = this.s.pos;
    const c = this.s.peek();
    let faces: DieFaces;
    if (isDigit(c)) {
      const sides = this.integer("a die's sides", MAX_SIDES);
      if (sides < 1) this.fail("a die needs at least 1 side", sidesAt);
      faces = { kind: "standard", sides };
    } else if (c === "%") {
      this.s.advance();
      faces = { kind: "standard", sides: 100 };
    } else {
      this.s.advance();
      faces = { kind: "fudge" };
    }
    return this.modifiers(start, count, faces);
  }

  private modifiers(start: number, count: number, faces: DieFaces): DiceTerm {
    let reroll: RerollModifier | undefined;
    let explode: ExplodeModifier | undefined;
    let keep: KeepModifier | undefined;
    let success: CountModifier | undefined;
    let failure: CountModifier | undefined;
    let last: { kind: ModifierKind; span: Span } | undefined;
    for (;;) {
      const at = this.s.pos;
      const c = this.s.peek();
      let kind: ModifierKind;
      if (c === "!") {
        kind = "explode";
        explode = this.explode(faces);
      } else if (c === "<" || c === ">" || c === "=") {
        kind = "success";
        const compare = this.compare(true, "a success count");
        success = { compare, span: this.span(at) };
      } else if (isLetter(c)) {
        const word = this.s.readLetters();
        const lower = word.toLowerCase();
        if (!isModifierWord(lower)) this.unknownModifier(word, at);
        switch (lower) {
          case "r":
          case "ro":
            kind = "reroll";
            reroll = this.reroll(lower === "ro", faces, at);
            break;
          case "kh":
          case "kl":
          case "dh":
          case "dl":
          case "k":
          case "d": {
            kind = "keep";
            const rule: KeepRule = lower === "k" ? "kh" : lower === "d" ? "dl" : lower;
            const count = isDigit(this.s.peek())
              ? this.integer("a keep or drop count", MAX_CONSTANT)
              : 1;
            keep = { rule, count, span: this.span(at) };
            break;
          }
          case "f": {
            kind = "failure";
            const compare = this.compare(false, "a failure count");
            failure = { compare, span: this.span(at) };
            if (success === undefined) {
              this.fail(
                `"${this.text.slice(at, this.s.pos)}" counts failures, which needs a success count before it`,
                at,
                `write e.g. ${this.text.slice(start, at)}>=5${this.text.slice(at, this.s.pos)}`,
              );
            }
            break;
          }
        }
      } else if (c === "#") {
        this.fail(
          `"#" gives a depth to "!" or "r" and must follow one`,
          at,
          "as in d6!#3 or d6r1#2",
        );
      } else {
        break;
      }
      const here = { kind, span: this.span(at) };
      if (last !== undefined && RANK[kind] <= RANK[last.kind]) {
        const mine = this.text.slice(here.span.start, here.span.end);
        const theirs = this.text.slice(last.span.start, last.span.end);
        if (kind === last.kind) {
          this.fail(`a second ${kind} modifier "${mine}"`, at, "a term takes at most one of each");
        }
        this.fail(`"${mine}" must come before "${theirs}"`, at, MODIFIER_ORDER);
      }
      last = here;
    }
    const term: DiceTerm = {
      kind: "dice",
      index: this.terms.length,
      count,
      faces,
      reroll,
      explode,
      keep,
      success,
      failure,
      span: this.span(start),
    };
    this.terms.push(term);
    return term;
  }

  private unknownModifier(word: string, at: number): never {
    const lower = word.toLowerCase();
    let known = 0;
    for (const m of MODIFIER_WORDS) {
      if (lower.startsWith(m) && m.length > known) known = m.length;
    }
    const suggestion = closest(lower, MODIFIER_WORDS);
    let hint: string;
    if (lower.startsWith("p")) hint = 'penetrating explosions are written "!p"';
    else if (lower.startsWith("x") || lower.startsWith("e")) hint = 'explosions are written "!"';
    else if (suggestion !== undefined) hint = `did you mean ${describeChar(suggestion)}?`;
    else
      hint =
        "the modifiers are r, ro, !, !!, !p, kh, kl, dh, dl, k, d, a compare such as >=5, and f";
    this.fail(`unknown modifier ${describeChar(word)}`, at + known, hint);
  }

  /** `<op><n>`; with `opRequired` false a bare number means `=`. */
  private compare(opRequired: boolean, what: string): ComparePoint {
    const start = this.s.pos;
    let op: CompareOp | undefined;
    if (this.s.eat(">=")) op = ">=";
    else if (this.s.eat("<=")) op = "<=";
    else if (this.s.eat("<>") || this.s.eat("!=")) {
      this.fail(`"not equal" compare points are not supported`, start, "use < or > instead");
    } else if (this.s.eat(">")) op = ">";
    else if (this.s.eat("<")) op = "<";
    else if (this.s.eat("=")) op = "=";
    if (op === undefined && opRequired)
      this.unexpected(`expected a compare point for ${what}, such as >=5`);
    const negative = this.s.eat("-");
    if (!isDigit(this.s.peek())) {
      this.unexpected(`expected a number in the compare point for ${what}, as in ${op ?? ""}5`);
    }
    const value = this.integer("a compare value", MAX_CONSTANT);
    return { op: op ?? "=", value: negative ? -value : value, span: this.span(start) };
  }

  private depth(): number | undefined {
    const at = this.s.pos;
    if (!this.s.eat("#")) return undefined;
    if (!isDigit(this.s.peek())) this.unexpected("expected a depth after #, as in #3");
    const depth = this.integer("a depth", MAX_DEPTH);
    if (depth < 1) this.fail("a depth must be at least 1", at + 1);
    return depth;
  }

  private reroll(once: boolean, faces: DieFaces, at: number): RerollModifier {
    const compare = this.compare(false, once ? '"ro"' : '"r"');
    const depthAt = this.s.pos;
    const depth = this.depth();
    if (once && depth !== undefined) {
      this.fail(
        `"ro" rerolls once and takes no depth`,
        depthAt,
        `write r${formatCompare(compare)}#${depth}`,
      );
    }
    const all = countMatching(compare, faces) === highestFace(faces) - lowestFace(faces) + 1;
    if (!once && depth === undefined && all) {
      this.fail(
        `${describeFaces(faces)}r${formatCompare(compare)} rerolls every face, so it never stops`,
        at,
        `reroll fewer faces, or give a depth as in r${formatCompare(compare)}#3`,
      );
    }
    return { once, compare, depth: once ? 1 : depth, span: this.span(at) };
  }

  private explode(faces: DieFaces): ExplodeModifier {
    const at = this.s.pos;
    this.s.advance();
    const compound = this.s.eat("!");
    const penetrate = this.s.eat("p") || this.s.eat("P");
    const style: ExplodeStyle = compound
      ? penetrate
        ? "compound-penetrate"
        : "compound"
      : penetrate
        ? "penetrate"
        : "add";
    const c = this.s.peek();
    const compare =
      c === "<" || c === ">" || c === "=" || isDigit(c)
        ? this.compare(false, "an explosion")
        : undefined;
    const depth = this.depth();
    const exploding = compare === undefined ? 1 : countMatching(compare, faces);
    if (depth === undefined && exploding === highestFace(faces) - lowestFace(faces) + 1) {
      const written = this.text.slice(at, this.s.pos);
      this.fail(
        `${describeFaces(faces)}${written} explodes on every face, so it never stops`,
        at,
        `give a depth, as in ${written}#5`,
      );
    }
    return { style, compare, depth, span: this.span(at) };
  }
}

/** Parses dice notation; throws NotationError with the column of the first problem. */
export function parseDice(text: string): ParsedDice {
  const parser = new Parser(text);
  const ast = parser.parse();
  return { ast, terms: parser.terms };
}
