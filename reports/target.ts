/**
 * Which folder `poolsim report` may replace, and what it does with the leftovers of a run
 * that was killed while swapping its reports in.
 *
 * poolsim replaces `--out` as a whole, so it must only ever replace a folder it made
 * itself: every report folder carries a `.poolsim-report` file, and anything else that is
 * not empty — a project folder, the scenario library, a file, `/` — is refused before
 * anything runs. The mark lists the scenario folders the run wrote (markText), and
 * `.poolsim-written` beside it (WRITTEN) every file with its SHA-256: the files this machine's
 * last run wrote, which is why it is not the mark's (the committed baseline's mark comes from
 * whoever refreshed it last, while Git ignores WRITTEN there, so it stays this machine's
 * across branch switches and pulls). Inside a marked folder with that list, a file it does
 * not hold as it is now — a copy of last week's page kept for comparison, a chart renamed,
 * a note added to a page, an empty `.nojekyll` — is the user's and the folder is refused
 * (foreignEntries); so is a folder made by hand, empty or not. A scenario's `results.json`,
 * which Git brings from other machines, is read by its content where the mark lists the
 * scenario or the run writes it; one the list holds with other content is poolsim's only
 * where it is as Git's checked-out commit has it (gitBlobs: a pull, a branch switch), else it is
 * the user's edit (an audit: a note added to one was deleted without a word). A folder without the list (a fresh clone's committed
 * baseline, a report of a poolsim before the list, a list removed) and a report folder
 * written before the mark (index.html and index.md saying "poolsim reports", every other
 * entry a scenario folder with results.json) are replaced only when they hold nothing
 * else: their pages and charts read as poolsim's by their words even with a note of the
 * user's added (an audit: it was lost), so they are named and the folder refused, saying
 * to delete them if they are poolsim's old output (checkTarget).
 *
 * The swap (reports/write.ts) renders into `.<name>.tmp-<pid>-<ms>`, steps the old folder
 * aside to `.<name>.old-<pid>-<ms>`, renames the new one in and deletes the old one. A run
 * killed outright (SIGKILL, power cut) can leave either beside `<name>`; the next run, once
 * its input is known to be good, puts them right before it starts (`recoverLeftovers`):
 *   - `<name>` missing and an `.old-*` there (killed between the two renames): the newest
 *     `.old-*` is renamed back to `<name>` — the previous reports come back;
 *   - every other `.old-*` and every `.tmp-*` (an unfinished render, or a finished swap
 *     whose clean-up was cut short) is deleted, but only if it carries the mark and holds
 *     nothing poolsim cannot show it wrote as it is (foreignEntries): else it is kept, and named;
 *   - every `.kept-*` (an old folder a finished swap could not wholly delete: what is left
 *     is someone's, reports/write.ts) is named with what it holds, never deleted nor restored.
 * Leftovers of a run whose process is still alive are left alone: it may still be writing.
 */
import { accessSync, closeSync, constants, existsSync, lstatSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, realpathSync, renameSync, rmSync, rmdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { isMountPoint } from './mounts.ts';
import { basename, dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';

/** The file that marks a folder as poolsim's own report folder. */
export const MARKER = '.poolsim-report';
export const MARKER_TEXT = 'This folder was written by `poolsim report`; the next run replaces it as a whole.\n';
/** In the mark, the heading of the list of scenario folders the run wrote, one a line (markText). */
const LISTED = 'Scenario folders it wrote:';
/**
 * In the mark, before LISTED: the scenario files and folders the run was given, each
 * relative to the report folder, so that a later `report --baseline` of this folder knows
 * whether it was given the same set (ranFrom).
 */
const RAN = 'Scenario files and folders it ran (relative to this folder):';
/** In WRITTEN, the heading of the files the run wrote: `<sha-256>  <path>`, one a line. */
const FILES = 'Files it wrote (SHA-256, then the path):';
/**
 * The list of files beside the mark. Git ignores it in the committed baseline
 * (`reports/baseline/*`), where the mark is committed: after a branch switch or a pull the
 * mark is another run's, and this still names the pages and charts of the run made here,
 * which Git leaves in place.
 */
export const WRITTEN = '.poolsim-written';
const WRITTEN_TEXT = 'The files `poolsim report` wrote in this folder (beside its .poolsim-report) on this machine.\n';

/** A report file's SHA-256, as the mark lists it. */
export function fileHash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

function filesText(files: readonly (readonly [path: string, hash: string])[]): string {
  return `${FILES}\n${files.map(([path, hash]) => `${hash}  ${path}\n`).join('')}`;
}

/** The mark of a report folder whose scenario folders are `slugs`, made from `ran` (each relative to the folder). */
export function markText(slugs: readonly string[], ran?: readonly string[]): string {
  const inputs = ran === undefined ? '' : `${RAN}\n${ran.map((r) => `${r}\n`).join('')}\n`;
  return `${MARKER_TEXT}\n${inputs}${LISTED}\n${slugs.map((s) => `${s}\n`).join('')}`;
}

/**
 * The scenario files and folders the report in `dir` was made from, as absolute paths (its
 * mark's RAN list), or undefined where its mark has none (a poolsim before it, or no mark).
 */
export function ranFrom(dir: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, MARKER), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/);
  const at = lines.indexOf(RAN);
  if (at < 0) return undefined;
  const end = lines.indexOf(LISTED, at);
  const real = realOf(dir);
  return lines.slice(at + 1, end < 0 ? undefined : end).filter((l) => l !== '').map((l) => realOf(resolve(real, l)));
}

