/**
 * Keyboard focus on a control inside the results stays on it while they are drawn anew, in
 * Chromium (App.drawResults, keptFocus): a run redraws them every 200ms, and choosing a
 * heatmap's or Compare's metric or a distribution's view with the keyboard redraws them at
 * once. The radio buttons, the "heatmap of" and Compare's metric selects lost focus to the
 * page's body there, Tab then going to the Stop button at the results' top (a review of
 * a0b6ad11, which kept it on a chart and on the charts list's links only). A chart is
 * named by its title, for a screen reader that lands on it (it was an article with no name).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { encodeLink } from '../dashboard/model/url.ts';
import { defaultScenario } from '../dashboard/model/scenario.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard focus end-to-end test');
const RUN_TIMEOUT = 90_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-focus-', viewport: { width: 1400, height: 900 }, runTimeout: RUN_TIMEOUT });
const { pageErrors } = suite;

/** A run long enough to redraw many times while a test looks (one worker); stopped at each test's end. */
function longRun(sweep: boolean): string {
  const s = defaultScenario() as Record<string, any>;
  const last = Math.max((s.setup?.participants?.length ?? 1) - 1, 0);
  const scenario = { ...s, name: 'focus kept', trials: 5_000_000, ...(sweep ? { sweep: { [`setup.participants.${last}.count`]: [0, 1, 2, 3, 4], 'setup.challenges': [1, 2, 3, 4, 5, 6, 7, 8] } } : {}) };
  return `?workers=1${encodeLink({ scenario, ...(sweep ? { compare: { path: 'setup.challenges', value: 4 } } : {}) })}`;
}

/** Waits for the node `selector` finds to be drawn anew, so a run over too soon fails here rather than passing unredrawn. */
async function redrawn(p: Page, selector: string): Promise<void> {
  await p.evaluate((sel) => ((window as unknown as { before: Element | null }).before = document.querySelector(sel)), selector);
  await expect.poll(() => p.evaluate((sel) => document.querySelector(sel) !== (window as unknown as { before: Element | null }).before, selector), { timeout: 10_000 }).toBe(true);
}

/**
 * Stops the run as a mouse press does (Stop acts on the press: results.ts stopButton).
 * Playwright's click waits for the button to hold still, and a run moves it into each redraw
 * of the status, every 200 ms: on a loaded machine the click timed out after 30 s (a CI run).
 */
async function stop(p: Page): Promise<void> {
  await p.locator('.status button.stop').dispatchEvent('pointerdown', { pointerType: 'mouse', button: 0, isPrimary: true });
  await p.waitForSelector('.results[data-run-state="stopped"]', { timeout: 10_000 });
}

/** What has focus: its tag, accessible label or name, value, the section it is in, and whether it is the node `selector` finds. */
const focused = (p: Page, selector: string) =>
  p.evaluate((sel) => {
    const at = document.activeElement as HTMLInputElement | null;
    return { tag: at?.tagName, label: at?.getAttribute('aria-label') ?? at?.getAttribute('name'), value: at?.value, it: at !== null && at === document.querySelector(sel) };
  }, selector);

