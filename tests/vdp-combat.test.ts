/**
 * VDP combat: the text's worked examples, the exact opening exchange against the Monte
 * Carlo, invariants of a fight, policies moving results the way the rules say, and bad
 * setups rejected with the path of the mistake.
 */
import { describe, expect, it } from 'vitest';
import { expectExactWithin5Se, expectRejected, standardError } from './helpers.ts';
import { sized } from './size.ts';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import type { ScenarioResult } from '../sim/result.ts';
import { exchange, defenderTension } from '../sim/vdp/exchange.ts';
import { VdpRoll } from '../sim/vdp/pool.ts';
import { WOUND_LIMITS, attackDiceFor, firstTurnChance, woundLimitOf } from '../sim/vdp/combat.ts';

type Character = Record<string, unknown>;

const jill: Character = {
  name: 'jill',
  attack: { attribute: 2, skill: 1 }, // "a Physical Power of 2 and a Brawling skill of 1"
  defence: { attribute: 3, skill: 1 },
  fortitude: 2, // "Jill's Physical Fortitude of 2"
  type: 'trained', // "she only has 3 Wounds"
  timing: 6,
};
const jack: Character = {
  name: 'jack',
  attack: { attribute: 2, skill: 2 }, // "his Wrestling skill (2) plus Physical Power (2)"
  defence: { attribute: 3, skill: 2 }, // "his dodge skill (2) and Physical Reaction (3)"
  fortitude: 2,
  type: 'trained',
  timing: 7,
};

function run(characters: Character[], opts: { trials?: number; seed?: string; maxRounds?: number; rules?: Record<string, unknown> } = {}): ScenarioResult {
  const setup: Record<string, unknown> = { characters };
  if (opts.maxRounds !== undefined) setup.maxRounds = opts.maxRounds;
  const plan = planScenario(
    { name: 't', system: 'vdp', mechanic: 'combat', trials: opts.trials ?? 20000, seed: opts.seed ?? 'vdp-combat', setup, ...(opts.rules ? { rules: opts.rules } : {}) },
    'test.json',
  );
  return runPlan(plan);
}

const metricsOf = (r: ScenarioResult) => r.results[0].metrics;

const se = standardError;

const expectAgreement = expectExactWithin5Se;

function expectBadSetup(setup: unknown, path: string, words: RegExp) {
  try {
    planScenario({ name: 'bad', system: 'vdp', mechanic: 'combat', setup }, 'bad.json');
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioErrors);
    const messages = (e as ScenarioErrors).errors.map((x) => x.message);
    const hit = messages.find((m) => m.startsWith(`bad.json: ${path}: `));
    expect(hit, `no message at ${path} in:\n${messages.join('\n')}`).toBeDefined();
    expect(hit).toMatch(words);
    return;
  }
  throw new Error('the setup was accepted');
}

