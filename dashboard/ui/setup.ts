/**
 * The left-hand side: what is simulated. The scenario's name, trials and seed, the
 * mechanic, its form, the rule variants, one-click questions, the sweep and the compare
 * change — all writing into the one scenario object that is also the downloaded file.
 */
import { mechanics } from '../../sim/mechanics.ts';
import type { SystemName } from '../../sim/rules.ts';
import { formFor } from '../../reports/fields/index.ts';
import { ruleFields } from '../../reports/fields/rules.ts';
import { fieldAt, leaves, optionLabel, shownDefault, type ChoiceField, type Leaf, type LeafField, type MechanicForm } from '../../reports/fields/spec.ts';
import { seedFromText, textFromValue } from '../model/coerce.ts';
import { valueOrDefault, type CompareChange } from '../model/compare.ts';
import { getAt, joinPath, parsePath } from '../../reports/fields/paths.ts';
import { choiceBoxes, formatSweepValues, kindOfValues, parseSweepValues, startDice, sweepReadings, toggleChoice, type SweepKind } from '../model/sweep.ts';
import { staleCheckWords, withoutStaleChecks } from '../model/removal.ts';
import { sweepLabel } from '../../reports/sweep.ts';
import { h, uid } from './dom.ts';
import { readable } from './picked.ts';
import { leafInput } from './fields.ts';
import { fieldRow, leafRow, renderFields, type FormContext } from './form.ts';
import { findSection } from './find.ts';
import { quoted } from '../../sim/words.ts';

export const SYSTEM_NAMES: Record<SystemName, string> = {
  viciousness: 'Viciousness',
  vdp: 'Very Different Places',
  sorcerer: 'Sorcerer',
};

export interface SetupContext extends FormContext {
  /** Replace the whole scenario (mechanic change, preset). */
  replace(scenario: Record<string, unknown>): void;
  newScenario(system: SystemName, mechanic: string): void;
  compare(): CompareChange | undefined;
  setCompare(change: CompareChange | undefined): void;
  /** A line to the designer above the page (`problem`: something was refused). */
  message(text: string, problem: boolean): void;
}

/**
 * Everything a sweep or a compare change can vary: the form's fields, then the rules, each
 * labelled by reports/sweep.ts `sweepLabel` — the words the results, charts and reports
 * name the same path by.
 */
export function variables(scenario: Record<string, unknown>): Leaf[] {
  const form = formFor(scenario.system, scenario.mechanic);
  const out: Omit<Leaf, 'label'>[] = form ? leaves(form.fields, scenario.setup) : [];
  if (form) {
    for (const field of ruleFields(form.system, form.mechanic)) {
      if (field.kind !== 'group' && field.kind !== 'list') out.push({ path: ['rules', field.key], field });
    }
  }
  return out.map((v) => ({ ...v, label: sweepLabel(joinPath(v.path), scenario.setup, scenario) }));
}

/**
 * The choices of a path picker (Vary, Compare's "B changes", Find's field): each of `vars`
 * by its label, and the picked `current` path too where no field has it (a file's path the
 * form does not show), named by the same sweepLabel. "" (nothing picked yet) reads "—".
 */
export function pathChoices(scenario: Record<string, unknown>, vars: readonly Leaf[], current: string): { value: string; label: string }[] {
  const out = vars.map((v) => ({ value: joinPath(v.path), label: v.label }));
  if (!out.some((c) => c.value === current)) out.push({ value: current, label: current === '' ? '—' : sweepLabel(current, scenario.setup, scenario) });
  return out;
}

/** A path picker's <select> (pathChoices), showing `current`. */
export function pathPicker(scenario: Record<string, unknown>, vars: readonly Leaf[], current: string, attrs: Record<string, string>): HTMLSelectElement {
  const select = h('select', { attrs });
  for (const c of pathChoices(scenario, vars, current)) select.append(h('option', { attrs: { value: c.value } }, c.label));
  select.value = current;
  return readable(select);
}

function sweepKindOf(field: LeafField | undefined, values: readonly unknown[]): SweepKind {
  return field ? field.kind : kindOfValues(values);
}

export function renderSetup(ctx: SetupContext): HTMLElement {
  const scenario = ctx.scenario();
  const form = formFor(scenario.system, scenario.mechanic);
  return h(
    'div',
    { class: 'setup' },
    scenarioSection(ctx, form),
    form ? formSection(ctx, form) : jsonSection(ctx),
    form ? rulesSection(ctx, form) : null,
    form?.presets?.length ? presetSection(ctx, form) : null,
    sweepSection(ctx),
    compareSection(ctx),
    findSection(ctx),
  );
}

