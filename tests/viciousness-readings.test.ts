/**
 * Issue 14, "Readings to fix": each test quotes viciousness.txt and fails on the reading
 * poolsim took before (the old figure is named in the test).
 */
import { describe, expect, test } from 'vitest';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { allRolls, expectAgreesWithExact, expectNoSpread, runScenario } from './helpers.ts';

const scenario = (mechanic: string, setup: object, rules: object = {}, trials = 100000) => ({
  name: mechanic,
  system: 'viciousness',
  mechanic,
  trials,
  seed: 'readings',
  rules,
  setup,
});

function refusal(raw: object): string {
  try {
    planScenario(raw, 'x.json');
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioErrors);
    return (e as ScenarioErrors).errors.map((x) => x.message).join('\n');
  }
  throw new Error('expected the scenario to be refused');
}

describe('1. rattled must never help: the discovery d6 is the GM\'s roll', () => {
  test('"Roll a d6. If the result is equal to or below the discovery value, the NPC can be found" — rattled is refused, not 0.750', () => {
    // Before: a rattled PC kept the lower of two d6, raising P(found) at value 3 to 0.750.
    const message = refusal(scenario('discovery', { value: 3, rattled: true }));
    expect(message).toContain('x.json: setup.rattled: rattled does not apply to a discovery roll');
    const m = runScenario(scenario('discovery', { value: 3, rattled: false })).results[0].metrics;
    expect(m.found.exact).toBeCloseTo(0.5, 12);
  });
});

describe('5. landed.<side> is the margin that lands; wasted.<side> what found nobody', () => {
  test('"Any hits that weren\'t canceled out land on their targets … Extra hits … are wasted": 3d4 + 2 bonus d4 against one lone thug', () => {
    // Before: landed.a equalled wounded.b (capped at b's one combatant).
    const setup = {
      sides: [
        { name: 'a', bonus: ['2d4'], combatants: [{ name: 'm', count: 3 }] },
        { name: 'b', combatants: [{ name: 'thug' }] },
      ],
    };
    const m = runScenario(scenario('clash', setup)).results[0].metrics;
    // Brute force: a rolls 5d4, b 1d4; a lands max(0, a − b), b's one thug takes at most 1.
    let n = 0;
    let landed = 0;
    let wounded = 0;
    for (const r of allRolls(6, 4)) {
      n++;
      const a = r.slice(0, 5).filter((f) => f === 4).length;
      const b = r[5] === 4 ? 1 : 0;
      landed += Math.max(0, a - b);
      wounded += Math.min(1, Math.max(0, a - b));
    }
    expect(m['landed.a'].exact).toBeCloseTo(landed / n, 12);
    expect(m['wounded.b'].exact).toBeCloseTo(wounded / n, 12);
    expect(m['wasted.a'].exact).toBeCloseTo((landed - wounded) / n, 12);
    expect(m['landed.a'].exact! - m['wounded.b'].exact!).toBeGreaterThan(0.1);
    expectAgreesWithExact(runScenario(scenario('clash', setup)));
  });
});

describe('6. Medic: "not in danger of dying" if attended "within 30 seconds" — medicReach', () => {
  const setup = {
    sides: [
      { name: 'crew', aid: 'medic', combatants: [{ name: 'captain' }, { name: 'minion', count: 2 }] },
      { name: 'gang', bonus: ['2d4'], combatants: [{ name: 'thug', count: 4 }] },
    ],
  };
  test('"one" (default): one wounded a round per Medic is safe, the rest die 1-in-4', () => {
    const m = runScenario(scenario('battle', setup, {}, 20000)).results[0].metrics;
    expect(m['deaths.crew'].exact).toBeGreaterThan(0.05);
  });
  test('"all": "A character you provide medical attention to during violence is not in danger of dying" — nobody of the crew dies', () => {
    const r = runScenario(scenario('battle', setup, { medicReach: 'all' }, 20000));
    const m = r.results[0].metrics;
    expect(m['deaths.crew'].exact).toBe(0);
    expect(m['deaths.crew'].estimate).toBe(0);
    // Who wins does not change: "Aid changes who dies, never who wins".
    const one = runScenario(scenario('battle', setup, {}, 20000)).results[0].metrics;
    expect(m['win.crew'].exact).toBeCloseTo(one['win.crew'].exact!, 12);
    expect(m['deaths.gang'].exact).toBeGreaterThan(0);
  });
  test('"all" in the campaign: a troupe with a Medic loses no PC in violence', () => {
    const campaign = (medicReach: string) =>
      runScenario(
        scenario(
          'campaign',
          {
            turns: 12,
            company: { name: 'co' },
            troupes: [{ name: 'vipers', captain: {}, minions: [{ name: 'm', count: 2 }], aid: 'medic' }],
            policy: { job: { challenges: 4, guards: { perActiveChallenge: 2 } } },
          },
          { medicReach },
          2000,
        ),
      ).results[0].metrics;
    expect(campaign('all').deaths.estimate).toBe(0);
    expect(campaign('all').wounds.estimate).toBeGreaterThan(0);
    expect(campaign('one').deaths.estimate).toBeGreaterThan(0);
  });
  test('"window" (a wounded reached "within 30 seconds": its own round or the next two) is battle\'s only: a campaign refuses it, and says why', () => {
    const raw = scenario(
      'campaign',
      {
        turns: 4,
        company: { name: 'co' },
        troupes: [{ name: 'vipers', captain: {}, minions: [{ name: 'm', count: 2 }], aid: 'medic' }],
        policy: { job: { challenges: 4, guards: { perActiveChallenge: 2 } } },
      },
      { medicReach: 'window' },
      200,
    );
    expect(refusal(raw)).toMatch(/rules\.medicReach: campaign does not play "window" \(a wounded waiting up to two rounds for a Medic\).*expected medicReach "one" \(the default\) or "all"/);
    // The same in a battle is played, Monte Carlo only.
    const r = runScenario(scenario('battle', setup, { medicReach: 'window' }, 2000));
    expect(r.results[0].metrics['deaths.crew'].exact).toBeUndefined();
    expect(r.results[0].metrics['deaths.crew'].estimate).toBeGreaterThan(0);
  });
});

