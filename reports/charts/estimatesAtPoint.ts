/**
 * The metrics of a scenario without sweep (one point): one row per metric, a dot at the
 * Monte Carlo estimate, a bar across its 95% interval, and an orange tick at the exact
 * value where the project computes it. Probabilities sit on a fixed [0, 1] axis so two
 * reports compare at a glance; means share one axis from 0 (they count dice, hits,
 * combatants or turns, so their sizes compare too) while their sizes are alike, and are
 * drawn in panels stacked in the one picture, each with its own axis, where they are not
 * (meanPanels). A long row label wraps rather than squeezing the plot.
 */
import * as Plot from '@observablehq/plot';
import type { PointResult } from '../../sim/result.ts';
import { type MetricKind, metricLabel } from '../metrics.ts';
import { plotToSvg, stackSvgs } from '../svg.ts';
import { EXACT, FIGURE_MARGIN, MARGIN_TOP, MONTE_CARLO, WIDTH, figureText, keyLine, textWidth, wrapText } from './shared.ts';

export interface EstimatesAtPointOptions {
  /** How the metrics are read; decides the axis. */
  kind: MetricKind;
  /** The scenario's mechanic, for labels in its words. */
  mechanic?: string;
}

/**
 * Row labels wrap at this width (px): a campaign's "mean traits pushed to remove a
 * challenge before a job (policy job.pushTraits)" (~490 px) on one line left the plot
 * ~50 px wide, its axis one tick.
 */
export const ROW_LABEL_WIDTH = 260;
/**
 * Means whose sizes differ by more than this factor go to separate panels: 60 campaign
 * means from 0.1 to 104 on one axis drew most of them as dots on the zero line.
 */
export const MEAN_SPREAD = 20;
/** Top margin of a panel after the first (which holds the key). */
const PANEL_TOP = 18;

interface Row {
  label: string;
  estimate: number;
  low: number;
  high: number;
  exact: number | undefined;
  text: string;
}

/** A row's size: its value's, not its interval's (a mean of 0 has an interval up to 0.0002, which is no size to group by). */
function size(r: Row): number {
  return Math.max(Math.abs(r.estimate), Math.abs(r.exact ?? 0));
}

/**
 * Rows in groups of like size, smallest first, each in the order given: a group starts at
 * its smallest nonzero size and takes every row up to MEAN_SPREAD times it (rows of size 0
 * join the first). Exported for its test.
 */
export function meanPanels<T extends Row>(rows: T[]): T[][] {
  const order = rows.map((r, i) => i).sort((a, b) => size(rows[a]!) - size(rows[b]!));
  const groupOf = new Array<number>(rows.length);
  let group = 0;
  let floor = 0;
  for (const i of order) {
    const s = size(rows[i]!);
    if (floor > 0 && s > floor * MEAN_SPREAD) {
      group++;
      floor = s;
    } else if (floor === 0 && s > 0) floor = s;
    groupOf[i] = group;
  }
  return Array.from({ length: group + 1 }, (_, g) => rows.filter((_r, i) => groupOf[i] === g));
}

export function estimatesAtPoint(point: PointResult, metrics: string[], options: EstimatesAtPointOptions): string {
  const { kind, mechanic = '' } = options;
  const rows: Row[] = metrics
    .filter((metric) => point.metrics[metric] !== undefined)
    .map((metric) => {
      const m = point.metrics[metric]!;
      return {
        label: metricLabel(point, metric, mechanic),
        estimate: m.estimate,
        low: m.ci95[0],
        high: m.ci95[1],
        exact: m.exact,
        text: figureText(m, kind),
      };
    });
  const lines = new Map(rows.map((r) => [r.label, wrapText(r.label, ROW_LABEL_WIDTH)]));
  const rowHeight = Math.max(28, 10 * Math.max(...[...lines.values()].map((l) => l.length)) + 10);
  // One left margin for every panel, so their rows line up.
  const marginLeft = Math.max(...[...lines.values()].flat().map(textWidth), 40) + 12;
  const panels = kind === 'mean' ? meanPanels(rows) : [rows];
  const key =
    'dot: Monte Carlo · bar: 95% interval' +
    (rows.some((r) => r.exact !== undefined) ? ' · orange tick: exact' : '') +
    (panels.length > 1 ? ' · each panel its own axis' : '');
  const drawn = panels.map((group, i) => {
    const withExact = group.filter((r) => r.exact !== undefined);
    const top = i === 0 ? MARGIN_TOP : PANEL_TOP;
    return plotToSvg({
      width: WIDTH,
      height: top + 40 + rowHeight * group.length,
      marginTop: top,
      marginLeft,
      // Room for the figure written after the interval of a value near 1.
      marginRight: FIGURE_MARGIN,
      x: kind === 'probability'
        ? { domain: [0, 1], label: 'probability', grid: true }
        : { zero: true, nice: true, label: 'mean', grid: true },
      y: { domain: group.map((r) => r.label), label: null, tickSize: 0, tickFormat: (d: string) => lines.get(d)!.join('\n') },
      marks: [
        ...(i === 0 ? [keyLine(key)] : []),
        Plot.ruleX([0]),
        Plot.ruleY(group, { y: 'label', x1: 'low', x2: 'high', stroke: MONTE_CARLO, strokeWidth: 3, strokeOpacity: 0.45 }),
        Plot.tickX(withExact, { y: 'label', x: 'exact', stroke: EXACT, strokeWidth: 2, inset: 4 }),
        Plot.dot(group, { y: 'label', x: 'estimate', fill: MONTE_CARLO, r: 3.5 }),
        Plot.text(group, { y: 'label', x: 'high', text: 'text', dx: 6, textAnchor: 'start' }),
      ],
    });
  });
  return drawn.length === 1 ? drawn[0]! : stackSvgs(drawn);
}
