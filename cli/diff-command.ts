/**
 * `poolsim diff BASE NEW [--json] [--markdown] [--min-change D] [--fdr Q]`: what moved
 * between two result files (`poolsim run --json`) or two report folders (`poolsim report
 * --out`, each `<slug>/results.json`), by sim/diff.ts. Exit 0 nothing moved, 1 something
 * moved, is on one side only or is now another system or mechanic, 2 bad input (every problem named, as
 * `file: path.inside: what was expected`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../sim/lazySchema.ts';
import { DEFAULT_FDR, diffResults, matchKey, sameValue, somethingMoved, type DiffOptions, type ResultDiff } from '../sim/diff.ts';
import { metricFigureProblem, type ScenarioResult } from '../sim/result.ts';
import { MAX_TRIALS, ScenarioError, ScenarioErrors, capErrors, formatPath, zodErrors } from '../sim/scenario.ts';
import { contractKind, legacyLabel } from '../reports/legacy.ts';
import { renderDiffMarkdown, renderDiffText } from '../reports/changes.ts';
import { UsageError, decimal, parseFlags } from './options.ts';
import { jsonText, plainText } from './text.ts';
import { outputAmong, outputIsInput, type Output } from './output.ts';
import { FileRefused, MAX_RESULT_BYTES, NotUtf8, poolsimFileKind, readUtf8Capped } from './load.ts';
import { MARKER, NotAFolder, checkGoneRelatives, systemPath } from '../reports/target.ts';
import { parseJsonText, parseScenarioText } from '../sim/scenarioText.ts';
import { FINDS, MAX_SOLVE_VALUES } from '../sim/solve/schema.ts';
import { exactVerdict } from '../sim/solve/search.ts';
import { CONFIDENCE } from '../sim/solve/confidence.ts';
import { METRIC_KINDS } from '../sim/stats.ts';

export const DIFF_USAGE = `  poolsim diff BASE NEW [--json] [--markdown] [--min-change D] [--fdr Q]

  compares two result files (run --json) or two report folders (report --out) by
  scenario name, point and metric: the change, its 95% interval, and whether it moved
  (significant at false discovery rate Q, default ${DEFAULT_FDR}, and larger than D,
  default 0; an exact change when both sides are exact). Exit 0 nothing moved, 1
  something moved, is on one side only or is now another mechanic (not compared),
  2 bad input. docs/balance-diffs.md`;

const finite = lazySchema(() => z.number().refine(Number.isFinite, 'expected a finite number'));

/*
 * A result is read as strictly as `merge` reads a part (cli/shard.ts): at every level, a
 * field this poolsim does not write is refused by name (exit 2), never compared as if it
 * were not there. A result carries no version, so such a field is a newer poolsim's (whose
 * fields, like `scale` and `looks` before them, may change how a figure is to be read) or
 * an edit: either way this diff cannot say what it means (an audit: `"weights"` beside
 * the metrics, and a result of 10^15 trials, compared as "nothing moved", exit 0).
 * Fields results no longer written still carry (no `kind`, no `setup`) are optional.
 */

/** At most what a scenario may ask for (sim/scenario.ts MAX_TRIALS), as merge takes a part's. */
const trialCount = lazySchema(() => z.number().int().min(1).max(MAX_TRIALS));

const metricSchema = lazySchema(() => z
  .strictObject({
    estimate: finite,
    ci95: z.tuple([finite, finite]).refine(([lo, hi]) => lo <= hi, 'expected [low, high] with low ≤ high'),
    exact: finite.optional(),
    scale: z.number().positive().optional(),
    // What the figure is decides its test (sim/diff.ts kindOfMetric): a kind poolsim never
    // writes ("banana") was read as none, and the metric compared as the caller guessed.
    kind: z.enum(METRIC_KINDS).optional(),
    // Words for the figure (sim/result.ts MetricResult), shown, never compared.
    label: z.string().optional(),
    family: z.string().optional(),
    line: z.string().optional(),
    headline: z.boolean().optional(),
  })
  // poolsim never writes an estimate outside its own interval: such a figure was edited or
  // corrupted, and its change cannot be tested (0.5 → 0.9 inside [0.49, 0.51] read "nothing
  // moved"). A little slack for the rounding of a figure copied by hand.
  .superRefine((m, ctx) => {
    const problem = metricFigureProblem(m);
    if (problem) ctx.addIssue({ code: 'custom', path: ['estimate'], message: problem });
  }));