describe('the worked examples of very-different-places.txt', () => {
  it('Jack\'s 9 against Jill\'s empty defence and Physical Fortitude of 2 deals 4 damage', () => {
    // "He gets a total of 9, and the rage-stricken Jill has no Defence, because her dice were
    // split for 4 attack. He then compares this 9 to Jill's Physical Fortitude of 2; he
    // would deal 4 damage."
    const noDefence = new VdpRoll(0, 0, 3 + 1); // no dice: the attribute and skill add nothing
    expect(noDefence.keptTotal([])).toBe(0);
    expect(exchange(9, 0, 2)).toBe(4);
    // "He does not want to KO Jill here (she only has 3 Wounds)": 4 wounds exceed her limit.
    expect(4 > WOUND_LIMITS.trained).toBe(true);
  });

  it('Jack\'s two dice with Wrestling 2 and Power 2 can make the 9 of the example', () => {
    const roll = new VdpRoll(2, 0, 2 + 2);
    expect(roll.keptTotal([2, 3])).toBe(9);
  });

  it('Jack\'s 25 defence against Jill\'s 14 holds and gains one point of Tension', () => {
    // "She rolls her dice, adding 2 and 1, getting a total of 14 ... getting a whopping 25.
    // Jack easily sidesteps Jill's first punch, and gains one point of Tension."
    expect(exchange(14, 25, 2)).toBe(-1);
    expect(defenderTension(14, 25)).toBe(1);
    // "If the defender's result scores more than double the attacker's, he gains 2 points
    // of Tension instead. More than triple, the defender gains 3 Tension, and so on."
    expect(exchange(14, 28, 2)).toBe(-1); // exactly double is not more than double
    expect(exchange(14, 29, 2)).toBe(-2);
    expect(exchange(14, 43, 2)).toBe(-3);
    // "If the defender's total is higher, the attack is blocked ... and the defender gains
    // a point of Tension": a defence of 1 against an attack clamped to 0 holds for one
    // (it gave 0, which exchange() returned as -0 and combat read as a glancing blow).
    expect(defenderTension(0, 1)).toBe(1);
    expect(exchange(0, 1, 3)).toBe(-1);
    expect(defenderTension(0, 5)).toBe(4);
  });

  it('Jill\'s 14 is 3 dice + 3 and Jack\'s 25 is 4 dice + 5: both totals the engine\'s rolls can make', () => {
    // "she allocates 3 dice. She has a Physical Power of 2 and a Brawling skill of 1. She
    // rolls her dice, adding 2 and 1, getting a total of 14 ... allocates 4 dice to DEFEND.
    // He uses his dodge skill (2) and Physical Reaction (3) to defend, getting a whopping 25."
    const jillAttack = new VdpRoll(3, 0, 2 + 1);
    const jackDefence = new VdpRoll(4, 0, 2 + 3);
    expect(jillAttack.keptTotal([6, 3, 2])).toBe(14);
    expect(jackDefence.keptTotal([6, 6, 5, 3])).toBe(25);
    expect(jillAttack.distribution().at(14)).toBeGreaterThan(0);
    expect(jackDefence.distribution().at(25)).toBeGreaterThan(0);
    // "Jack easily sidesteps Jill's first punch, and gains one point of Tension."
    expect(exchange(14, 25, 2)).toBe(-1);
  });

  it('a result below Fortitude is a glancing blow; at or above it, result ÷ Fortitude rounded down', () => {
    // "If the result is less than the defender's Fortitude, the attack is a Glancing Blow"
    expect(exchange(10, 9, 2)).toBe(0);
    expect(exchange(12, 12, 3)).toBe(0); // equal totals: result 0, glancing
    expect(exchange(12, 9, 3)).toBe(1); // docs/rules.md: below Fortitude glances, otherwise floor(result / Fortitude)
    expect(exchange(20, 9, 3)).toBe(3);
  });

  it('the character-type table gives wound limits 1 to 6', () => {
    expect(Object.values(WOUND_LIMITS)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(woundLimitOf({ ...jill, type: 'boss' } as never)).toBe(6);
    expect(woundLimitOf({ ...jill, woundLimit: 4 } as never)).toBe(4);
  });

  it('the allocation table splits 4 dice; adaptive policies follow wounds', () => {
    expect(['4/0', '3/1', '2/2', '1/3', '0/4'].map((s) => attackDiceFor(s as never, 0, 3, false))).toEqual([4, 3, 2, 1, 0]);
    expect([0, 1, 2, 3].map((w) => attackDiceFor('guardWhenWounded', w, 3, false))).toEqual([3, 2, 2, 1]);
    expect(attackDiceFor('finishingBlow', 0, 3, true)).toBe(4);
    expect(attackDiceFor('finishingBlow', 0, 3, false)).toBe(2);
    expect(attackDiceFor('desperation', 3, 3, false)).toBe(4);
    expect(attackDiceFor('desperation', 2, 3, false)).toBe(2);
  });

  it('turn order: 2d6 + Timing, ties to the higher Timing', () => {
    expect(firstTurnChance(5, 5)).toBeCloseTo(0.5, 12);
    // Equal totals go to the higher Timing, so +1 Timing wins more than half.
    const p = firstTurnChance(6, 5);
    expect(p).toBeGreaterThan(0.5);
    expect(p + firstTurnChance(5, 6)).toBeCloseTo(1, 12);
  });
});

describe('the exact opening exchange agrees with the Monte Carlo', () => {
  const cases: [string, Character[]][] = [
    ['Jill all-out against Jack at 2/2', [{ ...jill, allocation: '4/0' }, { ...jack, allocation: '2/2' }]],
    ['banked tension spent on attack and defence', [
      { ...jill, allocation: '3/1', tension: 3, spendTension: 'onAttack' },
      { ...jack, allocation: '1/3', tension: 2, spendTension: 'onDefence', spendPerRoll: 1 },
    ]],
    ['ranged fire into medium cover, first taker fighting defensively', [
      { ...jill, allocation: '0/4', cover: 'medium' },
      { ...jack, allocation: 'guardWhenWounded', ranged: true, timing: 2 },
    ]],
    ['tough defender, Fortitude 5', [{ ...jill, allocation: 'finishingBlow', ranged: true }, { ...jack, fortitude: 5, cover: 'light', allocation: 'desperation' }]],
  ];
  for (const [what, characters] of cases) {
    it(what, () => {
      const r = run(characters, { trials: sized(30000) });
      expect(expectAgreement(r)).toBe(9);
    });
  }
});

describe('a fight', () => {
  it('per-character figures name the character after a colon, whatever its name', () => {
    // "mean wounds taken by a <name>" read "by a a" for a character named "a", "by a jill" for Jill.
    const m = metricsOf(run([{ ...jill, name: 'a' }, { ...jack, name: 'guard', count: 2 }], { trials: 200 }));
    expect(m['wounds.a']!.label).toBe('mean wounds at the end: a');
    // Each of the two guards' figure, and the label says so: not the pair's together.
    expect(m['converted.guard']!.label).toBe('mean damage points converted: guard, each of 2');
    expect(m['converted.guard']!.scale).toBe(2);
    expect(m['ko.guard']!.label).toBe('P(knocked out: guard, each of 2)');
    // Whether any guard takes the first turn: of the entry as a whole, so no "each".
    expect(m['first.guard']!.label).toBe('P(takes the first turn: guard)');
    expect(m['wounds.a']!.scale).toBeUndefined();
    // Labels say what is counted (a VDP audit): a knockout only falls on an enemy, so a draw
    // is a fight still going at maxRounds, not "no team left standing"; a hit's damage may be
    // converted or given up; the bids are counted in tension paid.
    expect(m['draw']!.label).toBe('P(draw: two or more teams standing after maxRounds)');
    expect(m['opening.hit']!.label).toBe('P(first attack scores a hit)');
    expect(m['opening.effect']!.label).toBe('P(an effect stays on after the first attack)');
    expect(m['bids.a']!.label).toBe('mean tension paid in biddings: a');
    for (const [name, metric] of Object.entries(m)) expect(metric.label, name).not.toMatch(/\b(a|an) (a|guard)\b/);
  });

  it('ends in a win or a draw; in a duel the loser is the one KO\'d', () => {
    const r = run([{ ...jill, allocation: '3/1' }, { ...jack, allocation: '2/2' }], { trials: 5000 });
    const m = metricsOf(r);
    expect(m['win.jill'].estimate + m['win.jack'].estimate + m.draw.estimate).toBeCloseTo(1, 12);
    expect(m['ko.jill'].estimate).toBeCloseTo(m['win.jack'].estimate, 12);
    expect(m['ko.jack'].estimate).toBeCloseTo(m['win.jill'].estimate, 12);
    // A KO takes more wounds than the limit of 3.
    expect(m['wounds.jill'].estimate).toBeGreaterThanOrEqual(4 * m['ko.jill'].estimate);
    expect(m.rounds.estimate).toBeGreaterThanOrEqual(1);
    const rounds = r.results[0].distributions!.rounds;
    expect(rounds.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('two characters fighting defensively never attack: every fight is a draw at maxRounds', () => {
    const r = run([{ ...jill, allocation: '0/4' }, { ...jack, allocation: '0/4' }], { trials: 200, maxRounds: 7 });
    const m = metricsOf(r);
    expect(m.draw.estimate).toBe(1);
    expect(m.rounds.estimate).toBe(7);
    expect(m['opening.hit'].exact).toBe(0);
  });

  it('a character that never attacks never wins', () => {
    const r = run([{ ...jill, allocation: '4/0' }, { ...jack, allocation: '0/4' }], { trials: 3000 });
    expect(metricsOf(r)['win.jack'].estimate).toBe(0);
  });

  it('the same seed gives the same numbers; another seed does not', () => {
    const chars = [{ ...jill, allocation: '3/1' }, { ...jack, allocation: 'guardWhenWounded' }];
    const a = run(chars, { trials: 3000, seed: 's1' });
    const b = run(chars, { trials: 3000, seed: 's1' });
    const c = run(chars, { trials: 3000, seed: 's2' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('teams: two minions against one boss report per-team wins and per-combatant means', () => {
    const minion = { ...jill, name: 'minion', team: 'gang', count: 2, type: 'civilian', allocation: '3/1' };
    const boss = { ...jack, name: 'boss', team: 'boss', type: 'boss', allocation: '2/2' };
    const r = run([minion, boss], { trials: 5000 });
    const m = metricsOf(r);
    expect(Object.keys(m)).toEqual(expect.arrayContaining(['win.gang', 'win.boss', 'ko.minion', 'wounds.boss']));
    // Who takes the first turn: some character takes it; exact only for a duel.
    expect(m['first.minion'].estimate + m['first.boss'].estimate).toBeCloseTo(1, 12);
    expect(m['first.minion'].exact).toBeUndefined();
    expect(m['opening.hit'].exact).toBeUndefined();
    expect(m['win.gang'].estimate + m['win.boss'].estimate + m.draw.estimate).toBeCloseTo(1, 12);
    // The gang loses only when both minions are down: P(a minion is KO'd) ≥ P(boss wins).
    expect(m['ko.minion'].estimate).toBeGreaterThanOrEqual(m['win.boss'].estimate - 1e-12);
    expect(m['ko.minion'].estimate).toBeLessThanOrEqual(1);
  });
});

describe('policies move results the way the rules say', () => {
  const duel = (a: Character, b: Character, trials = 20000) => metricsOf(run([a, b], { trials }));

  it('more attack dice deal more opening damage (exact)', () => {
    const damage = ['1/3', '2/2', '3/1', '4/0'].map(
      (s) => duel({ ...jill, allocation: s, timing: 30 }, { ...jack, allocation: '2/2' }, 200)['opening.damage'].exact!,
    );
    for (let i = 1; i < damage.length; i++) expect(damage[i]).toBeGreaterThan(damage[i - 1]);
  });

  it('cover avoids direct fire: none > light > medium > full in opening hits, 2/6 and 4/6 of the shots that would hit avoided', () => {
    const hit = (cover: string, coverRoll = 'onHit') => metricsOf(run([{ ...jill, ranged: true, timing: 30 }, { ...jack, cover }], { trials: 200, rules: { coverRoll } }));
    const open = hit('none');
    const none = open['opening.hit'].exact!;
    const wouldHit = none + open['opening.glancing'].exact!;
    const light = hit('light');
    const medium = hit('medium');
    // "a 2/6 chance of avoiding a hit": of the shots that would hit (a glancing blow or
    // damage); a block stays a block.
    expect(light['opening.avoided'].exact).toBeCloseTo(wouldHit * (2 / 6), 12);
    expect(medium['opening.avoided'].exact).toBeCloseTo(wouldHit * (4 / 6), 12);
    expect(medium['opening.held'].exact).toBeCloseTo(open['opening.held'].exact!, 12);
    // Rolled before the attack (rules.coverRoll "before", the text's shortcut): of every shot.
    expect(hit('light', 'before')['opening.avoided'].exact).toBeCloseTo(2 / 6, 12);
    expect(hit('medium', 'before')['opening.avoided'].exact).toBeCloseTo(4 / 6, 12);
    expect(hit('medium', 'before')['opening.hit'].exact).toBeCloseTo(none * (2 / 6), 12);
    expect(light['opening.hit'].exact).toBeCloseTo(none * (4 / 6), 12);
    expect(medium['opening.hit'].exact).toBeCloseTo(none * (2 / 6), 12);
    expect(hit('full')['opening.hit'].exact).toBe(0);
    // Cover is against direct fire only: against enemies who all fight in melee it would
    // change nothing, and is refused (an ally's gun is no reason).
    expectBadSetup({ characters: [jill, { ...jack, cover: 'full' }] }, 'setup.characters.1.cover', /"jack" is in full cover, which avoids "a hit from a direct-fire ranged attack", but no enemy is ranged, so it would change nothing/);
    expectBadSetup({ characters: [jill, { ...jack, cover: 'light' }, { ...jill, name: 'ann', team: 'jack', ranged: true }] }, 'setup.characters.1.cover', /no enemy is ranged/);
    // One ranged enemy among melee ones is a reason.
    expect(() => run([jill, { ...jack, cover: 'full' }, { ...jill, name: 'gun', ranged: true }], { trials: 10 })).not.toThrow();
  });

  it('indirect fire: "Indirect fire is not affected" by cover, and "can only be used out in the open"', () => {
    // Jack hunkers in full cover (all four dice on defence: he never fires, so never steps
    // out), facing a rifle and a second shooter: full cover stops every direct shot, so he is
    // never wounded while both fire direct, and is when the second fires a mortar.
    const rifle = { ...jill, name: 'rifle', team: 'guns', ranged: true, allocation: '4/0', fortitude: 6, type: 'boss' };
    const wounds = (indirect: boolean) =>
      metricsOf(run([rifle, { ...rifle, name: 'second', indirect }, { ...jack, cover: 'full', allocation: '0/4' }], { trials: 2000 }))['wounds.jack'].estimate;
    expect(wounds(false)).toBe(0);
    expect(wounds(true)).toBeGreaterThan(0.5);
    // Cover against enemies who all fire indirect changes nothing; a mortar is a ranged
    // weapon, fired from the open.
    const mortar = { ...jill, ranged: true, indirect: true };
    expectBadSetup({ characters: [mortar, { ...jack, cover: 'light' }] }, 'setup.characters.1.cover', /every ranged enemy fires indirect \("Indirect fire is not affected"\), so it would change nothing/);
    expectBadSetup({ characters: [{ ...jill, indirect: true }, jack] }, 'setup.characters.0.indirect', /fires indirect, which "requires specialized launchers", but it is not ranged/);
    expectBadSetup({ characters: [{ ...mortar, cover: 'light' }, { ...jack, ranged: true }] }, 'setup.characters.0.cover', /fires indirect, which "can only be used out in the open", but it is in light cover/);
  });

  it('full cover stops direct fire until the character fires from it ("poking out to fire")', () => {
    // A sturdy shooter, so it lives to shoot after the one in cover has fired.
    const shooter = { ...jill, ranged: true, allocation: '4/0', fortitude: 6, type: 'boss' };
    const hunkered = duel(shooter, { ...jack, cover: 'full', allocation: '0/4' }, 2000);
    expect(hunkered['wounds.jack'].estimate).toBe(0);
    const firing = duel(shooter, { ...jack, cover: 'full', allocation: '2/2' }, 2000);
    expect(firing['wounds.jack'].estimate).toBeGreaterThan(0);
  });

  it('spending banked tension on attack raises opening damage', () => {
    const spent = duel({ ...jill, tension: 3, spendTension: 'onAttack', timing: 30 }, jack, 200)['opening.damage'].exact!;
    const kept = duel({ ...jill, tension: 3, spendTension: 'never', timing: 30 }, jack, 200)['opening.damage'].exact!;
    expect(spent).toBeGreaterThan(kept);
  });

  it('a higher wound limit wins more often (Monte Carlo, well apart)', () => {
    const trained = duel({ ...jill, allocation: '3/1' }, { ...jack, allocation: '3/1' });
    const boss = duel({ ...jill, allocation: '3/1' }, { ...jack, allocation: '3/1', type: 'boss' });
    expect(boss['win.jack'].ci95[0]).toBeGreaterThan(trained['win.jack'].ci95[1]);
  });

  it('a higher Fortitude takes fewer wounds per fight', () => {
    const soft = duel({ ...jill, allocation: '3/1' }, { ...jack, allocation: '2/2', fortitude: 2 });
    const hard = duel({ ...jill, allocation: '3/1' }, { ...jack, allocation: '2/2', fortitude: 4 });
    expect(hard['wounds.jack'].ci95[1]).toBeLessThan(soft['wounds.jack'].ci95[0]);
    // And so wins more often.
    expect(hard['win.jack'].ci95[0]).toBeGreaterThan(soft['win.jack'].ci95[1]);
  });

  it('tension is gained: a turtle holding against an attacker banks it', () => {
    const m = duel({ ...jill, allocation: '1/3' }, { ...jack, allocation: '0/4' }, 3000);
    expect(m['tension.jack'].estimate).toBeGreaterThan(0);
  });
});

describe('bad setups are rejected with the path of the mistake', () => {
  it('a character without a wound limit, or with two', () => {
    const { type: _, ...noLimit } = jill;
    expectBadSetup({ characters: [noLimit, jack] }, 'setup.characters.0', /expected "type" .* or "woundLimit"/);
    // Both: one would be dropped without a word (woundLimit used to win).
    expectBadSetup({ characters: [{ ...noLimit, type: 'boss', woundLimit: 1 }, jack] }, 'setup.characters.0.woundLimit', /gives both "type" \(boss: 6 wounds before KO\) and "woundLimit" \(1\), and only one can set its wound limit/);
  });

  it('an unknown allocation policy', () => {
    expectBadSetup({ characters: [jill, { ...jack, allocation: '5/0' }] }, 'setup.characters.1.allocation', /expected one of "4\/0"/);
  });

  it('everyone on one team', () => {
    expectBadSetup({ characters: [{ ...jill, team: 'x' }, { ...jack, team: 'x' }] }, 'setup.characters', /at least two teams/);
  });

  it('two characters with one name', () => {
    expectBadSetup({ characters: [jill, { ...jack, name: 'jill' }] }, 'setup.characters.1.name', /names must differ/);
  });

  it('a Fortitude of 0 and an unknown field', () => {
    expectBadSetup({ characters: [{ ...jill, fortitude: 0 }, jack] }, 'setup.characters.0.fortitude', /≥ 1/);
    expectBadSetup({ characters: [{ ...jill, shield: 2 }, jack] }, 'setup.characters.0.shield', /unknown field/);
  });

  it('a lone character', () => {
    expectBadSetup({ characters: [jill] }, 'setup.characters', /at least 2 items/);
  });

  it('a character\'s advantageRolls written as a rule points to the character field (as defenderPush points to its place)', () => {
    try {
      planScenario({ name: 'bad', system: 'vdp', mechanic: 'combat', rules: { advantageRolls: 'first' }, setup: { characters: [jill, jack] } }, 'bad.json');
      expect.unreachable();
    } catch (e) {
      expect((e as ScenarioErrors).errors.map((x) => x.message)).toEqual([
        expect.stringMatching(/^bad\.json: rules\.advantageRolls: unknown rule variant "advantageRolls" for vdp: expected one of .* \(advantageRolls is a character's field: setup\.characters\.<n>\.advantageRolls\)$/),
      ]);
    }
  });

  it('no characters: said once, by the list\'s minimum (it also said every character is on team "undefined")', () => {
    try {
      planScenario({ name: 'bad', system: 'vdp', mechanic: 'combat', setup: { characters: [] } }, 'bad.json');
      expect.unreachable();
    } catch (e) {
      expect((e as ScenarioErrors).errors.map((x) => x.message)).toEqual(['bad.json: setup.characters: expected at least 2 items, got 0']);
    }
  });
});
