/**
 * Writes a run's reports to disk, all or nothing: everything goes into a fresh folder
 * beside `outDir` (same parent, so the final rename stays on one file system and is
 * atomic), and only once every file is written does it take `outDir`'s place. A render
 * that throws, a full disk, Ctrl-C, SIGTERM or SIGHUP leaves the previous reports as they were;
 * a process killed outright may leave `.<name>.tmp-*` or `.<name>.old-*` beside it, which
 * the next run puts right (reports/target.ts: the old reports restored, the rest removed).
 *
 * Only a folder poolsim wrote itself is ever replaced (reports/target.ts `checkTarget`):
 * every report folder carries a `.poolsim-report` file.
 *
 * Layout of `outDir`:
 *   .poolsim-report                      the mark: poolsim wrote this folder, and which scenario folders
 *   .poolsim-written                     every file it wrote, with its SHA-256 (Git ignores it in the committed baseline)
 *   index.html, index.md                 every scenario with its expect checks
 *   <slug>/index.html                    self-contained report
 *   <slug>/report.md                     for a Git forge, with charts/ beside it
 *   <slug>/results.json                  the result JSON, as the CLI's --json gives it
 *   <slug>/results.csv                   one row per point × metric
 *   <slug>/charts/<name>.svg             one standalone SVG per chart
 *
 * `outDir` is replaced as a whole; a folder that has since been given anything this layout
 * does not hold (a note put there by hand) is refused, not replaced (reports/target.ts):
 * looked at before the run (cli/report-command.ts), here once it has run, and again once
 * the old folder has stepped aside, before it is deleted (a note saved in it while the
 * reports were written puts it back, as it was); then it is deleted file by file, only what
 * was there unchanged when it was looked at (removeAsSeen): a note saved in it after the
 * look (or a file that cannot be deleted) is left, the folder renamed `.<name>.kept-*`, and
 * said; every later run names it (recoverLeftovers). Folders made on the way to a new `outDir`
 * go again, each while empty, when the write fails or is interrupted.
 */
import { lstatSync, readdirSync, renameSync, rmdirSync, unlinkSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { KEPT, MARKER, TargetRefused, WRITTEN, checkTarget, fileHash, foreignEntries, isDesktopFile, isReportFolder, leftIn, markText, readOnlyEntries, realOf, recoverLeftovers, writtenText } from './target.ts';
import { type ChartsForOptions, chartsAndNotes } from './charts/index.ts';
import { renderChangesHtml, renderDiffMarkdown } from './changes.ts';
import type { ResultDiff } from '../sim/diff.ts';
import {
  type ReportEntry,
  chartPath,
  renderIndex,
  renderResultsCsv,
  renderScenarioHtml,
  renderScenarioMarkdown,
} from './render.ts';

const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface WriteReportsOptions {
  /** Passed to chartsFor for every scenario. */
  charts?: ChartsForOptions;
  /** Aborted (Ctrl-C, SIGTERM, SIGHUP): stop before the swap, remove the unfinished folder and throw the abort's reason. */
  signal?: AbortSignal;
  /** `report --baseline`: what moved, written as `changes.html` and `changes.md` beside the index. */
  diff?: ResultDiff;
  /** Writes one file (default node's writeFile); the tests pass one that fails as a full disk does. */
  writeFile?: (path: string, text: string) => Promise<void>;
  /** The scenario files and folders the run was given: listed in the mark (reports/target.ts ranFrom). */
  inputs?: readonly string[];
  /** The compiled command that ran the scenarios (bin/poolsim.js: its bundles' digest): named on every page. */
  build?: string;
}

function stopIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}

/** Checks slugs before anything is written: each one a single safe folder name, no two alike. */
function checkSlugs(entries: ReportEntry[]): void {
  const seen = new Set<string>();
  for (const { slug } of entries) {
    if (!SLUG.test(slug)) throw new Error(`writeReports: slug "${slug}" must be letters, digits, ".", "_" or "-", not starting with "." or "-"`);
    // Case-insensitive file systems (macOS, Windows) would merge `Heist` and `heist`.
    const key = slug.toLowerCase();
    if (seen.has(key)) throw new Error(`writeReports: slug "${slug}" is used twice`);
    seen.add(key);
  }
}

