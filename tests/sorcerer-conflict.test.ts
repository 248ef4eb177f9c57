/**
 * Sorcerer conflicts: the text's worked examples (bleed, halving, Stand Up), the exact
 * opening exchange against the Monte Carlo and against `contest`, invariants, policies
 * moving results the way the rules say, and bad setups rejected with their path.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAVY_TEST_MS } from './size.ts';
import { loadPlans, readScenario } from '../cli/load.ts';
import { expectExactWithin5Se, expectRejected, standardError } from './helpers.ts';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { WEAPONS, bleed, condition, halvedLasting } from '../sim/sorcerer/bleed.ts';
import { TableContest, actionDice, fullDefenceDice, midRoundKeptDice, midRoundStandUpDice, pendingDefenceDice, standUpDice, stoodUpSacrificeDice } from '../sim/sorcerer/conflict.ts';
import { contestFold, successesOf, winnerOf, A_WINS } from '../sim/sorcerer/contest.ts';

type Fighter = Record<string, unknown>;

const jesse: Fighter = { name: 'jesse', stamina: 4, will: 3, weapon: 'fists' };
const lydia: Fighter = { name: 'lydia', stamina: 3, will: 5, weapon: 'blade' };

function run(a: Fighter, b: Fighter, opts: { trials?: number; seed?: string; extra?: Record<string, unknown>; rules?: Record<string, unknown> } = {}): ScenarioResult {
  const file: Record<string, unknown> = {
    name: 't',
    system: 'sorcerer',
    mechanic: 'conflict',
    trials: opts.trials ?? 20000,
    seed: opts.seed ?? 'sorcerer-conflict',
    setup: { a, b, ...opts.extra },
  };
  if (opts.rules) file.rules = opts.rules;
  return runPlan(planScenario(file, 'test.json'));
}

const ROOT = resolve(import.meta.dirname, '..');
const metricsOf = (r: ScenarioResult) => r.results[0].metrics;
const se = standardError;

const expectAgreement = expectExactWithin5Se;

describe('the worked examples of sorcerer.txt', () => {
  it('"if Jesse punches you with 1 success, you have 1 penalty to your next roll, and 1 lasting penalty"', () => {
    expect(bleed('fists', 1)).toEqual({ next: 1, lasting: 1 });
    // Fists always leave 1 lasting penalty, whatever X.
    expect(bleed('fists', 4)).toEqual({ next: 4, lasting: 1 });
  });

  it('"If Lydia fries you with her laser eyes with 2 successes, you are eating 4 penalties to your next action, and 9 lasting penalties" (Power 7): -13 dice', () => {
    const fried = bleed('demonicLethal', 2, 7);
    expect(fried).toEqual({ next: 4, lasting: 9 });
    // "your next action has a whopping -13 dice"
    expect(fried.next + fried.lasting).toBe(13);
  });

  it('Lydia\'s laser eyes through a conflict: 2 dice against one, Power 7 — lasting 8 or 9, halved to 4 or 5, and the next penalties count where injuryPenalties reads them', () => {
    // "If Lydia fries you with her laser eyes with 2 successes, you are eating 4 penalties to
    // your next action, and 9 lasting penalties" ("Demonic power, lethal (laser eyes): 2X next,
    // X+Power lasting"). One round: Lydia's 2d10 against a target with no action, whose
    // defence is the one die (a full defence of 0 dice, no +2: rules.totallyDefensive "never").
    // Worked apart from poolsim by enumerating every roll (Python, fractions; a tie on the
    // highest die leaves Lydia's second die against none: 1 success, rules.exhausted "one"):
    // 1 success 43/100, 2 successes 57/200, a miss 57/200.
    const lydiaFries = { name: 'lydia', stamina: 3, will: 3, dice: 2, weapon: 'demonicLethal', power: 7 };
    const you = { name: 'you', stamina: 4, will: 0, dice: 0, defence: 0, weapon: 'fists' };
    const once = (rules: Record<string, unknown>) => run(lydiaFries, you, { trials: 4000, seed: 'laser', extra: { maxRounds: 1 }, rules: { totallyDefensive: 'never', ...rules } }).results[0];
    const r = once({});
    expect(r.metrics['opening.landed'].exact).toBeCloseTo(143 / 200, 12);
    expect(r.metrics['opening.successes'].exact).toBeCloseTo(1, 12); // 43/100 + 2 · 57/200
    // "at the end of a conflict, your lasting penalties are halved (round up)": 1 success is
    // 1 + 7 = 8 lasting, 4 at the end; 2 successes are 2 + 7 = 9, 5 at the end. Nothing else.
    const d = r.distributions!['lasting.you'];
    d.x.forEach((x, i) => {
      if (x !== 0 && x !== 4 && x !== 5) expect(d.p[i], `lasting ${x}`).toBe(0);
    });
    const at = (x: number) => ({ p: d.p[d.x.indexOf(x)]!, se: se(d.ci95![d.x.indexOf(x)]!) });
    for (const [x, want] of [[0, 57 / 200], [4, 43 / 100], [5, 57 / 200]] as const) {
      expect(Math.abs(at(x).p - want), `lasting ${x}`).toBeLessThanOrEqual(5 * at(x).se);
    }
    // Stamina 4: the halved 5 is past it ("Your Stamina < Penalties"), the 4 is not.
    expect(r.metrics['injured.you'].estimate).toBe(at(5).p);
    expect(r.metrics['hospital.you'].estimate).toBe(0);
    // With the next penalties read too (rules.injuryPenalties "lastingAndNext"), the same
    // trials: 4 + 2 = 6 is injured, 5 + 4 = 9 is past twice the Stamina of 4.
    const both = once({ injuryPenalties: 'lastingAndNext' });
    expect(both.metrics['injured.you'].estimate).toBe(at(4).p);
    expect(both.metrics['hospital.you'].estimate).toBe(at(5).p);
  });

  it('Jesse\'s punch through a conflict: 1 success is 1 next and 1 lasting, halved to 1', () => {
    // "So, if Jesse punches you with 1 success, you have 1 penalty to your next roll, and 1
    // lasting penalty." One round, Jesse's one die against the one die: a tie is rolled again
    // (rules.tiedExchange "reroll"), so he lands half the time, always with 1 success.
    const jessePunches = { name: 'jesse', stamina: 3, will: 3, dice: 1, weapon: 'fists' };
    const you = { name: 'you', stamina: 1, will: 0, dice: 0, defence: 0, weapon: 'fists' };
    const once = (rules: Record<string, unknown>) => run(jessePunches, you, { trials: 4000, seed: 'punch', extra: { maxRounds: 1 }, rules: { totallyDefensive: 'never', ...rules } }).results[0];
    const r = once({});
    expect(r.metrics['opening.landed'].exact).toBeCloseTo(1 / 2, 12);
    expect(r.metrics['opening.successes'].exact).toBeCloseTo(1 / 2, 12);
    const d = r.distributions!['lasting.you'];
    d.x.forEach((x, i) => {
      if (x > 1) expect(d.p[i], `lasting ${x}`).toBe(0);
    });
    const landed = d.p[d.x.indexOf(1)]!;
    expect(Math.abs(landed - 1 / 2)).toBeLessThanOrEqual(5 * se(d.ci95![d.x.indexOf(1)]!));
    // Stamina 1: the lasting 1 alone is "<= Your Stamina"; with the next 1, 2 is past it and
    // not past twice it.
    expect(r.metrics['injured.you'].estimate).toBe(0);
    const both = once({ injuryPenalties: 'lastingAndNext' });
    expect(both.metrics['injured.you'].estimate).toBe(landed);
    expect(both.metrics['hospital.you'].estimate).toBe(0);
  });

  it('the rest of the table', () => {
    expect(bleed('blade', 3)).toEqual({ next: 3, lasting: 3 });
    expect(bleed('bigHandgun', 3)).toEqual({ next: 6, lasting: 3 });
    expect(bleed('bigGun', 2)).toEqual({ next: 6, lasting: 4 });
    expect(bleed('demonicTemporary', 2, 3)).toEqual({ next: 5, lasting: 0 });
    expect(bleed('demonicLasting', 2, 3)).toEqual({ next: 5, lasting: 2 });
  });

  it('every row of the bleed table, as written ("where X is the successes on the attack roll"), X = 0..6, Power 0..7', () => {
    // sorcerer.txt "Except bleed", row by row: [weapon, next, lasting] from the text's words.
    const rows: [string, (x: number, p: number) => number, (x: number, p: number) => number][] = [
      ['fists', (x) => x, () => 1], // "Fists/blunt weapons: X next, 1 lasting"
      ['blade', (x) => x, (x) => x], // "Blade: X next, X lasting"
      ['smallHandgun', (x) => x, (x) => x], // "Small handgun (Federated Arms X-22): X next, X lasting"
      ['bigHandgun', (x) => 2 * x, (x) => x], // "Big handgun (Armalite 44): 2X next, X lasting"
      ['rifle', (x) => 2 * x, (x) => x], // "Rifle (FN-FAL): 2X next, X lasting"
      ['bigGun', (x) => 3 * x, (x) => 2 * x], // "Big, big gun (Arasaka 20mm cannon): 3X next, 2X lasting"
      ['demonicLethal', (x) => 2 * x, (x, p) => x + p], // "Demonic power, lethal (laser eyes): 2X next, X+Power lasting"
      ['demonicTemporary', (x, p) => x + p, () => 0], // "Demonic power, non-lethal, temporary (mighty throw): X+Power next, 0 lasting"
      ['demonicLasting', (x, p) => x + p, (x) => x], // "Demonic power, non-lethal, lasting (taser eyes): X+Power next, X lasting"
    ];
    expect(Object.keys(WEAPONS).sort()).toEqual(rows.map(([w]) => w).sort());
    for (const [weapon, next, lasting] of rows) {
      for (let x = 0; x <= 6; x++) {
        for (let p = 0; p <= 7; p++) {
          expect(bleed(weapon as keyof typeof WEAPONS, x, p), `${weapon} X=${x} Power=${p}`).toEqual({ next: next(x, p), lasting: lasting(x, p) });
        }
      }
    }
  });

  it('"at the end of a conflict, your lasting penalties are halved (round up)"', () => {
    expect(halvedLasting(9)).toBe(5);
    expect(halvedLasting(8)).toBe(4);
    expect(halvedLasting(1)).toBe(1);
    expect(halvedLasting(0)).toBe(0);
  });

  it('the Stamina thresholds', () => {
    expect(condition(3, 3)).toBe('ok'); // "Penalties <= Your Stamina"
    expect(condition(6, 3)).toBe('injured'); // "Your Stamina < Penalties <= 2x Your Stamina"
    expect(condition(7, 3)).toBe('hospital'); // "Penalties > 2x Your Stamina"
  });

  it('"want to use your whole 3 Stamina to do so, roll Will vs. 3"', () => {
    expect(standUpDice('full', 3)).toBe(3);
    expect(standUpDice('half', 3)).toBe(2);
    expect(standUpDice('never', 3)).toBe(0);
  });

  it('penalties subtract dice; the one-die defence is one die', () => {
    const f = { name: 'x', stamina: 4, will: 2, weapon: 'fists' as const, bonus: 1 };
    expect(actionDice(f, 3, 2)).toBe(4 + 1 + 2 - 3);
    expect(actionDice(f, 13, 0)).toBe(0);
    expect(pendingDefenceDice({ ...f, defend: 'oneDie' }, 3)).toEqual({ dice: 1, sacrifices: false });
    expect(pendingDefenceDice({ ...f, defend: 'fullDefence' }, 3)).toEqual({ dice: 2, sacrifices: true });
    expect(pendingDefenceDice({ ...f, defend: 'fullDefenceWhenHurt' }, 0)).toEqual({ dice: 1, sacrifices: false });
  });

  it('"if you dodge, roll your full Stamina + bonuses": `defenceBonus`, else `bonus`', () => {
    // "Bad-ass weapons, +1-2" are the attack's: a designer keeps them off the dodge with 0.
    const f = { name: 'x', stamina: 4, will: 2, weapon: 'blade' as const, bonus: 2 };
    expect(fullDefenceDice(f, 1)).toBe(4 + 2 - 1);
    expect(fullDefenceDice({ ...f, defenceBonus: 0 }, 1)).toBe(4 - 1);
    expect(fullDefenceDice({ ...f, defenceBonus: 1 }, 1, 2)).toBe(4 + 1 + 2 - 1);
    expect(actionDice({ ...f, defenceBonus: 0 }, 1, 0)).toBe(4 + 2 - 1); // the attack keeps its weapon
    // moreDice compares the full defence it would roll: 4 + 0 − 3 = 1 is no more than the one die.
    expect(pendingDefenceDice({ ...f, defenceBonus: 0 }, 3)).toEqual({ dice: 1, sacrifices: false });
    expect(pendingDefenceDice(f, 3)).toEqual({ dice: 3, sacrifices: true });
    // "Roll 1 die (with no bonuses)" stays one die.
    expect(pendingDefenceDice({ ...f, defenceBonus: 3, defend: 'oneDie' }, 0)).toEqual({ dice: 1, sacrifices: false });
  });

  it('"10 9 8 5 5 beats 6 4 3 with three successes", on the table', () => {
    const faces = (dice: number[]) => {
      const f = new Int32Array(11);
      for (const d of dice) f[d]++;
      return f;
    };
    const s = new TableContest(contestFold('one'), 10).run(faces([10, 9, 8, 5, 5]), 5, faces([6, 4, 3]), 3);
    expect(winnerOf(s)).toBe(A_WINS);
    expect(successesOf(s)).toBe(3);
  });
});

describe('the exact opening exchange', () => {
  const cases: [string, Fighter, Fighter, Record<string, unknown>?][] = [
    ['fists against a blade, full defence', { ...jesse, defend: 'fullDefence' }, { ...lydia, defend: 'fullDefence' }],
    ['fists against a blade, the default defence (moreDice)', jesse, lydia],
    ['one-die defence, a bonus die and carried lasting penalties', { ...jesse, bonus: 1, defend: 'oneDie' }, { ...lydia, lasting: 2, defend: 'oneDie' }],
    ['defence that turns full when hurt; d6s; exhausted wins count all dice', { ...jesse, lasting: 1, defend: 'fullDefenceWhenHurt', defence: 5 }, { ...lydia, dice: 2, defend: 'fullDefenceWhenHurt' }, { die: 'd6' }],
    ['a character with no dice to act with', { ...jesse, lasting: 4 }, lydia],
    // Lydia's 8 dice mostly act first, against a dodge of 4 dice (6 if the weapon counted).
    // Both hit just before ("you have 1 penalty to your next roll"): round 1 pays for it.
    ['next penalties carried in, due on the first action and the full defence', { ...jesse, next: 2, lasting: 1 }, { ...lydia, next: 1, defend: 'fullDefence' }],
    ['a bad-ass weapon (+2) kept off the dodge (defenceBonus 0)', { ...jesse, bonus: 2, defenceBonus: 0, defend: 'fullDefence' }, { ...lydia, dice: 8 }],
    // A sacrifice takes +2 (rules.totallyDefensive): the hurt one's moreDice now sacrifices.
    ['a sacrifice with +2 ("I dive under the couch!"), the default defence under lasting harm', { ...jesse, lasting: 3 }, { ...lydia, defend: 'fullDefence' }],
  ];
  for (const [what, a, b, extra] of cases) {
    it(`agrees with the Monte Carlo: ${what}`, () => {
      const rules = what.includes('count all') ? { exhausted: 'remaining' } : what.includes('+2') ? { totallyDefensive: 'sacrifice' } : undefined;
      expect(expectAgreement(run(a, b, { trials: 30000, extra, rules }))).toBe(4);
    });
  }

  it('a sacrifice takes the +2 of a "Totally defensive (opposes no one) declared action" by default (since December 2026): the exact opening of rules.totallyDefensive "sacrifice", not "never"', () => {
    // "Sacrifice your planned action and declare a defensive action, at full dice": Lydia
    // always sacrifices when Jesse's fists come first, on Stamina 3 + 2 dice; on 3 without.
    const sacrificer = { ...lydia, defend: 'fullDefence' };
    const byDefault = metricsOf(run(jesse, sacrificer, { trials: 1 }));
    const plus2 = metricsOf(run(jesse, sacrificer, { trials: 1, rules: { totallyDefensive: 'sacrifice' } }));
    const never = metricsOf(run(jesse, sacrificer, { trials: 1, rules: { totallyDefensive: 'never' } }));
    for (const k of ['first.jesse', 'first.lydia', 'opening.landed', 'opening.successes']) expect(byDefault[k].exact, k).toBeCloseTo(plus2[k].exact!, 12);
    // Who acts first is the same; the first action lands far less often against 5 dice.
    expect(byDefault['first.jesse'].exact).toBeCloseTo(never['first.jesse'].exact!, 12);
    expect(never['opening.landed'].exact! - byDefault['opening.landed'].exact!).toBeGreaterThan(0.05);
    // And the whole conflict, byte for byte.
    const figures = (r: ScenarioResult) => JSON.stringify(r.results);
    expect(figures(run(jesse, sacrificer, { trials: 3000 }))).toBe(figures(run(jesse, sacrificer, { trials: 3000, rules: { totallyDefensive: 'sacrifice' } })));
  });

  // rules.tiedExchange "reroll": "If both sides have the same number of dice, throw your
  // hands up in despair and re-roll or something" — the opening exchange, when it ties all
  // the way down, is rolled again until it does not. Ties are common on few dice.
  const rerollCases: [string, Fighter, Fighter, Record<string, unknown>?, Record<string, unknown>?][] = [
    ['a one-die mirror, sucking it up', { ...jesse, dice: 1, defend: 'oneDie' }, { ...lydia, dice: 1, defend: 'oneDie' }],
    // 4 − 2 and 3 − 1: two dice to act and two to dodge (moreDice sacrifices for two). Without
    // the sacrifice's +2 (rules.totallyDefensive "never"), which would make the dodge four
    // dice against two, where no exchange ties all the way down.
    ['heavily penalised: two dice a side to act and to dodge', { ...jesse, lasting: 2 }, { ...lydia, lasting: 1 }, undefined, { totallyDefensive: 'never' }],
    // Jesse's 4 − 1 against Lydia's sacrifice of 1 + 2.
    ['d6s, a sacrifice with +2, exhausted wins counting all dice', { ...jesse, lasting: 1, defend: 'fullDefence' }, { ...lydia, defence: 1 }, { die: 'd6' }, { exhausted: 'remaining', totallyDefensive: 'sacrifice' }],
  ];
  for (const [what, a, b, extra, rules] of rerollCases) {
    it(`agrees with the Monte Carlo when a tied exchange is re-rolled: ${what}`, () => {
      const rerolled = run(a, b, { trials: 30000, extra, rules: { ...rules, tiedExchange: 'reroll' } });
      expect(expectAgreement(rerolled)).toBe(4);
      // Who acts first is the same; the first action lands more often, as its ties now land
      // or fail instead of doing nothing.
      const standOff = metricsOf(run(a, b, { trials: 1, extra, rules: { ...rules, tiedExchange: 'standOff' } }));
      const m = metricsOf(rerolled);
      for (const k of ['first.jesse', 'first.lydia']) expect(m[k].exact).toBe(standOff[k].exact);
      expect(m['opening.landed'].exact! - standOff['opening.landed'].exact!).toBeGreaterThan(0.005);
    });
  }

  it('a re-rolled tie is a fresh exchange: against a character with no action, the `contest` of attack and dodge given no full tie', () => {
    // No action (0 dice + 2 bonus − 3 lasting): Lydia's one die attacks first, against a full
    // defence of one (Stamina 4 + 0 − 3; without the +2 of rules.totallyDefensive, "never",
    // which would make it three); one against one ties a tenth of the time.
    const dodger = { ...jesse, dice: 0, bonus: 2, defenceBonus: 0, lasting: 3 };
    const c = runPlan(
      planScenario({ name: 'c', system: 'sorcerer', mechanic: 'contest', trials: 1, setup: { a: { name: 'lydia', dice: 1 }, b: { name: 'jesse', dice: 1 } } }, 'c.json'),
    ).results[0].metrics;
    expect(c.reroll.exact).toBeCloseTo(0.1, 12);
    const standOff = metricsOf(run(dodger, { ...lydia, dice: 1 }, { trials: 1, rules: { tiedExchange: 'standOff', totallyDefensive: 'never' } }));
    const rerolled = metricsOf(run(dodger, { ...lydia, dice: 1 }, { trials: 1, rules: { tiedExchange: 'reroll', totallyDefensive: 'never' } }));
    expect(standOff['opening.landed'].exact).toBeCloseTo(c['win.lydia'].exact!, 12);
    expect(rerolled['opening.landed'].exact).toBeCloseTo(c['win.lydia'].exact! / (1 - c.reroll.exact!), 12);
    expect(rerolled['opening.successes'].exact).toBeCloseTo(c['successes.lydia'].exact! / (1 - c.reroll.exact!), 12);
    // One die against one, given no tie: a coin.
    expect(rerolled['opening.landed'].exact).toBeCloseTo(0.5, 12);
  });

  it('who acts first is the `contest` of the two action pools (a reroll split evenly)', () => {
    const c = runPlan(
      planScenario({ name: 'c', system: 'sorcerer', mechanic: 'contest', trials: 1, setup: { a: { name: 'jesse', dice: 4 }, b: { name: 'lydia', dice: 3 } } }, 'c.json'),
    ).results[0].metrics;
    const opening = metricsOf(run(jesse, lydia, { trials: 1 }));
    expect(opening['first.jesse'].exact).toBeCloseTo(c['win.jesse'].exact! + c.reroll.exact! / 2, 12);
  });

  it('a dodge rolls `defenceBonus`, not `bonus`: against a character with no action, the opening is the `contest` of attack and dodge', () => {
    // No action (0 dice + 2 bonus − 2 lasting), so Lydia's 3 dice attack first, against a
    // full defence of Stamina 4 + defenceBonus − 2 lasting (without the +2 of
    // rules.totallyDefensive, "never": with it, 4 and 6 dice, 0.12 apart).
    const dodger = { ...jesse, dice: 0, bonus: 2, lasting: 2 };
    const contest = (dodge: number) =>
      runPlan(
        planScenario({ name: 'c', system: 'sorcerer', mechanic: 'contest', trials: 1, setup: { a: { name: 'lydia', dice: 3 }, b: { name: 'jesse', dice: dodge } } }, 'c.json'),
      ).results[0].metrics;
    const never = { totallyDefensive: 'never' };
    const kept = metricsOf(run({ ...dodger, defenceBonus: 0 }, lydia, { trials: 1, rules: never }));
    const counted = metricsOf(run(dodger, lydia, { trials: 1, rules: never }));
    expect(kept['first.lydia'].exact).toBe(1);
    expect(kept['opening.landed'].exact).toBeCloseTo(contest(2)['win.lydia'].exact!, 12);
    expect(kept['opening.successes'].exact).toBeCloseTo(contest(2)['successes.lydia'].exact!, 12);
    expect(counted['opening.landed'].exact).toBeCloseTo(contest(4)['win.lydia'].exact!, 12);
    expect(kept['opening.landed'].exact! - counted['opening.landed'].exact!).toBeGreaterThan(0.2);
  });

  it('is left out when a character must Stand Up to act in round 1', () => {
    const m = metricsOf(run({ ...jesse, lasting: 5 }, lydia, { trials: 100 }));
    expect(m['opening.landed'].exact).toBeUndefined();
    // "Your total penalties to an action are equal to your next + lasting penalties".
    expect(metricsOf(run({ ...jesse, lasting: 2, next: 3 }, lydia, { trials: 100 }))['opening.landed'].exact).toBeUndefined();
  });

  it('says what happens when a character above its Stamina at round 1\'s start cannot be "a Will roll away"', () => {
    const notesOf = (r: ScenarioResult) => r.results[0].notes ?? [];
    const away = /a Will roll away/;
    // Past twice its Stamina at round 1's start, a character is beaten with no Will roll,
    // and no round is played (an audit's case, December 2026: both, b on 5 lasting + 4 next).
    const a = { name: 'a', stamina: 4, will: 3, weapon: 'blade', lasting: 9 };
    const b = { name: 'b', stamina: 4, will: 3, weapon: 'blade', lasting: 5, next: 4 };
    const both = run(a, b, { trials: 200 });
    expect(notesOf(both)[0]).toMatch(/^exact opening skipped: both a and b start past twice their Stamina in penalties, beaten at round 1's start with no Will roll .*no round is played and no one takes a first action/);
    expect(notesOf(both).join()).not.toMatch(away);
    expect(metricsOf(both).draw.estimate).toBe(1);
    expect(metricsOf(both)['first.a'].estimate + metricsOf(both)['first.b'].estimate).toBe(0);
    const one = run(a, { ...b, next: 0 }, { trials: 200 });
    expect(notesOf(one)[0]).toMatch(/^exact opening skipped: a starts past twice its Stamina in penalties/);
    expect(notesOf(one).join()).not.toMatch(away);
    // Above its Stamina and not past twice it, with no Will to stand up with: under
    // "loseAction" it sits round 1 out and the other acts first (an audit's case, December
    // 2026, b's dice its 2 bonus dice); under "beaten" it is beaten at round 1's start.
    const willless = { name: 'a', stamina: 2, will: 0, dice: 2, weapon: 'demonicLasting', power: 1, next: 3 };
    const other = { name: 'b', stamina: 2, will: 1, dice: 0, bonus: 2, weapon: 'blade', currency: 'none' };
    const extra = { maxRounds: 2 };
    const sits = run(willless, other, { trials: 400, extra, rules: { injuryPenalties: 'lastingAndNext' } });
    expect(notesOf(sits)[0]).toMatch(/^exact opening skipped: a starts above its Stamina in penalties and cannot Stand Up \(Will 0 and no Stand Up bonus dice\): it has no action in round 1, sitting the round out and sucking it up on one die if attacked/);
    expect(notesOf(sits).join()).not.toMatch(away);
    expect(metricsOf(sits)['first.b'].estimate).toBe(1);
    const beaten = run(willless, other, { trials: 400, extra, rules: { injuryPenalties: 'lastingAndNext', failedStandUp: 'beaten' } });
    expect(notesOf(beaten)[0]).toMatch(/cannot Stand Up \(Will 0 and no Stand Up bonus dice\): it is beaten at round 1's start \(rules.failedStandUp "beaten"\), so no round is played/);
    expect(metricsOf(beaten)['win.b'].estimate).toBe(1);
    // One that cannot Stand Up beside one above its Stamina that can (a review's case):
    // under "beaten" the first ends the conflict at round 1's start, the other's Will roll
    // deciding only a win or a draw, so no round is played; under "loseAction" the first
    // sits out and the other is a Will roll away.
    const willless4 = { name: 'willless', stamina: 4, will: 0, lasting: 5, weapon: 'blade' };
    const hurt = { name: 'hurt', stamina: 4, will: 3, lasting: 5, weapon: 'blade' };
    const mixedBeaten = run(willless4, hurt, { trials: 400, rules: { failedStandUp: 'beaten' } });
    expect(notesOf(mixedBeaten)[0]).toMatch(/^exact opening skipped: willless starts above its Stamina in penalties and cannot Stand Up \(Will 0 and no Stand Up bonus dice\): it is beaten at round 1's start \(rules.failedStandUp "beaten"\), so no round is played and no one takes a first action/);
    expect(notesOf(mixedBeaten).join()).not.toMatch(away);
    expect(metricsOf(mixedBeaten).rounds.estimate).toBe(0);
    expect(metricsOf(mixedBeaten)['first.willless'].estimate + metricsOf(mixedBeaten)['first.hurt'].estimate).toBe(0);
    const mixedSits = run(willless4, hurt, { trials: 400 });
    expect(notesOf(mixedSits)[0]).toMatch(/^exact opening skipped: willless .* cannot Stand Up .*: it has no action in round 1, .*; hurt starts above its Stamina in penalties too and must Stand Up to act in round 1, so its dice are a Will roll away/);
    expect(metricsOf(mixedSits)['first.willless'].estimate).toBe(0);
    // standUp "never": the same; one that can try is a Will roll away.
    expect(notesOf(run({ ...jesse, lasting: 5, standUp: 'never' }, lydia, { trials: 100 }))[0]).toMatch(/jesse starts above its Stamina in penalties and cannot Stand Up \(standUp "never"\)/);
    expect(notesOf(run({ ...jesse, lasting: 5 }, lydia, { trials: 100 }))[0]).toMatch(away);
  });

  it('next penalties carried in weigh on round 1 as lasting ones do: the same exact opening', () => {
    const exactOf = (m: ReturnType<typeof metricsOf>) => ['first.jesse', 'first.lydia', 'opening.landed', 'opening.successes'].map((k) => m[k].exact);
    const next = metricsOf(run({ ...jesse, next: 3 }, { ...lydia, next: 1 }, { trials: 1 }));
    const lasting = metricsOf(run({ ...jesse, lasting: 3 }, { ...lydia, lasting: 1 }, { trials: 1 }));
    const fresh = metricsOf(run(jesse, lydia, { trials: 1 }));
    expect(exactOf(next)).toEqual(exactOf(lasting));
    expect(next['first.jesse'].exact! - fresh['first.jesse'].exact!).toBeLessThan(-0.2);
  });
});

describe('a conflict', () => {
  it('ends in a win or a draw; final lasting penalties are halved and binned', () => {
    const r = run(jesse, lydia, { trials: 5000 });
    const m = metricsOf(r);
    expect(m['win.jesse'].estimate + m['win.lydia'].estimate + m.draw.estimate).toBeCloseTo(1, 12);
    const dist = r.results[0].distributions!['lasting.jesse'];
    expect(dist.p.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
    const mean = dist.x.reduce((s, x, i) => s + x * dist.p[i], 0);
    expect(mean).toBeCloseTo(m['lasting.jesse'].estimate, 9); // no value beyond the last bin here
  });

  it('the last bin of lasting counts that value or more, and says so in the result and the chart', async () => {
    // The audit's case: Stamina 1 against a big gun, 3 rounds: lasting runs past the bins.
    // Played as the audit played it, without the sacrifice's +2 (rules.totallyDefensive
    // "never"), which lets a's Stamina 1 dodge on 3 dice and the big gun seldom land thrice.
    const r = run({ name: 'a', stamina: 1, will: 0, weapon: 'fists', dice: 10 }, { name: 'b', stamina: 1, will: 0, weapon: 'bigGun', dice: 10, standUp: 'never' }, { trials: 5000, extra: { maxRounds: 3 }, rules: { totallyDefensive: 'never' } });
    const dist = r.results[0].distributions!['lasting.a'];
    expect(dist.lastAtLeast).toBe(true);
    const last = dist.x.length - 1;
    expect(dist.p[last]).toBeGreaterThan(0.05);
    // The mean is above what the bins would give if the last were exactly its value.
    const binned = dist.x.reduce((s, x, i) => s + x * dist.p[i], 0);
    expect(metricsOf(r)['lasting.a'].estimate).toBeGreaterThan(binned);
    const { distributionBars } = await import('../reports/charts/distributionBars.ts');
    expect(distributionBars(r, 'lasting.a')).toContain('last bar: that value or more');
  });

  it('the same seed gives the same numbers', () => {
    expect(JSON.stringify(run(jesse, lydia, { trials: 2000 }))).toBe(JSON.stringify(run(jesse, lydia, { trials: 2000 })));
    const rerolled = () => JSON.stringify(run({ ...jesse, dice: 1 }, { ...lydia, dice: 1 }, { trials: 2000, rules: { tiedExchange: 'reroll' } }));
    expect(rerolled()).toBe(rerolled());
  });

  it('a tied exchange is rolled again by default ("re-roll or something"): the figures of rules.tiedExchange "reroll", byte for byte', () => {
    const figures = (r: ScenarioResult) => JSON.stringify(r.results);
    expect(figures(run(jesse, { ...lydia, dice: 4 }, { trials: 3000, rules: { tiedExchange: 'reroll' } }))).toBe(figures(run(jesse, { ...lydia, dice: 4 }, { trials: 3000 })));
    expect(figures(run(jesse, { ...lydia, dice: 4 }, { trials: 3000, rules: { tiedExchange: 'standOff' } }))).not.toBe(figures(run(jesse, { ...lydia, dice: 4 }, { trials: 3000 })));
  });

  it('rules.failedStandUp: "loseAction" is the default (since December 2026), byte for byte, and "beaten" is not', () => {
    // "This roll only applies to your next action. If you're still holding your guts in with
    // one hand by next action, you need another Will roll": a failed Stand Up at a round's
    // start costs that round's action; the conflict ends only past twice the Stamina.
    const figures = (r: ScenarioResult) => JSON.stringify(r.results);
    const sorc = { name: 'sorc', stamina: 4, will: 4, weapon: 'blade' };
    const demon = { name: 'demon', stamina: 4, will: 4, weapon: 'demonicTemporary', power: 2 };
    const byDefault = figures(run(sorc, demon, { trials: 3000 }));
    expect(figures(run(sorc, demon, { trials: 3000, rules: { failedStandUp: 'loseAction' } }))).toBe(byDefault);
    expect(figures(run(sorc, demon, { trials: 3000, rules: { failedStandUp: 'beaten' } }))).not.toBe(byDefault);
    // A conflict that never meets a round-start Stand Up is the same under both: one round,
    // nobody hurt as it begins. (A review: this compared the default with "loseAction", the
    // default itself, on a cast that does meet one, 0.558 against 0.611 for lydia.)
    // (The figures only: "beaten" there carries the note that it changes nothing.)
    const oneRound = { trials: 3000, extra: { maxRounds: 1 } };
    const metrics = (r: ScenarioResult) => JSON.stringify(r.results.map((p) => p.metrics));
    expect(metrics(run(jesse, { ...lydia, dice: 4 }, oneRound))).toBe(metrics(run(jesse, { ...lydia, dice: 4 }, { ...oneRound, rules: { failedStandUp: 'beaten' } })));
  });

  it('rules.failedStandUp: "loseAction" leaves the exact opening as it was under "beaten"', () => {
    const sorc = { name: 'sorc', stamina: 4, will: 4, weapon: 'blade' };
    const demon = { name: 'demon', stamina: 4, will: 4, weapon: 'demonicTemporary', power: 2 };
    const beatenRun = run(sorc, demon, { trials: 20000, rules: { failedStandUp: 'beaten' } });
    const sitsRun = run(sorc, demon, { trials: 20000, rules: { failedStandUp: 'loseAction' } });
    const [beaten, sits] = [metricsOf(beatenRun), metricsOf(sitsRun)];
    // Nobody starts above its Stamina, so round 1 has no Stand Up and the first action comes
    // in it: the exact opening is the same (a guard: exact() does not read the rule), and
    // the Monte Carlo agrees with it under both — the check that can fail, the simulated
    // opening played by each reading.
    for (const k of ['first.sorc', 'first.demon', 'opening.landed', 'opening.successes']) {
      expect(sits[k].exact, k).toBeDefined();
      expect(sits[k].exact, k).toBe(beaten[k].exact);
    }
    expect(expectAgreement(sitsRun)).toBe(4);
    expect(expectAgreement(beatenRun)).toBe(4);
    // The rest of the fight is not: thrown down, the sorcerer sits a round out and gets up
    // again, and mighty throws ("X+Power next, 0 lasting") all but never win. (Under
    // "beaten" the demon wins 0.167 here, its sorcerer dodging on the sacrifice's +2 by
    // default since December 2026; 0.27 with rules.totallyDefensive "never".)
    expect(beaten['win.demon'].estimate).toBeGreaterThan(0.15);
    expect(sits['win.demon'].estimate).toBeLessThan(0.02);
    expect(sits.rounds.estimate).toBeGreaterThan(beaten.rounds.estimate + 2);
  });

  it('rules.failedStandUp "loseAction": past twice its Stamina a character is beaten at once, with no Will roll ("Seriously, you need a hospital")', () => {
    // b starts past twice its Stamina (9 > 2 × 4): it is beaten before round 1, either way.
    const hurt = { name: 'b', stamina: 4, will: 9, lasting: 9, weapon: 'blade' };
    for (const rules of [{ failedStandUp: 'beaten' }, {}, { failedStandUp: 'loseAction' }]) {
      const m = metricsOf(run(jesse, hurt, { trials: 500, rules }));
      expect(m['win.jesse'].estimate).toBe(1);
      expect(m.rounds.estimate).toBe(0);
      expect(m['stoodUp.b'].estimate).toBe(0);
    }
    // At 8 it is not past it: under "loseAction" a failed Will roll costs it round 1's action
    // only, and the fight goes on; under "beaten" it is over.
    const down = { ...hurt, will: 1, lasting: 8 };
    expect(metricsOf(run(jesse, down, { trials: 2000, rules: { failedStandUp: 'loseAction' } })).rounds.estimate).toBeGreaterThan(1);
    expect(metricsOf(run(jesse, down, { trials: 2000, rules: { failedStandUp: 'beaten' } }))['win.jesse'].estimate).toBeGreaterThan(0.8);
  });

  it('a Will roll at the start of a round that finds a character beaten is no Stand Up: the round is not played, and `stoodUp` does not count it', () => {
    // The second implementation's smallest case (an audit, December 2026): a starts past twice
    // its Stamina (9 > 8), b above its own and not past it (5). "This roll only applies to
    // your next action", and there is none: the conflict ends at round 1's start. Until
    // December 2026 b's won Will roll was counted: stoodUp.b 0.40.
    const a = { name: 'a', stamina: 4, will: 3, weapon: 'blade', lasting: 9 };
    const b = { name: 'b', stamina: 4, will: 3, weapon: 'blade', lasting: 5 };
    const sits = metricsOf(run(a, b, { trials: 4000 }));
    expect(sits['win.b'].estimate).toBe(1);
    expect(sits.rounds.estimate).toBe(0);
    expect(sits['stoodUp.b'].estimate).toBe(0);
    // Under "beaten" b's roll still decides a win (it stands up) against a draw (it does
    // not), and is not counted either.
    const beaten = metricsOf(run(a, b, { trials: 4000, rules: { failedStandUp: 'beaten' } }));
    expect(beaten['win.b'].estimate).toBeGreaterThan(0.2);
    expect(beaten.draw.estimate).toBeGreaterThan(0.2);
    expect(beaten.rounds.estimate).toBe(0);
    expect(beaten['stoodUp.b'].estimate).toBe(0);
    // Later in a fight: the stander is above its Stamina at every round's start (lasting 5 on
    // Stamina 4, Will 30 against its 4 dice: it all but never fails), so it is never asked
    // for a second Will roll mid-round ("This roll only applies to your next action"): it
    // stands up at most once a round played. The fight mostly ends at a round's start that
    // finds frail past twice its Stamina, where the stander's roll was counted until
    // December 2026 (then stoodUp.stander > rounds).
    const stander = { name: 'stander', stamina: 4, will: 30, lasting: 5, weapon: 'blade' };
    const frail = { name: 'frail', stamina: 2, will: 0, weapon: 'fists' };
    for (const rules of [{}, { failedStandUp: 'beaten' }]) {
      const m = metricsOf(run(stander, frail, { trials: 4000, rules }));
      expect(m['win.stander'].estimate).toBeGreaterThan(0.5);
      expect(m['stoodUp.stander'].estimate).toBeGreaterThan(0.5);
      expect(m['stoodUp.stander'].estimate).toBeLessThanOrEqual(m.rounds.estimate);
    }
  });

  it('rules.nextPenalty "thisAction": an action the hits before it left no dice is no action, so its target neither defends nor wins currency by it', () => {
    // The independent audit's cast: a (2 dice, sucking it up) is often hit by b's fists
    // before acting for as many next penalties as it has dice, which take every die off the
    // table; fists leave 1 lasting penalty, so it need not stand up. Played as an attack of
    // no dice (until December 2026), b won its defence with every die and rolled them all
    // over, which ended fights sooner: mean rounds 8.09 (100,000 trials), 8.58 as no action;
    // at this seed 8.08 [8.03, 8.13] against 8.58 [8.53, 8.63].
    const a = { name: 'a', stamina: 5, will: 3, dice: 2, defend: 'oneDie', weapon: 'fists' };
    const b = { name: 'b', stamina: 4, will: 3, weapon: 'fists' };
    const m = metricsOf(run(a, b, { trials: 20000, rules: { nextPenalty: 'thisAction' } }));
    expect(m.rounds.ci95[0]).toBeGreaterThan(8.35);
  });

  it('a character already past twice its Stamina cannot stand up: it loses at once, in hospital', () => {
    const m = metricsOf(run({ ...jesse, lasting: 9 }, lydia, { trials: 500 }));
    expect(m['win.lydia'].estimate).toBe(1);
    expect(m.rounds.estimate).toBe(0);
    expect(m['stoodUp.jesse'].estimate).toBe(0);
    // 9 halved (round up) is 5: above Stamina 4, not above 8: injured, not hospital.
    expect(m['injured.jesse'].estimate).toBe(1);
    expect(m['lasting.jesse'].estimate).toBe(5);
  });

  it('"you are eating 4 penalties to your next action, and 9 lasting penalties": next 4, lasting 9 on Stamina 3 loses at once, injured', () => {
    // "your next action has a whopping -13 dice": 13 > 2 × Stamina 3, so no Stand Up.
    const fried = { name: 'fried', stamina: 3, will: 5, weapon: 'fists', next: 4, lasting: 9 };
    const m = metricsOf(run(fried, lydia, { trials: 500 }));
    expect(m['win.lydia'].estimate).toBe(1);
    expect(m.rounds.estimate).toBe(0);
    expect(m['stoodUp.fried'].estimate).toBe(0);
    expect(m['opening.landed'].exact).toBeUndefined();
    // Only the lasting 9 is halved (round up): 5, above Stamina 3, not above 6.
    expect(m['lasting.fried'].estimate).toBe(5);
    expect(m['injured.fried'].estimate).toBe(1);
    expect(m['hospital.fried'].estimate).toBe(0);
    // Written as `lasting: 13` it would halve to 7: in hospital.
    const asLasting = metricsOf(run({ ...fried, next: 0, lasting: 13 }, lydia, { trials: 500 }));
    expect(asLasting['hospital.fried'].estimate).toBe(1);
  });

  it('rules.injuryPenalties "lastingAndNext": the fried sorcerer\'s 4 next penalties, never rolled against, count with its halved lasting 5: 9 > 6, in hospital', () => {
    // "Your total penalties to an action are equal to your next + lasting penalties" and
    // "at the end of a conflict, your lasting penalties are halved (round up). Then see
    // above": the next 4 came due at round 1's start, which found it beaten.
    const fried = { name: 'fried', stamina: 3, will: 5, weapon: 'fists', next: 4, lasting: 9 };
    const m = metricsOf(run(fried, lydia, { trials: 500, rules: { injuryPenalties: 'lastingAndNext' } }));
    expect(m['win.lydia'].estimate).toBe(1);
    // The mean lasting penalty stays the halved lasting one alone.
    expect(m['lasting.fried'].estimate).toBe(5);
    expect(m['injured.fried'].estimate).toBe(0);
    expect(m['hospital.fried'].estimate).toBe(1);
    // The default ("'Next' penalties apply only to your next action"), said or not: the same.
    const byDefault = run(fried, lydia, { trials: 500 });
    expect(JSON.stringify(run(fried, lydia, { trials: 500, rules: { injuryPenalties: 'lasting' } }).results)).toBe(JSON.stringify(byDefault.results));
    expect(metricsOf(byDefault)['hospital.fried'].estimate).toBe(0);
  });

  it('rules.injuryPenalties "lastingAndNext" at maxRounds: the next penalties of the last round\'s blow count, not halved', () => {
    // One round. b's full defence is of no dice (defence 0, always in full), so a's 3 fists
    // land with 3 successes whoever acts first: "X next, 1 lasting" leaves b 3 next, 1
    // lasting. Halved (round up) the lasting 1 is 1, not above Stamina 1; 1 + 3 = 4 is above
    // twice it. a sucks it up (oneDie) so it keeps its action if b comes first. No +2 on b's
    // sacrifice (rules.totallyDefensive "never"), or its dodge would be two dice.
    const a = { name: 'a', stamina: 5, will: 3, dice: 3, defend: 'oneDie', weapon: 'fists' };
    const b = { name: 'b', stamina: 1, will: 0, dice: 1, defence: 0, defend: 'fullDefence', weapon: 'fists' };
    const never = { totallyDefensive: 'never' };
    const byDefault = metricsOf(run(a, b, { trials: 500, extra: { maxRounds: 1 }, rules: never }));
    const withNext = metricsOf(run(a, b, { trials: 500, extra: { maxRounds: 1 }, rules: { ...never, injuryPenalties: 'lastingAndNext' } }));
    expect(byDefault.draw.estimate).toBe(1);
    expect(byDefault['lasting.b'].estimate).toBe(1);
    expect(byDefault['hospital.b'].estimate).toBe(0);
    expect(byDefault['injured.b'].estimate).toBe(0);
    expect(withNext['hospital.b'].estimate).toBe(1);
    // Who wins is the same conflict either way: only the judgement at the end reads it.
    expect(withNext.draw.estimate).toBe(1);
    expect(withNext['lasting.b'].estimate).toBe(1);
  });

  it('rules.injuryPenalties moves injured and hospital alone: every other figure the same at the same seed', () => {
    // The library's weapons fight, the thug's big gun: the same draws, the same conflicts.
    const sorcererFists = { name: 'sorcerer', stamina: 4, will: 5, weapon: 'fists' };
    const thug = { name: 'thug', stamina: 4, will: 2, weapon: 'bigGun' };
    const [m0, m1] = [{}, { injuryPenalties: 'lastingAndNext' }].map((rules) => metricsOf(run(sorcererFists, thug, { trials: 4000, rules })));
    const judged = /^(injured|hospital)\./;
    for (const k of Object.keys(m0)) if (!judged.test(k)) expect(m1[k], k).toEqual(m0[k]);
    // The big gun's "3X next" on the blow that beats the sorcerer (past twice its Stamina,
    // by default): in hospital two times in five, against all but never on the halved
    // lasting ones alone.
    expect(m0['hospital.sorcerer'].estimate).toBeLessThan(0.005);
    expect(m1['hospital.sorcerer'].ci95[0]).toBeGreaterThan(0.35);
    // Under rules.failedStandUp "beaten" the same: other figures, the same split.
    const [b0, b1] = [{ failedStandUp: 'beaten' }, { failedStandUp: 'beaten', injuryPenalties: 'lastingAndNext' }].map((rules) => metricsOf(run(sorcererFists, thug, { trials: 4000, rules })));
    for (const k of Object.keys(b0)) if (!judged.test(k)) expect(b1[k], k).toEqual(b0[k]);
    expect(b0['hospital.sorcerer'].estimate).toBe(0);
    expect(b1['hospital.sorcerer'].ci95[0]).toBeGreaterThan(0.15);
  });

  it('next penalties carried in are spent in round 1; lasting ones stay', () => {
    // "'Next' penalties apply only to your next action. Lasting penalties apply until you rest".
    const next = metricsOf(run({ ...jesse, next: 3 }, lydia));
    const lasting = metricsOf(run({ ...jesse, lasting: 3 }, lydia));
    expect(next['win.jesse'].ci95[0]).toBeGreaterThan(lasting['win.jesse'].ci95[1]);
    expect(next['lasting.jesse'].ci95[1]).toBeLessThan(lasting['lasting.jesse'].ci95[0]);
  });

  it('`maxRounds` rounds gone is a draw: nothing of a round never played decides it', () => {
    // A big gun ("3X next, 2X lasting") against Stamina 2: one landed hit in round 1 leaves
    // b unable to act at the start of round 2, but with maxRounds 1 there is no round 2.
    const a = { name: 'a', stamina: 4, will: 3, weapon: 'bigGun' };
    const b = { name: 'b', stamina: 2, will: 2, weapon: 'fists' };
    const one = metricsOf(run(a, b, { trials: 4000, extra: { maxRounds: 1 } }));
    expect(one.draw.estimate).toBe(1);
    expect(one.rounds.estimate).toBe(1);
    expect(one['stoodUp.b'].estimate).toBe(0); // no round-2 Stand Up roll either
    // A fight decided at the start of round k ≤ maxRounds still counts: with more rounds
    // some end in a win, and draws fall as maxRounds grows.
    const six = metricsOf(run(a, b, { trials: 4000, extra: { maxRounds: 6 } }));
    const twenty = metricsOf(run(a, b, { trials: 4000, extra: { maxRounds: 20 } }));
    expect(six['win.a'].estimate).toBeGreaterThan(0.3);
    expect(six.draw.estimate).toBeGreaterThan(twenty.draw.estimate);
    expect(six.rounds.estimate).toBeLessThanOrEqual(6);
  });

  it('a mid-round Stand Up asks for the policy\'s dice, but no more than the action has on the table', () => {
    // "roll your Will (without penalties) vs. the number of dice you'd like to use for your
    // action, up to your score": mid-round the action's dice are already on the table.
    expect(midRoundStandUpDice(4, 2)).toBe(2);
    expect(midRoundStandUpDice(2, 4)).toBe(2);
    expect(midRoundStandUpDice(4, 4)).toBe(4);
    // On a success it keeps those dice + its bonus + the currency it carried into the round
    // (as a Stand Up at the round's start rolls them), never more than are on the table.
    expect(midRoundKeptDice(2, 2, 1, 7)).toBe(5);
    expect(midRoundKeptDice(2, 2, 1, 4)).toBe(4);
    expect(midRoundKeptDice(3, 0, 0, 5)).toBe(3);
    // b (Stamina 4, Will 3, 4 dice, one-die defence) is often hit by a's fists before its
    // action with fewer than 4 dice on the table: its Will rolls against those (stoodUp.b
    // 2.104 [2.078, 2.131] at this seed, December 2026, with the sacrifice's +2 by default);
    // rolling against all 4 of its `full` policy gives 1.868 [1.843, 1.892] (measured by
    // swapping the rule). The band tells the readings apart. (Without the +2,
    // rules.totallyDefensive "never": 1.769 against 1.595, which the band of 0.67 it had
    // then no longer told apart, since a failed Stand Up costs only the round's action and
    // is tried again. Earlier: 0.729 and 0.609; 0.89 and 0.74 before a defence cut to 0 dice
    // gave up every attacking die; 0.714 and 0.636 before a mid-round Stand Up kept the
    // currency on the table.)
    const a = { name: 'a', stamina: 5, will: 3, weapon: 'fists' };
    const b = { name: 'b', stamina: 4, will: 3, dice: 4, defend: 'oneDie', weapon: 'blade' };
    const m = metricsOf(run(a, b, { trials: 20000 }));
    expect(m['stoodUp.b'].ci95[0]).toBeGreaterThan(1.95);
  });

  it('nobody with dice: a draw at maxRounds', () => {
    const m = metricsOf(run({ ...jesse, dice: 0 }, { ...lydia, dice: 0 }, { trials: 200, extra: { maxRounds: 6 } }));
    expect(m.draw.estimate).toBe(1);
    expect(m.rounds.estimate).toBe(6);
  });
});

describe('policies move results the way the rules say', () => {
  const duel = (a: Fighter, b: Fighter, trials = 20000) => metricsOf(run(a, b, { trials }));
  const apart = (better: { ci95: [number, number] }, worse: { ci95: [number, number] }) =>
    expect(better.ci95[0]).toBeGreaterThan(worse.ci95[1]);

  it('a bigger gun wins more and leaves more lasting harm', () => {
    const fists = duel(jesse, { ...lydia, weapon: 'fists' });
    const gun = duel(jesse, { ...lydia, weapon: 'bigGun' });
    apart(gun['win.lydia'], fists['win.lydia']);
    apart(gun['lasting.jesse'], fists['lasting.jesse']);
    apart(gun['injured.jesse'], fists['injured.jesse']);
  });

  it('laser eyes (X+Power lasting) on a frail target: some need a hospital even after halving', () => {
    const m = duel({ ...jesse, stamina: 1, will: 4 }, { ...lydia, weapon: 'demonicLethal', power: 7 }, 5000);
    // One hit leaves at least 1 + 7 lasting: halved, 4 > 2 × Stamina 1.
    expect(m['hospital.jesse'].ci95[0]).toBeGreaterThan(0.3);
    expect(m['hospital.lydia'].estimate).toBe(0);
  });

  it('"Of course you can, you\'re a Sorcerer, dammit!": standing up wins more than staying down', () => {
    const stands = duel({ ...jesse, standUp: 'full', will: 5 }, lydia);
    const staysDown = duel({ ...jesse, standUp: 'never', will: 5 }, lydia);
    apart(stands['win.jesse'], staysDown['win.jesse']);
    expect(staysDown['stoodUp.jesse'].estimate).toBe(0);
    expect(stands['stoodUp.jesse'].estimate).toBeGreaterThan(0);
  });

  it('"You can rack up bonus dice on this roll (spit blood, stomp on your friends, etc.)": Stand Up bonus dice stand a hurt sorcerer up more often, and win more', () => {
    const hurt = { ...jesse, will: 1, lasting: 5 };
    const plain = duel(hurt, lydia);
    const spitsBlood = duel({ ...hurt, standUpBonus: 3 }, lydia);
    apart(spitsBlood['stoodUp.jesse'], plain['stoodUp.jesse']);
    apart(spitsBlood['win.jesse'], plain['win.jesse']);
    // A Will of 0 stands up on its bonus dice alone.
    const noWill = duel({ ...hurt, will: 0 }, lydia, 2000);
    expect(noWill['stoodUp.jesse'].estimate).toBe(0);
    expect(duel({ ...hurt, will: 0, standUpBonus: 2 }, lydia, 2000)['stoodUp.jesse'].estimate).toBeGreaterThan(0);
  });

  it('rolling currency over wins more than letting it go', () => {
    const rolls = duel({ ...jesse, currency: 'all' }, { ...lydia, currency: 'none' });
    const drops = duel({ ...jesse, currency: 'none' }, { ...lydia, currency: 'none' });
    apart(rolls['win.jesse'], drops['win.jesse']);
  });

  it('"I punch my demon in the face (2 successes). That will give me 2 bonus dice" (rules.attackCurrency nextAction): blows rolled over win more; a fighter whose currency is not `all` rolls none over', () => {
    const withRules = (a: Fighter, b: Fighter, attackCurrency: string) => metricsOf(run(a, b, { rules: { attackCurrency } }));
    const rolls = withRules(jesse, { ...lydia, currency: 'defence' }, 'nextAction');
    const keeps = withRules(jesse, { ...lydia, currency: 'defence' }, 'none');
    apart(rolls['win.jesse'], keeps['win.jesse']);
    apart(keeps.rounds, rolls.rounds);
    // It comes into play after the first action: the exact opening is the same.
    for (const k of ['first.jesse', 'opening.landed', 'opening.successes']) expect(rolls[k].exact).toBe(keeps[k].exact);
    // Neither rolls every success over: the variant would change nothing, and is refused.
    const a = { ...jesse, currency: 'standUp' };
    const b = { ...lydia, currency: 'defence' };
    expect(() => withRules(a, b, 'nextAction')).toThrow('rules.attackCurrency: "nextAction" rolls a landed attack\'s successes over for a fighter whose currency is "all", and neither is');
  });

  it('"Sacrifice your planned action and declare a defensive action, at full dice" after a Stand Up (rules.standUpCovers actionOrSacrifice): the dice the Will roll bought, up to the dodge\'s score', () => {
    // Asked for 4 (its whole attack), dodging on Stamina 3 with a +1 shield: 3 + 1.
    expect(stoodUpSacrificeDice({ name: 'x', stamina: 3, will: 5, dice: 4, defenceBonus: 1, weapon: 'fists' }, 4)).toBe(4);
    // By half (2 of 4): 2, and the bonus.
    expect(stoodUpSacrificeDice({ name: 'x', stamina: 3, will: 5, dice: 4, bonus: 2, weapon: 'fists' }, 2)).toBe(4);
    // Hurt past its Stamina from the start, it always sacrifices when hit first: by default the
    // penalties it stood up under cut that defence to nothing.
    const hurt = { ...jesse, stamina: 5, will: 6, lasting: 6, weapon: 'blade', defend: 'fullDefence' };
    const withRules = (a: Fighter, standUpCovers: string) => metricsOf(run(a, { ...lydia, stamina: 5 }, { rules: { standUpCovers } }));
    const covered = withRules(hurt, 'actionOrSacrifice');
    const cut = withRules(hurt, 'action');
    apart(covered['win.jesse'], cut['win.jesse']);
    apart(cut['lasting.jesse'], covered['lasting.jesse']);
    // Round 1 needs a Stand Up: no exact opening either way.
    expect(covered['opening.landed'].exact).toBeUndefined();
    // Never standing up, and the other never sacrificing, the variant would change nothing: refused.
    expect(() => metricsOf(run({ ...hurt, standUp: 'never' }, { ...lydia, stamina: 5, defend: 'oneDie' }, { rules: { standUpCovers: 'actionOrSacrifice' } }))).toThrow('rules.standUpCovers: "actionOrSacrifice" covers a sacrifice after a Stand Up');
  });

  it('"roll your Passion first": a Passion roll before each action wins more fights, counted only for the one who rolls it', () => {
    const bare = duel(jesse, lydia);
    const withPassion = duel({ ...jesse, passion: 3 }, lydia);
    apart(withPassion['win.jesse'], bare['win.jesse']);
    // Laid out for jesse alone; a won roll adds at least one die.
    expect(withPassion['passionWon.jesse'].estimate).toBeGreaterThan(0);
    expect(withPassion['passionBonus.jesse'].estimate).toBeGreaterThanOrEqual(withPassion['passionWon.jesse'].estimate);
    expect(withPassion['passionWon.lydia']).toBeUndefined();
    expect(bare['passionWon.jesse']).toBeUndefined();
    // Against no dice to act with (lydia's lasting penalties at her Stamina, in round 1), the
    // roll wins with every die: 3 bonus dice.
    const against = metricsOf(run({ ...jesse, passion: 3 }, { ...lydia, lasting: 3 }, { trials: 2000, extra: { maxRounds: 1 } }));
    expect(against['passionWon.jesse'].estimate).toBe(1);
    expect(against['passionBonus.jesse'].estimate).toBe(3);
    // The opening is exact with the round-1 Passion rolls first (each pair of bonus dice's
    // opening, weighed by its chance), and the Monte Carlo agrees: both rolling Passion, and
    // one under penalties its Passion dice pay first.
    for (const [a, b] of [
      [{ ...jesse, passion: 3 }, lydia],
      [{ ...jesse, passion: 2 }, { ...lydia, passion: 2 }],
      [{ ...jesse, dice: 2, lasting: 3, passion: 3 }, { ...lydia, passion: 1 }],
    ] as [Fighter, Fighter][]) {
      const r = run(a, b, { trials: 40000 });
      const m = metricsOf(r);
      for (const k of ['first.jesse', 'first.lydia', 'opening.landed', 'opening.successes']) expect(m[k].exact, `${k} ${JSON.stringify([a, b])}: ${r.results[0].notes}`).toBeTypeOf('number');
      expect(expectAgreement(r)).toBe(4);
    }
    // Where the Passion dice cannot lift either side above no dice (each 1 die under 4
    // lasting penalties, Passion 2 against none: −1 die), the first action comes later.
    const r = run({ ...jesse, dice: 1, lasting: 4, passion: 2 }, { ...lydia, stamina: 4, dice: 1, lasting: 4, passion: 2 }, { trials: 200 });
    expect(metricsOf(r)['first.jesse'].exact).toBeUndefined();
    expect(r.results[0].notes?.join(' ')).toContain('after the Passion rolls, neither character may have dice to act with in round 1');
  }, HEAVY_TEST_MS);

  it('"Penalties apply to ALL actions" with rules.passionPenalties "cut": the penalties in force take the Passion roll\'s dice, unless it stood up this round', () => {
    // lydia, 3 lasting penalties on Stamina 3, has no dice to act with in round 1, so a
    // Passion roll against her wins with every die it rolls. Uncut: 3 dice, 3 bonus dice.
    const cut = { rules: { passionPenalties: 'cut' }, trials: 2000, extra: { maxRounds: 1 } };
    const idle = { ...lydia, lasting: 3 };
    const uncut = metricsOf(run({ ...jesse, lasting: 2, passion: 3 }, idle, { ...cut, rules: {} }));
    expect(uncut['passionBonus.jesse'].estimate).toBe(3);
    // Cut by jesse's 2 lasting penalties: 1 die, 1 bonus die; by 3: no roll at all.
    const two = metricsOf(run({ ...jesse, lasting: 2, passion: 3 }, idle, cut));
    expect(two['passionWon.jesse'].estimate).toBe(1);
    expect(two['passionBonus.jesse'].estimate).toBe(1);
    const three = metricsOf(run({ ...jesse, lasting: 3, passion: 3 }, idle, cut));
    expect(three['passionWon.jesse'].estimate).toBe(0);
    // Next penalties carried in come due on round 1's action, and on its Passion roll: 2 + 1.
    const due = metricsOf(run({ ...jesse, lasting: 2, next: 1, passion: 3 }, idle, cut));
    expect(due['passionWon.jesse'].estimate).toBe(0);
    // Past its Stamina (5 on 4) jesse stands up, and its Will roll ("without penalties") set
    // the action's dice: the Passion roll is not cut, 3 dice won whenever it stood up.
    const stood = metricsOf(run({ ...jesse, will: 5, lasting: 5, passion: 3 }, idle, cut));
    expect(stood['stoodUp.jesse'].estimate).toBeGreaterThan(0.3);
    expect(stood['passionWon.jesse'].estimate).toBe(stood['stoodUp.jesse'].estimate);
    expect(stood['passionBonus.jesse'].estimate).toBeCloseTo(3 * stood['stoodUp.jesse'].estimate, 12);
  });


  /**
   * The exact opening of `a` against `b` under `rules`: every figure of it there, agreeing
   * with the Monte Carlo; with the opening under the default rules beside it.
   */
  const openingUnder = (a: Fighter, b: Fighter, rules: Record<string, unknown>) => {
    const r = run(a, b, { trials: 40000, rules });
    const m = metricsOf(r);
    for (const k of ['first.jesse', 'first.lydia', 'opening.landed', 'opening.successes']) expect(m[k].exact, `${k} ${JSON.stringify([a, b])}: ${r.results[0].notes}`).toBeTypeOf('number');
    expect(expectAgreement(r)).toBe(4);
    return { m, before: metricsOf(run(a, b, { trials: 10 })) };
  };
  it('rules.passionPenalties "cut": the exact opening cuts the round-1 Passion rolls by the penalties carried in, and the Monte Carlo agrees', () => {
    // jesse on 2 dice under 3 lasting penalties with Passion 4 (a roll of 1 die, cut), lydia
    // with 1 lasting penalty and Passion 2 (1 die); then a next penalty carried in.
    for (const [a, b] of [
      [{ ...jesse, dice: 2, lasting: 3, passion: 4 }, { ...lydia, lasting: 1, passion: 2 }],
      [{ ...jesse, next: 2, passion: 3 }, lydia],
    ] as [Fighter, Fighter][]) {
      const { m, before } = openingUnder(a, b, { passionPenalties: 'cut' });
      // Fewer Passion dice won: jesse acts first less often than uncut.
      expect(m['first.jesse'].exact!, JSON.stringify([a, b])).toBeLessThan(before['first.jesse'].exact! - 0.02);
    }
    // jesse, 1 die under 3 lasting penalties, rolls Passion 3 against lydia's no dice: uncut,
    // its 3 dice won lift it to 1 die to act with; cut by the 3, it rolls none, and neither
    // may act in round 1, so the opening is Monte Carlo only.
    const r = run({ ...jesse, dice: 1, lasting: 3, passion: 3 }, { ...lydia, dice: 3, lasting: 3 }, { trials: 200, rules: { passionPenalties: 'cut' } });
    expect(metricsOf(r)['first.jesse'].exact).toBeUndefined();
    expect(r.results[0].notes?.join(' ')).toContain('after the Passion rolls, neither character may have dice to act with in round 1');
  });

  it('"Sacrifice your planned action and declare a defensive action, at full dice" with rules.passionDefence "fullDefence": the round-1 Passion dice join the sacrifice, exactly and in the Monte Carlo', () => {
    // jesse always sacrifices; then one under 3 lasting penalties whose dodge (4 − 3) is the
    // one die moreDice sucks it up on, unless its Passion dice lift it; then both rolling
    // Passion, lydia sacrificing.
    for (const [a, b] of [
      [{ ...jesse, passion: 3, defend: 'fullDefence' }, lydia],
      [{ ...jesse, lasting: 3, passion: 3 }, lydia],
      [{ ...jesse, passion: 2 }, { ...lydia, passion: 2, defend: 'fullDefence' }],
    ] as [Fighter, Fighter][]) {
      const { m, before } = openingUnder(a, b, { passionDefence: 'fullDefence' });
      // The dodge's extra dice turn blows aside: the first action lands less often.
      expect(m['opening.landed'].exact!, JSON.stringify([a, b])).toBeLessThan(before['opening.landed'].exact! - 0.01);
      // Who acts first is the action's dice, which the variant leaves alone.
      expect(m['first.jesse'].exact).toBeCloseTo(before['first.jesse'].exact!, 12);
    }
  }, HEAVY_TEST_MS);

  it('rules.passionDefence left at "never" leaves the library\'s Passion fights byte-identical to the committed baseline', () => {
    // The baseline (reports/baseline) is made at .ci/balance's trial count and the
    // scenario's own seed, so the same engine reproduces its results to the byte.
    // The other rules are played as the baseline recorded them, so a default of another
    // rule changed since (rules.failedStandUp, December 2026) does not count against this one.
    const baseline = JSON.parse(readFileSync(join(ROOT, 'reports', 'baseline', 'sorcerer-conflict-passion', 'results.json'), 'utf8')) as ScenarioResult;
    const file = join(ROOT, 'scenarios', 'sorcerer-conflict-passion.yaml');
    const { passionDefence: _left, ...others } = baseline.rules as Record<string, unknown>;
    const raw = { ...(readScenario(file) as Record<string, unknown>), rules: others };
    const result = runPlan(planScenario(raw, file, { trials: baseline.trials }));
    expect(result.rules).toMatchObject({ passionDefence: 'never' });
    expect(JSON.stringify(result.results)).toBe(JSON.stringify(baseline.results));
  }, HEAVY_TEST_MS);

  it('"Note that some of your currency dice may not apply!" (rules.sacrificeCurrency): by default none goes with a sacrifice; with "carried" the currency carried in does, and round 1 carries none, so the exact opening stays', () => {
    // A dodger (1 die of big handgun, 6 of dodge) that sacrifices whenever 5 fists come
    // first wins its defences by several dice and carries them into the next round: there
    // they go with its sacrifice. At this seed win.a 0.500 [0.493, 0.507] without them,
    // 0.555 [0.548, 0.562] with them (December 2026; 0.348 and 0.380 under
    // rules.totallyDefensive "never"; 0.386 and 0.429 when this was written).
    const a = { name: 'a', stamina: 4, will: 3, dice: 1, defence: 6, defend: 'fullDefence', weapon: 'bigHandgun' };
    const b = { name: 'b', stamina: 4, will: 3, dice: 5, defend: 'oneDie', weapon: 'fists' };
    const none = run(a, b, { trials: 20000 });
    expect(JSON.stringify(run(a, b, { trials: 20000, rules: { sacrificeCurrency: 'none' } }).results)).toBe(JSON.stringify(none.results));
    const carried = run(a, b, { trials: 20000, rules: { sacrificeCurrency: 'carried' } });
    expect(carried.results[0].notes ?? []).toEqual([]);
    const [m0, m1] = [metricsOf(none), metricsOf(carried)];
    expect(m1['win.a'].ci95[0]).toBeGreaterThan(m0['win.a'].ci95[1]);
    for (const k of ['first.a', 'first.b', 'opening.landed', 'opening.successes']) {
      expect(m1[k].exact, k).toBeTypeOf('number');
      expect(m1[k].exact, k).toBe(m0[k].exact);
    }
    expect(expectAgreement(carried)).toBe(4);
  });

  it('lasting penalties carried in lose more conflicts', () => {
    const fresh = duel(jesse, lydia);
    const hurt = duel({ ...jesse, lasting: 3 }, lydia);
    apart(fresh['win.jesse'], hurt['win.jesse']);
  });
});

