/**
 * Viciousness `battle` (issue #3): the rule text's numbers, invariants of every round, the
 * Monte Carlo against the exact chain, and the direction each option moves the odds.
 * Seeds are fixed; each comparison allows 5 standard errors, so a correct kernel fails one
 * with odds below 1 in 10^5 per comparison, and a wrong reading shows as tens of errors.
 */
import { describe, expect, it } from 'vitest';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { RandomStream } from '../sim/random.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { battle, battleSetup } from '../sim/viciousness/battle.ts';
import { BattleField, BattlePlan } from '../sim/viciousness/battleField.ts';
import { BattleTable } from '../sim/viciousness/battleTable.ts';
import { EXACT_MAX_STATES, EXACT_WORK_LIMIT, battleExactCost, chainStates, solveBattle, solveBattleWithin } from '../sim/viciousness/battleChain.ts';
import { EXACT_BUDGET } from '../sim/exactBudget.ts';
import { hitDistribution, hitTest } from '../sim/viciousness/violence.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { sized } from './size.ts';
import { expectAgreesWithExact } from './helpers.ts';

type Side = Record<string, unknown>;

function scenario(sides: Side[], rules: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, trials = 40_000) {
  return { name: 'test battle', system: 'viciousness', mechanic: 'battle', trials, seed: 'battle-test', rules, setup: { sides, ...extra } };
}

function run(sides: Side[], rules: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, trials = 40_000): ScenarioResult {
  return runPlan(planScenario(scenario(sides, rules, extra, trials), 'battle.json'));
}

/** Exact values of a setup (two sides, no push). */
function exact(sides: Side[], rules: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const sim = battle.prepare(battle.setup.parse({ sides, ...extra }), viciousnessRules.parse(rules));
  if (!sim.exact) throw new Error('no exact values for this setup');
  return sim.exact();
}

/** Standard errors between the Monte Carlo estimate and the exact value. */
function zScore(m: { estimate: number; ci95: [number, number]; exact?: number }): number {
  const se = (m.ci95[1] - m.ci95[0]) / (2 * 1.959963984540054);
  const gap = Math.abs(m.estimate - (m.exact as number));
  return se > 0 ? gap / se : gap < 1e-9 ? 0 : Infinity;
}

const one = (name: string, more: Side = {}): Side => ({ name, combatants: [{ name: 'x' }], ...more });
const troupe = (name: string, trait: string, more: Side = {}): Side => ({
  name,
  combatants: [{ name: 'captain', dice: [trait] }, { name: 'minion', count: 2 }],
  ...more,
});

describe('the rule text, quoted', () => {
  it('"has a 2-in-4 chance to die. This is reduced to 1-in-4 if they receive medical attention"', () => {
    // Death odds ÷ wound odds of one combatant is the death chance of a wounded one.
    const ratio = (aid: string) => {
      const x = exact([one('a'), one('b', { aid })]).metrics;
      return x['death.b.x'] / x['wounded.b.x'];
    };
    expect(ratio('none')).toBeCloseTo(2 / 4, 12);
    expect(ratio('ordinary')).toBeCloseTo(1 / 4, 12);
    // Medic: "A character you provide medical attention to during violence is not in danger of dying."
    expect(ratio('medic')).toBe(0);
  });

  it('"Each combatant in a side adds 1d4 … one hit for every 4": 1 against 1 is decided with chance 3/8 a round', () => {
    // Each side's d4 shows a 4 with chance 1/4; a round is decisive when exactly one does
    // (2 · 1/4 · 3/4 = 3/8), and then the other is wounded and the battle ends.
    for (const maxRounds of [1, 3, 50]) {
      const x = exact([one('a'), one('b')], {}, { maxRounds }).metrics;
      const undecided = (5 / 8) ** maxRounds;
      expect(x['win.a']).toBeCloseTo((1 - undecided) / 2, 12);
      expect(x.draw).toBeCloseTo(undecided, 12);
      // E[min(rounds to decide, maxRounds)] = Σ_{r<maxRounds} (5/8)^r.
      expect(x.rounds).toBeCloseTo((1 - undecided) / (3 / 8), 12);
      expect(x['deaths.b']).toBeCloseTo(x['win.a'] / 2, 12);
    }
  });

  it('"Extra hits applied to a combatant who has already been wounded are wasted"', () => {
    // Four d4 and a 2d4 bonus against a lone combatant: every battle the gang wins wounds
    // exactly one combatant, however many hits it lands.
    const x = exact([{ name: 'gang', bonus: ['2d4'], combatants: [{ name: 'thug', count: 4 }] }, one('lone')]).metrics;
    expect(x['wounded.lone']).toBeCloseTo(x['win.gang'], 12);
    expect(x['deaths.lone']).toBeCloseTo(x['win.gang'] / 2, 12);
  });

  it('"d4s are more effective for Violence": a d4 trait beats a d6 trait in a 3-vs-3 battle', () => {
    const x = exact([troupe('d4trait', 'd4'), troupe('d6trait', 'd6')]).metrics;
    expect(x['win.d4trait']).toBeGreaterThan(x['win.d6trait']);
  });
});