/**
 * writeFile, with a system error that names no file (a full disk says only "ENOSPC: no
 * space left on device, write") said with the file of the reports it was writing,
 * `shown` (`<outDir>/<path>`, not the staging folder's name).
 */
async function writeNamed(path: string, text: string, shown: string, write: (path: string, text: string) => Promise<void> = writeFile): Promise<void> {
  try {
    await write(path, text);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e?.syscall === undefined || (e.path !== undefined && e.message.includes(e.path))) throw error;
    // Still a system error (bin/poolsim.js says it as one, exit 3), now with the file.
    throw Object.assign(new Error(`cannot write ${shown}: ${e.message}; no report was written, and what was there before is as it was`, { cause: error }), { code: e.code, errno: e.errno, syscall: e.syscall, path });
  }
}

/** Writes the reports of one scenario into `dir` (`shown` in messages); returns the paths written, relative to it, with their SHA-256. */
async function writeScenario(dir: string, shown: string, entry: ReportEntry, options: WriteReportsOptions): Promise<[string, string][]> {
  const { result, source } = entry;
  const { charts, notes } = chartsAndNotes(result, { ...options.charts, setup: entry.setup });
  const files: [string, string][] = [
    ['index.html', renderScenarioHtml(result, charts, source, entry.changes, notes, entry.setup, options.build)],
    ['report.md', renderScenarioMarkdown(result, charts, source, entry.changes, notes, entry.setup, options.build)],
    ['results.json', `${JSON.stringify(result, null, 2)}\n`],
    ['results.csv', renderResultsCsv(result)],
    ...charts.map((c): [string, string] => [chartPath(c), `${c.svg}\n`]),
  ];
  await ownFolder(dir);
  await ownFolder(join(dir, 'charts'));
  for (const [path, text] of files) {
    stopIfAborted(options.signal);
    await writeNamed(join(dir, path), text, join(shown, path), options.writeFile);
  }
  return files.map(([path, text]) => [path, fileHash(text)]);
}

/**
 * Remove the folders `mkdir(parent, { recursive: true })` made (`made`, the first of them,
 * down to `parent`), from the deepest up, each only while empty: a file put in one meanwhile
 * keeps it, and every folder above it. An interrupted `report --out new/a/b/rep` left a/b
 * behind while saying nothing was written, until an audit.
 */
async function removeMadeFolders(parent: string, made: string | undefined): Promise<void> {
  if (made === undefined) return;
  const top = resolve(made);
  for (let dir = parent; dir === top || dir.startsWith(top.endsWith(sep) ? top : top + sep); dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
  }
}

/**
 * What `dir` (the old --out, stepped aside) holds that poolsim cannot show it wrote, as
 * checkTarget judges it: nothing where it is empty or holds only poolsim's files as it wrote them.
 */
function notPoolsims(dir: string, slugs: readonly string[], gitAt = dir): string[] {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) return [st.isSymbolicLink() ? 'a symbolic link in its place' : 'a file in its place'];
    // A desktop's files (a Finder's .DS_Store, made by looking at the folder while the
    // reports were written) are nobody's work, as foreignEntries holds: an empty --out
    // that gained one threw the whole run away until a review. Only a regular file under
    // such a name (isDesktopFile): a folder of the user's named so went, whole, until an audit.
    const names = readdirSync(dir)
      .filter((name) => !isDesktopFile(dir, name))
      .sort();
    if (names.length === 0) return [];
    if (!isReportFolder(dir)) return names;
    return foreignEntries(dir, slugs, gitAt);
  } catch (error) {
    // Unreadable now: nothing is deleted that cannot be looked at.
    return [`it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`];
  }
}

/**
 * Gives `made` the group and mode (setgid and sticky bits too) of `old`, where `old` is a
 * folder, as far as this user may (a group it is not in is left as it was). The owner keeps
 * rwx: a folder it could not write in could not be replaced by the next run, which would
 * leave a `.kept-*` copy of it each time (a review), nor its unfinished render removed.
 */
async function keepAccess(old: string, made: string): Promise<void> {
  let st;
  try {
    st = await stat(old);
  } catch {
    return; // a new --out: made as the parent's setgid and the umask say
  }
  if (!st.isDirectory()) return;
  try {
    await chown(made, -1, st.gid);
  } catch {
    // not a member of that group
  }
  try {
    await chmod(made, (st.mode & 0o7777) | 0o700);
  } catch {
    // a file system without modes
  }
}

