/**
 * The round tables behind the fast `battle` Monte Carlo (sim/viciousness/battleTable.ts):
 * their chances, iterated as a Markov chain, are the exact chain's odds to 1e-12; a word
 * draws each outcome on exactly its share of words; which battles they serve; and the
 * general path (BattleField), which they replaced for these battles, still samples the
 * same battles. The Monte Carlo through the tables against the exact chain at fixed seeds
 * is tests/battle.test.ts ("Monte Carlo agrees with the exact chain").
 */
import { describe, expect, it } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { battleSetup } from '../sim/viciousness/battle.ts';
import { DEFAULT_MAX_ROUNDS } from '../sim/viciousness/battleSetup.ts';
import { BattleField, BattlePlan } from '../sim/viciousness/battleField.ts';
import { solveBattle } from '../sim/viciousness/battleChain.ts';
import { BattleTable, ENDINGS, outcomeOf } from '../sim/viciousness/battleTable.ts';
import { benchBattle } from '../bench/battle.ts';

type Side = Record<string, unknown>;
interface Case {
  name: string;
  sides: Side[];
  rules?: Record<string, unknown>;
  maxRounds?: number;
}

const troupe = (name: string, trait: string, more: Side = {}): Side => ({
  name,
  combatants: [{ name: 'captain', dice: [trait] }, { name: 'minion', count: 2 }],
  ...more,
});

/** Battles the tables serve, one rule option or more each. */
const cases: Case[] = [
  { name: 'the bench battle: a d6 trait, both flee once they have lost half', sides: benchBattle.sides },
  { name: 'a d4 trait against a d6 trait, to the end', sides: [troupe('d4trait', 'd4'), troupe('d6trait', 'd6')] },
  {
    name: 'two Medics and captains first against ordinary aid and a d4 bonus, outnumbered flees',
    sides: [
      { name: 'a', aid: 'medic', medics: 2, flee: 'outnumbered', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'm', count: 2 }] },
      { name: 'b', aid: 'ordinary', bonus: ['d4'], combatants: [{ name: 'boss', role: 'captain', dice: ['d4'] }, { name: 'm', count: 2 }] },
    ],
    rules: { woundOrder: 'captainFirst' },
  },
  {
    name: 'rattled dice, 4+ hits, minions first, 3 rounds at most',
    sides: [
      { name: 'a', combatants: [{ name: 'captain', dice: ['d8'], rattled: true }, { name: 'm', count: 2 }] },
      { name: 'b', flee: 'lostHalf', combatants: [{ name: 'boss', role: 'captain', dice: ['d6'] }, { name: 'm', count: 2, rattled: true }] },
    ],
    rules: { woundOrder: 'minionsFirst', hitOn: '4+' },
    maxRounds: 3,
  },
  {
    name: 'one Medic, minions first, against a d10 boss',
    sides: [
      { name: 'a', aid: 'medic', combatants: [{ name: 'captain' }, { name: 'm', count: 3 }] },
      { name: 'b', flee: 'lostHalf', combatants: [{ name: 'm', count: 2 }, { name: 'boss', role: 'captain', dice: ['d10'] }] },
    ],
    rules: { woundOrder: 'minionsFirst' },
  },
  {
    // Round 1, a margin of exactly 2 for b: a is down to 2 of 4 and leaves, and b, still
    // outnumbered 2 to 1, leaves too: a draw with both fled.
    name: 'lostHalf against outnumbered: both flee at once',
    sides: [
      { name: 'a', flee: 'lostHalf', combatants: [{ name: 'm', count: 4 }] },
      { name: 'b', flee: 'outnumbered', bonus: ['2d4'], combatants: [{ name: 'm' }] },
    ],
  },
];

function planOf(c: Case) {
  const setup = battleSetup.parse({ sides: c.sides, maxRounds: c.maxRounds });
  const rules = viciousnessRules.parse(c.rules ?? {});
  return { setup, rules, plan: new BattlePlan(setup, rules, 50) };
}

/** The chance of outcome j of state S: its share of the words below the state's limit. */
function chance(t: BattleTable, S: number, j: number): number {
  const below = j === t.outcomeFrom[S] ? 0 : t.bound[j - 1];
  return (t.bound[j] - below) / t.limit[S];
}

/**
 * The table's battle computed exactly: its chances iterated round by round from the start,
 * tracking the state and both casualty indices; what ends, ends as `fightBattles` ends it.
 */
