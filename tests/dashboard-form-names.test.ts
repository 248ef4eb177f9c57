/**
 * The form's list items (dashboard/ui/form.ts), drawn into a linkedom document: each
 * item's remove button is named for its item, so a screen reader's list of buttons tells
 * them apart (every one read "remove participant").
 * A Find answer beside a sweep says it asked at the setup's own values.
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

test('a Find answer beside a sweep says at which of Vary\'s values it asked: the setup\'s own', async () => {
  const { findResultsNode } = await import('../dashboard/ui/find.ts');
  const scenario = {
    system: 'viciousness',
    mechanic: 'knavery',
    setup: { challenges: 2, participants: [{ name: 'captain' }, { name: 'minion', count: 2 }] },
    sweep: { 'setup.participants.1.count': [1, 2, 3, 4] },
  };
  const answer = { name: 'find', vary: 'setup.challenges', metric: 'success', find: 'closest', target: 0.5, method: 'exact', decided: true, value: 2, monotone: true, sentence: 'success closest to 0.500: 2 challenges', points: [] } as never;
  const node = findResultsNode([answer], true, scenario)!;
  expect(node.querySelector('.help')?.textContent).toBe("Asked at the setup's own minion › how many = 2: Vary is not applied to Find.");
  // Nothing to say without a sweep, or when Find varies the swept field itself.
  expect(findResultsNode([answer], true, { ...scenario, sweep: undefined })!.querySelector('.help')).toBeNull();
  expect(findResultsNode([{ ...(answer as object), vary: 'setup.participants.1.count' } as never], true, scenario)!.querySelector('.help')).toBeNull();
});
