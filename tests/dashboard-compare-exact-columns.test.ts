/**
 * The compare view's B − A table leaves its exact column out where neither side has exact
 * values, as the A and B table beside it leaves out its exact columns (a review: on
 * sorcerer/conflict with a sweep and Compare on, B − A showed an "exact" column of only "—").
 */
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { planScenario, type ScenarioFile } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { comparePanels } from '../dashboard/charts/comparePanels.ts';
import { scenarioB } from '../dashboard/model/compare.ts';

describe('B − A’s exact column, as A and B’s', () => {
  test('sorcerer/conflict swept, Compare on: no exact column of "—" alone', () => {
    const file = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8')) as ScenarioFile;
    const a = { ...file, trials: 400, expect: undefined, sweep: { 'setup.b.weapon': ['fists', 'blade'] } } as ScenarioFile;
    const b = scenarioB(a, { path: 'setup.a.will', value: 6 });
    const panels = comparePanels(runPlan(planScenario(a, 'a.json')), runPlan(planScenario(b, 'b.json')));
    expect(panels.length).toBeGreaterThan(0);
    for (const p of panels) {
      // Neither side has exact values here: A and B's table has none of its exact columns.
      expect(p.table.columns.some((c) => /exact/.test(c)), p.name).toBe(false);
      for (const row of p.table.rows) expect(row.length).toBe(p.table.columns.length);
    }
  });

  test('heist (exact values on both sides) keeps B − A’s exact column', () => {
    const file = JSON.parse(readFileSync('scenarios/knavery-challenges.json', 'utf8')) as ScenarioFile;
    const a = { ...file, trials: 400, expect: undefined, sweep: undefined } as ScenarioFile;
    const b = scenarioB(a, { path: 'setup.challenges', value: (a.setup as { challenges: number }).challenges + 1 });
    const panels = comparePanels(runPlan(planScenario(a, 'a.json')), runPlan(planScenario(b, 'b.json')));
    const diff = panels.find((p) => p.name === 'difference-probability')!;
    expect(diff.table.columns).toEqual(['', 'B − A', '95% interval', 'exact']);
    expect(diff.table.rows[0]![3]!.value).toBeTypeOf('number');
  });
});
