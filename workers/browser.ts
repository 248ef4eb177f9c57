/**
 * The browser's worker entry (the dashboard, through comlink): a thin shell around the
 * kernel's one chunk function (workers/chunk.ts), so the dashboard and the CLI run the
 * very same code. The tally's buffer is transferred, not copied. Nothing Node-only is
 * imported here or below (tests/parallel-browser.test.ts walks the imports).
 *
 *   const worker = new Worker(new URL('../workers/browser.ts', import.meta.url), { type: 'module' });
 *   const remote = Comlink.wrap<ChunkWorkerApi>(worker);
 *   const values = await remote.runChunk(task); // a Float64Array tally, transferred
 *
 * The dashboard gathers such remotes into one pool (workers/comlink-pool.ts) that the
 * CLI's scheduler feeds (workers/schedule.ts, workers/live.ts; docs/parallel.md "In the
 * browser").
 */
import * as Comlink from 'comlink';
import { chunkWorker, type ChunkWorker } from './chunk-worker.ts';

export type { ChunkWorker, ChunkTask } from './chunk-worker.ts';
/** The worker's API as the page sees it (the dashboard's name for ChunkWorker). */
export type ChunkWorkerApi = ChunkWorker;

Comlink.expose(chunkWorker);
