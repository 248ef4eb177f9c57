/**
 * Every chart of every library report, as Chromium lays its text out: no text may lie
 * outside its SVG's box. coin-buys-task's `over-consequence` put two slanted policy names
 * 19–38 px past the picture's left edge (only the first label's reach was measured), where
 * a standalone .svg and the page cut them. Drawn from the committed baseline's results
 * (reports/baseline/*\/results.json: no simulation), with each scenario's setup, as
 * `poolsim report` draws them. Skips with one line where no Chromium runs (tests/browser.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumOrSkip, sharedPage } from '../browser.ts';
import { chartsFor } from '../../reports/charts/index.ts';
import type { ScenarioResult } from '../../sim/result.ts';

const CHROMIUM = await chromiumOrSkip('the chart bounds test');
const BASELINE = resolve(import.meta.dirname, '../../reports/baseline');
const slugs = readdirSync(BASELINE).filter((d) => existsSync(join(BASELINE, d, 'results.json')));

const page = sharedPage(CHROMIUM);

/** Each text of each SVG on the page that lies more than 1 px outside its SVG's box. */
async function outside(svgs: { name: string; svg: string }[]): Promise<string[]> {
  // One chart a row, each at its own size (no max-width: the box is the file's own).
  await page().setContent(`<!doctype html><body style="margin:0">${svgs.map((c) => `<div data-name="${c.name}">${c.svg}</div>`).join('')}</body>`);
  return page().evaluate(() =>
    [...document.querySelectorAll('div[data-name]')].flatMap((div) => {
      const svg = div.querySelector('svg')!;
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
        .filter(({ text, r }) => text.trim() !== '' && r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1))
        .map(({ text, r }) => `${div.getAttribute('data-name')}: "${text}" runs ${[box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom].map((d) => Math.max(0, Math.round(d))).join('/')} px past left/right/top/bottom`);
    }),
  );
}

describe.skipIf(!CHROMIUM)('library charts in Chromium', () => {
  it('hold every text inside the picture', async () => {
    expect(slugs.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const slug of slugs) {
      const result = JSON.parse(readFileSync(join(BASELINE, slug, 'results.json'), 'utf8')) as ScenarioResult & { setup?: unknown };
      const charts = chartsFor(result, { setup: result.setup });
      problems.push(...(await outside(charts.map((c) => ({ name: `${slug}/${c.name}`, svg: c.svg })))));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
