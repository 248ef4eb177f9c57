/**
 * The report files as strings: the CSV's shape, pass/fail marking of expect checks, and
 * HTML that carries its charts inline without their ids colliding.
 */
import { chartPlan } from '../../reports/charts/plan.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../helpers.ts';
import { headlineLines, headlineValue } from '../../reports/headline.ts';
import { intervalCell } from '../../dashboard/charts/table.ts';
import { laidOutMetrics } from '../../dashboard/model/metrics.ts';
import { from, fromCSV } from 'arquero';
import { chartsFor } from '../../reports/charts/index.ts';
import { metricKinds } from '../../reports/metrics.ts';
import { formatNumber, pointLabel, sweepLabel } from '../../reports/sweep.ts';
import {
  describeCheck,
  measured,
  renderIndex,
  renderResultsCsv,
  renderScenarioHtml,
  renderScenarioMarkdown,
} from '../../reports/render.ts';
import { pointNotes } from '../../reports/pointNotes.ts';
import { mechanics } from '../../sim/mechanics.ts';
import { ambushBattle, heistByChallenges, heistGrid, heistOnePoint } from './fixtures.ts';

describe('results.csv', () => {
  it('has one row per point × metric, sweep paths first', () => {
    const table = fromCSV(renderResultsCsv(heistByChallenges));
    expect(table.columnNames()).toEqual(['setup.challenges', 'metric', 'estimate', 'ci_low', 'ci_high', 'exact', 'kind', 'scale', 'trials', 'label']);
    expect(table.numRows()).toBe(5 * 2);
    const row = table.objects()[2] as Record<string, unknown>;
    expect(row).toMatchObject({ 'setup.challenges': 3, metric: 'success', exact: 0.3125, kind: 'probability', trials: 20000, label: 'P(plan succeeds)' });
  });

  it('leaves exact empty where the project does not compute it, and has no sweep columns without sweep', () => {
    const csv = renderResultsCsv(ambushBattle);
    expect(csv.split('\n')[0]).toBe('metric,estimate,ci_low,ci_high,exact,kind,scale,trials,label');
    expect(csv).toContain('win.crew,0.5721,0.5678,0.5764,,probability,,50000,P(win: crew)\n');
    expect(fromCSV(csv).numRows()).toBe(10);
  });

  it('keeps two-axis points apart', () => {
    const table = fromCSV(renderResultsCsv(heistGrid));
    expect(table.numRows()).toBe(16);
    expect(table.columnNames().slice(0, 2)).toEqual(['setup.participants.1.count', 'setup.challenges']);
  });

  it('writes list-valued sweep values as JSON', () => {
    const result = { ...heistOnePoint, results: [{ ...heistOnePoint.results[0]!, point: { 'setup.participants.0.dice': ['2d4', 'd6'] } }] };
    const rows = from(fromCSV(renderResultsCsv(result)).objects()).objects() as Record<string, unknown>[];
    expect(rows[0]!['setup.participants.0.dice']).toBe('["2d4","d6"]');
  });
});