/**
 * `mkdir -p dir`, as mkdir(1) makes the folders on the way: each one made with its owner's
 * write and search whatever the umask, so that the next can be made in it (under `umask
 * 0222` a recursive mkdir made `new` 0555 and, as any user but root, failed on `new/a`
 * with EACCES, leaving `new` behind: a review). The first folder it made, as mkdir's
 * `recursive` returns it; on a failure those it made go again, each while empty.
 */
async function makeFolders(dir: string): Promise<string | undefined> {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      await stat(at);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) return mkdir(dir, { recursive: true });
      missing.unshift(at);
    }
  }
  try {
    for (const at of missing) {
      await mkdir(at, { recursive: true });
      const st = await stat(at);
      if ((st.mode & 0o300) !== 0o300) await chmod(at, (st.mode & 0o7777) | 0o300).catch(() => undefined);
    }
  } catch (error) {
    if (missing.length > 0) await removeMadeFolders(missing[missing.length - 1]!, missing[0]);
    throw error;
  }
  return missing[0];
}

/**
 * Makes a folder of poolsim's own in the unfinished report (where none is) with its owner's
 * rwx whatever the umask, before anything is written in it: under `umask 0222` it was made
 * 0555, and any user but root could write nothing in it (EACCES), so keepOwnerWrite at the
 * end was never reached (a review).
 */
async function ownFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const st = await stat(dir);
  if ((st.mode & 0o700) === 0o700) return;
  try {
    await chmod(dir, (st.mode & 0o7777) | 0o700);
  } catch {
    // a file system without modes (its writes say whether it can be written)
  }
}

/**
 * Gives every file and folder under `dir` (itself included) its owner's write, where the
 * umask left it out: a folder without it is one the user made read-only, which the next
 * run refuses to replace (checkTarget, readOnlyEntries), so under `umask 0222` the second
 * `report --out` into the same folder refused poolsim's own first one (a review).
 */
async function keepOwnerWrite(dir: string): Promise<void> {
  const st = await lstat(dir);
  if (st.isDirectory()) {
    for (const name of await readdir(dir)) await keepOwnerWrite(join(dir, name));
  }
  if (!st.isSymbolicLink() && (st.mode & 0o200) === 0) await chmod(dir, (st.mode & 0o7777) | 0o200);
}

/**
 * Renders and writes every entry's reports and the top-level index to `outDir`,
 * replacing what was there only when all of it is written. Returns the files written,
 * relative to `outDir`.
 */
