/**
 * Sweep paths and values as a designer reads them — the one place that names them, for
 * charts, tables, check lines, reports and the dashboard (its Vary, Compare and Find
 * pickers too). Paths are the public contract (docs/scenario-format.md); these are only how they are
 * shown, in the words of the mechanic's form (reports/fields/): with the scenario's setup,
 * `setup.sides.1.combatants.0.count` reads "guards › guard › how many"; an empty dice list
 * "none".
 */
import { forms, formFor } from './fields/index.ts';
import { ruleLabel, ruleToggles } from './fields/rules.ts';
import { fieldAt, fieldLabel, optionLabel, type ListField, type Field, type LeafField } from './fields/spec.ts';
import { rulesBySystem, type SystemName } from '../sim/rules.ts';
import { quoted } from '../sim/words.ts';

/** Which mechanic's form names a path: a scenario or its result (both carry these). */
export interface SweepMechanic {
  system?: unknown;
  mechanic?: unknown;
}

/** What one item of a list is called ("side"), from the forms, for a path no form has. */
const ITEM_WORDS: ReadonlyMap<string, string> = (() => {
  const words = new Map<string, string>();
  const visit = (fields: readonly Field[]) => {
    for (const f of fields) {
      if (f.kind === 'list' && !words.has(f.key)) words.set(f.key, (f as ListField).item);
      if (f.kind === 'list' || f.kind === 'group') visit(f.fields);
    }
  };
  for (const form of forms) visit(form.fields);
  return words;
})();

/**
 * A sweep path as a label, in the words of `mechanic`'s form: `setup.challenges` →
 * "challenges"; inside lists each item by its `name` in `setup` (the scenario's setup,
 * where the caller has it), else "side 2": `setup.sides.1.combatants.0.count` →
 * "guards › guard › how many"; `rules.hitOn` → "rule: a hit is". Without the mechanic
 * (a baseline diff names only the scenario), the first form with a field at the path
 * names it. A path no form has keeps its keys, items still named: "side 2 › newKey".
 */
export function sweepLabel(path: string, setup?: unknown, mechanic?: SweepMechanic): string {
  if (path === 'trials') return 'trials';
  const parts = path.split('.');
  if (parts[0] === 'rules' && parts.length === 2) return `rule: ${ruleLabel(parts[1]!)}`;
  if (parts[0] !== 'setup') return path;
  const rest = parts.slice(1);
  const own = mechanic ? formFor(mechanic.system, mechanic.mechanic) : undefined;
  for (const form of own ? [own] : forms) {
    const label = fieldLabel(form.fields, rest, setup);
    if (label !== undefined) return label;
  }
  return keyWords(rest, setup);
}

/** A path that no form names: its keys as they are, each list item by name or place. */
function keyWords(parts: readonly string[], setup: unknown): string {
  const words: string[] = [];
  let value: unknown = setup;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i]!;
    const next = parts[i + 1];
    const child = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (next !== undefined && /^\d+$/.test(next)) {
      const item = Array.isArray(child) ? child[Number(next)] : undefined;
      const name = item !== null && typeof item === 'object' ? (item as Record<string, unknown>).name : undefined;
      words.push(typeof name === 'string' && name.trim() !== '' ? name : `${ITEM_WORDS.get(key) ?? key} ${Number(next) + 1}`);
      value = item;
      i++;
    } else {
      words.push(key);
      value = child;
    }
  }
  return words.join(' › ');
}

/**
 * A sweep value as text: dice lists read `2d4 + d6`, numbers and strings as themselves, a
 * whole list item by its name and fields; an empty list "none" and an empty text `""`, so
 * no "= " is left blank.
 */
