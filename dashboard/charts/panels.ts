/**
 * What the dashboard draws for a result: a list of panels, each a chart and the table
 * beside it with the same numbers. Which charts a result gets is the report's chart plan
 * (reports/charts/plan.ts), not decided again here; the dashboard adds the VDP split
 * comparison ahead of them, lets the designer pick the heatmap's metric, and shows each
 * distribution as P(X = x), P(X ≥ x) or P(X ≤ x).
 */
import type { PointResult, ScenarioResult } from '../../sim/result.ts';
import { type MetricKind, metricKinds, metricLabel } from '../../reports/metrics.ts';
import { formatSweepValue, pointFileText, pointLabel, sweepLabel, sweepValueLabel, type SweepMechanic } from '../../reports/sweep.ts';
import { distributionLabel } from '../../reports/charts/distributionBars.ts';
import { chartPlan, defaultHeatmapMetrics } from '../../reports/charts/plan.ts';
import { binInterval, heatmapAxisValues, pointTrials, sweepAxes } from '../../reports/charts/shared.ts';
import { splitAxis, splitComparison, splitLabel, splitMetrics, splitTitle } from './splitComparison.ts';
import { estimateCell, estimateRowCells, formatValue, textCell, type ExactPending, type Table, type TableCell } from './table.ts';

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
  /** A line said above the chart: a heatmap's or Compare's first, where the metric picked for it is not one of the result's (droppedPickNote). */
  note?: string;
}

export interface PanelOptions {
  /** The scenario's setup: sweep paths then name list items ("guards › guard › how many"). */
  setup?: unknown;
  /** The sweep's paths, from the plan (a live result may not have reached every point). */
  axes?: string[];
  /** Points the scenario has in all; 1 draws the one-point charts. */
  pointCount?: number;
  /** The metric a two-path heatmap shows; default as chartsFor (an expect metric, else the first probability). */
  heatmapMetric?: string;
  /** `heatmapMetric` in the game's words, as it was picked: said where the result does not have it (droppedPickNote). */
  heatmapLabel?: string;
  /** The view of each distribution by key; default `exactly`. */
  distributionViews?: Record<string, DistributionView>;
  /** Receives a line for each chart of the plan left out because it would show nothing (reports/charts/omit.ts). */
  notes?: string[];
  /** A live result's points marked `exactPending`: being computed (default), or not computed before a stop. */
  exactPending?: ExactPending;
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
      // The bins' own intervals are not the cumulative shares': left out, each cumulative
      // share gets its own (a share of the trials too, binInterval).
      const { ci95: _bins, ...rest } = d;
      const next = { ...rest, p: cumulative(d.p, view), ...(d.exact ? { exact: cumulative(d.exact, view) } : {}) };
      return { ...p, distributions: { ...p.distributions, [key]: next } };
    }),
  };
}

function metricCells(m: PointResult['metrics'][string] | undefined, kind: MetricKind, pending?: ExactPending): TableCell[] {
  return estimateRowCells(m, kind, pending);
}

const ESTIMATE_COLUMNS = ['estimate', '95% interval', 'exact'];

