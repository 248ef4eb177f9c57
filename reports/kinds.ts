/**
 * Which metrics are probabilities and which are means. The chart choice hangs on it:
 * probabilities share a fixed [0, 1] axis, means get an axis of their own.
 *
 * The rule, in order:
 * 1. an explicit `kinds` entry from the caller (the CLI knows what each mechanic emits);
 * 2. the contract's metric names (SCENARIOS.md, "Setups and metrics of the contract");
 * 3. for any other name: a probability when, at every point, its estimate, interval and
 *    exact value all lie in [0, 1]; a mean otherwise. A mean that never leaves [0, 1]
 *    (say "mean tension" of a rare event) is misread by this rule — pass `kinds` for it.
 */
import type { MetricResult, ScenarioResult } from '../sim/result.ts';

export type MetricKind = 'probability' | 'mean';

/** Whole metric names that the contract defines as probabilities. */
const PROBABILITY_METRICS = new Set(['success', 'safe', 'successAndSafe', 'draw', 'reroll', 'demoted', 'promoted']);
/** Families (`<family>.<name>`) that the contract defines as probabilities. */
const PROBABILITY_FAMILIES = new Set(['win', 'top', 'death', 'totalVictory']);
/** Whole metric names that the contract defines as means. */
const MEAN_METRICS = new Set(['successes', 'sixes', 'active', 'rounds', 'tension', 'rank.final', 'points.final']);
/** Families that the contract defines as means. */
const MEAN_FAMILIES = new Set(['hits', 'landed', 'wasted', 'wounded', 'deaths', 'firstStrike', 'strikes', 'completed', 'successes']);

/** The part of a metric name before its first dot: `win.captain` → `win`, `draw` → `draw`. */
export function metricFamily(metric: string): string {
  const dot = metric.indexOf('.');
  return dot < 0 ? metric : metric.slice(0, dot);
}

/** The kind the contract gives a metric name, or undefined when the name is not in it. */
export function contractKind(metric: string): MetricKind | undefined {
  if (PROBABILITY_METRICS.has(metric)) return 'probability';
  if (MEAN_METRICS.has(metric)) return 'mean';
  const dot = metric.indexOf('.');
  if (dot < 0) return undefined;
  const family = metric.slice(0, dot);
  if (PROBABILITY_FAMILIES.has(family)) return 'probability';
  if (MEAN_FAMILIES.has(family)) return 'mean';
  return undefined;
}

function withinUnitInterval(m: MetricResult): boolean {
  const values = [m.estimate, m.ci95[0], m.ci95[1], ...(m.exact === undefined ? [] : [m.exact])];
  return values.every((v) => v >= 0 && v <= 1);
}

/** Every metric name of a result, in the order of first appearance across its points. */
export function metricNames(result: ScenarioResult): string[] {
  const names = new Set<string>();
  for (const point of result.results) for (const name of Object.keys(point.metrics)) names.add(name);
  return [...names];
}

/** The kind of every metric of a result, by the rule at the top of this file. */
export function metricKinds(
  result: ScenarioResult,
  kinds: Record<string, MetricKind> = {},
): Map<string, MetricKind> {
  const out = new Map<string, MetricKind>();
  for (const name of metricNames(result)) {
    const known = kinds[name] ?? contractKind(name);
    if (known) {
      out.set(name, known);
      continue;
    }
    const inUnit = result.results.every((p) => p.metrics[name] === undefined || withinUnitInterval(p.metrics[name]));
    out.set(name, inUnit ? 'probability' : 'mean');
  }
  return out;
}
