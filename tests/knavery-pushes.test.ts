/**
 * Knavery in full (issue 14 B): the group's pushes to reroll their own dice and the free
 * pushes from 6s, exact against a slow, obvious enumeration of every roll and reroll,
 * and Monte Carlo against exact.
 */
import { describe, expect, test } from 'vitest';
import { knaveryOdds, MAX_PUSH_DICE, pushBelow } from '../sim/viciousness/knaveryPushes.ts';
import { expectAgreesWithExact, runScenario } from './helpers.ts';

const knavery = (setup: object, trials = 200000) => ({ name: 'knavery', system: 'viciousness', mechanic: 'knavery', trials, seed: 'pushes', setup });

interface RefPart {
  sides: number[];
  rattled: boolean;
}

/**
 * The slow reference: every face of every die (a rattled die as its two faces, the lower
 * kept), and for every participant who might push every face of its reroll, each with its
 * weight; the rules applied in the plainest way.
 */
function reference(parts: RefPart[], needs: readonly number[], push: boolean) {
  // One "slot" per face drawn: first-roll dice (two slots for a rattled die), then rerolls.
  const slots: number[] = [];
  const firstAt: number[][] = [];
  const rerollAt: number[][] = [];
  for (const p of parts) {
    firstAt.push(
      p.sides.map((s) => {
        const at = slots.length;
        slots.push(s);
        if (p.rattled) slots.push(s);
        return at;
      }),
    );
  }
  for (const p of parts) {
    rerollAt.push(
      push && !p.rattled
        ? p.sides.map((s) => {
            slots.push(s);
            return slots.length - 1;
          })
        : [],
    );
  }
  const total = slots.reduce((n, s) => n * s, 1);
  const zero = () => ({ success: 0, successes: 0, sixes: 0, active: 0, pushed: 0, freePushes: 0, threats: 0, threatsAfterFallout: 0 });
  const sums = needs.map(zero);
  const face = new Array(slots.length).fill(1);
  for (let k = 0; k < total; k++) {
    let rest = k;
    for (let i = 0; i < slots.length; i++) {
      face[i] = (rest % slots[i]) + 1;
      rest = Math.floor(rest / slots[i]);
    }
    // The first roll: each participant's faces (the lower of two when rattled).
    const rolled = parts.map((p, i) => firstAt[i].map((at) => (p.rattled ? Math.min(face[at], face[at + 1]) : face[at])));
    const count = (faces: number[][]) => faces.flat().filter((f) => f >= 4).length;
    needs.forEach((need, n) => {
      const sum = sums[n];
      const faces = rolled.map((r) => r.slice());
      let pushed = 0;
      // "Rattled PCs can't push themselves": a free push thwarts a challenge only where a
      // participant is left not rattled (neither from the start nor by its push).
      let free = parts.some((p) => !p.rattled);
      // Nobody pushes where no reroll can meet the challenges (fewer dice than them).
      if (push && count(faces) < need && need <= faces.flat().length) {
        free = false;
        parts.forEach((p, i) => {
          if (!p.rattled && faces[i].every((f) => f < 4)) {
            faces[i] = rerollAt[i].map((at) => face[at]);
            pushed++;
          } else if (!p.rattled) free = true;
        });
      }
      const successes = count(faces);
      const sixes = faces.flat().filter((f) => f === 6).length;
      const failed = successes < need;
      sum.success += failed ? 0 : 1;
      sum.successes += successes;
      sum.sixes += sixes;
      sum.active += failed ? need - successes : 0;
      sum.pushed += pushed;
      sum.freePushes += failed ? sixes : 0;
      sum.threats += failed ? need - successes : 0;
      sum.threatsAfterFallout += failed ? Math.max(0, need - successes - (free ? sixes : 0)) : 0;
    });
  }
  return sums.map((sum) => Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v / total])));
}

