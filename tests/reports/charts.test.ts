/**
 * Each chart as a person would find it in a report, snapshotted as an SVG file in
 * __snapshots__/ (open them in a browser: they are the gallery). Numbers are rounded to
 * two places before comparing, as Observable Plot's own snapshot tests do, so a change
 * in floating-point noise does not fail a test but a moved mark does.
 */
import { describe, expect, it } from 'vitest';
import {
  chartsFor,
  deathOdds,
  distributionBars,
  estimatesAtPoint,
  fanOverTurns,
  metricHeatmap,
  metricsOverSweep,
  shareDemotedByTurn,
} from '../../reports/charts/index.ts';
import { PANEL_LABEL_WIDTH, figureText, fitPathLabel, panelLabels, splitPaths, textWidth, estimateFigure } from '../../reports/charts/shared.ts';
import { pointLabel, sweepValueLabel } from '../../reports/sweep.ts';
import { memberLabels } from '../../reports/metrics.ts';
import { compareDifference } from '../../dashboard/charts/compareCharts.ts';
import { ambushBattle, companyCampaign, heistByChallenges, heistGrid, heistOnePoint } from './fixtures.ts';
import { campaign } from '../../sim/viciousness/campaign.ts';
import { viciousnessRules } from '../../sim/rules.ts';
import { benchCampaign } from '../../bench/campaign.ts';

function rounded(svg: string): string {
  return svg.replace(/\d+\.\d+/g, (n) => String(Math.round(Number(n) * 100) / 100));
}

function expectStandaloneSvg(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).not.toMatch(/<(figure|div|h2|figcaption)\b/);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
}

const charts: Record<string, () => string> = {
  'heist-probabilities': () => estimatesAtPoint(heistOnePoint.results[0]!, ['success'], { kind: 'probability', mechanic: 'knavery' }),
  'heist-means': () =>
    estimatesAtPoint(heistOnePoint.results[0]!, ['successes', 'sixes', 'active'], { kind: 'mean', mechanic: 'knavery' }),
  'heist-successes-distribution': () => distributionBars(heistOnePoint, 'successes'),
  'heist-success-by-challenges': () => metricsOverSweep(heistByChallenges, ['success'], { kind: 'probability' }),
  'heist-success-heatmap': () => metricHeatmap(heistGrid, 'success', { kind: 'probability' }),
  'ambush-outcome': () =>
    estimatesAtPoint(ambushBattle.results[0]!, ['win.crew', 'win.guards', 'draw'], { kind: 'probability', mechanic: 'battle' }),
  'ambush-death-odds': () => deathOdds(ambushBattle.results[0]!),
  'ambush-rounds-distribution': () => distributionBars(ambushBattle, 'rounds'),
  'campaign-points-fan': () => fanOverTurns(companyCampaign, 'points'),
  'campaign-rank-shares': () => shareDemotedByTurn(companyCampaign),
};

describe('charts', () => {
  for (const [name, draw] of Object.entries(charts)) {
    it(`draws ${name} as a standalone SVG`, async () => {
      const svg = draw();
      expectStandaloneSvg(svg);
      await expect(rounded(svg)).toMatchFileSnapshot(`__snapshots__/${name}.svg`);
    });
  }

  it('gives the same bytes whatever was drawn before (Plot numbers clip paths globally)', () => {
    const first = metricsOverSweep(heistByChallenges, ['success'], { kind: 'probability' });
    for (const draw of Object.values(charts)) draw();
    expect(metricsOverSweep(heistByChallenges, ['success'], { kind: 'probability' })).toBe(first);
  });

  it('draws the exact value beside the Monte Carlo where the result has it', () => {
    // The orange of EXACT appears only through marks of exact values.
    expect(charts['heist-probabilities']!()).toContain('#d2561d');
    expect(charts['ambush-death-odds']!()).not.toContain('#d2561d');
  });

  it('labels axes in the game\'s words', () => {
    expect(charts['heist-probabilities']!()).toContain('P(plan succeeds)');
    expect(charts['heist-success-by-challenges']!()).toContain('challenges');
    expect(charts['heist-success-heatmap']!()).toContain('participant 2 › how many');
    expect(charts['ambush-death-odds']!()).toContain('guards: sergeant');
  });
});

