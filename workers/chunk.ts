/**
 * The one function every worker runs, in Node (piscina) and in the browser (comlink):
 * plan the scenario (cheap, and keeps the message small and serialisable), then run one
 * chunk of one point on its own stream, or several (`count`) with their tallies added.
 * Returns the tally values; the browser's workers transfer the buffer, piscina's copy it
 * (at most tens of KB: see workers/piscina-worker.ts).
 */
import { planScenario } from '../sim/scenario.ts';
import { chunkSize, runChunk } from '../sim/run.ts';

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
  /**
   * Run this many chunks in one message: `chunk`, `chunk + step`, … (step defaults to 1),
   * each after the first with its own trials, chunkSize(trials, c). Their tallies are
   * added up, which is exact (integers), so the answer is what merging them one by one
   * would give: fewer, larger messages without changing any number.
   */
  count?: number;
  step?: number;
  /**
   * Set by the Node pool when it times its messages (workers/pool.ts): the thread posts
   * this id back as it starts the message, so a message's clock starts when it runs, not
   * while it waits in the thread behind another.
   */
  startId?: number;
}

/** The keys of a thread's notes to the Node pool that a timed message (ChunkTask.startId) starts now, and is done. */
export const CHUNK_STARTED = 'poolsimChunkStarted';
export const CHUNK_FINISHED = 'poolsimChunkFinished';

// Planning validates and prepares every point; a worker gets many chunks of the same
// scenario, so keep the last few plans (a run of several files interleaves them briefly
// where one file's chunks end and the next one's begin).
const PLANS_KEPT = 4;
const plans = new Map<string, ReturnType<typeof planScenario>>();

function planOf(task: ChunkTask): ReturnType<typeof planScenario> {
  const key = JSON.stringify([task.scenario, task.file, task.trials, task.seed]);
  let plan = plans.get(key);
  if (!plan) {
    plan = planScenario(task.scenario, task.file, { trials: task.trials, seed: task.seed });
    if (plans.size >= PLANS_KEPT) plans.delete(plans.keys().next().value!);
    plans.set(key, plan);
  }
  return plan;
}

export function runChunkTask(task: ChunkTask): Float64Array {
  const plan = planOf(task);
  const point = plan.points[task.point];
  if (!point) throw new Error(`${task.file}: no result point ${task.point}`);
  const values = runChunk(point.simulation, plan.seed, task.point, task.chunk, task.size);
  const step = task.step ?? 1;
  for (let k = 1; k < (task.count ?? 1); k++) {
    const c = task.chunk + k * step;
    const more = runChunk(point.simulation, plan.seed, task.point, c, chunkSize(plan.trials, c, plan.chunkTrials));
    for (let i = 0; i < values.length; i++) values[i] += more[i];
  }
  return values;
}
