/**
 * VDP extended checks: the text's step rules one by one, the exact Markov chain against
 * the Monte Carlo, allocations moving the outcome the way the rules say, and bad setups.
 */
import { describe, expect, it } from 'vitest';
import { expectExactWithin5Se, expectRejected, standardError } from './helpers.ts';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { EXHAUSTED, FAILED, GOING, SUCCESS, extendedAttackDice, extendedStep } from '../sim/vdp/extended.ts';

// A repair job: Mechanics 2 + Mind 2 against difficulty 10, Focus 2 + 1 against intensity 7.
const repair = {
  attack: { attribute: 2, skill: 2 },
  defence: { attribute: 2, skill: 1 },
  difficulty: 10,
  intensity: 7,
  steps: 3,
};

function run(setup: Record<string, unknown>, opts: { trials?: number; sweep?: Record<string, unknown[]>; rules?: Record<string, unknown> } = {}): ScenarioResult {
  const file: Record<string, unknown> = { name: 't', system: 'vdp', mechanic: 'extended', trials: opts.trials ?? 20000, seed: 'vdp-extended', setup };
  if (opts.sweep) file.sweep = opts.sweep;
  if (opts.rules) file.rules = opts.rules;
  return runPlan(planScenario(file, 'test.json'));
}

const se = standardError;

const expectAgreement = expectExactWithin5Se;

describe('the steps of very-different-places.txt "Extended skill check"', () => {
  it('"If a character succeeds with their attack, progress towards the goal is made"', () => {
    expect(extendedStep(0, false, true, true, 3)).toEqual({ progress: 1, missed: false, outcome: GOING });
  });

  it('the last point of progress finishes the job', () => {
    expect(extendedStep(2, false, true, true, 3).outcome).toBe(SUCCESS);
    // The attack is settled before the defence: the finishing point counts though the defence fails.
    expect(extendedStep(2, true, true, false, 3).outcome).toBe(SUCCESS);
  });

  it('"If the character fails their defense, they are exhausted ... and must stop working"', () => {
    expect(extendedStep(1, false, true, false, 3)).toEqual({ progress: 2, missed: false, outcome: EXHAUSTED });
    expect(extendedStep(1, false, false, false, 3)).toEqual({ progress: 0, missed: true, outcome: EXHAUSTED });
  });

  it('"If an attack is failed, progress is reduced by one notch if there has been any"', () => {
    expect(extendedStep(2, false, false, true, 4)).toEqual({ progress: 1, missed: true, outcome: GOING });
    expect(extendedStep(0, false, false, true, 4)).toEqual({ progress: 0, missed: true, outcome: GOING });
  });

  it('"If two attacks are failed in a row, the skill check has failed entirely"', () => {
    expect(extendedStep(1, true, false, true, 3).outcome).toBe(FAILED);
    // A second miss fails the check even when the defence fails in that step too.
    expect(extendedStep(1, true, false, false, 3).outcome).toBe(FAILED);
    // A hit in between resets the count.
    expect(extendedStep(1, false, false, true, 3).outcome).toBe(GOING);
  });

  it('pressAfterMiss moves a die to attack after a miss', () => {
    expect(extendedAttackDice('pressAfterMiss', false)).toBe(2);
    expect(extendedAttackDice('pressAfterMiss', true)).toBe(3);
    expect(extendedAttackDice('1/3', true)).toBe(1);
  });
});

describe('the exact chain agrees with the Monte Carlo', () => {
  it('across every allocation of a 3-step repair', () => {
    const r = run(repair, { sweep: { 'setup.allocation': ['4/0', '3/1', '2/2', '1/3', '0/4', 'pressAfterMiss'] } });
    // All seven metrics of each of the six allocations.
    expect(expectAgreement(r)).toBe(6 * 7);
  });

  it('with disadvantage on both pools, 4 steps, and a low step cap that leaves some unfinished', () => {
    const r = run({ ...repair, steps: 4, disadvantage: 1, maxSteps: 6, intensity: 5 }, { rules: { advantageOn: 'both' } });
    expect(expectAgreement(r)).toBe(7);
    expect(r.results[0].metrics.unfinished.exact).toBeGreaterThan(0.01);
  });

  it('outcomes add up to 1 and the steps distribution sums to 1', () => {
    const r = run(repair, { trials: 2000 });
    const m = r.results[0].metrics;
    expect(m.success.exact! + m.exhausted.exact! + m.failed.exact! + m.unfinished.exact!).toBeCloseTo(1, 12);
    expect(m.success.estimate + m.exhausted.estimate + m.failed.estimate + m.unfinished.estimate).toBeCloseTo(1, 12);
    expect(r.results[0].distributions!.steps.exact!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('allocations move the outcome the way the rules say', () => {
  const at = (allocation: string, extra: Record<string, unknown> = {}) => run({ ...repair, ...extra, allocation }, { trials: 200 }).results[0].metrics;

  it('no defence dice: exhausted in the first step (intensity above 0)', () => {
    const m = at('4/0');
    // A first-step hit is only 1 of 3 points, so hit or miss, the empty defence stops the work.
    expect(m.exhausted.exact).toBeCloseTo(1, 12);
    expect(m.steps.exact).toBeCloseTo(1, 12);
  });

  it('no attack dice: two misses in a row, failed in the second step', () => {
    const m = at('0/4');
    expect(m.failed.exact).toBeCloseTo(1 - m.exhausted.exact!, 12);
    expect(m.success.exact).toBe(0);
  });

  it('pressing after a miss fails less often than staying at 2/2', () => {
    expect(at('pressAfterMiss').failed.exact!).toBeLessThan(at('2/2').failed.exact!);
  });

  it('more steps needed: less success', () => {
    const p = [2, 3, 4, 5].map((steps) => at('2/2', { steps }).success.exact!);
    for (let i = 1; i < p.length; i++) expect(p[i]).toBeLessThan(p[i - 1]);
  });

  it('advantage helps, disadvantage hurts', () => {
    const plain = at('2/2').success.exact!;
    expect(at('2/2', { advantage: 1 }).success.exact!).toBeGreaterThan(plain);
    expect(at('2/2', { disadvantage: 1 }).success.exact!).toBeLessThan(plain);
  });
});

describe('bad setups are rejected with the path of the mistake', () => {
  const bad = (setup: unknown, path: string, words: RegExp) => expectRejected('vdp', 'extended', setup, path, words);

  it('an unknown allocation', () => bad({ ...repair, allocation: 'halfAndHalf' }, 'setup.allocation', /expected one of "4\/0"/));
  it('no steps', () => bad({ ...repair, steps: 0 }, 'setup.steps', /≥ 1/));
  it('a missing intensity', () => bad({ ...repair, intensity: undefined }, 'setup.intensity', /missing: expected a number/));
  it('a defence without its skill', () => bad({ ...repair, defence: { attribute: 2 } }, 'setup.defence.skill', /missing/));
});
