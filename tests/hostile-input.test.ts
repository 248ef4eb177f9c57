/**
 * Hostile input and faults (issue 19, items 2, 3, 4 and 9): each reproducer of the fuzz
 * round ends in exit 2 with a message before anything runs — or, where the input is
 * valid, in a run that finishes — never a stack trace, a hang or a file name that breaks.
 * (Item 1 and 8: hostile-report-out.test.ts; item 7: hostile-merge.test.ts; items 5 and 6
 * and more of 4 and 9: the tests/malformed corpus.)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { poolsim, tempFolders } from './helpers.ts';
import { expandPaths, loadPlans } from '../cli/load.ts';
import { MAX_TRIALS, ScenarioErrors } from '../sim/scenario.ts';
import { MAX_TRIALS_FLAG, parseFlags, UsageError } from '../cli/options.ts';
import { renderScenarioMarkdown } from '../reports/render.ts';
import { poolsim as poolsimOnPool, HEIST } from './parallel/cli.ts';
import { heistOnePoint } from './reports/fixtures.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-hostile-');
let n = 0;
/** Write `value` (JSON unless text) to a fresh file; returns its path. */
function file(value: unknown, name = `s${n++}.json`): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}
const knowledge = (extra: object = {}) => ({ name: 'Knowledge roll', system: 'viciousness', mechanic: 'knowledge', trials: 1000, setup: {}, ...extra });

