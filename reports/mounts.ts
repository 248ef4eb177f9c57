/**
 * Whether a path is a mount point, which poolsim cannot rename a new folder or part over
 * (EBUSY): `report --out` and `run --shard … --out` refuse one before the run.
 *
 * On Linux it is read from /proc/self/mountinfo, the kernel's own list of this process's
 * mount points: a bind mount of a folder or file from the same file system has the same
 * st.dev as its parent, and was missed by comparing them (it then failed with EBUSY after
 * the whole run), while a plain file on overlayfs (Docker and the like) has the st.dev of
 * the layer it lies in, not of its folder, and a part poolsim had just written was refused
 * as "a mount point" on the next shard (a review). Elsewhere (macOS, the BSDs, Windows) a
 * folder whose st.dev differs from its parent's is one; a file is never taken for one.
 */
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A field of mountinfo as the kernel writes it: space, tab, newline and backslash as octal escapes (`\040`). */
export function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/**
 * The mount points /proc/self/mountinfo's `text` lists (its fifth field), unescaped.
 * A line: `36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw` (proc(5)).
 */
export function mountPointsOf(text: string): Set<string> {
  const points = new Set<string>();
  for (const line of text.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 5 || fields[4] === '') continue;
    points.add(unescapeMountField(fields[4]!));
  }
  return points;
}

/** Where the list is read (tests point it elsewhere). */
export const MOUNTINFO = '/proc/self/mountinfo';

/** This process's mount points, or undefined where there is no such list (not Linux, /proc not mounted). */
function linuxMountPoints(file: string): Set<string> | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return mountPointsOf(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether `path` (which exists) is a mount point: something is mounted at it (see the module comment). */
export function isMountPoint(path: string, mountinfo = MOUNTINFO): boolean {
  const points = linuxMountPoints(mountinfo);
  if (points !== undefined) {
    let real: string;
    try {
      real = realpathSync.native(path);
    } catch {
      return false;
    }
    return points.has(real);
  }
  try {
    const st = lstatSync(path);
    if (!st.isDirectory()) return false;
    return st.dev !== statSync(dirname(resolve(path))).dev;
  } catch {
    return false;
  }
}
