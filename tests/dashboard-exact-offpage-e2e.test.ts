/**
 * The exact values a page asks for besides a run's points, computed in the page's workers
 * too (a real Chromium, tests/browser.ts, on the built app), so the page's thread is never
 * held for long, with the CLI's bytes at the end:
 *
 * - an expect check with `decide: "exact"` over a big sweep: planning the file computed
 *   every covered point's exact values on the page's thread, on every edit, to refuse a
 *   check that could only fail (sim/scenario.ts planScenario);
 * - Find's question answered exactly: every value's exact figures were computed on the
 *   page's thread as the search was made (sim/solve/search.ts SolveSearch), "at once".
 *
 * Asserted with the browser's own measure of the page's thread ('longtask' entries) from
 * the file's opening to the finished run and answer: none longer than LONGEST_TASK_MS
 * (the rest of the page's work grows with the points too: planning and drawing a 500-point
 * sweep); the figures are then `poolsim run --json`'s and `poolsim solve --json`'s.
 * Skipped, with one line, where no browser can run (failed under CI=true).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumOrSkip } from './browser.ts';
import { dashboardSuite } from './dashboard-server.ts';
import { poolsim } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = await chromiumOrSkip('the dashboard exact-values-off-the-page test');
const TIMEOUT = 240_000;
/** The longest the page's thread may be held at once (see above). */
const LONGEST_TASK_MS = 1000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-exact-offpage-', viewport: { width: 1280, height: 900 }, acceptDownloads: true, runTimeout: TIMEOUT });

