import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cloneState, copierOf } from "./clone.js";

describe("cloneState", () => {
  it("copies any JSON value deeply: equal, and sharing no object with the original", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = cloneState(value);
        expect(copy).toEqual(value);
        if (typeof value === "object" && value !== null) expect(copy).not.toBe(value);
      }),
      { seed: 2026, numRuns: 300 },
    );
    // Found by that property: an own "__proto__" key is copied as a key, not as a prototype.
    const odd = JSON.parse('[{"__proto__":null,"a":{"__proto__":{"b":1}}}]') as unknown;
    expect(cloneState(odd)).toEqual(odd);
    expect(Object.getPrototypeOf((cloneState(odd) as object[])[0])).toBe(Object.prototype);
    const state = { a: { b: [1, { c: 2 }] } };
    const copy = cloneState(state);
    (copy.a.b[1] as { c: number }).c = 3;
    expect(state.a.b[1]).toEqual({ c: 2 });
  });
});

describe("copierOf", () => {
  it("copies by the ruleset's own copy when it has one, called on the ruleset, else by cloneState", () => {
    const rules = {
      copies: 0,
      copy(state: { n: number }) {
        this.copies += 1;
        return { ...state };
      },
    };
    const state = { n: 1 };
    expect(copierOf(rules)(state)).toEqual(state);
    expect(rules.copies).toBe(1);
    expect(copierOf<{ n: number }>({})).toBe(cloneState);
  });
});
