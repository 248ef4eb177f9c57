/**
 * VDP single rolls: the text's worked examples (Jack's fence, Mark and Jacob's guitar
 * solos, Jara's spell, Jack's jeep), the keep-highest/lowest fold against brute-force
 * enumeration, and Monte Carlo against exact for check, risky and opposed.
 */
import { describe, expect, test } from 'vitest';
import { VdpRoll } from '../sim/vdp/pool.ts';
import { opposedWins } from '../sim/vdp/opposed.ts';
import { splitRolls } from '../sim/vdp/risky.ts';
import { allRolls, expectAgreesWithExact, runScenario } from './helpers.ts';
import { planScenario } from '../sim/scenario.ts';

describe('the text’s examples', () => {
  test('"rolls 5, 4, 2, 2, 6, 1. Because of the disadvantage, he discards the 5 and 6, and scores a total of 9"', () => {
    const roll = new VdpRoll(4, -2, 0);
    expect(roll.keptTotal([5, 4, 2, 2, 6, 1])).toBe(9);
    // "He adds his Physical Power (2) and Athletics skill (2), coming up with a 13. The GM
    // tells him the target number was 10, and he clears the fence"
    expect(new VdpRoll(4, -2, 4).keptTotal([5, 4, 2, 2, 6, 1])).toBe(13);
  });

  test('the fence is a risky check: "The GM tells him the target number was 10, and he clears the fence - but hurts his leg on the way down"', () => {
    // very-different-places.txt: "declares 4 dice towards Accomplish. He then adds 2 more
    // dice for Disadvantage". The split's own rolls, fed the example's faces: Accomplish
    // keeps 4 2 2 1 + 4 = 13 ≥ 10; Caution has no dice and totals 0 (pool.ts), although
    // Jack's Power and Athletics (+4) would have met a small risk target had they counted.
    const [accomplish, caution] = splitRolls(4, 0, -2, [4, 4], 'accomplish');
    expect(accomplish.keptTotal([5, 4, 2, 2, 6, 1])).toBe(13);
    expect(caution.keptTotal([])).toBe(0);
    // The text gives no risk target; at 1 (below the +4 he adds), the whole check: the
    // Caution of no dice fails every time, so a cleared fence always hurts.
    const m = runScenario({ name: 'fence', system: 'vdp', mechanic: 'risky', trials: 1000, setup: { accomplish: 4, modifier: 4, successTarget: 10, riskTarget: 1, disadvantage: 2 } }).results[0].metrics;
    expect(m.safe.exact).toBe(0);
    expect(m.success.exact).toBeGreaterThan(0);
    expect(m.successAndSafe.exact).toBe(0);
  });

  test('the fence\'s odds: 4 dice + 2 Disadvantage, +4, against "the target number was 10" — exact, against an independent enumeration', () => {
    // Every roll of 6d6, the 4 lowest kept, + Physical Power (2) + Athletics (2) ≥ 10:
    // 7505/7776 by enumeration apart from poolsim (Python, fractions). He "clears the fence"
    // on all but 271 of the 7776 rolls, and always "hurts his leg" (no Caution dice).
    const m = runScenario({ name: 'fence', system: 'vdp', mechanic: 'risky', trials: 1000, setup: { accomplish: 4, modifier: 4, successTarget: 10, riskTarget: 1, disadvantage: 2 } }).results[0].metrics;
    expect(m.success.exact).toBeCloseTo(7505 / 7776, 12);
    expect(m.safe.exact).toBe(0);
  });

  test('a side of no dice meets no target, however low: Jack "throws caution to the wind" and "hurts his leg"', () => {
    // docs/rulings/single-rolls.md: a pool of no dice makes no check, so it neither does the
    // task nor wards off the risk, even where its total of 0 would reach the target.
    const risky = (setup: object) => runScenario({ name: 'no dice', system: 'vdp', mechanic: 'risky', trials: 2000, setup: { modifier: 0, ...setup } }).results[0].metrics;
    const noAccomplish = risky({ accomplish: 0, successTarget: 0, riskTarget: -3 });
    expect(noAccomplish.success.exact).toBe(0);
    expect(noAccomplish.success.estimate).toBe(0);
    expect(noAccomplish.safe.exact).toBe(1);
    const noCaution = risky({ accomplish: 4, successTarget: -1, riskTarget: 0 });
    expect(noCaution.safe.exact).toBe(0);
    expect(noCaution.safe.estimate).toBe(0);
    expect(noCaution.success.exact).toBe(1);
    expect(noCaution.successAndSafe.exact).toBe(0);
  });

  test('Jara\'s spell: "2d6+Spellcasting+Intellect, and the spell would be cast if she rolls a total of 18 or higher"', () => {
    // very-different-places.txt, a basic check of difficulty 18. With +6 only a 12 on 2d6
    // reaches 18, and exactly 18 casts it (and gains tension); with +5 it cannot be cast.
    const jara = (modifier: number) => runScenario({ name: 'jara', system: 'vdp', mechanic: 'check', trials: 1000, setup: { modifier, target: 18 } }).results[0].metrics;
    expect(jara(6).success.exact).toBeCloseTo(1 / 36, 12);
    expect(jara(6).tension.exact).toBeCloseTo(1 / 36, 12);
    expect(jara(7).success.exact).toBeCloseTo(3 / 36, 12);
    expect(jara(5).success.exact).toBe(0);
  });

  test('the jeep: "He succeeds on the Accomplish check, but his Caution check fails. He gets the jeep running, but he burns through most of his scrap"', () => {
    // very-different-places.txt gives no numbers; what it shows is that the two targets are
    // judged apart: a sure Accomplish (3d6 ≥ 3) with a hopeless Caution (1d6 ≥ 7) is a
    // success every time and safe never.
    const m = runScenario({ name: 'jeep', system: 'vdp', mechanic: 'risky', trials: 1000, setup: { accomplish: 3, modifier: 0, successTarget: 3, riskTarget: 7 } }).results[0].metrics;
    expect(m.success.exact).toBe(1);
    expect(m.safe.exact).toBe(0);
    expect(m.successAndSafe.exact).toBe(0);
  });

  test('advantage drops the lowest dice instead', () => {
    expect(new VdpRoll(4, 2, 0).keptTotal([5, 4, 2, 2, 6, 1])).toBe(17);
  });

  test('Jacob beats Mark: "reduce that 22 down to a 7 or lower ... leaving Mark with a final 6"', () => {
    // Mark: 4 accomplish, no resist; Jacob 1 accomplish / 3 resist; both +5 (Emotional
    // Power 3 + Guitar 2). Mark totals 22, Jacob's resist 16, Jacob's accomplish 7.
    const markAccomplish = new VdpRoll(4, 0, 5).keptTotal([6, 5, 3, 3]);
    const jacobResist = new VdpRoll(3, 0, 5).keptTotal([5, 4, 2]);
    const jacobAccomplish = new VdpRoll(1, 0, 5).keptTotal([2]);
    const markResist = new VdpRoll(0, 0, 5).keptTotal([]);
    expect(markAccomplish).toBe(22);
    expect(jacobResist).toBe(16);
    expect(markAccomplish - jacobResist).toBe(6);
    // "Jacob will roll his 1 Accomplish die and subtract nothing"
    expect(markResist).toBe(0);
    expect(jacobAccomplish - markResist).toBe(7);
  });
});

