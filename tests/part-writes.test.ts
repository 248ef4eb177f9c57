/**
 * A shard's part file (`run --shard I/N --out PART`) is written whole or not at all, and
 * never over a file poolsim did not write (an audit, December 2026): not over a file put at
 * `--out` while the shard ran (a link planted at its temporary name: tests/part-publish.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mountTmpfs, tempFolders, unmount } from './helpers.ts';
import { ShardError, checkPartTarget, writeAtomically } from '../cli/shard.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const part = (n: number) => `{"format":"poolsim-part","n":${n}}\n`;

// The test of a link planted at `<out>.<pid>.partial`, the name the temporary file once had,
// could no longer fail once the name became random; tests/part-publish.test.ts plants one at
// the very name used, its random part stubbed.

describe('a file put at --out while the shard ran is never replaced', () => {
  test('where nothing was there before the run, a file that appeared since is kept and the part refused', async () => {
    const dir = tempFolder('poolsim-part-');
    const out = join(dir, 'race.json');
    checkPartTarget(out); // before the run: nothing there
    writeFileSync(out, 'notes'); // the user, while it runs
    await expect(writeAtomically(out, part(1))).rejects.toThrow(ShardError);
    await expect(writeAtomically(out, part(1))).rejects.toThrow(`--out ${out}: what is there now is a file poolsim did not write, put there while the shard ran, so the part was not written; a part file replaces only a part file an earlier shard wrote — give a new file name, and run the shard again`);
    expect(readFileSync(out, 'utf8')).toBe('notes');
    expect(readdirSync(dir)).toEqual(['race.json']);
  });

  test('where a part was there before the run, it is looked at again before it is replaced', async () => {
    const dir = tempFolder('poolsim-part-');
    const out = join(dir, 'part.json');
    writeFileSync(out, part(0));
    checkPartTarget(out); // an earlier shard's part: may be replaced
    await writeAtomically(out, part(1));
    expect(readFileSync(out, 'utf8')).toBe(part(1));
    writeFileSync(out, 'notes'); // the part replaced by the user's own file while the next shard runs
    await expect(writeAtomically(out, part(2))).rejects.toThrow(`--out ${out}: what is there now is a file poolsim did not write, put there while the shard ran, so the part was not written`);
    expect(readFileSync(out, 'utf8')).toBe('notes');
    expect(readdirSync(dir)).toEqual(['part.json']);
  });
});

describe('a part that cannot be written is an output failure (exit 3), not bad input (exit 2)', () => {
  test('a full disk: the system\'s error with the file named, nothing left behind', async () => {
    const dir = tempFolder('poolsim-part-');
    const out = join(dir, 'part.json');
    const full = (fd: number) => {
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write', fd });
    };
    let error: any;
    try {
      await writeAtomically(out, part(1), full);
    } catch (e) {
      error = e;
    }
    expect(error).toBeDefined();
    expect(error).not.toBeInstanceOf(ShardError);
    expect(error.message).toBe(`cannot write ${out}: ENOSPC: no space left on device, write; the part was not written`);
    expect(error.code).toBe('ENOSPC');
    expect(error.syscall).toBe('write');
    expect(readdirSync(dir)).toEqual([]);
  });

  let dir = '';
  let disk = '';
  let mounted = false;
  beforeAll(() => {
    dir = tempFolder('poolsim-part-');
    disk = join(dir, 'disk');
    mkdirSync(disk);
    mounted = mountTmpfs(disk, '64k'); // says why where it cannot
  });
  afterAll(() => {
    if (mounted) unmount(disk);
    rmSync(dir, { recursive: true, force: true });
  });
  test('poolsim run --shard --out on a full disk exits 3, saying so (root on Linux: a tmpfs)', (ctx) => {
    if (!mounted) return ctx.skip('cannot mount a tmpfs here');
    {
      const scenario = join(dir, 'heist.json');
      writeFileSync(scenario, JSON.stringify({ name: 'heist', system: 'viciousness', mechanic: 'knavery', trials: 1000, setup: { challenges: 2, participants: [{ name: 'a', dice: ['d6'] }] } }));
      // Filled to the last byte.
      try {
        for (let i = 0; ; i++) writeFileSync(join(disk, `filler-${i}`), Buffer.alloc(4096));
      } catch {
        // ENOSPC: full
      }
      const before = readdirSync(disk).sort();
      const r = spawnSync(process.execPath, [join(import.meta.dirname, '..', 'bin', 'poolsim.js'), 'run', scenario, '--shard', '0/1', '--out', join(disk, 'part.json'), '--workers', '1'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(3);
      expect(r.stderr).toBe(`poolsim: cannot write ${join(disk, 'part.json')}: ENOSPC: no space left on device, write; the part was not written\n`);
      expect(readdirSync(disk).sort()).toEqual(before);
    }
  }, 30_000);
});

describe('an --out the part cannot be written to is refused before the shard runs', () => {
  test('a name too long for the temporary name the part is written under first', async () => {
    const dir = tempFolder('poolsim-part-');
    const out = join(dir, `${'p'.repeat(240)}.json`);
    expect(() => checkPartTarget(out)).toThrow(ShardError);
    expect(() => checkPartTarget(out)).toThrow(`--out ${out}: a file name of 245 bytes is too long: the part is written beside it first, under a name 21 bytes longer (pppppppppppppppppppp….<random>.partial), and a file name may have at most 255 bytes — give a shorter name`);
    // Written all the same, the clean-up after the failure says the failure, not its own.
    await expect(writeAtomically(out, part(1))).rejects.toThrow(`cannot write ${out}: ENAMETOOLONG`);
    expect(readdirSync(dir)).toEqual([]);
  });
});
