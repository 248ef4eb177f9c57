/**
 * Reading scenario files from disk: JSON or YAML (`.yaml`/`.yml`), with line and column
 * for syntax errors, and folders expanded to the scenario files inside them.
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { ScenarioError, ScenarioErrors, planScenario, type ScenarioPlan } from '../sim/scenario.ts';
import { MARKER, SEPARATOR } from '../reports/target.ts';
import { NotUtf8, PART_FORMAT, decodeUtf8, parseScenarioText, scenarioFileValue } from '../sim/scenarioText.ts';
import { looksLikeResult } from '../sim/result.ts';
import { outputAmong, outputIsInput, type Output } from './output.ts';

export { parseScenarioText };

const SCENARIO_FILE = /\.(json|ya?ml)$/i;
/** The largest scenario file read: the library's are a few kilobytes; /dev/zero is endless. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

/**
 * What a file poolsim wrote (or reads) is, in words, for a command given one it does not
 * take (diff given a scenario, merge given a result, run given a result): each command
 * says the file is this, not what it expects. Undefined when it is none of these. A list
 * is what its items all are (`run --json` of several files prints a list of results).
 */
export function poolsimFileKind(value: unknown): { kind: 'part' | 'result' | 'scenario' | 'solve'; what: string } | undefined {
  if (Array.isArray(value)) {
    const kinds = value.map(poolsimFileKind);
    const first = kinds[0];
    return first !== undefined && kinds.every((k) => k?.kind === first.kind) ? first : undefined;
  }
  if (looksLikeResult(value)) return { kind: 'result', what: "a result JSON (what `poolsim run --json` prints, or a report's results.json)" };
  if (value === null || typeof value !== 'object') return undefined;
  const o = value as Record<string, unknown>;
  if (o.format === PART_FORMAT) return { kind: 'part', what: 'a part file of a sharded run (run --shard)' };
  if ('results' in o) return undefined;
  if ('setup' in o && 'mechanic' in o) return { kind: 'scenario', what: 'a scenario' };
  if (Array.isArray(o.solve)) return { kind: 'solve', what: 'poolsim solve --json output' };
  return undefined;
}

/** stat, following links, with the failure as a message rather than a throw. */
function statOf(path: string): Stats | string {
  try {
    return statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'no such file or folder (or a link to nothing)';
    if (code === 'ELOOP') return 'a link that loops back on itself';
    return `cannot be read (${code ?? (e as Error).message})`;
  }
}

function isFolder(st: Stats | string): boolean {
  return typeof st !== 'string' && st.isDirectory();
}

/**
 * Files named on the command line, folders expanded (sorted, recursively). Links are
 * followed, but a folder reached twice (`ln -s . self`) is a loop and an error, as is a
 * link to nothing; every problem is collected before throwing. A report folder that
 * `poolsim report` wrote (it carries reports/target.ts MARKER) holds results, not
 * scenarios: inside a folder it is passed over (`report scenarios --out scenarios/out`
 * must not make the next `run scenarios` read its results.json), and named itself it is
 * refused. Hidden names (starting ".") inside a folder are passed over; named, a hidden file
 * is read. A file reached more than once is listed once, where it is first reached; a
 * folder reached again (by another link to it) is not walked again. A folder named that
 * holds no scenario is refused, beside other inputs too.
 */
