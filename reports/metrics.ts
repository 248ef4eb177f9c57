/**
 * What each metric of a result is, for every chart, table and page: its kind and label
 * come from the result itself (the mechanic's table, sim/metrics.ts, writes them into the
 * result JSON). Only a result written before that falls back to reports/legacy.ts. The
 * report, the dashboard and the command line all read metrics through here.
 */
import type { MetricResult, PointResult, ScenarioResult } from '../sim/result.ts';
import type { MetricKind } from '../sim/stats.ts';
import { eachOf, withoutEach } from '../sim/metrics.ts';
import { legacyFamilyLabel, legacyKind, legacyLabel, metricFamily } from './legacy.ts';

export type { MetricKind } from '../sim/stats.ts';
export { metricFamily } from './legacy.ts';

/** Every metric name of a result, in the order of first appearance across its points. */
export function metricNames(result: ScenarioResult): string[] {
  const names = new Set<string>();
  for (const point of result.results) for (const name of Object.keys(point.metrics)) names.add(name);
  return [...names];
}

/** The first point's figure of `metric` (where its declared kind and label are). */
function declared(result: ScenarioResult, metric: string): MetricResult | undefined {
  for (const p of result.results) if (p.metrics[metric]) return p.metrics[metric];
  return undefined;
}

/**
 * The kind of every metric of a result: as the result declares it; `kinds` only for a
 * result that declares none (an older file, a test's hand-made result).
 */
export function metricKinds(result: ScenarioResult, kinds: Record<string, MetricKind> = {}): Map<string, MetricKind> {
  const out = new Map<string, MetricKind>();
  for (const name of metricNames(result)) out.set(name, declared(result, name)?.kind ?? kinds[name] ?? legacyKind(result, name));
  return out;
}

/**
 * A metric of a result (or of one point) in the game's words: "P(win: guards)". A
 * result's points may label one metric "each of 2" and "each of 4" (a sweep over an
 * entry's count, sim/metrics.ts eachOf): the result's label then says "each", true of
 * every point, rather than one point's count.
 */
export function metricLabel(from: ScenarioResult | PointResult, metric: string, mechanic = ''): string {
  const m = 'results' in from ? declared(from, metric) : from.metrics[metric];
  if (m?.label === undefined) return legacyLabel(metric, 'mechanic' in from ? from.mechanic : mechanic);
  if (!('results' in from)) return m.label;
  const labels = new Set(from.results.flatMap((p) => (typeof p.metrics[metric]?.label === 'string' ? [p.metrics[metric].label as string] : [])));
  if (labels.size <= 1) return m.label;
  const bare = new Set([...labels].map(withoutEach));
  return bare.size === 1 ? eachOf([...bare][0], 'several') : m.label;
}

/**
 * Families drawn on one chart although their names differ: a battle's `draw` belongs
 * beside the `win.<side>` lines, since together they add up to 1.
 */
const CHART_FAMILY: Record<string, string> = { draw: 'win' };

/** The chart a metric is drawn on when each family gets a chart of its own. */
export function chartFamily(metric: string): string {
  const family = metricFamily(metric);
  return CHART_FAMILY[family] ?? family;
}

/** The member part of a metric inside its chart family: `win.captain` → `captain`. */
export function memberName(metric: string): string {
  const family = metricFamily(metric);
  if (family === metric) return metric;
  const rest = metric.slice(family.length + 1);
  // `death.<side>.<name>` reads best as "side: name".
  const dot = rest.indexOf('.');
  return dot < 0 ? rest : `${rest.slice(0, dot)}: ${rest.slice(dot + 1)}`;
}

/**
 * Each of `members` (one chart's metrics) as its line is named: the `line` its mechanic
 * declares ("free pushes"), else the part of its label after
 * the family's words ("P(win: crew)" → "crew", "mean consequences: a PC is rattled" → "a
 * PC is rattled"), where every label has one and no two read alike; else `memberName`.
 * A name's code form (`consequence.pcRattled`) is then never what a designer reads.
 */
export function memberLabels(result: ScenarioResult, members: readonly string[]): Map<string, string> {
  const words = members.map((m) => {
    const line = declared(result, m)?.line;
    if (line !== undefined) return line;
    const label = metricLabel(result, m).replace(/^P\((.*)\)$/, '$1');
    const colon = label.indexOf(': ');
    return colon < 0 ? undefined : label.slice(colon + 2);
  });
  const usable = words.every((w) => w !== undefined && w.length > 0) && new Set(words).size === words.length;
  return new Map(members.map((m, i) => [m, usable ? words[i]! : memberName(m)]));
}

/** The axis label of a chart that draws every metric of `members` (one chart family). */
export function familyLabel(result: ScenarioResult, family: string, members: string[]): string {
  if (members.length === 1) return metricLabel(result, members[0]!);
  if (family === 'win' && members.includes('draw')) return 'P(outcome)';
  const declaredFamilies = new Set(members.map((m) => declared(result, m)?.family));
  if (declaredFamilies.size === 1) {
    const only = [...declaredFamilies][0];
    if (only !== undefined) return only;
  }
  return legacyFamilyLabel(family);
}
