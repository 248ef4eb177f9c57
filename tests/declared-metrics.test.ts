/**
 * Each metric is declared once (sim/metrics.ts), and every place that shows a result reads
 * that declaration from the result: run every shipped scenario (few trials: only names,
 * kinds and labels are checked) and compare what the dashboard uses with the result JSON,
 * and the report's chart list with the dashboard's.
 */
import { describe, expect, test } from 'vitest';
import { loadPlans } from '../cli/load.ts';
import { runPlan } from '../sim/assemble.ts';
import { MetricLayout, fixedLayout, metricTable } from '../sim/metrics.ts';
import { metricKinds, metricLabel } from '../reports/metrics.ts';
import { chartsFor } from '../reports/charts/index.ts';
import { chartPlan } from '../reports/charts/plan.ts';
import { panelsFor } from '../dashboard/charts/panels.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { Tally } from '../sim/stats.ts';

const results: ScenarioResult[] = loadPlans(['scenarios'], { trials: 200 }).map(runPlan);

describe('every shipped scenario', () => {
  test.each(results.map((r) => [r.name, r] as const))('%s: the dashboard uses the kind and label the result JSON carries', (_, result) => {
    // The dashboard's own reading (panels, compare, check lines) goes through these two.
    const kinds = metricKinds(result);
    for (const point of result.results) {
      for (const [name, m] of Object.entries(point.metrics)) {
        expect(m.kind, `${name}: kind in the result`).toMatch(/^(probability|mean)$/);
        expect(m.label, `${name}: label in the result`).toBeTruthy();
        expect(kinds.get(name), name).toBe(m.kind);
        expect(metricLabel(result, name), name).toBe(m.label);
        if (m.kind === 'probability') {
          expect(m.estimate).toBeGreaterThanOrEqual(0);
          expect(m.estimate).toBeLessThanOrEqual(1);
        }
      }
    }
    // And each chart of metrics draws only metrics of its own kind.
    for (const chart of chartPlan(result)) {
      for (const m of chart.metrics) expect(kinds.get(m), `${chart.name}: ${m}`).toBe(chart.metricKind);
    }
  });

  test.each(results.map((r) => [r.name, r] as const))('%s: a count\'s interval stops at 0, a rank\'s at 1 and 7, a score\'s nowhere', (_, result) => {
    for (const point of result.results) {
      for (const [name, m] of Object.entries(point.metrics)) {
        if (m.kind !== 'mean' || name.startsWith('score.')) continue;
        const least = name === 'rank.final' ? 1 : 0;
        expect(m.ci95[0], name).toBeGreaterThanOrEqual(least);
        if (name === 'rank.final') expect(m.ci95[1], name).toBeLessThanOrEqual(7);
        // One that never left its least value reads from exactly there.
        if (m.estimate === least) expect(m.ci95[0], name).toBe(least);
      }
    }
  });

  test.each(results.map((r) => [r.name, r] as const))('%s: the report and the dashboard draw the same charts', (_, result) => {
    const report = chartsFor(result).map((c) => [c.name, c.title]);
    // The dashboard's one extra on top of the plan: the VDP split comparison.
    const dashboard = panelsFor(result)
      .filter((p) => p.name !== 'split')
      .map((p) => [p.name, p.title]);
    expect(dashboard).toEqual(report);
    expect(report.length).toBeGreaterThan(0);
  });
});

describe('what a metric declares of its trials', () => {
  test('no trial of any shipped scenario gives a value below its metric\'s least (a count below 0), nor a fraction', () => {
    // The intervals rest on both (sim/stats.ts normalMean): a count's is cut at 0 and
    // never narrower than whole numbers allow. Every value a trial adds is watched.
    const seen: string[] = [];
    let signedBelowZero = 0;
    const check = (t: Tally, i: number, x: number) => {
      const spec = t.layout.metrics[i]!;
      if (!Number.isInteger(x) || x < (spec.min ?? -Infinity) || x > (spec.max ?? Infinity)) seen.push(`${spec.name} = ${x}`);
      if (spec.min === undefined && x < 0) signedBelowZero++;
    };
    const add = Tally.prototype.add;
    const addMany = Tally.prototype.addMany;
    Tally.prototype.add = function (i, x) {
      check(this, i, x);
      add.call(this, i, x);
    };
    Tally.prototype.addMany = function (i, x, n) {
      if (n > 0) check(this, i, x);
      addMany.call(this, i, x, n);
    };
    try {
      let counted = 0;
      for (const plan of loadPlans(['scenarios'], { trials: 1000, seed: 'least' })) {
        const r = runPlan(plan);
        counted += r.results.length;
      }
      expect(counted).toBeGreaterThan(100);
    } finally {
      Tally.prototype.add = add;
      Tally.prototype.addMany = addMany;
    }
    expect([...new Set(seen)].slice(0, 10)).toEqual([]);
    // The watch sees every value: a VDP score, declared signed, does go below 0.
    expect(signedBelowZero).toBeGreaterThan(0);
  });
});

describe('metric tables', () => {
  test('a <part> is filled in the name and the label alike; a missing part is refused', () => {
    const table = metricTable({
      win: { name: 'win.<side>', kind: 'probability', label: 'P(win: <side>)', family: 'P(win)', headline: true },
      draw: { name: 'draw', kind: 'probability', label: 'P(draw)' },
    });
    const L = new MetricLayout(table);
    expect(L.add('win', { side: 'guards' })).toBe(0);
    expect(L.add('draw')).toBe(1);
    expect(L.specs).toEqual([
      { name: 'win.guards', kind: 'probability', label: 'P(win: guards)', family: 'P(win)', headline: true },
      { name: 'draw', kind: 'probability', label: 'P(draw)' },
    ]);
    const x = L.exact();
    x[1] = 0.25;
    expect(L.named(x)).toEqual({ draw: 0.25 });
    expect(() => L.add('win')).toThrow(/no value for <side>/);
    expect(() => metricTable({ bad: { name: 'x.<side>', kind: 'mean', label: 'mean x' } })).toThrow(/<parts>/);
    const fixed = fixedLayout(metricTable({ a: { name: 'a', kind: 'mean', label: 'mean a' }, b: { name: 'b.c', kind: 'mean', label: 'mean b' } }));
    expect(fixed.slot).toEqual({ a: 0, b: 1 });
    expect(fixed.exact({ b: 2 })).toEqual({ 'b.c': 2 });
  });
});
