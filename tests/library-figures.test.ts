/**
 * The figures the library's checks quote in their `why` are the figures the files give.
 * A `why` that opens with "exact X" quotes its check's exact value, and one that opens
 * with "X [lo, hi]" its Monte Carlo estimate and 95% interval at the file's own seed and
 * trials; "X exact" anywhere in a `why` is its exact value too. Nothing else read them: an engine change that moved a stream left about 150
 * figures of the library stale for weeks, one of them outside its own interval (found by
 * hand in December 2026). Figures quoted any other way (inside a sentence, in a
 * description) are read by people only.
 *
 * The exact values come from the committed baseline (reports/baseline: exact values do not
 * depend on the trial count, and `.ci/balance` fails when the baseline is not what the tree
 * gives); the estimates from running the few files that quote them at their own trials.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readResults } from '../cli/diff-command.ts';
import { loadPlans } from '../cli/load.ts';
import { runPlans } from '../cli/runner.ts';
import type { ScenarioResult } from '../sim/result.ts';
import type { ScenarioError } from '../sim/scenario.ts';
import { pointMatches } from '../sim/scenario.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SCENARIOS = join(ROOT, 'scenarios');

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e-?\d+)?`;
/** "exact 0.20569: two plain fighters…", or "exact 31/64 = 0.4844: …" */
const EXACT = new RegExp(`^exact (?:(\\d+)/(\\d+) = )?(${NUMBER})(?![\\d./])`);
/** "…wins 0.8211 exact: his +5…" or "…2 in 6 exact", anywhere in a `why`: the check's own exact value. */
const EXACT_AFTER = new RegExp(`(?<![\\d.])(${NUMBER})(?: in (\\d+))? exact\\b`, 'g');
/** "0.270 [0.257, 0.284], against…" */
const ESTIMATE = new RegExp(`^(${NUMBER}) \\[(${NUMBER}), (${NUMBER})\\]`);

/**
 * Does `value` print as `quoted`? Within half a unit of its last place (so a value on a
 * rounding tie passes either way), or to its one significant digit for "8e-11".
 */
export function printsAs(value: number, quoted: string): boolean {
  const e = /e(-?\d+)$/.exec(quoted);
  const places = e ? -Number(e[1]) : (quoted.split('.')[1] ?? '').length;
  return Math.abs(value - Number(quoted)) <= 0.5 * 10 ** -places + 1e-12;
}

interface Quote {
  file: string;
  scenario: string;
  metric: string;
  point?: Record<string, unknown>;
  why: string;
}

/** Every check of the library whose `why` opens with a figure, by kind. */
function quotes(): { exact: Quote[]; estimate: Quote[] } {
  const exact: Quote[] = [];
  const estimate: Quote[] = [];
  for (const plan of loadPlans([SCENARIOS], {})) {
    for (const check of plan.scenario.expect ?? []) {
      const why = check.why ?? '';
      const quote = { file: relative(ROOT, plan.file), scenario: plan.scenario.name, metric: check.metric, point: check.point, why };
      // matchAll, not EXACT_AFTER.test: a global pattern's test() goes on from where the last
      // why's match ended, and passed over nine quotes (a review).
      if (EXACT.test(why) || [...why.matchAll(EXACT_AFTER)].length > 0) exact.push(quote);
      else if (ESTIMATE.test(why)) estimate.push(quote);
    }
  }
  return { exact, estimate };
}

/** The points of `result` a quote's check covers: a quoted figure names one. */
function covered(result: ScenarioResult | undefined, quote: Quote) {
  expect(result, `${quote.file}: no result named "${quote.scenario}"`).toBeDefined();
  const points = result!.results.filter((r) => pointMatches(quote.point, r.point));
  expect(points.length, `${quote.file}: ${quote.metric} at ${JSON.stringify(quote.point ?? {})}`).toBeGreaterThan(0);
  return points;
}

const { exact, estimate } = quotes();

