// The syntax tree of a dice expression. Every node keeps the span of text it came from,
// so that errors and traces can point back at what the user wrote.

/** Offsets into the expression text: `start` included, `end` excluded, both 0-based. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export type CompareOp = "=" | ">" | ">=" | "<" | "<=";

/** A compare point such as `>=5`; a bare number means `=`. */
export interface ComparePoint {
  readonly op: CompareOp;
  readonly value: number;
  readonly span: Span;
}

export type DieFaces =
  { readonly kind: "standard"; readonly sides: number } | { readonly kind: "fudge" };

/** `r<compare>[#depth]` rerolls while the die matches; `ro<compare>` rerolls once. */
export interface RerollModifier {
  readonly once: boolean;
  readonly compare: ComparePoint;
  /** The most rerolls per die; undefined means the default cap. */
  readonly depth: number | undefined;
  readonly span: Span;
}

/** `!` adds a die, `!!` adds to the same die, `p` makes each explosion count one less. */
export type ExplodeStyle = "add" | "compound" | "penetrate" | "compound-penetrate";

export interface ExplodeModifier {
  readonly style: ExplodeStyle;
  /** Which faces explode; undefined means the highest face. */
  readonly compare: ComparePoint | undefined;
  /** The most explosions per die; undefined means unbounded (see docs/notation.md). */
  readonly depth: number | undefined;
  readonly span: Span;
}

export type KeepRule = "kh" | "kl" | "dh" | "dl";

export interface KeepModifier {
  readonly rule: KeepRule;
  readonly count: number;
  readonly span: Span;
}

/** `>=T` (successes) or `f<=U` (failures). */
export interface CountModifier {
  readonly compare: ComparePoint;
  readonly span: Span;
}

/** `NdX` with its modifiers, which apply in this fixed order: reroll, explode, keep, count. */
export interface DiceTerm {
  readonly kind: "dice";
  /** Position of this term among the expression's dice terms, in source order. */
  readonly index: number;
  readonly count: number;
  readonly faces: DieFaces;
  readonly reroll: RerollModifier | undefined;
  readonly explode: ExplodeModifier | undefined;
  readonly keep: KeepModifier | undefined;
  readonly success: CountModifier | undefined;
  readonly failure: CountModifier | undefined;
  readonly span: Span;
}

export interface NumberNode {
  readonly kind: "number";
  readonly value: number;
  readonly span: Span;
}

export interface NegateNode {
  readonly kind: "negate";
  readonly operand: DiceNode;
  readonly span: Span;
}

export interface BinaryNode {
  readonly kind: "binary";
  readonly op: "+" | "-" | "*";
  readonly left: DiceNode;
  readonly right: DiceNode;
  readonly span: Span;
}

export type Rounding = "floor" | "ceil" | "round";

/** `floor(a/b)`, `ceil(a/b)`, `round(a/b)`: the only way to divide. */
export interface DivideNode {
  readonly kind: "divide";
  readonly rounding: Rounding;
  readonly numerator: DiceNode;
  readonly denominator: DiceNode;
  readonly span: Span;
}

export interface CallNode {
  readonly kind: "call";
  readonly fn: "min" | "max" | "abs";
  readonly args: readonly DiceNode[];
  readonly span: Span;
}

export type DiceNode = NumberNode | DiceTerm | NegateNode | BinaryNode | DivideNode | CallNode;