describe('invariants', () => {
  const setups: { name: string; sides: Side[]; rules?: Record<string, unknown> }[] = [
    { name: 'two sides', sides: [troupe('a', 'd6', { flee: 'lostHalf' }), { name: 'b', bonus: ['d4'], combatants: [{ name: 'm', count: 4 }] }] },
    {
      name: 'three sides, pushing, Medics',
      sides: [
        troupe('a', 'd4', { flee: 'outnumbered' }),
        { name: 'b', aid: 'medic', medics: 2, combatants: [{ name: 'captain', dice: ['2d4'] }, { name: 'm', count: 3, rattled: true }] },
        { name: 'c', aid: 'ordinary', flee: 'lostHalf', bonus: ['2d4'], combatants: [{ name: 'm', count: 2, dice: ['d8'] }] },
      ],
      rules: { push: 'ifNoHit', targeting: 'random', woundOrder: 'captainFirst' },
    },
  ];

  for (const { name, sides, rules } of setups) {
    it(`hold in every round of 3000 battles: ${name}`, () => {
      const setup = battleSetup.parse({ sides });
      const plan = new BattlePlan(setup, viciousnessRules.parse(rules ?? {}), 50);
      const field = new BattleField(plan);
      const random = RandomStream.fromKey(`invariants:${name}`);
      const n = plan.sideCount;
      // Most hits a side can roll: its combatants' dice and its bonus.
      const dice = setup.sides.map((side) => side.combatants.reduce((t, c) => t + (c.count ?? 1) * (1 + (c.dice ?? []).reduce((u, g) => u + g.count, 0)), 0) + (side.bonus ?? []).reduce((u, g) => u + g.count, 0));
      // Plain comparisons in the loop, not expect(): vitest's matchers cost more than the
      // battle itself, and 3000 battles of several rounds make hundreds of thousands of checks.
      let b = 0;
      const holds = (ok: boolean, what: string) => {
        if (!ok) throw new Error(`battle ${b}, round ${field.rounds}: ${what}`);
      };
      for (; b < 3000; b++) {
        field.reset();
        for (;;) {
          field.rounds++;
          field.clash(random);
          field.resolve(random);
          let landed = 0;
          let dealt = 0;
          for (let s = 0; s < n; s++) {
            // "A side never lands more hits than it rolled."
            holds(field.hits[s] <= dice[s], `side ${s} rolled ${field.hits[s]} hits on ${dice[s]} dice`);
            holds(field.landedBy[s] <= field.hits[s], `side ${s} landed ${field.landedBy[s]} of ${field.hits[s]} hits`);
            holds(field.landedOn[s] <= field.able[s], `side ${s} took ${field.landedOn[s]} hits with ${field.able[s]} able`);
            if (field.fighting[s] === 0) holds(field.hits[s] + field.landedOn[s] === 0, `side ${s} is out of the fight but hit or was hit`);
            landed += field.landedOn[s];
            dealt += field.landedBy[s];
          }
          holds(landed === dealt, `${landed} hits landed on sides, ${dealt} dealt by them`);
          field.wound(random);
          for (let s = 0; s < n; s++) {
            // "Immediately after a character pushes, they are rattled … Rattled PCs can't
            // push themselves": each combatant pushes at most once a battle.
            holds(field.pushed[s] <= plan.start[s], `side ${s} pushed ${field.pushed[s]} times with ${plan.start[s]} combatants`);
            holds(field.dead[s] <= field.wounded[s], `side ${s}: ${field.dead[s]} dead of ${field.wounded[s]} wounded`);
            holds(field.able[s] + field.wounded[s] === plan.start[s], `side ${s}: ${field.able[s]} able + ${field.wounded[s]} wounded ≠ ${plan.start[s]}`);
          }
          if (field.stillFighting() <= 1 || field.flight() <= 1 || field.rounds === plan.maxRounds) break;
        }
        for (let e = 0; e < plan.entryCount; e++) {
          holds(field.entryDead[e] <= field.entryWounded[e], `entry ${e}: more dead than wounded`);
          holds(field.entryWounded[e] <= plan.entrySize[e], `entry ${e}: more wounded than its size`);
        }
        // Nobody flees a battle that is over for them.
        for (let s = 0; s < n; s++) if (field.fled[s]) holds(field.able[s] > 0, `side ${s} fled with nobody able`);
      }
    });
  }

  it('two sides: the shortcut loop draws and ends exactly as the phase-by-phase one', () => {
    for (const rules of [{}, { push: 'ifNoHit' }, { woundOrder: 'minionsFirst', hitOn: '4+' }]) {
      const setup = battleSetup.parse({
        sides: [
          troupe('a', 'd6', { flee: 'outnumbered', aid: 'medic' }),
          { name: 'b', flee: 'lostHalf', bonus: ['d4'], combatants: [{ name: 'captain', dice: ['d4'], rattled: true }, { name: 'm', count: 3 }] },
        ],
      });
      const plan = new BattlePlan(setup, viciousnessRules.parse(rules), 50);
      const [short, phased] = [new BattleField(plan), new BattleField(plan)];
      const [r1, r2] = [RandomStream.fromKey('same'), RandomStream.fromKey('same')];
      for (let b = 0; b < 2000; b++) {
        expect(short.fight(r1)).toBe(phased.fightPhases(r2));
        expect([short.rounds, ...short.entryWounded, ...short.entryDead, ...short.fled]).toEqual([phased.rounds, ...phased.entryWounded, ...phased.entryDead, ...phased.fled]);
      }
      expect(r1.int32()).toBe(r2.int32());
    }
  });

  it('the plain wound loop draws exactly as the general one (one group, no Medics)', () => {
    const setup = battleSetup.parse({ sides: [troupe('a', 'd6', { flee: 'lostHalf', bonus: ['d4'] }), { name: 'b', aid: 'ordinary', combatants: [{ name: 'm', count: 4, dice: ['d8'] }] }] });
    for (const rules of [{}, { push: 'ifNoHit' }]) {
      const plain = new BattlePlan(setup, viciousnessRules.parse(rules), 50);
      const general = new BattlePlan(setup, viciousnessRules.parse(rules), 50);
      expect([...plain.plainWounds]).toEqual([1, 1]);
      general.plainWounds.fill(0);
      const [f1, f2] = [new BattleField(plain), new BattleField(general)];
      const [r1, r2] = [RandomStream.fromKey('plain'), RandomStream.fromKey('plain')];
      for (let b = 0; b < 2000; b++) {
        expect(f1.fight(r1)).toBe(f2.fight(r2));
        expect([f1.rounds, ...f1.entryWounded, ...f1.entryDead]).toEqual([f2.rounds, ...f2.entryWounded, ...f2.entryDead]);
      }
      expect(r1.int32()).toBe(r2.int32());
    }
  });

  it('exact: outcomes, rounds and deaths each add up to 1, and the means agree with the histograms', () => {
    const sides = [
      troupe('a', 'd6', { aid: 'medic', medics: 2, flee: 'outnumbered' }),
      { name: 'b', aid: 'ordinary', flee: 'lostHalf', bonus: ['d4'], combatants: [{ name: 'boss', role: 'captain', dice: ['d4', 'd8'] }, { name: 'm', count: 4 }] },
    ];
    const x = exact(sides, { woundOrder: 'captainFirst' }, { maxRounds: 8 });
    const m = x.metrics;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(m['win.a'] + m['win.b'] + m.draw).toBeCloseTo(1, 12);
    expect(sum(x.distributions!.rounds)).toBeCloseTo(1, 12);
    expect(sum(x.distributions!.rounds.map((p, i) => p * (i + 1)))).toBeCloseTo(m.rounds, 12);
    for (const [side, entries] of [['a', { captain: 1, minion: 2 }], ['b', { boss: 1, m: 4 }]] as const) {
      const deaths = x.distributions![`deaths.${side}`];
      expect(sum(deaths)).toBeCloseTo(1, 12);
      expect(sum(deaths.map((p, k) => p * k))).toBeCloseTo(m[`deaths.${side}`], 12);
      // A side's deaths are its entries' deaths: Σ size · P(one of them dies).
      const byEntry = Object.entries(entries).reduce((t, [name, size]) => t + size * m[`death.${side}.${name}`], 0);
      expect(byEntry).toBeCloseTo(m[`deaths.${side}`], 12);
      expect(m[`deaths.${side}`]).toBeLessThanOrEqual(m[`wounded.${side}`]);
    }
    // A side that flees is a side that did not win.
    expect(m['fled.a']).toBeLessThanOrEqual(m['win.b'] + m.draw + 1e-12);
  });
});

