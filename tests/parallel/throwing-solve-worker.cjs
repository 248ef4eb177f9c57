// A piscina worker entry like the compiled worker whose chunk 1 of a solve's value (its
// streams' key names the block, sim/solve/search.ts solveStreamPart) throws, as a bug in a
// mechanic would, for tests/solve-parallel.test.ts (CommonJS: compiled.cjs says why).
'use strict';
const { default: runChunkInWorker } = require('./compiled.cjs');

module.exports = function runChunkOrThrow(task) {
  const last = task.chunk + ((task.count ?? 1) - 1) * (task.step ?? 1);
  if (String(task.stream).startsWith('solve.') && task.chunk <= 1 && 1 <= last) throw new RangeError('the owlbear rolled a d7');
  return runChunkInWorker(task);
};
