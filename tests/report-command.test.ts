/**
 * `poolsim report`: writes every scenario's reports and an index; a failing check exits 1
 * and is marked in the index; bad input exits 2 and leaves an existing --out untouched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, realpathSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { poolsim, tempFolders } from './helpers.ts';
import { namedPaths, reportSlugs } from '../cli/report-command.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const knowledge = (expect: object[]) => ({
  name: 'Knowledge roll',
  system: 'viciousness',
  mechanic: 'knowledge',
  trials: 5000,
  seed: 'k',
  setup: {},
  expect,
});

describe('poolsim report', () => {
  test('a failed check over a sweep names the points it failed at with what was measured there; a failed solve check says what it asked and what was found', async () => {
    const dir = tempFolder('poolsim-report-');
    mkdirSync(join(dir, 'lib'));
    const heist = {
      name: 'heist',
      system: 'viciousness',
      mechanic: 'knavery',
      trials: 4000,
      seed: 'k',
      setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
      sweep: { 'setup.challenges': [1, 2, 3] },
      expect: [{ metric: 'success', atLeast: 0.6, why: 'likelier than not' }],
      solve: [{ name: 'even heist', vary: 'setup.challenges', range: [1, 4], metric: 'success', target: 0.5, label: '{value} challenges', expect: { equals: 3, why: 'the designer hoped 3' } }],
    };
    writeFileSync(join(dir, 'lib', 'heist.json'), JSON.stringify(heist));
    const r = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'));
    expect(r.code).toBe(1);
    // One in two for 2 challenges and one in eight for 3 (exact): both below 0.6; 1 (7 in 8) passes.
    // Each failed point with its exact value, which lies outside the band: a real failure.
    expect(r.out).toMatch(/FAILED: P\(plan succeeds\) `success` ≥ 0\.6 at every point; measured at challenges = 2: 0\.\d+, 95% interval \[0\.\d+, 0\.\d+\], exact 0\.5; challenges = 3: 0\.\d+, 95% interval \[0\.\d+, 0\.\d+\], exact 0\.125\n {10}why: likelier than not\n/);
    // The metric by its label, as the charts beside it name it (the sentence read "success
    // closest to…"); its name, for writing a block, beside the sentence on the page.
    expect(r.out).toContain('FAILED: solve "even heist": the value found should be 3 (failed: found 2); P(plan succeeds) closest to 0.5: 2 challenges (P(plan succeeds) = 0.5 exact)');
    const page = readFileSync(join(dir, 'out', 'heist', 'report.md'), 'utf8');
    expect(page).toContain('P(plan succeeds) closest to 0.5: 2 challenges (P(plan succeeds) = 0.5 exact)');
    expect(page).toContain('`metric: success` · `vary: setup.challenges`');
    expect(readFileSync(join(dir, 'out', 'heist', 'index.html'), 'utf8')).toContain('<p class="meta"><code>metric: success</code> · <code>vary: setup.challenges</code></p>');
    expect(readFileSync(join(dir, 'out', 'index.md'), 'utf8')).toContain('❌ **FAIL** P(plan succeeds) `success` ≥ 0.6 at every point');
    expect(r.out).toContain('          why: the designer hoped 3\n');
    expect(r.out).toContain('1 scenario(s), 2 failed check(s).');
  });

  test('writes per-scenario reports and an index; a failing check exits 1 and is marked', async () => {
    const dir = tempFolder('poolsim-report-');
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'good.json'), JSON.stringify(knowledge([{ metric: 'answer', between: [0.3, 0.36] }])));
    writeFileSync(
      join(dir, 'lib', 'bad-band.yaml'),
      `# fails on purpose\n${JSON.stringify({ ...knowledge([{ metric: 'answer', atLeast: 0.5, why: 'a sage should know more often than not' }]), name: 'Knowledge roll, half the time?', description: 'Does a knowledge roll find the answer half the time?' })}\n`,
    );
    const out = join(dir, 'out');
    const r = await poolsim('report', join(dir, 'lib'), '--out', out);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL\s+Knowledge roll/);
    // The README's promise: a failed check in full, with what was measured and its why.
    // With the exact value beside the estimate: the check is judged on the interval.
    expect(r.out).toMatch(/FAILED: P\(knows the answer\) `answer` ≥ 0\.5; measured 0\.3\d+, 95% interval \[0\.\d+, 0\.\d+\], exact ≈0\.3333\n {10}why: a sage should know more often than not\n/);
    expect(r.out).toMatch(/ok\s+Knowledge roll\s+\(1\/1 checks\)/);
    // The question under the title and the why beside its check, in both reports.
    const html = readFileSync(join(out, 'bad-band', 'index.html'), 'utf8');
    expect(html).toContain('<p class="question">Does a knowledge roll find the answer half the time?</p>');
    expect(html).toContain('<span class="why">why: a sage should know more often than not</span>');
    // The headline the mechanic declares (knowledge: `answer`), exact first, before the checks.
    expect(html).toMatch(/<section class="headline">\n<h2>Headline<\/h2>\n<ul>\n<li>[^<]+: <span class="value">≈0\.3333<\/span> <span class="detail">exact · estimate 0\.3\d+, 95% interval/);
    expect(html.indexOf('<section class="headline">')).toBeLessThan(html.indexOf('<h2>Expect checks</h2>'));
    const md = readFileSync(join(out, 'bad-band', 'report.md'), 'utf8');
    expect(md).toContain('> Does a knowledge roll find the answer half the time?');
    expect(md).toContain('*why: a sage should know more often than not*');
    const badJson = JSON.parse(readFileSync(join(out, 'bad-band', 'results.json'), 'utf8'));
    expect(badJson.description).toBe('Does a knowledge roll find the answer half the time?');
    expect(badJson.expect[0].why).toBe('a sage should know more often than not');
    expect(readdirSync(out).sort()).toEqual(['.poolsim-report', '.poolsim-written', 'bad-band', 'good', 'index.html', 'index.md']);
    for (const slug of ['good', 'bad-band']) {
      for (const f of ['index.html', 'report.md', 'results.json', 'results.csv']) expect(existsSync(join(out, slug, f))).toBe(true);
    }
    const index = readFileSync(join(out, 'index.md'), 'utf8');
    expect(index).toMatch(/FAIL/i);
    const csv = readFileSync(join(out, 'good', 'results.csv'), 'utf8').trim().split('\n');
    expect(csv.length).toBe(1 + 3); // header + one row per metric at the one point
    // What each figure is rides with it (a reports audit: a CSV alone could not tell a
    // per-guard chance from a side's mean count).
    expect(csv[0]!.split(',').slice(-9)).toEqual(['metric', 'estimate', 'ci_low', 'ci_high', 'exact', 'kind', 'scale', 'trials', 'label']);
    expect(csv[1]).toMatch(/,probability,,\d+,"?P\(/);
    const json = JSON.parse(readFileSync(join(out, 'good', 'results.json'), 'utf8'));
    expect(json.results[0].metrics.answer.exact).toBeCloseTo(1 / 3, 12);
  });

  test('a scenario without checks is counted apart: not in "all checks passed in N scenarios", and "(no checks)" not "(0/0 checks)" (a report audit)', async () => {
    const dir = tempFolder('poolsim-report-');
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'checked.json'), JSON.stringify(knowledge([{ metric: 'answer', between: [0.3, 0.36] }])));
    writeFileSync(join(dir, 'lib', 'plain.json'), JSON.stringify({ ...knowledge([]), name: 'Knowledge, no checks' }));
    const r = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/ok {4}Knowledge, no checks {2}\(no checks\) {2}plain\//);
    expect(r.out).toMatch(/ok {4}Knowledge roll {2}\(1\/1 checks\) {2}checked\//);
    for (const page of ['index.md', 'index.html']) expect(readFileSync(join(dir, 'out', page), 'utf8')).toContain('all checks passed in 1 scenario (and 1 scenario with no checks)');
    writeFileSync(join(dir, 'lib', 'checked.json'), JSON.stringify({ ...knowledge([]), name: 'Knowledge again' }));
    const none = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'));
    expect(none.code).toBe(0);
    expect(readFileSync(join(dir, 'out', 'index.md'), 'utf8')).toContain('no checks in 2 scenarios');
  });

  test('every scenario gets a folder of its own, never a name taken by another or by a page at the top', async () => {
    expect(reportSlugs(['a-2.json', 'a.json', 'a.yaml', 'A.yml'])).toEqual(['a-2', 'a', 'a-3', 'A-4']);
    expect(reportSlugs(['index.html.json', 'Changes.md.yaml', 'index.json'])).toEqual(['index.html-2', 'Changes.md-2', 'index']);
    // End to end: both used to fail after the whole run (exit 3, "slug used twice", EISDIR).
    const dir = tempFolder('poolsim-slugs-');
    mkdirSync(join(dir, 'lib'));
    const roll = { name: 'Knowledge roll', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'k', setup: {} };
    for (const f of ['a-2.json', 'a.json', 'a.yaml', 'index.html.json']) writeFileSync(join(dir, 'lib', f), JSON.stringify({ ...roll, name: f }));
    const r = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'));
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['.poolsim-report', '.poolsim-written', 'a', 'a-2', 'a-3', 'index.html', 'index.html-2', 'index.md']);
  });

  test('a scenario’s folder is named by its path below the folder named, so files in subfolders never rename it', async () => {
    // Below what was named: a folder's files by their path inside it, a file named by its own name.
    expect(namedPaths(['lib', join('x', 'one.json')], [join('lib', 'sub', 'v1.json'), join('lib', 'v1.json'), join('x', 'one.json')])).toEqual([join('sub', 'v1.json'), 'v1.json', 'one.json']);
    expect(reportSlugs([join('sub', 'v1.json'), 'v1.json'])).toEqual(['sub-v1', 'v1']);
    // A folder or file whose name starts with "_" (_drafts/, _archive/): the folder name may
    // not start so, and the report used to fail after the whole run (exit 3, "slug must be …").
    expect(reportSlugs([join('_drafts', 'v1.json'), '_u.json', '__.json'])).toEqual(['drafts-v1', 'u', 'scenario']);
    // A name both want goes to the file nearer the top, whatever the order they are read in.
    expect(reportSlugs([join('sub', 'v1.json'), 'sub-v1.json'])).toEqual(['sub-v1-2', 'sub-v1']);
    // Folders Windows cannot make: a device name (any extensions after it) gets a suffix before its first dot, and
    // a trailing dot goes (Windows drops it, merging `a.` with `a`).
    expect(reportSlugs(['con.json', 'NUL.yaml', 'com1.x.json', 'lpt9.yml', 'a..json', 'a.json', 'console.json'])).toEqual(['con-scenario', 'NUL-scenario', 'com1-scenario.x', 'lpt9-scenario', 'a', 'a-2', 'console']);
    // End to end: lib/sub/v1.json is read before lib/v1.json, and used to take v1/ from it (v1-2/).
    const dir = tempFolder('poolsim-subfolders-');
    mkdirSync(join(dir, 'lib', 'sub'), { recursive: true });
    const roll = { system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'k', setup: {} };
    writeFileSync(join(dir, 'lib', 'v1.json'), JSON.stringify({ ...roll, name: 'top' }));
    const alone = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'));
    expect(alone.code, alone.err).toBe(0);
    expect(readdirSync(join(dir, 'out')).filter((f) => !f.includes('.'))).toEqual(['v1']);
    writeFileSync(join(dir, 'lib', 'sub', 'v1.json'), JSON.stringify({ ...roll, name: 'below' }));
    const r = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'));
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(join(dir, 'out')).filter((f) => !f.includes('.')).sort()).toEqual(['sub-v1', 'v1']);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'v1', 'results.json'), 'utf8')).name).toBe('top');
    expect(JSON.parse(readFileSync(join(dir, 'out', 'sub-v1', 'results.json'), 'utf8')).name).toBe('below');
    // A file named itself is named by its own name, wherever it lies.
    const named = await poolsim('report', join(dir, 'lib', 'sub', 'v1.json'), '--out', join(dir, 'out'));
    expect(named.code, named.err).toBe(0);
    expect(readdirSync(join(dir, 'out')).filter((f) => !f.includes('.'))).toEqual(['v1']);
  });

  test('bad input exits 2 and leaves an existing --out folder untouched', async () => {
    const dir = tempFolder('poolsim-report-');
    const out = join(dir, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'previous report');
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...knowledge([]), setup: { rattled: 'yes' } }));
    const r = await poolsim('report', join(dir, 'bad.json'), '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain('bad.json: setup.rattled: expected true or false, got "yes"');
    expect(readdirSync(out)).toEqual(['keep.txt']);
  });

  test('with nothing named where there is no scenarios/, it says scenarios/ is the default it tried and how to name files (run, which has none, says so)', async () => {
    const dir = tempFolder('poolsim-report-');
    const r = spawnSync(process.execPath, [resolve('bin/poolsim.js'), 'report'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`scenarios: (top level): no such folder in ${realpathSync(dir)}: it is the default poolsim report runs when no scenario file or folder is named; name them (poolsim report FILE|DIR... [--out DIR])`);
    expect(existsSync(join(dir, 'reports'))).toBe(false);
    const run = await poolsim('run');
    expect(run.code).toBe(2);
    expect(run.err).toContain('poolsim: run needs at least one scenario file or folder (unlike report, it has no default folder): poolsim run FILE|DIR...');
  });
});
