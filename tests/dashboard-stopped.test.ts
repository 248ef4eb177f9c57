/**
 * What a stopped run shows (dashboard/ui/results.ts), drawn into a linkedom document: a
 * check none of whose points came back says so instead of passing on nothing, and a
 * comparison whose B has nothing back yet does not call every metric unpaired.
 */
import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, test } from 'vitest';
import { evaluateChecks, planScenario } from '../sim/scenario.ts';
import { partialResult, runPlan } from '../sim/assemble.ts';
import { runPoint } from '../sim/run.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { measured } from '../reports/checkText.ts';

let renderResults: typeof import('../dashboard/ui/results.ts').renderResults;
let renderSummary: typeof import('../dashboard/ui/results.ts').renderSummary;

beforeAll(async () => {
  // The dashboard's DOM helpers build with the global document (a browser's).
  const { document, window } = parseHTML('<!doctype html><html><body></body></html>');
  Object.assign(globalThis, { document, DOMParser: window.DOMParser });
  ({ renderResults, renderSummary } = await import('../dashboard/ui/results.ts'));
});

const heist = {
  name: 'stopped heist',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 2000,
  seed: 'stopped',
  setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
  sweep: { 'setup.challenges': [1, 5] },
  expect: [
    { metric: 'success', point: { 'setup.challenges': 5 }, atLeast: 0.99 },
    { metric: 'success', point: { 'setup.challenges': 1 }, atLeast: 0.5 },
  ],
};

/** The result as a run stopped after the first point's chunks: the second point never came back. */
function firstPointOnly(): ScenarioResult {
  const full = runPlan(planScenario(heist, 'heist.json'));
  const results = full.results.slice(0, 1);
  return { ...full, results, expect: evaluateChecks(heist.expect as never, results) };
}

const options = { distributionViews: {}, onHeatmapMetric() {}, onCompareMetric() {}, onView() {} };
const progress = [{ done: 1, total: 2, trialsDone: 2000, trialsTotal: 4000 }];

