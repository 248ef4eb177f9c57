import { describe, expect, it } from 'vitest';
import { wilson } from '../sim/stats.ts';

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
