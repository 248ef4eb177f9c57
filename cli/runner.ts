/**
 * Running planned scenarios in Node, for every batch command (`run`, `report`):
 * `--workers 1` runs every chunk in this thread; `--workers N` starts a piscina pool of
 * N − 1 threads (workers/pool.ts) that the scheduler (workers/schedule.ts) feeds, this
 * thread running chunks alongside them. Shows the progress
 * bar, stops on Ctrl-C (SIGINT) or SIGTERM, and always stops the pool, however the run ends.
 */
import { assembleResult } from '../sim/assemble.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { DeferredPool, defaultWorkers, inProcessExecutor } from '../workers/pool.ts';
import { Interrupted, initialChunks, runScenarios, type ChunkExecutor, type PointRun, type ScheduleOptions } from '../workers/schedule.ts';
import { noProgress, progressBar, wantsProgress } from './progress.ts';

export { ChunkFailed, Interrupted, PoolFailed, shardOf } from '../workers/schedule.ts';
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
 * Starting worker threads costs each of them a few tens of ms of CPU (the compiled
 * worker; `workerStartMs` in `npm run bench`) taken from the same cores the run uses, and
 * the threads only help once they are up. So a run that this thread would finish within
 * this long never starts them: the first chunk(s), run here, time the work, and the rest
 * is estimated from the trials still planned. The threshold is meant as about twice a
 * worker's start on a quiet machine; on the shared 2-core development machine, loaded
 * 12–24 deep, `workerStartMs` read 450–810 ms, so there it starts the pool too eagerly
 * rather than too late (the main thread keeps working meanwhile either way).
 */
export const POOL_PAYS_OFF_MS = 100;

/** Run every point of every plan; resolves to each plan's points' merged tallies. */
export async function runBatch(plans: readonly ScenarioPlan[], options: RunOptions = {}): Promise<PointRun[][]> {
  const { workers = defaultWorkers(), workerFile, workerExecArgv, pool: given, signal, progress: stream, progressAfterMs, env = process.env, ...schedule } = options;
  const poolOnly = schedule.poolOnly ?? env.POOLSIM_POOL_ONLY === '1';
  let pool: DeferredPool | undefined;
  // This thread runs chunks alongside the pool's threads for the whole run (it would
  // otherwise only wait and merge), so `--workers N` starts N − 1 threads: one fewer to
  // load, and no core left idle. With POOLSIM_POOL_ONLY the pool runs everything, on N.
  const alongside = !given && !poolOnly;
  if (!given && workers > 1) {
    // No more threads than chunks to run, unless `--precision` rounds may add more.
    const chunks = schedule.precision !== undefined ? Infinity : initialChunks(plans, schedule);
    const threads = poolOnly ? Math.min(workers, chunks) : Math.min(workers - 1, chunks - 1);
    // One chunk in all: this thread runs it sooner than a thread can start.
    if (threads >= (poolOnly ? 2 : 1)) pool = new DeferredPool({ threads, filename: workerFile, execArgv: workerExecArgv, taskTimeoutMs: chunkTimeoutMs(env) });
    if (poolOnly) pool?.start();
  }
  const started = performance.now();
  /**
   * Start the threads once the chunks run so far say the rest would take this thread
   * longer than POOL_PAYS_OFF_MS (re-checked as chunks finish: `--precision` adds rounds).
   */
  const maybeStartPool = (done: number, total: number) => {
    if (!pool || pool.started || done === 0) return;
    const rest = ((performance.now() - started) / done) * (total - done);
    if (rest > POOL_PAYS_OFF_MS) pool.start();
  };
  const progress = stream && wantsProgress(stream as { isTTY?: boolean }, false, env) ? progressBar(stream, { afterMs: progressAfterMs }) : noProgress;
  try {
    return await withStopSignals(signal, (stop) =>
      runScenarios(plans, {
        ...schedule,
        here: inProcessExecutor(),
        pool: given ?? pool,
        poolOnly,
        alongside,
        signal: stop,
        onProgress: (done, total) => {
          maybeStartPool(done, total);
          progress.update(done, total);
          schedule.onProgress?.(done, total);
        },
      }),
    );
  } finally {
    progress.stop();
    await pool?.destroy();
  }
}

/** Longest a worker may spend on one message of chunks: the library's take well under a second each. */
export const DEFAULT_CHUNK_TIMEOUT_S = 1800;

/** $POOLSIM_CHUNK_TIMEOUT_S (seconds), else DEFAULT_CHUNK_TIMEOUT_S. */
function chunkTimeoutMs(env: NodeJS.ProcessEnv): number {
  const s = Number(env.POOLSIM_CHUNK_TIMEOUT_S);
  return (Number.isFinite(s) && s > 0 ? s : DEFAULT_CHUNK_TIMEOUT_S) * 1000;
}

/** Run every plan and assemble its result JSON (sim/assemble.ts). */
export async function runPlans(plans: readonly ScenarioPlan[], options: RunOptions = {}): Promise<ScenarioResult[]> {
  const runs = await runBatch(plans, options);
  return plans.map((plan, i) => assembleResult(plan, runs[i].map((r) => r.tally)));
}

/**
 * Run `work` with an AbortSignal that Ctrl-C (SIGINT), SIGTERM or `outer` aborts; an
 * Interrupted rejection then names the signal. A second Ctrl-C exits at once.
 */
async function withStopSignals<T>(outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let stoppedBy: 'SIGINT' | 'SIGTERM' | undefined;
  const stop = (by: 'SIGINT' | 'SIGTERM') => () => {
    if (controller.signal.aborted && by === 'SIGINT') process.exit(130);
    stoppedBy = by;
    controller.abort();
  };
  const onInt = stop('SIGINT');
  const onTerm = stop('SIGTERM');
  const onOuter = () => controller.abort();
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
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
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    outer?.removeEventListener('abort', onOuter);
  }
}
