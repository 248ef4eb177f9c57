/**
 * The search behind `poolsim solve`. Exact where every searched value has the metric
 * exactly: all values are computed and the answer read off by definition (and whether
 * the metric is monotone is checked and said). Otherwise a sequential Monte Carlo search:
 *
 * - each value is *decided* against the target by running rounds of chunks until its
 *   interval (sim/solve/confidence.ts: 95% over all its looks) lies wholly above or below
 *   the target — values far from the target stop after one chunk — or the value reaches
 *   the trial cap with the target still inside its interval ("near");
 * - a bisection finds where a one-way metric crosses the target, and then every value is
 *   decided (up to EVERY_VALUE_MOST values; past it the bisection alone, assuming the
 *   metric moves one way), so the answer follows the definition from every value's side;
 * - `closest` races every value (a bisection's answer: the values next to the crossing)
 *   until one is surely nearer;
 * - whatever cannot be decided at the cap is reported as undecided with its candidates,
 *   never guessed.
 *
 * Every value of a solve runs on the same streams (seed, the block's name, chunk), so that a
 * value's figures do not depend on which other values the search looked at, nor a block's
 * answer on the other blocks of its file or their order. Setup A of the
 * equivalence form runs on streams of its own, so that A and B are independent samples and
 * the interval of B − A (which takes them to be) holds: on shared streams their
 * correlation can be anything, −1 for a setup A that swaps two even sides.
 *
 * The search is a generator that asks for its chunks (ChunkRequest) and takes their
 * tallies back, so a caller can run them anywhere: a round's chunks at once on every core
 * (the CLI, `solveWith`, cli/solving.ts), a part of a round at a time in the page's workers,
 * redrawing the answer as it refines (the dashboard's Find, dashboard/ui/find.ts), or in
 * this thread a chunk per step (`steps`, where there is no pool). The search decides only on whole
 * rounds, and a value's tally is its chunks' summed in order (integers, so exactly), so
 * the answer and every figure are the same wherever and however the chunks ran.
 */
import { RandomStream, streamKey } from '../random.ts';
import { layoutOf } from '../run.ts';
import { type Estimate, type Tally } from '../stats.ts';
import type { Simulation } from '../mechanic.ts';
import { EXACT_BUDGET, exactSkippedNote } from '../exactBudget.ts';
import { EVERY_VALUE_MOST, type Find, type SolveBlock } from './schema.ts';
import type { SolvePoint, SolveResult } from './result.ts';
import { EXACT_TOLERANCE, exactSlack, snapExact } from '../result.ts';
import { CONFIDENCE, decisionZ, differenceOf, intervalAt, looksUpTo } from './confidence.ts';
import { solveSentence, type PathWords, type ValueWords } from './sentence.ts';



/** The most chunks `closest`'s race may add, in caps (maxTrials) of one value. */
const RACE_BUDGET = 4;

/** Margin on the trials a round aims for (as sim/precision.ts ROUND_MARGIN, a little more). */
const ROUND_MARGIN = 1.2;

export interface SolveProblem {
  /** The block; its name names its streams (solveStream), not its place in the file. */
  block: SolveBlock;
  /** Which block of the file (for error paths, `solve.<index>…`). */
  index: number;
  values: unknown[];
  /** The simulation at each value (setup B in the equivalence form). */
  simulations: Simulation[];
  /** The equivalence form's setup A. */
  reference?: Simulation;
  target?: number;
  find: Find;
  seed: string | number;
  chunkTrials: number;
  /** The most trials any one value may run (rounded up to whole chunks). */
  maxTrials: number;
  /** Use exact values where the mechanic has them (the tests switch it off). */
  useExact: boolean;
  /** The varied paths in the user's words, for the sentence (SolveOptions.words). */
  words?: PathWords;
  /** The metric in the user's words, for the sentence (SolveOptions.metricWords). */
  metricWords?: PathWords;
  /** A value in the user's words, for the sentence (SolveOptions.valueWords). */
  valueWords?: ValueWords;
  /**
   * A `range`: whether the field takes a value below its low end, and above its high end
   * (plan.ts checks lo − 1 and hi + 1 as it checks a value), so that a sentence says a
   * target beyond the range could lie there only where it could. Absent: not known.
   */
  rangeOpen?: [boolean, boolean];
}

