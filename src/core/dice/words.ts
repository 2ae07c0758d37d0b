// Dice notation as a person says it at the table: "1d20" is "a d20", "3d20kh1" is "3d20, keep
// the highest", "6d6!" is "6d6, a 6 explodes", "1d8+2d10" is "a d8 and 2d10". What has no plain
// words here (rerolls, success counts, division) keeps its notation.
import type { DiceNode, DiceTerm, KeepRule } from "./ast.js";
import { parseDice } from "./parser.js";

/** "an 8", "a 10", "an 11": the article a number takes when said. */
export function said(n: number): string {
  return `${n === 11 || n === 18 || String(n).startsWith("8") ? "an" : "a"} ${n}`;
}

const KEEP_WORDS: Readonly<Record<KeepRule, string>> = {
  kh: "keep the highest",
  kl: "keep the lowest",
  dh: "drop the highest",
  dl: "drop the lowest",
};

function termWords(term: DiceTerm, text: string, bare: boolean): string {
  const plain =
    term.faces.kind === "standard" &&
    term.reroll === undefined &&
    term.success === undefined &&
    term.failure === undefined &&
    (term.explode === undefined ||
      (term.explode.style === "add" &&
        term.explode.depth === undefined &&
        (term.explode.compare === undefined || term.explode.compare.op === "=")));
  if (!plain || term.faces.kind !== "standard") return text.slice(term.span.start, term.span.end);
  const { sides } = term.faces;
  const words = [term.count === 1 ? `a d${sides}` : `${term.count}d${sides}`];
  if (bare) return words[0]!;
  if (term.explode !== undefined)
    words.push(`${said(term.explode.compare?.value ?? sides)} explodes`);
  if (term.keep !== undefined) {
    const { rule, count } = term.keep;
    words.push(count === 1 ? KEEP_WORDS[rule] : `${KEEP_WORDS[rule]} ${count}`);
  }
  return words.join(", ");
}

/** The dice terms added up at the start of a sum ("1d8+2d10+3": 1d8 and 2d10), and the rest. */
function addedDice(node: DiceNode): { dice: DiceTerm[]; rest: string[] } | null {
  if (node.kind === "dice") return { dice: [node], rest: [] };
  if (node.kind !== "binary" || node.op !== "+") return null;
  const left = addedDice(node.left);
  if (left === null) return null;
  if (node.right.kind === "dice" && left.rest.length === 0) left.dice.push(node.right);
  else if (node.right.kind === "number") left.rest.push(`+ ${node.right.value}`);
  else return null;
  return left;
}

function nodeWords(node: DiceNode, text: string, bare: boolean): string {
  const sum = addedDice(node);
  if (sum !== null && (sum.dice.length > 1 || sum.rest.length > 0)) {
    const dice = sum.dice.map((t) => termWords(t, text, bare));
    const listed =
      dice.length === 1 ? dice[0]! : `${dice.slice(0, -1).join(", ")} and ${dice.at(-1)!}`;
    return [listed, ...sum.rest].join(" ");
  }
  switch (node.kind) {
    case "dice":
      return termWords(node, text, bare);
    case "number":
      return String(node.value);
    case "binary":
      return `${nodeWords(node.left, text, bare)} ${node.op === "*" ? "×" : node.op} ${nodeWords(node.right, text, bare)}`;
    case "negate":
    case "divide":
    case "call":
      return text.slice(node.span.start, node.span.end);
  }
}

/**
 * Dice notation in words: "a d20", "3d20, keep the highest", "6d6, a 6 explodes", "a d8 and
 * 2d10", "a d4 + 1". `bare` names the dice alone ("2d8 and 2d10"), for a roll whose faces are
 * told apart from them.
 */
export function diceWords(notation: string, bare = false): string {
  return nodeWords(parseDice(notation).ast, notation, bare);
}

/**
 * What each die of `notation` can show, for dice typed one by one: "each 1 to 20", or for dice
 * of several kinds "the d4s 1 to 4, the d8s 1 to 8".
 */
export function eachDieRange(notation: string): string {
  const sides = [
    ...new Set(
      parseDice(notation).terms.map((t) => (t.faces.kind === "standard" ? t.faces.sides : 0)),
    ),
  ];
  const range = (s: number) => (s === 0 ? "-1 to 1" : `1 to ${s}`);
  if (sides.length === 1) return `each ${range(sides[0]!)}`;
  return sides.map((s) => `the ${s === 0 ? "dF" : `d${s}`}s ${range(s)}`).join(", ");
}
