/**
 * A run the dashboard can watch and stop: runScenarios (workers/schedule.ts), the CLI's
 * own scheduler, on a pool of workers (workers/comlink-pool.ts in the browser), with every
 * point's first chunk early (`interleave`), live tallies for snapshots (`onMerge`) and
 * cancel (`signal`). The finished result is assembleResult on the merged tallies, as
 * `poolsim run --json` makes it: the same bytes for the same scenario, seed and trials.
 *
 * Every chunk goes to the pool (`poolOnly`): on a page, running chunks in this thread
 * would freeze the page. No Node and no DOM here.
 */
import { chunkCount } from '../sim/run.ts';
import { assembleResult, emptyTallies, partialResult } from '../sim/assemble.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { InProcessExecutor, Interrupted, runScenarios, type ChunkExecutor, type PointRun } from './schedule.ts';

/** A job's progress: chunks and trials done, and in all. */
export interface JobProgress {
  done: number;
  total: number;
  trialsDone: number;
  trialsTotal: number;
}

export class LiveRun {
  private readonly controller = new AbortController();
  private runs: readonly (readonly PointRun[])[] | undefined;
  private settled = false;
  /** Each plan's final result, or undefined when cancelled. */
  readonly done: Promise<ScenarioResult[] | undefined>;

  /** `onMerge` is called whenever chunks merge (snapshot() then shows more). */
  constructor(
    private readonly plans: readonly ScenarioPlan[],
    pool: ChunkExecutor,
    onMerge: (run: LiveRun) => void = () => {},
  ) {
    const scheduled = runScenarios(plans, {
      // Never used (poolOnly), but the scheduler wants somewhere to fall back to.
      here: new InProcessExecutor(() => Promise.resolve()),
      pool,
      poolOnly: true,
      interleave: true,
      signal: this.controller.signal,
      onMerge: (runs) => {
        this.runs = runs;
        onMerge(this);
      },
    });
    this.done = scheduled.then(
      (runs) => {
        this.settled = true;
        this.runs = runs;
        return plans.map((plan, i) => assembleResult(plan, runs[i].map((r) => r.tally)));
      },
      (err: unknown) => {
        this.settled = true;
        if (err instanceof Interrupted && this.controller.signal.aborted) return undefined;
        throw err;
      },
    );
  }

  /** Stop handing out chunks; what comes back is dropped, and `done` resolves to undefined. */
  cancel(): void {
    this.controller.abort();
  }

  get isCancelled(): boolean {
    return this.controller.signal.aborted;
  }

  get isFinished(): boolean {
    return this.settled && !this.isCancelled;
  }

  /** Each plan's result so far: its points with at least one chunk merged (sim/assemble.ts partialResult). */
  snapshot(): ScenarioResult[] {
    const runs = this.runs;
    return this.plans.map((plan, i) => partialResult(plan, runs ? runs[i].map((r) => r.tally) : emptyTallies(plan)));
  }

  progress(): JobProgress[] {
    return this.plans.map((plan, i) => {
      const points = this.runs?.[i] ?? [];
      return {
        done: points.reduce((n, r) => n + r.chunks.length, 0),
        total: plan.points.length * chunkCount(plan.trials, plan.chunkTrials),
        trialsDone: points.reduce((n, r) => n + r.tally.trials, 0),
        trialsTotal: plan.points.length * plan.trials,
      };
    });
  }
}