describe('a stopped run', () => {
  test('a check with no trials at its point is not passed: it says none came back', () => {
    const partial = firstPointOnly();
    // evaluateChecks, on the points there are, passes the first check on nothing.
    expect(partial.expect[0]!.pass).toBe(true);
    const root = renderResults({ state: 'stopped', results: [partial], progress }, options);
    const items = [...root.querySelectorAll('.checks li')];
    expect(items[0]!.getAttribute('class')).toBe('pending');
    expect(items[0]!.textContent).toMatch(/at challenges = 5: no trials there \(the run ended before any came back\)$/);
    expect(items[1]!.getAttribute('class')).toBe('pass');
    expect(root.querySelector('.status')!.textContent).toContain('Stopped at 2,000 of 4,000 trials; the point shown ran 2,000 of its 2,000.');
  });

  test('a stopped sweep says how many trials its points ran (only their intervals\' widths told)', () => {
    const full = runPlan(planScenario(heist, 'heist.json'));
    const ran = { ...full, results: full.results.map((p, i) => ({ ...p, trials: [512, 1536][i] })) };
    const root = renderResults({ state: 'stopped', results: [ran], progress: [{ done: 1, total: 2, trialsDone: 2048, trialsTotal: 4000 }] }, options);
    expect(root.querySelector('.status')!.textContent).toContain('Stopped at 2,048 of 4,000 trials; the points shown ran 512 to 1,536 each, of their 2,000.');
  });

  test('points whose exact values are still coming say so: "computing…" while running, "not computed" once stopped, never "—" (as a figure with none)', () => {
    const plan = planScenario({ ...heist, expect: undefined }, 'heist.json');
    const full = runPlan(plan);
    // The second point's exact values not back yet (workers/live.ts: computed in the workers).
    const pending: ScenarioResult = {
      ...full,
      results: full.results.map((p, i) => (i === 1 ? { ...p, exactPending: true as const, metrics: Object.fromEntries(Object.entries(p.metrics).map(([k, m]) => [k, { ...m, exact: undefined }])), distributions: undefined } : p)),
    };
    const exactCells = (root: Element) => {
      const table = [...root.querySelectorAll('table')].find((t) => [...t.querySelectorAll('th')].some((th) => th.textContent === 'exact'))!;
      const column = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent === 'exact');
      return [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td, th')[column]!.textContent);
    };
    const running = renderResults({ state: 'running', results: [pending], progress: [{ done: 2, total: 2, trialsDone: 4000, trialsTotal: 4000, exactDone: 1, exactTotal: 2 }] }, options);
    expect(exactCells(running).slice(-1)).toEqual(['computing…']);
    expect(exactCells(running)[0]).not.toMatch(/computing|—/);
    expect(running.querySelector('.status')!.textContent).toContain('Exact values: 1 of 2 points so far');
    const stopped = renderResults({ state: 'stopped', results: [pending], progress: [{ done: 2, total: 2, trialsDone: 4000, trialsTotal: 4000, exactDone: 1, exactTotal: 2 }] }, options);
    expect(exactCells(stopped).slice(-1)).toEqual(['not computed']);
    expect(stopped.querySelector('.status')!.textContent).toContain('The exact values of 1 of the points shown were not computed before the stop');
    // The same figures kept on the page after an edit (a new run not back yet, or the
    // setup now invalid): the run they are from has ended, and nothing computes them.
    const kept = [
      renderResults({ state: 'running', stale: true, results: [pending], progress: [{ done: 0, total: 2, trialsDone: 0, trialsTotal: 4000, exactDone: 0, exactTotal: 2 }] }, options),
      renderResults({ state: 'invalid', results: [pending], problems: ['heist.json: setup.challenges: expected a whole number'] }, options),
    ];
    for (const root of kept) {
      expect(exactCells(root).slice(-1)).toEqual(['not computed']);
      // (The status line may speak of the new run's own exact values, which are coming.)
      expect(root.querySelector('.exact-pending')?.textContent).toMatch(/^The run these figures are from ended before the exact values of some points were computed/);
    }
    // Every exact value in: nothing said.
    const done = renderResults({ state: 'running', results: [full], progress: [{ done: 2, total: 2, trialsDone: 4000, trialsTotal: 4000, exactDone: 2, exactTotal: 2 }] }, options);
    expect(done.textContent).not.toMatch(/computing…|Exact values:/);
  });

  test('a check decided on exact values still coming is not judged yet ("computing…"; "not computed" once stopped), where evaluateChecks fails it for the values missing', () => {
    const decided = { ...heist, expect: [{ metric: 'success', atLeast: 0, decide: 'exact' as const }] };
    const full = runPlan(planScenario(decided, 'heist.json'));
    // The second point's exact values not back yet (workers/live.ts), its check judged as partialResult judges it.
    const results = full.results.map((p, i) => (i === 1 ? { ...p, exactPending: true as const, metrics: Object.fromEntries(Object.entries(p.metrics).map(([k, m]) => [k, { ...m, exact: undefined }])), distributions: undefined } : p));
    const pending: ScenarioResult = { ...full, results, expect: evaluateChecks(decided.expect, results) };
    expect(pending.expect[0]).toMatchObject({ pass: false, exactMissing: 1 });
    const check = (state: 'running' | 'stopped') =>
      renderResults({ state, results: [pending], progress: [{ done: 2, total: 2, trialsDone: 4000, trialsTotal: 4000, exactDone: 1, exactTotal: 2 }] }, options).querySelector('.checks li')!;
    expect(check('running').getAttribute('class')).toBe('pending');
    expect(check('running').textContent).toBe('— P(plan succeeds) at least 0: decided on the exact values, not judged until they are in (computing…)');
    expect(check('stopped').textContent).toContain('decided on the exact values, not judged: they were not computed');
    expect(check('stopped').textContent).not.toMatch(/FAIL|computing…/);
    // Once in, judged as `poolsim run` judges it.
    const done = renderResults({ state: 'finished', results: [full] }, options).querySelector('.checks li')!;
    expect(done.getAttribute('class')).toBe('pass');
  });

  test('a finished run judges every check as evaluated', () => {
    const full = runPlan(planScenario(heist, 'heist.json'));
    const root = renderResults({ state: 'finished', results: [full] }, options);
    expect([...root.querySelectorAll('.checks li')].map((li) => li.getAttribute('class'))).toEqual(['fail', 'pass']);
    // A failed check says what was measured, as `poolsim run` does (reports/checkText.ts
    // `measured`): "FAIL … at challenges = 5" gave no figure. A passed one says none.
    const said = [...root.querySelectorAll('.checks li')].map((li) => li.querySelector('.measured')?.textContent);
    expect(said).toEqual([`measured ${measured(full, full.expect[0]!)}`, undefined]);
    // At the row's places, as the tables print it (rowPlaces: the half-width 0.00096 asks for 5).
    expect(said[0]).toBe('measured 0, 95% interval [0, 0.00192], exact 0');
  });

  test('a check over every point that failed at some says where, and what was measured there', () => {
    const over = { ...heist, expect: [{ metric: 'success', atLeast: 0.5 }] };
    const full = runPlan(planScenario(over, 'heist.json'));
    const root = renderResults({ state: 'finished', results: [full] }, options);
    expect(root.querySelector('.checks li .measured')!.textContent).toBe('measured at challenges = 5: 0, 95% interval [0, 0.00192], exact 0');
  });

  test('a check giving two bounds says both, as it is judged on both (the page said the first only)', () => {
    const both = { ...heist, sweep: undefined, expect: [{ metric: 'success', between: [0, 1], atLeast: 0.99 }] };
    const result = runPlan(planScenario(both, 'heist.json'));
    const root = renderResults({ state: 'finished', results: [result] }, options);
    const item = root.querySelector('.checks li')!;
    expect(item.getAttribute('class')).toBe('fail');
    expect(item.textContent).toContain('between 0 and 1 and at least 0.99');
  });

  test('B with nothing back yet: no "only A reports" note', () => {
    const a = firstPointOnly();
    const b = { ...a, results: [], expect: [] };
    const root = renderResults({ state: 'stopped', results: [a, b], progress }, options);
    expect(root.querySelector('.unpaired')).toBeNull();
  });

  test('the varied line counts the points back against the run\'s, not as the sweep', () => {
    const partial = firstPointOnly();
    const stopped = renderResults({ state: 'stopped', results: [partial], progress, pointCount: 2 }, options);
    expect(stopped.querySelector('.varying')!.textContent).toMatch(/^Varied \(1 of 2 points back\):/);
    // Results of an earlier setup shown while the new run has none back carry their own
    // run's count (App.runLabels), not the new run's: all back, a plain count.
    const stale = renderResults({ state: 'running', results: [partial], stale: true, progress, pointCount: 1 }, options);
    expect(stale.querySelector('.varying')!.textContent).toMatch(/^Varied \(1 point\):/);
    const full = runPlan(planScenario(heist, 'heist.json'));
    const finished = renderResults({ state: 'finished', results: [full], pointCount: 2 }, options);
    expect(finished.querySelector('.varying')!.textContent).toMatch(/^Varied \(2 points\):/);
  });
});

