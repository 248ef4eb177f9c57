/**
 * `report --out` never destroys a user's files (issue 19, items 1 and 8): poolsim replaces
 * only a folder it wrote itself (marked by `.poolsim-report`), refuses anything else that
 * is not empty with exit 2 before anything runs, and a later run puts right what a run
 * killed during the swap left behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mountTmpfs, poolsim, tempFolders, unmount } from './helpers.ts';
import { checkTarget, fileHash, MARKER, MARKER_TEXT, markText, recoverLeftovers, TargetRefused, WRITTEN, writtenText } from '../reports/target.ts';
import { writeReports } from '../reports/write.ts';
import { heistOnePoint } from './reports/fixtures.ts';
import { benchClash } from '../bench/core.ts';
import { HEAVY_TEST_MS } from './size.ts';

const knowledge = { name: 'Knowledge roll', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'k', setup: {} };

/**
 * This file's temporary folders, removed after its tests (helpers.ts tempFolders: a review
 * found them left in the system's temporary folder on every run), read-only folders in them
 * too: the tests of a read-only --out folder make some.
 */
const tempFolder = tempFolders();

/** A temporary folder with one scenario in lib/ and a folder of the user's own files. */
function workspace() {
  const dir = tempFolder('poolsim-out-');
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'lib', 'k.json'), JSON.stringify(knowledge));
  mkdirSync(join(dir, 'mine'));
  mkdirSync(join(dir, 'mine', '.git'));
  writeFileSync(join(dir, 'mine', 'notes.txt'), 'my notes');
  writeFileSync(join(dir, 'notes.txt'), 'a file');
  return dir;
}

/** Wait (polling, each turn of the event loop) until `ready()`, at most `ms`: it throws, naming `what`, rather than spin until the test's timeout. */
async function until(ready: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`${what} did not appear within ${ms} ms`);
    await new Promise((r) => setImmediate(r));
  }
}

