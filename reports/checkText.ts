/**
 * An expect check in words, for the command line, the reports and the dashboard alike: the
 * check as a sentence, what was measured where it failed, and a note where its exact values
 * and its 95% interval disagree. Loads no renderer library, so `poolsim run` can use it.
 */
import type { ExpectResult, MetricResult, ScenarioResult } from '../sim/result.ts';
import { exactAt, figuresAt, formatAt, rowPlaces, rowsPlaces, tablePlaces } from '../sim/solve/sentence.ts';
import { checkPasses, exactMeets, pointMatches } from '../sim/scenario.ts';
import { formatNumber, formatSweepValue, pointLabel, type SweepMechanic } from './sweep.ts';
import { metricLabel } from './metrics.ts';

/**
 * Where the exact values and the 95% intervals disagree about a check, point by point: an
 * interval that still reaches the band where the exact value misses it (the estimate lies
 * near the band), or one that misses the band where the exact value meets it (a chance miss
 * of the Monte Carlo). The check is judged on the intervals (the contract); this says where
 * the exact values would have judged otherwise. Undefined where they agree at every point
 * the check covers, or some point has no exact value. A check judged on its exact values
 * (`decide: "exact"`) says so instead, and which points had none.
 */
export function exactDisagrees(check: ExpectResult, result: Pick<ScenarioResult, 'results'>): string | undefined {
  const covered = result.results.filter((p) => pointMatches(check.point, p.point)).map((p) => p.metrics[check.metric]);
  if (check.decide === 'exact') {
    // Judged on the exact values (`decide: "exact"`): said, and which points had none.
    const lacking = check.exactMissing ?? 0;
    if (lacking === 0) return covered.length === 1 ? 'decided on the exact value' : 'decided on the exact values';
    return covered.length === 1
      ? 'decided on the exact value, which this point does not have (see its notes)'
      : `decided on the exact values, which ${lacking} of its ${covered.length} points do not have (see their notes): each fails it`;
  }
  if (check.exactPass === undefined) return borderline(check, covered);
  if (covered.length === 0 || covered.some((m) => m?.exact === undefined)) return undefined;
  let reaches = 0;
  let misses = 0;
  for (const m of covered) {
    const byInterval = checkPasses(check, m!);
    const byExact = exactMeets(check, m!.exact!);
    if (byInterval && !byExact) reaches++;
    if (!byInterval && byExact) misses++;
  }
  const n = covered.length;
  const notes: string[] = [];
  if (reaches > 0) {
    notes.push(n === 1 ? 'passes on the 95% interval, which still reaches the band, but the exact value misses it' : `at ${reaches} of its ${n} points the 95% interval still reaches the band but the exact value misses it`);
  }
  if (misses > 0) {
    notes.push(n === 1 ? 'fails on the 95% interval, but the exact value meets the band: a chance miss of the Monte Carlo' : `at ${misses} of its ${n} points the exact value meets the band where the 95% interval misses it (a chance miss)`);
  }
  return notes.length > 0 ? notes.join('; ') : undefined;
}

/**
 * Without exact values: where the check passes only on its 95% interval, which still reaches
 * the band while the estimate lies outside it. The true value is then as likely outside the
 * band as not, and another seed (a reordered file, a rules change that moves nothing) may
 * fail the build: said, as the exact value's miss is (an audit: a band inside its noise
 * failed 19 seeds of 40, unsaid). Undefined where no such point.
 */
function borderline(check: ExpectResult, covered: readonly (MetricResult | undefined)[]): string | undefined {
  // A failed check fails whatever the seed at some point: "another seed may fail it" would mislead.
  if (!check.pass) return undefined;
  const n = covered.length;
  const outside = covered.filter((m) => m !== undefined && m.exact === undefined && checkPasses(check, m) && !exactMeets(check, m.estimate)).length;
  if (outside === 0) return undefined;
  const why = 'so another seed may fail it; more trials or a wider band would decide';
  return n === 1 ? `passes on the 95% interval, which still reaches the band, but the estimate lies outside it, ${why}` : `at ${outside} of its ${n} points the 95% interval still reaches the band but the estimate lies outside it, ${why}`;
}

