// Integer arithmetic shared by the sampler and the exact interpreter, so both round alike.
import type { Rounding } from "./ast.js";

/** floor(a / b) for integers, exact for safe integers. */
export function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  const r = a - q * b;
  if (b > 0) {
    if (r < 0) q -= 1;
    else if (r >= b) q += 1;
  } else {
    if (r > 0) q -= 1;
    else if (r <= b) q += 1;
  }
  return q + 0;
}

/** a / b rounded as asked; `round` goes half away from zero. */
export function divide(a: number, b: number, rounding: Rounding): number {
  switch (rounding) {
    case "floor":
      return floorDiv(a, b);
    case "ceil":
      return 0 - floorDiv(-a, b);
    case "round": {
      const n = b < 0 ? -a : a;
      const d = b < 0 ? -b : b;
      const q = floorDiv(n, d);
      const twice = 2 * (n - q * d);
      if (twice > d || (twice === d && q >= 0)) return q + 1;
      return q + 0;
    }
  }
}
