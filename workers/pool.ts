/**
 * Where chunks run in Node: in this thread (`--workers 1`) or on a piscina pool of worker
 * threads. Both run the same kernel function on the same (seed, point, chunk) stream, so
 * which one ran a chunk never shows in its tally. Scheduling is workers/schedule.ts.
 */
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { createRequire } from 'node:module';
import type { Piscina } from 'piscina';
import { InProcessExecutor, type ChunkExecutor, type ChunkJob, type InProcessOptions } from './schedule.ts';
import { CHUNK_FINISHED, CHUNK_STARTED, type ChunkTask } from './chunk.ts';

/** Set to true by scripts/build.mjs in the compiled CLI; undeclared when running from the sources. */
declare const POOLSIM_BUILD: boolean | undefined;

/**
 * The piscina entry: in the compiled CLI, `worker.cjs` beside this bundle (the same build,
 * scripts/build.mjs); from the sources, a small .mjs that registers tsx first.
 */
export const NODE_WORKER =
  typeof POOLSIM_BUILD !== 'undefined' && POOLSIM_BUILD ? new URL('./worker.cjs', import.meta.url).href : new URL('./node-worker.mjs', import.meta.url).href;

/** The default `--workers`: every core Node may use. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** `--workers 1`, and the main thread beside the pool: chunks run here, a slice at a time between turns of the event loop. */
export function inProcessExecutor(options: InProcessOptions = {}): InProcessExecutor {
  return new InProcessExecutor(yieldToEventLoop, options);
}

/**
 * Chunks posted to each thread at once. A chunk runs synchronously, so a second one waits
 * in the thread's own message queue and starts the moment the first is done, instead of
 * after a round trip through this thread (measured: ~160 µs idle per chunk with 1, ~50 µs
 * with 2, on 256-trial chunks where the round trip dominates).
 */
export const TASKS_PER_THREAD = 2;

export interface PoolOptions {
  threads: number;
  /** The worker entry (tests substitute one that fails); defaults to NODE_WORKER. */
  filename?: string;
  /** Chunks posted to a thread at once (see TASKS_PER_THREAD). */
  tasksPerThread?: number;
  /**
   * A task (one message of chunks) running longer than this is taken for a worker stuck
   * in a loop: its thread is stopped and the run fails naming the point (exit 3).
   */
  taskTimeoutMs?: number;
  /**
   * Node options for the threads (default: this process's). The compiled worker needs
   * none: the benchmark, itself under tsx, passes [] so its threads start as `poolsim`'s do.
   */
  execArgv?: string[];
}

/** What a worker entry posts to its parent once the kernel is loaded (workers/node-worker.mjs). */
export const WORKER_READY = 'poolsim-worker-ready';

/**
 * A piscina pool. Each worker prepares the point from the validated setup and rules its
 * message brings (workers/chunk.ts keeps the simulation) and returns its tally, a Float64Array of at most tens of KB, copied back
 * (workers/piscina-worker.ts says why not `Piscina.move`).
 *
 * Threads take a while to start (55–75 ms each for the compiled worker on the 2-core
 * development machine, `workerStartMs` in `npm run bench`: Node, piscina and the
 * kernel load in every thread; from the sources through tsx, several times that), so
 * the pool offers work only to threads
 * that have said they are ready: `concurrency` grows as they come up, and `starting` is
 * true until all have. Meanwhile the caller can run chunks in its own thread.
 */
export class PoolExecutor implements ChunkExecutor {
  readonly threads: number;
  private readonly tasksPerThread: number;
  private readonly pool: Piscina<ChunkTask, Float64Array>;
  private ready = 0;
  /** Why the pool cannot run anything (a worker failed to start). */
  failure: Error | undefined;
  /** Called when a thread becomes ready or the pool fails. */
  onChange: () => void = () => {};

  private readonly taskTimeoutMs: number | undefined;
  /** Timed messages handed to piscina, by startId: their stuck-worker clocks. */
  private readonly clocks = new Map<number, { start(): void; stop(): void }>();
  private lastStartId = 0;

  constructor(options: PoolOptions) {
    this.threads = options.threads;
    this.taskTimeoutMs = options.taskTimeoutMs;
    this.tasksPerThread = options.tasksPerThread ?? TASKS_PER_THREAD;
    // Loaded here, not at the top: a run that starts no threads never loads piscina. The
    // compiled command has it bundled, so it loads through the code cache (scripts/build.mjs:
    // ~25 ms of this thread's time from node_modules, taken from the chunks it runs meanwhile).
    const { Piscina: PiscinaPool } = (
      typeof POOLSIM_BUILD !== 'undefined' && POOLSIM_BUILD ? require('piscina') : createRequire(import.meta.url)('piscina')
    ) as typeof import('piscina');
    this.pool = new PiscinaPool({
      filename: options.filename ?? NODE_WORKER,
      minThreads: options.threads,
      maxThreads: options.threads,
      // A worker's plan cache is its warm state: keep threads for the whole run.
      idleTimeout: Infinity,
      concurrentTasksPerWorker: this.tasksPerThread,
      ...(options.execArgv ? { execArgv: options.execArgv } : {}),
    });
    this.pool.on('message', (message: unknown) => {
      if (message === WORKER_READY) {
        this.ready++;
        this.onChange();
      } else if (typeof message === 'object' && message !== null) {
        // A timed message's clock: started, then finished (in this order, on one port).
        const note = message as Record<string, unknown>;
        if (CHUNK_STARTED in note) this.clocks.get(note[CHUNK_STARTED] as number)?.start();
        if (CHUNK_FINISHED in note) this.clocks.get(note[CHUNK_FINISHED] as number)?.stop();
      }
    });
    // A worker that fails before it is given a task is reported here, not by run().
    this.pool.on('error', (error: Error) => {
      this.failure ??= error;
      this.onChange();
    });
  }

