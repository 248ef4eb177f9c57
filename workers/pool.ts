/**
 * Where chunks run in Node: in this thread (`--workers 1`) or on a piscina pool of worker
 * threads. Both run the same kernel function on the same (seed, point, chunk) stream, so
 * which one ran a chunk never shows in its tally. Scheduling is workers/schedule.ts.
 */
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Piscina } from 'piscina';
import { InProcessExecutor, type ChunkExecutor, type ChunkJob } from './schedule.ts';
import type { ChunkTask } from './chunk.ts';

/** The piscina entry: a small .mjs that registers tsx, then loads workers/chunk.ts. */
export const NODE_WORKER = new URL('./node-worker.mjs', import.meta.url).href;

/** The default `--workers`: every core Node may use. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** `--workers 1`, and the main thread while a pool starts: chunks run here, between turns of the event loop. */
export function inProcessExecutor(): InProcessExecutor {
  return new InProcessExecutor(yieldToEventLoop);
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
}

/** What a worker entry posts to its parent once the kernel is loaded (workers/node-worker.mjs). */
export const WORKER_READY = 'poolsim-worker-ready';

/**
 * A piscina pool. Each worker plans the scenario from the task (workers/chunk.ts keeps
 * the plan) and returns its tally with `Piscina.move`, so the Float64Array's buffer is
 * transferred, not copied.
 *
 * Threads take a while to start (about 0.5 s each on the 2-core development machine:
 * tsx, zod and the kernel load in every worker), so the pool offers work only to threads
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

  constructor(options: PoolOptions) {
    this.threads = options.threads;
    this.taskTimeoutMs = options.taskTimeoutMs;
    this.tasksPerThread = options.tasksPerThread ?? TASKS_PER_THREAD;
    this.pool = new Piscina({
      filename: options.filename ?? NODE_WORKER,
      minThreads: options.threads,
      maxThreads: options.threads,
      // A worker's plan cache is its warm state: keep threads for the whole run.
      idleTimeout: Infinity,
      concurrentTasksPerWorker: this.tasksPerThread,
    });
    this.pool.on('message', (message: unknown) => {
      if (message === WORKER_READY) {
        this.ready++;
        this.onChange();
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
    const signal = AbortSignal.timeout(ms);
    return this.pool.run(job.task, { signal }).catch((e: unknown) => {
      if (signal.aborted) throw new Error(`a worker ran these chunks for more than ${ms / 1000} s and was stopped as stuck ($POOLSIM_CHUNK_TIMEOUT_S raises the limit)`);
      throw e;
    });
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}
