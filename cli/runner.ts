/**
 * Running planned scenarios in Node, for every batch command (`run`, `report`):
 * `--workers 1` runs every chunk in this thread; `--workers N` may start a piscina pool of
 * N − 1 threads (workers/pool.ts) that the scheduler (workers/schedule.ts) feeds, this
 * thread running chunks alongside them, once the run is seen to be long enough for them
 * to pay off (PoolDecision). Shows the progress
 * bar, stops on Ctrl-C (SIGINT), SIGTERM or SIGHUP (STOP_SIGNALS), and always stops the pool, however the run ends.
 */
import { assembleResult } from '../sim/assemble.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { DeferredPool, defaultWorkers, inProcessExecutor } from '../workers/pool.ts';
import { Interrupted, STOP_SIGNALS, initialChunks, runScenarios, type ChunkExecutor, type PointRun, type ScheduleOptions, type StopSignal } from '../workers/schedule.ts';
import { noProgress, progressBar, wantsProgress } from './progress.ts';
import { UsageError, decimal } from './options.ts';
import { currentFolder } from '../reports/target.ts';

export { ChunkFailed, Interrupted, PoolFailed, STOP_SIGNALS, SolveChunkFailed, shardOf, type StopSignal } from '../workers/schedule.ts';
export type { PointRun, Shard } from '../workers/schedule.ts';

export interface RunOptions extends Omit<ScheduleOptions, 'here' | 'pool' | 'signal'> {
  /** Threads running chunks, this one included (default: one per core); 1 runs every chunk in this thread and starts no pool. */
  workers?: number;
  /** The piscina worker entry (tests substitute a failing one). */
  workerFile?: string;
  /** Node options for the worker threads (PoolOptions.execArgv; the benchmark's). */
  workerExecArgv?: string[];
  /** Run on this pool (a warm one, in the benchmark) instead of starting one; it is left running. */
  pool?: ChunkExecutor;
  /** Stops the run as Ctrl-C does (tests). */
  signal?: AbortSignal;
  /** Where the progress bar goes, if anywhere (it shows only on a terminal, see cli/progress.ts). */
  progress?: NodeJS.WritableStream;
  /** Show the bar once a run has lasted this long (default SHOW_AFTER_MS). */
  progressAfterMs?: number;
  /** The environment: POOLSIM_POOL_ONLY=1 leaves every chunk to the pool; CI hides the bar. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Starting worker threads costs a run more than their start: on the 2-core development
 * machine a starting thread slowed this one to about half its speed for the ~100 ms it
 * took to load (they share the cores), and then ran its first chunks several times
 * slower than a warm thread while V8 compiled the kernel anew in it. So a run that this
 * thread would finish within this long once warm never starts them. Measured there in
 * fresh processes (threads started once the kernel was warm, whatever the run's length),
 * the benchmark clash took, with one thread against two: 5M clashes 139 against 187 ms,
 * 10M 188 against 239, 15M 280 against 301, 30M 414 against 377 (medians of 5). Threads
 * paid off from about 300 ms of work, ~250 ms of it still to do when the decision is
 * taken; `poolPaysOff` in `npm run bench` checks the default against one thread.
 */
export const POOL_PAYS_OFF_MS = 250;

/**
 * The kernel counts as warm once the last three chunks' times per trial are within this
 * factor of each other. The first chunks run while V8 compiles the kernel: the benchmark
 * clash's took ~14, 7, 2.5, 2, 1.3 ms and then ~1 ms each, a campaign's ~140 ms and then
 * ~25–35 ms, so an estimate from them read many times too long and started threads for
 * runs they made slower.
 */
const WARM_SPREAD = 1.5;

/**
 * When a run's threads pay off: fed the clock and the trials done (and planned) as chunks
 * finish in this thread, it says start once the kernel is warm (WARM_SPREAD, or the run has
 * already lasted `paysOffMs`: a sweep's points differ in speed, which could read as never
 * warm) and the rest would take this thread longer than `paysOffMs` at the median speed of
 * the last three chunks (one chunk slowed by a garbage collection or another process does
 * not start the threads).
 */
export class PoolDecision {
  /** When the latest chunk finished, and the trials done then. */
  private at: number;
  private done = 0;
  /** ms per trial of the last three chunks, oldest first. */
  private readonly recent: number[] = [];

