/** Shared test helpers: run a scenario object in-process and compare MC with exact. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { currentBuild, workerUrl } from '../scripts/build.mjs';
import { logTempFolder, removeFolder } from './temp-log.ts';

export { removeFolder } from './temp-log.ts';

export function runScenario(raw: unknown, overrides: { trials?: number; seed?: string } = {}): ScenarioResult {
  return runPlan(planScenario(raw, 'test.json', overrides));
}

/**
 * Every metric that has an exact value must have its Monte Carlo estimate within `k`
 * standard errors of it (the standard error read back from the 95% interval), and every
 * single-roll metric must have an exact value.
 */
export function expectAgreesWithExact(result: ScenarioResult, k = 5): void {
  for (const point of result.results) {
    for (const [name, m] of Object.entries(point.metrics)) {
      expect(m.exact, `${result.name} ${JSON.stringify(point.point)} ${name} has an exact value`).toBeTypeOf('number');
      // A sample that never varied (a rare outcome never seen) still has an interval of
      // about 3.84/n (Wilson's bound, sim/stats.ts normalMean), so k of these "standard
      // errors" allow about k/n: one trial's worth, k times.
      const se = (m.ci95[1] - m.ci95[0]) / (2 * 1.96);
      const tolerance = Math.max(k * se, 1e-9);
      expect(Math.abs(m.estimate - m.exact!), `${result.name} ${JSON.stringify(point.point)} ${name}: ${m.estimate} vs exact ${m.exact} (se ${se})`).toBeLessThanOrEqual(tolerance);
    }
    // Each distribution with exact shares, bin by bin, the same way: a histogram whose bins
    // were shifted or mixed up can keep every mean right (a test-quality audit).
    for (const [name, d] of Object.entries(point.distributions ?? {})) {
      if (d.exact === undefined || d.ci95 === undefined) continue;
      d.p.forEach((p, i) => {
        const se = (d.ci95![i]![1] - d.ci95![i]![0]) / (2 * 1.96);
        expect(Math.abs(p - d.exact![i]!), `${result.name} ${JSON.stringify(point.point)} ${name} bin ${d.x[i]}: ${p} vs exact ${d.exact![i]} (se ${se})`).toBeLessThanOrEqual(Math.max(k * se, 1e-9));
      });
    }
  }
}

/** All k-tuples of faces 1..sides (for brute-force enumeration on small pools). */
export function* allRolls(count: number, sides: number): Generator<number[]> {
  const roll = new Array(count).fill(1);
  if (count === 0) {
    yield [];
    return;
  }
  for (;;) {
    yield roll.slice();
    let i = count - 1;
    while (i >= 0 && roll[i] === sides) roll[i--] = 1;
    if (i < 0) return;
    roll[i]++;
  }
}

/** A writable that keeps what is written, for running the CLI in-process. */
export class Capture {
  text = '';
  write(chunk: string) {
    this.text += chunk;
    return true;
  }
}

/**
 * A knavery heist of `trials` trials written as heist.json in `dir`, and its two shards run
 * to part-0.json and part-1.json there (the compiled command, one thread): the parts the
 * merge tests tamper with or read.
 */
export async function heistParts(dir: string, trials: number): Promise<{ scenario: string; parts: string[] }> {
  const scenario = join(dir, 'heist.json');
  const parts = [join(dir, 'part-0.json'), join(dir, 'part-1.json')];
  writeFileSync(
    scenario,
    JSON.stringify({
      name: 'heist',
      system: 'viciousness',
      mechanic: 'knavery',
      trials,
      seed: 's',
      setup: { challenges: 2, participants: [{ name: 'a', count: 2, dice: ['d6'] }] },
    }),
  );
  for (const [i, p] of parts.entries()) {
    const r = await poolsim('run', scenario, '--shard', `${i}/2`, '--out', p, '--workers', '1');
    expect(r.code, r.err).toBe(0);
  }
  return { scenario, parts };
}

/** Run `poolsim ARGV…` in this process; returns its exit code, stdout and stderr. */
export async function poolsim(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { main } = await import('../cli/main.ts');
  const out = new Capture();
  const err = new Capture();
  const code = await main(argv, out as any, err as any, { workerFile: compiledWorkerFile() });
  return { code, out: out.text, err: err.text };
}

/**
 * The 95% interval of a mean whose n trials all gave `value`: not of no width (a sample
 * cannot show a quantity never varies) but Wilson's bound at 0 of n, z²/(n + z²), of trials
 * a unit away either side, or, where the metric's least or most value (`bounds`, as its
 * spec declares them) lies further, of trials there (sim/stats.ts normalMean), written out
 * here on its own. Checks a sample had no spread.
 */
export function expectNoSpread(ci: readonly [number, number], value: number, n: number, bounds: { min?: number; max?: number } = {}): void {
  // A whole number, at 95%, unscaled, above its least value (a count's 0 cuts it).
  expect(Number.isInteger(value)).toBe(true);
  const z2 = 1.959963984540054 ** 2;
  const rare = z2 / (n + z2);
  const below = bounds.min === undefined ? 1 : Math.max(1, value - bounds.min);
  const above = bounds.max === undefined ? 1 : Math.max(1, bounds.max - value);
  expect(ci[0]).toBeCloseTo(value - rare * below, 12);
  expect(ci[1]).toBeCloseTo(value + rare * above, 12);
}

/** Standard error read back from a 95% interval. */
export const standardError = (ci: readonly [number, number]) => (ci[1] - ci[0]) / (2 * 1.959963984540054);

/**
 * Every metric of every point (every value of a sweep) that has an exact value lies within
 * 5 standard errors of it (at least 1e-4, for metrics with no spread); returns how many
 * were checked, over all points, so that a caller can say how many it expects.
 */
