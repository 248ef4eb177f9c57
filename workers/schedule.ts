/**
 * Scheduling chunks: cut every point of every scenario into chunks (sim/run.ts), hand
 * them to executors (this thread, a worker pool), and merge each point's chunk tallies in
 * chunk-index order. Tallies hold integers, so the merged tally, and with it the result
 * JSON, is the same whichever thread ran which chunk, with 1 worker or 16, on one machine
 * or across shards.
 *
 * No Node and no DOM here: the CLI (cli/runner.ts, piscina workers) and the dashboard
 * (workers/live.ts over workers/comlink-pool.ts) both schedule with it, each with its own
 * executors. What the dashboard needs on top is here too, as options: `interleave` (every
 * point's first chunk early), `onMerge` (live tallies for snapshots), and `signal` (cancel).
 */
import { CHUNK_TRIALS, ChunkSlices, chunkCount, chunkSize, layoutOf } from '../sim/run.ts';
import { nextChunkTarget } from '../sim/precision.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import type { Tally } from '../sim/stats.ts';
import { chunkTask, type ChunkTask } from './chunk.ts';

/** Shard `index` of `count` (0 ≤ index < count). */
export interface Shard {
  index: number;
  count: number;
}

/**
 * The shard that runs chunk `chunk` of point `point`. Consecutive chunks of a point, and
 * chunk 0 of consecutive points, go round the shards, so a long single point and a wide
 * sweep of one-chunk points both split evenly.
 */
export function shardOf(point: number, chunk: number, count: number): number {
  return (point + chunk) % count;
}

/** One chunk to run: the message a worker gets, and the plan it came from (for this thread). */
export interface ChunkJob {
  task: ChunkTask;
  plan: ScenarioPlan;
}

export interface ChunkExecutor {
  /** Chunks to keep in flight so that no thread waits for work (may grow as threads start). */
  readonly concurrency: number;
  /** Threads still starting: the scheduler runs chunks in its own thread meanwhile. */
  readonly starting: boolean;
  /** Set when the executor cannot run anything more. */
  readonly failure?: Error;
  /** Called when `concurrency`, `starting` or `failure` change. */
  onChange: () => void;
  /** Run one chunk; resolves to its tally values. */
  run(job: ChunkJob): Promise<Float64Array>;
}

/**
 * How long a slice of a chunk in this thread runs before the event loop gets its turn
 * again (Ctrl-C, the stuck-chunk limit, worker messages, the progress bar).
 */
export const SLICE_MS = 25;

export interface InProcessOptions {
  /** Stops the chunk in hand between two slices (Interrupted). */
  signal?: AbortSignal;
  /** A chunk running here longer than this (ms) is stopped as stuck, as a worker's message is. */
  timeoutMs?: number;
}

/**
 * Chunks run in the scheduler's own thread, one at a time, on the plan already prepared
 * (no second planning), each a slice of trials at a time (sim/run.ts ChunkSlices) with the
 * event loop's turn before every slice, so that Ctrl-C, worker messages and the progress
 * bar are answered within about SLICE_MS however slow a chunk is: a campaign with huge
 * rival dice took ~50 minutes a chunk, and Ctrl-C, SIGTERM and the stuck-chunk limit went
 * unanswered until SIGKILL (an audit). Slices start at one step of trials and grow
 * fourfold while they take under a quarter of SLICE_MS, the size learned per point, so a
 * fast mechanic soon runs a chunk in one slice, as before. A single trial is the least a
 * slice can be: one trial of a setup slower than the limit is still waited for.
 */
export class InProcessExecutor implements ChunkExecutor {
  readonly concurrency = 1;
  readonly starting = false;
  onChange = () => {};
  /** Trials per slice, per point's simulation, as learned. */
  private readonly slice = new WeakMap<object, number>();

  constructor(
    private readonly yieldToEventLoop: () => Promise<unknown>,
    private readonly options: InProcessOptions = {},
  ) {}

  async run(job: ChunkJob): Promise<Float64Array> {
    const { plan, task } = job;
    const values = await this.runOne(plan, task.point, task.chunk, task.size);
    for (let k = 1; k < (task.count ?? 1); k++) {
      const c = task.chunk + k * (task.step ?? 1);
      const more = await this.runOne(plan, task.point, c, chunkSize(plan.trials, c, plan.chunkTrials));
      for (let i = 0; i < values.length; i++) values[i] += more[i];
    }
    return values;
  }

