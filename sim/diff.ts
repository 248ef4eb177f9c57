/**
 * What moved between two sets of results (`poolsim diff`, `poolsim report --baseline`).
 * Pure: result JSON in, a comparison out; reading files and printing are the CLI's.
 *
 * Scenarios pair up by `name`, result points by their sweep values, metrics by name. Per
 * metric the change is NEW − BASE with a 95% interval, and it has *moved* when it is
 * both significant — after Benjamini–Hochberg control of the false discovery rate over
 * every Monte Carlo comparison — and larger than a practical threshold (`minChange`)
 * across its whole interval.
 *
 * - Both sides exact: the change is exact, no test; it moved when |change| exceeds
 *   `minChange` by more than the contract's precision of exact values (EXACT_TOLERANCE;
 *   where a side is 0 or 1, rounding's alone: exactPrecision), as every change and
 *   interval is compared with `minChange`.
 * - One side exact: that side is the true value, with no error; the other side's error
 *   alone makes the test (a one-sample test against the exact value; for a probability of
 *   a few counts, the exact binomial test: rareAgainstExact).
 * - Both Monte Carlo, a probability: the two-proportion z-test with the pooled proportion
 *   (estimate × trials are the counts). A probability that is a share of several members
 *   (`death.*`, deaths ÷ entry size; the result says `scale`) is a mean of a variable in
 *   [0, 1], whose variance can be far below p(1 − p): it is tested as a mean, from its own
 *   interval (until December 2026 by the binomial test, which missed real moves).
 * - Both Monte Carlo, a mean: the standard error is read back from the halves of the two
 *   intervals that face each other (the new side's lower half and the baseline's upper
 *   half for a rise), as the interval of the change takes them — z = change / √(h₁² +
 *   h₂²) · 1.96, so "moved" and "its interval excludes 0" agree. A mean's interval is
 *   lopsided where it was widened for a sample of little spread or cut at 0
 *   (sim/stats.ts normalMean).
 * - The interval of the change: Newcombe's hybrid score method (Stat Med 17:873, 1998,
 *   method 10) on the two intervals, as the dashboard's compare view — for Wilson
 *   intervals the recommended interval of a difference of proportions, for the normal
 *   intervals of means the usual change ± √(h₁² + h₂²).
 *
 * Two runs at another seed are independent samples, and the errors of the two sides add
 * as independent errors do (√(e₁² + e₂²), as above). Two runs at the same seed share their
 * random numbers, and how their estimates correlate is not known: often positively, but a
 * change that reads the same streams otherwise (two sides swapped, a die drawn before
 * another) can make it negative, down to −1, where the independent test cries "moved" far
 * more often than it says. So at the same seed the errors add as they do at the worst
 * correlation, e₁ + e₂ (|corr| ≤ 1 gives sd(B − A) ≤ sd(A) + sd(B)): valid whatever the
 * streams do, at the cost of up to √2 in width. A Monte Carlo figure byte-identical on
 * both sides at the same seed (estimate and interval) came from the same draws through the
 * same arithmetic: it is counted `identical`, and not tested, so thousands of untouched
 * numbers do not dilute the false discovery rate of the few a change touched.
 */
import { parseDice, type DiceGroup } from './dice.ts';
import { Z95 } from './stats.ts';
import { EXACT_TOLERANCE, exactSlack, type MetricResult, type PointResult, type ScenarioResult } from './result.ts';
import type { SolvePoint, SolveResult } from './solve/result.ts';
import { decisionZ } from './solve/confidence.ts';

/**
 * The precision of exact sides: the contract's 1e-9, but only rounding's where a side is 0
 * or 1, and near them a millionth of a side's distance from them (exactSlack, as an expect
 * check meets a bound): impossible becoming a chance of 9.31e-10 has moved (a solve and diff
 * audit: it read "not moved" beside a move of 9.3e-9 elsewhere), and so has 5.4e-10
 * becoming 1.05e-9, which an `atMost: 8e-10` check tells apart (a review).
 */
function exactPrecision(a: number | undefined, b: number | undefined): number {
  return Math.min(a === undefined ? EXACT_TOLERANCE : exactSlack(a), b === undefined ? EXACT_TOLERANCE : exactSlack(b));
}

export const DEFAULT_FDR = 0.05;

export type DiffKind = 'probability' | 'mean';

export interface DiffOptions {
  /** The false discovery rate Benjamini–Hochberg controls; default 0.05. */
  fdr?: number;
  /** A change must be larger than this to count as moved; default 0. */
  minChange?: number;
  /**
   * What a metric is when its result does not say (`kind`): the CLI passes the contract's
   * names. Unknown ones are tested as means, from their intervals — for a probability
   * with a Wilson interval that is close to the binomial test and, near 0 or 1, wider.
   */
  kindOf?: (metric: string) => DiffKind | undefined;
  /**
   * A metric's label when neither result carries one (files written before results
   * carried labels): the CLI passes the old name lists (reports/legacy.ts).
   */
  labelOf?: (metric: string, mechanic: string) => string | undefined;
}

/** One side of a compared metric. */
export interface DiffSide {
  estimate: number;
  ci95: [number, number];
  exact?: number;
  trials: number;
  /** What the comparison used: `exact` when present, else `estimate`. */
  value: number;
  /** A share of several members (MetricResult.scale): its interval, not the binomial, says its spread. */
  share?: true;
}