describe('bad setups are rejected with the path of the mistake', () => {
  const bad = (setup: unknown, path: string, words: RegExp) => expectRejected('sorcerer', 'conflict', setup, path, words);

  it('laser eyes without a Power', () => bad({ a: { ...jesse, weapon: 'demonicLethal' }, b: lydia }, 'setup.a.power', /demon's Power/));
  it('an unknown weapon', () => bad({ a: jesse, b: { ...lydia, weapon: 'spoon' } }, 'setup.b.weapon', /expected one of "fists"/));
  it('one name twice', () => bad({ a: jesse, b: { ...lydia, name: 'jesse' } }, 'setup.b.name', /names must differ/));
  it('negative Stamina', () => bad({ a: { ...jesse, stamina: -1 }, b: lydia }, 'setup.a.stamina', /≥ 0/));
  it('an unknown defence policy', () => bad({ a: { ...jesse, defend: 'dodge' }, b: lydia }, 'setup.a.defend', /expected one of "fullDefence"/));
  it('a missing Will', () => bad({ a: { ...jesse, will: undefined }, b: lydia }, 'setup.a.will', /missing/));
  it('a Passion of no dice', () => bad({ a: { ...jesse, passion: 0 }, b: lydia }, 'setup.a.passion', /≥ 1/));
  it('Stand Up bonus dice for one that never stands up', () =>
    bad({ a: { ...jesse, standUp: 'never', standUpBonus: 2 }, b: lydia }, 'setup.a.standUpBonus', /standUp is "never", so there is no Stand Up roll for these dice/));
});

describe('a conflict variant no fighter can meet is refused: it would change nothing', () => {
  const fighter = (name: string, extra: object = {}) => ({ name, stamina: 4, will: 4, weapon: 'fists', ...extra });
  const refusal = (rules: object, a: object = {}, b: object = {}) => {
    try {
      planScenario({ name: 'c', system: 'sorcerer', mechanic: 'conflict', trials: 10, rules, setup: { a: fighter('a', a), b: fighter('b', b) } }, 'c.json');
    } catch (e) {
      return (e as ScenarioErrors).errors.map((x) => x.message).join('\n');
    }
    return 'accepted';
  };
  it('attackCurrency "nextAction" needs a fighter whose currency is "all"', () => {
    expect(refusal({ attackCurrency: 'nextAction' }, { currency: 'defence' }, { currency: 'standUp' })).toContain('rules.attackCurrency: "nextAction" rolls a landed attack\'s successes over for a fighter whose currency is "all", and neither is');
    expect(refusal({ attackCurrency: 'nextAction' }, { currency: 'defence' })).toBe('accepted');
  });
  it('standUpCovers "actionOrSacrifice" needs a fighter that both stands up and sacrifices', () => {
    expect(refusal({ standUpCovers: 'actionOrSacrifice' }, { defend: 'oneDie' }, { standUp: 'never' })).toContain('rules.standUpCovers: "actionOrSacrifice" covers a sacrifice after a Stand Up, and neither fighter both stands up and sacrifices');
    expect(refusal({ standUpCovers: 'actionOrSacrifice' }, { defend: 'oneDie' })).toBe('accepted');
    // No dice of its stat: a Stand Up asks for none and is never rolled.
    expect(refusal({ standUpCovers: 'actionOrSacrifice' }, { defend: 'oneDie' }, { dice: 0, bonus: 2 })).toContain('neither fighter both stands up and sacrifices (standUp "never", no dice to stand up with,');
  });
  it('passionDefence "fullDefence" needs a fighter that rolls Passion', () => {
    expect(refusal({ passionDefence: 'fullDefence' })).toContain('rules.passionDefence: "fullDefence" gives a full defence the Passion dice won this round, and neither fighter rolls Passion');
    // Whatever its defend policy: with no dice left to act with it defends in full anyway.
    expect(refusal({ passionDefence: 'fullDefence' }, {}, { passion: 2, defend: 'oneDie' })).toBe('accepted');
  });

  it('passionPenalties "cut" needs a fighter that rolls Passion', () => {
    expect(refusal({ passionPenalties: 'cut' })).toContain('rules.passionPenalties: "cut" cuts the Passion roll by the penalties in force, and neither fighter rolls Passion');
    expect(refusal({ passionPenalties: 'cut' }, {}, { passion: 2 })).toBe('accepted');
  });
});

describe('the documented weapons are the engine\'s', () => {
  /** "2X", "X + Power", "1": the coefficients of X and Power and the flat count. */
  const terms = (cell: string) => {
    const c = { x: 0, power: 0, flat: 0 };
    for (const t of cell.split('+').map((s) => s.trim())) {
      const x = /^(\d*)X$/.exec(t);
      if (x) c.x += Number(x[1] || 1);
      else if (t === 'Power') c.power += 1;
      else if (/^\d+$/.test(t)) c.flat += Number(t);
      else throw new Error(`unreadable cell "${cell}"`);
    }
    return c;
  };

  it('docs/rulings/sorcerer-conflict.md lists every `weapon` value with its bleed, and docs/scenario-format.md names each', () => {
    const ruling = readFileSync(resolve(import.meta.dirname, '../docs/rulings/sorcerer-conflict.md'), 'utf8');
    const rows = [...ruling.matchAll(/^\| `(\w+)` \| "[^"]+" \| ([^|]+) \| ([^|]+) \|$/gm)];
    expect(rows.map((r) => r[1]).sort()).toEqual(Object.keys(WEAPONS).sort());
    for (const [, name, next, lasting] of rows) {
      const w = WEAPONS[name as keyof typeof WEAPONS];
      expect(terms(next!), `${name} next`).toEqual({ x: w.nextX, power: w.nextPower, flat: 0 });
      expect(terms(lasting!), `${name} lasting`).toEqual({ x: w.lastingX, power: w.lastingPower, flat: w.lastingFlat });
    }
    const format = readFileSync(resolve(import.meta.dirname, '../docs/scenario-format.md'), 'utf8');
    const conflictRow = format.split('\n').find((l) => l.startsWith('| `conflict` |'))!;
    for (const name of Object.keys(WEAPONS)) expect(conflictRow, name).toContain(`\`${name}\``);
  });

  it('docs/scenario-format.md gives each optional field of a conflict its default, and the default is what leaving it out plays', () => {
    const format = readFileSync(resolve(import.meta.dirname, '../docs/scenario-format.md'), 'utf8');
    const setupCell = format.split('\n').find((l) => l.startsWith('| `conflict` |'))!.split(' | ')[1]!;
    const documented = new Map([...setupCell.matchAll(/(\w+)\?`\s*\(([^)]*)\)/g)].map((m) => [m[1]!, m[2]!]));
    const optional = ['dice', 'defence', 'bonus', 'defenceBonus', 'lasting', 'next', 'defend', 'standUp', 'standUpBonus', 'currency'];
    for (const k of [...optional, 'die', 'maxRounds']) expect(documented.has(k), `${k}? names its default`).toBe(true);
    // A hurt fighter with bonus dice, so that every default is played.
    const a: Fighter = { name: 'a', stamina: 4, will: 3, bonus: 1, weapon: 'blade' };
    const valueOf = (text: string): unknown => {
      const its = /^its `(\w+)`$/.exec(text);
      if (its) return a[its[1]!] ?? 0;
      const code = /^`(\w+)`$/.exec(text);
      if (code) return code[1];
      return Number(/^\d+/.exec(text)![0]);
    };
    const figures = (f: Fighter, extra: Record<string, unknown> = {}) => JSON.stringify(run(f, lydia, { trials: 400, extra }).results);
    for (const k of optional) {
      const { [k]: _left, ...without } = a;
      expect(figures({ ...without, [k]: valueOf(documented.get(k)!) }), k).toBe(figures(without));
    }
    for (const k of ['die', 'maxRounds']) expect(figures(a, { [k]: valueOf(documented.get(k)!) }), k).toBe(figures(a));
  });

  it('the demon written as the ruling writes it runs, its Power bleeding by the demonic row', () => {
    const demon = { name: 'demon', stamina: 5, will: 5, dice: 5, weapon: 'demonicLethal', power: 3, standUp: 'never' };
    const ruling = readFileSync(resolve(import.meta.dirname, '../docs/rulings/sorcerer-conflict.md'), 'utf8');
    expect(ruling).toContain(JSON.stringify(demon).replace(/^\{/, '{ ').replace(/\}$/, ' }').replace(/,"/g, ', "').replace(/":/g, '": '));
    expect(() => planScenario({ name: 'd', system: 'sorcerer', mechanic: 'conflict', trials: 100, setup: { a: jesse, b: demon } }, 'd.json')).not.toThrow();
    expect(bleed('demonicLethal', 2, 7)).toEqual({ next: 4, lasting: 9 });
    // Without its Power: refused at the Power, in words the form's field reads too.
    const { power: _power, ...powerless } = demon;
    expect(() => planScenario({ name: 'd', system: 'sorcerer', mechanic: 'conflict', trials: 100, setup: { a: jesse, b: powerless } }, 'd.json')).toThrow(
      `d.json: setup.b.power: the weapon, a demonic power, bleeds by the demon's Power ("X+Power"): expected a number, 0 or more`,
    );
  });
});
