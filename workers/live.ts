/**
 * A run the dashboard can watch and stop: runScenarios (workers/schedule.ts), the CLI's
 * own scheduler, on a pool of workers (workers/comlink-pool.ts in the browser), with every
 * point's first chunk early (`interleave`), live tallies for snapshots (`onMerge`) and
 * cancel (`signal`). The finished result is assembleResult on the merged tallies, as
 * `poolsim run --json` makes it: the same bytes for the same scenario, seed and trials.
 *
 * Every chunk goes to the pool (`poolOnly`): on a page, running chunks in this thread
 * would freeze the page. So do the points' exact values, where the pool computes them
 * (an ExactExecutor: the page's ComlinkPool): a 2,500-point knavery sweep's held the page
 * 2–4 s at its first snapshots. Until a point's are back, snapshots mark it `exactPending`
 * and `done` waits for them; the finished result is the same bytes. No Node and no DOM here.
 */
import { chunkCount } from '../sim/run.ts';
import { assembleResult, emptyTallies, partialResult } from '../sim/assemble.ts';
import { exactCheckProblemAt, exactKnown, pointMatches, setExactValues, type ScenarioError, type ScenarioPlan } from '../sim/scenario.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { exactTask, type ExactAnswer, type ExactTask } from './chunk.ts';
import type { ExactExecutor } from './comlink-pool.ts';
import { InProcessExecutor, Interrupted, runScenarios, type ChunkExecutor, type PointRun } from './schedule.ts';

/**
 * How long a worker computes exact values in one message before it answers with those
 * done (workers/chunk.ts exactValuesTasks), and how many points a message offers: the
 * page learns of them a few times a second, and chunks wait behind a message no longer.
 */
const EXACT_MESSAGE_MS = 50;
const EXACT_POINTS_PER_MESSAGE = 200;
/** Exact-value messages in flight at once (beside the chunks). */
const EXACT_MESSAGES = 2;

/**
 * The one way the page has exact values computed off its thread (a run's points here, Find's
 * values in dashboard/ui/find.ts): `tasks` asked of the pool EXACT_MESSAGES messages at a
 * time, EXACT_POINTS_PER_MESSAGE offered in each, a worker answering with those it has done
 * after EXACT_MESSAGE_MS (workers/chunk.ts exactValuesTasks) and the rest asked again.
 * `onAnswer(n, answer)` takes task n's answer, `onBatch` is called after each message's.
 * Rejects with Interrupted once `signal` is aborted, asking nothing more: a cancelled run
 * leaves a worker at most the one message it is in (EXACT_MESSAGE_MS of work).
 */
export function exactsInWorkers(
  pool: ExactExecutor,
  tasks: readonly ExactTask[],
  signal: AbortSignal,
  onAnswer: (task: number, answer: ExactAnswer) => void,
  onBatch: () => void = () => {},
): Promise<void> {
  const todo = tasks.map((_, n) => n);
  const lane = async (): Promise<void> => {
    while (todo.length > 0) {
      if (signal.aborted) throw new Interrupted();
      const batch = todo.splice(0, EXACT_POINTS_PER_MESSAGE);
      const answers = await pool.exactValues(
        batch.map((n) => tasks[n]),
        EXACT_MESSAGE_MS,
      );
      if (signal.aborted) throw new Interrupted();
      answers.forEach((a, m) => onAnswer(batch[m], a));
      // What the worker left undone is the next to ask for.
      todo.unshift(...batch.slice(answers.length));
      onBatch();
    }
  };
  return Promise.all(Array.from({ length: EXACT_MESSAGES }, lane)).then(() => {});
}

/**
 * A run ended because a `decide: "exact"` check its plans left for the exact values
 * (ScenarioPlan.exactChecksLeft) cannot be met as asked: each plan's problems, those
 * planScenario gives the file (`poolsim run` refuses it), in the plans' order.
 */
export class ExactChecksRefused extends Error {
  constructor(readonly problems: ScenarioError[][]) {
    super(problems.flat().map((e) => e.message).join('\n'));
    this.name = 'ExactChecksRefused';
  }
}

/** A job's progress: chunks and trials done, and in all. */
export interface JobProgress {
  done: number;
  total: number;
  trialsDone: number;
  trialsTotal: number;
  /** Points whose exact values were computed in the workers, and that are to be (0 and 0 where none are). */
  exactDone?: number;
  exactTotal?: number;
}

