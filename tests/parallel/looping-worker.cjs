// A piscina worker entry like the compiled worker whose chunk 1 of result point 1 never
// finishes, as a mechanic stuck in a loop would, for tests/hostile-input.test.ts. Like the
// real worker it tells the pool when it starts a message, then loops (CommonJS: compiled.cjs
// says why).
'use strict';
const { default: runChunkInWorker, chunkStarted } = require('./compiled.cjs');

module.exports = function runChunkOrLoop(task) {
  const last = task.chunk + ((task.count ?? 1) - 1) * (task.step ?? 1);
  if (task.point === 1 && task.chunk <= 1 && 1 <= last) {
    chunkStarted(task);
    for (;;);
  }
  return runChunkInWorker(task);
};
