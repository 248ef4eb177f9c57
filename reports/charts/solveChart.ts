/**
 * A solve (sim/solve/): the metric over the searched values with the target as a
 * horizontal line and the value found ringed. Exact searches draw every value as a line
 * with rings; Monte Carlo ones only the values the search looked at, each with its 95%
 * interval, since the values it skipped were never run.
 */
import * as Plot from '@observablehq/plot';
import type { SolveResult } from '../../sim/solve/result.ts';
import { valueText } from '../../sim/solve/sentence.ts';
import { legacyLabel } from '../legacy.ts';
import { sweepLabel } from '../sweep.ts';
import { plotToSvg } from '../svg.ts';
import { EXACT, MARGIN_TOP, MONTE_CARLO, WIDTH, allNumbers, keyLine } from './shared.ts';

const HEIGHT = 300;
const TARGET = '#3ca951';

/** The number the metric is sought at: the target, or setup A's value in the equivalence form. */
export function solveTarget(s: SolveResult): number | undefined {
  return s.target ?? s.reference?.exact ?? s.reference?.estimate;
}

/**
 * The probability axis of a solve: [0, 1], or the part of it the values, their intervals
 * and the target lie in when that is under half of it. A solve is read against its target:
 * a target of 0.055 and values of 0.015 to 0.079 sat in the bottom 8% of a [0, 1] axis,
 * their interval bars invisible and their sides of the target unreadable. Padded by a
 * tenth of the span, rounded out to a step of 0.01 (0.001 for spans under 0.05).
 */
export function probabilityDomain(rows: readonly { y: number; low?: number; high?: number }[], target: number | undefined): [number, number] {
  const all = rows.flatMap((r) => [r.y, r.low ?? r.y, r.high ?? r.y]).concat(target === undefined ? [] : [target]);
  // Nothing looked at yet: the whole axis.
  if (rows.length === 0) return [0, 1];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  if (!(hi - lo < 0.5)) return [0, 1];
  const step = hi - lo < 0.05 ? 1000 : 100;
  const pad = Math.max((hi - lo) / 10, 1 / step);
  return [Math.max(0, Math.floor((lo - pad) * step) / step), Math.min(1, Math.ceil((hi + pad) * step) / step)];
}

/** `system`, `mechanic` and `setup` (the scenario's) name the varied field as everywhere (reports/sweep.ts). */
export function solveChart(s: SolveResult, options: { system?: string; mechanic?: string; setup?: unknown; probability?: boolean; label?: string } = {}): string {
  const varied = sweepLabel(s.vary, options.setup, options);
  const values = s.points.map((p) => p.value);
  const numeric = allNumbers(values);
  const x = (v: unknown) => (numeric ? (v as number) : valueText(v));
  const rows = s.points.map((p) => ({
    x: x(p.value),
    y: p.exact ?? p.estimate ?? 0,
    low: p.ci95?.[0],
    high: p.ci95?.[1],
    found: s.decided && JSON.stringify(p.value) === JSON.stringify(s.value),
  }));
  const target = solveTarget(s);
  const exact = s.method === 'exact';
  const probability = options.probability ?? rows.every((r) => r.y >= 0 && r.y <= 1 && (r.high ?? 0) <= 1);
  const domain = probability ? probabilityDomain(rows, target) : undefined;
  const integerTicks = numeric && values.length <= 15 && values.every((v) => Number.isInteger(v));
  // The metric's label as its result declares it (reports/metrics.ts), passed in by the plan.
  const label = options.label ?? legacyLabel(s.metric, options.mechanic ?? '');
  return plotToSvg({
    width: WIDTH,
    height: HEIGHT,
    marginTop: MARGIN_TOP,
    marginBottom: 40,
    x: numeric
      ? { label: varied, ...(integerTicks ? { ticks: values as number[], tickFormat: 'd' } : {}) }
      : { type: 'point', domain: values.map(valueText), label: varied, padding: 0.3 },
    y: domain ? { domain, grid: true, label } : { zero: true, nice: true, grid: true, label },
    marks: [
      // Values that are not numbers (dice lists) have no order to draw a line through.
      keyLine(`${exact ? (numeric ? 'line: exact' : 'dot: exact') : 'dot: Monte Carlo · bar: 95% interval'} · green: target${s.decided && s.value !== null ? ' · ring: the value found' : ''}${domain && (domain[0] > 0 || domain[1] < 1) ? ` · axis ${domain[0]}–${domain[1]}, not 0–1` : ''}`),
      ...(target !== undefined ? [Plot.ruleY([target], { stroke: TARGET, strokeWidth: 1.5, strokeDasharray: '5,3' })] : []),
      ...(exact
        ? [...(numeric ? [Plot.lineY(rows, { x: 'x', y: 'y', stroke: EXACT, strokeWidth: 1.5 })] : []), Plot.dot(rows, { x: 'x', y: 'y', fill: EXACT, r: 2.5 })]
        : [
            Plot.ruleX(rows, { x: 'x', y1: 'low', y2: 'high', stroke: MONTE_CARLO, strokeWidth: 3, strokeOpacity: 0.45 }),
            Plot.dot(rows, { x: 'x', y: 'y', fill: MONTE_CARLO, r: 2.5 }),
          ]),
      Plot.dot(rows.filter((r) => r.found), { x: 'x', y: 'y', stroke: 'black', strokeWidth: 1.5, r: 7 }),
    ],
  });
}
