import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { normalMean, wilson, Z95 } from '../sim/stats.ts';

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

  it('is the normal interval wherever the sample spreads at least 1/4', () => {
    const random = seedrandom('spread');
    for (let i = 0; i < 200; i++) {
      const n = 2 + Math.floor(random() * 5000);
      let sum = 0;
      let squares = 0;
      for (let t = 0; t < n; t++) {
        const x = Math.floor(random() * 7) - 2;
        sum += x;
        squares += x * x;
      }
      const mean = sum / n;
      const variance = (squares - n * mean * mean) / (n - 1);
      if (variance < 0.25) continue;
      const half = Z95 * Math.sqrt(variance / n);
      const [lo, hi] = normalMean(sum, squares, n).ci95;
      expect(lo).toBeCloseTo(mean - half, 12);
      expect(hi).toBeCloseTo(mean + half, 12);
    }
  });

  it('covers a rare count\'s true mean about 95% of the time, where the plain normal interval did not', () => {
    // A per-trial count of 0, 1 or 2 with mean 0.0013, 1,000 trials a run, 4,000 runs:
    // many runs see one or no event, and the plain interval then had little or no width.
    const random = seedrandom('rare');
    const truth = 0.0007 * 1 + 0.0003 * 2;
    const runs = 4000;
    const n = 1000;
    let covered = 0;
    let plainCovered = 0;
    for (let r = 0; r < runs; r++) {
      let sum = 0;
      let squares = 0;
      for (let t = 0; t < n; t++) {
        const u = random();
        const x = u < 0.0003 ? 2 : u < 0.001 ? 1 : 0;
        sum += x;
        squares += x * x;
      }
      const [lo, hi] = normalMean(sum, squares, n).ci95;
      if (lo <= truth && truth <= hi) covered++;
      const mean = sum / n;
      const half = Z95 * Math.sqrt(Math.max(0, (squares - n * mean * mean) / (n - 1)) / n);
      if (mean - half <= truth && truth <= mean + half) plainCovered++;
    }
    expect(plainCovered / runs).toBeLessThan(0.8);
    expect(covered / runs).toBeGreaterThan(0.93);
  });
});

describe('pointResult', () => {
  it('keeps exact probabilities inside [0, 1]', async () => {
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
    expect(r.metrics.successes.exact).toBe(2.0000000000000004);
    expect(r.distributions!.d.exact).toEqual([0, 1]);
  });
});
