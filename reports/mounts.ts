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
import { dirname, posix, resolve } from 'node:path';

/** A field of mountinfo as the kernel writes it: space, tab, newline and backslash as octal escapes (`\040`). */
export function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/**
 * The mount points /proc/self/mountinfo's `text` lists (its fifth field), unescaped, that
 * can still be reached by their path: a mount covered over by one mounted later at a folder
 * above it (a tmpfs mounted over `shadow`, covering `shadow/deep`) is passed over, since
 * `shadow/deep` now names a folder in the tmpfs, if any (a review: one made there was
 * refused as a mount point). Covered is told by the tree, not the order of the lines (the
 * root's own line may come after those of /proc and /dev): a mount is covered when a mount
 * at a folder above its own is not among the mounts it lies on (its parents, the second field).
 * A line: `36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw` (proc(5)).
 */
export function mountPointsOf(text: string): Set<string> {
  const entries: { id: string; parent: string; point: string }[] = [];
  for (const line of text.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 5 || fields[4] === '') continue;
    entries.push({ id: fields[0]!, parent: fields[1]!, point: unescapeMountField(fields[4]!) });
  }
  const byId = new Map(entries.map((e) => [e.id, e]));
  const atPoint = new Map<string, string[]>();
  for (const e of entries) atPoint.set(e.point, [...(atPoint.get(e.point) ?? []), e.id]);
  const points = new Set<string>();
  for (const e of entries) {
    // The mounts it lies on.
    const under = new Set<string>();
    for (let p = byId.get(e.parent); p !== undefined && !under.has(p.id); p = byId.get(p.parent)) under.add(p.id);
    let covered = false;
    for (let above = posix.dirname(e.point); !covered; above = posix.dirname(above)) {
      if (above !== e.point && (atPoint.get(above) ?? []).some((id) => !under.has(id))) covered = true;
      if (above === posix.dirname(above)) break;
    }
    if (!covered) points.add(e.point);
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
