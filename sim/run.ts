/**
 * Running a result point: its trials are cut into fixed-size chunks, chunk c running
 * trials [c·CHUNK_TRIALS, (c+1)·CHUNK_TRIALS) on its own stream (seed, point, c). A chunk's
 * tally depends on nothing else, so chunks can run anywhere, in any order, and merge.
 */
import { RandomStream } from './random.ts';
import { TallyLayout, summarize, type Tally } from './stats.ts';
import type { ExactValues, Simulation } from './mechanic.ts';
import type { MetricResult, PointResult } from './result.ts';

/**
 * Trials per chunk. Part of the result's definition (changing it changes every number),
 * so it is a constant, not a setting. 2^16 makes a chunk of the benchmark clash take
 * a few milliseconds: long enough that seeding a stream (ARC4 key schedule, ~10 µs) and
 * posting a tally between threads cost under 1%, short enough that 1M trials make 16
 * chunks to share among workers and progress moves smoothly.
 */
export const CHUNK_TRIALS = 65536;

/** Number of chunks for `trials` trials. */
export function chunkCount(trials: number, chunkTrials = CHUNK_TRIALS): number {
  return Math.ceil(trials / chunkTrials);
}

/** Trials in chunk `chunk` of a point with `trials` trials. */
export function chunkSize(trials: number, chunk: number, chunkTrials = CHUNK_TRIALS): number {
  return Math.max(0, Math.min(chunkTrials, trials - chunk * chunkTrials));
}

export function layoutOf(sim: Simulation): TallyLayout {
  return new TallyLayout(sim.metrics, sim.distributions ?? [], sim.counters ?? []);
}

/** Run one chunk and return its tally's values. */
export function runChunk(
  sim: Simulation,
  seed: string | number,
  point: number,
  chunk: number,
  trials: number,
): Float64Array {
  const tally = layoutOf(sim).create();
  sim.run(RandomStream.forChunk(seed, point, chunk), trials, tally);
  return tally.values;
}

/** Run a whole point in this thread, chunk by chunk. */
export function runPoint(sim: Simulation, seed: string | number, point: number, trials: number): Tally {
  const total = layoutOf(sim).create();
  for (let c = 0; c < chunkCount(trials); c++) {
    total.merge(runChunk(sim, seed, point, c, chunkSize(trials, c)));
  }
  return total;
}

/**
 * The result JSON of one point from its merged tally and exact values; `sim`'s `series`
 * (when it has one) fills the point's per-turn series.
 */
export function pointResult(
  point: Record<string, unknown>,
  tally: Tally,
  exact: ExactValues | undefined,
  sim?: Pick<Simulation, 'series'>,
): PointResult {
  const metrics: Record<string, MetricResult> = {};
  tally.layout.metrics.forEach((spec, i) => {
    const e = summarize(tally, i);
    const m: MetricResult = { estimate: e.estimate, ci95: e.ci95 };
    const x = exact?.metrics[spec.name];
    if (x !== undefined && Number.isFinite(x)) m.exact = x;
    metrics[spec.name] = m;
  });
  const result: PointResult = { point, trials: tally.trials, metrics };
  const specs = tally.layout.distributions;
  if (specs.length > 0) {
    result.distributions = {};
    specs.forEach((spec, d) => {
      const counts = tally.counts(d);
      const x = Array.from(counts, (_, i) => spec.min + i);
      const dist: { x: number[]; p: number[]; exact?: number[] } = {
        x,
        p: Array.from(counts, (c) => c / tally.trials),
      };
      const ex = exact?.distributions?.[spec.name];
      if (ex) dist.exact = ex.slice(0, x.length);
      result.distributions![spec.name] = dist;
    });
  }
  if (sim?.series) result.series = sim.series(tally);
  return result;
}
