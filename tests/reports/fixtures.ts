/**
 * Small hand-written results in the shape of docs/scenario-format.md's result JSON, one per chart
 * shape. The numbers are plausible, not simulated: these tests prove how results are
 * drawn and written, not what the kernel computes.
 */
import type { ScenarioResult } from '../../sim/result.ts';

/** Knavery without sweep: a captain with a d6 trait and two minions against 3 challenges. */
export const heistOnePoint: ScenarioResult = {
  name: 'Knavery: a 3-person heist against 3 challenges',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 200000,
  seed: 'heist-1',
  results: [
    {
      point: {},
      metrics: {
        success: { estimate: 0.31712, ci95: [0.31508, 0.31917], exact: 0.31665 },
        successes: { estimate: 2.0015, ci95: [1.9966, 2.0064], exact: 2 },
        sixes: { estimate: 0.6668, ci95: [0.6636, 0.67], exact: 0.66667 },
        active: { estimate: 1.1492, ci95: [1.1449, 1.1535], exact: 1.14931 },
      },
      distributions: {
        successes: {
          x: [0, 1, 2, 3, 4],
          p: [0.0626, 0.2497, 0.3757, 0.2494, 0.0626],
          exact: [0.0625, 0.25, 0.375, 0.25, 0.0625],
        },
      },
    },
  ],
  expect: [{ metric: 'success', atLeast: 0.25, pass: true }],
};

const challenges = [2, 3, 4, 5, 6];
/** P(at least c successes of 4 dice at 1/2 each), the heist above with c challenges. */
const atLeast = [0.6875, 0.3125, 0.0625, 0, 0];

/** Knavery swept over challenges; one check fails at 5 and 6 challenges. */
export const heistByChallenges: ScenarioResult = {
  name: 'Knavery: how many challenges for a 3-person heist',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 20000,
  seed: 'heist-1',
  results: challenges.map((c, i) => {
    const p = atLeast[i]!;
    const estimate = Math.round((p + (i % 2 ? 0.0031 : -0.0024) * (p > 0 ? 1 : 0)) * 1e5) / 1e5;
    const half = p > 0 ? 0.0064 : 0.00019;
    return {
      point: { 'setup.challenges': c },
      metrics: {
        success: { estimate, ci95: [Math.max(0, estimate - half), Math.min(1, estimate + half)], exact: p },
        active: { estimate: 0.4 + 0.55 * i, ci95: [0.39 + 0.55 * i, 0.41 + 0.55 * i] },
      },
    };
  }),
  expect: [
    { metric: 'success', point: { 'setup.challenges': 3 }, atLeast: 0.25, pass: true },
    {
      metric: 'success',
      atLeast: 0.05,
      pass: false,
      failedPoints: [{ 'setup.challenges': 5 }, { 'setup.challenges': 6 }],
    },
  ],
};

/** Knavery swept over minions (participants[1] count) × challenges. */
export const heistGrid: ScenarioResult = {
  name: 'Knavery: minions against challenges',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 20000,
  seed: 7,
  results: [0, 1, 2, 3].flatMap((minions) =>
    [1, 2, 3, 4].map((c) => {
      // n fair "success" dice (4+ on a d6: 1/2 each) reaching c successes.
      const n = minions + 2;
      let p = 0;
      for (let k = c; k <= n; k++) p += binomial(n, k) / 2 ** n;
      const estimate = Math.round(p * 1e4) / 1e4;
      return {
        point: { 'setup.participants.1.count': minions, 'setup.challenges': c },
        metrics: { success: { estimate, ci95: [Math.max(0, estimate - 0.007), Math.min(1, estimate + 0.007)], exact: p } },
      };
    }),
  ),
  expect: [],
};

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** A battle at one point: two sides, death odds per combatant entry, rounds' shape. */
export const ambushBattle: ScenarioResult = {
  name: 'Battle: ambush at the bridge',
  system: 'viciousness',
  mechanic: 'battle',
  trials: 50000,
  seed: 'bridge',
  results: [
    {
      point: {},
      metrics: {
        'win.crew': { estimate: 0.5721, ci95: [0.5678, 0.5764] },
        'win.guards': { estimate: 0.3904, ci95: [0.3861, 0.3947] },
        draw: { estimate: 0.0375, ci95: [0.0359, 0.0392] },
        'deaths.crew': { estimate: 0.8312, ci95: [0.8221, 0.8403] },
        'deaths.guards': { estimate: 1.2207, ci95: [1.2098, 1.2316] },
        'death.crew.captain': { estimate: 0.1408, ci95: [0.1378, 0.1439] },
        'death.crew.minion': { estimate: 0.3516, ci95: [0.3474, 0.3558] },
        'death.guards.sergeant': { estimate: 0.2901, ci95: [0.2861, 0.2941] },
        'death.guards.guard': { estimate: 0.4633, ci95: [0.4589, 0.4677] },
        rounds: { estimate: 3.412, ci95: [3.392, 3.432] },
      },
      distributions: {
        rounds: { x: [1, 2, 3, 4, 5, 6, 7, 8], p: [0.08, 0.19, 0.24, 0.2, 0.13, 0.08, 0.05, 0.03] },
      },
    },
  ],
  expect: [{ metric: 'win.crew', atLeast: 0.6, pass: false }],
};

/** A campaign-like result: 6 turns, the series columns of reports/charts/campaignSeries.ts. */
export const companyCampaign: ScenarioResult = {
  name: 'Campaign: a rank-2 company against two rivals',
  system: 'viciousness',
  mechanic: 'campaign',
  trials: 10000,
  seed: 'c-1',
  results: [
    {
      point: {},
      metrics: {
        'rank.final': { estimate: 2.41, ci95: [2.39, 2.43] },
        'points.final': { estimate: 24.6, ci95: [24.3, 24.9] },
        demoted: { estimate: 0.2234, ci95: [0.2153, 0.2317] },
        promoted: { estimate: 0.4412, ci95: [0.4315, 0.4510] },
      },
      series: {
        points: {
          turn: [1, 2, 3, 4, 5, 6],
          mean: [16.1, 17.4, 19.0, 20.8, 22.5, 24.6],
          p10: [13, 12, 11, 11, 10, 10],
          p50: [16, 17, 19, 21, 23, 25],
          p90: [19, 23, 27, 31, 35, 39],
        },
        rank: {
          turn: [1, 2, 3, 4, 5, 6],
          mean: [2.0, 2.05, 2.12, 2.21, 2.3, 2.41],
          p10: [1, 1, 1, 1, 1, 1],
          p50: [2, 2, 2, 2, 2, 2],
          p90: [2, 2, 3, 3, 3, 3],
          demoted: [0.02, 0.08, 0.12, 0.14, 0.15, 0.16],
          promoted: [0.0, 0.06, 0.14, 0.22, 0.29, 0.35],
        },
      },
    },
  ],
  expect: [],
};
