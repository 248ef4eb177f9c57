/**
 * The browser's chunk worker, for the dashboard: the kernel's chunk function exposed with
 * comlink. In the page (Vite):
 *
 *   const worker = new Worker(new URL('../workers/browser.ts', import.meta.url), { type: 'module' });
 *   const remote = Comlink.wrap<ChunkWorker>(worker);
 *   const values = await remote.runChunk(task); // a Float64Array tally, transferred
 *
 * or hand several such remotes to workers/comlink-pool.ts and schedule whole scenarios
 * with workers/schedule.ts, exactly as the command line does.
 */
import * as Comlink from 'comlink';
import { chunkWorker } from './chunk-worker.ts';

export type { ChunkWorker, ChunkTask } from './chunk-worker.ts';

Comlink.expose(chunkWorker);