function iterate(plan: BattlePlan, t: BattleTable) {
  const [C0, C1] = t.casualtyCount;
  const endings = new Float64Array(ENDINGS);
  const rounds = new Float64Array(t.maxRounds + 1);
  const casualties = [new Float64Array(C0), new Float64Array(C1)];
  let mass = new Map<number, number>([[t.startState * C0 * C1, 1]]);
  for (let round = 1; round <= t.maxRounds && mass.size > 0; round++) {
    const after = new Map<number, number>();
    for (const [key, p] of mass) {
      const S = Math.floor(key / (C0 * C1));
      const c0 = Math.floor(key / C1) % C0;
      const c1 = key % C1;
      for (let j = t.outcomeFrom[S]; j < t.outcomeFrom[S + 1]; j++) {
        const q = p * chance(t, S, j);
        const to = t.next[j];
        const d0 = c0 + t.casualty0[j];
        const d1 = c1 + t.casualty1[j];
        const end = t.ending[to] >= 0 ? t.ending[to] : round === t.maxRounds ? 0 : -1;
        if (end < 0) {
          const k = (to * C0 + d0) * C1 + d1;
          after.set(k, (after.get(k) ?? 0) + q);
        } else {
          endings[end] += q;
          rounds[round] += q;
          casualties[0][d0] += q;
          casualties[1][d1] += q;
        }
      }
    }
    mass = after;
  }
  // Per side, per entry: P(one of its combatants wounded / dead), and the side's deaths.
  const entryWounded = new Float64Array(plan.entryCount);
  const entryDeath = new Float64Array(plan.entryCount);
  const deaths = [0, 1].map((s) => new Float64Array(plan.start[s] + 1));
  for (let s = 0; s < 2; s++) {
    casualties[s].forEach((p, c) => {
      let dead = 0;
      for (let e = 0; e < plan.entryCount; e++) {
        if (plan.entrySide[e] !== s) continue;
        const radix = plan.entrySize[e] + 1;
        entryWounded[e] += (p * (c % radix)) / plan.entrySize[e];
        c = Math.floor(c / radix);
        entryDeath[e] += (p * (c % radix)) / plan.entrySize[e];
        dead += c % radix;
        c = Math.floor(c / radix);
      }
      deaths[s][dead] += p;
    });
  }
  // Chance of the endings that match: ending e is (winner + 1) + 3 · (fled₀ + 2 · fled₁).
  const ended = (match: { winner?: number; fled0?: number; fled1?: number }) =>
    Array.from(endings).reduce((t, p, e) => {
      const ok = (want: number | undefined, got: number) => want === undefined || want === got;
      return t + (ok(match.winner, (e % 3) - 1) && ok(match.fled0, (e / 3) & 1) && ok(match.fled1, (e / 6) & 1) ? p : 0);
    }, 0);
  return {
    win: [ended({ winner: 0 }), ended({ winner: 1 })],
    draw: ended({ winner: -1 }),
    fled: [ended({ fled0: 1 }), ended({ fled1: 1 })],
    bothFled: ended({ winner: -1, fled0: 1, fled1: 1 }),
    rounds: rounds.slice(1),
    deaths,
    entryWounded,
    entryDeath,
    mass: Array.from(endings).reduce((a, b) => a + b, 0),
  };
}

describe('the round tables are the exact chain', () => {
  for (const c of cases) {
    it(c.name, () => {
      const { setup, rules, plan } = planOf(c);
      const t = BattleTable.of(plan);
      expect(t).toBeDefined();
      const mine = iterate(plan, t!);
      const chain = solveBattle(setup, rules, plan.maxRounds);
      expect(mine.mass).toBeCloseTo(1, 12);
      const close = (a: ArrayLike<number>, b: ArrayLike<number>, what: string) => {
        expect(a.length, what).toBe(b.length);
        for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i]), `${what}[${i}]: ${a[i]} vs ${b[i]}`).toBeLessThan(1e-12);
      };
      close(mine.win, chain.win, 'win');
      close([mine.draw], [chain.draw], 'draw');
      close(mine.fled, chain.fled, 'fled');
      if (c.name.startsWith('lostHalf against outnumbered')) expect(mine.bothFled).toBeGreaterThan(0.01);
      close(mine.rounds, chain.rounds, 'rounds');
      close(mine.deaths[0], chain.deathsDistribution[0], 'deaths.a');
      close(mine.deaths[1], chain.deathsDistribution[1], 'deaths.b');
      close(mine.entryWounded, chain.entryWounded, 'wounded per entry');
      close(mine.entryDeath, chain.entryDeath, 'death per entry');
    });
  }
});

