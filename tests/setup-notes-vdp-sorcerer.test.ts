/**
 * VDP and Sorcerer setups that ask for something that changes nothing at a point (from an
 * audit: each was accepted, gave the same figures as the file without it, and said nothing).
 * Each is said in the point's notes (sim/mechanic.ts setupNotes) with the same figures at
 * the same seed as without the field, and not said where the field acts; or refused, where
 * the mechanic already refuses its kind.
 */
import { describe, expect, test } from 'vitest';
import { planScenario, ScenarioErrors } from '../sim/scenario.ts';
import { pointNotes } from '../reports/pointNotes.ts';
import { runScenario } from './helpers.ts';
import type { ScenarioResult } from '../sim/result.ts';

const scenario = (system: string, mechanic: string, setup: object, rules?: object, sweep?: object) => ({
  name: 'notes',
  system,
  mechanic,
  trials: 2000,
  seed: 'vdp-sorcerer-notes',
  setup,
  ...(rules ? { rules } : {}),
  ...(sweep ? { sweep } : {}),
});
const runAll = (system: string, mechanic: string, setup: object, rules?: object, sweep?: object): ScenarioResult => runScenario(scenario(system, mechanic, setup, rules, sweep));
const run = (system: string, mechanic: string, setup: object, rules?: object) => runAll(system, mechanic, setup, rules).results[0];
/** The point's notes of what changes nothing (a fight of three also says its exact values are skipped). */
const said = (point: { notes?: string[] }) => (point.notes ?? []).filter((n) => / changes? nothing here: /.test(n));
/** The refusals of a scenario, as `path: problem` without the file's name. */
function refusals(raw: object): string[] {
  try {
    planScenario(raw, 'r.json');
  } catch (e) {
    if (e instanceof ScenarioErrors) return e.errors.map((x) => x.message.replace(/^r\.json: /, ''));
    throw e;
  }
  return [];
}

const fighter = { attack: { attribute: 3, skill: 2, bonus: 1 }, defence: { attribute: 3, skill: 2 }, fortitude: 3, type: 'trained', timing: 6 };
const duel = (a: object = {}, b: object = {}) => ({ characters: [{ ...fighter, name: 'ann', ...a }, { ...fighter, name: 'bo', ...b }] });
const contenders = (a: object = {}, b: object = {}) => ({
  a: { name: 'ana', attack: { attribute: 3, skill: 1 }, defence: { attribute: 3, skill: 1 }, timing: 6, ...a },
  b: { name: 'ben', attack: { attribute: 2, skill: 2 }, defence: { attribute: 2, skill: 1 }, timing: 5, ...b },
});
const job = { attack: { attribute: 2, skill: 1 }, defence: { attribute: 2, skill: 1 }, difficulty: 9, intensity: 6, steps: 3 };
const risky = { accomplish: 2, modifier: 3, successTarget: 9, riskTarget: 7 };
const guitar = { a: { name: 'mark', accomplish: 2, modifier: 3 }, b: { name: 'jacob', accomplish: 3, modifier: 2 } };

describe('VDP combat: rules.entangledFortitude where no odd Physical Fortitude is ever Entangled', () => {
  const note = /^rules\.entangledFortitude changes nothing here: no odd Physical Fortitude is ever Entangled/;
  test('said, and byte-identical, where every Fortitude is even or nobody entangles; silent where an odd one is grappled', () => {
    const roundedDown = { entangledFortitude: 'roundedDown' };
    // A grappler against even Fortitudes: 4 halves to 2 either way.
    const even = duel({ chargeBuy: 'grapple', chargeCashIn: 'blocks', fortitude: 4 }, { fortitude: 4 });
    const said = run('vdp', 'combat', even, roundedDown);
    expect(said.notes).toContainEqual(expect.stringMatching(note));
    expect(said.metrics).toEqual(run('vdp', 'combat', even).metrics);
    // Odd Fortitudes, nobody entangling.
    expect(run('vdp', 'combat', duel(), roundedDown).notes).toContainEqual(expect.stringMatching(note));
    // An odd Fortitude a foe grapples, or Entangled from the start: it acts.
    const grappled = duel({ chargeBuy: 'grapple', chargeCashIn: 'blocks' });
    const acts = run('vdp', 'combat', grappled, roundedDown);
    expect(acts.notes ?? []).not.toContainEqual(expect.stringMatching(note));
    expect(acts.metrics).not.toEqual(run('vdp', 'combat', grappled).metrics);
    expect(run('vdp', 'combat', duel({}, { status: { entangled: true } }), roundedDown).notes ?? []).not.toContainEqual(expect.stringMatching(note));
  });
});

describe('VDP combat: charge brought into the fight with nothing to buy', () => {
  // "Charge can be stored between fights or challenges": spent only on a buy, so with
  // chargeBuy "none" it changes nothing. Said, not refused: a sweep of the buy from "none"
  // keeps the stored charge written once.
  test('said, and byte-identical, with chargeBuy "none" or absent; silent where it buys something', () => {
    const note = 'characters.0.charge changes nothing here: ann buys nothing with charge (chargeBuy "none")';
    for (const none of [{}, { chargeBuy: 'none' }]) {
      const stored = run('vdp', 'combat', duel({ ...none, charge: 3 }));
      expect(said(stored)).toEqual([note]);
      expect(stored.metrics).toEqual(run('vdp', 'combat', duel(none)).metrics);
    }
    // Nothing stored: nothing said.
    expect(said(run('vdp', 'combat', duel({ charge: 0 })))).toEqual([]);
    // A buy to spend it on: it acts, and is not said.
    const stun = { chargeBuy: 'stunningBlow', chargeCashIn: 'hits' };
    const acts = run('vdp', 'combat', duel({ ...stun, charge: 3 }));
    expect(said(acts)).toEqual([]);
    expect(acts.metrics['released.ann'].estimate).toBeGreaterThan(run('vdp', 'combat', duel(stun)).metrics['released.ann'].estimate);
    // Swept from "none": said at that point only.
    const swept = runAll('vdp', 'combat', duel({ charge: 3 }), undefined, { 'setup.characters.0.chargeBuy': ['none', 'stunningBlow'] });
    expect(pointNotes(swept).filter((n) => n.includes('.charge '))).toEqual([`${note} (at 1 of the 2 points: ann › Edge Charge buys = none)`]);
  });
});

describe('VDP combat: rules.damagePenalty where every fighter takes Physical damage', () => {
  test('said, and byte-identical; silent in a Mental fight, where it acts', () => {
    const note = /^rules\.damagePenalty changes nothing here: every fighter takes Physical damage/;
    const said = run('vdp', 'combat', duel(), { damagePenalty: 'everyTrack' });
    expect(said.notes).toContainEqual(expect.stringMatching(note));
    expect(said.metrics).toEqual(run('vdp', 'combat', duel()).metrics);
    const mental = duel({ damageType: 'mental' }, { damageType: 'mental' });
    const acts = run('vdp', 'combat', mental, { damagePenalty: 'everyTrack' });
    expect(acts.notes ?? []).not.toContainEqual(expect.stringMatching(note));
    expect(acts.metrics).not.toEqual(run('vdp', 'combat', mental).metrics);
  });
});

describe('VDP combat: ranged and indirect fire in a duel with no cover', () => {
  test('said, and byte-identical; silent where cover, a Disarm or a net launcher makes it count (a VDP audit: taken unsaid)', () => {
    const note = (e: number) => `characters.${e}.ranged changes nothing here: in a duel, and its enemy is in no cover and buys no Disarm (ranged fire is what cover stops, and a Human shield, bought only where there is a third, turns)`;
    const shooters = run('vdp', 'combat', duel({ ranged: true }, { ranged: true }));
    expect(shooters.notes).toEqual(expect.arrayContaining([note(0), note(1)]));
    expect(shooters.metrics).toEqual(run('vdp', 'combat', duel()).metrics);
    // Indirect fire needs its launcher, and a duel's enemy cannot be in cover from it alone.
    const mortar = run('vdp', 'combat', duel({ ranged: true, indirect: true }, { ranged: true }));
    expect(mortar.notes).toContain('characters.0.indirect changes nothing here: in a duel, whose one enemy could not be in cover against indirect fire alone (that is refused)');
    expect(mortar.notes ?? []).not.toContain(note(0));
    expect(mortar.metrics).toEqual(run('vdp', 'combat', duel({ ranged: true }, { ranged: true })).metrics);
    // Where it counts: the enemy in cover, or disarming a gun.
    expect(run('vdp', 'combat', duel({ ranged: true }, { ranged: true, cover: 'light' })).notes ?? []).not.toContain(note(0));
    const disarmed = run('vdp', 'combat', duel({ ranged: true, attack: { attribute: 3, skill: 2 } }, { chargeBuy: 'disarm', chargeCashIn: 'both' }));
    expect(disarmed.notes ?? []).not.toContain(note(0));
  });
});

describe('VDP combat: rules.coverRoll where no one is in cover', () => {
  test('said, and byte-identical; silent where someone is in cover, where it acts', () => {
    const note = 'rules.coverRoll changes nothing here: no character is in cover';
    const open = duel({ ranged: true }, { ranged: true });
    const before = run('vdp', 'combat', open, { coverRoll: 'before' });
    expect(before.notes).toContain(note);
    expect(before.metrics).toEqual(run('vdp', 'combat', open).metrics);
    const covered = duel({ ranged: true }, { ranged: true, cover: 'medium' });
    const acts = run('vdp', 'combat', covered, { coverRoll: 'before' });
    expect(acts.notes ?? []).not.toContain(note);
    expect(acts.metrics['win.ann']!.estimate).not.toBe(run('vdp', 'combat', covered).metrics['win.ann']!.estimate);
  });
});

describe('VDP combat: rules.givenUpBlock where no character gives up a block for charge', () => {
  test('said, and byte-identical; silent where a block is given up, where it acts', () => {
    const note = /^rules\.givenUpBlock changes nothing here: no character gives up a block for charge/;
    // A cash-in of hits, or of blocks with nothing to buy, gives up no block.
    const none = duel({ chargeBuy: 'surge', chargeCashIn: 'hits' }, { chargeCashIn: 'blocks' });
    const said = run('vdp', 'combat', none, { givenUpBlock: 'nothing' });
    expect(said.notes).toContainEqual(expect.stringMatching(note));
    // Each field named as the file has it, its values quoted (the dashboard says them in words).
    expect(said.notes).toContainEqual(expect.stringMatching(/ \(chargeCashIn "blocks" or "both", and chargeBuy other than "none"\)$/));
    expect(said.metrics).toEqual(run('vdp', 'combat', none).metrics);
    // The same under "glancing": no block given up lets no glancing hit through.
    const glancing = run('vdp', 'combat', none, { givenUpBlock: 'glancing' });
    expect(glancing.notes).toContainEqual(expect.stringMatching(note));
    expect(glancing.metrics).toEqual(run('vdp', 'combat', none).metrics);
    // And under "undefended": no block given up, no attack let meet no defence.
    const undefended = run('vdp', 'combat', none, { givenUpBlock: 'undefended' });
    expect(undefended.notes).toContainEqual(expect.stringMatching(note));
    expect(undefended.metrics).toEqual(run('vdp', 'combat', none).metrics);
    const blocks = duel({ chargeBuy: 'surge', chargeCashIn: 'both' });
    for (const givenUpBlock of ['nothing', 'glancing', 'undefended']) {
      const acts = run('vdp', 'combat', blocks, { givenUpBlock });
      expect(acts.notes ?? [], givenUpBlock).not.toContainEqual(expect.stringMatching(note));
      expect(acts.metrics, givenUpBlock).not.toEqual(run('vdp', 'combat', blocks).metrics);
    }
  });
});