function scenarioSection(ctx: SetupContext, form: MechanicForm | undefined): HTMLElement {
  const scenario = ctx.scenario();
  const id = uid('mechanic');
  const picker = h('select', { attrs: { id, 'data-key': 'mechanic' } });
  const current = `${String(scenario.system)}/${String(scenario.mechanic)}`;
  let found = false;
  for (const system of Object.keys(SYSTEM_NAMES) as SystemName[]) {
    const group = h('optgroup', { attrs: { label: SYSTEM_NAMES[system] } });
    for (const m of mechanics.filter((x) => x.system === system)) {
      const value = `${system}/${m.name}`;
      found ||= value === current;
      group.append(h('option', { attrs: { value } }, `${formFor(system, m.name)?.title ?? m.name} (${m.name})`));
    }
    picker.append(group);
  }
  // The file's, named as what it is: no such mechanic ("vdp knavery (not in this build)"
  // read as one a later build might have).
  if (!found) picker.append(h('option', { attrs: { value: current } }, noSuchMechanic(scenario.system, scenario.mechanic)));
  picker.value = current;
  readable(picker);
  picker.addEventListener('change', () => {
    const [system, mechanic] = picker.value.split('/') as [SystemName, string];
    ctx.newScenario(system, mechanic);
  });
  const nameId = uid('name');
  const descriptionId = uid('description');
  const description = h('textarea', {
    attrs: { id: descriptionId, rows: '2', placeholder: 'optional: the question this scenario answers (shown in reports)', 'data-key': 'description' },
    on: { input: () => ctx.set(['description'], description.value.trim() === '' ? undefined : description.value, false) },
  });
  description.value = textFromValue(scenario.description);
  const seedId = uid('seed');
  const systemRow = h('div', { class: 'field', attrs: { 'data-path': 'system' } }, h('div', { class: 'problems', attrs: { role: 'alert' } }));
  ctx.register('system', systemRow);
  return h(
    'section',
    { class: 'card scenario' },
    h('h2', {}, 'Scenario'),
    fieldRow('mechanic', 'what is rolled', id, picker, form?.intro ?? mechanics.find((m) => m.system === scenario.system && m.name === scenario.mechanic)?.summary, ctx),
    systemRow,
    fieldRow(
      'name',
      'name',
      nameId,
      h('input', { attrs: { id: nameId, type: 'text', value: textFromValue(scenario.name), 'data-key': 'name' }, on: { input: (e) => ctx.set(['name'], (e.target as HTMLInputElement).value, false) } }),
      undefined,
      ctx,
    ),
    fieldRow(
      'description',
      'what it asks',
      descriptionId,
      description,
      undefined,
      ctx,
    ),
    h(
      'div',
      { class: 'row' },
      // Read as the page writes it ("100,000 trials"): "100,000" was refused as no number.
      leafRow({ kind: 'number', key: 'trials', label: 'trials per point', placeholder: '100000', grouped: true, help: 'more trials, narrower intervals; 100000 or 100,000' }, ['trials'], ctx),
      fieldRow(
        'seed',
        'seed',
        seedId,
        h('input', { attrs: { id: seedId, type: 'text', value: textFromValue(scenario.seed), placeholder: '0', 'data-key': 'seed' }, on: { input: (e) => ctx.set(['seed'], seedFromText((e.target as HTMLInputElement).value), false) } }),
        'same seed and trials, same numbers',
        ctx,
      ),
    ),
  );
}

function formSection(ctx: SetupContext, form: MechanicForm): HTMLElement {
  const section = h('section', { class: 'card form', attrs: { 'data-path': 'setup' } }, h('h2', {}, 'Setup'), h('div', { class: 'problems', attrs: { role: 'alert' } }), ...renderFields(form.fields, ['setup'], ctx));
  ctx.register('setup', section);
  return section;
}

/**
 * Why a file's system and mechanic are none of this build's: the system is no system, or
 * has no such mechanic, with what there is ("vdp has no mechanic "knavery": its mechanics
 * are check, risky, …").
 */
