/**
 * Forms as data: each mechanic's form is a list of fields bound to keys of its scenario
 * `setup`, in the game's words. The dashboard draws them all (dashboard/ui/form.ts), the sweep and
 * compare pickers find fields by path, and a new mechanic's form is a new list — the
 * battle form is the clash form with flee and aid added to each side.
 */
import type { SystemName } from '../../sim/rules.ts';
import type { Path } from './paths.ts';

interface FieldBase {
  /** The key in the setup object (or in the parent item). */
  key: string;
  /** In the game's words. */
  label: string;
  /** One line under the label: what it means at the table, and its default. */
  help?: string;
  /**
   * The key of a `byName` group beside this field that it belongs to (Sorcerer's `tries`
   * are side a's): the group's label in this one's, "tries (side A)", reads by that side's
   * name in a path's words where the setup gives one ("tries (sorcerer)"), as the group's
   * own fields do ("sorcerer › dice"). The form keeps "side A", beside the group's legend.
   */
  whose?: string;
}

/**
 * The default the kernel uses for a field left out where it depends on the item holding it
 * (a side's `medics` is 1, or 0 beside a combatant with the Medic trait): shownDefault reads
 * it before the placeholder, which can only say one value.
 */
export type DefaultIn = (holder: Record<string, unknown>) => unknown;

export interface NumberField extends FieldBase {
  kind: 'number';
  /** Shown when empty: the default the kernel uses when the key is left out. */
  placeholder?: string;
  defaultIn?: DefaultIn;
  /** Reads thousands separators ("100,000"), as the page writes this count (dashboard/model/coerce.ts numberFromText). */
  grouped?: boolean;
}
export interface TextField extends FieldBase {
  kind: 'text';
  placeholder?: string;
  /** What typed text means in the file, when not just the text (a count or a list of names). */
  read?(text: string): unknown;
  /** The file's value as text for the input; defaults to the text itself or its JSON. */
  show?(value: unknown): string;
  /**
   * What the box takes, in its own words (“N jobs” … or “next rank”), where `read` keeps
   * text it cannot read for the schema to refuse: the box says "expected <this>, got …",
   * not the schema's words for the file ("expected an object").
   */
  expects?: string;
}
/** A checkbox; unchecked leaves the key out (every flag of the contract defaults to false). */
export interface FlagField extends FieldBase {
  kind: 'flag';
}
/** A dice list (`["2d4", "d6"]`) shown as chips. */
export interface DiceField extends FieldBase {
  kind: 'dice';
  /**
   * The fewest dice the scenario schema takes here (a bought equipment item is at least one
   * die), so that Vary does not start a row at a value the file would refuse; 0 when left
   * out. tests/dashboard-forms.test.ts checks it against the schema.
   */
  minDice?: number;
}
/** One die (`"d10"`), chosen from a list; empty leaves the key out. */
export interface DieField extends FieldBase {
  kind: 'die';
  options: string[];
  placeholder: string;
}
/** One of a few named values; empty leaves the key out (the kernel's default). */
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  options: { value: string | boolean; label: string }[];
  placeholder: string;
  defaultIn?: DefaultIn;
}
/** A nested object (`a`, `b` of a contest). */
export interface GroupField extends FieldBase {
  kind: 'group';
  fields: Field[];
  /**
   * A side whose `name` the metrics use ("P(win: sorcerer)"): a path through it reads by
   * that name where the setup gives one ("sorcerer › dice", not "side A › dice").
   */
  byName?: true;
}
/** A list of objects (sides, combatants, participants). */
export interface ListField extends FieldBase {
  kind: 'list';
  /** What one item is called: "side", "combatant". */
  item: string;
  fields: Field[];
  /** A new item to append, given the items there are. */
  newItem(items: readonly unknown[]): Record<string, unknown>;
  /** The schema's minimum; the remove button hides at it. */
  min?: number;
}