  /** Ready threads × TASKS_PER_THREAD. */
  get concurrency(): number {
    return this.ready * this.tasksPerThread;
  }

  /** Are threads still starting? */
  get starting(): boolean {
    return this.ready < this.threads && this.failure === undefined;
  }

  /** Resolves once every thread is ready (the benchmark times a warm pool). */
  whenReady(): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.failure) reject(this.failure);
        else if (!this.starting) resolve();
      };
      const previous = this.onChange;
      this.onChange = () => {
        previous();
        check();
      };
      check();
    });
  }

  run(job: ChunkJob): Promise<Float64Array> {
    const ms = this.taskTimeoutMs;
    if (ms === undefined) return this.pool.run(job.task);
    // A timer of our own, not piscina's `signal`: piscina runs a task that can be aborted
    // alone on its thread, so the thread's second message (TASKS_PER_THREAD) waited in
    // the pool instead of in the thread, and after every message the thread idled for a
    // round trip through this thread (measured: ~1–3 ms per message, ~13% of a 50 M clash
    // run). The clock runs from the thread's note that it starts the message to its note
    // that the kernel is done with it (CHUNK_STARTED, CHUNK_FINISHED), not from the
    // hand-over to the result: a message waiting in a thread behind another is not running,
    // and piscina's Atomics loop in the thread takes both messages at once, so the first
    // one's result is posted only when the second is done too (never, behind a stuck one,
    // which blamed the finished message on a loaded machine). When it fires the run fails
    // (exit 3) and the caller destroys the pool, which stops the stuck thread with the others.
    const id = ++this.lastStartId;
    const running = this.pool.run({ ...job.task, startId: id });
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stop = () => {
        this.clocks.delete(id);
        if (timer !== undefined) clearTimeout(timer);
      };
      this.clocks.set(id, {
        start: () => {
          timer = setTimeout(() => {
            stop();
            reject(new Error(`a worker ran these chunks for more than ${ms / 1000} s and was stopped as stuck ($POOLSIM_CHUNK_TIMEOUT_S raises the limit)`));
          }, ms);
        },
        stop,
      });
      running.then(
        (values) => {
          stop();
          resolve(values);
        },
        (e: unknown) => {
          stop();
          reject(e);
        },
      );
    });
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

/**
 * Whether `e` is Node failing to start a thread because the current folder no longer
 * exists: a thread's start reads it ("ENOENT: no such file or directory, uv_cwd").
 */
export function folderGoneError(e: unknown): boolean {
  const x = e as NodeJS.ErrnoException | undefined;
  return x?.code === 'ENOENT' && (x.syscall === 'uv_cwd' || /\buv_cwd\b/.test(String(x.message)));
}

/**
 * A pool that starts its threads only when told to (cli/runner.ts decides, from how long
 * the run would take this thread alone). Until then it offers no concurrency and reports
 * itself as starting, so the scheduler runs every chunk in its own thread meanwhile; a
 * run that ends before the pool is worth starting never starts a thread.
 *
 * Given a `fallback` (this thread's executor, `fallBackTo`), a pool whose threads cannot
 * start because the current folder was deleted while the run went on (folderGoneError)
 * hands the chunks it was given to it and offers no more concurrency, rather than fail
 * the run (exit 3, "uv_cwd"; an audit): chunks are seeded, so the numbers are the same
 * wherever they run. Any other failure fails the run, as ever.
 */
export class DeferredPool implements ChunkExecutor {
  private pool: PoolExecutor | undefined;
  private fallback: ChunkExecutor | undefined;
  /** The threads could not start for the folder's being gone: the fallback runs everything. */
  private gone = false;
  onChange: () => void = () => {};

  constructor(private readonly options: PoolOptions) {}

  /** Run the pool's chunks on `here` if its threads cannot start for the folder's being gone. */
  fallBackTo(here: ChunkExecutor): void {
    this.fallback = here;
  }

  get started(): boolean {
    return this.pool !== undefined;
  }

  start(): void {
    if (this.pool) return;
    this.pool = new PoolExecutor(this.options);
    this.pool.onChange = () => {
      if (this.fallback && this.pool?.failure && folderGoneError(this.pool.failure)) this.gone = true;
      this.onChange();
    };
  }

  get concurrency(): number {
    return this.gone ? 0 : (this.pool?.concurrency ?? 0);
  }

  get starting(): boolean {
    return this.gone ? false : this.pool ? this.pool.starting : true;
  }

  get failure(): Error | undefined {
    return this.gone ? undefined : this.pool?.failure;
  }

  run(job: ChunkJob): Promise<Float64Array> {
    if (!this.pool) return Promise.reject(new Error('the worker pool was given a chunk before it was started'));
    const fallback = this.fallback;
    if (this.gone && fallback) return fallback.run(job);
    return this.pool.run(job).catch((e: unknown) => {
      if (!fallback || !folderGoneError(e)) throw e;
      this.gone = true;
      return fallback.run(job);
    });
  }

  destroy(): Promise<void> {
    return this.pool?.destroy() ?? Promise.resolve();
  }
}
