/**
 * `poolsim diff` compares a solve block's own figures — the metric at every value both
 * sides searched, and a `sameAs` block's figure of setup A — as it compares a result's
 * metrics. A solve and diff audit: a rules change that moved only the values a search
 * looked at, away from the file's own point (`tries: 1`), read "✅ nothing moved", exit 0,
 * beside an exact 0.6405 → 0.6978 at 3 tries; and two exact answers sharing a value read
 * "not moved" however far their figures went.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { solveProblem } from '../sim/solve/plan.ts';
import { SolveSearch } from '../sim/solve/search.ts';
import type { SolveResult } from '../sim/solve/result.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { diffResults, somethingMoved } from '../sim/diff.ts';
import { renderDiffMarkdown } from '../reports/changes.ts';
import { HEIST, poolsim, tempFolders } from './helpers.ts';
import { decisionZ } from '../sim/solve/confidence.ts';
import { Z95 } from '../sim/stats.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

/** The sorcerer of 3 dice against the demon's 4, once: its own point says nothing of the repeats. */
const tries = (rules: object, solve: object) => ({
  name: 'tries',
  system: 'sorcerer',
  mechanic: 'contest',
  trials: 2000,
  seed: 's',
  rules,
  setup: { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 4 }, tries: 1 },
  solve: [{ name: 't', vary: 'setup.tries', metric: 'retry.won', ...solve }],
});

let dir: string;

async function report(name: string, scenario: object): Promise<string> {
  mkdirSync(join(dir, name));
  writeFileSync(join(dir, name, 's.json'), JSON.stringify(scenario));
  const out = join(dir, `${name}-report`);
  const r = await poolsim('report', join(dir, name), '--out', out, '--workers', '1');
  expect(r.code, r.err).toBe(0);
  return out;
}

beforeAll(() => {
  dir = tempFolder('poolsim-diff-solve-figures-');
});

describe('exact figures of a solve block', { timeout: 60_000 }, () => {
  test('a rule that moves only the searched values fails the diff, naming the block, the value and both figures', async () => {
    const block = { range: [1, 3], target: 0.7, find: 'closest' };
    const base = await report('cumulative', tries({}, block));
    const next = await report('flat', tries({ repeatPenalty: 'flat' }, block));
    // The file's own point (one try) is the same exact figure on both sides: only the solve's moved.
    const r = await poolsim('diff', base, next);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^1 number moved in 1 scenario/m);
    // 3, 2, 1 dice against 3, 2, 2: 0.6405 → 0.6978 exact (scenarios/sorcerer-keep-trying-flat.yaml).
    expect(r.out).toMatch(/solve "t": P\(sorcerer wins within its tries\) \(retry\.won\) at tries \(sorcerer\) = 3 +↑ ≈0\.6405 → ≈0\.6978, ≈\+0\.0573 \(exact\)/);
    // The same two reports through a report's summary page.
    const md = renderDiffMarkdown(JSON.parse((await poolsim('diff', base, next, '--json')).out));
    expect(md).toContain('❌');
    expect(md).toMatch(/\| tries \(sorcerer\) = 3 \| solve "t": P\(sorcerer wins within its tries\) `retry.won` \| ≈0.6405 \| ≈0.6978 \|/);
  });

  test('two exact answers that share a value: the answer is "not moved", its figures did', async () => {
    // Range 1–6 at 0.65: 3, 4, 5 and 6 tie cumulative (every repeat after the third rolls
    // no die), 3 flat; the answers share 3.
    const block = { range: [1, 6], target: 0.65, find: 'closest' };
    const base = await report('tie-cumulative', tries({}, block));
    const next = await report('tie-flat', tries({ repeatPenalty: 'flat' }, block));
    const r = await poolsim('diff', base, next);
    expect(r.out).toContain('not moved: the sides share a possible answer');
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^4 numbers moved in 1 scenario/m);
  });

  test('the value the file itself runs is its own result\'s figure, compared once (a review: listed and tested twice)', async () => {
    const block = { range: [1, 3], target: 0.7, find: 'closest' };
    const own = (rules: object) => ({ ...tries(rules, block), setup: { ...tries(rules, block).setup, tries: 3 } });
    const base = await report('own-cumulative', own({}));
    const next = await report('own-flat', own({ repeatPenalty: 'flat' }));
    const r = await poolsim('diff', base, next);
    expect(r.code, r.out).toBe(1);
    // retry.won and retry.firstWin of the file's own point; not retry.won again as the block's.
    expect(r.out).toMatch(/^2 numbers moved in 1 scenario/m);
    expect(r.out).not.toContain('solve "t": P(sorcerer wins within its tries)');
    expect(r.out).toMatch(/P\(sorcerer wins within its tries\) \(retry\.won\) +↑ ≈0\.6405 → ≈0\.6978/);
  });

  test('the same report against itself: nothing moved, the figures counted among those compared', async () => {
    const base = await report('same', tries({}, { range: [1, 3], target: 0.7, find: 'closest' }));
    const r = await poolsim('diff', base, base);
    expect(r.code, r.out).toBe(0);
    // The point's figures and the block's at 2 and 3 tries (at 1, the file's own value, its
    // figure is the point's).
    const own = JSON.parse(readFileSync(join(base, 's', 'results.json'), 'utf8')).results[0].metrics;
    expect(r.out).toContain(`nothing moved (${Object.keys(own).length + 2} numbers compared in 1 scenario`);
  });
});