export interface MetricChange {
  scenario: string;
  point: Record<string, unknown>;
  metric: string;
  /** The metric in the game's words, as the new result labels it, else the base (else the caller's labelOf). */
  label?: string;
  kind: DiffKind;
  base: DiffSide;
  new: DiffSide;
  /** new.value − base.value. */
  change: number;
  /** 95% interval of the change ([change, change] when it is exact). */
  ci95: [number, number];
  /** Both sides exact: the change is exact and was not tested. */
  exact: boolean;
  /** Two-sided p-value of the z-test; absent when exact or identical. */
  p?: number;
  /**
   * Both sides Monte Carlo at the same seed, estimate and interval the same numbers: the
   * same draws through the same arithmetic, unchanged, and left out of the tested family.
   */
  identical?: true;
  /** Benjamini–Hochberg adjusted p-value (significant when ≤ fdr); absent when exact. */
  q?: number;
  significant: boolean;
  /** Significant and larger than minChange across its 95% interval. */
  moved: boolean;
  /**
   * A solve block's own figure, not a result point's (an addition to `--json`): the block's
   * name, its `point` the value searched (`{[vary]: value}`); `reference` for a `sameAs`
   * block's figure of setup A (`point` {}). A change of the engine or of the rules that moves
   * only the values a search looked at, away from the file's own point, moved nothing else
   * (an audit: "nothing moved", exit 0, beside an exact 0.6405 → 0.6978).
   */
  solve?: string;
  reference?: true;
}

/** A scenario, point or metric (or a solve block, by name) found on one side only. */
export interface OneSided {
  scenario: string;
  point?: Record<string, unknown>;
  metric?: string;
  solve?: string;
}

/** One side of a compared solve answer (sim/solve/result.ts). */
export interface AnswerSide {
  decided: boolean;
  value?: unknown;
  candidates?: unknown[];
  method?: string;
  /**
   * How a Monte Carlo search reached it: `everyValue`, every value decided against the
   * target; `assumed`, the values a bisection passed over taken to lie where a one-way
   * metric puts them (solve.md). A block's `everyValue: true` moves an answer where the
   * metric turns back (an audit: 5 → 2 with nothing said), so a change of search is said.
   */
  search?: 'everyValue' | 'assumed';
  /** The searched metric at the value found, as that side measured it (exact, or an estimate with its 95% interval). */
  at?: { metric: string; estimate?: number; ci95?: [number, number]; exact?: number };
}

/**
 * A solve block's answer on both sides (by scenario and block name). What an answer allows
 * is its value, or an exact tie's values, or an undecided answer's candidates (null:
 * possibly none in range). It *moved* when the two sides allow no value in common: each
 * side's answer is right at 95% (or exact), so both cannot be. An answer that changed
 * but shares a value both allow (4 → undecided between 4 and 5) is listed, not moved.
 */
export interface AnswerChange {
  scenario: string;
  solve: string;
  base: AnswerSide;
  new: AnswerSide;
  /** The answers read differently. */
  changed: boolean;
  moved: boolean;
}

/** A setting that differs between the sides: a changed seed or trial count, other rules. */
export interface SettingChange {
  scenario: string;
  /** `solve`: a solve block (named in `solve`) asks another question (vary, metric, find, target, sameAs). */
  /** `mechanic`: the system and mechanic, "viciousness knavery" (the same name may be given to another). */
  setting: 'seed' | 'trials' | 'rules' | 'setup' | 'solve' | 'mechanic';
  solve?: string;
  /** The result point, for a point's own trial count (`--precision` runs). */
  point?: Record<string, unknown>;
  base: unknown;
  new: unknown;
  /**
   * `trials` of a whole scenario run with `--precision` on either side: each side's target,
   * where it has one. Its `trials` is then the cap, not what ran (each point's own line says that).
   */
  precision?: { base?: number; new?: number };
}

export interface ResultDiff {
  fdr: number;
  minChange: number;
  /** Scenarios compared: found on both sides, of the same system and mechanic. */
  scenarios: number;
  /** Every compared metric, in the order of the new side's scenarios, points and metrics. */
  changes: MetricChange[];
  /** Comparisons tested (Monte Carlo on at least one side, not `identical`): the Benjamini–Hochberg family. */
  tested: number;
  /** Monte Carlo comparisons byte-identical at the same seed (MetricChange.identical): not tested. */
  identical: number;
  moved: number;
  onlyInBase: OneSided[];
  onlyInNew: OneSided[];
  settings: SettingChange[];
  /** Every solve answer found on both sides (an addition to `--json`). */
  answers: AnswerChange[];
  /** How many of them moved. */
  answersMoved: number;
  /**
   * What each scenario is (by name, either side), so a point's sweep paths can be named in
   * the words of the mechanic's form (reports/sweep.ts): an addition to `poolsim diff --json`.
   */
  mechanics: Record<string, { system: string; mechanic: string }>;
  /**
   * Each scenario's setup on either side, where its result carries one: a point's sweep
   * paths are named by the names in them where both sides name them alike (a list
   * reordered between the sides would give the baseline's number the new side's name). An
   * addition to `--json`.
   */
  setups: Record<string, { base?: unknown; new?: unknown }>;
  /**
   * Baseline scenarios this run did not include, left out of the comparison (set by
   * `poolsim report --baseline` for a report of some scenarios only): not "only in the
   * baseline", which says a scenario went missing.
   */
  notRun?: string[];
  /**
   * Scenarios whose solve answers one side carries and the other does not (a `run --json`
   * or `merge` result carries none): not compared, and said so. A report carries every
   * block's answer, and a scenario there without blocks reads as an empty list (the CLI's
   * readResults), so its blocks gained or lost are on one side only. An addition to `--json`.
   */
  answersNotCompared: string[];
  /**
   * Scenarios found on both sides whose system or mechanic changed (listed among the
   * settings, `setting: "mechanic"`): none of their numbers or solve answers is compared,
   * since the same metric name means another thing, and each fails the diff as a change the
   * baseline does not describe. An addition to `--json`.
   */
  otherMechanic: string[];
}