describe('VDP combat: rules.chargeRelease where no character gives up a success for a buy released on an enemy', () => {
  test('said, and byte-identical; silent where such a success is given up, where it acts', () => {
    const note = /^rules\.chargeRelease changes nothing here: no character gives up a success for a buy released on an enemy/;
    // Buys on oneself ("takes an action") release the same either way; a Stunning Blow with
    // no cash-in gains only glancing charge, released as a later action either way.
    const none = duel({ chargeBuy: 'surge', chargeCashIn: 'both' }, { chargeBuy: 'stunningBlow' });
    const said = run('vdp', 'combat', none, { chargeRelease: 'nextAction' });
    expect(said.notes).toContainEqual(expect.stringMatching(note));
    expect(said.notes).toContainEqual(
      expect.stringMatching(/ \(chargeCashIn other than "never", and chargeBuy other than "none", "surge", "secondWind", "breakOff" or "changeFocus"\)$/),
    );
    expect(said.metrics).toEqual(run('vdp', 'combat', none).metrics);
    const acts = duel({ chargeBuy: 'grapple', chargeCashIn: 'hits' });
    const moved = run('vdp', 'combat', acts, { chargeRelease: 'nextAction' });
    expect(moved.notes ?? []).not.toContainEqual(expect.stringMatching(note));
    expect(moved.metrics).not.toEqual(run('vdp', 'combat', acts).metrics);
  });
});

describe('VDP combat, one against one: nothing to switch to, one enemy to choose', () => {
  test('rules.retarget "free" and a targeting choice in a duel', () => {
    const withIt = run('vdp', 'combat', duel({ targeting: 'strongest' }, { targeting: 'random' }), { retarget: 'free' });
    expect(said(withIt)).toEqual([
      'rules.retarget changes nothing here: every fighter has one enemy, none to switch to',
      'characters.0.targeting changes nothing here: ann has one enemy, the only one it can attack',
      'characters.1.targeting changes nothing here: bo has one enemy, the only one it can attack',
    ]);
    expect(withIt.metrics).toEqual(run('vdp', 'combat', duel()).metrics);
  });

  test('a gang against a boss: said where the gang is one minion, not where it is three', () => {
    const gang = (count: number, boss: object = {}) => ({ characters: [{ ...fighter, name: 'minion', team: 'gang', count, type: 'civilian' }, { ...fighter, name: 'boss', type: 'boss', ...boss }] });
    const swept = runAll('vdp', 'combat', gang(1, { targeting: 'strongest' }), { retarget: 'free' }, { 'setup.characters.0.count': [1, 3] });
    expect(pointNotes(swept).filter((n) => n.includes('changes nothing'))).toEqual([
      'rules.retarget changes nothing here: every fighter has one enemy, none to switch to (at 1 of the 2 points: minion › how many = 1)',
      'characters.1.targeting changes nothing here: boss has one enemy, the only one it can attack (at 1 of the 2 points: minion › how many = 1)',
    ]);
    // Three minions: the boss's targeting and the rule both act.
    const three = run('vdp', 'combat', gang(3, { targeting: 'strongest' }), { retarget: 'free' });
    expect(said(three)).toEqual([]);
    expect(three.metrics).not.toEqual(run('vdp', 'combat', gang(3, { targeting: 'strongest' })).metrics);
    expect(three.metrics).not.toEqual(run('vdp', 'combat', gang(3), { retarget: 'free' }).metrics);
    // Each minion has one enemy at every point: its own targeting is said there too.
    const minionTargets = run('vdp', 'combat', { characters: [{ ...gang(3).characters[0], targeting: 'random' }, gang(3).characters[1]] });
    expect(said(minionTargets)).toEqual(['characters.0.targeting changes nothing here: minion has one enemy, the only one it can attack']);
    expect(minionTargets.metrics).toEqual(run('vdp', 'combat', gang(3)).metrics);
  });

  test('rules.retarget "free" where the only fighter with two enemies is ranged, or makes one attack a turn', () => {
    const fight = (boss: object) => ({ characters: [{ ...fighter, name: 'minion', team: 'gang', count: 2, type: 'civilian' }, { ...fighter, name: 'boss', type: 'boss', ...boss }] });
    const ranged = run('vdp', 'combat', fight({ ranged: true }), { retarget: 'free' });
    expect(said(ranged)).toEqual(['rules.retarget changes nothing here: no melee fighter of two attacks a turn has two enemies to switch between (boss is ranged, and picks a target for every attack under either rule)']);
    expect(ranged.metrics).toEqual(run('vdp', 'combat', fight({ ranged: true })).metrics);
    const oneAttack = run('vdp', 'combat', fight({ attacks: 1 }), { retarget: 'free' });
    expect(said(oneAttack)).toEqual(['rules.retarget changes nothing here: no melee fighter of two attacks a turn has two enemies to switch between (boss makes one attack a turn)']);
    expect(oneAttack.metrics).toEqual(run('vdp', 'combat', fight({ attacks: 1 })).metrics);
  });
});

