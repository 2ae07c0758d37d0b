import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cloneState } from "./clone.js";

describe("cloneState", () => {
  it("copies any JSON value deeply: equal, and sharing no object with the original", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = cloneState(value);
        expect(copy).toEqual(value);
        if (typeof value === "object" && value !== null) expect(copy).not.toBe(value);
      }),
    );
    const state = { a: { b: [1, { c: 2 }] } };
    const copy = cloneState(state);
    (copy.a.b[1] as { c: number }).c = 3;
    expect(state.a.b[1]).toEqual({ c: 2 });
  });
});
