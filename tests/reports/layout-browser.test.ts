/**
 * The report pages as Chromium lays them out: no line of text may run past the page or
 * its table's box. `.fail { white-space: nowrap }` put a long check summary ("4 of 8
 * expect checks FAILED; ⚠ 2 passed on the interval…") on one line 1223 px wide in the
 * index's 980 px column, and a failed solve check's sentence 1605 px across a 1280 px
 * window. And no chart's key may print over its y-axis label: "line: Monte Carlo · shade:
 * 95% interval" ran over "↑ mean consequences of designs". Skips with one line where no
 * Chromium runs (tests/browser.ts).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { chromiumOrSkip, keepScreenshot, sharedPage } from '../browser.ts';
import { renderIndex, renderScenarioHtml } from '../../reports/render.ts';
import { heistByChallenges, heistOnePoint } from './fixtures.ts';
import type { ScenarioResult } from '../../sim/result.ts';
import { metricsOverSweep } from '../../reports/charts/metricsOverSweep.ts';
import { solveChart } from '../../reports/charts/solveChart.ts';
import { MARGIN_TOP, keyLayout, textWidth } from '../../reports/charts/shared.ts';

const CHROMIUM = await chromiumOrSkip('the report layout test');
const ARTIFACTS = join(import.meta.dirname, '..', '..', 'test-artifacts');
const page = sharedPage(CHROMIUM);

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
  await page().setContent(html);
  return page().evaluate(() => ({
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

  it('keeps a check\'s "measured" on a 390 px phone: inside the page, each figure whole, beside its badge', async () => {
    // battle-medic's "0.5475 [0.5406, 0.5544] to 0.5545 [0.5477, 0.5614] over 3 points, exact
    // ≈0.5531 at every point" on one line (td.num, nowrap) stood 688 px wide in a table
    // scrolling 895 px inside 358, the check squeezed to 140 px beside it.
    const failing = {
      ...heistByChallenges,
      expect: [
        { metric: 'success', atLeast: 0.5, pass: false, failedPoints: heistByChallenges.results.slice(1).map((p) => p.point) },
        { metric: 'success', between: [0, 1] as [number, number], pass: true },
      ],
    };
    const html = renderScenarioHtml(failing, []);
    await page().setViewportSize({ width: 390, height: 844 });
    try {
      const { page: [doc, win], boxes } = await overflow(html);
      expect(doc).toBeLessThanOrEqual(win!);
      for (const [scroll, client] of boxes) expect(scroll).toBeLessThanOrEqual(client!);
      const cells = await page().evaluate(() =>
        [...document.querySelectorAll('table.checks td.measured')].map((td) => ({
          width: td.getBoundingClientRect().width,
          // Each figure ("0.3125 [0.3061, 0.3190]") on one line.
          broken: [...td.querySelectorAll('.figure')].filter((f) => f.getClientRects().length > 1).length,
          figures: td.querySelectorAll('.figure').length,
        })),
      );
      expect(cells.length).toBe(2);
      for (const cell of cells) {
        expect(cell.figures).toBeGreaterThan(0);
        expect(cell.broken).toBe(0);
        // The page's width less the badge's, not a third of it.
        expect(cell.width).toBeGreaterThan(250);
      }
      await keepScreenshot(page(), join(ARTIFACTS, 'report-checks-390.png'), { fullPage: true });
    } finally {
      await page().setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('wraps a failed solve check\'s sentence inside the page', async () => {
    const html = renderScenarioHtml(tiedSolve, []);
    expect(html).toContain('(failed: a tie:');
    const { page: [doc, win] } = await overflow(html);
    expect(doc).toBeLessThanOrEqual(win!);
  });
});

/** Nine consequences over a sweep, each named at length: one panel per metric, its names in a wide right margin. */
const consequences: ScenarioResult = {
  ...heistByChallenges,
  results: heistByChallenges.results.map((p, i) => ({
    ...p,
    metrics: Object.fromEntries(
      Array.from({ length: 9 }, (_, k) => [
        `consequence.c${k}`,
        { kind: 'mean' as const, estimate: 1 + i + k / 10, ci95: [0.9 + i + k / 10, 1.1 + i + k / 10] as [number, number], exact: 1 + i + k / 10, family: 'mean consequences of designs', label: `mean consequences: the company’s wealth track lowers by a rank ${k}` },
      ]),
    ),
  })),
};
const members = Array.from({ length: 9 }, (_, k) => `consequence.c${k}`);

