/**
 * The dashboard tells no silent wrong answers, in a real browser (issue "no silent wrong
 * answers"): Compare on a field Vary also sweeps, dice varied as "d4, d6", switching
 * clash → battle, and an opened results.json. Each of these handed out a wrong or
 * misleading picture without a word before; each test here failed then.
 *
 * Also leaves the screenshots a person looks at in test-artifacts/ (git-ignored), at a
 * laptop's 1400×900 and a phone's 390×844: the battle and campaign dashboards, a Compare
 * with a sweep, a report page and its battle rounds chart.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openDashboard, type Dashboard } from './dashboard-server.ts';
import { chromiumOrSkip, keepScreenshot } from './browser.ts';
import { poolsim } from './helpers.ts';
import { sweepLabel } from '../reports/sweep.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ARTIFACTS = join(ROOT, 'test-artifacts');
const CHROMIUM = await chromiumOrSkip('the dashboard honesty end-to-end test');
const RUN_TIMEOUT = 90_000;
const LAPTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

let dashboard: Dashboard | undefined;
let work: string;
let context: BrowserContext | undefined;
let url: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!CHROMIUM) return;
  dashboard = await openDashboard(CHROMIUM, { prefix: 'poolsim-honest-', viewport: LAPTOP, acceptDownloads: true });
  ({ work, context, url } = dashboard);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await dashboard?.close();
});

async function freshPage(viewport = LAPTOP): Promise<Page> {
  const page = await context!.newPage();
  await page.setViewportSize(viewport);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('.results[data-run-state]');
  return page;
}

async function finished(p: Page): Promise<void> {
  await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
}

async function download(p: Page, button: string): Promise<{ text: string; path: string }> {
  const [dl] = await Promise.all([p.waitForEvent('download'), p.click(button)]);
  const path = join(mkdtempSync(join(work, 'download-')), dl.suggestedFilename());
  await dl.saveAs(path);
  return { text: readFileSync(path, 'utf8'), path };
}

const field = (path: string) => `[data-path="${path}"] > input, [data-path="${path}"] > select`;

async function pickMechanic(p: Page, value: string, waitFor: string): Promise<void> {
  await p.selectOption('[data-key="mechanic"]', value);
  await p.waitForSelector(waitFor);
}

describe.skipIf(!CHROMIUM)('no silent wrong answers, in Chromium', () => {
  test('Compare on a field Vary sweeps: B’s sweep is shifted by the change, so B − A is one more challenge at every point', async () => {
    const page = await freshPage();
    await page.fill(field('trials'), '4000');
    await page.click('button.preset:text("participants × challenges heatmap")');
    await finished(page);
    await page.click('button.preset:text("one more challenge?")');
    await finished(page);
    const rows = page.locator('[data-panel="difference-probability"] tbody tr');
    const exact = await rows.locator('td:nth-child(4)').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))));
    expect(exact.length).toBe(40);
    // One more challenge never helps, and at many points it costs: B − A is not 0 everywhere.
    for (const d of exact) expect(d).toBeLessThanOrEqual(1e-12);
    expect(exact.filter((d) => d < -0.01).length).toBeGreaterThanOrEqual(15);
    // The header says the sweep is shifted and what B runs.
    await expect(page.locator('.compare-view .help').first().textContent()).resolves.toMatch(/B's sweep is shifted by \+1 \(1-8 in A, 2-9 in B\)/);
    await expect(rows.first().locator('th').textContent()).resolves.toContain('challenges = 1 (B: 2)');
    const b = JSON.parse((await download(page, '#download-b')).text);
    expect(b.sweep['setup.challenges']).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    await keepScreenshot(page, join(ARTIFACTS, 'compare-sweep-1400.png'), { fullPage: false });
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, join(ARTIFACTS, 'compare-sweep-390.png'), { fullPage: false });

    // A change Vary would override and that is no step of a number: refused, with the reason.
    await page.setViewportSize(LAPTOP);
    await page.selectOption('[data-path="compare"] select[data-key="compare-path"]', 'setup.participants.1.count');
    // Picked, B starts one more than A: a step, so B's sweep is shifted again. Set back to
    // A's own value, it changes nothing that Vary does not override.
    const bValue = page.locator('[data-path="compare"] input');
    await page.waitForFunction(() => /^\d+$/.test((document.querySelector('[data-path="compare"] input') as HTMLInputElement | null)?.value ?? ''));
    await bValue.fill(String(Number(await bValue.inputValue()) - 1));
    await page.waitForSelector('.results[data-run-state="invalid"]');
    await expect(page.locator('[data-path="compare"] > .problems').textContent()).resolves.toContain('B − A would be 0 everywhere');
    // Both paths by the names the Vary menu and the reports give them (reports/sweep.ts).
    await expect(page.locator('[data-path="compare"] > .problems').textContent()).resolves.toContain('B changes “minion › how many”, which Vary sweeps (“minion › how many”)');
    await page.close();
  }, 240_000);

  test('Vary a dice field with "d4, d6": two setups, and the results say what is varied over what', async () => {
    const page = await freshPage();
    await page.fill(field('trials'), '3000');
    await page.click('[data-path="sweep"] > button.add');
    await page.waitForSelector('[data-path="sweep"] .sweep-row');
    await page.selectOption('[data-path="sweep"] .sweep-row select[data-key="sweep-path"]', 'setup.participants.0.dice');
    await page.waitForSelector('[data-path="sweep.setup.participants.0.dice"]');
    await page.fill('[data-path="sweep.setup.participants.0.dice"] input[data-key="sweep-values"]', 'd4, d6');
    await finished(page);
    const results = JSON.parse((await download(page, '#download-results')).text);
    expect(results.results.map((p: { point: Record<string, unknown> }) => p.point['setup.participants.0.dice'])).toEqual([['d4'], ['d6']]);
    const varying = page.locator('.result .varying li[data-axis="setup.participants.0.dice"]');
    await expect(varying.textContent()).resolves.toMatch(/over d4 \| d6 \(2 values\)/);
    // One name for the path (issue #12): the Vary menu, the results' line and every choice
    // the menu offers read as reports/sweep.ts names them for the charts and check lines.
    const picker = page.locator('[data-path="sweep.setup.participants.0.dice"] select[data-key="sweep-path"]');
    await expect(picker.locator('option:checked').textContent()).resolves.toBe('captain › trait dice');
    await expect(varying.locator('b').textContent()).resolves.toBe('captain › trait dice');
    const scenario = JSON.parse((await download(page, '#download')).text);
    const choices = await picker.locator('option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
    expect(choices.length).toBeGreaterThan(10);
    for (const [value, text] of choices) expect(text, value).toBe(sweepLabel(value!, scenario.setup, scenario));
    await page.close();
  }, 180_000);

  test('"+ vary something" starts on a field that moves a number, not a name (a clash offered "crew › name" over ["crew"], one point: a dashboard audit)', async () => {
    const page = await freshPage();
    await pickMechanic(page, 'viciousness/clash', '[data-path="setup.sides"]');
    await page.click('[data-path="sweep"] > button.add');
    await page.waitForSelector('[data-path="sweep"] .sweep-row');
    const path = await page.locator('[data-path="sweep"] .sweep-row select[data-key="sweep-path"]').inputValue();
    expect(path).not.toMatch(/\.name$/);
    expect(path).toMatch(/^setup\./);
    await page.close();
  }, 180_000);

  test('a Vary range of many refused values lists five under its row and counts the rest (a dashboard audit: a hundred lines)', async () => {
    const page = await freshPage();
    // A contest's tries go to 100: 101 to 200 are each refused with their own value.
    await pickMechanic(page, 'sorcerer/contest', '[data-path="setup.a"]');
    const row = '[data-path="sweep.setup.tries"]';
    await page.click('[data-path="sweep"] > button.add');
    await page.waitForSelector('[data-path="sweep"] .sweep-row');
    await page.selectOption('[data-path="sweep"] .sweep-row select[data-key="sweep-path"]', 'setup.tries');
    await page.waitForSelector(`${row} input[data-key="sweep-values"]`);
    await page.fill(`${row} input[data-key="sweep-values"]`, '1-200');
    await page.waitForSelector(`${row} .more-problems`);
    const lines = await page.locator(`${row} .problems > div`).allTextContents();
    expect(lines.length).toBe(6);
    expect(lines[5]).toMatch(/^and \d+ more like them\.$/);
    await page.close();
  }, 180_000);

  test('two Vary rows edited in turn keep both edits (each row read the sweep as it was drawn, and undid the other)', async () => {
    const page = await freshPage();
    await page.fill(field('trials'), '2000');
    const row = (path: string) => `[data-path="sweep.${path}"] input[data-key="sweep-values"]`;
    await page.click('[data-path="sweep"] > button.add');
    await page.waitForSelector('[data-path="sweep"] .sweep-row');
    await page.selectOption('[data-path="sweep"] .sweep-row select[data-key="sweep-path"]', 'setup.challenges');
    await page.waitForSelector(row('setup.challenges'));
    await page.fill(row('setup.challenges'), '1-3');
    await page.click('[data-path="sweep"] > button.add');
    await page.waitForSelector('[data-path="sweep"] .sweep-row:nth-of-type(2)');
    const second = page.locator('[data-path="sweep"] .sweep-row').nth(1).locator('select[data-key="sweep-path"]');
    await second.selectOption('setup.participants.1.count');
    await page.waitForSelector(row('setup.participants.1.count'));
    await page.fill(row('setup.participants.1.count'), '0-2');
    // Back to the first row: the second's 0-2 must stay.
    await page.fill(row('setup.challenges'), '2-4');
    await finished(page);
    const scenario = JSON.parse((await download(page, '#download')).text);
    expect(scenario.sweep).toEqual({ 'setup.challenges': [2, 3, 4], 'setup.participants.1.count': [0, 1, 2] });
    // The first row's field chosen again in the second: refused and said, both rows kept.
    await second.selectOption('setup.challenges');
    await expect.poll(() => page.locator('.message.problem .message-text').textContent()).toContain('“challenges” is already varied in another row');
    await expect(page.locator('[data-path="sweep"] .sweep-row').count()).resolves.toBe(2);
    await expect(second.inputValue()).resolves.toBe('setup.participants.1.count');
    // A preset that varies something else says what it replaced.
    await page.click('button.preset:text("challenges 1 to 8")');
    await expect.poll(() => page.locator('.message .message-text').textContent()).toContain('“challenges 1 to 8” replaced what Vary held: minion › how many no longer varies.');
    await page.fill(row('setup.challenges'), '2-4');
    // A bad value typed in a row is said at that row, not under the setup's own field.
    await page.fill(row('setup.challenges'), '2, abc');
    await page.waitForSelector('.results[data-run-state="invalid"]');
    await expect(page.locator('[data-path="sweep.setup.challenges"] > .problems').textContent()).resolves.toContain('expected a number, got "abc"');
    await expect(page.locator('[data-path="setup.challenges"] .problems').first().textContent()).resolves.toBe('');
    await page.close();
  }, 180_000);

  test('Compare on a rule the file leaves at its default starts B at the other value, not at the default again', async () => {
    const page = await freshPage();
    await pickMechanic(page, 'vdp/combat', '[data-path="setup.characters.1"]');
    await page.check('[data-key="compare"]');
    await page.waitForSelector('[data-path="compare"] select[data-key="compare-path"]');
    await page.selectOption('[data-path="compare"] select[data-key="compare-path"]', 'rules.effectsOn');
    await page.waitForFunction(() => document.querySelector('[data-path="compare"] .help')?.textContent?.includes('the default'));
    const help = (await page.locator('[data-path="compare"] .help').first().textContent())!;
    // fromLanding and allActions, each in its words (sim/rules.ts), as the rule's choices read.
    expect(help).toContain('in A: not set (the default, the loser’s rolls at once)');
    expect(help).not.toContain('B is A unchanged');
    await expect(page.locator('[data-path="compare"] select:not([data-key="compare-path"]) option:checked').textContent()).resolves.toBe('the loser’s defences and next turn');
    // The results say the change in the same words.
    // Quoted, and the default named (it read "from the default to the loser’s next turn only").
    // Polled: the results of the Compare before the rule was picked (Jill's count) are on the
    // page until the new run draws, which on a loaded machine is after the first look (a CI run).
    await expect
      .poll(() => page.locator('.compare-view > .help').first().textContent(), { timeout: 60_000 })
      .toContain('B changes “rule: effect dice weigh on” from the default (“the loser’s rolls at once”) to “the loser’s defences and next turn”');
    // B set to the "(default)" choice is A unchanged, and said so (it ran B as A unsaid).
    await page.selectOption('[data-path="compare"] select:not([data-key="compare-path"])', { index: 0 });
    await page.waitForFunction(() => document.querySelector('[data-path="compare"] .help')?.textContent?.includes('B is A unchanged'));
    await page.close();
  }, 180_000);

  test('switching clash → battle keeps the sides and the compare they share', async () => {
    const page = await freshPage();
    await pickMechanic(page, 'viciousness/clash', '[data-path="setup.sides.1"]');
    await page.fill(field('trials'), '2000');
    await page.fill(field('setup.sides.0.name'), 'raiders');
    await page.fill(field('setup.sides.1.combatants.1.count'), '4');
    await page.click('button.preset:text("d4 or d6 trait?")');
    await finished(page);
    await pickMechanic(page, 'viciousness/battle', '[data-path="setup.sides.1.flee"]');
    await expect(page.inputValue(field('setup.sides.0.name'))).resolves.toBe('raiders');
    await expect(page.inputValue(field('setup.sides.1.combatants.1.count'))).resolves.toBe('4');
    await expect(page.locator('[data-key="compare"]').isChecked()).resolves.toBe(true);
    await expect(page.inputValue('[data-path="compare"] select[data-key="compare-path"]')).resolves.toBe('setup.sides.0.combatants.0.dice');
    await finished(page);
    await expect(page.locator('[data-panel="probabilities"] tbody th').first().textContent()).resolves.toBe('P(win: raiders)');
    await page.close();
  }, 180_000);

  test('an opened results.json hides the form with a note instead of leaving an unrelated setup', async () => {
    const page = await freshPage();
    await page.fill(field('trials'), '3000');
    await finished(page);
    const results = await download(page, '#download-results');
    // Another setup in the form: the file's numbers must not sit beside it.
    await pickMechanic(page, 'sorcerer/contest', '[data-path="setup.a"]');
    await finished(page);
    await page.setInputFiles('#file', results.path);
    await page.waitForSelector('.results[data-run-state="file"]');
    await expect(page.locator('#setup [data-path="setup.a"]').count()).resolves.toBe(0);
    await expect(page.locator('#setup .file-note h2').textContent()).resolves.toBe('Results from results.json');
    await expect(page.locator('#setup .file-note li').first().textContent()).resolves.toContain('Viciousness · Knavery: a plan · 3,000 trials');
    await page.click('#setup .file-note button.back');
    await page.waitForSelector('[data-path="setup.a"]');
    await finished(page);
    // The file carries the setup it ran: opened in the form, it runs to the same numbers.
    await page.setInputFiles('#file', results.path);
    await page.waitForSelector('.results[data-run-state="file"]');
    await page.click('#setup .file-note button.reopen');
    await page.waitForSelector('[data-path="setup.challenges"]');
    await finished(page);
    await expect(page.inputValue(field('trials'))).resolves.toBe('3000');
    const again = await download(page, '#download-results');
    expect(JSON.parse(again.text).results).toEqual(JSON.parse(results.text).results);
    // A file without its setup (written before results carried one) offers no such button.
    const old = JSON.parse(results.text);
    delete old.setup;
    const oldPath = join(mkdtempSync(join(work, 'old-')), 'old-results.json');
    writeFileSync(oldPath, JSON.stringify(old));
    await page.setInputFiles('#file', oldPath);
    await page.waitForSelector('.results[data-run-state="file"]');
    await expect(page.locator('#setup .file-note button.reopen').count()).resolves.toBe(0);
    await expect(page.locator('#setup .file-note p').textContent()).resolves.toContain('does not carry the setup it ran');
    // The file's own setup names its points, not the form's: "thief › how many", not "participant 2 ›".
    const named = JSON.parse(results.text);
    named.setup = { challenges: 2, participants: [{ name: 'crew', count: 1 }, { name: 'thief', count: 1 }] };
    named.results = named.results.map((p: { metrics: unknown }, i: number) => ({ ...p, point: { 'setup.participants.1.count': i } }));
    named.expect = [];
    const namedPath = join(mkdtempSync(join(work, 'named-')), 'named-results.json');
    writeFileSync(namedPath, JSON.stringify(named));
    await page.setInputFiles('#file', namedPath);
    // The page already shows a file (run state "file"), so that state cannot say the new
    // one has been read: wait for the new file's setup note instead.
    await page.waitForSelector('#setup .file-note button.reopen');
    await expect(page.locator('.result .varying').first().textContent()).resolves.toContain('thief › how many');
    await page.close();
  }, 180_000);

  test('battle and campaign dashboards, a report page and its rounds chart, at 1400 and 390 px (screenshots at the full test size)', async () => {
    const page = await freshPage();
    await pickMechanic(page, 'viciousness/battle', '[data-path="setup.sides.1.flee"]');
    await page.fill(field('trials'), '3000');
    await finished(page);
    // The headline the battle declares (win per side), exact first, above the charts.
    // A battle of d6s does not end in six places: rounded, and marked so (exactFigure).
    await expect(page.locator('.result .headline li[data-metric="win.crew"] .value').textContent()).resolves.toMatch(/^≈0\.\d{4}$/);
    await expect(page.locator('.result .headline li[data-metric="win.crew"] .detail').textContent()).resolves.toMatch(/^exact · estimate 0\.\d{4}, 95% interval \[/);
    await expect(page.locator('#summary .summary-bar .figure').first().textContent()).resolves.toMatch(/^P\(win: crew\): ≈0\.\d{4} exact$/);
    await keepScreenshot(page, join(ARTIFACTS, 'battle-1400.png'));
    await keepScreenshot(page, join(ARTIFACTS, 'battle-1400-full.png'), { fullPage: true });
    // Editing far down the setup (rules, Vary, Compare), the results stay in view.
    await page.locator('[data-path="sweep"]').scrollIntoViewIfNeeded();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(500);
    const box = await page.locator('#results').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(40);
    await keepScreenshot(page, join(ARTIFACTS, 'battle-1400-editing.png'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, join(ARTIFACTS, 'battle-390.png'));
    // On a phone the results come first, and the page is no wider than the phone.
    const results = await page.locator('#results').boundingBox();
    expect(results!.y).toBeLessThan(300);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, join(ARTIFACTS, 'battle-390-full.png'), { fullPage: true });
    await page.setViewportSize(LAPTOP);
    await pickMechanic(page, 'viciousness/campaign', '[data-path="setup.company"]');
    await page.fill(field('trials'), '1000');
    await finished(page);
    await expect(page.locator('.result .headline li[data-metric="rank.final"]').count()).resolves.toBe(1);
    await keepScreenshot(page, join(ARTIFACTS, 'campaign-1400.png'));
    await keepScreenshot(page, join(ARTIFACTS, 'campaign-1400-full.png'), { fullPage: true });
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, join(ARTIFACTS, 'campaign-390.png'));
    await page.close();

    const out = join(work, 'report');
    const run = await poolsim('report', 'scenarios/battle-d4-vs-d6.json', 'scenarios/campaign-banking.json', '--out', out, '--trials', '400');
    expect(run.err).toBe('');
    const report = await context!.newPage();
    for (const [slug, name] of [['battle-d4-vs-d6', 'report-battle'], ['campaign-banking', 'report-campaign']] as const) {
      await report.setViewportSize(LAPTOP);
      await report.goto(pathToFileURL(join(out, slug, 'index.html')).href);
      await expect(report.locator('section.headline li').count()).resolves.toBeGreaterThan(0);
      await keepScreenshot(report, join(ARTIFACTS, `${name}-1400.png`));
      await keepScreenshot(report, join(ARTIFACTS, `${name}-1400-full.png`), { fullPage: true });
      await report.setViewportSize(PHONE);
      await keepScreenshot(report, join(ARTIFACTS, `${name}-390.png`));
      // The page fits the phone: nothing wider than the screen.
      await expect(report.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    }
    await report.setViewportSize(LAPTOP);
    await report.goto(pathToFileURL(join(out, 'battle-d4-vs-d6', 'charts', 'distribution-rounds.svg')).href);
    await keepScreenshot(report, join(ARTIFACTS, 'battle-rounds-chart.png'));
    await report.close();
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
