/**
 * What the dashboard draws for a result: a list of panels, each a chart (an SVG string
 * from the report charts, reports/charts/, or the dashboard's own) and the table beside
 * it with the same numbers. The choice follows reports/charts/index.ts (chartsFor) — one
 * point: estimates with intervals; one swept path: lines over it; two or more: a heatmap;
 * distributions, fans and rank shares where the result has them — with the dashboard's
 * additions: the VDP split comparison, a heatmap metric the designer picks, and at-least
 * / at-most views of every distribution.
 */
import type { PointResult, ScenarioResult } from '../../sim/result.ts';
import { type MetricKind, chartFamily, familyLabel, metricKinds, metricLabel } from '../../reports/metrics.ts';
import { formatSweepValue, pointLabel, sweepLabel } from '../../reports/sweep.ts';
import { deathMetrics, deathOdds } from '../../reports/charts/deathOdds.ts';
import { MAX_DISTRIBUTION_PANELS, distributionBars, distributionLabel } from '../../reports/charts/distributionBars.ts';
import { estimatesAtPoint } from '../../reports/charts/estimatesAtPoint.ts';
import { MAX_FAN_PANELS, fanOverTurns, hasFan } from '../../reports/charts/fanOverTurns.ts';
import { metricHeatmap } from '../../reports/charts/metricHeatmap.ts';
import { metricsOverSweep } from '../../reports/charts/metricsOverSweep.ts';
import { shareDemotedByTurn, shareSeriesKey } from '../../reports/charts/shareDemotedByTurn.ts';
import { SERIES_LABELS } from '../../reports/charts/campaignSeries.ts';
import { axisValues, pointTrials, sweepAxes, wilson95 } from '../../reports/charts/shared.ts';
import { splitAxis, splitComparison, splitLabel, splitMetrics, splitTitle } from './splitComparison.ts';
import { estimateCell, intervalCell, numberCell, textCell, type Table, type TableCell } from './table.ts';

/** How a distribution is read: P(X = x), P(X ≥ x) or P(X ≤ x). */
export type DistributionView = 'exactly' | 'atLeast' | 'atMost';

export const DISTRIBUTION_VIEWS: Record<DistributionView, string> = {
  exactly: 'exactly',
  atLeast: 'at least',
  atMost: 'at most',
};

export interface Panel {
  /** Unique within the result: `probabilities`, `heatmap-success`, `distribution-successes`… */
  name: string;
  title: string;
  svg: string;
  table: Table;
  /** For a distribution panel: its key and the view drawn. */
  distribution?: { key: string; view: DistributionView };
}

export interface PanelOptions {
  /** The sweep's paths, from the plan (a live result may not have reached every point). */
  axes?: string[];
  /** Points the scenario has in all; 1 draws the one-point charts. */
  pointCount?: number;
  /** The metric a two-path heatmap shows; default as chartsFor (an expect metric, else the first probability). */
  heatmapMetric?: string;
  /** The view of each distribution by key; default `exactly`. */
  distributionViews?: Record<string, DistributionView>;
}

const SYMBOL: Record<DistributionView, string> = { exactly: '=', atLeast: '≥', atMost: '≤' };

/** A distribution's shares (or exact probabilities) as P(X ≥ x) or P(X ≤ x). */
export function cumulative(p: readonly number[], view: DistributionView): number[] {
  if (view === 'exactly') return p.slice();
  const out = new Array<number>(p.length);
  let sum = 0;
  if (view === 'atLeast') {
    for (let i = p.length - 1; i >= 0; i--) out[i] = Math.min(1, (sum += p[i]!));
  } else {
    for (let i = 0; i < p.length; i++) out[i] = Math.min(1, (sum += p[i]!));
  }
  return out;
}

/** The result with distribution `key` in `view` (the chart draws the shares it is given). */
function withView(result: ScenarioResult, key: string, view: DistributionView): ScenarioResult {
  if (view === 'exactly') return result;
  return {
    ...result,
    results: result.results.map((p) => {
      const d = p.distributions?.[key];
      if (!d) return p;
      const next = { ...d, p: cumulative(d.p, view), ...(d.exact ? { exact: cumulative(d.exact, view) } : {}) };
      return { ...p, distributions: { ...p.distributions, [key]: next } };
    }),
  };
}

function metricCells(m: PointResult['metrics'][string] | undefined, kind: MetricKind): TableCell[] {
  return [numberCell(m?.estimate, kind), intervalCell(m?.ci95, kind), numberCell(m?.exact, kind)];
}

const ESTIMATE_COLUMNS = ['estimate', '95% interval', 'exact'];

