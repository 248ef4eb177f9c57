/**
 * The one function every worker runs, in Node (piscina) and in the browser (comlink):
 * plan the scenario (cheap, and keeps the message small and serialisable), then run one
 * chunk of one point on its own stream. Returns the chunk's tally values; callers
 * transfer the buffer rather than copy it.
 */
import { planScenario } from '../sim/scenario.ts';
import { runChunk } from '../sim/run.ts';

export interface ChunkTask {
  /** The parsed scenario file (JSON value). */
  scenario: unknown;
  /** For messages only. */
  file: string;
  trials?: number;
  seed?: string | number;
  point: number;
  chunk: number;
  /** Trials in this chunk. */
  size: number;
}

// Planning validates and prepares every point; a worker gets many chunks of the same
// scenario, so keep the last plan.
let lastKey = '';
let lastPlan: ReturnType<typeof planScenario> | undefined;

export function runChunkTask(task: ChunkTask): Float64Array {
  const key = JSON.stringify([task.scenario, task.file, task.trials, task.seed]);
  if (key !== lastKey || !lastPlan) {
    lastPlan = planScenario(task.scenario, task.file, { trials: task.trials, seed: task.seed });
    lastKey = key;
  }
  const point = lastPlan.points[task.point];
  if (!point) throw new Error(`${task.file}: no result point ${task.point}`);
  return runChunk(point.simulation, lastPlan.seed, task.point, task.chunk, task.size);
}
