/**
 * A sweep point's streams are keyed by its values, not by its place in the grid
 * (sim/scenario.ts PlannedPoint.stream): a designer who adds a value to a sweep, takes one
 * out or reorders them gets the other points' numbers unchanged, byte for byte, and the
 * balance diff against the baseline lists the new point and nothing else. Until December
 * 2026 a value added in front of a sweep gave every later point new draws, and the diff
 * had to tell noise from change at every one of them.
 */
import { describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { assembleResult, runPlan } from '../sim/assemble.ts';
import { diffResults } from '../sim/diff.ts';
import { runBatch } from '../cli/runner.ts';
import { pointKey } from '../sim/diff.ts';
import { PoolExecutor } from '../workers/pool.ts';
import { compiledWorkerFile } from './helpers.ts';

const heist = (challenges: number[], counts: number[] = [1, 2]) => ({
  name: 'heist',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 3000,
  seed: 'streams',
  setup: { challenges: 2, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 1 }] },
  sweep: { 'setup.challenges': challenges, 'setup.participants.1.count': counts },
});

const byPoint = (r: ReturnType<typeof runPlan>) => new Map(r.results.map((p) => [pointKey(p.point), JSON.stringify(p.metrics)]));

describe('sweep points keep their numbers when the sweep changes around them', () => {
  const before = runPlan(planScenario(heist([1, 2, 3]), 'heist.json'));

  test('a value added in front, one taken out, the order reversed: every shared point byte-identical', () => {
    const old = byPoint(before);
    for (const [challenges, counts] of [
      [[0, 1, 2, 3], [1, 2]],
      [[1, 3], [1, 2]],
      [[3, 2, 1], [2, 1]],
      [[2], [2, 0, 1]],
    ]) {
      const after = runPlan(planScenario(heist(challenges, counts), 'heist.json'));
      let shared = 0;
      for (const [key, metrics] of byPoint(after)) {
        if (!old.has(key)) continue;
        shared++;
        expect(metrics, `${key} with challenges ${challenges} and counts ${counts}`).toBe(old.get(key));
      }
      expect(shared).toBeGreaterThan(0);
    }
  });

  test('`poolsim diff` of a sweep with a value added lists the new point, and tests nothing', () => {
    // A Sorcerer conflict has Monte Carlo figures only: each would be a test of noise.
    const fight = (stamina: number[]) => ({
      name: 'fight',
      system: 'sorcerer',
      mechanic: 'conflict',
      trials: 1000,
      seed: 'streams',
      setup: { a: { name: 'a', stamina: 4, will: 3, weapon: 'blade' }, b: { name: 'b', stamina: 4, will: 3, weapon: 'blade' } },
      sweep: { 'setup.a.stamina': stamina },
    });
    const diff = diffResults([runPlan(planScenario(fight([3, 4]), 'fight.json'))], [runPlan(planScenario(fight([2, 3, 4]), 'fight.json'))]);
    expect(diff.moved).toBe(0);
    // Every Monte Carlo comparison is byte-identical at the same seed, so none is tested.
    expect(diff.identical).toBeGreaterThan(10);
    expect(diff.tested).toBe(0);
    expect(diff.onlyInNew.map((o) => o.point)).toEqual([{ 'setup.a.stamina': 2 }]);
  });

  test('each point still draws its own streams, and a lone point keeps the key it always had', () => {
    const plan = planScenario(heist([1, 2, 3]), 'heist.json');
    expect(new Set(plan.points.map((p) => p.stream)).size).toBe(plan.points.length);
    const lone = planScenario({ ...heist([1]), sweep: undefined }, 'heist.json');
    expect(lone.points.map((p) => p.stream)).toEqual([0]);
  });

  test('a worker thread runs each point on the same streams as this thread', async () => {
    const plan = planScenario({ ...heist([0, 1, 2, 3]), trials: 70_000 }, 'heist.json');
    const pool = new PoolExecutor({ threads: 1, filename: compiledWorkerFile() });
    try {
      // Every chunk on the pool's thread, none in this one.
      const [there] = await runBatch([plan], { pool, poolOnly: true });
      expect(JSON.stringify(assembleResult(plan, there!.map((p) => p.tally)))).toBe(JSON.stringify(runPlan(plan)));
    } finally {
      await pool.destroy();
    }
  });
});