export function panelsFor(result: ScenarioResult, options: PanelOptions = {}): Panel[] {
  const panels: Panel[] = [];
  if (result.results.length === 0) return panels;
  const kinds = metricKinds(result);
  const axes = options.axes ?? sweepAxes(result);
  const pointCount = options.pointCount ?? result.results.length;
  const label = (m: string) => metricLabel(result, m);
  // A point whose exact values are still to come says so in its exact cells (PointResult.exactPending).
  const pending = (p: PointResult): ExactPending | undefined => (p.exactPending ? (options.exactPending ?? 'computing') : undefined);

  // The VDP split comparison: one chart of what a split trades, ahead of the plan's.
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
        columns: ['split', ...others.map((a) => sweepLabel(a, options.setup, result)), ...traded.map(label)],
        rows: result.results.map((p) => [
          textCell(splitLabel(p.point[split])),
          ...others.map((a) => valueCell(a, p.point[a], options.setup, result)),
          ...traded.map((m) => estimateCell(p.metrics[m], 'probability')),
        ]),
      },
    });
  }

  // Then every chart of the plan the report draws, each with its numbers beside it.
  const asked = options.heatmapMetric !== undefined && kinds.has(options.heatmapMetric) ? [options.heatmapMetric] : undefined;
  const plan = chartPlan(result, { axes, pointCount, heatmapMetrics: asked, setup: options.setup, notes: options.notes });
  // A metric picked that the result does not have (an edit took it out, or changed what the
  // setup measures so it could not be followed): the default is drawn, and the first heatmap
  // says so (it fell back silently, the panel's title naming only the metric shown).
  const dropped = droppedPickNote('heatmap', options.heatmapMetric, options.heatmapLabel, kinds, plan.filter((c) => c.kind === 'heatmap').map((c) => label(c.metrics[0]!)));
  let heatmaps = 0;
  for (const chart of plan) {
    const kind = chart.metricKind ?? 'probability';
    const panel = (table: Table, svg = chart.draw(), title = chart.title): Panel => ({ name: chart.name, title, svg, table });
    switch (chart.kind) {
      case 'probabilities':
      case 'means':
      case 'death-odds': {
        const point = result.results[0]!;
        panels.push(panel({ columns: ['', ...ESTIMATE_COLUMNS], rows: chart.metrics.map((m) => [textCell(label(m)), ...metricCells(point.metrics[m], kind, pending(point))]) }));
        break;
      }
      case 'over': {
        const axis = chart.axes[0]!;
        const same = chart.metrics;
        panels.push(
          panel({
            columns: [sweepLabel(axis, options.setup, result), ...(same.length > 1 ? [''] : []), ...ESTIMATE_COLUMNS],
            rows: result.results.flatMap((p) =>
              same.map((m) => [
                valueCell(axis, p.point[axis], options.setup, result),
                ...(same.length > 1 ? [textCell(label(m))] : []),
                ...metricCells(p.metrics[m], kind, pending(p)),
              ]),
            ),
          }),
        );
        break;
      }
      case 'heatmap':
        panels.push({ ...panel(heatmapTable(result, chart.metrics[0]!, kind, chart.axes, options.setup, pending)), ...(dropped && heatmaps++ === 0 ? { note: dropped } : {}) });
        break;
      case 'distribution': {
        const key = chart.key!;
        // The same at every point: one point's numbers, as its chart draws them.
        const points = result.results.filter((p) => p.distributions?.[key]).slice(0, chart.once ? 1 : undefined);
        const view = options.distributionViews?.[key] ?? 'exactly';
        const shown = withView(result, key, view);
        const what = distributionLabel(result, key);
        const title = view === 'exactly' ? chart.title : `${chart.title}: P(${what} ${SYMBOL[view]} x)`;
        panels.push({
          ...panel(
            {
              columns: [...(points.length > 1 ? ['point'] : []), what, `P(${SYMBOL[view]} x)`, '95% interval', 'exact'],
              rows: shown.results
                .filter((p) => p.distributions?.[key])
                .slice(0, chart.once ? 1 : undefined)
                .flatMap((p) => {
                  const d = p.distributions![key]!;
                  const n = pointTrials(result, p);
                  return d.x.map((x, i) => {
                    const ci = binInterval(d, i, n);
                    return [
                      ...(points.length > 1 ? [pointCell(p.point, options.setup, result)] : []),
                      // The last bin of an open-topped distribution counts its value or more.
                      textCell(d.lastAtLeast && i === d.x.length - 1 ? `${x} or more` : String(x)),
                      ...estimateRowCells({ estimate: d.p[i]!, ci95: ci, exact: d.exact?.[i] }, 'probability', pending(p)),
                    ];
                  });
                }),
            },
            chart.draw(shown, view === 'exactly' ? undefined : view),
            title,
          ),
          distribution: { key, view },
        });
        break;
      }
      case 'solve': {
        // A results.json with `poolsim solve` answers: the searched values and the metric at each.
        const s = result.solve!.find((x) => x.name === chart.key)!;
        panels.push(
          panel({
            columns: [sweepLabel(s.vary, options.setup, result), ...ESTIMATE_COLUMNS],
            rows: s.points.map((p) => [valueCell(s.vary, p.value, options.setup, result), ...estimateRowCells(p, kind)]),
          }),
        );
        break;
      }
      case 'fan':
      case 'rank-shares': {
        const key = chart.key!;
        const seriesPoints = result.results.filter((p) => p.series);
        const pointColumn = seriesPoints.length > 1;
        const fan = chart.kind === 'fan';
        panels.push(
          panel({
            columns: [...(pointColumn ? ['point'] : []), 'turn', ...(fan ? ['10th', 'median', '90th', 'mean'] : ['below start', 'above start'])],
            rows: seriesPoints.flatMap((p) => {
              const s = p.series![key];
              if (!s) return [];
              return s.turn.map((turn, i) => [
                ...(pointColumn ? [pointCell(p.point, options.setup, result)] : []),
                textCell(String(turn)),
                // Each figure with its 95% interval (the series' `<column>Low`/`High`).
                ...(fan ? (['p10', 'p50', 'p90', 'mean'] as const) : (['demoted', 'promoted'] as const)).map((c) =>
                  seriesCell(s, c, i, fan ? 'mean' : 'probability'),
                ),
              ]);
            }),
          }),
        );
        break;
      }
    }
  }
  return panels;
}

