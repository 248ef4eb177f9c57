/**
 * Opening a file replaces what answered the setup before it, in Chromium: a Find answer (and
 * the figures) of the setup shown stayed on the page above the refusal of a file whose
 * solve block has no name, and beside an opened results.json, as if they were that file's.
 * Each test here failed before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { encodeLink } from '../dashboard/model/url.ts';
import { runScenario, tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const CHROMIUM = await chromiumOrSkip('the dashboard opened-file end-to-end test');
const RUN_TIMEOUT = 60_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-open-', viewport: { width: 1400, height: 900 }, acceptDownloads: true, runTimeout: RUN_TIMEOUT });
const { pageErrors, finished } = suite;

const heist = (name: string, solve: Record<string, unknown>) => ({
  name, system: 'viciousness', mechanic: 'knavery', trials: 2000, seed: name,
  setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
  solve: [{ vary: 'setup.challenges', range: [0, 6], metric: 'success', target: 0.5, ...solve }],
});

describe.skipIf(!CHROMIUM)('an opened file replaces the answers of the setup before it, in Chromium', () => {
  test('two files opened one after the other: the last one opened is shown, however long the first takes to read (a dashboard audit: a big results file read last replaced the small scenario opened after it)', async () => {
    const p = await suite.page(encodeLink({ scenario: heist('First', { name: 'even heist' }) }));
    await finished(p);
    const results = JSON.stringify(runScenario({ ...heist('Big results', { name: 'x' }), solve: undefined }));
    const yaml = 'name: Small heist\nsystem: viciousness\nmechanic: knavery\ntrials: 2000\nseed: s\nsetup: { challenges: 1, participants: [{ name: crew, count: 2 }] }\n';
    await p.evaluate(([big, small]) => {
      const input = document.getElementById('file') as HTMLInputElement;
      const send = (f: File) => {
        const dt = new DataTransfer();
        dt.items.add(f);
        input.files = dt.files;
        input.dispatchEvent(new Event('change'));
      };
      // 30 MB of leading spaces: read well after the small file that follows it.
      send(new File([' '.repeat(30_000_000), big], 'big-results.json', { type: 'application/json' }));
      send(new File([small], 'small.yaml'));
    }, [results, yaml]);
    await finished(p);
    // Long enough for the big file's read to have come back.
    await p.waitForTimeout(3000);
    await expect(p.locator('#messages').textContent()).resolves.toContain('Opened small.yaml.');
    await expect(p.locator('#messages').textContent()).resolves.not.toContain('big-results.json');
    await expect(p.locator('.results').getAttribute('data-run-state')).resolves.not.toBe('file');
    await expect(p.locator('#results').textContent()).resolves.toContain('Small heist');
    // A link followed while a big file is read: the link's setup stays (a review).
    await p.evaluate(([big, link]) => {
      const input = document.getElementById('file') as HTMLInputElement;
      const dt = new DataTransfer();
      dt.items.add(new File([' '.repeat(30_000_000), big], 'big-results.json', { type: 'application/json' }));
      input.files = dt.files;
      input.dispatchEvent(new Event('change'));
      location.hash = link.slice(link.indexOf('#'));
    }, [results, encodeLink({ scenario: heist('Linked heist', { name: 'even heist' }) })]);
    await finished(p);
    await p.waitForTimeout(3000);
    await expect(p.locator('#messages').textContent()).resolves.not.toContain('big-results.json');
    await expect(p.locator('#results').textContent()).resolves.toContain('Linked heist');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a file whose Find question has no name: the old Find answer and figures go; a results file: no Find answer beside it', async () => {
    const p = await suite.page(encodeLink({ scenario: heist('Named', { name: 'even heist' }) }));
    await p.waitForSelector('.find-results[data-find-state="finished"]', { timeout: RUN_TIMEOUT });
    await finished(p);
    await expect(p.locator('.find-result h3').textContent()).resolves.toBe('Find: even heist');

    const path = join(suite.dashboard!.work, 'unnamed-find.json');
    writeFileSync(path, JSON.stringify(heist('Unnamed', {})));
    await p.setInputFiles('#file', path);
    await p.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.problem-list').textContent()).resolves.toContain('unnamed-find.json: solve.0.name: missing: expected a string');
    // Nothing of the file before: no Find answer above the refusal, no figures under it.
    await expect(p.locator('.find-results').count()).resolves.toBe(0);
    await expect(p.locator('#results .result').count()).resolves.toBe(0);
    await expect(p.locator('.results .status').textContent()).resolves.not.toContain('the results below are from the last setup that ran');
    // Named there, the file's own question is answered.
    await p.fill('[data-key="find-name"]', 'unnamed, named');
    await finished(p);
    await expect(p.locator('.find-result h3').textContent({ timeout: RUN_TIMEOUT })).resolves.toBe('Find: unnamed, named');

    // A results file opened over it: its figures, and no Find answer of the setup set aside.
    const results = (await suite.download(p, '#download-results')).path;
    expect(JSON.parse(readFileSync(results, 'utf8')).name).toBe('Unnamed');
    await p.setInputFiles('#file', results);
    await p.waitForSelector('.results[data-run-state="file"]', { timeout: RUN_TIMEOUT });
    await expect(p.locator('.find-results').count()).resolves.toBe(0);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a scenario file opened over a compare: the compare goes, and the page says so (a dashboard audit: only "Opened a2.json.")', async () => {
    const p = await suite.page(encodeLink({ scenario: heist('Compared', { name: 'even heist' }), compare: { path: 'setup.challenges', value: 3 } }));
    await finished(p);
    const file = join(tempFolder('poolsim-open-compare-'), 'plain.json');
    writeFileSync(file, JSON.stringify({ ...heist('Plain', { name: 'even heist' }), solve: undefined }));
    await suite.finishedAfter(p, () => p.setInputFiles('#file', file));
    await expect(p.locator('#messages').textContent()).resolves.toContain('Opened plain.json. Compare is off: a scenario file holds one setup, not a change for B.');
    // With no compare on, the plain message.
    await suite.finishedAfter(p, () => p.setInputFiles('#file', file));
    await expect(p.locator('#messages').textContent()).resolves.toContain('Opened plain.json.');
    await expect(p.locator('#messages').textContent()).resolves.not.toContain('Compare is off');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
