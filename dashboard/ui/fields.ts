/**
 * One input per kind of single-valued field. Each takes the current value and a callback
 * with the new value as the scenario file should hold it (model/coerce.ts); the form, the
 * sweep editor and the compare editor all use them.
 */
import type { LeafField } from '../../reports/fields/spec.ts';
import { diceChips, numberFromText, textFieldValue, textFromValue, typedDice } from '../model/coerce.ts';
import { h } from './dom.ts';
import { readable } from './picked.ts';

/** Dice offered as one-click chips; any "KdN" can be typed. */
export const COMMON_DICE = ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'];

export interface LeafOptions {
  id: string;
  /** Re-draw needed after the change (chips added or removed). */
  onChange(value: unknown, redraw: boolean): void;
}

export function leafInput(field: LeafField, value: unknown, options: LeafOptions): HTMLElement {
  const { id, onChange } = options;
  switch (field.kind) {
    case 'number':
      return h('input', {
        class: 'number',
        attrs: { id, type: 'text', inputmode: 'numeric', autocomplete: 'off', placeholder: field.placeholder, value: textFromValue(value), 'data-key': field.key },
        on: { input: (e) => onChange(numberFromText((e.target as HTMLInputElement).value, field.grouped), false) },
      });
    case 'text': {
      return h('input', {
        attrs: { id, type: 'text', autocomplete: 'off', placeholder: field.placeholder, value: field.show ? field.show(value) : textFromValue(value), 'data-key': field.key },
        on: { input: (e) => onChange(textFieldValue(field, (e.target as HTMLInputElement).value), false) },
      });
    }
    case 'flag': {
      const box = h('input', { attrs: { id, type: 'checkbox', 'data-key': field.key }, on: { change: (e) => onChange((e.target as HTMLInputElement).checked ? true : undefined, false) } });
      box.checked = value === true;
      return box;
    }
    case 'die':
    case 'choice': {
      const options = field.kind === 'die' ? field.options.map((o) => ({ value: o as string | boolean, label: o })) : field.options;
      const select = h('select', { attrs: { id, 'data-key': field.key } }, h('option', { attrs: { value: '' } }, field.placeholder));
      const known = options.some((o) => o.value === value);
      // A value the file has but the form does not offer stays visible (and is flagged).
      const all = known || value === undefined ? options : [...options, { value: value as string, label: textFromValue(value) }];
      all.forEach((o, i) => select.append(h('option', { attrs: { value: String(i) } }, o.label)));
      select.value = value === undefined ? '' : String(all.findIndex((o) => o.value === value));
      select.addEventListener('change', () => onChange(select.value === '' ? undefined : all[Number(select.value)]!.value, false));
      return readable(select);
    }
    case 'dice':
      return diceInput(field.key, value, id, onChange);
  }
}

/** A dice list as chips: × removes one, a die button adds one, "KdN" can be typed. */
function diceInput(key: string, value: unknown, id: string, onChange: LeafOptions['onChange']): HTMLElement {
  const chips = diceChips(value);
  const set = (next: unknown[]) => onChange(next.length ? next : undefined, true);
  // Typed dice are added on Enter, or when the box is left with text in it: left there
  // unadded, they would sit in the box while the run went ahead without them.
  let added = false;
  const addTyped = (text: string) => {
    if (added || text.trim() === '') return;
    added = true;
    // "d6 d8" or "d6, d8" is two dice, as the Vary row reads it.
    set([...chips, ...typedDice(text)]);
  };
  const custom = h('input', {
    class: 'dice-custom',
    attrs: { id, type: 'text', placeholder: 'e.g. 2d4', size: '6', autocomplete: 'off', 'aria-label': 'add dice' },
    on: {
      keydown: (e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        addTyped((e.target as HTMLInputElement).value);
      },
      change: (e) => addTyped((e.target as HTMLInputElement).value),
    },
  });
  return h(
    'div',
    { class: 'dice', attrs: { 'data-key': key } },
    h(
      'span',
      { class: 'chips' },
      ...(chips.length
        ? chips.map((d, i) =>
            h(
              'span',
              { class: 'chip' },
              textFromValue(d),
              h('button', { class: 'chip-remove', attrs: { type: 'button', title: `remove ${textFromValue(d)}`, 'aria-label': `remove ${textFromValue(d)}` }, on: { click: () => set(chips.filter((_, j) => j !== i)) } }, '×'),
            ),
          )
        : [h('span', { class: 'none' }, 'none')]),
    ),
    h(
      'span',
      { class: 'add-dice' },
      ...COMMON_DICE.map((d) => h('button', { class: 'add-die', attrs: { type: 'button', title: `add a ${d}` }, on: { click: () => set([...chips, d]) } }, `+${d}`)),
      custom,
    ),
  );
}