export type Field = NumberField | TextField | FlagField | DiceField | DieField | ChoiceField | GroupField | ListField;
/** Fields that hold one value (what a sweep or a compare change can vary). */
export type LeafField = Exclude<Field, GroupField | ListField>;

export interface Preset {
  label: string;
  help: string;
  /** The scenario with the preset's sweep (or edits) applied. */
  apply(scenario: Record<string, unknown>): Record<string, unknown>;
  /**
   * Or: a compare change to set up instead; or, where the field at `path` gives it nothing
   * to change from (a count typed as text), a refusal for the page to say (never a quiet
   * nothing): set it to what it `needs` ("a number") first; it `holds` "three".
   */
  compare?(scenario: Record<string, unknown>): PresetChange;
}

export type PresetChange = { path: string; value: unknown } | { path: string; needs: string; holds: string };

export interface MechanicForm {
  system: SystemName;
  mechanic: string;
  /** In the mechanic picker. */
  title: string;
  /** One or two lines above the form, quoting the rule it models. */
  intro: string;
  fields: Field[];
  /** A sensible starting `setup` (valid as it stands). */
  template(): Record<string, unknown>;
  /** One-click questions a designer asks of this mechanic. */
  presets?: Preset[];
}

/**
 * A choice among named values, each shown in its `words` where given ("its first roll only"
 * for `first`: a file's spelling read as a word of the game it is not), else as written. The
 * file keeps the value; Vary's boxes and the results name it by the same words
 * (reports/sweep.ts sweepValueLabel). A `placeholder` naming the default reads "<its words>
 * (default)", which `shownDefault` reads back.
 */
export function choice(key: string, label: string, values: readonly (string | boolean)[], placeholder: string, help?: string, words?: Readonly<Record<string, string>>): ChoiceField {
  return { kind: 'choice', key, label, placeholder, help, options: values.map((v) => ({ value: v, label: words?.[String(v)] ?? String(v) })) };
}

export interface FoundField {
  field: Field;
  /** Labels from the top: ["participants", "captain", "trait dice"]. */
  labels: string[];
}

/** A short name for item `index` of a list: its `name` when it has one, else "side 2". */
export function itemName(list: ListField, item: unknown, index: number): string {
  const name = item !== null && typeof item === 'object' ? (item as Record<string, unknown>).name : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name : `${list.item} ${index + 1}`;
}

/**
 * The field at `path` below the form's fields (`path` without the leading `setup`), with
 * the labels leading to it; `setup` is the current setup, for item names.
 */
