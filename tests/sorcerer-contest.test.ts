/**
 * Sorcerer contests: the text's worked examples (a roll, currency), ten more hand-checked
 * cases, the exact fold against brute-force enumeration with a direct, list-based reading
 * of the rules, and the Monte Carlo against the exact values.
 */
import { describe, expect, test } from 'vitest';
import { A_WINS, B_WINS, REROLL, contest, contestFold, poolSize, successesOf, totalVictoryOf, winnerOf } from '../sim/sorcerer/contest.ts';
import { FoldRoller } from '../sim/exact/fold.ts';
import { allRolls, expectAgreesWithExact, runScenario } from './helpers.ts';
import { sorcererRules } from '../sim/rules.ts';

/** Resolve a roll with the fold the engines use. */
function resolve(a: number[], b: number[], exhausted: 'one' | 'remaining' = 'one') {
  const state = new FoldRoller(contestFold(exhausted), 10, 2).setFaces([a, b]).run();
  return { winner: winnerOf(state), successes: successesOf(state), total: totalVictoryOf(state) === 1 };
}

/**
 * The rules read directly from sorcerer.txt, on sorted lists (independent of the fold):
 * "Compare the highest die on each side. The higher one wins. If any dice are tied,
 * ignore them and go to the next highest."
 */
function direct(a: number[], b: number[], exhausted: 'one' | 'remaining' = 'one') {
  const x = [...a].sort((p, q) => q - p);
  const y = [...b].sort((p, q) => q - p);
  // A side with no dice at all has no highest die: every die of the other is "higher than
  // the loser's highest die" (docs/rulings/single-rolls.md).
  if (x.length > 0 && y.length === 0) return { winner: A_WINS, successes: x.length, total: true };
  if (y.length > 0 && x.length === 0) return { winner: B_WINS, successes: y.length, total: true };
  while (x.length > 0 && y.length > 0 && x[0] === y[0]) {
    x.shift();
    y.shift();
  }
  if (x.length === 0 && y.length === 0) return { winner: REROLL, successes: 0, total: false };
  if (y.length === 0) return { winner: A_WINS, successes: exhausted === 'one' ? 1 : x.length, total: true };
  if (x.length === 0) return { winner: B_WINS, successes: exhausted === 'one' ? 1 : y.length, total: true };
  const [w, l, winner] = x[0] > y[0] ? [x, y, A_WINS] : [y, x, B_WINS];
  const successes = w.filter((d) => d > l[0]).length;
  return { winner, successes, total: successes === w.length };
}