describe('the guitar duel\'s outcome: "Jacob\'s gambit paid off, and the judges award him a pitcher of beer"', () => {
  test('Jacob\'s 7 beats Mark\'s final 6, under either reading of a score of 0', () => {
    // very-different-places.txt: "Jacob then rolls his 1 die, adding his Emotional Power (3)
    // and Guitar Skill (2) and gets a 7 ... he totals a 16, leaving Mark with a final 6."
    // The scores from the engine's own rolls (Mark's 4 dice to 22, Jacob's Resist to 16,
    // Jacob's 1 die to 7, Mark's Resist of no dice to 0), then the engine's verdict.
    const mark = new VdpRoll(4, 0, 5).keptTotal([6, 5, 3, 3]) - new VdpRoll(3, 0, 5).keptTotal([5, 4, 2]);
    const jacob = new VdpRoll(1, 0, 5).keptTotal([2]) - new VdpRoll(0, 0, 5).keptTotal([]);
    expect([mark, jacob]).toEqual([6, 7]);
    for (const zeroWins of [true, false]) {
      expect(opposedWins(jacob, mark, zeroWins)).toBe(true);
      expect(opposedWins(mark, jacob, zeroWins)).toBe(false);
    }
  });

  test('the duel as the engine plays it (Jacob 1 Accomplish / 3 Resist against Mark all in, +5 each): the exact odds of the gambit, against an independent enumeration', () => {
    // Mark's score is 4d6+5 − (3d6+5), Jacob's 1d6+5 − 0 (Mark resists with no dice); the
    // higher score wins, equal scores nobody. Worked by enumerating every roll apart from
    // poolsim (Python, fractions): Jacob 689581/839808, Mark 12115/93312, neither 5149/104976.
    const m = runScenario({ name: 'guitar', system: 'vdp', mechanic: 'opposed', trials: 1000, seed: 'guitar', setup: { a: { name: 'mark', accomplish: 4, resist: 0, modifier: 5 }, b: { name: 'jacob', accomplish: 1, resist: 3, modifier: 5 } } }).results[0].metrics;
    expect(m['win.jacob'].exact).toBeCloseTo(689581 / 839808, 12);
    expect(m['win.mark'].exact).toBeCloseTo(12115 / 93312, 12);
    expect(m.neither.exact).toBeCloseTo(5149 / 104976, 12);
  });
});

