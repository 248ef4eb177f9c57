/**
 * Mergeable statistics. A chunk of trials adds integer counts and sums into a tally;
 * tallies of chunks add up element by element. Every entry is an integer (a count, a sum
 * of integers or of their squares), so the sum is exact below 2^53 and does not depend on
 * the order chunks are merged in: the result is byte-identical for any number of workers.
 */

/** What a metric measures: a probability (Wilson interval) or a mean (normal interval). */
export const METRIC_KINDS = ['probability', 'mean'] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];

export interface MetricSpec {
  name: string;
  kind: MetricKind;
  /**
   * The tally holds integers; the reported figure is (tallied value) ÷ scale. Used for
   * "P(a combatant of this entry dies)": the tally counts the entry's deaths, scale is the
   * entry's size. Defaults to 1.
   */
  scale?: number;
  /**
   * The least value one trial can give, before `scale` (0 for a count: sim/metrics.ts
   * sets it for every mean not declared `signed`): the interval is never taken below it.
   */
  min?: number;
  /** The most one trial can give, before `scale`, where it is known (a rank's 7, the rounds cap): the interval stops there. */
  max?: number;
  /** In the game's words (sim/metrics.ts); reported beside the figure. */
  label?: string;
  /** Label of the metric's family on one chart axis ("P(win)"). */
  family?: string;
  /** Its line's name on that chart ("free pushes"; sim/metrics.ts). */
  line?: string;
  /** The mechanic's headline figure: what a page states first (carried into the result). */
  headline?: boolean;
}

/** An integer quantity whose distribution is reported: values min..min+size-1. */
export interface DistributionSpec {
  name: string;
  min: number;
  /** Number of bins; values beyond the last are counted in the last bin. */
  size: number;
  /**
   * Values beyond the last bin can happen (a Sorcerer conflict's lasting penalty has no
   * ceiling): the result says its last bin is "that value or more" (`lastAtLeast`).
   * Without it the last bin is the highest value the trial can take.
   */
  openTop?: boolean;
}

/**
 * Integer counts kept in the tally but not reported as they are: a mechanic reads them
 * back (Simulation.series) to build what it reports, e.g. a campaign's histogram of
 * investment points per turn, from which percentiles are taken after merging (percentiles
 * do not add up across chunks; counts do).
 */
export interface CounterSpec {
  name: string;
  size: number;
}

/** 97.5th percentile of the standard normal (two-sided 95%). */
export const Z95 = 1.959963984540054;

/** Where each metric and distribution lives in a tally array. */
export class TallyLayout {
  readonly metricCount: number;
  readonly distributionOffsets: number[];
  readonly counterOffsets: number[];
  readonly size: number;

  constructor(
    readonly metrics: readonly MetricSpec[],
    readonly distributions: readonly DistributionSpec[] = [],
    readonly counters: readonly CounterSpec[] = [],
  ) {
    this.metricCount = metrics.length;
    let offset = 1 + 2 * metrics.length;
    this.distributionOffsets = distributions.map((d) => {
      const at = offset;
      offset += d.size;
      return at;
    });
    this.counterOffsets = counters.map((c) => {
      const at = offset;
      offset += c.size;
      return at;
    });
    this.size = offset;
  }

  /**
   * A zeroed tally: [trials, (sum, sum of squares) per metric, distribution bins...,
   * counter slots...].
   */
  create(): Tally {
    return new Tally(this, new Float64Array(this.size));
  }

  wrap(values: Float64Array): Tally {
    if (values.length !== this.size) {
      throw new Error(`a tally of ${values.length} entries does not fit a layout of ${this.size}`);
    }
    return new Tally(this, values);
  }

  index(metric: string): number {
    const i = this.metrics.findIndex((m) => m.name === metric);
    if (i < 0) throw new Error(`no metric named ${metric}`);
    return i;
  }
}

export class Tally {
  constructor(
    readonly layout: TallyLayout,
    readonly values: Float64Array,
  ) {}

  get trials(): number {
    return this.values[0];
  }

  /** Count `n` finished trials. */
  addTrials(n: number): void {
    this.values[0] += n;
  }

  /** Add one trial's integer value `x` of metric `i`. */
  add(i: number, x: number): void {
    const at = 1 + 2 * i;
    this.values[at] += x;
    this.values[at + 1] += x * x;
  }

  /** Add `n` trials that all had the integer value `x` of metric `i`. */
  addMany(i: number, x: number, n: number): void {
    const at = 1 + 2 * i;
    this.values[at] += n * x;
    this.values[at + 1] += n * x * x;
  }