/** Where a value stands against the target: above, below, or not decided at the cap. */
type Side = -1 | 0 | 1;

interface ValueRun {
  sim: Simulation;
  metric: number;
  tally: Tally;
  chunks: number;
  /** Its streams' point part (solveStreamPart). */
  stream: string;
  /** ChunkRequest.changes. */
  changes: Record<string, unknown>;
}

/** A part of the search: its steps ask for chunks (or run them here), and take their tallies back. */
type Work<T> = Generator<ChunkRequest[] | undefined, T, ChunkAnswer[] | undefined>;

/**
 * The part of a solve's streams' keys that a result point's stream has (sim/random.ts
 * streamKey; PlannedPoint.stream): the block's name, which is unique within a file
 * (sim/scenario.ts checkSolves), quoted as JSON so that no name can reach another's key (a
 * block named `x.A` is `solve."x.A"`, block `x`'s setup A `solve."x".A`). Until December
 * 2026 the block's position keyed them, `solve.<index>`: reordering the blocks of a file,
 * or adding one in front, drew every later block's figures anew, and could change its
 * answer at the same seed (an audit: swapping the two blocks of
 * scenarios/solve-rival-rank.json changed an answer at one seed in 20). Setup A
 * (`reference`) runs on streams of its own, independent of the values'.
 */
export function solveStreamPart(name: string, reference = false): string {
  return `solve.${JSON.stringify(name)}${reference ? '.A' : ''}`;
}

/** The stream of chunk `chunk` of the solve block named `name`: the same for every value of the solve. */
export function solveStream(seed: string | number, name: string, chunk: number): RandomStream {
  return RandomStream.fromKey(streamKey(seed, solveStreamPart(name), chunk));
}

/** The stream of chunk `chunk` of setup A (`sameAs`) of the solve block named `name`: independent of the values'. */
export function solveReferenceStream(seed: string | number, name: string, chunk: number): RandomStream {
  return RandomStream.fromKey(streamKey(seed, solveStreamPart(name, true), chunk));
}

/**
 * Chunks a search asks for: chunks `from` … `to` − 1 of one simulation (a value's, or setup
 * A's) on the streams `stream` (streamKey's point part), each of the problem's chunkTrials.
 * The answer is their tallies' values added up (workers/chunk.ts adds a message's chunks so).
 */
export interface ChunkRequest {
  simulation: Simulation;
  stream: string;
  from: number;
  to: number;
  /** What is run, for messages: the varied path and its value, or setup A's changes (`sameAs`). */
  changes: Record<string, unknown>;
}

/**
 * The answer to a ChunkRequest: the tallies' values of its chunks `from` … `to` − 1 added
 * up. `to` is the request's own, or less: a first part (the dashboard answers a long round a
 * part at a time, to show it sharpen), and the rest is asked again.
 */
export interface ChunkAnswer {
  values: Float64Array;
  to: number;
}

/** The simulations a search of `problem` looks at (its values', then setup A's), whether it asks them for exact values, and what that costs. */
function exactWork(problem: SolveProblem): { sims: Simulation[]; exactHere: boolean; cost: number } {
  const sims = [...problem.simulations, ...(problem.reference ? [problem.reference] : [])];
  // A metric the mechanic never gives exactly (a conflict's win.*, beside its exact
  // opening) is searched by Monte Carlo with nothing to say, and no exact work done.
  const exactHere = problem.useExact && sims.every((s) => s.exactMetrics?.includes(problem.block.metric) ?? true);
  const cost = exactHere ? sims.reduce((t, s) => t + (s.exact ? (s.exactCost?.() ?? 0) : 0), 0) : 0;
  return { sims, exactHere, cost };
}

/**
 * The simulations whose `exact()` a SolveSearch of `problem` calls as it is made (all of
 * them computed there, at once): none where it searches by Monte Carlo without asking (a
 * metric never exact, work over the budget). The dashboard has them computed in its
 * workers first (sim/scenario.ts setExactValues), so that making the search costs its page
 * nothing (dashboard/ui/find.ts FindRun); the search is then the same.
 */
export function exactAsked(problem: SolveProblem): Simulation[] {
  const { sims, exactHere, cost } = exactWork(problem);
  return exactHere && cost <= EXACT_BUDGET ? sims.filter((s) => s.exact !== undefined) : [];
}

