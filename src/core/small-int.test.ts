import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { Dist } from "./dist.js";
import { Rng } from "./random.js";
import { smallInt } from "./small-int.js";

// Whether V8 holds a number as a small integer (a Smi) rather than a boxed double: what the
// values are for, and not observable otherwise. V8's %IsSmi, allowed for the functions compiled
// after the flag is set.
setFlagsFromString("--allow-natives-syntax");
const isSmi = new Function("x", "return %IsSmi(x)") as (x: number) => boolean;

describe("small integers", () => {
  it("keeps every value, a whole number in 32 bits as a small integer", () => {
    // An index read back from an array that holds a double is a boxed double.
    const boxed = [3, 0.5][0]!;
    expect(isSmi(boxed)).toBe(false);
    expect(smallInt(boxed)).toBe(3);
    expect(isSmi(smallInt(boxed))).toBe(true);
    expect(Object.is(smallInt(-0), 0)).toBe(true);
    expect(smallInt(2.5)).toBe(2.5);
    expect(smallInt(2 ** 40)).toBe(2 ** 40);
    expect(smallInt(-(2 ** 31))).toBe(-(2 ** 31));
  });

  it("are what a distribution's outcomes and the generator's dice are", () => {
    // `Array.from`'s index in an entry beside a probability: a boxed double before smallInt.
    const entries = Array.from(new Float64Array([0.25, 0.75]), (p, t) => [t, p] as const);
    const outcomes = [
      ...Dist.fromEntries(entries).outcomes(),
      ...Dist.constant(entries[1]![0]).outcomes(),
      ...Dist.uniform(entries[1]![0], 3).outcomes(),
    ];
    expect(outcomes).toEqual([0, 1, 1, 1, 2, 3]);
    expect(outcomes.filter((x) => !isSmi(x))).toEqual([]);
    // pure-rand's uniformInt works above 2^31: its dice came out boxed.
    const rng = Rng.stream(1, 0);
    const dice = Array.from({ length: 20 }, () => rng.die(6));
    expect(dice.every((x) => x >= 1 && x <= 6)).toBe(true);
    expect(dice.filter((x) => !isSmi(x))).toEqual([]);
  });
});
