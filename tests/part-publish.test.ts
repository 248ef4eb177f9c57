/**
 * How a finished part is put at `--out` where the file system answers oddly: NFS saying
 * EEXIST of a link() it made, a file system without hard links, and a link planted at the
 * temporary name (a review). The file calls are stubbed (helpers.ts stubBuiltin), so each
 * answer can be given at the moment it matters.
 */
import crypto from 'node:crypto';
import fs, { lstatSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync, type Mode, type OpenMode, type PathLike } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { stubBuiltin } from './helpers.ts';
import { ShardError, checkPartTarget, writeAtomically } from '../cli/shard.ts';

const hooks: {
  /** Called in place of link(); `real` makes the link. */
  link?: (existing: string, path: string, real: () => void) => void;
  /** Called before the real rename() and open(); may plant a file. */
  before?: (call: 'rename' | 'open', path: string, flags?: unknown) => void;
  /** The temporary name's random part, where set. */
  random?: string;
} = {};

const real = { linkSync: fs.linkSync, renameSync: fs.renameSync, openSync: fs.openSync, randomBytes: crypto.randomBytes };
const restore: (() => void)[] = [];
beforeAll(() => {
  restore.push(
    stubBuiltin(fs, 'linkSync', (existing: PathLike, path: PathLike) => (hooks.link ? hooks.link(String(existing), String(path), () => real.linkSync(existing, path)) : real.linkSync(existing, path))),
    stubBuiltin(fs, 'renameSync', (from: PathLike, to: PathLike) => {
      hooks.before?.('rename', String(to));
      return real.renameSync(from, to);
    }),
    stubBuiltin(fs, 'openSync', ((path: PathLike, flags?: OpenMode, mode?: Mode | null) => {
      hooks.before?.('open', String(path), flags);
      return real.openSync(path, flags ?? 'r', mode);
    }) as typeof fs.openSync),
    stubBuiltin(crypto, 'randomBytes', ((n: number) => (hooks.random !== undefined ? Buffer.from(hooks.random, 'hex') : real.randomBytes(n))) as typeof crypto.randomBytes),
  );
});
afterAll(() => {
  for (const r of restore.reverse()) r();
});

const part = (n: number) => `{"format":"poolsim-part","n":${n}}\n`;
const made: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'poolsim-publish-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  hooks.link = undefined;
  hooks.before = undefined;
  hooks.random = undefined;
});
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const errno = (code: string) => Object.assign(new Error(`${code}: link`), { code, syscall: 'link' });

describe('NFS: EEXIST of a link() that was made', () => {
  test('the link found is the temporary file itself: the part is in place, the temporary removed, no error', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    hooks.link = (_existing, _path, real) => {
      real(); // the first call's answer lost, the retried call finds its link
      throw errno('EEXIST');
    };
    await writeAtomically(out, part(1));
    expect(readFileSync(out, 'utf8')).toBe(part(1));
    expect(lstatSync(out).nlink).toBe(1);
    expect(readdirSync(dir)).toEqual(['part.json']);
  });

  test('another file there is still refused, and kept', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    hooks.link = (_existing, path) => {
      writeFileSync(path, 'notes');
      throw errno('EEXIST');
    };
    await expect(writeAtomically(out, part(1))).rejects.toThrow(ShardError);
    expect(readFileSync(out, 'utf8')).toBe('notes');
    expect(readdirSync(dir)).toEqual(['part.json']);
  });
});