// ---------------------------------------------------------------- statistics

/**
 * erfc(x), fractional error below 1.2e-7 everywhere (Chebyshev fit of Numerical Recipes,
 * 2nd ed., §6.2, `erfcc`): ample for p-values that are compared with 0.05 / m.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|). */
export function twoSidedP(z: number): number {
  if (Number.isNaN(z)) return 1;
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/**
 * Benjamini–Hochberg adjusted p-values (Benjamini & Hochberg, JRSS B 57:289, 1995):
 * q₍ᵢ₎ = min over j ≥ i of m·p₍ⱼ₎/j, capped at 1. Rejecting every q ≤ α is the step-up
 * procedure at false discovery rate α.
 */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((a, b) => p[a] - p[b] || a - b);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1];
    running = Math.min(running, (p[i] * m) / rank);
    q[i] = running;
  }
  return q;
}


/**
 * How two sides' errors add: as independent errors (√(e₁² + e₂²)), or, for two runs on the
 * same streams (`sameStreams`), as at the worst correlation (e₁ + e₂; see the top).
 */
function combine(sameStreams: boolean, e1: number, e2: number): number {
  return sameStreams ? e1 + e2 : Math.hypot(e1, e2);
}

/** Standard error of the change under "nothing changed" (the null of the test). */
function nullError(kind: DiffKind, base: DiffSide, next: DiffSide, sameStreams: boolean): number {
  // A share of several members (a side's deaths ÷ its size) varies less than one yes/no
  // (members fall together, or not at all), so its own interval, not p(1 − p), says how
  // much: the binomial test left a change 7 of its own standard errors wide unflagged (an
  // audit: vdp-combat-gang-vs-boss's ko.minion, p 0.21). Tested as a mean is, below.
  const share = base.share === true || next.share === true;
  if (kind === 'probability' && !share && [base.value, next.value].every((v) => v >= 0 && v <= 1)) {
    if (base.exact !== undefined) return Math.sqrt((base.exact * (1 - base.exact)) / next.trials);
    if (next.exact !== undefined) return Math.sqrt((next.exact * (1 - next.exact)) / base.trials);
    const pooled = (base.estimate * base.trials + next.estimate * next.trials) / (base.trials + next.trials);
    const spread = Math.sqrt(pooled * (1 - pooled));
    return combine(sameStreams, spread / Math.sqrt(base.trials), spread / Math.sqrt(next.trials));
  }
  // Each side's half that faces the other, as changeInterval below takes them: a mean's
  // interval is lopsided where it was widened or cut at 0 (sim/stats.ts normalMean), and
  // the wider halves made a change whose interval excludes 0 test as not moved. Where the
  // facing halves are none (a Monte Carlo side cut at its own estimate, against an exact
  // one), the wider halves, as before.
  const change = next.value - base.value;
  const facing = combine(sameStreams, change >= 0 ? below(next) : above(next), change >= 0 ? above(base) : below(base));
  return (facing > 0 ? facing : combine(sameStreams, Math.max(below(next), above(next)), Math.max(below(base), above(base)))) / Z95;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
function logGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** P(X = k) for X ~ Binomial(n, p). */
function binomialPmf(k: number, n: number, p: number): number {
  if (p <= 0) return k === 0 ? 1 : 0;
  if (p >= 1) return k === n ? 1 : 0;
  return Math.exp(logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

/**
 * Counts below which the normal test of a probability against an exact value is not
 * trusted: the exact binomial test takes over where the count seen, or the count the exact
 * value expects, is this small.
 */
const RARE_COUNT = 20;

/**
 * A probability seen a few times against an exact one: the two-sided exact binomial p-value
 * (twice the smaller tail, at most 1), where the normal test overstated the evidence by
 * orders of magnitude (an audit: 2 of 20,000 against an exact 1e-5 got q 5.7e-5, where
 * P(X ≥ 2) is 0.0175). Undefined where the normal test holds (larger counts, or not a
 * probability against an exact side).
 */
function rareAgainstExact(kind: DiffKind, base: DiffSide, next: DiffSide): number | undefined {
  if (kind === 'mean') return noneAgainstExactMean(base, next);
  if (kind !== 'probability' || base.share || next.share) return undefined;
  const exactSide = base.exact !== undefined ? base : next.exact !== undefined ? next : undefined;
  const mcSide = exactSide === base ? next : base;
  if (!exactSide || mcSide.exact !== undefined) return undefined;
  const p0 = exactSide.exact!;
  const n = mcSide.trials;
  const k = Math.round(mcSide.estimate * n);
  if (!(p0 >= 0 && p0 <= 1) || (Math.min(k, n - k) >= RARE_COUNT && Math.min(n * p0, n * (1 - p0)) >= RARE_COUNT)) return undefined;
  // The tail beyond the count seen, away from the mean: summed from k outward, its terms
  // falling, until they no longer add to it.
  const step = k <= n * p0 ? -1 : 1;
  let tail = 0;
  for (let j = k; j >= 0 && j <= n; j += step) {
    const term = binomialPmf(j, n, p0);
    tail += term;
    if (term <= tail * 1e-17) break;
  }
  return Math.min(1, 2 * tail);
}

/**
 * A count's mean that came out 0 in every Monte Carlo trial (its estimate 0 and its
 * interval's lower end 0: a count never below 0) against an exact mean μ below 1: the
 * exact test of no trial above 0, P = (1 − q)ⁿ, at the largest share of such trials the
 * exact mean allows a quantity that moves in unit steps (q ≤ μ, as the interval itself
 * assumes, sim/stats.ts normalMean), twice that tail at most 1. The normal test read the
 * interval's Wilson floor as a standard error: 0 of 2,000 against an exact 0.00465 got p
 * 2e-6 and read "moved" (an audit), where the same trials' hit probability, 0.0045 exact,
 * got the exact binomial's 2.4e-4; this gives 1.8e-4. It keeps the interval's own
 * assumption: a count whose rare values jump by more than 1 (a damage of 10 one time in
 * 200) is still read as stronger evidence than it is (a review: 13% of unchanged such
 * setups "moved"), as its interval is too narrow; nothing in a result says how far a count
 * can jump. Undefined otherwise.
 */
function noneAgainstExactMean(base: DiffSide, next: DiffSide): number | undefined {
  if (base.share || next.share) return undefined;
  const exactSide = base.exact !== undefined ? base : next.exact !== undefined ? next : undefined;
  const mcSide = exactSide === base ? next : base;
  if (!exactSide || mcSide.exact !== undefined) return undefined;
  const mu = exactSide.exact!;
  if (!(mcSide.estimate === 0 && mcSide.ci95[0] === 0 && mu > 0 && mu < 1)) return undefined;
  return Math.min(1, 2 * Math.exp(mcSide.trials * Math.log1p(-mu)));
}

/** P(X = k) for X ~ Hypergeometric: `draws` taken from `all`, of which `marked` are marked. */
function hypergeometricPmf(k: number, all: number, marked: number, draws: number): number {
  const logChoose = (n: number, r: number) => logGamma(n + 1) - logGamma(r + 1) - logGamma(n - r + 1);
  return Math.exp(logChoose(marked, k) + logChoose(all - marked, draws - k) - logChoose(all, draws));
}

/**
 * Two Monte Carlo probabilities at different seeds, one of them seen (or missed) a few
 * times: Fisher's exact test, two-sided as twice the smaller tail (at most 1). Given the
 * K events of both runs together, under "nothing changed" the new run's share of them is
 * hypergeometric. The pooled normal test overstated small counts: 0 against 4 of 20,000
 * got p 0.046 and read "moved" while the change's own interval, [−2.8e-5, 5.1e-4], held 0;
 * Fisher's p is 0.125. Counted on the rarer outcome (events, or non-events near 1).
 * Undefined where the normal test holds, at the same seed (the runs are not independent:
 * the worst-correlation test above), and for shares (not yes/no counts).
 */
function rareBothRuns(kind: DiffKind, base: DiffSide, next: DiffSide, sameStreams: boolean): number | undefined {
  if (kind !== 'probability' || sameStreams || base.share || next.share || base.exact !== undefined || next.exact !== undefined) return undefined;
  const n1 = base.trials;
  const n2 = next.trials;
  let k1 = Math.round(base.estimate * n1);
  let k2 = Math.round(next.estimate * n2);
  if (!(k1 >= 0 && k1 <= n1 && k2 >= 0 && k2 <= n2)) return undefined;
  if (k1 + k2 > n1 - k1 + n2 - k2) {
    k1 = n1 - k1;
    k2 = n2 - k2;
  }
  if (Math.min(k1, k2) >= RARE_COUNT) return undefined;
  const all = n1 + n2;
  const events = k1 + k2;
  // The tail of the new run's count beyond the one seen, away from its mean, summed from
  // k2 outward until its terms no longer add to it.
  const step = k2 * all <= events * n2 ? -1 : 1;
  let tail = 0;
  for (let j = k2; j >= Math.max(0, events - n1) && j <= Math.min(events, n2); j += step) {
    const term = hypergeometricPmf(j, all, events, n2);
    tail += term;
    if (term <= tail * 1e-17) break;
  }
  return Math.min(1, 2 * tail);
}

/** An interval's half below (above) its estimate; none for an exact side. */
const below = (s: DiffSide) => (s.exact !== undefined ? 0 : Math.max(0, s.estimate - s.ci95[0]));
const above = (s: DiffSide) => (s.exact !== undefined ? 0 : Math.max(0, s.ci95[1] - s.estimate));

/**
 * Newcombe's square-and-add interval of next − base from the two sides' intervals; on the
 * same streams the halves add as at the worst correlation (`combine`).
 */
function changeInterval(base: DiffSide, next: DiffSide, change: number, sameStreams: boolean): [number, number] {
  return [change - combine(sameStreams, below(next), above(base)), change + combine(sameStreams, above(next), below(base))];
}

// ---------------------------------------------------------------- matching

/**
 * JSON with object keys sorted at every level: equal sweep values give equal keys. A list
 * of one is its one item: the setups read a lone value as a list of one (`"d4"` and
 * `["d4"]` are the same dice), so a file tidied from one spelling to the other still
 * matches its baseline point for point.
 */
export function pointKey(point: Record<string, unknown>): string {
  const canonical = (value: unknown): string => {
    if (Array.isArray(value)) return value.length === 1 ? canonical(value[0]) : `[${value.map(canonical).join(',')}]`;
    if (value !== null && typeof value === 'object') {
      return `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(',')}}`;
    }
    return JSON.stringify(value);
  };
  return canonical(point);
}

/**
 * pointKey, with dice read as the setups read them (sim/dice.ts parseDice) in the fields
 * that hold dice: "d4", "1d4", " d4" and "01d04" are one die, and "2d4" is two, as
 * ["d4", "d4"] is (a list of dice is read as its dice in order, runs of one kind counted).
 * A point's keys are its sweep paths, each naming its field (`setup.sides.0.bonus`); inside
 * a value, an object's keys do. Everything that matches one value with another uses it: a
 * check's `point`, a search's `equals`, `diff`'s pairing of points and answers, a sweep's
 * value listed twice. An audit found a sweep refusing "1d4" beside "d4" as listed twice
 * while `expect.point` refused "1d4" as not among ["d4"], and `diff` calling a file tidied
 * from "1d4" to "d4" a different point; a review, a side named "d4" matched by "1d4", so
 * only dice fields are read. A point's random stream keeps pointKey's text
 * (sim/scenario.ts), so no result made before changes its draws.
 */
export function matchKey(point: Record<string, unknown>): string {
  return pointKey(Object.fromEntries(Object.entries(point).map(([path, v]) => [path, diceRead(v, fieldOf(path))])));
}

/** The fields of the setups that hold dice lists (sim/dice.ts diceListSchema). */
const DICE_FIELDS: ReadonlySet<string> = new Set(['bonus', 'dice', 'knavery', 'minionBonus', 'minionDice', 'openingDice', 'violence']);

/** The field a dotted path names: its last part that is not a list index ("…dice.0": dice). */
function fieldOf(path: string): string {
  const parts = path.split('.');
  for (let i = parts.length - 1; i >= 0; i--) if (!/^\d+$/.test(parts[i]!)) return parts[i]!;
  return '';
}

/** Marks a run of dice in matchKey's text, where no dice text or other string can. */
const DICE = '\u0000dice:';

function diceRead(value: unknown, field: string): unknown {
  if (DICE_FIELDS.has(field)) {
    const groups = (Array.isArray(value) ? value : [value]).map((x) => (typeof x === 'string' ? parseDice(x) : undefined));
    if (groups.length > 0 && groups.every((g) => g !== undefined && typeof g !== 'string')) {
      const runs: DiceGroup[] = [];
      for (const g of groups as DiceGroup[]) {
        const last = runs[runs.length - 1];
        if (last !== undefined && last.sides === g.sides) last.count += g.count;
        else runs.push({ ...g });
      }
      return DICE + runs.map((r) => `${r.count}d${r.sides}`).join('+');
    }
  }
  if (Array.isArray(value)) return value.map((x) => diceRead(x, ''));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, diceRead(v, k)]));
}