/** A figure of a searched value (SolvePoint): an exact search's `exact`, a Monte Carlo one's estimate and interval. */
const solvePointSchema = lazySchema(() => z
  .strictObject({
    value: z.unknown(),
    estimate: finite.optional(),
    ci95: z.tuple([finite, finite]).refine(([lo, hi]) => lo <= hi, 'expected [low, high] with low ≤ high').optional(),
    exact: finite.optional(),
    trials: z.number().int().min(1).optional(),
  }));

/** The fields only a Monte Carlo search writes (sim/solve/search.ts result, trialCounts). */
const MONTE_CARLO_ONLY = ['confidence', 'looks', 'trials', 'maxTrials', 'sweepTrials', 'everyValue'] as const;

/**
 * A report's solve answer, as sim/solve/search.ts writes one: an exact search is always
 * decided (the exact values leave nothing open) and carries exact points; a Monte Carlo one
 * carries estimates, and only an exact tie names candidates beside a decided value; an
 * undecided answer has no value but the values it could still be; every value named is one
 * the block searched. An answer that breaks any of this was edited, and was compared as
 * written (an audit: an exact 2 edited to "undecided: 2 or 3" passed as not moved, a value
 * of 99 outside its range [0, 12] read as moved).
 */
const solveAnswerSchema = lazySchema(() => z
  .strictObject({
    name: z.string().min(1),
    // The block as it was asked (sim/solve/result.ts SolveResult): read by the checks below and by sim/diff.ts.
    vary: z.string().optional(),
    metric: z.string().optional(),
    value: z.unknown().optional(),
    target: finite.optional(),
    atLeast: finite.optional(),
    atMost: finite.optional(),
    sameAs: z.record(z.string(), z.unknown()).optional(),
    reference: solvePointSchema.optional(),
    exactSkipped: z.string().optional(),
    nearest: solvePointSchema.optional(),
    everyValue: z.boolean().optional(),
    trials: z.number().int().min(1).optional(),
    maxTrials: z.number().int().min(1).optional(),
    sweepTrials: z.number().min(0).optional(),
    sentence: z.string().optional(),
    expect: z
      .strictObject({
        equals: z.unknown().optional(),
        atLeast: finite.optional(),
        atMost: finite.optional(),
        between: z.tuple([finite, finite]).optional(),
        why: z.string().optional(),
        pass: z.boolean(),
        reason: z.string().optional(),
      })
      .optional(),
    decided: z.boolean(),
    method: z.enum(['exact', 'montecarlo']).optional(),
    find: z.enum(FINDS).optional(),
    range: z.tuple([z.number().int(), z.number().int()]).refine(([lo, hi]) => lo <= hi, 'expected [lo, hi] with lo ≤ hi').optional(),
    values: z.array(z.unknown()).min(1).optional(),
    candidates: z.array(z.unknown()).optional(),
    monotone: z.union([z.boolean(), z.literal('assumed')]).optional(),
    points: z.array(solvePointSchema).optional(),
    // Each value is decided at this confidence over all of its looks (sim/solve/confidence.ts):
    // checked with the answer's other problems below, not before them (a number edited to
    // 0.9 hid an edited answer's candidates: "every problem at once", a solve audit).
    confidence: finite.optional(),
    // The looks its points' intervals are taken over (SolveResult.looks): at most a search's.
    looks: z.number().int().min(1).max(64).optional(),
  })
  .superRefine((x, ctx) => {
    let found = 0;
    const problem = (path: PropertyKey[], message: string) => {
      found++;
      ctx.addIssue({ code: 'custom', path, message });
    };
    const has = (key: string) => (x as Record<string, unknown>)[key] !== undefined;
    const value = (x as { value?: unknown }).value;
    // The field the block varies, whose values these are (results before its `vary` was kept: none).
    const vary = typeof (x as { vary?: unknown }).vary === 'string' ? ((x as { vary?: string }).vary as string) : '';
    const exact = x.method === 'exact';
    const monteCarlo = x.method === 'montecarlo';
    if (x.confidence !== undefined && x.confidence !== CONFIDENCE) problem(['confidence'], `expected one of ${CONFIDENCE}, got the number ${x.confidence}`);
    if (exact && !x.decided) problem(['decided'], 'an exact answer (method "exact") is always decided: expected true');
    if (x.decided) {
      if (value === undefined) problem(['value'], 'a decided answer without its value: expected the value found (null: none in range)');
      if (x.candidates !== undefined) {
        // Only an exact tie for the nearest lists candidates beside its value (exactVerdict).
        if (monteCarlo) problem(['candidates'], 'a decided Monte Carlo answer names no candidates (only an exact tie does): expected none');
        else if (x.candidates.length < 2 || !x.candidates.some((c) => sameValue(c, value, vary))) problem(['candidates'], 'a decided answer lists candidates only for a tie: expected two or more values, the value found among them');
      }
    } else {
      if (value !== undefined) problem(['value'], 'an undecided answer has no value: expected its candidates instead');
      if (x.candidates === undefined || x.candidates.length === 0) problem(['candidates'], 'an undecided answer without candidates: expected the values it could still be');
    }
    if (exact) {
      for (const key of MONTE_CARLO_ONLY) if (has(key)) problem([key], `an exact answer has no ${key} (a Monte Carlo search's): expected none, or method "montecarlo"`);
      if (x.monotone === 'assumed') problem(['monotone'], 'an exact answer checks whether the metric moves one way: expected true or false, not "assumed"');
    }
    if (monteCarlo && x.monotone === true) problem(['monotone'], 'a Monte Carlo answer assumes the metric moves one way: expected "assumed" (or false)');
    // Every value named is one the block searched (where the answer says which: results
    // written before December 2026 do not). null is "none in range", which closest never gives.
    const searched = x.range !== undefined || x.values !== undefined;
    const where = x.range ? `its range [${x.range[0]}, ${x.range[1]}]` : `its values ${JSON.stringify(x.values)}`;
    const among = (v: unknown) =>
      x.range ? typeof v === 'number' && Number.isInteger(v) && v >= x.range[0] && v <= x.range[1] : x.values!.some((w) => sameValue(v, w, vary));
    const named = (path: PropertyKey[], v: unknown, what: string) => {
      if (v === null) {
        if (x.find === 'closest') problem(path, `${what} null (none in range), which closest never gives: expected one of the values searched`);
      } else if (searched && !among(v)) problem(path, `${what} ${JSON.stringify(v)} is not among the values searched, ${where}: expected one of them${x.find === 'closest' ? '' : ', or null (none in range)'}`);
    };
    if (value !== undefined) named(['value'], value, 'the value');
    // The value found stands on its own figure: a search always lists it among its points.
    if (x.decided && value !== undefined && value !== null && x.points !== undefined && !x.points.some((p) => sameValue(p.value, value, vary))) {
      problem(['points'], `no figure for the value found, ${JSON.stringify(value)}: expected it among the points, as every search lists it`);
    }
    x.candidates?.forEach((c, i) => named(['candidates', i], c, 'the candidate'));
    x.points?.forEach((p, i) => {
      if (searched && !among(p.value)) problem(['points', i, 'value'], `${JSON.stringify(p.value)} is not among the values searched, ${where}: expected one of them`);
      if (exact && p.exact === undefined) problem(['points', i, 'exact'], 'missing: an exact answer\'s points carry their exact figure');
      if (monteCarlo && (p.estimate === undefined || p.ci95 === undefined)) problem(['points', i], 'a Monte Carlo answer\'s points carry an estimate and its ci95');
      if (monteCarlo && p.exact !== undefined) problem(['points', i, 'exact'], 'a Monte Carlo answer\'s points carry no exact figure (a search by exact values is method "exact")');
      // diff compares these figures (sim/diff.ts compareSolveFigures): a count of trials tests them.
      if (monteCarlo && p.trials === undefined) problem(['points', i, 'trials'], 'missing: a Monte Carlo answer\'s points carry the trials behind each estimate');
      const first = x.points!.findIndex((q) => sameValue(q.value, p.value, vary));
      if (first < i) problem(['points', i, 'value'], `${JSON.stringify(p.value)} is listed twice (points.${first}): expected each value searched once`);
      if (p.estimate !== undefined && p.ci95 !== undefined) {
        const figure = metricFigureProblem({ estimate: p.estimate, ci95: p.ci95 });
        if (figure) problem(['points', i, 'estimate'], figure);
      }
    });
    // An exact answer is read off its own exact points (sim/solve/search.ts exactVerdict):
    // one they do not give was edited (an exact 2 changed to 3 beside points that still
    // say 2). Where every value searched has its point and the target is known (a sameAs
    // block's is its reference's exact figure), and nothing above was amiss.
    if (found === 0 && exact && x.decided && x.find !== undefined && x.points !== undefined && searched) {
      const values = x.range ? (x.range[1] - x.range[0] < MAX_SOLVE_VALUES ? Array.from({ length: x.range[1] - x.range[0] + 1 }, (_, i) => x.range![0] + i) : undefined) : x.values!;
      const reference = (x as { reference?: { exact?: unknown } }).reference;
      const target = (x as { sameAs?: unknown }).sameAs !== undefined ? reference?.exact : (x as { target?: unknown }).target;
      const figures = values?.map((v) => x.points!.find((p) => sameValue(p.value, v, vary))?.exact);
      if (values && typeof target === 'number' && figures!.every((f) => f !== undefined)) {
        const verdict = exactVerdict(figures as number[], target, x.find, values);
        const said = (v: unknown) => (v === null ? 'null (none in range)' : JSON.stringify(v));
        if (!sameValue(verdict.value, value, vary)) problem(['value'], `${said(value)} is not what its own exact points give: expected ${said(verdict.value)}, as the search reads them`);
        else if (!sameCandidates(verdict.candidates, x.candidates, vary)) {
          problem(['candidates'], `not the tie its own exact points give: expected ${verdict.candidates ? JSON.stringify(verdict.candidates) : 'none'}`);
        }
      }
    }
  }));