/** Points of a check that pass only on an interval reaching the band while the estimate (no exact value) lies outside it. */
export function borderlinePoints(check: ExpectResult, result: Pick<ScenarioResult, 'results'>): number {
  if (check.decide === 'exact' || !check.pass) return 0;
  return result.results
    .filter((p) => pointMatches(check.point, p.point))
    .map((p) => p.metrics[check.metric])
    .filter((m) => m !== undefined && m.exact === undefined && checkPasses(check, m) && !exactMeets(check, m.estimate)).length;
}

/** The mark before exactDisagrees' note: a warning, except for a check judged on exact values that all had one. */
export function exactNoteMark(check: ExpectResult): string {
  return check.decide === 'exact' && !check.exactMissing ? '' : '⚠ ';
}

export function formatInterval([low, high]: [number, number]): string {
  return `[${formatNumber(low)}, ${formatNumber(high)}]`;
}

/**
 * A check's band as the file gives it: every bound it has, joined ("between 0.2 and 0.8 and
 * ≥ 0.5"), as a check may give all three and is judged on all (sim/scenario.ts checkPasses).
 * The page and the reports said only the first (`between`, or `atLeast`), a band the check
 * was not judged on. `words`: "at least"/"at most", as the command line and the page say
 * them, for the reports' "≥"/"≤".
 */
export function bandText(check: Pick<ExpectResult, 'atLeast' | 'atMost' | 'between'>, words = false): string {
  return [
    check.between !== undefined ? `between ${check.between[0]} and ${check.between[1]}` : '',
    check.atLeast !== undefined ? `${words ? 'at least' : '≥'} ${check.atLeast}` : '',
    check.atMost !== undefined ? `${words ? 'at most' : '≤'} ${check.atMost}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

/**
 * An expect check in its parts: the metric by its label (the result's own, as the charts and
 * tables beside it say it) and by its name as the file writes it (`metric:`, which a designer
 * needs to write an `expect`), then the band and where: "between 0.201 and 0.211 at every
 * point" (nothing where the result has one point only), the point in the game's words given the scenario's setup (reports/sweep.ts
 * pointLabel). `label` is undefined where the result declares none other than the name.
 */
export function checkParts(check: ExpectResult, setup?: unknown, mechanic?: SweepMechanic): { label?: string; metric: string; rest: string } {
  const bound = bandText(check);
  // A check that names no point covers every point; a result of one point (no sweep) has
  // no "every" to speak of, and says none, as `poolsim run`'s check lines say none: "≥ 0.3
  // at every point" stood beside a page of one table (a report audit).
  const onePoint = mechanic !== undefined && 'results' in mechanic && Array.isArray(mechanic.results) && mechanic.results.length === 1;
  const where = check.point ? ` at ${pointLabel(check.point, setup, mechanic)}` : onePoint ? '' : ' at every point';
  const label = mechanic !== undefined && 'results' in mechanic ? metricLabel(mechanic as ScenarioResult, check.metric) : undefined;
  return { ...(label !== undefined && label !== check.metric ? { label } : {}), metric: check.metric, rest: `${bound}${where}` };
}

/**
 * An expect check as a sentence: "P(win: vipers) `win.vipers` between 0.201 and 0.211 at
 * challenges = 3" — the label, the name in backticks (as Markdown shows code), the band and
 * the point. Given no result (`mechanic` a scenario) the name alone: "win.vipers between …".
 * A check line once named the metric only so, beside charts that named it by its label.
 */
export function describeCheck(check: ExpectResult, setup?: unknown, mechanic?: SweepMechanic): string {
  const { label, metric, rest } = checkParts(check, setup, mechanic);
  return label === undefined ? `${metric} ${rest}` : `${label} \`${metric}\` ${rest}`;
}

/** True when two points hold the same sweep values (order of keys aside). */
function samePoint(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => formatSweepValue(a[k]) === formatSweepValue(b[k]));
}

