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
 * (foreignEntries); a scenario's `results.json`, which Git brings from other machines, is
 * read by its content where the mark lists the scenario or the run writes it. A folder
 * without the list (written before it, or a fresh clone's baseline), and a report folder
 * written before the mark (index.html and index.md saying "poolsim reports", every other
 * entry a scenario folder with results.json), are read by the layout and the files' own
 * words instead, so upgrading does not strand anyone's reports.
 *
 * The swap (reports/write.ts) renders into `.<name>.tmp-<pid>-<ms>`, steps the old folder
 * aside to `.<name>.old-<pid>-<ms>`, renames the new one in and deletes the old one. A run
 * killed outright (SIGKILL, power cut) can leave either beside `<name>`; the next run, once
 * its input is known to be good, puts them right before it starts (`recoverLeftovers`):
 *   - `<name>` missing and an `.old-*` there (killed between the two renames): the newest
 *     `.old-*` is renamed back to `<name>` — the previous reports come back;
 *   - every other `.old-*` and every `.tmp-*` (an unfinished render, or a finished swap
 *     whose clean-up was cut short) is deleted, but only if it carries the mark.
 * Leftovers of a run whose process is still alive are left alone: it may still be writing.
 */
import { accessSync, closeSync, constants, existsSync, lstatSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, realpathSync, renameSync, rmSync, rmdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, parse, relative, resolve, sep } from 'node:path';

/** The file that marks a folder as poolsim's own report folder. */
export const MARKER = '.poolsim-report';
export const MARKER_TEXT = 'This folder was written by `poolsim report`; the next run replaces it as a whole.\n';
/** In the mark, the heading of the list of scenario folders the run wrote, one a line (markText). */
const LISTED = 'Scenario folders it wrote:';
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

/** The mark of a report folder whose scenario folders are `slugs`. */
export function markText(slugs: readonly string[]): string {
  return `${MARKER_TEXT}\n${LISTED}\n${slugs.map((s) => `${s}\n`).join('')}`;
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
 * (written before it, or a fresh clone's baseline): the folder is then read by its layout.
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
 * list (or none, or an unreadable one): then it lists none, and a scenario folder the run
 * does not write is poolsim's only with one of its pages (foreignEntries).
 */
function listedSlugs(dir: string): Set<string> | undefined {
  const lines = listUnder(dir, MARKER, LISTED);
  return lines === undefined ? undefined : new Set(lines);
}

/**
 * What `poolsim report` writes in a report folder (reports/write.ts): its mark, the index
 * and the changes pages at the top, and per scenario a folder of its pages, results and
 * charts, each of which says it is poolsim's (OWN_CONTENT). Anything else there was put
 * there by someone else, and a folder holding it is not replaced (checkTarget). By the
 * layout and the files' own words rather than by a list of the last run's files:
 * charts of an older run, or scenarios since renamed (left in a committed baseline by a
 * branch switch, where git ignores all but results.json), are poolsim's all the same.
 */
/** Beside the mark (MARKER), whose content is poolsim's own by definition. */
const TOP_FILES = new Set(['index.html', 'index.md', 'changes.html', 'changes.md']);
const SCENARIO_FILES = new Set(['index.html', 'report.md', 'results.json', 'results.csv']);
/**
 * What every file of that layout that poolsim writes says, near its top (within HEAD_BYTES).
 * A file by one of these names that does not say it is the user's — a page called
 * index.html written by hand in a scenario's folder — and the folder is not replaced. By content
 * already in what every poolsim since the first wave wrote, so that older reports are
 * still poolsim's. An empty file holds nobody's work and goes with the folder.
 */
const OWN_CONTENT: Record<string, (head: string) => boolean> = {
  // The index (reports/render.ts renderIndex*): its title and heading.
  'top/index.html': (head) => head.includes('poolsim reports'),
  'top/index.md': (head) => head.startsWith('# poolsim reports'),
  // What moved since the baseline (reports/changes.ts).
  'top/changes.html': (head) => head.includes('<title>What moved since the baseline</title>'),
  'top/changes.md': (head) => head.includes('what moved since the baseline'),
  // A scenario's pages carry its run line: "viciousness · clash · 20000 trials · seed …" (reports/render.ts metaLine).
  'scenario/index.html': (head) => / trials · seed /.test(head),
  'scenario/report.md': (head) => / trials · seed /.test(head),
  // The result JSON (sim/result.ts), and the CSV's header (reports/render.ts renderResultsCsv).
  'scenario/results.json': (head) => head.startsWith('{') && head.includes('"system":') && head.includes('"mechanic":'),
  'scenario/results.csv': (head) => (head.split('\n', 1)[0] ?? '').includes('estimate,ci_low,ci_high'),
  // Every chart is Observable Plot's SVG (reports/charts/).
  'chart/svg': (head) => head.startsWith('<svg') && head.includes('class="plot-'),
};
const HEAD_BYTES = 1 << 16;

/** Whether the file at `path` reads as poolsim's `kind` (OWN_CONTENT), or is empty. */
function ownContent(path: string, kind: string): boolean {
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
  return head === '' || OWN_CONTENT[kind]!(head);
}

/** Whether `path` is a scenario page (`index.html` or `report.md`) that reads as poolsim's and is not empty. */
function pageOf(path: string, page: string): boolean {
  try {
    if (!lstatSync(path).isFile() || statSync(path).size === 0) return false;
  } catch {
    return false;
  }
  return ownContent(path, `scenario/${page}`);
}

/** A scenario's folder name (reports/write.ts SLUG). */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** What a desktop's file manager leaves in any folder it shows: not the user's work, and removed with the folder. */
const DESKTOP_FILES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

/**
 * What a report folder holds that `poolsim report` does not write (a note put there by
 * hand), as paths relative to `dir`, folders ending in "/" and reported once, when the run
 * about to write it writes the scenario folders `writing`. Links are not followed: a link
 * is never poolsim's.
 */
export function foreignEntries(dir: string, writing: readonly string[] = []): string[] {
  const files = listedFiles(dir);
  if (files) return unlistedEntries(dir, files, new Set([...(listedSlugs(dir) ?? []), ...writing]));
  const foreign: string[] = [];
  // The scenario folders the mark lists, and those this run writes (a scenario a merge
  // added while keeping the other side's mark: its committed results.json is replaced by
  // the new one all the same). A mark of before the list, or a folder of before the mark,
  // lists none: its other folders are poolsim's only with a page (a user's `run --json`
  // result saved in one was deleted with no word until December 2026).
  const listed = new Set([...(listedSlugs(dir) ?? []), ...writing]);
  const kind = (path: string) => {
    const st = lstatSync(path);
    return st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'folder' : st.isFile() ? 'file' : 'other';
  };
  for (const name of readdirSync(dir).sort()) {
    if (DESKTOP_FILES.has(name)) continue;
    const k = kind(join(dir, name));
    if (k === 'file' && name === MARKER) continue;
    if (k === 'file' && TOP_FILES.has(name) && ownContent(join(dir, name), `top/${name}`)) continue;
    if (k !== 'folder' || !SLUG.test(name)) {
      foreign.push(k === 'folder' ? `${name}/` : name);
      continue;
    }
    // A scenario folder the mark does not list (an older run's, left by a branch switch) is
    // poolsim's only with one of its pages: a folder holding a `run --json` result alone
    // is the user's, even if it is poolsim's JSON. (A listed one may hold results.json
    // alone: a committed baseline in a fresh clone, where git keeps only that.)
    const unlisted = !listed.has(name);
    if (unlisted && !['index.html', 'report.md'].some((page) => pageOf(join(dir, name, page), page))) {
      const inside = readdirSync(join(dir, name)).filter((inner) => !DESKTOP_FILES.has(inner));
      // One file is named as it is; a folder of several, as the folder.
      if (inside.length === 1) foreign.push(`${name}/${inside[0]}${kind(join(dir, name, inside[0])) === 'folder' ? '/' : ''}`);
      else if (inside.length > 1) foreign.push(`${name}/`);
      continue;
    }
    for (const inner of readdirSync(join(dir, name)).sort()) {
      if (DESKTOP_FILES.has(inner)) continue;
      const path = join(dir, name, inner);
      const ik = kind(path);
      if (ik === 'file' && SCENARIO_FILES.has(inner) && ownContent(path, `scenario/${inner}`)) continue;
      if (ik === 'folder' && inner === 'charts') {
        for (const chart of readdirSync(path).sort()) {
          const chartPath = join(path, chart);
          if (DESKTOP_FILES.has(chart) || (kind(chartPath) === 'file' && chart.endsWith('.svg') && ownContent(chartPath, 'chart/svg'))) continue;
          foreign.push(`${name}/charts/${chart}${kind(chartPath) === 'folder' ? '/' : ''}`);
        }
        continue;
      }
      foreign.push(`${name}/${inner}${ik === 'folder' ? '/' : ''}`);
    }
  }
  return foreign;
}

/**
 * foreignEntries for a folder with WRITTEN: what is not there as this machine's last run
 * wrote it. A file is poolsim's when WRITTEN lists its path with its SHA-256 now (an empty
 * one, when the list names its path); a folder when it holds only such files. One
 * exception, by content as before the list: a `results.json` in a scenario folder the mark
 * lists or this run writes (`scenarios`) — Git brings those from other machines (a pull, a
 * branch switch, a merge), and the run replaces or drops them with the folder. An edited
 * file is named as changed.
 */
function unlistedEntries(dir: string, files: Map<string, string>, scenarios: ReadonlySet<string>): string[] {
  const foreign: string[] = [];
  // Returns whether `path` (a folder, `rel` inside `dir`) holds anything poolsim's, after
  // naming what is not: a folder with nothing of poolsim's and several things in it is
  // named once, as the folder.
  const walk = (path: string, rel: string): boolean => {
    let ownSeen = false;
    const names = readdirSync(path).sort();
    const start = foreign.length;
    for (const name of names) {
      if (DESKTOP_FILES.has(name)) continue;
      const at = join(path, name);
      const r = rel === '' ? name : `${rel}/${name}`;
      const st = lstatSync(at);
      if (st.isDirectory()) {
        if (walk(at, r)) ownSeen = true;
        continue;
      }
      if (st.isFile() && rel === '' && (name === MARKER || name === WRITTEN)) continue;
      const listed = files.get(r);
      if (st.isFile() && listed !== undefined && (st.size === 0 || sameFile(at, listed))) {
        ownSeen = true;
        continue;
      }
      const parts = r.split('/');
      if (st.isFile() && parts.length === 2 && parts[1] === 'results.json' && scenarios.has(parts[0]!) && ownContent(at, 'scenario/results.json')) {
        ownSeen = true;
        continue;
      }
      foreign.push(st.isFile() && files.has(r) ? `${r} (changed since poolsim wrote it)` : r);
    }
    if (!ownSeen && rel !== '' && foreign.length - start > 1) foreign.splice(start, foreign.length - start, `${rel}/`);
    return ownSeen;
  };
  walk(dir, '');
  return foreign;
}

/** `--out` names something poolsim must not replace (exit 2, nothing runs). */
export class TargetRefused extends Error {}

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

/** Deletable leftovers: poolsim's own folders, or empty ones (a render killed before its mark). */
function ours(dir: string): boolean {
  try {
    return isReportFolder(dir) || (lstatSync(dir).isDirectory() && readdirSync(dir).length === 0);
  } catch {
    return false;
  }
}

/**
 * Put right what an interrupted run left beside `target` (see the module comment).
 * Returns one line per thing done, for the terminal.
 */
export function recoverLeftovers(outDir: string): string[] {
  const target = resolve(outDir);
  const done: string[] = [];
  const leftovers = leftoversOf(target).filter((l) => !alive(l.pid));
  const olds = leftovers.filter((l) => l.kind === 'old' && ours(l.path)).sort((a, b) => b.ms - a.ms);
  if (!existsSync(target) && olds.length > 0) {
    const newest = olds.shift()!;
    renameSync(newest.path, target);
    done.push(`restored the previous reports to ${outDir} from ${basename(newest.path)}, left by an interrupted run`);
  }
  for (const l of [...olds, ...leftovers.filter((x) => x.kind === 'tmp')]) {
    if (!ours(l.path)) continue;
    rmSync(l.path, { recursive: true, force: true });
    done.push(`removed ${basename(l.path)}, left by an interrupted run`);
  }
  return done;
}

/**
 * `path` with every link and `..` on the way resolved, as far as it exists (the rest
 * appended as written): two names of one folder, a link and its target, compare equal.
 */
function realOf(path: string): string {
  const rest: string[] = [];
  let at = resolve(path);
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

/** `inner` is `outer` or inside it. */
export function within(inner: string, outer: string): boolean {
  const r = relative(outer, inner);
  return r === '' || (!r.startsWith('..') && !r.startsWith(sep) && !/^[A-Za-z]:/.test(r));
}

/**
 * Throws TargetRefused unless `outDir` is a folder poolsim may (create and) replace as a
 * whole: missing, empty, or a report folder it wrote itself; never the root, the current
 * folder or one above it, nor one holding the scenario files being run. A missing folder
 * must be creatable: its nearest existing parent is a folder poolsim can write in (tried
 * with a temporary folder, removed at once). Writes nothing else.
 */
export function checkTarget(outDir: string, options: { inputs?: readonly string[]; baseline?: string; cwd?: string; slugs?: readonly string[] } = {}): void {
  if (outDir.trim() === '') throw new TargetRefused('--out needs a folder name, got ""');
  const cwd = resolve(options.cwd ?? process.cwd());
  const target = resolve(cwd, outDir);
  const refuse = (why: string): never => {
    throw new TargetRefused(`--out ${outDir}: ${why}; poolsim replaces --out as a whole, so it only replaces a folder it wrote itself (one with a ${MARKER} file) — give a new or empty folder`);
  };
  if (target === parse(target).root) refuse('is the root of the file system');
  // Compared by what the names lead to, links followed: `--baseline bl` where bl is a
  // link to the --out folder replaced the baseline with the new run until December 2026.
  const real = realOf(target);
  if (within(cwd, target) || within(realOf(cwd), real)) refuse('is the current folder or holds it');
  for (const input of options.inputs ?? []) {
    if (within(resolve(cwd, input), target) || within(realOf(resolve(cwd, input)), real)) refuse(`holds ${input}, which is being run`);
  }
  // The baseline is read, not run: replacing it would lose what the new reports are
  // compared with.
  if (options.baseline !== undefined) {
    const baseline = resolve(cwd, options.baseline);
    if (within(baseline, target) || within(realOf(baseline), real)) {
      refuse(baseline === target || realOf(baseline) === real ? 'is the --baseline folder, which the new reports are compared with' : `holds the --baseline folder ${options.baseline}, which the new reports are compared with`);
    }
    // Nor inside it: the baseline would then hold a folder it never wrote, and a later
    // report into the baseline's place would be refused for it.
    if (within(target, baseline) || within(real, realOf(baseline))) refuse(`is inside the --baseline folder ${options.baseline}, which the new reports are compared with`);
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
    let entries: string[];
    try {
      entries = readdirSync(target);
    } catch (e) {
      return refuse(`cannot be read (${(e as NodeJS.ErrnoException).code})`);
    }
    if (entries.length > 0 && !isReportFolder(target)) refuse(`is a folder poolsim did not write (it has no ${MARKER} file) and it is not empty`);
    if (entries.length > 0) {
      const foreign = foreignEntries(target, options.slugs);
      const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? `, and ${foreign.length - 3} more` : '');
      if (foreign.length > 0) refuse(`holds ${foreign.length === 1 ? 'something' : `${foreign.length} things`} poolsim did not write there (${shown}): move ${foreign.length === 1 ? 'it' : 'them'} out, or give another folder`);
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
