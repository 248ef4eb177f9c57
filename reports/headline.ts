/**
 * The headline of a result: the figures the mechanic itself declares its headline (each
 * metric carries `headline: true` in the result JSON, set from the mechanic's metric
 * table), stated first on every page — the exact value first where it exists, the Monte
 * Carlo estimate and its 95% interval beside it. Nothing here picks a metric by name: a
 * result that declares no headline gets none, and the page says so.
 *
 * One point: each headline figure. A sweep: each headline figure's lowest and highest
 * value and where they are, and the figure at every point when there are few; a figure
 * the same at every point, once.
 */
import { exactSlack, type MetricResult, type PointResult, type ScenarioResult } from '../sim/result.ts';
import { chartFamily, familyLabel, metricKinds, metricLabel, metricNames } from './metrics.ts';
import { pointLabel } from './sweep.ts';
import { exactAt, figuresAt, rowFigures, rowsPlaces } from '../sim/solve/sentence.ts';

/** Up to this many points a sweep's headline lists every point. */
export const HEADLINE_POINTS_LISTED = 8;

/** The result's headline metrics, in their order in the result. */
export function headlineMetrics(result: ScenarioResult): string[] {
  return metricNames(result).filter((name) => result.results.some((p) => p.metrics[name]?.headline === true));
}

/** "0.5206 exact · estimate 0.5253 [0.5074, 0.5432]", or "0.5253 [0.5074, 0.5432]". */
export function headlineValue(m: MetricResult): { value: string; detail: string; short: string } {
  // At the one precision the tables give the row (sim/solve/sentence.ts rowFigures): the
  // exact value in the places it needs (exactFigure: four made 0.49996 read "0.5000 exact",
  // the figure a designer's target often is), the estimate and interval beside it alike.
  const f = rowFigures(m);
  if (f.exact !== undefined) return { value: f.exact, detail: `exact · estimate ${f.estimate}, 95% interval ${f.interval}`, short: 'exact' };
  // The short form says its level too: the summary bar showed a bare "[0.5074, 0.5432]" beside
  // the estimate, the only interval on the page not called 95% (a dashboard audit).
  return { value: f.estimate, detail: `estimate, 95% interval ${f.interval}`, short: `95% interval ${f.interval}` };
}

export interface HeadlineLine {
  metric: string;
  /** In the game's words: "P(win: crew)". */
  label: string;
  /** The main figure (exact where known) and what stands beside it. */
  value: string;
  detail: string;
  /** What the value is, where space is short: "exact", or "95% interval [0.5074, 0.5432]". */
  short: string;
  /** In a sweep: where this figure is. */
  where?: string;
  /** The point `where` names, as the file has it (the dashboard keeps it in a title). */
  point?: Record<string, unknown>;
}

/** The value a headline reads from a metric: its exact value where known, else the estimate. */
function best(m: MetricResult): number {
  return m.exact ?? m.estimate;
}

/**
 * The headline as lines of text, shared by the HTML, the Markdown and the dashboard.
 * For a sweep of more than HEADLINE_POINTS_LISTED points: the lowest and highest point
 * of each headline figure, each point named given the scenario's `setup` (reports/sweep.ts).
 */
export function headlineLines(result: ScenarioResult, setup?: unknown): HeadlineLine[] {
  const names = headlineMetrics(result);
  const lines: HeadlineLine[] = [];
  const one = result.results.length === 1;
  for (const name of names) {
    const at = result.results.filter((p): p is PointResult & { metrics: Record<string, MetricResult> } => p.metrics[name] !== undefined);
    if (!at.length) continue;
    const label = metricLabel(result, name);
    // One value at every point (a contest's single roll, swept over its tries): said once.
    // As a highest and a lowest, the same figure read as a range, each at "12 points, e.g."
    // one of them.
    // (Not of a figure at one point of several, as under a sweep of a side's name: that point
    // is named below, where "at all 1 points" named none, a dashboard audit.)
    const same = !one && at.length > 1 && constantValue(at.map((p) => p.metrics[name]!));
    if (same) {
      const where = at.length === result.results.length ? `all ${at.length} points` : `each of the ${at.length} points that have it (of ${result.results.length})`;
      lines.push({ metric: name, label, ...same, where });
      continue;
    }
    if (one || at.length <= HEADLINE_POINTS_LISTED) {
      // A sweep of one value names its point too: the figure is not the setup's as written
      // (a file without disadvantage swept over [6] said its odds with nothing beside them
      // but the table's heading to say at what, a report audit). A point of no sweep is the
      // setup itself, named by nothing.
      const named = (p: PointResult) => !one || Object.keys(p.point).length > 0;
      for (const p of at) lines.push({ metric: name, label, ...headlineValue(p.metrics[name]!), ...(named(p) ? { where: pointLabel(p.point, setup, result), point: p.point } : {}) });
      continue;
    }
    const sorted = [...at].sort((x, y) => best(x.metrics[name]!) - best(y.metrics[name]!));
    const low = sorted[0]!;
    const high = sorted[sorted.length - 1]!;
    // A figure several points share (0 at 20 of them) is said as such, not as one of them.
    // A Monte Carlo extreme whose 95% interval meets other points' is not known to be the
    // extreme: said so, rather than ranked by estimates the trials cannot tell apart.
    // Two exact values that are one number tie (sameExact: the guitar duel's three splits of
    // one odds differ in their last bits, and the page named one of them the best split, an
    // audit); estimates tie where they are equal.
    const tie = (a: MetricResult, b: MetricResult) => (a.exact !== undefined && b.exact !== undefined ? sameExact(a.exact, b.exact) : best(a) === best(b));
    const where = (p: PointResult) => {
      const m = p.metrics[name]!;
      const tied = at.filter((q) => tie(q.metrics[name]!, m)).length;
      const named = tied > 1 ? `${tied} points, e.g. ${pointLabel(p.point, setup, result)}` : pointLabel(p.point, setup, result);
      const close = at.filter((q) => {
        const o = q.metrics[name]!;
        if (q === p || tie(o, m) || (o.exact !== undefined && m.exact !== undefined)) return false;
        return o.ci95[0] <= m.ci95[1] && m.ci95[0] <= o.ci95[1];
      }).length;
      return close > 0 ? `${named} (not told apart by the 95% intervals from ${close} other point${close > 1 ? 's' : ''})` : named;
    };
    lines.push({ metric: name, label: `${label}, highest`, ...headlineValue(high.metrics[name]!), where: where(high), point: high.point });
    lines.push({ metric: name, label: `${label}, lowest`, ...headlineValue(low.metrics[name]!), where: where(low), point: low.point });
  }
  return lines;
}

