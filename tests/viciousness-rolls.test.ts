/**
 * Viciousness single rolls: clash, knavery, discovery and knowledge — exact engines
 * against brute-force enumeration, Monte Carlo against exact, and the text's claims.
 */
import { describe, expect, test } from 'vitest';
import { HitResolver, hitTable } from '../sim/viciousness/violence.ts';
import { RandomStream } from '../sim/random.ts';
import { allRolls, expectAgreesWithExact, runScenario } from './helpers.ts';

const clashScenario = (setup: object, rules: object = {}, trials = 100000) => ({
  name: 'clash',
  system: 'viciousness',
  mechanic: 'clash',
  trials,
  seed: 'clash-test',
  rules,
  setup,
});

const knaveryScenario = (setup: object, trials = 100000) => ({
  name: 'knavery',
  system: 'viciousness',
  mechanic: 'knavery',
  trials,
  seed: 'knavery-test',
  setup,
});

describe('clash', () => {
  test('two sides: exact against every roll (3d4 + d6, one rattled, vs 3d4)', () => {
    const setup = {
      sides: [
        { name: 'ours', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', rattled: true }] },
        { name: 'theirs', bonus: ['d4'], combatants: [{ name: 'thug', count: 2 }] },
      ],
    };
    const m = runScenario(clashScenario(setup, {}, 10)).results[0].metrics;
    // ours rolls: captain d4 + d6, minion 2 rattled d4 (as pairs, lower kept); theirs 3d4.
    let n = 0;
    const sum = { hitsOurs: 0, topOurs: 0, landedOurs: 0, woundedTheirs: 0, woundedOurs: 0 };
    // r: [captain d4, minion d4 a, minion d4 b, thug d4, thug d4, bonus d4], then the d6.
    for (const d4s of allRolls(6, 4)) for (let d6 = 1; d6 <= 6; d6++) {
      const r = [d4s[0], d6, d4s[1], d4s[2], d4s[3], d4s[4], d4s[5]];
      n++;
      const ours = (r[0] === 4 ? 1 : 0) + (r[1] === 4 ? 1 : 0) + (Math.min(r[2], r[3]) === 4 ? 1 : 0);
      const theirs = [r[4], r[5], r[6]].filter((f) => f === 4).length;
      sum.hitsOurs += ours;
      if (ours > theirs) sum.topOurs++;
      sum.landedOurs += Math.max(0, ours - theirs);
      sum.woundedTheirs += Math.min(Math.max(0, ours - theirs), 2);
      sum.woundedOurs += Math.min(Math.max(0, theirs - ours), 2);
    }
    expect(m['hits.ours'].exact).toBeCloseTo(sum.hitsOurs / n, 12);
    expect(m['top.ours'].exact).toBeCloseTo(sum.topOurs / n, 12);
    expect(m['wounded.theirs'].exact).toBeCloseTo(sum.woundedTheirs / n, 12);
    expect(m['landed.ours'].exact).toBeCloseTo(sum.landedOurs / n, 12);
    expect(m['wasted.ours'].exact).toBeCloseTo((sum.landedOurs - sum.woundedTheirs) / n, 12);
    expect(m['wounded.ours'].exact).toBeCloseTo(sum.woundedOurs / n, 12);
    expect(m['wounded.theirs.thug'].exact).toBeCloseTo(sum.woundedTheirs / n / 2, 12);
  });

  const twoSided: [string, object, object][] = [
    ['the benchmark clash', { sides: [{ name: 'a', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] }, { name: 'b', combatants: [{ name: 'minion', count: 4 }] }] }, {}],
    ['4+ with d6 and d8 traits', { sides: [{ name: 'a', combatants: [{ name: 'captain', dice: ['d8', 'd6'] }] }, { name: 'b', combatants: [{ name: 'x', count: 2, rattled: true }] }] }, { hitOn: '4+' }],
    ['push if no hit', { sides: [{ name: 'a', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 2 }] }, { name: 'b', bonus: ['2d4'], combatants: [{ name: 'm', count: 3 }] }] }, { push: 'ifNoHit' }],
    ['captain first, big pools', { sides: [{ name: 'a', combatants: [{ name: 'captain', dice: ['2d4'] }, { name: 'minion', count: 6, dice: ['d4'] }] }, { name: 'b', combatants: [{ name: 'boss', role: 'captain' }, { name: 'goon', count: 8 }] }] }, { woundOrder: 'captainFirst' }],
    ['minions first', { sides: [{ name: 'a', combatants: [{ name: 'captain' }, { name: 'minion', count: 2 }] }, { name: 'b', combatants: [{ name: 'captain', dice: ['d6', 'd6'] }, { name: 'minion' }] }] }, { woundOrder: 'minionsFirst' }],
  ];
  test.each(twoSided)('Monte Carlo agrees with exact: %s', (_label, setup, rules) => {
    expectAgreesWithExact(runScenario(clashScenario(setup, rules)));
  });

  test('push per side: "A PC may also push", so guards who are no PCs may be kept from it (an audit: rules.push made every side push, and a clash side could not say otherwise)', () => {
    // The PCs, a captain with a d4 trait and two minions, push when their own dice show no
    // hit; the three guards never do. Every face of every first roll and reroll:
    const hitsOf = (dice: number) => {
      const p = new Array(dice + 1).fill(0);
      for (const first of allRolls(dice, 4)) {
        const h = first.filter((f) => f === 4).length;
        if (h > 0) p[h] += 4 ** -dice;
        else for (const again of allRolls(dice, 4)) p[again.filter((f) => f === 4).length] += 4 ** (-2 * dice);
      }
      return p;
    };
    const plain = [3 / 4, 1 / 4];
    const sum = (a: number[], b: number[]) => {
      const c = new Array(a.length + b.length - 1).fill(0);
      a.forEach((x, i) => b.forEach((y, j) => (c[i + j] += x * y)));
      return c;
    };
    const pcs = sum(sum(hitsOf(2), hitsOf(1)), hitsOf(1));
    const guards = sum(sum(plain, plain), plain);
    let top = 0;
    let wounded = 0;
    pcs.forEach((p, i) => guards.forEach((q, j) => {
      if (i > j) top += p * q;
      wounded += p * q * Math.min(Math.max(0, i - j), 3);
    }));
    const sides = (guardsPush?: string) => ({
      sides: [
        { name: 'pcs', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 2 }] },
        { name: 'guards', ...(guardsPush ? { push: guardsPush } : {}), combatants: [{ name: 'guard', count: 3 }] },
      ],
    });
    const r = runScenario(clashScenario(sides('never'), { push: 'ifNoHit' }));
    const m = r.results[0].metrics;
    expect(m['top.pcs'].exact).toBeCloseTo(top, 12);
    expect(m['wounded.guards'].exact).toBeCloseTo(wounded, 12);
    // The audit's own enumeration: 0.6408 and 1.0380, against 0.4516 and 0.6709 with the guards pushing too.
    expect(m['top.pcs'].exact).toBeCloseTo(0.6408, 4);
    expectAgreesWithExact(r);
    const both = runScenario(clashScenario(sides(), { push: 'ifNoHit' })).results[0].metrics;
    expect(both['top.pcs'].exact).toBeCloseTo(0.4516, 4);
    // A side that sets rules.push's own value is that side under rules.push, draw for draw.
    const same = runScenario(clashScenario(sides('ifNoHit'), { push: 'ifNoHit' }, 20000));
    expect(same.results[0].metrics).toEqual(runScenario(clashScenario(sides(), { push: 'ifNoHit' }, 20000)).results[0].metrics);
    // The PCs' own push alone, rules.push "never": the guards' "never" is its default.
    const own = runScenario(clashScenario({ sides: [{ ...sides().sides[0], push: 'ifNoHit' }, sides().sides[1]] })).results[0].metrics;
    expect(own['top.pcs'].exact).toBeCloseTo(top, 12);
  });

  test('push per side, said where it changes nothing', () => {
    const notesOf = (sides: object[], rules: object = {}) => runScenario(clashScenario({ sides }, rules, 100)).results[0].notes ?? [];
    const pcs = { name: 'pcs', combatants: [{ name: 'captain' }] };
    const rattled = { name: 'guards', combatants: [{ name: 'guard', count: 2, rattled: true }] };
    expect(notesOf([pcs, { ...rattled, push: 'ifNoHit' }])).toContain('sides.1.push changes nothing here: every combatant of side "guards" is rattled ("Rattled PCs can\'t push themselves")');
    expect(notesOf([{ ...pcs, push: 'never' }, { ...rattled, push: 'ifNoHit' }], { push: 'ifNoHit' })).toContain('rules.push changes nothing here: every side sets its own push');
    expect(notesOf([{ ...pcs, push: 'never' }, rattled], { push: 'ifNoHit' })).toContain('rules.push changes nothing here: every combatant of side "guards" is rattled ("Rattled PCs can\'t push themselves")');
    expect(notesOf([{ ...pcs, combatants: [{ name: 'captain', rattled: true }] }, rattled], { push: 'ifNoHit' })).toContain('rules.push changes nothing here: every combatant is rattled ("Rattled PCs can\'t push themselves")');
    expect(notesOf([pcs, rattled], { push: 'ifNoHit' }).filter((n) => n.includes('push'))).toEqual([]);
  });

  test.each(['strongest', 'weakest', 'random'])('more than two sides are exact too (targeting %s), and Monte Carlo agrees', (targeting) => {
    const setup = {
      sides: [
        { name: 'a', combatants: [{ name: 'm', count: 3 }] },
        { name: 'b', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'm', count: 1, dice: ['d4'] }] },
        { name: 'c', bonus: ['d4'], combatants: [{ name: 'm', count: 3 }] },
        { name: 'd', combatants: [{ name: 'm', count: 2, rattled: true }] },
      ],
    };
    const r = runScenario(clashScenario(setup, { targeting, woundOrder: 'captainFirst' }, 100000));
    expectAgreesWithExact(r);
    const m = r.results[0].metrics;
    // Every wound is landed by someone, and every landed hit wounds or is wasted.
    const sum = (k: string) => ['a', 'b', 'c', 'd'].reduce((s, x) => s + m[`${k}.${x}`].exact!, 0);
    expect(sum('landed') - sum('wasted')).toBeCloseTo(sum('wounded'), 12);
  });

  test('random targeting: a tie between two weaker sides splits the hits evenly', () => {
    // Three equal sides: whenever one side has hits left for two weaker sides with the same
    // hits, "a tie between candidate targets is broken uniformly at random" — so B and C,
    // alike in every way, take the same wounds on average, exactly.
    const setup = {
      sides: [
        { name: 'a', combatants: [{ name: 'm', count: 2 }] },
        { name: 'b', combatants: [{ name: 'm', count: 2 }] },
        { name: 'c', combatants: [{ name: 'm', count: 2 }] },
      ],
    };
    const m = runScenario(clashScenario(setup, { targeting: 'random' }, 10)).results[0].metrics;
    expect(m['wounded.b'].exact).toBeCloseTo(m['wounded.c'].exact!, 12);
    expect(m['wounded.b'].exact).toBeGreaterThan(0);
  });

  test('three sides resolve in order of hits, by the targeting variant', () => {
    const random = RandomStream.fromKey('resolver');
    const hits = Int32Array.of(3, 2, 0);
    const active = Uint8Array.of(1, 1, 1);
    const able = Int32Array.of(5, 5, 5);
    const on = new Int32Array(3);
    const by = new Int32Array(3);
    // Strongest: A's 3 go at B (2), B cancels 2 with its own, 1 lands; B has none left.
    new HitResolver(3, 'strongest').resolve(random, hits, active, able, on, by);
    expect([...on]).toEqual([0, 1, 0]);
    expect([...by]).toEqual([1, 0, 0]);
    // Weakest: A's 3 go at C (0), all land; B's 2 go at C too.
    new HitResolver(3, 'weakest').resolve(random, hits, active, able, on, by);
    expect([...on]).toEqual([0, 0, 5]);
    expect([...by]).toEqual([3, 2, 0]);
    // Sides with equal hits cannot hit each other.
    new HitResolver(3, 'strongest').resolve(random, Int32Array.of(2, 2, 2), active, able, on, by);
    expect([...on]).toEqual([0, 0, 0]);
  });

  test('hitOn "4+" makes a d6 trait worth more than a d4 trait; "exact4" the reverse', () => {
    const sides = (trait: string) => ({
      sides: [
        { name: 'a', combatants: [{ name: 'captain', dice: [trait] }] },
        { name: 'b', combatants: [{ name: 'captain' }] },
      ],
    });
    const hits = (trait: string, hitOn: string) => runScenario(clashScenario(sides(trait), { hitOn }, 10)).results[0].metrics['hits.a'].exact!;
    expect(hits('d4', 'exact4')).toBeGreaterThan(hits('d6', 'exact4'));
    expect(hits('d6', '4+')).toBeGreaterThan(hits('d4', '4+'));
    expect(hits('d4', 'exact4')).toBeCloseTo(0.5, 12);
    expect(hits('d6', 'exact4')).toBeCloseTo(0.25 + 1 / 6, 12);
  });
});

