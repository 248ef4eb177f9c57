/**
 * `poolsim diff` and `poolsim report --baseline` end to end: the same seed on an unchanged
 * scenario moves nothing (byte-identical results); a deliberate rules variant
 * (`hitOn: "4+"`) is caught, exact and Monte Carlo alike, and marked in the reports;
 * one-sided entries and changed settings are listed; bad input exits 2 naming the file
 * and the path inside it.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { HEIST, poolsim, tempFolders } from './helpers.ts';
import { MAX_RESULT_BYTES } from '../cli/load.ts';
import { exactFigure, signedFigure } from '../sim/solve/sentence.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

/** One clash (every metric exact) and one battle with pushing (Monte Carlo only). */
function library(dir: string, rules: Record<string, unknown> = {}): string {
  const lib = join(dir, 'lib');
  mkdirSync(lib, { recursive: true });
  const sides = [
    { name: 'd4trait', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 2 }] },
    { name: 'd6trait', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
  ];
  const clash = { name: 'Clash d4 vs d6', system: 'viciousness', mechanic: 'clash', trials: 4000, seed: 'c', rules, setup: { sides } };
  const battle = { name: 'Battle d4 vs d6', system: 'viciousness', mechanic: 'battle', trials: 4000, seed: 'b', rules: { push: 'ifNoHit', ...rules }, setup: { sides } };
  writeFileSync(join(lib, 'clash.json'), JSON.stringify(clash));
  writeFileSync(join(lib, 'battle.json'), JSON.stringify(battle));
  return lib;
}

/**
 * An exact answer as a Monte Carlo search of the same values would write it: estimates with
 * intervals for its points, the metric's one-way course assumed (sim/solve/search.ts).
 */
function monteCarlo(answer: any): any {
  const points = answer.points.map((p: any) => ({ value: p.value, estimate: p.exact, ci95: [Math.max(0, p.exact - 0.01), Math.min(1, p.exact + 0.01)], trials: 2000 }));
  return { ...answer, method: 'montecarlo', confidence: 0.95, monotone: 'assumed', points };
}

// Reports render charts: on a loaded machine the first one (imports included) takes seconds.

