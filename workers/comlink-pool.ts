/**
 * A pool of comlink workers (workers/browser.ts in the browser) as an executor for the
 * scheduler (workers/schedule.ts): the dashboard (dashboard/run/pool.ts, one pool per
 * page, kept between runs; workers/live.ts) runs scenarios through the same scheduling,
 * messages and chunk-order merging as the command line, so its numbers are the command
 * line's. No Node and no DOM: it is handed the workers' remotes.
 */
import type { Remote } from 'comlink';
import type { ChunkExecutor, ChunkJob } from './schedule.ts';
import type { ChunkWorker } from './chunk-worker.ts';

/** Chunks posted to a worker at once, so it never waits for the page between chunks. */
const TASKS_PER_WORKER = 2;

export class ComlinkPool implements ChunkExecutor {
  private readyWorkers: Remote<ChunkWorker>[] = [];
  private readonly busy = new Map<Remote<ChunkWorker>, number>();
  failure: Error | undefined;
  onChange: () => void = () => {};

  constructor(private readonly workers: readonly Remote<ChunkWorker>[]) {
    for (const w of workers) {
      w.ready().then(
        () => {
          this.readyWorkers.push(w);
          this.busy.set(w, 0);
          this.onChange();
        },
        (e: unknown) => {
          this.failure ??= e instanceof Error ? e : new Error(String(e));
          this.onChange();
        },
      );
    }
  }

  get concurrency(): number {
    return this.readyWorkers.length * TASKS_PER_WORKER;
  }

  get starting(): boolean {
    return this.readyWorkers.length < this.workers.length && this.failure === undefined;
  }

  async run(job: ChunkJob): Promise<Float64Array> {
    // The least busy ready worker (the scheduler keeps at most `concurrency` in flight).
    let pick = this.readyWorkers[0];
    for (const w of this.readyWorkers) if (this.busy.get(w)! < this.busy.get(pick)!) pick = w;
    this.busy.set(pick, this.busy.get(pick)! + 1);
    try {
      return await pick.runChunk(job.task);
    } finally {
      this.busy.set(pick, this.busy.get(pick)! - 1);
    }
  }
}