describe('VDP advantageOn with no advantage dice to place, and advantage on a pool of no dice', () => {
  test('rules.advantageOn in risky, opposed and extended with no advantage or disadvantage dice', () => {
    for (const advantageOn of ['caution', 'both']) {
      const r = run('vdp', 'risky', risky, { advantageOn });
      expect(said(r)).toEqual(['rules.advantageOn changes nothing here: there are no advantage or disadvantage dice']);
      expect(r.metrics).toEqual(run('vdp', 'risky', risky).metrics);
      const o = run('vdp', 'opposed', guitar, { advantageOn });
      expect(said(o)).toEqual(['rules.advantageOn changes nothing here: neither character has advantage or disadvantage dice']);
      expect(o.metrics).toEqual(run('vdp', 'opposed', guitar).metrics);
      const x = run('vdp', 'extended', job, { advantageOn });
      expect(said(x)).toEqual(['rules.advantageOn changes nothing here: there are no advantage or disadvantage dice']);
      expect(x.metrics).toEqual(run('vdp', 'extended', job).metrics);
    }
    // As many advantage as disadvantage dice cancel out; "both" on a 4/0 split adds to a Caution of no dice.
    const cancel = run('vdp', 'risky', { ...risky, advantage: 1, disadvantage: 1 }, { advantageOn: 'caution' });
    expect(said(cancel)).toEqual(['rules.advantageOn changes nothing here: the advantage and disadvantage dice cancel out (1 each)']);
    expect(cancel.metrics).toEqual(run('vdp', 'risky', { ...risky, advantage: 1, disadvantage: 1 }).metrics);
    const both = run('vdp', 'risky', { ...risky, accomplish: 4, advantage: 1 }, { advantageOn: 'both' });
    // (A 4/0 split's risk target is said too: its Caution of no dice meets none.)
    const noCaution = 'riskTarget changes nothing here: the Caution has no dice, and a side of no dice makes no check, so the risk is never warded off';
    expect(said(both)).toEqual([noCaution, 'rules.advantageOn changes nothing here: "both" also puts the dice on the Caution, which has no dice']);
    expect(both.metrics).toEqual(run('vdp', 'risky', { ...risky, accomplish: 4, advantage: 1 }).metrics);
    const duelBoth = run('vdp', 'opposed', { a: { ...guitar.a, accomplish: 4, advantage: 1 }, b: { ...guitar.b, advantage: 2, disadvantage: 2 } }, { advantageOn: 'both' });
    expect(said(duelBoth)).toEqual(['rules.advantageOn changes nothing here: "both" also puts mark\'s dice on its Resist, which has no dice; jacob\'s advantage and disadvantage dice cancel out (2 each)']);
    expect(duelBoth.metrics).toEqual(run('vdp', 'opposed', { a: { ...guitar.a, accomplish: 4, advantage: 1 }, b: { ...guitar.b, advantage: 2, disadvantage: 2 } }).metrics);
    const jobBoth = run('vdp', 'extended', { ...job, allocation: '4/0', advantage: 1 }, { advantageOn: 'both' });
    expect(said(jobBoth)).toEqual([
      'rules.advantageOn changes nothing here: "both" also puts the dice on the defence, which has no dice (allocation "4/0")',
      'defence changes nothing here: at allocation "4/0" the defence has no dice, and a roll of no dice totals 0, whatever its attribute and skill',
    ]);
    expect(jobBoth.metrics).toEqual(run('vdp', 'extended', { ...job, allocation: '4/0', advantage: 1 }).metrics);
    // With a net to place on pools of dice, the rule acts: not said.
    for (const [mechanic, setup] of [['risky', { ...risky, advantage: 1 }], ['opposed', { ...guitar, a: { ...guitar.a, advantage: 1 } }], ['extended', { ...job, advantage: 1 }]] as const) {
      const acts = run('vdp', mechanic, setup, { advantageOn: 'caution' });
      expect(said(acts)).toEqual([]);
      expect(acts.metrics).not.toEqual(run('vdp', mechanic, setup).metrics);
    }
  });

  test('risky 4/0 with an advantage die that rules.advantageOn "caution" puts on a Caution of no dice', () => {
    const caution = { advantageOn: 'caution' };
    const withIt = run('vdp', 'risky', { ...risky, accomplish: 4, advantage: 1 }, caution);
    expect(said(withIt)).toEqual([
      'riskTarget changes nothing here: the Caution has no dice, and a side of no dice makes no check, so the risk is never warded off',
      'advantage changes nothing here: rules.advantageOn "caution" puts the dice on the Caution, which has no dice, and a roll of no dice totals 0',
    ]);
    expect(withIt.metrics).toEqual(run('vdp', 'risky', { ...risky, accomplish: 4 }, caution).metrics);
    // The default puts it on an Accomplish of no dice at 0/4; the opposed and extended checks alike.
    const zero = run('vdp', 'risky', { ...risky, accomplish: 0, disadvantage: 2 });
    expect(said(zero)).toEqual(['successTarget changes nothing here: the Accomplish has no dice, and a side of no dice makes no check, so the task is never done', 'disadvantage changes nothing here: rules.advantageOn "accomplish" (the default) puts the dice on the Accomplish, which has no dice, and a roll of no dice totals 0']);
    expect(zero.metrics).toEqual(run('vdp', 'risky', { ...risky, accomplish: 0 }).metrics);
    const resist = run('vdp', 'opposed', { ...guitar, b: { ...guitar.b, accomplish: 4, advantage: 2 } }, caution);
    expect(said(resist)).toEqual(['b.advantage changes nothing here: rules.advantageOn "caution" puts jacob\'s dice on its Resist, which has no dice, and a roll of no dice scores 0']);
    expect(resist.metrics).toEqual(run('vdp', 'opposed', { ...guitar, b: { ...guitar.b, accomplish: 4 } }, caution).metrics);
    const hunker = run('vdp', 'extended', { ...job, allocation: '0/4', advantage: 1 });
    expect(said(hunker)).toEqual(['advantage changes nothing here: rules.advantageOn "accomplish" (the default) puts the dice on the attack, which has no dice (allocation "0/4"), and a roll of no dice totals 0', 'difficulty changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, so it never succeeds, whatever the difficulty', 'attack changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, and a roll of no dice totals 0, whatever its attribute and skill']);
    expect(hunker.metrics).toEqual(run('vdp', 'extended', { ...job, allocation: '0/4' }).metrics);
    // With Caution dice under "caution", the die acts: not said.
    const acts = run('vdp', 'risky', { ...risky, advantage: 1 }, caution);
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('vdp', 'risky', risky, caution).metrics);
  });

  test('a character\'s advantageOn with no situational dice, in combat and contestRound', () => {
    const fight = run('vdp', 'combat', duel({ advantageOn: 'defence' }));
    expect(said(fight)).toEqual(['characters.0.advantageOn changes nothing here: ann has no advantage or disadvantage dice']);
    expect(fight.metrics).toEqual(run('vdp', 'combat', duel()).metrics);
    const contest = run('vdp', 'contestRound', contenders({ advantageOn: 'defence' }, { advantageOn: 'attack', advantage: 1, disadvantage: 1 }));
    expect(said(contest)).toEqual(['a.advantageOn changes nothing here: ana has no advantage or disadvantage dice', "b.advantageOn changes nothing here: ben's advantage and disadvantage dice cancel out (1 each)"]);
    expect(contest.metrics).toEqual(run('vdp', 'contestRound', contenders({}, { advantage: 1, disadvantage: 1 })).metrics);
    // A contender's dice on rolls it never makes: attack rolls at 0/4.
    const unrolled = run('vdp', 'contestRound', contenders({}, { allocation: '0/4', advantageOn: 'attack', advantage: 2 }));
    expect(said(unrolled)).toEqual(['b.attack changes nothing here: at allocation "0/4" ben makes no attack, whatever its attribute and skill', 'b.advantage changes nothing here: ben\'s advantageOn "attack" puts the dice on its attack rolls, and at allocation "0/4" it makes no attack']);
    expect(unrolled.metrics).toEqual(run('vdp', 'contestRound', contenders({}, { allocation: '0/4', advantageOn: 'attack' })).metrics);
    // With a die on the rolls it names, it acts: not said.
    const acts = run('vdp', 'combat', duel({ advantageOn: 'defence', advantage: 1 }));
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('vdp', 'combat', duel({ advantage: 1 })).metrics);
  });

  test('combat: situational dice on the defence of a 4/0 fighter, or the attack of a 0/4 one (the audit)', () => {
    const allOut = run('vdp', 'combat', duel({ allocation: '4/0', advantageOn: 'defence', advantage: 2, disadvantage: 1 }));
    expect(said(allOut)).toEqual([
      'characters.0.advantage changes nothing here: ann\'s advantageOn "defence" puts the dice on its defence rolls, and at allocation "4/0" it has no defence dice (a defence of no dice totals 0)',
      'characters.0.disadvantage changes nothing here: ann\'s advantageOn "defence" puts the dice on its defence rolls, and at allocation "4/0" it has no defence dice (a defence of no dice totals 0)',
    ]);
    expect(allOut.metrics).toEqual(run('vdp', 'combat', duel({ allocation: '4/0', advantageOn: 'defence' })).metrics);
    const hunker = run('vdp', 'combat', duel({}, { allocation: '0/4', advantageOn: 'attack', disadvantage: 2 }));
    expect(said(hunker)).toEqual(['characters.1.disadvantage changes nothing here: bo\'s advantageOn "attack" puts the dice on its attack rolls, and at allocation "0/4" it makes no attack']);
    expect(hunker.metrics).toEqual(run('vdp', 'combat', duel({}, { allocation: '0/4', advantageOn: 'attack' })).metrics);
    // Panicked, a 4/0 fighter keeps 2 defence dice ("must use at least 2 dice on defense"): they act, not said.
    const panicked = { allocation: '4/0', advantageOn: 'defence', status: { panicked: true }, removeStatus: 'never' };
    const acts = run('vdp', 'combat', duel({ ...panicked, advantage: 2 }));
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('vdp', 'combat', duel(panicked)).metrics);
    // "both" at 4/0 puts them on the attack too: they act.
    expect(said(run('vdp', 'combat', duel({ allocation: '4/0', advantageOn: 'both', advantage: 2 })))).toEqual([]);
  });

  test('advantageRolls "first" with no situational dice, or dice only on rolls of no dice (combat and contestRound)', () => {
    const first = { advantageRolls: 'first' };
    const fight = run('vdp', 'combat', duel(first, { ...first, advantage: 1, disadvantage: 1 }));
    expect(said(fight)).toEqual(['characters.0.advantageRolls changes nothing here: ann has no advantage or disadvantage dice', "characters.1.advantageRolls changes nothing here: bo's advantage and disadvantage dice cancel out (1 each)"]);
    expect(fight.metrics).toEqual(run('vdp', 'combat', duel({}, { advantage: 1, disadvantage: 1 })).metrics);
    const hunker = run('vdp', 'combat', duel({ ...first, allocation: '0/4', advantageOn: 'attack', advantage: 2 }));
    expect(said(hunker)).toEqual([
      'characters.0.advantage changes nothing here: ann\'s advantageOn "attack" puts the dice on its attack rolls, and at allocation "0/4" it makes no attack',
      'characters.0.advantageRolls changes nothing here: ann\'s advantageOn "attack" puts the dice on its attack rolls, and at allocation "0/4" it makes no attack',
    ]);
    expect(hunker.metrics).toEqual(run('vdp', 'combat', duel({ allocation: '0/4', advantageOn: 'attack' })).metrics);
    const contest = run('vdp', 'contestRound', contenders(first, { ...first, allocation: '4/0', advantageOn: 'defence', disadvantage: 1 }));
    expect(said(contest)).toEqual([
      'a.advantageRolls changes nothing here: ana has no advantage or disadvantage dice',
      'b.disadvantage changes nothing here: ben\'s advantageOn "defence" puts the dice on its defence rolls, and at allocation "4/0" it has no defence dice (a defence of no dice totals 0)',
      'b.advantageRolls changes nothing here: ben\'s advantageOn "defence" puts the dice on its defence rolls, and at allocation "4/0" it has no defence dice (a defence of no dice totals 0)',
    ]);
    expect(contest.metrics).toEqual(run('vdp', 'contestRound', contenders({}, { allocation: '4/0', advantageOn: 'defence' })).metrics);
    // With dice on rolls it makes, it acts: not said ("every" against the default, "first").
    const every = { advantageRolls: 'every' };
    for (const [mechanic, setup, without] of [
      ['combat', duel({ ...every, advantage: 2 }), duel({ advantage: 2 })],
      ['contestRound', contenders({ ...every, disadvantage: 1 }), contenders({ disadvantage: 1 })],
    ] as const) {
      const acts = run('vdp', mechanic, setup);
      expect(said(acts)).toEqual([]);
      expect(acts.metrics).not.toEqual(run('vdp', mechanic, without).metrics);
    }
  });
});

