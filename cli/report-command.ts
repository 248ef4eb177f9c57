/**
 * `poolsim report [DIR|FILE...] [--out DIR] [--trials N] [--seed S]`: run every scenario
 * and write the batch reports (reports/write.ts) — HTML, Markdown with SVG charts, the
 * result JSON and CSV per scenario, and an index with every expect check. Every file is
 * checked before anything runs (exit 2, `--out` untouched); the reports are written all
 * or nothing; exit 1 when a check fails.
 */
import { basename, relative, resolve } from 'node:path';
import { loadPlans } from './load.ts';
import { parseOptions, positiveInteger, workersOption } from './options.ts';
import { runPlans } from './runner.ts';
import { writeReports } from '../reports/write.ts';
import { describeCheck, measured } from '../reports/render.ts';
import type { ScenarioPlan } from '../sim/scenario.ts';

export const REPORT_USAGE = `  poolsim report [DIR|FILE...] [--out DIR] [--trials N] [--seed S] [--workers N]

  runs every scenario (default: scenarios/) and writes DIR (default: reports/out):
  index.html and index.md listing each scenario's checks, and per scenario index.html,
  report.md with charts/*.svg, results.json and results.csv`;

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
  });
  const workers = workersOption(values.workers);
  const plans = loadPlans(positionals.length > 0 ? positionals : ['scenarios'], {
    trials: positiveInteger('--trials', values.trials),
    seed: values.seed,
  });
  const results = await runPlans(plans, { workers, progress: err, ...context });
  const kinds = kindsOf(plans);
  const used = new Map<string, number>();
  const entries = plans.map((plan, i) => {
    let slug = slugOf(plan.file);
    const n = (used.get(slug.toLowerCase()) ?? 0) + 1;
    used.set(slug.toLowerCase(), n);
    if (n > 1) slug = `${slug}-${n}`;
    return { slug, result: results[i], source: plan.file };
  });
  await writeReports(values.out!, entries, { charts: { kinds } });

  let failed = 0;
  for (const e of entries) {
    const checks = e.result.expect;
    const bad = checks.filter((c) => !c.pass);
    failed += bad.length;
    const mark = bad.length > 0 ? 'FAIL' : 'ok  ';
    out.write(`${mark}  ${e.result.name}  (${checks.length - bad.length}/${checks.length} checks)  ${e.slug}/\n`);
    // A failed check in full (what it asked, what was measured, and why it was asked);
    // passed ones are the count above, and every check is in the reports.
    for (const c of bad) {
      out.write(`        FAILED: ${describeCheck(c)}; measured ${measured(e.result, c)}${c.failedPoints?.length ? ` (failed at ${c.failedPoints.length} point${c.failedPoints.length === 1 ? '' : 's'})` : ''}\n`);
      if (c.why) out.write(`          why: ${c.why}\n`);
    }
  }
  const index = resolve(values.out!, 'index.html');
  // A path from here reads best, unless it climbs out of this folder: then the full one.
  const shown = relative(process.cwd(), index);
  out.write(`\n${entries.length} scenario(s), ${failed} failed check(s). Open ${shown.startsWith('..') ? index : shown}\n`);
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
