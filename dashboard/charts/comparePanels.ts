/**
 * The compare view as panels: for each kind of metric, A and B side by side, then B − A
 * with its interval (model/compare.ts) — each chart with its table. Points pair up by
 * index: B is A with one value changed, so both have the same sweep.
 */
import type { PointResult, ScenarioResult } from '../../sim/result.ts';
import { headlineMetrics } from '../../reports/headline.ts';
import { matchKey } from '../../sim/diff.ts';
import { type MetricKind, metricKinds, metricLabel } from '../../reports/metrics.ts';
import { pointLabel, sweepValueLabel, type SweepMechanic } from '../../reports/sweep.ts';
import { difference } from '../model/compare.ts';
import { compareDifference, compareEstimates, type CompareRow } from './compareCharts.ts';
import { droppedPickNote, type Panel } from './panels.ts';
import { differenceCell, estimateRowCells, signedIntervalCell, signedNumberCell, textCell, type ExactPending } from './table.ts';

export interface CompareOptions {
  /** With a sweep, the one metric compared at every point; default the headline figure B's change moves (comparedMetric). */
  metric?: string;
  /** `metric` in the game's words, as it was picked: said where A's result does not have it (droppedPickNote). */
  metricLabel?: string;
  /** A's setup: sweep paths then name list items ("guards › guard › how many", reports/sweep.ts). */
  setup?: unknown;
  /** B's sweep shifted by B's change (model/compare.ts sweepOverlap): B's point for A's has this path's value + `by`. */
  shift?: { path: string; by: number };
  /** A live result's points marked `exactPending`: being computed (default), or not computed before a stop. */
  exactPending?: ExactPending;
}

/**
 * A's points each with B's, by their values (a run in flight or stopped has only the
 * points with trials back, on each side its own): never by position in the lists.
 */
function pairedPoints(a: ScenarioResult, b: ScenarioResult, shift: CompareOptions['shift']): [PointResult, PointResult][] {
  const bPoints = new Map(b.results.map((pb) => [matchKey(pb.point), pb]));
  return a.results.flatMap((pa): [PointResult, PointResult][] => {
    const wanted = shift && typeof pa.point[shift.path] === 'number' ? { ...pa.point, [shift.path]: (pa.point[shift.path] as number) + shift.by } : pa.point;
    const pb = bPoints.get(matchKey(wanted));
    return pb ? [[pa, pb]] : [];
  });
}

/**
 * The metric compared point by point in a sweep: the one asked for, else the mechanic's
 * headline figure (its metric spec's `headline`, as the page's headline and the reports lead
 * with it), else the first probability. Of several headline figures, the first that B's
 * change can move: one whose exact value B shares with A at every point is passed over (a
 * Sorcerer contest's P(win) under the rule for repeating a task, where only P(side A wins
 * within its tries) moves), since a comparison opened on it shows nothing.
 */
export function comparedMetric(a: ScenarioResult, options: CompareOptions = {}, b?: ScenarioResult): string | undefined {
  const kinds = metricKinds(a);
  const names = [...kinds.keys()];
  if (options.metric && kinds.has(options.metric)) return options.metric;
  const pairs = b ? pairedPoints(a, b, options.shift) : [];
  const unmoved = (metric: string) =>
    pairs.length > 0 &&
    pairs.every(([pa, pb]) => {
      const x = pa.metrics[metric]?.exact;
      const y = pb.metrics[metric]?.exact;
      return x !== undefined && y !== undefined && Math.abs(x - y) <= 1e-12;
    });
  const headlines = headlineMetrics(a);
  return headlines.find((m) => !unmoved(m)) ?? headlines[0] ?? names.find((m) => kinds.get(m) === 'probability') ?? names[0];
}

/**
 * A row of a swept comparison: A's point, and where B's differs (a swept number B changes
 * is shifted in B's sweep, model/compare.ts): "challenges = 3 (B: 4)".
 */
function pairLabel(a: Record<string, unknown>, b: Record<string, unknown>, setup: unknown, mechanic: SweepMechanic): string {
  const parts = Object.keys(a).map((k) => {
    const one = pointLabel({ [k]: a[k] }, setup, mechanic);
    return JSON.stringify(a[k]) === JSON.stringify(b[k]) ? one : `${one} (B: ${sweepValueLabel(k, b[k], setup, mechanic)})`;
  });
  return parts.length ? parts.join(', ') : pointLabel(a, setup, mechanic);
}

