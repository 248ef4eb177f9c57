/**
 * Running scenarios on the browser's workers with the CLI's chunks and streams
 * (sim/run.ts): point i's trials cut into chunkCount(trials) chunks of chunkSize, chunk c
 * on stream (seed, i, c) — the task a worker gets names exactly that, and the worker runs
 * the kernel's own runChunkTask. The final tally of a point merges its chunks in chunk
 * order into a fresh tally and assembleResult makes the result JSON: the same numbers as
 * `poolsim run --json` for the same scenario, seed and trials.
 *
 * While chunks arrive, `snapshot()` gives the result so far: every point that has at
 * least one chunk, its interval as wide as its trials so far make it. Chunks are handed
 * out chunk by chunk across points (chunk 0 of every point first), so a sweep's whole
 * picture appears early and sharpens. `cancel()` stops handing out chunks and drops what
 * comes back; a chunk already on a worker finishes there (a chunk is milliseconds).
 */
import { CHUNK_TRIALS, chunkCount, chunkSize, layoutOf, pointResult } from '../../sim/run.ts';
import { assembleResult } from '../../sim/assemble.ts';
import { evaluateChecks, type ScenarioPlan } from '../../sim/scenario.ts';
import type { Tally } from '../../sim/stats.ts';
import type { PointResult, ScenarioResult } from '../../sim/result.ts';
import type { ChunkTask } from '../../workers/chunk.ts';

/** Something that runs one chunk: a comlink-wrapped worker, or the kernel in-process. */
export interface ChunkRunner {
  runChunk(task: ChunkTask): Promise<Float64Array>;
}

export interface Job {
  /** The scenario as planned (validated and prepared on the page). */
  plan: ScenarioPlan;
  /** The scenario object itself, sent to workers, which plan it again. */
  scenario: unknown;
}

export interface JobProgress {
  /** Chunks done and in all. */
  done: number;
  total: number;
  /** Trials done over all points, and in all. */
  trialsDone: number;
  trialsTotal: number;
}

interface JobState {
  job: Job;
  plan: ScenarioPlan;
  /** Chunk values by point, by chunk index (undefined until back). */
  chunks: (Float64Array | undefined)[][];
  /** Running totals per point, for snapshots (merge order does not matter for integers). */
  running: Tally[];
  progress: JobProgress;
}

export class ScenarioRun {
  private readonly states: JobState[];
  private readonly queue: { job: number; task: ChunkTask }[] = [];
  private next = 0;
  private cancelled = false;
  private settled = false;
  /** Resolves with each job's final result, or undefined when cancelled. */
  readonly done: Promise<ScenarioResult[] | undefined>;

  constructor(
    jobs: readonly Job[],
    runners: readonly ChunkRunner[],
    private readonly onProgress: (run: ScenarioRun) => void = () => {},
  ) {
    if (runners.length === 0) throw new Error('ScenarioRun: no runner to run chunks on');
    this.states = jobs.map((job) => {
      // planScenario already makes each point compute its exact values once.
      const plan = job.plan;
      const chunks = plan.points.map(() => new Array<Float64Array | undefined>(chunkCount(plan.trials, plan.chunkTrials)).fill(undefined));
      const total = chunks.reduce((n, c) => n + c.length, 0);
      return {
        job,
        plan,
        chunks,
        running: plan.points.map((p) => layoutOf(p.simulation).create()),
        progress: { done: 0, total, trialsDone: 0, trialsTotal: plan.trials * plan.points.length },
      };
    });
    const most = Math.max(0, ...this.states.map((s) => chunkCount(s.plan.trials, s.plan.chunkTrials)));
    for (let c = 0; c < most; c++) {
      this.states.forEach((s, j) => {
        if (c >= chunkCount(s.plan.trials, s.plan.chunkTrials)) return;
        s.plan.points.forEach((_, point) => {
          this.queue.push({
            job: j,
            task: {
              scenario: s.job.scenario,
              file: s.plan.file,
              trials: s.plan.trials,
              seed: s.plan.seed,
              point,
              chunk: c,
              size: chunkSize(s.plan.trials, c, s.plan.chunkTrials),
            },
          });
        });
      });
    }
    this.done = new Promise((resolve, reject) => {
      const loops = runners.map((runner) => this.work(runner));
      Promise.all(loops).then(
        () => {
          this.settled = true;
          resolve(this.cancelled ? undefined : this.states.map((s) => this.finalResult(s)));
        },
        (err) => {
          this.cancelled = true;
          this.settled = true;
          reject(err);
        },
      );
    });
  }

  private async work(runner: ChunkRunner): Promise<void> {
    while (!this.cancelled && this.next < this.queue.length) {
      const { job, task } = this.queue[this.next++]!;
      const values = await runner.runChunk(task);
      if (this.cancelled) return;
      const s = this.states[job]!;
      s.chunks[task.point]![task.chunk] = values;
      s.running[task.point]!.merge(values);
      s.progress.done++;
      s.progress.trialsDone += task.size;
      this.onProgress(this);
    }
  }

  cancel(): void {
    this.cancelled = true;
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  get isFinished(): boolean {
    return this.settled && !this.cancelled;
  }

  progress(): JobProgress[] {
    return this.states.map((s) => ({ ...s.progress }));
  }

  /**
   * Each job's result so far: its points with at least one chunk back, in plan order,
   * and the expect checks on those points (provisional until the run is finished).
   */
  snapshot(): ScenarioResult[] {
    return this.states.map((s) => {
      const results: PointResult[] = [];
      s.plan.points.forEach((p, i) => {
        const tally = s.running[i]!;
        if (tally.trials > 0) results.push(pointResult(p.point, tally, p.simulation.exact?.()));
      });
      return {
        name: s.plan.scenario.name,
        system: s.plan.scenario.system,
        mechanic: s.plan.scenario.mechanic,
        trials: s.plan.trials,
        seed: s.plan.seed,
        rules: s.plan.rules,
        results,
        expect: evaluateChecks(s.plan.scenario.expect ?? [], results),
      } as ScenarioResult;
    });
  }

  /** The CLI's result: every point's chunks merged in chunk order, then assembleResult. */
  private finalResult(s: JobState): ScenarioResult {
    const tallies = s.plan.points.map((p, i) => {
      const total = layoutOf(p.simulation).create();
      for (const values of s.chunks[i]!) {
        if (!values) throw new Error(`point ${i} is missing a chunk`);
        total.merge(values);
      }
      return total;
    });
    return assembleResult(s.plan, tallies);
  }
}

export { CHUNK_TRIALS };
