/**
 * Three or more sides: who is outnumbered (rules.outnumbered, docs/rulings/battle.md
 * "Flight"). RULES.md: `outnumbered` flees "when the enemies' able combatants outnumber
 * yours"; the Berzerker: "Gain 1d4 if you are outnumbered by enemies". With `allEnemies`
 * (the default) every other side still fighting counts together; with `anySide`, some one
 * of them alone.
 *
 * The engine (battleField.ts) is checked against a slow, obvious battle of three or more
 * sides written from RULES.md, with every combatant an object and every die rolled on its
 * own:
 * - each able combatant rolls 1d4; a Berzerker, while its side is outnumbered, one d4 more,
 *   and one more again on a side that never flees; a hit is a die showing 4;
 * - "sides act in descending order of hits. Each side first cancels hits aimed at it one
 *   for one with its own hits; what it has left it assigns to sides with strictly fewer
 *   hits" — by `targeting`: `strongest` (the default), the one with the most hits below
 *   its own; `weakest`, the one with the fewest; `random`, any of them, each equally likely
 *   (rules.ts: "a weaker side at random"); a tie between candidates broken at random. A
 *   side with no able combatant left is out of the fight: it rolls nothing and is nobody's
 *   target ("A battle ends when at most one side has able combatants still fighting");
 * - landed hits wound able combatants at random, each wounded dies on a d4 of 1–2;
 * - then the end check (at most one side with able combatants still fighting), then the
 *   flight phase, every side judged on the same head counts;
 * - 50 rounds at most; everyone down, everyone fled or the cap: a draw.
 * Its figures and the engine's are two independent samples: they must agree within their
 * joint error.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { runScenario } from './helpers.ts';

interface RefSide {
  name: string;
  plain: number;
  berzerkers?: number;
  flee?: 'never' | 'outnumbered';
}

type Targeting = 'strongest' | 'weakest' | 'random';

function referenceBrawl(sides: RefSide[], allEnemies: boolean, trials: number, seed: string, targeting: Targeting = 'strongest') {
  const random = RandomStream.fromKey(seed);
  const d = (n: number) => random.below(n) + 1;
  const wins = sides.map(() => 0);
  let draws = 0;
  for (let trial = 0; trial < trials; trial++) {
    const people = sides.map((side) => [
      ...Array.from({ length: side.plain }, () => ({ berzerker: false, able: true })),
      ...Array.from({ length: side.berzerkers ?? 0 }, () => ({ berzerker: true, able: true })),
    ]);
    const fighting = sides.map(() => true);
    const ableOf = (s: number) => people[s].filter((x) => x.able).length;
    const outnumbered = (s: number) => {
      const enemies = sides.map((_, t) => (t !== s && fighting[t] ? ableOf(t) : 0));
      return (allEnemies ? enemies.reduce((a, b) => a + b, 0) : Math.max(...enemies)) > ableOf(s);
    };
    let winner = -1;
    for (let round = 1; round <= 50; round++) {
      // The clash: everyone still fighting rolls, judged on the head counts at its start.
      const hits = sides.map((side, s) => {
        if (!fighting[s]) return 0;
        const outnumberedNow = outnumbered(s);
        let h = 0;
        for (const x of people[s]) {
          if (!x.able) continue;
          let dice = 1;
          if (x.berzerker && outnumberedNow) dice += (side.flee ?? 'never') === 'never' ? 2 : 1;
          for (let k = 0; k < dice; k++) if (d(4) === 4) h++;
        }
        return h;
      });
      // Hits go down the order: cancel what came from above, pass the rest below.
      const incoming = sides.map(() => 0);
      const order = sides.map((_, s) => s).filter((s) => fighting[s] && ableOf(s) > 0).sort((a, b) => hits[b] - hits[a]);
      for (const s of order) {
        const left = hits[s] - incoming[s];
        incoming[s] = Math.max(0, -left);
        if (left <= 0) continue;
        const below = order.filter((t) => hits[t] < hits[s]);
        if (below.length === 0) continue;
        const chosen = targeting === 'strongest' ? Math.max(...below.map((t) => hits[t])) : Math.min(...below.map((t) => hits[t]));
        const candidates = targeting === 'random' ? below : below.filter((t) => hits[t] === chosen);
        incoming[candidates.length === 1 ? candidates[0] : candidates[random.below(candidates.length)]] += left;
      }
      for (let s = 0; s < sides.length; s++) {
        for (let w = 0; w < incoming[s]; w++) {
          const able = people[s].filter((x) => x.able);
          if (able.length === 0) break;
          able[random.below(able.length)].able = false;
          d(4); // the death roll: only who still fights matters here
        }
      }
      const standing = () => sides.map((_, s) => s).filter((s) => fighting[s] && ableOf(s) > 0);
      if (standing().length <= 1) {
        winner = standing()[0] ?? -1;
        break;
      }
      const flees = sides.map((side, s) => fighting[s] && (side.flee ?? 'never') === 'outnumbered' && outnumbered(s));
      flees.forEach((f, s) => {
        if (f) fighting[s] = false;
      });
      if (standing().length <= 1) {
        winner = standing()[0] ?? -1;
        break;
      }
    }
    if (winner < 0) draws++;
    else wins[winner]++;
  }
  return { win: wins.map((w) => w / trials), draw: draws / trials };
}

function engine(sides: RefSide[], outnumbered: 'allEnemies' | 'anySide', trials: number, targeting: Targeting = 'strongest') {
  const setup = {
    sides: sides.map((s) => ({
      name: s.name,
      flee: s.flee ?? 'never',
      combatants: [
        ...(s.plain > 0 ? [{ name: 'm', count: s.plain }] : []),
        ...((s.berzerkers ?? 0) > 0 ? [{ name: 'z', count: s.berzerkers, traits: ['berzerker'] }] : []),
      ],
    })),
  };
  const m = runScenario({ name: 'brawl', system: 'viciousness', mechanic: 'battle', trials, seed: 'outnumbered', rules: { outnumbered, targeting }, setup }).results[0].metrics;
  return { win: sides.map((s) => m[`win.${s.name}`].estimate), draw: m.draw.estimate };
}

/** Two independent estimates of one proportion agree: |a − b| within 4.5 joint standard errors. */
function expectSameProportion(a: number, na: number, b: number, nb: number, what: string) {
  const p = (a * na + b * nb) / (na + nb);
  const se = Math.sqrt(Math.max(p * (1 - p), 1e-9) * (1 / na + 1 / nb));
  expect(Math.abs(a - b), `${what}: engine ${a}, reference ${b} (joint se ${se})`).toBeLessThanOrEqual(4.5 * se + 1e-12);
}