  private async runOne(plan: ScenarioPlan, point: number, chunk: number, trials: number): Promise<Float64Array> {
    const { simulation, stream } = plan.points[point];
    const slices = new ChunkSlices(simulation, plan.seed, stream, chunk, trials);
    const { signal, timeoutMs } = this.options;
    let size = this.slice.get(simulation) ?? 1;
    const started = performance.now();
    do {
      await this.yieldToEventLoop();
      if (signal?.aborted) throw new Interrupted();
      if (timeoutMs !== undefined && performance.now() - started > timeoutMs) {
        throw new Error(`this thread ran the chunk for more than ${timeoutMs / 1000} s and stopped it as stuck ($POOLSIM_CHUNK_TIMEOUT_S raises the limit)`);
      }
      const t0 = performance.now();
      slices.run(size);
      const ms = performance.now() - t0;
      if (ms < SLICE_MS / 4 && size < trials) size *= 4;
      else if (ms > 4 * SLICE_MS && size > 1) size = Math.max(1, Math.floor(size / 4));
    } while (!slices.done);
    this.slice.set(simulation, size);
    return slices.tally.values;
  }
}

/**
 * Most chunks sent to a pool thread in one message (workers/chunk.ts `count`). With one
 * chunk of the benchmark clash per message (~1 ms of work), 2 workers on the 2-core
 * development machine reached 0.81 of twice one thread's speed; with up to eight
 * (~8 ms), 0.85–0.92 (see sim/run.ts CHUNK_TRIALS). Results do not depend on it: tallies
 * add exactly. Near the end of a run messages shrink back to one chunk, so that no
 * thread is left with a long message while the others idle.
 */
export const MAX_CHUNKS_PER_TASK = 8;

export interface ScheduleOptions {
  /** Runs chunks in this thread: everything without a pool, and while the pool starts. */
  here: ChunkExecutor;
  /** Worker threads, if any. */
  pool?: ChunkExecutor;
  /**
   * Leave every chunk to the pool, even while its threads start (the off switch for
   * running chunks here meanwhile; tests use it to make sure the workers do the work).
   */
  poolOnly?: boolean;
  /**
   * Keep running chunks in this thread once the pool is up too (the CLI, which starts one
   * thread fewer for it). Without it this thread runs chunks only while the pool starts.
   */
  alongside?: boolean;
  /** Run each point until every metric's 95% half-width is at most this (plan.trials is the cap). */
  precision?: number;
  /** Run only this shard's chunks. */
  shard?: Shard;
  /** Abort to stop: the promise rejects with Interrupted. */
  signal?: AbortSignal;
  /** Called as chunks merge: trials done and trials scheduled so far. */
  onProgress?: (done: number, total: number) => void;
  /** Trials per chunk; only the chunk-size measurement changes it (it changes every number). */
  chunkTrials?: number;
  /** Most chunks per pool message (default MAX_CHUNKS_PER_TASK; 1 with a non-default chunkTrials). */
  maxChunksPerTask?: number;
  /**
   * Go round the points instead of finishing one before the next, and send each point's
   * first chunk alone before any point's second: a sweep's whole picture appears early
   * and sharpens (the dashboard). Results do not depend on it.
   */
  interleave?: boolean;
  /**
   * Called whenever chunks merge, with every plan's points' tallies so far (merged in
   * chunk order, so each is a prefix of the final one). Live objects: read, do not keep.
   */
  onMerge?: (runs: readonly (readonly PointRun[])[]) => void;
}

/** A point's merged tally and the chunks that went into it, in order. */
export interface PointRun {
  tally: Tally;
  chunks: number[];
}

/** A chunk threw: which file, point and chunk(s), and why. Nothing is written after this. */
export class ChunkFailed extends Error {
  constructor(
    readonly file: string,
    readonly pointIndex: number,
    readonly point: Record<string, unknown>,
    readonly chunk: number,
    readonly reason: unknown,
    /** The message's last chunk, when it carried several. */
    readonly lastChunk = chunk,
  ) {
    const where = Object.keys(point).length > 0 ? ` ${JSON.stringify(point)}` : '';
    const why = reason instanceof Error ? reason.message : String(reason);
    super(`${file}: result point ${pointIndex}${where}, ${chunk === lastChunk ? `chunk ${chunk}` : `chunks ${chunk}–${lastChunk}`}: ${why}`);
    this.name = 'ChunkFailed';
  }
}