/** A distribution's shares (sim/result.ts DistributionResult): not compared, their fields known all the same. */
const distributionSchema = lazySchema(() => z.strictObject({
  x: z.array(z.unknown()),
  p: z.array(z.unknown()),
  ci95: z.array(z.unknown()).optional(),
  exact: z.array(z.unknown()).optional(),
  lastAtLeast: z.literal(true).optional(),
}));

/** A check and its verdict (sim/result.ts ExpectResult): listed, not compared. */
const expectResultSchema = lazySchema(() => z.strictObject({
  metric: z.string(),
  point: z.record(z.string(), z.unknown()).optional(),
  atLeast: z.number().optional(),
  atMost: z.number().optional(),
  between: z.tuple([z.number(), z.number()]).optional(),
  pass: z.boolean(),
  failedPoints: z.array(z.record(z.string(), z.unknown())).optional(),
  exactPass: z.boolean().optional(),
  why: z.string().optional(),
  decide: z.literal('exact').optional(),
  exactMissing: z.number().int().min(0).optional(),
}));

const resultSchema = lazySchema(() => z
  .strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    // What the numbers are of: a result without them would compare as "undefined undefined".
    system: z.string().min(1),
    mechanic: z.string().min(1),
    trials: trialCount,
    // --precision's target (the top-level trials its cap).
    precision: z.number().positive().optional(),
    seed: z.union([z.string(), z.number()]),
    rules: z.record(z.string(), z.unknown()).optional(),
    setup: z.unknown().optional(),
    // A report's solve answers (sim/solve/result.ts): what diff compares of them.
    solve: z.array(solveAnswerSchema).optional(),
    results: z.array(
      z.strictObject({
        point: z.record(z.string(), z.unknown()),
        trials: trialCount.optional(),
        metrics: z.record(z.string(), metricSchema),
        distributions: z.record(z.string(), distributionSchema).optional(),
        // A campaign's per-turn columns, each named by the mechanic (sim/result.ts SeriesResult).
        series: z.record(z.string(), z.record(z.string(), z.array(z.unknown()))).optional(),
        notes: z.array(z.string()).optional(),
      }),
    ),
    expect: z.array(expectResultSchema).optional(),
  }));