  constructor(
    private readonly started: number,
    private readonly paysOffMs = POOL_PAYS_OFF_MS,
  ) {
    this.at = started;
  }

  /** A chunk finished at `now` (ms), `done` of `total` trials done: start the threads now? */
  chunkDone(now: number, done: number, total: number): boolean {
    if (done <= this.done) return false;
    this.recent.push((now - this.at) / (done - this.done));
    if (this.recent.length > 3) this.recent.shift();
    this.at = now;
    this.done = done;
    const sorted = [...this.recent].sort((x, y) => x - y);
    const warm = (sorted.length === 3 && sorted[2] <= WARM_SPREAD * sorted[0]) || now - this.started >= this.paysOffMs;
    // The median of three; with fewer (a long run of long chunks) the latest, the warmest.
    const msPerTrial = sorted.length === 3 ? sorted[1] : this.recent[this.recent.length - 1];
    return warm && msPerTrial * (total - done) > this.paysOffMs;
  }
}

/**
 * $POOLSIM_POOL_PAYS_OFF_MS, else POOL_PAYS_OFF_MS (0: start the threads once the first
 * chunk is done; tests). A value that is not a number of ms is refused, not ignored.
 */
function poolPaysOffMs(env: NodeJS.ProcessEnv): number {
  const text = env.POOLSIM_POOL_PAYS_OFF_MS;
  if (text === undefined || text.trim() === '') return POOL_PAYS_OFF_MS;
  const ms = decimal(text);
  if (!Number.isFinite(ms) || ms < 0) throw new UsageError(`$POOLSIM_POOL_PAYS_OFF_MS expects a number of milliseconds, 0 or more, got "${text.slice(0, 60)}"`);
  return ms;
}

/**
 * $POOLSIM_POOL_ONLY: "1" leaves every chunk to the pool; unset, empty or "0" does not. Any
 * other value ("true", "yes") is refused: it read as off, unsaid (an audit).
 */
function poolOnlyFrom(env: NodeJS.ProcessEnv): boolean {
  const text = env.POOLSIM_POOL_ONLY;
  if (text === undefined || text.trim() === '' || text.trim() === '0') return false;
  if (text.trim() === '1') return true;
  throw new UsageError(`$POOLSIM_POOL_ONLY expects 1 (every chunk on the pool) or 0, got "${text.slice(0, 60)}"`);
}

/** Run every point of every plan; resolves to each plan's points' merged tallies. */
export async function runBatch(plans: readonly ScenarioPlan[], options: RunOptions = {}): Promise<PointRun[][]> {
  // No more threads than chunks to run, unless `--precision` rounds may add more.
  const runner = new Runner(options, options.precision !== undefined ? Infinity : initialChunks(plans, options));
  try {
    return await runner.run(plans);
  } finally {
    await runner.close();
  }
}

/**
 * Runs for one command, sharing one pool: `runBatch`'s one, or a solve's rounds, each
 * asked for once the round before is merged (cli/solving.ts). The pool starts when a run
 * is seen long enough for it to pay off (PoolDecision, fed the trials of every run so far,
 * so that the kernel's speed learned in one round counts in the next) and is stopped by
 * `close`, which the caller must reach however the runs end.
 */
export class Runner {
  private readonly options: Omit<RunOptions, 'workers' | 'workerFile' | 'workerExecArgv' | 'pool' | 'signal' | 'progress' | 'progressAfterMs' | 'env'>;
  private readonly given: ChunkExecutor | undefined;
  private readonly signal: AbortSignal | undefined;
  private readonly stream: NodeJS.WritableStream | undefined;
  private readonly progressAfterMs: number | undefined;
  private readonly env: NodeJS.ProcessEnv;
  private readonly poolOnly: boolean;
  private readonly taskTimeoutMs: number;
  private readonly pool: DeferredPool | undefined;
  private readonly decision: PoolDecision;
  /** Trials the runs before this one merged (the decision counts across runs). */
  private doneBefore = 0;

