/**
 * Kinds and labels for result files written before results carried them (sim/metrics.ts
 * now declares each metric's kind and label once, and the result JSON carries both). Only
 * reports/metrics.ts reads this, and only for a metric whose result has no `kind` or
 * `label`: a `results.json` of an older poolsim opened in the dashboard or reported again.
 *
 * Kinds, in order: the contract's metric names (docs/scenario-format.md); for any other name a
 * probability when, at every point, its estimate, interval and exact value all lie in
 * [0, 1]; a mean otherwise.
 */
import type { MetricResult, ScenarioResult } from '../sim/result.ts';
import type { MetricKind } from '../sim/stats.ts';

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

/** An old result's metric kind, by the rule at the top of this file. */
export function legacyKind(result: ScenarioResult, name: string): MetricKind {
  const known = contractKind(name);
  if (known) return known;
  const inUnit = result.results.every((p) => p.metrics[name] === undefined || withinUnitInterval(p.metrics[name]));
  return inUnit ? 'probability' : 'mean';
}

/** Labels for whole metric names; `<mechanic>:<metric>` wins over `<metric>`. */
const METRIC_LABELS: Record<string, string> = {
  'knavery:success': 'P(plan succeeds)',
  'check:success': 'P(check succeeds)',
  'risky:success': 'P(accomplish meets success target)',
  success: 'P(success)',
  safe: 'P(caution meets risk target)',
  successAndSafe: 'P(success and safe)',
  tension: 'mean tension gained',
  'knavery:successes': 'mean successes (dice showing 4+)',
  successes: 'mean successes',
  sixes: 'mean final 6s (free pushes)',
  active: 'mean challenges left active',
  draw: 'P(draw)',
  rounds: 'mean rounds fought',
  reroll: 'P(reroll: both sides out of dice)',
  'rank.final': 'mean final company rank',
  'points.final': 'mean final investment points',
  demoted: 'P(rank ever below start)',
  promoted: 'P(rank ever above start)',
};

/**
 * Families `<family>.<name>`: the label of one member (`{name}` is replaced) and of the
 * family as a whole (the y axis of a chart that draws one line per member). Probabilities
 * read "P(win: guards)" rather than "P(guards win)": side names are singular or plural.
 */
const FAMILY_LABELS: Record<string, { member: string; family: string }> = {
  win: { member: 'P(win: {name})', family: 'P(win)' },
  top: { member: 'P(strictly most hits: {name})', family: 'P(strictly most hits)' },
  hits: { member: 'mean hits rolled by {name}', family: 'mean hits rolled' },
  landed: { member: 'mean hits landed by {name}', family: 'mean hits landed on others' },
  wounded: { member: 'mean {name} combatants wounded', family: 'mean own combatants wounded' },
  deaths: { member: 'mean {name} deaths', family: 'mean deaths' },
  death: { member: 'P(dies: {name})', family: 'P(combatant dies)' },
  firstStrike: { member: "mean turn of {name}'s first initiation", family: 'mean turn of first initiation' },
  strikes: { member: 'mean designs initiated by {name}', family: 'mean designs initiated' },
  completed: { member: 'mean designs completed by {name}', family: 'mean designs completed' },
  totalVictory: { member: 'P(total victory: {name})', family: 'P(total victory)' },
  successes: { member: 'mean successes for {name} (0 on a loss)', family: 'mean successes (0 on a loss)' },
};

/** The member part of a metric: `win.captain` → `captain`, `death.a.b` → `a: b`. */
function legacyMember(metric: string): string {
  const rest = metric.slice(metricFamily(metric).length + 1);
  const dot = rest.indexOf('.');
  return dot < 0 ? rest : `${rest.slice(0, dot)}: ${rest.slice(dot + 1)}`;
}

/** An old result's metric label: `success` in knavery → "P(plan succeeds)". */
export function legacyLabel(metric: string, mechanic = ''): string {
  const whole = METRIC_LABELS[`${mechanic}:${metric}`] ?? METRIC_LABELS[metric];
  if (whole) return whole;
  const family = metricFamily(metric);
  const templates = FAMILY_LABELS[family];
  if (templates && family !== metric) return templates.member.replace('{name}', legacyMember(metric));
  return metric;
}

/** An old result's label for a whole family on one axis. */
export function legacyFamilyLabel(family: string): string {
  return FAMILY_LABELS[family]?.family ?? family;
}