export function expandPaths(paths: readonly string[], folders?: Set<string>): string[] {
  const out: string[] = [];
  const errors: ScenarioError[] = [];
  const visiting = new Set<string>();
  /**
   * Folders walked to the end, by real path, and the scenario files reached in them:
   * reached again (by another link) they hold nothing new, but they are not empty.
   */
  const walked = new Map<string, number>();
  const seen = new Set<string>();
  /** Scenario files reached, each time (a file reached again by another path counts again). */
  let reached = 0;
  /** Hidden files named as scenarios, passed over (said where a folder then holds none). */
  let hiddenSkipped = 0;
  const walk = (p: string, named = false) => {
    const st = statOf(p);
    if (typeof st === 'string') {
      errors.push(new ScenarioError(p, '', st));
      return;
    }
    if (st.isDirectory()) {
      if (existsSync(join(p, MARKER))) {
        if (named) errors.push(new ScenarioError(p, '', `a report folder written by poolsim report (it has ${MARKER}): its files are results, not scenarios`));
        return;
      }
      let real: string;
      let names: string[];
      // A folder named through a link and then ".." ("lnk/..") is the folder above where the
      // link leads, as the system reads it; realpathSync() and join() take "lnk/.." away
      // first, and names beside the link were opened instead (a review).
      const dotted = p.split(/[\\/]/).includes('..');
      try {
        real = dotted ? realpathSync.native(p) : realpathSync(p);
        names = readdirSync(p).sort();
      } catch (e) {
        errors.push(new ScenarioError(p, '', `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`));
        return;
      }
      if (visiting.has(real)) {
        errors.push(new ScenarioError(p, '', 'a link back to a folder that holds it: the folders loop'));
        return;
      }
      // Every file in it was reached, and listed, the first time: walked again for each link
      // to it, 18 levels of two links each took minutes (an audit).
      const known = walked.get(real);
      if (known !== undefined) {
        reached += known;
        return;
      }
      const from = reached;
      folders?.add(real);
      visiting.add(real);
      const base = dotted ? real : p;
      for (const name of names) {
        // A hidden name is nobody's scenario: an editor's lock or backup (Emacs's `.#a.json`,
        // a link to nothing while a file has unsaved edits), macOS's `._a.json`, a `.git`
        // folder. Read, one of them refused the whole run (an audit).
        if (name.startsWith('.')) {
          if (SCENARIO_FILE.test(name)) hiddenSkipped++;
          continue;
        }
        const inside = join(base, name);
        const s = statOf(inside);
        if (typeof s === 'string' ? SCENARIO_FILE.test(name) : s.isDirectory() || SCENARIO_FILE.test(name)) walk(inside);
        if (errors.length > 100) break;
      }
      visiting.delete(real);
      walked.set(real, reached - from);
    } else if (!st.isFile()) {
      errors.push(new ScenarioError(p, '', 'not a regular file (a pipe, device or socket cannot be a scenario)'));
    } else if (st.size > MAX_FILE_BYTES) {
      errors.push(new ScenarioError(p, '', `${st.size.toLocaleString('en')} bytes: a scenario file is at most ${MAX_FILE_BYTES.toLocaleString('en')}`));
    } else {
      // One file reached twice (`run a.json scenarios/` with a.json inside, or a folder
      // named twice) is run once: twice would give two results of one name, which
      // `diff` and `merge` then refuse, and a second report page of the same numbers.
      reached++;
      let real = p;
      try {
        real = realpathSync(p);
      } catch {
        // It was just stat'ed: a file that vanished since is read, and reported, below.
      }
      if (seen.has(real)) return;
      seen.add(real);
      out.push(p);
    }
  };
  for (const p of paths) {
    const before = { reached, errors: errors.length, hidden: hiddenSkipped };
    walk(p, true);
    // A folder named beside others that holds no scenario is refused as it is named alone:
    // skipped, `run new/ a.yaml` ran a.yaml alone and said nothing (an audit).
    if (reached === before.reached && errors.length === before.errors && isFolder(statOf(p))) {
      const hidden = hiddenSkipped - before.hidden;
      const passed = hidden === 0 ? '' : ` (${hidden === 1 ? 'one hidden file, whose name starts' : `${hidden} hidden files, whose names start`} with ".", passed over: name one to run it)`;
      errors.push(new ScenarioError(p, '', `no scenario files (.json, .yaml, .yml) found in this folder${passed}${paths.length > 1 ? ' (each folder named must hold some)' : ''}`));
    }
  }
  if (errors.length > 0) throw new ScenarioErrors(errors);
  return out;
}

export { NotUtf8 };

/** A file's text, which must be UTF-8 (sim/scenarioText.ts decodeUtf8). */
export function readUtf8(file: string): string {
  return decodeUtf8(readFileSync(file));
}

/**
 * The largest result file `diff` and `report --baseline` read: as large as a part file
 * may be (cli/shard.ts MAX_PART_BYTES), so that what merge prints is read back. The
 * library's largest results.json is under 1 MB and all of its results together about 7 MB;
 * /dev/zero is endless.
 */
export const MAX_RESULT_BYTES = 256 * 1024 * 1024;

/** A file not read, for the reason its message gives (the caller names the file). */
export class FileRefused extends Error {}

/**
 * A file's text (UTF-8, as readUtf8) of at most `max` bytes: a regular file, or a pipe
 * (`poolsim diff <(poolsim run a.json --json) new.json`) read until it ends or passes
 * `max`. A device (/dev/zero, a terminal) or socket is refused, as is anything larger:
 * FileRefused, whose message says what `kind` of file was expected. Read in pieces, so a
 * file that grows while it is read is stopped at the cap too.
 */
