/**
 * The form's list items (dashboard/ui/form.ts), drawn into a linkedom document: each
 * item's remove button is named for its item, so a screen reader's list of buttons tells
 * them apart (every one read "remove participant").
 * A Find answer beside a sweep says it asked at the setup's own values; one a Stop cut
 * short says so in its sentence, with its figures so far.
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
  const ctx = { scenario: () => scenario, set() {}, register() {}, removeItem() {}, addItem() {} };
  // The participants list alone: linkedom's <select> has no value setter for the others.
  const nodes = renderFields(knaveryForm.fields.filter((f) => f.key === 'participants'), ['setup'], ctx);
  const buttons = nodes.flatMap((n) => [...n.querySelectorAll('.list-participants button.remove')]);
  expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['remove participant thief', 'remove participant 2', 'remove participant lookout']);
  // What is seen stays the short word beside the item's name.
  expect(buttons.map((b) => b.textContent)).toEqual(['remove participant', 'remove participant', 'remove participant']);
});

test('"+ add" adds to the list as it is now, not as it was drawn (it wrote edits made since back: a typed trait, a count)', () => {
  let scenario: Record<string, unknown> = { setup: { challenges: 2, participants: [{ name: 'thief', count: 2 }] } };
  const ctx = {
    scenario: () => scenario,
    set(path: (string | number)[], value: unknown) {
      // As the page sets a value: a new scenario with the value at its path.
      const next = structuredClone(scenario) as Record<string, any>;
      let at = next;
      for (const k of path.slice(0, -1)) at = at[k];
      at[path[path.length - 1]!] = value;
      scenario = next;
    },
    register() {},
    removeItem() {},
    // As the page adds an item (dashboard/ui/app.ts addItem): the list as it is now, with it.
    addItem(path: (string | number)[], item: Record<string, unknown>) {
      const now = path.reduce<any>((o, k) => o?.[k], scenario);
      ctx.set(path, [...(Array.isArray(now) ? now : []), item]);
    },
  };
  const nodes = renderFields(knaveryForm.fields.filter((f) => f.key === 'participants'), ['setup'], ctx);
  // An edit after the form was drawn (typing does not draw it again).
  ctx.set(['setup', 'participants', 0, 'count'], 5);
  const add = nodes.flatMap((n) => [...n.querySelectorAll('.list-participants > button.add')])[0] as unknown as { click(): void };
  add.click();
  const participants = (scenario.setup as { participants: { count?: number }[] }).participants;
  expect(participants).toHaveLength(2);
  expect(participants[0]!.count).toBe(5);
});

test('a group shows its help under its heading, as a list does (the task group\'s was never shown)', async () => {
  const { campaignForm } = await import('../reports/fields/campaign.ts');
  const groups: { key: string; help?: string; kind: string; fields?: unknown[] }[] = [];
  const walk = (fields: readonly { key: string; help?: string; kind: string; fields?: unknown[] }[]) => {
    for (const f of fields) {
      if (f.kind === 'group') groups.push(f);
      if (f.fields) walk(f.fields as never);
    }
  };
  walk(campaignForm.fields as never);
  const helped = groups.filter((g) => g.help);
  expect(helped.length).toBeGreaterThan(0);
  const scenario = { setup: {} };
  const ctx = { scenario: () => scenario, set() {}, register() {}, removeItem() {}, addItem() {} };
  withSelectValues(() => {
    for (const g of helped) {
      const [node] = renderFields([g as never], ['setup'], ctx);
      expect(node!.querySelector(':scope > small.help')?.textContent, g.key).toBe(g.help);
    }
  });
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

test('a Find a Stop cut short says it was stopped, with its figures so far and their intervals, not "Searching …"', async () => {
  const { findResultsNode, stoppedSentence } = await import('../dashboard/ui/find.ts');
  // The chart under the sentence is parsed from its SVG text, as the browser does.
  const { DOMParser } = await import('linkedom');
  Object.assign(globalThis, { DOMParser });
  const scenario = { system: 'viciousness', mechanic: 'knavery', setup: { challenges: 2, participants: [{ name: 'crew', count: 300 }] } };
  const searching = {
    name: 'big crews', vary: 'setup.participants.0.count', metric: 'success', find: 'closest', target: 0.5, method: 'montecarlo', decided: false, monotone: 'assumed', trials: 508000,
    sentence: 'Searching for success closest to 0.500: 1 value(s) looked at, 508 k trials…',
    points: [{ value: 300, estimate: 0.48213, ci95: [0.4807, 0.4835], trials: 508000 }],
  } as never;
  const node = findResultsNode([searching], false, scenario, (m) => (m === 'success' ? 'P(success)' : m), () => 'probability', [], [true])!;
  const sentence = node.querySelector('.sentence')!.textContent!;
  expect(sentence).not.toContain('Searching');
  expect(sentence).toBe('Stopped before the answer was in, so no value is found. Figures of P(success) so far: at crew › how many = 300, 0.4821 (508 k trials, 0.4807 to 0.4835 at 95% over all of its looks).');
  // Not stopped: the search's own sentence.
  expect(findResultsNode([searching], false, scenario)!.querySelector('.sentence')!.textContent).toContain('Searching');
  // Nothing looked at yet: said, no figure made up.
  expect(stoppedSentence({ ...(searching as object), points: [] } as never, undefined, scenario)).toBe('Stopped before the answer was in: no value was looked at, so there are no figures of success yet.');
});

test("Find's picker shows what a block that leaves find out asks: the first at least its atLeast", async () => {
  const { findSection } = await import('../dashboard/ui/find.ts');
  const picked = (goal: Record<string, unknown>) => {
    const scenario = {
      name: 'heist', system: 'viciousness', mechanic: 'knavery', trials: 1000, seed: 1,
      setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
      solve: [{ name: 'find', vary: 'setup.challenges', range: [0, 6], metric: 'success', ...goal }],
    };
    const ctx = { scenario: () => scenario, set() {}, register() {}, removeItem() {}, message() {} } as never;
    return (findSection(ctx).querySelector('[data-key="find-find"] option[selected]') as unknown as { value: string } | null)?.value;
  };
  withSelectValues(() => {
    // It read "closest to" for `atLeast: 0.5`, which poolsim solve answers as the first at least.
    expect(picked({ atLeast: 0.5 })).toBe('firstAtLeast');
    expect(picked({ atMost: 0.5 })).toBe('firstAtMost');
    expect(picked({ target: 0.5 })).toBe('closest');
    expect(picked({ atLeast: 0.5, find: 'lastAtLeast' })).toBe('lastAtLeast');
  });
});

/**
 * `work` with a value setter on linkedom's <select>, which has none: the browser's, as far
 * as these tests need, marks the option picked.
 */
function withSelectValues(work: () => void): void {
  const proto = Object.getPrototypeOf(document.createElement('select')) as object;
  const own = Object.getOwnPropertyDescriptor(proto, 'value')!;
  Object.defineProperty(proto, 'value', {
    ...own,
    set(this: { querySelectorAll(s: string): Iterable<{ value: string; toggleAttribute(n: string, on: boolean): void }> }, v: string) {
      for (const o of this.querySelectorAll('option')) o.toggleAttribute('selected', o.value === v);
    },
  });
  try {
    work();
  } finally {
    Object.defineProperty(proto, 'value', own);
  }
}
