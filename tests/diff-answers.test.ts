/**
 * `poolsim diff` reads solve answers and metrics as poolsim writes them, and refuses one no
 * run can give (exit 2, the file, the path inside it and what was expected, nothing
 * compared): an audit found an exact answer edited to "undecided", an undecided one with
 * a value and no candidates, a value outside the block's range and a metric of kind
 * "banana" all compared as written. Every shape a real report writes still passes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { solveProblem } from '../sim/solve/plan.ts';
import { SolveSearch } from '../sim/solve/search.ts';
import type { SolveResult } from '../sim/solve/result.ts';
import { HEIST, poolsim, tempFolders } from './helpers.ts';
import { diffResults } from '../sim/diff.ts';
import { renderDiffText } from '../reports/changes.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const even = { name: 'even', vary: 'setup.challenges', range: [0, 12], metric: 'success', target: 0.5 };

/** A Monte Carlo search of one block (the exact engine off), as a report of a mechanic without exact values runs it. */
function monteCarlo(block: object, seed: string): SolveResult {
  const plan = planScenario({ ...HEIST, solve: [block] }, 'heist.json');
  return new SolveSearch({ ...solveProblem(plan, 0, { exact: false, maxTrials: 32768 }), seed, chunkTrials: 2048 }).solve();
}

let dir: string;
/** A report's results.json of the heist, with answers of every shape poolsim writes. */
let real: any;

beforeAll(async () => {
  dir = tempFolder('poolsim-diff-answers-');
  mkdirSync(join(dir, 'lib'));
  writeFileSync(
    join(dir, 'lib', 'heist.json'),
    JSON.stringify({
      ...HEIST,
      solve: [
        even, // exact, decided: 2
        { ...even, name: 'tie', target: 0.6875 }, // exact tie: 1 or 2 (decided, with candidates)
        { ...even, name: 'none', range: [1, 5], target: undefined, atLeast: 0.99, find: 'firstAtLeast' }, // exact: null
        { ...even, name: 'names', vary: 'setup.participants.0.name', range: undefined, values: ['a', 'b'] }, // exact, values
      ],
    }),
  );
  const r = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'report'), '--workers', '1');
  expect(r.code, r.err).toBe(0);
  real = JSON.parse(readFileSync(join(dir, 'report', 'heist', 'results.json'), 'utf8'));
  // Monte Carlo answers, from the search itself: decided; undecided at the cap between 2
  // and 3 (success is 0.5 exactly at 2); undecided with "possibly none" (null) among its
  // candidates; an even tie for the nearest, undecided.
  real.solve.push(
    { ...monteCarlo({ ...even, name: 'mc' }, 'd'), name: 'mc' },
    { ...monteCarlo({ ...even, name: 'mc undecided', target: undefined, atMost: 0.5 }, 'u'), name: 'mc undecided' },
    { ...monteCarlo({ ...even, name: 'mc none', range: undefined, values: [3, 2], target: undefined, atLeast: 0.5 }, 'n'), name: 'mc none' },
    { ...monteCarlo({ ...even, name: 'mc tie', target: 0.6875 }, 't'), name: 'mc tie' },
  );
}, 120_000);

const at = (name: string) => real.solve.findIndex((x: any) => x.name === name);

