/**
 * What the page says can be read in full, in Chromium: a select's picked label is never cut
 * at its box without being said whole beside it (the Vary picker's rule and field names, a
 * campaign policy's words), at the widths a designer's screen has; and a note names the
 * setup fields in it as the form does (`the side's "marksmanPush"`, `buy.action "pc"` read
 * as the labels and option words beside them), the file's text in each piece's title. Each
 * test here failed before its fix.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { dashboardSuite } from './dashboard-server.ts';
import { chromiumOrSkip } from './browser.ts';
import { encodeLink } from '../dashboard/model/url.ts';
import { newScenario } from '../dashboard/model/scenario.ts';
import { variables } from '../dashboard/ui/setup.ts';
import { forms } from '../reports/fields/index.ts';
import { joinPath } from '../reports/fields/paths.ts';

const CHROMIUM = await chromiumOrSkip('the dashboard readable-text end-to-end test');
const suite = dashboardSuite(CHROMIUM, { prefix: 'poolsim-readable-', viewport: { width: 1024, height: 900 } });
const { pageErrors } = suite;

const WIDTHS = [1024, 1440];

/**
 * Every select shown whose picked label its box cuts, with what is said beside it: the
 * width the label needs is that of a select holding it alone at its natural width, in the
 * select's place (its font and padding, the arrow included).
 */
function cutSelects(page: Page): Promise<{ select: string; label: string; need: number; box: number; beside: string | null }[]> {
  return page.evaluate(() => {
    const out: { select: string; label: string; need: number; box: number; beside: string | null }[] = [];
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const box = select.getBoundingClientRect().width;
      const label = select.selectedOptions[0]?.text ?? '';
      if (box === 0 || label === '' || select.getAttribute('aria-hidden') === 'true') continue;
      const probe = document.createElement('select');
      probe.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none';
      probe.append(new Option(label));
      select.parentElement!.append(probe);
      const need = probe.getBoundingClientRect().width;
      probe.remove();
      if (need <= box + 0.5) continue;
      const next = select.nextElementSibling as HTMLElement | null;
      const beside = next?.classList.contains('picked-words') && next.getBoundingClientRect().height > 0 ? next.textContent : null;
      out.push({ select: select.getAttribute('data-key') ?? select.getAttribute('aria-label') ?? '?', label, need: Math.round(need), box: Math.round(box), beside });
    }
    return out;
  });
}

/** A page on `scenario` at `width`, its selects measured once laid out. */
async function openAt(scenario: Record<string, unknown>, width: number): Promise<Page> {
  return suite.page(encodeLink({ scenario }), { width, height: 900 });
}

/** Until every cut select says its label beside it (measured a frame after layout), or the poll gives up. */
async function settled(page: Page): Promise<Awaited<ReturnType<typeof cutSelects>>> {
  let cut = await cutSelects(page);
  for (let i = 0; i < 20 && cut.some((c) => c.beside !== c.label); i++) {
    await page.waitForTimeout(50);
    cut = await cutSelects(page);
  }
  return cut;
}