/** What the check measured: the estimate and interval at its point, when it names one. */
export function measured(result: ScenarioResult, check: ExpectResult, setup?: unknown): string {
  // A check over several points that failed: where, and what was measured there.
  // (Not when the check names that one point itself: "at X; measured at X: …".)
  const namesIt = check.point !== undefined && check.failedPoints?.length === 1 && samePoint(check.point, check.failedPoints[0]!);
  const atFailures = namesIt ? '' : measuredAtFailures(result, check, setup);
  if (atFailures) return `at ${atFailures}`;
  const at = check.point ?? (result.results.length === 1 ? result.results[0]!.point : undefined);
  // A check may name only some of the swept paths, or none: it covers every point that
  // matches them (every point, for none), and their range is said ("36 points" said nothing).
  const keys = Object.keys(at ?? {});
  const matching = at === undefined ? result.results : result.results.filter((p) => samePoint(p.point, at) || keys.every((k) => formatSweepValue(p.point[k]) === formatSweepValue(at[k])));
  const ms = matching.map((p) => p.metrics[check.metric]).filter((m): m is MetricResult => m !== undefined);
  // The exact value beside the estimate where it is known: a check is judged on the 95%
  // interval (docs/scenario-format.md), so a failure with the exact value inside the band is the
  // Monte Carlo's 1 in 20, and the reader should see that.
  const bounds = boundsOf(check);
  if (ms.length === 1) return measuredFigures(ms[0]!, bounds);
  if (ms.length > 1) {
    // The lowest and highest estimates, each with its 95% interval (a check is judged on
    // the intervals, so the range alone did not say how near the band it came).
    const low = ms.reduce((a, m) => (m.estimate < a.estimate ? m : a));
    const high = ms.reduce((a, m) => (m.estimate > a.estimate ? m : a));
    // The rows and the exact values at one precision (rowsPlaces): "≈0.3181 at every point"
    // stood beside an upper bound "0.31807" it lies under.
    const exact = exactValues(ms);
    if (low.estimate === high.estimate) {
      const within = { estimate: low.estimate, ci95: [Math.min(...ms.map((m) => m.ci95[0])), Math.max(...ms.map((m) => m.ci95[1]))] as const };
      // The span that holds every interval, rounded outward: "within [0, 0.000192]" was
      // narrower than the intervals' 0.00019204 it said it holds (a report audit). Its ends
      // are judged against the band as printed so: rounded up onto a bound they lie short
      // of, they read as touching it (a review).
      const ends = (p: number) => [Number(outward(within.ci95[0], false, p)), Number(outward(within.ci95[1], true, p))];
      const places = bandPlaces(within.ci95, bounds, rowsPlaces([within], exact), ends);
      const w = figuresAt(within, places);
      const span = `[${outward(within.ci95[0], false, places)}, ${outward(within.ci95[1], true, places)}]`;
      return `${w.estimate} at all ${ms.length} points (95% intervals within ${span})${exactRange(ms, places)}`;
    }
    const places = bandPlaces([...low.ci95, ...high.ci95], bounds, rowsPlaces([low, high], exact));
    const [l, h] = [figuresAt(low, places), figuresAt(high, places)];
    // Each interval's level said, as the headline says it of the same range (reports/headline.ts).
    return `${l.estimate} ${l.interval} to ${h.estimate} ${h.interval} over ${ms.length} points (95% intervals)${exactRange(ms, places)}`;
  }
  return 'not measured';
}

/**
 * One point's measure: "0.00523, 95% interval [0.00493, 0.00553], exact ≈0.00523", at the
 * one precision the tables give the row (sim/solve/sentence.ts rowFigures), so an exact value
 * inside the interval reads inside it. The interval's level is said, as every other interval
 * on the pages and in the CLI says it ("0.4970 [0.4751, 0.5189]" named none).
 */
function measuredFigures(m: MetricResult, bounds: readonly number[]): string {
  const f = figuresAt(m, bandPlaces(m.ci95, bounds, rowPlaces(m, tablePlaces(m.estimate))));
  return `${f.estimate}, 95% interval ${f.interval}${f.exact === undefined ? '' : `, exact ${f.exact}`}`;
}

/** The band's bounds of a check: its atLeast, atMost and between. */
function boundsOf(check: ExpectResult): number[] {
  return [check.atLeast, check.atMost, ...(check.between ?? [])].filter((x): x is number => x !== undefined);
}

