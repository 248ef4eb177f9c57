/**
 * A Compare metric the designer picked that an edit leaves with nothing to follow, in
 * Chromium: the comparison falls back to its default metric, and its first panel says so,
 * naming the metric picked and the one shown instead, as the heatmap's does
 * (tests/dashboard-heatmap-pick-e2e.test.ts). It fell back silently: the pick was set to
 * nothing, the select showing the default (a review of ee18368a, which left it so). The
 * first two tests failed before.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { encodeLink } from '../dashboard/model/url.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard Compare pick end-to-end test');
const RUN_TIMEOUT = 90_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-compare-pick-', viewport: { width: 1280, height: 900 }, runTimeout: RUN_TIMEOUT });
const { pageErrors, finished, finishedAfter } = suite;

/** A battle of a crew with a boss against a watch, swept over the guards, B with a third minion: a comparison at two points. */
const BATTLE = {
  name: 'compare pick',
  system: 'viciousness',
  mechanic: 'battle',
  trials: 1000,
  seed: 'compare-pick',
  setup: {
    sides: [
      { name: 'crew', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 2 }, { name: 'boss', dice: ['d6'] }] },
      { name: 'watch', combatants: [{ name: 'guard', count: 3 }] },
    ],
  },
  sweep: { 'setup.sides.1.combatants.0.count': [2, 3] },
};
const LINK = encodeLink({ scenario: BATTLE, compare: { path: 'setup.sides.0.combatants.1.count', value: 3 } });

const COMPARE = '.compare-view select[aria-label="compare"]';
const NOTE = '.compare-view .panel-note';

/** The battle's page, Compare showing the boss's death odds, as picked. */
async function bossCompared(p: Page): Promise<void> {
  await finished(p);
  await p.waitForSelector(COMPARE);
  await p.selectOption(COMPARE, 'death.crew.boss');
  await p.waitForFunction((sel) => (document.querySelector(sel) as HTMLSelectElement | null)?.value === 'death.crew.boss', COMPARE);
  await expect(p.locator('.compare-view [data-panel="compare-probability"] h3').textContent()).resolves.toContain('P(dies: crew: boss)');
  // Picked and shown: nothing to say.
  await expect(p.locator(NOTE).count()).resolves.toBe(0);
}

/** The option the Compare select shows, by its words. */
const shownLabel = (p: Page) => p.locator(COMPARE).evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent);

describe.skipIf(!CHROMIUM)('a picked Compare metric an edit leaves with nothing to follow, in Chromium', () => {
  test('the boss taken out: Compare shows its default, and its first panel says the boss’s death odds picked are not a metric of these results', async () => {
    const p = await suite.page(LINK);
    await bossCompared(p);
    await finishedAfter(p, () => p.click('[data-path="setup.sides.0.combatants.2"] > .item-head > button.remove'));
    await p.waitForSelector(NOTE);
    const shown = await shownLabel(p);
    expect(await p.locator(COMPARE).inputValue()).not.toBe('death.crew.boss');
    const note = await p.locator(NOTE).textContent();
    expect(note).toBe(`“P(dies: crew: boss)”, picked for the comparison, is not a metric of these results: the comparison shows “${shown}” instead.`);
    // Said once, on the first panel only.
    await expect(p.locator(NOTE).count()).resolves.toBe(1);
    await expect(p.locator('.compare-view [data-panel="compare-probability"] .panel-note').count()).resolves.toBe(1);
    // Picked again, the note goes.
    await p.selectOption(COMPARE, 'win.watch');
    await p.waitForFunction((sel) => (document.querySelector(sel) as HTMLSelectElement | null)?.value === 'win.watch', COMPARE);
    await expect(p.locator(NOTE).count()).resolves.toBe(0);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('the boss’s name blanked, a combatant added, then a new name typed: the pick cannot be followed, and the comparison says so', async () => {
    const p = await suite.page(LINK);
    await bossCompared(p);
    const name = '[data-path="setup.sides.0.combatants.2.name"] input';
    await p.fill(name, '');
    await p.press(name, 'Tab');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    // A fourth combatant while the name is empty: the metrics are laid out anew, and death.crew.boss cannot be followed.
    await p.click('[data-path="setup.sides.0.combatants"] > button.add');
    await p.waitForSelector('[data-path="setup.sides.0.combatants.3"]');
    await finishedAfter(p, async () => {
      await p.fill(name, 'chief');
      await p.press(name, 'Tab');
    });
    await p.waitForSelector(NOTE);
    const note = await p.locator(NOTE).textContent();
    expect(note).toContain('“P(dies: crew: boss)”, picked for the comparison');
    expect(note).toContain(`“${await shownLabel(p)}” instead`);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('a rename the pick follows: Compare shows the new name’s metric, with no note', async () => {
    const p = await suite.page(LINK);
    await bossCompared(p);
    const name = '[data-path="setup.sides.0.combatants.2.name"] input';
    await finishedAfter(p, async () => {
      await p.fill(name, 'chief');
      await p.press(name, 'Tab');
    });
    await p.waitForFunction((sel) => (document.querySelector(sel) as HTMLSelectElement | null)?.value === 'death.crew.chief', COMPARE);
    await expect(p.locator('.compare-view [data-panel="compare-probability"] h3').textContent()).resolves.toContain('P(dies: crew: chief)');
    await expect(p.locator(NOTE).count()).resolves.toBe(0);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
