/**
 * A one-axis sweep: one line per metric of a chart family over the swept value (say
 * `win.<side>` and `draw` over `setup.sides.0.bonus`), a band across each 95% interval,
 * and a hollow ring at the exact value where the project computes it. Lines are labelled
 * at their right end instead of a legend (see svg.ts for why there are no legends).
 * A swept value that is not a number (a rule variant, a dice list) gets a point scale,
 * dots and error bars, without line or band, since those would suggest values between
 * the categories.
 */
import * as Plot from '@observablehq/plot';
import type { ScenarioResult } from '../../sim/result.ts';
import { type MetricKind, chartFamily, familyLabel, memberLabels } from '../metrics.ts';
import { sweepLabel, sweepValueLabel } from '../sweep.ts';
import { plotToSvg } from '../svg.ts';
import { EXACT, MARGIN_TOP, MONTE_CARLO, WIDTH, allNumbers, axisValues, categoryTicks, fitPathLabel, keyLine, probabilityDomain, probabilityMargin, SLANT, spreadLabels, textWidth, zoomNote } from './shared.ts';

const HEIGHT = 320;
/** Lines one chart may hold before it is drawn as one small panel per metric. */
export const MAX_LINES = 8;
/** Height of one such panel. */
const FACET_HEIGHT = 72;
const MARGIN_BOTTOM = 40;
/** Height of the frame in px, to turn the labels' 12px spacing into data units. */
const PLOT_HEIGHT = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;

export interface MetricsOverSweepOptions {
  /** How the metrics are read; probabilities get a [0, 1] axis, or the part of it they lie in (probabilityDomain). */
  kind: MetricKind;
  /** The swept path on the x axis; defaults to the result's first sweep path. */
  axis?: string;
  /** The scenario's setup, so list items read by their names (reports/sweep.ts). */
  setup?: unknown;
}