export function fieldAt(fields: readonly Field[], path: Path, setup: unknown): FoundField | undefined {
  let current: readonly Field[] = fields;
  let value: any = setup;
  const labels: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const field = current.find((f) => f.key === String(path[i]));
    if (!field) return undefined;
    const parent = value;
    value = value?.[field.key];
    if (i === path.length - 1) return { field, labels: [...labels, labelBeside(field, current, parent)] };
    if (field.kind === 'group') {
      // A group that is a named side (Sorcerer's a and b) reads by its name, as a list
      // item does: "sorcerer › dice", not "side A › dice" beside metrics saying sorcerer.
      const named = field.byName === true && typeof value?.name === 'string' && value.name !== '';
      labels.push(named ? value.name : field.label);
      current = field.fields;
    } else if (field.kind === 'list') {
      const index = String(path[++i]);
      if (!/^\d+$/.test(index)) return undefined;
      labels.push(itemName(field, value?.[Number(index)], Number(index)));
      value = value?.[Number(index)];
      if (i === path.length - 1) return { field, labels };
      current = field.fields;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** `field`'s label among `siblings`, in `parent` (the object holding its key): see `whose`. */
function labelBeside(field: Field, siblings: readonly Field[], parent: any): string {
  if (field.whose === undefined) return field.label;
  const group = siblings.find((f) => f.key === field.whose);
  const name = parent?.[field.whose]?.name;
  if (group?.kind !== 'group' || group.byName !== true || typeof name !== 'string' || name === '') return field.label;
  return field.label.replace(`(${group.label})`, `(${name})`);
}

/**
 * The words for `path` below the form's fields (`path` without the leading `setup`):
 * "guards › guard › how many"; undefined when no field of the form is there. reports/sweep.ts
 * `sweepLabel` names every sweep path through this, and so does the dashboard's Vary,
 * Compare and Find pickers (through sweepLabel): one wording wherever a path is shown.
 */
export function fieldLabel(fields: readonly Field[], path: Path, setup: unknown): string | undefined {
  return fieldAt(fields, path, setup)?.labels.join(' › ');
}

export interface Leaf {
  /** Full path from the scenario's top (`["setup", "participants", 0, "count"]`). */
  path: (string | number)[];
  field: LeafField;
  /** "captain › how many" (fieldLabel). */
  label: string;
}

/** Every single-valued field of the current setup, item by item, in form order. */
export function leaves(fields: readonly Field[], setup: unknown): Leaf[] {
  return leafPaths(fields, setup, ['setup']).map((l) => ({ ...l, label: fieldLabel(fields, l.path.slice(1), setup)! }));
}

function leafPaths(fields: readonly Field[], setup: unknown, prefix: (string | number)[]): Omit<Leaf, 'label'>[] {
  const out: Omit<Leaf, 'label'>[] = [];
  for (const field of fields) {
    const value = (setup as any)?.[field.key];
    if (field.kind === 'group') {
      out.push(...leafPaths(field.fields, value, [...prefix, field.key]));
    } else if (field.kind === 'list') {
      (Array.isArray(value) ? value : []).forEach((item, i) => {
        out.push(...leafPaths(field.fields, item, [...prefix, field.key, i]));
      });
    } else {
      out.push({ path: [...prefix, field.key], field });
    }
  }
  return out;
}

/**
 * What a field left out of the file stands for, where the form says it: a number field's
 * placeholder ("50"), a choice's "never (default)", a flag's false. Undefined where the form
 * does not say (the kernel's default is then not known here).
 */
export function shownDefault(field: LeafField | undefined, holder?: unknown): unknown {
  // Where the default depends on the item (DefaultIn), that item's: the placeholder's one
  // value made Compare refuse a B of medics 1 beside a Medic as "the default A leaves it
  // at", where it moved a battle's deaths from 0.117 to 0.011 (a defaults audit).
  if ((field?.kind === 'number' || field?.kind === 'choice') && field.defaultIn && holder !== null && typeof holder === 'object' && !Array.isArray(holder)) {
    return field.defaultIn(holder as Record<string, unknown>);
  }
  switch (field?.kind) {
    case 'number':
      return field.placeholder !== undefined && /^-?\d+(\.\d+)?$/.test(field.placeholder.trim()) ? Number(field.placeholder) : undefined;
    case 'flag':
      return false;
    case 'choice': {
      // Named as its option reads: a rule's words ("exactly 4 (default)"), else the value.
      const named = defaultNamed(field.placeholder);
      return (field.options.find((o) => o.label === named) ?? field.options.find((o) => String(o.value) === named))?.value;
    }
    case 'die':
      return field.options.find((o) => o === defaultNamed(field.placeholder));
    default:
      return undefined;
  }
}

/**
 * A value as a choice field's option reads (a rule's words: "when its dice show no hit" for
 * `ifNoHit`); undefined for any other field, or a value the field does not offer.
 */
export function optionLabel(field: LeafField | undefined, value: unknown): string | undefined {
  return field?.kind === 'choice' ? field.options.find((o) => o.value === value)?.label : undefined;
}

/** "never" of a placeholder "never (default)", "2/2" of "2/2 (default): thrust and parry". */
function defaultNamed(placeholder: string | undefined): string | undefined {
  return /^(.+?) \(default\)(?:: .*)?$/.exec(placeholder ?? '')?.[1];
}