export function noSuchMechanic(system: unknown, mechanic: unknown): string {
  const systems = Object.keys(SYSTEM_NAMES);
  if (typeof system !== 'string' || !systems.includes(system)) return `there is no system ${JSON.stringify(system)}: the systems are ${systems.join(', ')}`;
  const names = mechanics.filter((m) => m.system === system).map((m) => m.name);
  return `${system} has no mechanic ${JSON.stringify(mechanic)}: its mechanics are ${names.join(', ')}`;
}

/**
 * A setup the dashboard has no form for, as JSON text, parsed (never run): a file's
 * mechanic that is none of this build's (said so, with the ones there are), or one of
 * them with no form yet.
 */
function jsonSection(ctx: SetupContext): HTMLElement {
  const scenario = ctx.scenario();
  const known = mechanics.some((m) => m.system === scenario.system && m.name === scenario.mechanic);
  const id = uid('setup');
  const problem = h('div', { class: 'problems local', attrs: { role: 'alert' } });
  const area = h('textarea', { attrs: { id, rows: '14', spellcheck: 'false', 'data-key': 'setup' } });
  area.value = JSON.stringify(ctx.scenario().setup ?? {}, null, 2);
  area.addEventListener('input', () => {
    try {
      const value = JSON.parse(area.value);
      problem.textContent = '';
      ctx.set(['setup'], value, false);
    } catch (err) {
      problem.textContent = `not valid JSON: ${(err as Error).message}`;
    }
  });
  const section = h(
    'section',
    { class: 'card form', attrs: { 'data-path': 'setup' } },
    h('h2', {}, 'Setup'),
    h(
      'p',
      { class: 'help' },
      known
        ? 'This mechanic has no form in the dashboard yet: its setup as in the scenario file (docs/scenario-format.md).'
        : `The file's mechanic is none there is: ${noSuchMechanic(scenario.system, scenario.mechanic)}. Its setup as in the file (docs/scenario-format.md); pick a mechanic above to set one up.`,
    ),
    h('label', { attrs: { for: id } }, 'setup (JSON)'),
    area,
    problem,
    h('div', { class: 'problems', attrs: { role: 'alert' } }),
  );
  ctx.register('setup', section);
  return section;
}

function rulesSection(ctx: SetupContext, form: MechanicForm): HTMLElement | null {
  const fields = ruleFields(form.system, form.mechanic);
  if (!fields.length) return null;
  const section = h('section', { class: 'card rules', attrs: { 'data-path': 'rules' } }, h('h2', {}, 'Rule variants'), h('div', { class: 'problems', attrs: { role: 'alert' } }), ...renderFields(fields, ['rules'], ctx));
  ctx.register('rules', section);
  return section;
}

function presetSection(ctx: SetupContext, form: MechanicForm): HTMLElement {
  return h(
    'section',
    { class: 'card presets' },
    h('h2', {}, 'Questions to ask'),
    h(
      'div',
      { class: 'preset-buttons' },
      ...form.presets!.map((p) =>
        h(
          'button',
          {
            class: 'preset',
            attrs: { type: 'button', title: p.help },
            on: {
              click: () => {
                const scenario = ctx.scenario();
                const change = p.compare?.(scenario);
                if (change) {
                  // Refused, said: a preset that did nothing without a word read as broken.
                  if ('needs' in change) ctx.message(`${quoted(p.label)}: set ${quoted(sweepLabel(change.path, scenario.setup, scenario))} to ${change.needs} first (${change.holds}).`, true);
                  else ctx.setCompare(change);
                } else {
                  // Checks pointing at sweep values the preset replaced have nothing left to judge.
                  const { scenario: next, checks } = withoutStaleChecks(p.apply(scenario));
                  ctx.replace(next);
                  // Said, not done quietly: what Vary held that the preset's sweep replaced,
                  // and the checks that pointed at it.
                  const before = Object.keys((scenario.sweep ?? {}) as Record<string, unknown>);
                  const after = (next.sweep ?? {}) as Record<string, unknown>;
                  const gone = before.filter((path) => !(path in after));
                  const said = [
                    ...(gone.length > 0 ? [`${quoted(p.label)} replaced what Vary held: ${gone.map((path) => sweepLabel(path, scenario.setup, scenario)).join(', ')} no longer varies.`] : []),
                    ...(checks.length > 0 ? [`${capitalized(staleCheckWords(checks, scenario).join('; '))}: left out, as ${checks.length === 1 ? 'it pointed' : 'they pointed'} at what no longer varies.`] : []),
                  ];
                  if (said.length > 0) ctx.message(said.join(' '), false);
                }
              },
            },
          },
          p.label,
        ),
      ),
    ),
  );
}

