// The piscina worker entry when poolsim runs from its TypeScript sources (vitest, the
// benchmark, `node --import tsx`); the compiled CLI uses build/…/worker.cjs instead
// (scripts/build.mjs, workers/pool.ts NODE_WORKER). Plain JavaScript on purpose: Node 20
// cannot load .ts itself, and tsx registered in the main thread does not reach worker
// threads, so each worker registers tsx here before loading workers/piscina-worker.ts.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./piscina-worker.ts');

export default worker.default;
export const chunkStarted = worker.chunkStarted;