describe('Monte Carlo agrees with the exact chain', () => {
  // `tables`: whether the run goes through the round tables (battleTable.ts) rather than
  // BattleField, so both paths are checked here.
  const cases: { name: string; tables: boolean; sides: Side[]; rules?: Record<string, unknown>; extra?: Record<string, unknown> }[] = [
    { name: '1 against 1', tables: true, sides: [one('a'), one('b')] },
    { name: 'd4 trait against d6 trait, 3 against 3', tables: true, sides: [troupe('d4trait', 'd4'), troupe('d6trait', 'd6')] },
    {
      name: 'flight: outnumbered against lostHalf',
      tables: true,
      sides: [troupe('a', 'd4', { flee: 'outnumbered' }), { name: 'b', flee: 'lostHalf', combatants: [{ name: 'm', count: 4 }] }],
    },
    {
      name: 'a Medic, ordinary aid, a 2d4 bonus, captains first',
      tables: true,
      sides: [
        { name: 'a', aid: 'medic', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'm', count: 3 }] },
        { name: 'b', aid: 'ordinary', bonus: ['2d4'], combatants: [{ name: 'm', count: 4 }] },
      ],
      rules: { woundOrder: 'captainFirst' },
    },
    {
      name: 'rattled combatants, 4+ hits, minions first, 3 rounds at most',
      tables: false,
      sides: [
        { name: 'a', combatants: [{ name: 'captain', dice: ['d4', 'd8'], rattled: true }, { name: 'm', count: 2, dice: ['d6'] }] },
        { name: 'b', bonus: ['d4'], combatants: [{ name: 'boss', role: 'captain', dice: ['d20'] }, { name: 'm', count: 3, rattled: true }] },
      ],
      rules: { woundOrder: 'minionsFirst', hitOn: '4+' },
      extra: { maxRounds: 3 },
    },
    {
      name: 'six distinct combatants a side, two Medics against one',
      tables: false,
      sides: [
        { name: 'a', aid: 'medic', medics: 2, combatants: [4, 6, 8, 4, 6, 8].map((d, i) => ({ name: `c${i}`, dice: [`d${d}`], rattled: i === 4 })) },
        { name: 'b', aid: 'medic', combatants: [4, 6, 8, 10, 12, 20].map((d, i) => ({ name: `c${i}`, dice: [`d${d}`], role: i === 0 ? 'captain' : 'minion' })) },
      ],
      rules: { woundOrder: 'captainFirst' },
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const plan = new BattlePlan(battleSetup.parse({ sides: c.sides, ...c.extra }), viciousnessRules.parse(c.rules ?? {}), 50);
      expect(BattleTable.of(plan) !== undefined).toBe(c.tables);
      const result = run(c.sides, c.rules, c.extra, sized(40_000));
      const point = result.results[0];
      const names = Object.keys(point.metrics);
      for (const prefix of ['win.', 'draw', 'rounds', 'deaths.', 'death.', 'fled.', 'wounded.']) {
        expect(names.some((n) => n.startsWith(prefix))).toBe(true);
      }
      for (const [name, m] of Object.entries(point.metrics)) {
        expect(m.exact, name).toBeDefined();
        expect(zScore(m), `${name}: ${m.estimate} vs exact ${m.exact}`).toBeLessThan(5);
      }
      // The histograms too, bin by bin.
      const trials = point.trials!;
      for (const [name, d] of Object.entries(point.distributions!)) {
        d.p.forEach((p, i) => {
          const q = d.exact![i];
          const se = Math.sqrt(Math.max(q * (1 - q), 1 / trials) / trials);
          expect(Math.abs(p - q) / se, `${name}[${d.x[i]}]`).toBeLessThan(5);
        });
      }
    });
  }

  it('the worst case within the default limit is exact and under the state limit', () => {
    const six = (name: string) => ({ name, aid: 'medic', combatants: [4, 6, 8, 10, 12, 20].map((d, i) => ({ name: `c${i}`, dice: [`d${d}`] })) });
    const rules = viciousnessRules.parse({});
    const n = chainStates(battleSetup.parse({ sides: [six('a'), six('b')] }), rules)!;
    expect(n).toBe((64 * 7) ** 2);
    expect(n).toBeLessThanOrEqual(EXACT_MAX_STATES);
  });

  it('no exact values where the chain does not apply: pushing, three sides', () => {
    const two = [troupe('a', 'd4'), troupe('b', 'd6')];
    expect(battle.prepare(battleSetup.parse({ sides: two }), viciousnessRules.parse({ push: 'ifNoHit' })).exact).toBeUndefined();
    expect(battle.prepare(battleSetup.parse({ sides: [...two, troupe('c', 'd8')] }), viciousnessRules.parse({})).exact).toBeUndefined();
    expect(battle.prepare(battleSetup.parse({ sides: two }), viciousnessRules.parse({})).exact).toBeDefined();
  });

  it('a big battle whose chain fits its states but would take a minute is skipped with the budget note (an audit: it ran 58 s, unsaid)', () => {
    const big = { name: 'big', system: 'viciousness', mechanic: 'battle', trials: 200, seed: 'big', setup: { sides: [
      { name: 'a', combatants: [{ name: 'cap' }, { name: 'x', count: 20 }, { name: 'z', count: 20, dice: ['d4'] }] },
      { name: 'b', combatants: [{ name: 'y', count: 30 }, { name: 'w', count: 10, dice: ['d6'] }] },
    ] } };
    expect(chainStates(battleSetup.parse(big.setup), viciousnessRules.parse({}))).toBeLessThanOrEqual(EXACT_MAX_STATES);
    const point = runPlan(planScenario(big, 'big.json')).results[0];
    expect(point.notes).toContainEqual(expect.stringMatching(/^exact values skipped: about \d+ s of work, over the budget of 5 s; the estimates are Monte Carlo only$/));
    expect(Object.values(point.metrics).every((m) => m.exact === undefined)).toBe(true);
    // One of 100 against 100 (about 4 s here) keeps its exact values.
    const hundred = battle.prepare(battleSetup.parse({ sides: [{ name: 'a', combatants: [{ name: 'x', count: 100 }] }, { name: 'b', combatants: [{ name: 'y', count: 100 }] }] }), viciousnessRules.parse({}));
    expect(hundred.exactCost!()).toBeLessThan(50_000_000);
  });

  it("prices a long battle's chain by its rounds: one that outlasts its estimate is stopped past twice the budget, not left to run (an audit: 130 rattled against 130 at maxRounds 1,000, priced 4.5 s, ran 49 s)", () => {
    const rules = viciousnessRules.parse({});
    const sides = (n: number, rattled = false) => [{ name: 'a', combatants: [{ name: 'x', count: n, rattled }] }, { name: 'b', combatants: [{ name: 'y', count: n, rattled }] }];
    // Battles of the estimate's kind finish within twice what it priced them at.
    for (const setup of [battleSetup.parse({ sides: sides(12) }), battleSetup.parse({ sides: sides(30) })]) {
      expect(solveBattleWithin(setup, rules, 50, 2 * battleExactCost(setup, rules, 50))).toBeDefined();
    }
    // Rattled sides mostly tie: at maxRounds 1,000 the chain runs ~330 rounds, over five
    // times its estimate, and is stopped at twice it.
    const long = battleSetup.parse({ sides: sides(12, true), maxRounds: 1000 });
    expect(solveBattleWithin(long, rules, 1000, 2 * battleExactCost(long, rules, 1000))).toBeUndefined();
    expect(solveBattleWithin(long, rules, 1000, Infinity)).toEqual(solveBattle(long, rules, 1000));
    // The battle's own limit is twice the budget a point has.
    expect(EXACT_WORK_LIMIT).toBe(2 * EXACT_BUDGET);
  });

  it('prices Medics by the states a battle can reach (an audit: 20 with 2 Medics against the same was priced 8.6 s and skipped; it takes ~1 s)', () => {
    const side = (name: string, count: number, medics: number) => ({ name, aid: 'medic', medics, combatants: [{ name: `${name}x`, count }] });
    const rules = viciousnessRules.parse({});
    for (const [a, b] of [[side('a', 20, 2), side('b', 20, 2)], [side('a', 40, 2), side('b', 10, 1)]]) {
      const setup = battleSetup.parse({ sides: [a, b] });
      expect(battleExactCost(setup, rules, 50)).toBeLessThan(EXACT_BUDGET);
    }
    // …and not under-priced: a smaller one finishes within twice its price, not within a tenth of it.
    const small = battleSetup.parse({ sides: [side('a', 12, 2), side('b', 12, 2)] });
    const price = battleExactCost(small, rules, 50);
    expect(solveBattleWithin(small, rules, 50, 2 * price)).toBeDefined();
    expect(solveBattleWithin(small, rules, 50, price / 10)).toBeUndefined();
    const point = runPlan(planScenario(scenario([side('a', 20, 2), side('b', 20, 2)], {}, {}, 200), 'medics.json')).results[0];
    expect((point.notes ?? []).filter((n) => n.startsWith('exact values skipped'))).toEqual([]);
    expect(point.metrics['win.a'].exact).toBeCloseTo(0.5 * (1 - point.metrics.draw.exact!), 12);
  });
});