export class LiveRun {
  /** The user's cancel (isCancelled). */
  private readonly controller = new AbortController();
  /**
   * What both halves of the run — chunks and exact values — stop at: the user's cancel, or
   * one half failing, so that the other does not keep the workers busy for a run already
   * failed (a review: 627 exact messages after a chunk failed).
   */
  private readonly work = new AbortController();
  private runs: readonly (readonly PointRun[])[] | undefined;
  private settled = false;
  /** Each plan's final result, or undefined when cancelled. */
  readonly done: Promise<ScenarioResult[] | undefined>;

  /** `onMerge` is called whenever chunks merge (snapshot() then shows more). */
  /** Per plan, the points whose exact values the pool is still computing. */
  private readonly exactPending: Set<number>[];
  private readonly exactTotal: number[];
  /**
   * Resolves once every point's exact values are in (at once where the pool computes none)
   * and the `decide: "exact"` checks the plans left for them (exactChecksLeft) pass; rejects
   * (ExactChecksRefused) at the first point one fails at, or when the run is stopped or fails.
   */
  readonly exacts: Promise<void>;
  /**
   * Per plan, each check left for the exact values (ScenarioPlan.exactChecksLeft): the
   * points it covers from the one it was left at (indices of plan.points), and how many of
   * them are judged and pass (`next`): judged in order as their values come in.
   */
  private readonly unjudged: { check: number; points: number[]; next: number }[][];

  /** `onMerge` is called whenever chunks merge or exact values come in (snapshot() then shows more). */
  constructor(
    private plans: readonly ScenarioPlan[],
    pool: ChunkExecutor & Partial<ExactExecutor>,
    onMerge: (run: LiveRun) => void = () => {},
  ) {
    // Off the page's thread where the pool can: every point that has exact values not yet known.
    this.exactPending = plans.map((plan) =>
      pool.exactValues === undefined ? new Set<number>() : new Set(plan.points.flatMap((p, i) => (p.simulation.exact !== undefined && !exactKnown(p.simulation) ? [i] : []))),
    );
    this.exactTotal = this.exactPending.map((s) => s.size);
    this.unjudged = plans.map((plan) =>
      (plan.exactChecksLeft ?? []).map(({ check, from }) => ({
        check,
        points: plan.points.flatMap((p, i) => (pointMatches(plan.scenario.expect![check]!.point, p.point) ? [i] : [])).slice(from),
        next: 0,
      })),
    );
    const failing = (err: unknown) => {
      this.work.abort();
      throw err;
    };
    // Then the `decide: "exact"` checks the plans left for the values (planned with
    // exactChecks "later": the page's), judged point by point as the values come in (the
    // first point one fails at ends the run, as planScenario refuses the file there), and
    // wholly once all are in.
    const exactsIn = pool.exactValues ? this.computeExacts(pool as ExactExecutor, () => onMerge(this)) : Promise.resolve();
    this.exacts = exactsIn.then(() => this.judgeExactChecks()).catch(failing);
    const scheduled = runScenarios(plans, {
      // Never used (poolOnly), but the scheduler wants somewhere to fall back to.
      here: new InProcessExecutor(() => Promise.resolve()),
      pool,
      poolOnly: true,
      interleave: true,
      signal: this.work.signal,
      onMerge: (runs) => {
        this.runs = runs;
        onMerge(this);
      },
    }).catch(failing);
    this.done = Promise.all([scheduled, this.exacts]).then(
      ([runs]) => {
        this.settled = true;
        this.runs = runs;
        // This run's plans as they are now: relabelled (relabel) since it began, maybe.
        return this.plans.map((plan, i) => assembleResult(plan, runs[i].map((r) => r.tally)));
      },
      (err: unknown) => {
        this.settled = true;
        // Cancelled: whatever came back after (a worker's failure included) is dropped, as
        // cancel() says (a review: an exact message failing after the cancel rejected `done`).
        if (this.controller.signal.aborted) return undefined;
        throw err;
      },
    );
  }