/** The text of WRITTEN: `files`, each path relative to the folder with its SHA-256, the list every later run holds the folder to. */
export function writtenText(files: readonly (readonly [path: string, hash: string])[]): string {
  return `${WRITTEN_TEXT}\n${filesText(files)}`;
}

/**
 * The lines under `heading` in the file `name` of `dir`, or undefined where the file is not
 * there (or not a file, or unreadable) or has no such heading. Split at line ends as Git may
 * have turned them (core.autocrlf), so a list is never lost to them.
 */
function listUnder(dir: string, name: string, heading: string): string[] | undefined {
  let text: string;
  try {
    if (!lstatSync(join(dir, name)).isFile()) return undefined;
    text = readFileSync(join(dir, name), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/);
  const at = lines.indexOf(heading);
  return at < 0 ? undefined : lines.slice(at + 1).filter((l) => l !== '');
}

/**
 * Path → the SHA-256 WRITTEN in `dir` lists for it, or undefined when there is no such list
 * (written before it, or a fresh clone's baseline): the folder may then hold nothing but
 * the mark and results.json files (foreignEntries), since no page can be proved poolsim's.
 */
function listedFiles(dir: string): Map<string, string> | undefined {
  const lines = listUnder(dir, WRITTEN, FILES);
  if (lines === undefined) return undefined;
  const found = new Map<string, string>();
  for (const line of lines) {
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (m) found.set(m[2]!, m[1]!);
  }
  return found;
}

/** Whether the file at `path` is the one the list holds: `hash` its SHA-256 (false where it cannot be read whole). */
function sameFile(path: string, hash: string): boolean {
  try {
    return fileHash(readFileSync(path)) === hash;
  } catch {
    return false; // unreadable, or past what one read takes (2 GiB): not as poolsim wrote it
  }
}

/**
 * The scenario folders the mark in `dir` lists, or undefined for a mark written before the
 * list (or none, or an unreadable one): then it lists none, and a results.json is poolsim's
 * only in a scenario folder the run writes (foreignEntries).
 */
function listedSlugs(dir: string): Set<string> | undefined {
  const lines = listUnder(dir, MARKER, LISTED);
  return lines === undefined ? undefined : new Set(lines);
}

/**
 * What tells a results.json of poolsim's (sim/result.ts) by its content, near its top
 * (within HEAD_BYTES): the one file of a report folder accepted without the list of files
 * beside the mark (WRITTEN), where Git brings it from other machines (a pull, a branch
 * switch, a merge, a fresh clone's committed baseline).
 */
const RESULTS_HEAD = (head: string) => head.startsWith('{') && head.includes('"system":') && head.includes('"mechanic":');
const HEAD_BYTES = 1 << 16;

/**
 * The blob ids of the files below the folder `at` in the commit its Git work tree has
 * checked out (HEAD), by their paths relative to `at`: what a pull, a merge or a branch
 * switch last put there. Read from `at`'s parent, so that it holds for the folder by that
 * name after it has been stepped aside (reports/write.ts). Not the index: an edit of the
 * user's, staged by a `git add -A`, is not Git's. Empty where `at` is in no Git work tree,
 * or git cannot be run (then no changed results.json passes for Git's); no hook of the
 * repository's runs (ls-tree reads the commit, not the work tree; fsmonitor off).
 */
function gitBlobs(at: string): Map<string, string> {
  const blobs = new Map<string, string>();
  const name = basename(at);
  const r = spawnSync('git', ['-c', 'core.fsmonitor=false', 'ls-tree', '-r', '-z', 'HEAD', '--', name], { cwd: dirname(at), encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] });
  if (r.status !== 0 || typeof r.stdout !== 'string') return blobs;
  // "<mode> blob <id>\t<path>\0", paths relative to the parent, "/" between folders.
  for (const entry of r.stdout.split('\0')) {
    const m = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(entry);
    if (m && m[2]!.startsWith(`${name}/`)) blobs.set(m[2]!.slice(name.length + 1), m[1]!);
  }
  return blobs;
}

/**
 * The ids Git could give the file at `path` as a blob (SHA-1 of "blob <size>\0" and its
 * bytes): as it is, and with its line ends made \n, as a checkout with core.autocrlf
 * (Git for Windows' default) writes a blob of \n lines out with \r\n.
 */
