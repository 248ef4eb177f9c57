import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { normalMean, wilson, Z95 } from '../sim/stats.ts';
import { runScenario } from './helpers.ts';

describe('wilson', () => {
  it('bounds a run that never (always) saw the event by exactly 0 (1)', () => {
    // centre − half rounds to 5.4e-20 at n = 5000 and centre + half to 1 + 2e-16 at
    // n = 200000: an `atMost: 0` check failed on a point whose exact odds are 0.
    for (const n of [1, 7, 100, 5000, 65536, 200000, 1e6, 1e7]) {
      expect(wilson(0, n).ci95[0]).toBe(0);
      expect(wilson(n, n).ci95[1]).toBe(1);
      expect(wilson(0, n).ci95[1]).toBeGreaterThan(0);
      expect(wilson(n, n).ci95[0]).toBeLessThan(1);
    }
  });

  it('keeps the Wilson bounds elsewhere', () => {
    const { estimate, ci95 } = wilson(30, 100);
    expect(estimate).toBe(0.3);
    expect(ci95[0]).toBeCloseTo(0.2189, 4);
    expect(ci95[1]).toBeCloseTo(0.3958, 4);
  });
});

describe('normalMean: the interval of a mean of integers', () => {
  it('a sample that never varied reads Wilson\'s bound either side, not an interval of no width', () => {
    for (const n of [1, 10, 1000, 200000]) {
      const { ci95 } = normalMean(0, 0, n);
      expect(ci95[1]).toBeCloseTo(wilson(0, n).ci95[1], 12);
      expect(ci95[0]).toBeCloseTo(-ci95[1], 12);
      const three = normalMean(3 * n, 9 * n, n).ci95;
      expect(three[1] - 3).toBeCloseTo(ci95[1], 12);
    }
  });

  it('is the normal interval wherever the sample spreads at least 1/4, and the brute-force span of kept means below', () => {
    // Samples of 0, 1 and 2 mixed so their spread falls either side of 1/4.
    const random = seedrandom('spread');
    let below = 0;
    let above = 0;
    for (let i = 0; i < 300; i++) {
      const n = 1 + Math.floor(random() * (i < 150 ? 60 : 3000));
      const p1 = random() * 0.5;
      const p2 = random() * 0.1;
      const base = Math.floor(random() * 7) - 3;
      let sum = 0;
      let squares = 0;
      for (let t = 0; t < n; t++) {
        const u = random();
        const x = base + (u < p2 ? 2 : u < p2 + p1 ? 1 : 0);
        sum += x;
        squares += x * x;
      }
      const mean = sum / n;
      const variance = n > 1 ? Math.max(0, (squares - n * mean * mean) / (n - 1)) : 0;
      const [lo, hi] = normalMean(sum, squares, n).ci95;
      if (variance >= 0.25) {
        above++;
        const half = Z95 * Math.sqrt(variance / n);
        expect(lo).toBeCloseTo(mean - half, 12);
        expect(hi).toBeCloseTo(mean + half, 12);
        continue;
      }
      below++;
      // Every μ on a fine grid with |mean − μ| ≤ z·√(max(s², f(1 − f))/n), f = μ − ⌊μ⌋.
      const step = 1e-5;
      let min = Infinity;
      let max = -Infinity;
      for (let mu = mean - 1.5; mu <= mean + 1.5; mu += step) {
        const f = mu - Math.floor(mu);
        if (Math.abs(mean - mu) <= Z95 * Math.sqrt(Math.max(variance, f * (1 - f)) / n)) {
          min = Math.min(min, mu);
          max = Math.max(max, mu);
        }
      }
      expect(Math.abs(lo - min), `n ${n}, mean ${mean}`).toBeLessThan(2 * step);
      expect(Math.abs(hi - max), `n ${n}, mean ${mean}`).toBeLessThan(2 * step);
    }
    expect(below).toBeGreaterThan(50);
    expect(above).toBeGreaterThan(50);
  });

  it('holds Wilson\'s interval for a sample of 0s and 1s, and stops at a least value', () => {
    for (const n of [5, 40, 1000]) {
      for (let k = 0; k <= n; k += Math.max(1, Math.floor(n / 25))) {
        const [lo, hi] = normalMean(k, k, n, Z95, 0).ci95;
        const w = wilson(k, n).ci95;
        expect(lo).toBeLessThanOrEqual(w[0] + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(w[1] - 1e-12);
        expect(lo).toBeGreaterThanOrEqual(0);
      }
    }
    const none = normalMean(0, 0, 1000, Z95, 0).ci95;
    expect(none[0]).toBe(0);
    expect(none[1]).toBeCloseTo(wilson(0, 1000).ci95[1], 15);
  });

  it('a sample that never varied reaches as far as the metric may go: a rare value need not be a unit away (an audit)', () => {
    // An extended check's progress, 8 in all 1,000 trials, exact mean 7.99344 (a failure's
    // 0 is rare): the unit floor read [7.99617, 8], missing it in 19 of 40 seeds.
    const n = 1000;
    const rare = Z95 ** 2 / (n + Z95 ** 2);
    const [lo, hi] = normalMean(8 * n, 64 * n, n, Z95, 0, 8).ci95;
    expect(lo).toBeCloseTo(8 - 8 * rare, 12);
    expect(lo).toBeLessThan(7.99344);
    expect(hi).toBe(8);
    // Between its bounds it reaches both ways; unbounded, a unit either side as before.
    const mid = normalMean(3 * n, 9 * n, n, Z95, 0, 10).ci95;
    expect(mid[0]).toBeCloseTo(3 - 3 * rare, 12);
    expect(mid[1]).toBeCloseTo(3 + 7 * rare, 12);
    const free = normalMean(3 * n, 9 * n, n).ci95;
    expect(free[0]).toBeCloseTo(3 - rare, 12);
    expect(free[1]).toBeCloseTo(3 + rare, 12);
    // A count all 0 with no most value: Wilson's bound, as before.
    expect(normalMean(0, 0, n, Z95, 0).ci95[1]).toBeCloseTo(rare, 12);
    // Across seeds: 8 but for a rare 0 (p = 0.0008), 1,000 trials a run, the interval
    // holds the mean in about 95% of runs or more.
    const mean = 8 * (1 - 0.0008);
    let held = 0;
    const runs = 2000;
    let seed = 12345;
    const uniform = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let r = 0; r < runs; r++) {
      let sum = 0;
      let squares = 0;
      for (let i = 0; i < n; i++) {
        const x = uniform() < 0.0008 ? 0 : 8;
        sum += x;
        squares += x * x;
      }
      const [a, b] = normalMean(sum, squares, n, Z95, 0, 8).ci95;
      if (a <= mean && mean <= b) held++;
    }
    expect(held / runs).toBeGreaterThan(0.93);
  });

  it('covers the true mean of a count about 95% of the time: rare (where the plain interval did not) or common', () => {
    // Counts of 0, 1 or 2 per trial, 1,000 trials a run, 3,000 runs each. Rare (mean
    // 0.0013): many runs see one or no event, and the plain interval then had little or
    // no width. Common (mean 0.13): the interval is the plain one, not made wider.
    const random = seedrandom('rare');
    const coverage = (p1: number, p2: number) => {
      const truth = p1 + 2 * p2;
      const runs = 3000;
      const n = 1000;
      let covered = 0;
      let plainCovered = 0;
      for (let r = 0; r < runs; r++) {
        let sum = 0;
        let squares = 0;
        for (let t = 0; t < n; t++) {
          const u = random();
          const x = u < p2 ? 2 : u < p2 + p1 ? 1 : 0;
          sum += x;
          squares += x * x;
        }
        const [lo, hi] = normalMean(sum, squares, n, Z95, 0).ci95;
        if (lo <= truth && truth <= hi) covered++;
        const mean = sum / n;
        const half = Z95 * Math.sqrt(Math.max(0, (squares - n * mean * mean) / (n - 1)) / n);
        if (mean - half <= truth && truth <= mean + half) plainCovered++;
      }
      return { covered: covered / runs, plain: plainCovered / runs };
    };
    const rare = coverage(0.0007, 0.0003);
    expect(rare.plain).toBeLessThan(0.8);
    expect(rare.covered).toBeGreaterThan(0.93);
    const common = coverage(0.07, 0.03);
    expect(common.covered).toBeGreaterThan(0.93);
    expect(common.covered).toBeLessThan(0.97);
  });
});

