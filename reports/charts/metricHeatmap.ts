/**
 * A two-axis sweep as a grid of labelled cells: the first swept path across, the second
 * up, each cell coloured and labelled with one metric (knavery: participants × challenges
 * → P(plan succeeds); Sorcerer: dice × dice → P(win: A)): its exact value, marked so,
 * where it is known, else the Monte Carlo estimate with its 95% interval under it (± its
 * half, or its two ends where it is lopsided; no figure is printed bare, and the table
 * beside has the same in full). A third or further swept path splits the grid into one
 * panel per value.
 * Probabilities use a fixed [0, 1] colour scale so two heatmaps compare by colour.
 */
import * as Plot from '@observablehq/plot';
import type { ScenarioResult } from '../../sim/result.ts';
import { type MetricKind, metricLabel } from '../metrics.ts';
import { pointLabel, sweepLabel, sweepValueLabel } from '../sweep.ts';
import { plotToSvg } from '../svg.ts';
import { exactFigure } from '../../sim/solve/sentence.ts';
import { MARGIN_TOP, WIDTH, heatmapAxisValues, estimateFigure, fitPathLabel, intervalEnd, keyLine, outwardReach, panelLabels, reachText, slantReach, SLANT, sweepAxes, textWidth } from './shared.ts';

export interface MetricHeatmapOptions {
  kind: MetricKind;
  /** The sweep paths across and up; default: the result's first two. */
  axes?: [string, string];
  /** The scenario's setup, so list items read by their names (reports/sweep.ts). */
  setup?: unknown;
}

/** Cell height in px: two lines of 10px text with room to breathe. */
const CELL_HEIGHT = 34;

