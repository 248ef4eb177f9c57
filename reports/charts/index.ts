/**
 * Which charts a result gets (the plan is reports/charts/plan.ts, shared with the dashboard), by the shape of its sweep and the kinds of its metrics:
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
 *   trials below/above the starting rank per turn (`rank-shares`), see campaignSeries.ts;
 * - left out, with one line saying so (omit.ts): a family constant at every point, a
 *   distribution of one value; a distribution the same at every point is drawn once.
 *
 * Every SVG carries its title as `<title>`, so a file opened on its own says what it shows.
 *
 * Chart names are file names (`charts/<name>.svg`): lower-case letters, digits, `-`, `.`.
 */
import type { ScenarioResult } from '../../sim/result.ts';
import { chartPlan, type ChartPlanOptions } from './plan.ts';

export interface Chart {
  /** File-safe name, unique within the result: `charts/<name>.svg`. */
  name: string;
  /** A heading in the game's words, for the HTML and Markdown around the SVG. */
  title: string;
  /** A standalone SVG document. */
  svg: string;
}

export type ChartsForOptions = ChartPlanOptions;

/** The result's charts, drawn: the chart plan, each chart's SVG. */
export function chartsFor(result: ScenarioResult, options: ChartsForOptions = {}): Chart[] {
  return chartsAndNotes(result, options).charts;
}

/**
 * The charts of a result and, beside them, one line for each chart left out because it
 * would show nothing (reports/charts/omit.ts): a family whose every value is the same
 * constant at every point, a distribution with a single value, one identical at every
 * point (drawn once).
 */
export function chartsAndNotes(result: ScenarioResult, options: ChartsForOptions = {}): { charts: Chart[]; notes: string[] } {
  const notes: string[] = [];
  const charts = chartPlan(result, { ...options, notes }).map((c) => ({ name: c.name, title: c.title, svg: c.draw() }));
  return { charts, notes };
}

export { chartFileName, chartPlan, type ChartPlanOptions, type PlannedChart } from './plan.ts';
export { deathOdds } from './deathOdds.ts';
export { distributionBars } from './distributionBars.ts';
export { estimatesAtPoint } from './estimatesAtPoint.ts';
export { fanOverTurns } from './fanOverTurns.ts';
export { metricHeatmap } from './metricHeatmap.ts';
export { metricsOverSweep } from './metricsOverSweep.ts';
export { shareDemotedByTurn } from './shareDemotedByTurn.ts';
export { solveChart } from './solveChart.ts';
