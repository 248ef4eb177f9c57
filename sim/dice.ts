/**
 * Dice notation of the scenario files: `"dN"` or `"KdN"`, N from 2 to MAX_SIDES.
 */
import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';
import { MAX_SIDES } from './random.ts';

export interface DiceGroup {
  count: number;
  sides: number;
}

const NOTATION = /^([0-9]*)d([0-9]+)$/;

/** Parse `"2d4"` → {count: 2, sides: 4}; returns a reason string when it is not a die. */
export function parseDice(text: string): DiceGroup | string {
  const m = NOTATION.exec(text.trim());
  if (!m) return `"${text}" is not dice notation: expected "dN" or "KdN", like "d6" or "2d4"`;
  const count = m[1] === '' ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  if (sides < 2 || sides > MAX_SIDES) {
    return `"${text}" has ${sides} side${sides === 1 ? '' : 's'}: a die has 2 to ${MAX_SIDES} sides`;
  }
  if (count < 1 || count > 1000) return `"${text}" rolls ${count} dice: expected 1 to 1000`;
  return { count, sides };
}

/** One dice string, validated and converted to a group. */
export const diceSchema = lazySchema(() => z.string({ error: 'expected dice written as a string ("d10", "2d6")' }).transform((text, ctx) => {
  const parsed = parseDice(text);
  if (typeof parsed === 'string') {
    ctx.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  }
  return parsed;
}));

/**
 * A list of dice strings (`["2d4", "d6"]`); a lone string (`"2d4"`) is read as a list of one.
 * Anything else is refused with an example of the form: a side's `bonus` of 1 read
 * "expected a list, got 1", and the other systems' bonuses are counts.
 */
export const diceListSchema = lazySchema(() =>
  z.preprocess((v, ctx) => {
    if (typeof v === 'string') return [v];
    if (v !== undefined && !Array.isArray(v)) {
      const got = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v === null ? 'null' : `a${typeof v === 'object' ? 'n object' : ` ${typeof v}`}`;
      ctx.addIssue({ code: 'custom', message: `expected dice: a list such as ["d4"] or ["2d4", "d6"], got ${got}` });
      return z.NEVER;
    }
    return v;
  }, z.array(diceSchema)),
);

/** Flatten groups into one entry per die: [4, 4, 6] for `["2d4", "d6"]`. */
export function eachDie(groups: readonly DiceGroup[]): number[] {
  const out: number[] = [];
  for (const g of groups) for (let i = 0; i < g.count; i++) out.push(g.sides);
  return out;
}

/** `"dN"` (a single die) → N. */
export const singleDieSchema = lazySchema(() => z.string({ error: 'expected one die written as a string ("d10")' }).transform((text, ctx) => {
  const parsed = parseDice(text);
  if (typeof parsed === 'string' || parsed.count !== 1) {
    ctx.addIssue({
      code: 'custom',
      message: typeof parsed === 'string' ? parsed : `expected one die ("d10"), got "${text}"`,
    });
    return z.NEVER;
  }
  return parsed.sides;
}));
