/**
 * A solve (sim/solve/): the metric over the searched values with the target as a
 * horizontal line and the value found ringed (where none meets the bound, the nearest,
 * dashed). Exact searches draw every value as a line
 * with rings; Monte Carlo ones only the values the search looked at, each with its 95%
 * interval, since the values it skipped were never run.
 */
import * as Plot from '@observablehq/plot';
import type { SolveResult } from '../../sim/solve/result.ts';
import { nearestNotApart, valueText } from '../../sim/solve/sentence.ts';
import { legacyLabel } from '../legacy.ts';
import { sweepLabel, valueWords } from '../sweep.ts';
import { plotToSvg } from '../svg.ts';
import { EXACT, MARGIN_TOP, MONTE_CARLO, WIDTH, allNumbers, keyLine, probabilityDomain, probabilityMargin, zoomNote } from './shared.ts';

const HEIGHT = 300;
const TARGET = '#3ca951';

/** The number the metric is sought at: the target, or setup A's value in the equivalence form. */
export function solveTarget(s: SolveResult): number | undefined {
  return s.target ?? s.reference?.exact ?? s.reference?.estimate;
}

/** `system`, `mechanic` and `setup` (the scenario's) name the varied field as everywhere (reports/sweep.ts). */
export function solveChart(s: SolveResult, options: { system?: string; mechanic?: string; setup?: unknown; probability?: boolean; label?: string } = {}): string {
  const varied = sweepLabel(s.vary, options.setup, options);
  const values = s.points.map((p) => p.value);
  const numeric = allNumbers(values);
  // A value that is not a number in the words its sentence says it in (a rule's select:
  // "“exactly 4”"), as a sweep's axis names it: the ticks read the file's "exact4" beside a
  // sentence of "“exactly 4”". valueText's where the form has no words for it.
  const said = valueWords(options);
  const tick = (v: unknown) => said(s.vary, v) ?? valueText(v, s.vary);
  const x = (v: unknown) => (numeric ? (v as number) : tick(v));
  // The exact line joins the values in ascending order, not in the block's (`values: [5,
  // 0, 3, 1, 2]` drew a zigzag); the sentence keeps the block's order (docs/solve.md).
  const points = numeric ? [...s.points].sort((a, b) => (a.value as number) - (b.value as number)) : s.points;
  // The value found and, where an exact search found a tie, every value tied with it (its
  // sentence names them: "2 challenges … (tied with 3)"; only 2 was ringed).
  const tied = s.method === 'exact' && s.candidates && s.candidates.length > 1 ? s.candidates : [];
  const found = new Set([s.value, ...tied].map((v) => JSON.stringify(v)));
  const rows = points.map((p) => ({
    x: x(p.value),
    y: p.exact ?? p.estimate ?? 0,
    low: p.ci95?.[0],
    high: p.ci95?.[1],
    found: s.decided && found.has(JSON.stringify(p.value)),
  }));
  // No value meets the bound: the one that came nearest it (`nearest`, as the sentence
  // names it) is ringed, dashed, and named in the key; the chart showed no answer at all.
  const nearest = s.decided && s.value === null && s.nearest ? rows.filter((_, i) => JSON.stringify(points[i]!.value) === JSON.stringify(s.nearest!.value)) : [];
  // A Monte Carlo nearest within others' intervals is the highest estimate, not surely the
  // highest value (sim/solve/sentence.ts nearestNotApart), said as the sentence says it.
  let nearestKey = '';
  if (nearest.length) {
    const notApart = nearestNotApart(s);
    const at = `at ${tick(s.nearest!.value)}`;
    const apart = notApart > 0 ? ` estimate, ${at}, not told apart from ${notApart} other value${notApart === 1 ? '' : 's'}` : `, ${at}`;
    nearestKey = ` · dashed ring: the ${s.find.endsWith('AtLeast') ? 'highest' : 'lowest'}${apart} (no value meets the target)`;
  }
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
    ...(probabilityMargin(domain) ? { marginLeft: probabilityMargin(domain) } : {}),
    x: numeric
      ? { label: varied, ...(integerTicks ? { ticks: [...(values as number[])].sort((a, b) => a - b), tickFormat: 'd' } : {}) }
      : { type: 'point', domain: values.map(tick), label: varied, padding: 0.3 },
    y: domain ? { domain, grid: true, label } : { zero: true, nice: true, grid: true, label },
    marks: [
      // Values that are not numbers (dice lists) have no order to draw a line through.
      keyLine(`${exact ? (numeric ? 'line: exact' : 'dot: exact') : 'dot: Monte Carlo · bar: interval, 95% over all looks'} · green: target${s.decided && s.value !== null ? (tied.length ? ' · rings: the value found and those tied with it' : ' · ring: the value found') : ''}${nearestKey}${zoomNote(domain)}`, { yLabel: label }),
      ...(target !== undefined ? [Plot.ruleY([target], { stroke: TARGET, strokeWidth: 1.5, strokeDasharray: '5,3' })] : []),
      ...(exact
        ? [...(numeric ? [Plot.lineY(rows, { x: 'x', y: 'y', stroke: EXACT, strokeWidth: 1.5 })] : []), Plot.dot(rows, { x: 'x', y: 'y', fill: EXACT, r: 2.5 })]
        : [
            Plot.ruleX(rows, { x: 'x', y1: 'low', y2: 'high', stroke: MONTE_CARLO, strokeWidth: 3, strokeOpacity: 0.45 }),
            Plot.dot(rows, { x: 'x', y: 'y', fill: MONTE_CARLO, r: 2.5 }),
          ]),
      Plot.dot(rows.filter((r) => r.found), { x: 'x', y: 'y', stroke: 'black', strokeWidth: 1.5, r: 7 }),
      ...(nearest.length ? [Plot.dot(nearest, { x: 'x', y: 'y', stroke: 'black', strokeWidth: 1.5, strokeDasharray: '3,2', r: 7 })] : []),
    ],
  });
}
