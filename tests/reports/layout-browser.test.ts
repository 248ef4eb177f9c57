/**
 * The report pages as Chromium lays them out: no line of text may run past the page or
 * its table's box. `.fail { white-space: nowrap }` put a long check summary ("4 of 8
 * expect checks FAILED; ⚠ 2 passed on the interval…") on one line 1223 px wide in the
 * index's 980 px column, and a failed solve check's sentence 1605 px across a 1280 px
 * window. Skips with one line where no Chromium runs (tests/browser.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumOrSkip } from '../browser.ts';
import { renderIndex, renderScenarioHtml } from '../../reports/render.ts';
import { heistByChallenges, heistOnePoint } from './fixtures.ts';
import type { ScenarioResult } from '../../sim/result.ts';

const CHROMIUM = await chromiumOrSkip('the report layout test');
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  if (!CHROMIUM) return;
  browser = await chromium.launch({ executablePath: CHROMIUM.executablePath, args: CHROMIUM.args });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 60_000);
afterAll(async () => browser?.close());

/** Four of eight checks failed, two more passed on the interval only: the longest summary. */
const manyChecks: ScenarioResult = {
  ...heistByChallenges,
  expect: [
    ...[0.9, 0.91, 0.92, 0.93].map((atLeast) => ({ metric: 'success', atLeast, pass: false })),
    ...[0.1, 0.11].map((atLeast) => ({ metric: 'success', atLeast, pass: true, exactPass: false })),
    ...[0.01, 0.02].map((atLeast) => ({ metric: 'success', atLeast, pass: true })),
  ],
};

/** A failed solve check whose sentence is long: the tie reason and the why. */
const tiedSolve = {
  ...heistOnePoint,
  expect: [],
  solve: [
    {
      name: 'even heist',
      vary: 'setup.challenges',
      sentence: '2 challenges make the heist even (tied with 3)',
      decided: true,
      value: 2,
      method: 'exact',
      expect: {
        equals: 3,
        pass: false,
        reason: 'a tie: the answer could as well be 2, 3, and 2 would not do',
        why: 'three d6 at 4+: at least 2 successes is exactly 4 of 8 outcomes',
      },
    },
  ],
} as unknown as ScenarioResult;

/** Widths that overflow: the document past the window, and each table past its scroll box. */
async function overflow(html: string): Promise<{ page: number[]; boxes: number[][] }> {
  await page.setContent(html);
  return page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, window.innerWidth],
    boxes: [...document.querySelectorAll('.scroll')].map((s) => [s.scrollWidth, s.clientWidth]),
  }));
}

describe.skipIf(!CHROMIUM)('report layout in Chromium', () => {
  it('wraps a long check summary inside the index table', async () => {
    const { html } = renderIndex([{ slug: 'heist', result: manyChecks }, { slug: 'tie', result: tiedSolve }]);
    expect(html).toContain('4 of 8 expect checks FAILED; ⚠ 2 passed on the interval while their exact values miss the band');
    const { page: [doc, win], boxes } = await overflow(html);
    expect(doc).toBeLessThanOrEqual(win!);
    for (const [scroll, client] of boxes) expect(scroll).toBeLessThanOrEqual(client!);
  });

  it('wraps a failed solve check\'s sentence inside the page', async () => {
    const html = renderScenarioHtml(tiedSolve, []);
    expect(html).toContain('(failed: a tie:');
    const { page: [doc, win] } = await overflow(html);
    expect(doc).toBeLessThanOrEqual(win!);
  });
});
