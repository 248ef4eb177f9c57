/**
 * VDP split comparison: how each way of splitting the 4-die pool does, side by side. One
 * line per outcome (success, safe, both; or each character's win) over the splits
 * 0/4 … 4/0, a bar across each 95% interval and a ring at the exact value; any other
 * swept path gives one panel per value.
 */
import * as Plot from '@observablehq/plot';
import type { ScenarioResult } from '../../sim/result.ts';
import { metricLabel } from '../../reports/metrics.ts';
import { formatSweepValue, pointLabel } from '../../reports/sweep.ts';
import { plotToSvg } from '../../reports/svg.ts';
import { EXACT, MARGIN_TOP, MONTE_CARLO, WIDTH, keyLine, spreadLabels, textWidth } from '../../reports/charts/shared.ts';

/** Line colours: none of them the exact value's orange. */
const SERIES_COLOURS = [MONTE_CARLO, '#3ca951', '#a463f2', '#9c6b4e', '#ff725c'];
import { VDP_POOL } from '../../sim/vdp/pool.ts';

/** The swept path that splits a pool, if the result has one: `setup.accomplish`, `setup.a.accomplish`… */
export function splitAxis(result: ScenarioResult): string | undefined {
  if (result.system !== 'vdp') return undefined;
  const axes = new Set(result.results.flatMap((p) => Object.keys(p.point)));
  return [...axes].find((a) => /^setup\.(?:[ab]\.)?accomplish$/.test(a));
}

/** The outcomes a split trades between: the risky check's, or each character's win. */
export function splitMetrics(result: ScenarioResult): string[] {
  const names = Object.keys(result.results[0]?.metrics ?? {});
  if (result.mechanic === 'risky') return ['success', 'safe', 'successAndSafe'].filter((m) => names.includes(m));
  return names.filter((m) => m.startsWith('win.') || m === 'neither');
}

/**
 * The split axis in words: the risky check's accomplish / caution, or in an opposed check
 * the character's own accomplish / resist, by name (a dashboard audit: B's split read
 * "accomplish / caution dice", a risky check's, with no name).
 */
export function splitAxisLabel(result: ScenarioResult, axis: string): string {
  const side = /^setup\.([ab])\.accomplish$/.exec(axis)?.[1];
  if (side === undefined) return 'accomplish / caution dice';
  const name = (result.setup as Record<string, { name?: unknown } | undefined> | undefined)?.[side]?.name;
  return `${typeof name === 'string' ? name : side.toUpperCase()}’s accomplish / resist dice`;
}

/** The split chart's title: what the split trades. */
export function splitTitle(result: ScenarioResult): string {
  return result.mechanic === 'risky' ? 'Which split? Success, safety, or both' : 'Which split? Who wins';
}

/** "3 / 1": accomplish and the rest of the pool. */
export function splitLabel(accomplish: unknown): string {
  return typeof accomplish === 'number' ? `${accomplish} / ${VDP_POOL - accomplish}` : formatSweepValue(accomplish);
}

export function splitComparison(result: ScenarioResult, axis: string, metrics: string[]): string {
  const others = [...new Set(result.results.flatMap((p) => Object.keys(p.point)))].filter((a) => a !== axis);
  const splits = [...new Set(result.results.map((p) => splitLabel(p.point[axis])))];
  const rows = result.results.flatMap((p) =>
    metrics
      .filter((m) => p.metrics[m] !== undefined)
      .map((m) => {
        const r = p.metrics[m]!;
        return {
          split: splitLabel(p.point[axis]),
          series: metricLabel(result, m),
          panel: pointLabel(Object.fromEntries(others.map((a) => [a, p.point[a]])), undefined, result),
          estimate: r.estimate,
          low: r.ci95[0],
          high: r.ci95[1],
          exact: r.exact,
        };
      }),
  );
  const series = [...new Set(rows.map((r) => r.series))];
  const panels = [...new Set(rows.map((r) => r.panel))];
  const faceted = panels.length > 1;
  const panelHeight = faceted ? 200 : 300;
  const fy = faceted ? 'panel' : undefined;
  // Each line is named at its last split, labels spread so close lines stay readable.
  const last = splits[splits.length - 1];
  const ends = panels.flatMap((panel) => {
    const at = series.map((s) => rows.find((r) => r.panel === panel && r.series === s && r.split === last));
    // Labels 13px apart in a frame of about panelHeight − 40 px.
    const ys = spreadLabels(at.map((r) => r?.estimate ?? 0), 13 / (panelHeight - 40), 1);
    return at.flatMap((r, i) => (r ? [{ ...r, y: ys[i]! }] : []));
  });
  const withExact = rows.filter((r) => r.exact !== undefined);
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 44 + panelHeight * panels.length,
    marginTop: MARGIN_TOP,
    marginBottom: 44,
    marginRight: Math.max(...series.map(textWidth)) + 16,
    x: { type: 'point', domain: splits, label: splitAxisLabel(result, axis), padding: 0.3 },
    y: { domain: [0, 1], grid: true, label: 'probability' },
    // Panels are named above their top-left corner, in the gap between panels (the right
    // margin holds line labels): a gap of about 30 px holds the name and the rings at 1
    // below it and at 0 of the panel above.
    fy: faceted ? { domain: panels, label: null, axis: null, padding: 0.16 } : undefined,
    color: { domain: series, range: SERIES_COLOURS },
    marks: [
      keyLine(withExact.length ? 'line: Monte Carlo · bar: 95% interval · ring: exact' : 'line: Monte Carlo · bar: 95% interval'),
      Plot.ruleX(rows, { x: 'split', y1: 'low', y2: 'high', fy, stroke: 'series', strokeWidth: 3, strokeOpacity: 0.4 }),
      Plot.lineY(rows, { x: 'split', y: 'estimate', z: 'series', fy, stroke: 'series', strokeWidth: 1.5 }),
      Plot.dot(rows, { x: 'split', y: 'estimate', fy, fill: 'series', r: 3 }),
      Plot.dot(withExact, { x: 'split', y: 'exact', fy, stroke: EXACT, r: 5.5, strokeWidth: 1.2 }),
      Plot.text(ends, { x: 'split', y: 'y', fy, text: 'series', fill: 'series', textAnchor: 'start', dx: 10 }),
      // Inside the frame the name overprinted the lines, which often run along 1 there
      // (safety at 0/4 and 1/3): it stands just above the frame's top edge instead.
      ...(faceted
        ? [Plot.text(panels, { fy: (d: string) => d, text: (d: string) => d, frameAnchor: 'top-left', lineAnchor: 'bottom', dy: -9, fontWeight: 'bold', ariaLabel: 'panel name' })]
        : []),
    ],
  });
}