/**
 * One value, as a point's sweep value at `path` (the field it sets): the same keys in
 * another order, a lone value and a list of it, or dice written another way, are the same
 * value (matchKey). Every place that matches a value a file names against the values it
 * lists uses this, so that none refuses as unknown what another calls listed twice (an
 * audit: `expect.equals` compared JSON texts).
 */
export function sameValue(a: unknown, b: unknown, path = ''): boolean {
  return matchKey({ [path]: a }) === matchKey({ [path]: b });
}

function side(m: MetricResult, trials: number): DiffSide {
  return { estimate: m.estimate, ci95: m.ci95, ...(m.exact !== undefined ? { exact: m.exact } : {}), trials, value: m.exact ?? m.estimate, ...((m.scale ?? 1) !== 1 ? { share: true as const } : {}) };
}

function kindOfMetric(metric: string, a: MetricResult, b: MetricResult, kindOf: DiffOptions['kindOf']): DiffKind {
  // A `kind` in the result wins (docs/scenario-format.md lets a metric carry one); then the caller's.
  const declared = (a as { kind?: unknown }).kind ?? (b as { kind?: unknown }).kind;
  if (declared === 'probability' || declared === 'mean') return declared;
  return kindOf?.(metric) ?? 'mean';
}

/** The label a change carries: the new result's, else the base's, else `labelOf`'s (none when none has one). */
function labelled(metric: string, next: MetricResult, base: MetricResult, mechanic: string, labelOf: DiffOptions['labelOf']): { label?: string } {
  const label = typeof next.label === 'string' ? next.label : typeof base.label === 'string' ? base.label : labelOf?.(metric, mechanic);
  return label === undefined ? {} : { label };
}

