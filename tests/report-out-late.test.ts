/**
 * `report` looks at `--out` before the scenarios run and again once they have, before the
 * reports go in (reports/write.ts): refused then, the message says the scenarios ran and no
 * report was written, never "nothing was run" (an audit). writeReports is wrapped here to
 * stand for a user who saves a file in `--out` while the run goes on.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync, type PathLike } from 'node:fs';
import fs from 'node:fs';
import fsp, { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
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

/** Each test's own folder, removed after it (one was left in the system's temporary folder on every run until a review). */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'poolsim-late-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const knowledge = { name: 'Knowledge roll', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'k', setup: {} };

/** A library of one scenario in the test's folder, `lib`, and the `--out` the test reports into. */
function library(): { lib: string; out: string } {
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'lib', 'k.json'), JSON.stringify(knowledge));
  return { lib: join(dir, 'lib'), out: join(dir, 'out') };
}

/**
 * Once the new reports are renamed into `out` (the old folder, looked at already, aside as
 * `.out.old-*`), `act` on the old folder's name, once; returns what the name was, when asked.
 */
function onceOldAside(out: string, act: (old: string) => void): () => string | undefined {
  let old: string | undefined;
  renamed.hook = (_from, to) => {
    if (to !== out) return;
    renamed.hook = undefined;
    old = readdirSync(dir).find((n) => n.startsWith('.out.old-'))!;
    act(old);
  };
  return () => old;
}

describe('report refused after its scenarios ran', () => {
  test('says they ran and no report was written, keeps the user\'s file', async () => {
    const { out } = library();
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
    const { out } = library();
    mkdirSync(out); // empty: may be written
    return { out };
  };

  test('made while the scenarios ran (looked at again before the reports are written)', async () => {
    const { out } = setup();
    meanwhile = (outDir) => writeFileSync(join(outDir, '.DS_Store'), 'finder');
    try {
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(readdirSync(out)).toContain('index.html');
    } finally {
      meanwhile = undefined;
    }
  });

  test('made while the reports were written (looked at again once the old folder stepped aside)', async () => {
    const { out } = setup();
    whileWriting = (outDir) => writeFileSync(join(outDir, '.DS_Store'), 'finder');
    try {
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(readdirSync(out)).toContain('index.html');
      expect(readdirSync(dir).sort()).toEqual(['lib', 'out']);
    } finally {
      whileWriting = undefined;
    }
  });
});

describe('a folder named as a desktop\'s file appearing in --out while report writes is the user\'s (an audit: it went with the old folder, exit 0)', () => {
  test('an empty --out that gained a folder named desktop.ini holding a file: refused, and kept as it was', async () => {
    const { out } = library();
    mkdirSync(out); // empty: may be written
    whileWriting = (outDir) => {
      mkdirSync(join(outDir, 'desktop.ini'));
      writeFileSync(join(outDir, 'desktop.ini', 'chapter1.txt'), 'thesis draft');
    };
    try {
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`poolsim: --out ${out}: something poolsim did not write was put there while it wrote the reports (desktop.ini), so the folder was left as it was`);
      expect(readFileSync(join(out, 'desktop.ini', 'chapter1.txt'), 'utf8')).toBe('thesis draft');
      expect(readdirSync(out)).toEqual(['desktop.ini']);
      expect(readdirSync(dir).sort()).toEqual(['lib', 'out']);
    } finally {
      whileWriting = undefined;
    }
  });
});