describe('item 2: one validation of flags for every command', () => {
  test('report --trials 99999999999999999999 is refused at once (it used to spin, deaf to Ctrl-C)', async () => {
    const t0 = Date.now();
    const r = await poolsim('report', file(knowledge()), '--trials', '99999999999999999999', '--out', join(dir, 'never'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('--trials expects at most 1000000000, got "99999999999999999999"');
    // Milliseconds when refused up front; the spin it guards against never ended. The
    // bound leaves room for a loaded machine.
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(readdirSync(dir)).not.toContain('never');
  });

  test('every command checks the same flag the same way', async () => {
    for (const command of ['run', 'report']) {
      for (const [flag, value, message] of [
        ['--trials', '0', '--trials expects a positive whole number'],
        ['--trials', '1e9', '--trials expects a positive whole number'],
        ['--workers', '100000', '--workers expects at most 1024'],
        ['--seed', 'x'.repeat(5000), '--seed expects at most 4096 characters'],
      ]) {
        const r = await poolsim(command, file(knowledge()), flag, value, ...(command === 'report' ? ['--out', join(dir, 'never')] : []));
        expect(r.code, `${command} ${flag} ${value.slice(0, 10)}`).toBe(2);
        expect(r.err).toContain(message);
      }
    }
    expect(MAX_TRIALS_FLAG).toBe(MAX_TRIALS);
    expect(() => parseFlags(['--out', ''], ['out'])).toThrow(UsageError);
    expect(() => parseFlags(['--json=yes'], ['json'])).toThrow(UsageError);
  });
});

describe('item 3: exact work has a budget, lists a cap, errors a length', () => {
  test('a Sorcerer conflict of 100 dice and Will 100 runs in seconds, exact skipped with a note', async () => {
    const t0 = Date.now();
    const fighter = (name: string) => ({ name, stamina: 100, will: 100, dice: 100, weapon: 'blade' });
    const r = await poolsim('run', file({ name: 'huge', system: 'sorcerer', mechanic: 'conflict', setup: { a: fighter('a'), b: fighter('b') } }), '--trials', '50', '--json', '--workers', '1');
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    expect(result.results[0].notes[0]).toMatch(/^exact values skipped: about [\d.e+,]+ s of work, over the budget of 5 s/);
    expect(result.results[0].metrics['first.a'].exact).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(20_000);
  }, 30_000);

  test('a Sorcerer contest of 100 dice a side and knavery with 3,000 dice: the same', async () => {
    const contest = { name: 'c', system: 'sorcerer', mechanic: 'contest', setup: { a: { name: 'a', dice: 100 }, b: { name: 'b', dice: 100 } } };
    const knavery = { name: 'k', system: 'viciousness', mechanic: 'knavery', setup: { challenges: 1000, participants: [{ name: 'a', count: 1000, dice: ['d6', 'd6', 'd6'] }] } };
    for (const s of [contest, knavery]) {
      const t0 = Date.now();
      const r = await poolsim('run', file(s), '--trials', '20', '--json', '--workers', '1');
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out).results[0].notes[0]).toMatch(/exact values skipped/);
      expect(Date.now() - t0).toBeLessThan(10_000);
    }
  }, 30_000);

  /** What loading the file is refused for, message by message. */
  const refusals = (path: string): string[] => {
    try {
      loadPlans([path]);
    } catch (e) {
      return (e as ScenarioErrors).errors.map((x) => x.message);
    }
    return [];
  };

  test('a clash or battle of more than 1,000,000 dice is refused as input, not planned until the memory runs out (an audit: 10⁸ dice, exit 134 after 92 s)', () => {
    const fight = (mechanic: string, count: number, dice: string[]) =>
      file({ name: 'v', system: 'viciousness', mechanic, setup: { sides: [{ name: 'a', combatants: [{ name: 'x', count, dice }] }, { name: 'b', bonus: ['2d4'], combatants: [{ name: 'y', dice: ['d4'] }] }] } });
    for (const mechanic of ['clash', 'battle']) {
      const path = fight(mechanic, 1000, Array(100).fill('1000d4'));
      expect(refusals(path)).toEqual([
        `${path}: setup.sides: the sides roll 100,001,004 dice (each combatant's 1d4, its dice and openingDice, times its count, and each side's bonus): expected at most 1,000,000`,
      ]);
    }
    // 1,000,000 exactly is a fight: 998 combatants of 1d4, 1000d4 and d4 (999,996), and b's 2d4 bonus and one of 1d4 and d4.
    expect(() => loadPlans([fight('clash', 998, ['1000d4', 'd4'])])).not.toThrow();
  });

  test("one combatant's long dice list is priced by its convolutions: 40,000 dice skip the exact values, with the note (an audit: estimated 1 s, took 16 s)", async () => {
    const t0 = Date.now();
    const path = file({ name: 'long', system: 'viciousness', mechanic: 'clash', trials: 10, setup: { sides: [{ name: 'a', combatants: [{ name: 'x', dice: Array(40).fill('1000d4') }] }, { name: 'b', combatants: [{ name: 'y', dice: ['d4'] }] }] } });
    const r = await poolsim('run', path, '--json', '--workers', '1');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).results[0].notes[0]).toMatch(/^exact values skipped: about \d+ s of work, over the budget of 5 s/);
    expect(Date.now() - t0).toBeLessThan(30_000);
  }, 60_000);

  test('a plan of more than 10,000 dice is refused as input, not rolled until the memory runs out (an audit: 10⁸ dice, heap exhausted after 79 s)', () => {
    const plan = (count: number, dice: string[]) => file({ name: 'k', system: 'viciousness', mechanic: 'knavery', setup: { challenges: 1000, participants: [{ name: 'a', count, dice }] } });
    const path = plan(1000, Array(100).fill('1000d6'));
    expect(refusals(path)).toEqual([
      `${path}: setup.participants: the plan rolls 100,001,000 dice (each participant's 1d6 and its dice, times its count): expected at most 10,000`,
    ]);
    // 10,000 exactly is a plan: 1,000 participants of 1d6 and 9 trait dice.
    expect(() => loadPlans([plan(1000, ['5d6', 'd4', '3d8'])])).not.toThrow();
  });

  test('a battle of 10,000 sides is refused at once, in one line', () => {
    const sides = Array.from({ length: 10_000 }, (_, i) => ({ name: `s${i}`, combatants: [{ name: 'c', bonus: 'x' }] }));
    const path = file({ name: 'x', system: 'viciousness', mechanic: 'battle', setup: { sides } });
    const t0 = Date.now();
    let error: unknown;
    try {
      loadPlans([path]);
    } catch (e) {
      error = e;
    }
    // The list's length is checked before its items, so this takes milliseconds; the bound leaves room for a loaded machine.
    expect(Date.now() - t0).toBeLessThan(5000);
    expect((error as ScenarioErrors).errors.map((e) => e.message)).toEqual([`${path}: setup.sides: a list of 10,000 items: at most 100`]);
  });

  test('many problems print the first 20 and "… and N more"', async () => {
    const expectations = Array.from({ length: 500 }, () => ({ metric: 'nope', atLeast: 0 }));
    const r = await poolsim('run', file(knowledge({ expect: expectations })));
    expect(r.code).toBe(2);
    const lines = r.err.trim().split('\n');
    expect(lines.length).toBe(1 + 20 + 1);
    expect(lines[lines.length - 1]).toBe('  … and 480 more');
    expect(r.err.length).toBeLessThan(10_000);
  });
});