describe('chartsFor', () => {
  const names = (result: Parameters<typeof chartsFor>[0]) => chartsFor(result).map((c) => c.name);

  it('draws dots per metric kind and the distribution for a scenario without sweep', () => {
    expect(names(heistOnePoint)).toEqual(['probabilities', 'means', 'distribution-successes']);
  });

  it('draws a line chart per metric family over a one-axis sweep', () => {
    expect(names(heistByChallenges)).toEqual(['over-success', 'over-active']);
  });

  it('draws a heatmap of the checked or first probability metric over a two-axis sweep', () => {
    expect(names(heistGrid)).toEqual(['heatmap-success']);
  });

  it('wraps a long panel label beside its panel instead of squeezing the panels', () => {
    // A campaign policy path took ~540 of 640 px on one line.
    const label = 'the company’s policy › what the company buys › equipment for violence › item rank = 1';
    const { fy, marginRight } = panelLabels([label, label.replace('= 1', '= 2')]);
    expect(fy.tickFormat(label).split('\n')).toEqual(['the company’s policy ›', '\u00a0\u00a0what the company buys ›', '\u00a0\u00a0equipment for violence ›', '\u00a0\u00a0item rank = 1']);
    expect(marginRight).toBeLessThanOrEqual(PANEL_LABEL_WIDTH + 12);
    // Two swept paths stay a line each; a word longer than the width is never cut.
    const long = 'x'.repeat(40);
    expect(panelLabels([`a = 1, ${long}`]).fy.tickFormat(`a = 1, ${long}`).split('\n')).toEqual(['a = 1', long]);
    expect(panelLabels([long]).marginRight).toBe(textWidth(long) + 12);
    // A dice list is one value ("d4 + d6"), not read as a second swept path.
    const dice = pointLabel({ 'setup.challenges': 2, 'setup.participants.0.dice': ['d4', 'd6'] });
    expect(dice).toMatch(/^challenges = 2, .* = d4 \+ d6$/);
    expect(panelLabels([dice]).fy.tickFormat(dice).split('\n').filter((l) => !l.startsWith('\u00a0'))).toHaveLength(2);
  });

  it('never prints a heatmap cell bare: exact marked so, an estimate with half its interval', () => {
    const estimated = {
      ...heistGrid,
      results: heistGrid.results.map((p) => ({
        ...p,
        metrics: { success: { ...p.metrics.success!, exact: undefined, estimate: 0.5123, ci95: [0.5, 0.5246] as [number, number] } },
      })),
    };
    const svg = metricHeatmap(estimated, 'success', { kind: 'probability' });
    expect(svg).toContain('cell: P(plan succeeds), Monte Carlo, 95% interval below');
    // The reach from the printed 0.512, rounded up: ±0.013 holds all of [0.5, 0.5246], where
    // ±0.012 (to nearest, from 0.5123) read [0.500, 0.524] (a report audit).
    expect(svg).toMatch(/>0\.512<\/tspan><tspan[^>]*>±0\.013<\/tspan>/);
    const sure = { ...estimated, results: estimated.results.map((p) => ({ ...p, metrics: { success: { ...p.metrics.success, estimate: 0, ci95: [0, 0.0002] as [number, number] } } })) };
    // Lopsided (cut at 0): its two ends, the upper one in a significant digit.
    expect(metricHeatmap(sure, 'success', { kind: 'probability' })).toContain('>0–0.0002<');
    // A tiny estimate in significant digits, ends rounded outward: never "0.000" over
    // "0.00005–0.0004", nor an upper end of 0.00128 read "0.001".
    const tiny = { ...estimated, results: estimated.results.map((p) => ({ ...p, metrics: { success: { ...p.metrics.success, estimate: 0.00015, ci95: [0.000051, 0.00128] as [number, number] } } })) };
    expect(metricHeatmap(tiny, 'success', { kind: 'probability' })).toMatch(/>0\.00015<\/tspan><tspan[^>]*>0\.00005–0\.002</);
    // Cells too narrow for two ends (vdp-combat-allocation-matrix): a share of none of the
    // trials is "0", its interval one way, "+<0.001" ("0.000 ±<0.001" said it could go
    // below 0); 0.99995 is not "1.000" (a report audit).
    const many = {
      ...heistGrid,
      results: Array.from({ length: 24 }, (_, i) => ({
        point: { 'setup.challenges': i % 12, 'setup.participants.1.count': Math.floor(i / 12) },
        metrics: { success: i === 0 ? { estimate: 0.00015, ci95: [0.000008, 0.0009] as [number, number] } : i % 2 ? { estimate: 0, ci95: [0, 0.0002] as [number, number] } : { estimate: 0.99995, ci95: [0.9997, 0.99999] as [number, number] } },
      })),
    };
    const crowded = metricHeatmap(many, 'success', { kind: 'probability' });
    // A lopsided interval below the last place is its far end, a bound rounded outward:
    // "≤0.0002" under 0, "≥0.999" under 0.99995 ("±<0.001" said 0.00005 could go below 0,
    // and "0.000050" sat six places among three: a report audit).
    expect(crowded).toMatch(/>0<\/tspan><tspan[^>]*>≤0\.0002</);
    expect(crowded).toMatch(/>0\.99995<\/tspan><tspan[^>]*>≥0\.999</);
    expect(crowded).not.toMatch(/±&lt;0\.001|\+&lt;0\.001/);
    const small = { ...many, results: many.results.map((p, i) => (i === 0 ? { ...p, metrics: { success: { estimate: 0.00005, ci95: [0.0000088, 0.000283] as [number, number] } } } : p)) };
    expect(metricHeatmap(small, 'success', { kind: 'probability' })).toMatch(/>0\.00005<\/tspan><tspan[^>]*>≤0\.0003</);
    expect(crowded).not.toMatch(/>0\.000<|>1\.000</);
    const tight = { ...estimated, results: estimated.results.map((p) => ({ ...p, metrics: { success: { ...p.metrics.success, estimate: 0.5, ci95: [0.4999, 0.5001] as [number, number] } } })) };
    expect(metricHeatmap(tight, 'success', { kind: 'probability' })).toContain('±&lt;0.001');
    expect(metricHeatmap(heistGrid, 'success', { kind: 'probability' })).toContain('cell: P(plan succeeds), exact');
    // An exact value in the places it needs: 0.3125, not "0.313 exact".
    const exactly = { ...heistGrid, results: heistGrid.results.map((p) => ({ ...p, metrics: { success: { ...p.metrics.success!, exact: 0.3125 } } })) };
    expect(metricHeatmap(exactly, 'success', { kind: 'probability' })).toMatch(/>0\.3125<\/tspan><tspan[^>]*>exact</);
    // Fifteen values across: smaller text, not figures running into their neighbours.
    const wide = { ...estimated, results: Array.from({ length: 15 }, (_, i) => ({ ...estimated.results[0]!, point: { 'setup.a': i, 'setup.b': 0 } })) };
    const font = Number(/font-size="(\d+)" aria-label="text"/.exec(metricHeatmap(wide, 'success', { kind: 'probability' }))![1]);
    expect(font).toBeLessThan(10);
    expect(font * 0.62 * '±0.012'.length).toBeLessThan((640 - 60) / 15);
    // Lopsided intervals in cells too narrow for both ends: ± the longer half, which holds it.
    const lopsided = { ...wide, results: wide.results.map((p) => ({ ...p, metrics: { success: { ...p.metrics.success!, estimate: 0.004, ci95: [0.001, 0.012] as [number, number] } } })) };
    const narrow = metricHeatmap(lopsided, 'success', { kind: 'probability' });
    expect(narrow).not.toContain('0.001–0.012');
    expect(narrow).toContain('±0.008');
  });

  it('gives a battle its death odds per combatant apart from the other probabilities', () => {
    const drawn = chartsFor(ambushBattle);
    expect(drawn.map((c) => c.name)).toEqual(['probabilities', 'means', 'death-odds', 'distribution-rounds']);
    expect(drawn[0]!.svg).not.toContain('sergeant');
  });

  it('splits a heatmap into one panel per value of a third swept path', () => {
    const variants = {
      ...heistGrid,
      results: heistGrid.results.flatMap((p) => ['exact4', '4+'].map((v) => ({ ...p, point: { ...p.point, 'rules.hitOn': v } }))),
    };
    const [heatmap] = chartsFor(variants);
    // Each panel names the rule's value as its select does, not as the file writes it.
    expect(heatmap!.svg).toContain('rule: a hit is = “exactly 4”');
    expect(heatmap!.svg).toContain('rule: a hit is = “4 or more”');
    expect(heatmap!.svg).not.toContain('= exact4');
  });

  it('names each line by its label\'s words, not its name\'s code form', () => {
    const result = {
      ...heistByChallenges,
      results: heistByChallenges.results.map((p) => ({
        ...p,
        metrics: {
          'consequence.pcRattled': { estimate: 0.1, ci95: [0.05, 0.15] as [number, number], kind: 'mean' as const, label: 'mean consequences: a PC is rattled' },
          'consequence.assetLost': { estimate: 0.2, ci95: [0.15, 0.25] as [number, number], kind: 'mean' as const, label: 'mean consequences: an asset is lost' },
        },
      })),
    };
    expect([...memberLabels(result, ['consequence.pcRattled', 'consequence.assetLost']).values()]).toEqual(['a PC is rattled', 'an asset is lost']);
    const svg = metricsOverSweep(result, ['consequence.pcRattled', 'consequence.assetLost'], { kind: 'mean' });
    expect(svg).toContain('>a PC is rattled<');
    expect(svg).not.toContain('pcRattled');
    // Labels without words after a colon, or alike: the names, as before.
    expect([...memberLabels(ambushBattle, ['win.crew', 'draw']).values()]).toEqual(['crew', 'draw']);
  });

  it('says a line drawn exactly under another is the same as it, rather than hiding it (a report audit)', () => {
    // vdp-combat-edge-charge: "held" equals "lands an effect" at every point, one line hidden.
    const m = (estimate: number, label: string) => ({ estimate, ci95: [estimate - 0.01, estimate + 0.01] as [number, number], kind: 'probability' as const, label });
    const result = {
      ...heistByChallenges,
      results: heistByChallenges.results.map((p, i) => ({
        ...p,
        metrics: { 'x.held': m(0.3 + i / 20, 'P(x: held)'), 'x.lands': m(0.3 + i / 20, 'P(x: lands an effect)'), 'x.other': m(0.6, 'P(x: other)') },
      })),
    };
    const svg = metricsOverSweep(result, ['x.held', 'x.lands', 'x.other'], { kind: 'probability' });
    expect(svg).toContain('>lands an effect (same as held)<');
    expect(svg).not.toContain('other (same as');
    expect(svg).not.toContain('held (same as');
  });

  it("names a campaign's lines as the engine declares them, never by a code key", () => {
    // The metrics as the engine lays them out for the bench campaign (every policy's family).
    const sim = campaign.prepare(campaign.setup.parse(benchCampaign), viciousnessRules.parse({}));
    const metrics = Object.fromEntries(sim.metrics.map((s, i) => [s.name, { estimate: i, ci95: [i, i] as [number, number], kind: s.kind, label: s.label, family: s.family, line: s.line }]));
    const result = { ...heistByChallenges, mechanic: 'campaign', results: heistByChallenges.results.map((p) => ({ ...p, metrics })) };
    const families = new Map<string, string[]>();
    for (const s of sim.metrics) if (s.family !== undefined) families.set(s.family, [...(families.get(s.family) ?? []), s.name]);
    expect(families.size).toBeGreaterThan(5);
    for (const members of families.values()) {
      const names = [...memberLabels(result, members).values()];
      // Each line is named in words the engine wrote (its declared line, its label's words
      // after a colon, or a rival's name), never by a code key ("freePushes").
      for (const n of names) expect(n).not.toMatch(/[a-z][A-Z]/);
    }
    const jobs = families.get('mean jobs, and pushes in them')!;
    expect([...memberLabels(result, jobs).values()]).toEqual(['taken', 'succeeded', 'came to violence', 'PCs who pushed', 'free pushes', 'traits pushed', 'violent, won']);
    const svg = metricsOverSweep(result, jobs, { kind: 'mean' });
    expect(svg).toContain('>free pushes<');
    expect(svg).not.toContain('freePushes');
  });

  it('makes a heatmap tall enough for its up label, turned up the side', () => {
    const longPath = 'setup.' + 'a-very-long-field-name-'.repeat(3) + 'x';
    const tall = {
      ...heistGrid,
      results: heistGrid.results.filter((p) => [1, 2].includes(p.point['setup.challenges'] as number)).map((p) => ({ ...p, point: { 'setup.participants.1.count': p.point['setup.participants.1.count'], [longPath]: p.point['setup.challenges'] } })),
    };
    const svg = metricHeatmap(tall, 'success', { kind: 'probability' });
    const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)![1]);
    const label = /aria-label="y-axis label"><text[^>]*>([^<]*)</.exec(svg)![1]!;
    expect(label.length).toBeGreaterThan(60);
    expect(height - 44 - 44).toBeGreaterThanOrEqual(textWidth(label));
  });

  it('zooms a sweep of small probabilities to the part of 0–1 they lie in, and says so in the key', () => {
    // Death odds of 0.01–0.04 drew a flat line along the floor of a 0–1 axis.
    const small = {
      ...heistByChallenges,
      expect: [],
      results: [0.012, 0.021, 0.033, 0.041].map((p, i) => ({ point: { 'setup.challenges': i + 1 }, metrics: { success: { estimate: p, ci95: [p - 0.002, p + 0.002] as [number, number] } } })),
    };
    const svg = metricsOverSweep(small, ['success'], { kind: 'probability' });
    expect(svg).toContain('axis 0.006–0.047, not 0–1');
    expect(svg).toContain('>0.040<');
    expect(svg).not.toContain('>0.8<');
    // A sweep across most of the axis keeps 0–1, with no note.
    const wide = metricsOverSweep(heistByChallenges, ['success'], { kind: 'probability' });
    expect(wide).not.toContain('not 0–1');
    expect(wide).toContain('>0.8<');
  });

  it('writes a figure beside its mark as exact, or with half its interval, never bare', () => {
    // Exact by the one rule of every page (exactFigure): whole, or rounded and marked so;
    // three places made 0.6702 "0.670 exact".
    expect(figureText({ estimate: 0.6721, ci95: [0.668, 0.676], exact: 0.6702 }, 'probability')).toBe('0.6702 exact');
    expect(figureText({ estimate: 0.6721, ci95: [0.668, 0.676], exact: 2 / 3 }, 'probability')).toBe('≈0.6667 exact');
    // The dashboard's B − A: the sign after a rounded figure's mark, not "+≈0.1667".
    const side = { estimate: 0.5, ci95: [0.49, 0.51] as [number, number] };
    const difference = compareDifference([{ label: 'P(x)', kind: 'probability', a: { ...side, exact: 0.5 }, b: { ...side, exact: 2 / 3 }, difference: { estimate: 0.17, ci95: [0.16, 0.18], exact: 2 / 3 - 0.5 } }], 'probability');
    expect(difference).toContain('>≈+0.1667 exact<');
    expect(figureText({ estimate: 0.6721, ci95: [0.668, 0.676] }, 'probability')).toBe('0.672 ±0.004');
    // A draw estimated at 0 with a sliver of interval: not "0.000", as if it were certain,
    // and its interval runs one way, "+": "0.000 ±<0.001" said it could go below 0.
    expect(figureText({ estimate: 0, ci95: [0, 0.0001] }, 'probability')).toBe('0 +<0.001');
    // A reach written "±" that would run below 0 (or above 1) where the interval does not:
    // its two ends ("0.020 ±0.030" read as reaching −0.010; a dashboard audit saw
    // "0.001 ±0.002" for 0.0005 [0.0000883, 0.0028], its estimate doubled).
    expect(figureText({ estimate: 0.02, ci95: [0, 0.05] }, 'probability')).toBe('0.020 (0–0.050)');
    expect(figureText({ estimate: 0.0005, ci95: [0.0000883, 0.0028] }, 'probability')).toBe('0.00050 (0.00008–0.003)');
    expect(figureText({ estimate: 0.98, ci95: [0.93, 0.995] }, 'probability')).toBe('0.980 (0.930–0.995)');
    // Tested as printed: the unrounded 0.0133 − 0.0108 stays above 0, the printed "0.01
    // ±0.02" does not (a dashboard audit, of a VDP win at 0.003 ±0.004).
    expect(figureText({ estimate: 0.0133, ci95: [0.0026, 0.0241] }, 'mean')).toBe('0.01 (0.002–0.03)');
    // Its mirror, a signed mean below 0 (a review: "-0.52 ±0.52" for [−0.61, −0.004]).
    expect(figureText({ estimate: -0.52, ci95: [-0.61, -0.004] }, 'mean')).toBe('-0.52 (-0.61 to -0.004)');
    expect(figureText({ estimate: 0.95, ci95: [0.93, 0.965] }, 'probability')).toBe('0.950 ±0.020');
    // An end below the last place keeps a significant digit, not "0.000" for an interval
    // that leaves 0 out; a small mean near 0 by its ends, not "±<0.01" (a review).
    expect(figureText({ estimate: 0.002, ci95: [0.0005, 0.006] }, 'probability')).toBe('0.002 (0.0005–0.006)');
    expect(figureText({ estimate: 0.0004, ci95: [0.00001, 0.0022] }, 'mean')).toBe('0.00040 (0.00001–0.003)');
    expect(figureText({ estimate: 1, ci95: [0.9998, 1] }, 'probability')).toBe('1 −<0.001');
    // 0.99995 is not "1.000": as far as it needs not to read whole.
    expect(figureText({ estimate: 0.99995, ci95: [0.9997, 0.99999] }, 'probability')).toBe('0.99995 ±<0.001');
    expect(figureText({ estimate: 2.5, ci95: [2.4, 2.6] }, 'mean')).toBe('2.50 ±0.10');
    // Float noise around 0 is 0 to within it, marked so (exactFigure), not a plain "0".
    expect(figureText({ estimate: 0, ci95: [0, 0], exact: -1e-17 }, 'probability')).toBe('≈0 exact');
    expect(figureText({ estimate: 0, ci95: [0, 0], exact: 0 }, 'probability')).toBe('0 exact');
    expect(figureText({ estimate: 0, ci95: [0, 0.0002], exact: 8.3e-11 }, 'probability')).toBe('8.3e-11 exact');
    // Past three places where three would put the figure outside its own interval (an audit:
    // heatmap cells read 0.00055 [0.000307, 0.000985] as "0.001", 0.99945 as "0.999").
    expect(estimateFigure(0.00055, 'probability', [0.000307, 0.000985])).toBe('0.00055');
    expect(estimateFigure(0.99945, 'probability', [0.999015, 0.999693])).toMatch(/^0\.999[45]$/);
    expect(estimateFigure(0.9985, 'probability', [0.997859, 0.998949])).toBe('0.9985');
    // Inside at three places, three as before; without its interval, three.
    expect(estimateFigure(0.6721, 'probability', [0.668, 0.676])).toBe('0.672');
    // Below 0.001 in two significant digits, as the tables print it from 0.001 down
    // (smallFigure): 0.0005 and 0.0009 both read "0.001" (a dashboard audit).
    expect(estimateFigure(0.00055, 'probability')).toBe('0.00055');
    expect([0.0005, 0.0009, 0.00049].map((x) => estimateFigure(x, 'probability'))).toEqual(['0.00050', '0.00090', '0.00049']);
    // An interval that does not hold the estimate (or NaN) adds no places (a review: "0.5004000").
    expect(estimateFigure(0.5004, 'probability', [Number.NaN, Number.NaN])).toBe('0.500');
    expect(estimateFigure(0.5004, 'probability', [0.6, 0.7])).toBe('0.500');
  });

  it('slants named sweep values wider than their step, and only those', () => {
    const named = (names: string[]) => ({
      ...heistByChallenges,
      expect: [],
      results: names.map((name, i) => ({ ...heistByChallenges.results[i % heistByChallenges.results.length]!, point: { 'setup.participants.0.name': name } })),
    });
    const long = metricsOverSweep(named(['fists', 'blade', 'bigHandgun', 'rifle', 'bigGun', 'demonicLethal', 'demonicTemporary', 'demonicLasting', 'probeDefence']), ['success'], { kind: 'probability', axis: 'setup.participants.0.name' });
    expect(long).toContain('rotate(-30)');
    const short = metricsOverSweep(named(['a', 'b', 'c']), ['success'], { kind: 'probability', axis: 'setup.participants.0.name' });
    expect(short).not.toContain('rotate(-30)');
    // A long first name, slanted, stays inside the chart: it ends at its tick and runs left by
    // cos 30° of its widest line ("“fists/blunt weapons”" was cut at the left edge); past
    // SLANT_WRAP it is wrapped, a line of ~100 characters having crowded its neighbours.
    const first = 'a name as long as the bleed table’s first row';
    const wide = metricsOverSweep(named([first, 'b', 'c', 'd', 'e', 'f', 'g', 'h']), ['success'], { kind: 'probability', axis: 'setup.participants.0.name' });
    const tick = /<text transform="translate\(([\d.]+),[\d.]+\) rotate\(-30\)"[^>]*>(.*?)<\/text>/.exec(wide)!;
    const lines = [...tick[2]!.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!);
    expect(lines).toEqual(['a name as long as the', 'bleed table’s first row']);
    expect(Number(tick[1]) - Math.max(...lines.map(textWidth)) * Math.cos(Math.PI / 6)).toBeGreaterThanOrEqual(0);
    // A few long names fit under their ticks, wrapped, not slanted (coin-buys-task's policies).
    const policies = metricsOverSweep(named(['nothing set', '(a task done for each job: (task rank: 3; price modifiers: 1))', '(a task done for each job: (task rank: 3; price modifiers: 1); a purchase takes: “no one’s turn”)']), ['success'], { kind: 'probability', axis: 'setup.participants.0.name' });
    expect(policies).not.toContain('rotate(-30)');
    expect(policies).toContain('<tspan y="0.71em" x="0">(a task done for each job:</tspan><tspan dy="1em" x="0">(task rank: 3; price</tspan>');
  });

  it('draws a sweep listed out of order from left to right, each line named at its largest value', () => {
    // [10, 2, 1, 5, 3] in a file joined the points in that order: a zigzag, its band
    // crossing itself, the line's name at 3, mid-chart.
    const order = [4, 1, 0, 3, 2];
    const shuffled = { ...heistByChallenges, results: order.map((i) => heistByChallenges.results[i]!) };
    const sorted = { ...heistByChallenges, results: [...order].sort((a, b) => a - b).map((i) => heistByChallenges.results[i]!) };
    const x = (svg: string) => /aria-label="line"><path d="M([\d.]+),/.exec(svg)?.[1];
    for (const metrics of [['success'], ['success', 'active']]) {
      const drawn = metricsOverSweep(shuffled, metrics, { kind: 'mean' });
      expect(drawn).toBe(metricsOverSweep(sorted, metrics, { kind: 'mean' }));
      expect(Number(x(drawn))).toBeLessThan(100);
    }
    // Two lines: each name sits at the right end, past the largest value's x.
    const two = metricsOverSweep(shuffled, ['success', 'active'], { kind: 'mean' });
    const names = [...two.matchAll(/<text[^>]*transform="translate\(([\d.]+),[\d.]+\)"[^>]*>(success|active|plan succeeds)/g)];
    expect(names.map((n) => n[2])).toEqual(['success', 'active']);
    for (const n of names) expect(Number(n[1])).toBeGreaterThan(500);
  });

  it('lays out a heatmap listed out of order in ascending numbers, across and up (a report audit: [1, 0] put 0 above 1)', () => {
    const reversed = { ...heistGrid, results: [...heistGrid.results].reverse() };
    // The same cells in the same places (marks are written in the points' order).
    const cells = (svg: string) => [...svg.matchAll(/<rect [^>]*\/>|<text fill[^>]*>.*?<\/text>/g)].map((m) => m[0]).sort();
    expect(cells(metricHeatmap(reversed, 'success', { kind: 'probability' }))).toEqual(cells(metricHeatmap(heistGrid, 'success', { kind: 'probability' })));
    // Ticks in ascending order: left to right across, bottom to top up.
    const ticks = (svg: string, axis: 'x' | 'y') => {
      const group = svg.match(new RegExp(`<g[^>]*aria-label="${axis}-axis tick label"[^>]*>(.*?)</g>`))![1]!;
      return [...group.matchAll(/translate\(([\d.]+),([\d.]+)\)"[^>]*>([^<]+)</g)].map(([, x, y, label]) => ({ at: Number(axis === 'x' ? x : y), value: Number(label) }));
    };
    const svg = metricHeatmap(reversed, 'success', { kind: 'probability' });
    const across = ticks(svg, 'x').sort((a, b) => a.at - b.at).map((t) => t.value);
    const up = ticks(svg, 'y').sort((a, b) => b.at - a.at).map((t) => t.value);
    expect(across.length).toBeGreaterThan(1);
    expect(up.length).toBeGreaterThan(1);
    expect(across).toEqual([...across].sort((a, b) => a - b));
    expect(up).toEqual([...up].sort((a, b) => a - b));
  });

  it('draws a sweep over a rule variant as dots and bars on a point scale, without lines', () => {
    const byVariant = {
      ...heistByChallenges,
      expect: [],
      results: heistByChallenges.results.slice(0, 2).map((p, i) => ({ ...p, point: { 'rules.hitOn': ['exact4', '4+'][i] } })),
    };
    const chart = chartsFor(byVariant)[0]!;
    expect(chart.title).toBe('P(plan succeeds) by rule: a hit is');
    // Its ticks in the rule's words, as its select and Vary's boxes say them.
    expect(chart.svg).toContain('>“exactly 4”<');
    expect(chart.svg).not.toContain('>exact4<');
    expect(chart.svg).not.toContain('aria-label="line"');
  });

  it('takes the caller\'s word on metric kinds', () => {
    const charts = chartsFor(heistOnePoint, { kinds: { success: 'mean' } });
    expect(charts.map((c) => c.name)).toEqual(['means', 'distribution-successes']);
  });

  it('draws fans and rank shares for a campaign', () => {
    expect(names(companyCampaign)).toEqual(['probabilities', 'means', 'fan-points', 'fan-rank', 'rank-shares']);
  });

  it('leaves room between stacked panels: one panel\'s lowest tick never sits on the next one\'s highest (a report audit)', () => {
    // Three points, one panel each: fan-rank's "1" sat on the next panel's top tick, and
    // rank-shares' "0.0" over "1.0", 21 px apart in 10 px text.
    const stacked = { ...companyCampaign, results: [1, 2, 3].map((x) => ({ ...companyCampaign.results[0]!, point: { 'setup.x': x } })) };
    /** Each panel's y tick labels, in px from the top of the chart. */
    const panelTicks = (svg: string): number[][] => {
      const from = svg.indexOf('aria-label="y-axis tick label"');
      const group = svg.slice(from, svg.indexOf('aria-label=', from + 10));
      return [...group.matchAll(/<g transform="translate\(0,([\d.]+)\)"[^>]*>((?:<text[^>]*>[^<]*<\/text>)+)<\/g>/g)].map(([, dy, texts]) =>
        [...texts!.matchAll(/translate\([\d.]+,([\d.]+)\)/g)].map(([, y]) => Number(dy) + Number(y)));
    };
    for (const svg of [fanOverTurns(stacked, 'rank'), fanOverTurns(stacked, 'points'), shareDemotedByTurn(stacked)]) {
      const panels = panelTicks(svg);
      expect(panels).toHaveLength(3);
      for (let i = 0; i + 1 < panels.length; i++) expect(Math.min(...panels[i + 1]!) - Math.max(...panels[i]!)).toBeGreaterThanOrEqual(32);
    }
  });

  it('draws the points fan on an axis from 0, as every mean is drawn, not cut where the band begins (a report audit)', () => {
    // companyCampaign's points run 10–40: the axis began at 10, unsaid.
    const yTicks = (svg: string) => {
      const from = svg.indexOf('aria-label="y-axis tick label"');
      const group = svg.slice(from, svg.indexOf('aria-label=', from + 10));
      return [...group.matchAll(/>(-?[\d.]+)<\/text>/g)].map(([, t]) => Number(t));
    };
    for (const result of [companyCampaign, { ...companyCampaign, results: [companyCampaign.results[0]!, { ...companyCampaign.results[0]!, point: { 'setup.turns': 7 } }] }]) {
      expect(Math.min(...yTicks(fanOverTurns(result, 'points')))).toBe(0);
    }
    // The rank fan keeps its own span: rank 0 is no rank.
    expect(Math.min(...yTicks(fanOverTurns(companyCampaign, 'rank')))).toBeGreaterThanOrEqual(1);
  });

  it("draws each percentile's 95% interval where the result carries it, and says so", () => {
    const bare = fanOverTurns(companyCampaign, 'points');
    expect(bare).not.toContain("each percentile's 95% interval");
    const points = companyCampaign.results[0]!.series!.points!;
    const widen = (xs: number[], d: number) => xs.map((x) => x + d);
    const carried = {
      ...companyCampaign,
      results: [{ ...companyCampaign.results[0]!, series: { points: { ...points, p10Low: widen(points.p10!, -1), p10High: widen(points.p10!, 1), p50Low: widen(points.p50!, -1), p50High: widen(points.p50!, 1), p90Low: widen(points.p90!, -2), p90High: widen(points.p90!, 2) } } }],
    };
    const svg = fanOverTurns(carried, 'points');
    expect(svg).toContain("deeper shade: each percentile's 95% interval");
    // Three more areas than the bare fan: one per percentile.
    const areas = (text: string) => (text.match(/aria-label="area"/g) ?? []).length;
    expect(areas(svg) - areas(bare)).toBe(3);
  });
});