/** Charts whose key and y-axis label shared the top line. */
const charts: Record<string, () => string> = {
  'a faceted consequence chart': () => metricsOverSweep(consequences, members, { kind: 'mean' }),
  'a zoomed probability sweep with a long label': () =>
    metricsOverSweep({ ...heistByChallenges, results: heistByChallenges.results.slice(0, 2).map((p) => ({ ...p, metrics: { success: { ...p.metrics.success!, label: "P(accomplish beats the other's resist, on the first try)" } } })) }, ['success'], { kind: 'probability' }),
  'a solve chart with a long label': () =>
    solveChart(
      { name: 'x', vary: 'setup.challenges', metric: 'success', target: 0.5, method: 'exact', decided: true, value: 2, sentence: '', points: [1, 2, 3].map((value) => ({ value, exact: 0.45 + value / 100 })) } as never,
      { label: "P(accomplish beats the other's resist) and so on" },
    ),
};

describe('chart keys', () => {
  it('lay the key beside the y-axis label only where it fits there, else under it', () => {
    const label = 'mean consequences of designs';
    const beside = keyLayout('line: Monte Carlo · shade: 95% interval · ring: exact', { marginRight: 150, yLabel: label });
    expect(beside.left).toBeGreaterThan(textWidth(`↑ ${label}`));
    const long = 'x'.repeat(80);
    const under = keyLayout(`${long} · ring: exact`, { marginRight: 20, yLabel: long });
    expect(under.top).toBeGreaterThan(12);
    expect(under.top + under.lines.length * 10).toBeLessThanOrEqual(MARGIN_TOP);
  });

  it('break one part wider than the picture at its spaces, so it starts inside the left edge', () => {
    // campaign-marksman-push's heatmap key, one part of ~620 px, ran 18 px past the left edge.
    const key = "cell: mean Marksmen's snap shots in the company's fights (each a foe wounded before the dice), Monte Carlo, 95% interval below";
    const { lines, left } = keyLayout(key, { marginRight: 20 });
    expect(lines.length).toBe(2);
    expect(lines.join(' ')).toBe(key);
    expect(left).toBeGreaterThanOrEqual(0);
  });
});

describe.skipIf(!CHROMIUM)('chart keys in Chromium', () => {
  for (const [name, draw] of Object.entries(charts)) {
    it(`keeps ${name}'s key clear of its y-axis label and above the frame`, async () => {
      await page().setContent(`<body style="margin:0">${draw()}</body>`);
      const boxes = await page().evaluate(() => {
        const box = (e: Element | undefined) => {
          const r = e!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        return {
          label: box(document.querySelector('g[aria-label="y-axis label"]')!),
          key: box([...document.querySelectorAll('g[aria-label="text"]')].find((g) => g.getAttribute('fill') === '#555')),
          width: document.querySelector('svg')!.getBoundingClientRect().width,
        };
      });
      const { label, key } = boxes;
      const apart = Math.max(key.left - label.right, label.left - key.right, key.top - label.bottom, label.top - key.bottom);
      expect(apart).toBeGreaterThanOrEqual(4);
      expect(key.bottom).toBeLessThanOrEqual(MARGIN_TOP);
      expect(key.left).toBeGreaterThanOrEqual(0);
      expect(key.right).toBeLessThanOrEqual(boxes.width);
    });
  }
});
