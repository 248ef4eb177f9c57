/**
 * Download scenario of a YAML file opened on the page, in Chromium (dashboard audit): the
 * file comes back as YAML under its own name, with its comments, reads as exactly the
 * page's scenario, and `poolsim run` on it gives the page's results byte for byte. It came
 * back as JSON named after the scenario ("…-for-one-roll-.json"), every comment gone.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { poolsim } from './helpers.ts';
import { decodeLink } from '../dashboard/model/url.ts';
import { parseScenarioText } from '../sim/scenarioText.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard YAML download end-to-end test');
const RUN_TIMEOUT = 90_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-yaml-', viewport: { width: 1400, height: 900 }, acceptDownloads: true, runTimeout: RUN_TIMEOUT });
const { pageErrors, finished } = suite;
const AMBUSH = resolve(import.meta.dirname, '..', 'scenarios', 'vdp-combat-ambush.yaml');
const FAIR_FIGHT = resolve(import.meta.dirname, '..', 'scenarios', 'solve-fair-fight.yaml');
const field = (path: string) => `[data-path="${path}"] > input`;

/** The scenario the page's address encodes (the page's own). */
function linkedScenario(p: Page): Record<string, unknown> {
  const linked = decodeLink(new URL(p.url()).hash);
  if (!linked || 'problem' in linked) throw new Error(`no setup in the page's address: ${JSON.stringify(linked)}`);
  return linked.scenario;
}

describe.skipIf(!CHROMIUM)('a YAML file downloads as itself, in Chromium', () => {
  test('vdp-combat-ambush.yaml, edited: YAML under its name, its comments there, the page’s scenario exactly, poolsim run’s results byte for byte', async () => {
    const p = await suite.page('');
    await finished(p);
    await p.setInputFiles('#file', AMBUSH);
    await p.waitForSelector('[data-path="setup.characters.0"]');
    await p.fill(field('trials'), '1500');
    await p.fill(field('setup.characters.0.fortitude'), '3');
    await finished(p);
    const scenario = await suite.download(p, '#download');
    expect(scenario.name).toBe('vdp-combat-ambush.yaml');
    for (const comment of readFileSync(AMBUSH, 'utf8').split('\n').filter((l) => l.trim().startsWith('#'))) {
      expect(scenario.text).toContain(comment.trim());
    }
    // The page's scenario is the one its address encodes.
    const linked = decodeLink(new URL(p.url()).hash);
    if (!linked || 'problem' in linked) throw new Error(`no setup in the page's address: ${JSON.stringify(linked)}`);
    expect(JSON.stringify(parseScenarioText(scenario.text, scenario.name))).toBe(JSON.stringify(linked.scenario));
    expect(linked.scenario.trials).toBe(1500);
    const results = await suite.download(p, '#download-results');
    const cli = await poolsim('run', scenario.path, '--json');
    // Fortitude 3 fails the file's checks at 1,500 trials: `run --json` says which on stderr
    // (exit 1), and nothing else.
    expect(cli.err.replace(/^poolsim: \d+ check\(s\) failed:\n(?: {2}.*\n)*/, '')).toBe('');
    expect(results.text).toBe(cli.out);
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('solve-fair-fight.yaml, switched to a clash and back: its Find question is back, and Download still saves it as that YAML file, question included', async () => {
    // The switch to a clash left the question out (said), and the switch back did not bring
    // it back; Download then saved JSON named after the scenario, without a word.
    const p = await suite.page('');
    await finished(p);
    await p.setInputFiles('#file', FAIR_FIGHT);
    await p.waitForSelector('[data-path="solve.0.name"]');
    await p.selectOption('[data-key="mechanic"]', 'viciousness/clash');
    await p.waitForSelector('[data-path="solve.0.name"]', { state: 'detached' });
    // A clash, downloaded: still the opened file, as YAML, reading as the page's scenario.
    const clash = await suite.download(p, '#download');
    expect(clash.name).toBe('solve-fair-fight.yaml');
    expect(JSON.stringify(parseScenarioText(clash.text, clash.name))).toBe(JSON.stringify(linkedScenario(p)));
    await p.selectOption('[data-key="mechanic"]', 'viciousness/battle');
    await expect(p.inputValue('[data-path="solve.0.name"] > input')).resolves.toBe('fair fight');
    await expect(p.locator('#messages').textContent()).resolves.toContain('fair fight');
    const scenario = await suite.download(p, '#download');
    expect(scenario.name).toBe('solve-fair-fight.yaml');
    const saved = parseScenarioText(scenario.text, scenario.name) as Record<string, unknown>;
    expect(JSON.stringify(saved)).toBe(JSON.stringify(linkedScenario(p)));
    expect(saved.solve).toEqual((parseScenarioText(readFileSync(FAIR_FIGHT, "utf8"), "solve-fair-fight.yaml") as Record<string, unknown>).solve);
    expect(scenario.text).toContain('# How many guards make a fair fight');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