/**
 * An unknown field of a result in diff's words: not this poolsim's, so not compared, and
 * what to do (a result names no version: a newer poolsim's field reads as an edit's).
 */
function unknownFieldSaid(e: ScenarioError): ScenarioError {
  if (e.unknownKeys.length === 0) return e;
  const why = 'this poolsim writes no such field in a result, so it cannot tell what the field means (a newer poolsim\'s, or an edit): compare results this poolsim wrote, or diff them with the poolsim that wrote them';
  return new ScenarioError(e.file, e.path, `${e.problem.replace(/: expected one of .*$/s, '')}: ${why}`, e.unknownKeys);
}

/** What a file is when it is a poolsim file but not a result (undefined otherwise). */
/** Two lists of an exact tie's candidates, each a value of the field `vary` (none and none alike): one by one, never read as one pool of dice. */
function sameCandidates(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined, vary: string): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((v, i) => sameValue(v, b[i], vary));
}

function notAResult(item: unknown): string | undefined {
  // One item of a file (a list's items are judged each): never a list itself.
  const known = Array.isArray(item) ? undefined : poolsimFileKind(item);
  if (known === undefined || known.kind === 'result') return undefined;
  if (known.kind === 'part') return `is ${known.what}, not a result: expected the merged result (poolsim merge PART.json… --json > result.json)`;
  if (known.kind === 'scenario') return `is ${known.what}, not a result: expected its result (poolsim run FILE --json > result.json, or a report folder)`;
  return `is ${known.what}, which diff does not compare: expected a result (poolsim run --json) or a report folder, whose results.json carries the solve answers too`;
}