describe('knavery', () => {
  test('exact against every roll: 2 participants, one with a d4 trait, one rattled', () => {
    const setup = { challenges: 2, participants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', rattled: true }] };
    const m = runScenario(knaveryScenario(setup, 10)).results[0].metrics;
    let n = 0;
    const sum = { success: 0, successes: 0, sixes: 0, active: 0 };
    for (const [d6, d4, r1, r2] of allRolls(4, 6)) {
      if (d4 > 4) continue;
      n++;
      const faces = [d6, d4, Math.min(r1, r2)];
      const s = faces.filter((f) => f >= 4).length;
      sum.successes += s;
      sum.sixes += faces.filter((f) => f === 6).length;
      if (s >= 2) sum.success++;
      else sum.active += 2 - s;
    }
    for (const k of ['success', 'successes', 'sixes', 'active'] as const) {
      expect(m[k].exact, k).toBeCloseTo(sum[k] / n, 12);
    }
  });

  test.each([
    [{ challenges: 4, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] }],
    [{ challenges: 6, removed: 2, prepared: true, participants: [{ name: 'captain', dice: ['d6', 'd4'] }, { name: 'minion', count: 3, rattled: true }] }],
    [{ challenges: 0, participants: [{ name: 'solo' }] }],
  ])('Monte Carlo agrees with exact: %j', (setup) => {
    expectAgreesWithExact(runScenario(knaveryScenario(setup)));
  });
});