describe('a share (a chance tallied as a count of its members)', () => {
  it('that never happened in a short run reaches as far as its count does, and covers its exact value (it read [0, 0.0645] against 0.0664 exact: an audit)', () => {
    // Three of A, each with a trait d4, against three guards: A's wounded is
    // min(max(0, hits of B − hits of A), 3), hits of A ~ Bin(6, 1/4), of B ~ Bin(3, 1/4).
    const clash = { name: 's', system: 'viciousness', mechanic: 'clash', setup: { sides: [{ name: 'A', combatants: [{ name: 'gang', count: 3, dice: ['d4'] }] }, { name: 'B', combatants: [{ name: 'guard', count: 3 }] }] } };
    let exactShare = 0;
    const binom = (n: number, k: number) => { let c = 1; for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1); return c * 0.25 ** k * 0.75 ** (n - k); };
    for (let a = 0; a <= 6; a++) for (let b = 0; b <= 3; b++) exactShare += (binom(6, a) * binom(3, b) * Math.min(Math.max(0, b - a), 3)) / 3;
    // Seed cov-103 at 16 trials: A never wounded.
    const m = runScenario(clash, { trials: 16, seed: 'cov-103' }).results[0].metrics;
    expect(m['wounded.A'].estimate).toBe(0);
    expect(m['wounded.A.gang'].exact).toBeCloseTo(exactShare, 12);
    expect(m['wounded.A.gang'].ci95[1]).toBeCloseTo(m['wounded.A'].ci95[1] / 3, 12);
    expect(m['wounded.A.gang'].ci95[1]).toBeGreaterThan(exactShare);
  });
});