/** The results in one file: a result object, or a list of them (`run --json` with several files). */
function readResultFile(file: string, errors: ScenarioError[]): { file: string; result: ScenarioResult; at: string }[] {
  let raw: unknown;
  let text = '';
  try {
    // At most MAX_RESULT_BYTES, from a file or a pipe (`diff <(…)`), never a device: /dev/zero was read without end.
    text = readUtf8Capped(file, MAX_RESULT_BYTES, 'a result file');
    // As a scenario is read: a byte order mark passed over, a key twice refused.
    raw = parseJsonText(text, file);
  } catch (e) {
    if (e instanceof NotUtf8 || e instanceof FileRefused) {
      errors.push(new ScenarioError(file, '', e.message));
      return [];
    }
    // A YAML scenario is not JSON at all: read as scenarios are, and said what it is.
    let yaml: unknown;
    try {
      yaml = /\.ya?ml$/i.test(file) ? parseScenarioText(text, file) : undefined;
    } catch {
      yaml = undefined;
    }
    const why = e instanceof ScenarioErrors ? `${e.errors[0].path ? `${e.errors[0].path}: ` : ''}${e.errors[0].problem}` : (e as Error).message;
    errors.push(new ScenarioError(file, '', notAResult(yaml) ?? `expected result JSON (poolsim run --json): ${why}`));
    return [];
  }
  const list = Array.isArray(raw) ? raw : [raw];
  // `run --json` never prints an empty list: a file with none is truncated or mistaken,
  // and compared it would read "nothing moved" and pass a CI gate.
  if (list.length === 0) {
    errors.push(new ScenarioError(file, '', 'holds an empty list, no results: expected result JSON (poolsim run --json) with at least one scenario'));
    return [];
  }
  const out: { file: string; result: ScenarioResult; at: string }[] = [];
  list.forEach((item, i) => {
    const prefix = Array.isArray(raw) ? [i] : [];
    // Files a user may reach for by mistake, named for what they are rather than for the
    // first field they lack.
    const mistaken = notAResult(item);
    if (mistaken) {
      errors.push(new ScenarioError(file, formatPath(prefix), mistaken));
      return;
    }
    const parsed = resultSchema.safeParse(item);
    if (!parsed.success) {
      // In the words a scenario's problems are said in: what was expected, and what was found.
      errors.push(...zodErrors(file, prefix, parsed.error, item).map(unknownFieldSaid));
      return;
    }
    const result = parsed.data as unknown as ScenarioResult;
    const seen = new Map<string, number>();
    result.results.forEach((p, j) => {
      const key = matchKey(p.point);
      const before = seen.get(key);
      if (before !== undefined) errors.push(new ScenarioError(file, formatPath([...prefix, 'results', j, 'point']), `the same point as results.${before}: each point once`));
      else seen.set(key, j);
    });
    const solveNames = new Map<string, number>();
    (result.solve ?? []).forEach((x, j) => {
      const before = solveNames.get(x.name);
      if (before !== undefined) errors.push(new ScenarioError(file, formatPath([...prefix, 'solve', j, 'name']), `the same name as solve.${before}: each solve once`));
      else solveNames.set(x.name, j);
    });
    out.push({ file, result, at: formatPath([...prefix, 'name']) });
  });
  return out;
}