export function expectExactWithin5Se(result: ScenarioResult): number {
  let checked = 0;
  for (const point of result.results) {
    for (const [name, m] of Object.entries(point.metrics)) {
      if (m.exact === undefined) continue;
      checked++;
      const tolerance = 5 * Math.max(standardError(m.ci95), 1e-4);
      expect(Math.abs(m.estimate - m.exact), `${JSON.stringify(point.point)} ${name}: ${m.estimate} vs exact ${m.exact}`).toBeLessThanOrEqual(tolerance);
    }
  }
  return checked;
}

/** A setup of `system`/`mechanic` is refused with a message at `path` matching `words`. */
export function expectRejected(system: string, mechanic: string, setup: unknown, path: string, words: RegExp): void {
  let error: unknown;
  try {
    planScenario({ name: 'bad', system, mechanic, setup }, 'bad.json');
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ScenarioErrors);
  const messages = (error as ScenarioErrors).errors.map((x) => x.message);
  const hit = messages.find((m) => m.startsWith(`bad.json: ${path}: `));
  expect(hit, messages.join('\n')).toMatch(words);
}

/**
 * The worker entry `node bin/poolsim.js` uses: the compiled build's worker.cjs, made from
 * these sources by tests/global-setup.ts. The in-process command runs its pool on it, as
 * the shipped command does, instead of on workers/node-worker.mjs, whose threads each
 * transpile the kernel through tsx before their first chunk (about half the time of the
 * worker tests). The tests' throwing and looping workers wrap it too (tests/parallel/compiled.cjs).
 */
export function compiledWorkerFile(): string {
  const build = currentBuild();
  if (!build) throw new Error('the compiled build is missing or older than the sources: tests/global-setup.ts builds it (npm run build:cli)');
  return workerUrl(build);
}

/**
 * Three plain participants at 2 challenges, no blocks or checks: success at c challenges is
 * 1, 7/8, 1/2, 1/8, 0 (exact). The diff tests' heist.
 */
export const HEIST = {
  name: 'Heist',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 2000,
  seed: 'h',
  setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
};

/**
 * Mount a tmpfs of `size` (e.g. "64k") at the folder `dir`, where this process may (root on
 * Linux): true if it did. Tests of a full disk or a mount point run only where it can; where
 * it cannot, the reason is printed (console.warn), so that a skipped test is seen as one.
 */
export function mountTmpfs(dir: string, size = '1m'): boolean {
  return mount(['-t', 'tmpfs', '-o', `size=${size}`, 'poolsim-test', dir]);
}

/** Bind-mount `from` (a folder or a file) at `to` (one of the same kind), where this process may: true if it did, as mountTmpfs. */
export function bindMount(from: string, to: string): boolean {
  return mount(['--bind', from, to]);
}

function mount(args: string[]): boolean {
  const what = `mount ${args.join(' ')}`;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    console.warn(`skipping the tests that need \`${what}\`: only root on Linux may mount`);
    return false;
  }
  const r = spawnSync('mount', args, { encoding: 'utf8' });
  if (r.status !== 0) {
    console.warn(`skipping the tests that need \`${what}\`: it failed (${(r.stderr || r.error?.message || `exit status ${r.status}`).trim()})`);
    return false;
  }
  return true;
}

/** Unmount what mountTmpfs or bindMount mounted at `dir`, saying (console.warn) where it cannot. */
export function unmount(dir: string): void {
  const r = spawnSync('umount', [dir], { encoding: 'utf8' });
  if (r.status !== 0) console.warn(`umount ${dir} failed: ${(r.stderr || r.error?.message || `exit status ${r.status}`).trim()}`);
}

/**
 * Replace `name` of a Node built-in module's exports (`target`: `import fs from 'node:fs'`,
 * the object `require` gives) by `stub` for every importer, named imports included
 * (module.syncBuiltinESMExports); returns what puts it back. Not vi.mock: the tests share
 * their worker's module cache (vitest.config.ts isolate: false), so a module another file
 * imported first kept the real function. Call the real one as captured before stubbing.
 */
export function stubBuiltin<M extends object, K extends keyof M>(target: M, name: K, stub: M[K]): () => void {
  const real = target[name];
  target[name] = stub;
  syncBuiltinESMExports();
  return () => {
    target[name] = real;
    syncBuiltinESMExports();
  };
}

/**
 * Temporary folders for one test file, removed after its tests, pass or fail: call it once
 * at the top of the file, `const tempFolder = tempFolders();` (it registers the file's
 * afterAll, so it cannot be called inside a test or hook), then `tempFolder('poolsim-what-')` makes a new, empty folder in the system's
 * temporary folder (os.tmpdir(), $TMPDIR) wherever the file needs one: at the top of the
 * file, in a hook or in a test. It removes only the folders it made, read-only ones in them
 * too (removeFolder); its afterAll fails, naming them, where one cannot be removed. A list
 * per call, not per module: the files of a worker share this module (isolate: false). A
 * folder made as the file loads, where the file's afterAll does not run (a file only
 * collected, or all of whose tests a -t filter skips), is removed by the run's teardown
 * (tests/temp-log.ts).
 */
export function tempFolders(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    const left: string[] = [];
    for (const dir of made.splice(0)) {
      try {
        removeFolder(dir);
      } catch (e) {
        left.push(`${dir}: ${(e as Error).message}`);
      }
    }
    if (left.length > 0) throw new Error(`temporary folders left behind:\n${left.join('\n')}`);
  });
  return (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    // Listed for the run's teardown too, which removes it where this file's afterAll never runs.
    const log = inject('tempFolderLog');
    if (log) logTempFolder(log, dir);
    return dir;
  };
}
