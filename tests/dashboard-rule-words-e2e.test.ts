/**
 * A rule reads in one set of words across the dashboard, in Chromium: its Vary row ticks the
 * values by the words its select shows ("every side, as written" has a comma of its own, and
 * the comma-separated row took it as two values, neither the rule's), and a note or a
 * refusal that names a rule (`rules.equipment "everySide"`, `"ownTurn" says …`) names it as
 * that select does, the CLI's text kept in the title. The file, the result JSON and what
 * `poolsim run` prints keep the values the engine reads. Each test here failed before.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { poolsim } from './helpers.ts';
import { encodeLink } from '../dashboard/model/url.ts';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

const CHROMIUM = await chromiumOrSkip('the dashboard rule words end-to-end test');
const RUN_TIMEOUT = 60_000;
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-words-', viewport: { width: 1400, height: 900 }, acceptDownloads: true, runTimeout: RUN_TIMEOUT });
const { pageErrors, finished, download } = suite;

const open = (scenario: Record<string, unknown>): Promise<Page> => suite.page(encodeLink({ scenario }));

/** A clash whose crew has more equipment dice than the guards: only the crew's roll, by default. */
const clash = (extra: Record<string, unknown>) => ({
  name: 'Equipped', system: 'viciousness', mechanic: 'clash', trials: 2000, seed: 'equipped',
  setup: { sides: [{ name: 'crew', combatants: [{ name: 'captain' }, { name: 'minion', count: 2 }], bonus: ['d4', 'd4'] }, { name: 'guards', combatants: [{ name: 'guard', count: 3 }], bonus: ['d4'] }] },
  ...extra,
});

