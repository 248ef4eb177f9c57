/**
 * A sweep's values as a designer types them, and back. Numbers: `1, 2, 3` or a range
 * `1-8` (also `1..8`); flags: `false, true`; named values and dice: comma-separated;
 * dice lists: `|` between lists, each list space-separated (or comma-separated inside a
 * `|` list), `none` for no dice (`none | d4 | d6 | 2d4`); without a `|`, commas separate
 * the lists as in every other row (`d4, d6` is two setups, `d4 d6, 2d4` two as well).
 * Parsed, never evaluated; what does not read as the field's kind is kept as typed, for
 * the scenario schema to name. So is a blank item (`1, , 3`, a trailing comma): kept as
 * `""`, refused at its row in the row's words (model/validate.ts `blankSweepWords`), where
 * it was dropped without a word. A die typed in capitals (`D6`) is written as the file
 * writes dice (`d6`, which is all the CLI reads), and the row says so (`sweepReadings`).
 */
import { normaliseDice, numberFromText } from './coerce.ts';
import { MAX_LIST, RANGE_TEXT } from '../../sim/scenario.ts';
import type { DiceField } from '../../reports/fields/spec.ts';
import { quoted, wordList } from '../../sim/words.ts';

export type SweepKind = 'number' | 'flag' | 'choice' | 'die' | 'dice' | 'text';


/** A row's items between commas, a blank one as "" (a box left blank has none). */
function tokens(text: string): string[] {
  if (text.trim() === '') return [];
  return text.split(',').map((t) => t.trim());
}

function diceList(text: string): string[] {
  const t = text.trim();
  if (t === '' || /^(none|-|—|\[\])$/i.test(t)) return [];
  return t
    .split(/[\s,]+/)
    .filter((x) => x !== '')
    .map(normaliseDice);
}

export function parseSweepValues(text: string, kind: SweepKind, options?: readonly (string | boolean)[]): unknown[] {
  switch (kind) {
    case 'choice':
      // A named value as its option (a `true` option is the boolean, not the text).
      return tokens(text).map((t) => options?.find((o) => String(o) === t) ?? t);
    case 'number':
      return tokens(text).flatMap((t) => {
        const m = RANGE_TEXT.exec(t);
        if (m) {
          const [from, to] = [Number(m[1]), Number(m[2])];
          // A range longer than a sweep's list may be stays as typed: the scenario's check
          // names it at its row, with its length.
          if (Math.abs(to - from) + 1 <= MAX_LIST) {
            const step = from <= to ? 1 : -1;
            return Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => from + i * step);
          }
        }
        // A blank item stays one (""), for the row to refuse.
        return [numberFromText(t) ?? t];
      });
    case 'flag':
      return tokens(text).map((t) => (/^(true|yes|on)$/i.test(t) ? true : /^(false|no|off)$/i.test(t) ? false : t));
    case 'dice':
      // Every other row teaches "1, 2, 3": a comma between dice there means another value.
      // No dice at all is said with `none`, never by leaving an entry blank: a blank entry
      // (a trailing comma, ", ,") stays "" for the row to refuse, as in every other row.
      if (text.trim() === '') return [];
      return (text.includes('|') ? text.split('|') : text.split(',')).map((entry) => (entry.trim() === '' ? '' : diceList(entry)));
    case 'die':
      return tokens(text).map(normaliseDice);
    default:
      return tokens(text);
  }
}

/**
 * What a row's text was read as where that is not as typed, in words for beside the row:
 * dice in capitals written as the file writes them ("“D6” is read as “d6”, as dice are
 * written"); undefined where every item is as typed. Only the dice rows change what is
 * typed (numbers keep their values, other text is kept as typed).
 */
