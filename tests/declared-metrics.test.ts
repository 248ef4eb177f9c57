/**
 * Each metric is declared once (sim/metrics.ts), and every place that shows a result reads
 * that declaration from the result: run every shipped scenario (few trials: only names,
 * kinds and labels are checked) and compare what the dashboard uses with the result JSON,
 * and the report's chart list with the dashboard's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HEAVY_TEST_MS } from './size.ts';
import { expandPaths, loadPlans, readScenario } from '../cli/load.ts';
import { runPlan } from '../sim/assemble.ts';
import { planScenario } from '../sim/scenario.ts';
import { MetricLayout, type MetricTable, eachOf, fixedLayout, metricTable, withoutEach } from '../sim/metrics.ts';
import { chartFamily, familyLabel, memberLabels, memberName, metricKinds, metricLabel } from '../reports/metrics.ts';
import { chartsFor } from '../reports/charts/index.ts';
import { chartPlan } from '../reports/charts/plan.ts';
import { panelsFor } from '../dashboard/charts/panels.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { Tally } from '../sim/stats.ts';

/**
 * Metric names laid out from a declaration with a `<part>` the scenario names (`win.<side>`
 * → `win.crew`): the part of such a name is the user's word. One whose part the label
 * reads otherwise (`consequence.<kind>`, words "a PC is rattled") is code, and left out.
 */
const named = new Set<string>();
const layoutAdd = MetricLayout.prototype.add;
MetricLayout.prototype.add = function (this: MetricLayout<MetricTable>, key, parts = {}, options = {}) {
  const slot = layoutAdd.call(this, key, parts, options);
  if (/<\w+>/.test(this.table[key]!.name) && Object.keys(options.words ?? {}).length === 0) named.add(this.specs[slot]!.name);
  return slot;
};
const results: ScenarioResult[] = loadPlans(['scenarios'], { trials: 200 }).map(runPlan);
/**
 * Each path of the library's sweeps of two or more paths swept alone, as a designer
 * trying one of them would: those get heatmaps in the library, and the lines each path
 * would draw (a contest's tries) are never drawn there.
 */
const oneAxis: ScenarioResult[] = expandPaths(['scenarios']).flatMap((file) => {
  const raw = readScenario(file) as { name: string; sweep?: Record<string, unknown[]> };
  const paths = Object.keys(raw.sweep ?? {});
  if (paths.length < 2) return [];
  return paths.map((path) => runPlan(planScenario({ ...raw, name: `${raw.name} (${path} alone)`, sweep: { [path]: raw.sweep![path] }, expect: [], solve: undefined }, file, { trials: 200 })));
});
MetricLayout.prototype.add = layoutAdd;