export class SolveSearch {
  readonly maxChunks: number;
  readonly z: number;
  private runs: (ValueRun | undefined)[];
  private reference?: ValueRun;
  private sides = new Map<number, Side>();
  private verdict?: Omit<SolveResult, 'sentence' | 'points' | 'name' | 'vary' | 'metric' | 'find' | 'target' | 'sameAs' | 'reference' | 'method'>;
  readonly method: 'exact' | 'montecarlo';
  /** Why the exact values were not used (their work is over the budget). */
  readonly exactSkipped?: string;
  private exactValues?: number[];
  private exactReference?: number;

  constructor(readonly problem: SolveProblem) {
    this.maxChunks = Math.max(1, Math.ceil(problem.maxTrials / problem.chunkTrials));
    this.z = decisionZ(looksUpTo(this.maxChunks));
    this.runs = problem.values.map(() => undefined);
    const metric = problem.block.metric;
    // Exact values for every value searched, and the reference, while their work is within
    // the budget a `run` point has (EXACT_BUDGET), all of them together: else the search is
    // by Monte Carlo, and the result says why.
    const { sims, exactHere, cost } = exactWork(problem);
    if (exactHere && !(cost <= EXACT_BUDGET)) {
      const n = problem.values.length;
      this.exactSkipped = exactSkippedNote(cost, 'the search is by Monte Carlo', ` for the ${n} value${n === 1 ? '' : 's'}${problem.reference ? ' and the reference' : ''}`);
    } else if (exactHere) {
      // As `run` gives them (sim/result.ts snapExact), so a solve's points and a run's agree.
      const figure = (x: number | undefined) => (x === undefined ? x : snapExact(x));
      const exact = problem.simulations.map((s) => figure(s.exact?.().metrics[metric]));
      const ref = problem.reference ? figure(problem.reference.exact?.().metrics[metric]) : problem.target;
      if (exact.every((x) => x !== undefined && Number.isFinite(x)) && ref !== undefined && Number.isFinite(ref)) {
        this.exactValues = exact as number[];
        this.exactReference = ref;
      } else {
        // A value whose exact figures were left out (a chain or a walk too large) says why,
        // as its `run` point does (Simulation.exactSkipped, set by exact()).
        const why = sims.find((s) => s.exactSkipped)?.exactSkipped;
        // Its own closing words said for a search ("…; the search is by Monte Carlo", as the
        // budget's note reads): a parenthesis after a why that holds its own read "…))".
        if (why) this.exactSkipped = `${why.replace(/[;,]? ?the estimates are Monte Carlo only$/, '')}; the search is by Monte Carlo`;
      }
    }
    this.method = this.exactValues ? 'exact' : 'montecarlo';
  }

  /** Run the search to its end, in this thread. */
  solve(): SolveResult {
    for (const _ of this.steps());
    return this.result();
  }

  /**
   * Run the search to its end with `run` running each round's chunks (anywhere: the CLI's
   * threads, cli/solving.ts; the dashboard's workers) and answering each request, in order.
   * `result()` between two calls of `run` is the search so far.
   */
  async solveWith(run: (requests: readonly ChunkRequest[]) => Promise<ChunkAnswer[]>): Promise<SolveResult> {
    const work = this.work();
    let next = work.next();
    while (!next.done) next = work.next(next.value ? await run(next.value) : undefined);
    return this.result();
  }

  /**
   * The search in this thread, one chunk per step (a caller with no pool steps it between
   * frames, reading `result()` as it sharpens: dashboard/ui/find.ts without workers).
   */
  *steps(): Generator<void, void> {
    const work = this.work();
    for (let next = work.next(); !next.done; next = work.next()) yield;
  }

  /**
   * The search: a step that asks for chunks (ChunkRequest) takes back their tallies'
   * values; answered nothing, it runs them here, yielding after each chunk.
   */
  private *work(): Work<void> {
    if (this.exactValues) {
      this.verdict = exactVerdict(this.exactValues, this.exactReference!, this.problem.find, this.problem.values);
      return;
    }
    this.verdict = yield* this.monteCarlo();
  }

  get done(): boolean {
    return this.verdict !== undefined;
  }

  // ------------------------------------------------------------ Monte Carlo