/**
 * The files one side is read from (readResults): a result file, a report folder's
 * `<slug>/results.json` (hidden folders passed over), or one scenario's folder of a report,
 * its own results.json; or why there are none.
 */
function sideFiles(given: string): { files: string[] } | { problem: ScenarioError } {
  // `lnk/../base` as the system reads it (systemPath); `file.yaml/../base`, which it does
  // not read (ENOTDIR), nor `missing/../base` (ENOENT), are not read either: both were
  // read as ./base (an audit), where `cat` says "Not a directory" or "No such file".
  let path: string;
  try {
    path = systemPath(given);
  } catch (e) {
    if (!(e instanceof NotAFolder)) throw e;
    return { problem: new ScenarioError(given, '', `cannot be read: ${e.message}: expected a result file or a report folder`) };
  }
  if (!existsSync(path) || !existsSync(given)) {
    return { problem: new ScenarioError(given, '', 'no such file or folder: expected a result file or a report folder') };
  }
  if (!statSync(path).isDirectory()) return { files: [path] };
  let files = readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => join(path, d.name, 'results.json'))
    .filter((f) => existsSync(f))
    .sort();
  // One scenario's folder of a report (`<out>/<slug>`): its own results.json.
  if (files.length === 0 && existsSync(join(path, 'results.json'))) files = [join(path, 'results.json')];
  if (files.length === 0) {
    return { problem: new ScenarioError(path, '', 'no <scenario>/results.json in this folder: expected a report folder (poolsim report --out)') };
  }
  return { files };
}

/**
 * Refuse (bad input, before anything is read) a side whose files (sideFiles, exactly those
 * it is read from) include the file stdout writes to: `diff rep/heist rep/heist >>
 * rep/heist/results.json` appended to the one scenario's results it read (a review).
 */
export function refuseReadingOutputSides(out: Output, sides: readonly string[]): void {
  if (out.file === undefined) return;
  const files = sides.flatMap((side) => {
    const found = sideFiles(side);
    return 'files' in found ? found.files : [];
  });
  const output = outputAmong(out, files);
  if (output !== undefined) throw new ScenarioErrors([new ScenarioError(output, '', outputIsInput(output))]);
}

/** Every result of one side: a result file, a report folder's `<slug>/results.json`, or one scenario's folder of a report. */
export function readResults(given: string, errors: ScenarioError[]): ScenarioResult[] {
  const side = sideFiles(given);
  if ('problem' in side) {
    errors.push(side.problem);
    return [];
  }
  const { files } = side;
  const found = files.flatMap((f) => readResultFile(f, errors));
  // A report answers every solve block of every scenario it runs, so in a report folder a
  // scenario without `solve` has none: read as an empty list, a block gained or lost there is
  // on one side only (exit 1), not "not compared" as for a `run --json` or `merge` result,
  // which never carries answers (an audit: a scenario that lost all its blocks passed the
  // gate). A results.json is a report's where its folder's folder carries the report's mark
  // (named on its own, or found in a folder given): a folder of `run --json` results laid
  // out by hand is not a report, and its answers are not compared (a review).
  const fromReport = (file: string) => basename(file) === 'results.json' && existsSync(join(dirname(dirname(file)), MARKER));
  for (const f of found) if (f.result.solve === undefined && fromReport(f.file)) f.result.solve = [];
  // Scenarios pair up by name: two of one name on one side cannot be told apart.
  const byName = new Map<string, string>();
  for (const { file, result, at } of found) {
    const first = byName.get(result.name);
    if (first !== undefined) errors.push(new ScenarioError(file, at, `"${result.name}" is also the name of a scenario in ${first}: scenarios are matched by name, so each name once`));
    else byName.set(result.name, file);
  }
  return found.map((f) => f.result);
}