describe('the text’s examples', () => {
  test('"10 9 8 5 5 beats 6 4 3 with three successes"', () => {
    expect(resolve([10, 9, 8, 5, 5], [6, 4, 3])).toEqual({ winner: A_WINS, successes: 3, total: false });
  });

  const cases: [number[], number[], number][] = [
    [[10, 4, 4, 1], [8, 8, 6, 5, 2, 2], 1],
    [[10, 8, 8, 4, 3], [2, 2, 2, 1, 1, 1], 5],
    [[8, 7, 6, 1], [8, 5, 5, 2], 2],
    [[10, 10, 1], [9, 7, 2, 2], 2],
    [[10, 6, 6, 4], [6, 5, 4, 3], 1],
    [[9, 9, 1, 1], [8, 8, 2, 2], 2],
    [[7, 6, 5, 5], [4, 3, 2, 1], 4],
    [[10, 10, 8, 7, 7, 5], [10, 5, 5, 5], 4],
    [[9, 9, 6, 6, 5], [9, 9, 6, 6, 4], 1],
    [[9, 8, 5, 5, 2], [8, 5, 5, 2, 1], 1],
  ];
  test.each(cases)('%j beats %j with %i', (winner, loser, successes) => {
    expect(resolve(winner, loser)).toMatchObject({ winner: A_WINS, successes });
    expect(resolve(loser, winner)).toMatchObject({ winner: B_WINS, successes });
  });

  test('currency: "1 success = 1 stat point = 1 bonus = 1 penalty"', () => {
    const exactOf = (a: object, b: object) => contest.prepare(contest.setup.parse({ a, b }), sorcererRules.parse({ exhausted: 'one' })).exact!().metrics;
    // "I punch my demon in the face (2 successes). That will give me 2 bonus dice to command
    // it to fall into line." Won dice rolled over (a Passion roll's, poolSize) are bonus dice
    // one for one, and a Will of 3 with 2 bonus dice is a Will of 5 against the demon.
    expect(poolSize({ name: 'me', dice: 3 }, 2)).toBe(5);
    expect(exactOf({ name: 'me', dice: 3, bonus: 2 }, { name: 'demon', dice: 4 })).toEqual(exactOf({ name: 'me', dice: 5 }, { name: 'demon', dice: 4 }));
    // "I seduced you with 2 successes. If you want to walk out that door, I'm grabbing you,
    // and you're at -2 to escape." Stamina 4 at −2 rolls as 2.
    expect(poolSize({ name: 'you', dice: 4, penalty: 2 })).toBe(2);
    expect(exactOf({ name: 'you', dice: 4, penalty: 2 }, { name: 'me', dice: 3 })).toEqual(exactOf({ name: 'you', dice: 2 }, { name: 'me', dice: 3 }));
  });

  test('currency: "My demon rips a guard\'s face off and eats it (5 successes). Its power now counts as +5"', () => {
    // sorcerer.txt "The rule of currency": 5 successes roll over as 5 bonus dice, one for one,
    // into the immediately following roll of the demon's Power (here 3, so 8 dice).
    const exactOf = (a: object, b: object) => contest.prepare(contest.setup.parse({ a, b }), sorcererRules.parse({ exhausted: 'one' })).exact!().metrics;
    expect(poolSize({ name: 'demon', dice: 3 }, 5)).toBe(3 + 5);
    expect(poolSize({ name: 'demon', dice: 3, bonus: 5 })).toBe(3 + 5);
    expect(exactOf({ name: 'demon', dice: 3, bonus: 5 }, { name: 'guard', dice: 4 })).toEqual(exactOf({ name: 'demon', dice: 8 }, { name: 'guard', dice: 4 }));
    // +5 is worth having: the Power roll wins more often with it.
    expect(exactOf({ name: 'demon', dice: 3, bonus: 5 }, { name: 'guard', dice: 4 })['win.demon']).toBeGreaterThan(exactOf({ name: 'demon', dice: 3 }, { name: 'guard', dice: 4 })['win.demon']);
  });

  test('a side with no dice loses, and every die of the winner is a success: a penalty that takes the last die never helps', () => {
    expect(resolve([9, 4, 2], [])).toEqual({ winner: A_WINS, successes: 3, total: true });
    expect(resolve([], [1])).toEqual({ winner: B_WINS, successes: 1, total: true });
    // 6 dice against 2, 1 and 0 (a penalty of 0, 1, 2): mean successes never fall as the
    // loser's pool shrinks.
    const mean = (penalty: number) => contest.prepare(contest.setup.parse({ a: { name: 'a', dice: 6 }, b: { name: 'b', dice: 2, penalty } }), sorcererRules.parse({ exhausted: 'one' })).exact!().metrics['successes.a'];
    expect(mean(0)).toBeLessThan(mean(1));
    expect(mean(1)).toBeLessThan(mean(2));
    expect(mean(2)).toBeCloseTo(6, 12);
  });

  test('"If all dice are tied, the side with more dice wins with 1 success"', () => {
    expect(resolve([10, 7, 3], [10, 7])).toEqual({ winner: A_WINS, successes: 1, total: true });
    expect(resolve([10, 7, 3, 2], [10, 7], 'remaining')).toEqual({ winner: A_WINS, successes: 2, total: true });
    expect(resolve([6, 6], [6, 6])).toMatchObject({ winner: REROLL });
    expect(resolve([], [])).toMatchObject({ winner: REROLL });
    expect(resolve([1], [])).toMatchObject({ winner: A_WINS, successes: 1 });
  });

  test('"If all the winner\'s dice beat the loser\'s highest die, it is a Total Victory"', () => {
    expect(resolve([9, 8], [7, 7, 7])).toEqual({ winner: A_WINS, successes: 2, total: true });
    expect(resolve([9, 7], [7, 7, 7])).toEqual({ winner: A_WINS, successes: 1, total: false });
  });
});

