/**
 * Death odds per combatant of a battle (`death.<side>.<name>`: P(a combatant of that
 * entry dies)): one horizontal bar per combatant entry, grouped and coloured by side,
 * with its 95% interval and an orange tick at the exact value where known. Drawn for one
 * point; a sweep shows the same metrics as lines over the swept value instead.
 */
import * as Plot from '@observablehq/plot';
import type { PointResult } from '../../sim/result.ts';
import { plotToSvg } from '../svg.ts';
import { EXACT, FIGURE_MARGIN, MARGIN_TOP, WIDTH, figureText, keyLine, textWidth } from './shared.ts';

/** The metrics of a point that are death odds, in the order the result lists them. */
export function deathMetrics(point: PointResult): string[] {
  return Object.keys(point.metrics).filter((m) => m.startsWith('death.'));
}

export function deathOdds(point: PointResult): string {
  const rows = deathMetrics(point).map((metric) => {
    const m = point.metrics[metric]!;
    const rest = metric.slice('death.'.length);
    const dot = rest.indexOf('.');
    // `death.<side>.<name>`: a side name has no dot (it is one path segment of the
    // setup); whatever follows the first dot is the combatant's name.
    const side = dot < 0 ? rest : rest.slice(0, dot);
    const name = dot < 0 ? rest : rest.slice(dot + 1);
    return {
      label: `${side}: ${name}`,
      side,
      estimate: m.estimate,
      low: m.ci95[0],
      high: m.ci95[1],
      exact: m.exact,
      text: figureText(m, 'probability'),
    };
  });
  if (rows.length === 0) throw new Error('deathOdds: the point has no death.<side>.<name> metric');
  // Group rows by side in the order sides first appear, combatants in result order.
  const sides = [...new Set(rows.map((r) => r.side))];
  rows.sort((a, b) => sides.indexOf(a.side) - sides.indexOf(b.side));
  const withExact = rows.filter((r) => r.exact !== undefined);

  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 40 + 28 * rows.length,
    marginTop: MARGIN_TOP,
    marginLeft: Math.max(...rows.map((r) => textWidth(r.label))) + 12,
    marginRight: FIGURE_MARGIN,
    x: { domain: [0, 1], grid: true, label: 'P(dies)' },
    y: { domain: rows.map((r) => r.label), label: null, tickSize: 0 },
    color: { domain: sides },
    marks: [
      keyLine(withExact.length
        ? 'bar: Monte Carlo · line: 95% interval · orange tick: exact'
        : 'bar: Monte Carlo · line: 95% interval'),
      // Inset across the bar only, never at its value end: `inset: 3` drew an estimate of
      // 0.2436 as a bar ending at 0.2365, short of its own interval and exact tick.
      Plot.barX(rows, { y: 'label', x: 'estimate', fill: 'side', fillOpacity: 0.7, insetTop: 3, insetBottom: 3 }),
      Plot.ruleY(rows, { y: 'label', x1: 'low', x2: 'high', stroke: '#222' }),
      Plot.tickX(withExact, { y: 'label', x: 'exact', stroke: EXACT, strokeWidth: 2.5, inset: 2 }),
      Plot.text(rows, { y: 'label', x: 'high', text: 'text', dx: 6, textAnchor: 'start' }),
      Plot.ruleX([0]),
    ],
  });
}
