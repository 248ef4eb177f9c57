/**
 * Viciousness `rivals`: the rival die's first strike against its closed form, the exact
 * chain against Monte Carlo under every variant, the text's rules one by one, and bad
 * setups refused with path-named messages.
 */
import { describe, expect, test } from 'vitest';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { RivalBoard, RivalPlan, rivalOdds, investPoints, initiated, pursued } from '../sim/viciousness/rivalDice.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { expectAgreesWithExact, runScenario } from './helpers.ts';
import { sized } from './size.ts';
import type { RandomStream } from '../sim/random.ts';

const rivalsScenario = (setup: object, rules: object = {}, trials = 40000) => ({
  name: 'rivals',
  system: 'viciousness',
  mechanic: 'rivals',
  trials,
  seed: 'rivals-test',
  rules,
  setup,
});

/**
 * "Every turn, a rival has a number of ambition points … equal to their wealth rank" and
 * "If the result is equal to or below a design's ambition point total, they may initiate
 * it": with one design and all points in it, it holds rank·t points in turn t, so it
 * first strikes after turn t with chance ∏_{s ≤ t} (1 − min(1, rank·s/20)).
 * E[first strike] = 1 + Σ_{t=1}^{turns} P(no strike in turns 1..t) (turns + 1 if none).
 */
/**
 * A scripted stream: each die the board rolls shows the next face of `faces` (1-based),
 * whichever of RandomStream's calls draws it (die, or belowFixed and bits(2) for the rival
 * die, the consequence d6 and the success d4, which give the face − 1).
 */
function scriptedFaces(faces: number[]): RandomStream {
  return {
    die: () => faces.shift()!,
    belowFixed: () => faces.shift()! - 1,
    bits: () => faces.shift()! - 1,
  } as unknown as RandomStream;
}

function firstStrikeClosedForm(gain: number, turns: number): number {
  let none = 1;
  let e = 1;
  for (let t = 1; t <= turns; t++) {
    none *= 1 - Math.min(1, (gain * t) / 20);
    e += none;
  }
  return e;
}