export async function writeReports(
  outDir: string,
  entries: ReportEntry[],
  options: WriteReportsOptions = {},
): Promise<{ files: string[]; kept?: string }> {
  checkSlugs(entries);
  recoverLeftovers(outDir);
  try {
    checkTarget(outDir, { slugs: entries.map((e) => e.slug) });
  } catch (error) {
    // The scenarios have run by now (cli/report-command.ts looked before they did).
    if (error instanceof TargetRefused) error.afterRun = true;
    throw error;
  }
  const target = resolve(outDir);
  const parent = dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = join(parent, `.${basename(target)}.tmp-${stamp}`);
  const previous = join(parent, `.${basename(target)}.old-${stamp}`);
  // The folders made on the way to --out (`--out new/a/b/rep`): on a failure or an
  // interrupt they go again, each only while empty, so that "nothing was written" is so.
  const made = await makeFolders(parent);
  // Never the error that is thrown: a clean-up that fails too (the parent made read-only
  // meanwhile) threw its own "rmdir" over the cause (a files audit). What it leaves is a
  // `.tmp-*` folder, which the next run removes (recoverLeftovers).
  const undo = async () => {
    try {
      await rm(staging, { recursive: true, force: true });
      await removeMadeFolders(parent, made);
    } catch {
      // left for the next run
    }
  };
  try {
    await mkdir(staging);
    await ownFolder(staging);
  } catch (error) {
    await removeMadeFolders(parent, made);
    throw error;
  }
  // The new folder takes the old one's permissions and group (a private folder stays
  // private, a team's setgid folder stays the team's): it was made with the defaults and the
  // user's own group, and replaced the old one with them (a files audit). Before anything is
  // written in it, so its files and folders take the group as a setgid folder gives it.
  await keepAccess(target, staging);

  // Each file written, relative to outDir, with its SHA-256: the list in WRITTEN.
  const written: [string, string][] = [];
  const slugs = entries.map((e) => e.slug);
  const top = async (name: string, text: string) => {
    await writeNamed(join(staging, name), text, join(outDir, name), options.writeFile);
    written.push([name, fileHash(text)]);
  };
  try {
    // The mark first: a render killed midway leaves a folder the next run knows it may remove.
    // By where the names lead (links followed, realOf), as ranFrom reads them: a link to the
    // folder, or a checkout reached through one, is the same set (a review).
    const ran = options.inputs?.map((input) => relative(realOf(outDir), realOf(input)).split(sep).join('/') || '.');
    await writeNamed(join(staging, MARKER), markText(slugs, ran), join(outDir, MARKER), options.writeFile);
    for (const entry of entries) {
      const files = await writeScenario(join(staging, entry.slug), join(outDir, entry.slug), entry, options);
      written.push(...files.map(([f, hash]): [string, string] => [`${entry.slug}/${f}`, hash]));
    }
    const index = renderIndex(entries, options.diff);
    await top('index.html', index.html);
    await top('index.md', index.md);
    if (options.diff) {
      const slugOf = new Map(entries.map((e) => [e.result.name, e.slug]));
      const link = (page: string) => (scenario: string) => (slugOf.has(scenario) ? `${slugOf.get(scenario)}/${page}` : undefined);
      await top('changes.html', renderChangesHtml(options.diff, link('index.html')));
      await top('changes.md', renderDiffMarkdown(options.diff, { link: link('report.md') }));
    }
    // Then every file as written: the next run replaces the folder only while it holds
    // these files as they are (reports/target.ts foreignEntries).
    await writeNamed(join(staging, WRITTEN), writtenText(written), join(outDir, WRITTEN), options.writeFile);
    await keepOwnerWrite(staging);
    stopIfAborted(options.signal);
  } catch (error) {
    await undo();
    throw error;
  }

  // rename() cannot replace a non-empty folder, so the old one steps aside first and
  // comes back if the new one cannot take its place. No await between the two renames
  // can be cut short by Ctrl-C: the signal only aborts, and is looked at before this.
  let hadPrevious = true;
  try {
    await rename(target, previous);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code !== 'ENOENT') {
      await undo();
      // A mount point (EBUSY) checkTarget could not tell, or mounted since it looked: said
      // as what it is, an output failure (exit 3), not the bare "resource busy".
      if (e.code === 'EBUSY') {
        throw Object.assign(new Error(`cannot write ${outDir}: it is a mount point (a file system is mounted there; ${e.code}); poolsim replaces --out by renaming a new folder into its place, and a mount point cannot be renamed — give a folder inside it, or another folder; the scenarios ran, but no report was written`, { cause: error }), { code: e.code, errno: e.errno, syscall: e.syscall, path: target });
      }
      throw error;
    }
    hadPrevious = false;
  }
  // Looked at again now that it is aside, before anything is deleted: a file of the user's
  // put in --out while the reports were written went with the old folder until an audit.
  // Anything there that poolsim cannot show it wrote puts the folder back, as it was.
  // What it holds as it was looked at: only that is deleted after (removeAsSeen).
  const seen = hadPrevious ? snapshotOf(previous) : new Map<string, Seen>();
  // Git knows the folder by its --out name (a results.json a pull brought: reports/target.ts).
  const foreign = hadPrevious ? notPoolsims(previous, slugs, target) : [];
  // Refused once the old folder stepped aside: it goes back to --out (where it can), the
  // unfinished one goes (never over the refusal: one that cannot is left for the next run),
  // and the message says where the old folder is.
  const refuseAfterAside = async (what: string, why: string): Promise<never> => {
    let back = true;
    try {
      await rename(previous, target);
    } catch {
      back = false;
    }
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    const refused = new TargetRefused(
      `--out ${outDir}: ${what}, ` +
        (back ? 'so the folder was left as it was' : `so the folder was kept, as it was, at ${previous} (it could not be put back: move it back yourself)`) +
        `; ${why}`,
    );
    refused.afterRun = true;
    throw refused;
  };
  if (foreign.length > 0) {
    const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, and ${foreign.length - 3} more` : '');
    await refuseAfterAside(
      `${foreign.length === 1 ? 'something' : `${foreign.length} things`} poolsim did not write ${foreign.length === 1 ? 'was' : 'were'} put there while it wrote the reports (${shown})`,
      'poolsim replaces --out as a whole, and keeps nothing it did not write there: move them out, or give another folder',
    );
  }
  // Made read-only while the reports were written (after checkTarget looked, once the
  // scenarios had run): kept as it is, as checkTarget keeps one made so before. It was
  // replaced, exit 0 (a review).
  const theirs: string[] = [];
  const locked = hadPrevious ? readOnlyEntries(previous, theirs) : [];
  if (locked.length + theirs.length > 0) {
    const list = locked.length > 0 ? locked : theirs;
    const shown = list.slice(0, 3).map((e) => (e === '' ? 'the folder itself' : e)).join(', ') + (list.length > 3 ? `, and ${list.length - 3} more` : '');
    await refuseAfterAside(
      `was made read-only while poolsim wrote the reports (${shown} ${list.length === 1 ? 'is' : 'are'} not writable)`,
      'poolsim replaces --out as a whole and never replaces a folder made read-only — make it writable if it is to be replaced, or give another folder',
    );
  }
  try {
    await rename(staging, target);
  } catch (error) {
    // The old folder goes back where it can; the new reports go either way. Something put
    // at --out since the old one stepped aside (another report into the same folder: an
    // audit) keeps it from coming back, and is said, not a bare ENOTEMPTY with both folders
    // left beside --out.
    let back = !hadPrevious;
    if (hadPrevious) {
      try {
        await rename(previous, target);
        back = true;
      } catch {
        // Said below.
      }
    }
    await undo();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') {
      const refused = new TargetRefused(
        `--out ${outDir}: something was put there while poolsim wrote the reports (is another poolsim report writing there?), so this run's reports were not written` +
          (back ? '' : `; the previous reports are kept, as they were, at ${previous} (what is at --out now is another's: move the folder back yourself if it is wanted)`) +
          '; give a folder no other run is writing to, or run again once it is done',
      );
      refused.afterRun = true;
      throw refused;
    }
    if (!back) (error as Error).message += `; the previous reports are kept, as they were, at ${previous}`;
    throw error;
  }
  // Not rm -r: a file put in the old folder after it was looked at would go with it. Only
  // what was there, unchanged, when it was looked at is deleted. Whatever is left (a file
  // put there or changed after the look, one that could not be deleted, or all of it where
  // the folder could not be read) is the user's to judge: the folder is renamed
  // `.<out>.kept-*`, said so here, and named by every later report into --out
  // (recoverLeftovers) — never deleted, nor ever taken for the previous reports. Before a
  // review it kept its `.old-*` name, was said to be "the previous reports" though they
  // had gone (only the user's files were left), and no later run named it.
  if (hadPrevious) {
    const failed = removeAsSeen(previous, seen);
    if (failed !== undefined) return { files: written.map(([path]) => path), kept: keepLeft(previous, join(parent, `.${basename(target)}.${KEPT}-${stamp}`), outDir, seen, failed) };
  }
  return { files: written.map(([path]) => path) };
}