const sameJson = sameValue;

/**
 * One figure compared: a result point's metric, or a solve block's figure at a value it
 * searched (`compareSolveFigures`). The change, its interval and, where Monte Carlo, its
 * p-value before the false discovery rate is controlled over every such comparison.
 */
function figureChange(
  scenario: string,
  point: Record<string, unknown>,
  metric: string,
  old: MetricResult,
  m: MetricResult,
  baseTrials: number,
  nextTrials: number,
  kind: DiffKind,
  label: { label?: string },
  sameStreams: boolean,
): MetricChange {
  const before = side(old, baseTrials);
  const after = side(m, nextTrials);
  const change = after.value - before.value;
  const exact = before.exact !== undefined && after.exact !== undefined;
  const tolerance = exactPrecision(before.exact, after.exact);
  const entry: MetricChange = {
    scenario,
    point,
    metric,
    ...label,
    kind,
    base: before,
    new: after,
    change,
    ci95: exact ? [change, change] : changeInterval(before, after, change, sameStreams),
    exact,
    significant: exact && Math.abs(change) > tolerance,
    moved: false,
  };
  const identical =
    sameStreams && before.exact === undefined && after.exact === undefined && before.estimate === after.estimate && before.ci95[0] === after.ci95[0] && before.ci95[1] === after.ci95[1];
  if (identical) entry.identical = true;
  else if (!exact) {
    const se = nullError(kind, before, after, sameStreams);
    // No spread on either side: equal values did not move, different ones surely did.
    // Against an exact side a change within its precision (1e-9) is none.
    const none = Math.abs(change) <= (before.exact !== undefined || after.exact !== undefined ? tolerance : 0);
    entry.p = none ? 1 : (rareAgainstExact(kind, before, after) ?? rareBothRuns(kind, before, after, sameStreams) ?? (se > 0 ? twoSidedP(change / se) : 0));
  }
  return entry;
}

