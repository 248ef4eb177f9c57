/**
 * writeReports on a real file system (a temporary folder): the layout, links that
 * resolve, and all-or-nothing replacement of the previous reports.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../sim/result.ts';
import { writeReports } from '../../reports/write.ts';
import { fileHash, TargetRefused, WRITTEN, writtenText } from '../../reports/target.ts';
import { ambushBattle, companyCampaign, heistByChallenges, heistGrid, heistOnePoint } from './fixtures.ts';

let root: string;
let outDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'poolsim-reports-'));
  outDir = join(root, 'out');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const entries = [
  { slug: 'heist', result: heistOnePoint, source: 'scenarios/heist.json' },
  { slug: 'heist-by-challenges', result: heistByChallenges },
  { slug: 'heist-grid', result: heistGrid },
  { slug: 'ambush', result: ambushBattle },
  { slug: 'campaign', result: companyCampaign },
];

/** Relative link targets of a Markdown file: images and links, without web addresses. */
function markdownLinks(md: string): string[] {
  return [...md.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/.test(href));
}

describe('writeReports', () => {
  it('writes every scenario folder and the top-level index', async () => {
    const { files } = await writeReports(outDir, entries);
    expect(await readdir(outDir)).toEqual(expect.arrayContaining(['index.html', 'index.md', ...entries.map((e) => e.slug)]));
    for (const name of ['index.html', 'report.md', 'results.json', 'results.csv']) {
      expect(files).toContain(`heist/${name}`);
    }
    expect(JSON.parse(await readFile(join(outDir, 'heist', 'results.json'), 'utf8'))).toEqual(heistOnePoint);
    expect(await readdir(join(outDir, 'ambush', 'charts'))).toEqual(
      expect.arrayContaining(['death-odds.svg', 'distribution-rounds.svg']),
    );
    // Nothing left beside outDir.
    expect(await readdir(root)).toEqual(['out']);
  });

  it('writes Markdown whose every link resolves to a file it wrote', async () => {
    const { files } = await writeReports(outDir, entries);
    const markdown = files.filter((f) => f.endsWith('.md'));
    expect(markdown.length).toBe(entries.length + 1);
    for (const file of markdown) {
      const links = markdownLinks(await readFile(join(outDir, file), 'utf8'));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const target = resolve(dirname(join(outDir, file)), link);
        expect(existsSync(target), `${file} → ${link}`).toBe(true);
        expect(files).toContain(target.slice(outDir.length + 1));
      }
    }
  });

  it('replaces the previous reports once the new ones are written', async () => {
    await writeReports(outDir, entries);
    await writeReports(outDir, [{ slug: 'heist', result: heistOnePoint }]);
    expect((await readdir(outDir)).sort()).toEqual(['.poolsim-report', '.poolsim-written', 'heist', 'index.html', 'index.md']);
  });

  it('leaves the previous reports untouched when rendering throws midway', async () => {
    await mkdir(outDir);
    await writeFile(join(outDir, '.poolsim-report'), '');
    await writeFile(join(outDir, 'index.html'), 'previous run');
    await mkdir(join(outDir, 'old-scenario'));
    await writeFile(join(outDir, 'old-scenario', 'report.md'), 'previous report');
    // As poolsim wrote them (the list beside the mark), so the folder may be replaced.
    await writeFile(join(outDir, WRITTEN), writtenText([['index.html', fileHash('previous run')], ['old-scenario/report.md', fileHash('previous report')]]));
    // The second scenario is broken: its first point has no metrics, so chartsFor throws
    // after the first scenario's folder has been written.
    const broken = { ...heistByChallenges, results: [{ point: { 'setup.challenges': 2 } }] } as unknown as ScenarioResult;
    const failed = await writeReports(outDir, [
      { slug: 'heist', result: heistOnePoint },
      { slug: 'broken', result: broken },
    ]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(TargetRefused);
    expect(await readFile(join(outDir, 'index.html'), 'utf8')).toBe('previous run');
    expect(await readFile(join(outDir, 'old-scenario', 'report.md'), 'utf8')).toBe('previous report');
    expect((await readdir(outDir)).sort()).toEqual(['.poolsim-report', WRITTEN, 'index.html', 'old-scenario']);
    expect(await readdir(root)).toEqual(['out']);
  });

  it('refuses slugs that are not one safe folder name, before writing anything', async () => {
    await expect(writeReports(outDir, [{ slug: '../escape', result: heistOnePoint }])).rejects.toThrow(/slug/);
    await expect(
      writeReports(outDir, [
        { slug: 'Heist', result: heistOnePoint },
        { slug: 'heist', result: heistOnePoint },
      ]),
    ).rejects.toThrow(/twice/);
    expect(await readdir(root)).toEqual([]);
  });
});
