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
