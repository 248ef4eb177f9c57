/**
 * What a result's points say of themselves (sim/result.ts PointResult.notes), for the
 * report pages and the dashboard: no DOM, no Node.
 */
import type { ScenarioResult } from '../sim/result.ts';

/**
 * The points' own notes (why exact values are missing, sim/mechanic.ts exactSkipped), each
 * once, with how many of the points it is said at: a figure with no exact value where the
 * mechanic has them is never left unexplained on the page.
 */
export function pointNotes(result: ScenarioResult): string[] {
  const count = new Map<string, number>();
  for (const p of result.results) for (const n of p.notes ?? []) count.set(n, (count.get(n) ?? 0) + 1);
  const total = result.results.length;
  return [...count].map(([n, k]) => (total === 1 ? n : `${n} (${k === total ? 'at every point' : `at ${k} of the ${total} points`})`));
}
