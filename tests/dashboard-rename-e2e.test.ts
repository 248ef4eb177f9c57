/**
 * A rename, in Chromium (a dashboard audit): renaming a fighter or a side redraws Vary,
 * Compare and Find with the new name, and a Find question asking for the renamed entry's
 * metric (`win.Jill`) follows it to its new name (`win.Anna`), so the run goes through
 * rather than being refused with the CLI's words. Where the metric cannot be followed, the
 * page says which pick and why. Each test here failed before.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { encodeLink } from '../dashboard/model/url.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = await chromiumOrSkip('the dashboard rename end-to-end test');
const RUN_TIMEOUT = 90_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-rename-', viewport: { width: 1280, height: 900 }, runTimeout: RUN_TIMEOUT });
const { pageErrors, finished } = suite;

/** The text of a select's picked option. */
const picked = (p: Page, key: string) => p.locator(`[data-key="${key}"]`).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');

/** A fresh VDP combat from the mechanic picker, with Compare and Find ticked. */
async function combatWithCompareAndFind(p: Page): Promise<void> {
  await p.selectOption('[data-key="mechanic"]', 'vdp/combat');
  await p.waitForSelector('[data-path="setup.characters.0.name"]');
  // Few trials: a fight of 100,000 takes minutes on a small machine.
  await p.fill('[data-path="trials"] input', '500');
  await finished(p);
  await p.check('[data-key="compare"]');
  // Compare starts on the first field B can change, not Jill's name, which would leave B as
  // A and be refused as changing nothing (a dashboard audit).
  await p.waitForSelector('[data-key="compare-path"]');
  expect(await p.locator('[data-key="compare-path"]').inputValue()).not.toBe('setup.characters.0.name');
  await p.check('[data-key="find"]');
  await p.waitForSelector('[data-key="find-metric"]');
  // B changes Jill's attack skill, as in the audit.
  await p.selectOption('[data-key="compare-path"]', 'setup.characters.0.attack.skill');
  await finished(p);
  expect(await picked(p, 'find-metric')).toBe('P(win: Jill)');
}