/** Rows of the comparison: every metric at one point, or one metric at every point. */
export function compareRows(a: ScenarioResult, b: ScenarioResult, options: CompareOptions = {}): CompareRow[] {
  const kinds = metricKinds(a);
  const names = [...kinds.keys()];
  const onePoint = a.results.length === 1 && b.results.length === 1;
  const chosen = comparedMetric(a, options, b);
  const rows: CompareRow[] = [];
  for (const [pa, pb] of pairedPoints(a, b, options.shift)) {
    for (const metric of onePoint ? names : chosen ? [chosen] : []) {
      const ma = pa.metrics[metric];
      const mb = pb.metrics[metric];
      if (!ma || !mb) continue;
      rows.push({
        label: onePoint ? metricLabel(a, metric) : pairLabel(pa.point, pb.point, options.setup, a),
        kind: kinds.get(metric)!,
        a: ma,
        b: mb,
        difference: difference(ma, mb),
        ...(pa.exactPending ? { exactPendingA: true } : {}),
        ...(pb.exactPending ? { exactPendingB: true } : {}),
      });
    }
  }
  return rows;
}

/**
 * Metrics that only one of A and B reports (B renamed a side or a combatant, or changed
 * what is counted): they cannot be paired, so the comparison leaves them out, and says
 * which, in the game's words.
 */
export function unpairedMetrics(a: ScenarioResult, b: ScenarioResult): { onlyA: string[]; onlyB: string[] } {
  const inA = Object.keys(a.results[0]?.metrics ?? {});
  const inB = Object.keys(b.results[0]?.metrics ?? {});
  return {
    onlyA: inA.filter((m) => !inB.includes(m)).map((m) => metricLabel(a, m)),
    onlyB: inB.filter((m) => !inA.includes(m)).map((m) => metricLabel(b, m)),
  };
}

export function comparePanels(a: ScenarioResult, b: ScenarioResult, options: CompareOptions = {}): Panel[] {
  const rows = compareRows(a, b, options);
  const panels: Panel[] = [];
  const onePoint = a.results.length === 1;
  for (const kind of ['probability', 'mean'] as MetricKind[]) {
    const same = rows.filter((r) => r.kind === kind);
    if (!same.length) continue;
    const label = metricLabel(a, comparedMetric(a, options, b) ?? '');
    // Each side's exact value beside its estimate where either has one (a single-roll
    // mechanic), as every other table of the page has.
    // A point whose exact values are still to come may have one: its column stays, saying so.
    const exact = same.some((r) => r.a.exact !== undefined || r.b.exact !== undefined || r.exactPendingA || r.exactPendingB);
    const pendingWord = options.exactPending ?? 'computing';
    const side = (name: string) => [name, `${name} 95% interval`, ...(exact ? [`${name} exact`] : [])];
    const cells = (m: CompareRow['a'], pending?: boolean) => estimateRowCells(m, kind, pending ? pendingWord : undefined).slice(0, exact ? 3 : 2);
    const what = onePoint ? (kind === 'probability' ? 'Probabilities' : 'Means') : label.charAt(0).toUpperCase() + label.slice(1);
    panels.push({
      name: `compare-${kind}`,
      title: `${what}: A and B`,
      svg: compareEstimates(same, kind),
      table: {
        columns: ['', ...side('A'), ...side('B')],
        rows: same.map((r) => [textCell(r.label), ...cells(r.a, r.exactPendingA), ...cells(r.b, r.exactPendingB)]),
      },
    });
    panels.push({
      name: `difference-${kind}`,
      title: `${what}: B − A`,
      svg: compareDifference(same, kind),
      table: {
        // Its exact column where A and B's table has theirs: one of nothing but "—" stood
        // beside an A and B table with none (sorcerer/conflict swept, Compare on: a review).
        columns: ['', 'B − A', '95% interval', ...(exact ? ['exact'] : [])],
        rows: same.map((r) => [
          textCell(r.label),
          signedNumberCell(r.difference.estimate, kind, r.difference.ci95),
          signedIntervalCell(r.difference.ci95, kind),
          ...(exact ? [differenceCell(r.difference.exact, r.exactPendingA || r.exactPendingB ? pendingWord : undefined)] : []),
        ]),
      },
    });
  }
  // A metric picked that A's result does not have (an edit took it out, or changed what the
  // setup measures so it could not be followed): the default is compared, and the first
  // panel says so, as the heatmap's does (it fell back unsaid, the select showing the default).
  const dropped = onePoint || !panels.length ? undefined : droppedPickNote('comparison', options.metric, options.metricLabel, metricKinds(a), [metricLabel(a, comparedMetric(a, options, b) ?? '')]);
  return dropped ? [{ ...panels[0]!, note: dropped }, ...panels.slice(1)] : panels;
}
