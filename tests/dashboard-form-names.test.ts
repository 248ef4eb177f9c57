/**
 * The form's list items (dashboard/ui/form.ts), drawn into a linkedom document: each
 * item's remove button is named for its item, so a screen reader's list of buttons tells
 * them apart (every one read "remove participant").
 */
import { parseHTML } from 'linkedom';
import { beforeAll, expect, test } from 'vitest';
import { knaveryForm } from '../reports/fields/viciousness.ts';

let renderFields: typeof import('../dashboard/ui/form.ts').renderFields;

beforeAll(async () => {
  // The dashboard's DOM helpers build with the global document (a browser's).
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  Object.assign(globalThis, { document });
  ({ renderFields } = await import('../dashboard/ui/form.ts'));
});

test('remove buttons name their item: by its name, or by its place when it has none', () => {
  const scenario = { setup: { challenges: 2, participants: [{ name: 'thief', count: 2 }, { count: 1 }, { name: 'lookout' }] } };
  const ctx = { scenario: () => scenario, set() {}, register() {}, removeItem() {} };
  // The participants list alone: linkedom's <select> has no value setter for the others.
  const nodes = renderFields(knaveryForm.fields.filter((f) => f.key === 'participants'), ['setup'], ctx);
  const buttons = nodes.flatMap((n) => [...n.querySelectorAll('.list-participants button.remove')]);
  expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['remove participant thief', 'remove participant 2', 'remove participant lookout']);
  // What is seen stays the short word beside the item's name.
  expect(buttons.map((b) => b.textContent)).toEqual(['remove participant', 'remove participant', 'remove participant']);
});