describe('keeping dice: the fold against enumeration', () => {
  test.each([
    [2, 0],
    [2, 1],
    [2, -2],
    [4, -2],
    [3, 3],
    [1, -1],
  ])('%i dice kept, net advantage %i', (kept, net) => {
    const roll = new VdpRoll(kept, net, 0);
    const exact = roll.distribution();
    const counts = new Map<number, number>();
    let n = 0;
    for (const faces of allRolls(kept + Math.abs(net), 6)) {
      const sorted = [...faces].sort((a, b) => (net >= 0 ? b - a : a - b));
      const total = sorted.slice(0, kept).reduce((a, b) => a + b, 0);
      counts.set(total, (counts.get(total) ?? 0) + 1);
      n++;
    }
    for (let total = kept; total <= 6 * kept; total++) {
      expect(exact.at(total), `total ${total}`).toBeCloseTo((counts.get(total) ?? 0) / n, 12);
    }
    expect(exact.total()).toBeCloseTo(1, 12);
  });

  test('a risky check: a side of no dice is no check, and gains no tension on a target of 0', () => {
    // "A character gains a point of Tension whenever a skill check result is exactly equal
    // to the target number": 4 dice on Accomplish, none on Caution, risk target 0. Until
    // December 2026 the Caution side's 0 "tied" it on every roll.
    const r = runScenario({ name: 'r', system: 'vdp', mechanic: 'risky', trials: 2000, setup: { accomplish: 4, caution: 0, modifier: 0, successTarget: 30, riskTarget: 0 } });
    const m = r.results[0].metrics;
    expect(m.tension.exact).toBe(0);
    expect(m.tension.estimate).toBe(0);
    // Nor does it meet the target of 0 (the test below).
    expect(m.safe.exact).toBe(0);
    // Four dice on a target of 14 tie it 146/1296 of the time, Caution or not.
    const four = runScenario({ name: 'r', system: 'vdp', mechanic: 'risky', trials: 2000, setup: { accomplish: 4, caution: 0, modifier: 0, successTarget: 14, riskTarget: 0 } });
    expect(four.results[0].metrics.tension.exact).toBeCloseTo(146 / 1296, 12);
  });

  test('a basic check: 2d6 + 3 ≥ 13 is 6/36, exactly 13 is 3/36', () => {
    const r = runScenario({ name: 'c', system: 'vdp', mechanic: 'check', trials: 1000, setup: { modifier: 3, target: 13 } });
    expect(r.results[0].metrics.success.exact).toBeCloseTo(6 / 36, 12);
    expect(r.results[0].metrics.tension.exact).toBeCloseTo(3 / 36, 12);
  });
});
describe('opposed: a score of 0 ("whichever score is highest wins the contest. If both scores are negative, everyone fails")', () => {
  test('literal reading (the default): Mark at 0 beats Jacob at −3; both negative, nobody', () => {
    expect(opposedWins(0, -3)).toBe(true);
    expect(opposedWins(-3, 0)).toBe(false);
    expect(opposedWins(-1, -3)).toBe(false); // "both scores are negative, everyone fails"
    expect(opposedWins(0, 0)).toBe(false); // equal: neither
    expect(opposedWins(6, 7)).toBe(false); // the guitar solos: Jacob's 7 beats Mark's 6
    expect(opposedWins(7, 6)).toBe(true);
  });

  test('zeroWins: false ("must beat the opposing character\'s Resist"): 0 never wins', () => {
    expect(opposedWins(0, -3, false)).toBe(false);
    expect(opposedWins(1, -3, false)).toBe(true);
    expect(opposedWins(7, 6, false)).toBe(true);
  });

  test('a Resist pushed below 0 subtracts nothing, as a Resist of no dice: it never adds to the other\'s score (an audit)', () => {
    // Jacob resists on 2 dice at −12: his Resist totals 2d6 − 12, at most 0. Mark's score is
    // his Accomplish total, 2d6 + 0, as against no Resist at all; it read 2d6 − (2d6 − 12),
    // a mean of 12 and a sure win, resisting doing worse than not resisting.
    const opposed = (jacob: object) =>
      runScenario({ name: 'o', system: 'vdp', mechanic: 'opposed', trials: 4000, setup: { a: { name: 'mark', accomplish: 2, modifier: 0 }, b: { name: 'jacob', accomplish: 2, modifier: 0, ...jacob } } });
    const hopeless = opposed({ resistModifier: -12 });
    const none = opposed({ accomplish: 4 });
    const m = hopeless.results[0].metrics;
    expect(m['score.mark'].exact).toBeCloseTo(7, 12);
    expect(m['score.mark'].exact).toBeCloseTo(none.results[0].metrics['score.mark'].exact!, 12);
    expect(m['beats.mark'].exact).toBeCloseTo(1, 12);
    // At −3 a Resist of 2d6 − 3 is below 0 only on a 2 (1/36): clamped there, not elsewhere.
    const low = opposed({ resistModifier: -3 }).results[0].metrics;
    expect(low['score.mark'].exact).toBeCloseTo(7 - (7 - 3) - 1 / 36, 12);
    expectAgreesWithExact(hopeless);
    expectAgreesWithExact(opposed({ resistModifier: -3 }));
    // Tension and beats stay the Accomplish check against the Resist total as rolled (its
    // target number): Mark on 2 dice at −5 against Jacob's Resist at −3 gains a point when
    // 2d6 − 5 = 2d6 − 3, i.e. his dice show 2 more than Jacob's, as before the clamp.
    const both = opposed({ resistModifier: -3 });
    const lowMark = runScenario({ name: 'o', system: 'vdp', mechanic: 'opposed', trials: 4000, setup: { a: { name: 'mark', accomplish: 2, modifier: -5 }, b: { name: 'jacob', accomplish: 2, modifier: 0, resistModifier: -3 } } });
    const two = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].map((n) => n / 36); // 2d6: totals 2…12
    const diff = (k: number) => two.reduce((p, pa, i) => p + pa * (two[i - k] ?? 0), 0); // P(mark's dice − jacob's = k)
    expect(lowMark.results[0].metrics['tension.mark'].exact).toBeCloseTo(diff(2), 12);
    const above = [3, 4, 5, 6, 7, 8, 9, 10].reduce((p, k) => p + diff(k), 0);
    expect(lowMark.results[0].metrics['beats.mark'].exact).toBeCloseTo(above, 12);
    expectAgreesWithExact(lowMark);
    expect(both.results[0].metrics['tension.mark'].exact).toBeCloseTo(diff(-3), 12);
  });

  test('a side of no Accomplish dice beats nothing, even a Resist pushed below 0 (it read 0.83: a side making no check "beat" the other\'s)', () => {
    // Mark resists on 4 dice and accomplishes nothing; Jacob's one Resist die at −6 totals
    // d6 − 6, below 0 five times in six. Mark "makes no Accomplish check" (as his tension).
    const r = runScenario({ name: 'o', system: 'vdp', mechanic: 'opposed', trials: 4000, setup: { a: { name: 'mark', accomplish: 0, modifier: 1 }, b: { name: 'jacob', accomplish: 3, modifier: 0, resistModifier: -6 } } });
    const m = r.results[0].metrics;
    expect(m['beats.mark'].exact).toBe(0);
    expect(m['beats.mark'].estimate).toBe(0);
    expect(m['tension.mark'].exact).toBe(0);
    // Jacob still beats Mark's Resist of 4 dice now and then.
    expect(m['beats.jacob'].exact).toBeGreaterThan(0);
    expectAgreesWithExact(r);
  });

  // Mark all-in (4 accomplish, modifier 0), Jacob all-resist (0 accomplish): Jacob's score is
  // always 0, Mark's 4d6 − 4d6.
  const duel = (zeroWins?: boolean) =>
    runScenario({
      name: 'o',
      system: 'vdp',
      mechanic: 'opposed',
      trials: 1000,
      setup: { a: { name: 'mark', accomplish: 4, modifier: 0 }, b: { name: 'jacob', accomplish: 0, modifier: 0 }, ...(zeroWins === undefined ? {} : { zeroWins }) },
    }).results[0];
  test('a side of no Accomplish dice never wins: its 0 against a negative score is neither ("must beat the opposing character\'s Resist check in order to complete the task"; it won 0.46, as often as Mark)', () => {
    for (const zeroWins of [undefined, true, false]) {
      const m = duel(zeroWins).metrics;
      expect(m['win.jacob'].exact).toBe(0);
      expect(m['win.jacob'].estimate).toBe(0);
      // Mark wins on a score above Jacob's 0: P(4d6 > 4d6), 0.4595; the rest is neither.
      expect(m['win.mark'].exact).toBeCloseTo(m['beats.mark'].exact!, 12);
      expect(m['win.mark'].exact).toBeCloseTo(0.45953, 5);
      expect(m.neither.exact).toBeCloseTo(1 - m['win.mark'].exact!, 12);
    }
    // So the readings cannot differ here, and a zeroWins written says so.
    expect(duel(false).notes).toEqual(['zeroWins changes nothing here: no score of 0 can meet a lower one, and the two readings differ only there']);
    expect(duel().notes).toBeUndefined();
  });

  test('the two readings differ by exactly P(a score of 0 against a lower one)', () => {
    // Both at 2/2, modifiers 0: each score is 2d6 − 2d6, independently; it is 0 with
    // probability 146/1296 (the squares of 2d6's counts) and negative with (1 − 146/1296)/2.
    const even = (zeroWins: boolean) =>
      runScenario({ name: 'o', system: 'vdp', mechanic: 'opposed', trials: 1000, setup: { a: { name: 'mark', accomplish: 2, modifier: 0 }, b: { name: 'jacob', accomplish: 2, modifier: 0 }, zeroWins } }).results[0];
    const literal = even(true);
    const strict = even(false);
    const zero = 146 / 1296;
    const below = (1 - zero) / 2;
    for (const side of ['mark', 'jacob']) {
      expect(literal.metrics[`win.${side}`].exact! - strict.metrics[`win.${side}`].exact!).toBeCloseTo(zero * below, 12);
    }
    expect(strict.metrics.neither.exact! - literal.metrics.neither.exact!).toBeCloseTo(2 * zero * below, 12);
    expect(literal.notes).toBeUndefined();
    expect(strict.notes).toBeUndefined();
  });

  test('zeroWins in the text\'s guitar duel changes nothing, and is said: Jacob\'s score is never below 6', () => {
    const duelOf = (zeroWins?: boolean) =>
      runScenario({ name: 'o', system: 'vdp', mechanic: 'opposed', trials: 2000, seed: 3, setup: { a: { name: 'mark', accomplish: 4, modifier: 5 }, b: { name: 'jacob', accomplish: 1, modifier: 5 }, ...(zeroWins === undefined ? {} : { zeroWins }) } }).results[0];
    expect(duelOf(false).metrics).toEqual(duelOf().metrics);
    expect(duelOf(false).notes).toEqual(['zeroWins changes nothing here: no score of 0 can meet a lower one, and the two readings differ only there']);
  });
});