describe.skipIf(!CHROMIUM)('keyboard focus through redraws of the results, in Chromium', () => {
  test('the "heatmap of" and Compare’s metric selects keep keyboard focus while a run redraws the results, and a choice made with the keyboard keeps it too (it went to the page’s body, Tab to the Stop button: a review)', async () => {
    const p = await suite.page(longRun(true));
    const heatmap = '.result select[aria-label="heatmap of"]';
    const compare = '.compare-view select[aria-label="compare"]';
    await p.waitForSelector(heatmap, { timeout: RUN_TIMEOUT });
    await p.waitForSelector(compare, { timeout: RUN_TIMEOUT });
    for (const [sel, label] of [[compare, 'compare'], [heatmap, 'heatmap of']] as const) {
      await p.focus(sel);
      const value = await p.locator(sel).inputValue();
      const y = await p.evaluate(() => scrollY);
      await redrawn(p, sel);
      await expect(focused(p, sel), sel).resolves.toEqual({ tag: 'SELECT', label, value, it: true });
      await expect(p.evaluate(() => scrollY), `${sel}: no scroll`).resolves.toBe(y);
    }
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.toBe('running');
    // A choice with the keyboard (ArrowDown on a closed select: Chromium's change at once)
    // draws the results anew there and then; focus stays, on the choice made, and the next
    // ArrowDown goes on from it.
    const options = await p.locator(`${heatmap} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThanOrEqual(3);
    await p.locator(heatmap).selectOption(options[0]!);
    await p.focus(heatmap);
    await p.keyboard.press('ArrowDown');
    await expect(focused(p, heatmap)).resolves.toEqual({ tag: 'SELECT', label: 'heatmap of', value: options[1], it: true });
    await redrawn(p, heatmap);
    await p.keyboard.press('ArrowDown');
    await expect(focused(p, heatmap)).resolves.toEqual({ tag: 'SELECT', label: 'heatmap of', value: options[2], it: true });
    // Shift+Tab goes back from it into Compare's section above (its select, or a table there
    // Chromium lets the keyboard scroll), not to the page's last control or the results' top.
    await redrawn(p, heatmap);
    await p.keyboard.press('Shift+Tab');
    await expect(p.evaluate(() => ({ compare: document.activeElement?.closest('.compare-view') !== null, stop: document.activeElement?.closest('.status') !== null }))).resolves.toEqual({ compare: true, stop: false });
    await stop(p);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('a select open on its list is not drawn anew under the reader while a run goes on: the list stays open, the option the arrow keys moved to is the one Enter picks, focus stays (the list closed at the next redraw, 200ms on, focus to the page’s body)', async () => {
    const p = await suite.page(longRun(true));
    const heatmap = '.result select[aria-label="heatmap of"]';
    await p.waitForSelector(heatmap, { timeout: RUN_TIMEOUT });
    const options = await p.locator(`${heatmap} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    await p.locator(heatmap).selectOption(options[0]!);
    await p.click(heatmap);
    const open = () => p.evaluate((sel) => document.querySelector(sel)!.matches(':open'), heatmap);
    await expect(open()).resolves.toBe(true);
    await p.evaluate((sel) => ((window as unknown as { before: Element | null }).before = document.querySelector(sel)), heatmap);
    await p.keyboard.press('ArrowDown');
    await p.waitForTimeout(1000); // five redraws' time
    await expect(p.evaluate((sel) => document.querySelector(sel) === (window as unknown as { before: Element | null }).before, heatmap), 'not drawn anew').resolves.toBe(true);
    await expect(open(), 'still open').resolves.toBe(true);
    await expect(focused(p, heatmap)).resolves.toEqual({ tag: 'SELECT', label: 'heatmap of', value: options[0], it: true });
    await p.keyboard.press('Enter');
    await expect(focused(p, heatmap)).resolves.toEqual({ tag: 'SELECT', label: 'heatmap of', value: options[1], it: true });
    // Closed, it is drawn anew with the run again, focus kept; so after Escape.
    await redrawn(p, heatmap);
    await expect(focused(p, heatmap)).resolves.toEqual({ tag: 'SELECT', label: 'heatmap of', value: options[1], it: true });
    await p.click(heatmap);
    await expect(open()).resolves.toBe(true);
    await p.keyboard.press('Escape');
    await redrawn(p, heatmap);
    await expect(focused(p, heatmap)).resolves.toEqual({ tag: 'SELECT', label: 'heatmap of', value: options[1], it: true });
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.toBe('running');
    await stop(p);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('a table Chromium lets the keyboard scroll keeps keyboard focus, and where it was scrolled to, while a run redraws the results (focus went to the page’s body, the table back to its top)', async () => {
    const p = await suite.page(longRun(true));
    const table = '#panel-difference-probability .table-wrap';
    await p.waitForFunction((sel) => {
      const t = document.querySelector(sel);
      return t !== null && t.scrollHeight > t.clientHeight + 100;
    }, table, { timeout: RUN_TIMEOUT });
    const at = (sel: string) => p.evaluate((sel) => ({ it: document.activeElement === document.querySelector(sel), top: document.querySelector(sel)!.scrollTop }), sel);
    await p.evaluate((sel) => {
      const t = document.querySelector<HTMLElement>(sel)!;
      t.focus();
      t.scrollTop = 60;
    }, table);
    await redrawn(p, table);
    await expect(at(table)).resolves.toEqual({ it: true, top: 60 });
    // The keyboard scrolls it on from there.
    await p.keyboard.press('ArrowDown');
    await expect.poll(async () => (await at(table)).top).toBeGreaterThan(60);
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.toBe('running');
    await stop(p);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('a table scrolled with the mouse, not focused, stays where it was scrolled to, down and across, while a run redraws the results (it went back to its start at the next redraw: only a focused one was kept)', async () => {
    // A phone's width: the table is wider than its wrapper there, as well as taller.
    const p = await suite.page(longRun(true), { width: 360, height: 800 });
    const table = '#panel-difference-probability .table-wrap';
    await p.waitForFunction((sel) => {
      const t = document.querySelector(sel);
      return t !== null && t.scrollHeight > t.clientHeight + 100 && t.scrollWidth > t.clientWidth + 40;
    }, table, { timeout: RUN_TIMEOUT });
    const at = () => p.evaluate((sel) => {
      const t = document.querySelector(sel)!;
      return { top: t.scrollTop, left: t.scrollLeft, focused: t.contains(document.activeElement) };
    }, table);
    // The mouse wheel over it (down), and its scrollbar dragged across (a script's scroll
    // here): neither gives it focus.
    // (By coordinates: the node is drawn anew every 200ms, never "stable" for a locator; and
    // tried again where the results, growing as the run goes on, moved it from under the mouse.)
    await expect.poll(async () => {
      const box = await p.evaluate((sel) => {
        const t = document.querySelector(sel)!;
        t.scrollIntoView({ block: 'center' });
        const r = t.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }, table);
      await p.mouse.move(box.x, box.y);
      await p.mouse.wheel(0, 80);
      return (await at()).top;
    }).toBeGreaterThan(0);
    await p.evaluate((sel) => (document.querySelector(sel)!.scrollLeft = 40), table);
    // Once the wheel's scroll is over: Chromium animates it, and a turn the poll above gave
    // before it read the first one's scroll went on after "before" was read (80, then 160:
    // a flaky failure under load, not a scroll lost or gained by a redraw).
    let before = await at();
    await expect.poll(async () => {
      const last = before;
      await p.waitForTimeout(300);
      before = await at();
      return before.top === last.top && before.left === last.left;
    }).toBe(true);
    expect(before).toMatchObject({ left: 40, focused: false });
    await redrawn(p, table);
    await expect(at()).resolves.toEqual(before);
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.toBe('running');
    await stop(p);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('a distribution’s view radio buttons keep keyboard focus while a run redraws the results, and an arrow key’s choice keeps it on the view chosen (it went to the page’s body: a review)', async () => {
    const p = await suite.page(longRun(false));
    const radios = '.result .views input[type="radio"]';
    await p.waitForSelector(radios, { timeout: RUN_TIMEOUT });
    const checked = `${radios}:checked`;
    const views = await p.locator(radios).evaluateAll((rs) => rs.slice(0, 2).map((r) => [(r as HTMLInputElement).name, (r as HTMLInputElement).value]));
    expect(views.length).toBe(2);
    await p.locator(radios).first().check();
    await p.focus(checked);
    await redrawn(p, checked);
    await expect(focused(p, checked)).resolves.toEqual({ tag: 'INPUT', label: views[0]![0], value: views[0]![1], it: true });
    // ArrowRight checks the next view and draws the results anew at once: focus is on it.
    await p.keyboard.press('ArrowRight');
    await expect(focused(p, checked)).resolves.toEqual({ tag: 'INPUT', label: views[1]![0], value: views[1]![1], it: true });
    await redrawn(p, checked);
    await expect(focused(p, checked)).resolves.toEqual({ tag: 'INPUT', label: views[1]![0], value: views[1]![1], it: true });
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.toBe('running');
    await stop(p);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('each chart is named by its title, so a chart a charts list’s link took focus to is read by its name (it was an article with no name: a review)', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    const p = await suite.page(`?workers=1${encodeLink({ scenario: { ...weapons, trials: 5_000_000 } })}`);
    await p.waitForSelector('.panel-index a', { timeout: RUN_TIMEOUT });
    await stop(p);
    const titles = await p.locator('.panel h3').allTextContents();
    expect(titles.length).toBeGreaterThanOrEqual(5);
    for (const title of titles) await expect(p.getByRole('article', { name: title, exact: true }).count(), title).resolves.toBeGreaterThanOrEqual(1);
    expect(await p.getByRole('article').count()).toBe(await p.locator('.panel').count());
    // The one a charts list's link took focus to: Chromium's accessibility tree names it.
    // (Its href is the setup's link with at= the chart's id: ui/jump.ts.)
    const id = `#${new URLSearchParams((await p.locator('.panel-index a').first().getAttribute('href'))!.slice(1)).get('at')}`;
    await p.locator('.panel-index a').first().focus();
    await p.keyboard.press('Enter');
    await expect(p.evaluate(() => '#' + document.activeElement?.id)).resolves.toBe(id);
    const cdp = await p.context().newCDPSession(p);
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
    const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId!, fetchRelatives: false })) as { nodes: { role?: { value: string }; name?: { value: string } }[] };
    const node = nodes[0];
    expect({ role: node?.role?.value, name: node?.name?.value }).toEqual({ role: 'article', name: await p.locator(`${id} h3`).textContent() });
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
