/**
 * What the dashboard cannot honour it refuses with a message, in Chromium (a dashboard
 * audit, December 2026): each test here failed before its fix, where the page did
 * something else without a word (a Compare of B as A, a scenario file `poolsim run`
 * rejects).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { encodeLink } from '../dashboard/model/url.ts';
import { defaultScenario } from '../dashboard/model/scenario.ts';
import { runScenario } from './helpers.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard refusals end-to-end test');
const RUN_TIMEOUT = 90_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-refusals-', viewport: { width: 1400, height: 900 }, acceptDownloads: true, runTimeout: RUN_TIMEOUT });
const { pageErrors, finished } = suite;
const field = (path: string) => `[data-path="${path}"] > input`;

describe.skipIf(!CHROMIUM)('refused with a message, in Chromium', () => {
  test('Compare: B typed as the default of a field A leaves out is refused, not run as "from the default (1) to 1"', async () => {
    const p = await suite.page('');
    await p.fill(field('trials'), '2000');
    await finished(p);
    await p.check('[data-key="compare"]');
    await finished(p);
    await p.selectOption('select[data-key="compare-path"]', 'setup.participants.0.count');
    await p.fill('.compare-row input', '1');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.compare-row').textContent()).resolves.toContain('B is A unchanged');
    await expect(p.locator('.compare-row > .problems').textContent()).resolves.toContain('B changes “captain › how many” to 1, the default A leaves it at: B changes nothing');
    // What is still shown is the last valid Compare's (B = 2), marked stale; never B = 1's.
    await p.waitForTimeout(1500);
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.toBe('invalid');
    await expect(p.locator('#results').textContent()).resolves.not.toContain('from the default (1) to 1');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('Compare: B’s sweep shifted past what a field takes is said as that, in the form’s words (it read “B: sweep.setup.challenges: … got -1”: a dashboard audit)', async () => {
    const p = await suite.page('');
    await p.fill(field('trials'), '2000');
    await finished(p);
    await p.click('button.preset:text("challenges 1 to 8")');
    await finished(p);
    await p.click('button.preset:text("one more challenge?")');
    await finished(p);
    // B at 1 challenge against A's 3: B's sweep is A's shifted by −2, from −1.
    await p.fill('.compare-row input', '1');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    const said = await p.locator('.compare-row > .problems').textContent();
    expect(said).toContain('B: the Vary values of “challenges”, A\'s shifted by −2 for B\'s change (-1, 0, 1, 2, 3, 4, 5, 6): expected a number ≥ 0, got -1');
    expect(said).not.toContain('sweep.setup');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('Download B of a B poolsim run refuses is refused with its reason, not saved (a review: B was saved whatever B\'s own problems)', async () => {
    const p = await suite.page('');
    await p.fill(field('trials'), '2000');
    await finished(p);
    await p.check('[data-key="compare"]');
    await finished(p);
    // A count past the most a participant may be (1,000), which poolsim run refuses.
    await p.selectOption('select[data-key="compare-path"]', 'setup.participants.0.count');
    await p.fill('.compare-row input', '100000');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    let downloads = 0;
    p.on('download', () => downloads++);
    await p.click('#download-b');
    await expect(p.locator('#messages .message-text').textContent()).resolves.toMatch(/^B not downloaded: poolsim run would refuse B \(.+\)\. Fix the change marked in the Compare row, then download it\.$/);
    // A mistake of A's is B's too: it is fixed in the form, not in the Compare row.
    await p.fill('.compare-row input', '2');
    await p.fill(field('trials'), 'abc');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await p.click('#download-b');
    await expect(p.locator('#messages .message-text').textContent()).resolves.toBe('B not downloaded: poolsim run would refuse B, as it would A: fix what is marked in the form first, then download it.');
    await p.waitForTimeout(500);
    expect(downloads).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('the trials box takes "100,000", as the status writes it, and runs that many', async () => {
    const p = await suite.page('');
    await finished(p);
    await p.fill(field('trials'), '2,000');
    await finished(p);
    await expect(p.locator('.results .status').first().textContent()).resolves.toContain('Done: 2,000 trials per point');
    await expect(p.locator('[data-path="trials"]').getAttribute('class')).resolves.not.toContain('invalid');
    // A comma that is no thousands separator is refused, not read some other way.
    await p.fill(field('trials'), '2,5');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('[data-path="trials"] > .problems').textContent()).resolves.toContain('got "2,5"');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('Download scenario with a mistake in the setup saves nothing and says why; its title says so beforehand', async () => {
    const p = await suite.page('');
    await finished(p);
    await expect(p.getAttribute('#download', 'title')).resolves.toBe('Save this setup as a scenario file for poolsim run');
    let downloads = 0;
    p.on('download', () => downloads++);
    await p.fill(field('setup.challenges'), 'x');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await expect(p.getAttribute('#download', 'title')).resolves.toMatch(/^The setup has a mistake/);
    await p.click('#download');
    const message = p.locator('#messages .message.problem');
    await expect(message.textContent()).resolves.toMatch(/^Not downloaded: poolsim run would refuse this setup \(.*challenges.*\)\. Fix what is marked in the form, then download it\./);
    await p.waitForTimeout(500);
    expect(downloads).toBe(0);
    // Fixed, it downloads again.
    await p.fill(field('setup.challenges'), '2');
    await finished(p);
    const file = await suite.download(p, '#download');
    expect(JSON.parse(file.text).setup.challenges).toBe(2);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a file whose system has no such mechanic says so, with the mechanics there are ("not in this build", "no form in the dashboard yet")', async () => {
    const p = await suite.page('');
    await finished(p);
    const path = join(suite.dashboard!.work, 'wrong-mechanic.json');
    writeFileSync(path, JSON.stringify({ name: 'wrong system', system: 'vdp', mechanic: 'knavery', setup: { challenges: 3 } }));
    await p.setInputFiles('#file', path);
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    const picked = await p.locator('select[data-key="mechanic"] option:checked').textContent();
    // Said once, not "vdp knavery: vdp has no mechanic …" (a review).
    expect(picked).toMatch(/^vdp has no mechanic "knavery": its mechanics are check, .*risky/);
    const help = await p.locator('section.form > p.help').textContent();
    expect(help).toContain('vdp has no mechanic "knavery": its mechanics are check');
    expect(help).not.toContain('no form in the dashboard yet');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('removing the participant the Compare changes says what was left out in the form’s words, not "setup.participants.1.count"', async () => {
    const p = await suite.page('');
    await p.fill(field('trials'), '2000');
    await finished(p);
    await p.check('[data-key="compare"]');
    await p.selectOption('select[data-key="compare-path"]', 'setup.participants.1.count');
    await finished(p);
    await p.click('[data-path="setup.participants.1"] > .item-head > button.remove');
    const message = p.locator('#messages .message-text');
    await expect.poll(() => message.textContent()).toContain('the Compare change of “minion › how many”: left out, as it was about the participant "minion" removed');
    await expect(message.textContent()).resolves.not.toContain('setup.participants');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('?workers=abc in the address is said, not ignored', async () => {
    const p = await suite.page('?workers=abc');
    await finished(p);
    await expect(p.locator('#messages .message.problem').textContent()).resolves.toContain('?workers=abc in the address is not a number of workers (a whole number from 1), so it is not used');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('?worker=2 (a typo of ?workers=2) is said, with what it most likely meant, not run as the default without a word', async () => {
    const p = await suite.page('?worker=2');
    await finished(p);
    await expect(p.locator('#messages .message.problem').textContent()).resolves.toContain('?worker=2 in the address is not a setting the page knows, so it is ignored (did you mean ?workers=2?): the page knows only ?workers= (how many workers run the trials).');
    // Beside a link's setup too, which still opens.
    const q = await suite.page(`?worker=2${encodeLink({ scenario: { ...defaultScenario(), name: 'typo heist', trials: 2000 } })}`);
    await finished(q);
    await expect(q.locator('#messages .message.problem').textContent()).resolves.toContain('?worker=2 in the address is not a setting the page knows');
    await expect(q.locator('#messages').textContent()).resolves.not.toContain('could not be read');
    expect(pageErrors).toEqual([]);
  }, 120_000);
  test('the summary bar’s “results ↓” scrolls there, leaving the setup’s link in the address (it put “#results” there: a reload, or Copy link, gave the default scenario without a word)', async () => {
    const p = await suite.page('', { width: 400, height: 800 });
    await p.fill(field('trials'), '2000');
    await p.fill(field('setup.challenges'), '5');
    await finished(p);
    const link = await p.evaluate(() => location.hash);
    expect(link).toMatch(/^#s=/);
    await p.click('#summary a:text("results ↓")');
    await expect(p.evaluate(() => location.hash)).resolves.toBe(link);
    await expect.poll(() => p.evaluate(() => document.getElementById('results')!.getBoundingClientRect().top), { timeout: 5000 }).toBeLessThan(100);
    // Opened at that address, it is this setup (5 challenges), not the default (3).
    const again = await suite.page(link);
    await finished(again);
    await expect(again.inputValue(field('setup.challenges'))).resolves.toBe('5');
    // And whatever else changed the address, Copy link copies this setup's link.
    await p.evaluate(() => history.replaceState(null, '', '#results'));
    await p.click('#copy-link');
    await expect(p.evaluate(() => location.hash)).resolves.toBe(link);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('the summary bar’s “results ↓” and “setup ↓” take keyboard focus there, as the anchors did (Enter then Tab went on to “setup ↓” in the bar: a review), and a Ctrl-click is the browser’s', async () => {
    const p = await suite.page(encodeLink({ scenario: { ...defaultScenario(), name: 'focus heist', trials: 2000 } }), { width: 400, height: 800 });
    await finished(p);
    const link = await p.evaluate(() => location.hash);
    await p.focus('#summary a:text("results ↓")');
    await p.keyboard.press('Enter');
    await expect(p.evaluate(() => document.activeElement?.id)).resolves.toBe('results');
    await p.keyboard.press('Tab');
    await expect(p.evaluate(() => document.activeElement?.closest('#results') !== null)).resolves.toBe(true);
    await p.focus('#summary a:text("setup ↓")');
    await p.keyboard.press('Enter');
    await expect(p.evaluate(() => document.activeElement?.id)).resolves.toBe('setup');
    await expect(p.evaluate(() => location.hash)).resolves.toBe(link);
    // A click with Ctrl, Shift or ⌘ (a new tab or window, at the link's address: this setup
    // and at=results, the test below) is left to the browser, not taken for a scroll of this
    // page. Seen on the event, the new tab itself not opened:
    // a second page running the default scenario crashed the packaged Chromium under load.
    const leftToBrowser = (modifiers: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean }) =>
      p.evaluate((m) => {
        const a = [...document.querySelectorAll('#summary a')].find((x) => x.textContent === 'results ↓')!;
        let left = false;
        const after = (e: Event) => ((left = !e.defaultPrevented), e.preventDefault());
        window.addEventListener('click', after, { once: true });
        a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...m }));
        return left;
      }, modifiers);
    await expect(leftToBrowser({})).resolves.toBe(false);
    for (const m of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) await expect(leftToBrowser(m), JSON.stringify(m)).resolves.toBe(true);
    await expect(p.evaluate(() => location.hash)).resolves.toBe(link);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('the summary bar’s “results ↓” brings the results’ top clear of the bar, however tall its figures make it (140px on a phone, against a fixed 48px margin: a review)', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    const p = await suite.page(encodeLink({ scenario: { ...weapons, trials: 2000 } }), { width: 360, height: 800 });
    await finished(p);
    for (const [link, part] of [['results ↓', 'results'], ['setup ↓', 'setup']]) {
      await p.click(`#summary a:text("${link}")`);
      const [bar, top] = await p.evaluate((id) => [document.getElementById('summary')!.getBoundingClientRect().bottom, document.getElementById(id)!.getBoundingClientRect().top], part);
      expect(bar, part).toBeGreaterThan(100); // the tall bar the test is about
      expect(top, part).toBeGreaterThanOrEqual(bar);
    }
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('the charts list’s links are the summary bar’s: the chart clear of the bar, keyboard focus there, the setup’s link left in the address (Enter left the chart’s top 141px under the bar on a phone, focus in the list, and Tab went on to the next chart’s link: a review)', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    const p = await suite.page(encodeLink({ scenario: { ...weapons, trials: 2000 } }), { width: 360, height: 800 });
    await finished(p);
    const link = await p.evaluate(() => location.hash);
    const id = 'panel-r0-over-injured';
    await p.focus(`.panel-index a[href$="&at=${id}"]`);
    await p.keyboard.press('Enter');
    await expect(p.evaluate(() => document.activeElement?.id)).resolves.toBe(id);
    // A smooth scroll: once it is over, the chart's top is just below the bar (three figures
    // with their intervals, over 100px high), not under it.
    const clear = () => p.evaluate((id) => [document.getElementById('summary')!.getBoundingClientRect().bottom, document.getElementById(id)!.getBoundingClientRect().top], id);
    await expect.poll(async () => { const [bar, top] = await clear(); return top! >= bar! && top! <= bar! + 16; }, { timeout: 5000 }).toBe(true);
    expect((await clear())[0]).toBeGreaterThan(100);
    // Tab goes on from the chart, not to the next link in the list.
    await p.keyboard.press('Tab');
    await expect(p.evaluate((id) => {
      const at = document.activeElement!;
      return { inList: at.closest('.panel-index') !== null, after: (document.getElementById(id)!.compareDocumentPosition(at) & (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY)) !== 0 };
    }, id)).resolves.toEqual({ inList: false, after: true });
    await expect(p.evaluate(() => location.hash)).resolves.toBe(link);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a Ctrl-, ⌘- or Shift-click on a charts list’s link is the browser’s (a new tab or window), not a scroll of this page (the page scrolled to the chart and cancelled the tab: a review); a middle click is the browser’s too', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    const p = await suite.page(encodeLink({ scenario: { ...weapons, trials: 2000 } }), { width: 360, height: 800 });
    await finished(p);
    const toc = p.locator('.panel-index a[href$="&at=panel-r0-over-injured"]');
    // Real clicks, each seen at the window after the page's own handler: left to the browser
    // or not; then stopped there, so no second page opens (a second page running the default
    // scenario crashed the packaged Chromium under load: the summary bar's test above).
    await p.evaluate(() => {
      const w = window as unknown as { clicks: string[] };
      w.clicks = [];
      for (const type of ['click', 'auxclick']) {
        window.addEventListener(type, (e) => {
          if (!(e.target as Element).closest('.panel-index')) return;
          w.clicks.push(`${type} ${(e as MouseEvent).button}: ${e.defaultPrevented ? 'the page’s' : 'the browser’s'}`);
          e.preventDefault();
        });
      }
    });
    const clicks: [string, Parameters<typeof toc.click>[0]][] = [['Ctrl', { modifiers: ['Control'] }], ['⌘', { modifiers: ['Meta'] }], ['Shift', { modifiers: ['Shift'] }], ['middle', { button: 'middle' }]];
    for (const [what, options] of clicks) {
      await toc.scrollIntoViewIfNeeded();
      const y = await p.evaluate(() => scrollY);
      await toc.click(options);
      await p.waitForTimeout(600); // a smooth scroll would be well under way
      await expect(p.evaluate(() => scrollY), what).resolves.toBe(y);
    }
    // A plain click is still the page's: the same listener sees it taken.
    await toc.click();
    await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('panel-r0-over-injured');
    await expect(p.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).resolves.toEqual(['click 0: the browser’s', 'click 0: the browser’s', 'click 0: the browser’s', 'auxclick 1: the browser’s', 'click 0: the page’s']);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a summary bar’s or charts list’s link opened in a new tab opens this setup there, at its part (it opened "#results", which holds no setup: the new tab said so and showed the default scenario); a part the results do not have is said', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    const p = await suite.page(encodeLink({ scenario: { ...weapons, name: 'new tab heist', trials: 2000 } }), { width: 360, height: 800 });
    await finished(p);
    const link = await p.evaluate(() => location.hash);
    const hrefs = {
      results: await p.locator('#summary a:text("results ↓")').getAttribute('href'),
      'panel-r0-over-lasting': await p.locator('.panel-index a').filter({ hasText: await p.locator('#panel-r0-over-lasting h3').textContent() ?? '' }).first().getAttribute('href'),
    };
    await p.close();
    for (const [id, href] of Object.entries(hrefs)) {
      // What the browser's new tab opens: the page at the link's address.
      const tab = await suite.page(href!, { width: 360, height: 800 });
      await finished(tab);
      await expect(tab.locator('#messages').textContent(), id).resolves.toBe('');
      await expect(tab.inputValue(field('name')), id).resolves.toBe('new tab heist');
      await expect(tab.inputValue(field('trials')), id).resolves.toBe('2000');
      // At its part, clear of the summary bar, with keyboard focus there, as the link's click gives.
      await expect.poll(() => tab.evaluate((id) => document.activeElement?.id, id), { message: id }).toBe(id);
      const [bar, top] = await tab.evaluate((id) => [document.getElementById('summary')!.getBoundingClientRect().bottom, document.getElementById(id)!.getBoundingClientRect().top], id);
      expect(top, id).toBeGreaterThanOrEqual(bar!);
      expect(top, id).toBeLessThanOrEqual(bar! + 16);
      // The address is the setup's link again (Copy link's), the part gone to.
      await expect(tab.evaluate(() => location.hash), id).resolves.toBe(link);
      await tab.close();
      // That address: this setup's, with at= the part.
      expect(href, id).toBe(`${link}&at=${id}`);
    }
    // A part these results do not have (a mistyped id, a chart of another setup) is said.
    const lost = await suite.page(`${link}&at=panel-no-such-chart`, { width: 360, height: 800 });
    await finished(lost);
    await expect(lost.locator('#messages .message.problem').textContent()).resolves.toContain('This link goes to “panel-no-such-chart” (at=panel-no-such-chart), which these results do not have');
    // Among a results file's results the links carry no setup: the address holds the one set
    // aside, not the file, which no link can hold.
    await lost.setInputFiles('#file', { name: 'results.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(runScenario({ ...weapons, trials: 500 }))) });
    await lost.waitForSelector('.results[data-run-state="file"] .panel-index a');
    for (const link of ['#summary a:text("results ↓")', '.panel-index a >> nth=0']) {
      await lost.focus(link);
      await expect(lost.locator(link).getAttribute('href'), link).resolves.toMatch(/^#(results|panel-[^&=]*)$/);
    }
    await lost.close();
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('a chart a charts list’s link took keyboard focus to keeps it while the run redraws the results, and so does the link itself (focus went to the page’s body at the next redraw, Tab to the Stop button at the results’ top: a review)', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    // A run long enough to redraw many times (every 200ms) while the test looks; stopped at the end.
    const p = await suite.page(`?workers=1${encodeLink({ scenario: { ...weapons, trials: 5_000_000 } })}`, { width: 360, height: 800 });
    await p.waitForSelector('.panel-index a[href$="&at=panel-r0-over-lasting"]', { timeout: RUN_TIMEOUT });
    const id = 'panel-r0-over-lasting';
    // Each check waits for the node it looks at to be drawn anew, so a run over too soon
    // fails here rather than passing unredrawn.
    const redrawn = async (selector: string) => {
      await p.evaluate((sel) => ((window as unknown as { before: Element | null }).before = document.querySelector(sel)), selector);
      await expect.poll(() => p.evaluate((sel) => document.querySelector(sel) !== (window as unknown as { before: Element | null }).before, selector), { timeout: 10_000 }).toBe(true);
    };
    await p.focus(`.panel-index a[href$="&at=${id}"]`);
    await redrawn(`.panel-index a[href$="&at=${id}"]`);
    await expect(p.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toMatch(new RegExp(`^#s=.*&at=${id}$`));
    await p.keyboard.press('Enter');
    await expect(p.evaluate(() => document.activeElement?.id)).resolves.toBe(id);
    await redrawn(`#${id}`);
    await expect(p.evaluate(() => document.activeElement?.id)).resolves.toBe(id);
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.toBe('running');
    // Tab goes on from the chart, not to the Stop button at the results' top.
    await p.keyboard.press('Tab');
    await expect(p.evaluate((id) => {
      const at = document.activeElement!;
      return { stop: at.closest('.status') !== null, after: (document.getElementById(id)!.compareDocumentPosition(at) & (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY)) !== 0 };
    }, id)).resolves.toEqual({ stop: false, after: true });
    // The summary bar's "setup ↓", drawn anew with the bar, keeps it too.
    await p.focus('#summary a[href$="&at=setup"]');
    await redrawn('#summary a[href$="&at=setup"]');
    await expect(p.evaluate(() => document.activeElement?.closest('#summary') !== null && document.activeElement?.getAttribute('href'))).resolves.toMatch(/^#s=.*&at=setup$/);
    await p.click('.status button:text("Stop")');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('with prefers-reduced-motion, a charts list’s link goes to its chart at once, not in a smooth scroll (Chromium animated it all the same: a review)', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    const p = await suite.page(encodeLink({ scenario: { ...weapons, trials: 2000 } }), { width: 360, height: 800 });
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await finished(p);
    const id = '#panel-r0-over-injured';
    await p.evaluate(() => scrollTo(0, 0));
    // Two frames after the click the chart is where it goes, just below the bar (a smooth
    // scroll had gone some 12px of a few thousand by then).
    const where = await p.evaluate(async (href) => {
      (document.querySelector(`.panel-index a[href$="&at=${href!.slice(1)}"]`) as HTMLElement).click();
      for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
      return [document.getElementById('summary')!.getBoundingClientRect().bottom, document.querySelector(href!)!.getBoundingClientRect().top];
    }, id);
    expect(where[1]).toBeGreaterThanOrEqual(where[0]!);
    expect(where[1]).toBeLessThanOrEqual(where[0]! + 16);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a charts list’s link on a screen widened since it was last followed takes its chart to the results’ top, the narrow screen’s margin for the bar gone with the bar (it stopped 149px below it: a review)', async () => {
    const weapons = JSON.parse(readFileSync('scenarios/sorcerer-conflict-weapons.json', 'utf8'));
    const p = await suite.page(encodeLink({ scenario: { ...weapons, trials: 2000 } }), { width: 360, height: 800 });
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await finished(p);
    const id = 'panel-r0-over-injured';
    await p.click(`.panel-index a[href$="&at=${id}"]`);
    await p.setViewportSize({ width: 1400, height: 900 });
    await p.evaluate(() => (document.getElementById('results')!.scrollTop = 0));
    await p.click(`.panel-index a[href$="&at=${id}"]`);
    const [bar, results, panel] = await p.evaluate((id) => [document.getElementById('summary')!.getBoundingClientRect().height, document.getElementById('results')!.getBoundingClientRect().top, document.getElementById(id)!.getBoundingClientRect().top], id);
    expect(bar).toBe(0);
    expect(panel! - results!).toBeLessThanOrEqual(16);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('Copy link copies the setup and its Compare, not this browser’s ?workers= nor a parameter the page does not read, and says so (it copied the whole address: the one who opened it ran the sender’s worker count, or was told of the sender’s typo: a review)', async () => {
    const hash = encodeLink({ scenario: { ...defaultScenario(), name: 'copied heist', trials: 2000 }, compare: { path: 'setup.challenges', value: 4 } });
    const p = await suite.page(`?workers=2&worker=3${hash}`);
    await finished(p);
    const copied = () => p.evaluate(() => (window as unknown as { copied?: string }).copied);
    await p.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => void ((window as unknown as { copied: string }).copied = text);
    });
    await p.click('#copy-link');
    await expect.poll(copied).toBe(`${suite.dashboard!.url}${hash}`);
    const said = p.locator('#messages .message-text');
    await expect(said.textContent()).resolves.toBe("Link copied: it opens this setup and its Compare. Left out of it: ?workers=2, a setting of this browser's (whoever opens the link runs one per core of their own, 16 at most, or their own ?workers=); ?worker=3, not a setting the page knows.");
    // This page keeps its own address, ?workers=2 and all.
    await expect(p.evaluate(() => location.search)).resolves.toBe('?workers=2&worker=3');
    // Where the clipboard refuses, the link shown to copy by hand is the same.
    await p.evaluate(() => {
      navigator.clipboard.writeText = async () => {
        throw new Error('denied');
      };
    });
    await p.click('#copy-link');
    await expect.poll(() => said.textContent()).toBe(`Copy this link to share this setup and its Compare: ${suite.dashboard!.url}${hash}\nLeft out of it: ?workers=2, a setting of this browser's (whoever opens the link runs one per core of their own, 16 at most, or their own ?workers=); ?worker=3, not a setting the page knows.`);
    // With no query, nothing is said of one.
    const q = await suite.page(encodeLink({ scenario: { ...defaultScenario(), name: 'plain heist', trials: 2000 } }));
    await finished(q);
    await q.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => void ((window as unknown as { copied: string }).copied = text);
    });
    await q.click('#copy-link');
    await expect(q.locator('#messages .message-text').textContent()).resolves.toBe('Link copied: it opens this setup.');
    await expect(q.evaluate(() => (window as unknown as { copied?: string }).copied)).resolves.toBe(q.url());
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a blank item in a Vary row is refused at the row, saying which ("1, , 3" ran 1 and 3 without a word)', async () => {
    const p = await suite.page('');
    await finished(p);
    await p.click('text=+ vary something');
    const row = p.locator('.sweep-row').nth(0);
    await row.locator('input[data-key=sweep-values]').fill('1, , 3');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await expect(row.locator('.problems').textContent()).resolves.toContain('item 2 of 3 is blank (nothing between its commas, or after the last): type a value there, or take its comma out');
    await row.locator('input[data-key=sweep-values]').fill('1, 3');
    await finished(p);
    const points = await p.evaluate(() => [...document.querySelectorAll('.result .varying li')].map((li) => li.textContent));
    expect(points.join(' ')).toMatch(/1, 3/);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('dice typed in capitals in a Vary row are said to be read in lower case ("D6" became "d6" without a word)', async () => {
    const p = await suite.page('');
    await finished(p);
    await p.click('text=+ vary something');
    await p.selectOption('.sweep-row select[data-key="sweep-path"]', 'setup.participants.0.dice');
    const row = p.locator('[data-path="sweep.setup.participants.0.dice"]');
    await row.waitFor();
    await expect(row.locator('.sweep-read').isHidden()).resolves.toBe(true);
    await row.locator('input[data-key=sweep-values]').fill('D4, d6');
    await expect(row.locator('.sweep-read').textContent()).resolves.toBe('Read “D4” as “d4”: dice are written in lower case, as the file has them.');
    await finished(p);
    await expect(row.locator('.problems').textContent()).resolves.toBe('');
    await row.locator('input[data-key=sweep-values]').fill('d4, d6');
    await expect(row.locator('.sweep-read').isHidden()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