/** The value a result's own setup or rules gives the dotted path (`setup.tries`, `rules.hitOn`), if it says. */
function valueAt(r: ScenarioResult, path: string): { value: unknown } | undefined {
  const [head, ...rest] = path.split('.');
  let at: unknown = head === 'setup' ? r.setup : head === 'rules' ? r.rules : undefined;
  for (const part of rest) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at === undefined ? undefined : { value: at };
}

/** A solve block's figure as a result's metric: exact, or an estimate with its interval. */
function solveFigure(p: SolvePoint, looks: number | undefined): MetricResult {
  if (p.exact !== undefined) return { estimate: p.exact, ci95: [p.exact, p.exact], exact: p.exact };
  // A point's interval is 95% over all of its looks (SolveResult.looks), wider than the plain
  // 95% interval every test here takes an interval for: each half is taken back to it, as a
  // normal interval's is exactly (a Wilson one's nearly). Compared as it stood, a change of
  // a mean read p 0.031 where it was 0.0037, and its "95% interval" of the change was one of
  // about 99% (a review). Results written before `looks` was kept have plain intervals.
  const shrink = looks === undefined ? 1 : Z95 / decisionZ(looks);
  const [lo, hi] = p.ci95!;
  const e = p.estimate!;
  return { estimate: e, ci95: [e - (e - lo) * shrink, e + (hi - e) * shrink] };
}

/**
 * Every figure a solve block shares with its baseline: the metric at each value both sides
 * searched, and a `sameAs` block's figure of setup A. Compared as a result's metrics are,
 * in the same family of tests. Only where the block asks about the same metric of the
 * same field (another metric's figures mean another thing: that is said among the
 * settings); a value one side looked at and the other did not is no change (a Monte Carlo
 * bisection looks where its draws lead it). The metric's kind and label are the scenario's
 * own result's, where it reports the metric; a share of several members (`scale`) is
 * tested as a probability, which for a share overstates its spread: a move may be missed,
 * none is invented.
 */
function compareSolveFigures(a: ScenarioResult, b: ScenarioResult, changes: MetricChange[], sameStreams: boolean, options: DiffOptions): void {
  if (a.solve === undefined || b.solve === undefined) return;
  const baseSolves = new Map(a.solve.map((x) => [x.name, x]));
  for (const y of b.solve) {
    const x = baseSolves.get(y.name);
    if (!x || x.vary !== y.vary || x.metric !== y.metric) continue;
    const metric = y.metric;
    const own = [...b.results, ...a.results].map((p) => p.metrics[metric]).find((m) => m !== undefined);
    const kind = (own?.kind as DiffKind | undefined) ?? options.kindOf?.(metric) ?? 'mean';
    const label = typeof own?.label === 'string' ? { label: own.label } : {};
    const trialsOf = (p: SolvePoint) => p.trials ?? 1;
    const pair = (point: Record<string, unknown>, p: SolvePoint, q: SolvePoint, reference: boolean) => {
      const entry = figureChange(b.name, point, metric, solveFigure(p, x.looks), solveFigure(q, y.looks), trialsOf(p), trialsOf(q), kind, label, sameStreams);
      entry.solve = y.name;
      if (reference) entry.reference = true;
      changes.push(entry);
    };
    if (x.reference && y.reference && matchKey(x.sameAs ?? {}) === matchKey(y.sameAs ?? {})) pair({}, x.reference, y.reference, true);
    const key = (v: unknown) => matchKey({ [y.vary]: v });
    const basePoints = new Map((x.points ?? []).map((p) => [key(p.value), p]));
    // The value the file itself runs, where it has no sweep: that figure is its own result's
    // metric, compared above; counted twice it was listed twice and tested twice (a review).
    const fileValue = (r: ScenarioResult) => (r.results.length === 1 && Object.keys(r.results[0]!.point).length === 0 && metric in r.results[0]!.metrics ? valueAt(r, y.vary) : undefined);
    const ownBase = fileValue(a);
    const ownNew = fileValue(b);
    for (const q of y.points ?? []) {
      const p = basePoints.get(key(q.value));
      if (!p) continue;
      if (ownBase !== undefined && ownNew !== undefined && key(ownBase.value) === key(q.value) && key(ownNew.value) === key(q.value)) continue;
      pair({ [y.vary]: q.value }, p, q, false);
    }
  }
}

/**
 * Compares every scenario, point and metric the two sides share; lists the ones found on
 * one side only and the settings that differ. Names must be unique on each side (the
 * CLI checks, naming the files).
 */