describe('3. a handy asset: "add one extra point per turn" — per rival, for the design it helps', () => {
  /** Slow reference: one design gaining `gain` a turn, a d20 at or under its points strikes and empties it. */
  function strikesReference(gain: number, turns: number): number {
    let dist = new Map<number, number>([[0, 1]]);
    let strikes = 0;
    for (let t = 0; t < turns; t++) {
      const next = new Map<number, number>();
      const put = (k: number, p: number) => next.set(k, (next.get(k) ?? 0) + p);
      for (const [points, p] of dist) {
        const pts = points + gain;
        const strike = Math.min(1, pts / 20);
        strikes += p * strike;
        put(0, p * strike);
        if (strike < 1) put(pts, p * (1 - strike));
      }
      dist = next;
    }
    return strikes;
  }
  const rivals = (designs: object[]) => scenario('rivals', { turns: 20, rivals: [{ name: 'duke', rank: 2, designs }] }, {}, 20000);

  test('three handy designs give a rank-2 rival 3 points a turn, not 5', () => {
    // Before: rank + one point per handy design, 8.83 strikes in 20 turns.
    const handy = { severity: 'light', handyAsset: true };
    const m = runScenario(rivals([handy, handy, handy])).results[0].metrics;
    expect(m['strikes.duke'].exact).toBeCloseTo(strikesReference(3, 20), 12);
    expect(strikesReference(5, 20)).toBeCloseTo(8.83, 2);
    expect(m['strikes.duke'].exact).toBeLessThan(7);
    expectAgreesWithExact(runScenario(rivals([handy, handy, handy])));
  });

  test('rules.handyPoint "perDesign" plays the project\'s first reading as a variant: rank + 1 for each handy design, split by invest (8.83 strikes)', () => {
    const handy = { severity: 'light', handyAsset: true };
    const perDesign = (designs: object[], rules: object = {}) => scenario('rivals', { turns: 20, rivals: [{ name: 'duke', rank: 2, designs }] }, { handyPoint: 'perDesign', ...rules }, 20000);
    const three = runScenario(perDesign([handy, handy, handy]));
    expect(three.results[0].metrics['strikes.duke'].exact).toBeCloseTo(strikesReference(5, 20), 12);
    expectAgreesWithExact(three);
    // One handy design of three: rank + 1 a turn, all into the design pursued (focus); by
    // the text the extra point goes to the handy design, pursued or not, so it strikes less.
    const one = [handy, { severity: 'medium' }, { severity: 'heavy' }];
    expect(runScenario(perDesign(one)).results[0].metrics['strikes.duke'].exact).toBeCloseTo(strikesReference(3, 20), 12);
    expect(runScenario(rivals(one)).results[0].metrics['strikes.duke'].exact).toBeLessThan(strikesReference(3, 20) - 0.05);
    // Spread: the extra points are split with the rank's, round the designs in turn.
    expectAgreesWithExact(runScenario(perDesign([handy, handy, { severity: 'medium' }], { invest: 'spread' })));
    // In a campaign the rivals' figures follow the variant too (their chain, exact).
    const campaign = (rules: object) =>
      runScenario(scenario('campaign', { turns: 20, company: { name: 'co', rank: 2 }, troupes: [{ name: 'v', captain: { knavery: ['d6'] } }], rivals: [{ name: 'duke', rank: 2, designs: [handy, handy, handy] }], policy: { job: { challenges: 2 } } }, rules, 4000)).results[0].metrics;
    expect(campaign({ handyPoint: 'perDesign' })['strikes.duke'].exact).toBeCloseTo(strikesReference(5, 20), 12);
    expect(campaign({})['strikes.duke'].exact).toBeCloseTo(strikesReference(3, 20), 12);
    // Where the two readings are one, the point's notes say the variant changes nothing, and
    // every exact figure is the same as without it.
    const notes = (designs: object[]) => {
      const [on, off] = [runScenario(perDesign(designs)), runScenario(rivals(designs))];
      const said = on.results[0].notes ?? [];
      if (said.some((n) => n.startsWith('rules.handyPoint'))) {
        for (const [key, m] of Object.entries(on.results[0].metrics)) expect(m.exact, key).toBeCloseTo(off.results[0].metrics[key]!.exact!, 12);
      }
      return said;
    };
    expect(notes([{ severity: 'light' }, { severity: 'medium' }]).join(' ')).toContain('rules.handyPoint changes nothing here: no rival\'s design has a handy asset');
    expect(notes([handy]).join(' ')).toContain('rules.handyPoint changes nothing here: each rival with a handy asset has one design');
    expect(notes([handy, { severity: 'medium' }]).join(' ')).not.toContain('rules.handyPoint');
  });

  test('the extra point goes only to a design the asset helps', async () => {
    const { RivalBoard, RivalPlan } = await import('../sim/viciousness/rivalDice.ts');
    // Focus: the leading design (not helped) takes the rank's point; the handy one the extra.
    const plan = new RivalPlan(
      [{ name: 'duke', rank: 1, designs: [{ severity: 'light', points: 10 }, { severity: 'light', handyAsset: true }] }],
      { invest: 'focus', speedChess: false, escalation: 'once', handyPoint: 'perRival' },
    );
    const board = new RivalBoard(plan);
    board.reset();
    board.invest();
    // Before: all 1 + 1 into the leader, [12, 0].
    expect([...board.points]).toEqual([11, 1]);
  });
});