describe('notes of the points', () => {
  test('why a figure has no exact value is said on the page, for A and, when comparing, for B', () => {
    const three = {
      name: 'three sides',
      system: 'viciousness',
      mechanic: 'battle',
      trials: 300,
      seed: 'notes',
      setup: { sides: ['a', 'b', 'c'].map((name) => ({ name, combatants: [{ name: `${name}-m`, count: 2 }] })) },
    };
    const a = runPlan(planScenario(three, 'three.json'));
    const root = renderResults({ state: 'finished', results: [a] }, options);
    expect([...root.querySelectorAll('.exact-note')].map((p) => p.textContent)).toEqual(['exact values skipped: the exact chain plays two sides, and this battle has 3; the estimates are Monte Carlo only']);
    const two = runPlan(planScenario({ ...three, setup: { sides: three.setup.sides.slice(0, 2) } }, 'two.json'));
    const compared = renderResults({ state: 'finished', results: [two, a] }, options);
    expect([...compared.querySelectorAll('.exact-note')].map((p) => p.textContent)).toEqual(['B: exact values skipped: the exact chain plays two sides, and this battle has 3; the estimates are Monte Carlo only']);
  });

  test('a note A and B share is said once, with A (an audit: each was listed as B\'s and again as A\'s)', () => {
    const clash = (hitOn: string) => ({
      name: 'shared',
      system: 'viciousness',
      mechanic: 'clash',
      trials: 300,
      seed: 'notes',
      rules: { targeting: 'weakest', hitOn },
      setup: { sides: ['a', 'b'].map((name) => ({ name, combatants: [{ name: `${name}-m`, count: 2 }] })) },
    });
    const a = runPlan(planScenario(clash('exact4'), 'a.json'));
    const b = runPlan(planScenario(clash('4+'), 'b.json'));
    const compared = renderResults({ state: 'finished', results: [a, b] }, options);
    const notes = [...compared.querySelectorAll('.exact-note')].map((p) => p.textContent);
    // A card's notes as one list, not a paragraph each (the audit: ~110 px for three).
    expect(compared.querySelectorAll('ul.point-notes > li.exact-note')).toHaveLength(notes.length);
    // Each rule named as its select is (ui/ruleText.ts), the note's own words in the title.
    const targeting = notes.filter((n) => n!.includes('“leftover hits go to” changes nothing here'));
    expect(targeting).toHaveLength(1);
    expect(targeting[0]!.startsWith('B: ')).toBe(false);
    // B's own (its hitOn of d4s only) is still said as B's.
    expect(notes.filter((n) => n!.startsWith('B: “a hit is” changes nothing here'))).toHaveLength(1);
    expect([...compared.querySelectorAll('.exact-note .rule-named')].map((el) => el.getAttribute('title'))).toEqual(expect.arrayContaining(['rules.targeting', 'rules.hitOn']));
  });
});

