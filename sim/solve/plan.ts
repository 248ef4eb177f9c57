/**
 * From a planned scenario to its solves: each block's values applied to the file's setup
 * (the sweep is not applied: a solve searches one field of the file's own setup), each
 * checked as the scenario's points are and prepared. The blocks themselves are checked
 * in planScenario (sim/scenario.ts `checkSolves`), so a bad block is bad input before
 * anything runs, for every command.
 */
import type { z } from 'zod';
import { findMechanic } from '../mechanics.ts';
import { rulesBySystem, type SystemName } from '../rules.ts';
import type { Simulation } from '../mechanic.ts';
import { ScenarioError, ScenarioErrors, applied, changedProblems, type PlannedPoint, type ScenarioPlan } from '../scenario.ts';
import { eachOf, withoutEach } from '../metrics.ts';
import { solveGoal, solveValues, type SolveBlock } from './schema.ts';
import { SolveSearch, type ChunkRequest, type SolveProblem } from './search.ts';
import type { SolveResult } from './result.ts';
import { valueText, type PathWords, type ValueWords } from './sentence.ts';
import { sameValue } from '../diff.ts';

/** `maxTrials` when a block gives none: this many times the file's trials per value. */
export const DEFAULT_MAX_TRIALS_FACTOR = 16;

export interface SolveOptions {
  /** Use exact values where the mechanic has them (default true; the tests switch it off). */
  exact?: boolean;
  /** Overrides every block's maxTrials (tests, bench). */
  maxTrials?: number;
  /**
   * The varied paths in the user's words ("guards › how many"), for the sentences: the
   * kernel knows no form, so the command line and the dashboard pass reports/sweep.ts
   * sweepLabel. Without it a sentence names a deep path as written.
   */
  words?: PathWords;
  /**
   * The metric in the user's words, for the sentences. Without it, the label the mechanic's
   * metric table declares ("P(plan succeeds)", `metricLabels`), as the charts beside the
   * sentence and the dashboard's Find picker name it; the name as the file writes it only
   * for a metric declared without one. The sentence once said `retry.won` where the chart
   * beside it said "P(side A wins within its tries)" (a report audit).
   */
  metricWords?: PathWords;
  /**
   * A value of a path in the user's words, where the form has words for it: a rule's value
   * as its select names it ("“lets nothing through”" for `rules.givenUpBlock` `nothing`),
   * as `poolsim run` and the reports name a swept value (reports/sweep.ts valueWords);
   * undefined leaves the value as the file writes it. The sentences said "givenUpBlock =
   * nothing" where a run's point said "rule: a block given up for charge = “lets nothing
   * through”" (an audit).
   */
  valueWords?: ValueWords;
}

/** Each prepared value's setup and rules as validated, before `prepare` saw them (preparedInputs). */
const inputsOf = new WeakMap<Simulation, { setup: unknown; rules: unknown }>();

/**
 * The validated setup and rules a solve value's (or setup A's) simulation was prepared
 * from, for a worker to prepare the same simulation (the dashboard's Find, whose exact values
 * its workers compute: workers/chunk.ts ExactTask). A copy taken before `prepare`, as
 * planScenario keeps a point's (PlannedPoint.inputs).
 */
export function preparedInputs(simulation: Simulation): { setup: unknown; rules: unknown } | undefined {
  return inputsOf.get(simulation);
}

/**
 * A search's request (ChunkRequest) as a plan of one point, to run as any run's chunks are
 * (workers/schedule.ts runScenarios: the CLI's threads, cli/solving.ts; the dashboard's
 * workers): the file's plan, with the value's prepared simulation and the inputs it was
 * prepared from (a worker prepares its own copy from those, as for any point), on the
 * search's streams, from the request's first chunk (ScenarioPlan.firstChunk) to its last.
 */
export function requestPlan(plan: ScenarioPlan, request: ChunkRequest): ScenarioPlan {
  const inputs = preparedInputs(request.simulation);
  if (!inputs) throw new Error(`${plan.file}: a solve value's simulation has no prepared inputs (sim/solve/plan.ts prepare)`);
  const point: PlannedPoint = { point: request.changes, stream: request.stream, scenario: plan.scenario, inputs, simulation: request.simulation };
  return { ...plan, points: [point], trials: request.to * plan.chunkTrials, firstChunk: request.from, exactChecksLeft: undefined };
}

