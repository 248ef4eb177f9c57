/**
 * `poolsim diff`'s statistics (sim/diff.ts): the p-values and Benjamini–Hochberg against
 * textbook values, a 0.01 change in a probability at 200,000 trials caught, and the false
 * discovery rate held — over constructed results (many replications, fast) and over two
 * real runs of the same scenario at different seeds (≥ 500 comparisons).
 */
import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { benjaminiHochberg, diffResults, twoSidedP } from '../sim/diff.ts';
import { EXACT_TOLERANCE } from '../sim/result.ts';
import { normalMean, wilson, Z95 } from '../sim/stats.ts';
import type { MetricResult, ScenarioResult } from '../sim/result.ts';
import { contractKind } from '../reports/legacy.ts';
import { describeMove, renderChangesHtml, renderDiffMarkdown, renderDiffText } from '../reports/changes.ts';
import { sweepLabel } from '../reports/sweep.ts';
import { runScenario } from './helpers.ts';

/** A result of one scenario whose points are `metrics[i]` at sweep value i. */
function resultOf(metrics: Record<string, MetricResult>[], trials: number, name = 'constructed', seed: string | number = 's'): ScenarioResult {
  return {
    name,
    system: 'viciousness',
    mechanic: 'knavery',
    trials,
    seed,
    results: metrics.map((m, i) => ({ point: { 'setup.challenges': i }, metrics: m })),
    expect: [],
  };
}

/**
 * The new side of a comparison whose two samples are independent, as two runs at other
 * seeds are: at the same seed the diff takes the worst correlation (sim/diff.ts).
 */
function independentOf(metrics: Record<string, MetricResult>[], trials: number, name = 'constructed'): ScenarioResult {
  return resultOf(metrics, trials, name, 'another seed');
}

/** A probability as poolsim reports it: `successes` of `n`, Wilson interval. */
function probability(successes: number, n: number): MetricResult {
  return wilson(successes, n);
}

/** A normal variate from a seeded uniform (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * A binomial count at n ≥ 20,000 with p in [0.1, 0.9]: np(1−p) ≥ 1,800, where the
 * normal approximation (rounded) is off by far less than the test's tolerances.
 */
function binomial(n: number, p: number, random: () => number): number {
  return Math.min(n, Math.max(0, Math.round(n * p + Math.sqrt(n * p * (1 - p)) * normal(random))));
}

describe('p-values and Benjamini–Hochberg', () => {
  test('two-sided normal p-values match the tables', () => {
    expect(twoSidedP(1.959963984540054)).toBeCloseTo(0.05, 6);
    expect(twoSidedP(1)).toBeCloseTo(0.3173105078629141, 6);
    expect(twoSidedP(-3)).toBeCloseTo(0.0026997960632601866, 8);
    expect(twoSidedP(5) / 5.733031437583878e-7).toBeCloseTo(1, 5);
    expect(twoSidedP(0)).toBe(1);
  });

  test('adjusted p-values of the worked example (Benjamini & Hochberg 1995, 15 hypotheses)', () => {
    // The paper's 15 p-values; at q = 0.05 the step-up procedure rejects the 4 smallest.
    const p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1];
    const q = benjaminiHochberg(p);
    expect(q.filter((x) => x <= 0.05)).toHaveLength(4);
    expect(q[0]).toBeCloseTo(0.0015, 10);
    expect(q[3]).toBeCloseTo((0.0095 * 15) / 4, 10);
    expect(q[14]).toBe(1);
    // Order of input does not matter.
    const shuffled = [...p].reverse();
    expect(benjaminiHochberg(shuffled)).toEqual([...q].reverse());
  });
});