describe('knavery pushes', () => {
  // A captain with a d4 trait beside a minion (two may push), or beside a rattled minion
  // (who cannot push). Small enough to enumerate every roll and reroll.
  const groups: Record<string, RefPart[]> = {
    'captain and minion': [
      { sides: [6, 4], rattled: false },
      { sides: [6], rattled: false },
    ],
    'captain and a rattled minion': [
      { sides: [6, 4], rattled: false },
      { sides: [6], rattled: true },
    ],
  };
  const needs = [0, 1, 2, 3, 4];
  test.each(Object.keys(groups).flatMap((g) => [[g, true] as const, [g, false] as const]))(
    '"A PC may also push in order to reroll the dice they contributed to a pool": exact = enumeration of every roll and reroll (%s, push %s), every need, free pushes unused and in the fallout',
    (group, push) => {
      const parts = groups[group];
      const asDice = parts.map((p) => ({ dice: p.sides.map((sides) => ({ sides, rattled: p.rattled })), pushable: push && !p.rattled }));
      const refs = reference(parts, needs, push);
      needs.forEach((need, n) => {
        for (const fallout of [false, true]) {
          const odds = knaveryOdds(asDice, need, fallout)!;
          const { threatsAfterFallout, threats, ...rest } = refs[n];
          for (const [k, v] of Object.entries(rest)) expect((odds as unknown as Record<string, number>)[k], `${k} need ${need}`).toBeCloseTo(v, 12);
          expect(odds.threats, `threats need ${need}`).toBeCloseTo(fallout ? threatsAfterFallout : threats, 12);
          expect(odds.distribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        }
      });
    },
    30_000,
  );

  test('pushing helps: two d6 participants against 2 challenges, from 0.25 to a hand-computed 0.5625', () => {
    // Without pushes: both succeed, (1/2)² = 1/4. With pushes: a participant who failed
    // rerolls when short. Both fail (1/4): both reroll, both succeed 1/4 → 1/16. One fails
    // (1/2): it rerolls, succeeds 1/2 → 1/4. Both succeed: 1/4. Total 1/4 + 1/4 + 1/16 = 0.5625.
    const setup = { challenges: 2, participants: [{ name: 'a', count: 2 }] };
    const never = runScenario(knavery(setup, 10)).results[0].metrics;
    const ifShort = runScenario(knavery({ ...setup, push: 'ifShort' }, 10)).results[0].metrics;
    expect(never.success.exact).toBeCloseTo(0.25, 12);
    expect(ifShort.success.exact).toBeCloseTo(0.5625, 12);
    // Pushers: both fail → 2 (1/4), one fails → 1 (1/2): 1 on average.
    expect(ifShort.pushed.exact).toBeCloseTo(1, 12);
  });

  test('"Rattled PCs can\'t push themselves": a rattled group\'s free pushes thwart nothing in the fallout, and the point says so (a knavery audit: 0.145 challenges thwarted by pushes nobody could make)', () => {
    const setup = { challenges: 4, participants: [{ name: 'a', count: 3, dice: ['d6'], rattled: true }] };
    const fallout = runScenario(knavery({ ...setup, freePushes: 'fallout' }, 10)).results[0];
    const unused = runScenario(knavery({ ...setup, freePushes: 'unused' }, 10)).results[0];
    expect(fallout.metrics.threats.exact).toBeCloseTo(fallout.metrics.active.exact!, 12);
    expect(fallout.metrics).toEqual(unused.metrics);
    expect(fallout.notes).toContain('freePushes changes nothing here: every participant is rattled ("Rattled PCs can\'t push themselves"), so no free push is used to thwart a challenge: "fallout" gives the figures of "unused"');
    // One participant not rattled is enough: the free pushes are not a PC's own rerolls.
    const one = runScenario(knavery({ challenges: 4, freePushes: 'fallout', participants: [{ name: 'a', count: 2, dice: ['d6'], rattled: true }, { name: 'b', dice: ['d6'] }] }, 10)).results[0];
    expect(one.metrics.threats.exact).toBeLessThan(one.metrics.active.exact! - 0.01);
  });

  test('nobody pushes where no reroll can meet the challenges: fewer dice than challenges (a knavery audit: 0.75 pushed, rattled for nothing, 3 dice against 5)', () => {
    const setup = { challenges: 5, push: 'ifShort', participants: [{ name: 'a', dice: ['d6'] }, { name: 'b' }] };
    const point = runScenario(knavery(setup, 2000)).results[0];
    expect(point.metrics.pushed.exact).toBe(0);
    expect(point.metrics.pushed.estimate).toBe(0);
    expect(point.metrics.success.exact).toBe(0);
    expect(point.notes).toContain("push changes nothing here: the plan's 3 dice cannot meet its 5 challenge(s), so it fails whatever is rerolled, and nobody pushes");
  });

  test('nobody pushes where no reroll can meet the challenges: a d2 or d3 never shows 4 or above, so it does not count (a knavery audit: 0.5 pushed, rattled for nothing, 1d6 + d3 + d2 against 2)', () => {
    for (const pushPolicy of ['ifShort', 'ifBehind']) {
      for (const challenges of [2, 3]) {
        const setup = { challenges, push: pushPolicy, participants: [{ name: 'a', dice: ['d3', 'd2'] }] };
        const point = runScenario(knavery(setup, 2000)).results[0];
        expect(point.metrics.success.exact).toBe(0);
        expect(point.metrics.pushed.exact).toBe(0);
        expect(point.metrics.pushed.estimate).toBe(0);
        expect(point.notes).toContain(`push changes nothing here: the plan's 1 dice able to succeed (of its 3: a d2 or d3 never shows 4 or above) cannot meet its ${challenges} challenge(s), so it fails whatever is rerolled, and nobody pushes`);
      }
    }
    // One challenge: the d6 can meet it, so a participant whose d6 failed still pushes.
    const one = runScenario(knavery({ challenges: 1, push: 'ifShort', participants: [{ name: 'a', dice: ['d3', 'd2'] }] }, 2000)).results[0];
    expect(one.metrics.pushed.exact).toBeCloseTo(0.5, 12);
    expect(one.metrics.success.exact).toBeCloseTo(0.75, 12);
  });

  test('a campaign job likewise: a troupe whose d2 and d3 cannot meet the challenges pushes nobody, and so never sits a job out to rest', () => {
    const scenario = {
      name: 'd3 jobs', system: 'viciousness', mechanic: 'campaign', trials: 500, seed: 'd3',
      setup: {
        turns: 10, company: { name: 'K', rank: 2 },
        troupes: [{ name: 't', captain: { knavery: ['d3', 'd2'] }, minions: [] }],
        policy: { jobEvery: 1, job: { challenges: 2, method: 'rare' }, knaveryPush: 'ifShort', onFailedJob: 'abandon' },
      },
    };
    const m = runScenario(scenario).results[0].metrics;
    expect(m['jobs.succeeded'].estimate).toBe(0);
    expect(m['jobs.pushed'].estimate).toBe(0);
    expect(m.jobs.estimate).toBe(10);
  });

  test('"Rattled PCs can\'t push themselves": a rattled group pushes nobody', () => {
    const m = runScenario(knavery({ challenges: 3, push: 'ifShort', participants: [{ name: 'a', count: 3, rattled: true }] }, 10)).results[0].metrics;
    expect(m.pushed.exact).toBe(0);
  });

  test('"Every die result of 6 grants a free push to be used if the scheme fails": fallout thwarts active challenges', () => {
    const setup = { challenges: 4, participants: [{ name: 'a', count: 3, dice: ['d6'] }] };
    const unused = runScenario(knavery(setup, 10)).results[0].metrics;
    const fallout = runScenario(knavery({ ...setup, freePushes: 'fallout' }, 10)).results[0].metrics;
    expect(unused.threats.exact).toBeCloseTo(unused.active.exact!, 12);
    expect(fallout.threats.exact).toBeLessThan(unused.threats.exact!);
    // The plan's success is the same: free pushes are spent after it failed.
    expect(fallout.success.exact).toBeCloseTo(unused.success.exact!, 12);
  });

  test('"Challenges may be removed … as a result of a … pushed trait": one fewer, and the pusher rolls rattled (hand-computed 31/64)', () => {
    // A captain with a d6 trait and two minions against 3 challenges. A clever plan's
    // removal is free: 4 dice at 1/2 each, 2 successes needed: 1 − 1/16 − 4/16 = 11/16.
    // The captain pushing a trait instead is rattled: its two dice succeed at (1/2)² = 1/4
    // (the lower of two), the minions' at 1/2. P(0) = (3/4)²(1/2)² = 9/64; P(1) = 2·(1/4)(3/4)(1/4)
    // + 2·(1/2)(1/2)(9/16) = 6/64 + 18/64; P(≥ 2) = 1 − 33/64 = 31/64.
    const participants = [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }];
    const clever = runScenario(knavery({ challenges: 3, removed: 1, participants }, 10)).results[0].metrics;
    const pushed = runScenario(knavery({ challenges: 3, participants: [{ ...participants[0], removesChallenge: true }, participants[1]] }, 10)).results[0].metrics;
    expect(clever.success.exact).toBeCloseTo(11 / 16, 12);
    expect(pushed.success.exact).toBeCloseTo(31 / 64, 12);
    // Two minions pushing (count 2): two challenges fewer, both rattled: 3 dice, 1 to meet.
    const both = runScenario(knavery({ challenges: 3, participants: [participants[0], { ...participants[1], removesChallenge: true }] }, 10)).results[0].metrics;
    expect(both.success.exact).toBeCloseTo(1 - (1 / 2) ** 2 * (3 / 4) ** 2, 12);
    // Having pushed, it is rattled and "can't push" again to reroll.
    const rerolls = runScenario(knavery({ challenges: 4, push: 'ifShort', participants: [{ name: 'p', removesChallenge: true }] }, 10)).results[0].metrics;
    expect(rerolls.pushed.exact).toBe(0);
  });

  test('a pushed trait with no challenge left to remove is refused: it would rattle its pusher for nothing', () => {
    expect(() => runScenario(knavery({ challenges: 1, removed: 1, participants: [{ name: 'c', removesChallenge: true }] }, 10))).toThrow(
      'setup.participants.0.removesChallenge: 1 participant(s) pushing a trait would remove 1 challenge(s), but only 0 of the 1 challenge(s) are left after the 1 a clever plan removes',
    );
    expect(() => runScenario(knavery({ challenges: 2, participants: [{ name: 'c', removesChallenge: true }, { name: 'm', count: 2, removesChallenge: true }] }, 10))).toThrow('setup.participants.1.removesChallenge: 3 participant(s) pushing a trait would remove 3 challenge(s), but only 2 of the 2 challenge(s) are there');
    expect(runScenario(knavery({ challenges: 2, participants: [{ name: 'c', removesChallenge: true }, { name: 'm', removesChallenge: true }] }, 10)).results[0].metrics.success.exact).toBeCloseTo(1, 12);
  });

  test('"Rattled PCs can\'t push themselves": a rattled participant cannot push a trait to remove a challenge', () => {
    expect(() => runScenario(knavery({ challenges: 3, participants: [{ name: 'r', rattled: true, removesChallenge: true }] }, 10))).toThrow(/setup\.participants\.0\.removesChallenge.*Rattled PCs can't push themselves/s);
  });

  test.each([
    ['pushed trait, push, fallout', { challenges: 4, push: 'ifShort', freePushes: 'fallout', participants: [{ name: 'c', dice: ['d6'], removesChallenge: true }, { name: 'm', count: 3 }] }],
    ['push, fallout, mixed dice', { challenges: 3, push: 'ifShort', freePushes: 'fallout', participants: [{ name: 'c', dice: ['d6', 'd4'] }, { name: 'm', count: 2 }, { name: 'r', rattled: true, dice: ['d8'] }] }],
    ['push, big group', { challenges: 6, push: 'ifShort', participants: [{ name: 'm', count: 8 }] }],
    ['no push, fallout', { challenges: 2, freePushes: 'fallout', participants: [{ name: 'm', count: 2, dice: ['d6'] }] }],
  ])('Monte Carlo agrees with exact: %s', (_label, setup) => {
    expectAgreesWithExact(runScenario(knavery(setup)));
  });

  test(`more than ${MAX_PUSH_DICE} dice with pushes: Monte Carlo only, and the result says so`, () => {
    const point = runScenario(knavery({ challenges: 60, push: 'ifShort', participants: [{ name: 'm', count: MAX_PUSH_DICE + 1 }] }, 100)).results[0];
    expect(point.metrics.success.exact).toBeUndefined();
    expect(point.notes).toEqual([`exact values skipped: a plan whose participants push is computed exactly up to ${MAX_PUSH_DICE} dice, and this one has ${MAX_PUSH_DICE + 1}; the estimates are Monte Carlo only`]);
    // 41 dice, where it stopped until December 2026, are exact.
    expect(runScenario(knavery({ challenges: 20, push: 'ifShort', participants: [{ name: 'm', count: 41 }] }, 100)).results[0].metrics.success.exact).toBeTypeOf('number');
  });
});

/**
 * The bolder policy's slow reference. Every die is drawn as one of the faces that tell
 * apart (a fail, a success that is not a 6, a 6), weighted by its share of the die's faces
 * (a rattled die's share read off every pair of faces, the lower kept); every participant
 * who might push has its reroll drawn the same way, fresh. Then the rule, plainly: when the
 * first roll is short, each participant not rattled whose successes are fewer than its
 * reroll's mean (faces of 4 or more over sides, summed over its dice) rerolls them all.
 */
function behindReference(parts: RefPart[], needs: readonly number[]) {
  const classes = (sides: number, rattled: boolean): [number, number][] => {
    const faces = Array.from({ length: sides }, (_, i) => i + 1);
    const drawn = rattled ? faces.flatMap((a) => faces.map((b) => Math.min(a, b))) : faces;
    const weights = new Map<number, number>();
    for (const f of drawn) {
      const shown = f === 6 ? 6 : f >= 4 ? 4 : 1;
      weights.set(shown, (weights.get(shown) ?? 0) + 1 / drawn.length);
    }
    return [...weights];
  };
  const slots: [number, number][][] = [];
  const firstAt = parts.map((p) => p.sides.map((sides) => slots.push(classes(sides, p.rattled)) - 1));
  const rerollAt = parts.map((p) => (p.rattled ? [] : p.sides.map((sides) => slots.push(classes(sides, false)) - 1)));
  const mean = parts.map((p) => p.sides.reduce((e, n) => e + Array.from({ length: n }, (_, i) => i + 1).filter((f) => f >= 4).length / n, 0));
  const zero = () => ({ success: 0, successes: 0, sixes: 0, active: 0, pushed: 0, freePushes: 0, threats: 0, threatsAfterFallout: 0 });
  const sums = needs.map(zero);
  const pick = new Array(slots.length).fill(0);
  for (;;) {
    let weight = 1;
    slots.forEach((c, i) => (weight *= c[pick[i]][1]));
    const face = (at: number) => slots[at][pick[at]][0];
    // The first roll, and the roll as it stands if the group is short and pushes.
    let first = 0;
    let firstSixes = 0;
    let ifShort = 0;
    let ifShortSixes = 0;
    let pushed = 0;
    // A participant left not rattled if the group is short (it kept its roll), and one at all.
    let freeIfShort = false;
    const freeAtFirst = parts.some((p) => !p.rattled);
    parts.forEach((p, i) => {
      const own = firstAt[i].map(face);
      const hits = own.filter((f) => f >= 4).length;
      const sixes = own.filter((f) => f === 6).length;
      first += hits;
      firstSixes += sixes;
      if (p.rattled || hits >= mean[i]) {
        if (!p.rattled) freeIfShort = true;
        ifShort += hits;
        ifShortSixes += sixes;
        return;
      }
      pushed++;
      const reroll = rerollAt[i].map(face);
      ifShort += reroll.filter((f) => f >= 4).length;
      ifShortSixes += reroll.filter((f) => f === 6).length;
    });
    const allDice = parts.reduce((k, p) => k + p.sides.length, 0);
    needs.forEach((need, n) => {
      // Short and able to meet the challenges with a reroll: then the pushers push.
      const short = first < need && need <= allDice;
      const successes = short ? ifShort : first;
      const sixes = short ? ifShortSixes : firstSixes;
      const failed = successes < need;
      const sum = sums[n];
      sum.success += weight * (failed ? 0 : 1);
      sum.successes += weight * successes;
      sum.sixes += weight * sixes;
      sum.active += weight * (failed ? need - successes : 0);
      sum.pushed += weight * (short ? pushed : 0);
      sum.freePushes += weight * (failed ? sixes : 0);
      sum.threats += weight * (failed ? need - successes : 0);
      const free = short ? freeIfShort : freeAtFirst;
      sum.threatsAfterFallout += weight * (failed ? Math.max(0, need - successes - (free ? sixes : 0)) : 0);
    });
    let i = 0;
    while (i < slots.length && ++pick[i] === slots[i].length) pick[i++] = 0;
    if (i === slots.length) break;
  }
  return sums;
}

describe('push "ifBehind": whoever rolled fewer successes than its reroll averages pushes', () => {
  // Each group as a knavery setup and as the reference's dice (the 1d6 first).
  const groups: Record<string, { participants: object[]; parts: RefPart[] }> = {
    'a lone 3d6': { participants: [{ name: 'honeytrap', dice: ['d6', 'd6'] }], parts: [{ sides: [6, 6, 6], rattled: false }] },
    '3d6 beside 3d6': { participants: [{ name: 'honeytrap', count: 2, dice: ['d6', 'd6'] }], parts: [{ sides: [6, 6, 6], rattled: false }, { sides: [6, 6, 6], rattled: false }] },
    // The captain expects 1/2 + 5/8 = 1.125 (pushes on 0 or 1); the fixer 1/2 + 1/4 + 1/4
    // = 1 exactly (pushes on 0, keeps 1: a tie); the rattled one cannot push.
    'd8 and d4 traits, a rattled participant': {
      participants: [{ name: 'captain', dice: ['d8'] }, { name: 'fixer', dice: ['d4', 'd4'] }, { name: 'shaken', rattled: true, dice: ['d8'] }],
      parts: [{ sides: [6, 8], rattled: false }, { sides: [6, 4, 4], rattled: false }, { sides: [6, 8], rattled: true }],
    },
  };
  const needs = [0, 1, 2, 3, 4, 5];
  test.each(Object.keys(groups))('exact = an enumeration of every roll and reroll (%s), every need, free pushes unused and in the fallout', (group) => {
    const { participants, parts } = groups[group];
    const refs = behindReference(parts, needs);
    needs.forEach((need, n) => {
      for (const freePushes of ['unused', 'fallout'] as const) {
        const m = runScenario(knavery({ challenges: need, push: 'ifBehind', freePushes, participants }, 10)).results[0].metrics;
        const { threatsAfterFallout, threats, ...rest } = refs[n];
        for (const [k, v] of Object.entries(rest)) expect(m[k].exact, `${k} need ${need}`).toBeCloseTo(v, 10);
        expect(m.threats.exact, `threats need ${need}`).toBeCloseTo(freePushes === 'fallout' ? threatsAfterFallout : threats, 10);
      }
    });
  }, 60_000);

  test('the audit\'s figures: a lone 3d6 against 3, 0.1406 → 3/16; 3d6 beside 3d6 against 4, 0.435 → 165/256, at 29/32 PCs pushing against 1/4', () => {
    const odds = (participants: object[], challenges: number, push: string) => runScenario(knavery({ challenges, push, participants }, 10)).results[0].metrics;
    const lone = [{ name: 'honeytrap', dice: ['d6', 'd6'] }];
    // ifShort: 3 successes first (1/8), or none (1/8) and 3 on the reroll (1/8).
    expect(odds(lone, 3, 'ifShort').success.exact).toBeCloseTo(1 / 8 + 1 / 64, 12);
    // ifBehind: 3/2 expected, so 0 or 1 success (1/2) pushes: 1/8 + 1/2 · 1/8.
    expect(odds(lone, 3, 'ifBehind').success.exact).toBeCloseTo(3 / 16, 12);
    expect(odds(lone, 3, 'ifBehind').pushed.exact).toBeCloseTo(1 / 2, 12);
    const pair = [{ name: 'honeytrap', count: 2, dice: ['d6', 'd6'] }];
    expect(odds(pair, 4, 'ifShort').success.exact).toBeCloseTo(0.43505859375, 12);
    expect(odds(pair, 4, 'ifShort').pushed.exact).toBeCloseTo(1 / 4, 12);
    expect(odds(pair, 4, 'ifBehind').success.exact).toBeCloseTo(165 / 256, 12);
    expect(odds(pair, 4, 'ifBehind').pushed.exact).toBeCloseTo(29 / 32, 12);
  });

  test('a participant exactly at its reroll\'s mean keeps its dice, the mean summed exactly (3d6 and five d10s expect 5; floats sum 5.000000000000001)', () => {
    const dice = (...sides: number[]) => sides.map((s) => ({ sides: s }));
    expect(pushBelow('ifBehind', dice(6, 6, 6, 10, 10, 10, 10, 10))).toBe(5);
    expect(pushBelow('ifBehind', dice(6, 6, 6))).toBe(2);
    expect(pushBelow('ifBehind', dice(6, 4, 4))).toBe(1);
    expect(pushBelow('ifBehind', dice(6, 8, 8))).toBe(2);
    expect(pushBelow('ifShort', dice(6, 6, 6))).toBe(1);
    // Two d6 expect 1: one success is a tie, so against 2 challenges ifBehind pushes as ifShort does.
    const two = { challenges: 2, participants: [{ name: 'p', dice: ['d6'] }] };
    expect(runScenario(knavery({ ...two, push: 'ifBehind' }, 10)).results[0].metrics.success.exact).toBeCloseTo(runScenario(knavery({ ...two, push: 'ifShort' }, 10)).results[0].metrics.success.exact!, 12);
  });

  test.each([
    ['3d6 beside 3d6', { challenges: 4, push: 'ifBehind', participants: [{ name: 'h', count: 2, dice: ['d6', 'd6'] }] }],
    ['mixed dice, rattled, fallout', { challenges: 4, push: 'ifBehind', freePushes: 'fallout', participants: [{ name: 'c', dice: ['d8', 'd8'] }, { name: 'f', dice: ['d4', 'd4'] }, { name: 'r', rattled: true, dice: ['d8'] }, { name: 'm', count: 2 }] }],
    ['pushed trait, big group', { challenges: 8, push: 'ifBehind', participants: [{ name: 'c', dice: ['d6', 'd10'], removesChallenge: true }, { name: 'm', count: 6, dice: ['d8'] }] }],
  ])('Monte Carlo agrees with exact: %s', (_label, setup) => {
    expectAgreesWithExact(runScenario(knavery(setup)));
  });

  test('two participants of 50 d6 are exact inside the budget of work (a fold that rerolled per first-roll outcome took 94 s)', () => {
    const point = runScenario(knavery({ challenges: 50, push: 'ifBehind', participants: [{ name: 'm', count: 2, dice: ['49d6'] }] }, 100)).results[0];
    expect(point.notes ?? []).toEqual([]);
    expect(point.metrics.success.exact).toBeTypeOf('number');
    expect(point.metrics.pushed.exact).toBeGreaterThan(runScenario(knavery({ challenges: 50, push: 'ifShort', participants: [{ name: 'm', count: 2, dice: ['49d6'] }] }, 100)).results[0].metrics.pushed.exact!);
  }, 20_000);

  test('the refusal lists the allowed values, the campaign\'s knaveryPush\'s too', () => {
    expect(() => runScenario(knavery({ challenges: 3, push: 'bold', participants: [{ name: 'a' }] }, 10))).toThrow('setup.push: expected one of "never", "ifShort", "ifBehind", got "bold"');
    expect(() =>
      runScenario({
        name: 'jobs', system: 'viciousness', mechanic: 'campaign', trials: 10,
        setup: { turns: 1, company: { name: 'co' }, troupes: [{ name: 'v', captain: {} }], policy: { knaveryPush: 'bold' } },
      }),
    ).toThrow('policy.knaveryPush: expected one of "never", "ifShort", "ifBehind", got "bold"');
  });
});

describe('the campaign\'s jobs push and spend free pushes by policy', () => {
  const campaign = (policy: object, trials = 40000, captainDice = ['d6']) =>
    runScenario({
      name: 'jobs',
      system: 'viciousness',
      mechanic: 'campaign',
      trials,
      seed: 'job-pushes',
      setup: {
        turns: 1,
        company: { name: 'co' },
        troupes: [{ name: 'vipers', captain: { knavery: captainDice }, minions: [{ name: 'm', count: 2 }] }],
        policy: { job: { challenges: 3, guards: { perActiveChallenge: 2 } }, ...policy },
      },
    }).results[0].metrics;

  test('one job with knaveryPush "ifShort" succeeds as often as the knavery mechanic says, exactly', () => {
    const exact = runScenario(
      knavery({ challenges: 3, push: 'ifShort', participants: [{ name: 'captain', dice: ['d6'] }, { name: 'm', count: 2 }] }, 10),
    ).results[0].metrics;
    const m = campaign({ knaveryPush: 'ifShort', onFailedJob: 'abandon' });
    for (const [job, plan] of [['jobs.succeeded', 'success'], ['jobs.pushed', 'pushed']] as const) {
      expect(m[job].ci95[0], job).toBeLessThanOrEqual(exact[plan].exact!);
      expect(m[job].ci95[1], job).toBeGreaterThanOrEqual(exact[plan].exact!);
    }
    expect(exact.success.exact).toBeGreaterThan(runScenario(knavery({ challenges: 3, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'm', count: 2 }] }, 10)).results[0].metrics.success.exact!);
  });

  test('one job with knaveryPush "ifBehind" succeeds as often as the knavery mechanic says, exactly (a captain of 3d6 pushes on one success)', () => {
    const exact = runScenario(
      knavery({ challenges: 3, push: 'ifBehind', participants: [{ name: 'captain', dice: ['d6', 'd6'] }, { name: 'm', count: 2 }] }, 10),
    ).results[0].metrics;
    const m = campaign({ knaveryPush: 'ifBehind', onFailedJob: 'abandon' }, 40000, ['d6', 'd6']);
    for (const [job, plan] of [['jobs.succeeded', 'success'], ['jobs.pushed', 'pushed']] as const) {
      expect(m[job].ci95[0], job).toBeLessThanOrEqual(exact[plan].exact!);
      expect(m[job].ci95[1], job).toBeGreaterThanOrEqual(exact[plan].exact!);
    }
    // Bolder than ifShort here: the captain with one success pushes too.
    const ifShort = runScenario(knavery({ challenges: 3, push: 'ifShort', participants: [{ name: 'captain', dice: ['d6', 'd6'] }, { name: 'm', count: 2 }] }, 10)).results[0].metrics;
    expect(exact.success.exact).toBeGreaterThan(ifShort.success.exact! + 0.01);
  });

  test('free pushes in the fallout thwart active challenges: fewer guards, more jobs done', () => {
    const unused = campaign({ freePushes: 'unused' }, 20000);
    const fallout = campaign({ freePushes: 'fallout' }, 20000);
    expect(unused['jobs.freePushes'].estimate).toBe(0);
    expect(fallout['jobs.freePushes'].estimate).toBeGreaterThan(0.1);
    expect(fallout['jobs.succeeded'].ci95[0]).toBeGreaterThan(unused['jobs.succeeded'].ci95[1]);
    // Fewer threats, fewer guards: fewer wounds.
    expect(fallout.wounds.ci95[1]).toBeLessThan(unused.wounds.ci95[0]);
  });

  test('by default (reroll) a failed plan\'s 6s are rerolls in the fight: the same plans and guards, more fights won', () => {
    const unused = campaign({ freePushes: 'unused' }, 40000);
    const reroll = campaign({}, 40000);
    expect(campaign({ freePushes: 'reroll' }, 2000)).toEqual(campaign({}, 2000));
    // The plan is rolled as before (the same odds: the extra dice shift the stream, so not
    // the same draws); only its fight differs.
    expect(Math.abs(reroll['jobs.violent'].estimate - unused['jobs.violent'].estimate)).toBeLessThan(reroll['jobs.violent'].ci95[1] - reroll['jobs.violent'].ci95[0]);
    expect(reroll['jobs.freePushes'].estimate).toBeGreaterThan(0.05);
    expect(unused['jobs.freePushes'].estimate).toBe(0);
    expect(reroll['jobs.won'].ci95[0]).toBeGreaterThan(unused['jobs.won'].ci95[1]);
    // A reroll is free: nobody is rattled by it, so no plan is rolled rattled after one.
    expect(reroll['jobs.pushed'].estimate).toBe(0);
  });

  test('the knavery mechanic has no fight: its figures under reroll (the default) are unused\'s', () => {
    const setup = { challenges: 3, participants: [{ name: 'c', dice: ['d6'] }, { name: 'm', count: 2 }] };
    const byDefault = runScenario(knavery(setup, 5000)).results[0].metrics;
    expect(runScenario(knavery({ ...setup, freePushes: 'unused' }, 5000)).results[0].metrics).toEqual(byDefault);
    expect(runScenario(knavery({ ...setup, freePushes: 'reroll' }, 5000)).results[0].metrics).toEqual(byDefault);
  });
});
