/**
 * `--precision`: how many chunks a result point runs when the user asks for a 95%
 * half-width rather than a number of trials. Pure and deterministic: the next round's
 * size depends only on the tally of the chunks merged so far, never on timing or on how
 * many workers ran them, so the same command always stops at the same chunk.
 */
import { spreadHalfWidth, summarize, type Tally } from './stats.ts';

/** Chunks in a point's first round: one chunk (CHUNK_TRIALS trials) is enough to estimate variances. */
export const FIRST_ROUND_CHUNKS = 1;

/**
 * Margin on the trials a round aims for. A half-width made by the trials' spread shrinks as
 * 1/√n, so n·(h/target)² trials should reach the target; one made by a bound for a sample
 * that barely varied (Wilson's at 0 of n, sim/stats.ts normalMean's floor) shrinks as 1/n,
 * so n·(h/target). 5% more keeps a second try rare when the estimate was a little low.
 */
export const ROUND_MARGIN = 1.05;

/** At most this many times the chunks run so far, per round (a guard against a wild first estimate). */
export const MAX_ROUND_GROWTH = 16;

/** Half the width of metric `i`'s 95% interval, as reported (scaled). */
export function halfWidth(tally: Tally, i: number): number {
  const { ci95 } = summarize(tally, i);
  return (ci95[1] - ci95[0]) / 2;
}

/** The widest 95% half-width among a tally's metrics: 0 without metrics, Infinity before any trial. */
export function widestHalfWidth(tally: Tally): number {
  if (tally.trials === 0) return Infinity;
  let widest = 0;
  for (let i = 0; i < tally.layout.metricCount; i++) widest = Math.max(widest, halfWidth(tally, i));
  return widest;
}

/** Has the point reached `target` (every metric's half-width at most `target`)? */
export function reached(tally: Tally, target: number): boolean {
  return widestHalfWidth(tally) <= target;
}

/**
 * The chunk count a point should have after its next round, given its tally over the
 * `chunks` chunks merged so far: enough for every metric to reach the target (n·(h/target)²
 * or n·(h/target) trials, ROUND_MARGIN), at least
 * one more chunk, at most MAX_ROUND_GROWTH times as many, never beyond `maxChunks`.
 * Returns `chunks` itself when the point is done (reached, or at the cap).
 */
export function nextChunkTarget(
  tally: Tally,
  target: number,
  chunks: number,
  maxChunks: number,
  chunkTrials: number,
): number {
  if (chunks >= maxChunks) return chunks;
  if (chunks === 0) return Math.min(FIRST_ROUND_CHUNKS, maxChunks);
  const h = widestHalfWidth(tally);
  if (h <= target) return chunks;
  let trials = 0;
  for (let i = 0; i < tally.layout.metricCount; i++) {
    const hi = halfWidth(tally, i);
    if (hi <= target) continue;
    // Where the spread makes at least half the width, it sets the pace (1/√n); else the
    // bound does (1/n): squaring its ratio ran a metric that was 0 in every trial up to
    // 16 times past what it needed, each round.
    const ratio = hi / target;
    trials = Math.max(trials, tally.trials * (spreadHalfWidth(tally, i) >= hi / 2 ? ratio * ratio : ratio) * ROUND_MARGIN);
  }
  const wanted = Math.ceil(trials / chunkTrials);
  return Math.min(maxChunks, Math.max(chunks + 1, Math.min(wanted, chunks * MAX_ROUND_GROWTH)));
}
