/**
 * Which charts a result gets, by the shape of its sweep and the kinds of its metrics:
 *
 * - one point (no sweep, or a sweep of one value): the probabilities as dots with
 *   intervals (`probabilities`), the means likewise (`means`), and death odds per
 *   combatant as bars (`death-odds`) when a battle reports `death.<side>.<name>`;
 * - one swept path: a line chart per chart family (`over-<family>`: `win.*` and `draw`
 *   together, `hits.*` together, `success` alone…);
 * - two or more swept paths: a heatmap (`heatmap-<metric>`) of each metric that an
 *   expect check names, or else of the first probability (`success`, `win.<first>`), or
 *   else of the first metric; `heatmapMetrics` picks others;
 * - any result: a bar chart per `distributions` key (`distribution-<key>`, up to 12
 *   points), a fan chart per series with p10/p50/p90 (`fan-<key>`) and the share of
 *   trials below/above the starting rank per turn (`rank-shares`), see campaignSeries.ts.
 *
 * Chart names are file names (`charts/<name>.svg`): lower-case letters, digits, `-`, `.`.
 */
import type { ScenarioResult } from '../../sim/result.ts';
import { type MetricKind, metricKinds } from '../kinds.ts';
import { chartFamily, familyLabel, metricLabel, sweepLabel } from '../labels.ts';
import { deathMetrics, deathOdds } from './deathOdds.ts';
import { MAX_DISTRIBUTION_PANELS, distributionBars, distributionLabel } from './distributionBars.ts';
import { estimatesAtPoint } from './estimatesAtPoint.ts';
import { MAX_FAN_PANELS, fanOverTurns, hasFan } from './fanOverTurns.ts';
import { metricHeatmap } from './metricHeatmap.ts';
import { metricsOverSweep } from './metricsOverSweep.ts';
import { shareDemotedByTurn, shareSeriesKey } from './shareDemotedByTurn.ts';
import { SERIES_LABELS } from './campaignSeries.ts';
import { sweepAxes } from './shared.ts';
import { solveChart } from './solveChart.ts';

export interface Chart {
  /** File-safe name, unique within the result: `charts/<name>.svg`. */
  name: string;
  /** A heading in the game's words, for the HTML and Markdown around the SVG. */
  title: string;
  /** A standalone SVG document. */
  svg: string;
}

export interface ChartsForOptions {
  /** Kinds of metrics the contract does not name (see kinds.ts for the fallback). */
  kinds?: Record<string, MetricKind>;
  /** Metrics to draw as heatmaps in a sweep of two or more paths. */
  heatmapMetrics?: string[];
}

/** Longest chart file name before `.svg`: names come from the user's side names, and file systems stop at 255 bytes. */
const MAX_CHART_NAME = 100;

/** A metric or key as part of a file name: `win.the minions` → `win.the-minions`, at most MAX_CHART_NAME characters. */
export function chartFileName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^[-.]+/, '').slice(0, MAX_CHART_NAME).replace(/-+$/g, '') || 'chart';
}

