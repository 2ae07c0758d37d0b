// Exact odds of the most common shape of expression without the parser and the general
// interpreter: a sum of whole numbers, plain dice and keep-one pools, such as `3d20kh1+4`,
// `2d20kl1-1` or `2d6+1d4+3`. Why a second path: V8 compiles a function the first time it runs,
// and the general path (parser, bounds check, interpreter: some sixty functions) spends about
// 1.5 ms compiling itself for a computation that then takes 0.07 ms, in every fresh process such
// as one `fray odds`. This path is three small functions over the same arithmetic.
//
// It only takes what it can prove the general path would accept with the same meaning and
// within its budget; anything else (any other modifier, `*`, parentheses, spaces inside a term,
// bigger pools) returns undefined and goes the general way. Its numbers are the general path's
// bit for bit: the same die, the same keep-one closed form, the same convolution, summed left to
// right as the parser nests `a + b - c` (quick-odds.test.ts checks this on random expressions).
import { Dist } from "../dist.js";
import { MAX_TEXT_LENGTH } from "./limits.js";
import { convolveDense } from "./pmf.js";
import { keepOneDense } from "./pool.js";

/**
 * Most outcomes the terms may span together (each whole number counts one). Keeps every step
 * far inside the general path's budget (MAX_EXACT_STEPS), so that declining is never needed
 * for an error's sake: anything larger is simply left to the general path.
 */
const MAX_QUICK_WIDTH = 2_000;
/** Digits of a whole number, of a dice count and of a die's sides taken here. */
const MAX_NUMBER_DIGITS = 6;
const MAX_COUNT_DIGITS = 3;
const MAX_SIDES_DIGITS = 4;

const SPACE = 32;
const PLUS = 43;
const MINUS = 45;
const LOWER_D = 100;
const LOWER_H = 104;
const LOWER_K = 107;
const LOWER_L = 108;

const ONE = Float64Array.of(1);

/** The end of the run of decimal digits at `at` (`at` itself when there is none). */
function digitsEnd(text: string, at: number): number {
  let i = at;
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i));
  return i;
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  while (text.charCodeAt(i) === SPACE) i++;
  return i;
}

/**
 * `text` as a sum of whole numbers, plain dice and keep-one pools; undefined if it is not one.
 * A term is `N`, or `NdX` (N optional) with nothing after it or one of k, kh, kl, k1, kh1, kl1;
 * terms are joined by + and -, the first may be negated, and spaces may stand between them. The
 * dice are built as facePmf, sumPower and keepFixed build them in the general path; `x -> -x`
 * reverses the array as mapPmf does; and the sum starts from the point 0, whose convolution with
 * a term gives the term's own numbers. Comments stay out of the body: V8 scans it on first call.
 */
export function quickOdds(text: string): Dist | undefined {
  if (text.length > MAX_TEXT_LENGTH) return undefined;
  let at = skipSpaces(text, 0);
  let negative = text.charCodeAt(at) === MINUS;
  if (negative) at = skipSpaces(text, at + 1);
  let lo = 0;
  let sum: Float64Array = ONE;
  let width = 0;
  for (;;) {
    const countEnd = digitsEnd(text, at);
    let term: Float64Array = ONE;
    let termLo: number;
    if ((text.charCodeAt(countEnd) | 32) !== LOWER_D) {
      if (countEnd === at || countEnd - at > MAX_NUMBER_DIGITS) return undefined;
      termLo = Number(text.slice(at, countEnd));
      at = countEnd;
      if (++width > MAX_QUICK_WIDTH) return undefined;
    } else {
      const count = countEnd === at ? 1 : Number(text.slice(at, countEnd));
      const sidesEnd = digitsEnd(text, countEnd + 1);
      const sides = Number(text.slice(countEnd + 1, sidesEnd));
      if (countEnd - at > MAX_COUNT_DIGITS || sidesEnd - countEnd - 1 > MAX_SIDES_DIGITS)
        return undefined;
      if (!(count >= 1 && sides >= 1)) return undefined;
      let keep = 0;
      if ((text.charCodeAt(sidesEnd) | 32) === LOWER_K) {
        const rule = text.charCodeAt(sidesEnd + 1) | 32;
        keep = rule === LOWER_L ? -1 : 1;
        at = sidesEnd + (rule === LOWER_H || rule === LOWER_L ? 2 : 1);
        const keepEnd = digitsEnd(text, at);
        if (keepEnd > at && Number(text.slice(at, keepEnd)) !== 1) return undefined;
        at = keepEnd;
      } else {
        at = sidesEnd;
      }
      const pool = keep !== 0 && count > 1;
      width += pool ? sides : count * (sides - 1) + 1;
      if (width > MAX_QUICK_WIDTH) return undefined;
      const die = new Float64Array(sides).fill(1 / sides);
      if (pool) term = keepOneDense(die, count, keep > 0);
      else for (let i = 0; i < count; i++) term = convolveDense(term, die);
      termLo = pool ? 1 : count;
    }
    if (negative) {
      term = term.slice().reverse();
      termLo = -(termLo + term.length - 1);
    }
    sum = convolveDense(sum, term);
    lo += termLo;
    at = skipSpaces(text, at);
    if (at === text.length) return Dist.fromDense(lo, sum, 0);
    const op = text.charCodeAt(at);
    if (op !== PLUS && op !== MINUS) return undefined;
    negative = op === MINUS;
    at = skipSpaces(text, at + 1);
  }
}