/**
 * Two exact values that are one number: the same sum added in another order (the guitar
 * duel's 0.12983324759945145 and …147 at two splits of one odds) differs in its last bits,
 * never by a part in 10^12.
 */
function sameExact(a: number, b: number): boolean {
  // At 0 or 1 only a sum's rounding (sim/result.ts exactSlack): 2^-40 ≈ 9.09e-13 is a chance,
  // not the 0 of an impossible plan beside it (a review: "≈9.09e-13 at all 2 points").
  if (a === 0 || b === 0 || a === 1 || b === 1) return Math.abs(a - b) <= exactSlack(0);
  return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * The headline of a figure that is the same at every point, or undefined: every point's
 * exact value equal, or, where no point has one, every estimate equal (0 where a plan can
 * never succeed). Exact values equal with estimates apart give the estimates' span, since
 * each point's sample is its own; estimates equal with intervals apart (points run to their
 * own precision) give the widest interval, the one the others lie in.
 */
function constantValue(ms: readonly MetricResult[]): { value: string; detail: string; short: string } | undefined {
  const first = ms[0]!;
  if (first.exact !== undefined) {
    if (!ms.every((m) => m.exact !== undefined && sameExact(m.exact, first.exact!))) return undefined;
    // The lowest and highest estimates, each with its 95% interval, as every Monte Carlo
    // figure on the page has one ("estimates 0.4022 to 0.4063 across the points" had none).
    const low = ms.reduce((a, m) => (m.estimate < a.estimate ? m : a));
    const high = ms.reduce((a, m) => (m.estimate > a.estimate ? m : a));
    const head = headlineValue(first);
    if (low.estimate === high.estimate) return head;
    // The two rows and the exact value at one precision (rowsPlaces): "≈0.3181" stood beside
    // an upper bound "0.31807" it lies under, where that point's table row says "≈0.31806".
    const places = rowsPlaces([low, high], [first.exact]);
    const [l, h] = [figuresAt(low, places), figuresAt(high, places)];
    return { ...head, value: exactAt(first.exact, places), detail: `exact · estimates ${l.estimate} ${l.interval} to ${h.estimate} ${h.interval} across the points (95% intervals)` };
  }
  if (!ms.every((m) => m.exact === undefined && m.estimate === first.estimate)) return undefined;
  const widest = ms.reduce((w, m) => (m.ci95[1] - m.ci95[0] > w.ci95[1] - w.ci95[0] ? m : w));
  const head = headlineValue(widest);
  return ms.every((m) => m.ci95[0] === widest.ci95[0] && m.ci95[1] === widest.ci95[1]) ? head : { ...head, detail: `${head.detail} at its widest`, short: `${head.short} at its widest` };
}

export interface MetricGroup {
  /** The family's name in words; none for the headline group and for lone metrics. */
  heading?: string;
  metrics: string[];
}

/**
 * The metrics of a point in reading order: the headline first, then the lone metrics,
 * then each family of two or more (`consequence.*`, `death.*`) under its own heading.
 * A family mixing kinds (`wounded.<side>` means beside `wounded.<side>.<name>`
 * probabilities) is two groups, each headed by its own label, as the charts split it.
 */
export function groupedMetrics(result: ScenarioResult, names: readonly string[], headline: readonly string[]): MetricGroup[] {
  const kinds = metricKinds(result);
  const head = names.filter((n) => headline.includes(n));
  const rest = names.filter((n) => !headline.includes(n));
  const families = new Map<string, { family: string; members: string[] }>();
  for (const n of rest) {
    const key = `${chartFamily(n)} ${kinds.get(n) ?? ''}`;
    const group = families.get(key) ?? { family: chartFamily(n), members: [] };
    group.members.push(n);
    families.set(key, group);
  }
  const lone = [...families.values()].filter((g) => g.members.length === 1).flatMap((g) => g.members);
  const groups: MetricGroup[] = [];
  if (head.length) groups.push({ heading: 'headline', metrics: head });
  if (lone.length) groups.push({ heading: head.length ? 'other figures' : undefined, metrics: lone });
  for (const { family, members } of families.values()) if (members.length > 1) groups.push({ heading: familyLabel(result, family, members), metrics: members });
  return groups;
}
