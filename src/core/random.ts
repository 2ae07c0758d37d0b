// The seeded random generator behind every roll Fray makes.
// xoroshiro128+ from pure-rand; its state is a plain array of four 32-bit integers,
// so it can be stored in a log, copied, sent to a worker and restored.
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { JumpableRandomGenerator } from "pure-rand/types/JumpableRandomGenerator";
import { smallInt } from "./small-int.js";

/** The generator's whole state: four 32-bit integers. */
export type RngState = readonly [number, number, number, number];

/** splitmix32: spreads a 32-bit input over a well-mixed 32-bit output. */
function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

/**
 * A uniform float in [0, 1) that is a function of four integers (53 bits from two splitmix32
 * outputs): a die keyed by who rolls it and when, rather than by its place in one stream, so two
 * look-ahead playouts that differ by one choice still share every other roll (common random
 * numbers; src/engine/search/rollouts.ts).
 */
export function keyedUniform(a: number, b: number, c: number, d: number): number {
  const h = mix32(mix32(mix32(mix32(a | 0) ^ (b | 0)) ^ (c | 0)) ^ (d | 0));
  const hi = (mix32(h) >>> 0) >>> 5; // 27 bits
  const lo = (mix32(h ^ 0x5bd1e995) >>> 0) >>> 6; // 26 bits
  return (hi * 67108864 + lo) / 9007199254740992;
}

export class Rng {
  private constructor(private readonly gen: JumpableRandomGenerator) {}

  /** A generator from a seed (any integer; taken modulo 2^32). */
  static fromSeed(seed: number): Rng {
    return new Rng(xoroshiro128plus(seed | 0));
  }

  /** A generator restored from a state returned by `state()`. */
  static fromState(state: RngState): Rng {
    return new Rng(xoroshiro128plusFromState(state));
  }

  /**
   * Independent stream number `index` of a seed: run i of a simulation uses `Rng.stream(seed, i)`,
   * so results depend on the seed and the run, never on how runs are spread over workers.
   * The 128-bit state is four splitmix32 outputs of (seed, index).
   */
  static stream(seed: number, index: number): Rng {
    const a = mix32(seed | 0);
    const b = mix32(a ^ mix32(index | 0));
    const c = mix32(b ^ 0x632be5ab);
    const d = mix32(c ^ mix32((index / 0x100000000) | 0));
    const state: RngState = [a, b, c, d === 0 && a === 0 && b === 0 && c === 0 ? 1 : d];
    return new Rng(xoroshiro128plusFromState(state));
  }

  state(): RngState {
    const s = this.gen.getState();
    return [s[0] ?? 0, s[1] ?? 0, s[2] ?? 0, s[3] ?? 0];
  }

  clone(): Rng {
    return new Rng(this.gen.clone());
  }

  /** A fair die: an integer from 1 to `sides` (a small integer: small-int.ts). */
  die(sides: number): number {
    return smallInt(uniformInt(this.gen, 1, sides));
  }

  /** An integer from `from` to `to`, both included (a small integer where it fits). */
  int(from: number, to: number): number {
    return smallInt(uniformInt(this.gen, from, to));
  }

  /** A float in [0, 1) with 53 random bits. */
  float(): number {
    const hi = (this.gen.next() >>> 0) >>> 5; // 27 bits
    const lo = (this.gen.next() >>> 0) >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }
}
