/**
 * Byte-identity check for campaign speed work (issue 18, `campaignPerSecond`): runs the
 * bench campaign, every campaign and rivals scenario under scenarios/, and a few setups
 * that switch on every policy and rules variant the campaign turn has, for a fixed seed,
 * and prints one line per case: the SHA-256 of the result JSON and of the raw tally bytes.
 * A change that claims "same draws" must leave every line as it was on `main`:
 *
 *   node --import tsx bench/campaign-identity.ts > after.txt   # here
 *   node --import tsx bench/campaign-identity.ts > before.txt  # in a checkout of main
 *   diff before.txt after.txt
 *
 * `--trials N` sets the trials per point (default 3000); `--json DIR` also writes each
 * case's result JSON there.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { planScenario } from '../sim/scenario.ts';
import { parseScenarioText } from '../sim/scenarioText.ts';
import { assembleResult } from '../sim/assemble.ts';
import { runPoint } from '../sim/run.ts';
import { benchCampaign } from './campaign.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const trials = Number(arg('--trials') ?? 3000);
const jsonDir = arg('--json');

const campaign = (name: string, setup: unknown, rules: Record<string, unknown> = {}, sweep?: Record<string, unknown[]>) => ({
  name,
  system: 'viciousness',
  mechanic: 'campaign',
  seed: `identity-${name}`,
  rules,
  setup,
  ...(sweep ? { sweep } : {}),
});

const plainRivals = [
  { name: 'countess', rank: 4, designs: [{ severity: 'light' }, { severity: 'medium', style: 'rash', unsubtle: true }] },
  { name: 'bishop', rank: 3, assets: ['a cathedral'], designs: [{ severity: 'medium', handyAsset: 'a cathedral' }, { severity: 'heavy', style: 'shrewd', unsubtle: true, points: 5 }] },
  { name: 'duke', rank: 5, minions: 2, designs: [{ severity: 'heavy' }] },
];

/** Setups that reach every branch of the turn: pushes, deals, Medics, advancing, purchases, banking, replacements. */
const variants = [
  campaign('bench', benchCampaign),
  campaign('pushes-fallout-deals', {
    turns: 40,
    company: { name: 'co', rank: 3, liquid: 2, assets: 1 },
    troupes: [
      { name: 'a', count: 2, captain: { knavery: ['d6', 'd8'], violence: ['d4', 'd6'] }, minions: [{ name: 'm', count: 2, knavery: ['d4'], violence: ['d4'] }], asset: 'liquidCoin', bonus: ['d4'] },
      { name: 'b', captain: { knavery: ['d6'], rattled: true }, minions: [{ name: 'x', knavery: ['d6'], rattled: true }] },
    ],
    rivals: plainRivals,
    policy: {
      job: { challenges: 4, removed: 1, method: 'work', workFallback: 'destroy', npcRankOffset: 1, guards: { perActiveChallenge: 2, count: 1, dice: ['d6'], bonus: ['d4'], flee: 'outnumbered' } },
      knaveryPush: 'ifShort',
      freePushes: 'fallout',
      takeRivalDeal: 'whenJobFails',
      restWhenRattled: false,
      flee: 'outnumbered',
      maxRounds: 6,
      bank: 'reserve',
      reserve: 2,
      defendRank: true,
      replaceMinions: 'keepRank',
      interfere: { roll: 'violence' },
    },
  }, { push: 'ifNoHit', woundOrder: 'captainFirst', hitOn: '4+', invest: 'spread', speedChess: true }),
  campaign('pushes-fallout', {
    turns: 40,
    company: { name: 'co', rank: 2 },
    troupes: [
      { name: 'a', count: 2, captain: { knavery: ['d6', 'd8'], violence: ['d4', 'd6'] }, minions: [{ name: 'm', count: 2, knavery: ['d4'], violence: ['d4'] }], bonus: ['d4'] },
      { name: 'b', captain: { knavery: ['d6'], rattled: true }, minions: [{ name: 'x', knavery: ['d6'], rattled: true }] },
    ],
    rivals: plainRivals,
    policy: {
      job: { challenges: 4, guards: { perActiveChallenge: 2, count: 1, dice: ['d6'], bonus: ['d4'], flee: 'lostHalf' } },
      knaveryPush: 'ifShort',
      freePushes: 'fallout',
      restWhenRattled: false,
      flee: 'never',
      interfere: { roll: 'violence' },
    },
  }, { push: 'ifNoHit', woundOrder: 'random', hitOn: '4+' }),
  campaign('medics-advancing', {
    turns: 52,
    company: { name: 'co', rank: 2 },
    troupes: [
      { name: 'a', captain: { traits: ['medic', 'berzerker', 'streetsmart'], knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'd', traits: ['duelist', 'acrobat'], violence: ['d4'] }, { name: 'm', knavery: ['d6'] }] },
      { name: 'b', count: 2, captain: { knavery: ['d6'] }, aid: 'medic' },
      { name: 'c', captain: { traits: 2, knavery: ['d4', 'd4'] }, aid: 'ordinary' },
    ],
    rivals: plainRivals.slice(0, 2),
    policy: {
      jobEvery: 2,
      job: { challenges: 3, method: 'rare', npcRank: 3, guards: { perActiveChallenge: 1, dice: ['d4'] } },
      medicPush: 'always',
      ambition: { jobs: 6 },
      advance: { choice: 'trait', trait: { knavery: ['d6'], violence: ['d4'] }, pc: { knavery: ['d6'], traits: 2 }, maxPcs: 1 },
      successorAdvancements: 'all',
      successorAsset: 'startingAsset',
      interfere: { roll: 'knavery', challenges: 2 },
      newTroupe: 'nextTurn',
    },
  }, { woundOrder: 'minionsFirst', medicReach: 'all' }),
  campaign('purchases-pc-advance', {
    turns: 30,
    company: { name: 'co', rank: 3, liquid: 3 },
    troupes: [
      { name: 'a', count: 2, captain: { knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'm', knavery: ['d6'] }], bonus: ['d4'] },
      { name: 'b', captain: { traits: ['medic', 'hacker'], knavery: ['d6'] }, minions: [{ name: 'm', traits: ['berzerker'], violence: ['d4'] }] },
    ],
    rivals: plainRivals,
    policy: {
      job: { challenges: 3, guards: { perActiveChallenge: 2 } },
      buy: { equipment: { dice: ['2d4'], itemRank: 3 }, medical: { itemRank: 2, turns: 2 }, asset: { itemRank: 3, modifiers: 1 }, payWith: 'liquid' },
      medicPush: 'restTurns',
      ambition: { rank: 'next' },
      advance: { choice: 'pc', pc: { knavery: ['d6'], violence: ['d4'] }, maxPcs: 2 },
      bank: 'none',
      replaceMinions: 'never',
      newTroupe: 'never',
      onFailedJob: 'violence',
    },
  }, { invest: 'spread' }),
  campaign('purchases-task', {
    turns: 30,
    company: { name: 'co', rank: 2, liquid: 2 },
    troupes: [
      { name: 'a', count: 2, captain: { knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'm', count: 2, knavery: ['d6'], violence: ['d4'] }] },
      { name: 'solo', captain: { knavery: ['d6', 'd6'] }, minions: [] },
    ],
    rivals: plainRivals,
    policy: {
      jobEvery: 2,
      job: { challenges: 4, pushTraits: 1, guards: { perActiveChallenge: 2 } },
      buy: { equipment: { dice: ['d4'], itemRank: 2 }, task: { itemRank: 3, modifiers: 1, perJob: 2 }, payWith: 'liquid' },
      bank: 'reserve',
      reserve: 2,
      medicPush: 'never',
    },
  }),
  campaign('abandon-idle', {
    turns: 20,
    company: { name: 'co', rank: 1, points: 3 },
    troupes: [{ name: 'a', count: 3, captain: { knavery: ['d6'] } }],
    rivals: plainRivals.slice(2),
    policy: { jobEvery: 3, job: { challenges: 2, method: 'work', workFallback: 'idle' }, onFailedJob: 'abandon' },
  }),
  // The trait pushes of the fights (marksmanPush, defenderPush) beside pushes to reroll and
  // a fight's free pushes: the Skirmish's general path with snap shots.
  campaign('marksmen-defenders', {
    turns: 30,
    company: { name: 'co', rank: 2 },
    troupes: [
      { name: 'a', captain: { traits: ['marksman', 'acrobat', 'hacker'], knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'g', traits: ['marksman', 'defender'], violence: ['d4'] }, { name: 'doc', traits: ['medic', 'acrobat'], knavery: ['d6'] }] },
      { name: 'b', count: 2, captain: { knavery: ['d6', 'd6'] }, minions: [{ name: 'eye', count: 2, traits: ['marksman', 'acrobat'], violence: ['d4'] }] },
    ],
    rivals: plainRivals,
    policy: {
      job: { challenges: 4, guards: { perActiveChallenge: 2, flee: 'lostHalf' } },
      interfere: { roll: 'violence' },
      restWhenRattled: false,
      marksmanPush: 'lastFoe',
      defenderPush: 'captain',
    },
  }, { push: 'ifNoHit', woundOrder: 'captainFirst' }),
  // A rival's "A PC is wounded" with its death roll (rules.consequenceWound): troupes that
  // tend their wounded and one that does not, captains and minions dying out of a fight.
  campaign('consequence-wound-death-roll', {
    turns: 30,
    company: { name: 'co', rank: 3 },
    troupes: [
      { name: 'a', count: 2, captain: { knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'm', count: 2, knavery: ['d6'] }] },
      { name: 'b', aid: 'ordinary', captain: { knavery: ['d6'] } },
      { name: 'c', captain: { knavery: ['d6'] }, minions: [{ name: 'doc', traits: ['medic', 'acrobat'], knavery: ['d6'] }] },
    ],
    rivals: [{ name: 'hurt', rank: 7, designs: [{ severity: 'medium', style: 'shrewd' }] }, ...plainRivals.slice(0, 1)],
    policy: { job: { challenges: 3 }, replaceMinions: 'keepRank' },
  }, { consequenceWound: 'deathRoll' }),
  // Attempts on a life aimed at their target (rules.attemptTarget "first", the default)
  // under woundOrder "minionsFirst", beside a Defender who takes blows meant for its captain.
  campaign('attempt-target', {
    turns: 30,
    company: { name: 'co', rank: 2 },
    troupes: [
      { name: 'a', count: 2, captain: { knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'shield', traits: ['defender', 'acrobat'], violence: ['d4'] }, { name: 'm', knavery: ['d6'], violence: ['d4'] }] },
    ],
    rivals: [{ name: 'killer', rank: 7, minions: 3, designs: [{ severity: 'heavy', style: 'shrewd' }] }],
    policy: { job: { challenges: 2 }, flee: 'never', defenderPush: 'captain' },
  }, { woundOrder: 'minionsFirst' }),
];