export function diffResults(base: readonly ScenarioResult[], next: readonly ScenarioResult[], options: DiffOptions = {}): ResultDiff {
  const fdr = options.fdr ?? DEFAULT_FDR;
  const minChange = options.minChange ?? 0;
  const baseByName = new Map(base.map((r) => [r.name, r]));
  const nextNames = new Set(next.map((r) => r.name));
  const changes: MetricChange[] = [];
  const onlyInBase: OneSided[] = base.filter((r) => !nextNames.has(r.name)).map((r) => ({ scenario: r.name }));
  const onlyInNew: OneSided[] = [];
  const settings: SettingChange[] = [];
  const answers: AnswerChange[] = [];
  const answersNotCompared: string[] = [];
  const otherMechanic: string[] = [];
  let scenarios = 0;

  for (const b of next) {
    const a = baseByName.get(b.name);
    if (!a) {
      onlyInNew.push({ scenario: b.name });
      continue;
    }
    // A scenario of the same name that is now another system or mechanic: its metrics and
    // solve blocks may share names (`wounded.d4trait` of one clash and of a whole battle)
    // and mean other things, so nothing of it is compared, and the change itself fails the
    // diff (an audit: a clash turned battle listed its wounds as moved, q < 1e-15).
    if (a.system !== b.system || a.mechanic !== b.mechanic) {
      settings.push({ scenario: b.name, setting: 'mechanic', base: `${a.system} ${a.mechanic}`, new: `${b.system} ${b.mechanic}` });
      otherMechanic.push(b.name);
      continue;
    }
    scenarios++;
    // The seed as its text: the streams are keyed by it, so 7 and "7" (older results of
    // `--seed 7`) are the same seed.
    const sameStreams = String(a.seed) === String(b.seed);
    if (!sameStreams) settings.push({ scenario: b.name, setting: 'seed', base: a.seed, new: b.seed });
    if (a.trials !== b.trials) {
      // A --precision run's trials are its cap: said so (an audit: "trials 20000 → 100000000" read as run).
      const capped = a.precision !== undefined || b.precision !== undefined;
      settings.push({ scenario: b.name, setting: 'trials', base: a.trials, new: b.trials, ...(capped ? { precision: { ...(a.precision !== undefined ? { base: a.precision } : {}), ...(b.precision !== undefined ? { new: b.precision } : {}) } } : {}) });
    }
    if (!sameJson(a.rules ?? {}, b.rules ?? {})) settings.push({ scenario: b.name, setting: 'rules', base: a.rules ?? {}, new: b.rules ?? {} });
    // Only when both sides say what they ran (results written before December 2026 do not).
    if (a.setup !== undefined && b.setup !== undefined && !sameJson(a.setup, b.setup)) settings.push({ scenario: b.name, setting: 'setup', base: a.setup, new: b.setup });

    compareAnswers(a, b, answers, onlyInBase, onlyInNew, settings);
    if ((a.solve === undefined) !== (b.solve === undefined) && (a.solve ?? b.solve)!.length > 0) answersNotCompared.push(b.name);

    const basePoints = new Map<string, PointResult>(a.results.map((p) => [matchKey(p.point), p]));
    const nextKeys = new Set(b.results.map((p) => matchKey(p.point)));
    for (const p of a.results) if (!nextKeys.has(matchKey(p.point))) onlyInBase.push({ scenario: b.name, point: p.point });
    for (const q of b.results) {
      const p = basePoints.get(matchKey(q.point));
      if (!p) {
        onlyInNew.push({ scenario: b.name, point: q.point });
        continue;
      }
      const baseTrials = p.trials ?? a.trials;
      const nextTrials = q.trials ?? b.trials;
      if ((p.trials !== undefined || q.trials !== undefined) && baseTrials !== nextTrials) {
        settings.push({ scenario: b.name, setting: 'trials', point: q.point, base: baseTrials, new: nextTrials });
      }
      for (const metric of Object.keys(p.metrics)) if (!(metric in q.metrics)) onlyInBase.push({ scenario: b.name, point: q.point, metric });
      for (const [metric, m] of Object.entries(q.metrics)) {
        const old = p.metrics[metric];
        if (!old) {
          onlyInNew.push({ scenario: b.name, point: q.point, metric });
          continue;
        }
        changes.push(figureChange(b.name, q.point, metric, old, m, baseTrials, nextTrials, kindOfMetric(metric, old, m, options.kindOf), labelled(metric, m, old, b.mechanic ?? a.mechanic, options.labelOf), sameStreams));
      }
    }
    // The solve blocks' own figures, after the scenario's points.
    compareSolveFigures(a, b, changes, sameStreams, options);
  }

  const tested = changes.filter((c) => c.p !== undefined);
  const q = benjaminiHochberg(tested.map((c) => c.p!));
  tested.forEach((c, i) => {
    c.q = q[i];
    c.significant = q[i] <= fdr;
  });
  let moved = 0;
  for (const c of changes) {
    // Past the threshold for sure, not only at the estimate: the whole interval of the
    // change lies beyond ±minChange (an exact change's interval is the change itself).
    // And never while that interval holds 0: what the page prints beside "moved" must say
    // so too (the tests above and the Wilson intervals can differ by a hair at few counts).
    // Beyond it by more than the precision of exact values (EXACT_TOLERANCE): 0.625 →
    // 0.37499999999999994 is a change of 0.25 exactly, which float rounding wrote as
    // −0.25000000000000006 and which read as past `--min-change 0.25` (an audit). The same
    // margin for an interval's ends, so an exact change and a Monte Carlo one meet one rule;
    // beside a Monte Carlo interval's width it changes nothing.
    const threshold = minChange + exactPrecision(c.base.exact, c.new.exact);
    const beyond = c.ci95[0] > threshold || c.ci95[1] < -threshold;
    c.moved = c.significant && Math.abs(c.change) > threshold && beyond;
    if (c.moved) moved++;
  }
  const mechanics: ResultDiff['mechanics'] = {};
  const setups: ResultDiff['setups'] = {};
  for (const [sideName, results] of [['base', base], ['new', next]] as const) {
    for (const r of results) {
      mechanics[r.name] = { system: r.system, mechanic: r.mechanic };
      if (r.setup !== undefined) (setups[r.name] ??= {})[sideName] = r.setup;
    }
  }
  const answersMoved = answers.filter((x) => x.moved).length;
  const identical = changes.filter((c) => c.identical).length;
  return { fdr, minChange, scenarios, changes, tested: tested.length, identical, moved, onlyInBase, onlyInNew, settings, answers, answersMoved, mechanics, setups, answersNotCompared, otherMechanic };
}