  private run(i: number): ValueRun {
    let r = this.runs[i];
    if (!r) {
      const { simulations, block, values } = this.problem;
      r = this.newRun(simulations[i], solveStreamPart(block.name), { [block.vary]: values[i] });
      this.runs[i] = r;
    }
    return r;
  }

  private referenceRun(): ValueRun | undefined {
    const { reference, block } = this.problem;
    if (!reference) return undefined;
    this.reference ??= this.newRun(reference, solveStreamPart(block.name, true), { sameAs: block.sameAs });
    return this.reference;
  }

  private newRun(sim: Simulation, stream: string, changes: Record<string, unknown>): ValueRun {
    const layout = layoutOf(sim);
    return { sim, metric: layout.index(this.problem.block.metric), tally: layout.create(), chunks: 0, stream, changes };
  }

  /** Run `r` up to `chunks` chunks here, on its streams. */
  private grow(r: ValueRun, chunks: number): void {
    const { seed, chunkTrials } = this.problem;
    const scratch = layoutOf(r.sim).create();
    for (let c = r.chunks; c < chunks; c++) {
      scratch.values.fill(0);
      r.sim.run(RandomStream.forChunk(seed, r.stream, c), chunkTrials, scratch);
      r.tally.merge(scratch);
    }
    r.chunks = Math.max(r.chunks, chunks);
  }

  /**
   * Grow `r` to `chunks` chunks, and setup A beside it: asks for them (a round's chunks at
   * once, for the caller to run on every core) until the answers, whole or a first part at a
   * time (ChunkAnswer), have brought both there; where the caller answers nothing, runs them
   * here chunk by chunk, yielding after each, so a caller stepping the search between frames
   * never waits on a whole round. The search decides nothing until both are there.
   */
  private *growing(r: ValueRun, chunks: number): Work<void> {
    const ref = this.referenceRun();
    for (;;) {
      const behind = [r, ...(ref ? [ref] : [])].filter((x) => x.chunks < chunks);
      if (behind.length === 0) return;
      const answers = yield behind.map((x) => ({ simulation: x.sim, stream: x.stream, from: x.chunks, to: chunks, changes: x.changes }));
      if (!answers) break;
      behind.forEach((x, k) => this.take(x, answers[k], chunks));
    }
    while (r.chunks < chunks) {
      this.grow(r, r.chunks + 1);
      if (ref && ref.chunks < r.chunks) this.grow(ref, r.chunks);
      yield;
    }
    // Setup A ahead of r's run here: a part answered before brought r further than A.
    if (ref && ref.chunks < chunks) this.grow(ref, chunks);
  }

  /** Merge an answer to a request of `x`'s that reaches at most chunk `chunks`. */
  private take(x: ValueRun, answer: ChunkAnswer | undefined, chunks: number): void {
    if (!answer || !(answer.to > x.chunks && answer.to <= chunks && Number.isInteger(answer.to))) {
      throw new Error(`a solve asked for chunks ${x.chunks}…${chunks - 1} and was answered ${answer ? `up to chunk ${answer.to}` : 'nothing'} for them`);
    }
    x.tally.merge(layoutOf(x.sim).wrap(answer.values));
    x.chunks = answer.to;
  }

  /** Value i's metric minus the target, at the decision level z (or at 95% for reports). */
  private gap(i: number, z = this.z): Estimate {
    const r = this.run(i);
    const own = intervalAt(r.tally, r.metric, z);
    const ref = this.referenceRun();
    if (ref) {
      // A at least as far along as B (on streams of its own).
      if (ref.chunks < r.chunks) this.grow(ref, r.chunks);
      return differenceOf(intervalAt(ref.tally, ref.metric, z), own);
    }
    const t = this.problem.target!;
    return { estimate: own.estimate - t, ci95: [own.ci95[0] - t, own.ci95[1] - t] };
  }

  /** Rounds on value i until its interval leaves the target or it reaches the cap. */
  private *decide(i: number): Work<Side> {
    const known = this.sides.get(i);
    if (known !== undefined) return known;
    const r = this.run(i);
    for (;;) {
      if (r.chunks > 0) {
        const g = this.gap(i);
        const side: Side | undefined = g.ci95[0] > 0 ? 1 : g.ci95[1] < 0 ? -1 : r.chunks >= this.maxChunks ? 0 : undefined;
        if (side !== undefined) {
          this.sides.set(i, side);
          return side;
        }
        yield* this.growing(r, this.nextChunks(r.chunks, g));
      } else {
        yield* this.growing(r, 1);
      }
    }
  }

