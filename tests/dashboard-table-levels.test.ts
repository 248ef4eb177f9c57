/**
 * A table whose cells pack a figure and its interval ("0.5250 (0.4761–0.5735)": a heatmap's
 * pivot, a split's outcomes, a series by turn) says what the brackets are, 95%, above it;
 * the level was on each cell's hover only (a dashboard audit). Tables with an interval
 * column, headed "95% interval", and tables of exact values say nothing more.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';

let panelsFor: typeof import('../dashboard/charts/panels.ts').panelsFor;
let tableNode: typeof import('../dashboard/ui/panels.ts').tableNode;

beforeAll(async () => {
  const { document, window } = parseHTML('<!doctype html><html><body></body></html>');
  Object.assign(globalThis, { document, DOMParser: window.DOMParser });
  ({ panelsFor } = await import('../dashboard/charts/panels.ts'));
  ({ tableNode } = await import('../dashboard/ui/panels.ts'));
});

const captions = (scenario: Record<string, unknown>) => {
  const result = runPlan(planScenario(scenario, 'x.json'));
  return Object.fromEntries(panelsFor(result, { setup: scenario.setup }).map((p) => [p.name, { caption: tableNode(p.table).querySelector('caption')?.textContent ?? null, cell: p.table.rows[0]!.map((c) => c.text).join(' | ') }]));
};

describe('a table of packed intervals says their level', () => {
  test('a Monte Carlo heatmap’s pivot: “each figure: estimate (95% interval)”; its other tables, with a “95% interval” column, nothing', () => {
    const conflict = JSON.parse(readFileSync('scenarios/sorcerer-conflict-defence-policy.json', 'utf8'));
    const shown = captions({ ...conflict, trials: 400, expect: undefined, sweep: { 'setup.a.defend': ['fullDefence', 'oneDie'], 'setup.b.defend': ['fullDefence', 'oneDie'] } });
    const heatmap = Object.entries(shown).find(([name]) => name.startsWith('heatmap'))![1];
    expect(heatmap.cell).toMatch(/\d \(\d\.\d+–\d\.\d+\)/);
    expect(heatmap.caption).toBe('each figure: estimate (95% interval)');
    for (const [name, s] of Object.entries(shown)) if (!name.startsWith('heatmap')) expect(s.caption, name).toBeNull();
  });

  test('a series by turn (a campaign’s fan and rank shares): each figure with its 95% interval', () => {
    const campaign = parse(readFileSync('scenarios/campaign-advancement.yaml', 'utf8'));
    const shown = captions({ ...campaign, trials: 200, expect: undefined });
    const series = Object.entries(shown).filter(([name]) => name.startsWith('fan') || name === 'rank-shares');
    expect(series.length).toBeGreaterThan(0);
    for (const [name, s] of series) expect(s.caption, name).toBe('each figure: estimate (95% interval)');
  });

  test('a heatmap of exact values and estimates says it of the figures with a bracket, not of “each figure” (a clash’s landed hits, exact only where its combinations are few: a review)', () => {
    const side = (name: string, count: number) => ({ name, combatants: [{ name: 'm', count }] });
    const scenario = { name: 'm', system: 'viciousness', mechanic: 'clash', trials: 400, seed: 'x', setup: { sides: [side('a', 2), side('b', 2), side('c', 70)] }, sweep: { 'setup.sides.0.combatants.0.count': [2, 70], 'setup.sides.1.combatants.0.count': [2, 70] } };
    const result = runPlan(planScenario(scenario, 'x.json'));
    const heatmap = panelsFor(result, { setup: scenario.setup, heatmapMetric: 'landed.a' }).find((p) => p.name.startsWith('heatmap'))!;
    const texts = heatmap.table.rows.flatMap((row) => row.slice(1).map((c) => c.text));
    // Both kinds of figure are there: the test's point.
    expect(texts.filter((t) => t.endsWith(' exact')).length).toBeGreaterThan(0);
    expect(texts.filter((t) => /\(.+–.+\)$/.test(t)).length).toBeGreaterThan(0);
    expect(tableNode(heatmap.table).querySelector('caption')?.textContent).toBe('a figure with a bracket: estimate (95% interval)');
  });

  test('a heatmap of exact values says nothing more', () => {
    const knavery = JSON.parse(readFileSync('scenarios/knavery-challenges.json', 'utf8'));
    const shown = captions({ ...knavery, trials: 400, expect: undefined, sweep: { 'setup.challenges': [1, 2], 'setup.participants.0.count': [2, 3] } });
    const heatmap = Object.entries(shown).find(([name]) => name.startsWith('heatmap'))![1];
    expect(heatmap.cell).toMatch(/exact/);
    expect(heatmap.caption).toBeNull();
  });
});
