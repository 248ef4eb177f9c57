/**
 * Sweep paths and values as a designer reads them. Paths are the public contract
 * (SCENARIOS.md); these are only how charts, tables and check lines show them.
 */
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
