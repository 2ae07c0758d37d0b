// How the state graph finds a state's node: a hash of the plain-JSON state, and exact equality of
// two states (as their JSON texts would compare, key order included). Hashing walks the values
// only (numbers, the length and end characters of strings, array lengths), which is several times
// cheaper than building the JSON text and makes no garbage; equal hashes are then told apart by
// `sameState`, so a collision costs time, never a wrong merge.

const MULT = 0x01000193;

function mix(h: number, x: number): number {
  return Math.imul(h ^ x, MULT);
}

function hashValue(h: number, v: unknown): number {
  switch (typeof v) {
    case "number":
      return mix(h, Number.isInteger(v) ? v | 0 : Math.round(v * 65536) | 0);
    case "string": {
      const n = v.length;
      return mix(mix(h, n), n === 0 ? 0 : v.charCodeAt(0) * 31 + v.charCodeAt(n - 1));
    }
    case "boolean":
      return mix(h, v ? 3 : 5);
    case "object": {
      if (v === null) return mix(h, 7);
      if (Array.isArray(v)) {
        let a = mix(h, v.length + 11);
        for (let i = 0; i < v.length; i += 1) a = hashValue(a, v[i]);
        return a;
      }
      let o = mix(h, 13);
      const r = v as Record<string, unknown>;
      for (const key in r) o = hashValue(o, r[key]);
      return o;
    }
    default:
      return mix(h, 17);
  }
}

/** A 32-bit hash of a plain-JSON value: equal values have equal hashes. */
export function hashState(v: unknown): number {
  return hashValue(0x811c9dc5, v);
}

/** True when `a` and `b` are equal plain-JSON values, their objects' keys in the same order. */
export function sameState(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameState(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const kb = Object.keys(rb);
  let i = 0;
  for (const key in ra) {
    if (kb[i] !== key || !sameState(ra[key], rb[key])) return false;
    i += 1;
  }
  return i === kb.length;
}