/** The rects of the first `<g aria-label="bar">` of an SVG, as numbers. */
function barRects(svg: string): { x: number; y: number; width: number; height: number }[] {
  const group = svg.match(/<g[^>]*aria-label="bar"[^>]*>(.*?)<\/g>/)![1]!;
  return [...group.matchAll(/<rect\b([^>]*)\/>/g)].map(([, attrs]) => {
    const get = (name: string) => Number(attrs!.match(new RegExp(`\\b${name}="([^"]+)"`))![1]);
    return { x: get('x'), y: get('y'), width: get('width'), height: get('height') };
  });
}

/** A linear axis's scale read back from its tick labels: value → px along the axis. */
function axisScale(svg: string, axis: 'x' | 'y'): (v: number) => number {
  const group = svg.match(new RegExp(`<g[^>]*aria-label="${axis}-axis tick label"[^>]*>(.*?)</g>`))![1]!;
  const ticks = [...group.matchAll(/translate\(([\d.]+),([\d.]+)\)"[^>]*>([^<]+)</g)].map(([, x, y, label]) => ({
    at: Number(axis === 'x' ? x : y),
    value: Number(label),
  }));
  const [a, b] = [ticks[0]!, ticks[ticks.length - 1]!];
  return (v) => a.at + ((v - a.value) * (b.at - a.at)) / (b.value - a.value);
}

