// A piscina worker entry like workers/node-worker.mjs whose chunk 1 of result point 1
// throws, as a bug in a mechanic would, for tests/parallel-*.test.ts.
import { move } from 'piscina';
import '../../workers/node-worker.mjs';
const { runChunkTask } = await import('../../workers/chunk.ts');

export default function runChunkOrThrow(task) {
  const last = task.chunk + ((task.count ?? 1) - 1) * (task.step ?? 1);
  if (task.point === 1 && task.chunk <= 1 && 1 <= last) throw new RangeError('the owlbear rolled a d7');
  return move(runChunkTask(task));
}
