/**
 * Coins buy things (issue 14 C): prices by the text's modifiers, and the campaign's
 * purchase policies (equipment dice for violence, medical help shortening bed rest).
 */
import { describe, expect, test } from 'vitest';
import { price } from '../sim/viciousness/purchases.ts';
import { expectAgreesWithExact, expectRejected, runScenario } from './helpers.ts';

describe('prices', () => {
  test('"The following items each cost 1 coin to their corresponding rank … Each rank below yours: -2 / Each rank above yours: +2"', () => {
    expect(price(3, 3)).toBe(1);
    expect(price(4, 3)).toBe(3);
    expect(price(5, 3)).toBe(Infinity); // 1 + 4 = 5: "above 4, it isn't obtainable with money"
    expect(price(2, 3)).toBe(0); // 1 − 2 = −1: "below 0, it may be obtained without spending coin"
    // "A one-of-a-kind item: +2", "Custom-built: +1": a one-of-a-kind custom item of your rank is 4.
    expect(price(3, 3, 3)).toBe(4);
    expect(price(3, 3, 4)).toBe(Infinity);
  });
});

describe('the campaign buys with the turn\'s coins', () => {
  const campaign = (buy: object, troupes = 2, trials = 3000) =>
    runScenario({
      name: 'buy',
      system: 'viciousness',
      mechanic: 'campaign',
      trials,
      seed: 'buy',
      setup: {
        turns: 12,
        company: { name: 'co', rank: 2 },
        troupes: [{ name: 'vipers', count: troupes, captain: { violence: ['d4'] } }],
        policy: { job: { challenges: 3, guards: { perActiveChallenge: 2 } }, buy },
      },
    }).results[0].metrics;

  test('equipment of the company\'s rank costs one coin: both troupes equip in turn 1, and win more fights', () => {
    const bought = campaign({ equipment: { dice: ['2d4'], itemRank: 2 } });
    const none = campaign({});
    // Two troupes, two coins: both buy at once (1 coin each); more after a troupe dissolves.
    expect(bought['equipment.bought'].ci95[0]).toBeGreaterThanOrEqual(2);
    // One coin each at rank 2, none once the company reaches rank 3 (1 − 2 < 0: free).
    expect(bought['coins.spent'].estimate).toBeLessThanOrEqual(bought['equipment.bought'].estimate);
    expect(bought['jobs.won'].ci95[0]).toBeGreaterThan(none['jobs.won'].ci95[1]);
  });

  test('"Any coin that is not spent by the end of the turn is discarded": one troupe cannot save up for a 3-coin item', () => {
    const m = campaign({ equipment: { dice: ['2d4'], itemRank: 3 } }, 1);
    // Rank 2: 1 + 2 = 3 coins, and one troupe has one coin a turn — until rank 3 (then 1).
    const promoted = m.promoted.estimate;
    expect(m['equipment.bought'].estimate).toBeLessThanOrEqual(promoted + 1e-12);
  });

  test('payWith "liquid": liquid coins of the rank pay what the turn\'s coin cannot — one troupe buys a 3-coin item', () => {
    const run = (payWith: string) =>
      runScenario({
        name: 'liquid',
        system: 'viciousness',
        mechanic: 'campaign',
        trials: 2000,
        seed: 'buy-liquid',
        setup: {
          turns: 12,
          company: { name: 'co', rank: 2 },
          troupes: [{ name: 'vipers', captain: { violence: ['d4'] } }],
          policy: { job: { challenges: 3, guards: { perActiveChallenge: 2 } }, bank: 'none', buy: { equipment: { dice: ['2d4'], itemRank: 3 }, payWith } },
        },
      }).results[0].metrics;
    const liquid = run('liquid');
    const coins = run('turnCoins');
    // Rank 2 prices a rank-3 item at 3 coins: one troupe's one coin a turn never covers it.
    expect(coins['equipment.bought'].estimate).toBe(0);
    expect(liquid['equipment.bought'].ci95[0]).toBeGreaterThan(0.5);
    expect(liquid['liquid.spent'].ci95[0]).toBeGreaterThan(1);
  });

  test('"This time may be shortened by expert surgery": medical help gets the wounded back to jobs sooner', () => {
    // Taking nobody's action (buy.action "free"), the help is all gain.
    const helped = campaign({ medical: { itemRank: 2, turns: 2 }, action: 'free' });
    const none = campaign({});
    expect(helped['medical.bought'].estimate).toBeGreaterThan(0.5);
    expect(helped.jobs.ci95[0]).toBeGreaterThan(none.jobs.ci95[1]);
    // As the text has it, fetching the surgeon is a PC's turn action ("The character
    // acquires an asset using wealth"): the troupe's other PC sits the job out to do it.
    const fetched = campaign({ medical: { itemRank: 2, turns: 2 } });
    expect(fetched['medical.bought'].estimate).toBeGreaterThan(0.5);
    expect(fetched.jobs.ci95[1]).toBeLessThan(helped.jobs.ci95[0]);
  });
});