describe('the text: "d4s are more effective for Violence, and d6s for Knavery"', () => {
  test('a d4 trait lands more hits in violence than a d6 trait', () => {
    const hits = (trait: string) =>
      runScenario(clashScenario({ sides: [{ name: 'a', combatants: [{ name: 'captain', dice: [trait] }] }, { name: 'b', combatants: [{ name: 'x' }] }] }, {}, 10)).results[0].metrics['hits.a'].exact!;
    expect(hits('d4')).toBeGreaterThan(hits('d6'));
  });
  test('a d6 trait succeeds more often in knavery than a d4 trait', () => {
    const success = (trait: string) =>
      runScenario(knaveryScenario({ challenges: 2, participants: [{ name: 'captain', dice: [trait] }, { name: 'minion' }] }, 10)).results[0].metrics.success.exact!;
    expect(success('d6')).toBeGreaterThan(success('d4'));
  });
});

describe('discovery and knowledge', () => {
  const run = (mechanic: string, setup: object) =>
    runScenario({ name: mechanic, system: 'viciousness', mechanic, trials: 100000, seed: 1, setup });

  test('"If the result is equal to or below the discovery value, the NPC can be found"', () => {
    expect(run('discovery', { value: 3 }).results[0].metrics.found.exact).toBeCloseTo(1 / 2, 12);
    expect(run('discovery', { value: 0 }).results[0].metrics.found.exact).toBe(0);
    expect(run('discovery', { value: 7 }).results[0].metrics.found.exact).toBeCloseTo(1, 12);
    expectAgreesWithExact(run('discovery', { value: 2 }));
  });

  test('"On a 5 or 6 ... the answer. On a 4 ... where they can find it"', () => {
    const m = run('knowledge', {}).results[0].metrics;
    expect(m.answer.exact).toBeCloseTo(2 / 6, 12);
    expect(m.whereToFind.exact).toBeCloseTo(1 / 6, 12);
    expect(m.nothing.exact).toBeCloseTo(3 / 6, 12);
    expectAgreesWithExact(run('knowledge', {}));
    expectAgreesWithExact(run('knowledge', { rattled: true }));
  });
});

