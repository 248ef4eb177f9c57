/**
 * Axis and table labels in the game's words. Metric and sweep-path names are the public
 * contract (SCENARIOS.md); these are only how a report shows them to a designer. A name
 * missing here is shown as written, which is always correct if less friendly.
 */
import { metricFamily } from './kinds.ts';

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
  sixes: 'mean 6s rolled (free pushes)',
  active: 'mean challenges left active',
  pushed: 'mean participants who pushed (then rattled)',
  freePushes: 'mean free pushes a failed plan leaves',
  threats: 'mean challenges active in the fallout',
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
  hits: { member: 'mean hits (4s) rolled by {name}', family: 'mean hits (4s) rolled' },
  landed: { member: 'mean hits landed by {name}', family: 'mean hits landed on others' },
  wasted: { member: 'mean hits wasted by {name}', family: 'mean landed hits wasted' },
  wounded: { member: 'mean {name} combatants wounded', family: 'mean own combatants wounded' },
  deaths: { member: 'mean {name} deaths', family: 'mean deaths' },
  death: { member: 'P(dies: {name})', family: 'P(combatant dies)' },
  firstStrike: { member: "mean turn of {name}'s first initiation", family: 'mean turn of first initiation' },
  strikes: { member: 'mean designs initiated by {name}', family: 'mean designs initiated' },
  completed: { member: 'mean designs completed by {name}', family: 'mean designs completed' },
  totalVictory: { member: 'P(total victory: {name})', family: 'P(total victory)' },
  successes: { member: 'mean successes for {name} (0 on a loss)', family: 'mean successes (0 on a loss)' },
};

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
  if (family === 'death') {
    const dot = rest.indexOf('.');
    return dot < 0 ? rest : `${rest.slice(0, dot)}: ${rest.slice(dot + 1)}`;
  }
  return rest;
}

/** A metric as a designer reads it: `success` in knavery → "P(plan succeeds)". */
export function metricLabel(metric: string, mechanic = ''): string {
  const whole = METRIC_LABELS[`${mechanic}:${metric}`] ?? METRIC_LABELS[metric];
  if (whole) return whole;
  const family = metricFamily(metric);
  const templates = FAMILY_LABELS[family];
  if (templates && family !== metric) return templates.member.replace('{name}', memberName(metric));
  return metric;
}

/** The axis label of a chart that draws every metric of `members` (one chart family). */
export function familyLabel(family: string, members: string[], mechanic = ''): string {
  if (members.length === 1) return metricLabel(members[0]!, mechanic);
  if (family === 'win' && members.includes('draw')) return 'P(outcome)';
  return FAMILY_LABELS[family]?.family ?? family;
}

/** Labels for sweep paths of the contract's setups. */
const SWEEP_LABELS: Record<string, string> = {
  'setup.challenges': 'challenges',
  'setup.removed': 'challenges removed',
  'setup.prepared': 'prepared',
  'setup.turns': 'turns',
  'setup.maxRounds': 'max rounds',
  'setup.dice': 'dice rolled',
  'setup.modifier': 'modifier',
  'setup.cautionModifier': 'caution modifier',
  'setup.target': 'target',
  'setup.accomplish': 'accomplish dice',
  'setup.caution': 'caution dice',
  'setup.successTarget': 'success target',
  'setup.riskTarget': 'risk target',
  'setup.advantage': 'advantage dice',
  'setup.disadvantage': 'disadvantage dice',
  'setup.die': 'die',
  'setup.a.dice': 'dice of side A',
  'setup.b.dice': 'dice of side B',
  'setup.a.bonus': 'bonus dice of side A',
  'setup.b.bonus': 'bonus dice of side B',
  'setup.a.penalty': 'penalty dice of side A',
  'setup.b.penalty': 'penalty dice of side B',
  trials: 'trials',
};

/**
 * A sweep path as an axis label: `setup.challenges` → "challenges". Paths not in the
 * dictionary drop `setup.` and show array indices as written in the file, so the label
 * still points at the line a designer edits: `setup.participants.1.count` →
 * "participants[1] count", `rules.hitOn` → "rule hitOn".
 */
export function sweepLabel(path: string): string {
  const known = SWEEP_LABELS[path];
  if (known) return known;
  const parts = path.split('.');
  if (parts[0] === 'rules') return `rule ${parts.slice(1).join('.')}`;
  if (parts[0] === 'setup') parts.shift();
  let label = '';
  for (const part of parts) label += /^\d+$/.test(part) ? `[${part}]` : `${label ? ' ' : ''}${part}`;
  return label;
}

/** A sweep value as text: dice lists read `2d4, d6`, numbers and strings as themselves. */
export function formatSweepValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatSweepValue).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One point of a sweep as text: "challenges = 3, participants[1] count = 2". */
export function pointLabel(point: Record<string, unknown>): string {
  const parts = Object.entries(point).map(([path, value]) => `${sweepLabel(path)} = ${formatSweepValue(value)}`);
  return parts.length ? parts.join(', ') : 'no sweep';
}

/** A number in a table: whole numbers as they are, others to 4 places (3 significant when tiny). */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  if (value !== 0 && Math.abs(value) < 0.001) return value.toPrecision(3);
  return value.toFixed(4);
}