export function panelsFor(result: ScenarioResult, options: PanelOptions = {}): Panel[] {
  const panels: Panel[] = [];
  if (result.results.length === 0) return panels;
  const kinds = metricKinds(result);
  const metrics = [...kinds.keys()];
  const axes = options.axes ?? sweepAxes(result);
  const pointCount = options.pointCount ?? result.results.length;
  const mechanic = result.mechanic;
  const label = (m: string) => metricLabel(result, m);

  // The VDP split comparison: one chart of what a split trades, ahead of everything else.
  const split = splitAxis(result);
  const traded = split ? splitMetrics(result) : [];
  if (split && traded.length && pointCount > 1) {
    const others = axes.filter((a) => a !== split);
    panels.push({
      name: 'split',
      title: splitTitle(result),
      svg: splitComparison(result, split, traded),
      // One row per point, one column per outcome (interval and exact on hover).
      table: {
        columns: ['split', ...others.map(sweepLabel), ...traded.map(label)],
        rows: result.results.map((p) => [
          textCell(splitLabel(p.point[split])),
          ...others.map((a) => textCell(formatSweepValue(p.point[a]))),
          ...traded.map((m) => estimateCell(p.metrics[m], 'probability')),
        ]),
      },
    });
  }
  const shownBySplit = new Set(panels.length ? traded : []);

  if (pointCount === 1) {
    const point = result.results[0]!;
    const deaths = deathMetrics(point);
    const probabilities = metrics.filter((m) => kinds.get(m) === 'probability' && !deaths.includes(m));
    const means = metrics.filter((m) => kinds.get(m) === 'mean');
    const atPoint = (name: string, title: string, list: string[], kind: MetricKind, svg: string) =>
      panels.push({
        name,
        title,
        svg,
        table: { columns: ['', ...ESTIMATE_COLUMNS], rows: list.map((m) => [textCell(label(m)), ...metricCells(point.metrics[m], kind)]) },
      });
    if (probabilities.length) {
      atPoint('probabilities', 'Probabilities', probabilities, 'probability', estimatesAtPoint(point, probabilities, { kind: 'probability', mechanic }));
    }
    if (means.length) atPoint('means', 'Means', means, 'mean', estimatesAtPoint(point, means, { kind: 'mean', mechanic }));
    if (deaths.length) atPoint('death-odds', 'Death odds per combatant', deaths, 'probability', deathOdds(point));
  } else if (axes.length === 1) {
    const axis = axes[0]!;
    const families = new Map<string, string[]>();
    for (const m of metrics) {
      if (shownBySplit.has(m)) continue;
      families.set(chartFamily(m), [...(families.get(chartFamily(m)) ?? []), m]);
    }
    for (const [family, members] of families) {
      for (const kind of ['probability', 'mean'] as const) {
        const same = members.filter((m) => kinds.get(m) === kind);
        if (!same.length) continue;
        panels.push({
          name: `over-${family}${same.length === members.length ? '' : `-${kind}`}`,
          title: `${familyLabel(result, family, same)} by ${sweepLabel(axis)}`,
          svg: metricsOverSweep(result, same, { kind, axis }),
          table: {
            columns: [sweepLabel(axis), ...(same.length > 1 ? [''] : []), ...ESTIMATE_COLUMNS],
            rows: result.results.flatMap((p) =>
              same.map((m) => [
                textCell(formatSweepValue(p.point[axis])),
                ...(same.length > 1 ? [textCell(label(m))] : []),
                ...metricCells(p.metrics[m], kind),
              ]),
            ),
          },
        });
      }
    }
  } else if (axes.length >= 2) {
    const metric = heatmapMetric(result, options.heatmapMetric);
    const kind = kinds.get(metric)!;
    panels.push({
      name: `heatmap-${metric}`,
      title: `${label(metric)} by ${sweepLabel(axes[0]!)} and ${sweepLabel(axes[1]!)}`,
      svg: metricHeatmap(result, metric, { kind, axes: [axes[0]!, axes[1]!] }),
      table: heatmapTable(result, metric, kind, axes),
    });
  }

  const distributionKeys = [...new Set(result.results.flatMap((p) => Object.keys(p.distributions ?? {})))];
  for (const key of distributionKeys) {
    const points = result.results.filter((p) => p.distributions?.[key]);
    if (points.length > MAX_DISTRIBUTION_PANELS) continue;
    const view = options.distributionViews?.[key] ?? 'exactly';
    const shown = withView(result, key, view);
    const what = distributionLabel(result, key);
    panels.push({
      name: `distribution-${key}`,
      title: view === 'exactly' ? `Distribution of ${what}` : `Distribution of ${what}: P(${what} ${SYMBOL[view]} x)`,
      svg: distributionBars(shown, key),
      distribution: { key, view },
      table: {
        columns: [...(points.length > 1 ? ['point'] : []), what, `P(${SYMBOL[view]} x)`, '95% interval', 'exact'],
        rows: shown.results
          .filter((p) => p.distributions?.[key])
          .flatMap((p) => {
            const d = p.distributions![key]!;
            const n = pointTrials(result, p);
            return d.x.map((x, i) => [
              ...(points.length > 1 ? [textCell(pointLabel(p.point))] : []),
              textCell(String(x)),
              numberCell(d.p[i], 'probability'),
              intervalCell(wilson95(d.p[i]!, n), 'probability'),
              numberCell(d.exact?.[i], 'probability'),
            ]);
          }),
      },
    });
  }

  const seriesKeys = [...new Set(result.results.flatMap((p) => Object.keys(p.series ?? {})))];
  const seriesPoints = result.results.filter((p) => p.series);
  if (seriesPoints.length <= MAX_FAN_PANELS) {
    const pointColumn = seriesPoints.length > 1;
    for (const key of seriesKeys) {
      if (!hasFan(result, key)) continue;
      panels.push({
        name: `fan-${key}`,
        title: `${SERIES_LABELS[key] ?? key} by turn`,
        svg: fanOverTurns(result, key),
        table: {
          columns: [...(pointColumn ? ['point'] : []), 'turn', '10th', 'median', '90th', 'mean'],
          rows: seriesPoints.flatMap((p) => {
            const s = p.series![key];
            if (!s) return [];
            return s.turn.map((turn, i) => [
              ...(pointColumn ? [textCell(pointLabel(p.point))] : []),
              textCell(String(turn)),
              ...(['p10', 'p50', 'p90', 'mean'] as const).map((c) => numberCell(s[c]?.[i], 'mean')),
            ]);
          }),
        },
      });
    }
    const shareKey = shareSeriesKey(result);
    if (shareKey !== undefined) {
      panels.push({
        name: 'rank-shares',
        title: 'Share of trials below or above the starting rank, by turn',
        svg: shareDemotedByTurn(result, shareKey),
        table: {
          columns: [...(pointColumn ? ['point'] : []), 'turn', 'below start', 'above start'],
          rows: seriesPoints.flatMap((p) => {
            const s = p.series![shareKey];
            if (!s) return [];
            return s.turn.map((turn, i) => [
              ...(pointColumn ? [textCell(pointLabel(p.point))] : []),
              textCell(String(turn)),
              numberCell(s.demoted?.[i], 'probability'),
              numberCell(s.promoted?.[i], 'probability'),
            ]);
          }),
        },
      });
    }
  }
  // Titles start with a capital, as chartsFor's do ("company rank by turn" → "Company rank by turn").
  return panels.map((p) => ({ ...p, title: p.title.charAt(0).toUpperCase() + p.title.slice(1) }));
}