/**
 * A solve's chunk that failed (cli/solving.ts, dashboard/ui/find.ts), said as the block's
 * value (`failed.point`: the varied path and its value, or setup A's `sameAs`), not as a
 * result point the file does not have: exit 3, as any failed chunk.
 */
export class SolveChunkFailed extends ChunkFailed {
  constructor(block: string, failed: ChunkFailed) {
    super(failed.file, failed.pointIndex, failed.point, failed.chunk, failed.reason, failed.lastChunk);
    const where = Object.entries(failed.point).map(([path, value]) => `, ${path} = ${JSON.stringify(value)}`);
    const why = failed.reason instanceof Error ? failed.reason.message : String(failed.reason);
    const chunks = failed.chunk === failed.lastChunk ? `chunk ${failed.chunk}` : `chunks ${failed.chunk}–${failed.lastChunk}`;
    this.message = `${failed.file}: solve ${JSON.stringify(block)}${where.join('')}, ${chunks}: ${why}`;
  }
}

/** The worker pool could not start (a worker failed while loading). */
export class PoolFailed extends Error {
  constructor(readonly reason: Error) {
    super(`the worker pool failed: ${reason.message}`);
    this.name = 'PoolFailed';
  }
}

/**
 * The signals that stop a run cleanly, as Ctrl-C does (cli/runner.ts, cli/report-command.ts:
 * the workers stop, an unfinished report folder and the folders made on the way to it go),
 * each with its number (fixed by POSIX for these three): the exit code is 128 + it, as a
 * shell reports a process the signal killed (after SIGHUP bin/poolsim.js ends by the signal
 * itself, which a shell reports so). SIGHUP is a terminal closed or an ssh session
 * dropped: unhandled, it killed `report` outright while it wrote, leaving a hidden partial
 * report that later runs would not remove (an audit, December 2026). SIGQUIT (Ctrl-\) is
 * left to its default, a core dump: it asks to stop at once with the state left to look
 * at, and the GNU C Library's manual advises its handling keep the temporary files for
 * that (what it leaves, later reports name or put right: reports/target.ts).
 */
export const STOP_SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
export type StopSignal = keyof typeof STOP_SIGNALS;

/** The run was stopped through its AbortSignal (Ctrl-C, or the signal named). */
export class Interrupted extends Error {
  constructor(readonly signal?: StopSignal) {
    super(signal ? `interrupted by ${signal}` : 'interrupted');
    this.name = 'Interrupted';
  }
}

/** One point's progress through its chunks. */
class PointState {
  readonly tally: Tally;
  readonly chunks: number[] = [];
  /** The next chunk to hand out; chunks next, next+step, … below `limit` are still to run. */
  next: number;
  limit: number;
  /** The next chunk to merge (chunks merge in index order). */
  expect: number;
  /** Tallies back from the executors, by first chunk, waiting for the chunks before them. */
  readonly pending = new Map<number, { count: number; values: Float64Array }>();

  constructor(
    readonly planIndex: number,
    readonly point: number,
    plan: ScenarioPlan,
    first: number,
    limit: number,
    readonly step: number,
  ) {
    this.tally = layoutOf(plan.points[point].simulation).create();
    this.next = first;
    this.expect = first;
    this.limit = limit;
  }

  /** Chunks not yet handed out. */
  get unlaunched(): number {
    return this.next < this.limit ? Math.ceil((this.limit - this.next) / this.step) : 0;
  }
}

/** A point's chunks for this shard: the first one, and the step between them. */
function shardChunks(point: number, shard: Shard): { first: number; step: number } {
  // shardOf(point, c, n) = index  ⇔  c ≡ index − point (mod n)
  return { first: (((shard.index - point) % shard.count) + shard.count) % shard.count, step: shard.count };
}

/**
 * Chunks a run will hand out at first: every chunk of the shard, or each point's first
 * `--precision` round (the CLI sizes its pool by it).
 */
export function initialChunks(plans: readonly ScenarioPlan[], options: Pick<ScheduleOptions, 'precision' | 'shard' | 'chunkTrials'>): number {
  return planStates(plans, options).reduce((n, s) => n + s.unlaunched, 0);
}

