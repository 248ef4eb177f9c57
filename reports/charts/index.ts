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
import type { DistributionResult, ScenarioResult } from '../../sim/result.ts';
import { type MetricKind, metricKinds } from '../kinds.ts';
import { chartFamily, familyLabel, memberName, metricLabel, sweepLabel } from '../labels.ts';
import { deathMetrics, deathOdds } from './deathOdds.ts';
import { MAX_DISTRIBUTION_PANELS, distributionBars, distributionLabel } from './distributionBars.ts';
import { estimatesAtPoint } from './estimatesAtPoint.ts';
import { MAX_FAN_PANELS, fanOverTurns, hasFan } from './fanOverTurns.ts';
import { metricHeatmap } from './metricHeatmap.ts';
import { metricsOverSweep } from './metricsOverSweep.ts';
import { shareDemotedByTurn, shareSeriesKey } from './shareDemotedByTurn.ts';
import { SERIES_LABELS } from './campaignSeries.ts';
import { sweepAxes } from './shared.ts';

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

/** A metric or key as part of a file name: `win.the minions` → `win.the-minions`. */
export function chartFileName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '') || 'chart';
}

export function chartsFor(result: ScenarioResult, options: ChartsForOptions = {}): Chart[] {
  return chartPlan(result, options).charts;
}

/** Text safe inside an SVG element. */
function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/** The SVG with its title as its first child: a standalone file names what it shows. */
export function withSvgTitle(svg: string, title: string): string {
  return svg.replace(/^(<svg\b[^>]*>)/, `$1<title>${escapeXml(title)}</title>`);
}

/**
 * The one value a metric takes in every trial at every point (say, fled: 0 where nobody
 * flees): the same estimate everywhere, and the same exact value where there is one. A
 * Wilson interval never shrinks to nothing, so the interval is not asked to.
 */
function constantValue(result: ScenarioResult, metric: string): number | undefined {
  const ms = result.results.map((p) => p.metrics[metric]).filter((m) => m !== undefined);
  if (!ms.length) return undefined;
  const v = ms[0]!.estimate;
  return ms.every((m) => m.estimate === v && (m.exact === undefined || Math.abs(m.exact - v) < 1e-9)) ? v : undefined;
}

/** The same distribution: the same values, and the same exact shares (or, without them, the same shares). */
function sameDistribution(a: DistributionResult, b: DistributionResult): boolean {
  const close = (x?: number[], y?: number[], tol = 0) => x !== undefined && y !== undefined && x.length === y.length && x.every((v, i) => Math.abs(v - y[i]!) <= tol);
  if (!close(a.x, b.x)) return false;
  return a.exact && b.exact ? close(a.exact, b.exact, 1e-9) : close(a.p, b.p);
}

/**
 * The charts of a result and, beside them, one line for each chart left out because it
 * would show nothing: a family whose every value is the same constant at every point, a
 * distribution with a single value, one identical at every point (drawn once).
 */
export function chartPlan(result: ScenarioResult, options: ChartsForOptions = {}): { charts: Chart[]; notes: string[] } {
  const notes: string[] = [];
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
    const heading = title.charAt(0).toUpperCase() + title.slice(1);
    charts.push({ name: unique, title: heading, svg: withSvgTitle(draw(), heading) });
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
        const constants = same.map((m) => constantValue(result, m));
        if (constants.every((c) => c !== undefined)) {
          const values = [...new Set(constants)];
          notes.push(
            `Not drawn: ${familyLabel(family, same, mechanic)} by ${sweepLabel(axes[0]!)} — ${values.length === 1 ? `${values[0]} at every point` : 'the same at every point'}${same.length > 1 ? ` for ${same.map(memberName).join(', ')}` : ''}.`,
          );
          continue;
        }
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
    const at = result.results.filter((p) => p.distributions?.[key]);
    const label = distributionLabel(key, mechanic);
    const first = at[0]!.distributions![key]!;
    const single = (d: DistributionResult) => d.p.filter((p) => p > 0).length <= 1 && (d.exact ?? []).filter((p) => p > 1e-12).length <= 1;
    const identical = at.length > 1 && at.every((p) => sameDistribution(p.distributions![key]!, first));
    if (at.every((p) => single(p.distributions![key]!))) {
      const value = first.x[first.p.findIndex((p) => p > 0)];
      notes.push(`Not drawn: the distribution of ${label} — always ${value ?? 'the same value'}${at.length > 1 ? ' at every point' : ''}.`);
      continue;
    }
    if (identical) {
      notes.push(`The distribution of ${label} is the same at every point${first.exact ? ' (exactly)' : ''}: drawn once.`);
      add(`distribution-${key}`, `Distribution of ${label} (the same at every point)`, () => distributionBars({ ...result, results: [{ ...at[0]!, point: {} }] }, key));
      continue;
    }
    if (at.length > MAX_DISTRIBUTION_PANELS) continue;
    add(`distribution-${key}`, `Distribution of ${label}`, () => distributionBars(result, key));
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
  return { charts, notes };
}

export { deathOdds } from './deathOdds.ts';
export { distributionBars } from './distributionBars.ts';
export { estimatesAtPoint } from './estimatesAtPoint.ts';
export { fanOverTurns } from './fanOverTurns.ts';
export { metricHeatmap } from './metricHeatmap.ts';
export { metricsOverSweep } from './metricsOverSweep.ts';
export { shareDemotedByTurn } from './shareDemotedByTurn.ts';