/**
 * A heatmap's numbers: the second path down, the first across, as the chart has them
 * (first value of the second path at the bottom there, at the top here, as tables read);
 * with a third path, one row per point instead.
 */
function heatmapTable(result: ScenarioResult, metric: string, kind: MetricKind, axes: string[]): Table {
  const [across, up] = [axes[0]!, axes[1]!];
  if (axes.length > 2) {
    return {
      columns: ['point', ...ESTIMATE_COLUMNS],
      rows: result.results.map((p) => [textCell(pointLabel(p.point)), ...metricCells(p.metrics[metric], kind)]),
    };
  }
  const acrossValues = axisValues(result.results, across);
  const upValues = axisValues(result.results, up);
  const find = (a: unknown, u: unknown) =>
    result.results.find((p) => formatSweepValue(p.point[across]) === formatSweepValue(a) && formatSweepValue(p.point[up]) === formatSweepValue(u));
  return {
    columns: [`${sweepLabel(up)} \\ ${sweepLabel(across)}`, ...acrossValues.map(formatSweepValue)],
    rows: upValues.map((u) => [textCell(formatSweepValue(u)), ...acrossValues.map((a) => estimateCell(find(a, u)?.metrics[metric], kind))]),
  };
}

/** The metric a heatmap shows: the one asked for, else as chartsFor (an expect metric, else the first probability). */
export function heatmapMetric(result: ScenarioResult, asked?: string): string {
  const kinds = metricKinds(result);
  const metrics = [...kinds.keys()];
  if (asked && kinds.has(asked)) return asked;
  const fromChecks = result.expect.map((e) => e.metric).filter((m) => kinds.has(m));
  return fromChecks[0] ?? metrics.find((m) => kinds.get(m) === 'probability') ?? metrics[0]!;
}

/** The metrics a heatmap may show (every metric of the result), labelled. */
export function heatmapChoices(result: ScenarioResult): { metric: string; label: string }[] {
  return [...metricKinds(result).keys()].map((m) => ({ metric: m, label: metricLabel(result, m) }));
}