/** A clash whose first side's equipment dice a sweep sets to `values`. */
const clashBonus = (values: unknown[]) => ({
  name: 'Clash bonus',
  system: 'viciousness',
  mechanic: 'clash',
  trials: 2000,
  seed: 's',
  setup: { sides: [{ name: 'a', combatants: [{ name: 'captain' }] }, { name: 'b', combatants: [{ name: 'x' }] }] },
  sweep: { 'setup.sides.0.bonus': values },
});
describe('poolsim diff against a baseline report', { timeout: 60_000 }, () => {
  test('same seed, unchanged scenarios: byte-identical results and nothing moved (exit 0)', async () => {
    const dir = tempFolder('poolsim-diff-');
    const lib = library(dir);
    expect((await poolsim('report', lib, '--out', join(dir, 'base'), '--workers', '1')).code).toBe(0);
    const r = await poolsim('report', lib, '--out', join(dir, 'new'), '--workers', '1', '--baseline', join(dir, 'base'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/nothing moved/);
    for (const slug of ['clash', 'battle']) {
      expect(readFileSync(join(dir, 'new', slug, 'results.json'), 'utf8')).toBe(readFileSync(join(dir, 'base', slug, 'results.json'), 'utf8'));
    }
    const d = await poolsim('diff', join(dir, 'base'), join(dir, 'new'));
    expect(d.code).toBe(0);
    expect(d.out).toMatch(/^nothing moved \(\d+ numbers compared in 2 scenarios/m);
    expect(readFileSync(join(dir, 'new', 'changes.md'), 'utf8')).toMatch(/✅ nothing moved/);
    // One scenario's folder of a report is that scenario's side.
    const one = await poolsim('diff', join(dir, 'base', 'clash'), join(dir, 'new', 'clash'));
    expect(one.code, one.err).toBe(0);
    expect(one.out).toMatch(/^nothing moved \(\d+ numbers compared in 1 scenario/m);
  });

  test('a report of one scenario against a baseline of two compares that one and says the other was not run', async () => {
    const dir = tempFolder('poolsim-diff-');
    const lib = library(dir);
    expect((await poolsim('report', lib, '--out', join(dir, 'base'), '--workers', '1')).code).toBe(0);
    const r = await poolsim('report', join(lib, 'clash.json'), '--out', join(dir, 'one'), '--workers', '1', '--baseline', join(dir, 'base'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/nothing moved \(\d+ numbers compared in 1 scenario:/);
    const changes = readFileSync(join(dir, 'one', 'changes.md'), 'utf8');
    expect(changes).toMatch(/✅ nothing moved/);
    expect(changes).not.toContain('Only in the baseline');
    expect(changes).toContain('### Baseline scenarios not run here (not compared)\n\n- "Battle d4 vs d6"');
  });

  test('a report of the folder a scenario was deleted from lists it as only in the baseline, as diff does (an audit: "not run here", "nothing moved")', async () => {
    const dir = tempFolder('poolsim-diff-');
    const lib = library(dir);
    expect((await poolsim('report', lib, '--out', join(dir, 'base'), '--workers', '1')).code).toBe(0);
    rmSync(join(lib, 'battle.json'));
    const r = await poolsim('report', lib, '--out', join(dir, 'new'), '--workers', '1', '--baseline', join(dir, 'base'));
    expect(r.code).toBe(0); // report's status is its expect checks; diff's is the gate
    expect(r.out).not.toMatch(/nothing moved \(/);
    const changes = readFileSync(join(dir, 'new', 'changes.md'), 'utf8');
    expect(changes).not.toContain('not run here');
    expect(changes).toMatch(/### Only in .*\n\n- "Battle d4 vs d6"/);
    const d = await poolsim('diff', join(dir, 'base'), join(dir, 'new'));
    expect(d.code).toBe(1);
    // The report's headline says it is on one side only, as diff does.
    expect(r.out).toMatch(/no number moved, but 1 scenario\(s\), point\(s\), metric\(s\) or solve\(s\) on one side only/);
    // The same where the baseline and the folder are reached through links (a review: the
    // paths were matched as text, and it read "nothing moved").
    symlinkSync(join(dir, 'base'), join(dir, 'base-link'));
    symlinkSync(lib, join(dir, 'lib-link'));
    const linked = await poolsim('report', join(dir, 'lib-link'), '--out', join(dir, 'new-linked'), '--workers', '1', '--baseline', join(dir, 'base-link'));
    expect(linked.out).toMatch(/no number moved, but 1 scenario\(s\), point\(s\), metric\(s\) or solve\(s\) on one side only/);
    expect(d.out).toMatch(/only in .*base \(the baseline\):\n {2}"Battle d4 vs d6"/);
  });

  test('a report of a subfolder of the baseline\'s, or of a folder and a file, says the baseline\'s others were not run here: only the same inputs are the whole set (a review)', async () => {
    const dir = tempFolder('poolsim-diff-');
    const lib = library(dir);
    mkdirSync(join(lib, 'sub'));
    writeFileSync(join(lib, 'sub', 'knowledge.json'), JSON.stringify({ name: 'Knowledge', system: 'viciousness', mechanic: 'knowledge', trials: 2000, seed: 'k', setup: {} }));
    expect((await poolsim('report', lib, '--out', join(dir, 'base'), '--workers', '1')).code).toBe(0);
    expect(readFileSync(join(dir, 'base', '.poolsim-report'), 'utf8')).toContain('Scenario files and folders it ran (relative to this folder):\n../lib\n');
    const sub = await poolsim('report', join(lib, 'sub'), '--out', join(dir, 'sub'), '--workers', '1', '--baseline', join(dir, 'base'));
    expect(sub.out).toMatch(/nothing moved \(/);
    const changes = readFileSync(join(dir, 'sub', 'changes.md'), 'utf8');
    expect(changes).toContain('### Baseline scenarios not run here (not compared)');
    expect(changes).not.toContain('Only in');
  });

  test('a --precision side\'s trials are said to be its cap, not what ran (an audit: "trials 20000 → 100000000")', async () => {
    const dir = tempFolder('poolsim-diff-');
    const battle = join(library(dir), 'battle.json');
    const fixed = await poolsim('run', battle, '--json', '--workers', '1');
    const precise = await poolsim('run', battle, '--json', '--workers', '1', '--precision', '0.02', '--max-trials', '100000');
    writeFileSync(join(dir, 'a.json'), fixed.out);
    writeFileSync(join(dir, 'b.json'), precise.out);
    const d = await poolsim('diff', join(dir, 'a.json'), join(dir, 'b.json'));
    expect(d.out).toContain('"Battle d4 vs d6": trials 4000 → at most 100000 (--precision 0.02)');
    const j = JSON.parse((await poolsim('diff', join(dir, 'a.json'), join(dir, 'b.json'), '--json')).out);
    expect(j.settings.find((s: any) => s.setting === 'trials' && !s.point)).toMatchObject({ base: 4000, new: 100000, precision: { new: 0.02 } });
  });

  test('hitOn "4+" against the default is caught, exact and Monte Carlo, and marked in the reports', async () => {
    const dir = tempFolder('poolsim-diff-');
    expect((await poolsim('report', library(join(dir, 'a')), '--out', join(dir, 'base'), '--workers', '1')).code).toBe(0);
    const lib = library(join(dir, 'b'), { hitOn: '4+' });
    const r = await poolsim('report', lib, '--out', join(dir, 'new'), '--workers', '1', '--baseline', join(dir, 'base'));
    expect(r.code).toBe(0); // report's status is its expect checks; diff's is below
    expect(r.out).toMatch(/Since .*base: \d+ numbers moved in 2 scenarios/);

    const d = await poolsim('diff', join(dir, 'base'), join(dir, 'new'), '--json');
    expect(d.code).toBe(1);
    const diff = JSON.parse(d.out);
    const moved = (scenario: string) => diff.changes.filter((c: any) => c.scenario === scenario && c.moved).map((c: any) => c.metric);
    // A d6 shows 4, 5 or 6 under 4+: the d6 side hits more, and tops more often.
    expect(moved('Clash d4 vs d6')).toEqual(expect.arrayContaining(['hits.d6trait', 'top.d6trait', 'top.d4trait']));
    // A d4's only face ≥ 4 is the 4: its own hits do not change.
    expect(moved('Clash d4 vs d6')).not.toContain('hits.d4trait');
    const top = diff.changes.find((c: any) => c.scenario === 'Clash d4 vs d6' && c.metric === 'top.d6trait');
    expect(top).toMatchObject({ exact: true, moved: true });
    expect(top.change).toBeGreaterThan(0);
    expect(moved('Battle d4 vs d6')).toEqual(expect.arrayContaining(['win.d4trait', 'win.d6trait']));
    const win = diff.changes.find((c: any) => c.scenario === 'Battle d4 vs d6' && c.metric === 'win.d6trait');
    expect(win.exact).toBe(false);
    // In the game's words too, as the result labels it (a diff audit).
    expect(win.label).toBe('P(win: d6trait)');
    expect(win.q).toBeLessThan(0.05);
    expect(win.ci95[0]).toBeGreaterThan(0);
    expect(diff.settings).toEqual(
      expect.arrayContaining([expect.objectContaining({ scenario: 'Clash d4 vs d6', setting: 'rules' })]),
    );

    // The reports: a summary page, the index's banner, each moved number marked old → new.
    const changes = readFileSync(join(dir, 'new', 'changes.md'), 'utf8');
    expect(changes).toMatch(/❌ \*\*\d+ numbers moved in 2 scenarios/);
    expect(changes).toContain('[Clash d4 vs d6](clash/report.md)');
    // The rule in the form's words, the file's spelling beside it (a reports audit).
    expect(changes).toContain('rule: a hit is (hitOn) “exactly 4” → “4 or more”');
    expect(readFileSync(join(dir, 'new', 'index.md'), 'utf8')).toContain('[what moved](changes.md)');
    const f = (x: number) => x.toFixed(4);
    const report = readFileSync(join(dir, 'new', 'clash', 'report.md'), 'utf8');
    // Exact sides and their change by the exact-figure rule: a d6's odds do not end, so
    // rounded and marked (sim/solve/sentence.ts exactFigure).
    expect(report).toContain(`↑ ${exactFigure(top.base.value)} → ${exactFigure(top.new.value)}, ${signedFigure(exactFigure(top.change), '+')} (exact)`);
    expect(exactFigure(top.change)).toMatch(/^≈/);
    // A moved headline metric: its bold name, then the bold mark — never bold markers run
    // together ("**…<br>**↑ …****" rendered as literal asterisks).
    expect(report).not.toContain('****');
    for (const row of report.split('\n').filter((l) => l.startsWith('|'))) expect((row.match(/\*\*/g) ?? []).length % 2, row).toBe(0);
    expect(report).toMatch(/\*\*[^*|]+ `[^`]+`\*\*<br>\*\*↑ /);
    // The headline's moved figures are marked too, under a banner above them (only the
    // table's rows were, under a banner below the headline: a report audit).
    const headline = report.slice(report.indexOf('## Headline'), report.indexOf('## Expect checks'));
    expect(report.indexOf('moved since the baseline (marked below)')).toBeLessThan(report.indexOf('## Headline'));
    expect(headline).toContain(`P(strictly most hits: d6trait): **${exactFigure(top.new.value)}**`);
    expect(headline).toMatch(/P\(strictly most hits: d6trait\): [^\n]*↑ /);
    const html = readFileSync(join(dir, 'new', 'battle', 'index.html'), 'utf8');
    expect(html.slice(html.indexOf('<section class="headline">'), html.indexOf('</section>'))).toContain('↑ ');
    // A Monte Carlo side with its own interval, then the change's.
    const side = (s: any) => `${f(s.estimate)} [${f(s.ci95[0])}, ${f(s.ci95[1])}]`;
    expect(html).toContain(`↑ ${side(win.base)} → ${side(win.new)}, +${f(win.change)} [+${f(win.ci95[0])}, +${f(win.ci95[1])}]`);
    expect(readFileSync(join(dir, 'new', 'changes.html'), 'utf8')).toContain('<a href="battle/index.html">Battle d4 vs d6</a>');

    // The Markdown summary for a CI job.
    const md = await poolsim('diff', join(dir, 'base'), join(dir, 'new'), '--markdown');
    expect(md.code).toBe(1);
    expect(md.out).toMatch(/^## Balance: what moved since the baseline/);
    expect(md.out).toContain('| P(win: d6trait) `win.d6trait` |');
    // The terminal's lines likewise: the label, then the name a check is written with.
    const text = await poolsim('diff', join(dir, 'base'), join(dir, 'new'));
    expect(text.out).toMatch(/^  P\(win: d6trait\) \(win\.d6trait\) +↑ /m);
  });

  test('a side without labels takes the other side\'s, and two old files the old name lists (the labels were the new side\'s alone: "(success)" with no words)', async () => {
    const dir = tempFolder('poolsim-diff-');
    writeFileSync(join(dir, 'heist.json'), JSON.stringify(HEIST));
    const run = await poolsim('run', join(dir, 'heist.json'), '--json');
    expect(run.code).toBe(0);
    const labelled = JSON.parse(run.out);
    // A label the old name lists do not give, so taking the other side's is told from
    // falling back to them (a review).
    for (const point of labelled.results) point.metrics.success.label = 'P(the heist comes off)';
    const unlabelled = JSON.parse(run.out);
    for (const point of unlabelled.results) for (const m of Object.values<any>(point.metrics)) delete m.label;
    writeFileSync(join(dir, 'labelled.json'), JSON.stringify(labelled));
    writeFileSync(join(dir, 'old.json'), JSON.stringify(unlabelled));
    const success = async (a: string, b: string) => {
      const d = await poolsim('diff', join(dir, a), join(dir, b), '--json');
      expect(d.code).toBe(0);
      return JSON.parse(d.out).changes.find((c: any) => c.metric === 'success');
    };
    const words = 'P(the heist comes off)';
    expect((await success('labelled.json', 'old.json')).label).toBe(words);
    expect((await success('old.json', 'labelled.json')).label).toBe(words);
    // Neither carries one: knavery's success as reports/legacy.ts names it.
    expect((await success('old.json', 'old.json')).label).toBe('P(plan succeeds)');
    const text = await poolsim('diff', join(dir, 'labelled.json'), join(dir, 'old.json'));
    expect(text.out).not.toMatch(/^ +\(success\)/m);
  });

  test('a result file holding an empty list is refused: it would read "nothing moved" and pass a CI gate', async () => {
    const dir = tempFolder('poolsim-diff-');
    writeFileSync(join(dir, 'empty.json'), '[]\n');
    const r = await poolsim('diff', join(dir, 'empty.json'), join(dir, 'empty.json'));
    expect(r.code).toBe(2);
    // Given as both sides, its problem is said once (an audit: twice, once a side).
    expect(r.err).toBe(`poolsim diff: bad input, nothing was compared:\n  ${join(dir, 'empty.json')}: (top level): holds an empty list, no results: expected result JSON (poolsim run --json) with at least one scenario\n`);
    expect(r.out).toBe('');
  });

  test('a device, a file or a pipe over the cap is refused at once, naming the file; a pipe (diff <(…)) is still read. /dev/zero was read without end', async () => {
    const dir = tempFolder('poolsim-diff-');
    const good = { name: 'x', system: 'vdp', mechanic: 'check', trials: 10, seed: 's', results: [{ point: {}, metrics: { success: { estimate: 0.5, ci95: [0.4, 0.6] } } }], expect: [] };
    const result = join(dir, 'good.json');
    writeFileSync(result, JSON.stringify(good));
    // A report folder whose results.json leads to /dev/zero, given as the baseline.
    mkdirSync(join(dir, 'base', 'x'), { recursive: true });
    symlinkSync('/dev/zero', join(dir, 'base', 'x', 'results.json'));
    const device = 'not a regular file or a pipe (a device or socket cannot be a result file): expected a result file';
    // As its own process, with a time limit: read without end, it never came back.
    for (const [args, message] of [
      [['diff', '/dev/zero', result], `/dev/zero: (top level): ${device}`],
      [['report', result, '--out', join(dir, 'out'), '--baseline', join(dir, 'base')], `${join(dir, 'base', 'x', 'results.json')}: (top level): ${device}`],
    ] as const) {
      const r = spawnSync(process.execPath, ['bin/poolsim.js', ...args], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(dir, 'out'))).toBe(false);

    const most = `a result file is at most ${MAX_RESULT_BYTES.toLocaleString('en')} bytes (256 MiB)`;
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_RESULT_BYTES + 1);
    let r = await poolsim('diff', result, big);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${big}: (top level): ${(MAX_RESULT_BYTES + 1).toLocaleString('en')} bytes: ${most}`);

    // A pipe is read as it comes, up to the cap: as `diff <(poolsim run … --json) new.json` gives it.
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const fill = (command: string) => spawn('sh', ['-c', `${command} > "$0"`, fifo], { stdio: 'ignore' });
    fill(`head -c ${MAX_RESULT_BYTES + 2} /dev/zero`);
    r = await poolsim('diff', fifo, result);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${fifo}: (top level): more than ${MAX_RESULT_BYTES.toLocaleString('en')} bytes: ${most}`);
    fill(`cat "${result}"`);
    r = await poolsim('diff', fifo, result);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('nothing moved');
  });

  test('a figure outside its own interval, or a result that does not say what it is of, is refused', async () => {
    // 0.5 → 0.9 inside [0.49, 0.51] read "nothing moved"; a missing mechanic read "undefined undefined".
    const dir = tempFolder('poolsim-diff-');
    const of = (estimate: number, more: object = {}) => ({ name: 's', system: 'viciousness', mechanic: 'knavery', trials: 20000, seed: 1, results: [{ point: {}, metrics: { sixes: { estimate, ci95: [0.49, 0.51], kind: 'mean' } } }], ...more });
    writeFileSync(join(dir, 'base.json'), JSON.stringify(of(0.5)));
    writeFileSync(join(dir, 'outside.json'), JSON.stringify(of(0.9)));
    const outside = await poolsim('diff', join(dir, 'base.json'), join(dir, 'outside.json'));
    expect(outside.code).toBe(2);
    expect(outside.err).toContain(`${join(dir, 'outside.json')}: results.0.metrics.sixes.estimate: 0.9 lies outside its own ci95 [0.49, 0.51]`);
    expect(outside.out).toBe('');
    const bare = of(0.5) as Record<string, unknown>;
    delete bare.mechanic;
    writeFileSync(join(dir, 'bare.json'), JSON.stringify(bare));
    const missing = await poolsim('diff', join(dir, 'base.json'), join(dir, 'bare.json'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`${join(dir, 'bare.json')}: mechanic`);
  });

  test('result files: one-sided scenarios, points and metrics and a changed trial count are listed (exit 1)', async () => {
    const dir = tempFolder('poolsim-diff-');
    const m = (estimate: number) => ({ estimate, ci95: [estimate - 0.01, estimate + 0.01] });
    const result = (name: string, trials: number, points: Record<string, unknown>[]) => ({
      name,
      system: 'viciousness',
      mechanic: 'knavery',
      trials,
      seed: 's',
      results: points,
      expect: [],
    });
    writeFileSync(
      join(dir, 'base.json'),
      JSON.stringify([
        result('kept', 1000, [
          { point: { 'setup.challenges': 1 }, metrics: { success: m(0.5), sixes: m(0.2) } },
          { point: { 'setup.challenges': 2 }, metrics: { success: m(0.3) } },
        ]),
        result('dropped', 1000, [{ point: {}, metrics: { success: m(0.5) } }]),
      ]),
    );
    writeFileSync(
      join(dir, 'new.json'),
      JSON.stringify([
        result('kept', 2000, [
          { point: { 'setup.challenges': 1 }, metrics: { success: m(0.5) } },
          { point: { 'setup.challenges': 3 }, metrics: { success: m(0.2) } },
        ]),
        result('added', 1000, [{ point: {}, metrics: { success: m(0.5) } }]),
      ]),
    );
    const d = await poolsim('diff', join(dir, 'base.json'), join(dir, 'new.json'));
    expect(d.code).toBe(1);
    // Exit 1: its first words do not say "nothing moved".
    expect(d.out).toMatch(/^no number moved, but 5 scenario\(s\), point\(s\), metric\(s\) or solve\(s\) on one side only/m);
    expect(d.out).not.toContain('nothing moved');
    expect(d.out).toContain('"dropped"');
    expect(d.out).toContain('"kept" at challenges = 2');
    expect(d.out).toContain('"kept" at challenges = 1 metric sixes');
    expect(d.out).toContain('"kept" at challenges = 3');
    expect(d.out).toContain('"added"');
    expect(d.out).toContain('"kept": trials 1000 → 2000');
  });

  test('a lone value and a list of it are one sweep value: a file tidied from "d4" to ["d4"] moves nothing', async () => {
    const dir = tempFolder('poolsim-diff-');
    const scenario = clashBonus;
    writeFileSync(join(dir, 'lone.json'), JSON.stringify(scenario(['d4', 'd6'])));
    writeFileSync(join(dir, 'list.json'), JSON.stringify(scenario([['d4'], ['d6']])));
    for (const name of ['lone', 'list']) {
      const r = await poolsim('run', join(dir, `${name}.json`), '--json', '--workers', '1');
      expect(r.code, r.err).toBe(0);
      writeFileSync(join(dir, `${name}-result.json`), r.out);
    }
    const d = await poolsim('diff', join(dir, 'lone-result.json'), join(dir, 'list-result.json'));
    expect(d.code, d.out + d.err).toBe(0);
    expect(d.out).toMatch(/^nothing moved \(\d+ numbers compared in 1 scenario/m);
    expect(d.out).not.toMatch(/only in/i);
  });

  test('dice written another way are one sweep value: a file tidied from "1d4" to "d4", or from ["2d4"] to ["d4", "d4"], pairs point for point (an audit: "only in" each side)', async () => {
    const dir = tempFolder('poolsim-diff-dice-');
    const scenario = clashBonus;
    writeFileSync(join(dir, 'long.json'), JSON.stringify(scenario(['1d4', ['2d6']])));
    writeFileSync(join(dir, 'short.json'), JSON.stringify(scenario(['d4', ['d6', 'd6']])));
    for (const name of ['long', 'short']) {
      const r = await poolsim('run', join(dir, `${name}.json`), '--json', '--workers', '1');
      expect(r.code, r.err).toBe(0);
      writeFileSync(join(dir, `${name}-result.json`), r.out);
    }
    const d = await poolsim('diff', join(dir, 'long-result.json'), join(dir, 'short-result.json'));
    expect(d.out).not.toMatch(/only in/i);
    expect(d.out).toMatch(/\(\d+ numbers compared in 1 scenario/);
  });

  test('a corrupted field of a result says what was expected there and what was found, never zod\'s "Invalid input"', async () => {
    const dir = tempFolder('poolsim-diff-fields-');
    const good = { name: 'x', system: 'vdp', mechanic: 'check', trials: 10, seed: 's', results: [{ point: {}, metrics: { success: { estimate: 0.5, ci95: [0.4, 0.6] } } }], expect: [] };
    writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
    const corrupt = (name: string, edit: (r: any) => void) => {
      const r = structuredClone(good) as any;
      edit(r);
      writeFileSync(join(dir, name), JSON.stringify(r));
      return join(dir, name);
    };
    const cases: [string, (r: any) => void, string][] = [
      ['seed-null.json', (r) => (r.seed = null), 'seed: expected a string or a number, got null'],
      ['seed-gone.json', (r) => delete r.seed, 'seed: missing: expected a string or a number'],
      ['trials-half.json', (r) => (r.trials = 1.5), 'trials: expected an integer, got the number 1.5'],
      ['name-empty.json', (r) => (r.name = ''), 'name: expected a non-empty string'],
      ['point-list.json', (r) => (r.results[0].point = []), 'results.0.point: expected an object, got a list'],
      ['estimate-text.json', (r) => (r.results[0].metrics.success.estimate = 'half'), 'results.0.metrics.success.estimate: expected a number, got "half"'],
      ['decided-text.json', (r) => (r.solve = [{ name: 'a', decided: 'yes' }]), 'solve.0.decided: expected true or false, got "yes"'],
    ];
    for (const [name, edit, message] of cases) {
      const file = corrupt(name, edit);
      const r = await poolsim('diff', join(dir, 'good.json'), file);
      expect(r.code, name).toBe(2);
      expect(r.err, name).toContain(`${file}: ${message}`);
      expect(r.err, name).not.toContain('Invalid input');
    }
  });

  test('a field this poolsim does not write, at any level, or trials past the cap, is refused as merge refuses a part\'s: never compared as if it were not there (an audit: both passed, "nothing moved", exit 0)', async () => {
    const dir = tempFolder('poolsim-diff-strict-');
    const good = {
      name: 'x', system: 'vdp', mechanic: 'check', trials: 10, seed: 's',
      results: [{ point: {}, trials: 10, metrics: { success: { estimate: 0.5, ci95: [0.4, 0.6], kind: 'probability', label: 'P(success)' } }, distributions: { total: { x: [1], p: [1] } }, notes: ['n'] }],
      expect: [{ metric: 'success', atLeast: 0.1, pass: true }],
    };
    writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
    const same = await poolsim('diff', join(dir, 'good.json'), join(dir, 'good.json'));
    expect(same.code, same.err).toBe(0);
    const edited = (name: string, edit: (r: any) => void) => {
      const r = structuredClone(good) as any;
      edit(r);
      writeFileSync(join(dir, name), JSON.stringify(r));
      return join(dir, name);
    };
    const newer = 'this poolsim writes no such field in a result, so it cannot tell what the field means (a newer poolsim\'s, or an edit): compare results this poolsim wrote, or diff them with the poolsim that wrote them';
    const cases: [string, (r: any) => void, string][] = [
      ['top.json', (r) => (r.weights = { a: 2 }), `weights: unknown field "weights": ${newer}`],
      ['point.json', (r) => (r.results[0].weight = 2), `results.0.weight: unknown field "weight": ${newer}`],
      ['metric.json', (r) => (r.results[0].metrics.success.bias = 0.1), `results.0.metrics.success.bias: unknown field "bias": ${newer}`],
      ['distribution.json', (r) => (r.results[0].distributions.total.smoothed = true), `results.0.distributions.total.smoothed: unknown field "smoothed": ${newer}`],
      ['expect.json', (r) => (r.expect[0].tolerance = 0.1), `expect.0.tolerance: unknown field "tolerance": ${newer}`],
      ['solve.json', (r) => (r.solve = [{ name: 'a', decided: true, value: null, monotone: true, points: [], prior: 1 }]), `solve.0.prior: unknown field "prior": ${newer}`],
      ['trials.json', (r) => (r.trials = 1e15), 'trials: expected a number ≤ 1000000000, got 1000000000000000'],
      ['point-trials.json', (r) => (r.results[0].trials = 1e15), 'results.0.trials: expected a number ≤ 1000000000, got 1000000000000000'],
    ];
    for (const [name, edit, message] of cases) {
      const file = edited(name, edit);
      for (const [base, next] of [[join(dir, 'good.json'), file], [file, join(dir, 'good.json')]]) {
        const r = await poolsim('diff', base, next);
        expect(r.code, name).toBe(2);
        expect(r.err, name).toContain(`poolsim diff: bad input, nothing was compared:\n  ${file}: ${message}`);
        expect(r.out, name).toBe('');
      }
    }
  });

  test('a path through a file and ".." (`k.json/../base.json`) is not read or written, as the system reads none (ENOTDIR); nor one through a missing folder and ".." (an audit: both read ./base.json)', async () => {
    const dir = tempFolder('poolsim-diff-notdir-');
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'k.json'), JSON.stringify({ name: 'k', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'k', setup: {} }));
    const base = join(dir, 'base.json');
    writeFileSync(base, (await poolsim('run', join(dir, 'lib', 'k.json'), '--json')).out);
    const through = `${join(dir, 'lib', 'k.json')}/../../base.json`;
    expect(() => readFileSync(through)).toThrow(/ENOTDIR/);
    const notDir = `cannot be read: ${join(dir, 'lib', 'k.json')} is a file, not a folder, so the path cannot go on past it (ENOTDIR): expected a result file or a report folder`;
    const d = await poolsim('diff', base, through);
    expect(d.code).toBe(2);
    expect(d.err).toContain(`${through}: (top level): ${notDir}`);
    const missing = `${join(dir, 'nowhere')}/../base.json`;
    expect(() => readFileSync(missing)).toThrow(/ENOENT/);
    const m = await poolsim('diff', base, missing);
    expect(m.code).toBe(2);
    expect(m.err).toContain(`${missing}: (top level): no such file or folder: expected a result file or a report folder`);
    // report: --baseline so is bad input, --out so is refused, nothing run or written.
    const report = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'), '--baseline', through, '--workers', '1');
    expect(report.code).toBe(2);
    expect(report.err).toContain(`${through}: (top level): ${notDir}`);
    const out = `${join(dir, 'lib', 'k.json')}/../../rep`;
    const written = await poolsim('report', join(dir, 'lib'), '--out', out, '--workers', '1');
    expect(written.code).toBe(2);
    expect(written.err).toContain(`poolsim: --out ${out}: cannot be written there: ${join(dir, 'lib', 'k.json')} is a file, not a folder, so the path cannot go on past it (ENOTDIR); nothing was run or written`);
    expect(readdirSync(dir).sort()).toEqual(['base.json', 'lib']);
    // Through a folder and "..", the same files are read and written.
    const fine = await poolsim('diff', base, `${join(dir, 'lib')}/../base.json`);
    expect(fine.code, fine.err).toBe(0);
  });

  test('report reads --baseline as diff does and writes --out only where the path leads: through a link and a missing folder neither is read or written; a backslash is part of a name (a review)', async () => {
    const dir = tempFolder('poolsim-diff-missing-');
    mkdirSync(join(dir, 'lib'));
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real'), join(dir, 'lnk'));
    writeFileSync(join(dir, 'lib', 'k.json'), JSON.stringify({ name: 'k', system: 'viciousness', mechanic: 'knowledge', trials: 1000, seed: 'k', setup: {} }));
    const made = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'rep'), '--workers', '1');
    expect(made.code, made.err).toBe(0);
    const listed = () => readdirSync(dir).sort();
    const before = listed();
    // lnk/.. is dir, dir/nowhere is missing: the system opens nothing there.
    const nowhere = `${join(dir, 'lnk')}/../nowhere/../rep`;
    expect(() => readdirSync(nowhere)).toThrow(/ENOENT/);
    const d = await poolsim('diff', nowhere, join(dir, 'rep'));
    expect(d.code).toBe(2);
    const r = await poolsim('report', join(dir, 'lib'), '--out', join(dir, 'out'), '--baseline', nowhere, '--workers', '1');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${nowhere}: (top level): no such file or folder: expected a result file or a report folder`);
    // It read dir/rep and said "nothing moved".
    expect(r.out).not.toContain('Since');
    const out = `${join(dir, 'missing')}/../out`;
    const w = await poolsim('report', join(dir, 'lib'), '--out', out, '--workers', '1');
    expect(w.code).toBe(2);
    expect(w.err).toContain(`poolsim: --out ${out}: cannot be written there: ${join(dir, 'missing')} does not exist, so the path cannot go on past it (ENOENT)`);
    expect(listed()).toEqual(before);
    if (process.platform !== 'win32') {
      // On POSIX `k.json\..\base.json` is one file's name, not a path through k.json.
      const odd = join(dir, 'lib', 'k.json\\..\\base.json');
      writeFileSync(odd, readFileSync(join(dir, 'rep', 'k', 'results.json')));
      const b = await poolsim('diff', odd, join(dir, 'rep'));
      expect(b.err).toBe('');
      expect(b.code).toBe(0);
      const slash = await poolsim('report', join(dir, 'lib', 'k.json'), '--out', join(dir, 'o\\'), '--workers', '1');
      expect(slash.code, slash.err).toBe(0);
      expect(slash.out).toContain(`Open ${join(dir, 'o\\')}/index.html`);
      expect(existsSync(`${join(dir, 'o\\')}/index.html`)).toBe(true);
    }
  });

  test('bad input exits 2 naming the file and the path inside it; report --baseline writes nothing', async () => {
    const dir = tempFolder('poolsim-diff-');
    const good = { name: 'x', system: 'vdp', mechanic: 'check', trials: 10, seed: 's', results: [{ point: {}, metrics: { success: { estimate: 0.5, ci95: [0.4, 0.6] } } }], expect: [] };
    writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
    writeFileSync(join(dir, 'broken.json'), '{"name": ');
    const badCi = structuredClone(good);
    (badCi.results[0]!.metrics.success as any).ci95 = [0.6, 'high'];
    writeFileSync(join(dir, 'bad-ci.json'), JSON.stringify(badCi));
    writeFileSync(join(dir, 'twice.json'), JSON.stringify([good, good]));
    const samePoint = { ...good, results: [good.results[0], good.results[0]] };
    writeFileSync(join(dir, 'same-point.json'), JSON.stringify(samePoint));

    const cases: [string, string][] = [
      ['broken.json', `${join(dir, 'broken.json')}: (top level): expected result JSON (poolsim run --json)`],
      ['bad-ci.json', `${join(dir, 'bad-ci.json')}: results.0.metrics.success.ci95.1: expected a number`],
      ['twice.json', `${join(dir, 'twice.json')}: 1.name: "x" is also the name of a scenario in ${join(dir, 'twice.json')}`],
      ['same-point.json', `${join(dir, 'same-point.json')}: results.1.point: the same point as results.0`],
      ['missing.json', `${join(dir, 'missing.json')}: (top level): no such file or folder`],
      ['.', `${dir}: (top level): no <scenario>/results.json in this folder`],
    ];
    // Files a user reaches for by mistake are named for what they are.
    writeFileSync(join(dir, 'part.json'), JSON.stringify({ format: 'poolsim-part', version: 1 }));
    writeFileSync(join(dir, 'scenario.json'), JSON.stringify({ name: 'x', system: 'vdp', mechanic: 'check', setup: {} }));
    writeFileSync(join(dir, 'scenario.yaml'), 'name: x\nsystem: vdp\nmechanic: check\nsetup: {}\n');
    writeFileSync(join(dir, 'solved.json'), JSON.stringify({ name: 'x', system: 'vdp', mechanic: 'check', seed: 's', solve: [] }));
    writeFileSync(join(dir, 'solve-twice.json'), JSON.stringify({ ...good, solve: [{ name: 'a', decided: true, value: 1 }, { name: 'a', decided: true, value: 1 }] }));
    cases.push(
      ['part.json', `${join(dir, 'part.json')}: (top level): is a part file of a sharded run (run --shard), not a result: expected the merged result (poolsim merge`],
      ['scenario.json', `${join(dir, 'scenario.json')}: (top level): is a scenario, not a result: expected its result (poolsim run FILE --json`],
      ['scenario.yaml', `${join(dir, 'scenario.yaml')}: (top level): is a scenario, not a result: expected its result (poolsim run FILE --json`],
      ['solved.json', `${join(dir, 'solved.json')}: (top level): is poolsim solve --json output, which diff does not compare`],
      ['solve-twice.json', `${join(dir, 'solve-twice.json')}: solve.1.name: the same name as solve.0: each solve once`],
    );
    for (const [file, message] of cases) {
      const r = await poolsim('diff', join(dir, 'good.json'), join(dir, file));
      expect(r.code, file).toBe(2);
      expect(r.err, file).toContain(message);
    }
    expect((await poolsim('diff', join(dir, 'good.json'))).code).toBe(2);
    expect((await poolsim('diff', join(dir, 'good.json'), join(dir, 'good.json'), '--fdr', '2')).err).toContain('--fdr expects a rate between 0 and 1');
    // A negative number is the flag's value, refused by its own check (node's parser said "ambiguous").
    expect((await poolsim('diff', join(dir, 'good.json'), join(dir, 'good.json'), '--min-change', '-1')).err).toContain('--min-change expects a number ≥ 0 such as 0.01, got "-1"');
    expect((await poolsim('run', join(dir, 'good.json'), '--trials', '-5')).err).toContain('--trials expects a positive whole number, got "-5"');

    const lib = library(dir);
    const out = join(dir, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'previous report');
    const r = await poolsim('report', lib, '--out', out, '--baseline', join(dir, 'nowhere'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(dir, 'nowhere')}: (top level): no such file or folder`);
    expect(readdirSync(out)).toEqual(['keep.txt']);
    expect(existsSync(join(out, 'changes.md'))).toBe(false);
    // The baseline itself as --out: refused as what it is, not as a folder "being run".
    expect((await poolsim('report', lib, '--out', join(dir, 'base0'), '--workers', '1')).code).toBe(0);
    const same = await poolsim('report', lib, '--out', join(dir, 'base0'), '--baseline', join(dir, 'base0'));
    expect(same.code).toBe(2);
    expect(same.err).toContain('is the --baseline folder, which the new reports are compared with');
  });

  test('solve answers: one that moved fails the diff and is marked on its page; one that only grew less sure is listed, not failed', async () => {
    const dir = tempFolder('poolsim-diff-');
    const lib = join(dir, 'lib');
    mkdirSync(lib);
    // The heist: success at c challenges of 3 plain participants is 1, 7/8, 1/2, 1/8, 0 (exact).
    const heist = (target: number) => ({
      ...HEIST,
      solve: [{ name: 'even', vary: 'setup.challenges', range: [0, 5], metric: 'success', target }],
    });
    writeFileSync(join(lib, 'heist.json'), JSON.stringify(heist(0.5)));
    expect((await poolsim('report', lib, '--out', join(dir, 'base'), '--workers', '1')).code).toBe(0);
    writeFileSync(join(lib, 'heist.json'), JSON.stringify(heist(0.2)));
    const r = await poolsim('report', lib, '--out', join(dir, 'new'), '--workers', '1', '--baseline', join(dir, 'base'));
    expect(r.out).toMatch(/1 solve answer moved/);
    const d = await poolsim('diff', join(dir, 'base'), join(dir, 'new'));
    expect(d.code).toBe(1);
    // Each side says what its answer stands on: the metric at the value found.
    expect(d.out).toContain('"Heist" solve "even": 2 (success 0.5 exact) → 3 (success 0.125 exact) (moved)');
    expect(d.out).toContain('"Heist": solve "even" asks target 0.5 → 0.2');
    expect(readFileSync(join(dir, 'new', 'changes.md'), 'utf8')).toContain('### Solve answers that changed');
    const page = readFileSync(join(dir, 'new', 'heist', 'report.md'), 'utf8');
    expect(page).toContain('1 solve answer moved since the baseline');
    expect(page).toContain('**Moved since the baseline: 2 (success 0.5 exact) → 3 (success 0.125 exact)** [All changes](../changes.md)');
    const json = JSON.parse((await poolsim('diff', join(dir, 'base'), join(dir, 'new'), '--json')).out);
    expect(json).toMatchObject({ anythingMoved: true, answersMoved: 1, answers: [{ scenario: 'Heist', solve: 'even', base: { decided: true, value: 2 }, new: { decided: true, value: 3 }, changed: true, moved: true }] });

    // Less sure, not moved: the same answer undecided between it and another, as only a
    // Monte Carlo search gives one (an exact answer is always decided: diff refuses an exact
    // one edited to undecided).
    const base = JSON.parse(readFileSync(join(dir, 'base', 'heist', 'results.json'), 'utf8'));
    const unsure = structuredClone(base);
    unsure.solve[0] = { ...monteCarlo(unsure.solve[0]), decided: false, value: undefined, candidates: [2, 3] };
    writeFileSync(join(dir, 'a.json'), JSON.stringify(base));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(unsure));
    const u = await poolsim('diff', join(dir, 'a.json'), join(dir, 'b.json'));
    expect(u.code, u.out).toBe(0);
    expect(u.out).toContain('"Heist" solve "even": 2 (success 0.5 exact) → undecided: 2 or 3 (not moved: the sides share a possible answer)');
    // Sharing one possible answer is all "not moved" says: 3 → undecided: 2 or 3 does not allow 2 on both sides.
    const three = structuredClone(base);
    // 3 is the nearest to 0.2 (an exact answer is what its own points give: diff refuses another).
    three.solve[0] = { ...three.solve[0], target: 0.2, value: 3 };
    writeFileSync(join(dir, 'three.json'), JSON.stringify(three));
    expect((await poolsim('diff', join(dir, 'three.json'), join(dir, 'b.json'))).out).toContain('"Heist" solve "even": 3 (success 0.125 exact) → undecided: 2 or 3 (not moved: the sides share a possible answer)');
    // An exact tie says the figure at its value (it said "1 or 2 (tied)" and nothing more).
    writeFileSync(join(lib, 'heist.json'), JSON.stringify(heist(0.6875)));
    expect((await poolsim('report', lib, '--out', join(dir, 'tie'), '--workers', '1')).code).toBe(0);
    expect((await poolsim('diff', join(dir, 'base'), join(dir, 'tie'))).out).toContain('"Heist" solve "even": 2 (success 0.5 exact) → 1 or 2 (tied; success 0.875 exact at 1) (not moved: the sides share a possible answer)');
    // A result without answers (run --json, merge) compares its numbers only, and says so.
    const { solve: _dropped, ...unanswered } = base;
    writeFileSync(join(dir, 'run.json'), JSON.stringify(unanswered));
    const plain = await poolsim('diff', join(dir, 'a.json'), join(dir, 'run.json'));
    expect(plain.code, plain.out).toBe(0);
    expect(plain.out).toMatch(/solve answers not compared \(one side carries none[^\n]*\n\s+"Heist"/);
    expect(plain.out).not.toMatch(/solve answers? (compared|moved)/);
    // A block that now searches other values, or a Monte Carlo search at another cap, says
    // so among the settings (an audit: a range widened to take in "none" read as a moved
    // answer with nothing to say why); an answer without them (before December 2026) does not.
    expect(base.solve[0].range).toEqual([0, 5]);
    const wider = structuredClone(base);
    // Its answer and points within the range it names (diff refuses a value outside it).
    wider.solve[0] = { ...wider.solve[0], range: [2, 12], points: wider.solve[0].points.filter((p: any) => p.value >= 2) };
    writeFileSync(join(dir, 'wider.json'), JSON.stringify(wider));
    const w = await poolsim('diff', join(dir, 'a.json'), join(dir, 'wider.json'));
    expect(w.out).toContain('"Heist": solve "even" asks range [0,5] → [2,12]');
    const listed = structuredClone(base);
    listed.solve[0] = { ...listed.solve[0], range: undefined, values: [0, 1, 2, 3, 4, 5] };
    writeFileSync(join(dir, 'listed.json'), JSON.stringify(listed));
    expect((await poolsim('diff', join(dir, 'a.json'), join(dir, 'listed.json'))).out).toContain('"Heist": solve "even" asks range [0,5] → (unset), values (unset) → [0,1,2,3,4,5]');
    const older = structuredClone(base);
    delete older.solve[0].range;
    writeFileSync(join(dir, 'older.json'), JSON.stringify(older));
    const o = await poolsim('diff', join(dir, 'older.json'), join(dir, 'a.json'));
    expect(o.code, o.out).toBe(0);
    expect(o.out).not.toContain('asks');
    const capped = (maxTrials: number) => ({ ...base, solve: [{ ...monteCarlo(base.solve[0]), maxTrials }] });
    writeFileSync(join(dir, 'cap1.json'), JSON.stringify(capped(65536)));
    writeFileSync(join(dir, 'cap2.json'), JSON.stringify(capped(131072)));
    expect((await poolsim('diff', join(dir, 'cap1.json'), join(dir, 'cap2.json'))).out).toContain('"Heist": solve "even" asks maxTrials 65536 → 131072');

    // A block on one side only fails, as a metric would.
    const gone = { ...base, solve: [] };
    writeFileSync(join(dir, 'c.json'), JSON.stringify(gone));
    const g = await poolsim('diff', join(dir, 'a.json'), join(dir, 'c.json'));
    expect(g.code).toBe(1);
    expect(g.out).toContain('"Heist" solve "even"');
  });

  test('a scenario of the same name that is now another mechanic compares none of its numbers or answers, and fails the diff (exit 1)', async () => {
    // An audit: a clash turned battle under its old name listed wounded.d4trait ≈0.41 →
    // 1.74 as moved (q < 1e-15): one clash's wounds and a whole battle's are other things.
    const dir = tempFolder('poolsim-diff-');
    const lib = library(dir);
    for (const slug of ['clash', 'battle']) {
      const scenario = JSON.parse(readFileSync(join(lib, `${slug}.json`), 'utf8'));
      writeFileSync(join(dir, `${slug}-same.json`), JSON.stringify({ ...scenario, name: 'Same' }));
      const r = await poolsim('run', join(dir, `${slug}-same.json`), '--json', '--workers', '1', '--trials', '1000');
      expect(r.code, r.err).toBe(0);
      writeFileSync(join(dir, `${slug}-result.json`), r.out);
    }
    const d = await poolsim('diff', join(dir, 'clash-result.json'), join(dir, 'battle-result.json'));
    expect(d.code, d.out).toBe(1);
    expect(d.out).toMatch(/^no number moved, but 1 scenario now another system or mechanic \(not compared\) \(0 numbers compared in 0 scenarios/m);
    expect(d.out).toContain('scenarios now another system or mechanic (their numbers and solve answers not compared: the same metric name means another thing):\n  "Same": mechanic "viciousness clash" → "viciousness battle"\n');
    expect(d.out).not.toContain('wounded');
    expect(d.out).not.toMatch(/only in|settings that differ/);
    const json = JSON.parse((await poolsim('diff', join(dir, 'clash-result.json'), join(dir, 'battle-result.json'), '--json')).out);
    expect(json).toMatchObject({ anythingMoved: true, changes: [], scenarios: 0, onlyInBase: [], onlyInNew: [], otherMechanic: ['Same'] });
    expect(json.settings).toEqual([{ scenario: 'Same', setting: 'mechanic', base: 'viciousness clash', new: 'viciousness battle' }]);

    // Its solve answers neither: a block of the same name asks about another game. And the
    // change fails the diff even where every number and answer reads the same (exit 0 before).
    writeFileSync(join(dir, 'lib2.json'), JSON.stringify({ ...HEIST, solve: [{ name: 'even', vary: 'setup.challenges', range: [0, 5], metric: 'success', target: 0.5 }] }));
    expect((await poolsim('report', join(dir, 'lib2.json'), '--out', join(dir, 'heist'), '--workers', '1')).code).toBe(0);
    const heist = JSON.parse(readFileSync(join(dir, 'heist', 'lib2', 'results.json'), 'utf8'));
    writeFileSync(join(dir, 'renamed.json'), JSON.stringify({ ...heist, mechanic: 'clash' }));
    const same = await poolsim('diff', join(dir, 'heist', 'lib2', 'results.json'), join(dir, 'renamed.json'), '--json');
    expect(same.code, same.out).toBe(1);
    expect(JSON.parse(same.out)).toMatchObject({ anythingMoved: true, changes: [], answers: [], otherMechanic: ['Heist'] });

    // report --baseline: the scenario's page says what it was and that nothing was compared.
    mkdirSync(join(dir, 'lib-clash'));
    mkdirSync(join(dir, 'lib-battle'));
    writeFileSync(join(dir, 'lib-clash', 'same.json'), readFileSync(join(dir, 'clash-same.json')));
    writeFileSync(join(dir, 'lib-battle', 'same.json'), readFileSync(join(dir, 'battle-same.json')));
    expect((await poolsim('report', join(dir, 'lib-clash'), '--out', join(dir, 'r-clash'), '--workers', '1', '--trials', '1000')).code).toBe(0);
    const r = await poolsim('report', join(dir, 'lib-battle'), '--out', join(dir, 'r-battle'), '--workers', '1', '--trials', '1000', '--baseline', join(dir, 'r-clash'));
    expect(r.out).toContain('1 scenario now another system or mechanic (not compared)');
    expect(readFileSync(join(dir, 'r-battle', 'same', 'report.md'), 'utf8')).toContain('**In the baseline this scenario was a viciousness clash: its numbers and solve answers were not compared.** [All changes](../changes.md)');
    expect(readFileSync(join(dir, 'r-battle', 'changes.md'), 'utf8')).toMatch(/^❌ \*\*no number moved, but 1 scenario now another system or mechanic/m);
  });

  test('a scenario that loses all its solve blocks, or gains its first, between two reports is on one side only (exit 1), both ways; a run --json result is not compared', async () => {
    // An audit: a report folder writes no `solve` for a scenario without blocks, and the
    // diff read that as "carries none, as run --json" — all blocks gone passed the gate.
    const dir = tempFolder('poolsim-diff-');
    const heist = (solve: boolean) => ({
      ...HEIST,
      ...(solve ? { solve: [{ name: 'even', vary: 'setup.challenges', range: [0, 5], metric: 'success', target: 0.5 }] } : {}),
    });
    for (const [name, solve] of [['with', true], ['without', false]] as const) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'heist.json'), JSON.stringify(heist(solve)));
      expect((await poolsim('report', join(dir, name), '--out', join(dir, `r-${name}`), '--workers', '1')).code).toBe(0);
    }
    const lost = await poolsim('diff', join(dir, 'r-with'), join(dir, 'r-without'));
    expect(lost.code, lost.out).toBe(1);
    expect(lost.out).toMatch(/only in [^\n]*\(the baseline\):\n\s+"Heist" solve "even"/);
    expect(lost.out).not.toContain('not compared');
    const gained = await poolsim('diff', join(dir, 'r-without'), join(dir, 'r-with'));
    expect(gained.code, gained.out).toBe(1);
    expect(gained.out).toMatch(/only in [^\n]*r-with:\n\s+"Heist" solve "even"/);
    // One scenario's folder, and its results.json named on its own, are a report's too.
    expect((await poolsim('diff', join(dir, 'r-with', 'heist'), join(dir, 'r-without', 'heist'))).code).toBe(1);
    expect((await poolsim('diff', join(dir, 'r-with'), join(dir, 'r-without', 'heist', 'results.json'))).code).toBe(1);
    // report --baseline says so on its pages too.
    const r = await poolsim('report', join(dir, 'without'), '--out', join(dir, 'r-new'), '--workers', '1', '--baseline', join(dir, 'r-with'));
    expect(readFileSync(join(dir, 'r-new', 'changes.md'), 'utf8')).toMatch(/### Only in the baseline\n\n- "Heist" solve "even"/);
    expect(r.out).not.toMatch(/nothing moved/);
    // A run --json result carries no answers whatever the file asks: not compared, and said so.
    const run = await poolsim('run', join(dir, 'without', 'heist.json'), '--json');
    writeFileSync(join(dir, 'run.json'), run.out);
    const plain = await poolsim('diff', join(dir, 'run.json'), join(dir, 'r-with'));
    expect(plain.code, plain.out).toBe(0);
    expect(plain.out).toMatch(/solve answers not compared \(one side carries none[^\n]*\n\s+"Heist"/);
    // Laid out by hand as a report is (a folder of <name>/results.json), without a report's
    // mark: still a run --json result, not compared (a review).
    mkdirSync(join(dir, 'by-hand', 'heist'), { recursive: true });
    writeFileSync(join(dir, 'by-hand', 'heist', 'results.json'), run.out);
    const byHand = await poolsim('diff', join(dir, 'by-hand'), join(dir, 'r-with'));
    expect(byHand.code, byHand.out).toBe(0);
    expect(byHand.out).toMatch(/solve answers not compared/);
  });
});