  /** At least double (so the looks stay few), or enough for the interval to clear the gap. */
  private nextChunks(chunks: number, g: Estimate): number {
    const half = (g.ci95[1] - g.ci95[0]) / 2;
    const distance = Math.abs(g.estimate);
    const wanted = distance > 0 ? Math.ceil(chunks * (half / distance) ** 2 * ROUND_MARGIN) : this.maxChunks;
    return Math.min(this.maxChunks, Math.max(2 * chunks, Math.min(wanted, 16 * chunks)));
  }

  private *monteCarlo(): Work<NonNullable<SolveSearch['verdict']>> {
    const n = this.problem.values.length;
    const side = (i: number) => this.decide(i);
    const first = yield* side(0);
    const last = n > 1 ? yield* side(n - 1) : first;
    const dir = Math.sign(last - first) as Side;
    if (first === 0 && last === 0) {
      // Both ends near the target at the cap: undecided whatever lies between (deciding each
      // value between would run most of them to the cap too: 33 values a metric flat on the
      // target took 1.1 M trials, against 65 k for this).
      const answer = yield* this.answer(Array<Side>(n).fill(0), false);
      return { ...answer, monotone: 'assumed', ...this.trialCounts() };
    }
    if (dir !== 0) {
      // The ends on either side of the target: a bisection finds where a one-way metric
      // crosses it, deciding the values there first (the page's answer sharpens early).
      // key(i) = side × direction never decreases along a one-way metric.
      const key = function* (i: number) {
        return ((yield* side(i)) * dir) as Side;
      };
      let below = -1; // last index with key −1
      if ((yield* key(0)) === -1) {
        let lo = 0;
        let hi = n - 1;
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if ((yield* key(mid)) === -1) lo = mid;
          else hi = mid;
        }
        below = lo;
      }
      let above = n; // first index with key +1
      if ((yield* key(n - 1)) === 1) {
        let lo = Math.max(below, 0);
        let hi = n - 1;
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if ((yield* key(mid)) === 1) hi = mid;
          else lo = mid;
        }
        above = hi;
      }
      if (n > EVERY_VALUE_MOST && this.problem.block.everyValue !== true) {
        // Too many values to decide each: the ones passed over are taken to lie where a
        // one-way metric puts them, and the answer says it assumes so. Every value looked
        // at must agree; one that does not sends the search to decide every value after all.
        // A block with `everyValue: true` decides each whatever their number (an audit: a
        // guard's death odds over 1–40 guards turn back at 2, and the bisection answered 5).
        const assumed = Array.from({ length: n }, (_, i) => ((i <= below ? -1 : i >= above ? 1 : 0) * dir) as Side);
        if ([...this.sides].every(([i, s]) => s === assumed[i])) {
          const answer = yield* this.answer(assumed, false);
          return { ...answer, monotone: 'assumed', ...this.trialCounts() };
        }
      }
    }
    // Then every value is decided — in one chunk each where it lies far from the target, as
    // a one-way metric's values away from the crossing do — and the answer follows the
    // definition from every value's side, assuming nothing about how the metric moves.
    // Until December 2026 the values a bisection passed over were assumed to lie on the side
    // a one-way metric puts them, and a metric that turns back between the values looked at
    // read as a wrong answer, decided: a battle's death.watch.guard over 1–12 guards (0.253,
    // 0.171, 0.193, 0.183, 0.145 …), "the first at most 0.18" answered 5 guards on every
    // seed, where 2 meets it, as 2 was never run (an audit).
    for (let i = 0; i < n; i++) yield* side(i);
    const labels = Array.from({ length: n }, (_, i) => this.sides.get(i)!);
    const answer = yield* this.answer(labels, true);
    return { ...answer, monotone: oneWay(labels) ? 'assumed' : false, everyValue: true, ...this.trialCounts() };
  }

  /**
   * The answer from every value's side (`labels`: decided ones, the rest as a one-way
   * metric puts them). `everyValue`: each label was decided, so `closest` races every value.
   */
  private *answer(labels: Side[], everyValue: boolean): Work<{ decided: boolean; value?: unknown; candidates?: unknown[] }> {
    const values = this.problem.values;
    const n = values.length;
    const find = this.problem.find;
    if (find !== 'closest') {
      // atLeast: side ≥ 0 may qualify, +1 surely does; atMost the mirror image.
      const sign = find.endsWith('AtLeast') ? 1 : -1;
      const order = find.startsWith('first') ? [...Array(n).keys()] : [...Array(n).keys()].reverse();
      const at = order.find((i) => labels[i] * sign >= 0);
      if (at === undefined) return { decided: true, value: null };
      if (labels[at] * sign === 1) return { decided: true, value: values[at] };
      // The first (last) that may qualify is not decided: the answer is it or a later (earlier) sure one.
      const from = order.indexOf(at);
      const sure = order.slice(from).find((i) => labels[i] * sign === 1);
      // Only those that may qualify: a value between them decided against the goal (a metric
      // that turns back) is no answer, and listing it failed an expect the answer meets.
      const candidates = order
        .slice(from, sure === undefined ? n : order.indexOf(sure) + 1)
        .filter((i) => labels[i] * sign >= 0)
        .map((i) => values[i]);
      if (sure === undefined) candidates.push(null);
      return { decided: false, candidates };
    }
    // closest: the values next to where the metric crosses the target (or the nearer end);
    // with every side known, any value may be the nearest, so all race (those surely
    // farther drop out as soon as the nearest is sharp).
    const band = labels.flatMap((s, i) => (s === 0 ? [i] : []));
    let candidates: number[];
    if (everyValue) candidates = [...Array(n).keys()];
    else if (band.length > 1) return { decided: false, candidates: band.map((i) => values[i]) };
    else if (band.length === 1) candidates = [band[0] - 1, band[0], band[0] + 1].filter((i) => i >= 0 && i < n);
    else {
      const cross = labels.findIndex((s, i) => i > 0 && s !== labels[i - 1]);
      candidates = [...new Set(cross < 0 ? [0, n - 1] : [cross - 1, cross])];
    }
    // The race's own chunks, at most RACE_BUDGET caps' worth: a race of three values never
    // reaches it, but many values the metric cannot tell apart (a field that changes
    // nothing) would each run to the cap; past it the answer is undecided between those
    // still in the race.
    let raced = 0;
    for (;;) {
      for (const i of candidates) if (this.run(i).chunks === 0) yield* this.decide(i);
      const d = candidates.map((i) => distanceBounds(this.gap(i)));
      const best = d.reduce((b, x, k) => (x[1] < d[b][1] ? k : b), 0);
      if (d.every((x, k) => k === best || d[best][1] < x[0])) return { decided: true, value: values[candidates[best]] };
      const beyond = this.oneSideNearest(candidates);
      if (beyond !== undefined) return { decided: true, value: values[beyond] };
      // Sharpen the widest candidate still in the race (not surely farther than the best)
      // that can still run.
      const open = candidates.map((i, k) => ({ i, k })).filter(({ i, k }) => d[k][0] <= d[best][1] && this.run(i).chunks < this.maxChunks);
      if (open.length === 0 || raced >= RACE_BUDGET * this.maxChunks) {
        const still = candidates.filter((_, k) => d[k][0] <= d[best][1]);
        return { decided: false, candidates: still.map((i) => values[i]) };
      }
      const widest = open.reduce((w, x) => (d[x.k][1] - d[x.k][0] > d[w.k][1] - d[w.k][0] ? x : w));
      const r = this.run(widest.i);
      const before = r.chunks;
      yield* this.growing(r, Math.min(this.maxChunks, 2 * r.chunks));
      raced += r.chunks - before;
    }
  }

  /**
   * With setup A's value for a target, candidates all decided on one side of it: the nearest
   * is the highest below it (the lowest above), whatever A's value is, so their own intervals
   * decide it. The distances B − A each carry A's error, which cancels between two of
   * them; compared as if apart, they left "none of them is surely nearer" where their own
   * intervals did not overlap (a solve audit: Will 9 at 0.2035 [0.1998, 0.2073] and 10 at
   * 0.2140 [0.2102, 0.2179] against A's 0.3728, undecided after 328 k trials). Undefined
   * where that does not decide it.
   */
  private oneSideNearest(candidates: readonly number[]): number | undefined {
    if (!this.referenceRun()) return undefined;
    const side = this.sides.get(candidates[0]);
    if ((side !== 1 && side !== -1) || !candidates.every((i) => this.sides.get(i) === side)) return undefined;
    // Each candidate's own interval, turned so that higher is nearer.
    const near = candidates.map((i) => {
      const r = this.run(i);
      const [lo, hi] = intervalAt(r.tally, r.metric, this.z).ci95;
      return side === -1 ? [lo, hi] : [-hi, -lo];
    });
    const top = near.reduce((b, x, k) => (x[0] > near[b][0] ? k : b), 0);
    return near.every((x, k) => k === top || near[top][0] > x[1]) ? candidates[top] : undefined;
  }

  private trialCounts(): { trials: number; maxTrials: number; sweepTrials: number } {
    const ran = this.runs.filter((r): r is ValueRun => r !== undefined);
    const most = Math.max(0, ...ran.map((r) => r.tally.trials));
    const ref = this.reference?.tally.trials ?? 0;
    return {
      trials: ran.reduce((s, r) => s + r.tally.trials, 0) + ref,
      maxTrials: this.maxChunks * this.problem.chunkTrials,
      sweepTrials: most * this.problem.values.length + ref,
    };
  }

  // ------------------------------------------------------------ reading it

  /** The answer so far (final once `done`): the sentence, the points, the verdict. */
  result(): SolveResult {
    const { block, values, find, target } = this.problem;
    const points: SolvePoint[] = [];
    values.forEach((value, i) => {
      if (this.exactValues) {
        points.push({ value, exact: this.exactValues[i] });
        return;
      }
      const r = this.runs[i];
      if (!r || r.tally.trials === 0) return;
      // The interval the value was decided on, 95% over all of its looks (confidence.ts),
      // not a plain 95% one: a search stops a value at the look its interval clears the
      // target, and the plain interval taken there missed the truth 7–9% of the time (an
      // audit: 8.3–8.7% of 1,500–3,000 searches), every time where it stopped at its first look.
      const e = intervalAt(r.tally, r.metric, this.z);
      const p: SolvePoint = { value, estimate: e.estimate, ci95: e.ci95, trials: r.tally.trials };
      points.push(p);
    });
    const out: SolveResult = {
      name: block.name,
      vary: block.vary,
      metric: block.metric,
      find,
      ...(target !== undefined ? { target } : {}),
      // The bound as the block wrote it (docs/scenario-format.md names `target | atLeast | atMost`).
      ...(block.atLeast !== undefined ? { atLeast: block.atLeast } : {}),
      ...(block.atMost !== undefined ? { atMost: block.atMost } : {}),
      ...(block.sameAs ? { sameAs: block.sameAs } : {}),
      // What was searched, so that a diff tells a block that now asks over other values
      // from an answer that moved (sim/diff.ts questionOf).
      ...(block.range ? { range: block.range } : { values: block.values }),
      method: this.method,
      // Each value is decided on intervals 95% over all of its looks (confidence.ts).
      ...(this.method === 'montecarlo' ? { confidence: CONFIDENCE, looks: looksUpTo(this.maxChunks) } : {}),
      ...(this.exactSkipped ? { exactSkipped: this.exactSkipped } : {}),
      decided: false,
      monotone: this.method === 'exact' ? false : 'assumed',
      sentence: '',
      points,
    };
    if (this.problem.reference) {
      if (this.exactValues) out.reference = { value: 'A', exact: this.exactReference };
      else if (this.reference && this.reference.tally.trials > 0) {
        const e = intervalAt(this.reference.tally, this.reference.metric, this.z);
        out.reference = { value: 'A', estimate: e.estimate, ci95: e.ci95, trials: this.reference.tally.trials };
      }
    }
    if (this.verdict) Object.assign(out, this.verdict);
    else if (this.method === 'montecarlo') Object.assign(out, this.trialCounts());
    const nearest = out.decided && out.value === null ? nearestPoint(out) : undefined;
    if (nearest) out.nearest = nearest;
    out.sentence = solveSentence(out, block, this.done, this.problem.words, this.problem.metricWords, { valueWords: this.problem.valueWords, rangeOpen: this.problem.rangeOpen });
    // The answer first, the evidence after, in one fixed order (byte-identical JSON).
    const order = ['name', 'vary', 'metric', 'find', 'target', 'atLeast', 'atMost', 'sameAs', 'range', 'values', 'method', 'confidence', 'looks', 'exactSkipped', 'decided', 'value', 'nearest', 'candidates', 'monotone', 'everyValue', 'sentence', 'trials', 'maxTrials', 'sweepTrials', 'reference', 'points'] as const;
    const ordered: Record<string, unknown> = {};
    for (const k of order) if (out[k] !== undefined) ordered[k] = out[k];
    return ordered as unknown as SolveResult;
  }
}

