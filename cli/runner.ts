/**
 * The batch runner behind `poolsim run` in Node: `--workers 1` runs every chunk in this
 * thread; more starts a piscina pool (workers/pool.ts) that the scheduler
 * (workers/schedule.ts) feeds, and stops it however the run ends.
 */
import { PoolExecutor, inProcessExecutor } from '../workers/pool.ts';
import { initialChunks, runScenarios, type ChunkExecutor, type PointRun, type ScenarioJob, type ScheduleOptions } from '../workers/schedule.ts';

export { ChunkFailed, Interrupted, PoolFailed, shardOf } from '../workers/schedule.ts';
export type { PointRun, ScenarioJob, Shard } from '../workers/schedule.ts';

export interface RunOptions extends Omit<ScheduleOptions, 'here' | 'pool'> {
  /** Worker threads; 1 runs every chunk in this thread and starts no pool. */
  workers: number;
  /** The piscina worker entry (tests substitute a failing one). */
  workerFile?: string;
  /** Run on this pool (a warm one, in the benchmark) instead of starting one; it is left running. */
  pool?: ChunkExecutor;
}

export async function runOnNode(jobs: readonly ScenarioJob[], options: RunOptions): Promise<PointRun[][]> {
  const { workers, workerFile, pool: given, ...schedule } = options;
  let pool: PoolExecutor | undefined;
  if (!given && workers > 1) {
    // No more threads than chunks to run, unless `--precision` rounds may add more.
    const threads = schedule.precision !== undefined ? workers : Math.min(workers, Math.max(1, initialChunks(jobs, schedule)));
    if (threads > 1 || schedule.precision !== undefined) pool = new PoolExecutor({ threads, filename: workerFile });
  }
  try {
    return await runScenarios(jobs, { ...schedule, here: inProcessExecutor(), pool: given ?? pool });
  } finally {
    await pool?.destroy();
  }
}