describe('each option moves the odds the way the rules say', () => {
  const crew = troupe('crew', 'd4');
  const guards = { name: 'guards', combatants: [{ name: 'sergeant', role: 'captain', dice: ['d6'] }, { name: 'guard', count: 3 }] };

  it('flee: a side that flees loses more often but loses fewer lives', () => {
    const stay = exact([crew, guards]).metrics;
    for (const flee of ['outnumbered', 'lostHalf']) {
      const go = exact([{ ...crew, flee }, guards]).metrics;
      expect(go['fled.crew'], flee).toBeGreaterThan(0);
      expect(stay['fled.crew']).toBe(0);
      expect(go['deaths.crew'], flee).toBeLessThan(stay['deaths.crew']);
      expect(go['win.crew'], flee).toBeLessThan(stay['win.crew']);
      expect(go.rounds, flee).toBeLessThan(stay.rounds);
    }
    // Outnumbered 3 to 4 from the start, the crew leaves after round 1 unless its margin
    // of hits was 1 to 3: a wounded guard evens the count, 4 would have ended the battle.
    const outnumbered = exact([{ ...crew, flee: 'outnumbered' }, guards]);
    const isHit = hitTest('exact4');
    const d4 = { sides: 4, rattled: false };
    const margin = hitDistribution([d4, d4, d4, d4], isHit).minus(hitDistribution([d4, d4, d4, d4, { sides: 6, rattled: false }], isHit));
    expect(outnumbered.distributions!.rounds[0]).toBeCloseTo(1 - margin.expect((d) => (d >= 1 && d <= 3 ? 1 : 0)), 12);
  });

  it('aid: deaths fall from none to ordinary to one Medic to two', () => {
    const deaths = [{ aid: 'none' }, { aid: 'ordinary' }, { aid: 'medic' }, { aid: 'medic', medics: 2 }].map(
      (aid) => exact([{ ...crew, ...aid }, guards]).metrics['deaths.crew'],
    );
    for (let i = 1; i < deaths.length; i++) expect(deaths[i]).toBeLessThan(deaths[i - 1]);
    // Aid changes who dies, never who wins.
    expect(exact([{ ...crew, aid: 'medic' }, guards]).metrics['win.crew']).toBeCloseTo(exact([crew, guards]).metrics['win.crew'], 12);
  });

  it('a Medic attends captains first', () => {
    // Two wounded at once are likely against a 2d4 bonus: the captain is the one saved.
    const x = exact([{ ...crew, aid: 'medic' }, { ...guards, bonus: ['2d4'] }]).metrics;
    const deathPerWound = (entry: string) => x[`death.crew.${entry}`] / x[`wounded.crew.${entry}`];
    expect(deathPerWound('captain')).toBeLessThan(deathPerWound('minion'));
  });

  it('push: rerolling a missed roll helps in the round it is used (one-round battles)', () => {
    // The guards are rattled and cannot push; the crew pushes whenever its dice miss.
    const rattledGuards = { name: 'guards', combatants: [{ name: 'guard', count: 3, rattled: true }] };
    const never = run([crew, rattledGuards], {}, { maxRounds: 1 }, 60_000).results[0].metrics;
    const ifNoHit = run([crew, rattledGuards], { push: 'ifNoHit' }, { maxRounds: 1 }, 60_000).results[0].metrics;
    expect(ifNoHit['win.crew'].ci95[0]).toBeGreaterThan(never['win.crew'].ci95[1]);
    expect(ifNoHit['pushed.crew'].estimate).toBeGreaterThan(0);
    expect(ifNoHit['pushed.guards'].estimate).toBe(0); // rattled PCs "can't push themselves"
  });

  it('push per side ("A PC may also push"): the guards\' own push "never" keeps them from pushing; every side at "never" is the battle without pushing, exact and all', () => {
    const guards4 = { name: 'guards', combatants: [{ name: 'guard', count: 4 }] };
    // The variant on, the guards out of it: only the crew pushes.
    const crewOnly = run([crew, { ...guards4, push: 'never' }], { push: 'ifNoHit' }, {}, 20_000).results[0].metrics;
    expect(crewOnly['pushed.crew'].estimate).toBeGreaterThan(0);
    expect(crewOnly['pushed.guards'].estimate).toBe(0);
    // The variant off, the crew's own push on: the same battle, draw for draw.
    const sideOn = run([{ ...crew, push: 'ifNoHit' }, guards4], {}, {}, 20_000).results[0].metrics;
    expect(sideOn).toEqual(crewOnly);
    // Nobody pushes: the battle without pushing, exact values included.
    const nobody = run([{ ...crew, push: 'never' }, { ...guards4, push: 'never' }], { push: 'ifNoHit' }, {}, 20_000).results[0].metrics;
    const plain = run([crew, guards4], {}, {}, 20_000).results[0].metrics;
    expect(nobody['win.crew'].exact).toBeDefined();
    expect(nobody).toEqual(plain);
  });

  it('push: a Berzerker\'s d4s while outnumbered are dice it contributed, rolled with its own and rerolled by its push (a one-round battle against the exact clash)', () => {
    // "A PC may also push in order to reroll the dice they contributed to a pool. Immediately
    // after a character pushes, they are rattled": the trait d4s were rolled before the push,
    // steady, and count toward "no hit" (docs/rulings/traits.md). The clash's exact wounded
    // guards is the one-round battle's.
    const sides = [
      { name: 'crew', combatants: [{ name: 'berzerker', traits: ['berzerker'] }] },
      { name: 'guards', combatants: [{ name: 'guard', count: 2, rattled: true }] },
    ];
    const clashed = runPlan(planScenario({ name: 'clash', system: 'viciousness', mechanic: 'clash', trials: 1000, seed: 'x', rules: { push: 'ifNoHit' }, setup: { sides } }, 'clash.json'));
    const exactWounded = clashed.results[0].metrics['wounded.guards'].exact as number;
    expect(exactWounded).toBeCloseTo(0.94647, 4);
    const m = run(sides, { push: 'ifNoHit' }, { maxRounds: 1 }, 60_000).results[0].metrics['wounded.guards'];
    expect(zScore({ ...m, exact: exactWounded })).toBeLessThan(4);
  });

  it('targeting: "weakest" sends the leftover hits to the side with fewer hits, which cancels fewer', () => {
    const sides = [
      { name: 'strong', bonus: ['2d4'], combatants: [{ name: 'm', count: 5 }] },
      { name: 'middle', combatants: [{ name: 'm', count: 4 }] },
      { name: 'weak', combatants: [{ name: 'm', count: 3 }] },
    ];
    const strongest = run(sides, { targeting: 'strongest' }, { maxRounds: 1 }).results[0].metrics;
    const weakest = run(sides, { targeting: 'weakest' }, { maxRounds: 1 }).results[0].metrics;
    expect(weakest['wounded.weak'].ci95[0]).toBeGreaterThan(strongest['wounded.weak'].ci95[1]);
    // More wounds land in all: the chosen target has fewer hits to cancel them with.
    const se = (m: { ci95: [number, number] }) => (m.ci95[1] - m.ci95[0]) / 3.92;
    const landed = (m: typeof weakest) => m['wounded.middle'].estimate + m['wounded.weak'].estimate;
    const spread = Math.hypot(se(weakest['wounded.middle']), se(weakest['wounded.weak']), se(strongest['wounded.middle']), se(strongest['wounded.weak']));
    expect(landed(weakest) - landed(strongest)).toBeGreaterThan(5 * spread);
  });

  it('woundOrder: captains fall first under "captainFirst", last under "minionsFirst"', () => {
    const death = (woundOrder: string) => exact([crew, guards], { woundOrder }).metrics['death.crew.captain'];
    expect(death('captainFirst')).toBeGreaterThan(death('random'));
    expect(death('random')).toBeGreaterThan(death('minionsFirst'));
  });

  it('the GM\'s equipment bonus: 1d4 helps, 2d4 helps more', () => {
    const win = (bonus: string[]) => exact([{ ...crew, bonus }, guards]).metrics['win.crew'];
    expect(win(['d4'])).toBeGreaterThan(win([]));
    expect(win(['2d4'])).toBeGreaterThan(win(['d4']));
  });

  it('hitOn "4+": a d6 trait counts 4, 5 and 6, so the d6 side does better', () => {
    const d6 = (hitOn: string) => exact([troupe('d4trait', 'd4'), troupe('d6trait', 'd6')], { hitOn }).metrics['win.d6trait'];
    expect(d6('4+')).toBeGreaterThan(d6('exact4'));
  });

  it('maxRounds: fewer rounds allowed, more draws', () => {
    const draw = (maxRounds: number) => exact([crew, guards], {}, { maxRounds }).metrics.draw;
    expect(draw(1)).toBeGreaterThan(draw(3));
    expect(draw(3)).toBeGreaterThan(draw(50));
  });
});