/**
 * Of an answer that found no value meeting its bound, the point that came nearest it: the
 * highest figure for `atLeast`, the lowest for `atMost`, the first of a tie (exact: within
 * the verdict's slack at its bound, exactSlack, so 1e-13 at 0 or 1, where 7.47e-10 and
 * 9.09e-13 are not one figure (a review); Monte Carlo: by the estimates). Of the points
 * there are: every value, or those a bisection looked at.
 */
export function nearestPoint(r: Pick<SolveResult, 'find' | 'points' | 'target'>): SolvePoint | undefined {
  if (r.find === 'closest') return undefined;
  const up = r.find.endsWith('AtLeast') ? 1 : -1;
  const exactTie = r.target !== undefined ? exactSlack(r.target) : EXACT_TOLERANCE;
  let best: SolvePoint | undefined;
  for (const p of r.points) {
    const slack = p.estimate === undefined ? exactTie : 0;
    const figure = (q: SolvePoint) => up * (q.estimate ?? q.exact!);
    if (best === undefined || figure(p) > figure(best) + slack) best = p;
  }
  return best;
}

/**
 * Whether decided sides (−1 below the target, +1 above, 0 near it at the cap) agree with a
 * metric that moves one way: every value surely below before every value surely above, or
 * every one above before every one below. A value left near the target contradicts nothing.
 */
