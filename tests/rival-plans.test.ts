/**
 * Rival plans that hurt (issue 14 D): interfering with unsubtle designs, and "An attempt
 * on a PC's life" fought by the rival's minions.
 */
import { describe, expect, test } from 'vitest';
import { runScenario } from './helpers.ts';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { campaignSetup } from '../sim/viciousness/campaign.ts';
import { CampaignPlan, CampaignTrial } from '../sim/viciousness/campaignPlay.ts';

const campaign = (setup: object, rules: object = {}, trials = 3000) =>
  runScenario({ name: 'rival plans', system: 'viciousness', mechanic: 'campaign', trials, seed: 'rival-plans', rules, setup }).results[0].metrics;

const base = (rival: object, policy: object) => ({
  turns: 20,
  company: { name: 'co' },
  troupes: [{ name: 'vipers', captain: { violence: ['d4'] }, minions: [{ name: 'm', count: 2 }] }],
  rivals: [{ name: 'duke', rank: 4, ...rival }],
  policy: { action: 'idle', ...policy },
});

describe('"If the rival\'s plan is unsubtle, give the PCs the chance to interfere"', () => {
  test('a knavery interference against 0 challenges always foils: no unsubtle design completes', () => {
    const m = campaign(base({ designs: [{ severity: 'light', unsubtle: true }] }, { interfere: { roll: 'knavery', challenges: 0 } }));
    expect(m['strikes.duke'].estimate).toBeGreaterThan(1);
    expect(m.interfered.estimate).toBe(m['strikes.duke'].estimate);
    expect(m.foiled.estimate).toBe(m.interfered.estimate);
    expect(m['completed.duke'].estimate).toBe(0);
    // The rival's figures depend on the company now: no exact values for them.
    expect(m['strikes.duke'].exact).toBeUndefined();
  });

  test('a subtle design gives no chance to interfere', () => {
    const m = campaign(base({ designs: [{ severity: 'light' }] }, { interfere: { roll: 'knavery', challenges: 0 } }));
    expect(m.interfered.estimate).toBe(0);
    expect(m['completed.duke'].exact).toBeGreaterThan(0);
  });

  test('VARIANT RULE—Speed Chess: "If a rival\'s plan is interruped or foiled, they recover half the points": foiled plans come back sooner', () => {
    const setup = base({ designs: [{ severity: 'light', unsubtle: true }] }, { interfere: { roll: 'knavery', challenges: 0 } });
    const plain = campaign(setup);
    const chess = campaign(setup, { speedChess: true });
    expect(chess['strikes.duke'].ci95[0]).toBeGreaterThan(plain['strikes.duke'].ci95[1]);
  });

  // "Each character in a troupe may take one turn action"; the move comes "as the next turn
  // begins", so interfering is that turn's action (docs/rulings/campaign.md, "Interfering").
  const sureJobs = (policy: object) =>
    base({ designs: [{ severity: 'light', unsubtle: true, points: 10 }] }, { action: 'job', job: { challenges: 0 }, interfere: { roll: 'knavery', challenges: 0, ...policy } });

  test('interfering spends the interferers\' action of the next turn: a lone troupe loses that turn\'s job', () => {
    // A job against 0 challenges always succeeds, so the troupe takes one every turn it can:
    // each interference at the end of turns 1..19 costs one of turns 2..20, one at the end
    // of turn 20 costs nothing. So jobs + interfered lies in [20, 21] in every trial.
    const spent = campaign(sureJobs({}));
    expect(spent.interfered.estimate).toBeGreaterThan(3);
    const sum = spent.jobs.estimate + spent.interfered.estimate;
    expect(sum).toBeGreaterThanOrEqual(20);
    expect(sum).toBeLessThanOrEqual(21);
    expect(spent.jobs.estimate).toBeLessThan(20 - spent.interfered.estimate + 1);
    // The reading until December 2026: interfering costs nothing, every turn has its job.
    const free = campaign(sureJobs({ action: 'free' }));
    expect(free.jobs.estimate).toBe(20);
    expect(free.interfered.estimate).toBeGreaterThan(3);
  });

  test('a PC whose next action is spent does not interfere with a second rival\'s move at the same turn\'s end', () => {
    const designs = [{ severity: 'light', unsubtle: true, points: 19 }];
    const two = (action: string) =>
      campaign({ ...base({ rank: 7, designs }, { interfere: { roll: 'knavery', challenges: 0, action } }), rivals: [{ name: 'duke', rank: 7, designs }, { name: 'earl', rank: 7, designs }] });
    // Both rivals strike on turn 1 (26 and more points against a d20), and often together after.
    const free = two('free');
    const strikes = free['strikes.duke'].estimate + free['strikes.earl'].estimate;
    expect(free.interfered.estimate).toBe(strikes);
    const spent = two('nextTurn');
    const spentStrikes = spent['strikes.duke'].estimate + spent['strikes.earl'].estimate;
    expect(spent.interfered.estimate).toBeLessThan(spentStrikes);
    // One troupe: at most one interference a turn.
    expect(spent.interfered.estimate).toBeLessThanOrEqual(20);
  });

  test('a PC whose action went on interfering neither takes part nor rests off a rattle that turn; a troupe founded anew acts at once', () => {
    // Turn by turn, with the interference's mark set by hand: a troupe of a captain and a
    // minion, jobs every other turn (turn 2 is a rest turn), a sure job.
    // No rival, so that nothing but the marks set by hand moves the PCs: the schema refuses
    // `interfere` without one, so the policy is set past it, on the parsed setup.
    const parsed = campaignSetup.parse({
      turns: 4,
      company: { name: 'co' },
      troupes: [{ name: 't', captain: {}, minions: [{ name: 'm' }] }],
      policy: { jobEvery: 2, job: { challenges: 0 } },
    });
    const setup = { ...parsed, policy: { ...parsed.policy, interfere: { roll: 'knavery' as const } } };
    const trial = new CampaignTrial(new CampaignPlan(setup, viciousnessRules.parse({})));
    const random = RandomStream.fromKey('spent');
    trial.reset();
    const jobs = () => (trial as unknown as { counted: { jobs: number } }).counted.jobs;
    trial.playTurn(random, 1);
    expect(jobs()).toBe(1);
    // Both rattled; the captain spent turn 2's action interfering: only the minion rests.
    trial.rattled[0] = 1;
    trial.rattled[1] = 1;
    trial.spentTurn[0] = 2;
    trial.playTurn(random, 2);
    expect(Array.from(trial.rattled.subarray(0, 2))).toEqual([1, 0]);
    // Turn 3, a job turn: the spent minion sits out, the captain (rattled: restWhenRattled) rests.
    trial.spentTurn[1] = 3;
    trial.playTurn(random, 3);
    expect(jobs()).toBe(1);
    expect(trial.rattled[0]).toBe(0);
    // A troupe whose captain died interfering at the end of turn 1 is founded anew as turn 2
    // begins: its new PCs have spent nothing (their slots' marks are the dead PCs').
    const fresh = new CampaignTrial(new CampaignPlan({ ...setup, turns: 6, policy: { ...setup.policy, jobEvery: 1 } }, viciousnessRules.parse({})));
    fresh.reset();
    (fresh as unknown as { dissolve(i: number): void }).dissolve(0);
    fresh.spentTurn[0] = 2;
    fresh.spentTurn[1] = 2;
    fresh.playTurn(random, 2);
    expect((fresh as unknown as { counted: { jobs: number } }).counted.jobs).toBe(1);
  });

  test('interfering by violence fights the rival\'s minions (rank minus 2): wounds, and some plans foiled', () => {
    const m = campaign(base({ designs: [{ severity: 'light', unsubtle: true }] }, { interfere: { roll: 'violence' } }));
    expect(m.foiled.estimate).toBeGreaterThan(0);
    expect(m.foiled.estimate).toBeLessThan(m.interfered.estimate);
    expect(m.wounds.estimate).toBeGreaterThan(0);
  });
});

describe('"An attempt on a PC\'s life" is a real fight with the rival\'s minions', () => {
  test('heavy designs: every attempt is fought while a PC is able, and PCs die in them', () => {
    // Shrewd heavy designs: every initiation succeeds; a sixth of them are attempts.
    const m = campaign(base({ minions: 4, designs: [{ severity: 'heavy', style: 'shrewd' }] }, {}), {}, 4000);
    expect(m.attempts.estimate).toBeGreaterThan(0.3);
    expect(m.attempts.estimate).toBeLessThanOrEqual(m['consequence.attemptOnLife'].estimate);
    // Nothing else kills in an idle campaign: every death is an attempt's.
    expect(m.deaths.estimate).toBeGreaterThan(0);
    expect(m['attempts.repelled'].estimate).toBeLessThan(m.attempts.estimate);
  });
});