describe('pointResult', () => {
  it('keeps exact probabilities inside [0, 1], and gives a whole number that floating point missed by an ulp as that number', async () => {
    const { pointResult } = await import('../sim/run.ts');
    const { TallyLayout } = await import('../sim/stats.ts');
    const layout = new TallyLayout(
      [
        { name: 'win', kind: 'probability' },
        { name: 'successes', kind: 'mean' },
      ],
      [{ name: 'd', min: 0, size: 2 }],
    );
    const tally = layout.create();
    tally.addMany(0, 1, 10);
    tally.addMany(1, 2, 10);
    tally.binMany(0, 1, 10);
    tally.addTrials(10);
    // As the Sorcerer contest 2 d6 against 0 dice gave them: a sure win summed to 1 + 2^-52.
    const r = pointResult({}, tally, {
      metrics: { win: 1.0000000000000002, successes: 2.0000000000000004 },
      distributions: { d: [-1e-17, 1.0000000000000002] },
    });
    expect(r.metrics.win.exact).toBe(1);
    expect(r.metrics.successes.exact).toBe(2);
    expect(r.distributions!.d.exact).toEqual([0, 1]);
    // Only rounding far below the contract's 1e-9 is taken off: a figure 1e-9 from a whole
    // number, or any other, is given as computed.
    const near = pointResult({}, tally, { metrics: { win: 0.9999999990, successes: 1.5000000000000004 } });
    expect(near.metrics.win.exact).toBe(0.999999999);
    expect(near.metrics.successes.exact).toBe(1.5000000000000004);
    // Never towards 0, and a chance 4e-13 short of 1 is not a sure thing: both stay.
    const tiny = pointResult({}, tally, { metrics: { win: 4e-13, successes: 0.3 }, distributions: { d: [4e-13, 1 - 4e-13] } });
    expect(tiny.metrics.win.exact).toBe(4e-13);
    expect(tiny.distributions!.d.exact).toEqual([4e-13, 1 - 4e-13]);
  });

  it('an exact mean at its cap is the cap, inside its Monte Carlo interval (an acceptance audit)', () => {
    // Bob's 3 dice less 3 penalty dice: Ann wins every roll with all 3 of hers, and the
    // exact mean, summed over her rolls, came out 3.0000000000000013, above both.
    const r = runScenario(
      { name: 'penalty', system: 'sorcerer', mechanic: 'contest', trials: 2000, seed: 'sb', setup: { die: 'd6', a: { name: 'ann', dice: 2, bonus: 1 }, b: { name: 'bob', dice: 3, penalty: 3 } } },
    );
    const m = r.results[0].metrics['successes.ann'];
    expect(m.exact).toBe(3);
    expect(m.ci95[1]).toBe(3);
  });
});

describe('Tally.merge: sums stay exact', () => {
  it('refuses a tally that passes 2^53, naming the sum, as no order of merging would give the same bytes past it', async () => {
    const { TallyLayout } = await import('../sim/stats.ts');
    const { runPoint } = await import('../sim/run.ts');
    const layout = new TallyLayout([{ name: 'coins', kind: 'mean' }], []);
    // 2^53 − 1 exactly is still exact, and taken.
    const total = layout.create();
    const part = layout.create();
    part.values[2] = Number.MAX_SAFE_INTEGER;
    total.merge(part);
    expect(total.sumOfSquares(0)).toBe(Number.MAX_SAFE_INTEGER);
    part.values[2] = 2;
    expect(() => total.merge(part)).toThrow(/^the sum of squares of coins passed 2\^53 after 0 trials: .*no longer exact.*Run fewer trials/);
    // A run whose values reach it on the way: a trial of 10^8 coins squares to 10^16.
    // Chunks of 5 trials: the first one merged already passes it.
    const huge = {
      metrics: layout.metrics,
      run: (_random: unknown, trials: number, tally: typeof total) => {
        for (let t = 0; t < trials; t++) tally.add(0, 1e8);
        tally.addTrials(trials);
      },
    };
    expect(() => runPoint(huge as never, 's', 0, 10, 5)).toThrow(/sum of squares of coins passed 2\^53 after 5 trials/);
  });
});
