/**
 * The result's top-level `rules` is the file's own (defaults filled in), not the last sweep
 * point's: a sweep over a rule runs each point with its value, which the point names. Until
 * December 2026 the last point's rules stood at the top, so the same sweep listed in the
 * other order read, to `poolsim diff`, as a changed rule (a CLI audit).
 */
import { describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { diffResults } from '../sim/diff.ts';

const campaign = (values: string[]) => ({
  name: 'wounds',
  system: 'viciousness',
  mechanic: 'campaign',
  trials: 200,
  seed: 'rules-echo',
  setup: {
    turns: 8,
    company: { name: 'co' },
    troupes: [{ name: 't', captain: { knavery: ['d6'] }, minions: [{ name: 'm', knavery: ['d6'] }] }],
    rivals: [{ name: 'r', rank: 4, designs: [{ severity: 'medium' }] }],
    policy: { job: { challenges: 2 } },
  },
  sweep: { 'rules.consequenceWound': values },
});

describe('a sweep over a rule', () => {
  const forward = runPlan(planScenario(campaign(['bedRest', 'deathRoll']), 'a.json'));
  const backward = runPlan(planScenario(campaign(['deathRoll', 'bedRest']), 'b.json'));

  test('the top level gives the file\'s value (here the default), whatever the order; each point its own', () => {
    expect(forward.rules?.consequenceWound).toBe('bedRest');
    expect(backward.rules?.consequenceWound).toBe('bedRest');
    expect(forward.results.map((p) => p.point['rules.consequenceWound'])).toEqual(['bedRest', 'deathRoll']);
  });

  test('the file\'s own value of a swept rule stays at the top level', () => {
    const withOwn = runPlan(planScenario({ ...campaign(['bedRest', 'deathRoll']), rules: { consequenceWound: 'deathRoll', woundOrder: 'captainFirst' } }, 'c.json'));
    expect(withOwn.rules?.consequenceWound).toBe('deathRoll');
    expect(withOwn.rules?.woundOrder).toBe('captainFirst');
  });

  test('poolsim diff reads the same sweep in the other order as no changed setting', () => {
    const d = diffResults([forward], [backward]);
    expect(d.settings).toEqual([]);
  });
});
