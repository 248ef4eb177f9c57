/**
 * What a result's points say of themselves (sim/result.ts PointResult.notes), for the
 * report pages and the dashboard: no DOM, no Node.
 */
import type { ScenarioResult } from '../sim/result.ts';

/** A number in a note: "7.8", "200,000", "101". */
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/**
 * The points' own notes (why exact values are missing, sim/mechanic.ts exactSkipped; what of
 * the setup changes nothing there, setupNotes), each
 * once, with how many of the points it is said at: a figure with no exact value where the
 * mechanic has them is never left unexplained on the page. Notes that differ only in their
 * numbers (a sweep over pool sizes: "about 7.8 s of work", "about 41 s of work") are one
 * note, each number that differs given as the range it spans ("about 7.8–41 s of work").
 */
export function pointNotes(result: ScenarioResult): string[] {
  const groups = new Map<string, { count: number; numbers: string[][]; parts: string[] }>();
  for (const p of result.results) {
    for (const note of p.notes ?? []) {
      const numbers = note.match(NUMBER) ?? [];
      const parts = note.split(NUMBER);
      const key = parts.join('\u0000');
      const g = groups.get(key) ?? { count: 0, numbers: numbers.map(() => []), parts };
      numbers.forEach((n, i) => g.numbers[i]!.push(n));
      g.count++;
      groups.set(key, g);
    }
  }
  const total = result.results.length;
  return [...groups.values()].map((g) => {
    const value = (seen: string[]) => {
      const distinct = [...new Set(seen)];
      if (distinct.length === 1) return distinct[0]!;
      const sorted = distinct.sort((x, y) => Number(x.replace(/,/g, '')) - Number(y.replace(/,/g, '')));
      return `${sorted[0]}–${sorted[sorted.length - 1]}`;
    };
    const text = g.parts.map((part, i) => part + (i < g.numbers.length ? value(g.numbers[i]!) : '')).join('');
    return total === 1 ? text : `${text} (${g.count === total ? 'at every point' : `at ${g.count} of the ${total} points`})`;
  });
}