describe('bars end at their value', () => {
  it('draws a death-odds bar from 0 to its estimate, inset only across it', () => {
    // `inset: 3` drew an estimate of 0.24355 as a bar ending at 0.2365, short of its own
    // interval and the exact tick.
    const point = ambushBattle.results[0]!;
    const svg = deathOdds(point);
    const x = axisScale(svg, 'x');
    const bars = barRects(svg);
    const estimates = Object.entries(point.metrics).filter(([m]) => m.startsWith('death.')).map(([, m]) => m.estimate);
    expect(bars.map((b) => b.x)).toEqual(bars.map(() => x(0)));
    const ends = bars.map((b) => b.x + b.width).sort((a, b) => a - b);
    const expected = estimates.map(x).sort((a, b) => a - b);
    expect(ends).toHaveLength(expected.length);
    for (const [i, end] of ends.entries()) expect(end).toBeCloseTo(expected[i]!, 1);
  });

  it('draws every distribution bar from 0 to its share, a small share included', () => {
    // `inset: 2` put every bar top 2px low and drew shares under ~2px (2.96% of a
    // campaign's rank) with no height at all.
    const small = {
      ...heistOnePoint,
      results: [
        {
          ...heistOnePoint.results[0]!,
          distributions: { successes: { x: [0, 1, 2], p: [0.004, 0.016, 0.98] } },
        },
      ],
    };
    for (const [result, shares] of [
      [heistOnePoint, heistOnePoint.results[0]!.distributions!.successes!.p],
      [small, [0.004, 0.016, 0.98]],
    ] as const) {
      const svg = distributionBars(result, 'successes');
      const y = axisScale(svg, 'y');
      const bars = barRects(svg);
      expect(bars).toHaveLength(shares.length);
      for (const [i, bar] of bars.entries()) {
        expect(bar.height).toBeGreaterThan(0);
        expect(bar.y + bar.height).toBeCloseTo(y(0), 1);
        expect(bar.y).toBeCloseTo(y(shares[i]!), 1);
      }
    }
  });

  it('folds a cumulative "at least" tail as P(X >= its first value), not the sum of the tail (a dashboard audit)', () => {
    // Ten likely values, then a long thin tail (200 values of 0.0001): past the shares of
    // 0.002 or more the tail folds into one bar. Plain shares sum there; P(X ≥ x) is the
    // fold's first value (summed, the "at least" fold read about ten times too tall).
    const x = Array.from({ length: 210 }, (_, i) => i + 1);
    const plain = x.map((r) => (r <= 10 ? 0.098 : 0.0001));
    const atLeast = plain.map((_, i) => plain.slice(i).reduce((a, b) => a + b, 0));
    const one = (p: number[]) => ({ ...heistOnePoint, results: [{ ...heistOnePoint.results[0]!, distributions: { rounds: { x, p } } }] });
    const fold = (svg: string) => {
      const y = axisScale(svg, 'y');
      const bars = barRects(svg).sort((a, b) => a.x - b.x);
      const last = bars[bars.length - 1]!;
      // The share the last bar stands for, read back off the axis.
      const share = (v: number) => Math.abs(y(v) - y(0));
      return { bars: bars.length, height: last.height, want: share };
    };
    const cum = fold(distributionBars(one(atLeast), 'rounds', undefined, 'atLeast'));
    const first = cum.bars - 1; // index of the fold's first value
    expect(cum.bars).toBeGreaterThan(100);
    expect(cum.height).toBeCloseTo(cum.want(atLeast[first]!), 0);
    expect(cum.height).toBeLessThan(cum.want(atLeast[first - 1]!));
    const sum = fold(distributionBars(one(plain), 'rounds'));
    expect(sum.height).toBeCloseTo(sum.want(plain.slice(sum.bars - 1).reduce((a, b) => a + b, 0)), 0);
  });
});

