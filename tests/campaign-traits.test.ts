/**
 * Named traits in the campaign (docs/rulings/traits.md): a PC's `traits` by name count as
 * many traits, and the Medic attends the troupe's fights and, by policy, pushes to shorten
 * a wounded PC's bed rest.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { campaignSetup } from '../sim/viciousness/campaign.ts';
import { BED_REST_TURNS, CampaignPlan, CampaignTrial, METRIC } from '../sim/viciousness/campaignPlay.ts';
import { runScenario } from './helpers.ts';
import { Skirmish } from '../sim/viciousness/skirmish.ts';
import { battle } from '../sim/viciousness/battle.ts';

const scenario = (troupe: object, policy: object = {}, trials = 2000) => ({
  name: 'traits',
  system: 'viciousness',
  mechanic: 'campaign',
  trials,
  seed: 'campaign-traits',
  setup: {
    turns: 16,
    company: { name: 'co', rank: 2 },
    troupes: [{ name: 'vipers', count: 2, ...troupe }],
    policy: { job: { challenges: 3, guards: { perActiveChallenge: 2 } }, ...policy },
  },
});
const run = (troupe: object, policy: object = {}, trials = 2000) => runScenario(scenario(troupe, policy, trials)).results[0].metrics;

describe('traits by name', () => {
  test('count as many traits as they name: the same campaign as the count, draw for draw', () => {
    const named = run({ captain: { traits: ['acrobat', 'hacker', 'streetsmart'] }, minions: [{ name: 'm', traits: ['lurker', 'wizardOfMind'] }] });
    const counted = run({ captain: { traits: 3 }, minions: [{ name: 'm', traits: 2 }] });
    expect(named).toEqual(counted);
  });

  test('"A character you provide medical attention to during violence is not in danger of dying": a lone Medic captain is the troupe\'s aid "medic"', () => {
    // With no minions the captain is in every fight, so the Medic always attends.
    const medic = run({ captain: { traits: ['medic', 'acrobat', 'hacker'] }, minions: [] });
    const aid = run({ captain: { traits: 3 }, minions: [], aid: 'medic' });
    const none = run({ captain: { traits: 3 }, minions: [] });
    for (const k of ['deaths', 'wounds', 'jobs.won', 'points.final']) expect(medic[k], k).toEqual(aid[k]);
    expect(none.deaths.estimate).toBeGreaterThan(medic.deaths.estimate);
    expect(medic['medic.pushes'].estimate).toBe(0); // the push is by policy only
  });

  test('beside a Medic PC, `aid: "medic"` names it, as in battle: the same campaign as with aid left out, draw for draw', () => {
    // A Medic minion who is not in every fight (wounded, in bed): no other Medic comes.
    const troupe = { captain: { violence: ['d4'] }, minions: [{ name: 'doc', traits: ['medic', 'acrobat'] }, { name: 'm', count: 2 }] };
    expect(run({ ...troupe, aid: 'medic' })).toEqual(run(troupe));
  });

  test('a Medic minion of count 0 is nobody: aid "ordinary" beside it is taken, the same campaign as without it (a campaign audit: refused as a Medic who attends)', () => {
    const troupe = (minions: object[]) => ({ aid: 'ordinary', captain: { violence: ['d4'] }, minions: [...minions, { name: 'm', count: 2 }] });
    expect(run(troupe([{ name: 'doc', count: 0, traits: ['medic', 'acrobat'] }]))).toEqual(run(troupe([])));
  });

  test('every name of the text\'s "Example Traits" table is taken, the last two wizards too', async () => {
    const { TABLE_TRAITS } = await import('../sim/viciousness/traits.ts');
    // viciousness.txt's table, Acrobat to Wizard of Water: 21 traits and 6 wizards.
    expect(TABLE_TRAITS).toHaveLength(27);
    expect(TABLE_TRAITS.slice(-2)).toEqual(['wizardOfTongues', 'wizardOfWater']);
    const named = run({ captain: { traits: ['wizardOfTongues', 'wizardOfWater', 'hacker'] }, minions: [{ name: 'm', traits: ['wizardOfWater', 'lurker'] }] }, {}, 200);
    const counted = run({ captain: { traits: 3 }, minions: [{ name: 'm', traits: 2 }] }, {}, 200);
    expect(named).toEqual(counted);
  });

  test('a Berzerker\'s or a Duelist\'s written violence dice leave room for the d4s the fights roll for them: a one-trait Berzerker with two written d4s rolled four (an audit)', () => {
    const refused = (troupe: object, policy: object, said: string) => expect(() => runScenario(scenario(troupe, policy))).toThrow(said);
    // The troupe never flees: both of the Berzerker's dice are the rules'.
    refused({ captain: { violence: ['d4'] }, minions: [{ name: 'b', traits: ['berzerker'], violence: ['d4', 'd4'] }] }, { flee: 'never' },
      'setup.troupes.0.minions.0.violence: 2 trait dice in violence, but its traits give at most 2 (two a trait), and the fights roll 2 of them themselves, the Berzerker\'s two (its gain while outnumbered, and its add, the troupe never fleeing): written here they would roll on top: expected none (leave "violence" out)');
    refused({ captain: { traits: ['berzerker'], violence: ['d4'] }, minions: [] }, { flee: 'never' }, 'setup.troupes.0.captain.violence: 1 trait die in violence');
    // A troupe that flees: the gain alone, so one written die is the trait's second.
    expect(() => runScenario(scenario({ captain: { traits: ['berzerker'], violence: ['d4'] }, minions: [] }))).not.toThrow();
    refused({ captain: { traits: ['berzerker'], violence: ['d4', 'd4'] }, minions: [] }, {}, "the Berzerker's gain while outnumbered (its add only where the troupe never flees): written here they would roll on top: expected at most 1");
    // The Duelist's gain in a duel, beside a Berzerker's two, on two traits.
    refused({ captain: { traits: ['berzerker', 'duelist'], violence: ['d4', 'd4'] }, minions: [] }, { flee: 'never' }, 'and the fights roll 3 of them themselves');
    expect(() => runScenario(scenario({ captain: { traits: ['berzerker', 'duelist'], violence: ['d4'] }, minions: [] }, { flee: 'never' }))).not.toThrow();
    // Past two a trait as well: said once, with the fights' share.
    expect(() => runScenario(scenario({ captain: { traits: ['berzerker'], violence: ['d4', 'd4', 'd4'] }, minions: [] }, { flee: 'never' }))).toThrow(/^(?![\s\S]*expected at most 2)[\s\S]*setup\.troupes\.0\.captain\.violence: 3 trait dice in violence, but its traits give at most 2 \(two a trait\), and the fights roll 2 of them themselves/);
    // Traits by count name neither: as before.
    expect(() => runScenario(scenario({ captain: { traits: 1, violence: ['d4', 'd4'] }, minions: [] }, { flee: 'never' }))).not.toThrow();
  });

  test('a Medic beside an aid that contradicts it is refused', () => {
    expect(() => runScenario(scenario({ captain: { traits: ['medic'] }, aid: 'ordinary' }))).toThrow(/setup\.troupes\.0\.aid/);
  });

  test('the Berzerker and the Duelist play in the campaign: a troupe with them wins more of its fights', () => {
    const se = (m: { ci95: [number, number] }) => (m.ci95[1] - m.ci95[0]) / (2 * 1.96);
    const expectMoreWon = (trait: Record<string, { ci95: [number, number]; estimate: number }>, plain: typeof trait) => {
      const gap = trait['jobs.won'].estimate - plain['jobs.won'].estimate;
      expect(gap).toBeGreaterThan(3 * Math.hypot(se(trait['jobs.won']), se(plain['jobs.won'])));
    };
    // Outnumbered by the guards, with the add's d4 of a troupe that never flees.
    expectMoreWon(run({ captain: { traits: ['berzerker', 'acrobat', 'hacker'] } }, { flee: 'never' }), run({ captain: { traits: 3 } }, { flee: 'never' }));
    // A lone captain against one guard: every clash is 1-on-1.
    const duel = { job: { challenges: 3, guards: { perActiveChallenge: 0, count: 1 } } };
    expectMoreWon(run({ captain: { traits: ['duelist', 'acrobat', 'hacker'] }, minions: [] }, duel), run({ captain: { traits: 3 }, minions: [] }, duel));
  });
});

describe('a Medic PC who dies in a fight attends nobody after (docs/rulings/traits.md)', () => {
  // Captain, the Medics and minions against five guards, fighting to the end: wounds come
  // two at a time often enough for a Medic to be left unattended and die. "At most one
  // wounded per round per Medic": two Medic PCs attend two.
  test.each([
    { title: 'one Medic', medic: [0, 1, 0, 0] },
    { title: 'two Medics, one wounded a round each', medic: [0, 1, 1, 0] },
  ])('$title: the skirmish\'s deaths agree with the battle chain\'s, where a named Medic can die', ({ medic }) => {
    const rules = viciousnessRules.parse({});
    const n = medic.length;
    const pcs = {
      diceSides: Int32Array.from({ length: n }, () => 4),
      diceFrom: Int32Array.from({ length: n }, (_, i) => i),
      diceTo: Int32Array.from({ length: n }, (_, i) => i + 1),
      captain: Uint8Array.of(1, 0, 0, 0),
      rattled: new Uint8Array(n),
      medic: Uint8Array.from(medic),
    };
    const skirmish = new Skirmish(pcs, n, rules, { troupeFlee: 'never', guardFlee: 'never', maxRounds: 50, guardDice: [4], guardBonus: [] });
    const random = RandomStream.fromKey('skirmish:medic dies');
    const participants = Int32Array.of(0, 1, 2, 3);
    const trials = 40_000;
    let sum = 0;
    let sumSq = 0;
    for (let t = 0; t < trials; t++) {
      skirmish.fight(random, participants, n, 5, new Int32Array(0), 0, 0, 'medic', true);
      let d = 0;
      for (let i = 0; i < skirmish.woundedCount; i++) d += skirmish.died[i];
      sum += d;
      sumSq += d * d;
    }
    const mean = sum / trials;
    const se = Math.sqrt((sumSq / trials - mean * mean) / trials);
    const sides = [
      { name: 'a', combatants: [{ name: 'captain' }, ...medic.slice(1).map((m, i) => ({ name: `pc${i + 1}`, ...(m ? { traits: ['medic'] } : {}) }))] },
      { name: 'b', combatants: [{ name: 'x', count: 5 }] },
    ];
    const exact = battle.prepare(battle.setup.parse({ sides }), rules).exact!().metrics['deaths.a'];
    expect(Math.abs(mean - exact) / se).toBeLessThan(4.5);
  });
});

/**
 * The campaign's fights (skirmish.ts) against the battle chain's exact odds for the same
 * cast: "Gain 1d4 if you are outnumbered by enemies. Add 1d4 by making yourself unable to
 * do anything but fight until you or your enemies are dead." and "Gain 1d4 if engaging in
 * 1-on-1 combat" are judged at every clash, in a fight as in a battle.
 */