function gitBlobIds(path: string): string[] {
  const data = readFileSync(path);
  const id = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  const lf = Buffer.from(data.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
  return lf.length === data.length ? [id(data)] : [id(data), id(lf)];
}

/** Whether the file at `path` reads as poolsim's results.json (RESULTS_HEAD). */
function resultsContent(path: string): boolean {
  let head: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      head = buffer.toString('utf8', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
  return RESULTS_HEAD(head);
}

/**
 * The names of what a desktop's file manager leaves in any folder it shows (a Finder's
 * .DS_Store, made anew by merely looking at the folder; Windows' Thumbs.db and desktop.ini):
 * not the user's work, and deleted with the old reports — else a report folder once opened
 * on a desktop could never be replaced. Only a regular file under one of these names is
 * the desktop's (isDesktopFile): the name alone was taken for it until an audit (December
 * 2026), and a folder of the user's named `desktop.ini` in --out went with everything in it.
 */
export const DESKTOP_FILES: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

/**
 * Whether `name` in the folder `dir` is a desktop's file (DESKTOP_FILES): a regular file,
 * not a folder nor a link (never followed), under one of those names. Anything else under
 * such a name, or one that cannot be looked at, is the user's.
 */
export function isDesktopFile(dir: string, name: string): boolean {
  if (!DESKTOP_FILES.has(name)) return false;
  try {
    return lstatSync(join(dir, name)).isFile();
  } catch {
    return false;
  }
}

/** Whether `dir` holds the list of files poolsim wrote there (WRITTEN, readable, with its heading). */
export function hasWrittenList(dir: string): boolean {
  return listedFiles(dir) !== undefined;
}

/**
 * What a report folder holds that poolsim cannot show it wrote as it is now, as paths
 * relative to `dir`, folders ending in "/", when the run about to write it writes the
 * scenario folders `writing`. A file is poolsim's when WRITTEN lists its path with its
 * SHA-256 now (an empty one, when the list names its path). One exception, by content: a
 * `results.json` in a scenario folder the mark lists or this run writes — Git brings those
 * from other machines (a pull, a branch switch, a merge, a fresh clone's baseline), and
 * the run replaces or drops them with the folder. A folder is poolsim's when it holds
 * such files; an empty one only as a scenario's `charts/` (poolsim makes it for a
 * scenario without charts). Anything else — a note, a link, an empty folder made by hand,
 * a page edited since (named as changed) — is the user's.
 *
 * Without the list (a report of a poolsim before it, or a list removed) no page, chart or
 * index can be shown to be as poolsim wrote it — a line added to a page reads as poolsim's
 * by its words (an audit: it was lost on the next run) — so all of them are named, and the
 * folder is refused (checkTarget says what to do). Links are never followed nor poolsim's.
 */
export function foreignEntries(dir: string, writing: readonly string[] = [], gitAt = dir): string[] {
  const files = listedFiles(dir);
  const scenarios = new Set([...(listedSlugs(dir) ?? []), ...writing]);
  const listedUnder = (slug: string) => scenarios.has(slug) || [...(files?.keys() ?? [])].some((k) => k.startsWith(`${slug}/`));
  let git: Map<string, string> | undefined;
  // A results.json as Git's checked-out commit has it (looked up once, only when needed),
  // for the folder by its --out name (`gitAt`), which it keeps once stepped aside.
  const asGitHasIt = (rel: string, at: string) => {
    const blob = (git ??= gitBlobs(gitAt)).get(rel);
    return blob !== undefined && gitBlobIds(at).includes(blob);
  };
  const foreign: string[] = [];
  // Returns whether `path` (a folder, `rel` inside `dir`) holds anything poolsim's, after
  // naming what is not: a folder with nothing of poolsim's and several things in it is
  // named once, as the folder.
  const walk = (path: string, rel: string): boolean => {
    let ownSeen = false;
    const names = readdirSync(path).sort();
    const start = foreign.length;
    for (const name of names) {
      if (isDesktopFile(path, name)) continue;
      const at = join(path, name);
      const r = rel === '' ? name : `${rel}/${name}`;
      const st = lstatSync(at);
      if (st.isDirectory()) {
        const before = foreign.length;
        if (walk(at, r)) ownSeen = true;
        else if (foreign.length === before) {
          // Nothing inside (or a desktop's files alone): an empty folder, poolsim's only
          // as a scenario's charts/, or a scenario's own folder emptied (its files listed
          // as poolsim's: nothing of the user's is in it). One made by hand went with the
          // folder, without a word, until an audit (December 2026).
          const parts = r.split('/');
          if (parts.length === 2 && parts[1] === 'charts' && listedUnder(parts[0]!)) ownSeen = true;
          else if (parts.length === 1 && listedUnder(parts[0]!)) ownSeen = true;
          else foreign.push(`${r}/`);
        }
        continue;
      }
      if (st.isFile() && rel === '' && (name === MARKER || (name === WRITTEN && files !== undefined))) continue;
      const listed = files?.get(r);
      if (st.isFile() && listed !== undefined && (st.size === 0 || sameFile(at, listed))) {
        ownSeen = true;
        continue;
      }
      const parts = r.split('/');
      // Not listed (a fresh clone's baseline, an older report): read by its content. Listed
      // with other content: Git's (a pull of another machine's refresh), or the user's edit.
      if (st.isFile() && parts.length === 2 && parts[1] === 'results.json' && scenarios.has(parts[0]!) && resultsContent(at) && (listed === undefined || asGitHasIt(r, at))) {
        ownSeen = true;
        continue;
      }
      foreign.push(st.isFile() && listed !== undefined ? `${r} (changed since poolsim wrote it)` : r);
    }
    if (!ownSeen && rel !== '' && foreign.length - start > 1) foreign.splice(start, foreign.length - start, `${rel}/`);
    return ownSeen;
  };
  walk(dir, '');
  return foreign;
}

/** `--out` names something poolsim must not replace (exit 2, nothing runs). */
export class TargetRefused extends Error {
  /**
   * Refused once the scenarios had run (writeReports looks again before it writes, and
   * again before it replaces the folder): what was run was not written, and the message
   * must not say that nothing ran.
   */
  afterRun = false;
}

/** The longest file name (in bytes) of nearly every file system (NAME_MAX). */
const NAME_MAX = 255;

/** The leftovers of an interrupted swap beside `target`: `.<name>.tmp-<pid>-<ms>` and `.<name>.old-<pid>-<ms>`. */
export function leftoversOf(target: string): { path: string; kind: 'tmp' | 'old'; pid: number; ms: number }[] {
  const parent = dirname(target);
  const name = basename(target);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const found = [];
  for (const n of names) {
    if (!n.startsWith(`.${name}.`)) continue;
    const m = /^\.(tmp|old)-(\d+)-(\d+)$/.exec(n.slice(name.length + 1));
    if (m) found.push({ path: join(parent, n), kind: m[1] as 'tmp' | 'old', pid: Number(m[2]), ms: Number(m[3]) });
  }
  return found;
}

/**
 * The name part of a folder left beside --out as `.<name>.kept-<pid>-<ms>`: the old reports
 * a run could not wholly delete (reports/write.ts), what is left of them being someone's
 * (a file put there or changed after the look, or one that could not be deleted). Never
 * deleted by poolsim, never restored as the previous reports; every later report into
 * --out names it (recoverLeftovers).
 */
export const KEPT = 'kept';

/** The folders kept beside `target` (KEPT), oldest first. */
export function keptOf(target: string): string[] {
  const name = basename(target);
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(`.${name}.`) && new RegExp(`^\\.${KEPT}-\\d+-\\d+$`).test(n.slice(name.length + 1)))
    .sort((a, b) => Number(a.split('-').at(-1)) - Number(b.split('-').at(-1)))
    .map((n) => join(dirname(target), n));
}

/** What `dir` holds, as paths relative to it: each file (or link, or other non-folder), and each empty folder ending in "/"; links never followed. Empty where it cannot be read. */
export function leftIn(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string, rel: string) => {
    const names = readdirSync(at).sort();
    if (names.length === 0 && rel !== '') found.push(`${rel}/`);
    for (const name of names) {
      const r = rel === '' ? name : `${rel}/${name}`;
      if (lstatSync(join(at, name)).isDirectory()) walk(join(at, name), r);
      else found.push(r);
    }
  };
  try {
    // A link put in the folder's place is not followed: it is said as what it is.
    const st = lstatSync(dir);
    if (!st.isDirectory()) return [st.isSymbolicLink() ? '(a symbolic link in its place)' : '(a file in its place)'];
    walk(dir, '');
  } catch {
    // Said as what could be read.
  }
  return found;
}

