// The bounds that keep any expression from hanging or exhausting the process.
// Each one, when crossed, is a NotationError that names it.

/** Characters in one expression. */
export const MAX_TEXT_LENGTH = 1000;
/** Parentheses and function calls nested inside each other. */
export const MAX_NESTING = 50;
/** Largest integer constant. */
export const MAX_CONSTANT = 1_000_000_000;
/** Dice in one term (`N` of `NdX`). */
export const MAX_DICE_PER_TERM = 10_000;
/** Dice in the whole expression before explosions. */
export const MAX_DICE_PER_EXPRESSION = 100_000;
/** Sides of one die. */
export const MAX_SIDES = 1_000_000;
/** Largest explicit explosion or reroll depth (`#N`). */
export const MAX_DEPTH = 1000;
/** Explosions per die when no depth is written (the sampler stops there). */
export const DEFAULT_EXPLODE_DEPTH = 1000;
/** Rerolls per die for `r` when no depth is written. */
export const DEFAULT_REROLL_DEPTH = 1000;
/** Dice one roll may use, explosions and rerolls included. */
export const MAX_DICE_PER_ROLL = 1_000_000;
/** Exact odds of an unbounded explosion stop once the mass still exploding is below this. */
export const EXPLOSION_CUTOFF = 1e-12;
/** Arithmetic steps one exact distribution may take (about a second of work). */
export const MAX_EXACT_STEPS = 400_000_000;
/**
 * Cost, in budget steps, of one update of a map-keyed state (pools of exploding dice): about 500
 * dense multiply-adds, measured (a string key, an array and an entry per update, and their
 * garbage).
 */
export const MAP_STEP_COST = 500;
/**
 * Cost, in budget steps, of one call of a function on numbers: an arithmetic operation on a pair
 * of outcomes (`*`, `min`, `max`, a division) or on one outcome, a binomial probability, a power.
 * About 40 dense multiply-adds, measured (a product scatters its writes over a wide array; `exp`
 * and `pow` are slow).
 */
export const CALL_STEP_COST = 40;
/** Width (max - min + 1) of any distribution computed exactly. */
export const MAX_EXACT_RANGE = 4_000_000;
/** Compiled expressions kept by `compileDice`. */
export const CACHE_SIZE = 1000;