describe('results of an earlier setup, still on the page', () => {
  // From an audit of the page: a run with a scout, then the form edited.
  const scouts = {
    name: 'scouts',
    system: 'viciousness',
    mechanic: 'knavery',
    trials: 500,
    seed: 'scouts',
    setup: { challenges: 2, participants: [{ name: 'captain', count: 1 }, { name: 'scout', count: 1 }] },
    sweep: { 'setup.participants.1.count': [1, 2] },
  };
  test('are named by their own setup, not the form as it is now', () => {
    const last = runPlan(planScenario(scouts, 'scouts.json'));
    // The form since: the scout renamed, the captain removed.
    const edited = { challenges: 2, participants: [{ name: 'assassin', count: 1 }] };
    const root = renderResults({ state: 'invalid', results: [last], problems: ['x'] }, { ...options, setup: edited });
    const text = root.textContent!;
    expect(text).toContain('scout › how many');
    expect(text).not.toContain('assassin');
  });

  test('shown while a new run has nothing back: said to be the last run\'s, not "so far"', () => {
    const last = runPlan(planScenario(scouts, 'scouts.json'));
    const root = renderResults({ state: 'running', results: [last], stale: true, progress: [{ done: 0, total: 2, trialsDone: 0, trialsTotal: 1000 }] }, options);
    expect(root.querySelector('.status')!.textContent).toContain('The figures below are the last run’s, of the setup as it was then, until this run’s first chunks come back.');
    expect(root.querySelector('.headline h3')!.textContent).toBe('Headline');
    // The run's own figures in flight are "so far".
    const own = renderResults({ state: 'running', results: [last], progress: [{ done: 1, total: 2, trialsDone: 500, trialsTotal: 1000 }] }, options);
    expect(own.querySelector('.headline h3')!.textContent).toBe('Headline (so far)');
  });
});

describe('the summary bar', () => {
  test('says how many headline lines it leaves out (challenges varied 1–8: 3 of 8 shown, the rest said)', () => {
    const varied = { ...heist, trials: 1000, expect: undefined, sweep: { 'setup.challenges': [1, 2, 3, 4, 5, 6, 7, 8] } };
    const result = runPlan(planScenario(varied, 'heist.json'));
    const results = renderResults({ state: 'finished', results: [result] }, options);
    const headline = results.querySelectorAll('.headline li').length;
    expect(headline).toBeGreaterThan(3);
    const bar = renderSummary({ state: 'finished', results: [result] }, varied.setup);
    expect(bar.querySelectorAll('.figure').length).toBe(3);
    expect(bar.querySelector('.more-lines')?.textContent).toBe(`and ${headline - 3} more in the results`);
    // A headline that fits says nothing more.
    const one = runPlan(planScenario({ ...varied, sweep: undefined }, 'heist.json'));
    expect(renderSummary({ state: 'finished', results: [one] }, varied.setup).querySelector('.more-lines')).toBeNull();
  });
});

