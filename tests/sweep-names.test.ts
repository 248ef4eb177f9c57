/**
 * Issue #12 item 5: one function names sweep paths and values (reports/sweep.ts), given
 * the scenario's setup, wherever a point is shown: check lines (reports and `poolsim run`),
 * distribution panels, the dashboard's tables and compare rows. "minion › how many", not
 * "participant 2 › count"; an empty dice list is "none".
 */
import { describe, expect, it } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { describeCheck, renderScenarioHtml, renderScenarioMarkdown } from '../reports/render.ts';
import { distributionBars } from '../reports/charts/distributionBars.ts';
import { chartPlan } from '../reports/charts/plan.ts';
import { formatResult } from '../cli/format.ts';
import { headlineLines } from '../reports/headline.ts';
import { compareRows } from '../dashboard/charts/comparePanels.ts';
import { panelsFor } from '../dashboard/charts/panels.ts';
import { scenarioB } from '../dashboard/model/compare.ts';

const heist = {
  name: 'heist',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 400,
  seed: 'names',
  setup: { challenges: 2, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 1 }] },
  sweep: { 'setup.participants.1.count': [1, 2], 'setup.participants.0.dice': [[], ['d6']] },
  expect: [{ metric: 'success', point: { 'setup.participants.1.count': 2, 'setup.participants.0.dice': [] }, atLeast: 0.99 }],
};
const result = runPlan(planScenario(heist, 'heist.json'));
const where = 'minion › how many = 2, captain › trait dice = none';

describe('sweep points named in the game’s words, given the setup', () => {
  it('check lines: the report’s sentence, its failed points, and `poolsim run`’s check line', () => {
    const check = result.expect[0]!;
    expect(check.pass).toBe(false);
    expect(describeCheck(check, heist.setup)).toBe(`success ≥ 0.99 at ${where}`);
    // The check names its one point: no "failed at" repeating it (the audit found it said twice).
    const html = renderScenarioHtml(result, [], undefined, undefined, [], heist.setup);
    expect(html).toContain(`P(plan succeeds) <code>success</code> ≥ 0.99 at ${where}`);
    expect(html).not.toContain('failed at');
    expect(renderScenarioMarkdown(result, [], undefined, undefined, [], heist.setup)).toContain(`P(plan succeeds) \`success\` ≥ 0.99 at ${where}`);
    // With what was measured there, as the report says it (the point named once).
    const line = formatResult(result, 'heist.json', heist.setup).split('\n').find((l) => l.includes('FAIL'))!;
    expect(line).toContain(`FAIL  success at least 0.99 at ${where}; measured 0.`);
    expect(line).toMatch(/; measured 0\.\d+, 95% interval \[0\.\d+, 0\.\d+\], exact 0\.\d+$/);
    // Without the setup, items by their place in the list: never a raw path.
    expect(describeCheck(check)).toBe('success ≥ 0.99 at participant 2 › how many = 2, participant 1 › trait dice = none');
  });

  it('a check giving several bounds is said with all of them, in the report and on the command line alike', () => {
    const both = { ...heist, expect: [{ metric: 'success', point: heist.expect[0]!.point, between: [0, 1], atLeast: 0.99, atMost: 1 }] };
    const r = runPlan(planScenario(both, 'heist.json'));
    // The report said "between 0 and 1" alone, a band the check was not judged on.
    expect(describeCheck(r.expect[0]!, heist.setup)).toBe(`success between 0 and 1 and ≥ 0.99 and ≤ 1 at ${where}`);
    expect(formatResult(r, 'heist.json', heist.setup)).toContain(`FAIL  success between 0 and 1 and at least 0.99 and at most 1 at ${where}; measured`);
  });

  it('distribution panels and the dashboard’s tables name each point the same way', () => {
    // Plot wraps a long panel label onto two lines (tspans).
    const svg = distributionBars(result, 'successes', heist.setup);
    expect(svg).toContain('>minion › how many = 2<');
    expect(svg).toContain('>captain › trait dice = none<');
    expect(svg).not.toMatch(/participant \d/);
    const dist = chartPlan(result, { setup: heist.setup }).find((c) => c.name === 'distribution-successes');
    expect(dist!.draw()).toContain('>captain › trait dice = none<');
    const panels = panelsFor(result, { setup: heist.setup, axes: Object.keys(heist.sweep), pointCount: 4 });
    const texts = panels.flatMap((p) => [...p.table.columns, ...p.table.rows.flatMap((r) => r.map((c) => c.text ?? ''))]);
    expect(texts.some((t) => t.includes('minion › how many'))).toBe(true);
    expect(texts.some((t) => /participant \d|\.count\b/.test(t))).toBe(false);
  });

  it('the headline’s points (report and dashboard)', () => {
    const wheres = headlineLines(result, heist.setup).map((l) => l.where);
    expect(wheres.length).toBeGreaterThan(0);
    for (const w of wheres) expect(w).toMatch(/^minion › how many = \d, captain › trait dice = (none|d6)$/);
  });

  it('the compare view’s rows', () => {
    const one = { ...heist, sweep: { 'setup.participants.1.count': [1, 2] }, expect: undefined };
    const b = scenarioB(one, { path: 'setup.challenges', value: 1 });
    const ra = runPlan(planScenario(one, 'a.json'));
    const rb = runPlan(planScenario(b, 'b.json'));
    expect(compareRows(ra, rb, { setup: one.setup }).map((r) => r.label)).toEqual(['minion › how many = 1', 'minion › how many = 2']);
  });
});

