/**
 * The result JSON of docs/scenario-format.md, "The result JSON". Field names here are public:
 * acceptance cases outside this project read them. Extend, never rename.
 */
import type { SolveResult } from './solve/result.ts';
import { METRIC_KINDS } from './stats.ts';

/**
 * Exact values are exact to 1e-9 (the result contract): two closer than this are equal, and
 * a change of one smaller than it is rounding. Declared once for the diff, the solve search
 * and its sentences.
 */
export const EXACT_TOLERANCE = 1e-9;

/**
 * How far an exact value may lie past a bound and still meet it (or two exact values apart
 * and still be one, where one is the bound): EXACT_TOLERANCE, but at 0 and 1 only a float
 * sum's rounding, 1e-13 as snapExact reads it, and within 1e-3 of them a millionth of the
 * bound's distance from them. A chance off 0 or 1 by more is a chance:
 * "impossible" and "certain" are claims no rounding makes (an audit: a heist needing all
 * 30 of a crew, 2^-30 ≈ 9.31e-10, was "the first with P ≤ 0", and 1 − 2^-30 "≥ 1").
 */
export function exactSlack(bound: number): number {
  // Near 0 or 1 the slack shrinks with the bound's distance from it (a millionth of it):
  // a bound of 1e-9 was met by an impossible plan, and 9.31e-10 was "at most 1e-10"
  // (a solve audit). Never under a float sum's rounding, never over EXACT_TOLERANCE.
  return Math.min(EXACT_TOLERANCE, Math.max(1e-13, 1e-6 * Math.min(Math.abs(bound), Math.abs(1 - bound))));
}

/**
 * An exact figure as the result gives it: one computed in floating point within a relative
 * 1e-13 of a whole number other than 0 is that number. Summed over many outcomes, a mean
 * that is 3 by construction (every trial scores the 3 dice a side keeps) comes out
 * 3.0000000000000013, above both the cap and its Monte Carlo interval's end, and a sure
 * thing 0.9999999999999999; an acceptance check of "exact within ci95" or "at most the
 * cap" must not trip on rounding far below the contract's 1e-9. (1e-13 is some hundreds
 * of ulps: a sum's rounding, not a chance of failure a chain can carry, as 1 − 4e-13.)
 */
export function snapExact(x: number): number {
  const whole = Math.round(x);
  // Never towards 0: a chance of 4e-13 is no rounding of an impossible thing, and a tail
  // the exact chain carries that far must still sum with the rest to 1.
  return whole !== 0 && Math.abs(x - whole) <= 1e-13 * Math.abs(whole) ? whole : x;
}

/** One metric at one result point. */
export interface MetricResult {
  /** The Monte Carlo figure. */
  estimate: number;
  /**
   * Its 95% interval: Wilson for probabilities, normal for means, never narrower than an
   * integer quantity's least spread allows (sim/stats.ts normalMean).
   */
  ci95: [number, number];
  /** The exact value, present wherever the project computes it (exact to 1e-9). */
  exact?: number;
  /**
   * What the figure is (an extension of the contract, absent from results written before
   * it): `probability` or `mean`, as the mechanic declares it (sim/metrics.ts).
   */
  kind?: 'probability' | 'mean';
  /** The metric in the game's words: "P(win: guards)". */
  label?: string;
  /** The label of its family on one chart axis: "P(win)". */
  family?: string;
  /** Its line's name on that axis, where the label has no "family: member" form: "free pushes". */
  line?: string;
  /**
   * The figure is a share of `scale` members, the tally's sum ÷ `scale` a trial: a
   * probability so (`death.<side>.<name>`: the entry's deaths ÷ its size; a clash's
   * `wounded.<side>.<name>`: its wound group's wounded ÷ the group's size) is a mean of a
   * variable in [0, 1], its interval the normal one of a mean, not Wilson's; a mean so
   * (`wounds.<name>` of a VDP entry of 3 minions) is each member's mean. The label then
   * says "each of N" where the entry has N members. Absent where it is 1.
   */
  scale?: number;
  /** Present (true) on the mechanic's headline figure. */
  headline?: boolean;
}

/**
 * A distribution of an integer quantity (rounds, deaths, successes…), given beside the
 * mean where a user wants to see its shape. `p[i]` is the Monte Carlo share of trials
 * with value `x[i]`; `exact[i]` the exact probability where known.
 */
export interface DistributionResult {
  x: number[];
  p: number[];
  /** Each bin's 95% interval (Wilson's). Results written before December 2026 have none. */
  ci95?: [number, number][];
  exact?: number[];
  /** The last bin counts its value or more (DistributionSpec.openTop). */
  lastAtLeast?: true;
}

/** A per-turn series (campaign rank drift and the like). */
export interface SeriesResult {
  turn: number[];
  [column: string]: number[];
}