function planStates(plans: readonly ScenarioPlan[], options: Pick<ScheduleOptions, 'precision' | 'shard' | 'chunkTrials'>): PointState[] {
  const { precision } = options;
  const shard = options.shard ?? { index: 0, count: 1 };
  return plans.flatMap((plan, j) =>
    plan.points.map((_, p) => {
      const chunkTrials = options.chunkTrials ?? plan.chunkTrials;
      const chunks = chunkCount(plan.trials, chunkTrials);
      if (precision !== undefined) {
        if (plan.firstChunk) throw new Error('--precision runs every chunk from the first: a plan starting at a later chunk cannot be run with it');
        const s = new PointState(j, p, plan, 0, 0, 1);
        s.limit = nextChunkTarget(s.tally, precision, 0, chunks, chunkTrials);
        return s;
      }
      if (plan.firstChunk && shard.count > 1) throw new Error('a plan starting at a later chunk cannot be sharded: shards count chunks from the first');
      const { first, step } = shardChunks(p, shard);
      return new PointState(j, p, plan, (plan.firstChunk ?? 0) + first, chunks, step);
    }),
  );
}

/**
 * Run every point of every plan; resolves to each plan's points' merged tallies. Rejects
 * with ChunkFailed when a chunk throws, PoolFailed when the pool cannot start, and
 * Interrupted when `signal` aborts. The caller owns the executors (and stops the pool).
 */