/** What a solve answer allows (AnswerChange): the value, an exact tie's values, or the candidates. */
export function answerAllows(x: AnswerSide): unknown[] {
  if (x.decided) return x.candidates && x.candidates.length > 1 ? x.candidates : [x.value ?? null];
  return x.candidates ?? [];
}

/** The question a solve block asks, as its result carries it. */
/**
 * What a block asks, as far as both sides say: the values searched (results written before
 * December 2026 do not record them) and a Monte Carlo search's cap on trials a value, where
 * both sides have one (either changes an answer: an audit found a `range` widened to take
 * in "none" reported as a moved answer with nothing to say why).
 */
function questionsOf(x: SolveResult, y: SolveResult): [Record<string, unknown>, Record<string, unknown>] {
  const question = (r: SolveResult) => ({
    vary: r.vary,
    metric: r.metric,
    find: r.find,
    target: r.target,
    sameAs: r.sameAs,
    ...(searched(x) && searched(y) ? { range: r.range, values: r.values } : {}),
    ...(x.maxTrials !== undefined && y.maxTrials !== undefined ? { maxTrials: r.maxTrials } : {}),
  });
  return [question(x), question(y)];
}

const searched = (r: SolveResult) => r.range !== undefined || r.values !== undefined;

/**
 * Two questions alike, with the values searched read as values of the field the block
 * varies and `sameAs` as the setup paths it names, so dice written another way ("d4" and
 * "1d4", ["2d4"] and ["d4", "d4"]) ask the same question, as they pair as one value
 * everywhere else (an audit: a block tidied so read "asks another question").
 */
function sameQuestion(x: Record<string, unknown>, y: Record<string, unknown>, vary: string): boolean {
  const read = (q: Record<string, unknown>) => ({
    ...q,
    ...(Array.isArray(q.values) ? { values: q.values.map((v) => matchKey({ [vary]: v })) } : {}),
    ...(q.sameAs !== null && typeof q.sameAs === 'object' ? { sameAs: matchKey(q.sameAs as Record<string, unknown>) } : {}),
  });
  return sameJson(read(x), read(y));
}

/** The solve answers of one scenario on both sides, by block name. */
function compareAnswers(a: ScenarioResult, b: ScenarioResult, answers: AnswerChange[], onlyInBase: OneSided[], onlyInNew: OneSided[], settings: SettingChange[]): void {
  // Only where both sides answered their solve blocks: `run --json` and `merge` never do
  // (only `report` writes the answers), as results written before December 2026 carry no setup.
  if (a.solve === undefined || b.solve === undefined) return;
  const baseSolves = new Map(a.solve.map((x) => [x.name, x]));
  const nextNames = new Set(b.solve.map((x) => x.name));
  for (const x of a.solve) if (!nextNames.has(x.name)) onlyInBase.push({ scenario: b.name, solve: x.name });
  for (const y of b.solve) {
    const x = baseSolves.get(y.name);
    if (!x) {
      onlyInNew.push({ scenario: b.name, solve: y.name });
      continue;
    }
    const [asked, asks] = questionsOf(x, y);
    if (!sameQuestion(asked, asks, y.vary)) settings.push({ scenario: b.name, setting: 'solve', solve: y.name, base: asked, new: asks });
    const side = (r: SolveResult): AnswerSide => {
      // The metric at the value found, so a moved answer says what it stands on.
      const p = r.decided && r.value !== undefined && r.value !== null ? (r.points ?? []).find((q) => sameJson(q.value, r.value)) : undefined;
      return {
        decided: r.decided,
        ...(r.value !== undefined ? { value: r.value } : {}),
        ...(r.candidates !== undefined && r.candidates.length > 0 ? { candidates: r.candidates } : {}),
        method: r.method,
        ...(r.method === 'montecarlo' ? { search: r.everyValue === true ? ('everyValue' as const) : ('assumed' as const) } : {}),
        ...(p ? { at: { metric: r.metric, ...(p.exact !== undefined ? { exact: p.exact } : { estimate: p.estimate, ci95: p.ci95 }) } } : {}),
      };
    };
    const before = side(x);
    const after = side(y);
    // Each value as a value of the field the block varies; candidates one by one (a list
    // of lone dice values is no pool: "d4", "2d4" are not 3d4).
    const key = (v: unknown) => matchKey({ [y.vary]: v });
    const allowedBefore = answerAllows(before).map(key);
    const allowedAfter = new Set(answerAllows(after).map(key));
    const read = (s: AnswerSide) => pointKey({ d: s.decided, v: key(s.value ?? null), c: s.candidates?.map(key) ?? null });
    const changed = read(before) !== read(after);
    answers.push({ scenario: b.name, solve: y.name, base: before, new: after, changed, moved: changed && !allowedBefore.some((k) => allowedAfter.has(k)) });
  }
}

/** Something the baseline does not describe: a number or a solve answer moved, something is on one side only, or a scenario is now another mechanic. */
export function somethingMoved(diff: ResultDiff): boolean {
  return diff.moved > 0 || diff.answersMoved > 0 || diff.onlyInBase.length > 0 || diff.onlyInNew.length > 0 || (diff.otherMechanic ?? []).length > 0;
}