/** Whether process `pid` is alive (another poolsim may be mid-write). This process counts as gone: its own leftovers are from an earlier, failed call. */
function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What under `dir` (itself as '', then each path below it, links not followed) is read-only:
 * no write permission for its owner (`chmod a-w`, `u-w`, root included, whom the system lets
 * write anyway), or a folder this user may not write in (its files could not be deleted).
 * `theirs` holds the folders of the latter that another user owns and may write (a team's
 * report folder written by another with umask 022): not made read-only, and no `chmod u+w`
 * of this user's (refused: not the owner) nor of its owner's (it has u+w) makes them
 * writable to this one (a review).
 */
export function readOnlyEntries(dir: string, theirs: string[] = []): string[] {
  const found: string[] = [];
  const me = process.getuid?.();
  const look = (path: string, shown: string) => {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      return; // gone since the listing: foreignEntries says so of a folder being written
    }
    if (st.isSymbolicLink()) return;
    let writable = (st.mode & 0o200) !== 0;
    if (writable && st.isDirectory()) {
      try {
        accessSync(path, constants.W_OK);
      } catch {
        writable = false;
      }
    }
    if (!writable) {
      if ((st.mode & 0o200) !== 0 && me !== undefined && st.uid !== me) theirs.push(shown);
      else found.push(shown);
    }
    if (!st.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path).sort();
    } catch {
      return;
    }
    for (const name of names) look(join(path, name), shown === '' ? name : `${shown}/${name}`);
  };
  look(dir, '');
  return found;
}

