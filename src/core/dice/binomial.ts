// Binomial probabilities for the order-statistics programme, computed in log space so that
// large pools (thousands of dice) neither overflow nor underflow early.

let logFactorials = new Float64Array([0, 0]);

function logFactorial(n: number): number {
  if (n >= logFactorials.length) {
    const grown = new Float64Array(Math.max(n + 1, logFactorials.length * 2));
    grown.set(logFactorials);
    for (let i = logFactorials.length; i < grown.length; i++) {
      grown[i] = (grown[i - 1] as number) + Math.log(i);
    }
    logFactorials = grown;
  }
  return logFactorials[n] as number;
}

/** Fills out[x] = P(Binomial(n, q) = x) for x = 0..n; `out` must hold n + 1 entries. */
export function binomialPmf(n: number, q: number, out: Float64Array): void {
  if (q <= 0) {
    out.fill(0, 0, n + 1);
    out[0] = 1;
    return;
  }
  if (q >= 1) {
    out.fill(0, 0, n + 1);
    out[n] = 1;
    return;
  }
  if (n <= 30) {
    // Small n: multiply up from P(0), which stays accurate and avoids exp/log.
    const ratio = q / (1 - q);
    let p = Math.pow(1 - q, n);
    if (p > 1e-280) {
      out[0] = p;
      for (let x = 1; x <= n; x++) {
        p *= (ratio * (n - x + 1)) / x;
        out[x] = p;
      }
      return;
    }
  }
  const lq = Math.log(q);
  const lr = Math.log1p(-q);
  const ln = logFactorial(n);
  for (let x = 0; x <= n; x++) {
    out[x] = Math.exp(ln - logFactorial(x) - logFactorial(n - x) + x * lq + (n - x) * lr);
  }
}
