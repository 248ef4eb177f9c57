/**
 * "An asset is lost" (a rival's consequence) in a campaign, CampaignTrial's assetLost,
 * against what the ruling says (docs/rulings/campaign.md): with `assetLoss: "any"` one of the
 * company's assets, each as likely — each held asset, each standing troupe's bought
 * equipment, each liquid coin ("An asset is any material they can use to your
 * advantage–from liquid coin to a nice car to a noble title"); with "held" only held assets.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { campaignSetup } from '../sim/viciousness/campaign.ts';
import { CampaignPlan, CampaignTrial, METRIC } from '../sim/viciousness/campaignPlay.ts';

function trialOf(assetLoss?: 'any' | 'held') {
  const setup = campaignSetup.parse({
    turns: 10,
    company: { name: 'co', rank: 3, assets: 0 },
    troupes: [{ name: 't', count: 3, captain: {}, asset: 'liquidCoin' }],
    policy: { action: 'idle', buy: { equipment: { dice: ['d4'], itemRank: 3 } }, ...(assetLoss ? { assetLoss } : {}) },
  });
  const trial = new CampaignTrial(new CampaignPlan(setup, viciousnessRules.parse({})));
  const lose = (trial as unknown as { assetLost(random: RandomStream): void }).assetLost.bind(trial);
  return { trial, lose };
}

interface Holding {
  held: number;
  active: number[];
  equipped: number[];
  /** Liquid coins by rank (index = rank). */
  liquid: number[];
}

function hold(trial: CampaignTrial, h: Holding): void {
  trial.reset();
  trial.assets = h.held;
  trial.assetsOwed = 0;
  trial.troupeActive.set(h.active);
  trial.equipped.set(h.equipped);
  trial.liquid.fill(0);
  h.liquid.forEach((n, r) => (trial.liquid[r] = n));
}

/** What went: 'held', 'equipment <troupe>', 'coin <rank>', or 'nothing'. */
function whatWent(trial: CampaignTrial, h: Holding): string {
  if (trial.assets === h.held - 1) {
    expect(trial.assetsOwed).toBe(1);
    expect(trial.acc[METRIC.assetsLost]).toBe(1);
    return 'held';
  }
  for (let i = 0; i < h.equipped.length; i++) {
    if (trial.equipped[i] !== h.equipped[i]) {
      expect(trial.acc[METRIC.equipmentLost]).toBe(1);
      return `equipment ${i}`;
    }
  }
  for (let r = 0; r < h.liquid.length; r++) {
    if (trial.liquid[r] !== h.liquid[r]) {
      expect(trial.liquid[r]).toBe(h.liquid[r] - 1);
      expect(trial.acc[METRIC.liquidLost]).toBe(1);
      return `coin ${r}`;
    }
  }
  return 'nothing';
}

/** Draws `trials` losses from holding `h` and checks each outcome's share against `want` (a binomial z under 4.5). */
function checkShares(assetLoss: 'any' | 'held', h: Holding, want: Record<string, number>, trials: number) {
  const { trial, lose } = trialOf(assetLoss);
  const random = RandomStream.fromKey(`asset-loss:${JSON.stringify(h)}`);
  const seen: Record<string, number> = {};
  for (let k = 0; k < trials; k++) {
    hold(trial, h);
    lose(random);
    const what = whatWent(trial, h);
    seen[what] = (seen[what] ?? 0) + 1;
  }
  expect(Object.keys(seen).sort()).toEqual(Object.keys(want).sort());
  for (const [what, p] of Object.entries(want)) {
    const z = (seen[what] - trials * p) / Math.sqrt(trials * p * (1 - p) || 1);
    expect(Math.abs(z), `${what}: ${seen[what]} of ${trials}, expected ${p}`).toBeLessThan(4.5);
  }
}

describe('an asset lost', () => {
  test('"any": each held asset, each standing troupe\'s bought equipment and each liquid coin as likely', () => {
    // 2 held, troupes 0 and 2 equipped (troupe 1 dissolved but marked equipped: not counted),
    // 3 coins of rank 2 and 1 of rank 4: 8 assets.
    const h = { held: 2, active: [1, 0, 1], equipped: [1, 1, 1], liquid: [0, 0, 3, 0, 1] };
    checkShares('any', h, { held: 2 / 8, 'equipment 0': 1 / 8, 'equipment 2': 1 / 8, 'coin 2': 3 / 8, 'coin 4': 1 / 8 }, 40_000);
  }, 60_000);

  test('"any" with more than 1024 assets (a pile of coins) still chooses uniformly', () => {
    const h = { held: 1, active: [1, 1, 1], equipped: [0, 0, 0], liquid: [0, 1000, 0, 999] };
    checkShares('any', h, { held: 1 / 2000, 'coin 1': 1000 / 2000, 'coin 3': 999 / 2000 }, 40_000);
  }, 60_000);

  test('"held" takes only held assets; nothing when there are none', () => {
    const rich = { held: 0, active: [1, 1, 1], equipped: [1, 1, 1], liquid: [0, 4, 4] };
    checkShares('held', rich, { nothing: 1 }, 100);
    checkShares('held', { ...rich, held: 3 }, { held: 1 }, 100);
  });

  /** One loss from holding `h` under `assetLoss`: what went, and that no die was drawn for it. */
  function loseWithoutDraw(assetLoss: 'any' | 'held', h: Holding, went: string) {
    const { trial, lose } = trialOf(assetLoss);
    hold(trial, h);
    const random = RandomStream.fromKey(`no-draw:${went}`);
    const before = random.state();
    lose(random);
    expect(whatWent(trial, h)).toBe(went);
    expect(random.state()).toEqual(before);
  }

  test('a company with held assets only loses one without a die, under either reading (so old campaigns draw as before)', () => {
    for (const assetLoss of ['any', 'held'] as const) loseWithoutDraw(assetLoss, { held: 3, active: [1, 1, 1], equipped: [0, 0, 0], liquid: [] }, 'held');
  });

  test('nothing to lose: nothing happens and no die is drawn', () => {
    loseWithoutDraw('any', { held: 0, active: [1, 1, 1], equipped: [0, 0, 0], liquid: [] }, 'nothing');
  });
});

describe('RandomStream.belowWide', () => {
  test('uniform over 0..n−1 for n past below()\'s range', () => {
    const random = RandomStream.fromKey('below-wide');
    const n = 3000;
    const bins = new Float64Array(10);
    const draws = 100_000;
    for (let k = 0; k < draws; k++) {
      const x = random.belowWide(n);
      expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      bins[Math.floor((x * 10) / n)]++;
    }
    // Chi-square with 9 degrees of freedom: 27.9 is its 0.999 quantile.
    const e = draws / 10;
    const chi = bins.reduce((c, o) => c + (o - e) ** 2 / e, 0);
    expect(chi).toBeLessThan(27.9);
  }, 60_000);
});