/** Whether `dir` is a folder `poolsim report` wrote: it carries the mark, or the layout of the reports written before the mark. */
export function isReportFolder(dir: string): boolean {
  let entries: string[];
  try {
    if (!lstatSync(dir).isDirectory()) return false;
    entries = readdirSync(dir);
  } catch {
    return false;
  }
  if (entries.includes(MARKER)) {
    try {
      return lstatSync(join(dir, MARKER)).isFile();
    } catch {
      return false;
    }
  }
  // Reports written before the mark existed.
  if (!entries.includes('index.html') || !entries.includes('index.md')) return false;
  try {
    if (!readFileSync(join(dir, 'index.md'), 'utf8').startsWith('# poolsim reports')) return false;
    for (const e of entries) {
      if (e === 'index.html' || e === 'index.md' || e === 'changes.html' || e === 'changes.md') continue;
      const p = join(dir, e);
      if (!lstatSync(p).isDirectory() || !existsSync(join(p, 'results.json'))) return false;
    }
  } catch {
    return false;
  }
  return true;
}

/** Leftovers poolsim's own: a folder it wrote (the mark), or an empty one (a render killed before its mark). */
function ours(dir: string): boolean {
  try {
    return isReportFolder(dir) || (lstatSync(dir).isDirectory() && readdirSync(dir).length === 0);
  } catch {
    return false;
  }
}

/**
 * Put right what an interrupted run left beside `target` (see the module comment).
 * Returns one line per thing done, or left, for the terminal.
 */
export function recoverLeftovers(outDir: string): string[] {
  const target = resolve(outDir);
  const done: string[] = [];
  const leftovers = leftoversOf(target).filter((l) => !alive(l.pid) && ours(l.path));
  const olds = leftovers.filter((l) => l.kind === 'old').sort((a, b) => b.ms - a.ms);
  if (!existsSync(target) && olds.length > 0) {
    // Renamed back, not deleted: whatever it holds is kept, as the reports it was.
    const newest = olds.shift()!;
    renameSync(newest.path, target);
    done.push(`restored the previous reports to ${outDir} from ${basename(newest.path)}, left by an interrupted run`);
  }
  for (const l of [...olds, ...leftovers.filter((x) => x.kind === 'tmp')]) {
    // What poolsim cannot show it wrote as it is keeps the leftover, as it keeps --out
    // (foreignEntries: without its list of files — a render killed before it wrote it — a
    // page cannot be, a listed scenario's results.json still is). Before an audit
    // (December 2026) a marked leftover went whole, a note put in it by hand with it.
    const kept = foreignEntries(l.path);
    if (kept.length > 0) {
      const shown = kept.slice(0, 5).join(', ') + (kept.length > 5 ? `, and ${kept.length - 5} more` : '');
      done.push(`kept ${basename(l.path)}, left by an interrupted run: it holds what poolsim cannot show it wrote (${shown}); delete it yourself once nothing in it is yours`);
      continue;
    }
    rmSync(l.path, { recursive: true, force: true });
    done.push(`removed ${basename(l.path)}, left by an interrupted run`);
  }
  // What an earlier run could not delete of the previous reports (reports/write.ts): named
  // on every run, never deleted.
  for (const path of keptOf(target)) {
    const left = leftIn(path);
    const shown = left.length === 0 ? 'nothing now' : left.slice(0, 5).join(', ') + (left.length > 5 ? `, and ${left.length - 5} more` : '');
    done.push(`kept ${basename(path)} beside ${outDir}: what an earlier run could not delete of the previous reports (it holds ${shown}); poolsim never deletes it — move out what is yours, then delete it`);
  }
  return done;
}

/**
 * `path` as the system reads it where a `..` in it follows a link: `lnk/../out` is the
 * folder above where lnk leads, which resolve() and realpathSync() (both "lnk/.." → ".")
 * miss; `report --out lnk/../out` wrote ./out and `diff lnk/../base` found no results in a
 * folder the shell lists (an input audit). The folder part resolved by the system
 * (realpath(3)), as far as it exists; the last name as written, so that a link there is
 * still seen as one. A path the system reads as written (no `..` in it, or none that
 * follows a link: `../out`) is returned as it is, so that messages name it as typed (an
 * audit: `report --out ../out` said "Open /home/…/out/index.html", where `run` echoes
 * `../x.yaml`).
 */
