/**
 * The browser's worker entry (the dashboard, through comlink): a thin shell around the
 * kernel's one chunk function, so the dashboard and the CLI run the very same code.
 * The tally's buffer is transferred, not copied.
 */
import * as Comlink from 'comlink';
import { runChunkTask, type ChunkTask } from './chunk.ts';

const api = {
  /** Run one chunk of one point; returns the chunk's tally values. */
  runChunk(task: ChunkTask): Float64Array {
    const values = runChunkTask(task);
    return Comlink.transfer(values, [values.buffer]);
  },
};

export type ChunkWorkerApi = typeof api;

Comlink.expose(api);