describe('the fold against the rules read directly', () => {
  test.each([
    [3, 3, 6],
    [4, 2, 5],
    [0, 3, 4],
    [2, 4, 6],
  ])('every roll of %i vs %i d%i', (m, n, sides) => {
    for (const exhausted of ['one', 'remaining'] as const) {
      const fold = contestFold(exhausted);
      for (const a of allRolls(m, sides)) {
        for (const b of allRolls(n, sides)) {
          const state = new FoldRoller(fold, sides, 2).setFaces([a, b]).run();
          const got = { winner: winnerOf(state), successes: successesOf(state), total: totalVictoryOf(state) === 1 };
          if (got.winner === REROLL) got.successes = 0;
          const want = direct(a, b, exhausted);
          // toEqual only on a mismatch: the matcher costs more than the fold on ~47,000 rolls.
          if (got.winner !== want.winner || got.successes !== want.successes || got.total !== want.total) {
            expect(got, `${a} vs ${b}`).toEqual(want);
          }
        }
      }
    }
  });

  test('exact distribution equals brute-force enumeration (3 vs 4 d6, bonus and penalty)', () => {
    const setup = { die: 'd6', a: { name: 'ann', dice: 2, bonus: 2, penalty: 1 }, b: { name: 'bo', dice: 4 } };
    const sim = contest.prepare(contest.setup.parse(setup), sorcererRules.parse({ exhausted: 'remaining' }));
    const exact = sim.exact!().metrics;
    const tally = { winA: 0, winB: 0, reroll: 0, tvA: 0, sA: 0, sB: 0 };
    let n = 0;
    for (const a of allRolls(3, 6)) {
      for (const b of allRolls(4, 6)) {
        const r = direct(a, b, 'remaining');
        n++;
        if (r.winner === A_WINS) {
          tally.winA++;
          tally.sA += r.successes;
          if (r.total) tally.tvA++;
        } else if (r.winner === B_WINS) {
          tally.winB++;
          tally.sB += r.successes;
        } else tally.reroll++;
      }
    }
    expect(exact['win.ann']).toBeCloseTo(tally.winA / n, 12);
    expect(exact['win.bo']).toBeCloseTo(tally.winB / n, 12);
    expect(exact.reroll).toBeCloseTo(tally.reroll / n, 12);
    expect(exact['totalVictory.ann']).toBeCloseTo(tally.tvA / n, 12);
    expect(exact['successes.ann']).toBeCloseTo(tally.sA / n, 12);
    expect(exact['successes.bo']).toBeCloseTo(tally.sB / n, 12);
  });

  // Its speed is measured by the benchmark (exactSorcerer10v10Ms); here the test's budget
  // only bounds a runaway (the naive enumeration would be 10^40 rolls).
  test('20 vs 20 d10 is solved exactly and sums to 1', () => {
    const sim = contest.prepare(contest.setup.parse({ a: { name: 'a', dice: 20 }, b: { name: 'b', dice: 20 } }), sorcererRules.parse({ exhausted: 'one' }));
    const m = sim.exact!().metrics;
    expect(m['win.a'] + m['win.b'] + m.reroll).toBeCloseTo(1, 12);
    expect(m['win.a']).toBeCloseTo(m['win.b'], 12); // symmetric pools
  });
});

describe('Monte Carlo agrees with exact', () => {
  test.each([
    [{ a: { name: 'sorcerer', dice: 5 }, b: { name: 'demon', dice: 3 } }, {}],
    [{ a: { name: 'sorcerer', dice: 3, bonus: 2 }, b: { name: 'demon', dice: 6, penalty: 2 } }, sorcererRules.parse({ exhausted: 'remaining' })],
    [{ die: 'd6', a: { name: 'x', dice: 1 }, b: { name: 'y', dice: 1 } }, {}],
  ])('%j', (setup, rules) => {
    const result = runScenario({ name: 'contest', system: 'sorcerer', mechanic: 'contest', trials: 100000, seed: 'mc', rules, setup });
    expectAgreesWithExact(result);
  });
});

/**
 * "Repeating a task after failing -1" (sorcerer.txt, "Bonus/Penalty Dice"): side a tries
 * up to `tries` times, a die fewer (`retryPenalty`) for each try it lost before; a reroll
 * ("throw your hands up in despair and re-roll") is rolled again within the same try.
 */