describe('rival dice', () => {
  test.each([1, 2, 3, 4, 5, 6, 7])('firstStrike of one rank-%i rival with one design: exact is the closed form, Monte Carlo within its interval', (rank) => {
    const r = runScenario(rivalsScenario({ turns: 52, rivals: [{ name: 'duke', rank, designs: [{ severity: 'light' }] }] }, {}, 20000));
    const m = r.results[0].metrics['firstStrike.duke'];
    const closed = firstStrikeClosedForm(rank, 52);
    expect(m.exact).toBeCloseTo(closed, 12);
    // Within its 95% interval, widened a little so one of the seven may fall just outside.
    const se = (m.ci95[1] - m.ci95[0]) / (2 * 1.96);
    expect(Math.abs(m.estimate - closed)).toBeLessThanOrEqual(4 * se);
  });

  test('a rank-1 rival over 52 turns: the closed form by hand for the first turns', () => {
    // 1/20 in turn 1, 2/20 in turn 2 …: P(none after 2 turns) = 19/20 · 18/20.
    const o = rivalOdds(new RivalPlan([{ name: 'x', rank: 1, designs: [{ severity: 'light' }] }], viciousnessRules.parse({})), 0, 52)!;
    expect(o.firstStrike[0]).toBeCloseTo(1 / 20, 15);
    expect(o.firstStrike[1]).toBeCloseTo((19 / 20) * (2 / 20), 15);
    expect(o.firstStrike[2]).toBeCloseTo((19 / 20) * (18 / 20) * (3 / 20), 15);
    // By turn 20 it holds 20 points: it has struck for sure.
    expect(o.firstStrike.slice(20).reduce((a, b) => a + b, 0)).toBe(0);
  });

  test('a handy asset adds a point a turn: rank 3 with a handy asset strikes like rank 4', () => {
    const r = runScenario(rivalsScenario({ turns: 30, rivals: [{ name: 'a', rank: 3, assets: ['a private army'], designs: [{ severity: 'medium', handyAsset: 'a private army' }] }] }, {}, 10));
    expect(r.results[0].metrics['firstStrike.a'].exact).toBeCloseTo(firstStrikeClosedForm(4, 30), 12);
  });

  test('spread: two designs of a rank-2 rival each get 1 point a turn, so it strikes like rank 1', () => {
    const setup = { turns: 40, rivals: [{ name: 'a', rank: 2, designs: [{ severity: 'light' }, { severity: 'light' }] }] };
    const spread = runScenario(rivalsScenario(setup, { invest: 'spread' }, 10)).results[0].metrics;
    const focus = runScenario(rivalsScenario(setup, { invest: 'focus' }, 10)).results[0].metrics;
    expect(spread['firstStrike.a'].exact).toBeCloseTo(firstStrikeClosedForm(1, 40), 12);
    expect(focus['firstStrike.a'].exact).toBeCloseTo(firstStrikeClosedForm(2, 40), 12);
  });

  test('success on the d4: 3-in-4 by default, 2-in-4 rash, always shrewd', () => {
    const m = runScenario(
      rivalsScenario({
        turns: 52,
        rivals: [
          { name: 'plain', rank: 4, designs: [{ severity: 'light' }] },
          { name: 'rash', rank: 4, designs: [{ severity: 'light', style: 'rash' }] },
          { name: 'shrewd', rank: 4, designs: [{ severity: 'light', style: 'shrewd' }] },
        ],
      }, {}, 10),
    ).results[0].metrics;
    // Without speed chess a foiled design is spent like a completed one, so the strike
    // process is the same for all three; only the share that completes differs.
    expect(m['strikes.rash'].exact).toBeCloseTo(m['strikes.plain'].exact!, 12);
    expect(m['completed.plain'].exact).toBeCloseTo((3 / 4) * m['strikes.plain'].exact!, 12);
    expect(m['completed.rash'].exact).toBeCloseTo((2 / 4) * m['strikes.rash'].exact!, 12);
    expect(m['completed.shrewd'].exact).toBeCloseTo(m['strikes.shrewd'].exact!, 12);
  });

  test('a design holding 20 points is initiated at once', () => {
    const m = runScenario(rivalsScenario({ turns: 1, rivals: [{ name: 'a', rank: 1, designs: [{ severity: 'heavy', style: 'shrewd', points: 19 }] }] }, {}, 2000)).results[0].metrics;
    expect(m['firstStrike.a'].estimate).toBe(1);
    expect(m['firstStrike.a'].exact).toBe(1);
    // Each face of the heavy table once in six; a 6 is a calamity.
    expect(m['consequence.calamity'].exact).toBeCloseTo(1 / 6, 15);
    expect(m['consequence.wealthLost'].exact).toBeCloseTo(1 / 6, 15);
    expect(m.wealthLowered.exact).toBeCloseTo(3 / 6, 15);
    expect(m.calamity.exact).toBeCloseTo(1 / 6, 15);
    // Labels in the text's words, not the names' code form ("consequence.attemptOnLife").
    expect(m['consequence.attemptOnLife'].label).toBe("mean consequences: an attempt on a PC's life");
    expect(m['consequence.calamity'].label).toBe('mean consequences: a setting-altering calamity begins');
    // In the text's words (a rivals audit): "A friend is financially ruined or seriously
    // hurt"; "A setting-altering calamity begins", of no company (`rivals` has none).
    expect(m['consequence.friendRuined'].label).toBe('mean consequences: a friend is financially ruined or seriously hurt');
    expect(m['calamity'].label).toBe('P(a setting-altering calamity begins)');
  });

  test('a 6 starts a design of the next severity: light → medium → heavy → calamity', () => {
    // A shrewd light design at 13 points: rank 7 brings it to 20, so it is initiated and
    // succeeds; the consequence d6 shows 6.
    const plan = new RivalPlan([{ name: 'a', rank: 7, designs: [{ severity: 'light', style: 'shrewd', points: 13 }] }], viciousnessRules.parse({ escalation: 'once' }));
    const board = new RivalBoard(plan);
    // A scripted stream: rival die 1, then the consequence d6 shows 6.
    const script = [1, 6];
    const random = scriptedFaces(script);
    board.reset();
    board.turn(random);
    expect(board.struck[0]).toBe(0);
    expect(board.consequence[0]).toBe(5); // light, face 6
    expect(board.severity[0]).toBe(1); // the slot's new design is medium
    expect(board.points[0]).toBe(0); // spent
    // Under rules.escalation "once", that medium design, once initiated, is the one
    // escalated: the slot's next is light again, unless its own 6 escalates it further.
    board.points[0] = 20;
    script.push(1, 3);
    board.turn(random);
    expect(board.consequence[0]).toBe(6 + 2); // medium, face 3
    expect(board.severity[0]).toBe(0);
    // "lasting", the default (RULES.md: "the design slot takes a new design of the same
    // severity"): the slot stays medium.
    const lasting = new RivalBoard(new RivalPlan([{ name: 'a', rank: 7, designs: [{ severity: 'light', style: 'shrewd', points: 13 }] }], viciousnessRules.parse({})));
    lasting.reset();
    script.push(1, 6, 1, 3);
    lasting.turn(random);
    lasting.points[0] = 20;
    lasting.turn(random);
    expect([lasting.consequence[0], lasting.severity[0]]).toEqual([6 + 2, 1]);
  });

  test('speed chess: a foiled design returns half its points, rounded down, to the other designs', () => {
    const plan = new RivalPlan(
      [{ name: 'a', rank: 1, designs: [{ severity: 'light', style: 'rash', points: 10 }, { severity: 'medium', points: 3 }] }],
      viciousnessRules.parse({ speedChess: true }),
    );
    const board = new RivalBoard(plan);
    const script = [1, 4]; // rival die 1: initiate; d4 4: a rash design fails
    const random = scriptedFaces(script);
    board.reset();
    board.turn(random);
    // Turn: +1 into the design with most points (11); initiated, foiled: 11 → 5 back,
    // by focus into the design with the most points now (the second, 3 → 8).
    expect(Array.from(board.points)).toEqual([0, 8]);
    expect(board.consequence[0]).toBe(-1);
  });

  test('a rival deal: "one of their designs advances by points equal to the PC\'s wealth rank", all into one design', () => {
    const designs = [{ severity: 'light' as const }, { severity: 'medium' as const }, { severity: 'heavy' as const }];
    // spread: the design the round robin feeds next takes all of it, and the round robin moves on.
    const spread = new RivalBoard(new RivalPlan([{ name: 'a', rank: 2, designs }], viciousnessRules.parse({ invest: 'spread' })));
    spread.reset();
    spread.advance(0, 2);
    expect(Array.from(spread.points)).toEqual([2, 0, 0]);
    spread.advance(0, 3);
    expect(Array.from(spread.points)).toEqual([2, 3, 0]);
    spread.invest(); // rank 2, round robin from the third design: 1 each to the third and the first
    expect(Array.from(spread.points)).toEqual([3, 3, 1]);
    // focus: the design holding the most (on a tie, the one initiated longest ago; here none yet, so the first listed).
    const focus = new RivalBoard(new RivalPlan([{ name: 'a', rank: 2, designs: designs.map((d, i) => ({ ...d, points: [1, 4, 4][i] })) }], viciousnessRules.parse({})));
    focus.reset();
    focus.advance(0, 3);
    expect(Array.from(focus.points)).toEqual([1, 7, 4]);
  });

  test('investing: focus into the most points (on a tie the design initiated longest ago), spread round robin from where it stopped', () => {
    const points = Int32Array.from([0, 0, 0]);
    const order = Uint8Array.from([0, 1, 2]);
    const pointer = new Int32Array(1);
    investPoints(points, order, 0, 3, 5, true, pointer, 0);
    expect(Array.from(points)).toEqual([5, 0, 0]);
    points.fill(0);
    investPoints(points, order, 0, 3, 2, false, pointer, 0);
    investPoints(points, order, 0, 3, 2, false, pointer, 0);
    expect(Array.from(points)).toEqual([2, 1, 1]);
    expect(pointer[0]).toBe(1);
    expect(pursued(Int32Array.from([3, 5, 5]), order, 0, 3)).toBe(1);
    // The first design initiated goes to the back: with every design at 0 the rival now
    // builds its second, then its third, then its first again.
    initiated(order, 0, 3, 0);
    expect(Array.from(order)).toEqual([2, 0, 1]);
    expect(pursued(Int32Array.from([0, 0, 0]), order, 0, 3)).toBe(1);
    initiated(order, 0, 3, 1);
    expect(pursued(Int32Array.from([0, 0, 0]), order, 0, 3)).toBe(2);
    initiated(order, 0, 3, 2);
    expect(pursued(Int32Array.from([0, 0, 0]), order, 0, 3)).toBe(0);
    // Speed Chess's refund goes to the other designs ("reinvest them in other designs"),
    // by either variant, unless the rival has only the one.
    const refund = Int32Array.from([0, 0, 0]);
    investPoints(refund, Uint8Array.from([0, 1, 2]), 0, 3, 4, true, pointer, 0, 0);
    expect(Array.from(refund)).toEqual([0, 4, 0]);
    pointer[0] = 0;
    investPoints(refund, Uint8Array.from([0, 1, 2]), 0, 3, 3, false, pointer, 0, 1);
    expect(Array.from(refund)).toEqual([2, 4, 1]);
    const alone = Int32Array.from([0]);
    investPoints(alone, Uint8Array.from([0]), 0, 1, 3, true, new Int32Array(1), 0, 0);
    expect(Array.from(alone)).toEqual([3]);
  });

  const variants: [string, object, object][] = [
    ['three designs, spread, handy asset, starting points', { turns: 52, rivals: [{ name: 'a', rank: 5, assets: 2, designs: [{ severity: 'light', handyAsset: true }, { severity: 'medium', style: 'rash', points: 7 }, { severity: 'heavy', style: 'shrewd' }] }] }, { invest: 'spread' }],
    ['speed chess, focus, rash designs', { turns: 52, rivals: [{ name: 'a', rank: 3, designs: [{ severity: 'light', style: 'rash' }, { severity: 'medium', style: 'rash' }] }] }, { speedChess: true }],
    // A medium design escalates to heavy on a 6; the heavy one's 6 is a calamity, after which
    // the slot is medium again ("once").
    ['escalation once through heavy, a rank-7 rival', { turns: 52, rivals: [{ name: 'a', rank: 7, designs: [{ severity: 'medium', style: 'shrewd' }] }] }, { escalation: 'once' }],
    ['escalation lasting (the default), a rank-6 rival', { turns: 40, rivals: [{ name: 'a', rank: 6, designs: [{ severity: 'light' }, { severity: 'medium', style: 'shrewd' }] }] }, {}],
    ['speed chess, spread, two rivals', { turns: 12, rivals: [{ name: 'a', rank: 2, designs: [{ severity: 'medium' }, { severity: 'medium', style: 'rash' }, { severity: 'light' }] }, { name: 'b', rank: 6, designs: [{ severity: 'heavy' }] }] }, { speedChess: true, invest: 'spread' }],
  ];
  test.each(variants)('Monte Carlo agrees with the exact chain: %s', (_label, setup, rules) => {
    expectAgreesWithExact(runScenario(rivalsScenario(setup, rules, sized(40000))));
  });

  test('a chain too large for exact odds leaves those figures to Monte Carlo', () => {
    // Spread with speed chess over three designs that escalate: millions of states by turn 26.
    const setup = { turns: 26, rivals: [{ name: 'big', rank: 2, designs: [{ severity: 'medium' }, { severity: 'medium', style: 'rash' }, { severity: 'light' }] }, { name: 'small', rank: 3, designs: [{ severity: 'light' }] }] };
    const m = runScenario(rivalsScenario(setup, { speedChess: true, invest: 'spread' }, 2000)).results[0].metrics;
    expect(m['strikes.big'].exact).toBeUndefined();
    expect(m['consequence.wealthLost'].exact).toBeUndefined();
    expect(m['strikes.small'].exact).toBeTypeOf('number');
    expect(m['strikes.big'].estimate).toBeGreaterThan(0);
  });

  test('speed chess makes a rash rival strike more often', () => {
    const setup = { turns: 52, rivals: [{ name: 'a', rank: 3, designs: [{ severity: 'light', style: 'rash' }, { severity: 'light' }] }] };
    const off = runScenario(rivalsScenario(setup, { speedChess: false }, 10)).results[0].metrics;
    const on = runScenario(rivalsScenario(setup, { speedChess: true }, 10)).results[0].metrics;
    expect(on['strikes.a'].exact!).toBeGreaterThan(off['strikes.a'].exact! + 0.5);
  });
});