export function chartsFor(result: ScenarioResult, options: ChartsForOptions = {}): Chart[] {
  const kinds = metricKinds(result, options.kinds);
  const metrics = [...kinds.keys()];
  const axes = sweepAxes(result);
  const mechanic = result.mechanic;
  const charts: Chart[] = [];
  const names = new Set<string>();
  const add = (name: string, title: string, draw: () => string) => {
    let unique = chartFileName(name);
    // Two side names may differ only in characters a file name drops.
    for (let i = 2; names.has(unique); i++) unique = `${chartFileName(name)}-${i}`;
    names.add(unique);
    charts.push({ name: unique, title: title.charAt(0).toUpperCase() + title.slice(1), svg: draw() });
  };

  if (result.results.length === 1) {
    const point = result.results[0]!;
    const deaths = deathMetrics(point);
    const probabilities = metrics.filter((m) => kinds.get(m) === 'probability' && !deaths.includes(m));
    const means = metrics.filter((m) => kinds.get(m) === 'mean');
    if (probabilities.length) {
      add('probabilities', 'Probabilities', () => estimatesAtPoint(point, probabilities, { kind: 'probability', mechanic }));
    }
    if (means.length) add('means', 'Means', () => estimatesAtPoint(point, means, { kind: 'mean', mechanic }));
    if (deaths.length) add('death-odds', 'Death odds per combatant', () => deathOdds(point));
  } else if (axes.length === 1) {
    const families = new Map<string, string[]>();
    for (const m of metrics) families.set(chartFamily(m), [...(families.get(chartFamily(m)) ?? []), m]);
    for (const [family, members] of families) {
      // A family mixing kinds (only possible through `kinds`) is split rather than
      // putting a mean on a [0, 1] axis.
      for (const kind of ['probability', 'mean'] as const) {
        const same = members.filter((m) => kinds.get(m) === kind);
        if (!same.length) continue;
        const suffix = same.length === members.length ? '' : `-${kind}`;
        add(`over-${family}${suffix}`, `${familyLabel(family, same, mechanic)} by ${sweepLabel(axes[0]!)}`, () =>
          metricsOverSweep(result, same, { kind, axis: axes[0] }),
        );
      }
    }
  } else if (axes.length >= 2) {
    const fromChecks = result.expect.map((e) => e.metric).filter((m) => kinds.has(m));
    const firstProbability = metrics.find((m) => kinds.get(m) === 'probability');
    const chosen = options.heatmapMetrics ?? (fromChecks.length ? fromChecks : [firstProbability ?? metrics[0]!]);
    for (const metric of new Set(chosen)) {
      if (!kinds.has(metric)) throw new Error(`chartsFor: heatmap metric "${metric}" is not in the result`);
      add(`heatmap-${metric}`, `${metricLabel(metric, mechanic)} by ${sweepLabel(axes[0]!)} and ${sweepLabel(axes[1]!)}`, () =>
        metricHeatmap(result, metric, { kind: kinds.get(metric)! }),
      );
    }
  }

  const distributionKeys = new Set(result.results.flatMap((p) => Object.keys(p.distributions ?? {})));
  for (const key of distributionKeys) {
    const count = result.results.filter((p) => p.distributions?.[key]).length;
    if (count > MAX_DISTRIBUTION_PANELS) continue;
    add(`distribution-${key}`, `Distribution of ${distributionLabel(key, mechanic)}`, () => distributionBars(result, key));
  }

  const seriesKeys = new Set(result.results.flatMap((p) => Object.keys(p.series ?? {})));
  const seriesPoints = result.results.filter((p) => p.series).length;
  if (seriesPoints <= MAX_FAN_PANELS) {
    for (const key of seriesKeys) {
      if (hasFan(result, key)) add(`fan-${key}`, `${SERIES_LABELS[key] ?? key} by turn`, () => fanOverTurns(result, key));
    }
    const shareKey = shareSeriesKey(result);
    if (shareKey !== undefined) {
      add('rank-shares', 'Share of trials below or above the starting rank, by turn', () => shareDemotedByTurn(result, shareKey));
    }
  }
  for (const s of result.solve ?? []) {
    add(`solve-${s.name}`, `${s.name}: ${metricLabel(s.metric, mechanic)} by ${sweepLabel(s.vary)}`, () =>
      solveChart(s, { mechanic, probability: kinds.get(s.metric) === 'probability' }),
    );
  }
  return charts;
}

export { deathOdds } from './deathOdds.ts';
export { distributionBars } from './distributionBars.ts';
export { estimatesAtPoint } from './estimatesAtPoint.ts';
export { fanOverTurns } from './fanOverTurns.ts';
export { metricHeatmap } from './metricHeatmap.ts';
export { metricsOverSweep } from './metricsOverSweep.ts';
export { shareDemotedByTurn } from './shareDemotedByTurn.ts';
export { solveChart } from './solveChart.ts';