export function systemPath(path: string): string {
  if (!path.split(SEPARATOR).includes('..')) return path;
  // A `..` after a file (`scenario.yaml/../x`) the system does not follow (ENOTDIR):
  // systemFolder, climbing to what exists, read it as ./x (an audit).
  const file = fileInTheWay(path);
  if (file !== undefined) throw new NotAFolder(path, file);
  const last = basename(path);
  const system = last === '..' || last === '.' ? systemFolder(path) : join(systemFolder(dirname(path)), last);
  // Its `..` taken away as written, then its links (realOf): the same place, the path as typed.
  return system === realOf(path) ? path : system;
}

/**
 * Thrown by systemPath where the system would not follow the path: `file` (a part of it as
 * written) is a file, and the path goes on past it (`file.yaml/../x`: ENOTDIR), which
 * `open`, `cat` and `mkdir -p` refuse. Each command says it as its own bad input.
 */
export class NotAFolder extends Error {
  readonly code = 'ENOTDIR';
  constructor(
    readonly path: string,
    readonly file: string,
  ) {
    super(`${file} is a file, not a folder, so the path cannot go on past it (ENOTDIR)`);
  }
}

/**
 * The first part of `path`, as written, that is a file (or anything but a folder) with more
 * of the path after it, where the system stops with ENOTDIR; undefined where it does not.
 * Each part is looked at as the system reads it (its links and `..` followed).
 */
function fileInTheWay(path: string): string | undefined {
  for (const part of partsBefore(path)) {
    try {
      if (!statSync(part).isDirectory()) return part;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
      // Missing (ENOENT), or not to be looked at: no file in the way here.
      return undefined;
    }
  }
  return undefined;
}

/**
 * What separates a path's names: "/" (a backslash is part of a name on POSIX: a file
 * `s.json\..\r.json` was read as a path through s.json, a review), either on Windows.
 */
export const SEPARATOR = process.platform === 'win32' ? /[\\/]+/ : /\/+/;

/** Each leading part of `path` as written that names a folder to go on from (`a`, `a/b` of `a/b/c`), not one ending in `.` or `..`. */
function partsBefore(path: string): string[] {
  const every = new RegExp(SEPARATOR.source, 'g');
  const ends = [...path.matchAll(every)].map((m) => m.index).filter((i) => i > 0);
  return ends.map((end) => path.slice(0, end)).filter((part) => !['.', '..'].includes(part.split(SEPARATOR).at(-1)!));
}

/**
 * The first part of `path`, as written, that does not exist while a `..` after it climbs
 * back out (`missing/../out`): the system opens nothing there (ENOENT), and `report --out`
 * wrote ./out and then said "Open missing/../out/index.html", a path that leads nowhere
 * (a review). Undefined where every such part exists, or no `..` follows a missing one.
 */
export function missingInTheWay(path: string): string | undefined {
  for (const part of partsBefore(path)) {
    if (existsSync(part)) continue;
    return path.slice(part.length).split(SEPARATOR).includes('..') ? part : undefined;
  }
  return undefined;
}

/** A path as the system resolves it (realpath(3)), as far as it exists, the rest appended as written. */
function systemFolder(path: string): string {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      return join(realpathSync.native(at), ...rest.reverse());
    } catch {
      const up = dirname(at);
      if (up === at) return resolve(path);
      rest.push(basename(at));
      at = up;
    }
  }
}

/**
 * `path` with every link and `..` on the way resolved, as far as it exists (the rest
 * appended as written): two names of one folder, a link and its target, compare equal.
 */
export function realOf(path: string): string {
  // Its `..` taken away first (resolve), as written, then its links as the system finds them.
  return systemFolder(resolve(path));
}

/**
 * The current folder, or undefined where it no longer exists: deleted since the shell went
 * into it, getcwd() fails (ENOENT, "uv_cwd"). Any other failure is thrown.
 */
