/**
 * The piscina worker for Node (workers/pool.ts): the compiled build's `worker.cjs`
 * (scripts/build.mjs), and, from the sources, what workers/node-worker.mjs loads once tsx
 * is registered. The kernel loads with this module, so the ready message below goes out
 * only when the thread can run a chunk at once.
 */
import { parentPort } from 'node:worker_threads';
import { CHUNK_FINISHED, CHUNK_STARTED, runChunkTask, type ChunkTask } from './chunk.ts';

// Tell the pool this thread can take chunks now (WORKER_READY in workers/pool.ts).
parentPort?.postMessage('poolsim-worker-ready');

/**
 * Run one chunk (workers/chunk.ts) and post its tally back. The tally is copied, not
 * transferred with piscina's `move`: a clash's is under 1 KB, the largest in scenarios/
 * (campaign-banking's per-turn series) 78 KB, copied and received in ~25 µs against
 * its chunk's milliseconds, while importing piscina in the thread for `move` (its whole
 * pool code, loaded by nothing else here) cost ~13 ms of every thread's start.
 */
export default function runChunkInWorker(task: ChunkTask): Float64Array {
  chunkStarted(task);
  const values = runChunkTask(task);
  if (task.startId !== undefined) parentPort?.postMessage({ [CHUNK_FINISHED]: task.startId });
  return values;
}

/**
 * Tell the pool this message starts running now, when it times messages (workers/pool.ts
 * run): its clock for a stuck worker starts here and stops at the note above.
 */
export function chunkStarted(task: ChunkTask): void {
  if (task.startId !== undefined) parentPort?.postMessage({ [CHUNK_STARTED]: task.startId });
}
