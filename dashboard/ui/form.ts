/**
 * Draws a mechanic's fields (forms/spec.ts) bound to paths of the scenario. Each field's
 * wrapper is registered under its dotted path so a validation problem can be shown at
 * the field it is about (model/validate.ts).
 */
import type { Field, LeafField, ListField } from '../../reports/fields/spec.ts';
import { itemName } from '../../reports/fields/spec.ts';
import { getAt, joinPath, type Path } from '../../reports/fields/paths.ts';
import { h, uid } from './dom.ts';
import { leafInput } from './fields.ts';

export interface FormContext {
  scenario(): Record<string, unknown>;
  /** Set the value at `path`; `redraw` when the form's shape changed (items, chips). */
  set(path: Path, value: unknown, redraw: boolean): void;
  /** Remember a field's wrapper, for problems at `path`. */
  register(path: string, el: HTMLElement): void;
  /** Remove item `index` of the list at `path` (a `what`), moving the paths that name later items with them. */
  removeItem(path: Path, index: number, what: string): void;
  /** Add `item` at the end of the list at `path` ("+ add side"). */
  addItem(path: Path, item: Record<string, unknown>): void;
}

/** The wrapper every field sits in: label, input, help, and room for its problems. */
export function fieldRow(path: string, label: string, id: string, input: HTMLElement, help: string | undefined, ctx: FormContext): HTMLElement {
  const row = h(
    'div',
    { class: 'field', attrs: { 'data-path': path } },
    h('label', { attrs: { for: id } }, label),
    input,
    help ? h('small', { class: 'help' }, help) : null,
    h('div', { class: 'problems', attrs: { role: 'alert' } }),
  );
  ctx.register(path, row);
  return row;
}

export function leafRow(field: LeafField, path: Path, ctx: FormContext): HTMLElement {
  const id = uid('f');
  const input = leafInput(field, getAt(ctx.scenario(), path), { id, onChange: (v, redraw) => ctx.set(path, v, redraw) });
  const row = fieldRow(joinPath(path), field.label, id, input, field.help, ctx);
  if (field.kind === 'flag') row.classList.add('flag');
  return row;
}

export function renderFields(fields: readonly Field[], base: Path, ctx: FormContext): HTMLElement[] {
  return fields.map((field) => renderField(field, [...base, field.key], ctx));
}

function renderField(field: Field, path: Path, ctx: FormContext): HTMLElement {
  if (field.kind === 'group') {
    // Its help under the heading, as a list's: a group's help (what a task done for a job
    // does, and does not) was written and never shown (an audit).
    const set = h(
      'fieldset',
      { class: 'group', attrs: { 'data-path': joinPath(path) } },
      h('legend', {}, field.label),
      field.help ? h('small', { class: 'help' }, field.help) : null,
      ...renderFields(field.fields, path, ctx),
      h('div', { class: 'problems', attrs: { role: 'alert' } }),
    );
    ctx.register(joinPath(path), set);
    return set;
  }
  if (field.kind === 'list') return renderList(field, path, ctx);
  return leafRow(field, path, ctx);
}

/** "remove participant thief", or "remove participant 2" for one without a name. */
function removeLabel(field: ListField, item: unknown, i: number): string {
  const name = itemName(field, item, i);
  return name === `${field.item} ${i + 1}` ? `remove ${name}` : `remove ${field.item} ${name}`;
}

function renderList(field: ListField, path: Path, ctx: FormContext): HTMLElement {
  const value = getAt(ctx.scenario(), path);
  const items = Array.isArray(value) ? value : [];
  const min = field.min ?? 0;
  const set = h(
    'fieldset',
    { class: `list list-${field.key}`, attrs: { 'data-path': joinPath(path) } },
    h('legend', {}, field.label),
    field.help ? h('small', { class: 'help' }, field.help) : null,
    h('div', { class: 'problems', attrs: { role: 'alert' } }),
    ...items.map((item, i) => {
      const itemPath = [...path, i];
      const card = h(
        'div',
        { class: 'item', attrs: { 'data-path': joinPath(itemPath) } },
        h(
          'div',
          { class: 'item-head' },
          h('span', { class: 'item-name' }, itemName(field, item, i)),
          items.length > min
            ? h(
                'button',
                {
                  class: 'remove',
                  // Named for its item: a screen reader's list of buttons read "remove participant" five times.
                  attrs: { type: 'button', title: `remove this ${field.item}`, 'aria-label': removeLabel(field, item, i) },
                  on: { click: () => ctx.removeItem(path, i, field.item) },
                },
                `remove ${field.item}`,
              )
            : null,
        ),
        h('div', { class: 'item-fields' }, ...renderFields(field.fields, itemPath, ctx)),
        h('div', { class: 'problems', attrs: { role: 'alert' } }),
      );
      ctx.register(joinPath(itemPath), card);
      return card;
    }),
    // The list as it is when clicked, not as it was drawn: typing and picks set the
    // scenario without drawing the form again, and the list drawn wrote their edits back
    // (an audit: a Marksman's trait typed, then "+ add combatant", and the trait was gone).
    h('button', { class: 'add', attrs: { type: 'button' }, on: { click: () => {
      const now = getAt(ctx.scenario(), path);
      ctx.addItem(path, field.newItem(Array.isArray(now) ? now : []));
    } } }, `+ add ${field.item}`),
  );
  ctx.register(joinPath(path), set);
  return set;
}