describe('the summary bar (a narrow screen’s)', () => {
  test('an estimate’s interval says its level, “95%”, as every other interval on the page does (it read a bare “[0.5074, 0.5432]”: a dashboard audit)', () => {
    const at = (x: number, estimate: number, ci95: [number, number]) => ({ point: x === 0 ? {} : { 'setup.x': x }, trials: 4000, metrics: { win: { estimate, ci95, kind: 'probability' as const, headline: true } } });
    const figure = (results: ReturnType<typeof at>[]) =>
      [...renderSummary({ state: 'finished', results: [{ name: 'r', system: 'viciousness', mechanic: 'clash', trials: 4000, seed: 's', expect: [], results } as never] }).querySelectorAll('.figure')].map((f) => [f.querySelector('b')!.textContent, f.querySelector('.what')!.textContent]);
    expect(figure([at(0, 0.5253, [0.5074, 0.5432])])).toEqual([['0.5253', '95% interval [0.5074, 0.5432]']]);
    // One figure at every point, intervals apart: the widest, and said to be.
    expect(figure([at(1, 0, [0, 1e-4]), at(2, 0, [0, 2e-4])])).toEqual([['0', '95% interval [0, 0.000200] at its widest']]);
    // Knavery’s success is exact: “exact”, no interval.
    const exact = runPlan(planScenario({ ...heist, sweep: undefined, expect: undefined }, 'heist.json'));
    expect([...renderSummary({ state: 'finished', results: [exact] }).querySelectorAll('.figure .what')].map((w) => w.textContent)).toContain('exact');
  });

  test('comparing, its figures are said to be A’s (beside the Compare box’s B they read as either’s: a dashboard audit); alone, not', () => {
    const a = runPlan(planScenario({ ...heist, sweep: undefined, expect: undefined }, 'heist.json'));
    const b = runPlan(planScenario({ ...heist, sweep: undefined, expect: undefined, setup: { ...heist.setup, challenges: 3 } }, 'heist.json'));
    const figures = (results: ScenarioResult[]) => [...renderSummary({ state: 'finished', results }).querySelectorAll('.figure')].map((f) => f.textContent);
    const compared = figures([a, b]);
    expect(compared.length).toBeGreaterThan(0);
    for (const f of compared) expect(f).toMatch(/^A: /);
    for (const f of figures([a])) expect(f).not.toMatch(/^A: /);
  });
});