/** Start recording the page's long tasks (and whether "computing…" was said where `where` is). */
async function watch(p: Page, where: string): Promise<void> {
  await p.evaluate((where) => {
    const w = window as unknown as { __long: number[]; __computing: boolean };
    w.__long = [];
    w.__computing = false;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask' });
    new MutationObserver(() => {
      if (document.querySelector(where)?.textContent?.includes('computing…')) w.__computing = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, where);
}

async function watched(p: Page): Promise<{ longest: number; count: number; computing: boolean }> {
  // A task still running as the state turned is reported when it ends.
  await p.waitForTimeout(500);
  return p.evaluate(() => {
    const w = window as unknown as { __long: number[]; __computing: boolean };
    return { longest: Math.round(Math.max(0, ...w.__long)), count: w.__long.length, computing: w.__computing };
  });
}

/**
 * The library's Passion question on a 10-die sorcerer and Passion 1 to 20, its checks left
 * out: every value's exact figure is a larger contest's, heavy enough to hold a page.
 */
function heavyPassion(): any {
  const scenario = parseYaml(readFileSync(join(ROOT, 'scenarios', 'sorcerer-passion.yaml'), 'utf8'));
  scenario.trials = 2000;
  scenario.setup.a.dice = 10;
  scenario.solve[0].range = [1, 20];
  delete scenario.solve[0].expect;
  scenario.expect = [];
  return scenario;
}

describe.skipIf(!CHROMIUM)('exact values off the page, in Chromium', () => {
  test(`a decide: "exact" check over a 500-point sweep holds the page no longer than ${LONGEST_TASK_MS} ms, and the result is poolsim run's bytes`, async () => {
    const p = await suite.page('');
    await suite.finished(p);
    // The library's knavery calibration over challenges 0–9 × minions 0–49, its check on
    // the sixes decided on the exact values at every point.
    const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios', 'knavery-challenges.json'), 'utf8'));
    const file = join(suite.dashboard!.work, 'knavery-decide-exact.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...scenario,
        trials: 200,
        sweep: { 'setup.challenges': Array.from({ length: 10 }, (_, i) => i), 'setup.participants.1.count': Array.from({ length: 50 }, (_, i) => i) },
        expect: [{ metric: 'sixes', atLeast: 0, decide: 'exact', why: 'a count of sixes is never below 0' }],
      }),
    );
    await watch(p, '.results');
    const t0 = Date.now();
    await suite.finishedAfter(p, () => p.setInputFiles('#file', file));
    const ms = Date.now() - t0;
    const { longest, count, computing } = await watched(p);
    process.stdout.write(`decide: "exact" over 500 points: ${ms} ms, ${count} long tasks, longest ${longest} ms; "computing…" said: ${computing}\n`);
    expect(longest, `the page's longest task: ${longest} ms`).toBeLessThanOrEqual(LONGEST_TASK_MS);
    expect(computing).toBe(true);
    expect(await p.locator('.results').innerText()).not.toContain('computing…');
    const results = await suite.download(p, '#download-results');
    const cli = await poolsim('run', file, '--json');
    expect(cli.err).toBe('');
    expect(results.text).toBe(cli.out);
    await p.close();
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);

  test(`Find's two questions answered exactly over 20 values of a heavy contest holds the page no longer than ${LONGEST_TASK_MS} ms, says "computing…" meanwhile, and answers as poolsim solve does`, async () => {
    const p = await suite.page('');
    await suite.finished(p);
    // The library's Passion question, on a 10-die sorcerer and Passion 1 to 20: every
    // value's exact figure is a larger contest's.
    const scenario = heavyPassion();
    // And a second question of the same values (each search's values were computed as it was made).
    scenario.solve.push({ ...scenario.solve[0], name: 'Passion nearest an even contest', find: 'closest', target: 0.5, atLeast: undefined, label: undefined });
    const file = join(suite.dashboard!.work, 'sorcerer-passion-heavy.json');
    writeFileSync(file, JSON.stringify(scenario));
    await watch(p, '.find-results');
    await p.setInputFiles('#file', file);
    await p.waitForSelector('.find-results[data-find-state="finished"]', { timeout: TIMEOUT });
    await suite.finished(p);
    const { longest, count, computing } = await watched(p);
    process.stdout.write(`Find, exact, 20 values: ${count} long tasks, longest ${longest} ms; "computing…" said: ${computing}\n`);
    expect(longest, `the page's longest task: ${longest} ms`).toBeLessThanOrEqual(LONGEST_TASK_MS);
    expect(computing).toBe(true);
    const cli = await poolsim('solve', file, '--json');
    expect(cli.err).toBe('');
    const answers = JSON.parse(cli.out).solve as { method: string; sentence: string }[];
    expect(answers.map((a) => a.method)).toEqual(['exact', 'exact']);
    await expect(p.locator('.find-result .sentence').allTextContents()).resolves.toEqual(answers.map((a) => a.sentence));
    expect(await p.locator('.find-results').innerText()).not.toContain('computing…');
    await p.close();
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);

  test('a decide: "exact" check the workers\' values cannot meet: refused in poolsim run\'s words once they are in, the run ended, nothing said to be computing', async () => {
    const p = await suite.page('');
    await suite.finished(p);
    // Knavery plans whose participants push are computed exactly up to 100 dice: at 101
    // minions exact() leaves the success out, which only computing it says.
    const file = join(suite.dashboard!.work, 'knavery-pushing.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Pushing past the exact chain',
        system: 'viciousness',
        mechanic: 'knavery',
        trials: 2000,
        setup: { challenges: 60, push: 'ifShort', participants: [{ name: 'm', count: 100 }] },
        sweep: { 'setup.participants.0.count': [100, 101] },
        expect: [{ metric: 'success', atLeast: 0, decide: 'exact' }],
      }),
    );
    const cli = await poolsim('run', file, '--json');
    expect(cli.code).not.toBe(0);
    // The page names the file as opened, without the folder the command line was given.
    const said = cli.err.split('\n').find((line) => line.includes('expect.0.decide'))!.trim().replace(`${suite.dashboard!.work}/`, '');
    expect(said).toContain('has no exact value of success at {"setup.participants.0.count":101}');
    await p.setInputFiles('#file', file);
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: TIMEOUT });
    await expect(p.locator('.results .status .problem-list li').allTextContents()).resolves.toEqual([said]);
    expect(await p.locator('.results').innerText()).not.toContain('computing…');
    // No figures of the run refused (an opened file took away those before it).
    await expect(p.locator('.results .result').count()).resolves.toBe(0);
    await expect(p.locator('#download').getAttribute('title')).resolves.toContain('poolsim run would refuse the file');
    await p.close();
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);

  test('a decide: "exact" check not judged yet (its values computing, or a Stop before they were in): Download scenario refused, said in its title and on a click, and Find\'s answer not shown as final; once judged and passed, the file downloads and poolsim run takes it', async () => {
    const p = await suite.page('');
    await suite.finished(p);
    // The review's reproduction: knavery pushing ifShort over 90 to 101 minions, whose exact
    // values take a second or two a point, and have no exact success at 101 (poolsim run
    // refuses the file); with a Find question of its own, answered before the run's values are in.
    const pushing = (counts: number[]) => ({
      name: 'Pushing, judged exactly',
      system: 'viciousness',
      mechanic: 'knavery',
      trials: 2000,
      setup: { challenges: 60, push: 'ifShort', participants: [{ name: 'm', count: 90 }] },
      sweep: { 'setup.participants.0.count': counts },
      expect: [{ metric: 'success', atLeast: 0, decide: 'exact' }],
      solve: [{ name: 'challenges for an even chance', vary: 'setup.challenges', range: [1, 2], metric: 'success', target: 0.5, find: 'closest' }],
    });
    const refused = join(suite.dashboard!.work, 'knavery-judged-later.json');
    writeFileSync(refused, JSON.stringify(pushing(Array.from({ length: 12 }, (_, i) => 90 + i))));
    const cli = await poolsim('run', refused, '--json');
    expect(cli.code).toBe(2);
    expect(cli.err).toContain('has no exact value of success at {"setup.participants.0.count":101}');
    let downloads = 0;
    p.on('download', () => downloads++);
    const message = p.locator('#messages .message-text');
    const title = () => p.locator('#download').getAttribute('title');

    await p.setInputFiles('#file', refused);
    await p.waitForFunction(() => document.querySelector('.results')?.textContent?.includes('computing…'), undefined, { timeout: 60_000 });
    // Computing: refused, and its title says so beforehand.
    await expect(title()).resolves.toMatch(/^Not saved until the decide: "exact" check \(expect\.0\) is judged: the exact values it needs are computing…, and poolsim run refuses the file if the exact values cannot meet it$/);
    await p.click('#download');
    await expect(message.textContent()).resolves.toBe(
      'Not downloaded yet: this setup\'s decide: "exact" check (expect.0) is not judged until the exact values of the points it covers are in (they are computing…), and poolsim run refuses the file if the exact values cannot meet it. Download it once they are in.',
    );
    // Find's answer (two values, before the run's twelve): not shown as final.
    await p.waitForSelector('.find-results[data-find-state="unjudged"]', { timeout: 60_000 });
    await expect(p.locator('.find-results .find-unjudged-note').textContent()).resolves.toContain('Not final: the setup\'s decide: "exact" check (expect.0) is not judged until the run\'s exact values are in');

    // Stopped before the values were in: refused, saying how to get them.
    await p.click('.results .status button.stop');
    await p.waitForSelector('.results[data-run-state="stopped"]');
    await expect(title()).resolves.toContain('Not saved: the run was stopped before the decide: "exact" check (expect.0) was judged');
    await p.click('#download');
    await expect(message.textContent()).resolves.toBe(
      'Not downloaded: this setup\'s decide: "exact" check (expect.0) was not judged, since the run was stopped before the exact values of the points it covers were in, and poolsim run refuses the file if the exact values cannot meet it. Click Run again and let it run until they are in, then download it.',
    );
    await expect(p.locator('.find-results').getAttribute('data-find-state')).resolves.toBe('unjudged');
    await expect(p.locator('.find-results .find-unjudged-note').textContent()).resolves.toContain('the run was stopped before the run\'s exact values were in');
    await p.waitForTimeout(500);
    expect(downloads).toBe(0);

    // Run again, to the end: refused in poolsim run's words, as before today's change.
    await p.click('.results .status button.run-again');
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: TIMEOUT });
    const said = cli.err.split('\n').find((line) => line.includes('expect.0.decide'))!.trim().replace(`${suite.dashboard!.work}/`, '');
    await expect(p.locator('.results .status .problem-list li').allTextContents()).resolves.toEqual([said]);
    await expect(title()).resolves.toContain('poolsim run would refuse the file');
    await p.click('#download');
    await expect(message.textContent()).resolves.toContain('Not downloaded: poolsim run would refuse this setup');
    await expect(p.locator('.find-results').getAttribute('data-find-state')).resolves.toBe('stale');
    expect(downloads).toBe(0);

    // A sweep the values meet: once they are in and the check passes, the file downloads, as
    // poolsim run takes it, and Find's answer is final.
    const passing = join(suite.dashboard!.work, 'knavery-judged-passing.json');
    writeFileSync(passing, JSON.stringify(pushing([90, 91])));
    await p.setInputFiles('#file', passing);
    await p.waitForFunction(() => document.querySelector('.results')?.textContent?.includes('computing…'), undefined, { timeout: 60_000 });
    await expect(title()).resolves.toContain('Not saved until the decide: "exact" check (expect.0) is judged');
    await p.waitForFunction(() => document.querySelector('#download')?.getAttribute('title') === 'Save this setup as a scenario file for poolsim run', undefined, { timeout: TIMEOUT });
    await p.waitForSelector('.find-results[data-find-state="finished"]', { timeout: TIMEOUT });
    await expect(p.locator('.find-results .find-unjudged-note').count()).resolves.toBe(0);
    const saved = await suite.download(p, '#download');
    expect(JSON.parse(saved.text).sweep).toEqual({ 'setup.participants.0.count': [90, 91] });
    await suite.finished(p);
    const run = await poolsim('run', saved.path, '--json');
    // (It says only that its solve block is poolsim solve's to answer.)
    expect(run.err).not.toContain('expect.0');
    expect(run.code).toBe(0);
    await p.close();
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);

  test('Compare\'s B with a decide: "exact" check not judged yet: Download B refused as Download scenario is, and saved once it passes', async () => {
    const scenario = {
      name: 'Pushing, B judged exactly',
      system: 'viciousness',
      mechanic: 'knavery',
      trials: 2000,
      setup: { challenges: 60, push: 'ifShort', participants: [{ name: 'm', count: 90 }] },
      sweep: { 'setup.participants.0.count': [90, 91, 92, 93] },
      expect: [{ metric: 'success', atLeast: 0, decide: 'exact' }],
    };
    const p = await suite.page('');
    await suite.finished(p);
    const file = join(suite.dashboard!.work, 'knavery-b-judged-later.json');
    writeFileSync(file, JSON.stringify(scenario));
    await p.setInputFiles('#file', file);
    // Read asynchronously: a preset clicked before it opens is the page's own heist's, and the
    // opening then turns Compare off.
    await expect.poll(() => p.locator('#messages').textContent(), { timeout: 30_000 }).toContain('Opened knavery-b-judged-later.json.');
    await p.click('button.preset:text("one more challenge?")');
    let downloads = 0;
    p.on('download', () => downloads++);
    await p.waitForFunction(() => document.querySelector('.results')?.textContent?.includes('computing…'), undefined, { timeout: 60_000 });
    await p.click('#download-b');
    await expect(p.locator('#messages .message-text').textContent()).resolves.toMatch(/^Not downloaded yet: B's decide: "exact" check \(expect\.0\) is not judged until the exact values of the points it covers are in/);
    await p.waitForTimeout(500);
    expect(downloads).toBe(0);
    await suite.finished(p);
    const saved = await suite.download(p, '#download-b');
    expect(JSON.parse(saved.text).setup.challenges).toBe(61);
    await p.close();
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);

  test('Find edited, or stopped, while the workers compute its exact figures: "Not computed", never a stale "computing…"', async () => {
    const p = await suite.page('');
    await suite.finished(p);
    const scenario = heavyPassion();
    const file = join(suite.dashboard!.work, 'sorcerer-passion-edited.json');
    writeFileSync(file, JSON.stringify(scenario));
    await p.setInputFiles('#file', file);
    await p.waitForSelector('.find-results .exact-pending', { timeout: 60_000 });
    // An edit the setup cannot run: the answer kept, marked stale, its figures not computed.
    await p.fill('[data-path="trials"] input', 'abc');
    await p.waitForSelector('.results[data-run-state="invalid"]');
    await p.waitForTimeout(1500);
    const find = await p.locator('.find-results').innerText();
    expect(find).not.toContain('computing…');
    expect(find).toContain('Not computed: Find ended before the exact figures of its 20 values were in');
    expect(await p.locator('.find-results').getAttribute('data-find-state')).toBe('stale');
    // Stopped, at trials enough that the run is still going: the same.
    await p.fill('[data-path="trials"] input', '1000000');
    await p.waitForSelector('.find-results .exact-pending', { timeout: 60_000 });
    await p.click('.results .status button.stop');
    await p.waitForSelector('.results[data-run-state="stopped"]');
    await p.waitForTimeout(1500);
    const stopped = await p.locator('.find-results').innerText();
    expect(stopped).not.toContain('computing…');
    expect(stopped).toContain('Find was stopped before its answer was in');
    expect(stopped).toContain('Not computed: Find ended before the exact figures of its 20 values were in');
    await p.close();
    expect(suite.pageErrors).toEqual([]);
  }, TIMEOUT);
});
