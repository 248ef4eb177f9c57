/**
 * Campaign figures (issue: rivals and the campaign economy): whole 52-turn campaigns of
 * a rank-2 company with three troupes (a captain and a minion each, a job every turn,
 * violence when a plan fails) against two rivals, per second; and the rivals alone. One
 * core, one thread.
 */
import { campaign } from '../sim/viciousness/campaign.ts';
import { rivals } from '../sim/viciousness/rivals.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { simulationRate } from './core.ts';
import { freshRunMs, withScenarioFile } from './fresh.ts';

/** Campaigns in each fresh-process run of `campaignPerSecondCompiled` (~1 s of one thread). */
const COMPILED_TRIALS = 20_000;

const benchRivals = [
  { name: 'countess', rank: 4, designs: [{ severity: 'light' }, { severity: 'medium', style: 'rash' }] },
  { name: 'bishop', rank: 3, assets: ['a cathedral'], designs: [{ severity: 'medium', handyAsset: 'a cathedral' }, { severity: 'heavy' }] },
];

export const benchCampaign = {
  turns: 52,
  company: { name: 'bench', rank: 2 },
  troupes: [
    { name: 'vipers', captain: { knavery: ['d6', 'd6'], violence: ['d4'] }, minions: [{ name: 'cutpurse', knavery: ['d6'] }] },
    { name: 'jackals', captain: { knavery: ['d6'], violence: ['d4', 'd4'] }, minions: [{ name: 'bruiser', violence: ['d4'] }] },
    { name: 'owls', captain: { knavery: ['d6'] }, minions: [{ name: 'lookout', knavery: ['d4'] }] },
  ],
  rivals: benchRivals,
  policy: { job: { challenges: 3 } },
};

export async function run(): Promise<Record<string, number>> {
  const rules = viciousnessRules.parse({});
  const campaignSim = campaign.prepare(campaign.setup.parse(benchCampaign), rules);
  const campaignPerSecond = simulationRate(campaignSim, 1000);
  const rivalsSim = rivals.prepare(rivals.setup.parse({ turns: 52, rivals: benchRivals }), rules);
  const rivalsPerSecond = simulationRate(rivalsSim, 400);
  let exactRivalsMs = Infinity;
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    rivalsSim.exact!();
    exactRivalsMs = Math.min(exactRivalsMs, performance.now() - t0);
  }
  // The same campaigns as `poolsim run --workers 1` runs them: the compiled command in a
  // fresh process, chunk by chunk, its JIT warm-up included (campaignPerSecond above is
  // the sources through tsx in this process). Best of three.
  const scenario = { name: 'bench campaign', system: 'viciousness', mechanic: 'campaign', trials: COMPILED_TRIALS, seed: 'bench', setup: benchCampaign };
  const compiledMs = withScenarioFile(scenario, (file) => Math.min(...[0, 1, 2].map(() => freshRunMs(file, 1))));
  const campaignPerSecondCompiled = COMPILED_TRIALS / (compiledMs / 1000);
  return { campaignPerSecond, campaignTurnsPerSecond: campaignPerSecond * 52, campaignPerSecondCompiled, rivalsPerSecond, exactRivalsMs };
}