describe('expect checks', () => {
  it('describes a check in words', () => {
    expect(describeCheck(heistByChallenges.expect[0]!)).toBe('success ≥ 0.25 at challenges = 3');
    expect(describeCheck({ metric: 'draw', between: [0, 0.1], pass: true })).toBe('draw between 0 and 0.1 at every point');
  });

  it('says no "at every point" for a check on a scenario of one point, on its page, in the index and in `report`\'s lines', () => {
    // battle-d4-vs-d6 and violence-d4-vs-d6 (no sweep) read "P(win: d4trait) `win.d4trait`
    // between 0.55 and 0.565 at every point" above a page of one table; `poolsim run` said none.
    const check = heistOnePoint.expect[0]!;
    expect(describeCheck(check, undefined, heistOnePoint)).toBe('P(plan succeeds) `success` ≥ 0.25');
    const html = renderScenarioHtml(heistOnePoint, []);
    const md = renderScenarioMarkdown(heistOnePoint, []);
    const index = renderIndex([{ slug: 'heist', result: heistOnePoint }]);
    for (const text of [html, md, index.html, index.md]) expect(text).not.toMatch(/every point|all \d+ points|the points/);
    expect(html).toContain('<td>P(plan succeeds) <code>success</code> ≥ 0.25</td>');
    expect(md).toContain('| P(plan succeeds) `success` ≥ 0.25 | ✅ PASS |');
    expect(index.md).toContain('✅ PASS P(plan succeeds) `success` ≥ 0.25 |');
    // One point that a sweep of one value names: the check covers that point, said nowhere
    // as "every"; its table's heading names the point.
    const oneValue = { ...heistOnePoint, results: [{ ...heistOnePoint.results[0]!, point: { 'setup.challenges': 3 } }] };
    expect(describeCheck(check, undefined, oneValue)).toBe('P(plan succeeds) `success` ≥ 0.25');
    // A sweep's check over every point still says so.
    expect(describeCheck({ metric: 'success', atLeast: 0, pass: true }, undefined, heistByChallenges)).toBe('P(plan succeeds) `success` ≥ 0 at every point');
  });

  it('names the metric by its label, as the charts do, with its name in code for writing an expect', () => {
    // `win.vipers between 0.201 and 0.211` stood beside charts that said "P(win: vipers)".
    const check = heistByChallenges.expect[0]!;
    expect(describeCheck(check, undefined, heistByChallenges)).toBe('P(plan succeeds) `success` ≥ 0.25 at challenges = 3');
    const declared = { ...heistByChallenges, results: heistByChallenges.results.map((p) => ({ ...p, metrics: { ...p.metrics, success: { ...p.metrics.success!, label: 'P(the heist comes off)' } } })) };
    expect(renderScenarioHtml(declared, [])).toContain('<td>P(the heist comes off) <code>success</code> ≥ 0.25 at challenges = 3</td>');
    expect(renderScenarioMarkdown(declared, [])).toContain('| P(the heist comes off) `success` ≥ 0.25 at challenges = 3 | ✅ PASS |');
    const { html, md } = renderIndex([{ slug: 'heist', result: declared }]);
    expect(html).toContain('✔ PASS</span> P(the heist comes off) <code>success</code> ≥ 0.25 at challenges = 3</li>');
    expect(md).toContain('✅ PASS P(the heist comes off) `success` ≥ 0.25 at challenges = 3');
    // A label that is the name itself is said once.
    const bare = { ...heistByChallenges, results: heistByChallenges.results.map((p) => ({ ...p, metrics: { ...p.metrics, success: { ...p.metrics.success!, label: 'success' } } })) };
    expect(describeCheck(check, undefined, bare)).toBe('success ≥ 0.25 at challenges = 3');
  });

  it('gives a check over several points its exact values, as a check at one point has its own', () => {
    // knavery-challenges: "0.9993 […] to 1.0031 […] over 7 points" where exact is 1 everywhere.
    const sixes = (estimate: number, exact?: number) => ({ estimate, ci95: [estimate - 0.01, estimate + 0.01] as [number, number], ...(exact === undefined ? {} : { exact }) });
    const result = (exacts: (number | undefined)[]) =>
      ({ ...heistByChallenges, results: exacts.map((exact, i) => ({ point: { 'setup.challenges': i + 1 }, metrics: { sixes: sixes(0.99 + i / 100, exact) } })) }) as typeof heistByChallenges;
    const check = { metric: 'sixes', between: [0.9, 1.1] as [number, number], pass: true };
    expect(measured(result([1, 1, 1]), check)).toBe('0.9900 [0.9800, 1] to 1.0100 [1, 1.0200] over 3 points (95% intervals), exact 1 at every point');
    expect(measured(result([0.25, 0.5, 1]), check)).toMatch(/over 3 points \(95% intervals\), exact 0\.25(0)? to 1$/);
    expect(measured(result([0.25, undefined, 0.5]), check)).toMatch(/over 3 points \(95% intervals\), exact 0\.25(0)? to 0\.5(00)? at 2 of the 3 points$/);
    expect(measured(result([undefined, undefined, undefined]), check)).toMatch(/over 3 points \(95% intervals\)$/);
  });

  it('a check\'s "measured" names the level of each interval it gives, as every other interval on the pages and in the CLI does ("measured 0.4970 [0.4751, 0.5189]" named none)', () => {
    // One point, the points it failed at, and a range over several: each says "95% interval".
    expect(measured(heistByChallenges, { metric: 'success', point: { 'setup.challenges': 3 }, atLeast: 0.25, pass: true })).toBe('0.3156, 95% interval [0.3092, 0.3220], exact 0.3125');
    const failedAt = { metric: 'success', atLeast: 0.5, pass: false, failedPoints: [{ 'setup.challenges': 3 }] };
    expect(measured(heistByChallenges, failedAt)).toBe('at challenges = 3: 0.3156, 95% interval [0.3092, 0.3220], exact 0.3125');
    expect(measured(heistByChallenges, { metric: 'success', atLeast: 0, pass: true })).toMatch(/^0(\.\d{4})? \[[^\]]+\] to 0\.\d{4} \[[^\]]+\] over 5 points \(95% intervals\), exact 0 to 0\.6875$/);
    // On the pages: each interval kept whole where the cell wraps, with its words.
    const failing = { ...heistByChallenges, expect: [failedAt] };
    expect(renderScenarioHtml(failing, [])).toContain('<td class="num measured">at challenges = 3: 0.3156, <span class="figure">95% interval [0.3092, 0.3220]</span>, <span class="figure">exact 0.3125</span></td>');
    expect(renderScenarioMarkdown(failing, [])).toContain('| at challenges = 3: 0.3156, 95% interval \\[0.3092, 0.3220\\], exact 0.3125 |');
  });

  it('the index says a check was decided on its exact value, as the page does', () => {
    // A failing `decide: "exact"` check read "✘ FAIL success ≥ 0.35 at challenges = 4" right
    // under a PASS of the same line, with nothing to say why.
    const decided = {
      ...heistByChallenges,
      expect: [
        { metric: 'success', point: { 'setup.challenges': 4 }, atLeast: 0.05, pass: true },
        { metric: 'success', point: { 'setup.challenges': 4 }, atLeast: 0.0626, decide: 'exact', pass: false },
      ],
    } as typeof heistByChallenges;
    const { html, md } = renderIndex([{ slug: 'heist', result: decided }]);
    expect(html).toContain('≥ 0.0626 at challenges = 4 <small class="exact-note">decided on the exact value</small>');
    expect(md).toContain('≥ 0.0626 at challenges = 4 — decided on the exact value');
    expect(renderScenarioHtml(decided, [])).toContain('decided on the exact value');
  });

  it('says once, with how many points, why figures have no exact value (the points\' notes)', () => {
    const note = 'exact values skipped: a test reason';
    const withNotes = { ...heistByChallenges, results: heistByChallenges.results.map((p, i) => (i < 2 ? { ...p, notes: [note] } : p)) };
    const n = heistByChallenges.results.length;
    // Which points, too (a dashboard audit: "at 6 of the 36 points" left the cells to guess).
    expect(renderScenarioHtml(withNotes, [])).toContain(`<p class="note">${note} (at 2 of the ${n} points: challenges = 2; challenges = 3)</p>`);
    expect(renderScenarioMarkdown(withNotes, [])).toContain(`*${note} (at 2 of the ${n} points: challenges = 2; challenges = 3)*`);
    // Two fields' notes at one point are two notes, each point counted once (a review:
    // "sides.0–1.flee … (at 3 of the 2 points: …; … = 1; … = 1; … = 2)").
    const two = { ...heistByChallenges, results: heistByChallenges.results.map((p, i) => (i === 0 ? { ...p, notes: ['sides.0.flee changes nothing here: a', 'sides.1.flee changes nothing here: a'] } : i === 1 ? { ...p, notes: ['sides.0.flee changes nothing here: a'] } : p)) };
    expect(pointNotes(two)).toEqual([`sides.0.flee changes nothing here: a (at 2 of the ${n} points: challenges = 2; challenges = 3)`, `sides.1.flee changes nothing here: a (at 1 of the ${n} points: challenges = 2)`]);
    const repeated = { ...heistByChallenges, results: heistByChallenges.results.map((p, i) => (i === 0 ? { ...p, notes: ['exact values skipped: about 7 s', 'exact values skipped: about 9 s'] } : p)) };
    expect(pointNotes(repeated)).toEqual([`exact values skipped: about 7–9 s (at 1 of the ${n} points: challenges = 2)`]);
    // More than three: the first three, and how many more.
    const four = { ...heistByChallenges, results: heistByChallenges.results.map((p, i) => (i < 4 ? { ...p, notes: [note] } : p)) };
    expect(pointNotes(four)).toEqual([`${note} (at 4 of the ${n} points: challenges = 2; challenges = 3; challenges = 4; and 1 more)`]);
    expect(renderScenarioHtml(heistByChallenges, [])).not.toContain('exact values skipped');
    // Notes that differ only in their numbers are one, the numbers as ranges.
    const sized = { ...heistByChallenges, results: heistByChallenges.results.map((p, i) => ({ ...p, notes: [`exact values skipped: about ${[7.8, 41, 12][i % 3]} s of work, over the budget of 5 s`] })) };
    expect(pointNotes(sized)).toEqual([`exact values skipped: about 7.8–41 s of work, over the budget of 5 s (at every point)`]);
  });

  it('says the points\' notes in the form\'s words, as the dashboard does, the file\'s text in the title', () => {
    // "policy.defendRank changes nothing here", "rules.repeatPenalty …": setup paths on a page
    // whose tables and checks name the same fields by their labels.
    const noted = { ...heistOnePoint, results: [{ ...heistOnePoint.results[0]!, notes: ['freePushes changes nothing here: a test reason'] }] };
    const html = renderScenarioHtml(noted, []);
    expect(html).toContain('<p class="note"><span title="freePushes">“free pushes from 6s”</span> changes nothing here: a test reason</p>');
    expect(renderScenarioMarkdown(noted, [])).toContain('*“free pushes from 6s” changes nothing here: a test reason*');
    const rule = { ...noted, system: 'sorcerer', mechanic: 'contest', results: [{ ...heistOnePoint.results[0]!, notes: ['rules.repeatPenalty changes nothing here: with one try nothing is repeated'] }] } as typeof heistOnePoint;
    expect(renderScenarioMarkdown(rule, [])).toContain('*“the penalty for repeating a failed task” changes nothing here: with one try nothing is repeated*');
  });

  it('escapes names in a failed check\'s measured cell as in the rest of its row (a reports audit: <i> raw, a backtick read as an apostrophe)', () => {
    const setup = { sides: [{ name: 'crew', combatants: [{ name: 'captain', dice: ['d6'] }, { name: '<i>x`y', count: 2 }] }, { name: 'guards', combatants: [{ name: 'guard', count: 3 }] }] };
    // The setup beside the results, as `report` writes them: the labels name the combatants.
    const named = runScenario({ name: 'md1', system: 'viciousness', mechanic: 'battle', trials: 500, seed: 'm', setup, sweep: { 'setup.sides.0.combatants.1.count': [1, 2] }, expect: [{ metric: 'win.crew', atLeast: 0.9 }] });
    const row = renderScenarioMarkdown(named, [], undefined, undefined, [], setup).split('\n').find((l) => l.startsWith('| ') && l.includes('FAIL'))!;
    const measuredCell = row.split(' | ').at(-1)!;
    expect(measuredCell).toContain('at crew › &lt;i>x\\`y › how many = 1: ');
    expect(measuredCell).not.toContain('<i>');
  });

  it('marks a failed check, and where it failed, in the scenario HTML and Markdown', () => {
    const html = renderScenarioHtml(heistByChallenges, []);
    expect(html).toContain('1 of 2 expect checks FAILED');
    expect(html).toMatch(/class="fail-row".*P\(plan succeeds\) <code>success<\/code> ≥ 0.05 at every point.*failed at challenges = 5; challenges = 6.*✘ FAIL/s);
    const md = renderScenarioMarkdown(heistByChallenges, []);
    expect(md).toMatch(/\| P\(plan succeeds\) `success` ≥ 0.05 at every point \(failed at challenges = 5; challenges = 6\) \| ❌ \*\*FAIL\*\* \|/);
    expect(md).toMatch(/\| P\(plan succeeds\) `success` ≥ 0.25 at challenges = 3 \| ✅ PASS \| 0.3156, 95% interval \\\[0.3092, 0.3220\\\], exact 0.3125 \|/);
    // A check over every point that passed says the range it covered, not "5 points".
    // And the exact values' range beside it, as a check at one point gives its exact value.
    expect(measured(heistByChallenges, { metric: 'success', atLeast: 0, pass: true })).toMatch(/^0(\.\d{4})? \[[^\]]+\] to 0\.\d{4} \[0\.\d{4}, [01](\.\d{4})?\] over 5 points \(95% intervals\), exact 0 to 0\.6875$/);
  });

  it('counts a solve block\'s check with the expect checks, in the page and the index', () => {
    const solved = (pass: boolean) => ({ ...heistOnePoint, expect: [], solve: [{ name: 'even heist', vary: 'setup.challenges', sentence: '2 challenges', decided: true, value: 2, method: 'exact', expect: { equals: 3, pass } }] }) as unknown as typeof heistOnePoint;
    const md = renderScenarioMarkdown(solved(false), []);
    expect(md).not.toContain('no expect checks');
    // Said as a solve check: the file has no `expect`, and "the expect check FAILED" read
    // above no table.
    expect(md).toContain('❌ **the solve check FAILED (see Solve)**');
    expect(renderScenarioMarkdown(solved(true), [])).toContain('**the solve check passed (see Solve)**');
    const both = { ...solved(true), expect: [{ metric: 'success', atLeast: 0.1, pass: true }, { metric: 'success', atMost: 0.9, pass: true }] } as typeof heistOnePoint;
    expect(renderScenarioMarkdown(both, [])).toContain('both expect checks passed; the solve check passed (see Solve)');
    const { md: index } = renderIndex([{ slug: 'heist', result: solved(false) }]);
    expect(index).toContain('1 of 1 scenarios have FAILED checks');
    // The index lists the solve check it counts.
    expect(index).toContain('❌ **FAIL** solve "even heist": the value found should be 3');
  });

  it('the index says a check passed on its interval while the exact value misses the band, as the page does', () => {
    // Discovery with 3 conditions met: found exactly 1/2; 2,000 trials reach 0.502 on the interval.
    const lucky = runScenario({ name: 'lucky', system: 'viciousness', mechanic: 'discovery', trials: 2000, seed: 'lucky0', setup: { value: 3 }, expect: [{ metric: 'found', atLeast: 0.502 }] });
    expect([lucky.expect[0]!.pass, lucky.expect[0]!.exactPass]).toEqual([true, false]);
    const { html, md } = renderIndex([{ slug: 'lucky', result: lucky }]);
    for (const page of [html, md]) expect(page).toContain('the expect check passed; ⚠ one passed on the interval while the exact value misses the band');
    // And the line of the check that did so is marked, as on the scenario page.
    const note = 'passes on the 95% interval, which still reaches the band, but the exact value misses it';
    expect(html).toContain(`✔ PASS</span> P(the NPC is found) <code>found</code> ≥ 0.502 <small class="exact-note">⚠ ${note}</small>`);
    expect(md).toContain(`✅ PASS P(the NPC is found) \`found\` ≥ 0.502 — ⚠ ${note}`);
    expect(renderScenarioHtml(lucky, [])).toContain(note);
  });

  it('marks a failed scenario in the top-level index', () => {
    const { html, md } = renderIndex([
      { slug: 'heist', result: heistOnePoint },
      { slug: 'ambush', result: ambushBattle, source: 'scenarios/ambush.json' },
    ]);
    expect(html).toContain('1 of 2 scenarios have FAILED checks');
    expect(html).toMatch(/<tr class="fail-row"><td><a href="ambush\/index.html">Battle: ambush at the bridge<\/a>/);
    expect(html).toMatch(/✘ FAIL<\/span> P\(win: crew\) <code>win.crew<\/code> ≥ 0.6/);
    expect(md).toContain('[Battle: ambush at the bridge](ambush/report.md)');
    expect(md).toContain('❌ **FAIL** P(win: crew) `win.crew` ≥ 0.6 |');
    expect(md).toContain('✅ PASS P(plan succeeds) `success` ≥ 0.25 |');
  });
});