describe('the clash\'s bit-field table (violence.ts hitTable)', () => {
  /** The obvious reading: for each draw, count each side's all-set fields, pack them as digits. */
  function slowHitTable(fieldBitsBySide: number[][], radix: number[]): Int32Array {
    const bits = fieldBitsBySide.flat().reduce((a, b) => a + b, 0);
    const table = new Int32Array(1 << bits);
    for (let v = 0; v < table.length; v++) {
      let rest = v;
      let index = 0;
      fieldBitsBySide.forEach((fields, s) => {
        let hits = 0;
        for (const b of fields) {
          if ((rest & ((1 << b) - 1)) === (1 << b) - 1) hits++;
          rest >>>= b;
        }
        index = index * radix[s] + hits;
      });
      table[v] = index;
    }
    return table;
  }

  test('equals the entry-by-entry reading for d4s, rattled d4s (4 bits), d8s, d16s and empty sides', () => {
    const cases: [number[][], number[]][] = [
      [[[2, 2, 2], [2, 2, 2, 2]], [5, 5]],
      [[[2, 4], [3]], [3, 2]],
      [[[], [2, 2]], [1, 3]],
      [[[4, 4, 4, 4], []], [5, 1]],
      [[[2], [2], [2]], [2, 2, 2]],
      [[[], []], [1, 1]],
    ];
    for (const [fields, radix] of cases) {
      const { bits, table } = hitTable(fields, radix);
      expect(bits).toBe(fields.flat().reduce((a, b) => a + b, 0));
      expect(Array.from(table)).toEqual(Array.from(slowHitTable(fields, radix)));
    }
  });
});
