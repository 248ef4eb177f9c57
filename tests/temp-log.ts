/**
 * The temporary folders a test run made, listed as they are made (tests/helpers.ts
 * tempFolders), so that the run's global teardown (tests/global-setup.ts) removes those no
 * test file's afterAll did. vitest runs no hook of a file none of whose tests runs (every
 * one skipped by a -t filter), so a folder such a file made as it loaded was left in
 * $TMPDIR, one more every such run. A worker process's exit cannot be relied on for it:
 * vitest ends its workers without running their 'exit' listeners.
 *
 * No vitest here: the global setup, which runs outside the test workers, loads it too.
 */
import { appendFileSync, chmodSync, lstatSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `dir` and all in it removed, read-only folders in it too (a test leaves one on purpose,
 * mode 0555, which only root could empty as it is): each folder under it is made writable
 * by its owner first. Symbolic links are removed, never followed; a folder already gone is
 * no error. Throws where something is left.
 */
export function removeFolder(dir: string): void {
  const writable = (folder: string): void => {
    const mode = lstatSync(folder).mode;
    if ((mode & 0o700) !== 0o700) chmodSync(folder, (mode & 0o7777) | 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) if (entry.isDirectory()) writable(join(folder, entry.name));
  };
  try {
    if (lstatSync(dir).isDirectory()) writable(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // gone already (a test removed it)
    // Not ours to change: rmSync says what it cannot remove.
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Adds `dir` to the run's list in folder `log` (one file per process: appends do not interleave). */
export function logTempFolder(log: string, dir: string): void {
  appendFileSync(join(log, `${process.pid}.txt`), `${dir}\n`);
}

/** Removes every folder listed in `log` that is still there, then `log` itself; what could not be removed, said. */
export function removeLoggedFolders(log: string): string[] {
  const left: string[] = [];
  let lists: string[] = [];
  try {
    lists = readdirSync(log);
  } catch {
    return left; // no test made a folder
  }
  for (const list of lists) {
    for (const dir of readFileSync(join(log, list), 'utf8').split('\n')) {
      if (dir === '') continue;
      try {
        removeFolder(dir);
      } catch (e) {
        left.push(`${dir}: ${(e as Error).message}`);
      }
    }
  }
  rmSync(log, { recursive: true, force: true });
  return left;
}
