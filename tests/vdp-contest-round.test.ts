/**
 * VDP opposed skill checks played as combat rounds (`contestRound`): the text's rule, the
 * exact contest (nobody spending tension) against the Monte Carlo, and the fast engine
 * against a slow, obvious reference written from the text when tension is spent.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { expectExactWithin5Se, expectRejected, runScenario, standardError } from './helpers.ts';
import { contestThreshold, contestFirstChance, woundChance, type Contender } from '../sim/vdp/contestRound.ts';
import { exchange } from '../sim/vdp/exchange.ts';

type C = Record<string, unknown>;
const ana: C = { name: 'ana', attack: { attribute: 3, skill: 1 }, defence: { attribute: 3, skill: 1 }, timing: 6 };
const bo: C = { name: 'bo', attack: { attribute: 2, skill: 2 }, defence: { attribute: 2, skill: 1 }, timing: 5 };

const contest = (a: C, b: C, extra: Record<string, unknown> = {}, trials = 40000, seed = 'contest') =>
  runScenario({ name: 'c', system: 'vdp', mechanic: 'contestRound', trials, seed, setup: { a, b, ...extra } });

describe('"An opposed skill check works like a combat round"', () => {
  it('"The characters\' Thresholds are likewise replaced by the defensive bonus that was just calculated"', () => {
    const c = { name: 'x', attack: { attribute: 3, skill: 1 }, defence: { attribute: 2, skill: 1 }, timing: 0 } as Contender;
    expect(contestThreshold(c)).toBe(3);
    // A result of 3 over a defence bonus of 3 is a "wound"; 2 is a glancing blow.
    expect(exchange(13, 10, contestThreshold(c))).toBe(1);
    expect(exchange(12, 10, contestThreshold(c))).toBe(0);
    // A defence bonus of 0 or less still needs a result of 1 (a tie never wounds).
    expect(contestThreshold({ ...c, defence: { attribute: 0, skill: -2 } })).toBe(1);
  });

  it('"with the character with best Timing going first on the attack"', () => {
    expect(contestFirstChance('timing', 6, 5)).toBe(1);
    expect(contestFirstChance('timing', 5, 6)).toBe(0);
    expect(contestFirstChance('timing', 5, 5)).toBe(0.5);
    expect(contestFirstChance('rolled', 6, 5)).toBeGreaterThan(0.5);
    expect(contestFirstChance('rolled', 6, 5)).toBeLessThan(1);
  });

  it('"continues until one of the characters receives a \\"wound\\", marking them the loser": wins + draws = 1', () => {
    const m = contest(ana, bo, {}, 5000).results[0].metrics;
    expect(m['win.ana'].estimate + m['win.bo'].estimate + m.draw.estimate).toBeCloseTo(1, 12);
    expect(m['first.ana'].estimate).toBe(1);
  });

  it('a character at 0/4 never attacks, so it never wins', () => {
    const m = contest({ ...ana, allocation: '0/4' }, bo, {}, 3000).results[0].metrics;
    expect(m['win.ana'].estimate).toBe(0);
    const exact = contest({ ...ana, allocation: '0/4', spendTension: 'never' }, { ...bo, spendTension: 'never' }, {}, 10).results[0].metrics;
    expect(exact['win.ana'].exact).toBe(0);
  });
});

describe('the exact contest agrees with the Monte Carlo (nobody spends tension)', () => {
  const never = { spendTension: 'never' };
  const cases: [string, C, C, Record<string, unknown>][] = [
    ['fresh, Timing order', { ...ana, ...never }, { ...bo, ...never }, {}],
    ['equal Timing: a coin each round', { ...ana, ...never, allocation: '3/1' }, { ...bo, ...never, timing: 6 }, {}],
    ['rolled order, one attack a turn', { ...ana, ...never, attacks: 1 }, { ...bo, ...never, allocation: '1/3' }, { order: 'rolled' }],
    ['a hard wall: many draws at maxRounds 3', { ...ana, ...never, allocation: '1/3' }, { ...bo, ...never, allocation: '0/4', defence: { attribute: 5, skill: 3 } }, { maxRounds: 3 }],
  ];
  for (const [what, a, b, extra] of cases) {
    it(what, () => {
      const r = contest(a, b, extra);
      // first.a, first.b, win.a, win.b, draw, rounds
      expect(expectExactWithin5Se(r)).toBe(6);
    });
  }

  it('one attack that always wounds ends the contest in round 1', () => {
    const strong = { ...ana, ...never, attack: { attribute: 30, skill: 0 }, allocation: '4/0' };
    expect(woundChance(strong as Contender, bo as Contender)).toBeCloseTo(1, 12);
    const m = contest(strong, { ...bo, ...never }, {}, 100).results[0].metrics;
    expect(m['win.ana'].exact).toBeCloseTo(1, 12);
    expect(m.rounds.exact).toBeCloseTo(1, 12);
  });
});

// ------------------------------------------------------------------ the slow reference

/** The contest as the text reads, one die at a time, with no shared code. */
function referenceContest(a: C, b: C, trials: number, seed: string, maxRounds = 50) {
  const rng = seedrandom(seed);
  const d6 = () => 1 + Math.floor(rng() * 6);
  const cs = [a, b].map((c) => {
    const at = c.attack as { attribute: number; skill: number };
    const de = c.defence as { attribute: number; skill: number };
    const attackDice = Number(String(c.allocation ?? '2/2')[0]);
    return {
      attackBonus: at.attribute + at.skill,
      defenceBonus: de.attribute + de.skill,
      threshold: Math.max(1, de.attribute + de.skill),
      timing: c.timing as number,
      attackDice,
      defenceDice: 4 - attackDice,
      attacks: (c.attacks as number) ?? 2,
      spend: (c.spendTension as string) ?? 'onAttack',
      perRoll: (c.spendPerRoll as number) ?? 4,
      tension: 0,
    };
  });
  // "roll the normal number of dice ... plus the extra advantage dice ... remove the lowest"
  const roll = (c: (typeof cs)[number], dice: number, kind: 'attack' | 'defence', bonus: number) => {
    if (dice === 0) return 0;
    const wants = c.spend === 'onNextRoll' || c.spend === (kind === 'attack' ? 'onAttack' : 'onDefence');
    const extra = wants ? Math.min(c.tension, c.perRoll) : 0;
    c.tension -= extra;
    const faces = Array.from({ length: dice + extra }, d6).sort((x, y) => y - x).slice(0, dice);
    return Math.max(0, faces.reduce((s, f) => s + f, 0) + bonus);
  };
  let winA = 0;
  let winB = 0;
  for (let t = 0; t < trials; t++) {
    cs[0].tension = 0;
    cs[1].tension = 0;
    let loser = -1;
    for (let round = 0; round < maxRounds && loser < 0; round++) {
      const first = cs[0].timing > cs[1].timing ? 0 : cs[0].timing < cs[1].timing ? 1 : rng() < 0.5 ? 0 : 1;
      for (const x of [first, 1 - first]) {
        if (loser >= 0) break;
        const X = cs[x];
        const Y = cs[1 - x];
        if (X.attackDice === 0) continue;
        for (let k = 0; k < X.attacks && loser < 0; k++) {
          const att = roll(X, X.attackDice, 'attack', X.attackBonus);
          const def = roll(Y, Y.defenceDice, 'defence', Y.defenceBonus);
          if (def > att) {
            // "more than double ... 2 points", and so on; an attack of 0 counts as 1.
            let gain = 1;
            while (def > (gain + 1) * Math.max(1, att)) gain++;
            Y.tension += gain;
          } else if (att - def < Y.threshold) X.tension++; // glancing blow
          else loser = 1 - x; // a "wound"
        }
      }
    }
    if (loser === 1) winA++;
    if (loser === 0) winB++;
  }
  return { winA: winA / trials, winB: winB / trials };
}