export function oneWay(labels: readonly Side[]): boolean {
  const before = (x: Side, y: Side) => {
    let seen = false;
    for (const s of labels) {
      if (s === x) seen = true;
      else if (s === y && seen) return true;
    }
    return false;
  };
  return !before(1, -1) || !before(-1, 1);
}

/** [least, most] distance from the target that an interval of (metric − target) allows. */
function distanceBounds(g: Estimate): [number, number] {
  const [lo, hi] = g.ci95;
  const far = Math.max(Math.abs(lo), Math.abs(hi));
  return lo <= 0 && hi >= 0 ? [0, far] : [Math.min(Math.abs(lo), Math.abs(hi)), far];
}

/** The exact answer, read off every value by the definition of `find`. */
export function exactVerdict(
  metric: readonly number[],
  target: number,
  find: Find,
  values: readonly unknown[],
): { decided: true; value: unknown; monotone: boolean; candidates?: unknown[] } {
  const n = metric.length;
  const up = metric.every((m, i) => i === 0 || m >= metric[i - 1] - EXACT_TOLERANCE);
  const down = metric.every((m, i) => i === 0 || m <= metric[i - 1] + EXACT_TOLERANCE);
  const monotone = up || down;
  // Within the contract's precision of the bound, but not at 0 or 1 (exactSlack).
  const slack = exactSlack(target);
  const meets = (m: number) => (find.endsWith('AtLeast') ? m >= target - slack : m <= target + slack);
  let at: number | undefined;
  if (find === 'closest') {
    at = 0;
    for (let i = 1; i < n; i++) if (Math.abs(metric[i] - target) < Math.abs(metric[at] - target) - slack) at = i;
    const ties = metric.flatMap((m, i) => (i !== at && Math.abs(Math.abs(m - target) - Math.abs(metric[at!] - target)) <= slack ? [values[i]] : []));
    return { decided: true, value: values[at], monotone, ...(ties.length > 0 ? { candidates: [values[at], ...ties] } : {}) };
  }
  const order = find.startsWith('first') ? [...Array(n).keys()] : [...Array(n).keys()].reverse();
  at = order.find((i) => meets(metric[i]));
  return { decided: true, value: at === undefined ? null : values[at], monotone };
}