export function runScenarios(plans: readonly ScenarioPlan[], options: ScheduleOptions): Promise<PointRun[][]> {
  /** Trials per chunk of a plan: its mechanic's (ScenarioPlan.chunkTrials) unless overridden. */
  const chunkTrialsOf = (planIndex: number) => options.chunkTrials ?? plans[planIndex].chunkTrials;
  const { precision, signal } = options;
  if (precision !== undefined && (options.shard?.count ?? 1) > 1) {
    return Promise.reject(new Error('--precision cannot be sharded: each round depends on every chunk before it'));
  }

  const maxPerTask = options.maxChunksPerTask ?? (options.chunkTrials === undefined ? MAX_CHUNKS_PER_TASK : 1);
  const states = planStates(plans, options);
  const byPlan: PointState[][] = plans.map(() => []);
  for (const s of states) byPlan[s.planIndex].push(s);

  const trialsOf = (s: PointState, c: number) => chunkSize(plans[s.planIndex].trials, c, chunkTrialsOf(s.planIndex));
  let doneTrials = 0;
  let totalTrials = 0;
  // Counted, not looped over: a billion trials in chunks of 2,048 would spin here for
  // seconds with Ctrl-C already caught. Only a point's last chunk can be short.
  for (const s of states) {
    if (s.limit <= s.next) continue;
    const n = Math.floor((s.limit - 1 - s.next) / s.step) + 1;
    totalTrials += (n - 1) * chunkTrialsOf(s.planIndex) + trialsOf(s, s.next + (n - 1) * s.step);
  }
  /** Chunks scheduled but not yet handed out (grows with `--precision` rounds). */
  let unlaunched = states.reduce((n, x) => n + x.unlaunched, 0);

  // Points are handed out in order; a point that starts a new `--precision` round goes
  // to `revisit`, ahead of the points not yet started, so it finishes sooner.
  let cursor = 0;
  const revisit: PointState[] = [];
  /** The point with a chunk to hand out next, if any (points with none left are passed over for good). */
  function waiting(): PointState | undefined {
    if (options.interleave) {
      // Round the points from `cursor` on (this also serves `--precision` rounds).
      for (let k = 0; k < states.length; k++) {
        const s = states[(cursor + k) % states.length];
        if (s.next < s.limit) return s;
      }
      return undefined;
    }
    for (;;) {
      const s = revisit.length > 0 ? revisit[0] : states[cursor];
      if (!s || s.next < s.limit) return s;
      if (revisit.length > 0) revisit.shift();
      else cursor++;
    }
  }
  /** Up to `most` chunks of the next waiting point: the first, and how many. */
  function nextChunks(most: number): { s: PointState; c: number; count: number } | undefined {
    const s = waiting();
    if (!s) return undefined;
    const c = s.next;
    let count = Math.max(1, Math.min(most, s.unlaunched));
    if (options.interleave) {
      cursor = (states.indexOf(s) + 1) % states.length;
      // Nothing of this point handed out yet: its first chunk goes alone, so it is back soon.
      if (s.chunks.length === 0 && s.next === s.expect) count = 1;
    }
    s.next += count * s.step;
    unlaunched -= count;
    return { s, c, count };
  }

  // Where chunks run: the pool, and this thread while the pool's threads start (so the
  // time they take to load is not lost, and a run shorter than that never waits for them).
  interface Lane {
    executor: ChunkExecutor;
    inFlight: number;
  }
  const here: Lane = { executor: options.here, inFlight: 0 };
  const pool: Lane | undefined = options.pool && { executor: options.pool, inFlight: 0 };

  const live: PointRun[][] = byPlan.map((points) => points.map((s) => ({ tally: s.tally, chunks: s.chunks })));

  return new Promise<PointRun[][]>((resolve, reject) => {
    let finished = false;

    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      if (pool) pool.executor.onChange = () => {};
      if (error) reject(error);
      else resolve(live);
    };
    const onAbort = () => finish(new Interrupted());
    if (signal?.aborted) return finish(new Interrupted());
    signal?.addEventListener('abort', onAbort);

    const accept = (s: PointState, c: number, count: number, values: Float64Array) => {
      if (values.length !== s.tally.values.length) {
        throw new Error(`a tally of ${values.length} entries came back where ${s.tally.values.length} were expected`);
      }
      s.pending.set(c, { count, values });
      const merged = s.expect;
      // Merge in chunk order: a message's chunks are consecutive (in steps of the shard count).
      for (let next = s.pending.get(s.expect); next; next = s.pending.get(s.expect)) {
        s.tally.merge(next.values);
        s.pending.delete(s.expect);
        for (let k = 0; k < next.count; k++) {
          s.chunks.push(s.expect);
          doneTrials += trialsOf(s, s.expect);
          s.expect += s.step;
        }
      }
      if (precision !== undefined && s.expect === s.limit) {
        // Round over: the next round's size depends only on the merged tally.
        const max = chunkCount(plans[s.planIndex].trials, chunkTrialsOf(s.planIndex));
        const target = nextChunkTarget(s.tally, precision, s.limit, max, chunkTrialsOf(s.planIndex));
        if (target > s.limit) {
          for (let k = s.limit; k < target; k++) totalTrials += trialsOf(s, k);
          unlaunched += target - s.limit;
          s.limit = target;
          revisit.push(s);
        }
      }
      options.onProgress?.(doneTrials, totalTrials);
      if (s.expect !== merged) options.onMerge?.(live);
    };

    const launch = (lane: Lane, s: PointState, c: number, count: number) => {
      const plan = plans[s.planIndex];
      // The point's validated setup and rules: a worker prepares the same simulation from them.
      const task = chunkTask(plan, s.point, c, trialsOf(s, c));
      if (count > 1) {
        task.count = count;
        if (s.step !== 1) task.step = s.step;
      }
      const failed = (e: unknown) => finish(new ChunkFailed(plan.file, s.point, plan.points[s.point].point, c, e, c + (count - 1) * s.step));
      lane.inFlight++;
      lane.executor.run({ task, plan }).then((values) => {
        if (finished) return;
        lane.inFlight--;
        try {
          accept(s, c, count, values);
        } catch (e) {
          return failed(e);
        }
        pump();
      }, failed);
    };

    /**
     * Chunks per message for a lane: one in this thread (it yields between chunks); on the
     * pool, what is left shared so that each message slot would still get two more
     * messages, at most maxPerTask.
     */
    const perTask = (lane: Lane) => (lane === here ? 1 : Math.max(1, Math.min(maxPerTask, Math.floor(unlaunched / (2 * lane.executor.concurrency)))));

    const pump = () => {
      if (finished) return;
      if (pool?.executor.failure) return finish(new PoolFailed(pool.executor.failure));
      // This thread first where it runs alongside the pool: of a short round (a solve's 2 or
      // 4 chunks, cli/solving.ts) the pool's message slots (TASKS_PER_THREAD) took every
      // chunk, queued in its thread, while this one idled.
      const lanes = !pool ? [here] : options.poolOnly ? [pool] : options.alongside ? [here, pool] : pool.executor.starting ? [pool, here] : [pool];
      for (const lane of lanes) {
        while (lane.inFlight < lane.executor.concurrency) {
          const next = nextChunks(perTask(lane));
          if (!next) break;
          launch(lane, next.s, next.c, next.count);
        }
      }
      if (here.inFlight === 0 && (pool?.inFlight ?? 0) === 0 && !waiting()) finish();
    };

    if (pool) pool.executor.onChange = pump;
    options.onProgress?.(0, totalTrials);
    pump();
  });
}
