/**
 * The dashboard in a real browser: builds the app with Vite, serves the build with
 * `vite preview`, and drives Debian's Chromium through playwright-core. A designer's
 * path: set up a knavery plan, run it, see the chart and its table, and get exactly what
 * `poolsim run --json` gives for the same file; download the scenario and open it again;
 * a bad value, a bad file; a link; the heatmap; the compare view. Leaves a screenshot in
 * test-artifacts/dashboard.png.
 *
 * The browser comes from tests/browser.ts (a system Chromium, or the one the npm package
 * @sparticuz/chromium ships). Where none can run, the suite is skipped with one printed
 * line saying how to enable it — except under CI=true, where that fails the run.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openDashboard, type Dashboard } from './dashboard-server.ts';
import { poolsim } from './helpers.ts';
import { chromiumOrSkip, keepScreenshot } from './browser.ts';
import { encodeLink } from '../dashboard/model/url.ts';
import { parse as parseYaml } from 'yaml';

const ROOT = resolve(import.meta.dirname, '..');
const ARTIFACTS = join(ROOT, 'test-artifacts');
const CHROMIUM = await chromiumOrSkip('the dashboard end-to-end test');
/** Long enough for a run on two busy cores; a run here is a second or two. */
const RUN_TIMEOUT = 60_000;

let dashboard: Dashboard | undefined;
let work: string;
let context: BrowserContext | undefined;
let page: Page;
let url: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!CHROMIUM) return;
  dashboard = await openDashboard(CHROMIUM, { prefix: 'poolsim-e2e-', viewport: { width: 1500, height: 1100 }, acceptDownloads: true });
  ({ work, context, url } = dashboard);
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await dashboard?.close();
});

/** A new page on the dashboard at `path` (a link's `#…`), its results laid out; its errors collected. */
async function openPage(path = ''): Promise<Page> {
  const p = await context!.newPage();
  p.on('pageerror', (e) => pageErrors.push(e.message));
  await p.goto(url + path);
  await p.waitForSelector('.results[data-run-state]');
  return p;
}

/** A knavery heist of three crew against 2 challenges with one Find question, written to `file` in the work folder; its path. */
function heistFile(file: string, name: string, solve: Record<string, unknown>): string {
  const path = join(work, file);
  writeFileSync(path, JSON.stringify({ name, system: 'viciousness', mechanic: 'knavery', trials: 20000, seed: file, setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] }, solve: [solve] }));
  return path;
}

/** Wait for the run of the current setup to finish. */
async function finished(p: Page = page): Promise<void> {
  await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
}

