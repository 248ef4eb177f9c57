// The piscina worker entry for Node (workers/pool.ts). Plain JavaScript on purpose: Node 20
// cannot load .ts itself, and tsx registered with `register()` in the main thread (as
// bin/poolsim.js does) does not reach worker threads, so each worker registers tsx here
// before loading the TypeScript kernel. Works the same under `node --import tsx` and vitest.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { move } from 'piscina';

register();
const { runChunkTask } = await import('./chunk.ts');

// Tell the pool this thread can take chunks now (WORKER_READY in workers/pool.ts).
parentPort?.postMessage('poolsim-worker-ready');

/** Run one chunk (workers/chunk.ts) and transfer its tally's buffer back, not a copy. */
export default function runChunkInWorker(task) {
  return move(runChunkTask(task));
}
