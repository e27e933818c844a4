/**
 * Whole numbers in proportion to `weights` that add up to exactly `total` (largest
 * remainder: each gets the floor of its share, then the units left over go to the
 * largest fractions, the earlier one first on a tie). Rounding each share on its own
 * would miss the total by a token or two, and a composition must add up to the input
 * the provider reported. All-zero weights: nothing to apportion by, so all zeros.
 */
export function apportion(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => (w * total) / sum);
  const out = shares.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = shares.map((s, i) => ({ i, fraction: s - Math.floor(s) })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left--;
  }
  return out;
}