export function formatSweepValue(value: unknown): string {
  // A list (a dice pool) joined with " + ", as the solve sentences write it: ", " also
  // joins a point's swept paths, and "captain › trait dice = d4, d6, minion › how many =
  // 2" read as three paths, and split a panel label in two.
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(formatSweepValue).join(' + ');
  if (value === '') return '""';
  if (value !== null && typeof value === 'object') {
    // A whole list item (berzerker-worth-d4 sweeps a combatant): its name, then its other
    // fields in the file's order, "captain (dice d4)", not {"name":"captain","dice":["d4"]}
    // (sweepValueLabel names the fields in the form's words where it knows the mechanic).
    // "; " between fields: ", " joins a point's swept paths.
    return itemText(value as Record<string, unknown>, (key, v) => `${key} ${formatSweepValue(v)}`);
  }
  return String(value);
}

/** A list item as text: its name, then its other fields as `field` words them, "; " between; unnamed, all of them in parentheses. */
function itemText(item: Record<string, unknown>, field: (key: string, value: unknown) => string): string {
  const { name, ...rest } = item;
  if (typeof name === 'string' && name !== '') {
    const fields = Object.entries(rest).map(([k, v]) => field(k, v));
    return fields.length ? `${name} (${fields.join('; ')})` : name;
  }
  const all = Object.entries(item).map(([k, v]) => field(k, v));
  return all.length ? `(${all.join('; ')})` : '(none)';
}

// ruleToggles reads the zod schema each call; a table names many points.
const toggleCache = new Map<SystemName, ReturnType<typeof ruleToggles>>();
function togglesOf(system: SystemName): ReturnType<typeof ruleToggles> {
  let toggles = toggleCache.get(system);
  if (!toggles) toggleCache.set(system, (toggles = ruleToggles(system)));
  return toggles;
}

/**
 * The words a choice's option shows for `value` at `path` (a rule's select: "the next
 * round’s action" for `rules.nextPenalty` `nextRound`; a setup choice's option label);
 * undefined where the field has none other than the value itself, or no choice is there.
 */
export function choiceWords(path: string, value: unknown, setup?: unknown, mechanic?: SweepMechanic): string | undefined {
  const parts = path.split('.');
  let words: string | undefined;
  if (parts[0] === 'rules' && parts.length === 2) {
    const system = mechanic?.system;
    if (typeof system !== 'string' || !Object.hasOwn(rulesBySystem, system)) return undefined;
    const toggle = togglesOf(system as SystemName).find((t) => t.key === parts[1]);
    words = toggle && toggle.values.includes(value as string | boolean) ? toggle.words[String(value)] : undefined;
  } else if (parts[0] === 'setup' && mechanic) {
    const form = formFor(mechanic.system, mechanic.mechanic);
    words = form ? optionLabel(fieldAt(form.fields, parts.slice(1), setup)?.field as LeafField | undefined, value) : undefined;
  }
  return words !== undefined && words !== String(value) ? words : undefined;
}

/**
 * A swept value as the page and the reports name it: a choice's value in the words its
 * select shows, quoted (“every side, as written” holds a comma, and ", " joins a point's
 * paths), as Vary's boxes name it; anything else as formatSweepValue writes it. The path
 * is already in words (sweepLabel): "rule: a hit is = 4+" said half of it in the file's.
 * The result JSON keeps the value.
 */
export function sweepValueLabel(path: string, value: unknown, setup?: unknown, mechanic?: SweepMechanic): string {
  return namedValue(path, value, setup, mechanic) ?? formatSweepValue(value);
}

/**
 * sweepValueLabel's words where the form has some for the value (a choice's option,
 * quoted; a list item's fields by their labels), undefined where it would only write the
 * value: a solve sentence then says it its own way ("no dice" for an empty pool).
 */
function namedValue(path: string, value: unknown, setup?: unknown, mechanic?: SweepMechanic): string | undefined {
  const words = choiceWords(path, value, setup, mechanic);
  if (words !== undefined) return quoted(words);
  return itemWords(path, value, setup, mechanic);
}

