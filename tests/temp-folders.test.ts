/**
 * tests/helpers.ts tempFolders: the temporary folders a test file makes are removed after
 * its tests, pass or fail, read-only folders in them too, and nothing else (a review: one
 * run of 12 test files left 36 poolsim-* folders in $TMPDIR). The folders of the first
 * describe are made by its own tempFolders(), whose afterAll runs before the second
 * describe's tests look for them.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeFolder, tempFolders } from './helpers.ts';

/** Folders and files made outside the helper, which it must leave alone; removed by this file. */
const outside = mkdtempSync(join(tmpdir(), 'poolsim-temp-outside-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));
const kept = join(outside, 'kept');
mkdirSync(kept);
writeFileSync(join(kept, 'file.txt'), 'not the helper\'s');

const made: string[] = [];

describe('folders made by tempFolders', () => {
  const tempFolder = tempFolders();

  test('made empty in the system temporary folder, with the prefix given', () => {
    const dir = tempFolder('poolsim-temp-plain-');
    made.push(dir);
    expect(dirname(dir)).toBe(tmpdir());
    expect(dir).toMatch(/\/poolsim-temp-plain-[^/]+$/);
    expect(lstatSync(dir).isDirectory()).toBe(true);
    writeFileSync(join(dir, 'a.json'), '{}');
  });

  test('one with read-only folders in it (mode 0555, as a test of report --out leaves one), a read-only file and a link out of it', () => {
    const dir = tempFolder('poolsim-temp-readonly-');
    made.push(dir);
    mkdirSync(join(dir, 'locked', 'deeper'), { recursive: true });
    writeFileSync(join(dir, 'locked', 'deeper', 'f.txt'), 'x');
    writeFileSync(join(dir, 'locked', 'r.txt'), 'x', { mode: 0o444 });
    chmodSync(join(dir, 'locked', 'deeper'), 0o555);
    chmodSync(join(dir, 'locked'), 0o555);
    symlinkSync(kept, join(dir, 'link-out'));
  });

  test.fails('one made by a test that fails', () => {
    const dir = tempFolder('poolsim-temp-failed-');
    made.push(dir);
    throw new Error('this test fails on purpose: its folder is removed all the same');
  });

  test('one a test removed itself is no error', () => {
    const dir = tempFolder('poolsim-temp-gone-');
    made.push(dir);
    rmSync(dir, { recursive: true });
  });
});

describe('after the tests that made them', () => {
  test('every folder tempFolders made is gone', () => {
    expect(made.length).toBeGreaterThanOrEqual(4);
    for (const dir of made) expect(existsSync(dir), dir).toBe(false);
  });

  test('what a link in one pointed to, and the folders it did not make, are still there', () => {
    expect(existsSync(outside)).toBe(true);
    expect(readFileSync(join(kept, 'file.txt'), 'utf8')).toBe('not the helper\'s');
  });
});

describe('removeFolder', () => {
  test('removes a folder with read-only folders in it; one already gone is no error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-temp-remove-'));
    try {
      mkdirSync(join(dir, 'a', 'b'), { recursive: true });
      chmodSync(join(dir, 'a', 'b'), 0o500);
      chmodSync(join(dir, 'a'), 0o555);
      symlinkSync(kept, join(dir, 'a-link'));
      removeFolder(dir);
      expect(existsSync(dir)).toBe(false);
      expect(existsSync(join(kept, 'file.txt'))).toBe(true);
      removeFolder(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a run whose -t filter skips every test of a file', () => {
  test('leaves none of the folders the file made as it loaded (the run\'s teardown removes them)', () => {
    // A run of its own, with $TMPDIR a folder of this test's: tests/hostile-merge.test.ts makes
    // its folder as it loads, and a filter that matches none of its tests runs no afterAll.
    const tmp = mkdtempSync(join(tmpdir(), 'poolsim-temp-filtered-'));
    try {
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
      const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'tests/hostile-merge.test.ts', '-t', 'no test is named this'], {
        encoding: 'utf8',
        env: { ...env, TMPDIR: tmp, CI: 'true' },
      });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/skipped/);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      removeFolder(tmp);
    }
  });
});