describe('bad battle setups are refused with file and path', () => {
  const messages = (setup: unknown): string[] => {
    try {
      planScenario({ name: 'bad', system: 'viciousness', mechanic: 'battle', setup }, 'bad.json');
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioErrors);
      return (e as ScenarioErrors).errors.map((x) => x.message);
    }
    throw new Error('the setup was accepted');
  };
  const ok = { name: 'b', combatants: [{ name: 'm' }] };

  it('no sides', () => {
    expect(messages({ sides: [] })).toEqual(['bad.json: setup.sides: expected at least 2 items, got 0']);
    expect(messages({})).toEqual(['bad.json: setup.sides: missing: expected a list']);
  });
  it('one side', () => {
    expect(messages({ sides: [ok] })).toEqual(['bad.json: setup.sides: expected at least 2 items, got 1']);
  });
  it('a side with no combatants', () => {
    expect(messages({ sides: [{ name: 'a', combatants: [] }, ok] })).toContain('bad.json: setup.sides.0.combatants: expected at least 1 item, got 0');
    expect(messages({ sides: [{ name: 'a', combatants: [{ name: 'm', count: 0 }] }, ok] })[0]).toMatch(
      /^bad\.json: setup\.sides\.0\.combatants: side "a" has no combatants/,
    );
    // A count of -1 beside a captain's 1 is refused at its field alone: the side is not
    // "every count 0" (the counts summed to 0, and it was said: a dashboard audit).
    expect(messages({ sides: [{ name: 'a', combatants: [{ name: 'captain' }, { name: 'm', count: -1 }] }, ok] })).toEqual([
      'bad.json: setup.sides.0.combatants.1.count: expected a number ≥ 0, got -1',
    ]);
  });
  it('medics 0: the default beside a named Medic may be written (an audit found it refused); with no Medic at all it is refused', () => {
    const medic = { name: 'a', combatants: [{ name: 'doc', traits: ['medic'] }, { name: 'm' }] };
    const sides = (side: object) => [side, { ...ok, combatants: [{ name: 'g', count: 2 }] }];
    const written = runPlan(planScenario({ name: 'm', system: 'viciousness', mechanic: 'battle', trials: 500, seed: 'm', setup: { sides: sides({ ...medic, medics: 0 }) } }, 'm.json')).results[0];
    const left = runPlan(planScenario({ name: 'm', system: 'viciousness', mechanic: 'battle', trials: 500, seed: 'm', setup: { sides: sides(medic) } }, 'm.json')).results[0];
    expect(written.metrics).toEqual(left.metrics);
    expect(messages({ sides: sides({ ...ok, name: 'a', aid: 'medic', medics: 0 }) })).toEqual([
      'bad.json: setup.sides.0.medics: side "a" has "aid": "medic" and "medics" 0, so no Medic attends: expected 1 or more, a combatant with the "medic" trait, or "aid": "ordinary"',
    ]);
  });
  it('an unknown flee policy or aid', () => {
    expect(messages({ sides: [{ ...ok, name: 'a', flee: 'sometimes' }, ok] })).toEqual([
      'bad.json: setup.sides.0.flee: expected one of "never", "outnumbered", "lostHalf", got "sometimes"',
    ]);
    expect(messages({ sides: [ok, { ...ok, name: 'c', aid: 'surgeon' }] })).toEqual([
      'bad.json: setup.sides.1.aid: expected one of "none", "ordinary", "medic", got "surgeon"',
    ]);
  });
  it('Medics without aid "medic", a bad maxRounds, an unknown field', () => {
    expect(messages({ sides: [{ ...ok, name: 'a', aid: 'ordinary', medics: 2 }, ok] })[0]).toMatch(
      /^bad\.json: setup\.sides\.0\.medics: "medics" counts the side's Medics, so it needs "aid": "medic"/,
    );
    expect(messages({ sides: [{ ...ok, name: 'a' }, ok], maxRounds: 0 })).toEqual(['bad.json: setup.maxRounds: expected a number ≥ 1, got 0']);
    expect(messages({ sides: [{ ...ok, name: 'a', fleeing: 'never' }, ok] })).toEqual(['bad.json: setup.sides.0.fleeing: unknown field "fleeing": expected one of "name", "bonus", "combatants", "flee", "aid", "medics", "berzerkerPush", "defenderPush", "marksmanPush", "push"']);
  });
  it('two sides of one name', () => {
    expect(messages({ sides: [ok, ok] })).toEqual(['bad.json: setup.sides.1.name: two sides are named "b": side names must differ']);
  });
});

