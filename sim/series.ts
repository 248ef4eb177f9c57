/**
 * Reading per-turn series (sim/result.ts SeriesResult) off merged integer histograms.
 * Percentiles do not add up across chunks, counts do: a mechanic tallies a histogram per
 * turn and the percentiles are taken here, from the merged counts of the whole point.
 */

/**
 * The q-quantile of a histogram: the smallest value whose cumulative count reaches q·n
 * (the nearest-rank definition, so always a value some trial had; for q = 0.5 and an even
 * n it is the lower median). `counts[i]` counts the value `min + i`.
 */
export function histogramQuantile(counts: ArrayLike<number>, min: number, q: number): number {
  const n = trialsOf(counts);
  return n === 0 ? min : valueAtRank(counts, min, Math.max(1, Math.ceil(q * n - 1e-9)));
}

/** The mean of a histogram (value `min + i` counted `counts[i]` times). */
export function histogramMean(counts: ArrayLike<number>, min: number): number {
  const n = trialsOf(counts);
  return n === 0 ? 0 : histogramSum(counts, min) / n;
}

/** The trials a histogram counts. */
function trialsOf(counts: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  return n;
}

/**
 * A distribution-free 95% interval for the q-quantile of a histogram's trials: the values
 * of the order statistics at ranks n·q ∓ z·√(n·q·(1 − q)) (the normal approximation to the
 * binomial count of trials below the quantile; Conover, Practical Nonparametric
 * Statistics, 3rd ed., §3.2), clamped to the trials there are. Always values some trial
 * had, like histogramQuantile's.
 */
export function histogramQuantileInterval(counts: ArrayLike<number>, min: number, q: number, z = 1.959963984540054): [number, number] {
  const n = trialsOf(counts);
  if (n === 0) return [min, min];
  const half = z * Math.sqrt(n * q * (1 - q));
  const lowRank = Math.max(1, Math.floor(n * q - half));
  const highRank = Math.min(n, Math.ceil(n * q + half) + 1);
  return [valueAtRank(counts, min, lowRank), valueAtRank(counts, min, highRank)];
}

/** The value of the trial of 1-based rank `k` in a histogram's sorted trials. */
function valueAtRank(counts: ArrayLike<number>, min: number, k: number): number {
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i];
    if (seen >= k) return min + i;
  }
  return min + counts.length - 1;
}

/** The sum of squares of a histogram's trials (value `min + i` counted `counts[i]` times). */
export function histogramSumOfSquares(counts: ArrayLike<number>, min: number): number {
  let s = 0;
  for (let i = 0; i < counts.length; i++) s += counts[i] * (min + i) * (min + i);
  return s;
}

/** The sum of a histogram's trials. */
export function histogramSum(counts: ArrayLike<number>, min: number): number {
  let s = 0;
  for (let i = 0; i < counts.length; i++) s += counts[i] * (min + i);
  return s;
}

/** The count of a histogram's trials strictly below (`below`) or above `v`. */
export function histogramCount(counts: ArrayLike<number>, min: number, v: number, side: 'below' | 'above'): number {
  let hit = 0;
  for (let i = 0; i < counts.length; i++) if (side === 'below' ? min + i < v : min + i > v) hit += counts[i];
  return hit;
}