/**
 * A series figure at turn `i` with its 95% interval: "2.000 (2.000–3.000)". A result
 * written before series carried intervals shows the figure and says it has none.
 */
function seriesCell(s: Record<string, number[]>, column: string, i: number, kind: MetricKind): TableCell {
  const value = s[column]?.[i];
  if (value === undefined) return { text: '—' };
  const low = s[`${column}Low`]?.[i];
  const high = s[`${column}High`]?.[i];
  if (low === undefined || high === undefined) return { text: `${formatValue(value, kind)} (no interval in this file)`, value };
  const figure = (x: number) => formatValue(x, kind, (high - low) / 2);
  return { text: `${figure(value)} (${figure(low)}–${figure(high)})`, value, title: `95% interval ${figure(low)} to ${figure(high)}`, interval: true };
}

/**
 * A swept value in the words its field's select shows (a rule's: reports/sweep.ts
 * sweepValueLabel), as the point labels and the charts name it; the file's value on hover.
 */
function valueCell(path: string, value: unknown, setup: unknown, mechanic: SweepMechanic): TableCell {
  return textCell(sweepValueLabel(path, value, setup, mechanic), formatSweepValue(value));
}

/** A point in words (pointLabel), as the file writes it on hover (`rules.nextPenalty = "nextRound"`). */
function pointCell(point: Record<string, unknown>, setup: unknown, mechanic: SweepMechanic): TableCell {
  return textCell(pointLabel(point, setup, mechanic), pointFileText(point));
}

/**
 * A heatmap's numbers: the second path down, the first across, as the chart has them
 * (first value of the second path at the bottom there, at the top here, as tables read);
 * with a third path, one row per point instead.
 */
function heatmapTable(result: ScenarioResult, metric: string, kind: MetricKind, axes: string[], setup: unknown, pending: (p: PointResult) => ExactPending | undefined): Table {
  const [across, up] = [axes[0]!, axes[1]!];
  if (axes.length > 2) {
    return {
      columns: ['point', ...ESTIMATE_COLUMNS],
      rows: result.results.map((p) => [pointCell(p.point, setup, result), ...metricCells(p.metrics[metric], kind, pending(p))]),
    };
  }
  const acrossValues = heatmapAxisValues(result.results, across);
  const upValues = heatmapAxisValues(result.results, up);
  const find = (a: unknown, u: unknown) =>
    result.results.find((p) => formatSweepValue(p.point[across]) === formatSweepValue(a) && formatSweepValue(p.point[up]) === formatSweepValue(u));
  return {
    columns: [`${sweepLabel(up, setup, result)} \\ ${sweepLabel(across, setup, result)}`, ...acrossValues.map((a) => sweepValueLabel(across, a, setup, result))],
    rows: upValues.map((u) => [valueCell(up, u, setup, result), ...acrossValues.map((a) => estimateCell(find(a, u)?.metrics[metric], kind))]),
  };
}

/**
 * What a chart says of a metric picked for it in its menu (the heatmap's, Compare's) that the
 * result does not have, in the metric's words as picked (its key where none came with it):
 * what it shows instead — "“P(dies: crew: boss)”, picked for the heatmap, is not a metric of
 * these results: the heatmap shows “P(win: crew)” instead." Nothing where none was picked,
 * the result has it, or nothing is drawn. One sentence for both menus: Compare's fell back
 * to its default unsaid after the heatmap's had been made to say so (a review of ee18368a).
 */
export function droppedPickNote(chart: 'heatmap' | 'comparison', picked: string | undefined, pickedLabel: string | undefined, kinds: ReadonlyMap<string, MetricKind>, shown: readonly string[]): string | undefined {
  if (picked === undefined || kinds.has(picked) || shown.length === 0) return undefined;
  const list = shown.map((s) => `“${s}”`);
  const instead = list.length === 1 ? `the ${chart} shows ${list[0]}` : `the ${chart}s show ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `“${pickedLabel ?? picked}”, picked for the ${chart}, is not a metric of these results: ${instead} instead.`;
}

/** The metric the heatmap menu shows: the one asked for, else the plan's first (reports/charts/plan.ts). */
export function heatmapMetric(result: ScenarioResult, asked?: string): string {
  if (asked && metricKinds(result).has(asked)) return asked;
  return defaultHeatmapMetrics(result)[0]!;
}

/** The metrics a heatmap may show (every metric of the result), labelled. */
export function heatmapChoices(result: ScenarioResult): { metric: string; label: string }[] {
  return [...metricKinds(result).keys()].map((m) => ({ metric: m, label: metricLabel(result, m) }));
}
