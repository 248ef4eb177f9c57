/**
 * The report's charts say something or are left out with one line saying why: no chart of
 * a family that is 0 everywhere, one panel for a distribution identical at every point,
 * none for a distribution of one value; tick labels thinned where 50 would overlap; 16
 * lines drawn as small panels each named beside it rather than 16 recycled colours; a
 * rank fan over the ranks reached; and every SVG file titled.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MetricResult, PointResult, ScenarioResult } from '../../sim/result.ts';
import { chartsAndNotes as chartPlan, distributionBars, fanOverTurns, metricsOverSweep } from '../../reports/charts/index.ts';
import { companyCampaign } from './fixtures.ts';
import { panelsFor } from '../../dashboard/charts/panels.ts';

// No flight in any trial: a Wilson interval still reaches above 0.
const zero = { estimate: 0, ci95: [0, 0.0019] as [number, number] };

function battleSweep(): ScenarioResult {
  const rounds = { x: Array.from({ length: 50 }, (_, i) => i + 1), p: Array.from({ length: 50 }, (_, i) => (i < 10 ? 0.1 : 0)) };
  const deaths = { x: [0, 1, 2], p: [0.5, 0.3, 0.2] };
  const results: PointResult[] = [0, 1, 2].map((bonus) => ({
    point: { 'setup.sides.0.bonus': bonus },
    metrics: {
      'win.crew': { estimate: 0.4 + bonus / 10, ci95: [0.38 + bonus / 10, 0.42 + bonus / 10] },
      'fled.crew': zero,
      'fled.guards': zero,
    },
    distributions: { rounds: { ...rounds, p: rounds.p.map((p, i) => (i === bonus ? p + 0.0 : p)) }, 'deaths.guards': deaths, 'deaths.crew': { x: [0], p: [1] } },
  }));
  // Rounds differ between points; deaths.guards is the same at each; deaths.crew is always 0.
  results[1]!.distributions!.rounds = { x: results[1]!.distributions!.rounds!.x, p: [0.2, 0, ...results[1]!.distributions!.rounds!.p.slice(2)] };
  return { name: 'battle sweep', system: 'viciousness', mechanic: 'battle', trials: 1000, seed: 's', results, expect: [] };
}

describe('the chart plan', () => {
  it('a metric whose label ends in "by" is not titled "… by by <sweep>": a campaign rival’s wealth-track points read "…, as <sweep> varies"', () => {
    const result = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'reports', 'baseline', 'campaign-armed-rival', 'results.json'), 'utf8')) as ScenarioResult;
    const { charts } = chartPlan(result);
    const titles = charts.map((c) => c.title);
    expect(titles.filter((t) => /\bby by\b/i.test(t))).toEqual([]);
    expect(titles).toContainEqual(expect.stringMatching(/^Mean points the wealth track is lowered by, as .+ varies$/));
    // A heatmap's title over two swept fields says both.
    const two = { ...result, results: result.results.flatMap((p) => [0, 1].map((k) => ({ ...p, point: { ...p.point, 'setup.turns': k + 1 } }))) };
    const heat = chartPlan(two, { heatmapMetrics: ['wealthLowered'] }).charts.map((c) => c.title);
    expect(heat).toContainEqual(expect.stringMatching(/lowered by, as .+ and .+ vary$/));
  });
  it('says a Monte Carlo share of 1 at every point with its interval, and draws means that meet by chance (a report audit)', () => {
    // campaign-defender-push: P(rank above start) 1 [0.99981, 1] at both points read "1 at
    // every point", a certainty; at 200,000 trials it is 0.999995 [0.999972, 0.999999].
    const sweep = (metrics: (k: number) => Record<string, MetricResult>): ScenarioResult => ({
      name: 'c', system: 'viciousness', mechanic: 'campaign', trials: 20000, seed: 's', expect: [],
      results: [0, 1].map((k) => ({ point: { 'setup.turns': k + 1 }, metrics: metrics(k) })),
    });
    const sure = { estimate: 1, ci95: [0.99981, 1] as [number, number], kind: 'probability' as const };
    const notes = chartPlan(sweep((k) => ({ promoted: k ? sure : { ...sure, ci95: [0.9999, 1] } }))).notes;
    expect(notes).toContainEqual(expect.stringMatching(/ — 1 at every point in every Monte Carlo trial \(95% interval \[0\.99981\d*, 1\] at its widest\)\.$/));
    // Exact, it is said bare.
    const exact = chartPlan(sweep(() => ({ promoted: { ...sure, exact: 1 } }))).notes;
    expect(exact).toContainEqual(expect.stringMatching(/ — 1 at every point\.$/));
    // A family of an exact member and a sampled one: the interval is the sampled one's, and
    // says so (an audit: "[0, 0.000192] at its widest for received, spent", received exact).
    const coin = (label: string) => ({ kind: 'mean' as const, label, family: 'mean coins' });
    const mixed = chartPlan(sweep(() => ({
      'coins.received': { ...coin('mean coins: received'), estimate: 104, ci95: [104, 104] as [number, number], exact: 104 },
      'coins.spent': { ...coin('mean coins: spent'), estimate: 0, ci95: [0, 0.000192] as [number, number] },
    }))).notes;
    // Each member's value is said, not "the same at every point … for received, spent",
    // which left 104 and 0 to be guessed (a report audit).
    expect(mixed).toContainEqual(expect.stringMatching(/ — 104 for received, 0 for spent, at every point in every Monte Carlo trial \(95% interval \[0, 0\.000192\] at its widest, of spent\)\.$/));
    // A value that is no whole number is printed as pages print an exact one, not as a float.
    const third = chartPlan(sweep(() => ({ share: { estimate: 1 / 3, ci95: [1 / 3, 1 / 3] as [number, number], exact: 1 / 3, kind: 'probability' as const } }))).notes;
    expect(third).toContainEqual(expect.stringMatching(/ — ≈0\.3333 at every point\.$/));
    // Two means equal by chance, each with an interval, are two estimates: drawn.
    const met = chartPlan(sweep(() => ({ points: { estimate: 0.6365, ci95: [0.6248, 0.6482], kind: 'mean' } })));
    expect(met.notes.filter((n) => n.startsWith('Not drawn'))).toEqual([]);
    expect(met.charts.map((c) => c.name)).toContain('over-points');
  });

  it('leaves out a family that is 0 at every point and a one-value distribution, draws an identical one once, and says so', () => {
    const { charts, notes } = chartPlan(battleSweep());
    const names = charts.map((c) => c.name);
    expect(names).toContain('over-win');
    expect(names).not.toContain('over-fled');
    expect(names).not.toContain('distribution-deaths.crew');
    expect(names).toContain('distribution-rounds');
    // 0 in every trial is the trials' finding, said with its interval, not a certainty.
    expect(notes.filter((n) => /^Not drawn: fled by .+ — 0 at every point in every Monte Carlo trial \(95% interval \[0, 0\.0019\d*\] at its widest\) for crew, guards\.$/.test(n)).length).toBe(1);
    expect(notes).toContain('Not drawn: the distribution of crew deaths — always 0 at every point.');
    expect(notes).toContain('The distribution of guards deaths is the same at every point: drawn once.');
    const once = charts.find((c) => c.name === 'distribution-deaths.guards')!;
    expect(once.title).toBe('Distribution of guards deaths (the same at every point)');
    // One panel, not one per point.
    expect(once.svg).not.toContain('bonus');
  });

  it('draws a distribution of one value at each point that differs between points, and names the point whose Monte Carlo bars a chart drawn once shows (an audit)', () => {
    const base = battleSweep();
    // Always 1 at the first point, always 2 at the others: it read "always 1 at every point".
    const steps = base.results.map((p, i) => ({ ...p, distributions: { ...p.distributions, 'deaths.crew': i === 0 ? { x: [0, 1], p: [0, 1] } : { x: [0, 1, 2], p: [0, 0, 1] } } }));
    const { charts, notes } = chartPlan({ ...base, results: steps });
    expect(notes.filter((n) => n.includes('crew deaths'))).toEqual([]);
    expect(charts.map((c) => c.name)).toContain('distribution-deaths.crew');
    // The same exact shares at every point, the Monte Carlo shares each point's own: the
    // chart's bars are the first point's, and the note says so.
    const exact = [0.5, 0.3, 0.2];
    const sampled = base.results.map((p, i) => ({ ...p, distributions: { ...p.distributions, 'deaths.guards': { x: [0, 1, 2], p: [0.5 + i / 100, 0.3 - i / 100, 0.2], exact } } }));
    const once = chartPlan({ ...base, results: sampled });
    expect(once.notes).toContain('The distribution of guards deaths is the same at every point (exactly): drawn once (its Monte Carlo bars are those of side 1 › equipment bonus = 0; the exact shares are every point\'s).');
    // Alike in their Monte Carlo shares too: no point to name.
    const alike = base.results.map((p) => ({ ...p, distributions: { ...p.distributions, 'deaths.guards': { x: [0, 1, 2], p: [0.5, 0.3, 0.2], exact } } }));
    expect(chartPlan({ ...base, results: alike }).notes).toContain('The distribution of guards deaths is the same at every point (exactly): drawn once.');
    // A distribution no trial recorded a value of, at every point: left out, as before (a
    // review: drawn, an empty chart).
    const empty = base.results.map((p) => ({ ...p, distributions: { ...p.distributions, 'deaths.crew': { x: [0, 1], p: [0, 0] } } }));
    const none = chartPlan({ ...base, results: empty });
    expect(none.charts.map((c) => c.name)).not.toContain('distribution-deaths.crew');
    expect(none.notes).toContain('Not drawn: the distribution of crew deaths — always the same value at every point.');
    // One point recorded nothing, the others always 1: no "always 1 at every point" (a review).
    const partly = base.results.map((p, i) => ({ ...p, distributions: { ...p.distributions, 'deaths.crew': i === 0 ? { x: [0, 1], p: [0, 0] } : { x: [0, 1], p: [0, 1] } } }));
    const some = chartPlan({ ...base, results: partly });
    expect(some.notes.filter((n) => n.includes('crew deaths'))).toEqual([]);
    expect(some.charts.map((c) => c.name)).toContain('distribution-deaths.crew');
  });

  it('leaves out no Monte Carlo mean laid out at one point only, nor a one-point result\'s estimate that varied from trial to trial', () => {
    // VDP combat's alliesFreed exists only where the Break off is bought: one of two points.
    const freed = { estimate: 0.6365, ci95: [0.6248, 0.6482] as [number, number], kind: 'mean' as const };
    const base = battleSweep();
    const twoPoints: ScenarioResult = {
      ...base,
      results: base.results.slice(0, 2).map((p, i) => ({ ...p, metrics: { ...p.metrics, ...(i === 1 ? { 'alliesFreed.crew': freed } : {}) } })),
    };
    const { charts, notes } = chartPlan(twoPoints);
    expect(notes.some((n) => n.includes('0.6365'))).toBe(false);
    expect(charts.map((c) => c.name)).toContain('over-alliesfreed');
    // One point: an estimate equal to itself says nothing.
    const onePoint: ScenarioResult = { ...base, results: [{ ...base.results[0]!, metrics: { ...base.results[0]!.metrics, 'alliesFreed.crew': freed } }] };
    const one = chartPlan(onePoint);
    expect(one.notes.some((n) => n.includes('0.6365'))).toBe(false);
    expect(one.charts.find((c) => c.name === 'means')?.svg).toContain('alliesFreed');
  });

  it('says so when a distribution has more points than a chart holds panels', () => {
    const base = battleSweep();
    const many: ScenarioResult = {
      ...base,
      results: Array.from({ length: 13 }, (_, i) => ({
        ...base.results[i % 3]!,
        point: { 'setup.sides.0.bonus': i },
        distributions: { rounds: { x: [1, 2, 3], p: [0.5 - i / 100, 0.3, 0.2 + i / 100] } },
      })),
    };
    const { charts, notes } = chartPlan(many);
    expect(charts.map((c) => c.name)).not.toContain('distribution-rounds');
    expect(notes.some((n) => /^Not drawn: the distribution of .+ — 13 points, more than the 12 panels a chart holds; its shares are in results\.json\.$/.test(n))).toBe(true);
  });

  it('is the dashboard\'s plan too: the same charts left out, the same notes, one table for the distribution drawn once', () => {
    const result = battleSweep();
    const report = chartPlan(result);
    const notes: string[] = [];
    const panels = panelsFor(result, { notes });
    expect(panels.map((p) => p.name)).toEqual(report.charts.map((c) => c.name));
    expect(notes).toEqual(report.notes);
    const once = panels.find((p) => p.name === 'distribution-deaths.guards')!;
    // One point's rows (x = 0, 1, 2), not the same three repeated for each of the three points.
    expect(once.table.rows).toHaveLength(3);
    expect(once.svg).toMatch(/^<svg\b[^>]*><title>Distribution of guards deaths \(the same at every point\)<\/title>/);
    // One image, named by its title (Plot's inner groups read out one by one otherwise).
    expect(once.svg).toMatch(/^<svg\b[^>]* role="img" aria-label="Distribution of guards deaths \(the same at every point\)">/);
  });

  it('titles every SVG file with its heading', () => {
    for (const result of [battleSweep(), companyCampaign]) {
      for (const c of chartPlan(result).charts) expect(c.svg).toMatch(new RegExp(`^<svg\\b[^>]*><title>${c.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</title>`));
    }
  });

  it('labels at most ~20 of 50 round values', () => {
    // A tail with a visible share at every value, so nothing is folded.
    const point = battleSweep().results[0]!;
    const rounds = { x: point.distributions!.rounds!.x, p: point.distributions!.rounds!.x.map((x) => (x <= 10 ? 0.08 : 0.005)) };
    const svg = distributionBars({ ...battleSweep(), results: [{ ...point, distributions: { rounds } }] }, 'rounds');
    const labels = [...svg.matchAll(/<text[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
    const xLabels = labels.filter((n) => Number.isInteger(n) && n >= 1);
    expect(xLabels).toEqual([1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
  });

  it('folds a tail of values too small to see into one last bar of their summed share, and says so', () => {
    // Battle rounds ran the axis to the cap of 50 with all but ~0.1% of trials under 15.
    const point = battleSweep().results[0]!;
    const x = point.distributions!.rounds!.x;
    const p = x.map((v) => (v <= 10 ? 0.0995 : v <= 13 ? 0.0015 : v === 20 ? 0.0005 : 0));
    const exact = p.map((v) => v);
    const svg = distributionBars({ ...battleSweep(), results: [{ ...point, distributions: { rounds: { x, p, exact } } }] }, 'rounds');
    const xLabels = [...svg.matchAll(/aria-label="x-axis tick label"[^>]*>(.*?)<\/g>/g)].flatMap((m) => [...m[1]!.matchAll(/>([^<]+)<\/text>/g)].map((t) => t[1]));
    expect(xLabels.at(-1)).toBe('11+');
    expect(xLabels).not.toContain('50');
    expect(svg).toContain('last bar, 11+: 11 or more, folded (no value past 10 reaches 0.2%)');
    // The folded bar holds the tail's whole share (0.0015 × 3 + 0.0005 = 0.005), its
    // interval around it, and the exact tick at the exact sum.
    const bars = [...svg.matchAll(/<rect[^>]*height="([\d.]+)"[^>]*y="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(bars).toHaveLength(11);
    expect(bars.at(-1)! / bars[0]!).toBeCloseTo(0.005 / 0.0995, 2);
  });

  it('leaves out a tail no trial reached, and says so, rather than an empty folded bar', () => {
    // campaign-armed-rival's final rank: nothing passes 3, and an empty "4+" bar was drawn.
    const point = battleSweep().results[0]!;
    const x = [1, 2, 3, 4, 5, 6, 7];
    const p = [0.2, 0.5, 0.3, 0, 0, 0, 0];
    const svg = distributionBars({ ...battleSweep(), results: [{ ...point, distributions: { rounds: { x, p } } }] }, 'rounds');
    const xLabels = [...svg.matchAll(/aria-label="x-axis tick label"[^>]*>(.*?)<\/g>/g)].flatMap((m) => [...m[1]!.matchAll(/>([^<]+)<\/text>/g)].map((t) => t[1]));
    expect(xLabels).toEqual(['1', '2', '3']);
    expect(svg).not.toContain('4+');
    expect(svg).toContain('none past 3 (4 to 7: no trial)');
    expect([...svg.matchAll(/<rect[^>]*height="([\d.]+)"/g)]).toHaveLength(3);
  });

  it('draws 16 lines as 16 small panels, each named, in one colour', () => {
    const kinds = Array.from({ length: 16 }, (_, i) => `consequence.kind${i}`);
    const result: ScenarioResult = {
      name: 'rivals',
      system: 'viciousness',
      mechanic: 'rivals',
      trials: 1000,
      seed: 's',
      results: [1, 2, 3].map((rank) => ({
        point: { 'setup.rivals.0.rank': rank },
        metrics: Object.fromEntries(kinds.map((k, i) => [k, { estimate: (i + rank) / 40, ci95: [(i + rank) / 40 - 0.01, (i + rank) / 40 + 0.01] as [number, number] }])),
      })),
      expect: [],
    };
    const svg = metricsOverSweep(result, kinds, { kind: 'probability' });
    for (let i = 0; i < 16; i++) expect(svg).toContain(`>kind${i}<`);
    // One house colour: no categorical palette recycled over 16 lines.
    const strokes = new Set([...svg.matchAll(/stroke="(#[0-9a-f]{6})"/gi)].map((m) => m[1]!.toLowerCase()));
    expect(strokes.has('#4269d0')).toBe(true);
    expect([...strokes].filter((s) => !['#4269d0', '#d2561d'].includes(s)).length).toBe(0);
  });

  it('draws a rank fan over the ranks reached, not the whole 1–7 track', () => {
    const svg = fanOverTurns(companyCampaign, 'rank');
    const yLabels = svg.split('aria-label="y-axis tick label"')[1]!.split('aria-label="y-axis label"')[0]!;
    const ticks = [...yLabels.matchAll(/>([1-7])</g)].map((m) => Number(m[1]));
    expect(ticks).toEqual([1, 2, 3, 4]);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(4);
    expect(ticks).not.toContain(7);
  });
});