describe('the old reports, looked at and found poolsim\'s, are deleted only as they were looked at (a review: rm -r took a file put in them after the look)', () => {
  test('a note saved in the old folder once the new one is in place is kept, in a folder named as kept, said truly, and named by every later run', async () => {
    const { out } = library();
    try {
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
      const oldName = onceOldAside(out, (old) => writeFileSync(join(dir, old, 'NOTE.txt'), 'my notes'));
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      const old = oldName();
      expect(r.code, r.err).toBe(0);
      expect(old).toBeDefined();
      // Not "kept the previous reports" (a review): they were deleted, all but the note, and
      // the folder is named as kept, never taken for the previous reports.
      const kept = old!.replace('.out.old-', '.out.kept-');
      expect(readdirSync(dir).filter((n) => n.startsWith('.out.')).sort()).toEqual([kept]);
      expect(readdirSync(join(dir, kept))).toEqual(['NOTE.txt']);
      expect(readFileSync(join(dir, kept, 'NOTE.txt'), 'utf8')).toBe('my notes');
      expect(r.err).not.toContain('kept the previous reports');
      expect(r.err).toContain(`poolsim: deleted the previous reports except NOTE.txt, left at ${join(dir, kept)}: `);
      // Every later run names it, with what it holds, and keeps it.
      for (let i = 0; i < 2; i++) {
        const again = await poolsim('report', join(dir, 'lib'), '--out', out);
        expect(again.code, again.err).toBe(0);
        expect(again.err).toContain(`poolsim: kept ${kept} beside ${out}: what an earlier run could not delete of the previous reports (it holds NOTE.txt); poolsim never deletes it`);
        expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([kept]);
        expect(readFileSync(join(dir, kept, 'NOTE.txt'), 'utf8')).toBe('my notes');
      }
      // Nor restored in place of a missing --out: the previous reports are not in it.
      rmSync(out, { recursive: true });
      const restored = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(restored.code, restored.err).toBe(0);
      expect(restored.err).not.toContain('restored');
      expect(readdirSync(out)).toContain('index.html');
      expect(readdirSync(join(dir, kept))).toEqual(['NOTE.txt']);
    } finally {
      renamed.hook = undefined;
    }
  });

  test('a file of the old reports someone else deleted once it was looked at is simply gone: nothing kept, nothing said (a review)', async () => {
    // It was counted as a failure: the rest went, the folder too, and the run said it had
    // kept "the folder itself" at a path that was not there.
    const { out } = library();
    try {
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
      onceOldAside(out, (old) => rmSync(join(dir, old, 'index.html')));
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(r.err).not.toContain('deleted the previous reports except');
      expect(readdirSync(dir).filter((n) => n.startsWith('.out.'))).toEqual([]);
      expect(readdirSync(out)).toContain('index.html');
    } finally {
      renamed.hook = undefined;
    }
  });

  test('a kept folder that cannot be renamed as kept is said to stay at its name, not to be named by later runs (a review)', async () => {
    const { out } = library();
    const realRename = fs.renameSync;
    const restore = stubBuiltin(fs, 'renameSync', (from: PathLike, to: PathLike) => {
      if (String(to).includes('.out.kept-')) throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
      realRename(from, to);
    });
    try {
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
      const oldName = onceOldAside(out, (old) => writeFileSync(join(dir, old, 'NOTE.txt'), 'my notes'));
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      const old = oldName();
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain(`poolsim: deleted the previous reports except NOTE.txt, left at ${join(dir, old!)}: `);
      expect(r.err).toContain(`it could not be renamed ${old!.replace('.out.old-', '.out.kept-')}, so later reports will not name it`);
      expect(r.err).not.toContain('names it until then');
      expect(readFileSync(join(dir, old!, 'NOTE.txt'), 'utf8')).toBe('my notes');
    } finally {
      renamed.hook = undefined;
      restore();
    }
  });

  test('a file of the old reports that cannot be deleted (EACCES) is named with why, in a folder named as kept, not "the previous reports"', async () => {
    const { out } = library();
    const real = fs.unlinkSync;
    const restore = stubBuiltin(fs, 'unlinkSync', (path: PathLike) => {
      if (String(path).includes('.out.old-') && String(path).endsWith('index.md')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      real(path);
    });
    try {
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      const kept = readdirSync(dir).filter((n) => n.startsWith('.out.'));
      expect(kept).toEqual([expect.stringMatching(/^\.out\.kept-\d+-\d+$/)]);
      expect(readdirSync(join(dir, kept[0]!))).toEqual(['index.md']);
      expect(r.err).toContain(`poolsim: deleted the previous reports except index.md (could not be deleted: EACCES), left at ${join(dir, kept[0]!)}: `);
      expect(r.err).not.toContain('kept the previous reports');
    } finally {
      restore();
    }
  });

  test('a link put in place of a folder of the old reports is not followed: the desktop files where it leads stay (a review)', async () => {
    const { out } = library();
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, '.DS_Store'), 'finder');
    writeFileSync(join(elsewhere, 'Thumbs.db'), 'explorer');
    try {
      expect((await poolsim('report', join(dir, 'lib'), '--out', out)).code).toBe(0);
      const slug = readdirSync(out).find((n) => !n.startsWith('.') && !n.startsWith('index'))!;
      onceOldAside(out, (old) => {
        renameSync(join(dir, old, slug), join(dir, 'moved'));
        symlinkSync(elsewhere, join(dir, old, slug));
      });
      const r = await poolsim('report', join(dir, 'lib'), '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(readdirSync(elsewhere).sort()).toEqual(['.DS_Store', 'Thumbs.db']);
      expect(r.err).toContain(`poolsim: deleted the previous reports except ${slug}, left at ${join(dir, '.out.kept-')}`);
    } finally {
      renamed.hook = undefined;
    }
  });
});

describe('another report put at --out while this one swaps its folder in (an audit: ENOTEMPTY, exit 3, the new and old folders both left beside --out)', () => {
  test('refused, saying so; the other report is kept, the new one removed, the previous reports kept and named', async () => {
    const { lib, out } = library();
    expect((await poolsim('report', lib, '--out', out)).code).toBe(0);
    // Once the old folder has stepped aside, "another report" takes --out first.
    renamed.hook = (_from, to) => {
      if (!to.includes('.out.old-')) return;
      renamed.hook = undefined;
      mkdirSync(out);
      writeFileSync(join(out, 'index.html'), 'the other report');
    };
    try {
      const r = await poolsim('report', lib, '--out', out);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`poolsim: --out ${out}: something was put there while poolsim wrote the reports (is another poolsim report writing there?), so this run's reports were not written; the previous reports are kept, as they were, at ${join(dir, '.out.old-')}`);
      expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('the other report');
      const left = readdirSync(dir).sort();
      expect(left.filter((n) => n.startsWith('.out.tmp-'))).toEqual([]);
      expect(left.filter((n) => n.startsWith('.out.old-'))).toHaveLength(1);
    } finally {
      renamed.hook = undefined;
    }
  });
});

describe('--out changing while poolsim looks at it (an audit: a bare ENOENT, exit 3)', () => {
  test('a file gone between the listing and the look: refused as another writer\'s doing (exit 2), not a failed run', async () => {
    const { lib, out } = library();
    expect((await poolsim('report', lib, '--out', out)).code).toBe(0);
    const { checkTarget, TargetRefused } = await import('../reports/target.ts');
    const real = fs.lstatSync;
    const restore = stubBuiltin(fs, 'lstatSync', ((path: PathLike, ...rest: unknown[]) => {
      if (String(path).endsWith('results.json')) throw Object.assign(new Error(`ENOENT: no such file or directory, lstat '${String(path)}'`), { code: 'ENOENT', syscall: 'lstat' });
      return (real as (...a: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.lstatSync);
    try {
      expect(() => checkTarget(out)).toThrow(TargetRefused);
      expect(() => checkTarget(out)).toThrow(`--out ${out}: changed while poolsim looked at it (ENOENT: is another poolsim report writing there?)`);
    } finally {
      restore();
    }
  });
});
