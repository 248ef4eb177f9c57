/**
 * The compare view's charts: A and B side by side (each estimate with its 95% interval,
 * exact ticks), and B − A with the interval of the difference and the exact difference.
 */
import * as Plot from '@observablehq/plot';
import { type MetricKind } from '../../reports/metrics.ts';
import { plotToSvg } from '../../reports/svg.ts';
import { EXACT, FIGURE_MARGIN, MARGIN_TOP, MONTE_CARLO, WIDTH, estimateFigure, intervalEnd, keyLine, placesOf, printedSpan, reachText, textWidth } from '../../reports/charts/shared.ts';
import { exactFigure } from '../../sim/solve/sentence.ts';
import { signed } from './table.ts';

/** B's colour: apart from A's blue and exact's orange. */
export const B_COLOUR = '#3ca951';

export interface CompareRow {
  /** "P(plan succeeds)" or "challenges = 3: P(plan succeeds)". */
  label: string;
  kind: MetricKind;
  a: { estimate: number; ci95: [number, number]; exact?: number };
  b: { estimate: number; ci95: [number, number]; exact?: number };
  difference: { estimate: number; ci95: [number, number]; exact?: number };
  /** A's point, B's, whose exact values are still to come (PointResult.exactPending). */
  exactPendingA?: boolean;
  exactPendingB?: boolean;
}

const ROW = 34;

export function compareEstimates(rows: CompareRow[], kind: MetricKind): string {
  // The fields named, not spread: a side is a whole MetricResult at run time, whose own
  // `label` ("P(plan succeeds)") would replace the row's and drop every mark of a sweep.
  const mark = (label: string, which: 'A' | 'B', s: CompareRow['a']) => ({ label, which, estimate: s.estimate, exact: s.exact, low: s.ci95[0], high: s.ci95[1] });
  const marks = rows.flatMap((r) => [mark(r.label, 'A', r.a), mark(r.label, 'B', r.b)]);
  const withExact = marks.filter((m) => m.exact !== undefined);
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 40 + ROW * rows.length,
    marginTop: MARGIN_TOP,
    marginLeft: Math.max(...rows.map((r) => textWidth(r.label)), 40) + 12,
    marginRight: 24,
    x: kind === 'probability' ? { domain: [0, 1], grid: true, label: 'probability' } : { zero: true, nice: true, grid: true, label: 'mean' },
    y: { domain: rows.map((r) => r.label), label: null, tickSize: 0 },
    marks: [
      keyLine(`blue: A · green: B · bar: 95% interval${withExact.length ? ' · orange tick: exact' : ''}`),
      // A a little above the row's line, B a little below, so both intervals show.
      Plot.ruleY(marks.filter((m) => m.which === 'A'), { y: 'label', x1: 'low', x2: 'high', stroke: MONTE_CARLO, strokeWidth: 3, strokeOpacity: 0.45, dy: -5 }),
      Plot.ruleY(marks.filter((m) => m.which === 'B'), { y: 'label', x1: 'low', x2: 'high', stroke: B_COLOUR, strokeWidth: 3, strokeOpacity: 0.45, dy: 5 }),
      Plot.tickX(withExact, { y: 'label', x: 'exact', stroke: EXACT, strokeWidth: 2, inset: 4 }),
      Plot.dot(marks.filter((m) => m.which === 'A'), { y: 'label', x: 'estimate', fill: MONTE_CARLO, r: 3.5, dy: -5 }),
      Plot.dot(marks.filter((m) => m.which === 'B'), { y: 'label', x: 'estimate', fill: B_COLOUR, r: 3.5, dy: 5 }),
    ],
  });
}

/**
 * B − A beside its mark: exact, or with the reach of its interval (a bare +0.032 read as
 * surer than it is), signed as the table's B − A column is (table.ts `signed`): "+" before
 * a positive one, the true minus before a negative one, after a rounded one's "≈", and no
 * sign on 0. The chart said "≈-0.0541" and "+0 exact" beside the table's "≈−0.0541" and "0".
 */
export function differenceText(d: CompareRow['difference'], kind: MetricKind): string {
  if (d.exact !== undefined) return `${signed(d.exact, exactFigure)} exact`;
  // A value that rounds to zero is written 0, not "−0.000" (a difference of −1e-17).
  const estimate = Math.abs(d.estimate) < 1e-12 ? 0 : d.estimate;
  // Written as reachText measures its reach from it (outwardReach): with its interval, so
  // that more places where three would leave it outside are taken here too (a review:
  // "+0.001 ±0.001" of 0.0014 [0.00101, 0.0021] missed its upper end). `signed` writes the
  // size, so the interval goes with it mirrored where the difference is negative.
  const [low, high] = d.ci95;
  const sized: readonly [number, number] = estimate < 0 ? [-high, -low] : [low, high];
  const shown = signed(estimate, (x) => estimateFigure(x, kind, sized));
  // An interval clear of 0 whose "±reach" as printed crosses it reads "could be no change"
  // beside a table saying there is one: "−0.01 ±0.02" for −0.0133 [−0.0241, −0.0026] (a
  // dashboard audit). Said by its two ends then, rounded outward, as figureText does.
  const [from, to] = printedSpan(d.ci95, estimate, kind);
  if ((low > 0 && from <= 0) || (high < 0 && to >= 0)) {
    const end = (x: number, up: boolean) => (x > 0 ? '+' : '') + intervalEnd(x, up, placesOf(kind)).replace('-', '−');
    return `${shown} (${end(low, false)} to ${end(high, true)})`;
  }
  return `${shown} ${reachText(d.ci95, estimate, kind)}`;
}

export function compareDifference(rows: CompareRow[], kind: MetricKind): string {
  const data = rows.map((r) => ({
    label: r.label,
    estimate: r.difference.estimate,
    low: r.difference.ci95[0],
    high: r.difference.ci95[1],
    exact: r.difference.exact,
    text: differenceText(r.difference, kind),
  }));
  const withExact = data.filter((d) => d.exact !== undefined);
  const reach = Math.max(...data.flatMap((d) => [Math.abs(d.low), Math.abs(d.high), Math.abs(d.exact ?? 0)]), 1e-6);
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 40 + ROW * rows.length,
    marginTop: MARGIN_TOP,
    marginLeft: Math.max(...rows.map((r) => textWidth(r.label)), 40) + 12,
    marginRight: FIGURE_MARGIN,
    // Symmetric around 0, so "B is higher" is always to the right of the line.
    x: { domain: [-reach * 1.1, reach * 1.1], grid: true, label: 'B − A' },
    y: { domain: data.map((d) => d.label), label: null, tickSize: 0 },
    marks: [
      keyLine(`dot: B − A · bar: 95% interval${withExact.length ? ' · orange tick: exact' : ''}`),
      Plot.ruleX([0], { stroke: '#222' }),
      Plot.ruleY(data, { y: 'label', x1: 'low', x2: 'high', stroke: MONTE_CARLO, strokeWidth: 3, strokeOpacity: 0.45 }),
      Plot.tickX(withExact, { y: 'label', x: 'exact', stroke: EXACT, strokeWidth: 2, inset: 4 }),
      Plot.dot(data, { y: 'label', x: 'estimate', fill: MONTE_CARLO, r: 3.5 }),
      Plot.text(data, { y: 'label', x: 'high', text: 'text', dx: 6, textAnchor: 'start' }),
    ],
  });
}
