/**
 * `expect[].decide: "exact"`: a check judged on the exact values rather than the 95%
 * interval (the contract's default), for a CI gate on a figure poolsim computes exactly.
 * A designer's walk found the interval rule passing a band the exact value misses, and
 * failing one placed on the exact value about 1 time in 40.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluateChecks, planScenario, ScenarioErrors } from '../sim/scenario.ts';
import type { MetricResult } from '../sim/result.ts';
import { poolsim, tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-decide-');

// A knowledge roll's answer is exactly 1/3 (docs/rulings/single-rolls.md): 'at least 0.335'
// is false of it, yet at this seed its interval reaches 0.335.
const knowledge = (expectations: object[]) => ({ name: 'k', system: 'viciousness', mechanic: 'knowledge', trials: 100000, seed: 'k', setup: {}, expect: expectations });

describe('decide: "exact"', () => {
  test('passes or fails on the exact value, and the exit code follows', async () => {
    const file = join(dir, 'k.json');
    writeFileSync(file, JSON.stringify(knowledge([{ metric: 'answer', atLeast: 0.335 }, { metric: 'answer', atLeast: 0.335, decide: 'exact' }, { metric: 'answer', atMost: 0.3334, decide: 'exact' }])));
    const json = await poolsim('run', file, '--json');
    expect(json.code).toBe(1);
    const checks = JSON.parse(json.out).expect;
    expect(checks.map((c: { pass: boolean }) => c.pass)).toEqual([true, false, true]);
    expect(checks[1]).toMatchObject({ decide: 'exact', exactPass: false });
    // A check without `decide` keeps the contract's form, nothing added.
    expect(checks[0]).toEqual({ metric: 'answer', atLeast: 0.335, pass: true, exactPass: false });
    const text = await poolsim('run', file);
    expect(text.out).toContain('FAIL  answer at least 0.335; measured');
    expect(text.out).toContain('(decided on the exact value)');
  });

  test('a point without an exact value fails the check, said, rather than being judged on its interval', () => {
    const m = (estimate: number, exact?: number) => ({ estimate, ci95: [estimate - 0.01, estimate + 0.01], ...(exact === undefined ? {} : { exact }), kind: 'probability' }) as unknown as MetricResult;
    const results = [
      { point: { 'setup.x': 1 }, metrics: { p: m(0.6, 0.6) } },
      { point: { 'setup.x': 2 }, metrics: { p: m(0.7) } },
    ];
    const [byInterval, byExact] = evaluateChecks([{ metric: 'p', atLeast: 0.5 }, { metric: 'p', atLeast: 0.5, decide: 'exact' }], results);
    expect(byInterval.pass).toBe(true);
    expect(byExact).toMatchObject({ pass: false, decide: 'exact', exactMissing: 1, failedPoints: [{ 'setup.x': 2 }] });
  });

  test('refused before anything runs where the mechanic has no exact values there', () => {
    const battle = {
      name: 'b',
      system: 'viciousness',
      mechanic: 'battle',
      setup: { sides: ['a', 'b', 'c'].map((name) => ({ name, combatants: [{ name: 'm', count: 2 }] })) },
      expect: [{ metric: 'win.a', atLeast: 0.1, decide: 'exact' }],
    };
    let error: unknown;
    try {
      planScenario(battle, 'b.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioErrors);
    expect((error as ScenarioErrors).errors[0].message).toContain('b.json: expect.0.decide: "exact", but viciousness battle has no exact value of win.a (it has no exact values here; the point\'s note: "exact values skipped: the exact chain plays two sides, and this battle has 3');
  });

  test('refused too where the mechanic has exact values but not of that metric, or exact() leaves them out', () => {
    const refusal = (raw: object) => {
      try {
        planScenario(raw, 'f.json');
      } catch (e) {
        return (e as ScenarioErrors).errors.map((x) => x.message).join('\n');
      }
      return 'accepted';
    };
    const fighter = (name: string) => ({ name, stamina: 4, will: 4, weapon: 'fists' });
    // A Sorcerer conflict's exact values are its opening's only.
    const conflict = { name: 'c', system: 'sorcerer', mechanic: 'conflict', setup: { a: fighter('a'), b: fighter('b') } };
    expect(refusal({ ...conflict, expect: [{ metric: 'win.a', between: [0.3, 0.7], decide: 'exact' }] })).toContain(
      'f.json: expect.0.decide: "exact", but sorcerer conflict has no exact value of win.a (its exact values here do not include win.a)',
    );
    expect(refusal({ ...conflict, expect: [{ metric: 'first.a', between: [0.3, 0.7], decide: 'exact' }] })).toBe('accepted');
    // A knavery plan with pushes past the dice the exact chain takes: exact() leaves them out, and says why.
    const big = { name: 'k', system: 'viciousness', mechanic: 'knavery', setup: { challenges: 60, push: 'ifShort', participants: [{ name: 'm', count: 101 }] } };
    expect(refusal({ ...big, expect: [{ metric: 'success', atLeast: 0.1, decide: 'exact' }] })).toContain('no exact value of success (its exact values here do not include success; the point\'s note: "exact values skipped: a plan whose participants push is computed exactly up to 100 dice');
  });
});
