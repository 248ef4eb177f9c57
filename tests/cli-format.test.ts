/**
 * `poolsim run`'s table (cli/format.ts): an interval is printed with the digits that show it
 * as one, where the default digits rounded both ends together ("jobs 24.00 [24.00, 24.00]"
 * for 23.9993 [23.9976, 24], read as a figure known exactly).
 */
import { expect, test } from 'vitest';
import { fmt, fmtAt } from '../cli/format.ts';

test('the default digits, where they show the interval', () => {
  expect(fmtAt(0.6135, 0.0213)).toBe(fmt(0.6135));
  expect(fmtAt(16.4, 0.25)).toBe('16.40');
  expect(fmtAt(0, 0.001)).toBe('0');
});

test('a figure below 0.001 in three significant digits as decimals, as the exact column prints it (an audit: "8.15e-4 [6.90e-4, 9.50e-4] ≈0.000824")', () => {
  expect([fmt(8.15e-4), fmt(6.9e-4), fmt(1.92e-5), fmt(-2.5e-4)]).toEqual(['0.000815', '0.000690', '0.0000192', '-0.000250']);
  expect(fmtAt(8.15e-4, 1e-4)).toBe('0.000815');
});

test('more digits where the default would round the ends together, at most six', () => {
  const h = (24 - 23.9976) / 2;
  expect([fmtAt(23.9993, h), fmtAt(23.9976, h), fmtAt(24, h)]).toEqual(['23.9993', '23.9976', '24.0000']);
  expect([fmtAt(1624.6, 0.4), fmtAt(1625.4, 0.4)]).toEqual(['1624.60', '1625.40']);
  expect(fmtAt(0.5, 1e-12)).toBe('0.500000');
  // No interval (a figure that did not vary): as before.
  expect(fmtAt(52, 0)).toBe(fmt(52));
});

test("a failed check's why is printed under it, as report prints it; a passed one's is not", async () => {
  const { runScenario } = await import('./helpers.ts');
  const { formatResult } = await import('../cli/format.ts');
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