describe('solve answers and metrics poolsim never writes are refused', { timeout: 60_000 }, () => {
  test('every shape of answer a report writes is read and compares clean', async () => {
    const shapes = Object.fromEntries(real.solve.map((x: any) => [x.name, { method: x.method, decided: x.decided, value: x.value, candidates: x.candidates }]));
    expect(shapes).toEqual({
      even: { method: 'exact', decided: true, value: 2, candidates: undefined },
      tie: { method: 'exact', decided: true, value: 1, candidates: [1, 2] },
      none: { method: 'exact', decided: true, value: null, candidates: undefined },
      names: { method: 'exact', decided: true, value: 'a', candidates: ['a', 'b'] },
      mc: { method: 'montecarlo', decided: true, value: 2, candidates: undefined },
      'mc undecided': { method: 'montecarlo', decided: false, value: undefined, candidates: [2, 3] },
      'mc none': { method: 'montecarlo', decided: false, value: undefined, candidates: [2, null] },
      'mc tie': { method: 'montecarlo', decided: false, value: undefined, candidates: [1, 2] },
    });
    writeFileSync(join(dir, 'real.json'), JSON.stringify(real));
    const r = await poolsim('diff', join(dir, 'real.json'), join(dir, 'real.json'));
    expect(r.err).toBe('');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^nothing moved .*; 8 solve answers compared\)$/m);
    // And the report folder itself.
    expect((await poolsim('diff', join(dir, 'report'), join(dir, 'report'))).code).toBe(0);
  });

  test('an answer no search gives: exit 2, the file, the path and what was expected, nothing compared', async () => {
    const cases: [string, (r: any) => void, string][] = [
      // An exact search leaves nothing open: "2 → undecided: 2 or 3" read as not moved.
      ['exact-undecided', (r) => (r.solve[at('even')] = { ...r.solve[at('even')], decided: false, value: undefined, candidates: [2, 3] }), `solve.${at('even')}.decided: an exact answer (method "exact") is always decided: expected true`],
      // Undecided with a value and no candidates: "undecided: no candidates (moved)".
      ['undecided-value', (r) => (r.solve[at('mc undecided')] = { ...r.solve[at('mc undecided')], value: 2, candidates: undefined }), `solve.${at('mc undecided')}.value: an undecided answer has no value: expected its candidates instead`],
      ['undecided-bare', (r) => (r.solve[at('mc undecided')] = { ...r.solve[at('mc undecided')], candidates: [] }), `solve.${at('mc undecided')}.candidates: an undecided answer without candidates: expected the values it could still be`],
      ['decided-bare', (r) => delete r.solve[at('mc')].value, `solve.${at('mc')}.value: a decided answer without its value: expected the value found (null: none in range)`],
      // Outside the block's own range, or not among its values.
      ['value-99', (r) => (r.solve[0].value = 99), 'solve.0.value: the value 99 is not among the values searched, its range [0, 12]: expected one of them'],
      ['value-c', (r) => (r.solve[at('names')].value = 'c'), `solve.${at('names')}.value: the value "c" is not among the values searched, its values ["a","b"]: expected one of them`],
      ['candidate-13', (r) => (r.solve[at('mc undecided')].candidates = [12, 13]), `solve.${at('mc undecided')}.candidates.1: the candidate 13 is not among the values searched, its range [0, 12]: expected one of them, or null (none in range)`],
      ['half', (r) => (r.solve[0].value = 2.5), 'solve.0.value: the value 2.5 is not among the values searched, its range [0, 12]'],
      // Closest always finds a value: null ("none in range") is another find's answer.
      ['closest-null', (r) => (r.solve[0].value = null), 'solve.0.value: the value null (none in range), which closest never gives: expected one of the values searched'],
      // Only an exact tie lists candidates beside a decided value.
      ['mc-decided-candidates', (r) => (r.solve[at('mc')].candidates = [2, 3]), `solve.${at('mc')}.candidates: a decided Monte Carlo answer names no candidates (only an exact tie does): expected none`],
      ['tie-without-value', (r) => (r.solve[at('tie')].candidates = [2, 3]), `solve.${at('tie')}.candidates: a decided answer lists candidates only for a tie: expected two or more values, the value found among them`],
      // What an exact answer and a Monte Carlo one carry.
      ['exact-maxtrials', (r) => (r.solve[0].maxTrials = 65536), 'solve.0.maxTrials: an exact answer has no maxTrials (a Monte Carlo search\'s): expected none, or method "montecarlo"'],
      ['exact-assumed', (r) => (r.solve[0].monotone = 'assumed'), 'solve.0.monotone: an exact answer checks whether the metric moves one way: expected true or false, not "assumed"'],
      ['mc-monotone', (r) => (r.solve[at('mc')].monotone = true), `solve.${at('mc')}.monotone: a Monte Carlo answer assumes the metric moves one way: expected "assumed" (or false)`],
      ['exact-point', (r) => (r.solve[0].points[2] = { value: 2, estimate: 0.5, ci95: [0.49, 0.51] }), 'solve.0.points.2.exact: missing: an exact answer\'s points carry their exact figure'],
      ['mc-point', (r) => (r.solve[at('mc')].points[0].estimate = 5), `solve.${at('mc')}.points.0.estimate: 5 lies outside its own ci95`],
      ['mc-exact-point', (r) => (r.solve[at('mc')].points[0].exact = 0.5), `solve.${at('mc')}.points.0.exact: a Monte Carlo answer's points carry no exact figure (a search by exact values is method "exact")`],
      ['point-99', (r) => (r.solve[0].points[0].value = 99), 'solve.0.points.0.value: 99 is not among the values searched, its range [0, 12]: expected one of them'],
      // An exact answer is what its own exact points give.
      ['exact-value', (r) => (r.solve[0].value = 3), 'solve.0.value: 3 is not what its own exact points give: expected 2, as the search reads them'],
      ['exact-none', (r) => (r.solve[at('none')].value = 5), `solve.${at('none')}.value: 5 is not what its own exact points give: expected null (none in range), as the search reads them`],
      ['tie-dropped', (r) => delete r.solve[at('tie')].candidates, `solve.${at('tie')}.candidates: not the tie its own exact points give: expected [1,2]`],
      // diff compares a search's figures (sim/diff.ts compareSolveFigures): edited ones read "nothing moved" (a solve and diff audit).
      ['point-twice', (r) => r.solve[at('mc')].points.push(structuredClone(r.solve[at('mc')].points[0])), `solve.${at('mc')}.points.${real.solve[at('mc')].points.length}.value: ${JSON.stringify(real.solve[at('mc')].points[0].value)} is listed twice (points.0): expected each value searched once`],
      ['point-trials', (r) => delete r.solve[at('mc')].points[0].trials, `solve.${at('mc')}.points.0.trials: missing: a Monte Carlo answer's points carry the trials behind each estimate`],
      ['point-trials-negative', (r) => (r.solve[at('mc')].points[0].trials = -5), `solve.${at('mc')}.points.0.trials: `],
      ['point-trials-half', (r) => (r.solve[at('mc')].points[0].trials = 1.5), `solve.${at('mc')}.points.0.trials: `],
      ['points-none', (r) => (r.solve[at('mc')].points = []), `solve.${at('mc')}.points: no figure for the value found, 2: expected it among the points, as every search lists it`],
      ['confidence', (r) => (r.solve[at('mc')].confidence = 0.5), `solve.${at('mc')}.confidence: expected one of 0.95, got the number 0.5`],
      // Said with the answer's other problems, not instead of them (a solve audit).
      ['confidence-and-candidates', (r) => Object.assign(r.solve[at('mc')], { confidence: 0.9, candidates: [2, 3] }), `solve.${at('mc')}.candidates: a decided Monte Carlo answer names no candidates`],
      ['candidates-and-confidence', (r) => Object.assign(r.solve[at('mc')], { confidence: 0.9, candidates: [2, 3] }), `solve.${at('mc')}.confidence: expected one of 0.95, got the number 0.9`],
      // Words poolsim never writes.
      ['method', (r) => (r.solve[0].method = 'banana'), 'solve.0.method: expected one of "exact", "montecarlo", got "banana"'],
      ['find', (r) => (r.solve[0].find = 'nearest'), 'solve.0.find: expected one of "closest", "firstAtLeast", "lastAtLeast", "firstAtMost", "lastAtMost", got "nearest"'],
      ['range', (r) => (r.solve[0].range = [12, 0]), 'solve.0.range: expected [lo, hi] with lo ≤ hi'],
      // A metric's kind decides its test: "banana" was read as none and "nothing moved".
      ['kind', (r) => (r.results[0].metrics.success.kind = 'banana'), 'results.0.metrics.success.kind: expected one of "probability", "mean", got "banana"'],
    ];
    for (const [name, edit, message] of cases) {
      const edited = structuredClone(real);
      edit(edited);
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(edited));
      const r = await poolsim('diff', join(dir, 'report'), file);
      // Soft: every case that is not refused is named, not only the first.
      expect.soft(r.code, `${name}: ${r.out}`).toBe(2);
      expect.soft(r.err, name).toContain(`poolsim diff: bad input, nothing was compared:\n`);
      expect.soft(r.err, name).toContain(`${file}: ${message}`);
      expect.soft(r.out, name).toBe('');
    }
  });
});

describe('a Monte Carlo answer searched another way', () => {
  test('deciding every value on one side and bisecting on the other is said beside the change (an audit: everyValue moved 5 → 2, nothing said why)', () => {
    const base = structuredClone(real);
    const next = structuredClone(real);
    const i = at('mc');
    expect(real.solve[i].method).toBe('montecarlo');
    delete base.solve[i].everyValue;
    base.solve[i].value = 2;
    next.solve[i].everyValue = true;
    next.solve[i].value = 5;
    const diff = diffResults([base], [next]);
    const change = diff.answers.find((a) => a.solve === 'mc')!;
    expect(change).toMatchObject({ moved: true, base: { search: 'assumed' }, new: { search: 'everyValue' } });
    expect(renderDiffText(diff, { base: 'a', new: 'b' })).toContain('(moved; the base assumed the metric moves one way between the values it looked at, the new decided every value)');
    // Searched alike: nothing added.
    next.solve[i].everyValue = undefined;
    expect(renderDiffText(diffResults([base], [next]), { base: 'a', new: 'b' })).toMatch(/"mc": 2 .*→ 5 .*\(moved\)/);
  });
});
