/**
 * The piscina worker for Node (workers/pool.ts): the compiled build's `worker.js`
 * (scripts/build.mjs), and, from the sources, what workers/node-worker.mjs loads once tsx
 * is registered. The kernel loads with this module, so the ready message below goes out
 * only when the thread can run a chunk at once.
 */
import { parentPort } from 'node:worker_threads';
// piscina stays outside the bundle: `move` marks its value with a symbol that must be the
// very one piscina's own worker code checks.
import { move } from 'piscina';
import { runChunkTask, type ChunkTask } from './chunk.ts';

// Tell the pool this thread can take chunks now (WORKER_READY in workers/pool.ts).
parentPort?.postMessage('poolsim-worker-ready');

/** Run one chunk (workers/chunk.ts) and transfer its tally's buffer back, not a copy. */
export default function runChunkInWorker(task: ChunkTask): Float64Array {
  return move(runChunkTask(task)) as Float64Array;
}