/**
 * `places`, or more (up to 9; a figure under 0.001 prints three significant digits at any
 * places, so it may still read on a bound) until every interval end reads on the side of
 * every bound of the band that it lies on (as `printed` prints them, where given): a failed check's "[0.7400, 0.7477]" beside a band from 0.7477
 * read as touching it, where the interval ends at 0.747687 (a report audit).
 */
function bandPlaces(ends: readonly number[], bounds: readonly number[], places: number, printed?: (places: number) => number[]): number {
  const reads = (p: number) => printed?.(p) ?? ends.map((e) => Number(formatAt(e, p)));
  const misread = (p: number) => reads(p).some((shown, i) => bounds.some((b) => Math.sign(shown - b) !== Math.sign(ends[i]! - b)));
  while (places < 9 && misread(places)) places++;
  return places;
}

/**
 * An interval end rounded away from the inside, at `places` (three significant digits
 * under 0.001, as formatAt prints such a figure): the span it bounds then holds it.
 */
function outward(x: number, up: boolean, places: number): string {
  const shown = formatAt(x, places);
  if (up ? Number(shown) >= x : Number(shown) <= x) return shown;
  const small = Math.abs(x) < 0.001;
  const digits = small ? 2 - Math.floor(Math.log10(Math.abs(x))) : places;
  const f = 10 ** digits;
  const v = (up ? Math.ceil(x * f - 1e-9) : Math.floor(x * f + 1e-9)) / f;
  return small ? v.toPrecision(3) : v.toFixed(digits);
}

/**
 * The exact values of several points, as one point's are said beside its estimate: ", exact
 * 1 at every point", ", exact 0.1 to 0.4", ", exact 0.2 to 0.4 at 3 of the 5 points" (the
 * others have none: their notes say why); nothing where no point has one. A check over 7
 * points read "0.9993 […] to 1.0031 […]" where the exact value is 1 at every one.
 */
function exactRange(ms: readonly MetricResult[], places: number): string {
  const exact = ms.map((m) => m.exact).filter((x): x is number => x !== undefined);
  if (exact.length === 0) return '';
  const [low, high] = exactValues(ms).map((x) => exactAt(x, places));
  const some = exact.length < ms.length ? ` at ${exact.length} of the ${ms.length} points` : '';
  // One figure at every point is said once, as the estimates' "at all 7 points" is.
  if (low === high) return `, exact ${low}${some || (exact.length > 1 ? ' at every point' : '')}`;
  return `, exact ${low} to ${high}${some}`;
}

/** The lowest and highest exact value of several points; none where no point has one. */
function exactValues(ms: readonly MetricResult[]): number[] {
  const exact = ms.map((m) => m.exact).filter((x): x is number => x !== undefined);
  return exact.length === 0 ? [] : [Math.min(...exact), Math.max(...exact)];
}

/**
 * Where a check failed and what was measured there: "challenges = 3: 0.951, 95% interval
 * [0.948, 0.954]; …", at most `limit` points, then "… and N more". Empty when the check names no
 * failed points (one point, or it passed).
 */
export function measuredAtFailures(result: ScenarioResult, check: ExpectResult, setup?: unknown, limit = 5): string {
  const failed = check.failedPoints ?? [];
  const shown = failed.slice(0, limit).map((at) => {
    const m = result.results.find((p) => samePoint(p.point, at))?.metrics[check.metric];
    // The exact value where known: a failure with the exact value inside the band is the
    // Monte Carlo's 1 in 20 (as `measured` says for one point).
    return `${pointLabel(at, setup, result)}: ${m ? measuredFigures(m, boundsOf(check)) : 'not measured'}`;
  });
  if (failed.length > limit) shown.push(`… and ${failed.length - limit} more`);
  return shown.join('; ');
}

/**
 * Where a check over several points failed: "failed at challenges = 3; challenges = 4". Empty
 * when it passed, and when the check names the one point it failed at (the sentence already
 * says "at challenges = 3").
 */
export function failedAt(check: ExpectResult, setup: unknown, mechanic: SweepMechanic): string {
  const failed = check.failedPoints ?? [];
  if (failed.length === 0 || (failed.length === 1 && check.point !== undefined && samePoint(failed[0]!, check.point))) return '';
  return `failed at ${failed.map((p) => pointLabel(p, setup, mechanic)).join('; ')}`;
}