/** A Monte Carlo search of the heist's crew size (the exact engine off). */
function search(challenges: number, seed: string): SolveResult {
  const heist = { ...HEIST, setup: { ...HEIST.setup, challenges } };
  const block = { name: 'crew', vary: 'setup.participants.0.count', range: [1, 6], metric: 'success', target: 0.5 };
  const plan = planScenario({ ...heist, solve: [block] }, 'heist.json');
  return new SolveSearch({ ...solveProblem(plan, 0, { exact: false, maxTrials: 16384 }), seed, chunkTrials: 2048 }).solve();
}

const result = (seed: string, solve: SolveResult): ScenarioResult =>
  ({ name: 'Heist', system: 'viciousness', mechanic: 'knavery', trials: 2000, seed, results: [], solve: [solve] }) as unknown as ScenarioResult;

describe('Monte Carlo figures of a solve block', () => {
  test('the same search at the same seed: every figure identical, none tested', () => {
    const x = search(2, 'a');
    const d = diffResults([result('a', x)], [result('a', structuredClone(x))]);
    expect(d.changes.length).toBe(x.points.length);
    expect(d.identical).toBe(x.points.length);
    expect(somethingMoved(d)).toBe(false);
  });

  test('at another seed, unchanged: within the noise, nothing moved', () => {
    const d = diffResults([result('a', search(2, 'a'))], [result('b', search(2, 'b'))]);
    expect(d.changes.length).toBeGreaterThan(0);
    expect(d.changes.every((c) => c.solve === 'crew' && c.p !== undefined)).toBe(true);
    expect(d.moved).toBe(0);
  });

  test('each figure is compared on its plain 95% interval, taken back from the one its search decided on (a review)', () => {
    // A point's interval is 95% over all of its looks (`looks`), about 1.35 times a plain one
    // here; compared as it stood, a change's "95% interval" was one of about 99%, and a
    // mean's p-value 8 times too large. The diff of two searches is the diff of the same
    // figures with plain intervals (a result written before `looks` was kept).
    const a = search(2, 'a');
    const b = search(2, 'b');
    expect(a.looks).toBe(4); // 16384 / 2048 = 8 chunks: looks at 1, 2, 4 and 8
    const z = decisionZ(a.looks!);
    const plain = (x: SolveResult): SolveResult => {
      const { looks: _, ...rest } = structuredClone(x);
      for (const p of rest.points) {
        const [lo, hi] = p.ci95!;
        p.ci95 = [p.estimate! - ((p.estimate! - lo) * Z95) / z, p.estimate! + ((hi - p.estimate!) * Z95) / z];
      }
      return rest as SolveResult;
    };
    const d = diffResults([result('a', a)], [result('b', b)]);
    const e = diffResults([result('a', plain(a))], [result('b', plain(b))]);
    expect(d.changes.length).toBeGreaterThan(0);
    for (const [i, c] of d.changes.entries()) {
      expect(c.base.ci95).toEqual(e.changes[i]!.base.ci95);
      expect(c.p).toBeCloseTo(e.changes[i]!.p!, 12);
    }
    // And a plain interval is narrower than the one the search shows.
    const [lo, hi] = a.points[0]!.ci95!;
    expect(d.changes[0]!.base.ci95![1] - d.changes[0]!.base.ci95![0]).toBeLessThan(0.8 * (hi - lo));
  });

  test('a harder heist moves the figures at the crew sizes both searches looked at', () => {
    const d = diffResults([result('a', search(2, 'a'))], [result('b', search(4, 'b'))]);
    const moved = d.changes.filter((c) => c.moved);
    expect(moved.length).toBeGreaterThan(0);
    for (const c of moved) {
      expect(c.change).toBeLessThan(0);
      expect(Object.keys(c.point)).toEqual(['setup.participants.0.count']);
    }
    expect(somethingMoved(d)).toBe(true);
  });
});

describe('the question a block asks', () => {
  test('dice written another way ask the same question (an audit: a block tidied from [d4] to ["1d4"] read "asks another question")', () => {
    const block = (values: unknown[], sameAs: unknown[]) =>
      ({ name: 'worth', vary: 'setup.a.dice', metric: 'landed.a', find: 'closest', sameAs: { 'setup.a.dice': sameAs }, values, method: 'exact', decided: true, value: values[1], monotone: true, sentence: '', points: [] }) as unknown as SolveResult;
    const clash = (solve: SolveResult) => ({ name: 'Clash', system: 'viciousness', mechanic: 'clash', trials: 2000, seed: 's', results: [], solve: [solve] }) as unknown as ScenarioResult;
    const tidied = diffResults([clash(block([[], ['d4'], ['2d4']], ['d6']))], [clash(block([[], ['1d4'], ['d4', 'd4']], ['1d6']))]);
    expect(tidied.settings).toEqual([]);
    expect(tidied.answers.map((x) => x.changed)).toEqual([false]);
    const other = diffResults([clash(block([[], ['d4'], ['2d4']], ['d6']))], [clash(block([[], ['d4'], ['3d4']], ['d6']))]);
    expect(other.settings.map((s) => s.setting)).toEqual(['solve']);
  });
});