export function metricsOverSweep(result: ScenarioResult, metrics: string[], options: MetricsOverSweepOptions): string {
  const axis = options.axis ?? Object.keys(result.results[0]?.point ?? {})[0];
  if (axis === undefined) throw new Error('metricsOverSweep: the result has no sweep axis');
  const values = axisValues(result.results, axis);
  const numeric = allNumbers(values);
  const seriesNames = memberLabels(result, metrics);
  // A line joins its points in the order it is given them: a sweep listed [10, 2, 1, 5, 3]
  // drew a zigzag, with its band crossing itself and its name at 3, mid-chart. Numbers are
  // drawn in ascending order (the tables keep the file's); named values keep the file's
  // order, as the point scale's categories do.
  const points = numeric ? [...result.results].sort((a, b) => (a.point[axis] as number) - (b.point[axis] as number)) : result.results;
  const rows = points.flatMap((p) =>
    metrics
      .filter((metric) => p.metrics[metric] !== undefined)
      .map((metric) => {
        const m = p.metrics[metric]!;
        const raw = p.point[axis];
        return {
          x: numeric ? (raw as number) : sweepValueLabel(axis, raw, options.setup, result),
          series: seriesNames.get(metric)!,
          estimate: m.estimate,
          low: m.ci95[0],
          high: m.ci95[1],
          exact: m.exact,
        };
      }),
  );
  const withExact = rows.filter((r) => r.exact !== undefined);
  const series = [...new Set(rows.map((r) => r.series))];
  // Past MAX_LINES, colours repeat and end labels drift far from their lines: one small
  // panel per metric instead, each named beside it.
  const faceted = series.length > MAX_LINES;
  const labelled = series.length > 1 && !faceted;
  const fy = faceted ? 'series' : undefined;
  // One metric: the house colour; several: one colour each, named at the line's end.
  const stroke = labelled ? 'series' : MONTE_CARLO;
  const family = chartFamily(metrics[0] ?? '');
  const yLabel = familyLabel(result, family, metrics);
  // A line with the same figures as an earlier one at every point is drawn exactly under or
  // over it, and was hidden without a word (vdp-combat-edge-charge: "held" = "lands an
  // effect" everywhere, a report audit): its end label says which it is the same as.
  const figuresOf = (name: string) => JSON.stringify(rows.filter((r) => r.series === name).map((r) => [r.x, r.estimate, r.low, r.high, r.exact ?? null]));
  const sameAs = new Map<string, string>();
  if (labelled) {
    for (const [i, name] of series.entries()) {
      const earlier = series.slice(0, i).find((other) => !sameAs.has(other) && figuresOf(other) === figuresOf(name));
      if (earlier !== undefined) sameAs.set(name, earlier);
    }
  }
  const endText = (name: string) => (sameAs.has(name) ? `${name} (same as ${sameAs.get(name)})` : name);
  const marginRight = labelled || faceted ? Math.max(...series.map(endText).map(textWidth)) + 16 : 24;
  const domain = options.kind === 'probability' ? probabilityDomain(rows.flatMap((r) => [{ y: r.estimate, low: r.low, high: r.high }, ...(r.exact === undefined ? [] : [{ y: r.exact }])]), undefined) : undefined;
  // Labels at each line's last point (its largest value, as rows are sorted), spread so that lines ending close stay readable.
  const yMin = domain?.[0] ?? 0;
  const yMax = domain?.[1] ?? Math.max(...rows.map((r) => Math.max(r.high, r.exact ?? 0)), 1e-9) * 1.05;
  const lastRows = series.map((name) => rows.filter((r) => r.series === name).at(-1)!);
  const labelY = spreadLabels(lastRows.map((r) => r.estimate), (12 / PLOT_HEIGHT) * (yMax - yMin), yMax);
  const endLabels = lastRows.map((r, i) => ({ x: r.x, y: labelY[i]!, series: r.series, text: endText(r.series) }));
  const integerTicks = numeric && values.length <= 15 && values.every((v) => Number.isInteger(v));
  // Named values are laid out by categoryTicks: wrapped under their ticks where that fits,
  // else slanted, with the margins they need (coin-buys-task's policies, ~100 characters
  // each, ran 19–38 px past the chart's left edge, slanted on one line).
  const names = numeric ? [] : values.map((v) => sweepValueLabel(axis, v, options.setup, result));
  const ticks = categoryTicks(names, { marginLeft: probabilityMargin(domain) ?? 40, marginRight });
  const { marginLeft, marginBottom, slant } = ticks;
  // The path's label in the room the lines' end labels leave: centred under a point scale,
  // ended at the right under a numeric one (Plot's anchors). A troupe's advancement policy
  // swept beside "a friend is financially ruined or seriously hurt" ran past the left edge.
  const middle = marginLeft + (WIDTH - marginLeft - marginRight) / 2;
  const xLabel = fitPathLabel(sweepLabel(axis, options.setup, result), numeric ? WIDTH - marginRight : 2 * Math.min(middle, WIDTH - middle) - 8);

  return plotToSvg({
    width: WIDTH,
    height: (faceted ? MARGIN_TOP + MARGIN_BOTTOM + FACET_HEIGHT * series.length : HEIGHT) + marginBottom - MARGIN_BOTTOM,
    marginTop: MARGIN_TOP,
    marginRight,
    ...(marginLeft !== 40 ? { marginLeft } : {}),
    marginBottom,
    x: numeric
      ? { label: xLabel, ...(integerTicks ? { ticks: [...(values as number[])].sort((a, b) => a - b), tickFormat: 'd' } : {}) }
      : { type: 'point', domain: names, label: xLabel, padding: 0.3, tickFormat: ticks.format, ...(slant ? { tickRotate: SLANT } : {}) },
    y: domain
      ? { domain, grid: true, label: yLabel, ...(faceted ? { ticks: domain[0] === 0 && domain[1] === 1 ? [0, 0.5, 1] : 2 } : {}) }
      : { zero: true, nice: true, grid: true, label: yLabel, ...(faceted ? { ticks: 2 } : {}) },
    fy: faceted ? { domain: series, label: null, padding: 0.3 } : undefined,
    color: { domain: series },
    marks: [
      keyLine(withExact.length
        ? `${numeric ? 'line' : 'dot'}: Monte Carlo · ${numeric ? 'shade' : 'bar'}: 95% interval · ring: exact${zoomNote(domain)}`
        : `${numeric ? 'line' : 'dot'}: Monte Carlo · ${numeric ? 'shade' : 'bar'}: 95% interval${zoomNote(domain)}`,
        { marginRight, yLabel }),
      numeric
        ? Plot.areaY(rows, { x: 'x', y1: 'low', y2: 'high', z: 'series', fy, fill: stroke, fillOpacity: 0.18 })
        : Plot.ruleX(rows, { x: 'x', y1: 'low', y2: 'high', fy, stroke, strokeWidth: 3, strokeOpacity: 0.45 }),
      ...(numeric ? [Plot.lineY(rows, { x: 'x', y: 'estimate', z: 'series', fy, stroke, strokeWidth: 1.5 })] : []),
      Plot.dot(rows, { x: 'x', y: 'estimate', fy, fill: stroke, r: faceted ? 2 : 2.5 }),
      Plot.dot(withExact, { x: 'x', y: 'exact', fy, stroke: labelled ? 'series' : EXACT, strokeWidth: 1.5, r: faceted ? 4 : 5 }),
      ...(labelled
        ? [Plot.text(endLabels, { x: 'x', y: 'y', text: 'text', fill: 'series', textAnchor: 'start', dx: 8 })]
        : []),
    ],
  });
}