describe('a real change is caught', () => {
  test('0.01 in a probability at 200,000 trials, among 999 unchanged metrics', () => {
    const n = 200_000;
    const random = seedrandom('a 0.01 change');
    for (const [p0, p1] of [
      [0.5, 0.51],
      [0.05, 0.06],
      [0.9, 0.89],
    ]) {
      const base: Record<string, MetricResult>[] = [];
      const next: Record<string, MetricResult>[] = [];
      for (let i = 0; i < 1000; i++) {
        const p = 0.1 + 0.8 * random();
        base.push({ success: probability(binomial(n, i === 0 ? p0 : p, random), n) });
        next.push({ success: probability(binomial(n, i === 0 ? p1 : p, random), n) });
      }
      // The changed one drawn at its expected counts: the test must not rely on luck.
      base[0] = { success: probability(p0 * n, n) };
      next[0] = { success: probability(p1 * n, n) };
      const diff = diffResults([resultOf(base, n)], [resultOf(next, n)], { kindOf: contractKind });
      const changed = diff.changes[0]!;
      expect(changed.moved, `${p0} → ${p1}: q ${changed.q}`).toBe(true);
      expect(changed.change).toBeCloseTo(p1 - p0, 12);
      expect(changed.ci95[0]).toBeLessThan(p1 - p0);
      expect(changed.ci95[1]).toBeGreaterThan(p1 - p0);
      expect(Math.sign(changed.ci95[0])).toBe(Math.sign(p1 - p0));
      expect(diff.moved).toBeLessThanOrEqual(2);
    }
  });

  test('a change below --min-change is significant but has not moved', () => {
    const n = 200_000;
    const base = resultOf([{ success: probability(0.5 * n, n) }], n);
    const next = resultOf([{ success: probability(0.51 * n, n) }], n);
    const loose = diffResults([base], [next], { kindOf: contractKind, minChange: 0.02 });
    expect(loose.changes[0]!.significant).toBe(true);
    expect(loose.moved).toBe(0);
  });

  test('a change past --min-change at its estimate but not across its interval has not moved', () => {
    // 0.5 → 0.528 at 20,000 trials a side: change 0.028, interval about [0.018, 0.038].
    const n = 20_000;
    const base = resultOf([{ success: probability(0.5 * n, n) }], n);
    const next = independentOf([{ success: probability(0.528 * n, n) }], n);
    const c = (minChange: number) => diffResults([base], [next], { kindOf: contractKind, minChange }).changes[0]!;
    expect(c(0.025).change).toBeGreaterThan(0.025);
    expect(c(0.025).ci95[0]).toBeLessThan(0.025);
    expect(c(0.025)).toMatchObject({ significant: true, moved: false });
    expect(c(0.015)).toMatchObject({ significant: true, moved: true });
  });

  test('exact on both sides: the change is exact and moves past the contract precision only', () => {
    const m = (exact: number): MetricResult => ({ estimate: 0.3, ci95: [0.29, 0.31], exact });
    const tiny = diffResults([resultOf([{ success: m(0.3125) }], 1000)], [resultOf([{ success: m(0.3125 + EXACT_TOLERANCE / 10) }], 1000)]);
    expect(tiny.changes[0]!).toMatchObject({ exact: true, moved: false });
    const real = diffResults([resultOf([{ success: m(0.3125) }], 1000)], [resultOf([{ success: m(0.3126) }], 1000)]);
    expect(real.changes[0]!).toMatchObject({ exact: true, moved: true, ci95: [real.changes[0]!.change, real.changes[0]!.change] });
    expect(real.tested).toBe(0);
    // From 0 or 1 no rounding is allowed past float noise: impossible becoming 2^-30 moved,
    // as did certain becoming 1 − 2^-30 (a solve and diff audit: "not moved").
    const move = (a: number, b: number) => diffResults([resultOf([{ success: m(a) }], 1000)], [resultOf([{ success: m(b) }], 1000)]).changes[0]!;
    expect(move(0, 2 ** -30)).toMatchObject({ exact: true, significant: true, moved: true });
    expect(move(1, 1 - 2 ** -30)).toMatchObject({ exact: true, moved: true });
    expect(move(2 ** -30, 0)).toMatchObject({ exact: true, moved: true });
    expect(move(0, 1e-16)).toMatchObject({ exact: true, moved: false });
    // Near 0 as an expect check meets a bound there (exactSlack): a chance of 5.4e-10 that
    // doubled to 1.05e-9 moved, as an "atMost: 8e-10" check tells them apart (a review:
    // "not moved" beside the check's flip).
    expect(move(2 ** -31 * 1.156, 2 ** -30 * 1.125)).toMatchObject({ exact: true, moved: true });
    expect(move(0.5, 0.5 + 5e-10)).toMatchObject({ exact: true, moved: false });
  });

  test('an exact change of D, written with float noise, is not past --min-change D; a Monte Carlo one meets the same rule', () => {
    // An audit: knavery's `active` of 3 crew at 2 challenges is 0.625, of 4 crew
    // 0.37499999999999994 (as computed): a change of 0.25 exactly read as past 0.25.
    const m = (exact: number): MetricResult => ({ estimate: exact, ci95: [exact, exact], exact });
    const exact = (a: number, b: number, minChange: number) => diffResults([resultOf([{ active: m(a) }], 1000)], [resultOf([{ active: m(b) }], 1000)], { minChange }).changes[0]!;
    expect(0.37499999999999994 - 0.625).toBeLessThan(-0.25);
    expect(exact(0.625, 0.37499999999999994, 0.25)).toMatchObject({ exact: true, moved: false });
    expect(exact(0.37499999999999994, 0.625, 0.25)).toMatchObject({ exact: true, moved: false });
    expect(exact(0.625, 0.3749, 0.25)).toMatchObject({ exact: true, moved: true });
    expect(exact(0.625, 0.37499999999999994, 0.2)).toMatchObject({ exact: true, moved: true });
    // A Monte Carlo change whose interval ends at D within rounding: not past D either.
    const n = 200_000;
    const base = resultOf([{ success: { estimate: 0.2, ci95: [0.199, 0.201] } }], n);
    const next = independentOf([{ success: { estimate: 0.6, ci95: [0.599, 0.601] } }], n);
    const c = diffResults([base], [next], { kindOf: contractKind, minChange: 0 }).changes[0]!;
    const lower = c.ci95[0];
    expect(diffResults([base], [next], { kindOf: contractKind, minChange: lower - EXACT_TOLERANCE / 10 }).changes[0]!).toMatchObject({ significant: true, moved: false });
    expect(diffResults([base], [next], { kindOf: contractKind, minChange: lower - 2 * EXACT_TOLERANCE }).changes[0]!).toMatchObject({ significant: true, moved: true });
  });

  test('the summaries\' footnote says how the intervals were made: h₁ + h₂ at the same seed, Newcombe\'s method at another, both where a table holds both', () => {
    // An audit: it named Newcombe's method alone, while the balance gate (same seed) adds the halves.
    const n = 20_000;
    const before = [{ success: probability(0.5 * n, n) }];
    const after = [{ success: probability(0.6 * n, n) }];
    const same = diffResults([resultOf(before, n, 'A')], [resultOf(after, n, 'A')], { kindOf: contractKind });
    const other = diffResults([resultOf(before, n, 'B')], [independentOf(after, n, 'B')], { kindOf: contractKind });
    const both = diffResults([resultOf(before, n, 'A'), resultOf(before, n, 'B')], [resultOf(after, n, 'A'), independentOf(after, n, 'B')], { kindOf: contractKind });
    expect([same.moved, other.moved, both.moved]).toEqual([1, 1, 2]);
    const halves = 'the two 95% intervals’ halves added, h₁ + h₂';
    for (const page of [renderDiffMarkdown(same), renderChangesHtml(same, () => undefined)]) {
      expect(page).toContain(`Intervals: at the same seed, ${halves}`);
      expect(page).not.toContain('Newcombe');
    }
    for (const page of [renderDiffMarkdown(other), renderChangesHtml(other, () => undefined)]) {
      expect(page).toContain('Intervals: Newcombe’s method on the two 95% intervals (runs at other seeds).');
      expect(page).not.toContain('h₁ + h₂');
    }
    expect(renderDiffMarkdown(both)).toContain(`Intervals: at another seed Newcombe’s method on the two 95% intervals; at the same seed ${halves}`);
    // Exact changes only: no interval to explain.
    const m = (exact: number): MetricResult => ({ estimate: exact, ci95: [exact, exact], exact });
    const exact = diffResults([resultOf([{ success: m(0.5) }], n)], [resultOf([{ success: m(0.25) }], n)]);
    expect(renderDiffMarkdown(exact)).not.toContain('Intervals:');
  });

  test('an exact change reads by the exact-figure rule on every page: 0.65625 → 0.3125, ↓ −0.34375', () => {
    // Four places made it "0.6562 → 0.3125, ↓ −0.3437", a rounding said as exact.
    const m = (exact: number): MetricResult => ({ estimate: 0.5, ci95: [0.49, 0.51], exact });
    const diff = diffResults([resultOf([{ success: m(0.65625) }, { success: m(0.5) }], 1000)], [resultOf([{ success: m(0.3125) }, { success: m(2 / 3) }], 1000)]);
    const [even, third] = diff.changes;
    expect(describeMove(even!)).toBe('↓ 0.65625 → 0.3125, −0.34375 (exact)');
    // One that does not end: rounded and marked, its sign after the mark.
    expect(describeMove(third!)).toBe('↑ 0.5 → ≈0.6667, ≈+0.1667 (exact)');
    const md = renderDiffMarkdown(diff);
    expect(md).toContain('| 0.65625 | 0.3125 | ↓ −0.34375 | exact |');
    expect(renderChangesHtml(diff, () => undefined)).toContain('<td class="num">0.65625</td><td class="num">0.3125</td><td class="num">↓ −0.34375</td>');
    expect(renderDiffText(diff, { base: 'a', new: 'b' })).toContain('↓ 0.65625 → 0.3125, −0.34375 (exact)');
  });

  test('a Monte Carlo move reads as the report tables read its sides: one precision, no interval of no width', () => {
    // Each figure at four places: "0.1235 [0.1235, 0.1235]" (an interval of no width, read
    // as known exactly) and "+0.0123 [+0.0123, +0.0123]", where the scenario's table says
    // 0.123520 [0.123500, 0.123540]; and "0.0013 [0.000534, 0.0029]" on the moved row whose
    // own cells say 0.00125 [0.000534, 0.00292] (a report audit).
    const side = (estimate: number, ci95: [number, number]): MetricResult => ({ estimate, ci95 });
    const move = (a: MetricResult, b: MetricResult) => diffResults([resultOf([{ success: a }], 1e9)], [independentOf([{ success: b }], 1e9)]).changes[0]!;
    const narrow = move(side(0.12344, [0.12342, 0.12346]), side(0.12352, [0.1235, 0.12354]));
    expect(narrow.moved).toBe(true);
    expect(describeMove(narrow)).toContain('0.123440 [0.123420, 0.123460] → 0.123520 [0.123500, 0.123540]');
    const change = move(side(0.5, [0.499995, 0.500005]), side(0.51234, [0.512335, 0.512345]));
    expect(describeMove(change)).toContain('+0.012340 [+0.012333, +0.012347]');
    const rare = move(side(0.00125, [0.000534, 0.00292]), side(0.0045, [0.00285, 0.0071]));
    const text = describeMove(rare);
    expect(text).toContain('0.00125 [0.000534, 0.00292] → 0.00450 [0.00285, 0.00710]');
    const diff = diffResults([resultOf([{ success: side(0.00125, [0.000534, 0.00292]) }], 1e9)], [independentOf([{ success: side(0.0045, [0.00285, 0.0071]) }], 1e9)]);
    expect(renderDiffMarkdown(diff)).toContain('| 0.00125 [0.000534, 0.00292] | 0.00450 [0.00285, 0.00710] |');
    expect(renderChangesHtml(diff, () => undefined)).toContain('<td class="num">0.00125 [0.000534, 0.00292]</td><td class="num">0.00450 [0.00285, 0.00710]</td>');
  });

  test("a Monte Carlo solve answer's figure reads at the tables' precision too, not as an interval of no width (a review)", () => {
    // A search over challenges 0…3 whose answer moved from 2 to 3; each point's interval
    // 0.00002 each side, as a run of a billion trials gives.
    const answer = (value: number, estimates: number[]) => ({
      name: 'even',
      vary: 'setup.challenges',
      metric: 'success',
      find: 'closest',
      target: 0.5,
      range: [0, 3],
      method: 'montecarlo',
      confidence: 0.95,
      monotone: 'assumed',
      decided: true,
      value,
      points: estimates.map((e, v) => ({ value: v, estimate: e, ci95: [e - 0.00002, e + 0.00002], trials: 1e9 })),
    });
    const side = (value: number, estimates: number[]) => ({ ...resultOf([{ success: { estimate: 0.5, ci95: [0.49, 0.51] } }], 1e9), solve: [answer(value, estimates)] }) as never;
    const diff = diffResults([side(2, [0.9, 0.8, 0.50001, 0.3])], [side(3, [0.9, 0.8, 0.61234, 0.48766])]);
    const text = renderDiffText(diff, { base: 'a', new: 'b' });
    // Each figure at four places read "success 0.5000 [0.5000, 0.5000]".
    expect(text).toContain('2 (success 0.500010 [0.499990, 0.500030]) → 3 (success 0.487660 [0.487640, 0.487680]) (moved)');
  });

  test('one side exact: tested against the exact value with the other side error alone', () => {
    const n = 200_000;
    const exact: MetricResult = { estimate: 0.501, ci95: [0.499, 0.503], exact: 0.5 };
    const moved = diffResults([resultOf([{ success: exact }], n)], [resultOf([{ success: probability(0.505 * n, n) }], n)], { kindOf: contractKind });
    // z = 0.005 / √(0.25 / 200000) = 4.47
    expect(moved.changes[0]!.p).toBeCloseTo(twoSidedP(0.005 / Math.sqrt(0.25 / n)), 8);
    expect(moved.moved).toBe(1);
  });
});