/**
 * A whole list item (or group) swept at `path`, its fields named as the form's labels name
 * them: "captain (first clash only: d4)", not the file's "openingDice"; a choice's value in
 * its option's words. Undefined where the value is no object or no form field is there.
 */
function itemWords(path: string, value: unknown, setup?: unknown, mechanic?: SweepMechanic): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !mechanic) return undefined;
  const parts = path.split('.');
  if (parts[0] !== 'setup') return undefined;
  const form = formFor(mechanic.system, mechanic.mechanic);
  const found = form ? fieldAt(form.fields, parts.slice(1), setup)?.field : undefined;
  if (found === undefined || (found.kind !== 'list' && found.kind !== 'group')) return undefined;
  return fieldsWords(found.fields, value as Record<string, unknown>);
}

/**
 * An object's fields as `fields` label them, a group inside it likewise ("a task done for
 * each job: (task rank: 3; price modifiers: 1)", not the file's "(itemRank 3; modifiers 1)"),
 * a choice's value in its option's words; an object with no field set "nothing set" (it read
 * "(none)", as if it were a value of its own), one with only a name "captain (nothing set
 * but its name)".
 */
function fieldsWords(fields: readonly Field[], item: Record<string, unknown>): string {
  if (Object.keys(item).length === 0) return 'nothing set';
  // Only a name: said so, beside points that read "captain (first clash only: d4)". Alone it
  // read "vipers › captain = captain", a name said twice, as if nothing were described (a
  // report audit); what it lacks is every field the others set.
  if (Object.keys(item).length === 1 && typeof item.name === 'string' && item.name !== '') return `${item.name} (nothing set but its name)`;
  return itemText(item, (key, v) => {
    const field = fields.find((f) => f.key === key);
    if ((field?.kind === 'group' || field?.kind === 'list') && v !== null && typeof v === 'object' && !Array.isArray(v)) return `${field.label}: ${fieldsWords(field.fields, v as Record<string, unknown>)}`;
    const option = optionLabel(field as LeafField | undefined, v);
    return `${field?.label ?? key}: ${option !== undefined && option !== String(v) ? quoted(option) : formatSweepValue(v)}`;
  });
}

/** One point of a sweep as text: "challenges = 3, minion › how many = 2" (sweepLabel's and sweepValueLabel's words). */
export function pointLabel(point: Record<string, unknown>, setup?: unknown, mechanic?: SweepMechanic): string {
  const parts = Object.entries(point).map(([path, value]) => `${sweepLabel(path, setup, mechanic)} = ${sweepValueLabel(path, value, setup, mechanic)}`);
  return parts.length ? parts.join(', ') : 'no sweep';
}

/** A point as the file writes it, `rules.nextPenalty = "nextRound"`: the page keeps it in a title beside pointLabel's words. */
export function pointFileText(point: Record<string, unknown>): string {
  return Object.entries(point).map(([path, value]) => `${path} = ${JSON.stringify(value)}`).join(', ');
}

// A number in a table (formatNumber) is one rule with the solve sentences' figures: it lives
// beside them in sim/solve/sentence.ts, and is named here for the pages that import it so.
export { formatNumber, notWhole } from '../sim/solve/sentence.ts';

/** A plan's paths in the form's words, for the sentences of its solves (sim/solve SolveOptions.words). */
export function pathWords(scenario: { setup?: unknown; system?: unknown; mechanic?: unknown }): (path: string) => string {
  return (path) => sweepLabel(path, scenario.setup, scenario);
}

/**
 * A plan's values in the form's words, for the sentences of its solves (sim/solve
 * SolveOptions.valueWords): a rule's value as its select and `poolsim run` name it,
 * "“lets nothing through”"; undefined where the form has no words of its own for it.
 */
export function valueWords(scenario: { setup?: unknown; system?: unknown; mechanic?: unknown }): (path: string, value: unknown) => string | undefined {
  return (path, value) => namedValue(path, value, scenario.setup, scenario);
}