describe('VDP tension settings with nothing to act on', () => {
  const noEffects = { defensiveEffect: 'never' };

  test('bid with no effect to bid over is said, not refused: a sweep of the effect policies crosses it (combat and contestRound)', () => {
    for (const bid of ['always', 'never']) {
      const fight = run('vdp', 'combat', duel({ ...noEffects, bid }, noEffects));
      expect(said(fight)).toEqual(['characters.0.bid changes nothing here: neither ann nor any enemy makes an effect (offensiveEffect and defensiveEffect "never"), so there is no bidding']);
      expect(fight.metrics).toEqual(run('vdp', 'combat', duel(noEffects, noEffects)).metrics);
      const contest = run('vdp', 'contestRound', contenders(noEffects, { ...noEffects, bid }));
      expect(said(contest)).toEqual(['b.bid changes nothing here: neither contender makes a defensive effect (defensiveEffect "never" for both; a contest has no offensive effects), so there is no bidding']);
      expect(contest.metrics).toEqual(run('vdp', 'contestRound', contenders(noEffects, noEffects)).metrics);
    }
    // The review's case: a file whose effects come only from its sweep, refused as written
    // when this was a refusal, though the bid acts at every point.
    const swept = runAll('vdp', 'combat', duel(noEffects, { ...noEffects, bid: 'never', tension: 4, spendTension: 'never' }), undefined, { 'setup.characters.0.offensiveEffect': ['always', 'unlessKo'] });
    expect(swept.results.map(said)).toEqual([[], []]);
    const withoutBid = runAll('vdp', 'combat', duel(noEffects, { ...noEffects, tension: 4, spendTension: 'never' }), undefined, { 'setup.characters.0.offensiveEffect': ['always', 'unlessKo'] });
    expect(swept.results[0].metrics).not.toEqual(withoutBid.results[0].metrics);
    const contestSwept = runAll('vdp', 'contestRound', contenders(noEffects, { ...noEffects, bid: 'never' }), undefined, { 'setup.a.defensiveEffect': ['always', 'never'] });
    expect(contestSwept.results.map(said)).toEqual([[], ['b.bid changes nothing here: neither contender makes a defensive effect (defensiveEffect "never" for both; a contest has no offensive effects), so there is no bidding']]);
    // Stored tension for effects it never makes, likewise (a refusal until December 2026).
    const stored = run('vdp', 'combat', duel({ ...noEffects, effectTension: 2 }, { offensiveEffect: 'always' }));
    expect(said(stored)).toEqual(['characters.0.effectTension changes nothing here: ann makes no effect to add it to (offensiveEffect and defensiveEffect "never")']);
    expect(stored.metrics).toEqual(run('vdp', 'combat', duel(noEffects, { offensiveEffect: 'always' })).metrics);
    const storedContest = run('vdp', 'contestRound', contenders({}, { ...noEffects, effectTension: 2 }));
    expect(said(storedContest)).toEqual(['b.effectTension changes nothing here: ben makes no defensive effect to add it to (defensiveEffect "never"; a contest has no offensive effects)']);
    expect(storedContest.metrics).toEqual(run('vdp', 'contestRound', contenders({}, noEffects)).metrics);
    expect(said(run('vdp', 'contestRound', contenders({}, { effectTension: 2 })))).toEqual([]);
    // An enemy's effects are bid over, and the bid acts (ann, with tension to negate them, never does).
    const bidding = duel({ ...noEffects, tension: 4, spendTension: 'never', bid: 'never' }, { offensiveEffect: 'always' });
    expect(said(run('vdp', 'combat', bidding))).toEqual([]);
    expect(run('vdp', 'combat', bidding).metrics).not.toEqual(run('vdp', 'combat', duel({ ...noEffects, tension: 4, spendTension: 'never' }, { offensiveEffect: 'always' })).metrics);
    expect(refusals(scenario('vdp', 'contestRound', contenders({ ...noEffects, bid: 'always' }, {})))).toEqual([]);
    // whileAhead, the default, written out says nothing.
    expect(said(run('vdp', 'combat', duel({ ...noEffects, bid: 'whileAhead' }, noEffects)))).toEqual([]);
  });

  test('spendPerRoll with spendTension "never" (combat, contestRound, extended)', () => {
    const never = { spendTension: 'never' };
    const fight = run('vdp', 'combat', duel({ ...never, spendPerRoll: 1 }));
    expect(said(fight)).toEqual(['characters.0.spendPerRoll changes nothing here: ann spends no tension on dice (spendTension "never")']);
    expect(fight.metrics).toEqual(run('vdp', 'combat', duel(never)).metrics);
    const contest = run('vdp', 'contestRound', contenders({ ...never, spendPerRoll: 2 }));
    expect(said(contest)).toEqual(['a.spendPerRoll changes nothing here: ana spends no tension on dice (spendTension "never")']);
    expect(contest.metrics).toEqual(run('vdp', 'contestRound', contenders(never)).metrics);
    const check = run('vdp', 'extended', { ...job, ...never, spendPerRoll: 1 });
    expect(said(check)).toEqual(['spendPerRoll changes nothing here: no tension is spent on dice (spendTension "never")']);
    expect(check.metrics).toEqual(run('vdp', 'extended', { ...job, ...never }).metrics);
    // At 4/0 (an intensity of 0 or less: the check goes on) or 0/4, one roll a step has dice:
    // a step banks a point at most, spent whole on the next, so no cap binds (an audit).
    const onlyAttack = { ...job, intensity: 0, allocation: '4/0' };
    for (const [setup, words] of [
      [onlyAttack, 'at allocation "4/0" the defence has no dice, so only the attack can tie its target'],
      [{ ...job, intensity: 12, allocation: '0/4', spendTension: 'onDefence' }, 'at allocation "0/4" the attack has no dice, so only the defence can tie its target'],
      [{ ...job, intensity: 12, allocation: '0/4', spendTension: 'onNextRoll' }, 'at allocation "0/4" the attack has no dice, so only the defence can tie its target'],
    ] as const) {
      const capped = run('vdp', 'extended', { ...setup, spendPerRoll: 1 });
      expect(said(capped)).toContain(`spendPerRoll changes nothing here: ${words}; a step banks 1 point of tension at most, and the next step's roll spends it whole`);
      expect(capped.metrics).toEqual(run('vdp', 'extended', setup).metrics);
      expect(capped.metrics.tensionSpent.estimate).toBeGreaterThan(0);
    }
    expect(said(run('vdp', 'extended', { ...job, spendPerRoll: 1 }))).toEqual([]);
    // Spent on dice, the cap acts: not said (a bank of 3 at the start, spent 1 a roll).
    const acts = run('vdp', 'combat', duel({ tension: 3, spendPerRoll: 1 }));
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('vdp', 'combat', duel({ tension: 3 })).metrics);
  });

  test('spendTension and spendPerRoll at a 4/0 or 0/4 split: said where they change nothing, not where they act (combat, extended, contestRound; the audit)', () => {
    // Combat. "onDefence" at 4/0 names only defence rolls, which have no dice: its cap changes
    // nothing, and so does its starting tension where nothing else spends it.
    const guard = { allocation: '4/0', spendTension: 'onDefence' };
    const capped = run('vdp', 'combat', duel({ ...guard, spendPerRoll: 2 }));
    expect(said(capped)).toEqual(['characters.0.spendPerRoll changes nothing here: ann spends no tension on dice (spendTension "onDefence", and at allocation "4/0" it has no defence dice)']);
    expect(capped.metrics).toEqual(run('vdp', 'combat', duel(guard)).metrics);
    const kept = run('vdp', 'combat', duel({ ...guard, ...noEffects, tension: 4 }, noEffects));
    expect(said(kept)).toEqual([
      'characters.0.defensiveEffect changes nothing here: ann has no defence dice at allocation "4/0", so no block to make an effect of',
      'characters.0.tension changes nothing here: ann never spends tension (spendTension "onDefence", and at allocation "4/0" it has no defence dice; no effect it makes or suffers to bid over; no status to remove: none at the start, and no enemy grapples)',
    ]);
    expect(kept.metrics).toEqual(run('vdp', 'combat', duel({ ...guard, ...noEffects }, noEffects)).metrics);
    // "onDefence" itself acts at 4/0: it keeps off the attack rolls the tension the default
    // "onAttack" puts on them (it plays as "never"). Not said.
    const banks = run('vdp', 'combat', duel({ ...guard, tension: 3 }));
    expect(said(banks)).toEqual([]);
    expect(banks.metrics).not.toEqual(run('vdp', 'combat', duel({ allocation: '4/0', tension: 3 })).metrics);
    // "onNextRoll" at 4/0 spends where "onAttack" does; "never" at 0/4 spends nowhere, as "onAttack" does there.
    const next = run('vdp', 'combat', duel({ allocation: '4/0', spendTension: 'onNextRoll', tension: 3 }));
    expect(said(next)).toEqual(['characters.0.spendTension changes nothing here: ann spends tension on its attack rolls only, as the default "onAttack" does: at allocation "4/0" it has no defence dice']);
    expect(next.metrics).toEqual(run('vdp', 'combat', duel({ allocation: '4/0', tension: 3 })).metrics);
    const hunker = run('vdp', 'combat', duel({}, { allocation: '0/4', spendTension: 'never', tension: 3 }));
    expect(said(hunker)).toEqual(['characters.1.spendTension changes nothing here: bo spends no tension on dice, nor would the default "onAttack": at allocation "0/4" it makes no attack']);
    expect(hunker.metrics).toEqual(run('vdp', 'combat', duel({}, { allocation: '0/4', tension: 3 })).metrics);
    // Panicked, a 4/0 fighter keeps 2 defence dice: "onDefence" spends there, and its cap acts.
    const panicked = { ...guard, status: { panicked: true }, removeStatus: 'never', tension: 5 };
    const acts = run('vdp', 'combat', duel({ ...panicked, spendPerRoll: 1 }));
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('vdp', 'combat', duel(panicked)).metrics);

    // Extended: the same at a fixed split (intensity 0, so the 4/0 check goes on past its first step).
    const dig = { ...job, intensity: 0, allocation: '4/0' };
    const x = run('vdp', 'extended', { ...dig, spendTension: 'onDefence', spendPerRoll: 1 });
    // (Its defence's bonus too, at 4/0: said below.)
    const DEFENCE = 'defence changes nothing here: at allocation "4/0" the defence has no dice, and a roll of no dice totals 0, whatever its attribute and skill';
    expect(said(x)).toEqual(['spendPerRoll changes nothing here: no tension is spent on dice (spendTension "onDefence", and at allocation "4/0" the defence has no dice)', DEFENCE]);
    expect(x.metrics).toEqual(run('vdp', 'extended', { ...dig, spendTension: 'onDefence' }).metrics);
    const xNext = run('vdp', 'extended', { ...dig, spendTension: 'onNextRoll' });
    expect(said(xNext)).toEqual(['spendTension changes nothing here: the check spends tension on its attack rolls only, as the default "onAttack" does: at allocation "4/0" the defence has no dice', DEFENCE]);
    expect(xNext.metrics).toEqual(run('vdp', 'extended', dig).metrics);
    const xBanks = run('vdp', 'extended', { ...dig, spendTension: 'onDefence' });
    expect(said(xBanks)).toEqual([DEFENCE]);
    expect(xBanks.metrics).not.toEqual(run('vdp', 'extended', dig).metrics);
    // 0/4 with a defence that often ties its intensity (a bank that grows, never spent): "never"
    // and the default agree to the last digit of the exact chain.
    const idle = { ...job, defence: { attribute: 0, skill: 0 }, intensity: 12, allocation: '0/4' };
    const xNever = run('vdp', 'extended', { ...idle, spendTension: 'never' });
    expect(said(xNever)).toEqual(['spendTension changes nothing here: the check spends no tension on dice, nor would the default "onAttack": at allocation "0/4" the attack has no dice', 'difficulty changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, so it never succeeds, whatever the difficulty', 'attack changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, and a roll of no dice totals 0, whatever its attribute and skill']);
    expect(xNever.metrics).toEqual(run('vdp', 'extended', idle).metrics);
    expect(xNever.metrics.tension.exact).toBeGreaterThan(0.1);

    // contestRound alike; with no effects the contest is exact either way.
    const c = run('vdp', 'contestRound', contenders(noEffects, { ...noEffects, allocation: '0/4', spendTension: 'never', spendPerRoll: 2 }));
    expect(said(c)).toEqual([
      // (Ana's "never" too: against a contender that never attacks she never blocks.)
      'a.defensiveEffect changes nothing here: ben makes no attack at allocation "0/4", so ana never blocks one to make an effect of',
      'b.attack changes nothing here: at allocation "0/4" ben makes no attack, whatever its attribute and skill',
      'b.spendTension changes nothing here: ben spends no tension on dice, nor would the default "onAttack": at allocation "0/4" it makes no attack',
      'b.spendPerRoll changes nothing here: ben spends no tension on dice (spendTension "never")',
    ]);
    expect(c.metrics).toEqual(run('vdp', 'contestRound', contenders(noEffects, { ...noEffects, allocation: '0/4' })).metrics);
    const cGuard = run('vdp', 'contestRound', contenders({ ...noEffects, allocation: '4/0', spendTension: 'onDefence', spendPerRoll: 1 }, noEffects));
    expect(said(cGuard)).toEqual(['a.spendPerRoll changes nothing here: ana spends no tension on dice (spendTension "onDefence", and at allocation "4/0" it has no defence dice)']);
    expect(cGuard.metrics).toEqual(run('vdp', 'contestRound', contenders({ ...noEffects, allocation: '4/0', spendTension: 'onDefence' }, noEffects)).metrics);
  });

  test('extended advantageSteps "first" with no advantage dice, or no later step', () => {
    const first = run('vdp', 'extended', { ...job, advantageSteps: 'first' });
    expect(said(first)).toEqual(['advantageSteps changes nothing here: there are no advantage or disadvantage dice']);
    expect(first.metrics).toEqual(run('vdp', 'extended', job).metrics);
    // A one-step job (a cap of 1 below the job's steps is refused: it could never be finished).
    const one = run('vdp', 'extended', { ...job, steps: 1, advantage: 2, advantageSteps: 'first', maxSteps: 1 });
    expect(said(one)).toEqual(['advantageSteps changes nothing here: maxSteps is 1, so the first step is the only one']);
    expect(one.metrics).toEqual(run('vdp', 'extended', { ...job, steps: 1, advantage: 2, maxSteps: 1 }).metrics);
    // With advantage dice and later steps, it acts: not said ("every" against the default, "first").
    const acts = run('vdp', 'extended', { ...job, advantage: 2, advantageSteps: 'every' });
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('vdp', 'extended', { ...job, advantage: 2 }).metrics);
  });

  test('a starting tension that is never spent (contestRound, and combat likewise)', () => {
    const keeps = { ...noEffects, spendTension: 'never' };
    const contest = run('vdp', 'contestRound', contenders({ ...keeps, tension: 5 }, noEffects));
    expect(said(contest)).toEqual(['a.tension changes nothing here: ana never spends tension (spendTension "never", and neither contender makes a defensive effect to bid over)']);
    expect(contest.metrics).toEqual(run('vdp', 'contestRound', contenders(keeps, noEffects)).metrics);
    // The other's blocks make effects: the tension is bid with, not said.
    const bids = run('vdp', 'contestRound', contenders({ ...keeps, tension: 5 }, {}));
    expect(said(bids)).toEqual([]);
    expect(bids.metrics).not.toEqual(run('vdp', 'contestRound', contenders(keeps, {})).metrics);

    const fight = run('vdp', 'combat', duel({ ...keeps, tension: 5 }, noEffects));
    expect(said(fight)).toEqual(['characters.0.tension changes nothing here: ann never spends tension (spendTension "never"; no effect it makes or suffers to bid over; no status to remove: none at the start, and no enemy grapples)']);
    expect(fight.metrics).toEqual(run('vdp', 'combat', duel(keeps, noEffects)).metrics);
    const held = run('vdp', 'combat', duel({ ...keeps, tension: 5, status: { fatigued: true }, removeStatus: 'never' }, noEffects));
    expect(said(held)).toEqual(['characters.0.tension changes nothing here: ann never spends tension (spendTension "never"; no effect it makes or suffers to bid over; removeStatus "never")']);
    expect(held.metrics).toEqual(run('vdp', 'combat', duel({ ...keeps, status: { fatigued: true }, removeStatus: 'never' }, noEffects)).metrics);
    // A status it pays a point to remove: the tension acts, not said.
    const pays = run('vdp', 'combat', duel({ ...keeps, tension: 5, status: { fatigued: true } }, noEffects));
    expect(said(pays)).toEqual([]);
    expect(pays.metrics).not.toEqual(run('vdp', 'combat', duel({ ...keeps, status: { fatigued: true } }, noEffects)).metrics);
    // removeStatus with no status to remove, at the start or from an enemy's grapple (an audit).
    for (const removeStatus of ['never', 'always']) {
      const bare = run('vdp', 'combat', duel({ removeStatus, tension: 2 }));
      expect(said(bare)).toEqual(['characters.0.removeStatus changes nothing here: ann has no status to remove (none at the start, and no enemy grapples)']);
      expect(bare.metrics).toEqual(run('vdp', 'combat', duel({ tension: 2 })).metrics);
    }
    // A grappling enemy puts one on it: said of neither.
    const grappled = run('vdp', 'combat', duel({ removeStatus: 'never', tension: 2 }, { chargeBuy: 'grapple', chargeCashIn: 'hits' }));
    expect(said(grappled)).toEqual([]);
    expect(grappled.metrics).not.toEqual(run('vdp', 'combat', duel({ tension: 2 }, { chargeBuy: 'grapple', chargeCashIn: 'hits' })).metrics);
  });
});

