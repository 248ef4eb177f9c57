/**
 * A pool of comlink workers (workers/browser.ts in the browser) as an executor for the
 * scheduler (workers/schedule.ts): the dashboard (dashboard/run/pool.ts, one pool per
 * page, kept between runs; workers/live.ts) runs scenarios through the same scheduling,
 * messages and chunk-order merging as the command line, so its numbers are the command
 * line's. No Node and no DOM: it is handed the workers' remotes.
 */
import type { Remote } from 'comlink';
import type { ChunkExecutor, ChunkJob } from './schedule.ts';
import type { ChunkWorker, ExactTask } from './chunk-worker.ts';
import type { ExactAnswer } from './chunk.ts';

/** What computes points' exact values off the page's thread (workers/live.ts asks it). */
export interface ExactExecutor {
  /** The exact values of the first of `tasks` (at least one), about `withinMs` of them: workers/chunk.ts exactValuesTasks. */
  exactValues(tasks: ExactTask[], withinMs: number): Promise<ExactAnswer[]>;
}

/** Chunks posted to a worker at once, so it never waits for the page between chunks. */
const TASKS_PER_WORKER = 2;

export class ComlinkPool implements ChunkExecutor, ExactExecutor {
  private readyWorkers: Remote<ChunkWorker>[] = [];
  private readonly busy = new Map<Remote<ChunkWorker>, number>();
  failure: Error | undefined;
  onChange: () => void = () => {};
  /** Settles when the first worker is ready (or none can start). */
  private readonly anyReady: Promise<void>;

  constructor(private readonly workers: readonly Remote<ChunkWorker>[]) {
    let settle = () => {};
    this.anyReady = new Promise((done) => (settle = done));
    for (const w of workers) {
      w.ready().then(
        () => {
          this.readyWorkers.push(w);
          this.busy.set(w, 0);
          settle();
          this.onChange();
        },
        (e: unknown) => {
          this.failure ??= e instanceof Error ? e : new Error(String(e));
          settle();
          this.onChange();
        },
      );
    }
  }

  get concurrency(): number {
    return this.readyWorkers.length * TASKS_PER_WORKER;
  }

  /** Settles when the first worker is ready, or one fails to start (`failure` then says why; Find waits on it: dashboard/ui/find.ts). */
  whenAnyReady(): Promise<void> {
    return this.anyReady;
  }

  get starting(): boolean {
    return this.readyWorkers.length < this.workers.length && this.failure === undefined;
  }

  async run(job: ChunkJob): Promise<Float64Array> {
    return this.onLeastBusy((w) => w.runChunk(job.task));
  }

  async exactValues(tasks: ExactTask[], withinMs: number): Promise<ExactAnswer[]> {
    await this.anyReady;
    if (this.readyWorkers.length === 0) throw this.failure ?? new Error('no worker started');
    return this.onLeastBusy((w) => w.exactValues(tasks, withinMs));
  }

  /** The least busy ready worker does `work` (the scheduler keeps at most `concurrency` chunks in flight). */
  private async onLeastBusy<T>(work: (w: Remote<ChunkWorker>) => Promise<T>): Promise<T> {
    let pick = this.readyWorkers[0];
    for (const w of this.readyWorkers) if (this.busy.get(w)! < this.busy.get(pick)!) pick = w;
    this.busy.set(pick, this.busy.get(pick)! + 1);
    try {
      return await work(pick);
    } finally {
      this.busy.set(pick, this.busy.get(pick)! - 1);
    }
  }
}