describe('bad rivals setups', () => {
  const problems = (setup: object): string => {
    try {
      planScenario(rivalsScenario(setup), 'rivals.json');
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioErrors);
      return (e as ScenarioErrors).message;
    }
    throw new Error('the setup was accepted');
  };
  const design = { severity: 'light' };

  test('four designs', () => {
    expect(problems({ turns: 5, rivals: [{ name: 'a', rank: 2, designs: [design, design, design, design] }] })).toContain('rivals.json: setup.rivals.0.designs: expected at most 3 items');
  });
  test('an unknown severity', () => {
    expect(problems({ turns: 5, rivals: [{ name: 'a', rank: 2, designs: [{ severity: 'deadly' }] }] })).toContain('rivals.json: setup.rivals.0.designs.0.severity: expected one of "light", "medium", "heavy", got "deadly"');
  });
  test('rank 8', () => {
    expect(problems({ turns: 5, rivals: [{ name: 'a', rank: 8, designs: [design] }] })).toContain('setup.rivals.0.rank: expected a number ≤ 7, got 8');
  });
  test('a handy asset the rival does not have', () => {
    expect(problems({ turns: 5, rivals: [{ name: 'a', rank: 2, assets: ['a ship'], designs: [{ severity: 'light', handyAsset: 'a horse' }] }] })).toContain('setup.rivals.0.designs.0.handyAsset: "a horse" is not an asset of rival "a": expected one of "a ship"');
  });
  test('a handy asset with no assets', () => {
    expect(problems({ turns: 5, rivals: [{ name: 'a', rank: 2, assets: 0, designs: [{ severity: 'light', handyAsset: true }] }] })).toContain('setup.rivals.0.designs.0.handyAsset: a handy asset needs an asset');
  });
  test('assets neither a count nor names', () => {
    expect(problems({ turns: 5, rivals: [{ name: 'a', rank: 2, assets: 'many', designs: [design] }] })).toContain('setup.rivals.0.assets: expected a number of assets (0 to 1000) or a list of asset names, got "many"');
  });
  test('two rivals of one name', () => {
    expect(problems({ turns: 5, rivals: [{ name: 'a', rank: 2, designs: [design] }, { name: 'a', rank: 3, designs: [design] }] })).toContain('setup.rivals.1.name: two rivals are named "a"');
  });
  test('no turns', () => {
    expect(problems({ turns: 0, rivals: [{ name: 'a', rank: 2, designs: [design] }] })).toContain('setup.turns: expected a number ≥ 1, got 0');
  });
});