describe('Sorcerer contest', () => {
  const will3demon4 = { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 4 } };

  test('retryPenalty with one try: said at that point of a sweep over tries, not refused', () => {
    const one = run('sorcerer', 'contest', { ...will3demon4, tries: 1, retryPenalty: 2 });
    expect(said(one)).toEqual(['retryPenalty changes nothing here: tries is 1, and the penalty cuts only the tries after a lost one']);
    expect(one.metrics).toEqual(run('sorcerer', 'contest', { ...will3demon4, tries: 1 }).metrics);
    const swept = runAll('sorcerer', 'contest', { ...will3demon4, tries: 1, retryPenalty: 2 }, undefined, { 'setup.tries': [1, 2] });
    expect(pointNotes(swept)).toEqual(['retryPenalty changes nothing here: tries is 1, and the penalty cuts only the tries after a lost one (at 1 of the 2 points: tries (sorcerer) = 1)']);
    // Two tries: the second is cut.
    const two = swept.results[1];
    expect(said(two)).toEqual([]);
    expect(two.metrics).not.toEqual(run('sorcerer', 'contest', { ...will3demon4, tries: 2 }).metrics);
  });

  test('both penalties where no later try can go otherwise: said, with the same figures (a Sorcerer audit)', () => {
    // Side b of no dice: a wins its first try for certain, and nothing is repeated.
    const sure = { a: { name: 'sorcerer', dice: 3 }, b: { name: 'demon', dice: 2, penalty: 2 }, tries: 3 };
    const certain = 'side a wins its first try for certain (3 dice against none), so no try is repeated';
    const cut = run('sorcerer', 'contest', { ...sure, retryPenalty: 2 }, { repeatPenalty: 'flat' });
    expect(said(cut)).toEqual([`retryPenalty changes nothing here: ${certain}`, `rules.repeatPenalty changes nothing here: ${certain}`]);
    expect(cut.metrics).toEqual(run('sorcerer', 'contest', { ...sure, retryPenalty: 0 }).metrics);
    // Side a of no dice: every try after a failure rolls none, whatever a failure costs.
    const none = { a: { name: 'sorcerer', dice: 2, penalty: 2 }, b: { name: 'demon', dice: 2 }, tries: 3 };
    const empty = run('sorcerer', 'contest', { ...none, retryPenalty: 2 }, { repeatPenalty: 'flat' });
    expect(said(empty)).toEqual(expect.arrayContaining(['retryPenalty changes nothing here: side a has no dice of its own, so a failure has none to take: every later try rolls none, and none wins']));
    expect(empty.metrics).toEqual(run('sorcerer', 'contest', { ...none, retryPenalty: 0 }).metrics);
    // Where b has a die, a may lose: not said, and the penalty acts.
    const open = run('sorcerer', 'contest', { ...sure, b: { ...sure.b, penalty: 1 }, retryPenalty: 2 });
    expect(said(open)).toEqual([]);
    expect(open.metrics).not.toEqual(run('sorcerer', 'contest', { ...sure, b: { ...sure.b, penalty: 1 }, retryPenalty: 0 }).metrics);
  });
});

describe('Sorcerer conflict', () => {
  const blade = { stamina: 4, will: 3, weapon: 'blade' };
  const duel = (a: object = {}, b: object = {}, more: object = {}) => ({ a: { name: 'a', ...blade, defend: 'fullDefence', ...a }, b: { name: 'b', ...blade, defend: 'oneDie', ...b }, ...more });
  const carried = { sacrificeCurrency: 'carried' };

  test('rules.sacrificeCurrency "carried" where no currency can reach a sacrifice: said, with the same figures; not said where it acts', () => {
    const cases: [object, string][] = [
      [duel({}, {}, { maxRounds: 1 }), 'the conflict is one round, and currency is carried only into a later round'],
      [duel({ currency: 'none' }, { currency: 'standUp' }), 'neither fighter carries currency into a later round (currency "none" or "standUp": a Stand Up\'s successes join that round\'s own action)'],
      // Both suck it up, and on 4 dice to act with against Stamina 4 neither can be left
      // none while it holds currency (that takes penalties of 5: it stands up, and acts).
      [duel({ defend: 'oneDie' }), 'every fighter that carries currency into a round (a, b) sucks it up (defend "oneDie") while it has dice to act with, and with currency in hand it has some, or a dodge of no more than the one die, so it never defends in full before acting'],
      // b carries none; a sucks it up, and left no dice to act with its dodge is 1 + 2 − 2
      // (the +2 of a totally defensive declared action, the default since December 2026).
      [duel({ defend: 'oneDie', dice: 2, defence: 1 }, { currency: 'none' }), 'every fighter that carries currency into a round (a) sucks it up (defend "oneDie") while it has dice to act with, and with currency in hand it has some, or a dodge of no more than the one die, so it never defends in full before acting'],
    ];
    for (const [setup, why] of cases) {
      const withIt = run('sorcerer', 'conflict', setup, carried);
      expect(said(withIt), JSON.stringify(setup)).toEqual([`rules.sacrificeCurrency changes nothing here: ${why}`]);
      expect(withIt.metrics, JSON.stringify(setup)).toEqual(run('sorcerer', 'conflict', setup).metrics);
    }
    // A sacrificer carrying its won defences: it acts (win.a moves at this seed), not said.
    const swept = runAll('sorcerer', 'conflict', duel(), carried, { 'setup.a.defend': ['oneDie', 'fullDefence'] });
    expect(pointNotes(swept).filter((n) => n.includes('changes nothing'))).toEqual([
      'rules.sacrificeCurrency changes nothing here: every fighter that carries currency into a round (a, b) sucks it up (defend "oneDie") while it has dice to act with, and with currency in hand it has some, or a dodge of no more than the one die, so it never defends in full before acting (at 1 of the 2 points: a › defence before acting = “suck it up”)',
    ]);
    expect(said(swept.results[1])).toEqual([]);
    expect(swept.results[1].metrics).not.toEqual(run('sorcerer', 'conflict', duel()).metrics);
    // A one-die fighter on 2 dice to act with and 6 to dodge: left no dice to act with, it
    // dodges in full, and its currency goes with it. Not said.
    expect(said(run('sorcerer', 'conflict', duel({ defend: 'oneDie', dice: 2, defence: 6 }), carried))).toEqual([]);
  });
});