export interface PointResult {
  /** The sweep values of this point, keyed by dotted path; `{}` without a sweep. */
  point: Record<string, unknown>;
  /** Trials actually run at this point (equals the file's `trials` unless `--precision`). */
  trials?: number;
  metrics: Record<string, MetricResult>;
  distributions?: Record<string, DistributionResult>;
  series?: Record<string, SeriesResult>;
  /** What the figures of this point leave out, and why (e.g. exact values over their work budget), or what of its setup changes nothing here. */
  notes?: string[];
  /**
   * The dashboard's live view only (sim/assemble.ts partialResult), never in a finished
   * result or a file: this point's exact values are still being computed (in the page's
   * workers), so a figure without one here may yet get one.
   */
  exactPending?: true;
}

export interface ExpectResult {
  metric: string;
  point?: Record<string, unknown>;
  atLeast?: number;
  atMost?: number;
  between?: [number, number];
  pass: boolean;
  /** The points that failed, when the check covers several. */
  failedPoints?: Record<string, unknown>[];
  /**
   * Where every point the check covers has an exact value: whether those meet the band
   * (an extension of the contract; `pass` is still judged on the 95% interval). They can
   * disagree: an interval still reaches the band while the exact value, near it, misses
   * it; or, by chance, an interval misses the band that the exact value meets.
   */
  exactPass?: boolean;
  /** The scenario's `why` for this check, as written (an extension of the contract). */
  why?: string;
  /**
   * "exact" when the check asked to be judged on the exact values (`decide: "exact"`, an
   * extension of the contract): `pass` is then theirs, not the intervals'.
   */
  decide?: 'exact';
  /** With `decide: "exact"`: how many of the points it covers had no exact value (each fails it). */
  exactMissing?: number;
}

export interface ScenarioResult {
  name: string;
  /** The scenario's `description`, its question in words (an extension of the contract). */
  description?: string;
  system: string;
  mechanic: string;
  /** Trials per point; with `--precision`, the cap (each point's own `trials` says what it ran). */
  trials: number;
  /**
   * `--precision`'s target: each point ran until every metric's 95% half-width was at
   * most this, or until `trials` (an extension of the contract).
   */
  precision?: number;
  seed: string | number;
  /** The rule variants in force, defaults filled in (an extension of the contract). */
  rules?: Record<string, unknown>;
  /**
   * The scenario's setup as the file writes it, before defaults are filled in (an
   * extension of the contract): what was run, and the names that name a point's sweep
   * paths ("jill › allocation", not "character 1 ›") wherever only the result is at hand,
   * as in `poolsim diff`.
   */
  setup?: unknown;
  results: PointResult[];
  expect: ExpectResult[];
  /** The file's `solve` blocks answered (sim/solve/), kept apart from `results`. */
  solve?: SolveResult[];
}

/**
 * Whether a parsed file is a result JSON rather than a scenario: it has `results`, and
 * either no `setup` (results before December 2026) or a point with `metrics` (results carry
 * the setup they ran). A scenario with a stray `results` key stays a scenario, refused for
 * that key. (The dashboard opens results; the command line says it was given one.)
 */
export function looksLikeResult(v: unknown): boolean {
  const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!isObject(v) || !('results' in v)) return false;
  return !('setup' in v) || (Array.isArray(v.results) && v.results.some((p) => isObject(p) && 'metrics' in p));
}

/**
 * What is wrong with a metric's figures as poolsim never writes them, or undefined: an
 * estimate outside its own 95% interval (a little slack for a figure copied by hand), or a
 * probability outside [0, 1]. A file holding one was edited or corrupted; `poolsim diff`
 * and the dashboard's results view refuse it rather than compare or show it.
 */
export function metricFigureProblem(m: { estimate: number; ci95: readonly [number, number] | number[]; kind?: unknown; exact?: unknown }): string | undefined {
  // A kind poolsim never writes ("banana") was read as none, and the figure taken as the
  // reader guessed (an audit of diff; the dashboard reads results through this too).
  if (m.kind !== undefined && !(METRIC_KINDS as readonly unknown[]).includes(m.kind)) return `kind ${JSON.stringify(m.kind)}: expected ${METRIC_KINDS.map((k) => JSON.stringify(k)).join(' or ')}`;
  const [lo, hi] = m.ci95;
  const slack = 1e-9 * Math.max(1, Math.abs(m.estimate));
  if (m.estimate < lo - slack || m.estimate > hi + slack) return `${m.estimate} lies outside its own ci95 [${lo}, ${hi}]: expected an estimate within its interval, as poolsim writes it`;
  if (m.kind === 'probability') {
    const outside = [m.estimate, lo, hi, ...(typeof m.exact === 'number' ? [m.exact] : [])].find((x) => x < -slack || x > 1 + slack);
    if (outside !== undefined) return `a probability of ${outside}: expected figures within [0, 1]`;
  }
  return undefined;
}