describe('the Berzerker and the Duelist in the campaign\'s fights', () => {
  type Flee = 'never' | 'outnumbered' | 'lostHalf';
  const cases: { title: string; pcs: { captain: boolean; traits: string[] }[]; guards: number; flee: Flee }[] = [
    { title: 'a Berzerker captain and a minion against three, fighting to the end (gain and add)', pcs: [{ captain: true, traits: ['berzerker'] }, { captain: false, traits: [] }], guards: 3, flee: 'never' },
    { title: 'the same troupe fleeing once half are down (gain only)', pcs: [{ captain: true, traits: ['berzerker'] }, { captain: false, traits: [] }], guards: 3, flee: 'lostHalf' },
    { title: 'a Duelist captain and a minion against two', pcs: [{ captain: true, traits: ['duelist'] }, { captain: false, traits: [] }], guards: 2, flee: 'never' },
  ];
  for (const c of cases) {
    test(c.title, () => {
      const n = c.pcs.length;
      const rules = viciousnessRules.parse({});
      const pcs = {
        diceSides: Int32Array.from(c.pcs, () => 4),
        diceFrom: Int32Array.from(c.pcs, (_, i) => i),
        diceTo: Int32Array.from(c.pcs, (_, i) => i + 1),
        captain: Uint8Array.from(c.pcs, (p) => (p.captain ? 1 : 0)),
        rattled: new Uint8Array(n),
        berzerker: Uint8Array.from(c.pcs, (p) => (p.traits.includes('berzerker') ? 1 : 0)),
        duelist: Uint8Array.from(c.pcs, (p) => (p.traits.includes('duelist') ? 1 : 0)),
      };
      const skirmish = new Skirmish(pcs, n, rules, { troupeFlee: c.flee, guardFlee: 'never', maxRounds: 50, guardDice: [4], guardBonus: [] });
      const random = RandomStream.fromKey(`skirmish:${c.title}`);
      const participants = Int32Array.from(c.pcs, (_, i) => i);
      const trials = 40_000;
      let won = 0;
      for (let t = 0; t < trials; t++) if (skirmish.fight(random, participants, n, c.guards, new Int32Array(0), 0, 0, 'none')) won++;
      const sides = [
        { name: 'a', flee: c.flee, combatants: c.pcs.map((p, i) => ({ name: p.captain ? 'captain' : `m${i}`, traits: p.traits })) },
        { name: 'b', combatants: [{ name: 'x', count: c.guards }] },
      ];
      const exact = battle.prepare(battle.setup.parse({ sides }), rules).exact!().metrics['win.a'];
      const z = Math.abs(won / trials - exact) / Math.sqrt((exact * (1 - exact)) / trials);
      expect(z).toBeLessThan(4.5);
    });
  }
});

