/**
 * What a browser worker offers over comlink (workers/browser.ts exposes it): the same
 * kernel function as the Node pool, workers/chunk.ts runChunkTask. Nothing Node-only is
 * imported here or below (tests/parallel-browser.test.ts walks the imports).
 */
import * as Comlink from 'comlink';
import { exactValuesTasks, runChunkTask, type ChunkTask, type ExactAnswer, type ExactTask } from './chunk.ts';

export type { ChunkTask, ExactTask };

export const chunkWorker = {
  /** Resolves once the kernel is loaded: the dashboard's pool offers chunks after this. */
  ready(): true {
    return true;
  },

  /** Run one chunk; its tally's buffer is transferred to the caller, not copied. */
  runChunk(task: ChunkTask): Float64Array {
    const values = runChunkTask(task);
    return Comlink.transfer(values, [values.buffer]);
  },

  /**
   * The exact values of points, in order, for about `withinMs` (workers/chunk.ts
   * exactValuesTasks): the page asks here so that it never computes them itself.
   */
  exactValues(tasks: ExactTask[], withinMs: number): ExactAnswer[] {
    return exactValuesTasks(tasks, withinMs);
  },
};

/** The worker's API as the page sees it: `Comlink.wrap<ChunkWorker>(worker)`. */
export type ChunkWorker = typeof chunkWorker;