  /** Count `n` trials with the value `x` of distribution `d`. */
  binMany(d: number, x: number, n: number): void {
    const spec = this.layout.distributions[d];
    const k = Math.min(Math.max(x - spec.min, 0), spec.size - 1);
    this.values[this.layout.distributionOffsets[d] + k] += n;
  }

  /** Count one trial's integer value `x` of distribution `d`. */
  bin(d: number, x: number): void {
    const spec = this.layout.distributions[d];
    let k = x - spec.min;
    if (k < 0) k = 0;
    else if (k >= spec.size) k = spec.size - 1;
    this.values[this.layout.distributionOffsets[d] + k] += 1;
  }

  /** Add the integer `x` to slot `k` of counter `c`. */
  count(c: number, k: number, x: number): void {
    this.values[this.layout.counterOffsets[c] + k] += x;
  }

  /** The slots of counter `c`. */
  counter(c: number): Float64Array {
    const at = this.layout.counterOffsets[c];
    return this.values.subarray(at, at + this.layout.counters[c].size);
  }

  /**
   * Add another tally of the same layout into this one. Refuses (throws) once an entry
   * passes 2^53: beyond it a sum of whole numbers is no longer exact, and the result would
   * depend on the order the chunks were added in, so on the workers and shards (a sum of
   * squares gets there first: values of ~3,000 a trial over a billion trials). Sums that
   * only grow pass it in every order alike; a signed sum (a VDP score) could pass it part
   * way in one order and not in another, at values nothing in the library comes near.
   */
  merge(other: Tally | Float64Array): void {
    const v = other instanceof Tally ? other.values : other;
    const values = this.values;
    let most = 0;
    for (let i = 0; i < values.length; i++) {
      const x = (values[i] += v[i]);
      if (x > most) most = x;
      else if (-x > most) most = -x;
    }
    if (most > Number.MAX_SAFE_INTEGER) throw new Error(this.pastExactMessage());
  }

  private pastExactMessage(): string {
    const at = this.values.findIndex((x) => Math.abs(x) > Number.MAX_SAFE_INTEGER);
    const metrics = this.layout.metrics;
    const what =
      at === 0 ? 'the trial count' : at <= 2 * metrics.length ? `the ${at % 2 === 1 ? 'sum' : 'sum of squares'} of ${metrics[(at - 1) >> 1].name}` : 'a count of a distribution or counter';
    return `${what} passed 2^53 after ${this.trials.toLocaleString('en')} trials: beyond it a sum of whole numbers is no longer exact, and the result would depend on how the run is split. Run fewer trials of this point.`;
  }

  sum(i: number): number {
    return this.values[1 + 2 * i];
  }

  sumOfSquares(i: number): number {
    return this.values[2 + 2 * i];
  }

  /** Counts of distribution `d`, bin by bin. */
  counts(d: number): Float64Array {
    const at = this.layout.distributionOffsets[d];
    return this.values.subarray(at, at + this.layout.distributions[d].size);
  }
}

export interface Estimate {
  estimate: number;
  ci95: [number, number];
}

/** Wilson score interval for `successes` out of `n` (Wilson, JASA 22(158), 1927). */
export function wilson(successes: number, n: number, z = Z95): Estimate {
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At p = 0 (p = 1) the bound is 0 (1) exactly; centre ∓ half rounds to ±1e-17 or so,
  // enough for an `atMost: 0` (`atLeast: 1`) check to fail on a run that never saw one.
  const lo = successes === 0 ? 0 : clamp01(centre - half);
  const hi = successes === n ? 1 : clamp01(centre + half);
  return { estimate: p, ci95: [lo, hi] };
}

/** The sample variance of n values from their sum and sum of squares; max(0, …) absorbs rounding when every trial had the same value. */
function sampleVariance(sum: number, sumOfSquares: number, n: number): number {
  const mean = sum / n;
  return n > 1 ? Math.max(0, (sumOfSquares - n * mean * mean) / (n - 1)) : 0;
}

/**
 * Interval for a mean of integer values (every tallied metric is one) from their sum and
 * sum of squares over n trials: the normal interval, mean ± z·s/√n, widened where the
 * sample's spread s² is below the least variance an integer quantity can have at a mean μ
 * — f(1 − f), f the fractional part of μ (two neighbouring integers, as a share's 0 and 1).
 * As Wilson's interval does for a share, a candidate μ is kept when |mean − μ| ≤
 * z·√(max(s², f(1 − f))/n), and the interval is the span of those kept. A metric that came
 * out the same in every trial (all zeros, say) read an interval of no width: a count of
 * mean 0.0013 over 1,000 trials was missed in a third of runs (tests/stats.test.ts). Now
 * 0 in n trials reads about ±3.84/n, Wilson's bound. With s² ≥ 1/4 nothing changes
 * (f(1 − f) ≤ 1/4). The floor
 * assumes the quantity moves in unit steps; where every trial gave one value and `min` or
 * `max` lies further, the interval reaches toward it (below). A count that is 0 or 20 and
 * varied is still read too narrowly when the 20 is rare. `min`, the least value a trial can give (0 for a count),
 * cuts the lower bound: 0 in every trial of a count then reads [0, 3.84/n], as Wilson's;
 * `max`, the most (a rank's 7), the upper one.
 */
