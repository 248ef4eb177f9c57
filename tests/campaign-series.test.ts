/**
 * The campaign's per-turn investment-point percentiles (`series.points`) against the points
 * of every trial, played one by one on the same draws. A campaign audit: the histogram's
 * last bin began at 180, so a rank-6 company of two troupes with a job every turn read a
 * median of 180 [180, 180] from turn 18 on, where its trials had 373 at turn 52.
 */
import { describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { layoutOf } from '../sim/run.ts';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { campaign, campaignSetup } from '../sim/viciousness/campaign.ts';
import { CampaignPlan, CampaignTrial, pointsHistogramTop } from '../sim/viciousness/campaignPlay.ts';

const rich = (turns: number) => ({
  turns,
  company: { name: 'c', rank: 6 },
  troupes: [{ name: 'a', count: 2, captain: { knavery: ['d6', 'd6'] }, minions: [{ name: 'm', knavery: ['d6'] }] }],
  rivals: [{ name: 'r', rank: 3, designs: [{ severity: 'light' }] }],
  policy: { job: { challenges: 1, method: 'destroy', npcRankOffset: 0 }, bank: 'all', ambition: { jobs: 1000 }, advance: { choice: 'trait' } },
});

/** The nearest-rank q-quantile (histogramQuantile's definition) of a list. */
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.max(1, Math.ceil(q * xs.length - 1e-9)) - 1];

describe('series.points', () => {
  test('each turn\'s 10th, 50th and 90th percentiles are those of the trials\' own points, past 180', () => {
    const setup = rich(52);
    const trials = 600;
    const rules = viciousnessRules.parse({});
    const sim = campaign.prepare(campaign.setup.parse(setup), rules);
    const tally = layoutOf(sim).create();
    sim.run(RandomStream.fromKey('series'), trials, tally);
    const series = sim.series!(tally).points;
    // The same draws, one trial at a time, each turn's points written down.
    const trial = new CampaignTrial(new CampaignPlan(campaignSetup.parse(setup) as never, rules as never));
    const random = RandomStream.fromKey('series');
    const byTurn: number[][] = Array.from({ length: 52 }, () => []);
    for (let n = 0; n < trials; n++) {
      trial.reset();
      for (let t = 1; t <= 52; t++) {
        trial.playTurn(random, t);
        byTurn[t - 1].push(trial.points);
      }
      trial.finish();
    }
    expect(quantile(byTurn[51], 0.5)).toBeGreaterThan(300);
    for (let t = 0; t < 52; t++) {
      expect([series.p10[t], series.p50[t], series.p90[t]], `turn ${t + 1}`).toEqual([quantile(byTurn[t], 0.1), quantile(byTurn[t], 0.5), quantile(byTurn[t], 0.9)]);
    }
    expect(sim.tallyNotes!(tally)).toEqual([]);
  });

  test('past the histogram\'s top a percentile is a lower bound only, and the point says so from the turn it begins; the top falls for long campaigns, so a point\'s tally stays ~180k counts', () => {
    expect([1, 52, 180, 200, 500, 1000].map(pointsHistogramTop)).toEqual([1000, 1000, 1000, 900, 360, 180]);
    const top = pointsHistogramTop(200);
    const plan = planScenario({ name: 'long', system: 'viciousness', mechanic: 'campaign', trials: 200, seed: 'l', setup: rich(200) }, 'long.json');
    const point = runPlan(plan).results[0];
    const s = point.series!.points;
    const first = s.p90High.findIndex((v) => v >= top);
    expect(first).toBeGreaterThan(0);
    expect(point.notes).toContain(
      `series.points: from turn ${first + 1}, a percentile of investment points or an end of its interval reads ${top}, which stands for ${top} or more (the per-turn histogram's last bin, ${top} in a campaign of 200 turns): a lower bound, not the value; the per-turn mean is exact from sums`,
    );
    // The mean goes on past it, from the sums.
    expect(s.mean[199]).toBeGreaterThan(top);
  });
});
