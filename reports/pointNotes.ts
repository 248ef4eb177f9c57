/**
 * What a result's points say of themselves (sim/result.ts PointResult.notes), for the
 * report pages and the dashboard: no DOM, no Node.
 */
import type { ScenarioResult } from '../sim/result.ts';
import { pointLabel } from './sweep.ts';

/** Points a note said at some of them names, before "and N more". */
const POINTS_NAMED = 3;

/** A number in a note: "7.8", "200,000", "101". */
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/**
 * The points' own notes (why exact values are missing, sim/mechanic.ts exactSkipped; what of
 * the setup changes nothing there, setupNotes), each
 * once, with how many of the points it is said at: a figure with no exact value where the
 * mechanic has them is never left unexplained on the page. Notes that differ only in their
 * numbers (a sweep over pool sizes: "about 7.8 s of work", "about 41 s of work") are one
 * note, each number that differs given as the range it spans ("about 7.8–41 s of work").
 * Said at some of the points, it names them (the first POINTS_NAMED, then how many more):
 * "at 6 of the 36 points" left a designer to guess which cells (a dashboard audit).
 */
export function pointNotes(result: ScenarioResult): string[] {
  const groups = new Map<string, { count: number; numbers: string[][]; parts: string[]; points: string[]; at: Set<number> }>();
  result.results.forEach((p, at) => {
    for (const note of p.notes ?? []) {
      // The field a note names ("sides.1.flee changes nothing here: …") is kept whole: two
      // fields are two notes, not one "sides.0–1.flee" (a review: such a merge counted one
      // point twice, "at 3 of the 2 points").
      const head = /^[A-Za-z][\w.]* /.exec(note)?.[0] ?? '';
      const tail = note.slice(head.length);
      const numbers = tail.match(NUMBER) ?? [];
      const parts = tail.split(NUMBER);
      parts[0] = head + parts[0];
      const key = parts.join('\u0000');
      const g = groups.get(key) ?? { count: 0, numbers: numbers.map(() => []), parts, points: [], at: new Set<number>() };
      numbers.forEach((n, i) => g.numbers[i]!.push(n));
      // Each point once, however many of its notes merge here.
      if (!g.at.has(at)) {
        g.at.add(at);
        g.count++;
        if (p.point !== undefined && Object.keys(p.point).length > 0) g.points.push(pointLabel(p.point, result.setup, result));
      }
      groups.set(key, g);
    }
  });
  const total = result.results.length;
  return [...groups.values()].map((g) => {
    const value = (seen: string[]) => {
      const distinct = [...new Set(seen)];
      if (distinct.length === 1) return distinct[0]!;
      const sorted = distinct.sort((x, y) => Number(x.replace(/,/g, '')) - Number(y.replace(/,/g, '')));
      return `${sorted[0]}–${sorted[sorted.length - 1]}`;
    };
    const text = g.parts.map((part, i) => part + (i < g.numbers.length ? value(g.numbers[i]!) : '')).join('');
    if (total === 1) return text;
    if (g.count === total) return `${text} (at every point)`;
    const named = g.points.length === g.count ? `: ${g.points.slice(0, POINTS_NAMED).join('; ')}${g.count > POINTS_NAMED ? `; and ${g.count - POINTS_NAMED} more` : ''}` : '';
    return `${text} (at ${g.count} of the ${total} points${named})`;
  });
}
