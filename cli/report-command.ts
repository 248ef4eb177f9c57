/**
 * `poolsim report [DIR|FILE...] [--out DIR] [--trials N] [--seed S]`: run every scenario
 * and write the batch reports (reports/write.ts) — HTML, Markdown with SVG charts, the
 * result JSON and CSV per scenario, and an index with every expect check. Every file is
 * checked before anything runs (exit 2, `--out` untouched); the reports are written all
 * or nothing; exit 1 when a check fails.
 */
import { existsSync } from 'node:fs';
import { basename, isAbsolute, relative, sep } from 'node:path';
import { loadPlans, refuseReadingOutput } from './load.ts';
import { UsageError, parseFlags } from './options.ts';
import { plainText } from './text.ts';
import { InterruptedAfterOutput } from './signals.ts';
import type { Output } from './output.ts';
import { Interrupted, STOP_SIGNALS, runPlans, type StopSignal } from './runner.ts';
import { NotAFolder, SEPARATOR, TargetRefused, checkCurrentFolder, checkTarget, missingInTheWay, ranFrom, realOf, recoverLeftovers, systemPath } from '../reports/target.ts';
import { importRendererLibraries } from '../reports/libraries.ts';
import type { ReportEntry } from '../reports/render.ts';
import { ScenarioError, ScenarioErrors, oneLine } from '../sim/scenario.ts';
import { diffResults, type ResultDiff } from '../sim/diff.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { headline } from '../reports/changes.ts';
import { diffOptionsOf, readResults, refuseReadingOutputSides } from './diff-command.ts';
import { pathWords, valueWords } from '../reports/sweep.ts';
import { solveSearches } from '../sim/solve/plan.ts';
import { solveAll } from './solving.ts';
import { afterName } from '../sim/solve/sentence.ts';
import { describeSolveExpect, failedSolveChecks } from '../reports/solveSection.ts';
import { borderlinePoints, describeCheck, exactDisagrees, measured } from '../reports/checkText.ts';

/** What `poolsim report` runs when no file or folder is named. */
const DEFAULT_INPUT = 'scenarios';

export const REPORT_USAGE = `  poolsim report [DIR|FILE...] [--out DIR] [--trials N] [--seed S] [--workers N]
                 [--baseline DIR [--min-change D] [--fdr Q]]

  runs every scenario (default: scenarios/) and writes DIR (default: reports/out):
  index.html and index.md listing each scenario's checks, and per scenario index.html,
  report.md with charts/*.svg, results.json and results.csv, in a folder named by its
  file's path below the folder given (DIR/sub/v1.json: sub-v1/). With --baseline (a report
  folder, e.g. reports/baseline) every number that moved since it is marked, and
  changes.html and changes.md list them all (see poolsim diff)`;

/**
 * A folder name for a scenario file, from its path below what was named (namedPaths):
 * without the extension, each folder joined by "-" (`sub/v1.json` → `sub-v1`), made safe.
 */
export function slugOf(file: string): string {
  const slug = file.replace(/\.(json|ya?ml)$/i, '').replace(/[\\/]+/g, '-').replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[._-]+/, '').slice(0, 100).replace(/\.+$/, '') || 'scenario';
  // A folder Windows cannot make (a device name: con, nul, com1 …, with any extension) gets
  // a suffix; so does none elsewhere. A trailing dot is dropped above: Windows drops it
  // too, and `a.` would be the same folder as `a`.
  // The suffix goes before the first dot: "NUL.tar" is still the device.
  return WINDOWS_DEVICES.test(slug) ? slug.replace(/^([^.]*)/, '$1-scenario') : slug;
}

/** Names Windows keeps for devices, whatever follows the first dot. */
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * Each file's path below what was named on the command line: inside the first folder
 * named that holds it (`sub/v1.json` for `DIR/sub/v1.json` of `report DIR`), or its own
 * name where the file itself was named.
 */
export function namedPaths(inputs: readonly string[], files: readonly string[]): string[] {
  return files.map((file) => {
    for (const input of inputs) {
      const inside = relative(input, file);
      if (inside === '') break;
      if (!isAbsolute(inside) && inside.split(sep)[0] !== '..') return inside;
    }
    return basename(file);
  });
}

/** Names at the top of a report folder that a scenario's folder cannot take (reports/write.ts). */
const TOP_NAMES = ['index.html', 'index.md', 'changes.html', 'changes.md'];