function sweepSection(ctx: SetupContext): HTMLElement {
  const scenario = ctx.scenario();
  const sweep = (scenario.sweep ?? {}) as Record<string, unknown>;
  const vars = variables(scenario);
  const setSweep = (next: Record<string, unknown>, redraw: boolean) => ctx.set(['sweep'], Object.keys(next).length ? next : undefined, redraw);
  // The sweep as it stands when an event fires, not as it stood when the card was drawn:
  // typing in one row does not redraw the card, and an edit of the other row built on the
  // drawn sweep undid this one.
  const current = () => ({ ...((ctx.scenario().sweep ?? {}) as Record<string, unknown>) });
  const rows = Object.entries(sweep).map(([path, raw]) => {
    const values = Array.isArray(raw) ? raw : [];
    const found = vars.find((v) => joinPath(v.path) === path);
    const kind = sweepKindOf(found?.field, values);
    const select = pathPicker(scenario, vars, path, { 'aria-label': 'what to vary', 'data-key': 'sweep-path' });
    select.addEventListener('change', () => {
      // A path another row already varies would merge the two rows into one: refused, said.
      if (select.value !== path && select.value in current()) {
        ctx.message(`${quoted(sweepLabel(select.value, ctx.scenario().setup, ctx.scenario()))} is already varied in another row: change that row, or pick another field here.`, true);
        select.value = path;
        return;
      }
      // Keep the order of the paths (the first runs across a heatmap).
      const next: Record<string, unknown> = {};
      for (const [p, v] of Object.entries(current())) next[p === path ? select.value : p] = p === path ? startValues(ctx.scenario(), select.value, vars) : v;
      setSweep(next, true);
    });
    const id = uid('sweep');
    const field = found?.field;
    if (field?.kind === 'choice') {
      // Ticked, not typed (model/sweep.ts ChoiceBox): each box in its option's words.
      const boxes = choiceSweepBoxes(field, values, (next) => setSweep({ ...current(), [path]: next }, true), () => {
        const now = current()[path];
        return Array.isArray(now) ? now : [];
      });
      const row = h(
        'div',
        { class: 'field sweep-row choice-row', attrs: { 'data-path': `sweep.${path}` } },
        select,
        h('button', { class: 'remove', attrs: { type: 'button', title: 'stop varying this' }, on: { click: () => setSweep(Object.fromEntries(Object.entries(current()).filter(([p]) => p !== path)), true) } }, '×'),
        boxes,
        h('small', { class: 'help' }, 'one point for each value ticked'),
        h('div', { class: 'problems', attrs: { role: 'alert' } }),
      );
      ctx.register(`sweep.${path}`, row);
      return row;
    }
    // What the row read otherwise than typed (`D6` as `d6`), said under it while the box shows it.
    const readings = h('small', { class: 'help sweep-read', attrs: { role: 'status' } });
    readings.hidden = true;
    const input = h('input', {
      attrs: { id, type: 'text', value: found?.field.kind === 'text' && found.field.show ? values.map(found.field.show).join(' | ') : formatSweepValues(values, kind), 'aria-label': 'values', 'data-key': 'sweep-values' },
      on: {
        input: (e) => {
          const f = found?.field;
          const text = (e.target as HTMLInputElement).value;
          const values = f?.kind === 'text' && f.read ? text.split('|').map((t) => f.read!(t.trim())) : parseSweepValues(text, kind);
          readings.textContent = f?.kind === 'text' && f.read ? '' : (sweepReadings(text, kind) ?? '');
          readings.hidden = readings.textContent === '';
          setSweep({ ...current(), [path]: values }, false);
        },
      },
    });
    const help = kind === 'dice' ? 'one setup per list, between , or |: e.g. none, d4, d6 or d4 d6 | 2d4' : kind === 'number' ? 'e.g. 1, 2, 3 or 1-8' : 'comma-separated';
    const row = h(
      'div',
      { class: 'field sweep-row', attrs: { 'data-path': `sweep.${path}` } },
      select,
      h('label', { class: 'sr-only', attrs: { for: id } }, 'values'),
      input,
      h('button', { class: 'remove', attrs: { type: 'button', title: 'stop varying this' }, on: { click: () => setSweep(Object.fromEntries(Object.entries(current()).filter(([p]) => p !== path)), true) } }, '×'),
      h('small', { class: 'help' }, help),
      readings,
      h('div', { class: 'problems', attrs: { role: 'alert' } }),
    );
    ctx.register(`sweep.${path}`, row);
    return row;
  });
  // A name first in line is a poor first row (a clash offered "crew › name" over ["crew"],
  // one point: a dashboard audit): a field that moves a number comes first.
  const unused = vars.filter((v) => !(joinPath(v.path) in sweep)).sort((a, b) => Number(a.field?.kind === 'text') - Number(b.field?.kind === 'text'));
  const section = h(
    'section',
    { class: 'card sweep', attrs: { 'data-path': 'sweep' } },
    h('h2', {}, 'Vary'),
    h('p', { class: 'help' }, rows.length ? 'Every combination is one result point; the first two make a heatmap.' : 'Nothing varies: one result point.'),
    h('div', { class: 'problems', attrs: { role: 'alert' } }),
    ...rows,
    unused.length && rows.length < 3
      ? h(
          'button',
          {
            class: 'add',
            attrs: { type: 'button' },
            on: { click: () => setSweep({ ...current(), [joinPath(unused[0]!.path)]: startValues(ctx.scenario(), joinPath(unused[0]!.path), vars) }, true) },
          },
          '+ vary something',
        )
      : null,
  );
  ctx.register('sweep', section);
  return section;
}