/** Both sides, every problem of both listed at once (ScenarioErrors: exit 2). */
export function readBothSides(base: string, next: string): { base: ScenarioResult[]; next: ScenarioResult[] } {
  const errors: ScenarioError[] = [];
  const a = readResults(base, errors);
  const b = readResults(next, errors);
  // Once each: a bad file given as both sides (or a report and one of its own files) was
  // read twice and its every problem said twice (an audit).
  const said = new Set<string>();
  const once = errors.filter((e) => !said.has(e.message) && said.add(e.message));
  if (once.length > 0) throw new ScenarioErrors(once);
  return { base: a, next: b };
}

function rate(flag: string, text: string | undefined, fallback: number, open01: boolean): number {
  if (text === undefined) return fallback;
  const x = decimal(text);
  const ok = text.trim() !== '' && Number.isFinite(x) && (open01 ? x > 0 && x < 1 : x >= 0);
  if (!ok) throw new UsageError(`${flag} expects ${open01 ? 'a rate between 0 and 1 such as 0.05' : 'a number ≥ 0 such as 0.01'}, got "${text}"`);
  return x;
}

/** `--fdr` and `--min-change`, shared with `report --baseline`. */
export function diffOptionsOf(values: { fdr?: string; 'min-change'?: string }): DiffOptions {
  return {
    fdr: rate('--fdr', values.fdr, DEFAULT_FDR, true),
    minChange: rate('--min-change', values['min-change'], 0, false),
    kindOf: contractKind,
    // (A name the old lists do not know is left without a label, not labelled by itself.)
    labelOf: (metric, mechanic) => {
      const label = legacyLabel(metric, mechanic);
      return label === metric ? undefined : label;
    },
  };
}

/** The JSON of `--json`: the diff, with the two sides named. */
function diffJson(diff: ResultDiff, base: string, next: string): unknown {
  return { base, new: next, anythingMoved: somethingMoved(diff), ...diff };
}

export function diffCommand(args: string[], out: Output, err: NodeJS.WritableStream): number {
  const { values, positionals } = parseFlags(args, ['json', 'markdown', 'min-change', 'fdr']);
  if (positionals.length !== 2) throw new UsageError(`diff compares two sides: BASE NEW (result files or report folders), got ${positionals.length}`);
  if (values.json && values.markdown) throw new UsageError('give --json or --markdown, not both');
  const options = diffOptionsOf(values);
  const [base, next] = positionals as [string, string];
  checkGoneRelatives([
    [base, 'BASE'],
    [next, 'NEW'],
  ]);
  let sides: { base: ScenarioResult[]; next: ScenarioResult[] };
  try {
    refuseReadingOutputSides(out, [base, next]);
    sides = readBothSides(base, next);
  } catch (e) {
    if (!(e instanceof ScenarioErrors)) throw e;
    err.write(`poolsim diff: bad input, nothing was compared:\n${capErrors(e.errors).map((line) => `  ${plainText(line)}`).join('\n')}\n`);
    return 2;
  }
  const diff = diffResults(sides.base, sides.next, options);
  // Scenario names, metric names, labels and file names come from the files: their control
  // characters are shown escaped, as run shows them (as JSON escapes, in --json).
  if (values.json) out.write(jsonText(diffJson(diff, base, next)) + '\n');
  else if (values.markdown) out.write(plainText(renderDiffMarkdown(diff)));
  else out.write(plainText(renderDiffText(diff, { base, new: next })));
  return somethingMoved(diff) ? 1 : 0;
}