/**
 * Each file's scenario folder (`paths` as namedPaths gives them): its slug, or, where that
 * name is taken (case aside) by a file nearer the top of what was named, an earlier file
 * as deep, or a page at the top of the report, the first of `-2`, `-3`… that is free.
 * Files are named top level first, so a file's folder never depends on what lies in the
 * subfolders beside it: `v1.json` is `v1/` whatever `sub/v1.json` (`sub-v1/`) there is.
 * (A file a-2.json beside a.json and a.yaml, or one called index.html.json, made the
 * report fail after the whole run until December 2026. A name from the base name alone
 * let an added `sub/v1.json` take `v1/` and push the `v1.json` above it to `v1-2/`.)
 */
export function reportSlugs(paths: readonly string[]): string[] {
  const used = new Set(TOP_NAMES);
  const depth = (p: string) => p.split(/[\\/]/).length;
  const order = paths.map((_, i) => i).sort((a, b) => depth(paths[a]) - depth(paths[b]) || a - b);
  const slugs: string[] = [];
  for (const i of order) {
    const base = slugOf(paths[i]);
    let slug = base;
    for (let n = 2; used.has(slug.toLowerCase()); n++) slug = `${base}-${n}`;
    used.add(slug.toLowerCase());
    slugs[i] = slug;
  }
  return slugs;
}