  /**
   * Ask the pool for every pending point's exact values, in point order (the order the
   * points' first chunks go out), through exactsInWorkers; each point's values, once back,
   * are the plan's own (setExactValues), so snapshots and the finished result use them as
   * if computed here. Stops at cancel (Interrupted).
   */
  private computeExacts(pool: ExactExecutor, onExact: () => void): Promise<void> {
    const todo = this.plans.flatMap((_, k) => [...this.exactPending[k]].map((i) => [k, i] as const));
    return exactsInWorkers(
      pool,
      todo.map(([k, i]) => exactTask(this.plans[k], i)),
      this.work.signal,
      (n, a) => {
        const [k, i] = todo[n];
        // With the note its `exact()` left there. (A worker's copy has an `exact` where
        // the page's has: the same mechanic prepared from the same inputs.)
        if (a.values !== undefined) setExactValues(this.plans[k].points[i].simulation, a.values, a.exactSkipped);
        this.exactPending[k].delete(i);
      },
      () => {
        this.judgeExactChecks();
        onExact();
      },
    );
  }

  /**
   * Judge the checks the plans left for their exact values as far as the values in allow:
   * each from its next point, while that point's values are in (computed in the workers, or
   * never asked of them), as exactCheckProblems judges it; a check is judged to its first
   * failing point only once every point before it is in and passes, so the problem is the
   * one planScenario gives the file. Thrown (ExactChecksRefused) where any. With this run's
   * plans as they are now (relabelled since it began, maybe: the file's name is theirs).
   */
  private judgeExactChecks(): void {
    if (this.work.signal.aborted) throw new Interrupted();
    const problems = this.plans.map((plan, k) =>
      this.unjudged[k]!.flatMap((left) => {
        for (; left.next < left.points.length; left.next++) {
          const i = left.points[left.next]!;
          if (this.exactPending[k]!.has(i)) return [];
          const problem = exactCheckProblemAt(plan, left.check, i);
          if (problem) return [problem];
        }
        return [];
      }),
    );
    if (problems.some((p) => p.length > 0)) throw new ExactChecksRefused(problems);
  }

  /**
   * Whether plan `k`'s `decide: "exact"` checks left for the exact values are all judged and
   * pass (true where it left none): until then `poolsim run` may refuse its file.
   */
  exactChecksPassed(k: number): boolean {
    return (this.unjudged[k] ?? []).every((left) => left.next >= left.points.length);
  }

  /**
   * Take `plans`' names and descriptions, where they run exactly as this run's plans do (the
   * same file but for those, which no number depends on): snapshots and the finished result
   * then carry them, and a check refused later the file's name, as `poolsim run` gives them for the file renamed. False, and nothing
   * taken, where anything else differs. A new name typed restarted a long sweep from nothing.
   */
  relabel(plans: readonly ScenarioPlan[]): boolean {
    if (plans.length !== this.plans.length || !plans.every((p, i) => sameButLabels(p, this.plans[i]))) return false;
    // The file's name too: a check refused later names the file as `poolsim run` names the renamed one.
    this.plans = this.plans.map((p, i) => ({ ...p, file: plans[i].file, scenario: { ...p.scenario, name: plans[i].scenario.name, description: plans[i].scenario.description } }));
    return true;
  }

  /** Stop handing out chunks; what comes back is dropped, and `done` resolves to undefined. */
  cancel(): void {
    this.controller.abort();
    this.work.abort();
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
    return this.plans.map((plan, i) => partialResult(plan, runs ? runs[i].map((r) => r.tally) : emptyTallies(plan), (p) => this.exactPending[i].has(p)));
  }

  progress(): JobProgress[] {
    return this.plans.map((plan, i) => {
      const points = this.runs?.[i] ?? [];
      return {
        done: points.reduce((n, r) => n + r.chunks.length, 0),
        total: plan.points.length * chunkCount(plan.trials, plan.chunkTrials),
        trialsDone: points.reduce((n, r) => n + r.tally.trials, 0),
        trialsTotal: plan.points.length * plan.trials,
        exactDone: this.exactTotal[i] - this.exactPending[i].size,
        exactTotal: this.exactTotal[i],
      };
    });
  }
}

/** Whether two plans run the same (the same file, trials, seed and chunks) but for the scenario's name and description. */
function sameButLabels(a: ScenarioPlan, b: ScenarioPlan): boolean {
  const unlabelled = (p: ScenarioPlan) => JSON.stringify({ ...p.scenario, name: undefined, description: undefined });
  return a.trials === b.trials && a.seed === b.seed && a.chunkTrials === b.chunkTrials && a.points.length === b.points.length && unlabelled(a) === unlabelled(b);
}