describe('Sorcerer conflict: rules.failedStandUp "beaten" (the variant since December 2026)', () => {
  const blade = { stamina: 4, will: 3, weapon: 'blade' };
  const duel = (a: object = {}, b: object = {}, more: object = {}) => ({ a: { name: 'a', ...blade, ...a }, b: { name: 'b', ...blade, ...b }, ...more });
  // "loseAction" is the default: the note goes with the variant, "beaten".
  const beaten = { failedStandUp: 'beaten' };
  const head = 'rules.failedStandUp changes nothing here: no character can start a round above its Stamina and not past twice it, where a failed Stand Up would cost only the action';

  test('where no character can start a round above its Stamina and within twice it: said, with the same figures; not said where it acts', () => {
    const cases: [object, string][] = [
      [duel({}, {}, { maxRounds: 1 }), `${head} (a does not start above its Stamina, and the conflict is one round; b does not start above its Stamina, and the conflict is one round)`],
      // Past twice its Stamina from the start: beaten at round 1's start either way.
      [duel({ lasting: 9 }), `${head} (a starts past twice its Stamina, beaten at round 1's start; b does not start above its Stamina, and the conflict ends at round 1's start)`],
      // a, of Stamina 0, attacks with nothing (no dice, no bonus, no Passion, no currency won
      // by defences): b is never hit.
      [duel({ stamina: 0, currency: 'none' }), `${head} (a has Stamina 0, so any penalty is past twice it; b does not start above its Stamina, and a never has dice to attack it with)`],
    ];
    for (const [setup, why] of cases) {
      const withIt = run('sorcerer', 'conflict', setup, beaten);
      expect(said(withIt).filter((n) => n.startsWith('rules.')), JSON.stringify(setup)).toEqual([why]);
      expect(withIt.metrics, JSON.stringify(setup)).toEqual(run('sorcerer', 'conflict', setup).metrics);
    }
    // a past twice its Stamina, but b within it: b's failed Stand Up is a draw when beaten,
    // a win for b when it only loses the action. Not said.
    const pastAndWithin = duel({ lasting: 9 }, { lasting: 5, will: 1 });
    expect(said(run('sorcerer', 'conflict', pastAndWithin, beaten))).toEqual([]);
    expect(run('sorcerer', 'conflict', pastAndWithin).metrics.draw.estimate).toBe(0);
    expect(run('sorcerer', 'conflict', pastAndWithin, beaten).metrics.draw.estimate).toBeGreaterThan(0.5);
    // One round, but a starts above its Stamina (5 > 4, not past 8): said nothing, and it acts.
    const hurt = duel({ lasting: 5, will: 1 }, {}, { maxRounds: 1 });
    expect(said(run('sorcerer', 'conflict', hurt, beaten))).toEqual([]);
    expect(run('sorcerer', 'conflict', hurt, beaten).metrics).not.toEqual(run('sorcerer', 'conflict', hurt).metrics);
    // Neither ever stands up: not idle. Beaten, it is out at once; sitting out, it acts again
    // once its next penalties have passed.
    const never = duel({ standUp: 'never' }, { standUp: 'never' });
    // (Their Will is said to change nothing: no rule.)
    expect(said(run('sorcerer', 'conflict', never, beaten)).filter((n) => n.startsWith('rules.'))).toEqual([]);
    expect(run('sorcerer', 'conflict', never, beaten).metrics).not.toEqual(run('sorcerer', 'conflict', never).metrics);
    // The default says nothing of the rule, idle or not.
    for (const setup of [duel({}, {}, { maxRounds: 1 }), duel({ lasting: 9 }), never]) {
      expect(said(run('sorcerer', 'conflict', setup)).filter((n) => n.startsWith('rules.failedStandUp')), JSON.stringify(setup)).toEqual([]);
      expect(said(run('sorcerer', 'conflict', setup, { failedStandUp: 'loseAction' })).filter((n) => n.startsWith('rules.failedStandUp')), JSON.stringify(setup)).toEqual([]);
    }
  });
});

describe('Sorcerer conflict: a fighter with no dice of its stat', () => {
  // It acts on its bonus dice alone; hurt past its Stamina it would stand up, but "roll your
  // Will (without penalties) vs. the number of dice you'd like to use for your action, up to
  // your score" asks for none, and a roll against no dice is never rolled.
  const fighter = (more: object = {}) => ({ name: 'a', stamina: 3, will: 5, dice: 0, bonus: 2, weapon: 'blade', ...more });
  const b = { name: 'b', stamina: 4, will: 3, weapon: 'blade' };
  const why = 'a has no dice to stand up with (dice 0), so a Stand Up ("roll your Will (without penalties) vs. the number of dice you\'d like to use for your action, up to your score") asks for none and is never rolled';

  test('its Will, Stand Up bonus and Stand Up policy change nothing: said, with the same figures at the same seed', () => {
    const withThem = run('sorcerer', 'conflict', { a: fighter({ standUpBonus: 3, standUp: 'half' }), b });
    expect(said(withThem)).toEqual([`a.will changes nothing here: ${why}`, `a.standUpBonus changes nothing here: ${why}`, `a.standUp changes nothing here: ${why}`]);
    const without = run('sorcerer', 'conflict', { a: fighter({ will: 1 }), b });
    expect(said(without)).toEqual([`a.will changes nothing here: ${why}`]);
    expect(withThem.metrics).toEqual(without.metrics);
    // It is hurt past its Stamina and never stands up: the fights it loses that way are real.
    expect(withThem.metrics['stoodUp.a'].estimate).toBe(0);
    expect(withThem.metrics['win.b'].estimate).toBeGreaterThan(0.5);
    // Its dice left out, and a Stamina of 0: its dice are its Stamina's, none.
    const none = run('sorcerer', 'conflict', { a: { name: 'a', stamina: 0, will: 4, bonus: 3, weapon: 'fists' }, b });
    expect(said(none)).toEqual([`a.will changes nothing here: ${why.replace('(dice 0)', '(dice left out: its Stamina, 0)')}`]);
    expect(none.metrics).toEqual(run('sorcerer', 'conflict', { a: { name: 'a', stamina: 0, will: 1, bonus: 3, weapon: 'fists' }, b }).metrics);
  });

  test('not said with one die: its Will acts', () => {
    const one = run('sorcerer', 'conflict', { a: fighter({ dice: 1 }), b });
    expect(said(one)).toEqual([]);
    expect(one.metrics['stoodUp.a'].estimate).toBeGreaterThan(0);
    expect(one.metrics).not.toEqual(run('sorcerer', 'conflict', { a: fighter({ dice: 1, will: 1 }), b }).metrics);
  });
});

describe('Sorcerer conflict: a Will that is never rolled, and a Stand Up with no Will (a Sorcerer audit: the ruling said the notes say so; they did not)', () => {
  const b = { name: 'b', stamina: 4, will: 3, weapon: 'blade' };
  test('standUp "never": its Will changes nothing, said, the same figures at the same seed', () => {
    const never = run('sorcerer', 'conflict', { a: { name: 'a', stamina: 4, will: 5, weapon: 'blade', standUp: 'never' }, b });
    expect(said(never)).toEqual(['a.will changes nothing here: a never stands up (standUp "never"), and nothing else rolls its Will']);
    expect(never.metrics).toEqual(run('sorcerer', 'conflict', { a: { name: 'a', stamina: 4, will: 0, weapon: 'blade', standUp: 'never' }, b }).metrics);
  });
  test('Will 0 and no Stand Up bonus: its standUp changes nothing, said, under either failedStandUp; with a bonus it acts', () => {
    for (const rules of [{}, { failedStandUp: 'beaten' }]) {
      const points = (['full', 'half', 'never'] as const).map((standUp) => runAll('sorcerer', 'conflict', { a: { name: 'a', stamina: 4, will: 0, weapon: 'blade', standUp }, b }, rules).results[0]);
      expect(said(points[0]!)).toEqual(['a.standUp changes nothing here: a\'s Will is 0 and it has no standUpBonus, so a Stand Up has no dice to roll and never stands it up, whatever its policy']);
      expect(points[1]!.metrics).toEqual(points[0]!.metrics);
      expect(points[2]!.metrics).toEqual(points[0]!.metrics);
    }
    const bonus = run('sorcerer', 'conflict', { a: { name: 'a', stamina: 4, will: 0, standUpBonus: 3, weapon: 'blade', standUp: 'full' }, b });
    expect(said(bonus)).toEqual([]);
    expect(bonus.metrics['stoodUp.a'].estimate).toBeGreaterThan(0);
  });
});

test('VDP extended: at 4/0 against an intensity above 0 every check ends at its first step, so advantageSteps, spendTension and spendPerRoll change nothing, and are said; at 0/4 the difficulty (an audit)', () => {
  const job = { attack: { attribute: 2, skill: 1 }, defence: { attribute: 2, skill: 1 }, difficulty: 8, intensity: 6, steps: 3, allocation: '4/0', advantage: 2 };
  const plain = run('vdp', 'extended', job);
  expect(plain.metrics.steps.exact).toBe(1);
  const asked = run('vdp', 'extended', { ...job, advantageSteps: 'first', spendTension: 'onNextRoll', spendPerRoll: 1 });
  expect(asked.metrics).toEqual(plain.metrics);
  const why = 'at allocation "4/0" the defence has no dice and totals 0, below the intensity of 6, so every check ends at its first step';
  expect(asked.notes).toEqual([
    `advantageSteps changes nothing here: ${why}`,
    `spendTension changes nothing here: ${why}, and tension is spent on a later step's rolls (none is banked before the first)`,
    `spendPerRoll changes nothing here: ${why}, and tension is spent on a later step's rolls (none is banked before the first)`,
    'defence changes nothing here: at allocation "4/0" the defence has no dice, and a roll of no dice totals 0, whatever its attribute and skill',
  ]);
  // The defence's bonus (a VDP audit: taken unsaid): the same figures.
  expect(run('vdp', 'extended', { ...job, defence: { attribute: 9, skill: 9 } }).metrics).toEqual(plain.metrics);
  // At 0/4 the attack's bonus: the same figures, said.
  const low = run('vdp', 'extended', { ...job, allocation: '0/4', advantage: 0 });
  const lowOther = run('vdp', 'extended', { ...job, allocation: '0/4', advantage: 0, attack: { attribute: 9, skill: 9 } });
  expect(lowOther.metrics).toEqual(low.metrics);
  expect(lowOther.notes).toContain('attack changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, and a roll of no dice totals 0, whatever its attribute and skill');
  // At intensity 0 the defence of no dice passes and the check goes on: "every" acts (against the default, "first"), unsaid.
  const goesOn = run('vdp', 'extended', { ...job, intensity: 0, advantageSteps: 'every' });
  expect(goesOn.notes).toEqual(['defence changes nothing here: at allocation "4/0" the defence has no dice, and a roll of no dice totals 0, whatever its attribute and skill']);
  expect(goesOn.metrics).not.toEqual(run('vdp', 'extended', { ...job, intensity: 0 }).metrics);
  // 0/4: no attack, whatever the difficulty.
  const hunker = { ...job, allocation: '0/4', advantage: 0 };
  const easy = run('vdp', 'extended', { ...hunker, difficulty: 0 });
  expect(easy.metrics).toEqual(run('vdp', 'extended', { ...hunker, difficulty: 30 }).metrics);
  expect(easy.notes).toEqual(['difficulty changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, so it never succeeds, whatever the difficulty', 'attack changes nothing here: at allocation "0/4" the attack has no dice and makes no attack, and a roll of no dice totals 0, whatever its attribute and skill']);
});

