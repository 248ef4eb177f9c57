/**
 * Running a result point: its trials are cut into fixed-size chunks, chunk c running
 * trials [c·CHUNK_TRIALS, (c+1)·CHUNK_TRIALS) on its own stream (seed, the point's
 * `stream`, c; sim/scenario.ts PlannedPoint.stream). A chunk's tally depends on nothing
 * else, so chunks can run anywhere, in any order, and merge.
 */
import { RandomStream } from './random.ts';
import { TallyLayout, summarize, wilson, type Tally } from './stats.ts';
import type { ExactValues, Simulation } from './mechanic.ts';
import { snapExact, type DistributionResult, type MetricResult, type PointResult } from './result.ts';

/**
 * Trials per chunk. Part of the result's definition (changing it changes every number),
 * so it is a constant, not a setting; a mechanic whose trials are slow sets its own
 * (Mechanic.chunkTrials: campaign, rivals, VDP combat and contestRound, Sorcerer conflict). Measured on the 2-core development machine
 * (November 2026, benchmark clash at ~65 M trials/s per thread, other users idle;
 * `node --import tsx bench/workers.ts --chunk-sweep`):
 * - seeding a chunk's stream costs ~8 µs (ARC4 key schedule): 0.8% of a 2^16 chunk
 *   (~1 ms of the clash; a slower mechanic's chunk is longer, so its share smaller);
 * - sent one chunk per message, 2 workers reached 0.81 of twice one thread's speed at
 *   2^16, 0.90 at 2^17 and 2^18, 0.92 at 2^19 (a message costs ~0.1 ms of some thread);
 * - so the pool sends up to 8 chunks per message (workers/schedule.ts
 *   MAX_CHUNKS_PER_TASK): 0.85–0.92 at 2^16, against 0.94–1.0 for two threads each given
 *   one long message (the machine's own ceiling).
 * Small chunks with batched messages keep the other uses of a chunk fine-grained: 1M
 * trials make 16 chunks to share among workers and shards, `--precision` rounds step by
 * a chunk.
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
  stream: string | number,
  chunk: number,
  trials: number,
): Float64Array {
  const slices = new ChunkSlices(sim, seed, stream, chunk, trials);
  slices.run(trials);
  return slices.tally.values;
}

/**
 * A chunk run a slice of its trials at a time, to the tally `runChunk` gives: a thread
 * that must answer between slices (the CLI's own thread: Ctrl-C and the stuck-chunk limit
 * wait for the loop to come back, and a slow setup's chunk could hold it for an hour)
 * runs the chunk this way. A Simulation's `run` carries everything from one call to the
 * next in the stream and the tally, so consecutive calls make the tally one call makes,
 * provided each slice but the last is a whole number of `sliceTrials`
 * (tests/chunk-slices.test.ts checks every library point).
 */
export class ChunkSlices {
  readonly tally: Tally;
  private readonly random: RandomStream;
  private left: number;

  constructor(
    private readonly sim: Simulation,
    seed: string | number,
    stream: string | number,
    chunk: number,
    trials: number,
  ) {
    this.tally = layoutOf(sim).create();
    this.random = RandomStream.forChunk(seed, stream, chunk);
    this.left = trials;
  }

  get done(): boolean {
    return this.left === 0;
  }

  /** Runs about `trials` more: rounded up to whole `sliceTrials`, at most what is left. */
  run(trials: number): void {
    const step = this.sim.sliceTrials ?? 1;
    const n = Math.min(this.left, Math.max(step, Math.ceil(trials / step) * step));
    this.sim.run(this.random, n, this.tally);
    this.left -= n;
  }
}

/** Run a whole point in this thread, chunk by chunk (`stream`: PlannedPoint.stream). */
export function runPoint(sim: Simulation, seed: string | number, stream: string | number, trials: number, chunkTrials = CHUNK_TRIALS): Tally {
  const total = layoutOf(sim).create();
  for (let c = 0; c < chunkCount(trials, chunkTrials); c++) {
    total.merge(runChunk(sim, seed, stream, c, chunkSize(trials, c, chunkTrials)));
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
    // A probability summed in floating point can land a few ulps outside [0, 1]
    // (1.0000000000000002 for a sure win): the contract keeps probabilities in [0, 1].
    if (x !== undefined && Number.isFinite(x)) m.exact = snapExact(spec.kind === 'probability' ? clampUnit(x) : x);
    // A mean the setup pins, its least and most value one (a campaign's jobs with action
    // "idle", at most 0 a turn): known without a trial, so exact, as its interval says.
    else if (spec.kind === 'mean' && spec.min !== undefined && spec.min === spec.max && (spec.scale ?? 1) === 1) m.exact = spec.min;
    // What the figure is, from the mechanic's metric table, so a reader needs no guessing.
    m.kind = spec.kind;
    if (spec.label !== undefined) m.label = spec.label;
    if (spec.family !== undefined) m.family = spec.family;
    if (spec.line !== undefined) m.line = spec.line;
    if (spec.scale !== undefined && spec.scale !== 1) m.scale = spec.scale;
    if (spec.headline) m.headline = true;
    metrics[spec.name] = m;
  });
  const result: PointResult = { point, trials: tally.trials, metrics };
  const specs = tally.layout.distributions;
  if (specs.length > 0) {
    result.distributions = {};
    specs.forEach((spec, d) => {
      const counts = tally.counts(d);
      const x = Array.from(counts, (_, i) => spec.min + i);
      // Each bin's share with its 95% interval (Wilson's, as every probability), so the
      // JSON's figures carry theirs as the charts draw them.
      const dist: DistributionResult = {
        x,
        p: Array.from(counts, (c) => c / tally.trials),
        ci95: Array.from(counts, (c) => wilson(c, tally.trials).ci95),
      };
      if (spec.openTop) dist.lastAtLeast = true;
      const ex = exact?.distributions?.[spec.name];
      if (ex) dist.exact = Array.from(ex.slice(0, x.length), (p) => snapExact(clampUnit(p)));
      result.distributions![spec.name] = dist;
    });
  }
  if (sim?.series) result.series = sim.series(tally);
  return result;
}

function clampUnit(p: number): number {
  return p < 0 ? 0 : p > 1 ? 1 : p;
}
