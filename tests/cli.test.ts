/**
 * The `poolsim run` command: exit codes, the JSON contract, determinism, sweeps and
 * expect checks, and the --trials/--seed overrides. Runs main() in-process.
 */
import { closeSync, existsSync, openSync, readFileSync, writeFileSync, writeSync as fsWriteSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Capture, compiledWorkerFile, poolsim, tempFolders } from './helpers.ts';
import { main } from '../cli/main.ts';
import { checkPasses } from '../sim/scenario.ts';
import { exactDisagrees } from '../reports/checkText.ts';
import type { MetricResult } from '../sim/result.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-cli-');
function scenarioFile(name: string, body: object): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

const heist = {
  name: 'Knavery: how many challenges for a 3-person heist',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 20000,
  seed: 'heist-1',
  rules: {},
  setup: { challenges: 4, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2, dice: [] }] },
  sweep: { 'setup.challenges': [2, 3, 4, 5, 6] },
  // Four d6 at 2 challenges: P(at least 2 of 4 dice show 4+) = 11/16.
  expect: [{ metric: 'success', point: { 'setup.challenges': 2 }, atLeast: 0.5 }],
};

describe('poolsim run', () => {
  test('--json prints exactly the contract JSON, with exact values and a passing check', async () => {
    const { code, out, err } = await poolsim('run', scenarioFile('heist.json', heist), '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(Object.keys(result)).toEqual(['name', 'system', 'mechanic', 'trials', 'seed', 'rules', 'setup', 'results', 'expect']);
    // The setup as run (an extension: it names points in a diff of results alone).
    expect(result.setup).toEqual(heist.setup);
    expect(result).toMatchObject({ name: heist.name, system: 'viciousness', mechanic: 'knavery', trials: 20000, seed: 'heist-1' });
    expect(result.results.map((r: any) => r.point)).toEqual([2, 3, 4, 5, 6].map((c) => ({ 'setup.challenges': c })));
    for (const r of result.results) {
      const s = r.metrics.success;
      expect(s.ci95[0]).toBeLessThanOrEqual(s.estimate);
      expect(s.ci95[1]).toBeGreaterThanOrEqual(s.estimate);
      expect(s.exact).toBeTypeOf('number');
    }
    expect(result.expect).toEqual([{ metric: 'success', point: { 'setup.challenges': 2 }, atLeast: 0.5, pass: true, exactPass: true }]);
    expect(result.results[0].metrics.success.exact).toBeCloseTo(11 / 16, 12);
    expect(out).not.toMatch(/NaN|Infinity/);
  });

  test('the same file and seed give byte-identical JSON; another seed does not', async () => {
    const file = scenarioFile('heist-det.json', heist);
    const a = await poolsim('run', file, '--json');
    const b = await poolsim('run', file, '--json');
    const c = await poolsim('run', file, '--json', '--seed', 'other');
    expect(a.out).toBe(b.out);
    expect(c.out).not.toBe(a.out);
    expect(JSON.parse(c.out).seed).toBe('other');
    // `--seed 7` is the file's `"seed": 7`: the same JSON (merge and diff compare it), not "7".
    const seven = scenarioFile('heist-seven.json', { ...heist, seed: 7 });
    const d = await poolsim('run', seven, '--json');
    const e = await poolsim('run', file, '--json', '--seed', '7');
    expect(e.out).toBe(d.out);
    expect(JSON.parse((await poolsim('run', file, '--json', '--seed', '007')).out).seed).toBe('007');
  });

  test('every distribution bin carries its 95% interval, as every Monte Carlo figure does', async () => {
    const r = JSON.parse((await poolsim('run', scenarioFile('dist.json', { ...heist, sweep: undefined, expect: [] }), '--json', '--trials', '5000')).out);
    const d = r.results[0].distributions.successes;
    expect(d.ci95).toHaveLength(d.x.length);
    d.ci95.forEach(([lo, hi]: [number, number], i: number) => {
      expect(lo).toBeLessThanOrEqual(d.p[i]);
      expect(hi).toBeGreaterThanOrEqual(d.p[i]);
      expect(hi - lo).toBeLessThan(0.05);
    });
  });

  test('a failing check exits 1 and says so', async () => {
    const failing = { ...heist, expect: [{ metric: 'success', point: { 'setup.challenges': 6 }, atLeast: 0.9 }] };
    const { code, out } = await poolsim('run', scenarioFile('failing.json', failing), '--trials', '5000');
    expect(code).toBe(1);
    expect(out).toMatch(/FAIL\s+success at least 0.9/);
    const json = await poolsim('run', scenarioFile('failing.json', failing), '--trials', '5000', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out).expect[0].pass).toBe(false);
  });

  test('a check passes while its interval overlaps the bound', async () => {
    // Four d6 against 4 challenges: success is 1/16 = 0.0625, and 2 successes on average.
    const body = { ...heist, sweep: undefined, expect: [{ metric: 'success', between: [0.05, 0.08] }, { metric: 'successes', atMost: 1.9 }] };
    const { out } = await poolsim('run', scenarioFile('bands.json', body), '--json');
    const checks = JSON.parse(out).expect;
    expect(checks.map((c: any) => c.pass)).toEqual([true, false]);
  });

  test('where the exact value and the interval disagree about a check, it is said beside the check', async () => {
    // A knowledge roll's answer is exactly 1/3 (docs/rulings); 'at least 0.335' is false of
    // it, yet this seed's interval reaches 0.335, so the check passes (the contract), and
    // the run says the exact value misses the band. 'at most 0.3334' holds of 1/3.
    const body = { name: 'k', system: 'viciousness', mechanic: 'knowledge', trials: 100000, seed: 'k', setup: {}, expect: [{ metric: 'answer', atLeast: 0.335 }, { metric: 'answer', atMost: 0.3334 }] };
    const file = scenarioFile('exact-check.json', body);
    const json = JSON.parse((await poolsim('run', file, '--json')).out);
    expect(json.results[0].metrics.answer.exact).toBeCloseTo(1 / 3, 12);
    expect(json.expect.map((c: any) => [c.pass, c.exactPass])).toEqual([[true, false], [true, true]]);
    const text = await poolsim('run', file);
    expect(text.out).toContain('pass  answer at least 0.335 (passes on the 95% interval, which still reaches the band, but the exact value misses it)');
    expect(text.out).toMatch(/pass {2}answer at most 0\.3334\n/);
    // The report's summary line says so too, not just "ok".
    const report = await poolsim('report', file, '--out', join(dir, 'exact-check-report'), '--workers', '1');
    expect(report.out).toContain('ok    k  (2/2 checks; 1 passed on the interval while the exact value misses the band)  exact-check/');
  });

  test('a check passed on its interval while the estimate (no exact value) lies outside the band is said to be borderline (an audit: 19 seeds of 40 failed it, unsaid)', async () => {
    // A battle with pushes has no exact values; at this seed the d6 side wins 0.5153
    // [0.5084, 0.5222] of 20,000, over "at most 0.51", yet the interval reaches it.
    const body = {
      name: 'house', system: 'viciousness', mechanic: 'battle', trials: 20000, seed: 'house-1', rules: { push: 'ifNoHit' },
      setup: { sides: [{ name: 'd4trait', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 2 }] }, { name: 'd6trait', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] }] },
      expect: [{ metric: 'win.d6trait', atMost: 0.51 }, { metric: 'win.d6trait', atMost: 0.6 }],
    };
    const file = scenarioFile('borderline.json', body);
    const json = JSON.parse((await poolsim('run', file, '--json')).out);
    const m = json.results[0].metrics['win.d6trait'];
    expect(m.exact).toBeUndefined();
    expect(m.estimate).toBeGreaterThan(0.51);
    expect(m.ci95[0]).toBeLessThanOrEqual(0.51);
    expect(json.expect.map((c: any) => c.pass)).toEqual([true, true]);
    const text = await poolsim('run', file);
    expect(text.out).toContain('pass  win.d6trait at most 0.51 (passes on the 95% interval, which still reaches the band, but the estimate lies outside it, so another seed may fail it; more trials or a wider band would decide)');
    expect(text.out).toMatch(/pass {2}win\.d6trait at most 0\.6\n/);
    const report = await poolsim('report', file, '--out', join(dir, 'borderline-report'), '--workers', '1');
    expect(report.out).toContain('ok    house  (2/2 checks; ⚠ 1 passed on the interval while the estimate lies outside the band (another seed may fail it))  borderline/');
    expect(readFileSync(join(dir, 'borderline-report', 'index.md'), 'utf8')).toContain('⚠ one passed on the interval while its estimate lies outside the band (another seed may fail it)');
  });

  test('run --json with a failed check says which on stderr, stdout the JSON alone (an audit: a CI job went red with nothing in its log)', async () => {
    const body = { name: 'k', system: 'viciousness', mechanic: 'knowledge', trials: 2000, seed: 'k', setup: {}, expect: [{ metric: 'answer', atLeast: 0.9, why: 'a sage answers' }] };
    const r = await poolsim('run', scenarioFile('failing-json.json', body), '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).expect[0].pass).toBe(false);
    expect(r.err).toMatch(/^poolsim: 1 check\(s\) failed:\n {2}k: .*`answer` ≥ 0\.9; measured 0\.\d+, 95% interval \[0\.\d+, 0\.\d+\], exact ≈0\.3333\n {4}why: a sage answers\n$/);
  });

  test('two files of one name are refused before anything runs: results are matched by name', async () => {
    const a = scenarioFile('same-a.json', { ...heist, sweep: undefined, expect: [] });
    const b = scenarioFile('same-b.json', { ...heist, sweep: undefined, expect: [], seed: 'other' });
    for (const command of ['run', 'report']) {
      const r = await poolsim(command, a, b, ...(command === 'report' ? ['--out', join(dir, 'same-out')] : []));
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${b}: name: "${heist.name}" is also the name of ${a}: results are matched by name (diff, --baseline), so every scenario run together needs its own`);
    }
  });

  test('interval and exact value are compared point by point: disagreements of both kinds in one check are both said', () => {
    const m = (estimate: number, lo: number, hi: number, exact: number) => ({ estimate, ci95: [lo, hi], exact, kind: 'probability' }) as unknown as MetricResult;
    // At x = 1 the interval misses the band that the exact value meets (a chance miss); at
    // x = 2 it reaches the band that the exact value misses. pass and exactPass are both
    // false, and agree, yet both points disagree.
    const results = [
      { point: { 'setup.x': 1 }, metrics: { p: m(0.44, 0.43, 0.45, 0.5) } },
      { point: { 'setup.x': 2 }, metrics: { p: m(0.47, 0.46, 0.48, 0.45) } },
    ];
    const check = { metric: 'p', atLeast: 0.46, pass: false, exactPass: false, failedPoints: [{ 'setup.x': 1 }] };
    expect(exactDisagrees(check, { results } as never)).toBe(
      'at 1 of its 2 points the 95% interval still reaches the band but the exact value misses it; at 1 of its 2 points the exact value meets the band where the 95% interval misses it (a chance miss)',
    );
    expect(exactDisagrees({ ...check, point: { 'setup.x': 1 } }, { results } as never)).toBe('fails on the 95% interval, but the exact value meets the band: a chance miss of the Monte Carlo');
  });

  test('without exact values: a pass whose estimate lies outside the band is borderline; a failed check is not told another seed may fail it (a review)', () => {
    const m = (estimate: number, lo: number, hi: number) => ({ estimate, ci95: [lo, hi], kind: 'probability' }) as unknown as MetricResult;
    const results = [
      { point: { 'setup.x': 1 }, metrics: { p: m(0.40, 0.38, 0.42) } },
      { point: { 'setup.x': 2 }, metrics: { p: m(0.45, 0.44, 0.47) } },
    ];
    const passed = { metric: 'p', atLeast: 0.46, point: { 'setup.x': 2 }, pass: true };
    expect(exactDisagrees(passed, { results } as never)).toBe('passes on the 95% interval, which still reaches the band, but the estimate lies outside it, so another seed may fail it; more trials or a wider band would decide');
    // Failed at x = 1, borderline at x = 2: it fails whatever the seed, said as a failure alone.
    expect(exactDisagrees({ metric: 'p', atLeast: 0.46, pass: false, failedPoints: [{ 'setup.x': 1 }] }, { results } as never)).toBeUndefined();
  });

  test('a check fails only when the whole 95% interval is past its bound', () => {
    // An estimate just outside the bound whose interval still reaches it passes: the
    // bound is not ruled out at 95%. Once the interval clears the bound, it fails.
    const metric = (estimate: number, lo: number, hi: number) => ({ estimate, ci95: [lo, hi], kind: 'probability' }) as unknown as MetricResult;
    const above = metric(0.09, 0.076, 0.104);
    const below = metric(0.04, 0.026, 0.054);
    expect(checkPasses({ metric: 'm', between: [0.05, 0.08] }, above)).toBe(true);
    expect(checkPasses({ metric: 'm', between: [0.05, 0.08] }, below)).toBe(true);
    expect(checkPasses({ metric: 'm', atMost: 0.08 }, above)).toBe(true);
    expect(checkPasses({ metric: 'm', atLeast: 0.05 }, below)).toBe(true);
    expect(checkPasses({ metric: 'm', between: [0.05, 0.07] }, above)).toBe(false);
    expect(checkPasses({ metric: 'm', between: [0.06, 0.08] }, below)).toBe(false);
    expect(checkPasses({ metric: 'm', atMost: 0.07 }, above)).toBe(false);
    expect(checkPasses({ metric: 'm', atLeast: 0.06 }, below)).toBe(false);
  });

  test('--help after a command prints the usage (exit 0); an unknown option names the ones the command takes', async () => {
    for (const command of ['run', 'report', 'diff', 'solve', 'merge']) {
      for (const flag of ['--help', '-h']) {
        const r = await poolsim(command, flag);
        expect(r.code, `${command} ${flag}`).toBe(0);
        expect(r.out).toContain('usage:');
        expect(r.err).toBe('');
      }
    }
    const unknown = await poolsim('merge', '--frob', 'x.json');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('poolsim: unknown option "--frob": this command takes --json');
    // One line pointing to the usage, not fifty that scroll the message away; an unknown
    // command gets the whole usage.
    expect(unknown.err).toBe('poolsim: unknown option "--frob": this command takes --json, --help (a file whose name starts with - goes after --)\n(poolsim merge --help lists every command and flag)\n');
    const nothing = await poolsim('frob');
    expect(nothing.code).toBe(2);
    expect(nothing.err).toContain('usage:');
  });

  test('a flag one slip from a known one gets "did you mean", as an unknown field does (exit 2)', async () => {
    const f = scenarioFile('flags.json', heist);
    const slip = await poolsim('run', '--trails', '5', f);
    expect(slip.code).toBe(2);
    expect(slip.err).toContain('poolsim: unknown option "--trails": did you mean "--trials"? this command takes --trials, --seed,');
    expect((await poolsim('merge', f, '--jsn')).err).toContain('unknown option "--jsn": did you mean "--json"? this command takes --json, --help');
  });

  test('a flag missing its value says what it expects, in the words of a bad value (exit 2), not node\'s "Option \'--seed <value>\' argument missing"', async () => {
    const f = scenarioFile('flags.json', heist);
    const missing = await poolsim('run', f, '--seed');
    expect(missing.code).toBe(2);
    expect(missing.out).toBe('');
    expect(missing.err).toBe('poolsim: --seed expects a seed (a number or any text), got nothing after it\n(poolsim run --help lists every command and flag)\n');
    expect((await poolsim('run', f, '--trials')).err).toContain('poolsim: --trials expects a positive whole number, got nothing after it');
    const option = await poolsim('run', f, '--seed', '--json');
    expect(option.code).toBe(2);
    expect(option.err).toContain('poolsim: --seed expects a seed (a number or any text), got the option "--json" after it (a value that starts with - is written --seed=VALUE)');
    const valued = await poolsim('run', f, '--json=1');
    expect(valued.code).toBe(2);
    expect(valued.err).toContain('poolsim: --json takes no value, got "--json=1"');
  });

  test('bad input exits 2, names file and path, runs nothing', async () => {
    const bad = scenarioFile('bad.json', { ...heist, setup: { ...heist.setup, removed: 'four' } });
    const good = scenarioFile('good.json', heist);
    const { code, out, err } = await poolsim('run', good, bad, '--json');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(`${bad}: setup.removed: expected a number, got "four"`);
  });

  test('--trials and usage errors', async () => {
    const r = await poolsim('run', scenarioFile('t.json', heist), '--trials', '1000', '--json');
    expect(JSON.parse(r.out).trials).toBe(1000);
    expect(JSON.parse(r.out).results[0].trials).toBe(1000);
    expect((await poolsim('run', scenarioFile('t.json', heist), '--trials', '-5')).code).toBe(2);
    expect((await poolsim('run')).code).toBe(2);
    expect((await poolsim('frobnicate')).code).toBe(2);
    expect((await poolsim('run', join(dir, 'missing.json'))).err).toContain('missing.json: (top level): no such file or folder');
  });

  test.runIf(existsSync('/dev/full'))('output that cannot be written (a full disk) exits 3 with the reason, not 1 ("a check failed")', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, ['bin/poolsim.js', 'run', scenarioFile('full.json', heist), '--trials', '1000', '--json'], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('poolsim: the output could not be written: ENOSPC');
    } finally {
      closeSync(full);
    }
  });

  test('output to a file on a disk that fills part way exits 3, for run, merge, solve and diff alike; it was cut off with exit 0', async () => {
    const f = scenarioFile('short.json', { ...heist, trials: 1000 });
    const part = join(dir, 'short-part.json');
    expect((await poolsim('run', f, '--shard', '0/1', '--out', part, '--workers', '1')).code).toBe(0);
    const result = join(dir, 'short-result.json');
    writeFileSync(result, (await poolsim('run', f, '--json')).out);
    const solve = scenarioFile('short-solve.json', { ...heist, sweep: undefined, expect: [], solve: [{ name: 'even', vary: 'setup.challenges', range: [0, 6], metric: 'success', target: 0.5 }] });
    const commands = [
      ['run', f, '--json'],
      ['run', f],
      ['merge', part, '--json'],
      ['solve', solve, '--json'],
      ['solve', solve],
      ['diff', result, result, '--json'],
      ['diff', result, result],
    ];
    /** `args` run with stdout a regular file on a disk with `room` bytes left, each write taking at most `most`. */
    const onFile = async (args: string[], room: number, most = Infinity) => {
      const path = join(dir, 'short-out.txt');
      const fd = openSync(path, 'w');
      // As fs.writeSync on a nearly full disk: what fits is taken and counted, then ENOSPC.
      const writeSync = (fd: number, buffer: Uint8Array, offset: number, length: number) => {
        if (room === 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
        const n = Math.min(room, length, most);
        room -= n;
        return fsWriteSync(fd, buffer, offset, n);
      };
      // process.stdout on a regular file is Node's SyncWriteStream: one writeSync a write, its count unread.
      const stdout = { fd, write: (chunk: string) => (writeSync(fd, Buffer.from(chunk), 0, Buffer.byteLength(chunk)), true) };
      const err = new Capture();
      try {
        const code = await main(args, stdout as unknown as NodeJS.WritableStream, err as unknown as NodeJS.WritableStream, { workerFile: compiledWorkerFile(), writeSync });
        return { code, err: err.text, written: readFileSync(path, 'utf8') };
      } finally {
        closeSync(fd);
      }
    };
    for (const args of commands) {
      const whole = await poolsim(...args);
      expect(whole.out.length, args.join(' ')).toBeGreaterThan(200);
      const full = await onFile(args, 100);
      expect(full.code, `${args.join(' ')}: ${full.err}`).toBe(3);
      expect(full.err).toBe('poolsim: the output could not be written: ENOSPC: no space left on device, write\n');
      // Nothing of it is left to be read as the whole.
      expect(full.written).toBe('');
      // Short writes that never fail: every byte is written all the same.
      const short = await onFile(args, Infinity, 7);
      expect(short.code, `${args.join(' ')}: ${short.err}`).toBe(whole.code);
      expect(short.written).toBe(whole.out);
    }
  }, 60_000);

  test('the readable table shows estimate, interval and exact per metric', async () => {
    const { out } = await poolsim('run', scenarioFile('table.json', { ...heist, sweep: undefined, expect: [] }), '--trials', '2000');
    expect(out).toMatch(/metric\s+estimate\s+95% interval\s+exact/);
    expect(out).toMatch(/success\s+0\.\d{4}\s+\[0\.\d{4}, 0\.\d{4}\]\s+0\.\d{4}/);
  });
});
