/**
 * `report` looks at `--out` before the scenarios run and again once they have, before the
 * reports go in (reports/write.ts): refused then, the message says the scenarios ran and no
 * report was written, never "nothing was run" (an audit). writeReports is wrapped here to
 * stand for a user who saves a file in `--out` while the run goes on.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, type PathLike } from 'node:fs';
import fsp, { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { poolsim, stubBuiltin } from './helpers.ts';

/** What the user does to --out while the scenarios run, before writeReports starts. */
let meanwhile: ((outDir: string) => void) | undefined;
/** What the user does to --out while the reports are written, before the old folder steps aside. */
let whileWriting: ((outDir: string) => void) | undefined;

/** Called after each rename of the swap (reports/write.ts), with its two names. */
const renamed: { hook?: (from: string, to: string) => void } = {};
let restoreRename: (() => void) | undefined;
beforeAll(() => {
  const real = fsp.rename;
  restoreRename = stubBuiltin(fsp, 'rename', async (from: PathLike, to: PathLike) => {
    await real(from, to);
    renamed.hook?.(String(from), String(to));
  });
});
afterAll(() => restoreRename?.());

vi.mock('../reports/write.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../reports/write.ts')>();
  return {
    ...real,
    writeReports: (outDir: string, ...rest: Parameters<typeof real.writeReports> extends [unknown, ...infer R] ? R : never) => {
      meanwhile?.(outDir);
      const [entries, options = {}] = rest;
      const write = options.writeFile ?? ((path: string, text: string) => writeFile(path, text));
      return real.writeReports(outDir, entries, {
        ...options,
        writeFile: async (path: string, text: string) => {
          whileWriting?.(outDir);
          whileWriting = undefined;
          await write(path, text);
        },
      });
    },
  };
});

const knowledge = { name: 'Knowledge roll', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'k', setup: {} };

describe('report refused after its scenarios ran', () => {
  test('says they ran and no report was written, keeps the user\'s file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-late-'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'k.json'), JSON.stringify(knowledge));
    const out = join(dir, 'out');
    expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
    meanwhile = (outDir) => writeFileSync(join(outDir, 'NOTE.txt'), 'my notes');
    try {
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`poolsim: --out ${out}: holds something poolsim did not write there (NOTE.txt)`);
      expect(r.err).toMatch(/; the scenarios ran, but no report was written\n$/);
      expect(r.err).not.toContain('nothing was run');
      expect(readFileSync(join(out, 'NOTE.txt'), 'utf8')).toBe('my notes');
    } finally {
      meanwhile = undefined;
    }
  });
});

describe('a desktop\'s .DS_Store appearing in an empty --out while report runs is nobody\'s work (a review: the whole run was thrown away)', () => {
  const setup = () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-late-'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'k.json'), JSON.stringify(knowledge));
    const out = join(dir, 'out');
    mkdirSync(out); // empty: may be written
    return { dir, out };
  };

  test('made while the scenarios ran (looked at again before the reports are written)', async () => {
    const { dir, out } = setup();
    meanwhile = (outDir) => writeFileSync(join(outDir, '.DS_Store'), 'finder');
    try {
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(readdirSync(out)).toContain('index.html');
    } finally {
      meanwhile = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('made while the reports were written (looked at again once the old folder stepped aside)', async () => {
    const { dir, out } = setup();
    whileWriting = (outDir) => writeFileSync(join(outDir, '.DS_Store'), 'finder');
    try {
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(readdirSync(out)).toContain('index.html');
      expect(readdirSync(dir).sort()).toEqual(['lib', 'out']);
    } finally {
      whileWriting = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the old reports, looked at and found poolsim\'s, are deleted only as they were looked at (a review: rm -r took a file put in them after the look)', () => {
  test('a note saved in the old folder once the new one is in place is kept, with the folder, and said', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'poolsim-late-'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'k.json'), JSON.stringify(knowledge));
    const out = join(dir, 'out');
    try {
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
      let old: string | undefined;
      renamed.hook = (_from, to) => {
        // The new reports renamed in: the old folder, looked at already, is aside.
        if (to !== out) return;
        renamed.hook = undefined;
        old = readdirSync(dir).find((n) => n.startsWith('.out.old-'));
        writeFileSync(join(dir, old!, 'NOTE.txt'), 'my notes');
      };
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(old).toBeDefined();
      expect(readFileSync(join(dir, old!, 'NOTE.txt'), 'utf8')).toBe('my notes');
      expect(readdirSync(join(dir, old!))).toEqual(['NOTE.txt']);
      expect(r.err).toContain(`poolsim: kept the previous reports at ${join(dir, old!)}: something was put in ${out} while the new reports were written, after it was looked at`);
      // Without a note, the old folder goes whole.
      const again = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(again.code, again.err).toBe(0);
      expect(readdirSync(dir).filter((n) => n.startsWith('.out.old-'))).toEqual([old]);
    } finally {
      renamed.hook = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