describe('item 4: exit 2 with a message, never a stack trace', () => {
  test('a folder with a link to itself, or a link to nothing', async () => {
    const loop = join(dir, 'loop');
    mkdirSync(loop);
    writeFileSync(join(loop, 'k.json'), JSON.stringify(knowledge()));
    symlinkSync('.', join(loop, 'self'));
    let r = await poolsim('run', loop);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(loop, 'self')}: (top level): a link back to a folder that holds it: the folders loop`);

    const dangling = join(dir, 'dangling');
    mkdirSync(dangling);
    symlinkSync(join(dir, 'nowhere.json'), join(dangling, 'gone.json'));
    r = await poolsim('run', dangling);
    expect(r.code).toBe(2);
    expect(r.err).toContain('gone.json: (top level): no such file or folder (or a link to nothing)');
  });

  test('a file reached twice (named, and inside a folder named twice, or by a link) runs once', () => {
    const twice = join(dir, 'twice');
    mkdirSync(twice);
    const one = join(twice, 'k.json');
    writeFileSync(one, JSON.stringify(knowledge()));
    symlinkSync('k.json', join(twice, 'z-link.json'));
    const plans = loadPlans([one, twice, twice], { trials: 10 });
    expect(plans.map((p) => p.file)).toEqual([one]);
  });

  test('a folder reached by many links is walked once: 18 levels of two links each took minutes, and a problem inside was said once a path', () => {
    const levels = join(dir, 'levels');
    const level = (k: number) => join(levels, `l${k}`);
    for (let k = 0; k <= 18; k++) mkdirSync(level(k), { recursive: true });
    for (let k = 0; k < 18; k++) for (const name of ['a', 'b']) symlinkSync(`../l${k + 1}`, join(level(k), name));
    writeFileSync(join(level(18), 'k.json'), JSON.stringify(knowledge()));
    const t0 = Date.now();
    // Found where it is first reached, through a/a/…/a, and listed once.
    expect(expandPaths([level(0)])).toEqual([join(level(0), ...Array(18).fill('a'), 'k.json')]);
    // Milliseconds; 2^18 walks of the last folder took over two minutes. The bound leaves room for a loaded machine.
    expect(Date.now() - t0).toBeLessThan(10_000);

    // A link to nothing in the last folder: said once, where it is first reached (it was said
    // for every path to it, a hundred lines before the list was cut).
    symlinkSync(join(dir, 'nowhere.json'), join(level(18), 'gone.json'));
    let error: unknown;
    try {
      expandPaths([level(0)]);
    } catch (e) {
      error = e;
    }
    expect((error as ScenarioErrors).errors.map((e) => e.message)).toEqual([`${join(level(0), ...Array(18).fill('a'), 'gone.json')}: (top level): no such file or folder (or a link to nothing)`]);
  });

  test('a 240-character side name: the report writes chart files with short names', async () => {
    const long = 'x'.repeat(240);
    const battle = { name: 'long', system: 'viciousness', mechanic: 'battle', trials: 200, setup: { sides: [{ name: long, combatants: [{ name: long }] }, { name: 'b', combatants: [{ name: 'c' }] }] } };
    const out = join(dir, 'long-out');
    const r = await poolsim('report', file(battle, 'long.json'), '--out', out, '--workers', '1');
    expect(r.code, r.err).toBe(0);
    const charts = readdirSync(join(out, 'long', 'charts'));
    expect(charts.length).toBeGreaterThan(0);
    for (const c of charts) expect(c.length).toBeLessThanOrEqual(104);
  }, 30_000);
});

describe('item 9: low', () => {
  test('a name\'s Markdown is shown, not rendered, in report.md', () => {
    const md = renderScenarioMarkdown({ ...heistOnePoint, name: 'Heist [click](https://evil.example) ![t](https://track.example/p.png) *bold* www.x.org' }, []);
    const title = md.split('\n')[0];
    expect(title).not.toMatch(/(^|[^\\])\[click\]\(/);
    expect(title).not.toMatch(/(^|[^\\])!\[t\]/);
    expect(title).not.toContain('https://');
    expect(title).toContain('\\[click\\]');
  });

  test('names reach the terminal with their escape codes shown, not obeyed', async () => {
    const r = await poolsim('run', file(knowledge({ name: 'evil\u001b]0;pwned\u0007\u001b[31m' })));
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('\u001b');
    expect(r.out).toContain('evil\\u001b]0;pwned\\u0007\\u001b[31m');
  });

  test('solve, run\'s line on solve blocks and diff show the escape codes of names and file names too; they were printed raw', async () => {
    const evil = '\u001b]0;pwned\u0007\u202eevil';
    const shown = '\\u001b]0;pwned\\u0007\\u202eevil';
    const raw = /[\u001b\u0007\u202e]/;
    const heist = {
      name: `heist ${evil}`,
      system: 'viciousness',
      mechanic: 'knavery',
      trials: 1000,
      seed: 's',
      setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
      solve: [{ name: evil, vary: 'setup.challenges', range: [0, 6], metric: 'success', target: 0.5 }],
    };
    const f = file(heist, `heist${evil}.json`);
    const solve = await poolsim('solve', f);
    expect(solve.code, solve.err).toBe(0);
    expect(solve.out).not.toMatch(raw);
    expect(solve.out).toContain(`heist ${shown}  (`);
    expect(solve.out).toContain(`heist${shown}.json)`);
    expect(solve.out).toContain(`\n  ${shown}: `);

    const run = await poolsim('run', f, '--json');
    expect(run.code, run.err).toBe(0);
    expect(run.err).not.toMatch(raw);
    expect(run.err).toContain(`its solve block ("${shown}") is not answered by run or merge`);

    // The same result under another name on the new side: the baseline's name is listed as on one side only.
    const base = file(run.out, `base${evil}.json`);
    const next = file(JSON.stringify({ ...JSON.parse(run.out), name: 'heist' }), 'next.json');
    for (const flag of [[], ['--markdown']]) {
      const diff = await poolsim('diff', base, next, ...flag);
      expect(diff.code, diff.err).toBe(1);
      expect(diff.out).not.toMatch(raw);
      // (Markdown escapes the "]" too.)
      expect(diff.out).toMatch(/heist \\u001b\\?\]0;pwned\\u0007\\u202eevil/);
    }
    expect((await poolsim('diff', base, next)).out).toContain(`poolsim diff ${join(dir, `base${shown}.json`)} `);
  });

  test('--json writes a C1 control or a bidi override in a name as a JSON escape: the same value, not obeyed on a terminal', async () => {
    const name = 'heist \u009b31m\u202eevil\u2066';
    const raw = /[\u009b\u202e\u2066]/;
    const f = file({
      name,
      system: 'viciousness',
      mechanic: 'knavery',
      trials: 1000,
      seed: 's',
      setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
      solve: [{ name, vary: 'setup.challenges', range: [0, 6], metric: 'success', target: 0.5 }],
    });
    const run = await poolsim('run', f, '--json');
    expect(run.code, run.err).toBe(0);
    expect(run.out).not.toMatch(raw);
    expect(run.out).toContain('"name": "heist \\u009b31m\\u202eevil\\u2066"');
    expect(JSON.parse(run.out).name).toBe(name);
    const solve = await poolsim('solve', f, '--json');
    expect(solve.code, solve.err).toBe(0);
    expect(solve.out).not.toMatch(raw);
    expect(JSON.parse(solve.out).solve[0].name).toBe(name);
    const result = file(run.out);
    const diff = await poolsim('diff', result, file(JSON.stringify({ ...JSON.parse(run.out), name: 'other' })), '--json');
    expect(diff.code, diff.err).toBe(1);
    expect(diff.out).not.toMatch(raw);
    expect(JSON.parse(diff.out).onlyInBase).toEqual([expect.objectContaining({ scenario: name })]);
  });

  test('a FIFO named x.json and /dev/zero are refused at once; so is a huge file', async () => {
    const fifo = join(dir, 'x.json');
    execFileSync('mkfifo', [fifo]);
    for (const path of [fifo, '/dev/zero']) {
      const r = await poolsim('run', path);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${path}: (top level): not a regular file`);
    }
    const big = file(' '.repeat(5 * 1024 * 1024), 'big.json');
    const r = await poolsim('run', big);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bytes: a scenario file is at most 4,194,304/);
  });

  test('a worker stuck in a loop: the run stops after $POOLSIM_CHUNK_TIMEOUT_S, exit 3 naming the point', async () => {
    const t0 = Date.now();
    const r = await poolsimOnPool(['run', HEIST, '--json', '--workers', '2'], {
      workerFile: new URL('./parallel/looping-worker.cjs', import.meta.url).href,
      env: { POOLSIM_CHUNK_TIMEOUT_S: '3' },
    });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/result point 1 \{"setup.challenges":3\}, (chunk 1|chunks [01]–\d+): a worker ran these chunks for more than 3 s and was stopped as stuck/);
    expect(Date.now() - t0).toBeLessThan(30_000);
  }, 60_000);

  test('a UTF-8 byte order mark is read past, in JSON as in YAML', async () => {
    const r = await poolsim('run', file(`\ufeff${JSON.stringify(knowledge())}`));
    expect(r.code, r.err).toBe(0);
  });

  test('a file that is not UTF-8 is refused, naming what it is: a Latin-1 byte no longer turns a name into "\ufffd" without a word', async () => {
    // "Knowledge rollé" saved as Latin-1 (é is one byte, 0xe9), then as UTF-16.
    const latin1 = join(dir, 'latin1.json');
    writeFileSync(latin1, Buffer.from(JSON.stringify(knowledge({ name: 'Knowledge rollé' })), 'latin1'));
    const r = await poolsim('run', latin1);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${latin1}: (top level): is not UTF-8 text (line 1 holds bytes UTF-8 does not allow`);
    const utf16 = join(dir, 'utf16.json');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(knowledge()), 'utf16le')]));
    const r16 = await poolsim('run', utf16);
    expect(r16.code).toBe(2);
    expect(r16.err).toContain('is UTF-16 text (it begins with a UTF-16 byte order mark): expected UTF-8');
    // The same name in UTF-8 runs.
    expect((await poolsim('run', file(knowledge({ name: 'Knowledge rollé' })))).code).toBe(0);
  });
});
