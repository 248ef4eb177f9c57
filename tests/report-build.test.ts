/**
 * A report says which build wrote it: the pages named the system, trials, seed and points
 * but not the code that ran them, so two pages of one seed from different builds could not
 * be told apart (a report audit). bin/poolsim.js hands main the digest of its bundles
 * (`context.build`, as a shard's part names it); `report` prints it on every page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compiledWorkerFile, tempFolders } from './helpers.ts';

const tempFolder = tempFolders();

describe('report names its build', () => {
  test('every scenario page, HTML and Markdown, says the build beside the seed and trials', async () => {
    const { main } = await import('../cli/main.ts');
    const dir = tempFolder('poolsim-report-build-');
    const f = join(dir, 'plan.json');
    const participants = [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }];
    writeFileSync(f, JSON.stringify({ name: 'plan', system: 'viciousness', mechanic: 'knavery', trials: 1000, seed: 'b', setup: { challenges: 3, participants } }));
    const sink = { text: '', write(s: string) { this.text += s; return true; } };
    const code = await main(['report', f, '--out', join(dir, 'out'), '--workers', '1'], sink as never, sink as never, { workerFile: compiledWorkerFile(), build: '0123456789abcdef' });
    expect(code, sink.text).toBe(0);
    for (const page of ['index.html', 'report.md']) {
      const text = readFileSync(join(dir, 'out', 'plan', page), 'utf8');
      expect(text, page).toMatch(/1000 trials · seed (&quot;|")b(&quot;|") · 1 point · from .+plan\.json · poolsim build 0123456789abcdef/);
    }
  });

  test('a page rendered without a build (the sources, not bin/poolsim.js) names none', async () => {
    const { renderScenarioMarkdown } = await import('../reports/render.ts');
    const { heistOnePoint } = await import('./reports/fixtures.ts');
    expect(renderScenarioMarkdown(heistOnePoint, [])).not.toContain('build');
    expect(renderScenarioMarkdown(heistOnePoint, [], undefined, undefined, [], undefined, 'fedcba9876543210')).toContain('· poolsim build fedcba9876543210');
  });
});
