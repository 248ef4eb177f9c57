/**
 * The compare view: scenario B is scenario A with one thing changed (a path and its new
 * value), run on a seed of its own so the two estimates are independent and the interval
 * of their difference holds.
 */
import type { MetricResult } from '../../sim/result.ts';
import { parsePath, withValue } from './paths.ts';

export interface CompareChange {
  /** A dotted path into the scenario: `setup.participants.0.dice`, `rules.hitOn`. */
  path: string;
  value: unknown;
}

/** The seed B runs on: A's seed with " / B" after it (SCENARIOS.md default seed "0"). */
export function seedOfB(seedA: unknown): string {
  return `${seedA === undefined ? '0' : String(seedA)} / B`;
}

/** Scenario B: A with the change applied, named and seeded as B. */
export function scenarioB(a: Record<string, unknown>, change: CompareChange): Record<string, unknown> {
  const b = withValue(a, parsePath(change.path), change.value);
  return { ...b, name: `${String(a.name ?? '')} — B`, seed: seedOfB(a.seed) };
}

export interface Difference {
  /** B − A. */
  estimate: number;
  ci95: [number, number];
  /** Exact B − exact A where both are known. */
  exact?: number;
}

/**
 * B − A with a 95% interval from the two independent intervals, each side's distance from
 * its estimate taken on the side it pulls the difference: Newcombe's hybrid score method
 * (Newcombe 1998, Stat Med 17:873, method 10), which for Wilson intervals gives the
 * recommended interval for a difference of proportions, and for symmetric normal
 * intervals of means the usual √(hA² + hB²).
 */
export function difference(a: MetricResult, b: MetricResult): Difference {
  const d = b.estimate - a.estimate;
  const low = d - Math.hypot(b.estimate - b.ci95[0], a.ci95[1] - a.estimate);
  const high = d + Math.hypot(b.ci95[1] - b.estimate, a.estimate - a.ci95[0]);
  const out: Difference = { estimate: d, ci95: [low, high] };
  if (a.exact !== undefined && b.exact !== undefined) out.exact = b.exact - a.exact;
  return out;
}