describe('the false discovery rate is held', () => {
  test('no change anywhere: at most the rate of replications flag anything (150 × 500 comparisons)', () => {
    // With every null true, the false discovery rate is the chance of any discovery at
    // all, which Benjamini–Hochberg keeps at or below q = 0.05.
    const random = seedrandom('fdr under the global null');
    const replications = 150;
    const m = 500;
    let withDiscoveries = 0;
    let flagged = 0;
    for (let r = 0; r < replications; r++) {
      const base: Record<string, MetricResult>[] = [];
      const next: Record<string, MetricResult>[] = [];
      for (let i = 0; i < m / 2; i++) {
        const n = 20_000;
        const p = 0.1 + 0.8 * random();
        // A mean with sd 1.7 (a count of hits, say): normal interval from sum and sum of squares.
        const mean = 2 * random();
        const draw = () => {
          const x = mean + (1.7 / Math.sqrt(n)) * normal(random);
          return normalMean(x * n, (1.7 * 1.7 * (n - 1)) + n * x * x, n);
        };
        base.push({ success: probability(binomial(n, p, random), n), successes: draw() });
        next.push({ success: probability(binomial(n, p, random), n), successes: draw() });
      }
      const diff = diffResults([resultOf(base, 20_000)], [independentOf(next, 20_000)], { kindOf: contractKind });
      expect(diff.tested).toBe(m);
      flagged += diff.moved;
      if (diff.moved > 0) withDiscoveries++;
    }
    // 5% of 150 is 7.5; three binomial standard deviations above it is 15.5.
    console.log(`global null: ${withDiscoveries} of ${replications} replications of ${m} comparisons flagged anything (${flagged} flags in all)`);
    expect(withDiscoveries, `${withDiscoveries} of ${replications} replications flagged something (${flagged} flags)`).toBeLessThanOrEqual(15);
  });

  test('50 real changes among 500: the share of false discoveries averages at most the rate', () => {
    const random = seedrandom('fdr with real changes');
    const replications = 100;
    const n = 20_000;
    let fdpSum = 0;
    let found = 0;
    for (let r = 0; r < replications; r++) {
      const base: Record<string, MetricResult>[] = [];
      const next: Record<string, MetricResult>[] = [];
      const shifted = new Set<number>();
      for (let i = 0; i < 500; i++) {
        const p = 0.2 + 0.6 * random();
        // Every tenth metric moves by 4 standard errors of the difference.
        const shift = i % 10 === 0 ? 4 * Math.sqrt((2 * p * (1 - p)) / n) : 0;
        if (shift) shifted.add(i);
        base.push({ success: probability(binomial(n, p, random), n) });
        next.push({ success: probability(binomial(n, p + shift, random), n) });
      }
      const diff = diffResults([resultOf(base, n)], [independentOf(next, n)], { kindOf: contractKind });
      const discoveries = diff.changes.map((c, i) => (c.moved ? i : -1)).filter((i) => i >= 0);
      const falseOnes = discoveries.filter((i) => !shifted.has(i)).length;
      fdpSum += discoveries.length ? falseOnes / discoveries.length : 0;
      found += discoveries.length - falseOnes;
    }
    console.log(`50 changes among 500: mean false discovery proportion ${(fdpSum / replications).toFixed(4)}, ${found} of ${replications * 50} changes found`);
    // BH's FDR is (450/500)·0.05 = 0.045; the mean of 100 replications has a standard error near 0.004.
    expect(fdpSum / replications).toBeLessThanOrEqual(0.06);
    // And it has power: most 4-SE changes are found.
    expect(found / (replications * 50)).toBeGreaterThan(0.6);
  });

  test('two real runs at different seeds, 896 comparisons: no more flagged than the rate allows', () => {
    // Knavery over 128 points, 7 metrics each, exact values removed so every metric is
    // compared as Monte Carlo (with them, the comparison would be exact and trivially equal).
    const scenario = {
      name: 'Knavery sweep',
      system: 'viciousness',
      mechanic: 'knavery',
      trials: 3000,
      setup: { challenges: 3, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
      sweep: {
        'setup.challenges': [1, 2, 3, 4, 5, 6, 7, 8],
        'setup.participants.0.dice': [[], ['d4'], ['d6'], ['d8']],
        'setup.participants.1.count': [1, 2, 3, 4],
      },
    };
    const withoutExact = (r: ScenarioResult): ScenarioResult => ({
      ...r,
      results: r.results.map((p) => ({
        ...p,
        metrics: Object.fromEntries(Object.entries(p.metrics).map(([k, { estimate, ci95 }]) => [k, { estimate, ci95 }])),
      })),
    });
    const a = withoutExact(runScenario(scenario, { seed: 'first' }));
    const b = withoutExact(runScenario(scenario, { seed: 'second' }));
    const diff = diffResults([a], [b], { kindOf: contractKind });
    expect(diff.changes.length).toBeGreaterThanOrEqual(500);
    expect(diff.tested).toBe(diff.changes.length);
    expect(diff.settings).toEqual([{ scenario: 'Knavery sweep', setting: 'seed', base: 'first', new: 'second' }]);
    // Every null is true here, so each flag is a false discovery: BH allows 5% of the
    // comparisons at the very most (and any flag at all only 5% of the time).
    expect(diff.moved, `${diff.moved} of ${diff.tested} flagged`).toBeLessThanOrEqual(Math.floor(0.05 * diff.tested));
    // The raw tests are calibrated: about 5% of p-values fall below 0.05 before correction.
    const raw = diff.changes.filter((c) => c.p! < 0.05).length / diff.tested;
    console.log(`two seeds: ${diff.moved} of ${diff.tested} comparisons flagged; ${(raw * 100).toFixed(1)}% of raw p-values below 0.05`);
    expect(raw).toBeLessThan(0.09);
  });
});

describe('means with lopsided intervals', () => {
  test('"moved" agrees with the change\'s interval excluding 0: a rare count seen 0 times, then 8', () => {
    // A count's interval is cut at 0 and widened where the sample barely varied, so its
    // halves differ; the test takes the halves that face each other, as the interval does.
    const mean = (events: number, n: number): MetricResult => ({ ...normalMean(events, events, n, Z95, 0), kind: 'mean' } as MetricResult);
    for (const [a, b] of [[0, 8], [1, 10], [2, 12], [0, 3], [5, 5], [12, 2]] as const) {
      const diff = diffResults([resultOf([{ hits: mean(a, 1000) }], 1000)], [independentOf([{ hits: mean(b, 1000) }], 1000)]);
      const c = diff.changes[0]!;
      const excludes = c.ci95[0] > 0 || c.ci95[1] < 0;
      expect(c.moved, `${a} → ${b}: interval [${c.ci95}], p ${c.p}`).toBe(excludes);
    }
    const moved = diffResults([resultOf([{ hits: mean(0, 1000) }], 1000)], [independentOf([{ hits: mean(8, 1000) }], 1000)]).changes[0]!;
    expect(moved.moved).toBe(true);
    // An exact 0 that rounding made −1e-12, against a count never seen: no change.
    const rounding = diffResults(
      [resultOf([{ hits: { estimate: 0, ci95: [0, 0], exact: -1e-12, kind: 'mean' } as MetricResult }], 1000)],
      [resultOf([{ hits: mean(0, 1000) }], 1000)],
    ).changes[0]!;
    expect(rounding.moved).toBe(false);
  });
});

describe('two runs at the same seed share their streams', () => {
  test('negatively correlated (two even sides swapped): the worst-case test holds the rate, the independent one did not', () => {
    // Each metric a side's win of an even duel; at the same seed the swapped run's win is
    // the other side's, 1 − p̂ of the same draws: correlation −1. 150 × 500 comparisons.
    const random = seedrandom('mirrored streams');
    const replications = 150;
    const n = 20_000;
    let withDiscoveries = 0;
    for (let r = 0; r < replications; r++) {
      const base: Record<string, MetricResult>[] = [];
      const next: Record<string, MetricResult>[] = [];
      for (let i = 0; i < 500; i++) {
        const wins = binomial(n, 0.5, random);
        base.push({ win: probability(wins, n) });
        next.push({ win: probability(n - wins, n) });
      }
      const diff = diffResults([resultOf(base, n)], [resultOf(next, n)], { kindOf: contractKind });
      if (diff.moved > 0) withDiscoveries++;
    }
    // Tested as independent, each comparison's z was √2 too large: about 16% of raw p-values
    // below 0.05, and most replications flagged something.
    expect(withDiscoveries, `${withDiscoveries} of ${replications} replications flagged something`).toBeLessThanOrEqual(15);
  });

  test('the errors add as at the worst correlation: the change interval is the sum of the facing halves', () => {
    const n = 20_000;
    const base = [{ success: probability(0.5 * n, n) }];
    const next = [{ success: probability(0.52 * n, n) }];
    const same = diffResults([resultOf(base, n)], [resultOf(next, n)], { kindOf: contractKind }).changes[0]!;
    const apart = diffResults([resultOf(base, n)], [independentOf(next, n)], { kindOf: contractKind }).changes[0]!;
    const lowHalf = (c: typeof same) => c.change - c.ci95[0];
    const b = base[0]!.success;
    const x = next[0]!.success;
    expect(lowHalf(same)).toBeCloseTo(x.estimate - x.ci95[0] + (b.ci95[1] - b.estimate), 12);
    expect(lowHalf(apart)).toBeCloseTo(Math.hypot(x.estimate - x.ci95[0], b.ci95[1] - b.estimate), 12);
    expect(same.p!).toBeGreaterThan(apart.p!);
  });

  test('numbers the same to the last digit are not tested: a thousand of them do not hide the one that moved', () => {
    const n = 20_000;
    const unchanged = Array.from({ length: 1000 }, (_, i) => ({ success: probability(5000 + i, n) }));
    // One metric moved by about 4 worst-case standard errors.
    const base = [{ success: probability(10_000, n) }, ...unchanged];
    const next = [{ success: probability(10_560, n) }, ...unchanged];
    const diff = diffResults([resultOf(base, n)], [resultOf(next, n)], { kindOf: contractKind });
    expect(diff.identical).toBe(1000);
    expect(diff.tested).toBe(1);
    expect(diff.changes[0]!.moved).toBe(true);
    expect(diff.changes[1]).toMatchObject({ identical: true, moved: false, significant: false });
    expect(diff.changes[1]!.p).toBeUndefined();
    expect(renderDiffText(diff, { base: 'a', new: 'b' })).toContain('1000 Monte Carlo the same to the last digit at the same seed (not tested), 1 Monte Carlo tested');
    // At another seed equal numbers are a coincidence of two samples, and tested.
    expect(diffResults([resultOf(base, n)], [independentOf(next, n)], { kindOf: contractKind }).tested).toBe(1001);
  });

  test('numbers that differ at the same seed within their noise are counted beside "nothing moved" (an audit: Stand Ups 1.619 → 1.568 read as nothing changed)', () => {
    const n = 20_000;
    const unchanged = Array.from({ length: 10 }, (_, i) => ({ success: probability(5000 + i, n) }));
    // One metric changed by about one standard error: not moved, but not the same either.
    const base = [{ success: probability(10_000, n) }, ...unchanged];
    const next = [{ success: probability(10_100, n) }, ...unchanged];
    const diff = diffResults([resultOf(base, n)], [resultOf(next, n)], { kindOf: contractKind });
    expect(diff.moved).toBe(0);
    const text = renderDiffText(diff, { base: 'a', new: 'b' });
    expect(text).toContain('nothing moved');
    expect(text).toContain('1 Monte Carlo tested at false discovery rate 0.05 (1 of them differs at the same seed, by no more than its noise)');
    // Significant but under --min-change: ignored, not noise (a review).
    const big = [{ success: probability(10_800, n) }, ...unchanged];
    const ignored = diffResults([resultOf(base, n)], [resultOf(big, n)], { kindOf: contractKind, minChange: 0.05 });
    expect(ignored.moved).toBe(0);
    expect(ignored.changes[0]!.significant).toBe(true);
    expect(renderDiffText(ignored, { base: 'a', new: 'b' })).not.toContain('noise');
    // Nothing differing: nothing said of it.
    expect(renderDiffText(diffResults([resultOf(unchanged, n)], [resultOf(unchanged, n)], { kindOf: contractKind }), { base: 'a', new: 'b' })).not.toContain('differ at the same seed');
    // At another seed every number differs by chance: not counted so.
    expect(renderDiffText(diffResults([resultOf(base, n)], [independentOf(next, n)], { kindOf: contractKind }), { base: 'a', new: 'b' })).not.toContain('differ at the same seed');
  });
});

describe('a probability that is a share of several members', () => {
  test('is tested from its own interval, not as one yes/no (an audit: ko.minion of a gang of 4)', () => {
    // The figures of vdp-combat-gang-vs-boss's ko.minion with the boss's defence skill 3 and
    // 2, at other seeds: its interval is a fifth of Wilson's width at 20,000 trials.
    const n = 20_000;
    const share = (estimate: number, ci95: [number, number]): MetricResult => ({ estimate, ci95, kind: 'probability', scale: 4 });
    const base = resultOf([{ 'ko.minion': share(0.23337, [0.23241, 0.23434]) }], n);
    const next = independentOf([{ 'ko.minion': share(0.2281, [0.22713, 0.22907]) }], n);
    const c = diffResults([base], [next]).changes[0]!;
    expect(c.ci95[1]).toBeLessThan(0);
    expect(c.moved, `p ${c.p}`).toBe(true);
    expect(c.p!).toBeLessThan(1e-9);
    // The same figures as plain probabilities (no scale) take the binomial test: not moved.
    const plain = (m: MetricResult) => ({ estimate: m.estimate, ci95: m.ci95, kind: 'probability' as const });
    const asOne = diffResults(
      [resultOf([{ 'ko.minion': plain(base.results[0]!.metrics['ko.minion']!) }], n)],
      [independentOf([{ 'ko.minion': plain(next.results[0]!.metrics['ko.minion']!) }], n)],
    ).changes[0]!;
    expect(asOne.moved).toBe(false);
  });

  test('the engine writes scale on a share and on nothing else', () => {
    const r = runScenario({
      name: 'gang', system: 'vdp', mechanic: 'combat', trials: 512, seed: 'g',
      setup: {
        characters: [
          { name: 'minion', team: 'gang', count: 3, attack: { attribute: 2, skill: 1 }, defence: { attribute: 2, skill: 0 }, fortitude: 2, type: 'civilian', timing: 5, allocation: '4/0' },
          { name: 'boss', team: 'boss', attack: { attribute: 4, skill: 3 }, defence: { attribute: 4, skill: 3 }, fortitude: 4, type: 'boss', timing: 9, allocation: 'guardWhenWounded' },
        ],
      },
    }).results[0]!.metrics;
    expect(r['ko.minion']!.scale).toBe(3);
    expect(r['ko.boss']!.scale).toBeUndefined();
    expect(r['win.gang']!.scale).toBeUndefined();
  });
});

describe('settings that differ', () => {
  test('a trial count changed alike at every point is said once, for the scenario', () => {
    const at = (trials: number, pointTrials: number[]) => ({
      ...resultOf(pointTrials.map(() => ({ success: probability(300, 1000) })), trials),
      results: pointTrials.map((t, i) => ({ point: { 'setup.challenges': i }, trials: t, metrics: { success: probability(300, 1000) } })),
    });
    const alike = renderDiffText(diffResults([at(1000, [1000, 1000, 1000])], [at(2000, [2000, 2000, 2000])]), { base: 'a', new: 'b' });
    expect(alike.match(/trials/g)).toHaveLength(1);
    expect(alike).toContain('"constructed": trials 1000 → 2000');
    const apart = renderDiffText(diffResults([at(1000, [1000, 1000, 1000])], [at(2000, [2000, 5000, 2000])]), { base: 'a', new: 'b' });
    expect(apart).toMatch(/trials at [^\n]* 1000 → 5000/);
    expect(apart).not.toMatch(/trials at [^\n]* 1000 → 2000/);
  });
});

describe('the Markdown summary of user text', () => {
  test('a scenario name’s own Markdown is shown as typed, never as a live link or image', () => {
    const name = '![x](https://tracker.example/p.png) [click](http://evil.example) | *bold*';
    const diff = diffResults([resultOf([{ success: { estimate: 0.25, ci95: [0.25, 0.25], exact: 0.25 } }], 1000, name)], [resultOf([{ success: { estimate: 0.5, ci95: [0.5, 0.5], exact: 0.5 } }], 1000, name)]);
    const md = renderDiffMarkdown(diff);
    expect(md).toContain('\\!\\[x\\](https\\://tracker.example/p.png)');
    expect(md).not.toMatch(/[^\\]\[click\]\(/);
    expect(md).not.toContain('](https://');
  });

  test('a moved point is named in the words of its mechanic’s form, as on the report pages', () => {
    const diff = diffResults([resultOf([{ success: { estimate: 0.25, ci95: [0.25, 0.25], exact: 0.25 } }], 1000)], [resultOf([{ success: { estimate: 0.5, ci95: [0.5, 0.5], exact: 0.5 } }], 1000)]);
    expect(diff.mechanics).toEqual({ constructed: { system: 'viciousness', mechanic: 'knavery' } });
    const words = sweepLabel('setup.challenges', undefined, { system: 'viciousness', mechanic: 'knavery' });
    expect(words).not.toBe('setup.challenges');
    expect(renderDiffMarkdown(diff)).toContain(`| ${words} = 0 |`);
  });

  test('with the setup in the results, points go by the names in it; a changed setup is listed; a metric keeps its underscores', () => {
    // Two real runs of a VDP duel swept over Jill's armour: the second with Jack's attack raised.
    const duel = (jackSkill: number) => ({
      name: 'duel', system: 'vdp', mechanic: 'combat', trials: 2000, seed: 'd',
      setup: { characters: [
        { name: 'jill', attack: { attribute: 2, skill: 1 }, defence: { attribute: 3, skill: 1 }, fortitude: 2, type: 'trained', timing: 6 },
        { name: 'jack_b', attack: { attribute: 2, skill: jackSkill }, defence: { attribute: 3, skill: 2 }, fortitude: 2, type: 'trained', timing: 7 },
      ] },
      sweep: { 'setup.characters.0.armour': [0, 1] },
    });
    const diff = diffResults([runScenario(duel(2))], [runScenario(duel(4))]);
    expect(diff.setups.duel!.new).toMatchObject({ characters: [{ name: 'jill' }, { name: 'jack_b' }] });
    const md = renderDiffMarkdown(diff);
    // "jill › armour", as the report pages name it, not "character 1 › armour".
    expect(md).toContain(`| ${sweepLabel('setup.characters.0.armour', diff.setups.duel!.new, diff.mechanics.duel)} = 1 |`);
    expect(sweepLabel('setup.characters.0.armour', diff.setups.duel!.new, diff.mechanics.duel)).toMatch(/^jill\b/);
    expect(md).toContain('| P(win: jack\\_b) `win.jack_b` |');
    expect(diff.settings).toEqual([expect.objectContaining({ scenario: 'duel', setting: 'setup' })]);
    // In the form's words, the file's path beside them (a reports audit).
    // (Markdown escapes the name's underscore.)
    expect(md).toContain('"duel": jack\\_b › attack › skill (characters.1.attack.skill) 2 → 4');
    expect(md).not.toContain('"duel": setup characters');
  });

  test('a point is named by position where the sides name it differently, or one side has no setup', () => {
    // The same point, setup.participants.0.count, is the crew in the baseline and the thief
    // now: naming it by either side's setup would give the other side's number a wrong name.
    const side = (setup: unknown, estimate: number): ScenarioResult => ({
      ...resultOf([], 1000),
      setup,
      results: [{ point: { 'setup.participants.0.count': 1 }, metrics: { success: { estimate, ci95: [estimate, estimate], exact: estimate } } }],
    });
    const crewFirst = { challenges: 2, participants: [{ name: 'crew' }, { name: 'thief' }] };
    const thiefFirst = { challenges: 2, participants: [{ name: 'thief' }, { name: 'crew' }] };
    const byPosition = sweepLabel('setup.participants.0.count', undefined, { system: 'viciousness', mechanic: 'knavery' });
    const swapped = renderDiffMarkdown(diffResults([side(crewFirst, 0.25)], [side(thiefFirst, 0.5)]));
    expect(swapped).toContain(`| ${byPosition} = 1 |`);
    expect(swapped).not.toMatch(/\| (crew|thief) › /);
    const older = { ...side(crewFirst, 0.25), setup: undefined };
    expect(renderDiffMarkdown(diffResults([older], [side(crewFirst, 0.5)]))).toContain(`| ${byPosition} = 1 |`);
    // Alike on both sides: by name.
    expect(renderDiffMarkdown(diffResults([side(crewFirst, 0.25)], [side(crewFirst, 0.5)]))).toMatch(/\| crew › [^|]* = 1 \|/);
    // A changed setup: a list of another length in one short line; past three fields, a count.
    const longer = { ...crewFirst, participants: [...crewFirst.participants, { name: 'a-very-long-name-for-a-participant', dice: ['d6', 'd6', 'd6'] }] };
    const listed = renderDiffText(diffResults([side(crewFirst, 0.25)], [side(longer, 0.25)]), { base: 'a', new: 'b' });
    const line = listed.split('\n').find((l) => l.includes('"constructed": participants'))!;
    expect(line).toContain('"constructed": participants crew + thief → crew + thief + a-very-long-name-for-a-participant (dice d6 …');
    expect(line.length).toBeLessThan(160);
    const many = { challenges: 5, participants: [{ name: 'x' }, { name: 'y' }] };
    expect(renderDiffMarkdown(diffResults([side(crewFirst, 0.25)], [side(many, 0.25)]))).toContain('challenges 2 → 5, crew › name (participants.0.name) crew → x, thief › name (participants.1.name) thief → y');
    const more = { ...many, participants: [{ name: 'x', count: 2 }, { name: 'y' }] };
    expect(renderDiffMarkdown(diffResults([side(crewFirst, 0.25)], [side(more, 0.25)]))).toContain('and 1 more');
  });
});

describe('a rare probability against an exact one', () => {
  test('takes the exact binomial test, not the normal one (an audit: 2 of 20,000 against 1e-5)', () => {
    const n = 20_000;
    const exact: MetricResult = { estimate: 0, ci95: [0, 0.000192], exact: 1e-5, kind: 'probability' };
    const seen = (k: number): MetricResult => ({ ...wilson(k, n), kind: 'probability' });
    const c = diffResults([resultOf([{ success: exact }], n)], [independentOf([{ success: seen(2) }], n)]).changes[0]!;
    // P(X ≥ 2) for X ~ Binomial(20000, 1e-5), λ = 0.2: 1 − e^−0.2 (1 + 0.2) ≈ 0.01752; two-sided, twice that.
    expect(c.p!).toBeCloseTo(2 * (1 - Math.exp(-0.2) * 1.2), 3);
    // The normal test read it as p 4e-5 (z = 9e-5 / √(1e-5 / 20000)): strong evidence of a
    // move from two events. Among a thousand unchanged figures it is no move at all.
    const unchanged = Array.from({ length: 999 }, (_, i) => ({ success: seen(5000 + i) }));
    const among = diffResults([resultOf([{ success: exact }, ...unchanged], n)], [independentOf([{ success: seen(2) }, ...unchanged], n)]).changes[0]!;
    expect(among.moved).toBe(false);
    // Seen 12 times where 0.2 were expected: moved.
    expect(diffResults([resultOf([{ success: exact }], n)], [independentOf([{ success: seen(12) }], n)]).changes[0]!.moved).toBe(true);
    // Never seen, where the exact value expects 0.2: no evidence at all.
    expect(diffResults([resultOf([{ success: exact }], n)], [independentOf([{ success: seen(0) }], n)]).changes[0]!.p).toBe(1);
    // Large counts keep the normal test (0.5 against 0.505 at 200,000 trials, as above).
    const big = diffResults([resultOf([{ success: { estimate: 0.501, ci95: [0.499, 0.503], exact: 0.5, kind: 'probability' } }], 200_000)], [independentOf([{ success: { ...wilson(101_000, 200_000), kind: 'probability' } }], 200_000)]).changes[0]!;
    expect(big.p!).toBeCloseTo(twoSidedP(0.005 / Math.sqrt(0.25 / 200_000)), 8);
  });
});

describe('a rare mean that never came up, against an exact one', () => {
  test('takes the exact test of no trial above 0 at unit steps, not the normal one (an audit: 0 of 2,000 against 0.00465 read p 2e-6, "moved")', () => {
    const n = 2000;
    // As sim/stats.ts normalMean reads a count 0 in every trial: [0, about 3.84/n].
    const none: MetricResult = { estimate: 0, ci95: [0, 0.00192], kind: 'mean' };
    const exact: MetricResult = { estimate: 0.0047, ci95: [0.0047, 0.0047], exact: 0.0046511, kind: 'mean' };
    const c = diffResults([resultOf([{ damage: exact }], n)], [independentOf([{ damage: none }], n)]).changes[0]!;
    expect(c.p!).toBeCloseTo(2 * (1 - 0.0046511) ** n, 8);
    expect(c.p!).toBeGreaterThan(1e-4);
    // Among a thousand unchanged figures it is no move (the normal test's 2e-6 was one).
    const unchanged = Array.from({ length: 999 }, (_, i) => ({ damage: { estimate: 1 + i, ci95: [0.9 + i, 1.1 + i] as [number, number], kind: 'mean' as const } }));
    expect(diffResults([resultOf([{ damage: exact }, ...unchanged], n)], [independentOf([{ damage: none }, ...unchanged], n)]).changes[0]!.moved).toBe(false);
    // A mean of 1 or more never seen is as strong as the normal test says: not this test.
    const big = diffResults([resultOf([{ damage: { ...exact, exact: 1.5 } }], n)], [independentOf([{ damage: none }], n)]).changes[0]!;
    expect(big.moved).toBe(true);
  });
});

describe('two runs of a rare probability at different seeds', () => {
  const n = 20_000;
  const seen = (k: number): MetricResult => ({ ...wilson(k, n), kind: 'probability' });
  const change = (a: number, b: number) => diffResults([resultOf([{ success: seen(a) }], n)], [independentOf([{ success: seen(b) }], n)]).changes[0]!;

  test("take Fisher's exact test: 0 against 4 of 20,000 is no move (the normal test said p 0.046, while the change's interval held 0)", () => {
    // Given the 4 events of both runs, each fell in the new run with chance about 1/2 under
    // "nothing changed" (C(20000, 4) / C(40000, 4) exactly): P(all 4 there) ≈ 1/16, twice that two-sided.
    const c = change(0, 4);
    expect(c.p!).toBeCloseTo(2 / 16, 4);
    expect(c.ci95[0]).toBeLessThan(0);
    expect(c.moved).toBe(false);
    // 1 against 8: (C(9,8) + 1) / 2^9 in the tail, twice that.
    expect(change(1, 8).p!).toBeCloseTo((2 * 10) / 512, 4);
    // Near 1 the rare outcome is the miss: 20,000 against 19,994 is 0 misses against 6.
    expect(change(n, n - 6).p!).toBeCloseTo(2 / 64, 4);
    expect(change(0, 7).moved).toBe(true);
    // Larger counts keep the pooled normal test.
    expect(change(5000, 5200).p!).toBeCloseTo(twoSidedP(200 / n / Math.sqrt((2 * 0.255 * 0.745) / n)), 8);
  });

  test('"moved" never while the printed interval of the change holds 0, over every small pair', () => {
    for (let a = 0; a <= 12; a++) {
      for (let b = 0; b <= 30; b++) {
        const c = change(a, b);
        if (c.moved) expect(c.ci95[0] > 0 || c.ci95[1] < 0, `${a} → ${b}: [${c.ci95}] moved`).toBe(true);
      }
    }
  });

  test('hold their false-alarm rate: 2,000 pairs of runs of a 1-in-10,000 event, nothing changed', () => {
    // By inversion, from 0 up (the normal approximation above is for large counts).
    const rareBinomial = (trials: number, p: number, random: () => number) => {
      const u = random();
      let k = 0;
      let term = (1 - p) ** trials;
      let below = term;
      while (below < u && k < trials) {
        term *= ((trials - k) / (k + 1)) * (p / (1 - p));
        k++;
        below += term;
      }
      return k;
    };
    const random = seedrandom('rare pairs');
    let flagged = 0;
    for (let r = 0; r < 2000; r++) {
      const c = change(rareBinomial(n, 1e-4, random), rareBinomial(n, 1e-4, random));
      if (c.p! < 0.05) flagged++;
    }
    // Never above the rate (Fisher's test is conservative at so few counts: 11 of the 2,000
    // here, where the pooled normal test had 92, among them 0 against 4 read as a move).
    expect(flagged / 2000).toBeLessThanOrEqual(0.05);
  });
});