export function currentFolder(): string | undefined {
  try {
    return process.cwd();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Throws TargetRefused (exit 2, nothing run) where the current folder no longer exists and
 * one of `paths` (`[path, what it is]`) is relative: it leads nowhere. Absolute paths need
 * no current folder, and `report` runs with them from a deleted one as `run` does; it said
 * only "ENOENT: no such file or directory, uv_cwd" (exit 3) until an audit (December 2026).
 */
export function checkCurrentFolder(paths: readonly (readonly [path: string, what: string])[]): void {
  if (currentFolder() !== undefined) return;
  const relatives = paths.filter(([path]) => !isAbsolute(path)).map(([path, what]) => `${path} (${what})`);
  if (relatives.length === 0) return;
  throw new TargetRefused(
    `the current folder no longer exists (it was deleted after the shell went into it), so ${relatives.length === 1 ? 'a relative path leads' : 'relative paths lead'} nowhere: ${relatives.join(', ')}; cd into a folder that exists, or give absolute paths`,
  );
}

/**
 * From a folder deleted since, a relative path that leads nowhere (`paths`: `[path, what it
 * is]`) is refused as checkCurrentFolder refuses it, in its words, where it read only "no
 * such file" (a review). One that still leads somewhere (`../x`: the kernel keeps the way up)
 * is left to run.
 */
export function checkGoneRelatives(paths: readonly (readonly [path: string, what: string])[]): void {
  if (currentFolder() !== undefined) return;
  checkCurrentFolder(paths.filter(([path]) => !existsSync(path)));
}

/** `inner` is `outer` or inside it. */
export function within(inner: string, outer: string): boolean {
  const r = relative(outer, inner);
  // `..` as a whole step, not a prefix: `..p.json` and `..new` are names inside `outer`
  // (read as outside, a part was written into the folder being run, a report into the
  // baseline: an audit).
  return r === '' || (r !== '..' && !r.startsWith(`..${sep}`) && !isAbsolute(r) && !/^[A-Za-z]:/.test(r));
}

/**
 * Throws TargetRefused unless `outDir` is a folder poolsim may (create and) replace as a
 * whole: missing, empty, or a report folder it wrote itself; never the root, the current
 * folder or one above it, nor one holding the scenario files being run. A missing folder
 * must be creatable: its nearest existing parent is a folder poolsim can write in (tried
 * with a temporary folder, removed at once). Writes nothing else.
 */
export function checkTarget(outDir: string, options: { inputs?: readonly string[]; baseline?: string; cwd?: string; slugs?: readonly string[]; typed?: string } = {}): void {
  if (outDir.trim() === '') throw new TargetRefused('--out needs a folder name, got ""');
  // A current folder deleted since: every path must then be absolute (checkCurrentFolder).
  const here = options.cwd ?? currentFolder();
  if (here === undefined) {
    checkCurrentFolder([[outDir, '--out'], ...(options.inputs ?? []).map((i): [string, string] => [i, 'being run']), ...(options.baseline === undefined ? [] : [[options.baseline, '--baseline'] as [string, string]])]);
  }
  const cwd = here === undefined ? undefined : resolve(here);
  const from = (path: string) => (cwd === undefined ? resolve(path) : resolve(cwd, path));
  const target = from(outDir);
  // A folder refused as a whole, and why poolsim may write only where it does.
  const refuse = (why: string, reason = `poolsim replaces --out as a whole, so it only replaces a folder it wrote itself (one with a ${MARKER} file) — give a new or empty folder`): never => {
    // Named as typed (`--out lnk/..`), where systemPath took it to where it leads (a review).
    throw new TargetRefused(`--out ${options.typed ?? outDir}: ${why}; ${reason}`);
  };
  // Its own report folder (the mark is there), holding something poolsim cannot call its own.
  const keeps = 'poolsim replaces --out as a whole, and keeps nothing it did not write there';
  if (target === parse(target).root) refuse('is the root of the file system');
  // Compared by what the names lead to, links followed: `--baseline bl` where bl is a
  // link to the --out folder replaced the baseline with the new run until December 2026.
  const real = realOf(target);
  // A current folder that no longer exists has no name for --out to be or hold.
  if (cwd !== undefined && (within(cwd, target) || within(realOf(cwd), real))) refuse('is the current folder or holds it');
  for (const input of options.inputs ?? []) {
    if (within(from(input), target) || within(realOf(from(input)), real)) refuse(`holds ${input}, which is being run`);
  }
  // The baseline is read, not run: replacing it would lose what the new reports are
  // compared with.
  if (options.baseline !== undefined) {
    const baseline = from(options.baseline);
    if (within(baseline, target) || within(realOf(baseline), real)) {
      refuse(baseline === target || realOf(baseline) === real ? 'is the --baseline folder, which the new reports are compared with' : `holds the --baseline folder ${options.baseline}, which the new reports are compared with`);
    }
    // Nor inside it: the baseline would then hold a folder it never wrote, and a later
    // report into the baseline's place would be refused for it.
    if (within(target, baseline) || within(real, realOf(baseline))) refuse(`is inside the --baseline folder ${options.baseline}, which the new reports are compared with`);
  }
  // The reports are written beside it as `.<name>.tmp-<pid>-<ms>` and the old ones step
  // aside as `.<name>.old-<pid>-<ms>` (reports/write.ts): a name too long for those ran
  // everything, then failed (ENAMETOOLONG).
  // `.<name>.kept-*` (KEPT), the longest, names what a run could not delete of the old folder.
  const swapName = `.${basename(target)}.${KEPT}-${process.pid}-${Date.now()}`;
  if (Buffer.byteLength(swapName) > NAME_MAX) {
    refuse(
      `a folder name of ${Buffer.byteLength(basename(target))} bytes is too long`,
      `poolsim writes the reports beside it first, under names up to ${Buffer.byteLength(swapName) - Buffer.byteLength(basename(target))} bytes longer (.<name>.tmp-<pid>-<time>, .<name>.${KEPT}-<pid>-<time>), and a file name may have at most ${NAME_MAX} bytes — give a shorter name`,
    );
  }
  let st;
  try {
    st = lstatSync(target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') refuse(`cannot be read (${code})`);
  }
  if (st) {
    if (st.isSymbolicLink()) refuse('is a symbolic link: give the folder itself');
    if (!st.isDirectory()) refuse('is a file, not a folder');
    // A mount point cannot be renamed (EBUSY): found after the whole run until an audit.
    // Read from the kernel's list of mount points (reports/mounts.ts): comparing st.dev
    // with the parent's missed a bind mount from the same file system.
    if (isMountPoint(target)) {
      refuse('is a mount point (a file system is mounted there)', 'poolsim replaces --out by renaming a new folder into its place, and a mount point cannot be renamed — give a folder inside it, or another folder');
    }
    let entries: string[];
    try {
      entries = readdirSync(target);
    } catch (e) {
      return refuse(`cannot be read (${(e as NodeJS.ErrnoException).code})`);
    }
    // A desktop's files (a Finder's .DS_Store, made by looking at the folder) are nobody's
    // work; a folder or link under such a name is the user's (isDesktopFile).
    entries = entries.filter((name) => !isDesktopFile(target, name));
    if (entries.length > 0 && !isReportFolder(target)) refuse(`is a folder poolsim did not write (it has no ${MARKER} file) and it is not empty`);
    if (entries.length > 0) {
      let foreign: string[];
      try {
        foreign = foreignEntries(target, options.slugs);
      } catch (e) {
        // A file or folder gone between the listing and the look: something else is writing
        // there — another report into the same --out, most likely (an audit: a bare ENOENT,
        // exit 3, as if a run had failed).
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
        return refuse(`changed while poolsim looked at it (${code}: is another poolsim report writing there?)`, 'give a folder no other run is writing to, or run again once it is done');
      }
      const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, and ${foreign.length - 3} more` : '');
      const some = foreign.length === 1 ? 'something' : `${foreign.length} things`;
      const them = foreign.length === 1 ? 'it' : 'them';
      if (foreign.length > 0 && !hasWrittenList(target)) {
        // Pages of an older run, most likely, but one may hold a line the user added.
        refuse(
          `holds ${some} poolsim cannot tell it wrote as ${foreign.length === 1 ? 'it is' : 'they are'} now (${shown}): the folder has no ${WRITTEN} list of the files poolsim wrote there ` +
            `(a report of an older poolsim, or the list was removed), so a page edited since cannot be told from poolsim's own — delete ${them} if ${foreign.length === 1 ? 'it is' : 'they are'} poolsim's old output, move ${them} out if not, or give another folder`,
          keeps,
        );
      }
      if (foreign.length > 0) refuse(`holds ${some} poolsim did not write there (${shown}): move ${them} out, or give another folder`, keeps);
    }
    // Made read-only (`chmod -R a-w`): the user's word that it is to stay as it is. It was
    // replaced by a writable copy (as root), or stepped aside to a `.kept-*` copy that could
    // not be deleted while the new one took its place (as another user), exit 0 (an audit).
    const theirs: string[] = [];
    const locked = readOnlyEntries(target, theirs);
    const namedOf = (list: string[]) => list.slice(0, 3).map((e) => (e === '' ? 'the folder itself' : e)).join(', ') + (list.length > 3 ? `, and ${list.length - 3} more` : '');
    if (locked.length > 0) {
      refuse(
        `is read-only (${namedOf(locked)} ${locked.length === 1 ? 'is' : 'are'} not writable), so it is kept as it is`,
        `poolsim replaces --out as a whole and never replaces a folder made read-only — make it writable (chmod -R u+w ${options.typed ?? outDir}) if it is to be replaced, or give another folder`,
      );
    }
    // Another user's, writable by its owner: not read-only, and `chmod -R u+w` (the advice
    // above) changes nothing of it (a review: said so of a team's folder written with umask 022).
    if (theirs.length > 0) {
      refuse(
        `is another user's (${namedOf(theirs)}, writable by ${theirs.length === 1 ? 'its owner' : 'their owner'} but not by this user, who could not delete the old reports in ${theirs.length === 1 ? 'it' : 'them'}), so it is kept as it is`,
        `poolsim replaces --out as a whole — run the report as the user who wrote it, or have its owner make it writable to you (chmod -R g+w ${options.typed ?? outDir}, where you share its group), or give another folder`,
      );
    }
  }
  // The reports are written beside the target and renamed in: the parent must take a new folder.
  let parent = dirname(target);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  try {
    if (!statSync(parent).isDirectory()) refuse(`cannot be made: ${parent} is not a folder`);
    accessSync(parent, constants.W_OK);
    rmdirSync(mkdtempSync(join(parent, '.poolsim-probe-')));
  } catch (e) {
    if (e instanceof TargetRefused) throw e;
    refuse(`cannot be written: ${parent} does not take new folders (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}
