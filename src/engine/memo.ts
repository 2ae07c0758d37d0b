// Module-level caches of rulesets and policies, bounded, and the numbers they are keyed by,
// checked. A `Memo` keeps at most `limit` entries and lets the oldest go first, so a long
// simulation over many encounters cannot grow one without end. `digit` packs a key one number at
// a time and refuses a digit outside its radix or a key past the safe integers, so two different
// sequences of digits can never meet in one key (as `held * 1021 + untrained` did with three
// attacks or more). A `ListMemo` is keyed by a list of numbers too many to pack: it finds an entry
// by the list's hash and compares the list it holds number by number, so two lists never share a
// value; a key made as a string of the numbers ("3:-1:12|…") cost karn's tactics more than their
// lookups' work.

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

/** A list's entry: the list itself (to compare), and its value. */
interface Listed<V> {
  readonly key: readonly number[];
  readonly value: V;
}

/**
 * A `Memo` keyed by a list of numbers: `begin()`, then `add` each number of the key, then `get`.
 * The entry is found by the list's hash and holds the list, compared number by number, so a value
 * is only ever given for its own list; a list whose hash another holds takes its place (one more
 * computation, never a wrong value). A key that may hold nothing (null) adds whether it holds
 * something first, and a key of lists of different lengths its length, so that no two keys give the
 * same list. The list is copied only for a new entry: `compute` may use the memo again.
 */
export class ListMemo<V> {
  private readonly entries: Memo<number, Listed<V>>;
  private readonly list: number[] = [];
  private length = 0;
  private hash = 0;

  constructor(limit: number) {
    this.entries = new Memo(limit);
  }

  /** Starts a key. */
  begin(): this {
    this.length = 0;
    this.hash = 0x811c9dc5;
    return this;
  }

  /** Adds `x` (a safe integer) to the key begun. */
  add(x: number): this {
    this.list[this.length] = x;
    this.length += 1;
    // Both halves of the number, each through a multiply of its own (murmur3's constants).
    const low = (x % 0x100000000) | 0;
    const high = (x / 0x100000000) | 0;
    let h = Math.imul(this.hash ^ low, 0xcc9e2d51);
    h = Math.imul(h ^ high ^ (h >>> 15), 0x1b873593);
    this.hash = h ^ (h >>> 13);
    return this;
  }

  /** The value for the key begun, computed by `compute` the first time (and again once it has left). */
  get(compute: () => V): V {
    // Within the small integers, a key V8 keeps unboxed.
    const hash = this.hash & 0x3fffffff;
    const held = this.entries.peek(hash);
    if (held !== undefined && this.holds(held.key)) return held.value;
    const key = this.list.slice(0, this.length);
    const value = compute();
    this.entries.put(hash, { key, value });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private holds(key: readonly number[]): boolean {
    if (key.length !== this.length) return false;
    for (let i = 0; i < key.length; i += 1) if (key[i] !== this.list[i]) return false;
    return true;
  }
}
