// Module-level caches of rulesets and policies, bounded, and the numbers they are keyed by,
// checked. A `Memo` keeps at most `limit` entries and lets the oldest go first, so a long
// simulation over many encounters cannot grow one without end. `digit` packs a key one number at
// a time and refuses a digit outside its radix or a key past the safe integers, so two different
// sequences of digits can never meet in one key (as `held * 1021 + untrained` did with three
// attacks or more).

/** A cache of computed values that keeps at most `limit` of them, the oldest leaving first. */
export class Memo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly limit: number) {
    if (!(Number.isInteger(limit) && limit > 0))
      throw new RangeError(`a memo's limit must be a whole number above 0, got ${limit}`);
  }

  /** The value for `key`, computed by `compute` the first time (and again once it has left). */
  get(key: K, compute: (key: K) => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined || this.entries.has(key)) return hit as V;
    const value = compute(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
    return value;
  }

  /** Holds `value` for `key` (computed elsewhere) in place of any held, the oldest leaving first. */
  put(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  /** The value held for `key`, if any (without computing one). */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Lets the value for `key` go, if one is held. */
  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * `key` with one more digit: `key * radix + value`. The value must be a whole number from 0 to
 * radix - 1 and the result a safe integer; anything else is a RangeError (a radix too small for
 * what it packs), never a silent collision.
 */
export function digit(key: number, value: number, radix: number): number {
  if (!(Number.isInteger(value) && value >= 0 && value < radix))
    throw new RangeError(`key digit ${value} is outside 0..${radix - 1}`);
  const next = key * radix + value;
  if (!Number.isSafeInteger(next))
    throw new RangeError(`key ${key} * ${radix} + ${value} is past 2^53`);
  return next;
}