describe('the Monte Carlo through the tables agrees with the exact chain', () => {
  // `battle`'s run on the tables end to end (fightBattles, addCounts, the tally): every
  // metric and histogram bin within 5 standard errors of exact, fixed seeds.
  for (const c of cases) {
    it(c.name, () => {
      const trials = 100_000;
      const scenario = { name: c.name, system: 'viciousness', mechanic: 'battle', trials, seed: 'battle-table', rules: c.rules ?? {}, setup: { sides: c.sides, maxRounds: c.maxRounds } };
      const point = runPlan(planScenario(scenario, 'battle-table.json')).results[0];
      for (const [name, m] of Object.entries(point.metrics)) {
        const se = (m.ci95[1] - m.ci95[0]) / (2 * 1.959963984540054);
        const gap = Math.abs(m.estimate - m.exact!);
        expect(se > 0 ? gap / se : gap, `${name}: ${m.estimate} vs exact ${m.exact}`).toBeLessThan(5);
      }
      for (const [name, d] of Object.entries(point.distributions!)) {
        d.p.forEach((p, i) => {
          const q = d.exact![i];
          const se = Math.sqrt(Math.max(q * (1 - q), 1 / trials) / trials);
          expect(Math.abs(p - q) / se, `${name}[${d.x[i]}]: ${p} vs exact ${q}`).toBeLessThan(5);
        });
      }
    });
  }
});

describe('a word draws each outcome on exactly its share of words', () => {
  it('at every bound, every guide bucket edge and 20000 random words, as a search from the first outcome', () => {
    const random = RandomStream.fromKey('battle-table words');
    for (const c of cases) {
      const t = BattleTable.of(planOf(c).plan)!;
      for (let S = 0; S < t.states; S++) {
        const from = t.outcomeFrom[S];
        const to = t.outcomeFrom[S + 1];
        if (from === to) continue;
        // The first outcome whose bound is above r; −1 at or above the limit.
        const plain = (r: number) => {
          if (r >= t.limit[S]) return -1;
          let j = from;
          while (r >= t.bound[j]) j++;
          return j;
        };
        const words: number[] = [0, 2 ** 32 - 1, t.limit[S] - 1, t.limit[S]];
        for (let j = from; j < to; j++) words.push(t.bound[j] - 1, t.bound[j]);
        const buckets = 2 ** (32 - t.guideShift[S]);
        for (let g = 0; g < buckets; g++) words.push(g * 2 ** t.guideShift[S], (g + 1) * 2 ** t.guideShift[S] - 1);
        for (let i = 0; i < 20000 / t.states; i++) words.push(random.int32() >>> 0);
        for (const r of words) {
          if (r < 0 || r >= 2 ** 32) continue;
          // The matcher only on a mismatch: tens of thousands of words per table.
          const [got, want] = [outcomeOf(t, S, r), plain(r)];
          if (got !== want) expect(got, `state ${S}, word ${r}`).toBe(want);
        }
        // Words kept: K per unit of weight, K = ⌊2^32 / D⌋, so fewer than D of 2^32 are redrawn.
        const D = t.denominator[S];
        const K = Math.floor(2 ** 32 / D);
        expect(t.limit[S]).toBe(K * D);
        expect(2 ** 32 - t.limit[S]).toBeLessThan(D);
        expect(t.bound[to - 1]).toBe(t.limit[S]);
        for (let j = from; j < to; j++) expect((t.bound[j] - (j === from ? 0 : t.bound[j - 1])) % K).toBe(0);
      }
    }
  });
});