describe('repeating a task after failing', () => {
  const contestOf = (setup: object, rules: object = {}) => ({ name: 'retry', system: 'sorcerer', mechanic: 'contest', trials: 100000, seed: 'retry', rules, setup });
  const exactValues = (setup: object, rules: object = {}) => contest.prepare(contest.setup.parse(setup), sorcererRules.parse({ exhausted: 'one', ...rules })).exact!();
  const exactOf = (setup: object, rules: object = {}) => exactValues(setup, rules).metrics;
  /** The exact chance of a's first win on each try, and (last) of none within them. */
  const firstWinOf = (setup: object, rules: object = {}) => exactValues(setup, rules).distributions!['retry.firstWin']!;
  const FLAT = { repeatPenalty: 'flat' };
  const will3demon4 = { a: { name: 'will', dice: 3 }, b: { name: 'demon', dice: 4 } };

  /** A small seeded generator (mulberry32), independent of sim/random.ts and its streams. */
  function mulberry32(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
      s = (s + 0x6d2b79f5) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /**
   * The rule played out the slow, obvious way: roll a's dice (its pool less a die per try
   * lost) and b's, sort and compare (`direct`, above); a reroll is rolled again, and after
   * 100 of them in a row the try is taken as never decided (with dice on either side, at
   * most one chance in 20^100 here: 66/1296 of 2 d6 against 2 tie away). The try a first
   * wins on, or tries + 1. `flat` (rules.repeatPenalty "flat"): every repeat loses the
   * penalty once, whatever the failures before it.
   */
  function referenceFirstWin(aPool: number, bPool: number, sides: number, tries: number, penalty: number, rnd: () => number, flat = false): number {
    const roll = (n: number) => Array.from({ length: n }, () => 1 + Math.floor(rnd() * sides));
    for (let k = 1; k <= tries; k++) {
      const failures = k - 1;
      const dice = Math.max(0, aPool - (flat && failures > 1 ? 1 : failures) * penalty);
      for (let rolls = 0; rolls < 100; rolls++) {
        const { winner } = direct(roll(dice), roll(bPool));
        if (winner === A_WINS) return k;
        if (winner === B_WINS) break;
      }
    }
    return tries + 1;
  }

  test('without tries the contest is as it was: its metrics and distributions, none of retry', () => {
    const r = runScenario(contestOf(will3demon4));
    expect(Object.keys(r.results[0].metrics)).toEqual(['win.will', 'win.demon', 'reroll', 'totalVictory.will', 'totalVictory.demon', 'successes.will', 'successes.demon']);
    expect(Object.keys(r.results[0].distributions!)).toEqual(['successes.will', 'successes.demon']);
  });

  test('Will 3 against a demon of 4 (docs/rulings/single-rolls.md): 0.4034 in one try, 0.6405 within three, and no better after', () => {
    const one = exactOf({ ...will3demon4, tries: 1 });
    expect(one['win.will']).toBeCloseTo(0.4034229, 7);
    // Pools of different sizes never tie away to a reroll: one try is the single roll.
    expect(one['retry.won']).toBeCloseTo(one['win.will'], 12);
    const three = exactOf({ ...will3demon4, tries: 3 });
    const first = firstWinOf({ ...will3demon4, tries: 3 });
    expect(three['retry.won']).toBeCloseTo(0.6404766, 7);
    // 3, 2, then 1 die: the chance of each try, times that of losing the ones before.
    const w = (n: number) => exactOf({ a: { name: 'will', dice: n }, b: { name: 'demon', dice: 4 } })['win.will'];
    expect(first).toHaveLength(4);
    expect(first[0]).toBeCloseTo(w(3), 12);
    expect(first[1]).toBeCloseTo((1 - w(3)) * w(2), 12);
    expect(first[2]).toBeCloseTo((1 - w(3)) * (1 - w(2)) * w(1), 12);
    expect(first[3]).toBeCloseTo((1 - w(3)) * (1 - w(2)) * (1 - w(1)), 12);
    expect(three['retry.tries']).toBeCloseTo(1 * first[0] + 2 * first[1] + 3 * (first[2] + first[3]), 12);
    expect(three['retry.firstWin']).toBeCloseTo(first.reduce((s, p, i) => s + p * (i + 1), 0), 12);
    // The fourth try has no dice left against four: lost. Six tries win no more than three.
    expect(exactOf({ ...will3demon4, tries: 6 })['retry.won']).toBeCloseTo(three['retry.won'], 12);
    // Without the penalty each try is the first again: 1 − (1 − 0.4034)³.
    expect(exactOf({ ...will3demon4, tries: 3, retryPenalty: 0 })['retry.won']).toBeCloseTo(1 - (1 - w(3)) ** 3, 12);
  });

  test('rules.repeatPenalty "flat": every repeat rolls a die fewer than the first try, however many failures: 3, 2, 2, 2 dice, 0.7849 within four tries', () => {
    const w = (n: number) => exactOf({ a: { name: 'will', dice: n }, b: { name: 'demon', dice: 4 } })['win.will'];
    const first = firstWinOf({ ...will3demon4, tries: 4 }, FLAT);
    expect(first[0]).toBeCloseTo(w(3), 12);
    for (let k = 1; k < 4; k++) expect(first[k]).toBeCloseTo((1 - w(3)) * (1 - w(2)) ** (k - 1) * w(2), 12);
    expect(exactOf({ ...will3demon4, tries: 4 }, FLAT)['retry.won']).toBeCloseTo(0.7849, 4);
    // Where the cumulative penalty left no dice for a fourth try, the flat one keeps going up.
    expect(exactOf({ ...will3demon4, tries: 6 }, FLAT)['retry.won']).toBeGreaterThan(0.89);
    // Two tries: the only repeat follows one failure, as cumulative.
    expect(exactOf({ ...will3demon4, tries: 2 }, FLAT)['retry.won']).toBeCloseTo(exactOf({ ...will3demon4, tries: 2 })['retry.won'], 12);
  });

  test('rules.repeatPenalty "flat" is refused without tries, and said to change nothing where it rolls the cumulative pools', () => {
    expect(() => runScenario(contestOf(will3demon4, FLAT))).toThrow(/rules\.repeatPenalty: "flat" sets the penalty for repeating a failed task, and the contest has no "tries"/);
    const notes = (setup: object) => runScenario(contestOf(setup, FLAT), { trials: 1000 }).results[0].notes ?? [];
    expect(notes({ ...will3demon4, tries: 2 })).toEqual(['rules.repeatPenalty changes nothing here: with two tries the only repeat follows one failure, so every try rolls as many dice as under the default']);
    expect(notes({ ...will3demon4, tries: 3, retryPenalty: 0 })).toEqual(['rules.repeatPenalty changes nothing here: a failed try costs no die, so every try rolls as many dice as under the default']);
    expect(notes({ ...will3demon4, tries: 3, retryPenalty: 3 })).toEqual(['rules.repeatPenalty changes nothing here: side a has no dice left after its first failure, so every try rolls as many dice as under the default']);
    expect(notes({ ...will3demon4, tries: 3 })).toEqual([]);
  });

  test('a reroll is rolled again in the same try, not lost: 2 against 2 d6 win a try half the time', () => {
    const x = exactOf({ die: 'd6', a: { name: 'x', dice: 2 }, b: { name: 'y', dice: 2 }, tries: 1 });
    expect(x.reroll).toBeGreaterThan(0.05); // 66/1296 of single rolls tie away
    expect(x['win.x']).toBeLessThan(0.48);
    expect(x['retry.won']).toBeCloseTo(0.5, 12);
    expect(exactOf({ die: 'd6', a: { name: 'x', dice: 2 }, b: { name: 'y', dice: 2 }, tries: 4, retryPenalty: 0 })['retry.won']).toBeCloseTo(1 - 0.5 ** 4, 12);
  });

  test('0 dice against 0: a reroll forever, never won, and the run ends', () => {
    const r = runScenario(contestOf({ a: { name: 'x', dice: 0 }, b: { name: 'y', dice: 0 }, tries: 3 }));
    const m = r.results[0].metrics;
    expect(m['retry.won'].estimate).toBe(0);
    expect(m['retry.won'].exact).toBe(0);
    expect(m['retry.tries'].exact).toBe(3);
    expect(m['retry.firstWin'].exact).toBe(4);
    expect(r.results[0].distributions!['retry.firstWin'].exact).toEqual([0, 0, 0, 1]);
    expectAgreesWithExact(r);
    // One die against none wins at once, whatever the tries.
    expect(exactOf({ a: { name: 'x', dice: 1 }, b: { name: 'y', dice: 0 }, tries: 5 })['retry.tries']).toBe(1);
  });

  // [setup, what it exercises, rules]
  const cases: [object, string, object?][] = [
    [{ ...will3demon4, tries: 3 }, 'the worked figure: 3, 2, 1 dice against 4'],
    [{ die: 'd6', a: { name: 'x', dice: 2 }, b: { name: 'y', dice: 2 }, tries: 4, retryPenalty: 0 }, 'rerolls rolled again, no penalty'],
    [{ die: 'd6', a: { name: 'x', dice: 3, bonus: 2, penalty: 1 }, b: { name: 'y', dice: 3 }, tries: 5, retryPenalty: 2 }, '4, 2, 0 dice: a penalty of 2, the pool run out'],
    [{ die: 'd6', a: { name: 'x', dice: 4 }, b: { name: 'y', dice: 3 }, tries: 4 }, '4, 3, 2, 1 dice against 3: the second try can tie away to rerolls'],
    [{ die: 'd6', a: { name: 'x', dice: 0 }, b: { name: 'y', dice: 0 }, tries: 2 }, '0 against 0: never decided'],
    [{ ...will3demon4, tries: 5 }, 'rules.repeatPenalty "flat": 3, then 2 dice on every repeat', FLAT],
    [{ die: 'd6', a: { name: 'x', dice: 5 }, b: { name: 'y', dice: 3 }, tries: 4, retryPenalty: 2 }, 'rules.repeatPenalty "flat": 5, then 3 dice on every repeat, rerolls on the repeats', FLAT],
  ];

  test.each(cases)('Monte Carlo agrees with exact, distribution too: %j (%s)', (setup, _what, rules = {}) => {
    const r = runScenario(contestOf(setup, rules));
    expectAgreesWithExact(r);
    const d = r.results[0].distributions!['retry.firstWin'];
    d.p.forEach((p, i) => {
      const se = (d.ci95![i][1] - d.ci95![i][0]) / (2 * 1.96);
      expect(Math.abs(p - d.exact![i]), `bin ${d.x[i]}: ${p} vs exact ${d.exact![i]}`).toBeLessThanOrEqual(Math.max(5 * se, 1e-9));
    });
  });

  test.each(cases)('the slow reference (rolled, sorted, compared) agrees with the engine: %j (%s)', (setup: any, _what, rules = {}) => {
    const flat = (rules as { repeatPenalty?: string }).repeatPenalty === 'flat';
    const trials = 20000;
    const sides = setup.die === 'd6' ? 6 : 10;
    const rnd = mulberry32(20261231); // any fixed seed: the tolerance below is stated
    const tries: number = setup.tries;
    const counts = new Array(tries + 1).fill(0);
    const aPool = Math.max(0, setup.a.dice + (setup.a.bonus ?? 0) - (setup.a.penalty ?? 0));
    for (let t = 0; t < trials; t++) counts[referenceFirstWin(aPool, setup.b.dice, sides, tries, setup.retryPenalty ?? 1, rnd, flat) - 1]++;
    const x = exactOf(setup, rules);
    const first = firstWinOf(setup, rules);
    // Each share within 4.5 binomial standard errors of the engine's exact one (a share
    // never seen or always seen: exactly 0 or 1). 4.5 SE: ~25 comparisons here, each
    // outside it one time in 150,000.
    const near = (share: number, p: number, what: string) => {
      const se = Math.sqrt((p * (1 - p)) / trials);
      expect(Math.abs(share - p), `${what}: reference ${share}, engine ${p}`).toBeLessThanOrEqual(Math.max(4.5 * se, 1e-12));
    };
    counts.forEach((c, k) => near(c / trials, first[k], `first win on try ${k + 1}`));
    near(1 - counts[tries] / trials, x['retry.won'], 'won within the tries');
    // And the engine's own Monte Carlo, on its streams, against the reference's mean.
    const r = runScenario(contestOf(setup, rules), { trials: 20000 });
    const firstWins = counts.reduce((s, c, k) => s + c * (k + 1), 0) / trials;
    const sd = Math.sqrt(counts.reduce((s, c, k) => s + c * (k + 1 - firstWins) ** 2, 0) / trials);
    expect(Math.abs(r.results[0].metrics['retry.firstWin'].estimate - firstWins)).toBeLessThanOrEqual(Math.max(4.5 * sd * Math.sqrt(2 / trials), 1e-12));
  });

  test('the same seed gives the same numbers; the first roll of the first try is the single roll', () => {
    const a = runScenario(contestOf({ ...will3demon4, tries: 3 }), { trials: 5000 });
    const b = runScenario(contestOf({ ...will3demon4, tries: 3 }), { trials: 5000 });
    expect(JSON.stringify(a.results)).toBe(JSON.stringify(b.results));
    // Pools that cannot tie away: a try-1 win is a single-roll win, trial by trial.
    const p = a.results[0];
    expect(p.distributions!['retry.firstWin'].p[0]).toBe(p.metrics['win.will'].estimate);
  });

  test('tries and retryPenalty are checked', () => {
    const problem = (setup: object) => {
      const r = contest.setup.safeParse(setup);
      return r.success ? undefined : r.error.issues.map((i) => `${i.path.join('.')}: ${i.code}`);
    };
    expect(problem({ ...will3demon4, tries: 0 })).toEqual(['tries: too_small']);
    expect(problem({ ...will3demon4, tries: 2.5 })).toEqual(['tries: invalid_type']);
    expect(problem({ ...will3demon4, tries: 101 })).toEqual(['tries: too_big']);
    expect(problem({ ...will3demon4, tries: 2, retryPenalty: -1 })).toEqual(['retryPenalty: too_small']);
    expect(problem({ ...will3demon4, retryPenalty: 1 })).toEqual(['retryPenalty: custom']);
    expect(problem({ ...will3demon4, tries: 100, retryPenalty: 0 })).toBeUndefined();
  });
});

/**
 * "If you are taking an action that is relevant both to Passion and another stat, you can
 * roll your Passion first and then use successes on that roll as bonus dice to the main
 * stat roll" (sorcerer.txt, "Actions"): `passion` is a Passion roll against the other
 * side's pool, made first, whose successes join the side's pool.
 */
describe('rolling Passion first', () => {
  const contestOf = (setup: object, trials = 100000) => ({ name: 'passion', system: 'sorcerer', mechanic: 'contest', trials, seed: 'passion', setup });
  const exactOf = (setup: object, exhausted: 'one' | 'remaining' = 'one') =>
    contest.prepare(contest.setup.parse(setup), sorcererRules.parse({ exhausted })).exact!().metrics;

  /**
   * The same figures by brute force on the rules read directly: every face of every Passion
   * roll (a full tie rolled again, so weighed out), then every face of the main roll with
   * the bonus dice it won.
   */
  type Side = { dice: number; bonus?: number; penalty?: number; passion?: number };
  function bruteForce(sides: number, a: Side, b: Side, exhausted: 'one' | 'remaining') {
    // "1 success = 1 stat point = 1 bonus = 1 penalty": the pool nets them all, then stops at 0.
    const pool = (x: Side, won: number) => Math.max(0, x.dice + (x.bonus ?? 0) + won - (x.penalty ?? 0));
    const bonusOf = (passion: number | undefined, against: number): number[] => {
      if (passion === undefined) return [1];
      const chances = new Array(passion + 1).fill(0);
      let decided = 0;
      for (const x of allRolls(passion, sides)) {
        for (const y of allRolls(against, sides)) {
          const r = direct(x, y, exhausted);
          if (r.winner === REROLL) continue;
          decided++;
          chances[r.winner === A_WINS ? r.successes : 0]++;
        }
      }
      return chances.map((c) => c / decided);
    };
    const bonusA = bonusOf(a.passion, pool(b, 0));
    const bonusB = bonusOf(b.passion, pool(a, 0));
    const m = { winA: 0, winB: 0, reroll: 0, successesA: 0, successesB: 0 };
    bonusA.forEach((pA, sA) =>
      bonusB.forEach((pB, sB) => {
        if (pA * pB === 0) return;
        let n = 0;
        const here = { winA: 0, winB: 0, reroll: 0, successesA: 0, successesB: 0 };
        for (const x of allRolls(pool(a, sA), sides)) {
          for (const y of allRolls(pool(b, sB), sides)) {
            const r = direct(x, y, exhausted);
            n++;
            if (r.winner === A_WINS) (here.winA++, (here.successesA += r.successes));
            else if (r.winner === B_WINS) (here.winB++, (here.successesB += r.successes));
            else here.reroll++;
          }
        }
        for (const k of Object.keys(m) as (keyof typeof m)[]) m[k] += (pA * pB * here[k]) / n;
      }),
    );
    return { ...m, passionA: 1 - bonusA[0], bonusA: bonusA.reduce((s, p, k) => s + p * k, 0), passionB: 1 - bonusB[0], bonusB: bonusB.reduce((s, p, k) => s + p * k, 0) };
  }

  test.each([
    ['Passion 2 before 1 die, against 2 dice (d6)', { dice: 1, passion: 2 }, { dice: 2 }, 'one'],
    ['both roll Passion first, counting every die left (d4)', { dice: 2, passion: 1 }, { dice: 1, passion: 2 }, 'remaining'],
    ['Passion against a side with no dice: every Passion die is a bonus die (d4)', { dice: 2, passion: 2 }, { dice: 0 }, 'one'],
    // Penalties past the stat are netted with Passion's dice before the pool stops at 0, as a
    // bonus die would be: 1 − 3 + s dice (until December 2026 the 2 dice over were dropped).
    ['penalties past the stat net the Passion dice won (d4)', { dice: 1, penalty: 3, passion: 3 }, { dice: 2, bonus: 1, penalty: 1 }, 'one'],
  ] as const)('exact equals brute force: %s', (what, a, b, exhausted) => {
    const sides = what.includes('d6') ? 6 : 4;
    const exact = exactOf({ die: `d${sides}`, a: { name: 'a', ...a }, b: { name: 'b', ...b } }, exhausted);
    const brute = bruteForce(sides, a, b, exhausted);
    expect(exact['win.a']).toBeCloseTo(brute.winA, 12);
    expect(exact['win.b']).toBeCloseTo(brute.winB, 12);
    expect(exact.reroll).toBeCloseTo(brute.reroll, 12);
    expect(exact['successes.a']).toBeCloseTo(brute.successesA, 12);
    expect(exact['successes.b']).toBeCloseTo(brute.successesB, 12);
    expect(exact['passion.a']).toBeCloseTo(brute.passionA, 12);
    expect(exact['passionBonus.a']).toBeCloseTo(brute.bonusA, 12);
    if (!('passion' in b)) expect(exact['passion.b']).toBeUndefined();
    else expect(exact['passionBonus.b']).toBeCloseTo(brute.bonusB, 12);
  });

  test('the Monte Carlo agrees with the exact values, and a Passion roll wins more than none', () => {
    const withPassion = runScenario(contestOf({ a: { name: 'sorcerer', dice: 3, passion: 2 }, b: { name: 'demon', dice: 4, passion: 1 } }));
    expectAgreesWithExact(withPassion);
    const plain = exactOf({ a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 4, passion: 1 } });
    expect(withPassion.results[0].metrics['win.sorcerer'].ci95[0]).toBeGreaterThan(plain['win.sorcerer']);
    // Its successes can reach the pool with every Passion die won.
    expect(withPassion.results[0].distributions!['successes.sorcerer'].p).toHaveLength(6);
  });

  test('without passion the contest is as it was, draw for draw', () => {
    const plain = runScenario(contestOf({ a: { name: 's', dice: 3 }, b: { name: 'd', dice: 4 } }, 5000));
    expect(Object.keys(plain.results[0].metrics).some((k) => k.startsWith('passion'))).toBe(false);
    // The figures the engine gave this seed before Passion was added (d9c343f).
    expect(plain.results[0].metrics['win.s'].estimate).toBe(0.4098);
    expect(plain.results[0].metrics['successes.d'].estimate).toBe(1.013);
    // The same pools, Passion on a side that never rolls fewer: its metrics come after.
    const names = Object.keys(runScenario(contestOf({ a: { name: 's', dice: 3, passion: 1 }, b: { name: 'd', dice: 4 } }, 5000)).results[0].metrics);
    expect(names).toEqual(['win.s', 'win.d', 'reroll', 'totalVictory.s', 'totalVictory.d', 'successes.s', 'successes.d', 'passion.s', 'passionBonus.s']);
  });

  test('passion is checked: at least one die, and not with tries', () => {
    const problem = (setup: object) => {
      const r = contest.setup.safeParse(setup);
      return r.success ? undefined : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(problem({ a: { name: 's', dice: 3, passion: 0 }, b: { name: 'd', dice: 4 } })?.[0]).toMatch(/^a\.passion: /);
    expect(problem({ a: { name: 's', dice: 3 }, b: { name: 'd', dice: 4, passion: 2 }, tries: 3 })).toEqual([
      'b.passion: a Passion roll before each of repeated tries is not played (which roll the "-1" for repeating cuts is not settled): expected passion or tries left out',
    ]);
  });
});
