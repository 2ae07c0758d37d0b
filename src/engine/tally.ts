// Running weighted sums of several quantities (means, and second moments for intervals): what the
// advisor adds each result of an option into, exact (weights are probabilities) or sampled
// (weights are 1), and reads back as estimates.

/** An estimate: exact (`half` = 0) or sampled, with the half-width of its 95% interval. */
export interface Estimate {
  readonly value: number;
  readonly half: number;
}

const Z95 = 1.959963984540054;

export class Tally {
  weight = 0;
  readonly sums: number[];
  readonly squares: number[];

  constructor(size: number) {
    this.sums = new Array<number>(size).fill(0);
    this.squares = new Array<number>(size).fill(0);
  }

  add(p: number, xs: readonly number[]): void {
    this.weight += p;
    xs.forEach((x, i) => {
      this.sums[i]! += p * x;
      this.squares[i]! += p * x * x;
    });
  }

  /** Mean of quantity i; with `sampled`, the half-width of its 95% interval too. */
  estimate(i: number, sampled: boolean, probability: boolean): Estimate {
    const w = this.weight;
    if (w === 0) return { value: 0, half: 0 };
    const mean = this.sums[i]! / w;
    if (!sampled) return { value: mean, half: 0 };
    if (probability) {
      // Wilson's interval for a proportion observed in w samples.
      const z = Z95;
      const d = 1 + (z * z) / w;
      const centre = (mean + (z * z) / (2 * w)) / d;
      const half = (z / d) * Math.sqrt((mean * (1 - mean)) / w + (z * z) / (4 * w * w));
      return { value: mean, half: Math.max(centre + half - mean, mean - (centre - half)) };
    }
    const variance = Math.max(0, this.squares[i]! / w - mean * mean) * (w / Math.max(1, w - 1));
    return { value: mean, half: Z95 * Math.sqrt(variance / w) };
  }
}
