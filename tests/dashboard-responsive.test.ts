/**
 * The page stays responsive while a big sweep runs (a real Chromium, tests/browser.ts, on
 * the built app): the points' exact values are computed in the page's workers
 * (workers/live.ts, workers/chunk.ts exactValuesTasks), not on the page's thread. A
 * 2,500-point knavery sweep's exact values were computed there, in one task: the page
 * froze for 2–4 s (4.1 s on the 2-core development machine) at its first snapshots, or,
 * with few trials, as the run finished.
 *
 * Asserted with the browser's own measure of the page's thread ('longtask' entries): no
 * task from the edit to the finished run is longer than LONGEST_TASK_MS. The rest of the
 * thread's work grows with the points too (planning the sweep on the edit, ~0.2–0.3 s;
 * drawing 2,500 points' tables, ~0.2–0.4 s here), hence the bound's room; the old code's
 * one task was ten times these. Skipped, with one line, where no browser can run (failed
 * under CI=true).
 */
import { describe, expect, test } from 'vitest';
import { chromiumOrSkip } from './browser.ts';
import { dashboardSuite } from './dashboard-server.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard responsiveness test');
const TIMEOUT = 240_000;
/** The longest the page's thread may be held at once during the run (see above). */
const LONGEST_TASK_MS = 1500;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-responsive-', viewport: { width: 1280, height: 900 }, runTimeout: TIMEOUT });

describe.skipIf(!CHROMIUM)('a big sweep in the dashboard', () => {
  test(`no task holds the page longer than ${LONGEST_TASK_MS} ms while a 2,500-point sweep runs (its exact values held it 2–4 s)`, async () => {
    const page = await suite.page();
    // The default page is the knavery heist: challenges 0–49 × minions 0–49 (2,500 points,
    // the most a sweep may have). 200 trials: one chunk a point, so the run is short, and
    // the old code computed every exact value in one task as it finished.
    await page.fill('[data-path="trials"] input', '200');
    await page.click('text=+ vary something');
    await page.locator('.sweep-row').nth(0).locator('input[data-key=sweep-values]').fill('0-49');
    await page.click('text=+ vary something');
    await page.locator('.sweep-row').nth(1).locator('select').selectOption('setup.participants.1.count');
    await page.waitForFunction(() => document.querySelector('.results')?.getAttribute('data-run-state') !== 'running', undefined, { timeout: TIMEOUT, polling: 100 });
    // Every run state from the edit on, in order (as tests/dashboard-big-sweep.test.ts), and every long task.
    await page.evaluate(() => {
      const w = window as unknown as { __long: { start: number; ms: number }[]; __states: string[]; __pending: boolean };
      w.__long = [];
      w.__pending = false;
      w.__states = [document.querySelector('.results')?.getAttribute('data-run-state') ?? ''];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask' });
      new MutationObserver(() => {
        const state = document.querySelector('.results')?.getAttribute('data-run-state') ?? '';
        if (w.__states[w.__states.length - 1] !== state) w.__states.push(state);
        if (document.querySelector('.results .status')?.textContent?.includes('Exact values:')) w.__pending = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-run-state'] });
    });
    const t0 = Date.now();
    await page.locator('.sweep-row').nth(1).locator('input[data-key=sweep-values]').fill('0-49');
    await page.waitForFunction(
      () => {
        const states = (window as unknown as { __states: string[] }).__states;
        const started = states.indexOf('running', 1);
        return started > 0 && states.indexOf('finished', started) > started;
      },
      undefined,
      { timeout: TIMEOUT, polling: 100 },
    );
    const ms = Date.now() - t0;
    // A task still running as the state turned is reported when it ends.
    await page.waitForTimeout(500);
    const { long, pending } = await page.evaluate(() => {
      const w = window as unknown as { __long: { start: number; ms: number }[]; __pending: boolean };
      return { long: w.__long, pending: w.__pending };
    });
    const longest = Math.max(0, ...long.map((t) => t.ms));
    process.stdout.write(`2,500-point sweep on the page: ${ms} ms, ${long.length} long tasks, longest ${Math.round(longest)} ms; exact values said to be coming: ${pending}\n`);
    expect(longest, `the page's longest task: ${Math.round(longest)} ms`).toBeLessThanOrEqual(LONGEST_TASK_MS);
    // Finished: every exact value in, none said to be still coming.
    await expect(page.locator('.results .status').innerText()).resolves.toContain('Done: 200 trials per point');
    expect(await page.locator('.results').innerText()).not.toContain('computing…');
    expect(await page.locator('.exact-pending').count()).toBe(0);
    const exacts = await page.locator('.results table td').evaluateAll((cells) => cells.filter((c) => /exact/.test(c.textContent ?? '')).length);
    expect(exacts).toBeGreaterThan(0);
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);
  test('typing a new name while a sweep runs relabels it and keeps its progress (it restarted the run from nothing)', async () => {
    const page = await suite.page();
    await page.fill('[data-path="trials"] input', '100000');
    await page.click('text=+ vary something');
    await page.locator('.sweep-row').nth(0).locator('input[data-key=sweep-values]').fill('0-49');
    // Under way, with trials back.
    await page.waitForFunction(() => /Running: [1-9][\d,]* of/.test(document.querySelector('.results .status')?.textContent ?? ''), undefined, { timeout: TIMEOUT, polling: 50 });
    await page.evaluate(() => {
      const w = window as unknown as { __said: string[] };
      w.__said = [];
      new MutationObserver(() => {
        const text = document.querySelector('.results .status')?.textContent ?? '';
        if (w.__said[w.__said.length - 1] !== text) w.__said.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.fill('[data-path="name"] > input', 'The Lydgate job');
    await page.waitForSelector('.results[data-run-state="finished"]', { timeout: TIMEOUT });
    const said = await page.evaluate(() => (window as unknown as { __said: string[] }).__said);
    expect(said.filter((t) => t.startsWith('Starting a run'))).toEqual([]);
    const done = said.flatMap((t) => /^Running: ([\d,]+) of/.exec(t)?.[1] ?? []).map((n) => Number(n.replace(/,/g, '')));
    // Still running after the rename, its trials back only ever more.
    expect(done.length).toBeGreaterThan(0);
    for (let i = 1; i < done.length; i++) expect(done[i], `trials back, in turn: ${done.join(' ')}`).toBeGreaterThanOrEqual(done[i - 1]!);
    await expect(page.locator('.results .result h2').first().textContent()).resolves.toBe('The Lydgate job');
    await expect(page.locator('.results .status').innerText()).resolves.toContain('Done: 100,000 trials per point');
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);
});