export async function reportCommand(
  args: string[],
  out: Output,
  err?: NodeJS.WritableStream,
  context: { env?: NodeJS.ProcessEnv; signal?: AbortSignal; workerFile?: string; build?: string } = {},
): Promise<number> {
  const { values, positionals } = parseFlags(args, ['out', 'trials', 'seed', 'workers', 'baseline', 'min-change', 'fdr']);
  if (values.baseline === undefined && (values.fdr !== undefined || values['min-change'] !== undefined)) {
    throw new UsageError('--fdr and --min-change say what counts as moved since --baseline DIR: give --baseline too');
  }
  const diffOptions = diffOptionsOf(values);
  // Run from a folder deleted since: absolute paths work, a relative one (a default too)
  // is refused, said so, before it reads as a missing file (and before systemPath, which
  // reads the current folder for a relative one).
  checkCurrentFolder([
    ...(positionals.length > 0 ? positionals.map((p): [string, string] => [p, 'a scenario file or folder']) : [[DEFAULT_INPUT, 'the default scenario folder'] as [string, string]]),
    [values.out ?? 'reports/out', values.out === undefined ? 'the default --out' : '--out'],
    ...(values.baseline === undefined ? [] : [[values.baseline, '--baseline'] as [string, string]]),
  ]);
  // A `..` after a link as the system reads it (systemPath), for --out as for --baseline.
  // Echoed as typed (`Open ../out/index.html`), as `run` echoes its files.
  const typedOut = values.out ?? 'reports/out';
  const typedBaseline = values.baseline;
  // A path the system does not follow (`file.yaml/../out`: ENOTDIR) is refused, as
  // `mkdir -p` refuses it: it was written at ./out (an audit).
  let outDir: string;
  try {
    outDir = systemPath(typedOut);
  } catch (e) {
    if (e instanceof NotAFolder) throw new TargetRefused(`--out ${typedOut}: cannot be written there: ${e.message}`);
    throw e;
  }
  // Nor one through a missing folder and back (`missing/../out`, ENOENT): it was written at
  // ./out, and said as the path typed, which leads nowhere (a review).
  const missing = missingInTheWay(typedOut);
  if (missing !== undefined) throw new TargetRefused(`--out ${typedOut}: cannot be written there: ${missing} does not exist, so the path cannot go on past it (ENOENT)`);
  // The baseline is read before anything runs: a bad one is bad input (exit 2, nothing
  // written). Read as typed, as `diff` reads it (readResults takes a `..` after a link as
  // the system does, and reads nothing the system does not: it was given the path
  // already taken to where `lnk/../nowhere/../base` climbs, and read that; a review).
  // Its summary goes to stdout: a file stdout writes to is not read, a scenario run nor the
  // baseline (`report s.json >> s.json` appended the summary to the scenario: a review).
  refuseReadingOutput(out, positionals.length > 0 ? positionals : [DEFAULT_INPUT]);
  if (values.baseline !== undefined) refuseReadingOutputSides(out, [values.baseline]);
  let baseline: ScenarioResult[] | undefined;
  if (values.baseline !== undefined) {
    const errors: ScenarioError[] = [];
    baseline = readResults(values.baseline, errors);
    if (errors.length > 0) throw new ScenarioErrors(errors);
    values.baseline = systemPath(values.baseline);
  }
  // With nothing named, the default folder: where it is missing, say that it was the
  // default tried and how to name files (an audit: "scenarios: no such file or folder"
  // alone read as if the user had typed it).
  if (positionals.length === 0 && !existsSync(DEFAULT_INPUT)) {
    throw new ScenarioErrors([
      new ScenarioError(
        DEFAULT_INPUT,
        '',
        `no such folder in ${process.cwd()}: it is the default poolsim report runs when no scenario file or folder is named; name them (poolsim report FILE|DIR... [--out DIR]), or run it in the folder that holds ${DEFAULT_INPUT}/`,
      ),
    ]);
  }
  const inputs = positionals.length > 0 ? positionals : [DEFAULT_INPUT];
  const plans = loadPlans(inputs, { trials: values.trials, seed: values.seed });
  // Before anything runs: what an interrupted run left is put right, and --out must be a
  // folder poolsim may replace (reports/target.ts), else exit 2 with nothing written.
  for (const line of recoverLeftovers(outDir)) err?.write(`poolsim: ${plainText(line)}\n`);
  const slugs = reportSlugs(namedPaths(inputs, plans.map((p) => p.file)));
  checkTarget(outDir, { inputs: plans.map((p) => p.file), baseline: values.baseline, slugs, typed: typedOut });
  // Each file's solve blocks, made before anything runs (a block asking what it cannot have
  // is bad input, nothing written), answered after, beside (never inside) its results.
  const searches = plans.map((plan) => (plan.scenario.solve?.length ? solveSearches(plan, { words: pathWords(plan.scenario), valueWords: valueWords(plan.scenario) }) : []));
  const results = await runPlans(plans, { workers: values.workers, progress: err, ...context });
  // Stop signals are held from here to the last file written: between the run and the
  // write (the answers, the diff, the renderers' loading) Ctrl-C killed the process with no
  // word (an audit), where the docs promise "interrupted by SIGINT, nothing was written".
  const { entries, diff, kept } = await withWriteSignals(context.signal, async (signal) => {
    const answers = await solveAll(plans, searches, { workers: values.workers, ...context });
    plans.forEach((_, i) => {
      if (searches[i].length > 0) results[i].solve = answers[i];
    });
    const entries = plans.map((plan, i): ReportEntry => ({ slug: slugs[i], result: results[i], source: plan.file, setup: plan.scenario.setup }));
    let diff: ResultDiff | undefined;
    if (baseline) {
      // A report of some scenario files compares those: the baseline's others were not run
      // here, which is said, not listed as gone ("only in the baseline", a failure). A report
      // of folders (the library, as .ci/balance runs it) is the whole set: a baseline
      // scenario it did not run was removed or renamed, only in the baseline, as `poolsim
      // diff` says (an audit: it read "not run here" and "nothing moved" for a deleted file).
      // The baseline's mark says what it was made from (reports/target.ts ranFrom); given the
      // same files and folders, this run is the whole set again (a review: a subfolder of the
      // library is not the library).
      const baseRan = ranFrom(values.baseline!);
      const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
      const wholeSet = baseRan !== undefined && same(baseRan, inputs.map((input) => realOf(input)));
      const ran = new Set(wholeSet ? baseline.map((b) => b.name) : results.map((r) => r.name));
      // This run is a report: a scenario without blocks answered none, which a baseline that
      // answered some must show as blocks on one side only (readResults reads a report folder
      // so). Copies: results.json keeps writing no `solve` where there are no blocks.
      const answered = results.map((r) => (r.solve === undefined ? { ...r, solve: [] } : r));
      diff = diffResults(baseline.filter((b) => ran.has(b.name)), answered, diffOptions);
      diff.notRun = baseline.filter((b) => !ran.has(b.name)).map((b) => b.name);
      for (const e of entries) {
        const name = e.result.name;
        const other = diff.otherMechanic.includes(name) ? diff.settings.find((s) => s.setting === 'mechanic' && s.scenario === name) : undefined;
        e.changes = { metrics: diff.changes.filter((c) => c.scenario === name), answers: diff.answers.filter((x) => x.scenario === name), ...(other ? { otherMechanic: String(other.base) } : {}) };
      }
    }
    // Plot, d3, linkedom and arquero load here, only for `report`: `run` and `merge` never
    // pay for them (tests/startup.test.ts).
    await importRendererLibraries();
    const { writeReports } = await import('../reports/write.ts');
    return { entries, diff, ...(await writeReports(outDir, entries, { diff, signal, inputs, build: context.build })) };
  });
  if (kept !== undefined) err?.write(`poolsim: ${plainText(kept)}\n`);

  let failed = 0;
  for (const e of entries) {
    const checks = e.result.expect;
    const bad = checks.filter((c) => !c.pass);
    const badSolves = failedSolveChecks(e.result);
    failed += bad.length + badSolves.length;
    const mark = bad.length + badSolves.length > 0 ? 'FAIL' : 'ok  ';
    const all = checks.length + (e.result.solve ?? []).filter((x) => x.expect).length;
    // A check passed by its interval (the contract) whose exact value misses the band: the
    // Monte Carlo's 1 in 20, said here as on the page, not hidden behind "ok".
    const luck = checks.filter((c) => c.pass && c.exactPass === false).length;
    // And without exact values, one passed while its estimate lies outside the band: another
    // seed may fail it (reports/checkText.ts borderline).
    const shaky = checks.filter((c) => borderlinePoints(c, e.result) > 0).length;
    const note =
      (luck > 0 ? `; ${luck} passed on the interval while the exact value misses the band` : '') +
      (shaky > 0 ? `; ⚠ ${shaky} passed on the interval while the estimate lies outside the band (another seed may fail ${shaky === 1 ? 'it' : 'them'})` : '');
    const counted = all === 0 ? 'no checks' : `${all - bad.length - badSolves.length}/${all} checks${note}`;
    out.write(plainText(`${mark}  ${e.result.name}  (${counted})  ${e.slug}/\n`));
    // A failed check in full (what it asked, what was measured, and why it was asked);
    // passed ones are the count above, and every check is in the reports.
    for (const c of bad) {
      // A check over several points names those it failed at, each with what was measured.
      const note = exactDisagrees(c, e.result);
      out.write(plainText(`        FAILED: ${describeCheck(c, e.setup, e.result)}; measured ${measured(e.result, c, e.setup)}${note ? ` (${note})` : ''}\n`));
      if (c.why) out.write(plainText(`          why: ${c.why}\n`));
    }
    for (const s of (e.result.solve ?? []).filter((x) => x.expect && !x.expect.pass)) {
      out.write(plainText(`        FAILED: solve "${s.name}": ${describeSolveExpect(s.expect!, false, s.vary)}; ${afterName(s.sentence)}\n`));
      if (s.expect!.why) out.write(plainText(`          why: ${s.expect!.why}\n`));
    }
  }
  // The folder as typed, as `run` echoes its files: a path climbing out of this folder
  // (`../out`) was said as the full path, and `lnk/../out` as where it led. Not joined
  // (join reads "lnk/.." as "."): the name appended. From a folder deleted since, every
  // path given is absolute (checkCurrentFolder).
  const inOut = (name: string) => `${typedOut}${new RegExp(`(${SEPARATOR.source})$`).test(typedOut) ? '' : sep}${name}`;
  out.write(plainText(`\n${entries.length} scenario(s), ${failed} failed check(s). Open ${oneLine(inOut('index.html'))}\n`));
  if (diff) out.write(plainText(`Since ${oneLine(typedBaseline!)}: ${headline(diff)}. See ${oneLine(inOut('changes.md'))}\n`));
  return failed > 0 ? 1 : 0;
}

