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
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  if (n === 0) return min;
  const need = Math.max(1, Math.ceil(q * n - 1e-9));
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i];
    if (seen >= need) return min + i;
  }
  return min + counts.length - 1;
}

/** The mean of a histogram (value `min + i` counted `counts[i]` times). */
export function histogramMean(counts: ArrayLike<number>, min: number): number {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < counts.length; i++) {
    n += counts[i];
    sum += counts[i] * (min + i);
  }
  return n === 0 ? 0 : sum / n;
}

/** Share of a histogram's count with value strictly below (`below`) or above `v`. */
export function histogramShare(counts: ArrayLike<number>, min: number, v: number, side: 'below' | 'above'): number {
  let n = 0;
  let hit = 0;
  for (let i = 0; i < counts.length; i++) {
    n += counts[i];
    if (side === 'below' ? min + i < v : min + i > v) hit += counts[i];
  }
  return n === 0 ? 0 : hit / n;
}