describe('a swept list item reads by its name and fields', () => {
  it('berzerker-worth-d4 sweeps a combatant: "vipers › captain = captain (trait dice: d4)", its fields named as the form names them, not its JSON', async () => {
    const { loadPlans } = await import('../cli/load.ts');
    const [plan] = loadPlans([new URL('../scenarios/berzerker-worth-d4.yaml', import.meta.url).pathname], { trials: 200 });
    const result = runPlan(plan!);
    const lines = result.expect.map((e) => describeCheck(e, plan!.scenario.setup, result));
    expect(lines[0]).toContain('vipers › captain = captain (trait dice: d4), vipers › flees = never');
    expect(lines[1]).toContain('vipers › captain = captain (named traits: berzerker)');
    expect(lines.join('\n')).not.toContain('{');
  });

  it('ambush-d4: a field the file spells openingDice reads "first clash only", as its form field (a reports audit)', async () => {
    const { loadPlans } = await import('../cli/load.ts');
    const [plan] = loadPlans([new URL('../scenarios/ambush-d4.yaml', import.meta.url).pathname], { trials: 200 });
    const result = runPlan(plan!);
    const lines = result.expect.map((e) => describeCheck(e, plan!.scenario.setup, result));
    expect(lines[1]).toContain('vipers › captain = captain (first clash only: d4)');
    // The point with only a name says so: it read "vipers › captain = captain" (a report audit).
    expect(lines[0]).toContain('vipers › captain = captain (nothing set but its name)');
    expect(lines.join('\n')).not.toMatch(/= captain(?! \()/);
    expect(lines.join('\n')).not.toContain('openingDice');
  });

  it('coin-buys-task sweeps the policy’s buy, an object of objects: each field by its form label, the empty one "nothing set" (a reports audit)', async () => {
    const { sweepValueLabel } = await import('../reports/sweep.ts');
    const campaign = { system: 'viciousness', mechanic: 'campaign' };
    const task = { task: { itemRank: 3, modifiers: 1 } };
    // It read "(a task done for each job: (itemRank 3; modifiers 1))" and "(none)".
    expect(sweepValueLabel('setup.policy.buy', task, {}, campaign)).toBe('(a task done for each job: (task rank: 3; price modifiers: 1))');
    expect(sweepValueLabel('setup.policy.buy', { ...task, action: 'free' }, {}, campaign)).toBe('(a task done for each job: (task rank: 3; price modifiers: 1); a purchase takes: “no one’s turn”)');
    expect(sweepValueLabel('setup.policy.buy', {}, {}, campaign)).toBe('nothing set');
  });
});