describe.skipIf(!CHROMIUM)('a rename, in Chromium', () => {
  test('renaming Jill to Anna: Vary, Compare and Find say Anna, Find asks for win.Anna, and the run goes through', async () => {
    const p = await suite.page('');
    await finished(p);
    await combatWithCompareAndFind(p);
    await p.click('.sweep button.add');
    await p.waitForSelector('[data-key="sweep-path"]');
    await finished(p);
    await p.fill('[data-path="setup.characters.0.name"] input', 'Anna');
    await p.press('[data-path="setup.characters.0.name"] input', 'Tab');
    expect(await picked(p, 'compare-path')).toBe('Anna › attack › skill');
    expect(await picked(p, 'sweep-path')).toContain('Anna ›');
    expect(await picked(p, 'find-vary')).toContain('Anna ›');
    expect(await picked(p, 'find-metric')).toBe('P(win: Anna)');
    expect(await p.locator('[data-key="find-metric"]').inputValue()).toBe('win.Anna');
    const offered = await p.locator('[data-key="find-metric"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toContain('win.Anna');
    expect(offered).not.toContain('win.Jill');
    await finished(p);
    await p.waitForSelector('.find-results[data-find-state="finished"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.find-result h3').textContent()).resolves.toContain('Anna');
    await expect(p.locator('.find-result h3').textContent()).resolves.not.toContain('Jill');
    await expect(p.locator('.general-problems').count()).resolves.toBe(0);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('typed a letter at a time, through an empty name, the Find metric still follows', async () => {
    const p = await suite.page('');
    await finished(p);
    await combatWithCompareAndFind(p);
    const name = p.locator('[data-path="setup.characters.0.name"] input');
    await name.fill('');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    // Through the empty name the picker names the metric by its label still (it read win.Jill).
    expect(await picked(p, 'find-metric')).toBe('P(win: Jill)');
    await name.pressSequentially('Anna');
    await finished(p);
    expect(await p.locator('[data-key="find-metric"]').inputValue()).toBe('win.Anna');
    expect(await picked(p, 'compare-path')).toBe('Anna › attack › skill');
    // The caret stayed in the box as it was drawn again: every letter went in.
    await expect(name.inputValue()).resolves.toBe('Anna');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('a metric an edit left with nothing to follow is said in the form’s words, not the CLI’s refusal', async () => {
    const p = await suite.page('');
    await finished(p);
    await combatWithCompareAndFind(p);
    const name = p.locator('[data-path="setup.characters.0.name"] input');
    await name.fill('');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    // A third fighter while the name is empty: the metrics are laid out anew, and win.Jill cannot be followed.
    await p.click('[data-path="setup.characters"] > button.add');
    await p.waitForSelector('[data-path="setup.characters.2"]');
    await p.locator('[data-path="setup.characters.0.name"] input').fill('Anna');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    const said = await p.locator('[data-path="solve.0.metric"] .problems').textContent();
    expect(said).toContain('Find’s “gives”, “P(win: Jill)”, is not a metric of this setup any more');
    expect(said).not.toContain('expected one of');
    // Picked again, it runs.
    await p.selectOption('[data-key="find-metric"]', 'win.Anna');
    await finished(p);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('renaming side a of sorcerer-keep-trying: Vary and Find say witch', async () => {
    const scenario = { ...parseYaml(readFileSync(join(ROOT, 'scenarios', 'sorcerer-keep-trying.yaml'), 'utf8')), trials: 2000 };
    const p = await suite.page(encodeLink({ scenario }));
    await finished(p);
    await p.check('[data-key="find"]');
    await p.waitForSelector('[data-key="find-metric"]');
    await finished(p);
    const labels = async () => p.locator('[data-key="sweep-path"], [data-key="find-vary"], [data-key="find-metric"]').evaluateAll((ss) => ss.flatMap((s) => [...(s as HTMLSelectElement).options].map((o) => o.textContent ?? '')));
    expect((await labels()).join('\n')).toContain('sorcerer');
    // Blanked (a dashboard audit): the picker said retry.won, the metric's key.
    await p.fill('[data-path="setup.a.name"] input', '');
    await p.press('[data-path="setup.a.name"] input', 'Tab');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    expect(await picked(p, 'find-metric')).toBe('P(sorcerer wins within its tries)');
    await p.fill('[data-path="setup.a.name"] input', 'witch');
    await p.press('[data-path="setup.a.name"] input', 'Tab');
    const after = (await labels()).join('\n');
    expect(after).toContain('witch');
    expect(after).not.toContain('sorcerer');
    await finished(p);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('a count typed as a word: the Find picker names its metric by its label, not its key', async () => {
    const p = await suite.page('');
    await finished(p);
    await p.check('[data-key="find"]');
    await p.waitForSelector('[data-key="find-metric"]');
    await finished(p);
    await p.fill('[data-path="setup.challenges"] input', 'abc');
    await p.press('[data-path="setup.challenges"] input', 'Tab');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    expect(await picked(p, 'find-metric')).toBe('P(plan succeeds)');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('a side renamed while a count reads abc: Find names its metric by the new name at once, and asks for it once the count is fixed', async () => {
    // The picker said "P(win: crew)" until the count was fixed.
    const scenario = { ...parseYaml(readFileSync(join(ROOT, 'scenarios', 'solve-fair-fight.yaml'), 'utf8')), trials: 2000 };
    const p = await suite.page(encodeLink({ scenario }));
    await finished(p);
    expect(await picked(p, 'find-metric')).toBe('P(win: crew)');
    const count = '[data-path="setup.sides.0.combatants.1.count"] input';
    await p.fill(count, 'abc');
    await p.press(count, 'Tab');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    await p.fill('[data-path="setup.sides.0.name"] input', 'raiders');
    await p.press('[data-path="setup.sides.0.name"] input', 'Tab');
    expect(await picked(p, 'find-metric')).toBe('P(win: raiders)');
    const varyWords = await p.locator('[data-key="find-vary"] option').evaluateAll((os) => os.map((o) => o.textContent ?? '').join('\n'));
    expect(varyWords).toContain('raiders ›');
    expect(varyWords).not.toContain('crew ›');
    await p.fill(count, '2');
    await p.press(count, 'Tab');
    await finished(p);
    expect(await p.locator('[data-key="find-metric"]').inputValue()).toBe('win.raiders');
    expect(await picked(p, 'find-metric')).toBe('P(win: raiders)');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  test('a file whose side has no name, never valid on the page: the Find metric’s label says it waits for a valid setup, not the template’s side name', async () => {
    const file = parseYaml(readFileSync(join(ROOT, 'scenarios', 'sorcerer-keep-trying.yaml'), 'utf8'));
    const scenario = { ...file, trials: 2000, setup: { ...file.setup, a: { ...file.setup.a, name: '' } } };
    const p = await suite.page(encodeLink({ scenario }));
    await p.waitForSelector('.results[data-run-state="invalid"]');
    await p.check('[data-key="find"]');
    await p.waitForSelector('[data-key="find-metric"]');
    const label = await picked(p, 'find-metric');
    expect(label).toBe('P(… wins within its tries) (named in full once the setup is valid)');
    await p.fill('[data-path="setup.a.name"] input', 'witch');
    await p.press('[data-path="setup.a.name"] input', 'Tab');
    await finished(p);
    expect(await picked(p, 'find-metric')).toBe('P(witch wins within its tries)');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