describe.skipIf(!CHROMIUM)('every select readable, in Chromium', () => {
  test('in every mechanic’s form, at 1024 and 1440 px, a picked label the box cuts is said in full beside it', async () => {
    let said = 0;
    for (const width of WIDTHS) {
      for (const form of forms) {
        const scenario = newScenario(form.system, form.mechanic);
        // Vary and Compare on the field or rule with the longest name: the pickers' worst case.
        const vars = variables(scenario);
        const longest = joinPath(vars.reduce((a, b) => (b.label.length > a.label.length ? b : a)).path);
        const page = await suite.page(encodeLink({ scenario: { ...scenario, trials: 1000, sweep: { [longest]: [] } }, compare: { path: longest, value: undefined } }), { width, height: 900 });
        const cut = await settled(page);
        for (const c of cut) expect(c.beside, `${form.system}/${form.mechanic} at ${width}px: ${c.select} cuts “${c.label}” (${c.need} px in ${c.box})`).toBe(c.label);
        said += cut.length;
        await page.close();
      }
    }
    // The Vary rows' longest names are cut in the 380 px setup column, and said.
    expect(said).toBeGreaterThan(10);
    expect(pageErrors).toEqual([]);
  }, 300_000);

  test('a long rule picked in Vary is said in full under the picker; a field’s choice takes its row', async () => {
    const scenario = newScenario('sorcerer', 'conflict');
    const page = await openAt({ ...scenario, trials: 1000, sweep: { 'rules.exhausted': [] } }, 1024);
    const picker = page.locator('[data-path^="sweep."] select[data-key="sweep-path"]');
    const long = 'rule: after the conflict, “see above to find out if you’ll make it” counts';
    await picker.selectOption({ label: long });
    const row = page.locator('[data-path="sweep.rules.injuryPenalties"]');
    await row.locator('.picked-words').waitFor();
    await expect(row.locator('.picked-words').textContent()).resolves.toBe(long);
    await expect(row.locator('select[data-key="sweep-path"]').getAttribute('title')).resolves.toBe(long);
    // Picked back to a short one, the line goes.
    await row.locator('select[data-key="sweep-path"]').selectOption({ label: 'rule: a win by exhaustion scores' });
    await page.locator('[data-path="sweep.rules.exhausted"]').waitFor();
    await page.waitForTimeout(100);
    await expect(page.locator('[data-path="sweep.rules.exhausted"] .picked-words').count()).resolves.toBe(0);
    await page.close();

    // A VDP fighter's policy, in a side's two-column grid, had half of it: now the row.
    const combat = await openAt({ ...newScenario('vdp', 'combat'), trials: 1000 }, 1024);
    const bid = combat.locator('[data-path="setup.characters.0.bid"] select');
    const widths = await bid.evaluate((s) => ({ box: s.getBoundingClientRect().width, row: (s.closest('.item-fields') as HTMLElement).getBoundingClientRect().width }));
    expect(widths.box).toBeGreaterThan(widths.row * 0.9);
    expect(await cutSelects(combat)).toEqual([]);
    await combat.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test('a note names the fields in it as the form does: the Marksman’s push, the task purchase', async () => {
    const notes = async (page: Page) => {
      await suite.finished(page);
      return page.locator('.result .point-notes li').allTextContents();
    };
    const battle = (push: string) => ({
      name: 'Marksman', system: 'viciousness', mechanic: 'battle', trials: 2000, seed: 'm',
      setup: { sides: [{ name: 'crew', marksmanPush: push, combatants: [{ name: 'captain', traits: ['marksman'], dice: ['d4'] }, { name: 'cutpurse' }] }, { name: 'guards', flee: 'lostHalf', combatants: [{ name: 'guard', count: 3 }] }] },
    });
    const p = await openAt(battle('lastFoe'), 1440);
    expect(await notes(p)).toContain('“crew › Marksman’s push” changes nothing here: “at the last foe” shoots when side "guards" has one able combatant left, and it flees before that (“flees” = “once half are down”: once 2 of its 3 are wounded or dead)');
    // The file's words one hover away.
    await expect(p.locator('.point-notes .rule-named', { hasText: '“flees” = “once half are down”' }).first().getAttribute('title')).resolves.toBe('flee "lostHalf"');
    await p.close();
    const q = await openAt(battle('never'), 1440);
    const trait = (await notes(q)).find((n) => n.includes('named traits'));
    expect(trait).toMatch(/is the side's “Marksman’s push” \(never here\); its dice \(.*\) go in “trait dice”$/);
    await expect(q.locator('.point-notes .rule-named', { hasText: '“Marksman’s push”' }).first().getAttribute('title')).resolves.toBe('"marksmanPush"');
    await q.close();

    // The campaign's task purchase, more a job than a troupe of two has PCs to spare.
    const camp = newScenario('viciousness', 'campaign') as { setup: { policy: Record<string, unknown> } };
    const r = await openAt({ ...camp, trials: 100, setup: { ...camp.setup, policy: { ...camp.setup.policy, buy: { task: { itemRank: 2, perJob: 5 } } } } }, 1440);
    const task = (await notes(r)).find((n) => n.includes('tasks a job, at most'));
    expect(task).toMatch(/ buys 1 a job at most: with “a purchase takes” = “a PC’s turn” each task is a PC's turn/);
    expect(task).not.toMatch(/buy\.action|"pc"/);
    await expect(r.locator('.point-notes .rule-named', { hasText: '“a purchase takes”' }).first().getAttribute('title')).resolves.toBe('buy.action "pc"');
    await r.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
