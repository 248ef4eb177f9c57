/**
 * A sweep an edit cuts short, in Chromium (a review): its points are one chunk each, so
 * those back ran all their trials and the rest none; kept on the page after the edit, they
 * were said to be "from the last setup that ran", their headline plain, nothing said of the
 * points that never came back. Failed before the fix.
 */
import { describe, expect, test } from 'vitest';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard cut-short sweep end-to-end test');
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-cut-sweep-', viewport: { width: 1400, height: 900 }, runTimeout: 90_000 });
const { pageErrors, finished } = suite;
const field = (path: string) => `[data-path="${path}"] > input`;

describe.skipIf(!CHROMIUM)('a sweep cut short by an edit, in Chromium', () => {
  test('its points back said to be of a run cut short, with how many came back', async () => {
    const p = await suite.page('?workers=1');
    await p.fill(field('trials'), '60000');
    await p.click('button.preset:text("participants × challenges heatmap")');
    await finished(p);
    await p.fill(field('trials'), '60001');
    // Mid-run, some points back and not all: the setup made invalid at once.
    const back = await p.evaluate(`new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const results = document.querySelector('#results .results');
        const varying = results?.querySelector('.varying')?.textContent ?? '';
        const m = /\\((\\d+) of 40 points back\\)/.exec(varying);
        if (results?.getAttribute('data-run-state') !== 'running' || !m || results.querySelector('.status')?.textContent.includes('last run')) return;
        observer.disconnect();
        const input = document.querySelector('[data-path="trials"] > input');
        input.value = '0';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        resolve(Number(m[1]));
      });
      observer.observe(document.querySelector('#results'), { subtree: true, childList: true, characterData: true });
    })`);
    await p.waitForSelector('.results[data-run-state="invalid"]');
    const status = (await p.locator('.results .status').textContent()) ?? '';
    process.stdout.write(`points back: ${back}; status: ${status}\n`);
    expect(status).toContain('the results below are from the last setup that ran');
    expect(status).toMatch(/They are of a run cut short \(\d+ of its 40 points came back\)/);
    await expect(p.locator('.result .headline h3').textContent()).resolves.toBe('Headline (so far)');
    await expect(p.locator('.result .varying').textContent()).resolves.toMatch(/of 40 points back/);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
