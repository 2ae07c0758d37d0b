// "Did you mean ...?": the closest known word to a misspelt one.

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] as number;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The known word closest to `word`, preferring one of the same length, then the earlier in
 * `known`; undefined when nothing is within `maxDistance` edits.
 */
export function closest(
  word: string,
  known: readonly string[],
  maxDistance = 2,
): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of known) {
    const distance = editDistance(word, candidate);
    if (distance > maxDistance || distance >= word.length + candidate.length) continue;
    const score = distance * 2 + (candidate.length === word.length ? 0 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}
