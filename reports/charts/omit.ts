/**
 * Charts that would show nothing are left out, each with one line saying so (issue "no
 * silent wrong answers": a chart of zeros, or seven identical panels, reads as a finding):
 *
 * - a family of metrics that takes one value in every trial at every point (fled: 0
 *   where nobody flees);
 * - a distribution of a single value (deaths: always 0);
 * - a distribution the same at every point of the sweep: drawn once, for the first point
 *   (named where its Monte Carlo bars are that point's alone).
 *
 * And every SVG file gets its title as a `<title>`, so a file opened on its own says what
 * it shows.
 */
import type { DistributionResult, MetricResult, ScenarioResult } from '../../sim/result.ts';
import { exactFigure, rowFigures } from '../../sim/solve/sentence.ts';
import { memberLabels } from '../metrics.ts';

function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/**
 * The SVG with its title as its first child, and as one image named by it (`role="img"`,
 * `aria-label`): a screen reader met Plot's inner groups ("dot", "line") one by one, inline
 * in a page, and no name for the whole (a report audit). The table beside each chart holds
 * its numbers.
 */
export function withSvgTitle(svg: string, title: string): string {
  const label = escapeXml(title).replace(/"/g, '&quot;');
  return svg.replace(/^<svg\b([^>]*)>/, `<svg$1 role="img" aria-label="${label}"><title>${escapeXml(title)}</title>`);
}

/**
 * The one value a metric takes in every trial at every point: at each point an exact value
 * equal to it, or a Monte Carlo estimate that shows every trial gave it (an interval of no
 * width; 0, as counts and shares are never below it; a share of 1), the same everywhere.
 *
 * A metric laid out at some points only (`alliesFreed` exists where the buy is made) varies
 * with the sweep: no constant. Equal estimates are not enough: a mean of 0.6365 [0.6248,
 * 0.6482] at one point was said to be "0.6365 at every point" and its chart left out (an
 * audit), and two points' means can meet by chance.
 */
export function constantValue(result: ScenarioResult, metric: string): number | undefined {
  const ms = result.results.map((p) => p.metrics[metric]);
  if (!ms.length || ms.some((m) => m === undefined)) return undefined;
  const v = ms[0]!.estimate;
  const fixed = (m: MetricResult) =>
    m.exact !== undefined
      ? Math.abs(m.exact - v) < 1e-9
      : m.estimate === v && (v === 0 || (m.kind === 'probability' && v === 1) || (m.ci95[0] === v && m.ci95[1] === v));
  return ms.every((m) => m!.estimate === v && fixed(m!)) ? v : undefined;
}

/**
 * The Monte Carlo figures among `ms` whose value is not known beyond the trials, or none: a
 * share of 1 in every trial is no certainty, its 95% interval [0.99981, 1] says how sure.
 * The widest, which holds what the others say.
 */
function widestSampled(ms: readonly MetricResult[]): MetricResult | undefined {
  const sampled = ms.filter((m) => m.exact === undefined && m.ci95[1] > m.ci95[0]);
  return sampled.length ? sampled.reduce((w, m) => (m.ci95[1] - m.ci95[0] > w.ci95[1] - w.ci95[0] ? m : w)) : undefined;
}

/** The line for a family chart left out (every member constant), or undefined to draw it. */
export function constantFamilyNote(result: ScenarioResult, members: string[], chartTitle: string): string | undefined {
  const constants = members.map((m) => constantValue(result, m));
  if (!constants.every((c) => c !== undefined)) return undefined;
  const values = [...new Set(constants)];
  // Said as the trials' finding where it is one (an audit: "1 at every point" of a campaign's
  // P(rank above start), estimated 1 [0.99981, 1] at 8,000 trials, read as a certainty; at
  // 200,000 it is 0.999995 [0.999972, 0.999999]).
  const widest = widestSampled(members.flatMap((m) => result.results.map((p) => p.metrics[m]!)));
  const names = memberLabels(result, members);
  // Where some members are exact, the interval is the others' alone, and says whose (an
  // audit: "[0, 0.000192] at its widest for received, spent on purchases", the coins
  // received exact).
  const sampledMembers = members.filter((m) => widestSampled(result.results.map((p) => p.metrics[m]!)) !== undefined);
  const whose = members.length > 1 && sampledMembers.length < members.length ? `, of ${sampledMembers.map((m) => names.get(m)!).join(', ')}` : '';
  const sampled = widest ? ` in every Monte Carlo trial (95% interval ${rowFigures(widest).interval}${result.results.length * members.length > 1 ? ' at its widest' : ''}${whose})` : '';
  // Each member's value, said: "the same at every point for received, spent on purchases"
  // left the reader to guess that received was 52 and spent 0 (a report audit). A value as
  // every page prints an exact one (exactFigure: whole, or rounded and marked "≈").
  const what = values.length === 1
    ? `${exactFigure(values[0]!)} at every point${sampled}${members.length > 1 ? ` for ${members.map((m) => names.get(m)!).join(', ')}` : ''}`
    : `${members.map((m, i) => `${exactFigure(constants[i]!)} for ${names.get(m)!}`).join(', ')}, at every point${sampled}`;
  return `Not drawn: ${chartTitle} — ${what}.`;
}

/** The same distribution: the same values, and the same exact shares (or, without them, the same shares). */
function sameDistribution(a: DistributionResult, b: DistributionResult): boolean {
  if (!close(a.x, b.x)) return false;
  return a.exact && b.exact ? close(a.exact, b.exact, 1e-9) : close(a.p, b.p);
}

/** The same numbers, each within `tol`. */
function close(x?: readonly number[], y?: readonly number[], tol = 0): boolean {
  return x !== undefined && y !== undefined && x.length === y.length && x.every((v, i) => Math.abs(v - y[i]!) <= tol);
}

export type DistributionVerdict =
  | { kind: 'draw'; note?: undefined }
  | { kind: 'omit'; note: string }
  /** Draw `result`: the first point alone. */
  | { kind: 'once'; note: string; result: ScenarioResult };

export function distributionVerdict(result: ScenarioResult, key: string, label: string, pointText: (point: Record<string, unknown>) => string = () => 'the first point'): DistributionVerdict {
  const at = result.results.filter((p) => p.distributions?.[key]);
  if (!at.length) return { kind: 'draw' };
  const first = at[0]!.distributions![key]!;
  // The one value a point's distribution takes, null where it takes none (no trial
  // recorded one: left out, as before), or undefined where it takes more than one.
  const only = (d: DistributionResult): number | null | undefined => {
    const taken = d.x.filter((_, i) => d.p[i]! > 0 || (d.exact?.[i] ?? 0) > 1e-12);
    return taken.length === 0 ? null : taken.length === 1 ? taken[0] : undefined;
  };
  const values = at.map((p) => only(p.distributions![key]!));
  const seen = [...new Set(values.filter((v) => v !== null))];
  // One value, and the same one, at every point. A single value at each point that is not
  // the same everywhere is drawn: "always 1 at every point" was said of steps that were
  // always 1 at one point and always 2 at the other (an audit).
  // A point no trial recorded a value at, beside others that did, is no "always" (a review).
  if (!values.includes(undefined) && (seen.length === 0 || (seen.length === 1 && !values.includes(null)))) {
    return { kind: 'omit', note: `Not drawn: the distribution of ${label} — always ${seen[0] ?? 'the same value'}${at.length > 1 ? ' at every point' : ''}.` };
  }
  if (at.length > 1 && at.every((p) => sameDistribution(p.distributions![key]!, first))) {
    // Alike by their exact shares, the points' Monte Carlo bars still differ: the chart's
    // are the first point's, and the note names it (an audit: unnamed, they read as every
    // point's).
    const sampled = first.exact !== undefined && at.some((p) => !close(p.distributions![key]!.p, first.p));
    const whose = sampled ? ` (its Monte Carlo bars are those of ${pointText(at[0]!.point)}; the exact shares are every point's)` : '';
    return {
      kind: 'once',
      note: `The distribution of ${label} is the same at every point${first.exact ? ' (exactly)' : ''}: drawn once${whose}.`,
      result: { ...result, results: [{ ...at[0]!, point: {} }] },
    };
  }
  return { kind: 'draw' };
}