describe('4. "At the end of each turn, roll a d20": a rival deal counts in that turn\'s roll', () => {
  test('a deal worth the company\'s rank 2 on a rank-1 rival: P(strike in turn 1) = 3/20, not 1/20', () => {
    // One turn; the job always fails, so the GM offers a deal: the rival's design holds
    // 1 (its rank) + 2 (the deal) when the die is rolled at the end of the turn.
    const r = runScenario(
      scenario(
        'campaign',
        {
          turns: 1,
          company: { name: 'co', rank: 2 },
          troupes: [{ name: 'vipers', captain: {} }],
          rivals: [{ name: 'duke', rank: 1, designs: [{ severity: 'light' }] }],
          policy: { job: { challenges: 100 }, takeRivalDeal: 'whenJobFails' },
        },
        {},
        200000,
      ),
    );
    const m = r.results[0].metrics;
    expect(m.rivalDeals.estimate).toBe(1);
    // Before: 0.05 (the die was rolled before the deal).
    expect(m['strikes.duke'].ci95[0]).toBeLessThanOrEqual(3 / 20);
    expect(m['strikes.duke'].ci95[1]).toBeGreaterThanOrEqual(3 / 20);
    expect(m['strikes.duke'].ci95[0]).toBeGreaterThan(0.1);
  });
});

describe('2. a dissolved troupe\'s replacement: "Each troupe begins the game with one asset"', () => {
  // A doomed job: 100 challenges, one guard per challenge left, so every job is a lost
  // fight and captains die. A liquid-coin start is banked in turn 1 (15 + 1 = 16); nothing
  // else ever pays, and no minion is replaced.
  const doomed = (policy: object) =>
    runScenario(
      scenario(
        'campaign',
        {
          turns: 10,
          company: { name: 'co', rank: 2 },
          troupes: [{ name: 'vipers', captain: {}, asset: 'liquidCoin' }],
          policy: { job: { challenges: 100 }, flee: 'never', replaceMinions: 'never', ...policy },
        },
        {},
        2000,
      ),
    ).results[0].metrics;

  test('no new starting asset for each captain\'s death: points.final is 16 however many die', () => {
    // Before: each new troupe brought another liquid coin, +1 point per captain death.
    const m = doomed({});
    expect(m.dissolved.estimate).toBeGreaterThan(1);
    expect(m['points.final'].estimate).toBe(16);
    expectNoSpread(m['points.final'].ci95, 16, 2000, { min: 0 });
  });

  test('the generous variant successorAsset "startingAsset" gives it back: one point per new troupe', () => {
    const m = doomed({ successorAsset: 'startingAsset' });
    // New troupes founded = dissolutions before the last turn; at least one per early death.
    expect(m['points.final'].estimate).toBeGreaterThan(16.5);
  });

});
