import { describe, expect, it } from "vitest";
import { Rng } from "../core/random.js";
import { PairedKeys, SAME_MARGIN } from "./sure-ranking.js";

/** `n` samples of each option, in one batch: option o's win, lose and balance from `sample`. */
function keys(
  options: number,
  n: number,
  sample: (o: number, rng: Rng) => [number, number, number],
): PairedKeys {
  const paired = new PairedKeys(options, n);
  for (let o = 0; o < options; o += 1) {
    for (let i = 0; i < n; i += 1) {
      const [win, lose, balance] = sample(o, Rng.stream(5, i));
      paired.set(o, i, win, lose, balance);
    }
  }
  paired.close(n);
  return paired;
}

const chance = (rng: Rng, p: number) => (rng.float() < p ? 1 : 0);

describe("a sampled ranking's sureness", () => {
  it("settles options far apart in their chance of winning at once", () => {
    const paired = keys(2, 2000, (o, rng) => [chance(rng, o === 0 ? 0.5 : 0.1), 0, 0]);
    expect(paired.same(0, 1, 0)).toBe(false);
    expect(paired.settled()).toBe(true);
  });

  it("passes over a chance shown the same, to the next key", () => {
    // The same win (on the same stream), lose 5% against 15%.
    const sample = (o: number, rng: Rng): [number, number, number] => {
      const win = chance(rng, 0.06);
      return [win, chance(rng, o === 0 ? 0.05 : 0.15), 0];
    };
    const paired = keys(2, 4000, sample);
    expect(paired.same(0, 1, 0)).toBe(true);
    expect(paired.same(1, 0, 0)).toBe(true);
    expect(paired.same(0, 1, 1)).toBe(false);
    expect(paired.settled()).toBe(true);
  });

  it("is not sure of a chance whose difference may be as large as the margin", () => {
    // Win 6% against 6% + SAME_MARGIN, drawn apart: neither shown the same nor different.
    const paired = keys(2, 2000, (o, rng) => {
      const mine = rng.float();
      const other = rng.float();
      return [(o === 0 ? mine : other) < 0.06 + o * SAME_MARGIN ? 1 : 0, 0, 1];
    });
    expect(paired.same(0, 1, 0)).toBe(false);
    expect(paired.settled()).toBe(false);
  });

  it("never settles options alike on every key, nor a pair among three", () => {
    const alike = keys(2, 4000, (_o, rng) => [chance(rng, 0.1), chance(rng, 0.1), rng.float()]);
    expect(alike.same(0, 1, 0)).toBe(true);
    expect(alike.settled()).toBe(false);
    // Options 0 and 2 differ in the balance by 1 HP; option 1 is option 0 again.
    const three = keys(3, 2000, (o, rng) => [0, 0, rng.float() + (o === 2 ? 1 : 0)]);
    expect(three.settled()).toBe(false);
    const apart = keys(3, 2000, (o, rng) => [0, 0, rng.float() + o]);
    expect(apart.settled()).toBe(true);
  });
});