describe('scenario HTML', () => {
  it('says what rules it ran: each rule the mechanic plays by its select\'s label and words, the changed ones marked, a swept one "varied"', () => {
    // sorcerer-keep-trying-flat runs `repeatPenalty: flat`, and nothing on its page said so.
    const flat = { ...heistOnePoint, system: 'sorcerer', mechanic: 'contest', rules: { exhausted: 'one', repeatPenalty: 'flat' } } as typeof heistOnePoint;
    const html = renderScenarioHtml(flat, []);
    expect(html).toContain('<h2>Rules</h2>');
    expect(html).toContain('<li class="rule-changed">the penalty for repeating a failed task: <b>“the same on every repeat”</b> <small>— not the default (“one more for each try lost”) <code>rules.repeatPenalty: &quot;flat&quot;</code></small></li>');
    expect(html).toContain('<li>a win by exhaustion scores: <b>“one success”</b> <small>— the default');
    const md = renderScenarioMarkdown(flat, []);
    expect(md).toContain('- the penalty for repeating a failed task: **“the same on every repeat”** — not the default (“one more for each try lost”) `rules.repeatPenalty: "flat"`');
    // Swept: its values, said as varied.
    const swept = { ...flat, results: ['flat', 'cumulative'].map((v) => ({ ...heistOnePoint.results[0]!, point: { 'rules.repeatPenalty': v } })) } as typeof heistOnePoint;
    expect(renderScenarioMarkdown(swept, [])).toContain('- the penalty for repeating a failed task: “the same on every repeat”, “one more for each try lost” — varied by the sweep `rules.repeatPenalty: "flat", "cumulative"`');
    // A result that carries no rules (written before it did) has no section.
    expect(renderScenarioHtml(heistOnePoint, [])).not.toContain('<h2>Rules</h2>');
  });

  it('says a mechanic plays no rule variants where it has none, rather than leaving out the Rules section (knavery\'s page had none, as if one were missing), for every such mechanic', () => {
    const none = mechanics.filter((m) => m.variants.length === 0).map((m) => `${m.system} ${m.name}`);
    // Knavery is one: its page had no Rules section at all.
    expect(none).toContain('viciousness knavery');
    for (const m of mechanics) {
      // A result as `poolsim run` writes it: its system's rules, defaults filled in.
      const result = { ...heistOnePoint, system: m.system, mechanic: m.name, rules: {} } as typeof heistOnePoint;
      const [html, md] = [renderScenarioHtml(result, []), renderScenarioMarkdown(result, [])];
      expect(html, `${m.system} ${m.name}`).toContain('<h2>Rules</h2>');
      expect(md, `${m.system} ${m.name}`).toContain('## Rules');
      const line = `${m.name} plays no rule variants: nothing under`;
      if (m.variants.length === 0) {
        expect(html).toContain(`<h2>Rules</h2>\n<p>${line} <code>rules:</code> changes what it does.</p>`);
        expect(md).toContain(`## Rules\n\n${line} \`rules:\` changes what it does.\n`);
      } else {
        expect(html).not.toContain(line);
        expect(html).toContain('<ul class="rules">');
      }
    }
    // A result that carries no rules (written before it did) still has no section: it does not say what it ran.
    expect(renderScenarioMarkdown(heistOnePoint, [])).not.toContain('## Rules');
  });

  it('carries every chart inline, each with ids of its own', () => {
    const charts = chartsFor(ambushBattle);
    const html = renderScenarioHtml(ambushBattle, charts);
    expect(html.match(/<svg/g)).toHaveLength(charts.length);
    const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // Every url(#…) points at an id of the page.
    for (const [, ref] of html.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
    expect(html).not.toMatch(/<script|<link|src="http/);
  });

  it('has a table per point with exact, estimate and interval', () => {
    const html = renderScenarioHtml(heistOnePoint, []);
    expect(html).toContain(
      '<tr><td>P(plan succeeds) <code>success</code></td><td class="num">0.31665</td><td class="num">0.3171</td><td class="num">[0.3151, 0.3192]</td></tr>',
    );
    // No metric declares itself the headline here: no headline block, no guessing by name.
    expect(html).not.toContain('<section class="headline">');
  });

  it('says how many points share a sweep\'s lowest (or highest) headline figure', () => {
    // Three d6 at 4+: 4 challenges or more can never succeed, exactly 0 at 9 of 12 points.
    const swept = runScenario({
      name: 'tied', system: 'viciousness', mechanic: 'knavery', trials: 500, seed: 't',
      setup: { challenges: 1, participants: [{ name: 'crew', count: 3 }] },
      sweep: { 'setup.challenges': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    });
    const lines = headlineLines({ ...swept, results: swept.results.map((p) => ({ ...p, metrics: { ...p.metrics, success: { ...p.metrics.success!, headline: true } } })) });
    const lowest = lines.find((l) => l.label.endsWith('lowest'))!;
    expect(lowest.value).toBe('0');
    expect(lowest.where).toBe('9 points, e.g. challenges = 4');
    expect(lines.find((l) => l.label.endsWith('highest'))!.where).toBe('challenges = 1');
  });

  it('counts exact values that differ in their last bits as one figure when it names a sweep\'s highest (a report audit: the guitar duel)', () => {
    // The library's guitar duel over accomplish dice 1–4 × modifier 4–6: "any split with a
    // die on each side wins as often", 0.8701667524005499, …5497 and …55 at three splits,
    // which the page named as one split, the highest.
    const top = [0.8701667524005499, 0.8701667524005497, 0.87016675240055];
    const values = [...top, 0.5, 0.6, 0.7, 0.2, 0.3, 0.4, 0.1];
    const at = (x: number, v: number) => ({ point: { 'setup.x': x }, metrics: { win: { estimate: v, exact: v, ci95: [v - 0.01, v + 0.01] as [number, number], kind: 'probability' as const, headline: true } } });
    const duel = { name: 'duel', system: 'viciousness', mechanic: 'clash', trials: 1000, seed: 's', expect: [], results: values.map((v, i) => at(i + 1, v)) };
    const lines = headlineLines(duel as never);
    expect(lines.find((l) => l.label.endsWith('highest'))!.where).toBe('3 points, e.g. x = 3');
    expect(lines.find((l) => l.label.endsWith('lowest'))!.where).toBe('x = 10');
    // At 0 only a sum's rounding: 2^-40 is a chance beside an impossible plan's 0, not one
    // figure at both points (a review).
    const near = { ...duel, results: [at(40, 2 ** -40), at(41, 0)] };
    expect(headlineLines(near as never).map((l) => l.where)).toEqual(['x = 40', 'x = 41']);
    // A figure at some points only (a sweep of a side's name gives each point its own
    // win.<side>): the one point named, never "at all 1 points" (a dashboard audit); two of
    // three alike said as such.
    const other = (x: number) => ({ point: { 'setup.x': x }, metrics: { lose: { estimate: 0.5, exact: 0.5, ci95: [0.49, 0.51] as [number, number], kind: 'probability' as const, headline: true } } });
    expect(headlineLines({ ...duel, results: [at(1, 0.25), other(2)] } as never).find((l) => l.metric === 'win')!.where).toBe('x = 1');
    expect(headlineLines({ ...duel, results: [at(1, 0.25), at(2, 0.25), other(3)] } as never).find((l) => l.metric === 'win')!.where).toBe('each of the 2 points that have it (of 3)');
  });

  it('names the point of a sweep of one value beside its headline figure, as of a sweep of several (a report audit)', () => {
    // A file whose setup has no disadvantage, swept over [6]: the headline said "P(check
    // succeeds): ≈0.000000595" with nothing to say it was at 6 disadvantage dice, where the
    // setup as written gives 1/36; only the table's heading named the point.
    const one = { name: 'one', system: 'vdp', mechanic: 'check', trials: 1000, seed: 's', expect: [], results: [{ point: { 'setup.disadvantage': 6 }, metrics: { success: { estimate: 0, ci95: [0, 0.0038] as [number, number], exact: 6 ** -8, kind: 'probability' as const, headline: true } } }] };
    const [line] = headlineLines(one as never);
    expect(line!.where).toBe('disadvantage dice = 6');
    expect(renderScenarioHtml(one as never, [])).toContain('<small>at disadvantage dice = 6</small>');
    // No sweep: the one point is the setup itself, and nothing is named.
    expect(headlineLines({ ...one, results: [{ ...one.results[0]!, point: {} }] } as never)[0]!.where).toBeUndefined();
    // Its chart's title names the point too (it read "Probabilities" alone).
    expect(chartPlan(one as never).map((c) => c.title)).toEqual(['Probabilities at disadvantage dice = 6']);
    expect(chartPlan({ ...one, results: [{ ...one.results[0]!, point: {} }] } as never).map((c) => c.title)).toEqual(['Probabilities']);
  });

  it('says a headline figure the same at every point once, not as a highest and a lowest', () => {
    // A contest's single roll swept over its tries: P(win) is 0.4034229 exact at all 12
    // points, which read "highest at 12 points, e.g. …" and "lowest at 12 points, e.g. …".
    const tries = runScenario({
      name: 'tries', system: 'sorcerer', mechanic: 'contest', trials: 2000, seed: 't',
      setup: { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 4 }, tries: 1 },
      sweep: { 'setup.tries': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    });
    const lines = headlineLines(tries);
    const win = lines.filter((l) => l.metric === 'win.sorcerer');
    expect(win).toHaveLength(1);
    // With tries, `win.sorcerer` is the first roll alone, and says so: "P(win: sorcerer)"
    // above "P(sorcerer wins within its tries)" read as the overall win (a report audit).
    expect(win[0]).toMatchObject({ label: 'P(first roll won: sorcerer)', value: '≈0.4034', where: 'all 12 points', short: 'exact' });
    expect(tries.results[0]!.metrics['win.sorcerer']!.label).toBe('P(first roll won: sorcerer)');
    // The dashboard's pickers read the same laid-out label; without tries it is the win.
    const contest = { system: 'sorcerer', mechanic: 'contest', setup: { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 4 } } };
    const labelOf = (scenario: Record<string, unknown>) => laidOutMetrics(scenario).find((m) => m.name === 'win.sorcerer')?.label;
    expect(labelOf({ ...contest, setup: { ...contest.setup, tries: 3 } })).toBe('P(first roll won: sorcerer)');
    expect(labelOf(contest)).toBe('P(win: sorcerer)');
    const estimates = tries.results.map((p) => p.metrics['win.sorcerer']!.estimate);
    // Each Monte Carlo figure with its 95% interval, as everywhere else on the page (it read
    // "estimates 0.4022 to 0.4063 across the points", no interval).
    const ms = tries.results.map((p) => p.metrics['win.sorcerer']!);
    const lowest = ms.find((m) => m.estimate === Math.min(...estimates))!;
    const highest = ms.find((m) => m.estimate === Math.max(...estimates))!;
    const interval = (m: typeof lowest) => `[${formatNumber(m.ci95[0])}, ${formatNumber(m.ci95[1])}]`;
    expect(win[0]!.detail).toBe(`exact · estimates ${formatNumber(lowest.estimate)} ${interval(lowest)} to ${formatNumber(highest.estimate)} ${interval(highest)} across the points (95% intervals)`);
    // The figure that moves keeps its highest and lowest.
    expect(lines.filter((l) => l.metric === 'retry.won').map((l) => l.label)).toEqual(['P(sorcerer wins within its tries), highest', 'P(sorcerer wins within its tries), lowest']);
    // So do a few points, which are otherwise listed one by one; and estimates alike with
    // no exact value (a plan that can never succeed) likewise.
    expect(headlineLines({ ...tries, results: tries.results.slice(0, 3) }).filter((l) => l.metric === 'win.sorcerer').map((l) => l.where)).toEqual(['all 3 points']);
    const at = (x: number, half: number) => ({ point: { 'setup.x': x }, metrics: { win: { estimate: 0, ci95: [0, half] as [number, number], kind: 'probability' as const, headline: true } } });
    const never = { name: 'r', system: 'viciousness', mechanic: 'clash', trials: 40000, seed: 's', expect: [], results: [at(1, 1e-4), at(2, 2e-4), at(3, 1e-4)] };
    expect(headlineLines(never as never)).toEqual([{ metric: 'win', label: 'win', value: '0', detail: 'estimate, 95% interval [0, 0.000200] at its widest', short: '95% interval [0, 0.000200] at its widest', where: 'all 3 points' }]);
    // Exact values of one number, summed in another order, differ in their last bits: the
    // guitar duel's win.mark is 0.12983324759945145 at one split and …147 at the next.
    const guitar = runScenario({
      name: 'guitar', system: 'vdp', mechanic: 'opposed', trials: 1000, seed: 'g',
      setup: { a: { name: 'mark', accomplish: 4, modifier: 5 }, b: { name: 'jacob', accomplish: 1, modifier: 5 } },
      sweep: { 'setup.b.accomplish': [1, 2, 3] },
    });
    const exacts = guitar.results.map((p) => p.metrics['win.mark']!.exact!);
    expect(new Set(exacts).size).toBeGreaterThan(1);
    expect(headlineLines(guitar).filter((l) => l.metric === 'win.mark').map((l) => l.where)).toEqual(['all 3 points']);
  });

  it('does not rank Monte Carlo extremes the 95% intervals cannot tell apart: it says so', () => {
    const at = (x: number, estimate: number, half = 0.004) => ({ point: { 'setup.x': x }, metrics: { win: { estimate, ci95: [estimate - half, estimate + half] as [number, number], kind: 'probability' as const, headline: true } } });
    const result = { name: 'r', system: 'viciousness', mechanic: 'clash', trials: 40000, seed: 's', expect: [], results: [at(1, 0.1263), at(2, 0.131), at(3, 0.15), at(4, 0.16), at(5, 0.1793), at(6, 0.175), at(7, 0.14), at(8, 0.145), at(9, 0.155)] };
    const lines = headlineLines(result as never);
    expect(lines.find((l) => l.label.endsWith('highest'))!.where).toBe('x = 5 (not told apart by the 95% intervals from 1 other point)');
    expect(lines.find((l) => l.label.endsWith('lowest'))!.where).toBe('x = 1 (not told apart by the 95% intervals from 1 other point)');
    // Intervals apart: ranked as they stand.
    const apart = { ...result, results: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => at(x, x / 10)) };
    expect(headlineLines(apart as never).find((l) => l.label.endsWith('highest'))!.where).toBe('x = 9');
  });

  it('prints a tiny interval bound in significant digits, never as a zero-width interval', () => {
    // 0 successes in 200,000: the Wilson bound is 1.9e-5, which four places made "0.0000".
    const none = { estimate: 0, ci95: [0, 1.920692519040967e-5] as [number, number], exact: 0 };
    expect(headlineValue(none).detail).toBe('exact · estimate 0, 95% interval [0, 0.0000192]');
    // A whole bound whole, as the headline above and `poolsim run` print it.
    expect(intervalCell(none.ci95, 'probability').text).toBe('0 to 0.0000192');
    expect(intervalCell([0.25, 0.5], 'probability').text).toBe('0.2500 to 0.5000');
  });

  it('heads a family that mixes means and probabilities as two groups, each with its own label', () => {
    // A battle's `wounded.<side>` are means, its `wounded.<side>.<name>` probabilities:
    // one heading over both named the probabilities "mean own combatants wounded".
    const battle = JSON.parse(readFileSync(new URL('../../scenarios/battle-d4-vs-d6.json', import.meta.url), 'utf8'));
    const result = runScenario(battle, { trials: 2000 });
    const md = renderScenarioMarkdown(result, []);
    const heading = (metric: string): string => {
      const lines = md.split('\n');
      const at = lines.findIndex((l) => l.includes(`\`${metric}\``));
      return lines.slice(0, at).reverse().find((l) => /^\| \*\*/.test(l))!;
    };
    expect(heading('wounded.d4trait')).toBe('| **mean combatants wounded** | | | |');
    expect(heading('wounded.d4trait.captain')).toBe('| **P(combatant wounded)** | | | |');
    expect(heading('wounded.d6trait.minion')).toBe('| **P(combatant wounded)** | | | |');
  });

  it('leads with the headline the result declares, exact first, and puts its rows first', () => {
    const point = heistOnePoint.results[0]!;
    const declared = {
      ...heistOnePoint,
      description: 'How often does a three-person heist beat four challenges?',
      results: [{ ...point, metrics: { ...point.metrics, success: { ...point.metrics.success!, headline: true } } }],
    };
    const html = renderScenarioHtml(declared, []);
    expect(html).toContain('<p class="question">How often does a three-person heist beat four challenges?</p>');
    expect(html).toMatch(/<section class="headline">\n<h2>Headline<\/h2>\n<ul>\n<li>P\(plan succeeds\): <span class="value">0\.31665<\/span> <span class="detail">exact · estimate 0\.3171, 95% interval \[0\.3151, 0\.3192\]<\/span><\/li>/);
    expect(html.indexOf('class="headline"')).toBeLessThan(html.indexOf('<h2>Expect checks</h2>'));
    expect(html).toContain('<tr class="group"><th colspan="4">headline</th></tr>\n<tr class="headline-row"><td>P(plan succeeds)');
    const md = renderScenarioMarkdown(declared, []);
    // Brackets escaped, as every Markdown cell's are (they render as brackets).
    expect(md).toContain('## Headline\n\n- P(plan succeeds): **0.31665** exact · estimate 0.3171, 95% interval \\[0.3151, 0.3192\\]');
    expect(md).toContain('> How often does a three-person heist beat four challenges?');
  });
});

describe('kinds and labels', () => {
  it('reads contract metrics by name and others by their range, unless told', () => {
    const result = {
      ...heistOnePoint,
      results: [
        {
          point: {},
          metrics: {
            ...heistOnePoint.results[0]!.metrics,
            tension: { estimate: 0.11, ci95: [0.1, 0.12] as [number, number] },
            'share.alarm': { estimate: 0.2, ci95: [0.19, 0.21] as [number, number] },
            'gold.spent': { estimate: 3.5, ci95: [3.4, 3.6] as [number, number] },
            'heat.gained': { estimate: 0.4, ci95: [0.39, 0.41] as [number, number] },
          },
        },
      ],
    };
    const kinds = metricKinds(result, { 'heat.gained': 'mean' });
    expect(Object.fromEntries(kinds)).toEqual({
      success: 'probability',
      successes: 'mean',
      sixes: 'mean',
      active: 'mean',
      tension: 'mean',
      'share.alarm': 'probability',
      'gold.spent': 'mean',
      'heat.gained': 'mean',
    });
  });

  it('names sweep paths as a designer reads them', () => {
    expect(sweepLabel('setup.challenges')).toBe('challenges');
    expect(sweepLabel('setup.participants.1.count')).toBe('participant 2 › how many');
    expect(sweepLabel('rules.hitOn')).toBe('rule: a hit is');
    expect(pointLabel({ 'setup.challenges': 3, 'setup.sides.0.bonus': ['2d4'] })).toBe('challenges = 3, side 1 › equipment bonus = 2d4');
    // With the scenario's setup, items by their names, as the dashboard's Vary menu has them.
    const setup = { sides: [{ name: 'crew', combatants: [] }, { name: 'guards', combatants: [{ name: 'guard', count: 4 }] }] };
    expect(sweepLabel('setup.sides.1.combatants.0.count', setup)).toBe('guards › guard › how many');
    expect(pointLabel({ 'setup.sides.0.bonus': [] }, setup)).toBe('crew › equipment bonus = none');
  });
});
