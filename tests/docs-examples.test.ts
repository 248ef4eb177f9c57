/**
 * The scenarios the README and docs/ show are scenarios `poolsim run` takes: every fenced
 * JSON or YAML block whose value names a `mechanic` plans without an error (a field renamed
 * in the code, or a doc written from memory, fails here rather than in a user's first run),
 * and runs at a few trials; so does a campaign's or the rivals' setup shown alone (the
 * rulings' examples). Blocks shortened with "…" are not JSON and are left out, as are
 * blocks that are not scenarios (a result, a CI workflow, a solve block alone, one side).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseScenarioText } from '../sim/scenarioText.ts';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { CAMPAIGN_METRICS } from '../sim/viciousness/campaignPlay.ts';

const ROOT = resolve(import.meta.dirname, '..');
const markdown = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? markdown(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
const pages = [join(ROOT, 'README.md'), join(ROOT, 'dashboard', 'README.md'), ...markdown(join(ROOT, 'docs'))];

/** Each fenced json/yaml block of a page that reads as a scenario: its page, line and value. */
const blocks = pages.flatMap((page) => {
  const text = readFileSync(page, 'utf8');
  const found: { where: string; value: Record<string, unknown> }[] = [];
  for (const m of text.matchAll(/^```(json|yaml)\n([\s\S]*?)^```/gm)) {
    const line = text.slice(0, m.index).split('\n').length;
    let value: unknown;
    try {
      value = parseScenarioText(m[2]!, `example.${m[1]}`);
    } catch {
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value) || 'results' in value) continue;
    const where = `${page.slice(ROOT.length + 1)}:${line}`;
    // A setup alone: a campaign's (its troupes) or the rivals mechanic's (its turns and rivals).
    const setupOf = 'troupes' in value ? 'campaign' : 'rivals' in value && 'turns' in value ? 'rivals' : undefined;
    if ('mechanic' in value) found.push({ where, value: value as Record<string, unknown> });
    else if (setupOf) found.push({ where, value: { name: where, system: 'viciousness', mechanic: setupOf, seed: 'docs', setup: value } });
  }
  return found;
});

describe('the scenarios the docs show run as shown', () => {
  test('there are some (the scenario format’s example, its smallest campaign, the rulings’ setups)', () => {
    const where = blocks.map((b) => b.where);
    for (const page of ['README.md', 'docs/scenario-format.md', 'docs/rulings/campaign.md', 'docs/rulings/rivals.md']) {
      expect(where.some((w) => w.startsWith(`${page}:`)), page).toBe(true);
    }
  });

  test.each(blocks.map((b) => [b.where, b] as const))('%s', (where, { value }) => {
    const plan = planScenario({ ...value, trials: 2048 }, where);
    const result = runPlan(plan);
    expect(result.results.length).toBeGreaterThan(0);
  });
});

describe('the result JSON docs/scenario-format.md shows is what its example file gives', () => {
  // Its figures were those of an older generator's draws for months (a docs audit): the
  // page says "as `poolsim run --json` prints it", so each figure shown is checked to the
  // digits it shows.
  const page = readFileSync(join(ROOT, 'docs', 'scenario-format.md'), 'utf8');
  const fenced = [...page.matchAll(/^```json\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  const file = JSON.parse(fenced[0]!);
  const shown = fenced.find((b) => b.includes('"results"'))!;
  /** `text`'s number, and the actual figure, agree to the decimals `text` shows. */
  const near = (text: string, actual: number) => {
    const decimals = text.split('.')[1]?.length ?? 0;
    expect(Math.abs(actual - Number(text)), `${text} shown for ${actual}`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-12);
  };

  test('the headline, its interval and exact value, and the distribution at challenges = 2', () => {
    expect(file.seed).toBe('heist-1');
    expect(shown).toContain(`"trials": ${file.trials}, "seed": "${file.seed}"`);
    const result = runPlan(planScenario(file, 'docs/scenario-format.md')) as ScenarioResult;
    const point = result.results.find((p) => p.point['setup.challenges'] === 2)!;
    expect(shown).toContain('{ "point": { "setup.challenges": 2 }');
    const success = shown.match(/"success": \{ "estimate": ([\d.]+), "ci95": \[([\d.]+), ([\d.]+)\], "exact": ([\d.]+)/)!;
    const m = point.metrics.success!;
    near(success[1]!, m.estimate);
    near(success[2]!, m.ci95[0]);
    near(success[3]!, m.ci95[1]);
    near(success[4]!, m.exact!);
    const d = point.distributions!.successes!;
    const p = shown.match(/"p": \[([^\]]+)\]/)![1]!.split(', ');
    expect(p.length).toBe(d.p.length);
    p.forEach((x, i) => near(x, d.p[i]!));
    const ci = shown.match(/"ci95": \[\[([\d.]+), ([\d.]+)\]/)!;
    near(ci[1]!, d.ci95![0]![0]);
    near(ci[2]!, d.ci95![0]![1]);
    const exact = shown.match(/"exact": \[([^\]]+)\]/)![1]!.split(', ');
    exact.forEach((x, i) => near(x, d.exact![i]!));
  });
});

describe('docs/scenario-format.md names every metric of the campaign', () => {
  // The README says every metric of each mechanic is there; 13 of the campaign's were not
  // (its list ended in "…": a docs audit).
  test('each name CAMPAIGN_METRICS declares is in the campaign\'s row', () => {
    const row = readFileSync(join(ROOT, 'docs', 'scenario-format.md'), 'utf8').split('\n').find((l) => l.startsWith('| `campaign`'))!;
    // The whole name in backticks, or a family's with its part (`firstStrike.<rival>`): not a
    // prefix (`jobs.pushed` named, `jobs` not — a review).
    const missing = Object.values(CAMPAIGN_METRICS)
      .map((m) => m.name)
      .filter((name) => !row.includes(`\`${name}\``) && !(name.includes('.<') && row.includes(`\`${name.slice(0, name.indexOf('.<'))}.<`)));
    expect(missing).toEqual([]);
  });
});