describe('opposed: tension ("whenever a skill check result is exactly equal to the target number")', () => {
  const opposed = (a: object, b: object) => runScenario({ name: 'o', system: 'vdp', mechanic: 'opposed', trials: 1000, setup: { a, b } }).results[0].metrics;
  test('the Accomplish check\'s target is the other\'s Resist: a point when the totals are equal, for each side', () => {
    // Mark: 1 Accomplish die against Jacob's 1 Resist die, d6 − d6 = 0 one time in 6. Jacob:
    // 3d6 against Mark's 3 Resist dice, 3d6 − 3d6 = 0: the squares of 3d6's counts, 4332 of 6^6.
    const m = opposed({ name: 'mark', accomplish: 1, modifier: 0 }, { name: 'jacob', accomplish: 3, modifier: 0 });
    expect(m['tension.mark'].exact).toBeCloseTo(1 / 6, 12);
    expect(m['tension.jacob'].exact).toBeCloseTo(4332 / 6 ** 6, 12);
  });
  test('no Accomplish dice, no Accomplish check, no tension (a score of 0 every time)', () => {
    const m = opposed({ name: 'mark', accomplish: 4, modifier: 0 }, { name: 'jacob', accomplish: 0, modifier: 0 });
    expect(m['score.jacob'].exact).toBe(0);
    expect(m['tension.jacob'].exact).toBe(0);
    expect(m['tension.jacob'].estimate).toBe(0);
    expect(m['tension.mark'].exact).toBeGreaterThan(0);
  });
});