describe('the fast engine agrees with the slow reference when tension is spent', () => {
  const cases: [string, C, C][] = [
    ['both spend on attack (the default)', ana, bo],
    ['one spends on defence, one on every roll, capped at 2', { ...ana, spendTension: 'onDefence', allocation: '1/3' }, { ...bo, spendTension: 'onNextRoll', spendPerRoll: 2, allocation: '3/1' }],
  ];
  for (const [what, a, b] of cases) {
    it(what, () => {
      const n = 30000;
      const fast = contest(a, b, {}, n).results[0].metrics;
      const slow = referenceContest(a, b, n, `ref ${what}`);
      for (const [metric, ref] of [
        ['win.ana', slow.winA],
        ['win.bo', slow.winB],
      ] as const) {
        const est = fast[metric].estimate;
        const se = Math.sqrt(2) * Math.max(standardError(fast[metric].ci95), 1e-3);
        expect(Math.abs(est - ref), `${metric}: fast ${est}, reference ${ref}`).toBeLessThan(5 * se);
      }
    });
  }

  it('spending tension moves the result: the exact no-spend answer is not the default', () => {
    const spends = contest(ana, { ...bo, spendTension: 'never' }, {}, 40000).results[0].metrics;
    const neither = contest({ ...ana, spendTension: 'never' }, { ...bo, spendTension: 'never' }, {}, 100).results[0].metrics;
    expect(spends['win.ana'].exact).toBeUndefined();
    expect(spends['win.ana'].ci95[0]).toBeGreaterThan(neither['win.ana'].exact!);
  });
});

describe('bad setups', () => {
  const bad = (setup: unknown, path: string, words: RegExp) => expectRejected('vdp', 'contestRound', setup, path, words);
  it('an adaptive allocation (no wounds to adapt to)', () => bad({ a: { ...ana, allocation: 'guardWhenWounded' }, b: bo }, 'setup.a.allocation', /expected one of/));
  it('one name twice', () => bad({ a: ana, b: { ...bo, name: 'ana' } }, 'setup.b.name', /names must differ/));
  it('no timing', () => bad({ a: { ...ana, timing: undefined }, b: bo }, 'setup.a.timing', /missing/));
});
