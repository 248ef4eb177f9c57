/**
 * The last run's figures, kept on the page until a new run's first chunks come back, are
 * read as that run's, in Chromium (a dashboard honesty audit, December 2026): they were
 * drawn with the new setup's sweep axes and Compare change, so a Vary row added drew the
 * last one-setup run as "P(plan succeeds) by challenges" at challenges "undefined", and a
 * Compare edited said "B changes “challenges” from 3 to 5" over B's figures at 4 (and kept
 * saying it after a Stop before any trial came back). Both failed before the fix.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard stale-labels end-to-end test');
const RUN_TIMEOUT = 90_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-stale-labels-', viewport: { width: 1400, height: 900 }, runTimeout: RUN_TIMEOUT });
const { pageErrors, finished } = suite;
const field = (path: string) => `[data-path="${path}"] > input`;

/**
 * From now on, the results' text each time they are drawn while the status says the figures
 * are the last run's (the draw at a run's start, before its first chunks; it is always made).
 */
async function recordStale(p: Page): Promise<() => Promise<string[]>> {
  // A string, not a function: the page gets no helper names of the test's build.
  await p.evaluate(`(() => {
    window.__stale = [];
    window.__staleObserver?.disconnect();
    window.__staleObserver = new MutationObserver(() => {
      const results = document.querySelector('#results');
      const status = results?.querySelector('.results .status')?.textContent ?? '';
      if (!status.includes('last run’s')) return;
      const text = results.innerText;
      if (window.__stale[window.__stale.length - 1] !== text) window.__stale.push(text);
    });
    window.__staleObserver.observe(document.querySelector('#results'), { subtree: true, childList: true, characterData: true });
  })()`);
  return async () => (await p.evaluate('window.__stale')) as string[];
}

describe.skipIf(!CHROMIUM)('the last run’s figures keep their own labels, in Chromium', () => {
  test('a Vary row added: the one-setup figures kept meanwhile are not drawn over the new sweep’s axis', async () => {
    const p = await suite.page('');
    await p.fill(field('trials'), '2000');
    await finished(p);
    const stale = await recordStale(p);
    await suite.finishedAfter(p, () => p.click('button.preset:text("challenges 1 to 8")'));
    const drawn = await stale();
    expect(drawn.length).toBeGreaterThan(0);
    for (const text of drawn) {
      expect(text).toContain('Nothing varied: one setup.');
      expect(text).not.toContain('undefined');
      expect(text).not.toContain('by challenges');
    }
    // Its own figures are drawn over the sweep, as always.
    await expect(p.locator('#results').innerText()).resolves.toContain('P(plan succeeds) by challenges');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a Compare change edited: B’s figures kept meanwhile are not said to be of the new change', async () => {
    const p = await suite.page('');
    await p.fill(field('trials'), '2000');
    await finished(p);
    await suite.finishedAfter(p, () => p.check('[data-key="compare"]'));
    const help = p.locator('.compare-view > p.help').first();
    await expect(help.textContent()).resolves.toContain('B changes “challenges” from 3 to 4');
    const stale = await recordStale(p);
    await suite.finishedAfter(p, () => p.fill('.compare-row input', '5'));
    const drawn = await stale();
    expect(drawn.length).toBeGreaterThan(0);
    for (const text of drawn) {
      expect(text).toContain('B changes “challenges” from 3 to 4');
      expect(text).not.toContain('from 3 to 5');
    }
    await expect(help.textContent()).resolves.toContain('B changes “challenges” from 3 to 5');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});

describe.skipIf(!CHROMIUM)('a results file’s figures are not the last setup’s, in Chromium', () => {
  // A review: a results file opened, then "Back to my setup" where the setup cannot run,
  // kept the file's two results on the page as "from the last setup that ran", drawn as
  // "A and B" ("B changes one thing"). Failed before the fix.
  test('back to a setup that cannot run: the file’s results go', async () => {
    const p = await suite.page('');
    await p.fill(field('trials'), '2000');
    await finished(p);
    await p.fill(field('trials'), '0');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    const one = (name: string, challenges: number) =>
      runPlan(planScenario({ name, system: 'viciousness', mechanic: 'knavery', trials: 500, seed: name, setup: { challenges, participants: [{ name: 'crew', count: 3 }] } }, `${name}.json`));
    const file = join(mkdtempSync(join(suite.dashboard!.work, 'two-')), 'two-results.json');
    writeFileSync(file, JSON.stringify([one('first', 1), one('second', 4)]));
    await p.setInputFiles('#file', file);
    await p.waitForSelector('.results[data-run-state="file"]');
    await p.click('#setup .file-note button.back');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    const results = p.locator('#results .results');
    await expect(results.locator('.status').textContent()).resolves.not.toContain('the results below are from the last setup that ran');
    await expect(results.locator('.compare-view').count()).resolves.toBe(0);
    await expect(results.locator('section.result').count()).resolves.toBe(0);
    // Fixed, the setup runs, and its own figures are drawn.
    await suite.finishedAfter(p, () => p.fill(field('trials'), '2000'));
    await expect(results.locator('section.result > h2').allTextContents()).resolves.toEqual([expect.not.stringMatching(/^(first|second)$/)]);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
