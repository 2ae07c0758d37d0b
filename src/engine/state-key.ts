// How the state graph finds a state's node: every object and array of a state it keeps is
// interned (hash-consed): one canonical copy of each distinct plain-JSON value, shared by every
// state that holds an equal part. A state is interned from its leaves up, each part replaced by
// its canonical copy, so two parts are equal exactly when they are the same object, and a part
// is compared with a candidate one level deep (its scalars by value, its parts by identity, its
// keys in the same order: as their JSON texts would compare). Two states are then equal exactly
// when they intern to the same object, with no walk of a whole state against another, and the
// states kept share what they have in common (the combatants' sheets, an unhurt combatant
// whole), which is most of their memory and most of what the garbage collector would copy.
//
// Hashing walks the values only (numbers, the length and end characters of strings, array
// lengths, a part's own hash), which is cheap and makes no garbage; equal hashes are told apart
// by the comparison, so a collision costs time, never a wrong merge.

import { setKey } from "./clone.js";

const MULT = 0x01000193;
const SEED = 0x811c9dc5;

function mix(h: number, x: number): number {
  return Math.imul(h ^ x, MULT);
}

function hashScalar(h: number, v: unknown): number {
  switch (typeof v) {
    case "number":
      return mix(h, Number.isInteger(v) ? v | 0 : Math.round(v * 65536) | 0);
    case "string": {
      const n = v.length;
      return mix(mix(h, n), n === 0 ? 0 : v.charCodeAt(0) * 31 + v.charCodeAt(n - 1));
    }
    case "boolean":
      return mix(h, v ? 3 : 5);
    default:
      return mix(h, v === null ? 7 : 17);
  }
}

/**
 * The keys and values of the object compared last (reused: comparing makes no garbage). Each
 * object's values are read in a for-in over that object itself, which V8 reads by its enum
 * cache; reading another object by the loop's key is a slow keyed lookup.
 */
const keys: string[] = [];
const values: unknown[] = [];

/**
 * Equal one level deep: the same kind, the same keys in the same order, scalars equal and parts
 * the same object (both already interned).
 */
function sameShallow(a: object, b: object): boolean {
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let n = 0;
  for (const key in ra) {
    keys[n] = key;
    values[n] = ra[key];
    n += 1;
  }
  let i = 0;
  for (const key in rb) {
    if (i >= n || keys[i] !== key || values[i] !== rb[key]) return false;
    i += 1;
  }
  return i === n;
}

/** A table's first size (a power of two); it doubles whenever it is half full. */
const FIRST_SIZE = 1 << 12;

/** Where a hash's probe starts in a table of `mask + 1` slots (its bits mixed: see `mix`). */
function slotOf(h: number, mask: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  x ^= x >>> 13;
  return x & mask;
}

/** The canonical copies of the plain-JSON objects and arrays interned so far. */
export class StateKeys {
  /**
   * The canonical values by hash, in an open-addressing table (linear probing): a slot holds a
   * value and its hash, so a probe reads no Map entry and allocates nothing.
   */
  private slots: (object | undefined)[] = new Array<object | undefined>(FIRST_SIZE).fill(undefined);
  private slotHashes = new Int32Array(FIRST_SIZE);
  private used = 0;
  /** The hash of each canonical value (a part shared with a state kept is not walked again). */
  private readonly hashes = new Map<object, number>();
  /** The hash of the value `canonical` interned last. */
  private hash = 0;

  /**
   * The canonical copy of `value`, an object or array of plain JSON: `value` itself when no equal
   * value was interned before. `value`'s parts are replaced, in place, by their canonical copies;
   * a value once interned must never change (every state sharing it would). A part already
   * canonical (most of a run's copy: a combatant's sheet and weapons, the queue, the switches) is
   * known here by its hash without a call of its own.
   */
  canonical<T extends object>(value: T): T {
    const known = this.hashes.get(value);
    if (known !== undefined) {
      this.hash = known;
      return value;
    }
    let h: number;
    if (Array.isArray(value)) {
      const a = value as unknown[];
      h = mix(SEED, a.length + 11);
      for (let i = 0; i < a.length; i += 1) {
        const x = a[i];
        if (typeof x === "object" && x !== null) {
          const kept = this.hashes.get(x);
          if (kept !== undefined) h = mix(h, kept);
          else {
            const c = this.canonical(x);
            if (c !== x) a[i] = c;
            h = mix(h, this.hash);
          }
        } else h = hashScalar(h, x);
      }
    } else {
      const r = value as Record<string, unknown>;
      h = mix(SEED, 13);
      for (const key in r) {
        const x = r[key];
        if (typeof x === "object" && x !== null) {
          const kept = this.hashes.get(x);
          if (kept !== undefined) h = mix(h, kept);
          else {
            const c = this.canonical(x);
            if (c !== x) setKey(r, key, c);
            h = mix(h, this.hash);
          }
        } else h = hashScalar(h, x);
      }
    }
    this.hash = h;
    const slots = this.slots;
    const mask = slots.length - 1;
    let i = slotOf(h, mask);
    for (let o = slots[i]; o !== undefined; o = slots[i]) {
      if (this.slotHashes[i] === h && sameShallow(o, value)) return o as T;
      i = (i + 1) & mask;
    }
    slots[i] = value;
    this.slotHashes[i] = h;
    this.hashes.set(value, h);
    this.used += 1;
    if (this.used * 2 > slots.length) this.grow();
    return value;
  }

  /** The table twice as large, every value moved to its slot there. */
  private grow(): void {
    const slots = this.slots;
    const hashes = this.slotHashes;
    const size = slots.length * 2;
    const mask = size - 1;
    this.slots = new Array<object | undefined>(size).fill(undefined);
    this.slotHashes = new Int32Array(size);
    for (let j = 0; j < slots.length; j += 1) {
      const o = slots[j];
      if (o === undefined) continue;
      const h = hashes[j]!;
      let i = slotOf(h, mask);
      while (this.slots[i] !== undefined) i = (i + 1) & mask;
      this.slots[i] = o;
      this.slotHashes[i] = h;
    }
  }
}