describe('figures of a run an edit cut short, kept on the page', () => {
  // An edit cancels the run in flight; its figures so far stay, marked as the last setup's.
  // They read as a finished run's: "the results below are from the last setup that ran", a
  // plain "Headline", no word of the 278,528 of 3,000,000 trials they were of (an honesty audit).
  const single = { ...heist, sweep: undefined, expect: undefined };
  const cut = (): ScenarioResult => {
    const full = runPlan(planScenario(single, 'heist.json'));
    return { ...full, trials: 3_000_000, results: full.results.map((p) => ({ ...p, trials: 2000 })) };
  };
  const said = 'They are of a run cut short (the point shown ran 2,000 of its 3,000,000 trials), each figure with its own 95% interval: not the numbers poolsim run gives for that setup.';

  test('the setup now invalid, or a new run not back yet: said to be cut short, the headline "so far"', () => {
    const views = [
      renderResults({ state: 'invalid', stale: true, results: [cut()], problems: ['heist.json: setup.challenges: expected a number, got "x"'] }, options),
      renderResults({ state: 'running', stale: true, results: [cut()], progress: [{ done: 0, total: 1, trialsDone: 0, trialsTotal: 3000 }] }, options),
      renderResults({ state: 'stopped', stale: true, results: [cut()], progress: [{ done: 0, total: 1, trialsDone: 0, trialsTotal: 3000 }] }, options),
    ];
    for (const root of views) {
      expect(root.querySelector('.status')!.textContent).toContain(said);
      expect(root.querySelector('.headline h3')!.textContent).toBe('Headline (so far)');
    }
  });

  test('a run that failed says whose figures stay below: the last run\'s (cut short or not), or its own until it failed (it said neither: a review)', () => {
    const failed = (stale: boolean, results: ScenarioResult[]) =>
      renderResults({ state: 'failed', stale, results, message: 'heist.json: result point 0, chunk 3: out of memory' }, options).querySelector('.status')!.textContent;
    expect(failed(true, [cut()])).toBe(`The run failed: heist.json: result point 0, chunk 3: out of memory. The figures below are the last run’s, of the setup as it was then. ${said} `);
    expect(failed(false, [cut()])).toBe('The run failed: heist.json: result point 0, chunk 3: out of memory. The figures below are this run’s until it failed, each with its own 95% interval: not the numbers poolsim run gives for this file.');
    expect(failed(false, [])).toBe('The run failed: heist.json: result point 0, chunk 3: out of memory');
  });

  test('a finished run kept after an edit says nothing of the kind', () => {
    const full = runPlan(planScenario(single, 'heist.json'));
    const root = renderResults({ state: 'invalid', stale: true, results: [full], problems: ['heist.json: setup.challenges: expected a number, got "x"'] }, options);
    expect(root.querySelector('.status')!.textContent).not.toContain('cut short');
    expect(root.querySelector('.headline h3')!.textContent).toBe('Headline');
  });
});

describe('a run an edit cut short whose points shown each ran all their trials (a review)', () => {
  // A sweep whose points are one chunk each comes back point by point: cut short, the
  // points shown ran all their trials and the rest none. Its checks passed at points that
  // never came back ("pass … at challenges = 5", which 3 dice cannot pass), its headline plain.
  test('points missing: said, the checks on them not passed, the headline "so far"', () => {
    const partial = firstPointOnly();
    const views = [
      renderResults({ state: 'invalid', stale: true, results: [partial], pointCount: 2, problems: ['heist.json: setup.challenges: expected a number, got "x"'] }, options),
      renderResults({ state: 'running', stale: true, results: [partial], pointCount: 2, progress: [{ done: 0, total: 1, trialsDone: 0, trialsTotal: 3000 }] }, options),
    ];
    for (const root of views) {
      expect(root.querySelector('.status')!.textContent).toContain('They are of a run cut short (1 of its 2 points came back). ');
      expect(root.querySelector('.headline h3')!.textContent).toBe('Headline (so far)');
      const items = [...root.querySelectorAll('.checks li')];
      expect(items[0]!.getAttribute('class')).toBe('pending');
      expect(root.querySelector('.varying')!.textContent).toContain('1 of 2 points back');
    }
    // The same run's figures, finished and kept after an edit: nothing of the kind.
    const full = runPlan(planScenario(heist, 'heist.json'));
    const root = renderResults({ state: 'invalid', stale: true, results: [full], pointCount: 2, problems: ['x'] }, options);
    expect(root.querySelector('.status')!.textContent).not.toContain('cut short');
    expect(root.querySelector('.headline h3')!.textContent).toBe('Headline');
  });

  test('exact values not computed: a check decided on them is not judged (it said FAIL), as a stopped run’s', () => {
    const sc = { ...heist, sweep: undefined, expect: [{ metric: 'success', atLeast: 0.1, decide: 'exact' }] };
    const plan = planScenario(sc, 'heist.json');
    const partial = partialResult(plan, plan.points.map((p) => runPoint(p.simulation, plan.seed, p.stream, plan.trials, plan.chunkTrials)), () => true);
    const root = renderResults({ state: 'invalid', stale: true, results: [partial], pointCount: 1, problems: ['x'] }, options);
    expect(root.querySelector('.status')!.textContent).toContain('They are of a run cut short (the exact values of 1 of the points shown were not computed). ');
    const item = root.querySelector('.checks li')!;
    expect(item.getAttribute('class')).toBe('pending');
    expect(item.textContent).toContain('not judged: they were not computed');
  });
});