describe.skipIf(!CHROMIUM)('a rule in the words its select shows, in Chromium', () => {
  test('Vary ticks a rule’s values by their words, and the file gets the values poolsim run reads', async () => {
    const p = await open(clash({ sweep: { 'rules.equipment': ['mostEquipped'] } }));
    await finished(p);
    const row = p.locator('[data-path="sweep.rules.equipment"]');
    const boxes = row.locator('label.choice-box');
    await expect(boxes.allTextContents()).resolves.toEqual(['only the most well-equipped side', 'every side, as written']);
    await expect(boxes.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked))).resolves.toEqual([true, false]);
    // The value the box stands for is one hover away.
    await expect(boxes.nth(1).getAttribute('title')).resolves.toBe('"everySide" in the file');
    await boxes.nth(1).locator('input').check();
    await finished(p);
    const file = await download(p, '#download');
    expect(JSON.parse(file.text).sweep).toEqual({ 'rules.equipment': ['mostEquipped', 'everySide'] });
    const cli = await poolsim('run', file.path, '--json');
    expect(cli.err).toBe('');
    expect(JSON.parse(cli.out).results.map((r: { point: object }) => r.point)).toEqual([{ 'rules.equipment': 'mostEquipped' }, { 'rules.equipment': 'everySide' }]);
    // The rule's own select says it is varied, over the same words.
    await expect(p.locator('[data-path="rules.equipment"] .swept-note').textContent()).resolves.toBe('varied in Vary (“only the most well-equipped side”, “every side, as written”): this value is not used while it is');
    await p.close();

    // A file's value that is not the rule's (its words typed as one) is kept, ticked and
    // marked, and refused at the row naming what was expected, in the same words.
    const q = await open(clash({ sweep: { 'rules.equipment': ['mostEquipped', 'every side, as written'] } }));
    await q.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    const qRow = q.locator('[data-path="sweep.rules.equipment"]');
    await expect(qRow.locator('label.choice-box.unoffered').textContent()).resolves.toBe('"every side, as written"');
    await expect(qRow.locator('> .problems').textContent()).resolves.toContain('expected one of “only the most well-equipped side”, “every side, as written”, got "every side, as written"');
    // Unticked, it is taken out (and its box with it).
    await qRow.locator('label.choice-box.unoffered input').click();
    await finished(q);
    await expect(q.locator('[data-path="sweep.rules.equipment"] label.choice-box').count()).resolves.toBe(2);
    expect(JSON.parse((await download(q, '#download')).text).sweep).toEqual({ 'rules.equipment': ['mostEquipped'] });
    await q.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a note and a refusal name a rule as its select does; the result JSON and the CLI’s quoted text keep the file’s words', async () => {
    // The engine's note of the guards' bonus, which names rules.equipment "everySide".
    const p = await open(clash({}));
    await finished(p);
    // (The note opens with the guards' bonus, named as its field is: reports/setupWords.ts.)
    await expect(p.locator('.result .point-notes .rule-named[data-raw="sides.1.bonus"]').textContent()).resolves.toBe('“guards › equipment bonus”');
    const named = p.locator('.result .point-notes .rule-named[data-raw^="rules."]');
    await expect(named.first().textContent()).resolves.toBe('“equipment dice roll for” = “every side, as written”');
    await expect(named.first().getAttribute('title')).resolves.toBe('rules.equipment "everySide"');
    await expect(p.locator('.result .point-notes').textContent()).resolves.not.toContain('rules.equipment');
    const results = JSON.parse((await download(p, '#download-results')).text);
    expect(results.results[0].notes.join('\n')).toContain('rules.equipment "everySide" rolls each side\'s');
    await p.close();

    // A refusal beside the rule's select: its value in the words the select shows.
    const contender = (name: string, timing: number) => ({ name, attack: { attribute: 3, skill: 1 }, defence: { attribute: 3, skill: 1 }, timing, defensiveEffect: 'never' });
    const q = await open({ name: 'Contest', system: 'vdp', mechanic: 'contestRound', trials: 1000, seed: 'c', rules: { effectsOn: 'ownTurn' }, setup: { a: contender('ana', 6), b: contender('bo', 5) } });
    await q.waitForSelector('.results[data-run-state="invalid"]', { timeout: RUN_TIMEOUT });
    const at = q.locator('[data-path="rules.effectsOn"]');
    await expect(at.locator('> select option:checked').textContent()).resolves.toBe('the loser’s next turn only');
    await expect(at.locator('> .problems').textContent()).resolves.toMatch(/^“the loser’s next turn only” says which rolls a defensive effect's dice weigh on/);
    await expect(at.locator('> .problems .rule-named').getAttribute('title')).resolves.toBe('"ownTurn"');
    // The status quotes poolsim run, as it says: the file's words there.
    await expect(q.locator('.problem-list').textContent()).resolves.toContain('rules.effectsOn: "ownTurn" says which rolls');
    await q.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a point or a sweep over a rule names its values as the select does: Varied, headline, checks, tables, charts, an opened results file', async () => {
    // The library's next-penalty scenario, with a sweep over sacrificeCurrency ticked by its
    // words too (it read "over nextRound, thisAction", "over carried (1 value)").
    const file = JSON.parse(readFileSync('scenarios/sorcerer-conflict-next-penalty.json', 'utf8'));
    const scenario = { ...file, trials: 2000, rules: { sacrificeCurrency: 'carried' }, sweep: { ...file.sweep, 'rules.sacrificeCurrency': ['carried'] } };
    const p = await open(scenario);
    await finished(p);
    const varied = p.locator('.result .varying li[data-axis="rules.nextPenalty"]');
    await expect(varied.textContent()).resolves.toBe('rule: a “next” penalty taken before acting cuts over “the next round’s action”, “this action” (2 values)');
    await expect(varied.getAttribute('title')).resolves.toBe('rules.nextPenalty over nextRound, thisAction');
    await expect(p.locator('.result .varying li[data-axis="rules.sacrificeCurrency"]').textContent()).resolves.toContain('over “joins the full defence” (1 value)');
    // Each check's point, the headline's points, and every table beside a chart.
    const checks = p.locator('.result .checks li .where');
    await expect(checks.first().textContent()).resolves.toContain('rule: a “next” penalty taken before acting cuts = “the next round’s action”');
    await expect(checks.first().getAttribute('title')).resolves.toContain('rules.nextPenalty = "nextRound"');
    for (const where of ['.result .checks', '.result .headline', '.result .panel table', '.result .panel svg']) {
      const text = (await p.locator(where).allTextContents()).join('\n');
      expect(text, where).not.toMatch(/nextRound|thisAction|= carried/);
    }
    await expect(p.locator('.result [data-panel^="heatmap"] table').first().textContent()).resolves.toContain('“this action”');
    await expect(p.locator('.result [data-panel^="heatmap"] svg').first().textContent()).resolves.toContain('“this action”');
    const results = await download(p, '#download-results');
    // The result JSON keeps the file's values.
    expect(JSON.parse(results.text).results[0].point['rules.nextPenalty']).toBe('nextRound');
    // Opened as a file: a swept rule reads as swept, over what its points ran, not as the
    // file's own value (`rules` holds sacrificeCurrency "carried" here; nextPenalty's default).
    const note = p.locator('#setup .file-note li').first();
    await p.setInputFiles('#file', results.path);
    await p.waitForSelector('.results[data-run-state="file"]');
    await expect(note.textContent()).resolves.toContain('“a ‘next’ penalty taken before acting cuts” varied over “the next round’s action”, “this action”');
    await expect(note.textContent()).resolves.not.toContain('“a ‘next’ penalty taken before acting cuts” = ');
    await p.close();

    // A rule the file sets and the sweep varies over another value: said as varied, never as the value no point ran.
    const q = await open({ ...scenario, sweep: { ...file.sweep, 'rules.sacrificeCurrency': ['none', 'carried'] } });
    await finished(q);
    const again = await download(q, '#download-results');
    await q.setInputFiles('#file', again.path);
    await q.waitForSelector('.results[data-run-state="file"]');
    const line = await q.locator('#setup .file-note li').first().textContent();
    expect(line).toContain('“currency carried into the round, when the action is sacrificed” varied over “stays behind with the action”, “joins the full defence”');
    expect(line).not.toContain('sacrificed” = “joins the full defence”');
    await q.close();
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('a note names the setup field it opens with as the form does, the path in its title', async () => {
    const ambush = parseYaml(readFileSync('scenarios/vdp-combat-ambush.yaml', 'utf8'));
    const p = await open({ ...ambush, trials: 500 });
    await finished(p);
    const notes = p.locator('.result .point-notes');
    const named = notes.locator('.rule-named[data-raw="characters.0.advantageRolls"]');
    await expect(named.textContent()).resolves.toBe('“ambusher › situational dice for”');
    await expect(named.getAttribute('title')).resolves.toBe('characters.0.advantageRolls');
    await expect(notes.textContent()).resolves.not.toContain('characters.0.');
    // The note on where the situational dice went (rules.advantageOn, which a fight does not
    // play): the rule's value as its select says it, not the risky form's "accomplish dice"
    // field (a review: “advantage dice go to” “accomplish dice” places …).
    const rule = notes.locator('.rule-named[data-raw="rules.advantageOn \\"accomplish\\""]').first();
    await expect(rule.textContent()).resolves.toBe('“advantage dice go to” = “the Accomplish pool”');
    await expect(notes.textContent()).resolves.not.toContain('accomplish dice');
    await p.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