describe('a file system without hard links', () => {
  test('the part is written to a file made new at --out; no temporary file is left', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    hooks.link = () => {
      throw errno('EPERM');
    };
    await writeAtomically(out, part(1));
    expect(readFileSync(out, 'utf8')).toBe(part(1));
    expect(readdirSync(dir)).toEqual(['part.json']);
  });

  test('a file put at --out at the last moment, right before the part is moved there, is kept (it was renamed over)', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    let failed = false;
    hooks.link = () => {
      failed = true;
      throw errno('EPERM');
    };
    // Once link() has failed, the next call that would put the part at --out finds the user's file there.
    hooks.before = (_call, path) => {
      if (failed && path === out) {
        hooks.before = undefined;
        writeFileSync(out, 'notes');
      }
    };
    await expect(writeAtomically(out, part(1))).rejects.toThrow(`--out ${out}: something was put there while the shard ran, so the part was not written`);
    expect(readFileSync(out, 'utf8')).toBe('notes');
    expect(readdirSync(dir)).toEqual(['part.json']);
  });

  test('a part cut short (a full disk) leaves nothing at --out', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    hooks.link = () => {
      throw errno('EPERM');
    };
    let calls = 0;
    const write = (fd: number, text: string) => {
      // The temporary file is written; the copy at --out fails.
      if (++calls === 2) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
      writeFileSync(fd, text);
    };
    await expect(writeAtomically(out, part(1), write)).rejects.toThrow(`cannot write ${out}: ENOSPC: no space left on device, write; the part was not written`);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the part is written to a temporary name of its own', () => {
  // It was <out>.<pid>.partial, which anyone could plant a link at beforehand; now it is
  // random. Here the random part is known, as an attacker cannot know it, to show that
  // even then nothing is written through a link there (the file is made O_EXCL).
  test('a link planted at the very temporary name is never written through: the part is refused, the link\'s target untouched', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'my notes');
    hooks.random = 'abcdefabcdef';
    const planted = `${out}.abcdefabcdef.partial`;
    symlinkSync(victim, planted);
    await expect(writeAtomically(out, part(1))).rejects.toThrow(`cannot write ${out}: EEXIST`);
    expect(readFileSync(victim, 'utf8')).toBe('my notes');
    // The planted link is not poolsim's: left alone; nothing was put at --out.
    expect(lstatSync(planted).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['part.json.abcdefabcdef.partial', 'victim.txt']);
  });

  test('the temporary names differ from run to run', async () => {
    const dir = folder();
    const names = new Set<string>();
    hooks.before = (call, path, flags) => {
      if (call === 'open' && flags === 'wx') names.add(path);
    };
    for (let i = 0; i < 3; i++) await writeAtomically(join(dir, 'part.json'), part(i));
    expect(names.size).toBe(3);
    for (const n of names) expect(n).toMatch(/part\.json\.[0-9a-f]{12}\.partial$/);
  });
});


describe('what was at --out before the shard ran (checkPartTarget) is what the part may replace', () => {
  // An audit: two shards given one --out by mistake, the second to finish renamed its part
  // over the first's, and both said "written to"; merge found a shard missing later.
  test('nothing there before: a part another shard put there meanwhile is kept, and this one refused', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    const before = checkPartTarget(out);
    expect(before).toBeNull();
    writeFileSync(out, part(0));
    await expect(writeAtomically(out, part(1), undefined, before)).rejects.toThrow(`--out ${out}: something was put there while the shard ran (another shard's part given the same --out?), so the part was not written`);
    expect(readFileSync(out, 'utf8')).toBe(part(0));
    expect(readdirSync(dir)).toEqual(['part.json']);
  });

  test('an earlier part there: replaced while it is that very file; one put in its place meanwhile is kept', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    writeFileSync(out, part(0));
    const before = checkPartTarget(out);
    await writeAtomically(out, part(1), undefined, before);
    expect(readFileSync(out, 'utf8')).toBe(part(1));
    // Another shard's part renamed over it while this one ran: a new file, not the one seen.
    const seen = checkPartTarget(out);
    const other = join(dir, 'other.json');
    writeFileSync(other, part(2));
    renameSync(other, out);
    await expect(writeAtomically(out, part(3), undefined, seen)).rejects.toThrow('the part file there before the shard ran was replaced while it ran');
    expect(readFileSync(out, 'utf8')).toBe(part(2));
    expect(readdirSync(dir)).toEqual(['part.json']);
  });

  test('a new file that got the old one\'s inode number (freed when the part was deleted, given again at once) is not taken for it (a review)', async () => {
    const dir = folder();
    const out = join(dir, 'part.json');
    writeFileSync(out, part(0));
    const seen = checkPartTarget(out)!;
    // What the look would find had another shard's part taken the freed number: the same
    // device and inode, made at another time.
    const reused = { ...seen, ctimeMs: seen.ctimeMs - 1000 };
    await expect(writeAtomically(out, part(1), undefined, reused)).rejects.toThrow('the part file there before the shard ran was replaced while it ran');
    expect(readFileSync(out, 'utf8')).toBe(part(0));
  });
});
