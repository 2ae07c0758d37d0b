import { describe, expect, it } from "vitest";
import { Rng } from "../core/random.js";
import { HEALTH_SAME, PairedKeys, SAME_MARGIN } from "./sure-ranking.js";

/**
 * `n` samples of each option, in one batch: option o's win, lose and balance from `sample`, the
 * balance as health dealt with none taken, or as `taken` HP taken more.
 */
function keys(
  options: number,
  n: number,
  sample: (o: number, rng: Rng) => [number, number, number],
  taken = 0,
): PairedKeys {
  const paired = new PairedKeys(options, n);
  for (let o = 0; o < options; o += 1) {
    for (let i = 0; i < n; i += 1) {
      const [win, lose, balance] = sample(o, Rng.stream(5, i));
      paired.set(o, i, win, lose, balance + taken, taken);
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

  it("settles options alike on every key as alike, and a pair among three", () => {
    // The same chances and a balance of 10 to 11 HP a round on the same streams: alike.
    const alike = keys(2, 4000, (_o, rng) => [
      chance(rng, 0.1),
      chance(rng, 0.1),
      10 + rng.float(),
    ]);
    expect(alike.same(0, 1, 0)).toBe(true);
    expect(alike.pair(0, 1)).toBe("alike");
    expect(alike.settled()).toBe(true);
    // Options 0 and 2 differ in the balance by 1 HP of about 10; option 1 is option 0 again.
    const three = keys(3, 2000, (o, rng) => [0, 0, 10 + rng.float() + (o === 2 ? 1 : 0)]);
    expect([three.pair(0, 1), three.pair(0, 2), three.pair(1, 2)]).toEqual([
      "alike",
      "ordered",
      "ordered",
    ]);
    expect(three.settled()).toBe(true);
    // Neither costs any health, and the chances are the same: alike.
    expect(keys(2, 2000, () => [0, 0, 0]).pair(0, 1)).toBe("alike");
  });

  it("shows a balance the same only within its band of the health the round costs", () => {
    // 10 HP dealt and 10 taken a sample (a cost of 20 HP), one option 0.9 band better: the
    // balances' difference is exact, so only the band decides.
    const band = HEALTH_SAME * 20;
    const near = keys(2, 2000, (o) => [0, 0, o === 0 ? 0.9 * band : 0], 10);
    expect(near.pair(0, 1)).toBe("alike");
    const far = keys(2, 2000, (o) => [0, 0, o === 0 ? 1.1 * band : 0], 10);
    expect(far.pair(0, 1)).toBe("ordered");
    // Drawn apart, spread so wide that 2,000 samples show neither: not settled.
    const wide = keys(2, 2000, (o, rng) => [0, 0, 200 * [rng.float(), rng.float()][o]!], 10);
    expect(wide.pair(0, 1)).toBe("unsure");
    expect(wide.settled()).toBe(false);
  });
});
