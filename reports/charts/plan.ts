/**
 * The one chart plan: which charts a result gets, named, titled and ready to draw. The
 * report (chartsFor) draws every chart of the plan; the dashboard (dashboard/charts/
 * panels.ts) draws the same list, puts a table of the same numbers beside each, and adds
 * its own extras on top (the VDP split comparison, cumulative views of distributions).
 * The rules are in reports/charts/index.ts's header. Charts that would show nothing are
 * left out of the plan (omit.ts), each with a line in `notes` for the page to print.
 */
import type { ScenarioResult } from '../../sim/result.ts';
import { type MetricKind, chartFamily, familyLabel, metricKinds, metricLabel } from '../metrics.ts';
import { pointLabel, sweepLabel } from '../sweep.ts';
import { constantFamilyNote, distributionVerdict, withSvgTitle } from './omit.ts';
import { deathMetrics, deathOdds } from './deathOdds.ts';
import { MAX_DISTRIBUTION_PANELS, type Cumulative, distributionBars, distributionLabel } from './distributionBars.ts';
import { estimatesAtPoint } from './estimatesAtPoint.ts';
import { MAX_FAN_PANELS, fanOverTurns, hasFan } from './fanOverTurns.ts';
import { metricHeatmap } from './metricHeatmap.ts';
import { metricsOverSweep } from './metricsOverSweep.ts';
import { shareDemotedByTurn, shareSeriesKey } from './shareDemotedByTurn.ts';
import { SERIES_LABELS } from './campaignSeries.ts';
import { sweepAxes } from './shared.ts';
import { solveChart } from './solveChart.ts';

/** What a planned chart shows, so a page can put the matching table beside it. */
export type ChartKind = 'probabilities' | 'means' | 'death-odds' | 'over' | 'heatmap' | 'distribution' | 'fan' | 'rank-shares' | 'solve';

export interface PlannedChart {
  /** File-safe name, unique within the result: `charts/<name>.svg`. */
  name: string;
  /** A heading in the game's words. */
  title: string;
  kind: ChartKind;
  /** The metrics drawn (estimate charts, lines, heatmaps); empty for the others. */
  metrics: string[];
  /** Probability or mean, for charts of metrics. */
  metricKind?: MetricKind;
  /** The distribution or series key (distribution, fan, rank-shares), the solve's name (solve). */
  key?: string;
  /** The swept paths the chart is drawn over (lines: one, heatmap: two). */
  axes: string[];
  /** A distribution the same at every point, drawn (and best tabled) for its first point alone. */
  once?: boolean;
  /**
   * The SVG, titled; `shown` draws another view of the same result (a distribution's
   * cumulative shares, `cumulative` saying which: a folded tail reads them otherwise).
   */
  draw(shown?: ScenarioResult, cumulative?: Cumulative): string;
}

export interface ChartPlanOptions {
  /** Kinds for a result that declares none (an older file, a hand-made test result). */
  kinds?: Record<string, MetricKind>;
  /** Metrics to draw as heatmaps in a sweep of two or more paths. */
  heatmapMetrics?: string[];
  /** The sweep's paths, from the scenario (a live result may not have reached every point). */
  axes?: string[];
  /** Points the scenario has in all; 1 draws the one-point charts. */
  pointCount?: number;
  /** The scenario's setup, where the caller has it: sweep paths then name list items ("guards › guard › how many"). */
  setup?: unknown;
  /**
   * Receives one line for each chart left out because it would show nothing, or drawn
   * once for every point (omit.ts); a page that draws the plan prints them beside it.
   */
  notes?: string[];
}

/** Longest chart file name before `.svg`: names come from the user's side names, and file systems stop at 255 bytes. */
const MAX_CHART_NAME = 100;

/** A metric or key as part of a file name: `win.the minions` → `win.the-minions`, at most MAX_CHART_NAME characters. */
export function chartFileName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^[-.]+/, '').slice(0, MAX_CHART_NAME).replace(/-+$/g, '') || 'chart';
}

/** The heatmap metrics by default: each metric a check names, else the first probability, else the first metric. */
export function defaultHeatmapMetrics(result: ScenarioResult, kinds = metricKinds(result)): string[] {
  const metrics = [...kinds.keys()];
  const fromChecks = result.expect.map((e) => e.metric).filter((m) => kinds.has(m));
  const firstProbability = metrics.find((m) => kinds.get(m) === 'probability');
  return [...new Set(fromChecks.length ? fromChecks : [firstProbability ?? metrics[0]!])];
}

