/**
 * The one function every worker runs, in Node (piscina) and in the browser (comlink):
 * prepare the point's simulation from the validated setup and rules the message brings
 * (kept for the next messages), then run one chunk of it on its own stream, or several
 * (`count`) with their tallies added. Returns the tally values; the browser's workers
 * transfer the buffer, piscina's copy it (at most tens of KB: see workers/piscina-worker.ts).
 */
import { findMechanic } from '../sim/mechanics.ts';
import type { ExactValues, Simulation } from '../sim/mechanic.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import { chunkSize, runChunk } from '../sim/run.ts';

export interface ChunkTask {
  system: string;
  mechanic: string;
  /**
   * The point's setup and rules as the scheduling thread's planScenario validated them
   * (PlannedPoint.inputs). The worker prepares from them without checking the file again:
   * validation took most of a new thread's first message (~15 ms of ~20 in Node), and
   * the file was checked whole before anything ran.
   */
  setup: unknown;
  rules: unknown;
  /** For messages only. */
  file: string;
  /** The point's trials and its trials per chunk: the sizes of a message's later chunks. */
  trials: number;
  chunkTrials: number;
  seed: string | number;
  /** The point's index in the plan (for merging and messages). */
  point: number;
  /** The point's part of its streams' keys (PlannedPoint.stream). */
  stream: string | number;
  chunk: number;
  /** Trials in this chunk. */
  size: number;
  /**
   * Run this many chunks in one message: `chunk`, `chunk + step`, … (step defaults to 1),
   * each after the first with its own trials, chunkSize(trials, c, chunkTrials). Their
   * tallies are added up, which is exact (integers), so the answer is what merging them
   * one by one would give: fewer, larger messages without changing any number.
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

/** The message for chunk `chunk` (of `size` trials) of point `point` of `plan`. */
export function chunkTask(plan: ScenarioPlan, point: number, chunk: number, size: number): ChunkTask {
  const { inputs, stream } = plan.points[point];
  return {
    system: plan.scenario.system,
    mechanic: plan.scenario.mechanic,
    setup: inputs.setup,
    rules: inputs.rules,
    file: plan.file,
    trials: plan.trials,
    chunkTrials: plan.chunkTrials,
    seed: plan.seed,
    point,
    stream,
    chunk,
    size,
  };
}

/** The keys of a thread's notes to the Node pool that a timed message (ChunkTask.startId) starts now, and is done. */
export const CHUNK_STARTED = 'poolsimChunkStarted';
export const CHUNK_FINISHED = 'poolsimChunkFinished';

// A worker gets many chunks of the same point, and in a sweep those of a few points
// interleaved (the dashboard starts every point early; a run of several files overlaps
// where one file's chunks end and the next one's begin): keep the last few simulations.
const SIMULATIONS_KEPT = 16;
const simulations = new Map<string, Simulation>();

function simulationOf(task: ChunkTask): Simulation {
  const key = JSON.stringify([task.system, task.mechanic, task.setup, task.rules]);
  let simulation = simulations.get(key);
  if (simulation) {
    // Most recently used last, so the one evicted below is the one unused longest.
    simulations.delete(key);
  } else {
    const mechanic = findMechanic(task.system, task.mechanic);
    if (!mechanic) throw new Error(`${task.file}: this worker has no ${task.system} mechanic "${task.mechanic}"`);
    simulation = mechanic.prepare(task.setup, task.rules);
    if (simulations.size >= SIMULATIONS_KEPT) simulations.delete(simulations.keys().next().value!);
  }
  simulations.set(key, simulation);
  return simulation;
}

export function runChunkTask(task: ChunkTask): Float64Array {
  const simulation = simulationOf(task);
  const values = runChunk(simulation, task.seed, task.stream, task.chunk, task.size);
  const step = task.step ?? 1;
  for (let k = 1; k < (task.count ?? 1); k++) {
    const c = task.chunk + k * step;
    const more = runChunk(simulation, task.seed, task.stream, c, chunkSize(task.trials, c, task.chunkTrials));
    for (let i = 0; i < values.length; i++) values[i] += more[i];
  }
  return values;
}

/** A point whose exact values a worker computes (the dashboard's: workers/live.ts). */
export interface ExactTask {
  system: string;
  mechanic: string;
  /** The point's setup and rules as planScenario validated them (PlannedPoint.inputs). */
  setup: unknown;
  rules: unknown;
  /** For messages only. */
  file: string;
}

/** The exact-values message for point `point` of `plan`. */
export function exactTask(plan: ScenarioPlan, point: number): ExactTask {
  const { inputs } = plan.points[point];
  return { system: plan.scenario.system, mechanic: plan.scenario.mechanic, setup: inputs.setup, rules: inputs.rules, file: plan.file };
}

/**
 * The exact values of the tasks' points, in order, until `withinMs` has passed after one
 * (always at least one): the rest are asked again in another message, so a message of
 * quick points (a knavery sweep's, ~1 ms each) carries many and one of slow points (a
 * battle chain's, a second) does not hold the others back. Each point is prepared afresh
 * from its inputs, as the page's planScenario prepares it, and asked `exact()`, as the page
 * would ask it: the same function on the same inputs, so the same numbers. With them, what
 * that `exact()` said it left out (Simulation.exactSkipped, which some mechanics set as they
 * compute: a contest round whose contender spends tension, a campaign's rivals): the
 * result's note, which the page's own copy of the simulation never computes to learn.
 */
export function exactValuesTasks(tasks: readonly ExactTask[], withinMs: number): ExactAnswer[] {
  const start = performance.now();
  const out: ExactAnswer[] = [];
  for (const task of tasks) {
    const mechanic = findMechanic(task.system, task.mechanic);
    if (!mechanic) throw new Error(`${task.file}: this worker has no ${task.system} mechanic "${task.mechanic}"`);
    const simulation = mechanic.prepare(task.setup, task.rules);
    const values = simulation.exact?.();
    out.push({ values, ...(simulation.exactSkipped !== undefined ? { exactSkipped: simulation.exactSkipped } : {}) });
    if (performance.now() - start >= withinMs) break;
  }
  return out;
}

/** One point's answer from exactValuesTasks: its exact values (none where `exact()` gave none) and why some were left out. */
export interface ExactAnswer {
  values: ExactValues | undefined;
  exactSkipped?: string;
}