test('VDP contestRound against a contender at 0/4, which never attacks: the other never blocks, so its defensiveEffect, effectTension, the bidding and rules.effectsOn change nothing, and 0/4\'s own attacks; said (an audit)', () => {
  const hunker = { allocation: '0/4', defensiveEffect: 'never' };
  // Ana makes effects by default; Ben, at 0/4, never attacks, so she never blocks.
  const plain = run('vdp', 'contestRound', contenders({}, hunker));
  const asked = run('vdp', 'contestRound', contenders({ defensiveEffect: 'always', effectTension: 1, bid: 'always' }, { ...hunker, attacks: 1 }), { effectsOn: 'ownTurn' });
  expect(asked.metrics).toEqual(plain.metrics);
  const never = 'ben makes no attack at allocation "0/4", so ana never blocks one';
  expect(said(asked)).toEqual([
    `rules.effectsOn changes nothing here: neither contender makes a defensive effect (${never}; ben's defensiveEffect is "never"; a contest has no offensive effects)`,
    `a.defensiveEffect changes nothing here: ${never} to make an effect of`,
    `a.effectTension changes nothing here: ana makes no defensive effect to add it to (${never}; a contest has no offensive effects)`,
    `a.bid changes nothing here: neither contender makes a defensive effect (${never}; ben's defensiveEffect is "never"; a contest has no offensive effects), so there is no bidding`,
    'b.attacks changes nothing here: at allocation "0/4" ben makes no attack',
    'b.attack changes nothing here: at allocation "0/4" ben makes no attack, whatever its attribute and skill',
  ]);
  // Ben attacking (2/2): Ana blocks and her effects act, unsaid.
  const blocks = run('vdp', 'contestRound', contenders({ effectTension: 1 }, { defensiveEffect: 'never' }), { effectsOn: 'ownTurn' });
  expect(said(blocks)).toEqual([]);
  expect(blocks.metrics).not.toEqual(run('vdp', 'contestRound', contenders({}, { defensiveEffect: 'never' })).metrics);
});

test('VDP contestRound: order "rolled" where the Timings are equal or 10 or more apart is as likely to give either the first turn as Timing alone: said (the figures differ by the draws alone; an audit)', () => {
  const exactly = (point: { metrics: Record<string, { exact?: number }> }) => Object.fromEntries(Object.entries(point.metrics).map(([k, m]) => [k, m.exact]));
  // Exact where nobody spends tension and nobody makes effects: compare the exact figures.
  const calm = { spendTension: 'never', defensiveEffect: 'never' };
  for (const [ta, tb, why] of [
    [5, 5, 'both Timings are 5, so either way each round\'s first turn falls to either as a coin does'],
    [13, 3, 'Timing 13 against 3: 2d6 cannot close a gap of 10 or more, so the higher Timing goes first every round either way'],
  ] as const) {
    const rolled = run('vdp', 'contestRound', { ...contenders({ ...calm, timing: ta }, { ...calm, timing: tb }), order: 'rolled' });
    const byTiming = run('vdp', 'contestRound', contenders({ ...calm, timing: ta }, { ...calm, timing: tb }));
    expect(rolled.metrics['win.ana'].exact).toBeGreaterThan(0);
    expect(exactly(rolled)).toEqual(exactly(byTiming));
    expect(said(rolled)).toEqual([`order changes nothing here: ${why}, and the figures differ by the draws alone`]);
  }
  // 12 against 3: a roll can close the gap: the order acts, unsaid.
  const close = run('vdp', 'contestRound', { ...contenders({ ...calm, timing: 12 }, { ...calm, timing: 3 }), order: 'rolled' });
  expect(said(close)).toEqual([]);
  expect(close.metrics['first.ana'].exact).toBeLessThan(1);
});

describe('Sorcerer: variants that change nothing in this contest or conflict are said (an audit: taken unsaid)', () => {
  test('contest: exhausted "remaining" where no roll has two pools of dice 2 or more apart', () => {
    const remaining = { exhausted: 'remaining' };
    const contest = (a: number, b: number, more: object = {}) => ({ a: { name: 'a', dice: a }, b: { name: 'b', dice: b }, die: 'd6', ...more });
    const why = 'rules.exhausted changes nothing here: a side that runs out of dice leaves the other as many as the pools differ by (tied dice cancel in pairs), and no roll here whose successes count has two pools of dice 2 or more apart (a side of no dice gives the winner every die either way)';
    for (const [x, y] of [[4, 3], [3, 3], [2, 1], [0, 5]]) {
      const withIt = run('sorcerer', 'contest', contest(x, y), remaining);
      expect(said(withIt), `${x} v ${y}`).toEqual([why]);
      expect(withIt.metrics, `${x} v ${y}`).toEqual(run('sorcerer', 'contest', contest(x, y)).metrics);
    }
    // 5 against 3: a side can run out leaving 2, and "remaining" counts both: it acts, unsaid.
    const apart = run('sorcerer', 'contest', contest(5, 3), remaining);
    expect(said(apart)).toEqual([]);
    expect(apart.metrics['successes.a'].exact).not.toBeCloseTo(run('sorcerer', 'contest', contest(5, 3)).metrics['successes.a'].exact!, 6);
    // Tries of a, cut by a die after each loss: 5 against 4, then 4 and 3 — never 2 apart.
    const TRIES = `${why}; a later try tells only who wins`;
    expect(said(run('sorcerer', 'contest', contest(5, 4, { tries: 3 }), remaining))).toEqual([TRIES]);
    // 6 against 4: 2 apart on the first try.
    expect(said(run('sorcerer', 'contest', contest(6, 4, { tries: 3 }), remaining))).toEqual([]);
    // A later try 2 apart (3 against 3, tries cut the other way by no penalty, against a
    // side that gives a pool of 1): only who wins is told (a Sorcerer audit: held back).
    const later = run('sorcerer', 'contest', contest(3, 3, { tries: 3 }), remaining);
    expect(said(later)).toEqual([TRIES]);
    expect(later.metrics).toEqual(run('sorcerer', 'contest', contest(3, 3, { tries: 3 })).metrics);
    // A Passion roll of 1 against 3 dice: the Passion side never wins by 2, and the other's
    // successes there count for nothing (held back until the audit).
    const passion = run('sorcerer', 'contest', { ...contest(3, 3), a: { name: 'a', dice: 3, passion: 1 } }, remaining);
    expect(said(passion)).toEqual([`${why}; a Passion roll counts only its Passion side's successes`]);
    expect(passion.metrics).toEqual(run('sorcerer', 'contest', { ...contest(3, 3), a: { name: 'a', dice: 3, passion: 1 } }).metrics);
  });

  test('conflict of one round: attackCurrency "nextAction", and standUpCovers and passionPenalties where nobody starts with penalties', () => {
    const fighter = { stamina: 3, will: 3, dice: 3, weapon: 'blade', defend: 'fullDefence', passion: 2 };
    const oneRound = { a: { name: 'a', ...fighter }, b: { name: 'b', ...fighter, dice: 4, weapon: 'fists', defend: 'oneDie' }, maxRounds: 1 };
    const rules = { attackCurrency: 'nextAction', standUpCovers: 'actionOrSacrifice', passionPenalties: 'cut' };
    const withIt = run('sorcerer', 'conflict', oneRound, rules);
    expect(said(withIt)).toEqual([
      "rules.attackCurrency changes nothing here: the conflict is one round, and a landed attack's successes roll over only into a later round",
      "rules.standUpCovers changes nothing here: the conflict is one round, and nobody starts it above its Stamina (lasting + next), so nobody stands up at a round's start, where the Will roll could cover a sacrifice",
      'rules.passionPenalties changes nothing here: the conflict is one round, and no fighter that rolls Passion starts it with penalties (lasting + next), so none are in force to cut the roll',
    ]);
    expect(withIt.metrics).toEqual(run('sorcerer', 'conflict', oneRound).metrics);
    // Penalties carried in: a starts with 2 (cut from its Passion roll) and b above its
    // Stamina (it stands up at round 1's start): both act, unsaid.
    const hurt = { ...oneRound, a: { ...oneRound.a, next: 2 }, b: { ...oneRound.b, lasting: 4 } };
    const hurtRules = { standUpCovers: 'actionOrSacrifice', passionPenalties: 'cut' };
    expect(said(run('sorcerer', 'conflict', hurt, hurtRules))).toEqual([]);
    // Two rounds: the currency rolls over, unsaid.
    expect(said(run('sorcerer', 'conflict', { ...oneRound, maxRounds: 2 }, { attackCurrency: 'nextAction' }))).toEqual([]);
  });

  test('conflict: totallyDefensive "never" and passionDefence "fullDefence" where the fighters concerned suck it up on more dice than their Stamina (never left with none to act with)', () => {
    const tough = { stamina: 3, will: 3, dice: 3, bonus: 1, weapon: 'blade', defend: 'oneDie' };
    const setup = { a: { name: 'a', ...tough, passion: 2 }, b: { name: 'b', ...tough, dice: 4, bonus: 0, weapon: 'fists', lasting: 2 } };
    const rules = { totallyDefensive: 'never', passionDefence: 'fullDefence' };
    const withIt = run('sorcerer', 'conflict', setup, rules);
    const why = 'sucks it up (defend "oneDie") and acts on more dice than its Stamina (dice + bonus), so it is never left with none to act with, the one case where it would defend in full before acting';
    expect(said(withIt)).toEqual([
      `rules.totallyDefensive changes nothing here: its +2 goes on a full defence made before acting, and each fighter ${why}`,
      `rules.passionDefence changes nothing here: the Passion dice join a full defence made before acting, and each fighter that rolls Passion (a) ${why}`,
    ]);
    expect(withIt.metrics).toEqual(run('sorcerer', 'conflict', setup).metrics);
    // On as many dice as its Stamina, a fighter hurt can be left none, and defends in full
    // then: both act, unsaid.
    const thin = { ...setup, a: { ...setup.a, bonus: 0 }, b: { ...setup.b, dice: 3 } };
    const acts = run('sorcerer', 'conflict', thin, rules);
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('sorcerer', 'conflict', thin).metrics);
  });

  test('conflict: standUp "half" of one die is the die "full" asks for', () => {
    const setup = (standUp?: string) => ({ a: { name: 'a', stamina: 2, will: 3, dice: 1, bonus: 1, weapon: 'blade', lasting: 3, ...(standUp ? { standUp } : {}) }, b: { name: 'b', stamina: 3, will: 3, weapon: 'fists' } });
    const half = run('sorcerer', 'conflict', setup('half'));
    expect(said(half)).toEqual(['a.standUp changes nothing here: a has 1 die of its stat, and "half" of it, rounded up, is the 1 die "full" asks for']);
    expect(half.metrics).toEqual(run('sorcerer', 'conflict', setup()).metrics);
    expect(half.metrics['stoodUp.a'].estimate).toBeGreaterThan(0);
  });

  test('conflict: nextPenalty "thisAction" where both fighters defend in full before acting (so neither is hit with its action to come)', () => {
    const full = { stamina: 3, will: 3, dice: 4, weapon: 'blade', defend: 'fullDefence' };
    const setup = { a: { name: 'a', ...full }, b: { name: 'b', ...full, dice: 3, weapon: 'fists', next: 1 } };
    const withIt = run('sorcerer', 'conflict', setup, { nextPenalty: 'thisAction' });
    expect(said(withIt)).toEqual(['rules.nextPenalty changes nothing here: both fighters defend in full (defend "fullDefence") when attacked before they act, giving the action up, so neither is ever hit with an action of its own still to come in the round']);
    expect(withIt.metrics).toEqual(run('sorcerer', 'conflict', setup).metrics);
    // One sucks it up (keeps its action after a hit): the hit cuts it, unsaid.
    const oneDie = { ...setup, b: { ...setup.b, defend: 'oneDie' } };
    const acts = run('sorcerer', 'conflict', oneDie, { nextPenalty: 'thisAction' });
    expect(said(acts)).toEqual([]);
    expect(acts.metrics).not.toEqual(run('sorcerer', 'conflict', oneDie).metrics);
  });
});

