/**
 * Rank or points drift over a campaign as a fan: the band from the 10th to the 90th
 * percentile of trials, the median as a solid line, the mean dashed. One panel per point
 * of a sweep. Column names: campaignSeries.ts.
 */
import * as Plot from '@observablehq/plot';
import type { ScenarioResult } from '../../sim/result.ts';
import { pointLabel } from '../sweep.ts';
import { plotToSvg } from '../svg.ts';
import { FAN_COLUMNS, SERIES_LABELS } from './campaignSeries.ts';
import { MARGIN_TOP, MONTE_CARLO, WIDTH, keyLine, textWidth, panelLabels, STACKED_INSET } from './shared.ts';

/** A turn of one panel: the percentiles, the mean, and the intervals carried with them. */
interface FanRow {
  turn: number;
  p10: number;
  p50: number;
  p90: number;
  mean?: number;
  meanLow?: number;
  meanHigh?: number;
  panel: string;
  [interval: string]: number | string | undefined;
}

/** The percentiles a fan draws, each with its interval columns `<c>Low`/`<c>High` where carried. */
const PERCENTILES = ['p10', 'p50', 'p90'] as const;

/** Panels beyond which the chart is not drawn (see chartsFor). */
export const MAX_FAN_PANELS = 12;

/** Whether a point's series `key` carries the columns of a fan. */
export function hasFan(result: ScenarioResult, key: string): boolean {
  return result.results.some((p) => {
    const s = p.series?.[key];
    return s !== undefined && FAN_COLUMNS.every((c) => Array.isArray(s[c]));
  });
}

/** One panel per point, each named in the game's words given the scenario's `setup` (reports/sweep.ts). */
export function fanOverTurns(result: ScenarioResult, key: string, setup?: unknown): string {
  const points = result.results.filter((p) => {
    const s = p.series?.[key];
    return s !== undefined && FAN_COLUMNS.every((c) => Array.isArray(s[c]));
  });
  if (points.length === 0) throw new Error(`fanOverTurns: no point has series "${key}" with p10, p50, p90`);
  if (points.length > MAX_FAN_PANELS) throw new Error(`fanOverTurns: ${points.length} points is more than ${MAX_FAN_PANELS} panels`);
  const faceted = points.length > 1;
  const rows = points.flatMap((p) => {
    const s = p.series![key]!;
    return s.turn.map((turn, i): FanRow => ({
      turn,
      p10: s.p10![i]!,
      p50: s.p50![i]!,
      p90: s.p90![i]!,
      mean: s.mean?.[i],
      meanLow: s.meanLow?.[i],
      meanHigh: s.meanHigh?.[i],
      // Each percentile's own 95% interval (sim/series.ts), where the result carries it.
      ...Object.fromEntries(PERCENTILES.flatMap((c) => [[`${c}Low`, s[`${c}Low`]?.[i]], [`${c}High`, s[`${c}High`]?.[i]]])),
      panel: pointLabel(p.point, setup, result),
    }));
  });
  const percentileBands = PERCENTILES.map((c) => ({ c, rows: rows.filter((r) => r[`${c}Low`] !== undefined && r[`${c}High`] !== undefined) })).filter((b) => b.rows.length > 0);
  const withMean = rows.filter((r) => r.mean !== undefined);
  // The mean's 95% interval (series written before it was carried have none: no band).
  const withBand = withMean.filter((r) => r.meanLow !== undefined && r.meanHigh !== undefined);
  const panels = [...new Set(rows.map((r) => r.panel))];
  const fy = faceted ? 'panel' : undefined;
  const turns = [...new Set(rows.map((r) => r.turn))];
  const reached = rows.flatMap((r) => [r.p10, r.p90, ...(r.mean === undefined ? [] : [r.mean])]);
  let rankLow = Math.max(1, Math.floor(Math.min(...reached)) - 1);
  let rankHigh = Math.min(7, Math.ceil(Math.max(...reached)) + 1);
  if (rankHigh - rankLow < 2) [rankLow, rankHigh] = rankLow === 1 ? [1, 3] : [rankHigh - 2, rankHigh];
  const rankTicks = Array.from({ length: rankHigh - rankLow + 1 }, (_, i) => rankLow + i);

  const marginRight = faceted ? panelLabels(panels).marginRight : 20;
  const yLabel = key === 'rank' ? SERIES_LABELS.rank! : SERIES_LABELS[key] ?? key;
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 44 + (faceted ? 170 : 260) * panels.length,
    marginTop: MARGIN_TOP,
    marginBottom: 44,
    marginRight,
    x: { label: 'turn', ...(turns.length <= 15 && turns.every(Number.isInteger) ? { ticks: turns, tickFormat: 'd' } : {}) },
    // Rank is a whole number from 1 to 7 (docs/rules.md, "Wealth and the campaign"): whole
    // ranks only, over the ranks the trials reach (a rank or so either side), so a drift
    // between 2 and 3 is not squashed into a corner of the 1–7 track.
    y: key === 'rank'
      ? { label: yLabel, grid: true, domain: [rankLow, rankHigh], ticks: rankTicks, tickFormat: 'd', ...(faceted ? STACKED_INSET : {}) }
      // Points from 0, as every mean's axis is (metricsOverSweep, estimatesAtPoint): Plot's
      // own domain began where the band did, 15 of a campaign's points read as the floor,
      // and the key did not say the axis was cut (a report audit).
      : { label: yLabel, grid: true, nice: true, zero: true, ...(faceted ? STACKED_INSET : {}) },
    fy: faceted ? panelLabels(panels).fy : undefined,
    marks: [
      keyLine(
        (withMean.length
          ? `shade: 10th–90th percentile · line: median · dashed: mean${withBand.length ? ' (dark band: its 95% interval)' : ''}`
          : 'shade: 10th–90th percentile · line: median') + (percentileBands.length ? ' · deeper shade: each percentile\'s 95% interval' : ''),
        { marginRight, yLabel },
      ),
      Plot.areaY(rows, { x: 'turn', y1: 'p10', y2: 'p90', fy, fill: MONTE_CARLO, fillOpacity: 0.22 }),
      ...percentileBands.map((b) => Plot.areaY(b.rows, { x: 'turn', y1: `${b.c}Low`, y2: `${b.c}High`, fy, fill: MONTE_CARLO, fillOpacity: 0.3 })),
      Plot.areaY(withBand, { x: 'turn', y1: 'meanLow', y2: 'meanHigh', fy, fill: '#222', fillOpacity: 0.25 }),
      Plot.lineY(rows, { x: 'turn', y: 'p50', fy, stroke: MONTE_CARLO, strokeWidth: 2 }),
      Plot.lineY(withMean, { x: 'turn', y: 'mean', fy, stroke: '#222', strokeDasharray: '4 3' }),
    ],
  });
}