describe('the result JSON', () => {
  it('is the same for the same seed, and carries the rounds and deaths histograms', () => {
    const a = run([troupe('a', 'd4'), troupe('b', 'd6')], {}, {}, 3000);
    const b = run([troupe('a', 'd4'), troupe('b', 'd6')], {}, {}, 3000);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const d = a.results[0].distributions!;
    expect(Object.keys(d)).toEqual(['rounds', 'deaths.a', 'deaths.b']);
    expect(d.rounds.x[0]).toBe(1);
    expect(d.rounds.x.length).toBe(50);
    expect(d['deaths.a'].x).toEqual([0, 1, 2, 3]);
  });

  it('solves a battle the direct way too: the chain alone, without the mechanic', () => {
    const odds = solveBattle(battleSetup.parse({ sides: [one('a'), one('b')] }), viciousnessRules.parse({}), 2);
    expect(odds.rounds[0]).toBeCloseTo(3 / 8, 15);
    expect(odds.rounds[1]).toBeCloseTo(5 / 8, 15); // decided in round 2, or a draw at the cap
    expect(odds.draw).toBeCloseTo((5 / 8) ** 2, 15);
  });
});

describe('Monte Carlo agrees with the exact chain on every metric, per combatant, across the variants', () => {
  // From an exactness audit: medicReach "all" and hitOn "4+" with traits had been compared
  // on a few totals only, never on each combatant's death, wound and flight odds.
  const cases: [string, object, object][] = [
    [
      'a named Medic reaching all, a Berzerker and a Duelist, captains first, 4+',
      {
        sides: [
          { name: 'crew', combatants: [{ name: 'doc', traits: ['medic'] }, { name: 'brute', traits: ['berzerker'], dice: ['d6'] }, { name: 'blade', traits: ['duelist'] }] },
          { name: 'guards', flee: 'lostHalf', combatants: [{ name: 'sergeant', dice: ['d6'] }, { name: 'guard', count: 2 }] },
        ],
      },
      { medicReach: 'all', hitOn: '4+', woundOrder: 'captainFirst' },
    ],
    [
      "the side's own Medic, minions first, fleeing when outnumbered",
      { sides: [{ name: 'a', aid: 'medic', flee: 'outnumbered', combatants: [{ name: 'cap', dice: ['d4'] }, { name: 'm', count: 2 }] }, { name: 'b', combatants: [{ name: 'x', count: 3 }] }] },
      { woundOrder: 'minionsFirst' },
    ],
  ];
  it.each(cases)('%s', (_label, setup, rules) => {
    expectAgreesWithExact(runPlan(planScenario({ name: 'battle', system: 'viciousness', mechanic: 'battle', trials: sized(60000), seed: 'variants', rules, setup }, 'battle.json')));
  });
});