describe('a setting said to change nothing does not decide whether the figures are exact (a review)', () => {
  test('contestRound: a defensiveEffect against a contender at 0/4, which never attacks, leaves the contest exact', () => {
    const calm = { spendTension: 'never' };
    const always = run('vdp', 'contestRound', contenders({ ...calm, defensiveEffect: 'always' }, { ...calm, allocation: '0/4', defensiveEffect: 'never' }));
    const never = run('vdp', 'contestRound', contenders({ ...calm, defensiveEffect: 'never' }, { ...calm, allocation: '0/4', defensiveEffect: 'never' }));
    expect(always.metrics['win.ana'].exact).toBeGreaterThan(0);
    expect(always.metrics).toEqual(never.metrics);
    expect((always.notes ?? []).filter((n) => n.includes('skipped'))).toEqual([]);
  });

  test('extended at 4/0 against an intensity above 0: exact whatever spendTension says (the default\'s chain was over the budget)', () => {
    const long = { attack: { attribute: 2, skill: 2 }, defence: { attribute: 2, skill: 1 }, difficulty: 10, intensity: 7, steps: 30, maxSteps: 1000, allocation: '4/0' };
    const byDefault = run('vdp', 'extended', long);
    expect(byDefault.metrics.progress.exact).toBeDefined();
    expect(byDefault.metrics).toEqual(run('vdp', 'extended', { ...long, spendTension: 'never' }).metrics);
  });
});

describe('VDP combat: a fighter that never attacks or never blocks (a VDP combat audit)', () => {
  const without = (point: { notes?: string[] }, field: string) => (point.notes ?? []).filter((n) => n.startsWith(`${field} `));
  const expectSame = (a: object, b: object, rules?: object) => expect(run('vdp', 'combat', a, rules).metrics).toEqual(run('vdp', 'combat', b, rules).metrics);

  test('at 0/4: attacks, offensiveEffect and a cash-in of hits change nothing, said; "both" plays as "blocks"', () => {
    const wall = { allocation: '0/4' };
    const one = run('vdp', 'combat', duel({}, { ...wall, attacks: 1 }));
    expect(one.notes).toContain('characters.1.attacks changes nothing here: at allocation "0/4" bo makes no attack, and takes no other action (nothing to release, no enemy\'s net to shed or Disarm to recover from)');
    expectSame(duel({}, { ...wall, attacks: 1 }), duel({}, wall));
    // With a buy to release twice a turn, attacks acts: not said.
    expect(without(run('vdp', 'combat', duel({}, { ...wall, attacks: 1, chargeBuy: 'surge', charge: 4 })), 'characters.1.attacks')).toEqual([]);
    expect(run('vdp', 'combat', duel({}, { ...wall, offensiveEffect: 'always' })).notes).toContain('characters.1.offensiveEffect changes nothing here: at allocation "0/4" bo makes no attack, so no damage to convert');
    expectSame(duel({}, { ...wall, offensiveEffect: 'always' }), duel({}, wall));
    const stun = { ...wall, chargeBuy: 'stunningBlow' };
    expect(run('vdp', 'combat', duel({}, { ...stun, chargeCashIn: 'hits' })).notes).toContain('characters.1.chargeCashIn changes nothing here: at allocation "0/4" bo makes no attack, so it has no hit to give up');
    expectSame(duel({}, { ...stun, chargeCashIn: 'hits' }), duel({}, stun));
    expect(run('vdp', 'combat', duel({}, { ...stun, chargeCashIn: 'both' })).notes).toContain('characters.1.chargeCashIn "both" plays as "blocks" here: at allocation "0/4" bo makes no attack, so it has no hit to give up');
    expectSame(duel({}, { ...stun, chargeCashIn: 'both' }), duel({}, { ...stun, chargeCashIn: 'blocks' }));
  });

  test('at 4/0: a cash-in of blocks and defensiveEffect change nothing, said, and so does rules.givenUpBlock; "both" plays as "hits"; Panicked keeps 2 defence dice, so not said', () => {
    const all = { allocation: '4/0', chargeBuy: 'stunningBlow' };
    const blocks = run('vdp', 'combat', duel({ ...all, chargeCashIn: 'blocks' }), { givenUpBlock: 'undefended' });
    expect(blocks.notes).toEqual(expect.arrayContaining([
      'characters.0.chargeCashIn changes nothing here: ann has no defence dice at allocation "4/0", so it has no block to give up',
      'rules.givenUpBlock changes nothing here: no character that gives up a block for charge ever blocks (at allocation "4/0" it has no defence dice, and a block needs an enemy that attacks)',
    ]));
    expectSame(duel({ ...all, chargeCashIn: 'blocks' }), duel(all));
    expectSame(duel({ ...all, chargeCashIn: 'both' }), duel({ ...all, chargeCashIn: 'hits' }));
    expect(run('vdp', 'combat', duel({ allocation: '4/0', defensiveEffect: 'always', effectTension: 2 })).notes).toEqual(expect.arrayContaining([
      'characters.0.defensiveEffect changes nothing here: ann has no defence dice at allocation "4/0", so no block to make an effect of',
      'characters.0.effectTension changes nothing here: ann makes no effect to add it to (ann\'s offensiveEffect is "never", and ann has no defence dice at allocation "4/0")',
    ]));
    expectSame(duel({ allocation: '4/0', effectTension: 2 }), duel({ allocation: '4/0' }));
    const panicked = run('vdp', 'combat', duel({ ...all, chargeCashIn: 'blocks', status: { panicked: true } }));
    expect(without(panicked, 'characters.0.chargeCashIn')).toEqual([]);
  });

  test('against enemies that never attack: defensiveEffect and cover change nothing, said', () => {
    const shy = { allocation: '0/4' };
    expect(run('vdp', 'combat', duel({ defensiveEffect: 'always' }, shy)).notes).toContain('characters.0.defensiveEffect changes nothing here: ann is never attacked: every enemy is at allocation "0/4", so no block to make an effect of');
    expectSame(duel({ defensiveEffect: 'always' }, shy), duel({}, shy));
    const gunner = { ...shy, ranged: true };
    expect(run('vdp', 'combat', duel({ cover: 'medium' }, gunner)).notes).toContain('characters.0.cover changes nothing here: every enemy that fires directly is at allocation "0/4" and buys nothing, so it never fires');
    expectSame(duel({ cover: 'medium' }, gunner), duel({}, gunner));
  });
});

test('VDP audit: a risky or opposed check\'s modifier on an Accomplish of no dice beside the other pool\'s own modifier; contestRound\'s effectsOn "ownTurn" where no landed effect has a later attack or a defence to weigh on', () => {
  const risky0 = { accomplish: 0, cautionModifier: 1, successTarget: 8, riskTarget: 8 };
  const up = run('vdp', 'risky', { ...risky0, modifier: 5 });
  expect(up.metrics).toEqual(run('vdp', 'risky', { ...risky0, modifier: -5 }).metrics);
  expect(up.notes).toContain('modifier changes nothing here: the Accomplish has no dice, and a roll of no dice totals 0, while the Caution takes cautionModifier');
  // Without a cautionModifier the Caution takes the modifier: it acts, unsaid.
  expect(said(run('vdp', 'risky', { ...risky0, cautionModifier: undefined, modifier: 5 })).filter((n) => n.startsWith('modifier'))).toEqual([]);
  const duel = (modifier: number) => ({ a: { name: 'x', accomplish: 0, modifier, resistModifier: 1 }, b: { name: 'y', accomplish: 2, modifier: 3 } });
  const opposed = run('vdp', 'opposed', duel(5));
  expect(opposed.metrics).toEqual(run('vdp', 'opposed', duel(-5)).metrics);
  expect(opposed.notes).toContain('a.modifier changes nothing here: x\'s Accomplish has no dice, and a roll of no dice scores 0, while its Resist takes resistModifier');
  // ann at 4/0, one attack a turn, makes no effects; bob's blocks make them on her, where
  // "ownTurn" has nothing to take them off.
  const ann = { name: 'ann', attack: { attribute: 2, skill: 1 }, defence: { attribute: 6, skill: 2 }, timing: 5, allocation: '4/0', attacks: 1, defensiveEffect: 'never' };
  const bob = { name: 'bob', attack: { attribute: 0, skill: 0 }, defence: { attribute: 3, skill: 3 }, timing: 4, allocation: '2/2', attacks: 1 };
  const own = run('vdp', 'contestRound', { a: ann, b: bob }, { effectsOn: 'ownTurn' });
  expect(own.metrics).toEqual(run('vdp', 'contestRound', { a: ann, b: bob }).metrics);
  expect(said(own)).toContain('rules.effectsOn changes nothing here: "ownTurn" takes a block\'s effect off the rest of the turn it lands in and off the defences before the next turn, and no effect ever lands on a contender with either (one attack a turn and no defence dice, or no attack for the other to block)');
  // With two attacks a turn the effect weighs on her second: it acts, unsaid.
  const twice = run('vdp', 'contestRound', { a: { ...ann, attacks: 2 }, b: bob }, { effectsOn: 'ownTurn' });
  expect(said(twice).filter((n) => n.startsWith('rules.effectsOn'))).toEqual([]);
  expect(twice.metrics).not.toEqual(run('vdp', 'contestRound', { a: { ...ann, attacks: 2 }, b: bob }).metrics);
});
