/**
 * The metrics of a scenario without sweep (one point): one row per metric, a dot at the
 * Monte Carlo estimate, a bar across its 95% interval, and an orange tick at the exact
 * value where the project computes it. Probabilities sit on a fixed [0, 1] axis so two
 * reports compare at a glance; means share one axis from 0 (they count dice, hits,
 * combatants or turns, so their sizes compare too).
 */
import * as Plot from '@observablehq/plot';
import type { PointResult } from '../../sim/result.ts';
import { type MetricKind, metricLabel } from '../metrics.ts';
import { plotToSvg } from '../svg.ts';
import { EXACT, FIGURE_MARGIN, MARGIN_TOP, MONTE_CARLO, WIDTH, figureText, keyLine, textWidth } from './shared.ts';

export interface EstimatesAtPointOptions {
  /** How the metrics are read; decides the axis. */
  kind: MetricKind;
  /** The scenario's mechanic, for labels in its words. */
  mechanic?: string;
}

export function estimatesAtPoint(point: PointResult, metrics: string[], options: EstimatesAtPointOptions): string {
  const { kind, mechanic = '' } = options;
  const rows = metrics
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
  const withExact = rows.filter((r) => r.exact !== undefined);
  const marginLeft = Math.max(...rows.map((r) => textWidth(r.label)), 40) + 12;
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 40 + 28 * rows.length,
    marginTop: MARGIN_TOP,
    marginLeft,
    // Room for the figure written after the interval of a value near 1.
    marginRight: FIGURE_MARGIN,
    x: kind === 'probability'
      ? { domain: [0, 1], label: 'probability', grid: true }
      : { zero: true, nice: true, label: 'mean', grid: true },
    y: { domain: rows.map((r) => r.label), label: null, tickSize: 0 },
    marks: [
      keyLine(withExact.length
        ? 'dot: Monte Carlo · bar: 95% interval · orange tick: exact'
        : 'dot: Monte Carlo · bar: 95% interval'),
      Plot.ruleX([0]),
      Plot.ruleY(rows, { y: 'label', x1: 'low', x2: 'high', stroke: MONTE_CARLO, strokeWidth: 3, strokeOpacity: 0.45 }),
      Plot.tickX(withExact, { y: 'label', x: 'exact', stroke: EXACT, strokeWidth: 2, inset: 4 }),
      Plot.dot(rows, { y: 'label', x: 'estimate', fill: MONTE_CARLO, r: 3.5 }),
      Plot.text(rows, { y: 'label', x: 'high', text: 'text', dx: 6, textAnchor: 'start' }),
    ],
  });
}