describe('the figures quoted by the library\'s checks', () => {
  test('are found (the patterns still match how the files write them)', () => {
    expect(exact.length).toBeGreaterThan(80);
    expect(estimate.length).toBeGreaterThan(20);
  });

  test('printsAs rounds as a quote is written', () => {
    expect(printsAs(0.44445, '0.44445')).toBe(true);
    expect(printsAs(0.2705, '0.270')).toBe(true);
    expect(printsAs(0.2706, '0.270')).toBe(false);
    expect(printsAs(8.3e-11, '8e-11')).toBe(true);
    expect(printsAs(1.2e-10, '8e-11')).toBe(false);
    expect(printsAs(0.4, '0')).toBe(true);
    expect(EXACT.exec('exact 31/64 = 0.4844: worth pushing')?.slice(1)).toEqual(['31', '64', '0.4844']);
    expect(EXACT.exec('exact 0.20569: two')?.slice(1)).toEqual([undefined, undefined, '0.20569']);
    expect([...'a Passion of 1 wins 0.1533 of its rolls: 0.4181 exact, against 0.4034 bare'.matchAll(EXACT_AFTER)].map((m) => m[1])).toEqual(['0.4181']);
    expect([...'three conditions are an even chance, 3 in 6 exact'.matchAll(EXACT_AFTER)].map((m) => m.slice(1, 3))).toEqual([['3', '6']]);
    // Read off `poolsim run`'s four places, "1.1295" is 1.129 to three, not 1.130.
    expect(printsAs(1.1294933, '1.130')).toBe(false);
  });

  test('an "exact X" is the check\'s exact value, at every point it covers', () => {
    const errors: ScenarioError[] = [];
    const baseline = new Map(readResults(join(ROOT, 'reports', 'baseline'), errors).map((r) => [r.name, r]));
    expect(errors.map((e) => e.message)).toEqual([]);
    const stale: string[] = [];
    for (const quote of exact) {
      const [, top, bottom, first] = EXACT.exec(quote.why) ?? [];
      // Each figure quoted, as written, and whether the file's exact value is it.
      const figures: [string, (v: number) => boolean][] = [...quote.why.matchAll(EXACT_AFTER)].map(([written, x, outOf]) =>
        [written, outOf === undefined ? (v) => printsAs(v, x) : (v) => Math.abs(v - Number(x) / Number(outOf)) <= 1e-9]);
      if (first !== undefined) {
        const fraction = top === undefined ? undefined : Number(top) / Number(bottom);
        figures.push([`exact ${top === undefined ? '' : `${top}/${bottom} = `}${first}`, (v) => printsAs(v, first) && (fraction === undefined || Math.abs(v - fraction) <= 1e-9)]);
      }
      for (const point of covered(baseline.get(quote.scenario), quote)) {
        const value = point.metrics[quote.metric]?.exact;
        for (const [written, is] of figures) {
          if (value === undefined || !is(value)) {
            stale.push(`${quote.file}: ${quote.metric} at ${JSON.stringify(point.point)} quotes "${written}"; the file gives ${value ?? 'no exact value'}`);
          }
        }
      }
    }
    expect(stale).toEqual([]);
  });

  test('an "X [lo, hi]" is the check\'s estimate and interval at the file\'s own seed and trials', async () => {
    const files = [...new Set(estimate.map((q) => q.file))];
    const plans = loadPlans(files.map((f) => join(ROOT, f)), {});
    const results = new Map((await runPlans(plans, { workers: 1 })).map((r) => [r.name, r]));
    const stale: string[] = [];
    for (const quote of estimate) {
      const [, x, lo, hi] = ESTIMATE.exec(quote.why)!;
      const points = covered(results.get(quote.scenario), quote);
      expect(points.length, `${quote.file}: ${quote.metric} quotes one estimate for ${points.length} points`).toBe(1);
      const metric = points[0].metrics[quote.metric];
      const given = metric && `${metric.estimate} [${metric.ci95[0]}, ${metric.ci95[1]}]`;
      if (!metric || !printsAs(metric.estimate, x) || !printsAs(metric.ci95[0], lo) || !printsAs(metric.ci95[1], hi)) {
        stale.push(`${quote.file}: ${quote.metric} at ${JSON.stringify(points[0].point)} quotes ${x} [${lo}, ${hi}]; the file gives ${given ?? 'no such metric'}`);
      }
    }
    expect(stale).toEqual([]);
  }, 120_000);
});