describe('Monte Carlo agrees with exact', () => {
  const cases: [string, string, object, object][] = [
    ['check', 'plain', { modifier: 4, target: 11 }, {}],
    ['check', 'advantage', { modifier: 4, target: 11, advantage: 2, disadvantage: 1 }, {}],
    ['check', 'disadvantage', { dice: 3, modifier: 0, target: 12, disadvantage: 2 }, {}],
    ['risky', 'split 3/1', { accomplish: 3, modifier: 3, successTarget: 13, riskTarget: 6 }, {}],
    ['risky', 'advantage on both', { accomplish: 2, caution: 2, modifier: 2, cautionModifier: 4, successTarget: 10, riskTarget: 11, advantage: 1 }, { advantageOn: 'both' }],
    ['risky', 'all in', { accomplish: 4, modifier: 0, successTarget: 14, riskTarget: 1, disadvantage: 1 }, { advantageOn: 'caution' }],
    ['opposed', 'guitar solos', { a: { name: 'mark', accomplish: 4, modifier: 5 }, b: { name: 'jacob', accomplish: 1, modifier: 5 } }, {}],
    ['opposed', 'score 0 can win (literal, default)', { a: { name: 'mark', accomplish: 2, modifier: 0 }, b: { name: 'jacob', accomplish: 0, modifier: 0 } }, {}],
    ['opposed', 'zeroWins: false', { a: { name: 'mark', accomplish: 2, modifier: 0 }, b: { name: 'jacob', accomplish: 1, modifier: 0 }, zeroWins: false }, {}],
    ['opposed', 'advantage', { a: { name: 'x', accomplish: 2, modifier: 2, advantage: 2 }, b: { name: 'y', accomplish: 3, resist: 1, modifier: 3, resistModifier: 1 } }, { advantageOn: 'both' }],
    // Each advantageOn value with advantage dice on a split (an audit found only "both" checked).
    ['risky', 'advantage on accomplish', { accomplish: 2, caution: 2, modifier: 2, cautionModifier: 4, successTarget: 10, riskTarget: 11, advantage: 2, disadvantage: 1 }, { advantageOn: 'accomplish' }],
    ['risky', 'advantage on caution, both pools rolled', { accomplish: 3, caution: 1, modifier: 3, cautionModifier: 2, successTarget: 12, riskTarget: 8, advantage: 1 }, { advantageOn: 'caution' }],
    ['opposed', 'advantage on accomplish', { a: { name: 'x', accomplish: 2, resist: 2, modifier: 2, resistModifier: 2, advantage: 2 }, b: { name: 'y', accomplish: 3, resist: 1, modifier: 3, resistModifier: 1, disadvantage: 1 } }, { advantageOn: 'accomplish' }],
    ['opposed', 'advantage on caution', { a: { name: 'x', accomplish: 2, resist: 2, modifier: 2, resistModifier: 2, advantage: 2 }, b: { name: 'y', accomplish: 3, resist: 1, modifier: 3, resistModifier: 1, disadvantage: 1 } }, { advantageOn: 'caution' }],
  ];
  test.each(cases)('%s: %s', (mechanic, _label, setup, rules) => {
    expectAgreesWithExact(runScenario({ name: `${mechanic}`, system: 'vdp', mechanic, trials: 100000, seed: 7, rules, setup }));
  });

  test('advantage helps a check, disadvantage hurts it', () => {
    const at = (extra: object) =>
      runScenario({ name: 'c', system: 'vdp', mechanic: 'check', trials: 1000, setup: { modifier: 2, target: 10, ...extra } }).results[0].metrics.success.exact!;
    expect(at({ advantage: 1 })).toBeGreaterThan(at({}));
    expect(at({ disadvantage: 1 })).toBeLessThan(at({}));
    expect(at({ advantage: 2, disadvantage: 2 })).toBeCloseTo(at({}), 12);
  });
});

describe('a modifier or target past any table\'s is refused before the run (a VDP audit: 1e8 passed the checks and failed the run, its sums of squares past 2^53)', () => {
  test('check, risky and opposed: within ±1,000', () => {
    const plan = (mechanic: string, setup: object) => () => planScenario({ name: 'big', system: 'vdp', mechanic, trials: 100, seed: 'b', setup }, 'big.json');
    expect(plan('check', { modifier: 100_000_000, target: 7 })).toThrow(/setup\.modifier: expected a number ≤ 1000, got 100000000/);
    expect(plan('check', { modifier: 0, target: -5000 })).toThrow(/setup\.target: expected a number ≥ -1000/);
    expect(plan('risky', { accomplish: 2, modifier: 0, successTarget: 7, riskTarget: 2000 })).toThrow(/setup\.riskTarget/);
    expect(plan('opposed', { a: { name: 'a', accomplish: 2, modifier: 3, resistModifier: -1e6 }, b: { name: 'b', accomplish: 2, modifier: 3 } })).toThrow(/setup\.a\.resistModifier/);
    expect(plan('check', { modifier: 1000, target: -1000 })).not.toThrow();
  });
});