describe('which battles the tables serve', () => {
  const plan = (sides: Side[], rules: Record<string, unknown> = {}) => new BattlePlan(battleSetup.parse({ sides }), viciousnessRules.parse(rules), 50);
  const two = [troupe('a', 'd4'), troupe('b', 'd6')];

  it('every shipped battle scenario point but those with trait dice, and the bench battle', async () => {
    expect(BattleTable.of(planOf(cases[0]).plan)).toBeDefined();
    const crew = { name: 'crew', combatants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 3 }] };
    const guards = { name: 'guards', aid: 'ordinary', combatants: [{ name: 'sergeant', role: 'captain', dice: ['d6'] }, { name: 'guard', count: 3 }] };
    for (const aid of ['none', 'ordinary', 'medic']) expect(BattleTable.of(plan([{ ...crew, aid }, guards])), aid).toBeDefined();
    // The library's battles, point by point: BattleField plays only those with a Berzerker
    // (dice by head count, the test at the end), a Defender who pushes (blows of its own),
    // dice for the first clash only (the ambush: round 1 unlike the others) or a Marksman's
    // snap shot (a wound before the clash).
    const { loadPlans } = await import('../cli/load.ts');
    const folder = new URL('../scenarios/', import.meta.url).pathname;
    const fieldOnly = new Set([
      'berzerker-push.yaml {"setup.sides.0.berzerkerPush":"always"}',
      'berzerker-push.yaml {"setup.sides.0.berzerkerPush":"never"}',
      'berzerker-worth-d4.yaml {"setup.sides.0.combatants.0":{"name":"captain","traits":["berzerker"]},"setup.sides.0.flee":"lostHalf"}',
      'berzerker-worth-d4.yaml {"setup.sides.0.combatants.0":{"name":"captain","traits":["berzerker"]},"setup.sides.0.flee":"never"}',
      'defender-push.yaml {"setup.sides.0.defenderPush":"captain"}',
      'ambush-d4.yaml {"setup.sides.0.combatants.0":{"name":"captain","openingDice":["d4"]}}',
      'ambush-d4.yaml {"setup.sides.0.combatants.0":{"name":"captain","openingDice":["2d4"]}}',
      'ambush-d4.yaml {"setup.sides.0.combatants.0":{"name":"captain","openingDice":["d6","d4"]}}',
      // The Marksman's snap shots wound outside the clash.
      'marksman-push.yaml {"setup.sides.0.marksmanPush":"first","setup.sides.1.flee":"never"}',
      'marksman-push.yaml {"setup.sides.0.marksmanPush":"first","setup.sides.1.flee":"lostHalf"}',
      'marksman-push.yaml {"setup.sides.0.marksmanPush":"lastFoe","setup.sides.1.flee":"never"}',
      'marksman-push.yaml {"setup.sides.0.marksmanPush":"lastFoe","setup.sides.1.flee":"lostHalf"}',
    ]);
    let tabled = 0;
    for (const p of loadPlans([folder]).filter((x) => x.scenario.mechanic === 'battle')) {
      for (const { point, inputs } of p.points) {
        const name = `${p.file.split('/').pop()} ${JSON.stringify(point)}`;
        const served = BattleTable.of(new BattlePlan(inputs.setup as never, inputs.rules as never, DEFAULT_MAX_ROUNDS)) !== undefined;
        expect(served, name).toBe(!fieldOnly.has(name));
        if (served) tabled++;
      }
    }
    expect(tabled).toBeGreaterThanOrEqual(15);
  });

  it('not pushing, unless everyone is rattled already ("Rattled PCs can\'t push themselves")', () => {
    expect(BattleTable.of(plan(two, { push: 'ifNoHit' }))).toBeUndefined();
    const rattled = (name: string) => ({ name, combatants: [{ name: 'm', count: 3, rattled: true }] });
    expect(BattleTable.of(plan([rattled('a'), rattled('b')], { push: 'ifNoHit' }))).toBeDefined();
    const scenario = { name: 'rattled', system: 'viciousness', mechanic: 'battle', trials: 2000, rules: { push: 'ifNoHit' }, setup: { sides: [rattled('a'), rattled('b')] } };
    const metrics = runPlan(planScenario(scenario, 'rattled.json')).results[0].metrics;
    expect([metrics['pushed.a'].estimate, metrics['pushed.b'].estimate]).toEqual([0, 0]);
    expect(metrics['win.a'].estimate + metrics['win.b'].estimate + metrics.draw.estimate).toBeCloseTo(1, 12);
  });

  it('not three sides, nor battles too big to tabulate', () => {
    expect(BattleTable.of(plan([...two, troupe('c', 'd8')]))).toBeUndefined();
    const six = (name: string) => ({ name, combatants: [4, 6, 8, 10, 12, 20].map((d, i) => ({ name: `c${i}`, dice: [`d${d}`] })) });
    expect(BattleTable.of(plan([six('a'), six('b')]))).toBeUndefined();
    const many = (name: string) => ({ name, combatants: [{ name: 'm', count: 9 }] });
    expect(BattleTable.of(plan([many('a'), many('b')]))).toBeUndefined();
  });
});

describe('the general path still samples the same battles', () => {
  // BattleField plays every battle the tables cannot; on the bench battle both sample it,
  // so both must agree with the exact chain (5 standard errors, fixed seed).
  it('BattleField on the bench battle: wins, rounds and deaths against the chain', () => {
    const { setup, rules, plan } = planOf(cases[0]);
    const chain = solveBattle(setup, rules, plan.maxRounds);
    const field = new BattleField(plan);
    const random = RandomStream.fromKey('battle-table field');
    const n = 200_000;
    const wins = [0, 0];
    const rounds = new Float64Array(plan.maxRounds);
    const deaths = [new Float64Array(4), new Float64Array(4)];
    for (let b = 0; b < n; b++) {
      const w = field.fight(random);
      if (w >= 0) wins[w]++;
      rounds[field.rounds - 1]++;
      deaths[0][field.dead[0]]++;
      deaths[1][field.dead[1]]++;
    }
    const agree = (count: number, p: number, what: string) => {
      const se = Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);
      expect(Math.abs(count / n - p) / se, `${what}: ${count / n} vs exact ${p}`).toBeLessThan(5);
    };
    agree(wins[0], chain.win[0], 'win.a');
    agree(wins[1], chain.win[1], 'win.b');
    rounds.forEach((x, r) => agree(x, chain.rounds[r], `rounds ${r + 1}`));
    for (let s = 0; s < 2; s++) deaths[s].forEach((x, k) => agree(x, chain.deathsDistribution[s][k], `deaths ${s} = ${k}`));
  });
});