export function metricHeatmap(result: ScenarioResult, metric: string, options: MetricHeatmapOptions): string {
  const allAxes = sweepAxes(result);
  const [across, up] = options.axes ?? [allAxes[0], allAxes[1]];
  if (across === undefined || up === undefined) throw new Error('metricHeatmap: needs two sweep axes');
  const panelAxes = allAxes.filter((a) => a !== across && a !== up);
  // Each value as its field's select names it (a rule's words), as the point labels do.
  const named = (path: string) => (v: unknown) => sweepValueLabel(path, v, options.setup, result);
  // Numbers in ascending order, left to right and bottom to top, as the line charts draw
  // them: a sweep listed [1, 0] put 0 above 1 up the grid, and [12, 2, 7] ran across as
  // written (a report audit). Named values keep the file's order.
  const ordered = (path: string) => heatmapAxisValues(result.results, path).map(named(path));
  const acrossValues = ordered(across);
  // Up the page the first value sits lowest, as on any y axis.
  const upValues = ordered(up).reverse();
  const kind = options.kind;

  const rows = result.results
    .filter((p) => p.metrics[metric] !== undefined)
    .map((p) => {
      const m = p.metrics[metric]!;
      const panel = Object.fromEntries(panelAxes.map((a) => [a, p.point[a]]));
      return {
        across: named(across)(p.point[across]),
        up: named(up)(p.point[up]),
        panel: pointLabel(panel, options.setup, result),
        value: m.exact ?? m.estimate,
        exact: m.exact,
        ci: m.ci95,
      };
    });
  const panels = [...new Set(rows.map((r) => r.panel))];

  // Tick labels plus the rotated axis label beside them.
  const labelsLeft = Math.max(...upValues.map(textWidth)) + 36;
  // A third swept path's panels are named beside them, wrapped as every faceted chart's are.
  const facets = panelAxes.length ? panelLabels(panels) : undefined;
  const marginRight = facets ? facets.marginRight : 16;
  // Labels wider than their column (policy names, say) are slanted so they cannot run
  // into each other; the bottom margin grows by the slant's drop.
  const widest = Math.max(...acrossValues.map(textWidth));
  const slant = widest > (WIDTH - labelsLeft - marginRight) / acrossValues.length - 8;
  const marginBottom = slant ? 44 + Math.ceil(widest / 2) : 44;
  // A slanted label ends under its column's middle and runs left by cos 30° of its width;
  // the left margin m holds the first one: m + (WIDTH − m − marginRight) / 2n ≥ its reach.
  const n = acrossValues.length;
  const reach = slant ? slantReach(acrossValues[0]!) : 0;
  const marginLeft = Math.max(labelsLeft, Math.ceil((reach - (WIDTH - marginRight) / (2 * n)) / (1 - 1 / (2 * n))));
  const cellWidth = (WIDTH - marginLeft - marginRight) / n;

  const low = kind === 'probability' ? 0 : Math.min(...rows.map((r) => r.value));
  const high = kind === 'probability' ? 1 : Math.max(...rows.map((r) => r.value));
  // White text on the dark end of the scale, black on the light end.
  const ink = (v: number) => ((v - low) / (high - low || 1) > 0.55 ? 'white' : 'black');
  const places = kind === 'probability' ? 3 : 2;
  // The interval under the estimate: ± its half where it is even, else its two ends (a
  // count's interval is cut at 0, a share's near 0 or 1 is lopsided). ±0.000 would claim
  // an interval of no width: below the last place it reads "±<0.001".
  const intervalText = ([lo, hi]: readonly [number, number], estimate: number, ends: boolean): string => {
    const half = (hi - lo) / 2;
    // The ends rounded outward, so the printed interval holds what it stands for (0.00128
    // read "0.001"); one below the last place keeps a significant digit ("0–0.0002", not
    // "0.000–0.000").
    const end = (x: number, up: boolean) => intervalEnd(x, up, places);
    const lopsided = Math.abs(hi - estimate - (estimate - lo)) > 0.2 * half;
    if (lopsided && ends) return `${end(lo, false)}–${end(hi, true)}`;
    // Too narrow for two ends: the longer reach, which holds the whole interval, signed where
    // it runs one way only ("0 +<0.001": "0.000 ±<0.001" said an estimate of none could go lower).
    // A lopsided one whose reach is below the last place is its far end as a bound, rounded
    // outward: "≤0.0003" under 0.00005 of [0.0000088, 0.000283], where "±<0.001" said the
    // estimate could go below 0 and hid that the interval ends 30 times lower (a report audit).
    const reach = Math.max(hi - estimate, estimate - lo);
    if (lopsided && reach < 0.5 * 10 ** -places) return hi - estimate >= estimate - lo ? `≤${end(hi, true)}` : `≥${end(lo, false)}`;
    return lopsided ? reachText([lo, hi], estimate, kind) : half < 0.5 * 10 ** -places ? `±<${(10 ** -places).toFixed(places)}` : `±${outwardReach([lo, hi], estimate, kind)}`;
  };
  // An estimate below the last place in two significant digits ("0.000" over an interval of
  // 0.00005–0.0004 read as a figure its own interval leaves out), a whole one as it is, and
  // one that rounds whole further ("1.000" for 0.99995): estimateFigure.
  // Its significant digits without a trailing 0: "0.00005", not "0.000050", six places
  // among three-place cells (a report audit).
  const estimateText = (x: number, ci: readonly [number, number]) => {
    const text = estimateFigure(x, kind, ci);
    return Math.abs(x) < 10 ** -places ? text.replace(/^(-?0\.0*[1-9]\d*?)0+$/, '$1') : text;
  };
  // An exact value in as many places as it needs (0.3125, not "0.313 exact").
  const labelWith = (ends: boolean) => (r: (typeof rows)[number]) =>
    r.exact !== undefined ? `${exactFigure(r.exact)}\nexact` : `${estimateText(r.value, r.ci)}\n${intervalText(r.ci, r.value, ends)}`;
  // The longest line at ~0.62 em a character fits its cell at 10 px, or in smaller text
  // down to 6 px, rather than figures running into their neighbours.
  const fits = (label: (r: (typeof rows)[number]) => string) =>
    Math.min(10, Math.floor((cellWidth - 4) / (0.62 * Math.max(...rows.flatMap((r) => label(r).split('\n').map((l) => l.length))))));
  const label = fits(labelWith(true)) >= 6 ? labelWith(true) : labelWith(false);
  const fontSize = Math.max(6, fits(label));
  const exactCells = rows.filter((r) => r.exact !== undefined).length;
  const what = exactCells === rows.length ? 'exact' : exactCells === 0 ? 'Monte Carlo, 95% interval below' : 'exact, or Monte Carlo with its 95% interval below';

  const upLabel = sweepLabel(up, options.setup, result);
  // Centred under the grid, the label across must fit on both sides of the grid's middle: a
  // campaign policy's path with its item ran 22 px past the picture's edge.
  const middle = marginLeft + (WIDTH - marginLeft - marginRight) / 2;
  const acrossLabel = fitPathLabel(sweepLabel(across, options.setup, result), 2 * Math.min(middle, WIDTH - middle) - 8);
  // Rows tall enough for the label turned up the grid's side: a campaign policy's path
  // (~330 px) beside two rows of 34 px was cut at both ends.
  const gridHeight = Math.max(CELL_HEIGHT * upValues.length * panels.length + (panels.length - 1) * 10, textWidth(upLabel) + 8);
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + marginBottom + gridHeight,
    marginTop: MARGIN_TOP,
    marginLeft,
    marginRight,
    marginBottom,
    padding: 0.04,
    x: { domain: acrossValues, label: acrossLabel, labelAnchor: 'center', tickSize: 0, tickRotate: slant ? SLANT : 0 },
    y: { domain: upValues, label: upLabel, tickSize: 0 },
    fy: facets?.fy,
    color: { type: 'linear', domain: [low, high], scheme: 'blues' },
    marks: [
      keyLine(`cell: ${metricLabel(result, metric)}, ${what}`, { marginRight }),
      Plot.cell(rows, { x: 'across', y: 'up', fy: panelAxes.length ? 'panel' : undefined, fill: 'value' }),
      Plot.text(rows, {
        x: 'across',
        y: 'up',
        fy: panelAxes.length ? 'panel' : undefined,
        text: label,
        fill: (r: (typeof rows)[number]) => ink(r.value),
        lineHeight: 1.2,
        fontSize,
      }),
    ],
  });
}