function prepare(plan: ScenarioPlan, changes: Record<string, unknown>, path: string): Simulation {
  const mechanic = findMechanic(plan.scenario.system, plan.scenario.mechanic)!;
  const rulesSchema = rulesBySystem[plan.scenario.system as SystemName] as z.ZodType;
  const s = applied(plan.scenario, changes);
  try {
    const setup = mechanic.setup.parse(s.setup);
    const rules = rulesSchema.parse(s.rules);
    const inputs = { setup: structuredClone(setup), rules: structuredClone(rules) };
    const simulation = mechanic.prepare(setup, rules);
    inputsOf.set(simulation, inputs);
    return simulation;
  } catch (err) {
    throw new ScenarioErrors([new ScenarioError(plan.file, path, (err as Error).message)]);
  }
}

/** The search problem of block `b` of a plan. */
export function solveProblem(plan: ScenarioPlan, b: number, options: SolveOptions = {}): SolveProblem {
  const block = plan.scenario.solve![b];
  const values = solveValues(block);
  const { target, find } = solveGoal(block);
  return {
    block,
    index: b,
    values,
    simulations: values.map((v) => prepare(plan, { [block.vary]: v }, `solve.${b}`)),
    reference: block.sameAs ? prepare(plan, block.sameAs, `solve.${b}.sameAs`) : undefined,
    target,
    find,
    seed: plan.seed,
    chunkTrials: plan.chunkTrials,
    maxTrials: options.maxTrials ?? block.maxTrials ?? DEFAULT_MAX_TRIALS_FACTOR * plan.trials,
    useExact: options.exact ?? true,
    ...(options.words ? { words: options.words } : {}),
    metricWords: options.metricWords ?? metricLabels(plan),
    ...(options.valueWords ? { valueWords: options.valueWords } : {}),
    ...(block.range ? { rangeOpen: [takes(plan, block.vary, block.range[0] - 1), takes(plan, block.vary, block.range[1] + 1)] as [boolean, boolean] } : {}),
  };
}

/**
 * Whether the file's setup takes `value` at `path`: the rules and the setup parse, and the
 * mechanic refuses nothing (as a solve's values are checked, sim/scenario.ts checkSolves).
 * Asked of the values just past a range, so that a target every value misses is said to lie
 * beyond the range only where the field goes on: of a risky split's accomplish dice over
 * 0…4, every value it can take, the sentence read "the target lies outside the range", as
 * if a wider one could reach it (an audit).
 */
function takes(plan: ScenarioPlan, path: string, value: unknown): boolean {
  const mechanic = findMechanic(plan.scenario.system, plan.scenario.mechanic);
  if (!mechanic) return true;
  const rulesSchema = rulesBySystem[plan.scenario.system as SystemName] as z.ZodType;
  try {
    const { shape, problems } = changedProblems(plan.file, plan.scenario, mechanic, rulesSchema, { [path]: value });
    return shape.length === 0 && problems.length === 0;
  } catch {
    return false;
  }
}

/**
 * A plan's metrics by the labels its mechanic declares (sim/metrics.ts), else by name. A
 * label's "each of N" (a figure each member's of an entry of N) says "each": the search
 * may vary that very count.
 */
export function metricLabels(plan: ScenarioPlan): PathWords {
  const label = (l: string) => (withoutEach(l) === l ? l : eachOf(withoutEach(l), 'several'));
  const labels = new Map((plan.points[0]?.simulation.metrics ?? []).map((m) => [m.name, m.label === undefined ? m.name : label(m.label)]));
  return (metric) => labels.get(metric) ?? metric;
}

/**
 * The searches of every block of a plan (not yet run). A block's own `maxTrials` caps a
 * Monte Carlo search (and `everyValue` sets how it decides): on one answered exactly either
 * would change nothing, and is refused, as
 * `--max-trials` is where every block is (an audit found it taken and ignored).
 */
export function solveSearches(plan: ScenarioPlan, options: SolveOptions = {}): SolveSearch[] {
  return searchesOf(plan, solveProblems(plan, options));
}

/** The search problem of every block of a plan (nothing computed yet: exactAsked says what their searches will ask). */
export function solveProblems(plan: ScenarioPlan, options: SolveOptions = {}): SolveProblem[] {
  return (plan.scenario.solve ?? []).map((_, b) => solveProblem(plan, b, options));
}

