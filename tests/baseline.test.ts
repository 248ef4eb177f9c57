/**
 * The committed balance baseline (reports/baseline, docs/balance-diffs.md) is what
 * `.ci/balance` compares with: made at the trial count it runs and at each scenario's own
 * seed, so an unchanged tree diffs byte-identical. Which numbers it holds is `.ci/balance`'s
 * to check (it fails when one moved); this checks the baseline can be compared at all.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadPlans } from '../cli/load.ts';
import { readResults } from '../cli/diff-command.ts';
import type { ScenarioError } from '../sim/scenario.ts';

const ROOT = resolve(import.meta.dirname, '..');
const BASELINE = join(ROOT, 'reports', 'baseline');

describe('the committed baseline', () => {
  test('is result JSON at .ci/balance\'s trial count and each scenario\'s own seed', () => {
    const trials = Number(/^TRIALS=(\d+)$/m.exec(readFileSync(join(ROOT, '.ci', 'balance'), 'utf8'))?.[1]);
    expect(trials).toBeGreaterThan(0);
    expect(existsSync(BASELINE), 'reports/baseline is committed (npm run baseline)').toBe(true);
    expect(readdirSync(BASELINE).length).toBeGreaterThan(0);
    const errors: ScenarioError[] = [];
    const baseline = readResults(BASELINE, errors);
    expect(errors.map((e) => e.message)).toEqual([]);
    const seeds = new Map(loadPlans([join(ROOT, 'scenarios')], {}).map((p) => [p.scenario.name, p.seed]));
    // One result per scenario of the library, and no result of a scenario it no longer has.
    expect(baseline.map((r) => r.name).sort()).toEqual([...seeds.keys()].sort());
    for (const result of baseline) {
      expect(result.trials, `${result.name}: trials`).toBe(trials);
      expect(result.seed, `${result.name}: seed`).toEqual(seeds.get(result.name));
    }
  });
});
