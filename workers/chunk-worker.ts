/**
 * What a browser worker offers over comlink (workers/browser.ts exposes it): the same
 * kernel function as the Node pool, workers/chunk.ts runChunkTask. Nothing Node-only is
 * imported here or below (tests/parallel-browser.test.ts walks the imports).
 */
import * as Comlink from 'comlink';
import { runChunkTask, type ChunkTask } from './chunk.ts';

export type { ChunkTask };

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
};

/** The worker's API as the page sees it: `Comlink.wrap<ChunkWorker>(worker)`. */
export type ChunkWorker = typeof chunkWorker;
