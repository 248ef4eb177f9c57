/**
 * `poolsim run`'s table (cli/format.ts): an interval is printed with the digits that show it
 * as one, where the default digits rounded both ends together ("jobs 24.00 [24.00, 24.00]"
 * for 23.9993 [23.9976, 24], read as a figure known exactly), each row as the reports print
 * it (sim/solve/sentence.ts rowFigures): its own fmt and fmtAt printed "24.0000" beside the
 * reports' "24".
 */
import { expect, test } from 'vitest';
import type { MetricResult, ScenarioResult } from '../sim/result.ts';
import { formatResult } from '../cli/format.ts';

/** `poolsim run`'s row of one metric: estimate, interval, exact, as the table prints them. */
function row(m: Omit<MetricResult, 'kind' | 'label'>): string {
  const result = {
    name: 'row', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'row', expect: [],
    results: [{ point: {}, metrics: { m: { ...m, kind: 'mean', label: 'm' } } }],
  } as unknown as ScenarioResult;
  const line = formatResult(result, 'row.json').split('\n').find((l) => /^ {2}m /.test(l))!;
  return line.trim().replace(/^m\s+/, '').replace(/\s+/g, ' ');
}

test('the default digits, where they show the interval', () => {
  expect(row({ estimate: 0.6135, ci95: [0.5922, 0.6348] })).toBe('0.6135 [0.5922, 0.6348]');
  expect(row({ estimate: 16.4, ci95: [16.15, 16.65] })).toBe('16.40 [16.15, 16.65]');
  expect(row({ estimate: 0, ci95: [0, 0.002] })).toBe('0 [0, 0.0020]');
});

test('a figure below 0.001 in three significant digits as decimals, as the exact column prints it (an audit: "8.15e-4 [6.90e-4, 9.50e-4] ≈0.000824")', () => {
  expect(row({ estimate: 8.15e-4, ci95: [6.9e-4, 9.5e-4], exact: 0.000824 })).toBe('0.000815 [0.000690, 0.000950] 0.000824');
  expect(row({ estimate: 1.92e-5, ci95: [0, 4e-5] })).toBe('0.0000192 [0, 0.0000400]');
});

test('more digits where the default would round the ends together, at most six', () => {
  // A whole bound whole, as the reports print it ("24.0000" stood beside their "24").
  expect(row({ estimate: 23.9993, ci95: [23.9976, 24] })).toBe('23.9993 [23.9976, 24]');
  expect(row({ estimate: 1625, ci95: [1624.6, 1625.4] })).toBe('1625 [1624.60, 1625.40]');
  expect(row({ estimate: 0.5, ci95: [0.5 - 1e-12, 0.5 + 1e-12] })).toBe('0.500000 [0.500000, 0.500000]');
  // No interval (a figure that did not vary): as before.
  expect(row({ estimate: 52, ci95: [52, 52], exact: 52 })).toBe('52 [52, 52] 52');
});

test("a failed check's why is printed under it, as report prints it; a passed one's is not", async () => {
  const { runScenario } = await import('./helpers.ts');
  const result = runScenario({
    name: 'why', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'why', setup: {},
    expect: [
      { metric: 'answer', atLeast: 0.9, why: 'a sage should know' },
      { metric: 'answer', atLeast: 0.1, why: 'never printed' },
    ],
  });
  const text = formatResult(result, 'why.json');
  expect(text).toMatch(/FAIL {2}answer at least 0\.9; measured [^\n]*\n {10}why: a sage should know/);
  expect(text).not.toContain('never printed');
});