describe('the Medic\'s push: "Reduce a wounded character\'s recovery time by 1 turn"', () => {
  test('one turn off one wounded PC\'s bed rest, then the Medic is rattled (played turn by turn)', () => {
    const setup = campaignSetup.parse({
      turns: 10,
      company: { name: 'co' },
      troupes: [{ name: 'vipers', captain: { traits: ['medic', 'acrobat', 'hacker'] }, minions: [{ name: 'a' }, { name: 'b' }] }],
      policy: { action: 'idle', medicPush: 'always' },
    });
    const plan = new CampaignPlan(setup, viciousnessRules.parse({}));
    const trial = new CampaignTrial(plan);
    trial.reset();
    // Minion b (PC 2) was wounded in turn 1: in bed for turns 2..4.
    trial.woundedUntil[2] = 1 + BED_REST_TURNS;
    const random = RandomStream.fromKey('medic-push');
    trial.playTurn(random, 2);
    // The Medic pushed once: b's bed rest now ends after turn 3, and the Medic was rattled
    // (it rests off the rattle in the same idle turn).
    expect(trial.woundedUntil[2]).toBe(3);
    expect(trial.acc[METRIC.medicPushes]).toBe(1);
    trial.playTurn(random, 3);
    // A second push (the Medic rested): b is out of bed from turn 3 on.
    expect(trial.woundedUntil[2]).toBe(2);
    expect(trial.acc[METRIC.medicPushes]).toBe(2);
    trial.playTurn(random, 4);
    expect(trial.acc[METRIC.medicPushes]).toBe(2); // nobody in bed: no push
  });

  test('a rattled Medic cannot push ("Rattled PCs can\'t push themselves")', () => {
    const setup = campaignSetup.parse({
      turns: 10,
      company: { name: 'co' },
      troupes: [{ name: 'vipers', captain: { traits: ['medic'], rattled: true }, minions: [{ name: 'a' }] }],
      policy: { action: 'idle', medicPush: 'always' },
    });
    const trial = new CampaignTrial(new CampaignPlan(setup, viciousnessRules.parse({})));
    trial.reset();
    trial.woundedUntil[1] = 4;
    trial.playTurn(RandomStream.fromKey('x'), 2);
    expect(trial.woundedUntil[1]).toBe(4);
    expect(trial.acc[METRIC.medicPushes]).toBe(0);
  });

  test('"restTurns" pushes on a job turn that falls back to idling: work at rank 4 with workFallback "idle" is a turn of rest', () => {
    const pushesBy = (workFallback: 'idle' | 'rare') => {
      const setup = campaignSetup.parse({
        turns: 10,
        company: { name: 'co', rank: 4 },
        troupes: [{ name: 'vipers', captain: { traits: ['medic', 'acrobat', 'hacker'] }, minions: [{ name: 'm' }] }],
        policy: { job: { challenges: 0, method: 'work', workFallback }, medicPush: 'restTurns' },
      });
      const trial = new CampaignTrial(new CampaignPlan(setup, viciousnessRules.parse({})));
      trial.reset();
      trial.woundedUntil[1] = 4; // the minion, in bed for turns 1..4
      const random = RandomStream.fromKey('medic-idle');
      for (let t = 1; t <= 4; t++) trial.playTurn(random, t);
      return { pushes: trial.acc[METRIC.medicPushes], bedThrough: trial.woundedUntil[1] };
    };
    // "Work for someone … is no longer available once your company reaches rank 4": the
    // troupe idles every turn, and its Medic pushes on turns 1 and 2, resting the rattle off
    // each time, so the minion is out of bed after turn 2.
    expect(pushesBy('idle')).toEqual({ pushes: 2, bedThrough: 2 });
    // Falling back to a rare-item job, every turn is a job turn: no push.
    expect(pushesBy('rare')).toEqual({ pushes: 0, bedThrough: 4 });
  });

  test('in play: pushing on rest turns gets the wounded back to jobs sooner', () => {
    const troupe = { captain: { traits: ['medic', 'acrobat', 'hacker'], knavery: ['d6'] }, minions: [{ name: 'm', count: 3, knavery: ['d6'] }] };
    // Jobs on turns 1, 4, 7 …: a PC wounded on turn 1 is in bed for turns 2–4; two pushes
    // on the rest turns 2 and 3 get it to the job of turn 4.
    const policy = { jobEvery: 3, job: { challenges: 4, guards: { perActiveChallenge: 2 } } };
    const rest = run(troupe, { ...policy, medicPush: 'restTurns' }, 4000);
    const always = run(troupe, { ...policy, medicPush: 'always' }, 4000);
    const not = run(troupe, policy, 4000);
    expect(rest['medic.pushes'].ci95[0]).toBeGreaterThan(0.3);
    expect(not['medic.pushes'].estimate).toBe(0);
    expect(rest['jobs.succeeded'].ci95[0]).toBeGreaterThan(not['jobs.succeeded'].ci95[1]);
    // "always" pushes on job turns as well, whenever the Medic is fresh and someone is in bed.
    expect(always['medic.pushes'].estimate).toBeGreaterThan(rest['medic.pushes'].estimate);
  });
});