export function chartPlan(result: ScenarioResult, options: ChartPlanOptions = {}): PlannedChart[] {
  const charts: PlannedChart[] = [];
  if (result.results.length === 0) return charts;
  const kinds = metricKinds(result, options.kinds);
  const metrics = [...kinds.keys()];
  const axes = options.axes ?? sweepAxes(result);
  const pointCount = options.pointCount ?? result.results.length;
  const mechanic = result.mechanic;
  const { setup } = options;
  const note = (line: string) => options.notes?.push(line);
  const names = new Set<string>();
  const add = (chart: Omit<PlannedChart, 'axes' | 'metrics'> & Partial<Pick<PlannedChart, 'axes' | 'metrics'>>) => {
    let unique = chartFileName(chart.name);
    // Two side names may differ only in characters a file name drops.
    for (let i = 2; names.has(unique); i++) unique = `${chartFileName(chart.name)}-${i}`;
    names.add(unique);
    const title = chart.title.charAt(0).toUpperCase() + chart.title.slice(1);
    // Every SVG carries its title, so a file opened on its own says what it shows.
    charts.push({ metrics: [], axes: [], ...chart, name: unique, title, draw: (r?: ScenarioResult, c?: Cumulative) => withSvgTitle(chart.draw(r, c), title) });
  };

  if (pointCount === 1) {
    const point = result.results[0]!;
    const deaths = deathMetrics(point);
    const probabilities = metrics.filter((m) => kinds.get(m) === 'probability' && !deaths.includes(m));
    const means = metrics.filter((m) => kinds.get(m) === 'mean');
    // A sweep of one value names its point, as the headline does: its figures are not the
    // setup's as written (a report audit: a file without disadvantage swept over [6]).
    const at = Object.keys(point.point).length > 0 ? ` at ${pointLabel(point.point, setup, result)}` : '';
    if (probabilities.length) {
      add({ name: 'probabilities', title: `Probabilities${at}`, kind: 'probabilities', metrics: probabilities, metricKind: 'probability',
        draw: (r = result) => estimatesAtPoint(r.results[0]!, probabilities, { kind: 'probability', mechanic }) });
    }
    if (means.length) {
      add({ name: 'means', title: `Means${at}`, kind: 'means', metrics: means, metricKind: 'mean',
        draw: (r = result) => estimatesAtPoint(r.results[0]!, means, { kind: 'mean', mechanic }) });
    }
    if (deaths.length) {
      add({ name: 'death-odds', title: `Death odds per combatant${at}`, kind: 'death-odds', metrics: deaths, metricKind: 'probability',
        draw: (r = result) => deathOdds(r.results[0]!) });
    }
  } else if (axes.length === 1) {
    const axis = axes[0]!;
    const families = new Map<string, string[]>();
    for (const m of metrics) families.set(chartFamily(m), [...(families.get(chartFamily(m)) ?? []), m]);
    for (const [family, members] of families) {
      // A family mixing kinds (`wounded.<side>` means beside `wounded.<side>.<name>`
      // probabilities) is split rather than putting a mean on a [0, 1] axis.
      for (const kind of ['probability', 'mean'] as const) {
        const same = members.filter((m) => kinds.get(m) === kind);
        if (!same.length) continue;
        const title = titleBy(familyLabel(result, family, same), [sweepLabel(axis, setup, result)]);
        // A family that is one constant at every point (fled: 0) would read as a finding.
        const constant = constantFamilyNote(result, same, title);
        if (constant) {
          note(constant);
          continue;
        }
        const suffix = same.length === members.length ? '' : `-${kind}`;
        add({ name: `over-${family}${suffix}`, title, kind: 'over',
          metrics: same, metricKind: kind, axes: [axis], draw: (r = result) => metricsOverSweep(r, same, { kind, axis, setup }) });
      }
    }
  } else if (axes.length >= 2) {
    const chosen = options.heatmapMetrics ?? defaultHeatmapMetrics(result, kinds);
    const pair: [string, string] = [axes[0]!, axes[1]!];
    for (const metric of new Set(chosen)) {
      if (!kinds.has(metric)) throw new Error(`chartPlan: heatmap metric "${metric}" is not in the result`);
      const kind = kinds.get(metric)!;
      add({ name: `heatmap-${metric}`, title: titleBy(metricLabel(result, metric), [sweepLabel(pair[0], setup, result), sweepLabel(pair[1], setup, result)]),
        kind: 'heatmap', metrics: [metric], metricKind: kind, axes, draw: (r = result) => metricHeatmap(r, metric, { kind, axes: pair, setup }) });
    }
  }

  const distributionKeys = new Set(result.results.flatMap((p) => Object.keys(p.distributions ?? {})));
  for (const key of distributionKeys) {
    const label = distributionLabel(result, key);
    // One value only, or the same at every point: left out, or drawn once (omit.ts).
    const verdict = distributionVerdict(result, key, label, (point) => pointLabel(point, setup, result));
    if (verdict.note) note(verdict.note);
    if (verdict.kind === 'omit') continue;
    if (verdict.kind === 'once') {
      add({ name: `distribution-${key}`, title: `Distribution of ${label} (the same at every point)`, kind: 'distribution', key, once: true,
        draw: (r = result, c?: Cumulative) => distributionBars(firstPointOf(r, key), key, setup, c) });
      continue;
    }
    const count = result.results.filter((p) => p.distributions?.[key]).length;
    if (count > MAX_DISTRIBUTION_PANELS) {
      // Said, as every chart left out is: a missing chart is no finding.
      note(`Not drawn: the distribution of ${label} — ${count} points, more than the ${MAX_DISTRIBUTION_PANELS} panels a chart holds; its shares are in results.json.`);
      continue;
    }
    add({ name: `distribution-${key}`, title: `Distribution of ${label}`, kind: 'distribution', key,
      draw: (r = result, c?: Cumulative) => distributionBars(r, key, setup, c) });
  }

  const seriesKeys = new Set(result.results.flatMap((p) => Object.keys(p.series ?? {})));
  const seriesPoints = result.results.filter((p) => p.series).length;
  if (seriesPoints > MAX_FAN_PANELS && seriesKeys.size > 0) {
    note(`Not drawn: the by-turn charts — ${seriesPoints} points, more than the ${MAX_FAN_PANELS} panels a chart holds; the series are in results.json.`);
  }
  if (seriesPoints <= MAX_FAN_PANELS) {
    for (const key of seriesKeys) {
      if (hasFan(result, key)) {
        add({ name: `fan-${key}`, title: titleBy(SERIES_LABELS[key] ?? key, ['turn']), kind: 'fan', key, draw: (r = result) => fanOverTurns(r, key, setup) });
      }
    }
    const shareKey = shareSeriesKey(result);
    if (shareKey !== undefined) {
      add({ name: 'rank-shares', title: 'Share of trials below or above the starting rank, by turn', kind: 'rank-shares', key: shareKey,
        draw: (r = result) => shareDemotedByTurn(r, shareKey, setup) });
    }
  }
  // Each `solve` block the command line answered beside the results (sim/solve/).
  for (const s of result.solve ?? []) {
    const label = metricLabel(result, s.metric);
    add({ name: `solve-${s.name}`, title: `${s.name}: ${titleBy(label, [sweepLabel(s.vary, setup, result)])}`, kind: 'solve', key: s.name, metrics: [s.metric],
      metricKind: kinds.get(s.metric), draw: () => solveChart(s, { system: result.system, mechanic, setup, label, probability: kinds.get(s.metric) === 'probability' }) });
  }
  return charts;
}

/** The result cut to its first point with distribution `key`, swept values dropped: a distribution the same at every point, drawn once. */
function firstPointOf(result: ScenarioResult, key: string): ScenarioResult {
  const first = result.results.find((p) => p.distributions?.[key]);
  return first ? { ...result, results: [{ ...first, point: {} }] } : result;
}

/**
 * A chart's title: what it shows "by" what it is drawn over ("P(win: guards) by guards ›
 * guard › how many", "… by X and Y"). A label that itself ends in "by" ("mean points the
 * wealth track is lowered by") reads "…, as X varies": "lowered by by baron" was a stutter.
 */
export function titleBy(label: string, over: readonly string[]): string {
  const what = over.join(' and ');
  return /\bby$/i.test(label.trim()) ? `${label}, as ${what} ${over.length > 1 ? 'vary' : 'varies'}` : `${label} by ${what}`;
}