/** Every file under `dir` with its contents, to prove nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = join(e.parentPath, e.name);
    out[p] = e.isFile() ? readFileSync(p, 'utf8') : e.isDirectory() ? '<dir>' : '<other>';
  }
  return out;
}

/** A process id that is certainly not running: a child that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('report --out refuses what poolsim did not write', () => {
  test.each([
    ['a non-empty folder of the user (with .git)', (d: string) => join(d, 'mine'), /is a folder poolsim did not write/],
    ['a file', (d: string) => join(d, 'notes.txt'), /is a file, not a folder/],
    ['the scenario folder being run', (d: string) => join(d, 'lib'), /holds .*k\.json, which is being run/],
    ['a folder above the scenarios', (d: string) => d, /holds .*k\.json, which is being run/],
    ['an empty name', () => '', /--out needs a value/],
    ['the root of the file system', () => '/', /is the root of the file system/],
    ['a place nothing can be created', () => '/proc/poolsim-x', /cannot be written/],
    ['a symbolic link', (d: string) => {
      symlinkSync(join(d, 'mine'), join(d, 'link'));
      return join(d, 'link');
    }, /is a symbolic link/],
    // The reports are written beside it under a longer name first: it ran everything, then
    // failed (ENAMETOOLONG, exit 3) until an audit.
    ['a name too long for the names the reports are written under first', (d: string) => join(d, 'r'.repeat(240)), /--out .*: a folder name of 240 bytes is too long; poolsim writes the reports beside it first, under names up to \d+ bytes longer/],
  ])('%s: exit 2 before anything runs, nothing changed', async (_what, target, message) => {
    const dir = workspace();
    const out = target(dir);
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/nothing was run or written|needs a value/);
    expect(r.out).toBe(''); // no scenario ran
    expect(snapshot(dir)).toEqual(before);
  });

  describe('a mount point (root on Linux: a tmpfs)', () => {
    let mountDir = '';
    let mountPoint = '';
    let mounted = false;
    beforeAll(() => {
      mountDir = mkdtempSync(join(tmpdir(), 'poolsim-mount-'));
      mountPoint = join(mountDir, 'out');
      mkdirSync(mountPoint);
      mounted = mountTmpfs(mountPoint); // says why where it cannot
    });
    afterAll(() => {
      if (mounted) unmount(mountPoint);
      rmSync(mountDir, { recursive: true, force: true });
    });
    test('which cannot be renamed: exit 2 before anything runs (it ran everything, then failed with EBUSY)', async (ctx) => {
      if (!mounted) return ctx.skip('cannot mount a tmpfs here');
      const dir = workspace();
      const r = await poolsim('report', join(dir, 'lib'), '--out', mountPoint);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toBe(`poolsim: --out ${mountPoint}: is a mount point (a file system is mounted there); poolsim replaces --out by renaming a new folder into its place, and a mount point cannot be renamed — give a folder inside it, or another folder; nothing was run or written\n`);
      expect(r.out).toBe('');
      expect(readdirSync(mountPoint)).toEqual([]);
      // A folder inside it is fine.
      expect((await poolsim('report', join(dir, 'lib'), '--out', join(mountPoint, 'reports'))).code).toBe(0);
    });
  });

  test('the current folder, or one above it', () => {
    const dir = workspace();
    expect(() => checkTarget('.', { cwd: dir })).toThrow(/is the current folder or holds it/);
    expect(() => checkTarget(dir, { cwd: join(dir, 'mine') })).toThrow(TargetRefused);
  });

  test('accepts a missing folder, an empty one and its own; reports written before the mark are named, not replaced', async () => {
    const dir = workspace();
    for (const out of [join(dir, 'new', 'deeper'), join(dir, 'empty')]) {
      if (out.endsWith('empty')) mkdirSync(out);
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(existsSync(join(out, MARKER))).toBe(true);
      // Its own folder is replaced on the next run.
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    }
    // An older poolsim's reports: index.md "# poolsim reports", scenario folders with results.json.
    const legacy = join(dir, 'legacy');
    mkdirSync(join(legacy, 'k'), { recursive: true });
    writeFileSync(join(legacy, 'index.html'), '<title>poolsim reports</title>');
    writeFileSync(join(legacy, 'index.md'), '# poolsim reports\n');
    writeFileSync(join(legacy, 'k', 'results.json'), '{\n  "name": "k",\n  "system": "viciousness",\n  "mechanic": "knowledge"\n}\n');
    // Its pages read as poolsim's, but nothing shows they are as it wrote them (a line of
    // the user's added to one was lost): named, with what to do, and kept.
    const before = snapshot(dir);
    const old = await poolsim('report', join(dir, 'lib'), '--out', legacy);
    expect(old.code, old.err).toBe(2);
    expect(old.err).toContain(`holds 2 things poolsim cannot tell it wrote as they are now (index.html, index.md): the folder has no ${WRITTEN} list`);
    expect(old.err).toContain("delete them if they are poolsim's old output, move them out if not, or give another folder");
    expect(snapshot(dir)).toEqual(before);
    // …but not once the user has put a file of their own in it.
    writeFileSync(join(dir, 'mine', 'index.md'), '# poolsim reports\n');
    writeFileSync(join(dir, 'mine', 'index.html'), '');
    expect(() => checkTarget(join(dir, 'mine'))).toThrow(/did not write/);
  });
});

describe('a report folder the user has put files in', () => {
  test('is refused, naming what poolsim did not write, and left as it was', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    writeFileSync(join(out, 'mynotes.md'), 'mine');
    mkdirSync(join(out, 'k', 'drafts'));
    writeFileSync(join(out, 'k', 'drafts', 'a.md'), 'mine too');
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('holds 2 things poolsim did not write there (k/drafts/a.md, mynotes.md): move them out, or give another folder');
    expect(snapshot(dir)).toEqual(before);
    // Moved out, the folder is poolsim's again.
    rmSync(join(out, 'mynotes.md'));
    rmSync(join(out, 'k', 'drafts'), { recursive: true });
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
  });

  test('without the list beside the mark, no page or chart can be shown to be as poolsim wrote it: a note added to one is refused, and kept', async () => {
    // A fresh clone's baseline, an older poolsim's report, a list the user removed: until
    // an audit (December 2026) pages were read by their opening words, and a line the user
    // added to one was lost on the next run.
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    rmSync(join(out, WRITTEN));
    writeFileSync(join(out, 'k', 'report.md'), `${readFileSync(join(out, 'k', 'report.md'), 'utf8')}\nMy note: the d6 felt better.\n`);
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/holds \d+ things poolsim cannot tell it wrote as they are now \(index\.html, index\.md, k\/charts\/probabilities\.svg, and \d+ more\): the folder has no \.poolsim-written list/);
    expect(snapshot(dir)).toEqual(before);
    // One thing is named as one thing; a desktop's .DS_Store is nobody's work.
    for (const f of readdirSync(out)) if (f !== MARKER && f !== 'k') rmSync(join(out, f));
    for (const f of readdirSync(join(out, 'k'))) if (f !== 'report.md' && f !== 'results.json') rmSync(join(out, 'k', f), { recursive: true });
    writeFileSync(join(out, '.DS_Store'), '');
    expect(() => checkTarget(out, { slugs: ['k'] })).toThrow(/holds something poolsim cannot tell it wrote as it is now \(k\/report\.md\): .*delete it if it is poolsim's old output, move it out if not/);
    // With the pages gone (what Git keeps of a baseline: the mark and results.json), the folder is poolsim's.
    rmSync(join(out, 'k', 'report.md'));
    expect(() => checkTarget(out, { slugs: ['k'] })).not.toThrow();
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
  });

  test('an empty folder made by hand is the user\'s: refused, and kept (one went with the folder without a word); a scenario\'s empty charts/ is poolsim\'s', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    mkdirSync(join(out, 'mydir'));
    mkdirSync(join(out, 'a', 'b', 'c'), { recursive: true });
    mkdirSync(join(out, 'k', 'charts', 'mine'));
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('holds 3 things poolsim did not write there (a/b/c/, k/charts/mine/, mydir/)');
    expect(snapshot(dir)).toEqual(before);
    for (const d of ['mydir', 'a', join('k', 'charts', 'mine')]) rmSync(join(out, d), { recursive: true });
    // A scenario without charts has an empty charts/ (reports/write.ts makes it).
    for (const f of readdirSync(join(out, 'k', 'charts'))) rmSync(join(out, 'k', 'charts', f));
    expect(() => checkTarget(out)).not.toThrow();
    // Not outside a scenario's folder.
    mkdirSync(join(out, 'charts'));
    expect(() => checkTarget(out)).toThrow(/holds something poolsim did not write there \(charts\/\)/);
    rmSync(join(out, 'charts'), { recursive: true });
    // A scenario's own folder emptied (its files listed as poolsim's) holds nothing of the
    // user's: accepted, as before the list (a review).
    rmSync(join(out, 'k'), { recursive: true });
    mkdirSync(join(out, 'k'));
    expect(() => checkTarget(out)).not.toThrow();
  });

  test('a file by one of poolsim\'s names but with the user\'s own words is not poolsim\'s: refused, and kept', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    // A folder of notes laid out like a scenario's, a sketch among the charts, changes.md at the top.
    mkdirSync(join(out, 'my-notes', 'charts'), { recursive: true });
    writeFileSync(join(out, 'my-notes', 'report.md'), '# my design notes\n');
    writeFileSync(join(out, 'my-notes', 'index.html'), '<p>mine</p>\n');
    writeFileSync(join(out, 'my-notes', 'charts', 'sketch.svg'), '<svg>mine</svg>\n');
    writeFileSync(join(out, 'k', 'charts-sketch.svg'), '<svg>mine</svg>\n');
    writeFileSync(join(out, 'changes.md'), 'my changes\n');
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    // my-notes/ is no scenario folder of the run (the mark lists k only) and holds no page of poolsim's.
    expect(r.err).toContain('holds 3 things poolsim did not write there (changes.md, k/charts-sketch.svg, my-notes/)');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('only a regular file named .DS_Store, Thumbs.db or desktop.ini is a desktop\'s: a folder or link by such a name is the user\'s (an audit: one went, with all it held, exit 0)', () => {
  test('a folder of the user\'s holding only a folder named desktop.ini is not empty: refused, and kept', async () => {
    const dir = workspace();
    const out = join(dir, 'thesis');
    mkdirSync(join(out, 'desktop.ini'), { recursive: true });
    writeFileSync(join(out, 'desktop.ini', 'chapter1.txt'), 'thesis draft');
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`poolsim: --out ${out}: is a folder poolsim did not write (it has no ${MARKER} file) and it is not empty`);
    expect(snapshot(dir)).toEqual(before);
  });

  test('in a report folder such a folder, full or empty, and such a link are refused, named and kept; a regular file by such a name goes with the old reports', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    mkdirSync(join(out, 'Thumbs.db'));
    writeFileSync(join(out, 'Thumbs.db', 'notes.txt'), 'my notes');
    mkdirSync(join(out, 'k', '.DS_Store'));
    writeFileSync(join(out, 'k', '.DS_Store', 'keep.txt'), 'keep this');
    mkdirSync(join(out, 'k', 'charts', 'desktop.ini'));
    // A link is never followed, nor deleted: it is the user's, wherever it leads.
    symlinkSync(join(dir, 'mine'), join(out, 'desktop.ini'));
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('holds 4 things poolsim did not write there (Thumbs.db/notes.txt, desktop.ini, k/.DS_Store/keep.txt, and 1 more): move them out, or give another folder');
    expect(snapshot(dir)).toEqual(before);
    for (const p of [join(out, 'Thumbs.db'), join(out, 'k', '.DS_Store'), join(out, 'k', 'charts', 'desktop.ini'), join(out, 'desktop.ini')]) rmSync(p, { recursive: true });
    // What a desktop leaves (README: deleted with the old reports, not carried into the new).
    writeFileSync(join(out, '.DS_Store'), 'finder');
    writeFileSync(join(out, 'k', 'Thumbs.db'), 'explorer');
    writeFileSync(join(out, 'k', 'charts', 'desktop.ini'), '[.ShellClassInfo]\n');
    const again = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(again.code, again.err).toBe(0);
    expect(again.err).toBe('');
    for (const p of [join(out, '.DS_Store'), join(out, 'k', 'Thumbs.db'), join(out, 'k', 'charts', 'desktop.ini')]) expect(existsSync(p), p).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  });
});

describe('report from a folder deleted since the shell went into it (an audit: "ENOENT: no such file or directory, uv_cwd", exit 3)', () => {
  /** `node bin/poolsim.js ARGS` run by a shell that went into a folder and deleted it: its current folder no longer exists. */
  function fromDeletedFolder(args: string[], env: NodeJS.ProcessEnv = {}) {
    const gone = tempFolder('poolsim-gone-');
    const bin = join(import.meta.dirname, '..', 'bin', 'poolsim.js');
    const r = spawnSync('/bin/sh', ['-c', 'cd "$1" && rmdir "$1" && shift && exec "$@"', 'sh', gone, process.execPath, bin, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true', ...env } });
    expect(existsSync(gone), 'the folder was deleted').toBe(false);
    return r;
  }

  test('with absolute paths it works, on one thread whatever --workers (Node cannot start a worker thread there: the pool failed the run)', () => {
    const dir = workspace();
    const out = join(dir, 'new', 'rep');
    // Threads start once the first chunk is done: the pool would start on this run.
    const r = fromDeletedFolder(['report', join(dir, 'lib'), '--out', out, '--workers', '2', '--trials', '10000000'], { POOLSIM_POOL_PAYS_OFF_MS: '0' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`Open ${join(out, 'index.html')}\n`);
    expect(JSON.parse(readFileSync(join(out, 'k', 'results.json'), 'utf8')).results[0].trials).toBe(10_000_000);
  }, 60_000);

  test('a folder deleted while `run` goes on, before its threads start or while they do: the run ends on this thread, its numbers those of --workers 1 (the pool failed it, exit 3: "uv_cwd")', async () => {
    const dir = workspace();
    const file = join(dir, 'clash.json');
    writeFileSync(file, JSON.stringify({ name: 'gone mid-run', system: 'viciousness', mechanic: 'clash', trials: 30_000_000, seed: 7, setup: benchClash }));
    const bin = join(import.meta.dirname, '..', 'bin', 'poolsim.js');
    const one = spawnSync(process.execPath, [bin, 'run', file, '--workers', '1', '--json'], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    expect(one.status, one.stderr).toBe(0);
    // Deleted as the run says it is running (before the threads start: they start once this
    // thread's chunks show the run long enough), and later, while they may be starting (a
    // review: 120–330 ms after, the run failed where the first fix only looked before the
    // start). Whenever it goes, the numbers are the same.
    for (const afterMs of [0, 150, 300]) {
      const gone = tempFolder('poolsim-gone-mid-');
      const child = spawn(process.execPath, [bin, 'run', file, '--workers', '2', '--json'], { cwd: gone, env: { ...process.env, CI: 'true', POOLSIM_POOL_PAYS_OFF_MS: '0' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (d) => (stdout += d));
      child.stderr!.on('data', (d) => (stderr += d));
      const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      await new Promise<void>((r) => child.on('message', (m: { poolsim?: string }) => m.poolsim === 'running' && r()));
      if (afterMs > 0) await new Promise((r) => setTimeout(r, afterMs));
      rmSync(gone, { recursive: true });
      const code = await exited;
      expect(code, `${afterMs} ms: ${stderr}`).toBe(0);
      expect(stderr).toBe('');
      expect(stdout, `${afterMs} ms`).toBe(one.stdout);
    }
  }, HEAVY_TEST_MS);

  test('a relative path, given or the default, is refused: exit 2, saying the current folder no longer exists, nothing written', () => {
    const dir = workspace();
    const given = fromDeletedFolder(['report', join(dir, 'lib'), '--out', 'rep']);
    expect(given.status, given.stderr).toBe(2);
    expect(given.stderr).toBe(
      'poolsim: the current folder no longer exists (it was deleted after the shell went into it), so a relative path leads nowhere: rep (--out); cd into a folder that exists, or give absolute paths; nothing was run or written\n',
    );
    const defaults = fromDeletedFolder(['report']);
    expect(defaults.status, defaults.stderr).toBe(2);
    expect(defaults.stderr).toContain('so relative paths lead nowhere: scenarios (the default scenario folder), reports/out (the default --out); cd into a folder that exists');
    const baseline = fromDeletedFolder(['report', join(dir, 'lib'), '--out', join(dir, 'rep'), '--baseline', 'bl']);
    expect(baseline.status, baseline.stderr).toBe(2);
    expect(baseline.stderr).toContain('a relative path leads nowhere: bl (--baseline)');
    // With a "..", read as the system reads it only once the folder is known to be there
    // (a review: "ENOENT … uv_cwd", exit 3).
    const up = fromDeletedFolder(['report', join(dir, 'lib'), '--out', '../x']);
    expect(up.status, up.stderr).toBe(2);
    expect(up.stderr).toContain('a relative path leads nowhere: ../x (--out)');
    const upBaseline = fromDeletedFolder(['report', join(dir, 'lib'), '--out', join(dir, 'rep'), '--baseline', '../y']);
    expect(upBaseline.status, upBaseline.stderr).toBe(2);
    expect(upBaseline.stderr).toContain('a relative path leads nowhere: ../y (--baseline)');
    expect(existsSync(join(dir, 'rep'))).toBe(false);
  }, 60_000);

  test('run, solve, merge and diff say the current folder is gone of a relative path that leads nowhere (they said "no such file or folder": a review)', () => {
    for (const args of [['run', 'k.json'], ['solve', 'k.json'], ['merge', 'part-0.json'], ['diff', 'base', 'new']]) {
      const r = fromDeletedFolder(args);
      expect(r.status, `${args[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr, args[0]).toMatch(/^poolsim: the current folder no longer exists \(it was deleted after the shell went into it\), so (a relative path leads|relative paths lead) nowhere: /);
    }
  }, 60_000);

  test('a shard\'s relative --out is refused the same way (it said "ENOENT … uv_cwd", exit 3: a review)', () => {
    const dir = workspace();
    const part = fromDeletedFolder(['run', join(dir, 'lib'), '--shard', '0/2', '--out', 'part-0.json']);
    expect(part.status, part.stderr).toBe(2);
    expect(part.stderr).toBe(
      'poolsim: the current folder no longer exists (it was deleted after the shell went into it), so a relative path leads nowhere: part-0.json (--out); cd into a folder that exists, or give absolute paths; nothing was run or written\n',
    );
    // With an absolute --out it runs and writes its part.
    const whole = fromDeletedFolder(['run', join(dir, 'lib'), '--shard', '0/2', '--out', join(dir, 'part-0.json')]);
    expect(whole.status, whole.stderr).toBe(0);
    expect(existsSync(join(dir, 'part-0.json'))).toBe(true);
  }, 60_000);
});

describe('report says its folders as they were typed, as run says its files (an audit: `--out ../out` was said "Open /tmp/…/out/index.html")', () => {
  /** `node bin/poolsim.js ARGS` run in `cwd`. */
  function poolsimIn(cwd: string, args: string[]) {
    const bin = join(import.meta.dirname, '..', 'bin', 'poolsim.js');
    return spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  }

  test('a folder above this one, --out and --baseline, and one through a link and ".." (written where the system puts it)', () => {
    const dir = workspace();
    mkdirSync(join(dir, 'sub'));
    const sub = join(dir, 'sub');
    const first = poolsimIn(sub, ['report', '../lib', '--out', '../out', '--workers', '1']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Open ../out/index.html\n');
    expect(existsSync(join(dir, 'out', 'index.html'))).toBe(true);
    const second = poolsimIn(sub, ['report', '../lib', '--out', '../out2/', '--baseline', '../out', '--workers', '1']);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('Open ../out2/index.html\n');
    expect(second.stdout).toMatch(/\nSince \.\.\/out: nothing moved .*\. See \.\.\/out2\/changes\.md\n/);
    // A refusal names --out as typed too.
    const refused = poolsimIn(sub, ['report', '../lib', '--out', '..', '--workers', '1']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('poolsim: --out ..: is the current folder or holds it');
    // lnk/.. is the folder above where lnk leads: the reports go there, and are said as typed.
    mkdirSync(join(dir, 'deep', 'a', 'b'), { recursive: true });
    symlinkSync(join(dir, 'deep', 'a', 'b'), join(dir, 'lnk'));
    const linked = poolsimIn(dir, ['report', 'lib', '--out', 'lnk/../rep', '--workers', '1']);
    expect(linked.status, linked.stderr).toBe(0);
    expect(linked.stdout).toContain('Open lnk/../rep/index.html\n');
    expect(existsSync(join(dir, 'deep', 'a', 'rep', 'index.html'))).toBe(true);
    // Refused through a link too, named as typed (it named the folder it led to: a review).
    symlinkSync(sub, join(sub, 'here'));
    const looped = poolsimIn(sub, ['report', '../lib', '--out', 'here/..', '--workers', '1']);
    expect(looped.status).toBe(2);
    expect(looped.stderr).toContain('poolsim: --out here/..: is the current folder or holds it');
    expect(existsSync(join(dir, 'rep'))).toBe(false);
  }, HEAVY_TEST_MS);
});

describe('the mark lists the scenario folders the run wrote', () => {
  test('a folder holding a `run --json` result of the user\'s, alone, is not a scenario folder of poolsim\'s: refused, and kept', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    expect(readFileSync(join(out, MARKER), 'utf8')).toContain('Scenario folders it wrote:\nk\n');
    const run = await poolsim('run', join(dir, 'lib', 'k.json'), '--json');
    mkdirSync(join(out, 'my-experiment'));
    writeFileSync(join(out, 'my-experiment', 'results.json'), run.out);
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('holds something poolsim did not write there (my-experiment/results.json)');
    expect(snapshot(dir)).toEqual(before);
  });

  test('a mark from before the list, or a report from before the mark, lists no folder: a user\'s result saved in one is refused, and kept', async () => {
    for (const old of ['a mark without the list', 'no mark at all']) {
      const dir = workspace();
      const out = join(dir, 'out');
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
      // Neither wrote the list of files beside the mark; the pages, which nothing can show
      // to be as poolsim wrote them, are gone (but the index, by which a report from before
      // the mark is known).
      rmSync(join(out, WRITTEN));
      for (const f of readdirSync(join(out, 'k'))) if (f !== 'results.json') rmSync(join(out, 'k', f), { recursive: true });
      if (old === 'no mark at all') rmSync(join(out, MARKER));
      else {
        writeFileSync(join(out, MARKER), MARKER_TEXT);
        for (const f of ['index.html', 'index.md']) rmSync(join(out, f));
      }
      mkdirSync(join(out, 'my-run'));
      writeFileSync(join(out, 'my-run', 'results.json'), (await poolsim('run', join(dir, 'lib', 'k.json'), '--json')).out);
      const before = snapshot(dir);
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, `${old}: ${r.err}`).toBe(2);
      expect(r.err).toContain(old === 'no mark at all' ? '(index.html, index.md, my-run/results.json)' : '(my-run/results.json)');
      expect(snapshot(dir)).toEqual(before);
      // The scenario folder this run writes is poolsim's all the same.
      rmSync(join(out, 'my-run'), { recursive: true });
      if (old === 'a mark without the list') expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    }
  });

  test('an --out inside the --baseline folder is refused: the baseline would hold a folder it never wrote', async () => {
    const dir = workspace();
    const baseline = join(dir, 'bl');
    expect((await poolsim('report', join(dir, 'lib'), '--out', baseline)).code).toBe(0);
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', join(baseline, 'sub'), '--baseline', baseline);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`is inside the --baseline folder ${baseline}, which the new reports are compared with`);
    expect(snapshot(dir)).toEqual(before);
  });

  test('the --baseline folder reached through a link is still the --baseline: refused, and kept', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    symlinkSync(out, join(dir, 'baseline-link'));
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out, '--baseline', join(dir, 'baseline-link'));
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('is the --baseline folder, which the new reports are compared with');
    expect(snapshot(dir)).toEqual(before);
    // And the scenarios reached through a link to the folder being replaced.
    symlinkSync(join(dir, 'lib'), join(dir, 'lib-link'));
    expect(() => checkTarget(join(dir, 'lib'), { inputs: [join(dir, 'lib-link', 'k.json')] })).toThrow(/which is being run/);
  });

  test('a ".." after a link in --out, --baseline or a diff side is read as the system reads it: the folder above where the link leads (it wrote ./out2 and found no results there: an input audit)', async () => {
    const dir = workspace();
    mkdirSync(join(dir, 'deep', 'user'), { recursive: true });
    symlinkSync(join(dir, 'deep', 'user'), join(dir, 'ulink'));
    // Not join(), which takes "ulink/.." away before the system sees it.
    const viaLink = (name: string) => `${dir}/ulink/../${name}`;
    const r = await poolsim('report', join(dir, 'lib'), '--out', viaLink('out2'));
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(dir, 'deep', 'out2', 'index.html'))).toBe(true);
    expect(existsSync(join(dir, 'out2'))).toBe(false);
    const diff = await poolsim('diff', viaLink('out2'), join(dir, 'deep', 'out2'));
    expect(diff.code, diff.err).toBe(0);
    expect(diff.out).toContain('nothing moved');
    const again = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'deep', 'out3'), '--baseline', viaLink('out2'));
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('nothing moved');
  });

  test('a listed folder may hold results.json alone (a committed baseline in a fresh clone); a scenario folder of a run on another branch is known by the list beside the mark', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    // What git keeps of it: the mark and results.json.
    rmSync(join(out, WRITTEN));
    for (const f of readdirSync(join(out, 'k'))) if (f !== 'results.json') rmSync(join(out, 'k', f), { recursive: true });
    for (const f of ['index.html', 'index.md']) rmSync(join(out, f));
    expect(() => checkTarget(out)).not.toThrow();
    // A branch switch: the run here wrote scenario `gone` as well; the other branch's mark
    // (committed) lists k alone, and Git leaves gone's pages and charts (it ignores them).
    // The list beside the mark, which Git ignores too, is still this machine's run's.
    writeFileSync(join(dir, 'lib', 'gone.json'), JSON.stringify({ ...knowledge, name: 'Gone roll', seed: 'g' }));
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    rmSync(join(dir, 'lib', 'gone.json'));
    const kOnly = join(dir, 'k-only');
    mkdirSync(join(kOnly, 'lib'), { recursive: true });
    writeFileSync(join(kOnly, 'lib', 'k.json'), JSON.stringify(knowledge));
    expect((await poolsim('report', join(kOnly, 'lib'), '--out', join(kOnly, 'out'))).code).toBe(0);
    writeFileSync(join(out, MARKER), readFileSync(join(kOnly, 'out', MARKER)));
    rmSync(join(out, 'gone', 'results.json'));
    expect(() => checkTarget(out)).not.toThrow();
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    expect(existsSync(join(out, 'gone'))).toBe(false);
    // A merge that added scenario b (its results.json committed) and kept a mark that lists
    // k only: b is a scenario this run writes, so its lone results.json is poolsim's.
    writeFileSync(join(dir, 'lib', 'b.json'), JSON.stringify({ ...knowledge, name: 'B roll', seed: 'b' }));
    mkdirSync(join(out, 'b'));
    writeFileSync(join(out, 'b', 'results.json'), (await poolsim('run', join(dir, 'lib', 'b.json'), '--json')).out);
    expect(readFileSync(join(out, MARKER), 'utf8')).not.toMatch(/^b$/m);
    const merged = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(merged.code, merged.err).toBe(0);
    expect(readFileSync(join(out, MARKER), 'utf8')).toMatch(/^b$/m);
  });

  test('a copy of a scenario\'s folder or chart kept for comparison, and a note added to a page, are the user\'s: refused, and kept', async () => {
    // Byte for byte what poolsim wrote, but not where it wrote it: until December 2026 the
    // next run deleted them without a word (they read as poolsim's by their layout).
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    const { cpSync, appendFileSync } = await import('node:fs');
    cpSync(join(out, 'k'), join(out, 'k-before-change'), { recursive: true });
    const charts = readdirSync(join(out, 'k', 'charts'));
    expect(charts.length).toBeGreaterThan(0);
    cpSync(join(out, 'k', 'charts', charts[0]!), join(out, 'k', 'charts', `v1-${charts[0]}`));
    appendFileSync(join(out, 'k', 'report.md'), '\nMy note: the d6 felt better at the table.\n');
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`holds 3 things poolsim did not write there (k/charts/v1-${charts[0]}, k/report.md (changed since poolsim wrote it), k-before-change/)`);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('the list of files beside the mark is this machine\'s', () => {
  test('an empty file of the user\'s (.nojekyll, a TODO) is refused, where its emptiness had let it go with the folder', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    writeFileSync(join(out, '.nojekyll'), '');
    writeFileSync(join(out, 'k', 'TODO'), '');
    const before = snapshot(dir);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain('holds 2 things poolsim did not write there (.nojekyll, k/TODO)');
    expect(snapshot(dir)).toEqual(before);
  });

  test('a results.json Git brought (another machine\'s refresh) is read by its content; the list read with Windows line ends; the mark lists no files', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    // The committed mark names folders only: page hashes of one machine mean nothing on another.
    expect(readFileSync(join(out, MARKER), 'utf8')).not.toMatch(/[0-9a-f]{64}/);
    // A results.json edited by hand (a note in its description) is the user's: refused, not
    // deleted (an audit: it went without a word, as it read as poolsim's result).
    const results = join(out, 'k', 'results.json');
    const mine = readFileSync(results, 'utf8').replace('"description": "', '"description": "MY NOTE: checked by hand. ');
    writeFileSync(results, mine.includes('MY NOTE') ? mine : mine.replace('"name": "', '"name": "MY NOTE '));
    expect(() => checkTarget(out)).toThrow(/k\/results\.json \(changed since poolsim wrote it\)/);
    // A pull brings k's results.json of another seed: not as this machine wrote it, but as
    // Git's index has it, k is a scenario of the mark and of the run, and the file reads as
    // poolsim's result. (Where git cannot be run, no changed results.json passes for Git's.)
    const other = (await poolsim('run', join(dir, 'lib', 'k.json'), '--json', '--seed', 'other')).out;
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'core.autocrlf=false', ...args], { cwd: dir, encoding: 'utf8' });
    if (git('init', '-q').status === 0) {
      writeFileSync(results, other);
      // Staged is not Git's: a `git add -A` of the user's edit does not make it deletable.
      expect(git('add', 'out/k/results.json').status).toBe(0);
      expect(() => checkTarget(out)).toThrow(/k\/results\.json \(changed since poolsim wrote it\)/);
      expect(git('commit', '-qm', 'another machine\'s refresh').status).toBe(0);
      // Git with core.autocrlf on: the list's lines end in \r\n.
      writeFileSync(join(out, WRITTEN), readFileSync(join(out, WRITTEN), 'utf8').replace(/\n/g, '\r\n'));
      expect(() => checkTarget(out)).not.toThrow();
      // ...and the results.json checked out with \r\n (core.autocrlf): still Git's.
      writeFileSync(results, other.replace(/\n/g, '\r\n'));
      expect(() => checkTarget(out)).not.toThrow();
      // Edited after the pull: the user's again.
      writeFileSync(results, other.replace('"name": "', '"name": "MY NOTE '));
      expect(() => checkTarget(out)).toThrow(/k\/results\.json \(changed since poolsim wrote it\)/);
      writeFileSync(results, other);
      // And the whole report: the folder is looked at again once stepped aside, under another
      // name (a review: Git knew nothing there, and the run was thrown away at the swap).
      const whole = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(whole.code, whole.err).toBe(0);
      expect(readFileSync(results, 'utf8')).not.toBe(other);
      expect(readdirSync(dir).filter((f) => f.startsWith('.out.'))).toEqual([]);
      // The pages were rewritten: the note below is on a fresh report.md.
      writeFileSync(join(out, WRITTEN), readFileSync(join(out, WRITTEN), 'utf8').replace(/\n/g, '\r\n'));
    } else {
      writeFileSync(results, other);
      expect(() => checkTarget(out)).toThrow(/k\/results\.json \(changed since poolsim wrote it\)/);
      // Git with core.autocrlf on: the list's lines end in \r\n.
      writeFileSync(join(out, WRITTEN), readFileSync(join(out, WRITTEN), 'utf8').replace(/\n/g, '\r\n'));
      rmSync(results);
    }
    // …and the list is still read: a note added to a page is refused.
    writeFileSync(join(out, 'k', 'report.md'), `${readFileSync(join(out, 'k', 'report.md'), 'utf8')}\nmine\n`);
    expect(() => checkTarget(out)).toThrow(/k\/report\.md \(changed since poolsim wrote it\)/);
  });
});

describe('the folder replaced keeps its access', () => {
  test('its mode (setgid too) and, where this user may, its group; the files go in with the group (a files audit: a private folder came back readable by all, a team folder in the writer\'s group)', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    // An empty folder of the user's, made private, then the report folder made read-only to others.
    mkdirSync(out);
    chmodSync(out, 0o2700);
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    expect(statSync(out).mode & 0o7777).toBe(0o2700);
    chmodSync(out, 0o2750);
    // Owned by a group of the machine's (root may give it any: nogroup where there is one).
    const root = process.getuid?.() === 0;
    if (root) chownSync(out, -1, 65534);
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    expect(statSync(out).mode & 0o7777).toBe(0o2750);
    if (root) {
      expect(statSync(out).gid).toBe(65534);
      expect(statSync(join(out, 'k', 'results.json')).gid).toBe(65534);
    }
    // A new folder: as the umask and the parent say (no old one to follow).
    expect((await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'fresh'))).code).toBe(0);
  });
});

describe('a report folder made read-only is kept as it is', () => {
  // `chmod -R a-w out`, or one file or folder in it made so: refused before anything runs,
  // exit 2, the folder, its modes and its files as they were, nothing beside it. It was
  // replaced by a writable copy (as root), or stepped aside to a `.out.kept-*` copy while the
  // new reports took its place (as another user), exit 0 both (an audit).
  test.each([
    ['the whole folder (chmod -R a-w)', (out: string) => chmodAll(out, 0o222, false), 'the folder itself, .poolsim-report, .poolsim-written, and'],
    ['one page in it', (out: string) => chmodSync(join(out, 'index.md'), 0o444), '(index.md is not writable)'],
    ['one scenario folder in it', (out: string) => chmodSync(join(out, 'k'), 0o555), '(k is not writable)'],
  ])('%s: refused, naming what is read-only, and left as it was', async (_what, lock, named) => {
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    lock(out);
    const before = snapshot(out);
    const modes = modesOf(out);
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`--out ${out}: is read-only `);
    expect(r.err).toContain(named);
    expect(r.err).toContain(`chmod -R u+w ${out}`);
    expect(r.err).toContain('nothing was run or written');
    expect(snapshot(out)).toEqual(before);
    expect(modesOf(out)).toEqual(modes);
    expect(readdirSync(dir).filter((f) => f.startsWith('.out.'))).toEqual([]);
    // Made writable again, it is poolsim's to replace, as before.
    chmodAll(out, 0o200, true);
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
  });

  test('made read-only while the reports are written (after checkTarget looked): put back as it was, not replaced (a review: replaced, exit 0)', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    const entries = [{ slug: 'heist', result: heistOnePoint }];
    await writeReports(out, entries);
    const before = snapshot(out);
    let locked = false;
    const writeFile = async (path: string, text: string) => {
      if (!locked) {
        locked = true;
        chmodSync(join(out, 'index.md'), 0o444);
      }
      writeFileSync(path, text);
    };
    await expect(writeReports(out, entries, { writeFile })).rejects.toThrow(/--out .*out: was made read-only while poolsim wrote the reports \(index\.md is not writable\), so the folder was left as it was/);
    expect(snapshot(out)).toEqual(before);
    expect(statSync(join(out, 'index.md')).mode & 0o777).toBe(0o444);
    expect(readdirSync(dir).filter((f) => f.startsWith('.out.'))).toEqual([]);
  });

  test('checkTarget after the run (a folder made read-only while the scenarios ran) refuses it too', () => {
    const dir = workspace();
    const out = join(dir, 'out');
    mkdirSync(out);
    chmodSync(out, 0o555);
    expect(() => checkTarget(out)).toThrow(/is read-only \(the folder itself is not writable\)/);
    chmodSync(out, 0o755);
    expect(() => checkTarget(out)).not.toThrow();
  });

  test('its own report written under umask 0222 is not read-only to the next run (a review: the second report --out refused poolsim\'s own first, "is read-only")', () => {
    const dir = workspace();
    const out = join(dir, 'out');
    const bin = join(import.meta.dirname, '..', 'bin', 'poolsim.js');
    // A shell with that umask (a test's worker thread cannot set one of its own).
    const report = () => spawnSync('sh', ['-c', 'umask 0222 && exec "$0" "$@"', process.execPath, bin, 'report', join(dir, 'lib'), '--out', out], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    const first = report();
    expect(first.status, first.stderr).toBe(0);
    expect(statSync(join(out, 'index.md')).mode & 0o200).not.toBe(0);
    expect(statSync(join(out, 'k')).mode & 0o200).not.toBe(0);
    const second = report();
    expect(second.status, second.stderr).toBe(0);
  });

  test('under umask 0222 every folder of its own it writes in has its owner\'s write while it writes there (a review: as any user but root the first report --out failed, EACCES on .poolsim-report, and one into an earlier report on its charts/ folder)', async () => {
    // Root writes in a folder without write (so the test above passes as root either way):
    // each write is checked against its folder's mode instead. This process's umask (vitest
    // runs a test file in a child process, where process.umask may be set), put back after.
    const dir = workspace();
    const out = join(dir, 'out');
    const entries = [{ slug: 'heist', result: heistOnePoint }];
    const unwritable: string[] = [];
    const writeFile = async (path: string, text: string) => {
      const folder = dirname(path);
      if ((statSync(folder).mode & 0o200) === 0) unwritable.push(`${basename(folder)}/${basename(path)}`);
      writeFileSync(path, text);
    };
    const umask = process.umask(0o222);
    try {
      await writeReports(out, entries, { writeFile }); // a new --out
      await writeReports(out, entries, { writeFile }); // into its own report
    } finally {
      process.umask(umask);
    }
    expect(unwritable).toEqual([]);
    expect(statSync(join(out, 'heist', 'charts')).mode & 0o700).toBe(0o700);
  });

  test('under umask 0222 the folders made on the way to a new --out keep their owner\'s write and search, as mkdir -p makes them (a review: `new` was made 0555, and as any user but root `--out new/a/rep` failed, EACCES on new/a, and left new behind)', async () => {
    const dir = workspace();
    const out = join(dir, 'new', 'a', 'rep');
    const umask = process.umask(0o222);
    try {
      await writeReports(out, [{ slug: 'heist', result: heistOnePoint }]);
    } finally {
      process.umask(umask);
    }
    expect(statSync(join(dir, 'new')).mode & 0o300).toBe(0o300);
    expect(statSync(join(dir, 'new', 'a')).mode & 0o300).toBe(0o300);
    expect(existsSync(join(out, 'index.md'))).toBe(true);
  });
});

describe('a report folder another user wrote (writable by its owner, not by this user)', () => {
  // A team's folder written by another member with umask 022: not read-only, and neither
  // this user's `chmod -R u+w` (not the owner) nor its owner's (it has u+w) changes it. It
  // was said "is read-only … make it writable (chmod -R u+w out)" (a review). As root,
  // checkTarget is run as nobody in a child process; as another user, root's folder is the case.
  test('is refused naming whose it is, never advising a chmod u+w that changes nothing', async (ctx) => {
    const root = process.getuid?.() === 0;
    const dir = workspace();
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    const target = join(dirname(import.meta.dirname), 'reports', 'target.ts');
    const asNobody = (code: string) => spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { uid: 65534, gid: 65534, encoding: 'utf8', cwd: dirname(import.meta.dirname) });
    if (!root || asNobody(`import { accessSync } from 'node:fs'; accessSync(${JSON.stringify(target)}, 4);`).status !== 0) return ctx.skip();
    chmodSync(dir, 0o777);
    for (const p of [out, ...readdirSync(out, { recursive: true }).map((e) => join(out, String(e)))]) chownSync(p, 1, 1);
    const r = asNobody(`import { checkTarget } from ${JSON.stringify(target)}; try { checkTarget(${JSON.stringify(out)}); console.log('taken'); } catch (e) { console.log(e.message); }`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`--out ${out}: is another user's (the folder itself, k, k/charts, writable by their owner but not by this user`);
    expect(r.stdout).not.toContain('read-only');
    expect(r.stdout).not.toContain('u+w');
    expect(r.stdout).toContain(`chmod -R g+w ${out}`);
  });
});

/** Every mode under `dir` (itself included), to prove none changed. */
function modesOf(dir: string): Record<string, number> {
  const out: Record<string, number> = { '.': statSync(dir).mode };
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) out[join(e.parentPath, e.name)] = statSync(join(e.parentPath, e.name)).mode;
  return out;
}

/** `chmod -R a-w` (`add` false, bits 0o222) or `u+w` (`add` true, 0o200) of `dir`, without a shell: files first, folders from the deepest. */
function chmodAll(dir: string, bits: number, add: boolean): void {
  const paths = [dir, ...readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name))];
  // Deepest first, so a folder made read-only does not stop the chmod of what is in it (as another user).
  for (const p of paths.sort((a, b) => b.length - a.length)) {
    const mode = statSync(p).mode & 0o7777;
    chmodSync(p, add ? mode | bits : mode & ~bits);
  }
}

describe('reports written inside the scenarios folder', () => {
  test('are passed over by the next run of the folder, and refused when named as scenarios', async () => {
    const dir = workspace();
    const lib = join(dir, 'lib');
    const first = await poolsim('report', lib, '--out', join(lib, 'out'));
    expect(first.code, first.err).toBe(0);
    expect(existsSync(join(lib, 'out', 'k', 'results.json'))).toBe(true);
    // The next runs of the folder read k.json only, not the report's results.json.
    const again = await poolsim('report', lib, '--out', join(lib, 'out'));
    expect(again.code, again.err).toBe(0);
    const run = await poolsim('run', lib, '--json');
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out).name).toBe('Knowledge roll');
    const named = await poolsim('run', join(lib, 'out'));
    expect(named.code).toBe(2);
    expect(named.err).toContain(`${join(lib, 'out')}: (top level): a report folder written by poolsim report (it has ${MARKER}): its files are results, not scenarios`);
  });
});

describe('an interrupted swap is put right by the next run', () => {
  /** An index page as poolsim writes it (its title says so), holding `text`. */
  const page = (text: string) => `<title>poolsim reports</title>${text}`;
  /** A marked folder holding `text` in index.html, with the list of what poolsim wrote there. */
  function reportFolder(path: string, text: string) {
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, MARKER), '');
    writeFileSync(join(path, 'index.html'), page(text));
    writeFileSync(join(path, WRITTEN), writtenText([['index.html', fileHash(page(text))]]));
  }

  test('killed between the two renames: the previous reports come back, the unfinished folder goes', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    const pid = deadPid();
    reportFolder(join(dir, `.out.old-${pid}-100`), 'previous');
    reportFolder(join(dir, `.out.tmp-${pid}-100`), 'half written');
    const lines = recoverLeftovers(out);
    expect(lines.join('\n')).toMatch(/restored the previous reports/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(page('previous'));
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  });

  test('a later run restores, then replaces; only leftovers of dead processes that carry the mark are touched', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    const pid = deadPid();
    reportFolder(join(dir, `.out.old-${pid}-100`), 'older');
    reportFolder(join(dir, `.out.old-${pid}-200`), 'newest');
    mkdirSync(join(dir, `.out.tmp-${pid}-300`)); // killed before its mark: empty
    reportFolder(join(dir, `.out.tmp-${process.ppid}-400`), 'another poolsim still writing');
    mkdirSync(join(dir, `.out.tmp-${pid}-500`));
    writeFileSync(join(dir, `.out.tmp-${pid}-500`, 'precious.txt'), 'not ours'); // no mark: never deleted
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/restored the previous reports to .*out from \.out\.old-\d+-200/);
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.')).sort()).toEqual([`.out.tmp-${pid}-500`, `.out.tmp-${process.ppid}-400`].sort());
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toMatch(/Knowledge roll/);
  });

  test('a marked leftover holding a file of the user\'s is kept and named, never deleted (an audit: it went whole)', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    const pid = deadPid();
    reportFolder(out, 'current');
    // Reports stepped aside, a note put in them since; a render killed before its list of
    // files, a note beside its mark; a render killed before its list, its pages alone.
    reportFolder(join(dir, `.out.old-${pid}-100`), 'previous');
    writeFileSync(join(dir, `.out.old-${pid}-100`, 'precious.txt'), 'my notes');
    mkdirSync(join(dir, `.out.tmp-${pid}-200`));
    writeFileSync(join(dir, `.out.tmp-${pid}-200`, MARKER), '');
    writeFileSync(join(dir, `.out.tmp-${pid}-200`, 'precious.txt'), 'my notes');
    mkdirSync(join(dir, `.out.tmp-${pid}-300`));
    writeFileSync(join(dir, `.out.tmp-${pid}-300`, MARKER), '');
    writeFileSync(join(dir, `.out.tmp-${pid}-300`, 'index.html'), page('half written'));
    const lines = recoverLeftovers(out);
    expect(lines).toEqual([
      `kept .out.old-${pid}-100, left by an interrupted run: it holds what poolsim cannot show it wrote (precious.txt); delete it yourself once nothing in it is yours`,
      `kept .out.tmp-${pid}-200, left by an interrupted run: it holds what poolsim cannot show it wrote (precious.txt); delete it yourself once nothing in it is yours`,
      `kept .out.tmp-${pid}-300, left by an interrupted run: it holds what poolsim cannot show it wrote (index.html); delete it yourself once nothing in it is yours`,
    ]);
    expect(readFileSync(join(dir, `.out.old-${pid}-100`, 'precious.txt'), 'utf8')).toBe('my notes');
    expect(readFileSync(join(dir, `.out.tmp-${pid}-200`, 'precious.txt'), 'utf8')).toBe('my notes');
    // Through the command too: the run goes on, says what it kept, and keeps it.
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`poolsim: kept .out.old-${pid}-100, left by an interrupted run`);
    expect(readFileSync(join(dir, `.out.old-${pid}-100`, 'precious.txt'), 'utf8')).toBe('my notes');
  });

  test('a leftover of a committed baseline (its mark and results.json, no list of files) is still removed', () => {
    const dir = workspace();
    const out = join(dir, 'out');
    const pid = deadPid();
    reportFolder(out, 'current');
    const old = join(dir, `.out.old-${pid}-100`);
    mkdirSync(join(old, 'heist'), { recursive: true });
    writeFileSync(join(old, MARKER), markText(['heist']));
    writeFileSync(join(old, 'heist', 'results.json'), JSON.stringify(heistOnePoint));
    expect(recoverLeftovers(out)).toEqual([`removed .out.old-${pid}-100, left by an interrupted run`]);
    expect(existsSync(old)).toBe(false);
  });

  test('a finished swap whose clean-up was cut short: the old folder is removed', () => {
    const dir = workspace();
    const out = join(dir, 'out');
    reportFolder(out, 'current');
    reportFolder(join(dir, `.out.old-${deadPid()}-100`), 'previous');
    recoverLeftovers(out);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(page('current'));
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  });

  test('aborted while writing: the previous reports stay, nothing is left beside them', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    reportFolder(out, 'previous');
    const controller = new AbortController();
    const entries = Array.from({ length: 30 }, (_, i) => ({ slug: `s${i}`, result: heistOnePoint }));
    const writing = writeReports(out, entries, { signal: controller.signal });
    // Abort once the unfinished folder exists.
    await until(() => readdirSync(dir).some((n) => n.startsWith('.out.tmp-')), 'the unfinished folder .out.tmp-*');
    controller.abort(new Error('stop'));
    await expect(writing).rejects.toThrow('stop');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(page('previous'));
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  });

  test('a file put in --out while the reports were written is kept, the folder left as it was (it went with the old folder)', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    reportFolder(out, 'previous');
    let first = true;
    const writeFile = async (path: string, text: string) => {
      // After the check, before the swap: the user saves a note in the reports.
      if (first) writeFileSync(join(out, 'NOTE.txt'), 'my notes');
      first = false;
      writeFileSync(path, text);
    };
    const writing = writeReports(out, [{ slug: 'heist', result: heistOnePoint }], { writeFile });
    await expect(writing).rejects.toThrow(TargetRefused);
    await expect(writing).rejects.toThrow(
      `--out ${out}: something poolsim did not write was put there while it wrote the reports (NOTE.txt), so the folder was left as it was; poolsim replaces --out as a whole, and keeps nothing it did not write there: move them out, or give another folder`,
    );
    await writing.catch((e) => expect(e.afterRun).toBe(true));
    expect(readFileSync(join(out, 'NOTE.txt'), 'utf8')).toBe('my notes');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(page('previous'));
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  });

  test('interrupted or failed, the folders made on the way to --out go again, each only while empty (a/b were left behind)', async () => {
    const dir = workspace();
    const out = join(dir, 'x', 'a', 'b', 'rep');
    const controller = new AbortController();
    const entries = Array.from({ length: 30 }, (_, i) => ({ slug: `s${i}`, result: heistOnePoint }));
    const writing = writeReports(out, entries, { signal: controller.signal });
    await until(() => existsSync(join(dir, 'x', 'a', 'b')) && readdirSync(join(dir, 'x', 'a', 'b')).some((n) => n.startsWith('.rep.tmp-')), 'the unfinished folder x/a/b/.rep.tmp-*');
    controller.abort(new Error('stop'));
    await expect(writing).rejects.toThrow('stop');
    expect(existsSync(join(dir, 'x'))).toBe(false);
    // A file put in one of them meanwhile keeps it, and those above it; a full disk.
    const full = async (path: string) => {
      writeFileSync(join(dir, 'x', 'a', 'mine.txt'), 'my notes');
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', path });
    };
    await expect(writeReports(out, entries, { writeFile: full })).rejects.toThrow(/ENOSPC/);
    expect(readdirSync(join(dir, 'x', 'a'))).toEqual(['mine.txt']);
  });

  /**
   * A real `poolsim report` of many small scenarios into `out`, sent `signal` once its
   * unfinished folder appears beside `out` (the write phase); resolves to its exit code
   * (null where a signal ended it: `killedBy`), its stderr and whether the signal was sent.
   */
  async function signalWhileWriting(dir: string, out: string, signal: NodeJS.Signals): Promise<{ code: number | null; killedBy: NodeJS.Signals | null; err: string; sent: boolean }> {
    // Many small scenarios with charts: the write phase lasts long enough to be hit.
    for (let i = 0; i < 60; i++) {
      writeFileSync(join(dir, 'lib', `h${i}.json`), JSON.stringify({ name: `h${i}`, system: 'viciousness', mechanic: 'knavery', trials: 100, setup: { challenges: 2, participants: [{ name: 'a', dice: ['d6'] }] }, sweep: { 'setup.challenges': [1, 2, 3] } }));
    }
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'bin', 'poolsim.js'), 'report', join(dir, 'lib'), '--out', out, '--workers', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (code, by) => resolve([code, by])));
    let sent = false;
    let done = false;
    void exited.then(() => (done = true));
    const unfinished = `.${basename(out)}.tmp-`;
    // Bounded of its own, below the test's timeout: a child that never exits is killed
    // and the test fails saying so, rather than the loop spinning until vitest gives up.
    const deadline = Date.now() + 45_000;
    try {
      while (!done) {
        if (Date.now() > deadline) throw new Error(`poolsim report did not exit within 45 s${sent ? ` of ${signal}` : ''}: ${err}`);
        if (!sent && existsSync(dirname(out)) && readdirSync(dirname(out)).some((n) => n.startsWith(unfinished))) {
          child.kill(signal);
          sent = true;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    } finally {
      if (!done) child.kill('SIGKILL');
    }
    const [code, killedBy] = await exited;
    return { code, killedBy, err, sent };
  }

  test('SIGTERM while a real `poolsim report` writes: exit 143 with a message, previous reports intact', async () => {
    const dir = workspace();
    const out = join(dir, 'out');
    reportFolder(out, 'previous');
    const { code, err, sent } = await signalWhileWriting(dir, out, 'SIGTERM');
    expect(sent, 'the write phase was seen').toBe(true);
    expect(code, err).toBe(143);
    expect(err).toMatch(/interrupted by SIGTERM, nothing was written/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(page('previous'));
    expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
  }, 60_000);

  test('SIGHUP (the terminal closed, ssh dropped) while a real `poolsim report` writes a new --out: the unfinished folder and the folders made on the way gone, said, then it ends by SIGHUP itself (a shell\'s 129) (an audit: both stayed, the first refused by later runs)', async () => {
    const dir = workspace();
    const out = join(dir, 'nh', 'a', 'rep');
    const { code, killedBy, err, sent } = await signalWhileWriting(dir, out, 'SIGHUP');
    expect(sent, 'the write phase was seen').toBe(true);
    // Re-raised once cleaned up (bin/poolsim.js): Node, left to exit with a terminal that
    // hung up on it, aborts.
    expect([code, killedBy], err).toEqual([null, 'SIGHUP']);
    expect(err).toMatch(/interrupted by SIGHUP, nothing was written/);
    expect(existsSync(join(dir, 'nh'))).toBe(false);
  }, 60_000);
});