const brawls: [string, RefSide[]][] = [
  ['four, three and three, all fleeing when outnumbered', [{ name: 'a', plain: 4, flee: 'outnumbered' }, { name: 'b', plain: 3, flee: 'outnumbered' }, { name: 'c', plain: 3, flee: 'outnumbered' }]],
  ['two Berzerkers against two sides of two who never flee', [{ name: 'a', plain: 0, berzerkers: 2 }, { name: 'b', plain: 2 }, { name: 'c', plain: 2 }]],
  ['a Berzerker and a minion who flee when outnumbered, against three of one and one of two', [{ name: 'a', plain: 1, berzerkers: 1, flee: 'outnumbered' }, { name: 'b', plain: 1 }, { name: 'c', plain: 1 }, { name: 'd', plain: 2, flee: 'outnumbered' }]],
];

describe('three or more sides: "the enemies\' able combatants outnumber yours"', () => {
  for (const [name, sides] of brawls) {
    for (const rule of ['allEnemies', 'anySide'] as const) {
      test(`${name} (${rule}): the engine against the slow reference`, () => {
        const nEngine = 40_000;
        const nRef = 20_000;
        const fast = engine(sides, rule, nEngine);
        const slow = referenceBrawl(sides, rule === 'allEnemies', nRef, `reference ${name} ${rule}`);
        sides.forEach((s, i) => expectSameProportion(fast.win[i], nEngine, slow.win[i], nRef, `win.${s.name}`));
        expectSameProportion(fast.draw, nEngine, slow.draw, nRef, 'draw');
      });
    }
  }

  // `targeting` other than the default, on the same brawls (the engine: battleField.ts with
  // violence.ts HitResolver, which the clash's exact walk also uses, so only a reference
  // written apart can catch it playing the wrong side). Checked against mutations of
  // HitResolver.resolve: the `random` branch deleted (random plays as weakest: win.a engine
  // 0.445, reference 0.373), random made to play as strongest (win.a 0.302 against 0.373),
  // and weakest made to play as strongest (win.a 0.302 against 0.450): each fails the first
  // brawl's case for that targeting, by 4 to 8 times the tolerance. The other brawls' cases
  // barely move under them (hits are rare, and few rounds offer a choice of target): they
  // check the reading, not the mutation.
  for (const [name, sides] of brawls) {
    for (const targeting of ['weakest', 'random'] as const) {
      test(`${name} (allEnemies, targeting ${targeting}): the engine against the slow reference`, () => {
        const nEngine = 40_000;
        const nRef = 20_000;
        const fast = engine(sides, 'allEnemies', nEngine, targeting);
        const slow = referenceBrawl(sides, true, nRef, `reference ${name} ${targeting}`, targeting);
        sides.forEach((s, i) => expectSameProportion(fast.win[i], nEngine, slow.win[i], nRef, `win.${s.name}`));
        expectSameProportion(fast.draw, nEngine, slow.draw, nRef, 'draw');
      });
    }
  }

  test('all enemies together (the default) send sides of a brawl running that one side alone would not', () => {
    const sides = brawls[0][1];
    const together = engine(sides, 'allEnemies', 20_000);
    const oneByOne = engine(sides, 'anySide', 20_000);
    // Everyone is outnumbered by the other two after the first clash unless it thinned them.
    expect(together.draw).toBeGreaterThan(0.6);
    expect(oneByOne.draw).toBeLessThan(0.01);
    expect(oneByOne.win[0]).toBeGreaterThan(together.win[0] + 0.3);
  });

  test('two sides read the same under either rule, draw for draw', () => {
    const sides: RefSide[] = [{ name: 'a', plain: 2, berzerkers: 1, flee: 'outnumbered' }, { name: 'b', plain: 4, flee: 'outnumbered' }];
    expect(engine(sides, 'allEnemies', 5000)).toEqual(engine(sides, 'anySide', 5000));
  });
});