/**
 * A choice's Vary values as boxes to tick (model/sweep.ts ChoiceBox), each in its option's
 * words with the file's value in its title; `now` reads the sweep as it stands when a box is
 * ticked. A tick is a pick, not typing: the setup is drawn again (the field Vary sets says its
 * new values; a value the field does not offer, unticked, is gone from the row), keyboard
 * focus kept on the box by its data-key.
 */
function choiceSweepBoxes(field: ChoiceField, values: readonly unknown[], onChange: (values: unknown[]) => void, now: () => readonly unknown[]): HTMLElement {
  return h(
    'div',
    { class: 'choice-boxes', attrs: { role: 'group', 'aria-label': 'values', 'data-key': 'sweep-values' } },
    ...choiceBoxes(values, field.options).map((b, i) => {
      const box = h('input', { attrs: { type: 'checkbox', 'data-key': `sweep-value-${i}` } });
      box.checked = b.checked;
      box.addEventListener('change', () => onChange(toggleChoice(now(), b.value, box.checked)));
      const raw = String(JSON.stringify(b.value));
      const title = b.offered ? (b.label === String(b.value) ? undefined : `${raw} in the file`) : `${raw}: in the file, not a value of this field; untick to take it out`;
      return h('label', { class: b.offered ? 'choice-box' : 'choice-box unoffered', attrs: { title, 'data-value': raw } }, box, b.label);
    }),
  );
}

/** Values a new sweep row starts with, around the field's current value. */
function startValues(scenario: Record<string, unknown>, path: string, vars: Leaf[]): unknown[] {
  const found = vars.find((v) => joinPath(v.path) === path);
  const current = getAt(scenario, parsePath(path));
  switch (found?.field.kind) {
    case 'number': {
      const n = typeof current === 'number' ? current : 1;
      return [n, n + 1, n + 2, n + 3];
    }
    case 'flag':
      return [false, true];
    case 'choice':
      return found.field.options.map((o) => o.value);
    case 'die':
      return found.field.options;
    case 'dice':
      return startDice(found.field);
    default:
      return current === undefined ? [] : [current];
  }
}

/** A's value of a field: as the file sets it, else the default the form shows for it. */
function valueInA(field: LeafField | undefined, now: unknown, scenario?: Record<string, unknown>, path?: readonly (string | number)[]): unknown {
  if (now !== undefined) return now;
  // As Compare's refusal reads it (model/compare.ts valueOrDefault): a default that depends
  // on the item holding the field (a side's medics beside a Medic), none where Vary moves it.
  return scenario && path ? valueOrDefault(scenario, joinPath(path as never), undefined) : shownDefault(field);
}

/**
 * B's first value for a field: one step from A's (a number one more, a flag turned, the
 * next option, a d4 more), so that B starts as a change and not as A again. A field the
 * file leaves out steps from its default (a rule's default is its first value: B took it
 * and was A). A text field has no next value: it starts as A's, and the row says B is A
 * unchanged.
 */