/**
 * The old folder `previous`, not wholly deleted, renamed `keptAt` (left at its name where
 * that fails), and what to tell the user: what it holds, and why.
 */
function keepLeft(previous: string, keptAt: string, outDir: string, seen: Map<string, Seen> | undefined, failed: Map<string, string>): string {
  let at = previous;
  try {
    renameSync(previous, keptAt);
    at = keptAt;
  } catch {
    // Left at its `.old-*` name, and said as such.
  }
  // Only a folder named as kept is named again by later runs (keptOf): one left at its
  // `.old-*` name is not, and the message does not say it will be (a review).
  const until = at === keptAt ? `every report into ${outDir} names it until then` : `it could not be renamed ${basename(keptAt)}, so later reports will not name it`;
  if (seen === undefined) {
    return `could not delete the previous reports: the old folder could not be read once stepped aside (${failed.get(previous) ?? 'unreadable'}), so nothing in it was deleted; it is left at ${at} — move out what is yours, then delete it (${until})`;
  }
  const left = leftIn(at).map((rel) => {
    const why = failed.get(join(previous, rel.replace(/\/$/, '')));
    return why === undefined ? rel : `${rel} (${why})`;
  });
  const shown = left.length === 0 ? 'the folder itself' : left.slice(0, 5).join(', ') + (left.length > 5 ? `, and ${left.length - 5} more` : '');
  return `deleted the previous reports except ${shown}, left at ${at}: poolsim deletes only what it wrote, as it was when looked at, and this was put there or changed after the look, or could not be deleted; move out what is yours, then delete the folder (${until})`;
}