export function normalMean(sum: number, sumOfSquares: number, n: number, z = Z95, min = -Infinity, max = Infinity): Estimate {
  const mean = sum / n;
  const variance = sampleVariance(sum, sumOfSquares, n);
  const half = z * Math.sqrt(variance / n);
  let lo = mean - half;
  let hi = mean + half;
  if (variance < 0.25) {
    // On [k, k + 1] the least variance is u(1 − u), u = μ − k, and |u − d| ≤ c·√(u(1 − u)),
    // d = mean − k, is Wilson's inequality: (1 + c²)u² − (2d + c²)u + d² ≤ 0. No μ beyond
    // c/2 of the mean is kept (f(1 − f) ≤ 1/4), so a few unit steps hold them all.
    const c = z / Math.sqrt(n);
    const c2 = c * c;
    for (let k = Math.floor(mean - c / 2); k <= Math.floor(mean + c / 2); k++) {
      const d = mean - k;
      const disc = c2 * c2 + 4 * c2 * d * (1 - d);
      if (disc < 0) continue;
      const root = Math.sqrt(disc);
      const a = Math.max(0, (2 * d + c2 - root) / (2 * (1 + c2)));
      const b = Math.min(1, (2 * d + c2 + root) / (2 * (1 + c2)));
      if (a > b) continue;
      lo = Math.min(lo, k + a);
      hi = Math.max(hi, k + b);
    }
  }
  // Every trial the same value: the floor above assumes a rare other value one unit away,
  // but one that is rare may lie anywhere the metric can go (an extended check's progress,
  // all 8 in 1,000 trials, read [7.996, 8] where its exact mean is 7.993, a failure's 0
  // being rare; an audit). Where `min` or `max` bounds it, the interval reaches as far as a
  // share of Wilson's bound at 0 of n, z²/(n + z²), of trials at that bound would take the mean.
  if (variance === 0 && n > 0) {
    const rare = (z * z) / (n + z * z);
    if (Number.isFinite(min) && mean >= min) lo = Math.min(lo, mean - (mean - min) * rare);
    if (Number.isFinite(max) && mean <= max) hi = Math.max(hi, mean + (max - mean) * rare);
  }
  // A mean beyond `min` or `max` means a declaration is wrong (a signed metric not said so,
  // tests/declared-metrics.test.ts): the interval is then left uncut rather than inverted.
  return { estimate: mean, ci95: [mean >= min ? Math.max(lo, min) : lo, mean <= max ? Math.min(hi, max) : hi] };
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/**
 * The part of metric `i`'s 95% half-width its trials' own spread makes, z·s/√n (scaled):
 * all of it where the sample varied, little of it where the interval is Wilson's bound or
 * normalMean's floor for a sample that barely did (those shrink as 1/n, not 1/√n).
 */
export function spreadHalfWidth(tally: Tally, i: number): number {
  const n = tally.trials;
  const variance = sampleVariance(tally.sum(i), tally.sumOfSquares(i), n);
  return (Z95 * Math.sqrt(variance / n)) / (tally.layout.metrics[i].scale ?? 1);
}

/**
 * The estimate and interval of metric `i` of a tally, scaled as its spec says, at `z`
 * (95% by default; the solver's decisions take a wider one, sim/solve/confidence.ts).
 */
export function summarize(tally: Tally, i: number, z = Z95): Estimate {
  const spec = tally.layout.metrics[i];
  const n = tally.trials;
  const scale = spec.scale ?? 1;
  if (spec.kind === 'probability' && scale === 1) return wilson(tally.sum(i), n, z);
  const e = normalMean(tally.sum(i), tally.sumOfSquares(i), n, z, spec.min, spec.max);
  if (scale === 1) return e;
  const ci: [number, number] = [e.ci95[0] / scale, e.ci95[1] / scale];
  if (spec.kind === 'probability') {
    ci[0] = clamp01(ci[0]);
    ci[1] = clamp01(ci[1]);
  }
  return { estimate: e.estimate / scale, ci95: ci };
}