/**
 * Ctrl-C, SIGTERM or SIGHUP (STOP_SIGNALS) while the reports are written: the write stops
 * before the swap and removes its unfinished folder and the folders made on the way to
 * --out (the previous reports stay), then Interrupted (exit 130, 143 or 129). A signal
 * during the swap itself lands once the swap is done: the new reports stay, and it is said
 * (InterruptedAfterOutput), with the same exit code.
 */
export async function withWriteSignals<T>(outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const handlers = Object.keys(STOP_SIGNALS).map((by) => {
    const on = () => controller.abort(new Interrupted(by as StopSignal));
    process.on(by, on);
    return [by, on] as const;
  });
  const onOuter = () => controller.abort(new Interrupted());
  outer?.addEventListener('abort', onOuter);
  if (outer?.aborted) onOuter();
  try {
    const done = await work(controller.signal);
    // One that came during the swap or the old folder's removal, after the write's last
    // look: the new reports are in place, whole. Said, with its exit code, not dropped (a
    // files audit: exit 0, no word).
    const reason: unknown = controller.signal.reason;
    if (controller.signal.aborted && reason instanceof Interrupted && reason.signal !== undefined) {
      throw new InterruptedAfterOutput(reason.signal, 'the new reports were already in place when the signal came');
    }
    return done;
  } finally {
    for (const [by, on] of handlers) process.off(by, on);
    outer?.removeEventListener('abort', onOuter);
  }
}