export function sweepReadings(text: string, kind: SweepKind): string | undefined {
  if (kind !== 'dice' && kind !== 'die') return undefined;
  const changed = new Map<string, string>();
  for (const typed of text.split(/[\s,|]+/)) {
    const read = normaliseDice(typed);
    if (typed !== '' && read !== typed) changed.set(typed, read);
  }
  if (changed.size === 0) return undefined;
  const pairs = [...changed].map(([typed, read]) => `${quoted(typed)} as ${quoted(read)}`);
  return `Read ${wordList(pairs)}: dice are written in lower case, as the file has them.`;
}

export function formatSweepValues(values: readonly unknown[], kind: SweepKind): string {
  if (kind === 'dice') {
    return values.map((v) => (Array.isArray(v) ? (v.length ? v.join(' ') : 'none') : String(v))).join(' | ');
  }
  // Runs of three or more consecutive integers read as a range.
  if (kind === 'number' && values.length >= 3 && values.every((v, i) => Number.isInteger(v) && (i === 0 || (v as number) === (values[i - 1] as number) + 1))) {
    return `${values[0]}-${values[values.length - 1]}`;
  }
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

/**
 * A choice's values are not typed: Vary ticks them, one box per option in the option's words
 * (a rule's: "every side, as written", from sim/rules.ts `variant`). Words hold commas, so a
 * comma-separated row could not take them, and typing a rule's value meant knowing the
 * file's spelling the page shows nowhere else; a few named values are picked, as the rule's
 * own select picks one. Each box stands for its option's value, which is what the file gets.
 */
export interface ChoiceBox {
  value: unknown;
  /** The option's words; a value the field does not offer, as the file has it. */
  label: string;
  checked: boolean;
  /** False for a value the file sweeps and the field does not offer (kept, ticked, for the CLI's message at the row). */
  offered: boolean;
}

/** The boxes of a choice's Vary row: each option, ticked where `values` has it; then any value `values` has that no option is. */
export function choiceBoxes(values: readonly unknown[], options: readonly { value: string | boolean; label: string }[]): ChoiceBox[] {
  const boxes: ChoiceBox[] = options.map((o) => ({ value: o.value, label: o.label, checked: values.includes(o.value), offered: true }));
  for (const v of values) {
    if (!boxes.some((b) => b.value === v)) boxes.push({ value: v, label: String(JSON.stringify(v)), checked: true, offered: false });
  }
  return boxes;
}

/**
 * The sweep's values with `value` ticked (`on`) or not. A value ticked goes after those the
 * sweep has, whose order is kept: a sweep's points, and a heatmap's axis, run in it, and a
 * file's order is not rewritten by ticking another value.
 */
export function toggleChoice(values: readonly unknown[], value: unknown, on: boolean): unknown[] {
  if (on) return values.includes(value) ? [...values] : [...values, value];
  return values.filter((v) => v !== value);
}

/**
 * A choice's swept values as its options read them: words quoted (“every side, as written”
 * has a comma of its own), a value without words, or not offered, as written.
 */
export function choiceValuesText(values: readonly unknown[], options: readonly { value: string | boolean; label: string }[]): string {
  return values
    .map((v) => {
      const label = options.find((o) => o.value === v)?.label;
      return label !== undefined && label !== String(v) ? quoted(label) : formatSweepValues([v], 'text');
    })
    .join(', ');
}

/** The kind of a path nobody has a form field for, guessed from the values it sweeps. */
export function kindOfValues(values: readonly unknown[]): SweepKind {
  if (values.length && values.every((v) => typeof v === 'number')) return 'number';
  if (values.length && values.every((v) => typeof v === 'boolean')) return 'flag';
  if (values.some((v) => Array.isArray(v))) return 'dice';
  return 'text';
}

/**
 * The values a new Vary row of a dice field starts with: no dice, a d4, a d6 — no dice only
 * where the schema takes it (`minDice`: a bought equipment item is at least one die, and a
 * row starting at [] was refused as soon as it was picked, the review).
 */
export function startDice(field: DiceField): string[][] {
  return (field.minDice ?? 0) > 0 ? [['d4'], ['2d4']] : [[], ['d4'], ['d6']];
}