describe('means of many sizes at one point', () => {
  // A campaign's 60 means ran from 0.1 to 104 on one axis with a single tick, "0", and
  // labels up to ~490 px wide left the plot ~50 px: most dots sat on the zero line.
  const sizes = [0, 0.1, 0.12, 0.64, 1.3, 2.2, 3.5, 13.6, 37.4, 104];
  const point = {
    point: {},
    metrics: Object.fromEntries(
      sizes.map((v, i) => [
        `m${i}`,
        { kind: 'mean' as const, estimate: v, ci95: [v * 0.99, v * 1.01 + 0.0002] as [number, number], label: `mean traits pushed to remove a challenge before a job (policy job.pushTraits) ${i}` },
      ]),
    ),
  };
  const metrics = sizes.map((_, i) => `m${i}`);

  it('groups means of like size, each group in the given order, zeros with the smallest', async () => {
    const { meanPanels, MEAN_SPREAD } = await import('../../reports/charts/estimatesAtPoint.ts');
    const rows = sizes.map((v, i) => ({ label: `m${i}`, estimate: v, low: v, high: v, exact: undefined, text: '' }));
    const groups = meanPanels(rows).map((g) => g.map((r) => r.estimate));
    expect(groups).toEqual([[0, 0.1, 0.12, 0.64, 1.3], [2.2, 3.5, 13.6, 37.4], [104]]);
    for (const g of groups) expect(Math.max(...g) / Math.min(...g.filter((v) => v > 0))).toBeLessThanOrEqual(MEAN_SPREAD);
  });

  it('draws each group in a panel with its own readable axis, labels wrapped', () => {
    const svg = estimatesAtPoint(point, metrics, { kind: 'mean' });
    expectStandaloneSvg(svg);
    const axes = [...svg.matchAll(/aria-label="x-axis tick label"[^>]*>(.*?)<\/g>/g)].map((m) => [...m[1]!.matchAll(/<text/g)].length);
    expect(axes).toHaveLength(3);
    for (const ticks of axes) expect(ticks).toBeGreaterThanOrEqual(3);
    // Every row is drawn, each with its interval and its figure.
    expect([...svg.matchAll(/ [±+−](&lt;)?\d/g)]).toHaveLength(sizes.length);
    // The labels' margin leaves the plot at least 250 px.
    const left = Number(/aria-label="y-axis tick label"[^>]*><text transform="translate\(([\d.]+),/.exec(svg)![1]);
    expect(640 - 96 - left).toBeGreaterThanOrEqual(250);
    // One id per element across the stacked panels.
    const ids = [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('solve chart', () => {
  it('rings every value tied for the answer, as its sentence names them', async () => {
    const { solveChart } = await import('../../reports/charts/solveChart.ts');
    // "2 challenges … (tied with 3)": only 2 was ringed.
    const points = [1, 2, 3, 4].map((value) => ({ value, exact: [0.875, 0.5, 0.5, 0.125][value - 1]! }));
    const base = { name: 'even heist', vary: 'setup.challenges', metric: 'success', find: 'closest', target: 0.5, method: 'exact', decided: true, value: 2, sentence: '', points };
    const rings = (svg: string) => {
      const group = /<g[^>]*stroke="black"[^>]*>(.*?)<\/g>/.exec(svg)![1]!;
      return [...group.matchAll(/<circle[^>]*cx="([\d.]+)"/g)].map((m) => Number(m[1]));
    };
    const tied = solveChart({ ...base, candidates: [2, 3] } as never);
    expect(rings(tied)).toHaveLength(2);
    expect(tied).toContain('rings: the value found and those tied with it');
    const single = solveChart(base as never);
    expect(rings(single)).toHaveLength(1);
    expect(single).toContain('ring: the value found');
  });

  it('rings, dashed, the value that came nearest where none meets the bound, and names it in the key (it marked nothing)', async () => {
    const { solveChart } = await import('../../reports/charts/solveChart.ts');
    // sorcerer-keep-trying's "three times in four": never better than 0.6405, from 3 tries on.
    const points = [1, 2, 3, 4].map((value) => ({ value, exact: [0.4034, 0.5754, 0.6405, 0.6405][value - 1]! }));
    const s = { name: 'three in four', vary: 'setup.tries', metric: 'retry.won', find: 'firstAtLeast', atLeast: 0.75, target: 0.75, method: 'exact', decided: true, value: null, nearest: points[2], sentence: '', points };
    const svg = solveChart(s as never);
    const dashed = /<g[^>]*stroke-dasharray="3,2"[^>]*stroke="black"[^>]*>(.*?)<\/g>/.exec(svg);
    expect(dashed).not.toBeNull();
    expect([...dashed![1]!.matchAll(/<circle/g)]).toHaveLength(1);
    expect(svg).toContain('dashed ring: the highest, at 3 (no value meets the target)');
    // At most: the lowest. A found value has no dashed ring.
    expect(solveChart({ ...s, find: 'firstAtMost', atLeast: undefined, atMost: 0.3, target: 0.3, nearest: points[0] } as never)).toContain('dashed ring: the lowest, at 1');
    // A Monte Carlo nearest inside others' intervals is the highest estimate, not surely the
    // highest value (solve-rival-rank: one trial in 2,048 at rank 5, the rest 0).
    const mc = [1, 2, 3].map((value) => (value === 2 ? { value, estimate: 0.000488, ci95: [0.0000862, 0.0028] } : { value, estimate: 0, ci95: [0, 0.00187] }));
    const guess = solveChart({ ...s, method: 'montecarlo', points: mc, nearest: mc[1] } as never);
    expect(guess).toContain('dashed ring: the highest estimate, at 2, not told apart from 2 other values (no value');
    const found = solveChart({ ...s, value: 3, nearest: undefined } as never);
    expect(found).not.toContain('stroke-dasharray="3,2"');
    expect(found).not.toContain('dashed ring');
  });

  it('ticks a rule\'s values in its select\'s words, as its sentence and a sweep\'s axis say them', async () => {
    const { solveChart } = await import('../../reports/charts/solveChart.ts');
    // The ticks read the file's "exact4" and "4+" beside a sentence of "“exactly 4”".
    const setup = { sides: ['crew', 'guards'].map((name) => ({ name, combatants: [{ name: 'captain', dice: ['d6'] }] })) };
    const points = ['exact4', '4+'].map((value, i) => ({ value, exact: [0.2, 0.35][i]! }));
    const s = { name: 'rule', vary: 'rules.hitOn', metric: 'top.crew', find: 'firstAtLeast', target: 0.3, method: 'exact', decided: true, value: '4+', sentence: '', points };
    const options = { system: 'viciousness', mechanic: 'clash', setup };
    const svg = solveChart(s as never, options);
    const ticks = (['exact4', '4+'] as const).map((v) => sweepValueLabel('rules.hitOn', v, setup, options));
    expect(ticks).toEqual(['“exactly 4”', '“4 or more”']);
    for (const t of ticks) expect(svg).toContain(`>${t}<`);
    expect(svg).not.toContain('>exact4<');
  });
});

describe('fitPathLabel: a swept path named on an axis that has less room than its words', () => {
  const path = 'the company’s policy › what the company buys › equipment for violence › item rank';
  it('keeps a label that fits whole', () => expect(fitPathLabel(path, textWidth(path))).toBe(path));
  it('leaves out leading steps behind "… ›", as few as fit, and always keeps the field', () => {
    const fitted = fitPathLabel(path, 300);
    expect(fitted).toBe('… › equipment for violence › item rank');
    expect(textWidth(fitted)).toBeLessThanOrEqual(300);
    expect(fitPathLabel(path, 10)).toBe('… › item rank');
    expect(fitPathLabel('participants', 10)).toBe('participants');
  });
});

describe('splitPaths: a point label into its paths', () => {
  it('cuts at ", " between paths, never inside a choice\'s own words (a dashboard audit: “liquid coins, then points traded in” was cut in two)', () => {
    expect(splitPaths('item rank = 3, what pays = “liquid coins, then points traded in”')).toEqual(['item rank = 3', 'what pays = “liquid coins, then points traded in”']);
    expect(splitPaths('rule: a rival’s “A PC is wounded” = “a death roll, then bed rest”, crew › how many = 2')).toEqual(['rule: a rival’s “A PC is wounded” = “a death roll, then bed rest”', 'crew › how many = 2']);
    expect(splitPaths('participants = 3')).toEqual(['participants = 3']);
  });
});
