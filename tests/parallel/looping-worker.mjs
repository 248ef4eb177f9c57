// A piscina worker entry like workers/node-worker.mjs whose chunk 1 of result point 1
// never finishes, as a mechanic stuck in a loop would, for tests/hostile-input.test.ts.
import { move } from 'piscina';
import '../../workers/node-worker.mjs';
const { runChunkTask } = await import('../../workers/chunk.ts');

export default function runChunkOrLoop(task) {
  const last = task.chunk + ((task.count ?? 1) - 1) * (task.step ?? 1);
  if (task.point === 1 && task.chunk <= 1 && 1 <= last) for (;;);
  return move(runChunkTask(task));
}