/** The searches of `problems` (solveProblems), refused as solveSearches says. */
export function searchesOf(plan: ScenarioPlan, problems: readonly SolveProblem[]): SolveSearch[] {
  const searches = problems.map((problem) => new SolveSearch(problem));
  const errors = searches.flatMap((search, b) => {
    if (search.method !== 'exact') return [];
    const { block } = search.problem;
    const found: ScenarioError[] = [];
    if (block.maxTrials !== undefined) found.push(new ScenarioError(plan.file, `solve.${b}.maxTrials`, `caps the trials of a Monte Carlo search, and "${block.name}" is answered exactly (no trials are run), so it would change nothing: expected maxTrials left out`));
    // As maxTrials: an exact answer has every value's exact figure already (a review).
    if (block.everyValue !== undefined) found.push(new ScenarioError(plan.file, `solve.${b}.everyValue`, `says whether a Monte Carlo search decides every value, and "${block.name}" is answered exactly (every value's figure is computed), so it would change nothing: expected everyValue left out`));
    return found;
  });
  if (errors.length > 0) throw new ScenarioErrors(errors);
  return searches;
}

/** Run every solve of a plan in this thread, with each block's `expect` judged. */
export function solvePlan(plan: ScenarioPlan, options: SolveOptions = {}): SolveResult[] {
  return solveSearches(plan, options).map((search) => judged(search.solve(), search.problem.block));
}

/**
 * The block's `expect` on the value found. It passes only when every value the answer may
 * be meets it: the value found; with an exact tie for the nearest, every tied value (the
 * answer names the first, but the others are as near); undecided, every value it could
 * still be (null: possibly none in range) — whichever it is, CI's promise holds. A failed
 * check says why (`reason`).
 */
export function judged(result: SolveResult, block: SolveBlock): SolveResult {
  const e = block.expect;
  if (!e) return result;
  let possible = result.decided && result.value !== undefined ? (result.candidates && result.candidates.length > 1 ? result.candidates : [result.value]) : (result.candidates ?? []);
  if (!result.decided) {
    // A search that decided every value (`everyValue`: up to 32 values since December
    // 2026) names every value the answer could still be. In a bisection's (more values, or
    // both ends near the target, or a result written before), a search
    // the values contradict cannot be trusted at all, and an undecided nearest may still be
    // a neighbour of the values left (their decided neighbours were only nearer than the
    // target at 95% each): counted in, so the check holds for them too.
    if (result.everyValue === true) {
      // The candidates are all there is to it.
    } else if (result.monotone === false) possible = [];
    else if (result.find === 'closest') {
      const values = solveValues(block);
      const at = (v: unknown) => values.findIndex((x) => sameValue(x, v, block.vary));
      const near = new Set<number>();
      for (const c of possible) {
        const i = at(c);
        if (i < 0) continue;
        for (const j of [i - 1, i, i + 1]) if (j >= 0 && j < values.length) near.add(j);
      }
      possible = [...near].sort((a, b) => a - b).map((j) => values[j]);
    }
  }
  const meets = (v: unknown) => {
    if (e.equals !== undefined && !sameValue(v, e.equals, block.vary)) return false;
    if (e.atLeast !== undefined || e.atMost !== undefined || e.between !== undefined) {
      if (typeof v !== 'number') return false;
      return (e.atLeast === undefined || v >= e.atLeast) && (e.atMost === undefined || v <= e.atMost) && (e.between === undefined || (v >= e.between[0] && v <= e.between[1]));
    }
    return true;
  };
  const pass = possible.length > 0 && possible.every(meets);
  if (pass) return { ...result, expect: { ...e, pass } };
  const named = (v: unknown) => (v === null ? 'none in range' : valueText(v, block.vary));
  const missing = possible.filter((v) => !meets(v)).map(named);
  const list = (vs: unknown[]) => vs.map(named).join(', ');
  const reason =
    possible.length === 0
      ? result.monotone === false
        ? 'undecided, and the values looked at say the metric does not move one way, so the search cannot be trusted'
        : 'undecided, with nothing to go on'
      : !result.decided
        ? `undecided: the answer could still be ${list(possible)}, and ${missing.join(', ')} would not do`
        : possible.length > 1
          ? `a tie: the answer could as well be ${list(possible)}, and ${missing.join(', ')} would not do`
          : `found ${missing[0]}`;
  return { ...result, expect: { ...e, pass, reason } };
}
