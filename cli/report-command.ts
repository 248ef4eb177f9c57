/**
 * `poolsim report [DIR|FILE...] [--out DIR] [--trials N] [--seed S]`: run every scenario
 * and write the batch reports (reports/write.ts) — HTML, Markdown with SVG charts, the
 * result JSON and CSV per scenario, and an index with every expect check. Every file is
 * checked before anything runs (exit 2, `--out` untouched); the reports are written all
 * or nothing; exit 1 when a check fails.
 */
import { basename, dirname, join, relative, resolve } from 'node:path';
import { loadPlans } from './load.ts';
import { UsageError, parseOptions, positiveInteger, workersOption } from './options.ts';
import { runPlans } from './runner.ts';
import type { ReportEntry } from '../reports/render.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';
import { ScenarioError, ScenarioErrors } from '../sim/scenario.ts';
import { diffResults, type ResultDiff } from '../sim/diff.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { headline } from '../reports/changes.ts';
import { diffOptionsOf, readResults } from './diff-command.ts';
import { solvePlan } from '../sim/solve/plan.ts';
import { failedSolveChecks } from '../reports/solveSection.ts';

export const REPORT_USAGE = `  poolsim report [DIR|FILE...] [--out DIR] [--trials N] [--seed S] [--workers N]
                 [--baseline DIR [--min-change D] [--fdr Q]]

  runs every scenario (default: scenarios/) and writes DIR (default: reports/out):
  index.html and index.md listing each scenario's checks, and per scenario index.html,
  report.md with charts/*.svg, results.json and results.csv. With --baseline (a report
  folder, e.g. reports/baseline) every number that moved since it is marked, and
  changes.html and changes.md list them all (see poolsim diff)`;

/** A folder name for a scenario file: its base name without extension, made safe. */
export function slugOf(file: string): string {
  return basename(file).replace(/\.(json|ya?ml)$/i, '').replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[.-]+/, '') || 'scenario';
}

export async function reportCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err?: NodeJS.WritableStream,
  context: { env?: NodeJS.ProcessEnv; signal?: AbortSignal; workerFile?: string } = {},
): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    out: { type: 'string', default: 'reports/out' },
    trials: { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    baseline: { type: 'string' },
    'min-change': { type: 'string' },
    fdr: { type: 'string' },
  });
  const workers = workersOption(values.workers);
  if (values.baseline === undefined && (values.fdr !== undefined || values['min-change'] !== undefined)) {
    throw new UsageError('--fdr and --min-change say what counts as moved since --baseline DIR: give --baseline too');
  }
  const diffOptions = diffOptionsOf(values);
  // The baseline is read before anything runs: a bad one is bad input (exit 2, nothing written).
  let baseline: ScenarioResult[] | undefined;
  if (values.baseline !== undefined) {
    const errors: ScenarioError[] = [];
    baseline = readResults(values.baseline, errors);
    if (errors.length > 0) throw new ScenarioErrors(errors);
  }
  const plans = loadPlans(positionals.length > 0 ? positionals : ['scenarios'], {
    trials: positiveInteger('--trials', values.trials),
    seed: values.seed,
  });
  const results = await runPlans(plans, { workers, progress: err, ...context });
  // Each file's solve blocks, answered beside (never inside) its results.
  plans.forEach((plan, i) => {
    if (plan.scenario.solve?.length) results[i].solve = solvePlan(plan);
  });
  const kinds = kindsOf(plans);
  const used = new Map<string, number>();
  const entries = plans.map((plan, i): ReportEntry => {
    let slug = slugOf(plan.file);
    const n = (used.get(slug.toLowerCase()) ?? 0) + 1;
    used.set(slug.toLowerCase(), n);
    if (n > 1) slug = `${slug}-${n}`;
    return { slug, result: results[i], source: plan.file };
  });
  let diff: ResultDiff | undefined;
  if (baseline) {
    diff = diffResults(baseline, results, diffOptions);
    for (const e of entries) e.changes = diff.changes.filter((c) => c.scenario === e.result.name);
  }
  // Plot, d3, linkedom and arquero load here, only for `report`: `run` and `merge` never
  // pay for them (tests/startup.test.ts).
  const { writeReports } = await import('../reports/write.ts');
  const { describeCheck, measured } = await import('../reports/render.ts');
  await writeReports(values.out!, entries, { charts: { kinds }, diff });

  let failed = 0;
  for (const e of entries) {
    const checks = e.result.expect;
    const bad = checks.filter((c) => !c.pass);
    const badSolves = failedSolveChecks(e.result);
    failed += bad.length + badSolves.length;
    const mark = bad.length + badSolves.length > 0 ? 'FAIL' : 'ok  ';
    const all = checks.length + (e.result.solve ?? []).filter((x) => x.expect).length;
    out.write(`${mark}  ${e.result.name}  (${all - bad.length - badSolves.length}/${all} checks)  ${e.slug}/\n`);
    // A failed check in full (what it asked, what was measured, and why it was asked);
    // passed ones are the count above, and every check is in the reports.
    for (const c of bad) {
      out.write(`        FAILED: ${describeCheck(c)}; measured ${measured(e.result, c)}${c.failedPoints?.length ? ` (failed at ${c.failedPoints.length} point${c.failedPoints.length === 1 ? '' : 's'})` : ''}\n`);
      if (c.why) out.write(`          why: ${c.why}\n`);
    }
    for (const s of badSolves) out.write(`        FAILED: ${s}\n`);
  }
  const index = resolve(values.out!, 'index.html');
  // A path from here reads best, unless it climbs out of this folder: then the full one.
  const shown = relative(process.cwd(), index);
  out.write(`\n${entries.length} scenario(s), ${failed} failed check(s). Open ${shown.startsWith('..') ? index : shown}\n`);
  if (diff) out.write(`Since ${values.baseline}: ${headline(diff)}. See ${join(dirname(shown.startsWith('..') ? index : shown), 'changes.md')}\n`);
  return failed > 0 ? 1 : 0;
}

/** Probability or mean for every metric name, from the mechanics' own specs. */
function kindsOf(plans: readonly ScenarioPlan[]): Record<string, 'probability' | 'mean'> {
  const kinds: Record<string, 'probability' | 'mean'> = {};
  for (const plan of plans) {
    for (const p of plan.points) for (const m of p.simulation.metrics) kinds[m.name] = m.kind;
  }
  return kinds;
}