/**
 * The Defender's push in the campaign's fights (policy defenderPush "captain"): "Take a
 * blow meant for another character", a wound meant for the captain falling on a Defender
 * minion instead, checked against the battle chain's exact odds for the same cast with the
 * side policy `defenderPush: "captain"` (docs/rulings/traits.md), which is its own code.
 */
describe('the Defender\'s push in the campaign\'s fights: "Take a blow meant for another character"', () => {
  const cases = [
    { title: 'a captain, a Defender and a minion against three, wounds at random', woundOrder: 'random', guards: 3, defenderRattled: false },
    { title: 'the same, wounds on the captain first', woundOrder: 'captainFirst', guards: 3, defenderRattled: false },
    { title: 'a rattled Defender cannot push ("Rattled PCs can\'t push themselves")', woundOrder: 'captainFirst', guards: 3, defenderRattled: true },
  ] as const;
  for (const c of cases) {
    test(c.title, () => {
      const rules = viciousnessRules.parse({ woundOrder: c.woundOrder });
      const n = 3;
      const rattled = new Uint8Array(n);
      const pcs = {
        diceSides: Int32Array.of(4, 4, 4),
        diceFrom: Int32Array.of(0, 1, 2),
        diceTo: Int32Array.of(1, 2, 3),
        captain: Uint8Array.of(1, 0, 0),
        rattled,
        defender: Uint8Array.of(0, 1, 0),
      };
      const skirmish = new Skirmish(pcs, n, rules, { troupeFlee: 'never', guardFlee: 'never', maxRounds: 50, guardDice: [4], guardBonus: [] });
      const random = RandomStream.fromKey(`skirmish:${c.title}`);
      const participants = Int32Array.of(0, 1, 2);
      const trials = 40_000;
      const counts = { won: 0, captain: 0, defender: 0, minion: 0, pushed: 0 };
      for (let t = 0; t < trials; t++) {
        // Each fight from the same start: a Defender who pushed is rattled after it.
        rattled.fill(0);
        rattled[1] = c.defenderRattled ? 1 : 0;
        if (skirmish.fight(random, participants, n, c.guards, new Int32Array(0), 0, 0, 'none')) counts.won++;
        // "Immediately after a character pushes, they are rattled": a Defender rattled by the
        // fight took a blow, so it is among the wounded.
        if (!c.defenderRattled && rattled[1] === 1) {
          counts.pushed++;
          expect(Array.from(skirmish.wounded.subarray(0, skirmish.woundedCount))).toContain(1);
        }
        for (let i = 0; i < skirmish.woundedCount; i++) {
          if (skirmish.died[i] === 0) continue;
          const pc = skirmish.wounded[i];
          if (pc === 0) counts.captain++;
          else if (pc === 1) counts.defender++;
          else counts.minion++;
        }
      }
      const sides = [
        { name: 'a', defenderPush: 'captain', combatants: [{ name: 'captain' }, { name: 'guard', traits: ['defender'], ...(c.defenderRattled ? { rattled: true } : {}) }, { name: 'm' }] },
        { name: 'b', combatants: [{ name: 'x', count: c.guards }] },
      ];
      const exact = battle.prepare(battle.setup.parse({ sides }), rules).exact!().metrics;
      for (const [metric, count] of [['win.a', counts.won], ['death.a.captain', counts.captain], ['death.a.guard', counts.defender], ['death.a.m', counts.minion]] as const) {
        const p = exact[metric];
        const z = Math.abs(count / trials - p) / Math.sqrt((p * (1 - p)) / trials);
        expect(z, `${metric}: skirmish ${count / trials}, battle chain ${p}`).toBeLessThan(4.5);
      }
      // Without the push the captain dies more often, unless the Defender is rattled.
      const plain = battle.prepare(battle.setup.parse({ sides: [{ ...sides[0], defenderPush: 'never' }, sides[1]] }), rules).exact!().metrics['death.a.captain'];
      if (c.defenderRattled) expect(exact['death.a.captain']).toBeCloseTo(plain, 12);
      else {
        expect(exact['death.a.captain']).toBeLessThan(plain - 0.02);
        expect(counts.pushed).toBeGreaterThan(trials / 20);
      }
    });
  }

  const troupe = { captain: { violence: ['d4'] }, minions: [{ name: 'shield', traits: ['defender', 'acrobat'] }, { name: 'm' }] };
  test('in play: fewer captains die and fewer troupes dissolve, more minions die', () => {
    const never = run(troupe, {}, 4000);
    const captain = run(troupe, { defenderPush: 'captain' }, 4000);
    const se = (m: { ci95: [number, number] }) => (m.ci95[1] - m.ci95[0]) / (2 * 1.96);
    const moved = (k: string) => (captain[k].estimate - never[k].estimate) / Math.hypot(se(captain[k]), se(never[k]));
    expect(moved('deaths.captains')).toBeLessThan(-3);
    expect(moved('dissolved')).toBeLessThan(-3);
    expect(moved('deaths.minions')).toBeGreaterThan(3);
  });

  test('written as a rule, it is refused with a pointer to the company\'s policy', () => {
    expect(() => runScenario({ ...scenario(troupe), rules: { defenderPush: 'captain' }, trials: 10 })).toThrow(/\(defenderPush is the company's policy: setup\.policy\.defenderPush\)/);
  });

  test('with no Defender minion it changes nothing, and the notes say so', () => {
    const plainTroupe = { captain: { violence: ['d4'], traits: ['defender', 'acrobat', 'hacker'] } };
    const r = runScenario({ ...scenario(plainTroupe, { defenderPush: 'captain' }), trials: 500 }).results[0];
    expect(r.notes).toContainEqual(expect.stringMatching(/^policy\.defenderPush changes nothing here: no minion has the "defender" trait/));
    expect(r.metrics).toEqual(runScenario({ ...scenario(plainTroupe), trials: 500 }).results[0].metrics);
    expect(runScenario({ ...scenario(troupe, { defenderPush: 'captain' }), trials: 200 }).results[0].notes ?? []).not.toContainEqual(expect.stringMatching(/defenderPush/));
    // A Defender, but no fight: a failed plan is abandoned, and no rival sends its minions.
    const noFight = runScenario({ ...scenario(troupe, { defenderPush: 'captain', onFailedJob: 'abandon' }), trials: 200 }).results[0];
    expect(noFight.notes).toContainEqual(expect.stringMatching(/^policy\.defenderPush (and troupes\.[\w.]+ )*changes? nothing here: no fight is ever played/));
  });
});

/**
 * The Marksman's push in the campaign's fights (policy marksmanPush "first" or "lastFoe"):
 * "Make a snap shot with amazing accuracy", a foe wounded before a clash's dice, the
 * Marksman rattled after. The skirmish is checked against the battle chain's exact odds for
 * the same cast with the side policy of that name (docs/rulings/traits.md), its own code;
 * the whole campaign against the slow reference (tests/campaign-reference.test.ts, the
 * marksman-* setups).
 */
describe('the Marksman\'s push in the campaign\'s fights: "Make a snap shot with amazing accuracy"', () => {
  const cases = [
    { title: 'first: the captain, a Marksman, shoots as the fight begins', push: 'first', guardFlee: 'never', rattled: false, defender: false },
    { title: 'first, against guards who flee once half are down', push: 'first', guardFlee: 'lostHalf', rattled: false, defender: false },
    { title: 'lastFoe: the captain shoots the last guard standing', push: 'lastFoe', guardFlee: 'never', rattled: false, defender: false },
    { title: 'a rattled Marksman cannot shoot ("Rattled PCs can\'t push themselves")', push: 'first', guardFlee: 'never', rattled: true, defender: false },
    { title: 'first, beside a Defender who takes the captain\'s blows', push: 'first', guardFlee: 'never', rattled: false, defender: true },
  ] as const;
  for (const c of cases) {
    test(c.title, () => {
      const rules = viciousnessRules.parse({});
      const n = 3;
      const guards = 3;
      const rattled = new Uint8Array(n);
      const pcs = {
        diceSides: Int32Array.of(4, 4, 4),
        diceFrom: Int32Array.of(0, 1, 2),
        diceTo: Int32Array.of(1, 2, 3),
        captain: Uint8Array.of(1, 0, 0),
        rattled,
        marksman: Uint8Array.of(1, 0, 0),
        ...(c.defender ? { defender: Uint8Array.of(0, 1, 0) } : {}),
      };
      const skirmish = new Skirmish(pcs, n, rules, { troupeFlee: 'never', guardFlee: c.guardFlee, maxRounds: 50, guardDice: [4], guardBonus: [], marksmanPush: c.push });
      const random = RandomStream.fromKey(`skirmish-marksman:${c.title}`);
      const participants = Int32Array.of(0, 1, 2);
      const trials = 40_000;
      const counts = { won: 0, captain: 0, guard: 0, minion: 0, shots: 0 };
      for (let t = 0; t < trials; t++) {
        rattled.fill(0);
        rattled[0] = c.rattled ? 1 : 0;
        if (skirmish.fight(random, participants, n, guards, new Int32Array(0), 0, 0, 'none')) counts.won++;
        counts.shots += skirmish.snapShots;
        // "Immediately after a character pushes, they are rattled": the Marksman who shot is
        // rattled after the fight (the campaign keeps it so until a turn of rest), and one
        // who did not is as it came.
        expect(rattled[0]).toBe(c.rattled || skirmish.snapShots > 0 ? 1 : 0);
        // Once a fight at most: rattled, it cannot shoot again.
        expect(skirmish.snapShots).toBeLessThanOrEqual(c.rattled ? 0 : 1);
        for (let i = 0; i < skirmish.woundedCount; i++) {
          if (skirmish.died[i] === 0) continue;
          const pc = skirmish.wounded[i];
          if (pc === 0) counts.captain++;
          else if (pc === 1) counts.guard++;
          else counts.minion++;
        }
      }
      const side = (marksmanPush: string) => ({
        name: 'a',
        marksmanPush,
        ...(c.defender ? { defenderPush: 'captain' } : {}),
        combatants: [{ name: 'captain', traits: ['marksman'], ...(c.rattled ? { rattled: true } : {}) }, { name: 'guard', ...(c.defender ? { traits: ['defender'] } : {}) }, { name: 'm' }],
      });
      const foes = { name: 'b', flee: c.guardFlee, combatants: [{ name: 'x', count: guards }] };
      const exact = battle.prepare(battle.setup.parse({ sides: [side(c.push), foes] }), rules).exact!().metrics;
      for (const [metric, count] of [['win.a', counts.won], ['death.a.captain', counts.captain], ['death.a.guard', counts.guard], ['death.a.m', counts.minion]] as const) {
        const p = exact[metric];
        const z = Math.abs(count / trials - p) / Math.sqrt((p * (1 - p)) / trials);
        expect(z, `${metric}: skirmish ${count / trials}, battle chain ${p}`).toBeLessThan(4.5);
      }
      const never = battle.prepare(battle.setup.parse({ sides: [side('never'), foes] }), rules).exact!().metrics['win.a'];
      if (c.rattled) {
        expect(counts.shots).toBe(0);
        expect(exact['win.a']).toBeCloseTo(never, 12);
      } else {
        // The shot moves the odds: under `first` it is made in every fight, under `lastFoe`
        // only in those that come down to one guard with the captain able.
        if (c.push === 'first') expect(counts.shots).toBe(trials);
        else expect(counts.shots).toBeGreaterThan(trials / 4);
        expect(Math.abs(exact['win.a'] - never)).toBeGreaterThan(0.01);
      }
    });
  }

  test('under lastFoe the first Marksman of the troupe shoots, and only one', () => {
    const rules = viciousnessRules.parse({});
    const rattled = new Uint8Array(3);
    const pcs = { diceSides: Int32Array.of(4, 4, 4), diceFrom: Int32Array.of(0, 1, 2), diceTo: Int32Array.of(1, 2, 3), captain: Uint8Array.of(1, 0, 0), rattled, marksman: Uint8Array.of(0, 1, 1) };
    const skirmish = new Skirmish(pcs, 3, rules, { troupeFlee: 'never', guardFlee: 'never', maxRounds: 50, guardDice: [4], guardBonus: [], marksmanPush: 'lastFoe' });
    const random = RandomStream.fromKey('skirmish-marksman:one-guard');
    // One guard: the shot comes as the first clash begins, before any die is rolled.
    expect(skirmish.fight(random, Int32Array.of(2, 1, 0), 3, 1, new Int32Array(0), 0, 0, 'none')).toBe(true);
    expect([skirmish.snapShots, skirmish.rounds, skirmish.woundedCount, Array.from(rattled)]).toEqual([1, 1, 0, [0, 1, 0]]);
    // With the first rattled, the second shoots.
    rattled.set([0, 1, 0]);
    expect(skirmish.fight(random, Int32Array.of(0, 1, 2), 3, 1, new Int32Array(0), 0, 0, 'none')).toBe(true);
    expect(Array.from(rattled)).toEqual([0, 1, 1]);
  });

  test('under first one shot a foe: with more Marksmen than guards the first of the troupe shoot, the rest hold their fire, steady (a review)', () => {
    const rules = viciousnessRules.parse({});
    const rattled = new Uint8Array(3);
    const pcs = { diceSides: Int32Array.of(4, 4, 4), diceFrom: Int32Array.of(0, 1, 2), diceTo: Int32Array.of(1, 2, 3), captain: Uint8Array.of(1, 0, 0), rattled, marksman: Uint8Array.of(1, 1, 1) };
    const skirmish = new Skirmish(pcs, 3, rules, { troupeFlee: 'never', guardFlee: 'never', maxRounds: 50, guardDice: [4], guardBonus: [], marksmanPush: 'first' });
    const random = RandomStream.fromKey('skirmish-marksman:volley');
    // One guard, three Marksmen: one shot takes it, before any die; the other two, rattled
    // for a shot at nobody, would sit their next job out for nothing.
    expect(skirmish.fight(random, Int32Array.of(2, 1, 0), 3, 1, new Int32Array(0), 0, 0, 'none')).toBe(true);
    expect([skirmish.snapShots, Array.from(rattled)]).toEqual([1, [1, 0, 0]]);
    // Two guards: two shots, the captain's and the first minion's.
    rattled.fill(0);
    expect(skirmish.fight(random, Int32Array.of(0, 1, 2), 3, 2, new Int32Array(0), 0, 0, 'none')).toBe(true);
    expect([skirmish.snapShots, Array.from(rattled)]).toEqual([2, [1, 1, 0]]);
  });

  const troupe = { captain: { violence: ['d4'], traits: ['marksman', 'acrobat', 'hacker'] }, minions: [{ name: 'eye', traits: ['marksman', 'acrobat'] }, { name: 'm' }] };
  test('in play: shots are counted in marksman.shots, laid out only with the policy', () => {
    const never = run(troupe, {}, 1000);
    const first = run(troupe, { marksmanPush: 'first' }, 1000);
    const lastFoe = run(troupe, { marksmanPush: 'lastFoe' }, 1000);
    expect(never['marksman.shots']).toBeUndefined();
    expect(first['marksman.shots'].estimate).toBeGreaterThan(lastFoe['marksman.shots'].estimate);
    expect(lastFoe['marksman.shots'].ci95[0]).toBeGreaterThan(0.5);
    // The same campaign with the policy "never" written out, draw for draw.
    expect(run(troupe, { marksmanPush: 'never' }, 1000)).toEqual(never);
  });

  test('written as a rule, it is refused with a pointer to the company\'s policy', () => {
    expect(() => runScenario({ ...scenario(troupe), rules: { marksmanPush: 'first' }, trials: 10 })).toThrow(/\(marksmanPush is the company's policy: setup\.policy\.marksmanPush\)/);
  });

  test('with no Marksman it changes nothing, and the notes say so; a Marksman who starts rattled rests it off and shoots', () => {
    const plainTroupe = { captain: { violence: ['d4'], traits: ['defender', 'acrobat', 'hacker'] }, minions: [{ name: 'm', traits: 2 }] };
    const r = runScenario({ ...scenario(plainTroupe, { marksmanPush: 'first' }), trials: 500 }).results[0];
    expect(r.notes).toContainEqual(expect.stringMatching(/^policy\.marksmanPush changes nothing here: no PC has the "marksman" trait/));
    const { ['marksman.shots']: shots, ...rest } = r.metrics;
    expect(shots.estimate).toBe(0);
    expect(rest).toEqual(runScenario({ ...scenario(plainTroupe), trials: 500 }).results[0].metrics);
    // Rattled as the campaign begins: not "nothing" (a turn of rest, and it shoots).
    const rattledTroupe = { captain: { violence: ['d4'], traits: ['marksman', 'acrobat', 'hacker'], rattled: true }, minions: [{ name: 'm' }] };
    const rattledRun = runScenario({ ...scenario(rattledTroupe, { marksmanPush: 'first' }), trials: 500 }).results[0];
    expect(rattledRun.notes ?? []).not.toContainEqual(expect.stringMatching(/marksmanPush/));
    expect(rattledRun.metrics['marksman.shots'].estimate).toBeGreaterThan(0.5);
    // A Marksman, but no fight: a failed plan is abandoned, and no rival sends its minions.
    const noFight = runScenario({ ...scenario(troupe, { marksmanPush: 'lastFoe', onFailedJob: 'abandon' }), trials: 200 }).results[0];
    expect(noFight.notes).toContainEqual(expect.stringMatching(/^policy\.marksmanPush (and troupes\.[\w.]+ )*changes? nothing here: no fight is ever played/));
  });

  test('lastFoe against guards who flee "lostHalf" from two or more never shoots, and the notes say so; with one guard it may', () => {
    const fleeing = (guards: object, policy: object = {}) => scenario(troupe, { marksmanPush: 'lastFoe', job: { challenges: 3, guards: { flee: 'lostHalf', ...guards } }, ...policy }, 500);
    const never = runScenario(fleeing({ perActiveChallenge: 2 })).results[0];
    expect(never.notes).toContainEqual(expect.stringMatching(/^policy\.marksmanPush changes nothing here: "lastFoe" shoots when one guard is left able, .* every job's fight has 2 or more/));
    expect(never.metrics['marksman.shots'].estimate).toBe(0);
    // With freePushes "fallout" a fight may have only the fixed guards: two, still never.
    const fallout = runScenario(fleeing({ perActiveChallenge: 1, count: 2 }, { freePushes: 'fallout' })).results[0];
    expect(fallout.notes).toContainEqual(expect.stringMatching(/every job's fight has 2 or more/));
    expect(fallout.metrics['marksman.shots'].estimate).toBe(0);
    // One guard a challenge left active: a plan failed by one challenge leaves one guard, shot.
    const one = runScenario(fleeing({ perActiveChallenge: 1 })).results[0];
    expect(one.notes ?? []).not.toContainEqual(expect.stringMatching(/marksmanPush/));
    expect(one.metrics['marksman.shots'].ci95[0]).toBeGreaterThan(0);
  });
});