export function readUtf8Capped(file: string, max: number, kind: string): string {
  const st = statSync(file);
  if (!st.isFile() && !st.isFIFO()) throw new FileRefused(`not a regular file or a pipe (a device or socket cannot be ${kind}): expected ${kind}`);
  const most = `${kind} is at most ${max.toLocaleString('en')} bytes (${max / (1024 * 1024)} MiB)`;
  if (st.isFile() && st.size > max) throw new FileRefused(`${st.size.toLocaleString('en')} bytes: ${most}`);
  const fd = openSync(file, 'r');
  try {
    // Looked at again once open: what was stat'ed may have been swapped since.
    const opened = fstatSync(fd);
    if (!opened.isFile() && !opened.isFIFO()) throw new FileRefused(`not a regular file or a pipe (a device or socket cannot be ${kind}): expected ${kind}`);
    const pieces: Buffer[] = [];
    let total = 0;
    for (;;) {
      const piece = Buffer.allocUnsafe(Math.min(1 << 20, max + 1 - total));
      let n: number;
      try {
        n = readSync(fd, piece, 0, piece.length, null);
      } catch (e) {
        // A pipe opened without waiting (it should not be: open() of a pipe waits): wait a little and read on.
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (n === 0) break;
      pieces.push(piece.subarray(0, n));
      total += n;
      if (total > max) throw new FileRefused(`more than ${max.toLocaleString('en')} bytes: ${most}`);
    }
    return decodeUtf8(Buffer.concat(pieces, total));
  } finally {
    closeSync(fd);
  }
}

/**
 * `read()`, where a file named with another extension (`notes.txt`, `heist.yanl`) that is
 * not valid JSON says it was read as JSON: a file named on the command line is read as
 * JSON unless its name ends .yaml or .yml (a pipe, `<(poolsim run …)`, has no extension),
 * and "not valid JSON" alone left a user wondering why a YAML file was read so (an audit).
 */
function readAsJson<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    const name = file.split(SEPARATOR).pop() ?? file;
    // A name with no extension (`noext`, `.hidden`, as extname reads them) gets no word.
    if (!(err instanceof ScenarioErrors) || SCENARIO_FILE.test(name) || !/.\.[^.]+$/.test(name)) throw err;
    throw new ScenarioErrors(
      err.errors.map((e) => (e.problem.startsWith('not valid JSON') ? new ScenarioError(e.file, e.path, `${e.problem} (read as JSON: a scenario file's name ends .json, .yaml or .yml)`, e.unknownKeys) : e)),
    );
  }
}

export function readScenario(file: string): unknown {
  let text: string;
  try {
    text = readUtf8(file);
  } catch (err) {
    if (err instanceof NotUtf8) throw new ScenarioErrors([new ScenarioError(file, '', err.message)]);
    throw new ScenarioErrors([new ScenarioError(file, '', `cannot read: ${(err as Error).message}`)]);
  }
  if (text.length > MAX_FILE_BYTES) throw new ScenarioErrors([new ScenarioError(file, '', `a scenario file is at most ${MAX_FILE_BYTES.toLocaleString('en')} bytes`)]);
  // Empty, or a shard's part file left in a folder of scenarios: said so (shared with the
  // dashboard's Open file).
  const value = readAsJson(file, () => scenarioFileValue(text, file));
  // `run --json` prints results (a list of them for several files), `report` writes
  // results.json: said as such, not as a scenario with an unknown field "results".
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 0 && list.every(looksLikeResult)) {
    throw new ScenarioErrors([new ScenarioError(file, '', `${poolsimFileKind(list[0])!.what}, not a scenario: run the scenario file it came from, or compare results with \`poolsim diff\``)]);
  }
  return value;
}

/** Read and plan every file; every file's problems are collected before throwing. */
export function loadPlans(
  paths: readonly string[],
  overrides: { trials?: number; seed?: string | number } = {},
): ScenarioPlan[] {
  const files = expandPaths(paths);
  if (files.length === 0) throw new ScenarioErrors([new ScenarioError(paths.join(' '), '', 'no scenario files (.json, .yaml, .yml) found')]);
  const plans: ScenarioPlan[] = [];
  const errors: ScenarioError[] = [];
  for (const file of files) {
    try {
      plans.push(planScenario(readScenario(file), file, overrides));
    } catch (err) {
      if (err instanceof ScenarioErrors) errors.push(...err.errors);
      // Anything else thrown while reading or checking a file is still that file's
      // problem (a bug, or input no check foresaw): a message, never a stack trace.
      else errors.push(new ScenarioError(file, '', `cannot be checked: ${String((err as Error)?.message ?? err).split('\n')[0].slice(0, 200)}`));
    }
  }
  // Results are matched by name (`poolsim diff`, `report --baseline`, merge): two files of
  // one name would run, and then every comparison of their results would refuse them.
  const firstOf = new Map<string, string>();
  for (const plan of plans) {
    const first = firstOf.get(plan.scenario.name);
    if (first !== undefined) errors.push(new ScenarioError(plan.file, 'name', `"${plan.scenario.name}" is also the name of ${first}: results are matched by name (diff, --baseline), so every scenario run together needs its own`));
    else firstOf.set(plan.scenario.name, plan.file);
  }
  if (errors.length > 0) throw new ScenarioErrors(errors);
  return plans;
}

/**
 * Refuse (bad input, before anything runs) a scenario file that is the file stdout writes
 * to (cli/output.ts outputAmong): named, or in a folder named (`run s.json --json >> s.json`).
 */
export function refuseReadingOutput(out: Output, positionals: readonly string[]): void {
  if (out.file === undefined) return;
  let files: string[];
  try {
    files = expandPaths(positionals);
  } catch {
    // loadPlans says what is wrong with them
    files = [...positionals];
  }
  const output = outputAmong(out, files);
  if (output !== undefined) throw new ScenarioErrors([new ScenarioError(output, '', outputIsInput(output))]);
}
