/**
 * Mount points, which poolsim cannot rename a new folder or part over (EBUSY), are told
 * from /proc/self/mountinfo on Linux (reports/mounts.ts): a bind mount from the same file
 * system (the same st.dev as its parent) was missed and failed after the run, and a plain
 * file on overlayfs was taken for one (a review). Where one is only found at the rename,
 * the message says what it is, exit 3.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bindMount, mountTmpfs, unmount } from './helpers.ts';
import { heistOnePoint } from './reports/fixtures.ts';
import { isMountPoint, mountPointsOf, unescapeMountField } from '../reports/mounts.ts';
import { checkTarget, TargetRefused } from '../reports/target.ts';
import { writeReports } from '../reports/write.ts';
import { ShardError, checkPartTarget, writeAtomically } from '../cli/shard.ts';

/** Made before the tests, not as the file loads (a review: a folder was left whenever the file was only collected), and removed after them. */
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'poolsim-mounts-'));
});
const mounted: string[] = [];
/** `from` bind-mounted at `to`, unmounted after the file's tests; false (the reason printed) where it cannot be. */
function bind(from: string, to: string): boolean {
  if (!bindMount(from, to)) return false;
  mounted.push(to);
  return true;
}
function mountTmpfsAt(to: string): boolean {
  if (!mountTmpfs(to)) return false;
  mounted.push(to);
  return true;
}
function release(to: string): void {
  const at = mounted.indexOf(to);
  if (at >= 0) {
    mounted.splice(at, 1);
    unmount(to);
  }
}
afterAll(() => {
  for (const to of mounted.reverse()) unmount(to);
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('/proc/self/mountinfo, read', () => {
  test('the fifth field is the mount point, with the kernel\'s octal escapes undone', () => {
    const text = [
      '36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue',
      '45 27 254:0 /tmp/a /home/me/My\\040Reports rw,relatime - ext4 /dev/vda rw',
      '46 27 254:0 /tmp/b /srv/tab\\011and\\012line\\134slash rw,relatime shared:5 - ext4 /dev/vda rw',
      '',
    ].join('\n');
    expect([...mountPointsOf(text)]).toEqual(['/mnt2', '/home/me/My Reports', '/srv/tab\tand\nline\\slash']);
    expect(unescapeMountField('a\\040b\\0401')).toBe('a b 1');
    // Only three octal digits are an escape.
    expect(unescapeMountField('\\04x\\8')).toBe('\\04x\\8');
  });

  test('a mount covered over by one mounted later at a folder above it is no longer a mount point; the tree, not the order of the lines, tells which (a review: a folder made where it was was refused)', () => {
    const text = [
      // /proc and /dev lie on the root, listed after them.
      '22 27 0:21 / /proc rw,relatime - proc proc rw',
      '24 27 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw',
      '25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw',
      '27 1 254:0 / / rw,relatime - ext4 /dev/vda rw',
      // A bind mount at /work/shadow/deep, then a tmpfs over /work/shadow: deep is covered.
      '40 27 254:0 /src /work/shadow/deep rw,relatime - ext4 /dev/vda rw',
      '41 27 0:50 / /work/shadow rw,relatime - tmpfs poolsim-test rw',
      // A mount made inside the tmpfs afterwards lies on it: a mount point.
      '42 41 0:51 / /work/shadow/inner rw,relatime - tmpfs poolsim-test rw',
      // Two mounts at one folder: the folder is a mount point all the same, and what lay on the lower is covered.
      '50 27 0:60 / /m rw - tmpfs a rw',
      '51 50 0:61 / /m/sub rw - tmpfs b rw',
      '52 50 0:62 / /m rw - tmpfs c rw',
      '',
    ].join('\n');
    expect([...mountPointsOf(text)].sort()).toEqual(['/', '/dev', '/dev/shm', '/m', '/proc', '/work/shadow', '/work/shadow/inner']);
  });

  test.runIf(process.platform === 'linux')('a path is a mount point where the list names its real path, and no other', () => {
    const real = join(dir, 'listed');
    mkdirSync(real);
    writeFileSync(join(dir, 'plain.json'), '{}');
    const list = join(dir, 'mountinfo');
    writeFileSync(list, `45 27 254:0 /x ${real.replaceAll(' ', '\\040')} rw - ext4 /dev/vda rw\n`);
    expect(isMountPoint(real, list)).toBe(true);
    expect(isMountPoint(join(dir, 'listed', '..', 'listed'), list)).toBe(true);
    // A file whose st.dev is not its folder's (overlayfs) is not one unless listed.
    expect(isMountPoint(join(dir, 'plain.json'), list)).toBe(false);
    expect(isMountPoint(dir, list)).toBe(false);
  });
});

describe('a mount covered over by a tmpfs mounted above it (root on Linux)', () => {
  test('a folder made where the covered mount was is not a mount point, and may be --out', (ctx) => {
    const shadow = join(dir, 'shadow');
    const deep = join(shadow, 'deep');
    const source = join(dir, 'deep-source');
    mkdirSync(deep, { recursive: true });
    mkdirSync(source);
    if (!bind(source, deep)) return ctx.skip('mount --bind is not allowed here');
    expect(isMountPoint(deep)).toBe(true);
    if (!mountTmpfsAt(shadow)) return ctx.skip('mount -t tmpfs is not allowed here');
    mkdirSync(deep);
    expect(isMountPoint(deep)).toBe(false);
    expect(isMountPoint(shadow)).toBe(true);
    expect(() => checkTarget(deep)).not.toThrow();
    release(shadow);
    release(deep);
  });
});

describe('a bind mount from the same file system (root on Linux)', () => {
  let folders = false;
  let files = false;
  let source = '';
  let out = '';
  let partSource = '';
  let part = '';
  const text = (n: number) => `{"format":"poolsim-part","n":${n}}\n`;
  beforeAll(() => {
    source = join(dir, 'source');
    out = join(dir, 'out');
    partSource = join(dir, 'source.json');
    part = join(dir, 'part.json');
    mkdirSync(source);
    mkdirSync(out);
    writeFileSync(partSource, text(0));
    writeFileSync(part, text(0));
    folders = bind(source, out);
    files = bind(partSource, part);
  });

  test('report --out at a bind-mounted folder is refused before the run (exit 2; it failed with EBUSY after it)', async (ctx) => {
    if (!folders) return ctx.skip('mount --bind is not allowed here');
    expect(() => checkTarget(out)).toThrow(TargetRefused);
    expect(() => checkTarget(out)).toThrow(`--out ${out}: is a mount point (a file system is mounted there)`);
  });

  test('run --shard --out at a bind-mounted part file is refused before the run (exit 2)', (ctx) => {
    if (!files) return ctx.skip('mount --bind is not allowed here');
    expect(() => checkPartTarget(part)).toThrow(ShardError);
    expect(() => checkPartTarget(part)).toThrow(`--out ${part}: is a mount point (a file system is mounted there), which the part cannot be renamed over`);
  });

  test('a part mounted over after the look before the run: exit 3 after it, saying it is a mount point, the mounted file untouched', async (ctx) => {
    if (!files) return ctx.skip('mount --bind is not allowed here');
    // writeAtomically is what runs once the shard has: it looks at what is there (a part,
    // which may be replaced) but not for a mount point again; the rename says EBUSY.
    let error: any;
    try {
      await writeAtomically(part, text(1));
    } catch (e) {
      error = e;
    }
    expect(error).toBeDefined();
    expect(error).not.toBeInstanceOf(ShardError);
    expect(error.message).toBe(`cannot write ${part}: it is a mount point (a file system is mounted there), which the part cannot be renamed over (EBUSY); the part was not written`);
    expect(error.code).toBe('EBUSY');
    expect(readFileSync(part, 'utf8')).toBe(text(0));
    expect(readdirSync(dir).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });

  test('report --out mounted over while the reports were written: exit 3 after the run, saying it is a mount point, the mounted folder untouched', async (ctx) => {
    const later = join(dir, 'later');
    const laterSource = join(dir, 'later-source');
    mkdirSync(later);
    mkdirSync(laterSource);
    let bound: boolean | undefined;
    // Looked at (empty, no mount point) by writeReports, then mounted over while it writes.
    const writeFile = async (path: string, data: string) => {
      bound ??= bind(laterSource, later);
      writeFileSync(path, data);
    };
    const writing = writeReports(later, [{ slug: 'heist', result: heistOnePoint }], { writeFile });
    await writing.catch(() => undefined);
    if (!bound) return ctx.skip('mount --bind is not allowed here');
    await expect(writing).rejects.toMatchObject({
      code: 'EBUSY',
      message: `cannot write ${later}: it is a mount point (a file system is mounted there; EBUSY); poolsim replaces --out by renaming a new folder into its place, and a mount point cannot be renamed — give a folder inside it, or another folder; the scenarios ran, but no report was written`,
    });
    expect(readdirSync(laterSource)).toEqual([]);
    expect(readdirSync(dir).filter((n) => n.startsWith('.later.'))).toEqual([]);
  });

  test('unmounted, the same names are plain again: a part may be replaced there', async (ctx) => {
    if (!files) return ctx.skip('mount --bind is not allowed here');
    release(part);
    expect(() => checkPartTarget(part)).not.toThrow();
    await writeAtomically(part, text(2));
    expect(readFileSync(part, 'utf8')).toBe(text(2));
  });
});