  /**
   * `chunks`: the most chunks any one run will have at once (Infinity: not known), so that no
   * thread is started that could never get one. `ownSignals` false: the caller holds Ctrl-C
   * and the other stop signals for all its runs (withStopSignals) and aborts `signal`, so
   * that a signal between two runs stops the work too (cli/solving.ts).
   */
  constructor(
    options: RunOptions = {},
    chunks = Infinity,
    private readonly ownSignals = true,
  ) {
    const { workers = defaultWorkers(), workerFile, workerExecArgv, pool: given, signal, progress: stream, progressAfterMs, env = process.env, ...schedule } = options;
    this.options = schedule;
    this.given = given;
    this.signal = signal;
    this.stream = stream;
    this.progressAfterMs = progressAfterMs;
    this.env = env;
    this.poolOnly = schedule.poolOnly ?? poolOnlyFrom(env);
    // The settings from the environment, checked before anything runs, pool or not.
    this.taskTimeoutMs = chunkTimeoutMs(env);
    this.decision = new PoolDecision(performance.now(), poolPaysOffMs(env));
    // Node (20 at least) cannot start a worker thread while the current folder no longer
    // exists: its start-up reads it ("uv_cwd"), and the pool failed the run, exit 3 (an
    // audit: `report` from a folder deleted since). Every chunk then runs in this thread;
    // the numbers never depend on --workers.
    const threadsCanStart = currentFolder() !== undefined;
    if (!given && workers > 1 && (threadsCanStart || this.poolOnly)) {
      const threads = this.poolOnly ? Math.min(workers, chunks) : Math.min(workers - 1, chunks - 1);
      // One chunk in all: this thread runs it sooner than a thread can start.
      if (threads >= (this.poolOnly ? 2 : 1)) this.pool = new DeferredPool({ threads, filename: workerFile, execArgv: workerExecArgv, taskTimeoutMs: this.taskTimeoutMs });
      if (this.poolOnly) this.pool?.start();
    }
  }

  /** Run every point of every plan; resolves to each plan's points' merged tallies. */
  async run(plans: readonly ScenarioPlan[]): Promise<PointRun[][]> {
    const { pool, given, poolOnly, taskTimeoutMs, options: schedule } = this;
    // This thread runs chunks alongside the pool's threads for the whole run (it would
    // otherwise only wait and merge), so `--workers N` starts N − 1 threads: one fewer to
    // load, and no core left idle. With POOLSIM_POOL_ONLY the pool runs everything, on N.
    const alongside = !given && !poolOnly;
    // Re-checked as chunks merge here, after every chunk (`--precision` adds rounds).
    const before = this.doneBefore;
    let done = 0;
    const maybeStartPool = (merged: number, total: number) => {
      done = merged;
      if (pool && !pool.started && this.decision.chunkDone(performance.now(), before + merged, before + total)) pool.start();
    };
    const stream = this.stream;
    const progress = stream && wantsProgress(stream as { isTTY?: boolean }, false, this.env) ? progressBar(stream, { afterMs: this.progressAfterMs }) : noProgress;
    try {
      const signalled = (work: (stop: AbortSignal) => Promise<PointRun[][]>) => (this.ownSignals ? withStopSignals(this.signal, work) : work(this.signal ?? new AbortController().signal));
      return await signalled((stop) => {
        // This thread's chunks answer Ctrl-C and the stuck-chunk limit between slices.
        const here = inProcessExecutor({ signal: stop, timeoutMs: taskTimeoutMs });
        // A folder deleted while the run goes on leaves the threads unable to start: the
        // pool's chunks then run here (not with POOLSIM_POOL_ONLY, whose point is the pool).
        if (alongside) pool?.fallBackTo(here);
        return runScenarios(plans, {
          ...schedule,
          here,
          pool: given ?? pool,
          poolOnly,
          alongside,
          signal: stop,
          onProgress: (merged, total) => {
            maybeStartPool(merged, total);
            progress.update(merged, total);
            schedule.onProgress?.(merged, total);
          },
        });
      });
    } finally {
      this.doneBefore = before + done;
      progress.stop();
    }
  }