export function nextValue(field: LeafField | undefined, now: unknown): unknown {
  switch (field?.kind) {
    case 'number':
      return typeof now === 'number' ? now + 1 : 1;
    case 'flag':
      return now !== true;
    case 'choice':
    case 'die': {
      const options = field.kind === 'die' ? field.options.map((o) => o as unknown) : field.options.map((o) => o.value);
      const at = options.findIndex((o) => o === now);
      return options.length > 1 ? options[(at + 1) % options.length] : now;
    }
    case 'dice':
      return [...(Array.isArray(now) ? now : []), 'd4'];
    default:
      return now;
  }
}

function compareSection(ctx: SetupContext): HTMLElement {
  const scenario = ctx.scenario();
  const change = ctx.compare();
  const vars = variables(scenario);
  const toggle = h('input', { attrs: { type: 'checkbox', id: uid('compare'), 'data-key': 'compare' } });
  toggle.checked = change !== undefined;
  toggle.addEventListener('change', () => {
    if (!toggle.checked) return ctx.setCompare(undefined);
    // The first field B can change at all: a name (a fighter's, first in VDP combat) has no
    // next value, and B left as A was refused as changing nothing (a dashboard audit).
    const changes = (v: (typeof vars)[number]) => {
      const field = v.field as LeafField;
      const inA = valueInA(field, getAt(scenario, v.path), scenario, v.path);
      return JSON.stringify(nextValue(field, inA)) !== JSON.stringify(inA);
    };
    const first = vars.find(changes) ?? vars[0];
    if (first) ctx.setCompare({ path: joinPath(first.path), value: nextValue(first.field as LeafField, valueInA(first.field as LeafField, getAt(scenario, first.path), scenario, first.path)) });
  });
  const body: HTMLElement[] = [];
  if (change) {
    const select = pathPicker(scenario, vars, change.path, { 'aria-label': 'what B changes', 'data-key': 'compare-path' });
    const found = vars.find((v) => joinPath(v.path) === change.path);
    select.addEventListener('change', () => {
      const picked = vars.find((v) => joinPath(v.path) === select.value);
      const field = picked?.field as LeafField | undefined;
      ctx.setCompare({ path: select.value, value: nextValue(field, valueInA(field, getAt(ctx.scenario(), parsePath(select.value)), ctx.scenario(), parsePath(select.value))) });
    });
    const id = uid('cmp');
    const field: LeafField = found?.field ?? { kind: 'text', key: 'value', label: 'value' };
    const input = leafInput(field, change.value, { id, onChange: (v, redraw) => ctx.setCompare({ path: change.path, value: v }), });
    void input;
    const now = getAt(scenario, parsePath(change.path));
    const inA = valueInA(found?.field as LeafField | undefined, now, scenario, parsePath(change.path));
    // A's value as the "to" box beside it reads: a rule by its words, not the file's value.
    const shown = (v: unknown) => optionLabel(found?.field as LeafField | undefined, v) ?? formatSweepValues([v], sweepKindOf(found?.field, [v]));
    const row = h(
      'div',
      { class: 'field compare-row', attrs: { 'data-path': 'compare' } },
      h('label', {}, 'B changes'),
      select,
      h('label', { attrs: { for: id } }, 'to'),
      input,
      h(
        'small',
        { class: 'help' },
        `in A: ${now === undefined ? `not set (the default${inA === undefined ? '' : `, ${shown(inA)}`})` : shown(now)}`,
        // B left at the default (a choice's "(default)" option) is A's default too.
        JSON.stringify(inA) === JSON.stringify(valueInA(found?.field as LeafField | undefined, change.value, scenario, parsePath(change.path))) ? ' — B is A unchanged: give B another value' : '',
      ),
      // A clash with Vary (model/compare.ts sweepOverlap) is put here by the app's checks.
      h('div', { class: 'problems', attrs: { role: 'alert' } }),
    );
    ctx.register('compare', row);
    body.push(row, h('p', { class: 'help' }, 'B runs on a seed of its own, so A and B are independent and the interval of B − A holds.'));
  }
  return h(
    'section',
    { class: 'card compare' },
    h('h2', {}, 'Compare'),
    h('div', { class: 'field flag' }, h('label', { attrs: { for: toggle.id } }, 'compare A with B, the same with one thing changed'), toggle),
    ...body,
  );
}

export { fieldAt };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