describe('every shipped scenario', () => {
  test.each(results.map((r) => [r.name, r] as const))('%s: the dashboard uses the kind and label the result JSON carries', (_, result) => {
    // The dashboard's own reading (panels, compare, check lines) goes through these two.
    const kinds = metricKinds(result);
    for (const point of result.results) {
      for (const [name, m] of Object.entries(point.metrics)) {
        expect(m.kind, `${name}: kind in the result`).toMatch(/^(probability|mean)$/);
        expect(m.label, `${name}: label in the result`).toBeTruthy();
        expect(kinds.get(name), name).toBe(m.kind);
        expect(metricLabel(point, name), name).toBe(m.label);
        // The result's own: a point's, or "each" for points of an entry of different counts.
        expect([m.label, eachOf(withoutEach(m.label!), 'several')], name).toContain(metricLabel(result, name));
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

describe('every chart of several lines over a sweep, of the library and of each of its paths alone', () => {
  test.each([...results, ...oneAxis].map((r) => [r.name, r] as const))('%s: names its lines and its axis in declared words, never by a metric key', (_, result) => {
    // A metric with neither a `line` nor a "family: member" label was drawn as its key
    // ("effectDice", "firstWin"), and a family without a declared `family` as its name
    // ("↑ retry", "Retry by tries (side A)").
    const declared = (m: string) => result.results.find((p) => p.metrics[m])!.metrics[m]!;
    const lines = chartPlan(result).filter((c) => c.kind === 'over' && c.metrics.length > 1);
    for (const chart of lines) {
      const names = memberLabels(result, chart.metrics);
      const axis = familyLabel(result, chartFamily(chart.metrics[0]!), chart.metrics);
      for (const m of chart.metrics) {
        // The result's label: "each" where its points' counts differ (reports/metrics.ts).
        const { line } = declared(m);
        const label = metricLabel(result, m);
        const words = [line, /: (.+)$/.exec(label.replace(/^P\((.*)\)$/, '$1'))?.[1]];
        // A name the scenario gave (a side's, a combatant's), or the battle's `draw`, which
        // the report itself draws beside the sides' wins (reports/metrics.ts CHART_FAMILY).
        const user = named.has(m) && names.get(m) === memberName(m);
        const draw = m === 'draw' && axis === 'P(outcome)';
        expect.soft(words.includes(names.get(m)) || user || draw, `${chart.title}: ${m} is drawn as "${names.get(m)}"`).toBe(true);
      }
      if (axis !== 'P(outcome)') expect.soft([...new Set(chart.metrics.map((m) => declared(m).family))], `${chart.title}: the family its metrics declare`).toEqual([axis]);
    }
  });

  test('the one-path sweeps draw lines of every kind of family: fixed names, names from a part, declared lines', () => {
    const all = [...results, ...oneAxis].flatMap((r) => chartPlan(r).filter((c) => c.kind === 'over' && c.metrics.length > 1).flatMap((c) => c.metrics));
    for (const m of ['retry.tries', 'retry.firstWin', 'opening.damage', 'opening.effectDice', 'win.sorcerer']) expect(all, m).toContain(m);
    expect(named.has('win.sorcerer')).toBe(true);
    expect(named.has('retry.tries')).toBe(false);
  });
});

describe('what a metric declares of its trials', () => {
  // The intervals rest on both (sim/stats.ts normalMean): a count's is cut at 0 and never
  // narrower than whole numbers allow. Every value a trial adds is watched, scenario file by
  // scenario file (one test each: the whole library at once outran a test's minute on a
  // busy machine, its prototype hooks keeping the kernels from their fast paths).
  const seen: string[] = [];
  let signedBelowZero = 0;
  let counted = 0;
  const check = (t: Tally, i: number, x: number) => {
    const spec = t.layout.metrics[i]!;
    if (!Number.isInteger(x) || x < (spec.min ?? -Infinity) || x > (spec.max ?? Infinity)) seen.push(`${spec.name} = ${x}`);
    if (spec.min === undefined && x < 0) signedBelowZero++;
  };
  const add = Tally.prototype.add;
  const addMany = Tally.prototype.addMany;
  beforeAll(() => {
    Tally.prototype.add = function (i, x) {
      check(this, i, x);
      add.call(this, i, x);
    };
    Tally.prototype.addMany = function (i, x, n) {
      if (n > 0) check(this, i, x);
      addMany.call(this, i, x, n);
    };
  });
  afterAll(() => {
    Tally.prototype.add = add;
    Tally.prototype.addMany = addMany;
  });

  test.each(expandPaths(['scenarios']))('no trial of %s gives a value below its metric\'s least (a count below 0), above its most (a side\'s combatants, the rounds cap), nor a fraction', (file) => {
    seen.length = 0;
    for (const plan of loadPlans([file], { trials: 1000, seed: 'least' })) counted += runPlan(plan).results.length;
    expect([...new Set(seen)].slice(0, 10)).toEqual([]);
  }, HEAVY_TEST_MS);

  test('the watch saw the whole library, and every value: a VDP score, declared signed, does go below 0', () => {
    expect(counted).toBeGreaterThan(100);
    expect(signedBelowZero).toBeGreaterThan(0);
  });
});

describe('a mean stops at the most its setup allows', () => {
  const run = (scenario: object) => runPlan(planScenario(scenario as never, 'cap.json')).results[0].metrics;

  test('rounds at the rounds cap, deaths at a side\'s combatants: the interval does not pass them', () => {
    // One round allowed: every battle is over (or a draw) after it, so rounds is 1 in every
    // trial; its interval read [1, 1.0038] at 1,000 trials before the cap was declared.
    const sides = [
      { name: 'gang', combatants: [{ name: 'thug', count: 6 }] },
      { name: 'victim', combatants: [{ name: 'mark', count: 1 }] },
    ];
    const m = run({ name: 'cap', system: 'viciousness', mechanic: 'battle', trials: 1000, seed: 'cap', setup: { sides, maxRounds: 1 } });
    expect(m.rounds.estimate).toBe(1);
    expect(m.rounds.ci95).toEqual([1, 1]);
    for (const side of ['gang', 'victim']) expect(m[`deaths.${side}`].ci95[1], side).toBeLessThanOrEqual(side === 'gang' ? 6 : 1);
    // Without the cap (50 rounds) the same sample's bound sits above 1, as a count's should.
    const uncapped = run({ name: 'cap', system: 'viciousness', mechanic: 'battle', trials: 1000, seed: 'cap', setup: { sides, maxRounds: 50 } });
    expect(uncapped.rounds.ci95[1]).toBeGreaterThan(1);
  });

  test('a campaign: a coin a turn per troupe, a job per troupe on a job turn', () => {
    // An idle company: both troupes stand every turn, so coins are 2 × 6 in every trial.
    const troupes = [
      { name: 'vipers', captain: { knavery: ['d6'] } },
      { name: 'owls', captain: { knavery: ['d6'] } },
    ];
    const idle = run({ name: 'cap', system: 'viciousness', mechanic: 'campaign', trials: 300, seed: 'cap', setup: { turns: 6, company: { name: 'c' }, troupes, policy: { action: 'idle' } } });
    // The sample never varied: the interval reaches below by whole numbers' floor (about
    // 3.84/n), and not above, which no trial can give.
    expect(idle.coins.estimate).toBe(12);
    expect(idle.coins.ci95[1]).toBe(12);
    expect(idle.coins.ci95[0]).toBeLessThan(12);
    // Jobs every other turn with no fights (a failed plan is abandoned): 3 job turns × 2.
    const policy = { job: { challenges: 1 }, jobEvery: 2, onFailedJob: 'abandon' };
    const jobs = run({ name: 'cap', system: 'viciousness', mechanic: 'campaign', trials: 300, seed: 'cap', setup: { turns: 6, company: { name: 'c' }, troupes, policy } });
    expect(jobs.jobs.estimate).toBe(6);
    expect(jobs.jobs.ci95[1]).toBe(6);
  });

  test('VDP extended: steps at maxSteps, progress at the steps that finish the job', () => {
    const setup = { attack: { attribute: 2, skill: 2 }, defence: { attribute: 2, skill: 1 }, difficulty: 2, intensity: 2, steps: 1, maxSteps: 1, allocation: '2/2' };
    const m = run({ name: 'cap', system: 'vdp', mechanic: 'extended', trials: 1000, seed: 'cap', setup });
    expect(m.steps.ci95).toEqual([1, 1]);
    expect(m.progress.ci95[1]).toBeLessThanOrEqual(1);
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
    expect(() => metricTable({ bad: { name: 'x.<side>', kind: 'mean', label: 'mean x' } })).toThrow(/its label lacks a <part> of its name/);
    // A part only the label has is a word the layout gives, and must be given.
    const worded = new MetricLayout(metricTable({ won: { name: 'retry.won', kind: 'probability', label: 'P(<side> wins within its tries)' } }));
    expect(() => worded.add('won')).toThrow(/no value for <side>/);
    worded.add('won', {}, { words: { side: 'sorcerer' } });
    expect(worded.specs[0]).toEqual({ name: 'retry.won', kind: 'probability', label: 'P(sorcerer wins within its tries)' });
    const fixed = fixedLayout(metricTable({ a: { name: 'a', kind: 'mean', label: 'mean a' }, b: { name: 'b.c', kind: 'mean', label: 'mean b' } }));
    expect(fixed.slot).toEqual({ a: 0, b: 1 });
    expect(fixed.exact({ b: 2 })).toEqual({ 'b.c': 2 });
  });

  test('a label says what the metric counts under every rule: a hit is a 4, or 4 or more under hitOn "4+" (an audit: "mean hits (4s)" counted 4 to 6)', () => {
    const clash = (hitOn: string) => runPlan(planScenario({ name: 'h', system: 'viciousness', mechanic: 'clash', trials: 200, seed: 'h', rules: { hitOn }, setup: { sides: [{ name: 'a', combatants: [{ name: 'x', dice: ['d6'] }] }, { name: 'b', combatants: [{ name: 'y' }] }] } }, 'h.json'));
    for (const hitOn of ['exact4', '4+']) expect(clash(hitOn).results[0]!.metrics['hits.a']!.label).toBe('mean hits rolled by a');
  });

  test('a figure each member\'s of an entry of several says "each of N"; over a sweep of the count, the result\'s label says "each" (a reports audit: ko.minion read as the three minions\' together)', () => {
    const file = 'scenarios/vdp-combat-gang-vs-boss.json';
    const gang = planScenario({ ...(readScenario(file) as object), trials: 200, sweep: { 'setup.characters.0.count': [1, 3] }, expect: [] }, file);
    const result = runPlan(gang);
    const [one, three] = result.results;
    expect(one!.metrics['ko.minion']!.label).toBe('P(knocked out: minion)');
    expect(three!.metrics['ko.minion']!.label).toBe('P(knocked out: minion, each of 3)');
    expect(three!.metrics['wounds.minion']).toMatchObject({ label: 'mean wounds at the end: minion, each of 3', scale: 3 });
    // Any minion's first turn is the entry's, not each one's.
    expect(three!.metrics['first.minion']!.label).toBe('P(takes the first turn: minion)');
    expect(metricLabel(result, 'ko.minion')).toBe('P(knocked out: minion, each)');
    expect(metricLabel(result, 'wounds.minion')).toBe('mean wounds at the end: minion, each');
    expect(metricLabel(three!, 'ko.minion')).toBe('P(knocked out: minion, each of 3)');
    expect(metricLabel(result, 'ko.boss')).toBe('P(knocked out: boss)');
    expect(memberLabels(result, ['ko.minion', 'ko.boss'])).toEqual(new Map([['ko.minion', 'minion, each'], ['ko.boss', 'boss']]));
  });

  test('a setup\'s cap on a mean: the lesser of it and the table\'s, and none on a share', () => {
    const table = metricTable({
      rank: { name: 'rank', kind: 'mean', label: 'mean rank', min: 1, max: 7 },
      deaths: { name: 'deaths', kind: 'mean', label: 'mean deaths' },
      win: { name: 'win', kind: 'probability', label: 'P(win)' },
    });
    const L = new MetricLayout(table);
    L.add('rank', {}, { max: 9 });
    L.add('rank', {}, { max: 5 });
    L.add('deaths', {}, { max: 4 });
    L.add('deaths');
    L.add('win', {}, { max: 1 });
    expect(L.specs.map((s) => s.max)).toEqual([7, 5, 4, undefined, undefined]);
    expect(fixedLayout(table, { deaths: { max: 3 } }).specs.map((s) => s.max)).toEqual([7, 3, undefined]);
  });
});