  /** Stop the pool, if one was started. */
  close(): Promise<void> {
    return this.pool?.destroy() ?? Promise.resolve();
  }
}

/** The longest delay a Node timer holds. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Longest a worker may spend on one message of chunks: the library's take well under a second each. */
export const DEFAULT_CHUNK_TIMEOUT_S = 1800;

/**
 * $POOLSIM_CHUNK_TIMEOUT_S (seconds), else DEFAULT_CHUNK_TIMEOUT_S. A value that is not a
 * positive number of seconds is refused, not replaced by the default: a user who set it
 * meant a limit.
 */
function chunkTimeoutMs(env: NodeJS.ProcessEnv): number {
  const text = env.POOLSIM_CHUNK_TIMEOUT_S;
  if (text === undefined || text.trim() === '') return DEFAULT_CHUNK_TIMEOUT_S * 1000;
  const s = decimal(text);
  if (!Number.isFinite(s) || s <= 0) throw new UsageError(`$POOLSIM_CHUNK_TIMEOUT_S expects a number of seconds above 0, got "${text.slice(0, 60)}"`);
  // Node's timers hold at most 2^31 − 1 ms; a longer one fires at once (and every chunk
  // would count as stuck), so a limit beyond it is refused, not shortened.
  if (s * 1000 > MAX_TIMER_MS) throw new UsageError(`$POOLSIM_CHUNK_TIMEOUT_S expects at most ${Math.floor(MAX_TIMER_MS / 1000)} seconds (about 24 days), got "${text.slice(0, 60)}"`);
  return s * 1000;
}

/** Run every plan and assemble its result JSON (sim/assemble.ts). */
export async function runPlans(plans: readonly ScenarioPlan[], options: RunOptions = {}): Promise<ScenarioResult[]> {
  const runs = await runBatch(plans, options);
  return plans.map((plan, i) => assembleResult(plan, runs[i].map((r) => r.tally)));
}

/**
 * Run `work` with an AbortSignal that Ctrl-C (SIGINT), SIGTERM, SIGHUP (STOP_SIGNALS) or
 * `outer` aborts; an Interrupted rejection then names the signal. A second Ctrl-C exits at once.
 */
export async function withStopSignals<T>(outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const handlers = Object.keys(STOP_SIGNALS).map((by) => {
    const on = () => {
      if (controller.signal.aborted && by === 'SIGINT') process.exit(130);
      stoppedBy = by as StopSignal;
      controller.abort();
    };
    process.on(by, on);
    return [by, on] as const;
  });
  const onOuter = () => controller.abort();
  outer?.addEventListener('abort', onOuter);
  if (outer?.aborted) onOuter();
  // A parent Node process that spawned us with an IPC channel (a test, a job runner) is
  // told that a signal from now on stops the run cleanly: it need not guess with a sleep.
  process.send?.({ poolsim: 'running' });
  try {
    return await work(controller.signal);
  } catch (e) {
    throw e instanceof Interrupted ? new Interrupted(stoppedBy) : e;
  } finally {
    for (const [by, on] of handlers) process.off(by, on);
    outer?.removeEventListener('abort', onOuter);
  }
}
