// A piscina worker entry like the compiled worker whose chunk 1 of result point 1 throws,
// as a bug in a mechanic would, for tests/parallel-*.test.ts (CommonJS: compiled.cjs says why).
'use strict';
const { default: runChunkInWorker } = require('./compiled.cjs');

module.exports = function runChunkOrThrow(task) {
  const last = task.chunk + ((task.count ?? 1) - 1) * (task.step ?? 1);
  if (task.point === 1 && task.chunk <= 1 && 1 <= last) throw new RangeError('the owlbear rolled a d7');
  return runChunkInWorker(task);
};
