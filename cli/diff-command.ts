/**
 * `poolsim diff BASE NEW [--json] [--markdown] [--min-change D] [--fdr Q]`: what moved
 * between two result files (`poolsim run --json`) or two report folders (`poolsim report
 * --out`, each `<slug>/results.json`), by sim/diff.ts. Exit 0 nothing moved, 1 something
 * moved or is on one side only, 2 bad input (every problem named, as
 * `file: path.inside: what was expected`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../sim/lazySchema.ts';
import { DEFAULT_FDR, diffResults, pointKey, somethingMoved, type DiffOptions, type ResultDiff } from '../sim/diff.ts';
import { metricFigureProblem, type ScenarioResult } from '../sim/result.ts';
import { ScenarioError, ScenarioErrors, capErrors, formatPath, zodErrors } from '../sim/scenario.ts';
import { contractKind } from '../reports/legacy.ts';
import { renderDiffMarkdown, renderDiffText } from '../reports/changes.ts';
import { UsageError, parseFlags } from './options.ts';
import { plainText } from './text.ts';
import { NotUtf8, poolsimFileKind, readUtf8 } from './load.ts';
import { MARKER } from '../reports/target.ts';
import { parseJsonText, parseScenarioText } from '../sim/scenarioText.ts';

export const DIFF_USAGE = `  poolsim diff BASE NEW [--json] [--markdown] [--min-change D] [--fdr Q]

  compares two result files (run --json) or two report folders (report --out) by
  scenario name, point and metric: the change, its 95% interval, and whether it moved
  (significant at false discovery rate Q, default ${DEFAULT_FDR}, and larger than D,
  default 0; an exact change when both sides are exact). Exit 0 nothing moved, 1
  something moved or is on one side only, 2 bad input. docs/balance-diffs.md`;

const finite = lazySchema(() => z.number().refine(Number.isFinite, 'expected a finite number'));

const metricSchema = lazySchema(() => z
  .object({
    estimate: finite,
    ci95: z.tuple([finite, finite]).refine(([lo, hi]) => lo <= hi, 'expected [low, high] with low ≤ high'),
    exact: finite.optional(),
    scale: z.number().positive().optional(),
  })
  .loose()
  // poolsim never writes an estimate outside its own interval: such a figure was edited or
  // corrupted, and its change cannot be tested (0.5 → 0.9 inside [0.49, 0.51] read "nothing
  // moved"). A little slack for the rounding of a figure copied by hand.
  .superRefine((m, ctx) => {
    const problem = metricFigureProblem(m);
    if (problem) ctx.addIssue({ code: 'custom', path: ['estimate'], message: problem });
  }));

const resultSchema = lazySchema(() => z
  .object({
    name: z.string().min(1),
    // What the numbers are of: a result without them would compare as "undefined undefined".
    system: z.string().min(1),
    mechanic: z.string().min(1),
    trials: z.number().int().min(1),
    seed: z.union([z.string(), z.number()]),
    rules: z.record(z.string(), z.unknown()).optional(),
    setup: z.unknown().optional(),
    // A report's solve answers (sim/solve/result.ts): what diff compares of them.
    solve: z
      .array(z.object({ name: z.string().min(1), decided: z.boolean(), candidates: z.array(z.unknown()).optional(), method: z.string().optional() }).loose())
      .optional(),
    results: z.array(
      z
        .object({
          point: z.record(z.string(), z.unknown()),
          trials: z.number().int().min(1).optional(),
          metrics: z.record(z.string(), metricSchema),
        })
        .loose(),
    ),
  })
  .loose());

/** What a file is when it is a poolsim file but not a result (undefined otherwise). */
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
    text = readUtf8(file);
    // As a scenario is read: a byte order mark passed over, a key twice refused.
    raw = parseJsonText(text, file);
  } catch (e) {
    if (e instanceof NotUtf8) {
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
      errors.push(...zodErrors(file, prefix, parsed.error, item));
      return;
    }
    const result = parsed.data as unknown as ScenarioResult;
    const seen = new Map<string, number>();
    result.results.forEach((p, j) => {
      const key = pointKey(p.point);
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

/** Every result of one side: a result file, a report folder's `<slug>/results.json`, or one scenario's folder of a report. */
export function readResults(path: string, errors: ScenarioError[]): ScenarioResult[] {
  if (!existsSync(path)) {
    errors.push(new ScenarioError(path, '', 'no such file or folder: expected a result file or a report folder'));
    return [];
  }
  let files: string[];
  if (statSync(path).isDirectory()) {
    files = readdirSync(path, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => join(path, d.name, 'results.json'))
      .filter((f) => existsSync(f))
      .sort();
    // One scenario's folder of a report (`<out>/<slug>`): its own results.json.
    if (files.length === 0 && existsSync(join(path, 'results.json'))) files = [join(path, 'results.json')];
    if (files.length === 0) {
      errors.push(new ScenarioError(path, '', 'no <scenario>/results.json in this folder: expected a report folder (poolsim report --out)'));
      return [];
    }
  } else {
    files = [path];
  }
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
  const x = Number(text);
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
  };
}

/** The JSON of `--json`: the diff, with the two sides named. */
function diffJson(diff: ResultDiff, base: string, next: string): unknown {
  return { base, new: next, anythingMoved: somethingMoved(diff), ...diff };
}

export function diffCommand(args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  const { values, positionals } = parseFlags(args, ['json', 'markdown', 'min-change', 'fdr']);
  if (positionals.length !== 2) throw new UsageError(`diff compares two sides: BASE NEW (result files or report folders), got ${positionals.length}`);
  if (values.json && values.markdown) throw new UsageError('give --json or --markdown, not both');
  const options = diffOptionsOf(values);
  const [base, next] = positionals as [string, string];
  let sides: { base: ScenarioResult[]; next: ScenarioResult[] };
  try {
    sides = readBothSides(base, next);
  } catch (e) {
    if (!(e instanceof ScenarioErrors)) throw e;
    err.write(`poolsim diff: bad input, nothing was compared:\n${capErrors(e.errors).map((line) => `  ${plainText(line)}`).join('\n')}\n`);
    return 2;
  }
  const diff = diffResults(sides.base, sides.next, options);
  if (values.json) out.write(JSON.stringify(diffJson(diff, base, next), null, 2) + '\n');
  else if (values.markdown) out.write(renderDiffMarkdown(diff));
  else out.write(renderDiffText(diff, { base, new: next }));
  return somethingMoved(diff) ? 1 : 0;
}
