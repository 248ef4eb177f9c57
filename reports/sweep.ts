/**
 * Sweep paths and values as a designer reads them — the one place that names them, for
 * charts, tables, check lines, reports and the dashboard. Paths are the public contract
 * (SCENARIOS.md); these are only how they are shown: `setup.sides.1.combatants.0.count`
 * reads "guards › guard › how many" (as the dashboard's Vary menu says it), an empty dice
 * list "none".
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

/** What one item of a list is called, when it has no name of its own: "side 2". */
const ITEM_WORDS: Record<string, string> = {
  sides: 'side',
  combatants: 'combatant',
  participants: 'participant',
  rivals: 'rival',
  designs: 'design',
  troupes: 'troupe',
  minions: 'minion',
  characters: 'character',
};

/**
 * A field's key in the game's words, as the dashboard's forms label it (dashboard/forms/);
 * `<list>.<key>` where the word depends on the list the item is in.
 */
const FIELD_WORDS: Record<string, string> = {
  'sides.bonus': 'equipment bonus',
  'rivals.rank': 'wealth rank',
  count: 'how many',
  dice: 'trait dice',
  bonus: 'bonus dice',
  penalty: 'penalty dice',
  rattled: 'rattled',
  rank: 'rank',
  severity: 'severity',
  flee: 'flees',
  aid: 'aid',
  medics: 'Medics',
  a: 'side A',
  b: 'side B',
};

/**
 * A sweep path as a label: `setup.challenges` → "challenges"; inside lists, each item by
 * its `name` in `setup` (the scenario's setup, where the caller has it), else "side 2":
 * `setup.sides.1.combatants.0.count` → "guards › guard › how many"; `rules.hitOn` →
 * "rule hitOn".
 */
export function sweepLabel(path: string, setup?: unknown): string {
  const known = SWEEP_LABELS[path];
  if (known) return known;
  const parts = path.split('.');
  if (parts[0] === 'rules') return `rule ${parts.slice(1).join('.')}`;
  if (parts[0] === 'setup') parts.shift();
  const words: string[] = [];
  let value: unknown = setup;
  let list = '';
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i]!;
    const next = parts[i + 1];
    const child = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (next !== undefined && /^\d+$/.test(next)) {
      const item = Array.isArray(child) ? child[Number(next)] : undefined;
      const name = item !== null && typeof item === 'object' ? (item as Record<string, unknown>).name : undefined;
      words.push(typeof name === 'string' && name !== '' ? name : `${ITEM_WORDS[key] ?? key} ${Number(next) + 1}`);
      value = item;
      list = key;
      i++;
    } else {
      words.push(FIELD_WORDS[`${list}.${key}`] ?? FIELD_WORDS[key] ?? key);
      value = child;
    }
  }
  return words.join(' › ');
}

/** A sweep value as text: dice lists read `2d4, d6`, numbers and strings as themselves. */
export function formatSweepValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(formatSweepValue).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One point of a sweep as text: "challenges = 3, minion › how many = 2". */
export function pointLabel(point: Record<string, unknown>, setup?: unknown): string {
  const parts = Object.entries(point).map(([path, value]) => `${sweepLabel(path, setup)} = ${formatSweepValue(value)}`);
  return parts.length ? parts.join(', ') : 'no sweep';
}

/** A number in a table: whole numbers as they are, others to 4 places (3 significant when tiny). */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  if (value !== 0 && Math.abs(value) < 0.001) return value.toPrecision(3);
  return value.toFixed(4);
}
