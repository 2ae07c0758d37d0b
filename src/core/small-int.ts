// Whole numbers as V8 keeps small integers (Smis), not as boxed doubles. Arithmetic on a value
// over 2^31 (pure-rand's uniformInt), a modulo of one, or the index `Array.from` hands its mapping
// function can give a whole number as a double; stored into a ruleset's state, a single one
// turns that field of every object of its shape to doubles: each copy of the object then
// allocates a box for it, and the shapes the optimised code was compiled for are retired, which
// deoptimises it ("wrong map"). Seen at dungeons-of-olde's duel: a combatant's action points
// (the seeded Finesse die) and best attack tier (an opposed roll's tiers, built by `Array.from`).

/** `x` itself, as a small integer where it is a whole number in 32 bits (-0 as 0). */
export function smallInt(x: number): number {
  const i = x | 0;
  return i === x ? i : x;
}