test('buy.equipment with no dice is refused: it would spend coins and a PC\'s action and add no die (a campaign audit)', () => {
  const setup = (dice: unknown) => ({
    turns: 4,
    company: { name: 'co' },
    troupes: [{ name: 'vipers', captain: { violence: ['d4'] } }],
    policy: { job: { challenges: 3 }, buy: { equipment: { dice, itemRank: 2 } } },
  });
  expectRejected('viciousness', 'campaign', setup([]), 'setup.policy.buy.equipment.dice', /^bad\.json: setup\.policy\.buy\.equipment\.dice: expected a list of at least one die, such as \["d4"\] or \["2d4"\] .*, got \[\]: equipment without dice would cost coins and a PC's action/);
  // One die is enough.
  expect(runScenario({ name: 'one', system: 'viciousness', mechanic: 'campaign', trials: 10, seed: 'buy', setup: setup(['d4']) }).results[0].metrics['equipment.bought'].estimate).toBeGreaterThan(0);
});

describe('"The GM awards 1d4 or 2d4 to the most well-equipped side": in a job\'s fight only the better-equipped side rolls its equipment dice', () => {
  const campaign = (troupeBonus: string[], guardBonus: string[], buy?: object, rules?: object) =>
    runScenario({
      name: 'equipped',
      system: 'viciousness',
      mechanic: 'campaign',
      trials: 2000,
      seed: 'most-well-equipped',
      ...(rules ? { rules } : {}),
      setup: {
        turns: 10,
        company: { name: 'co', rank: 2 },
        troupes: [{ name: 'vipers', count: 2, captain: { violence: ['d4'] }, minions: [{ name: 'm' }], bonus: troupeBonus }],
        policy: { job: { challenges: 3, guards: { perActiveChallenge: 1, bonus: guardBonus } }, ...(buy ? { buy } : {}) },
      },
    }).results[0].metrics;

  test('as well equipped: neither side rolls them — draw for draw the campaign with no equipment', () => {
    expect(campaign(['d4'], ['d4'])).toEqual(campaign([], []));
    expect(campaign(['2d4'], ['d4', 'd4'])).toEqual(campaign([], []));
  });

  test('the better-equipped side rolls its own, the other none', () => {
    expect(campaign(['2d4'], ['d4'])).toEqual(campaign(['2d4'], []));
    expect(campaign(['d4'], ['2d4'])).toEqual(campaign([], ['2d4']));
    // Bought equipment counts with the troupe's own: 1d4 of its own and 1d4 bought
    // against the guards' 1d4 is 2d4 against 1d4.
    const bought = { equipment: { dice: ['d4'], itemRank: 1 } };
    expect(campaign(['d4'], ['d4'], bought)).toEqual(campaign(['d4'], [], bought));
  });

  test('with rules.equipment "everySide" both roll their own: as well equipped is no longer the campaign without equipment', () => {
    const everySide = { equipment: 'everySide' };
    const both = campaign(['d4'], ['d4'], undefined, everySide);
    expect(both).not.toEqual(campaign([], [], undefined, everySide));
    expect(both).not.toEqual(campaign(['d4'], [], undefined, everySide));
    // Without equipment on one side the two readings agree.
    expect(campaign(['2d4'], [], undefined, everySide)).toEqual(campaign(['2d4'], []));
  });
});

describe('"The GM awards 1d4 or 2d4 to the most well-equipped side": in a fight with a rival\'s minions too (rivals[].minionBonus)', () => {
  // Only the rival's fights: a failed job is abandoned, and the rival's heavy designs bring
  // attempts on a life and its unsubtle ones interference by violence.
  const campaign = (troupeBonus: string[], minionBonus: string[] | undefined, rules?: object) =>
    runScenario({
      name: 'armed minions',
      system: 'viciousness',
      mechanic: 'campaign',
      trials: 2000,
      seed: 'armed-minions',
      ...(rules ? { rules } : {}),
      setup: {
        turns: 12,
        company: { name: 'co', rank: 2 },
        troupes: [{ name: 'vipers', count: 2, captain: { violence: ['d4'] }, minions: [{ name: 'm' }], bonus: troupeBonus }],
        rivals: [{ name: 'duke', rank: 6, minions: 2, ...(minionBonus ? { minionBonus } : {}), designs: [{ severity: 'heavy', style: 'shrewd' }, { severity: 'medium', unsubtle: true }] }],
        policy: { job: { challenges: 2 }, onFailedJob: 'abandon', interfere: { roll: 'violence' } },
      },
    }).results[0].metrics;

  test('they fight: armed minions repel fewer attempts and foil fewer designs than bare ones', () => {
    const bare = campaign([], undefined);
    const armed = campaign([], ['2d4']);
    expect(bare.attempts.estimate).toBeGreaterThan(0.5);
    expect(armed['attempts.repelled'].estimate / armed.attempts.estimate).toBeLessThan(bare['attempts.repelled'].estimate / bare.attempts.estimate - 0.05);
    expect(armed.foiled.estimate).toBeLessThan(bare.foiled.estimate);
  });

  test('as well equipped: neither side rolls them — draw for draw no equipment; the better equipped rolls its own, the other none', () => {
    expect(campaign(['d4'], ['d4'])).toEqual(campaign([], []));
    expect(campaign(['2d4'], ['d4'])).toEqual(campaign(['2d4'], []));
    expect(campaign(['d4'], ['2d4'])).toEqual(campaign([], ['2d4']));
    // No minionBonus is none: the troupe's always rolls, as before it was a field.
    expect(campaign(['d4'], [])).toEqual(campaign(['d4'], undefined));
  });

  test('with rules.equipment "everySide" both roll their own', () => {
    const everySide = { equipment: 'everySide' };
    const both = campaign(['d4'], ['d4'], everySide);
    expect(both).not.toEqual(campaign([], [], everySide));
    expect(both).not.toEqual(campaign(['d4'], [], everySide));
    expect(campaign([], ['2d4'], everySide)).toEqual(campaign([], ['2d4']));
  });
});

describe('"The GM awards 1d4 or 2d4 to the most well-equipped side": in a clash and a battle too (rules.equipment)', () => {
  const sides = (a: string[], b: string[]) => [
    { name: 'a', bonus: a, combatants: [{ name: 'captain' }, { name: 'minion', count: 2 }] },
    { name: 'b', bonus: b, combatants: [{ name: 'captain' }, { name: 'minion', count: 2 }] },
  ];
  const exact = (mechanic: string, a: string[], b: string[], rules: object = {}) =>
    runScenario({ name: 'equipped', system: 'viciousness', mechanic, trials: 10, seed: 'equipment', rules, setup: { sides: sides(a, b) } }).results[0].metrics;

  test.each(['clash', 'battle'])('%s: as well equipped rolls none; better equipped rolls its own, the other none; everySide rolls both', (mechanic) => {
    const key = mechanic === 'clash' ? 'top.a' : 'win.a';
    const value = (a: string[], b: string[], rules?: object) => exact(mechanic, a, b, rules)[key].exact!;
    expect(value(['d4'], ['d4'])).toBeCloseTo(value([], []), 12);
    expect(value(['2d4'], ['d4'])).toBeCloseTo(value(['2d4'], []), 12);
    expect(value(['d4'], ['2d4'])).toBeCloseTo(value([], ['2d4']), 12);
    // As written: both sides' dice roll. The exact battle audit's 0.687 (3 against 3, one
    // side 2d4 against the other's 1d4) lies between 0.5 and the unopposed 2d4's 0.860.
    const written = value(['2d4'], ['d4'], { equipment: 'everySide' });
    expect(written).toBeLessThan(value(['2d4'], []) - 0.01);
    expect(written).toBeGreaterThan(value([], []) + 0.01);
  });

  test('Monte Carlo agrees with exact under both readings', () => {
    for (const rules of [{}, { equipment: 'everySide' }]) {
      expectAgreesWithExact(runScenario({ name: 'equipped', system: 'viciousness', mechanic: 'battle', trials: 100000, seed: 'equipment-mc', rules, setup: { sides: sides(['2d4'], ['d4']) } }));
    }
  });
});
