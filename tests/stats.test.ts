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