function cases(): { name: string; raw: unknown; file: string }[] {
  const out: { name: string; raw: unknown; file: string }[] = variants.map((v) => ({ name: v.name, raw: v, file: `${v.name}.json` }));
  const dir = 'scenarios';
  for (const f of readdirSync(dir).sort()) {
    const text = readFileSync(join(dir, f), 'utf8');
    const raw = parseScenarioText(text, f) as { mechanic?: string; solve?: unknown };
    if (raw.mechanic !== 'campaign' && raw.mechanic !== 'rivals') continue;
    // Solve questions are answered by a search; the point itself is what the kernel draws.
    delete raw.solve;
    out.push({ name: f, raw, file: f });
  }
  return out;
}

for (const c of cases()) {
  const plan = planScenario(c.raw, c.file, { trials });
  const tallies = plan.points.map((p) => runPoint(p.simulation, plan.seed, p.stream, plan.trials, plan.chunkTrials));
  const tallyHash = createHash('sha256');
  for (const t of tallies) tallyHash.update(new Uint8Array(t.values.buffer, t.values.byteOffset, t.values.byteLength));
  // Without the setup the result carries since December 2026 (the numbers are what is
  // compared), so hashes from before and after that change still compare.
  const { setup: _setup, ...result } = assembleResult(plan, tallies);
  const json = JSON.stringify(result, null, 2);
  if (jsonDir) writeFileSync(join(jsonDir, `${c.name.replace(/\.(json|yaml)$/, '')}.json`), json);
  const sha = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);
  console.log(`${c.name.padEnd(32)} points ${String(plan.points.length).padStart(2)} result ${sha(json)} tally ${tallyHash.digest('hex').slice(0, 16)}`);
}