async function download(button: string, p: Page = page): Promise<{ name: string; text: string; path: string }> {
  const [dl] = await Promise.all([p.waitForEvent('download'), p.click(button)]);
  const folder = mkdtempSync(join(work, 'download-'));
  const path = join(folder, dl.suggestedFilename());
  await dl.saveAs(path);
  return { name: dl.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

/**
 * Where a live status's button is: live results draw the status anew every REDRAW_MS, so
 * the button measured may be gone by the time it is (boundingBox() is then null); asked
 * again until one stays put long enough to be measured.
 */
async function boxOf(locator: import('playwright-core').Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(async () => {
      box = await locator.boundingBox().catch(() => null);
      return box !== null;
    }, { timeout: RUN_TIMEOUT })
    .toBe(true);
  return box!;
}

const field = (path: string) => `[data-path="${path}"] > input, [data-path="${path}"] > select`;

describe.skipIf(!CHROMIUM)('the dashboard in Chromium', () => {
  let scenarioFile: { name: string; text: string; path: string };

  test('a knavery plan set up in the form runs on the page’s workers and shows exactly what poolsim run --json gives', async () => {
    await page.goto(url);
    await page.waitForSelector('.results[data-run-state]');
    // Pick another mechanic, then knavery: a fresh knavery form from its template.
    await page.selectOption('[data-key="mechanic"]', 'sorcerer/contest');
    await page.waitForSelector('[data-path="setup.a"]');
    await page.selectOption('[data-key="mechanic"]', 'viciousness/knavery');
    await page.waitForSelector('[data-path="setup.participants"]');
    await page.fill(field('name'), 'E2E heist');
    await page.fill(field('trials'), '30000');
    await page.fill(field('seed'), 'e2e');
    await page.fill(field('setup.challenges'), '4');
    // A third participant with a d4 trait, through the buttons a designer clicks.
    await page.click('[data-path="setup.participants"] > button.add');
    await page.waitForSelector('[data-path="setup.participants.2"]');
    await page.fill(field('setup.participants.2.count'), '1');
    await page.click('[data-path="setup.participants.2.dice"] button[title="add a d4"]');
    await page.waitForSelector('[data-path="setup.participants.2.dice"] .chip');
    await finished();

    const panel = page.locator('[data-panel="probabilities"]');
    await expect(panel.locator('svg').count()).resolves.toBe(1);
    await expect(panel.locator('svg circle').count()).resolves.toBeGreaterThan(0);
    const cell = panel.locator('tbody tr').first().locator('td').first();
    const shown = Number(await cell.getAttribute('data-value'));
    const text = await cell.textContent();
    // 0 to 6 successes: the captain's 1d6 + d6, two minions' 1d6, and 1d6 + d4 for the new one.
    await expect(page.locator('[data-panel="distribution-successes"] table tbody tr').count()).resolves.toBe(7);

    scenarioFile = await download('#download');
    expect(scenarioFile.name).toBe('e2e-heist.json');
    const scenario = JSON.parse(scenarioFile.text);
    expect(scenario).toMatchObject({ name: 'E2E heist', system: 'viciousness', mechanic: 'knavery', trials: 30000, seed: 'e2e' });
    expect(scenario.setup).toEqual({
      challenges: 4,
      participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }, { name: 'minion 2', count: 1, dice: ['d4'] }],
    });
    const cli = await poolsim('run', scenarioFile.path, '--json');
    expect(cli.err).toBe('');
    const cliResult = JSON.parse(cli.out);
    expect(shown).toBe(cliResult.results[0].metrics.success.estimate);
    expect(text).toBe(cliResult.results[0].metrics.success.estimate.toFixed(4));
    // The whole result, byte for byte.
    const results = await download('#download-results');
    expect(results.text).toBe(cli.out);
    await keepScreenshot(page, join(ARTIFACTS, 'dashboard.png'), { fullPage: true });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('exact values come out of the browser byte for byte as from the command line (a Sorcerer contest, a VDP check with advantage dice, a battle chain)', async () => {
    // Chromium's \`**\` and Node's differ in the last bit for some powers: the exact engines
    // multiply their powers out (sim/exact/pow.ts) so both give the same bytes.
    // Library files with exact values, at a few trials: a swept Sorcerer contest, a VDP
    // check with advantage dice, a battle with its exact chain.
    const library = (file: string) => ({ ...JSON.parse(readFileSync(join(ROOT, 'scenarios', file), 'utf8')), trials: 2000, expect: undefined });
    const scenarios = [library('sorcerer-dice-ladder.json'), library('vdp-advantage.json'), library('battle-d4-vs-d6.json')];
    for (const scenario of scenarios) {
      const p = await context!.newPage();
      p.on('pageerror', (e) => pageErrors.push(e.message));
      await p.goto(url + encodeLink({ scenario }));
      await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
      const file = await download('#download', p);
      const results = await download('#download-results', p);
      const cli = await poolsim('run', file.path, '--json');
      expect(cli.err, scenario.name).toBe('');
      expect(JSON.stringify(JSON.parse(results.text).results.map((r: { metrics: object }) => r.metrics)), scenario.name).toContain('"exact"');
      expect(results.text, scenario.name).toBe(cli.out);
      await p.close();
    }
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('charts whose panel labels wrap are drawn (a no-break space in the SVG is written as XML can read it)', async () => {
    // The wrapped labels indent their further lines with no-break spaces (reports/charts/
    // shared.ts); the browser's HTML serialisation wrote them as `&nbsp;`, which the page's
    // XML parser refused: "This chart could not be drawn." in 24 library scenarios.
    const library = (file: string) => ({ ...(parseYaml(readFileSync(join(ROOT, 'scenarios', file), 'utf8')) as object), trials: 400, expect: undefined });
    for (const file of ['vdp-combat-ambush.yaml', 'campaign-banking.json']) {
      const p = await openPage(encodeLink({ scenario: library(file) }));
      await finished(p);
      await expect(p.locator('.results p.problem').allTextContents(), file).resolves.toEqual([]);
      expect(await p.locator('.results svg.chart').count(), file).toBeGreaterThan(1);
      await p.close();
    }
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('an opened scenario with a mistake is named by its own file in what poolsim run says', async () => {
    const p = await openPage();
    const body = { name: 'Typo heist', system: 'viciousness', mechanic: 'knavery', trials: 'many', setup: { challenges: 2, participants: [{ name: 'crew' }] } };
    await p.setInputFiles('#file', { name: 'my-typo.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(body)) });
    await p.waitForSelector('.results[data-run-state="invalid"]');
    // Not "typo-heist.json", made up from the scenario's name.
    await expect(p.locator('.problem-list').textContent()).resolves.toContain('my-typo.json: trials: expected a number, got "many"');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 60_000);

  test('a bad value is flagged at its field with the CLI’s message, and fixing it runs again', async () => {
    // The summary bar says what each figure is: knavery's success is exact.
    await expect(page.locator('.summary-bar .figure .what').first().textContent()).resolves.toBe('exact');
    await page.fill(field('setup.challenges'), '-1');
    const problem = page.locator('[data-path="setup.challenges"] > .problems');
    await expect(problem.textContent()).resolves.toBe('expected a number ≥ 0, got -1');
    await page.waitForSelector('.results[data-run-state="invalid"]');
    // The results left on the page are the last valid setup's, and look it.
    await expect(page.locator('.results .result.stale').count()).resolves.toBe(1);
    await expect(page.locator('.summary-bar .figure.stale').count()).resolves.toBeGreaterThan(0);
    await page.fill(field('setup.challenges'), 'four');
    await expect(problem.textContent()).resolves.toBe('expected a number, got "four"');
    await page.fill(field('setup.challenges'), '4');
    await expect(problem.textContent()).resolves.toBe('');
    await finished();
    // Dice typed in the box count once the box is left, not only on Enter: left there
    // unadded, the run went ahead without them.
    const dice = '[data-path="setup.participants.2.dice"]';
    await page.fill(`${dice} input.dice-custom`, '2d6');
    await page.click(field('name'));
    await page.waitForSelector(`${dice} .chip >> nth=1`);
    await expect(page.locator(`${dice} .chip`).allTextContents()).resolves.toEqual(['d4×', '2d6×']);
    await page.click(`${dice} button[title="remove 2d6"]`);
    await expect(page.locator(`${dice} .chip`).count()).resolves.toBe(1);
    await finished();
  }, 60_000);

  test('a downloaded scenario opens again as the same scenario (file picker)', async () => {
    await page.selectOption('[data-key="mechanic"]', 'vdp/check');
    await page.waitForSelector('[data-path="setup.target"]');
    await page.setInputFiles('#file', scenarioFile.path);
    await page.waitForSelector('[data-path="setup.participants.2"]');
    await expect(page.inputValue(field('name'))).resolves.toBe('E2E heist');
    await expect(page.inputValue(field('setup.challenges'))).resolves.toBe('4');
    await expect.poll(() => page.locator('.message').textContent()).toContain('Opened e2e-heist.json');
    await finished();
    const again = await download('#download');
    expect(again.text).toBe(scenarioFile.text);
  }, 60_000);

  test('an unreadable file, opened or dropped, shows its message and changes nothing', async () => {
    await page.setInputFiles('#file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ "name": "bad", "system": ') });
    const message = page.locator('.message.problem .message-text');
    // A file is read asynchronously (file.text()); until it is, the message shown is the
    // last one. expect.poll gives up after 1 s by default, short for a busy machine.
    await expect.poll(() => message.textContent(), { timeout: RUN_TIMEOUT }).toMatch(/^broken\.json: line 1, column 28: not valid JSON: /);
    // Drag and drop a list where a scenario belongs.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['- 1\n- 2\n'], 'list.yaml', { type: 'application/yaml' }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => message.textContent(), { timeout: RUN_TIMEOUT }).toContain('list.yaml: (top level): expected a scenario');
    await expect(page.inputValue(field('name'))).resolves.toBe('E2E heist');
    const still = await download('#download');
    expect(still.text).toBe(scenarioFile.text);
  }, 60_000);

  test('a report’s results.json opens as its charts; a dropped scenario opens as a setup', async () => {
    const results = await download('#download-results');
    await page.setInputFiles('#file', results.path);
    await page.waitForSelector('.results[data-run-state="file"]');
    await expect(page.locator('[data-panel="probabilities"] svg').count()).resolves.toBe(1);
    // The set-aside setup's problems are not the file's: hidden while it is shown.
    expect(await page.locator('#problems').evaluate((el) => (el as HTMLElement).hidden)).toBe(true);
    // A Latin-1 file is refused as poolsim run refuses it (it opened as "Caf\ufffd heist" and ran).
    const message = page.locator('.message.problem .message-text');
    await page.setInputFiles('#file', { name: 'latin1.json', mimeType: 'application/json', buffer: Buffer.from(scenarioFile.text.replace('"E2E heist"', '"Caf\xe9 heist"'), 'latin1') });
    await expect.poll(() => message.textContent(), { timeout: RUN_TIMEOUT }).toMatch(/^latin1\.json: is not UTF-8 text \(line \d+ holds bytes UTF-8 does not allow/);
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, scenarioFile.text.replace('"E2E heist"', '"Dropped heist"'));
    await expect.poll(() => page.inputValue(field('name'))).toBe('Dropped heist');
    await finished();
  }, 60_000);

  test('the address holds the setup: a new tab opened on the link shows the same scenario and numbers', async () => {
    const link = page.url();
    expect(link).toContain('#s=');
    const mine = await download('#download-results');
    const other = await context!.newPage();
    await other.goto(link);
    await finished(other);
    await expect(other.inputValue(field('name'))).resolves.toBe('Dropped heist');
    const theirs = await download('#download-results', other);
    expect(theirs.text).toBe(mine.text);
    await other.close();
  }, 60_000);

  test('editing while a run is in flight cancels it and runs the new setup; results refine while running', async () => {
    // Far more trials than the test waits for: the run is still going when it is edited.
    await page.fill(field('trials'), '100000000');
    // Live: a progress bar and the charts of the trials so far, before the run is done.
    await page.waitForSelector('.results[data-run-state="running"] progress', { timeout: RUN_TIMEOUT });
    await page.waitForSelector('.results[data-run-state="running"] .result:not(.stale) [data-panel="probabilities"] svg', { timeout: RUN_TIMEOUT });
    // The status counts the trials done so far, out of 100,000,000 per point.
    let done = 0;
    await expect
      .poll(async () => {
        const status = (await page.locator('.results .status').textContent()) ?? '';
        done = Number(/Running: ([\d,]+) of 100,000,000 trials/.exec(status)?.[1]?.replace(/,/g, '') ?? 0);
        return done > 0 ? 'counting' : status;
      }, { timeout: RUN_TIMEOUT })
      .toBe('counting');
    expect(done).toBeLessThan(100_000_000);
    await page.fill(field('trials'), '20000');
    await finished();
    const results = JSON.parse((await download('#download-results')).text);
    expect(results.trials).toBe(20000);
  }, 90_000);

  test('Stop ends a run where it is: its figures stay, said to be of the trials that came back, and cannot be downloaded as results', async () => {
    await page.fill(field('trials'), '100000000');
    await page.waitForSelector('.results[data-run-state="running"] .result:not(.stale) [data-panel="probabilities"] svg', { timeout: RUN_TIMEOUT });
    await page.click('.results .status button.stop');
    await page.waitForSelector('.results[data-run-state="stopped"]', { timeout: RUN_TIMEOUT });
    const status = (await page.locator('.results .status').textContent()) ?? '';
    const stoppedAt = Number(/Stopped at ([\d,]+) of 100,000,000 trials/.exec(status)?.[1]?.replace(/,/g, '') ?? NaN);
    expect(stoppedAt, status).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(100_000_000);
    expect(await page.locator('.summary-bar .state').textContent()).toBe('Stopped');
    // The charts of the trials that came back stay, marked as so far.
    expect(await page.locator('.result:not(.stale) [data-panel="probabilities"] svg').count()).toBeGreaterThan(0);
    expect(await page.locator('.result h3', { hasText: 'Headline (so far)' }).count()).toBe(1);
    // Nothing runs on: the count stays where it stopped.
    await page.waitForTimeout(1000);
    expect(await page.locator('.results').getAttribute('data-run-state')).toBe('stopped');
    expect((await page.locator('.results .status').textContent()) ?? '').toContain(`Stopped at ${stoppedAt.toLocaleString('en')} of`);
    // A stopped run is not a result of the file: downloading it is refused with a message.
    await page.click('#download-results');
    await page.waitForFunction(() => document.querySelector('#messages')?.textContent?.includes('The run was stopped'));
    // Run again starts the same setup over.
    await page.click('.results .status button.run-again');
    await page.waitForSelector('.results[data-run-state="running"]', { timeout: RUN_TIMEOUT });
    await page.fill(field('trials'), '20000');
    await finished();
    expect(JSON.parse((await download('#download-results')).text).trials).toBe(20000);
  }, 90_000);

  test('the keyboard keeps its place: a pressed button keeps focus (or its field does, when it is gone)', async () => {
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    const scenario = { name: 'Keys', system: 'viciousness', mechanic: 'knavery', trials: 2000, seed: 'keys', setup: { challenges: 2, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'crew', count: 2 }] } };
    await p.goto(url + encodeLink({ scenario }));
    await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
    const focused = () => p.evaluate(() => {
      const a = document.activeElement;
      return a === document.body || !a ? 'body' : `${a.tagName.toLowerCase()} ${a.textContent?.trim() ?? ''} in ${a.closest('[data-path]')?.getAttribute('data-path') ?? '?'}`;
    });
    // "+d8" on the captain's dice, by the keyboard: the captain has d6 d8 and focus stays on "+d8".
    const add = p.locator('[data-path="setup.participants.0.dice"] button.add-die', { hasText: '+d8' });
    await add.focus();
    await p.keyboard.press('Enter');
    await expect.poll(focused, { timeout: RUN_TIMEOUT }).toBe('button +d8 in setup.participants.0.dice');
    await p.keyboard.press('Enter');
    await expect.poll(focused, { timeout: RUN_TIMEOUT }).toBe('button +d8 in setup.participants.0.dice');
    // Removing the last of the three dice (×) by the keyboard: focus moves to the × now last, in the same field.
    const removes = p.locator('[data-path="setup.participants.0.dice"] button.chip-remove');
    await expect.poll(() => removes.count(), { timeout: RUN_TIMEOUT }).toBe(3);
    await removes.nth(2).focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => removes.count(), { timeout: RUN_TIMEOUT }).toBe(2);
    await expect.poll(focused, { timeout: RUN_TIMEOUT }).toBe('button × in setup.participants.0.dice');
    await p.close();
  }, 90_000);

  test('what cannot be honoured is refused with why: results of a setup with a mistake, a link that cannot be read', async () => {
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    const scenario = { name: 'Refusals', system: 'viciousness', mechanic: 'knavery', trials: 2000, seed: 'refuse', setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] } };
    await p.goto(url + encodeLink({ scenario }));
    await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
    const said = (text: string) => p.waitForFunction((t) => document.querySelector('#messages')?.textContent?.includes(t), text, { timeout: RUN_TIMEOUT });
    await p.fill(field('setup.challenges'), '-2');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await p.click('#download-results');
    await said('The setup has a mistake (marked in the form)');
    await p.fill(field('setup.challenges'), '2');
    await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
    // The message told of that click: the next edit takes it away, so it never stands above a later run.
    expect(await p.locator('#messages').textContent()).toBe('');
    // A cut-off link pasted into this tab: said, and the address goes back to the setup shown.
    const before = p.url();
    await p.evaluate(() => (location.hash = '#s=eyJuYW1lIjoiVmlvbGVuY2'));
    await said('could not be read');
    await expect.poll(() => p.url(), { timeout: RUN_TIMEOUT }).toBe(before);
    await p.close();
  }, 90_000);

  test('a typo inside the setup can be taken out where it is said (it could not be: no field, no button)', async () => {
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    // Two typos in one object are one problem ("unknown fields "modifer", "bonsu""): a button for each.
    const scenario = { name: 'Typo', system: 'vdp', mechanic: 'check', trials: 1000, seed: 'a', setup: { modifier: 3, modifer: 3, bonsu: 1, target: 10 } };
    await p.goto(url + encodeLink({ scenario }));
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    const remove = p.locator('button.remove', { hasText: 'remove setup.modifer from the scenario' });
    await expect.poll(() => remove.count(), { timeout: RUN_TIMEOUT }).toBe(1);
    await remove.click();
    const bonsu = p.locator('button.remove', { hasText: 'remove setup.bonsu from the scenario' });
    await expect.poll(() => bonsu.count(), { timeout: RUN_TIMEOUT }).toBe(1);
    await bonsu.click();
    await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
    await p.close();
  }, 90_000);

  test('Stop and Run again by the keyboard: focus stays on the status button across live redraws', async () => {
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    const scenario = { name: 'Keys stop', system: 'viciousness', mechanic: 'knavery', trials: 100000000, seed: 'keys-stop', setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] } };
    await p.goto(url + encodeLink({ scenario }));
    await p.waitForSelector('.results[data-run-state="running"] .status button.stop', { timeout: RUN_TIMEOUT });
    await p.locator('.results .status button.stop').focus();
    await p.waitForTimeout(700); // several redraws
    expect(await p.evaluate(() => document.activeElement?.className)).toBe('stop');
    await p.keyboard.press('Enter');
    await p.waitForSelector('.results[data-run-state="stopped"]', { timeout: RUN_TIMEOUT });
    expect(await p.evaluate(() => document.activeElement?.className)).toBe('run-again');
    await p.keyboard.press('Enter');
    await p.waitForSelector('.results[data-run-state="running"]', { timeout: RUN_TIMEOUT });
    await p.close();
  }, 90_000);

  test('Stop held down across live redraws still stops, and its release does not run again', async () => {
    await page.fill(field('trials'), '100000000');
    await page.waitForSelector('.results[data-run-state="running"] .result:not(.stale) [data-panel="probabilities"] svg', { timeout: RUN_TIMEOUT });
    const box = await boxOf(page.locator('.results .status button.stop'));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Held longer than a redraw (REDRAW_MS): a click alone was lost when the status under
    // the pointer was drawn anew between press and release.
    await page.waitForTimeout(600);
    await page.mouse.up();
    await page.waitForSelector('.results[data-run-state="stopped"]', { timeout: RUN_TIMEOUT });
    await page.waitForTimeout(500);
    expect(await page.locator('.results').getAttribute('data-run-state')).toBe('stopped');
    await page.fill(field('trials'), '20000');
    await finished();
  }, 90_000);

  test('a tap on Stop stops the run, and the rest of the tap does not press the Run again drawn in its place', async () => {
    const touch = await context!.browser()!.newContext({ hasTouch: true, viewport: { width: 900, height: 900 } });
    try {
      const p = await touch.newPage();
      p.on('pageerror', (e) => pageErrors.push(e.message));
      const scenario = { name: 'Tap stop', system: 'viciousness', mechanic: 'knavery', trials: 100000000, seed: 'tap', setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] } };
      await p.goto(url + encodeLink({ scenario }));
      await p.waitForSelector('.results[data-run-state="running"] .status button.stop', { timeout: RUN_TIMEOUT });
      const box = await boxOf(p.locator('.results .status button.stop'));
      await p.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await p.waitForSelector('.results[data-run-state="stopped"]', { timeout: RUN_TIMEOUT });
      await p.waitForTimeout(500);
      expect(await p.locator('.results').getAttribute('data-run-state')).toBe('stopped');
      // Run again itself still answers a tap of its own.
      await p.locator('.results .status button.run-again').tap();
      await p.waitForSelector('.results[data-run-state="running"]', { timeout: RUN_TIMEOUT });
    } finally {
      await touch.close();
    }
  }, 90_000);

  test('Stop leaves a Find answer that had finished as it is: it still answers this setup', async () => {
    const scenario = { name: 'Stop with Find', system: 'viciousness', mechanic: 'knavery', trials: 100000000, seed: 'stop-find', setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] }, solve: [{ name: 'find', vary: 'setup.challenges', range: [0, 6], metric: 'success', target: 0.5 }] };
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(url + encodeLink({ scenario }));
    await p.waitForSelector('.find-results[data-find-state="finished"]', { timeout: RUN_TIMEOUT });
    await p.waitForSelector('.results[data-run-state="running"] .status button.stop', { timeout: RUN_TIMEOUT });
    await p.click('.results .status button.stop');
    await p.waitForSelector('.results[data-run-state="stopped"]', { timeout: RUN_TIMEOUT });
    expect(await p.locator('.find-results').getAttribute('data-find-state')).toBe('finished');
    expect(await p.locator('.find-results').getAttribute('class')).toBe('find-results');
    await p.close();
  }, 90_000);

  test('Stop before any trial came back: no check is passed on nothing, and the status says nothing came back', async () => {
    const scenario = { name: 'Stop at once', system: 'viciousness', mechanic: 'knavery', trials: 100000000, seed: 'stop-at-once', setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] }, expect: [{ metric: 'success', atLeast: 0.99 }] };
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    // Stop is clicked in the same task that draws it (a mutation observer's microtask), so
    // no worker's message — each a task of its own — can have come back yet.
    await p.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const stop = document.querySelector<HTMLButtonElement>('.results .status button.stop');
        if (!stop) return;
        observer.disconnect();
        stop.click();
      }).observe(document, { subtree: true, childList: true });
    });
    await p.goto(url + encodeLink({ scenario }));
    await p.waitForSelector('.results[data-run-state="stopped"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.results .status').textContent()).resolves.toContain('Stopped before any trial came back (of 100,000,000)');
    expect(await p.locator('.checks li.pass').count()).toBe(0);
    expect(await p.locator('.summary-bar .state').textContent()).toBe('Stopped');
    await p.close();
  }, 90_000);

  test('the summary bar says how many expect checks FAIL once the run is done, or that all pass (it said "Done" beside a FAIL: a dashboard audit)', async () => {
    const heist = (expect: object[]) => ({ name: 'Checks in the bar', system: 'viciousness', mechanic: 'knavery', trials: 4000, seed: 'bar', setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] }, expect });
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    // Three d6 against 2 challenges succeed 0.5 exactly: at least 0.6 fails, at most 0.9 passes.
    await p.goto(url + encodeLink({ scenario: heist([{ metric: 'success', atLeast: 0.6 }, { metric: 'success', atMost: 0.9 }]) }));
    await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.summary-bar .checks-summary.fail').textContent()).resolves.toBe('1 of 2 expect checks FAIL');
    await p.goto(url + encodeLink({ scenario: heist([{ metric: 'success', atLeast: 0.4 }, { metric: 'success', atMost: 0.9 }]) }));
    await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.summary-bar .checks-summary.pass').textContent()).resolves.toBe('all 2 expect checks pass');
    // An opened results file of two scenarios: the checks of both, as the column shows them
    // (the bar judged the first alone: a review).
    const files = [heist([{ metric: 'success', atMost: 0.9 }]), heist([{ metric: 'success', atLeast: 0.6 }])].map((scenario, i) => {
      const path = join(work, `bar-${i}.json`);
      writeFileSync(path, JSON.stringify({ ...scenario, name: `Checks in the bar ${i}` }));
      return path;
    });
    const ran = await poolsim('run', ...files, '--json');
    expect(ran.code).toBe(1);
    const results = join(work, 'bar-results.json');
    writeFileSync(results, ran.out);
    await p.setInputFiles('#file', results);
    await p.waitForSelector('.results[data-run-state="file"]');
    await expect(p.locator('.summary-bar .checks-summary.fail').textContent()).resolves.toBe('1 of 2 expect checks FAIL');
    await p.close();
  }, 90_000);

  test('the participants × challenges heatmap, with its table', async () => {
    await page.fill(field('trials'), '20000');
    await page.click('button.preset:text("participants × challenges heatmap")');
    await finished();
    const heatmap = page.locator('[data-panel="heatmap-success"]');
    await expect(heatmap.locator('svg rect').count()).resolves.toBeGreaterThanOrEqual(40);
    // Participants across (0 to 4 of the last entry), challenges down (1 to 8).
    await expect(heatmap.locator('tbody tr').count()).resolves.toBe(8);
    await expect(heatmap.locator('thead th').count()).resolves.toBe(6);
    // The fields Vary sets say that their own value is not used meanwhile.
    await expect(page.locator('[data-path="setup.challenges"] .swept-note').textContent()).resolves.toMatch(/^varied in Vary \(1.+8\): this value is not used while it is$/);
  }, 90_000);

  test('compare: one more challenge, A beside B, and the difference with its interval', async () => {
    await page.click('[data-path="sweep"] .sweep-row button.remove');
    await page.click('[data-path="sweep"] .sweep-row button.remove');
    await page.click('button.preset:text("one more challenge?")');
    await finished();
    await expect(page.locator('[data-panel="compare-probability"] svg').count()).resolves.toBe(1);
    const diff = page.locator('[data-panel="difference-probability"] tbody tr').first();
    const estimate = Number(await diff.locator('td').nth(0).getAttribute('data-value'));
    const exact = Number(await diff.locator('td').nth(2).getAttribute('data-value'));
    expect(exact).toBeLessThan(0);
    expect(Math.abs(estimate - exact)).toBeLessThan(0.05);
    const b = JSON.parse((await download('#download-b')).text);
    expect(b.setup.challenges).toBe(5);
    expect(b.seed).toBe('e2e / B');
    await keepScreenshot(page, join(ARTIFACTS, 'dashboard-compare.png'), { fullPage: true });
    expect(pageErrors).toEqual([]);
  }, 90_000);

  test('a battle from its form: win rates and death odds per combatant, each with its table', async () => {
    await page.selectOption('[data-key="mechanic"]', 'viciousness/battle');
    await page.waitForSelector('[data-path="setup.sides.1.flee"]');
    await page.fill(field('trials'), '5000');
    await page.selectOption(field('setup.sides.0.aid'), { label: 'a Medic: none die' });
    await finished();
    const odds = page.locator('[data-panel="death-odds"]');
    await expect(odds.locator('svg rect').count()).resolves.toBeGreaterThan(0);
    // The crew's captain and minions, and the guards: one row each, with its estimate; a
    // figure each member's says so.
    await expect(odds.locator('tbody tr th').allTextContents()).resolves.toEqual(['P(dies: crew: captain)', 'P(dies: crew: minion, each of 2)', 'P(dies: guards: guard, each of 4)']);
    const estimates = await odds.locator('tbody tr td:first-child').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))));
    for (const p of estimates) expect(p).toBeGreaterThanOrEqual(0);
    await expect(page.locator('[data-panel="probabilities"] tbody th').first().textContent()).resolves.toBe('P(win: crew)');
    const scenario = JSON.parse((await download('#download')).text);
    expect(scenario.setup.sides[0].aid).toBe('medic');
    expect(pageErrors).toEqual([]);
  }, 90_000);

  test('find: how many challenges make the heist even — a sentence and its chart, refining as the target changes, kept in the link and the scenario', async () => {
    const scenario = { name: 'Find heist', system: 'viciousness', mechanic: 'knavery', trials: 20000, seed: 'find', setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] } };
    const p = await context!.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(url + encodeLink({ scenario }));
    await p.waitForSelector('[data-key="find"]');
    await p.check('[data-key="find"]');
    await p.waitForSelector('[data-path="solve.0"] [data-key="find-vary"]');
    await expect(p.inputValue('[data-key="find-vary"]')).resolves.toBe('setup.challenges');
    await p.fill('[data-key="find-hi"]', '12');
    // Typing waits RUN_DELAY_MS before the new question starts, and until then the answer
    // shown (finished) is the 0–6 one switching Find on asked; when it starts, that answer
    // is removed a task before the new one is drawn. The run of the typed setup finishing
    // (the edit marked it running at once) says the 0–12 question has replaced it.
    await p.waitForSelector('.results[data-run-state="finished"]', { timeout: RUN_TIMEOUT });
    const sentence = p.locator('.find-results[data-find-state="finished"] .sentence');
    // The metric named as the Find picker names it, by its label.
    await expect(sentence.textContent({ timeout: RUN_TIMEOUT })).resolves.toContain('P(plan succeeds) closest to 0.5: 2 challenges (P(plan succeeds) = 0.5 exact); 1 challenge gives 0.875 exact, 3 challenges gives 0.125 exact');
    await expect(p.locator('.find-result h3').textContent()).resolves.toBe('Find: P(plan succeeds), as challenges varies');
    await expect(p.locator('.find-result svg').count()).resolves.toBe(1);
    // A new target: the answer follows.
    await p.fill('[data-key="find-target"]', '0.7');
    await p.waitForFunction(() => document.querySelector('.find-results[data-find-state="finished"] .sentence')?.textContent?.includes('1 challenge ('), undefined, { timeout: RUN_TIMEOUT });
    // The question is in the address and the downloaded scenario, and poolsim solve answers it the same.
    expect(decodeURIComponent(p.url())).toContain('#s=');
    const file = await download('#download', p);
    const saved = JSON.parse(file.text);
    expect(saved.solve).toEqual([{ name: 'find', vary: 'setup.challenges', range: [0, 12], metric: 'success', target: 0.7, find: 'closest' }]);
    // poolsim solve gives the same sentence, naming the metric by its label too.
    const cli = await poolsim('solve', file.path);
    expect(cli.out).toContain((await p.locator('.find-results .sentence').textContent())!);
    // Both ends typed in turn are both kept (the row read the range as it was drawn, and
    // "from 2" then "to 5" ran 0 to 5).
    await p.fill('[data-key="find-lo"]', '2');
    await p.fill('[data-key="find-hi"]', '5');
    expect(JSON.parse((await download('#download', p)).text).solve[0].range).toEqual([2, 5]);
    await keepScreenshot(p, join(ARTIFACTS, 'dashboard-find.png'), { fullPage: true });
    // "0x10" is not read as 16: refused at the input it was typed in, as the form's own
    // number fields refuse it.
    await p.fill('[data-key="find-hi"]', '0x10');
    const to = p.locator('[data-path="solve.0.range.1"] > .problems');
    await expect(to.textContent()).resolves.toMatch(/expected a number, got "0x10"/);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a rule choice reads in the game’s words, and the file keeps the value: pushing in violence', async () => {
    const p = await openPage();
    await p.selectOption('[data-key="mechanic"]', 'viciousness/clash');
    await p.waitForSelector('[data-path="rules.push"]');
    // It offered "never" and "ifNoHit", the file's values.
    await expect(p.locator('[data-path="rules.push"] > select option').allTextContents()).resolves.toEqual(['never (default)', 'never', 'when its dice show no hit']);
    await p.selectOption(field('rules.push'), { label: 'when its dice show no hit' });
    await finished(p);
    expect(JSON.parse((await download('#download', p)).text).rules).toEqual({ push: 'ifNoHit' });
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 60_000);

  test('find: a question with no name is refused as poolsim solve refuses it, beside the box that names it; named there, it runs', async () => {
    // `name` is required on the command line (poolsim solve prints each answer under it);
    // the Find row had no box for it, so an opened file said "missing" at the whole row
    // and nothing on the page could fix it.
    const path = heistFile('unnamed-find.json', 'Unnamed find', { vary: 'setup.challenges', range: [0, 6], metric: 'success', target: 0.5 });
    const refused = await poolsim('solve', path);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`${path}: solve.0.name: missing: expected a string`);
    const p = await openPage();
    await p.setInputFiles('#file', path);
    await p.waitForSelector('.results[data-run-state="invalid"]');
    await expect(p.locator('.problem-list').textContent()).resolves.toContain('unnamed-find.json: solve.0.name: missing: expected a string');
    await expect(p.locator('[data-path="solve.0.name"] > .problems').textContent()).resolves.toBe('missing: expected a string');
    await p.fill('[data-key="find-name"]', 'even heist');
    await finished(p);
    await expect(p.locator('.find-result h3').textContent({ timeout: RUN_TIMEOUT })).resolves.toBe('Find: even heist');
    const saved = await download('#download', p);
    expect(JSON.parse(saved.text).solve[0].name).toBe('even heist');
    const cli = await poolsim('solve', saved.path);
    expect(cli.code).toBe(0);
    expect(cli.out).toContain('even heist: P(plan succeeds) closest to 0.5: 2 challenges');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('find: a block\'s own maxTrials on a question answered exactly is refused as poolsim solve refuses it, not thrown on the page', async () => {
    const path = heistFile('capped-find.json', 'Capped find', { name: 'even heist', vary: 'setup.challenges', range: [0, 6], metric: 'success', target: 0.5, maxTrials: 131072 });
    const want = 'solve.0.maxTrials: caps the trials of a Monte Carlo search, and "even heist" is answered exactly (no trials are run), so it would change nothing: expected maxTrials left out';
    expect((await poolsim('solve', path)).err).toContain(`${path}: ${want}`);
    const p = await openPage();
    await p.setInputFiles('#file', path);
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.problem-list').textContent()).resolves.toContain(`capped-find.json: ${want}`);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