/** What a file or folder was when the old folder was looked at: changed since, it is not deleted. */
interface Seen {
  dir: boolean;
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

function seenOf(path: string): Seen {
  const st = lstatSync(path);
  return { dir: st.isDirectory(), dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs };
}

/** Everything under `dir` (links not followed), path → what it was; undefined where it cannot be read (nothing is then deleted). */
function snapshotOf(dir: string): Map<string, Seen> | undefined {
  const found = new Map<string, Seen>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const seen = seenOf(path);
      found.set(path, seen);
      if (seen.dir) walk(path);
    }
  };
  try {
    walk(dir);
  } catch {
    return undefined;
  }
  return found;
}

/** Why a file could not be deleted, as said to the user. */
function whyNot(error: unknown): string {
  return `could not be deleted: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
}

/** Whether `path` is still the folder `was` says (no link put in its place: never followed). */
function sameFolder(path: string, was: Seen): boolean {
  const st = lstatSync(path);
  return st.isDirectory() && st.dev === was.dev && st.ino === was.ino;
}

/**
 * Delete `dir`, the old --out looked at and found poolsim's, file by file: each file only
 * while it is as `seen` says it was when looked at (the same inode, size, modification and
 * change times), each folder only once empty, and only while it is still the folder looked
 * at (a link put in its place is never followed). Returns undefined where all of it went;
 * else what is left stays in place and the paths that could not be deleted are returned,
 * each with why (a file merely changed or added is not among them). A file changed in the
 * microseconds between its last look and its unlink would still go: no file call deletes
 * only an unchanged file.
 */
function removeAsSeen(dir: string, seen: Map<string, Seen> | undefined): Map<string, string> | undefined {
  const failed = new Map<string, string>();
  let all = seen !== undefined;
  if (seen === undefined) {
    try {
      readdirSync(dir);
    } catch (error) {
      failed.set(dir, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
    }
    return failed;
  }
  // Deepest first: a folder's entries before the folder.
  for (const [path, was] of [...seen.entries()].sort(([a], [b]) => b.length - a.length)) {
    try {
      if (was.dir) {
        if (!sameFolder(path, was)) {
          all = false;
          continue;
        }
        removeDesktopFiles(path);
        rmdirSync(path);
        continue;
      }
      const now = seenOf(path);
      if (now.dir || now.dev !== was.dev || now.ino !== was.ino || now.size !== was.size || now.mtimeMs !== was.mtimeMs || now.ctimeMs !== was.ctimeMs) {
        all = false;
        continue;
      }
      unlinkSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Gone since the look (someone else deleted it): nothing is left there to keep (it
      // counted as left, and a run whose old folder had all gone said it kept the folder, at
      // a path that was not there; a review).
      if (code === 'ENOENT') continue;
      all = false;
      // A folder not empty (a file left in it) is said by that file, not as a failure.
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') failed.set(path, whyNot(error));
    }
  }
  try {
    removeDesktopFiles(dir);
    rmdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') all = false;
  }
  return all ? undefined : failed;
}

/** A desktop's files in the folder `dir` (DESKTOP_FILES: a Finder's .DS_Store, made anew by looking at the folder) are nobody's work: they go with it. A link in its place is not followed (a review: the link's target lost its .DS_Store). */
function removeDesktopFiles(dir: string): void {
  if (!lstatSync(dir).isDirectory()) return;
  for (const name of readdirSync(dir)) {
    if (!isDesktopFile(dir, name)) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Kept: the folder then stays, and is said.
    }
  }
}
