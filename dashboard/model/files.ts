/**
 * What an opened or dropped file is: a scenario file (JSON or YAML, as `poolsim run`
 * reads it), a report's `results.json` (the result JSON of docs/scenario-format.md), or neither —
 * then a message that names the file and what was wrong, in the CLI's words where the CLI
 * has them. Parsed, never evaluated.
 */
import { scenarioFileValue } from '../../sim/scenarioText.ts';
import { ScenarioErrors } from '../../sim/scenario.ts';
import { looksLikeResult, metricFigureProblem, type ScenarioResult } from '../../sim/result.ts';

export type OpenedFile =
  | { kind: 'scenario'; file: string; scenario: Record<string, unknown> }
  | { kind: 'results'; file: string; results: ScenarioResult[] }
  | { kind: 'unreadable'; file: string; message: string };

/** Largest file the dashboard reads (a scenario is a few KB; a big sweep's results a few MB). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Why `v` is not a result JSON, or undefined when it is one. */
export function resultProblem(v: unknown): string | undefined {
  if (!isObject(v)) return 'expected an object';
  for (const key of ['name', 'system', 'mechanic'] as const) {
    if (typeof v[key] !== 'string') return `"${key}": expected a string`;
  }
  if (!isFiniteNumber(v.trials)) return '"trials": expected a number';
  if (!Array.isArray(v.results)) return '"results": expected a list';
  for (let i = 0; i < v.results.length; i++) {
    const p = v.results[i];
    if (!isObject(p) || !isObject(p.point) || !isObject(p.metrics)) {
      return `results.${i}: expected an object with "point" and "metrics"`;
    }
    for (const [name, m] of Object.entries(p.metrics)) {
      if (!isObject(m) || !isFiniteNumber(m.estimate) || !Array.isArray(m.ci95) || m.ci95.length !== 2 || !m.ci95.every(isFiniteNumber)) {
        return `results.${i}.metrics.${name}: expected {"estimate": number, "ci95": [low, high]}`;
      }
      // Figures poolsim never writes (edited or corrupted): refused as `poolsim diff` does.
      const problem = metricFigureProblem(m as { estimate: number; ci95: number[]; kind?: unknown; exact?: unknown });
      if (problem) return `results.${i}.metrics.${name}: ${problem}`;
    }
  }
  if (v.expect !== undefined && !Array.isArray(v.expect)) return '"expect": expected a list';
  return undefined;
}

/**
 * The scenario a result ran, rebuilt from the result alone: its setup (results carry it
 * since December 2026), the sweep read off its points (each path's values in the order
 * they first appear: a sweep is every combination of its lists), its checks without their
 * verdicts, trials, seed and rules. Undefined where that would not be the run the file
 * reports: no setup in it (an older file), or a `--precision` run (each point ran its own
 * number of trials, which a scenario file cannot say). Solve blocks are not kept: the
 * result holds their answers, not the blocks.
 */
export function scenarioOfResult(r: ScenarioResult): Record<string, unknown> | undefined {
  if (r.setup === undefined || r.precision !== undefined) return undefined;
  const sweep: Record<string, unknown[]> = {};
  for (const p of r.results) {
    for (const [path, value] of Object.entries(p.point)) {
      const values = (sweep[path] ??= []);
      if (!values.some((v) => JSON.stringify(v) === JSON.stringify(value))) values.push(value);
    }
  }
  // The check as written: what the run found is left behind (`decide` was written, and stays).
  const expect = (r.expect ?? []).map(({ pass: _pass, failedPoints: _failed, exactPass: _exact, exactMissing: _missing, ...check }) => check);
  return {
    name: r.name,
    ...(r.description !== undefined ? { description: r.description } : {}),
    system: r.system,
    mechanic: r.mechanic,
    trials: r.trials,
    seed: r.seed,
    ...(r.rules !== undefined ? { rules: r.rules } : {}),
    setup: r.setup,
    ...(Object.keys(sweep).length ? { sweep } : {}),
    ...(expect.length ? { expect } : {}),
  };
}

/** Classify a file's text by its name and content. */
export function readOpenedFile(text: string, file: string): OpenedFile {
  let value: unknown;
  try {
    // As `poolsim run` reads a file: an empty one, or a shard's part file, said to be one.
    value = scenarioFileValue(text, file);
  } catch (err) {
    if (err instanceof ScenarioErrors) return { kind: 'unreadable', file, message: err.errors.map((e) => e.message).join('\n') };
    return { kind: 'unreadable', file, message: `${file}: cannot read: ${(err as Error).message}` };
  }
  // `poolsim run --json` with several files prints a list of results.
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 0 && list.every(looksLikeResult)) {
    for (let i = 0; i < list.length; i++) {
      const problem = resultProblem(list[i]);
      if (problem) return { kind: 'unreadable', file, message: `${file}: ${Array.isArray(value) ? `${i}: ` : ''}not a result JSON: ${problem}` };
    }
    const results = (list as ScenarioResult[]).map((r) => ({ ...r, expect: r.expect ?? [] }));
    return { kind: 'results', file, results };
  }
  if (!isObject(value)) {
    return { kind: 'unreadable', file, message: `${file}: (top level): expected a scenario (an object with "system", "mechanic" and "setup") or a report's results.json` };
  }
  return { kind: 'scenario', file, scenario: value };
}

/** A scenario as the file `poolsim run` reads: two-space JSON, a newline at the end. */
export function scenarioFileText(scenario: unknown): string {
  return JSON.stringify(scenario, null, 2) + '\n';
}

/** A file name from the scenario's name: "Knavery: a heist" → "knavery-a-heist.json". */
export function scenarioFileName(scenario: Record<string, unknown>, suffix = ''): string {
  // Cut to 60 before the hyphens at the ends are taken off: cut after, a name cut at a
  // space ended in one ("…-for-one-roll-.json").
  const base = String(scenario.name ?? 'scenario')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${base || 'scenario'}${suffix}.json`;
}

/**
 * The trials a result ran, as its file says them: "20,000 trials", or for a `--precision`
 * run its points' own counts and the target ("65,536 trials a point (precision ±0.01, up to
 * 100,000,000)"): its top-level `trials` is the cap, not what ran.
 */
export function trialsRan(r: Pick<ScenarioResult, 'trials' | 'precision' | 'results'>): string {
  if (r.precision === undefined) return `${r.trials.toLocaleString('en')} trials`;
  const each = r.results.map((p) => p.trials ?? r.trials);
  const low = Math.min(...each);
  const high = Math.max(...each);
  const ran = low === high ? `${low.toLocaleString('en')} trials a point` : `${low.toLocaleString('en')} to ${high.toLocaleString('en')} trials a point`;
  return `${ran} (precision ±${r.precision}, up to ${r.trials.toLocaleString('en')})`;
}
