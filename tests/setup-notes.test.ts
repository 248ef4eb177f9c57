/**
 * What a setup asks that changes nothing at a point is said in the point's notes (sim/mechanic.ts
 * setupNotes), not refused, where a sweep crosses such a point: each case gives the same
 * figures at the same seed with the field as without it, and the note names the field.
 * (The campaign's are in tests/campaign.test.ts.)
 */
import { expect, test } from 'vitest';
import { runScenario } from './helpers.ts';
import { pointNotes } from '../reports/pointNotes.ts';

const run = (system: string, mechanic: string, setup: object, sweep?: object) =>
  runScenario({ name: 'notes', system, mechanic, trials: 3000, seed: 'notes', setup, ...(sweep ? { sweep } : {}) });

test('VDP opposed: a resistModifier with no Resist dice (4/0), at that point of a split sweep only', () => {
  const withIt = run('vdp', 'opposed', { a: { name: 'mark', accomplish: 4, modifier: 5 }, b: { name: 'jacob', accomplish: 1, modifier: 5, resistModifier: 2 } }, { 'setup.b.accomplish': [3, 4] });
  const without = run('vdp', 'opposed', { a: { name: 'mark', accomplish: 4, modifier: 5 }, b: { name: 'jacob', accomplish: 1, modifier: 5 } }, { 'setup.b.accomplish': [3, 4] });
  const [three, four] = withIt.results;
  expect(three.notes).toBeUndefined();
  expect(four.notes).toEqual(["b.resistModifier changes nothing here: jacob's Resist has no dice, and a roll of no dice scores 0"]);
  expect(four.metrics).toEqual(without.results[1].metrics);
  expect(three.metrics).not.toEqual(without.results[0].metrics);
});

test('Sorcerer conflict: a Power beside a weapon that does not bleed by it', () => {
  const fighter = { name: 'solo', stamina: 4, will: 3, weapon: 'fists' };
  const thug = { name: 'thug', stamina: 4, will: 3, weapon: 'blade' };
  const withIt = run('sorcerer', 'conflict', { a: { ...fighter, power: 5 }, b: thug }).results[0];
  const without = run('sorcerer', 'conflict', { a: fighter, b: thug }).results[0];
  expect(withIt.notes).toEqual(['a.power changes nothing here: solo\'s weapon does not bleed by the demon\'s Power (only the demonic rows of the bleed table do)']);
  expect(withIt.metrics).toEqual(without.metrics);
  expect(without.notes).toBeUndefined();
  // Over a sweep of weapons, one note with the points it holds at (it named each weapon, and
  // the page listed five notes).
  const weapons = run('sorcerer', 'conflict', { a: { ...fighter, power: 5 }, b: thug }, { 'setup.a.weapon': ['fists', 'blade', 'demonicLasting'] });
  expect(pointNotes(weapons).filter((n) => n.includes('power'))).toEqual(["a.power changes nothing here: solo's weapon does not bleed by the demon's Power (only the demonic rows of the bleed table do) (at 2 of the 3 points)"]);
});

test('VDP combat: a cash-in with nothing to buy, and armour piercing where no one wears armour', () => {
  const fighter = { attack: { attribute: 3, skill: 2, bonus: 1 }, defence: { attribute: 3, skill: 2 }, fortitude: 3, type: 'trained', timing: 6 };
  const withIt = run('vdp', 'combat', { characters: [{ ...fighter, name: 'a', chargeCashIn: 'blocks', armourPiercing: 2 }, { ...fighter, name: 'b' }] }).results[0];
  const without = run('vdp', 'combat', { characters: [{ ...fighter, name: 'a' }, { ...fighter, name: 'b' }] }).results[0];
  expect(withIt.notes).toEqual([
    'characters.0.chargeCashIn changes nothing here: a buys nothing with charge (chargeBuy "none")',
    'characters.0.armourPiercing changes nothing here: no one in the fight wears armour',
  ]);
  expect(withIt.metrics).toEqual(without.metrics);
  // With armour on the other side, the piercing acts: no note for it.
  expect(run('vdp', 'combat', { characters: [{ ...fighter, name: 'a', armourPiercing: 2 }, { ...fighter, name: 'b', armour: 1 }] }).results[0].notes).toBeUndefined();
});

test('VDP risky: a cautionModifier with no Caution dice', () => {
  const check = { accomplish: 4, modifier: 3, successTarget: 12, riskTarget: 6 };
  const withIt = run('vdp', 'risky', { ...check, cautionModifier: 5 }).results[0];
  expect(withIt.notes).toEqual(['cautionModifier changes nothing here: the Caution has no dice, and a roll of no dice totals 0']);
  expect(withIt.metrics).toEqual(run('vdp', 'risky', check).results[0].metrics);
  expect(run('vdp', 'risky', { ...check, accomplish: 3, cautionModifier: 5 }).results[0].notes).toBeUndefined();
});

test('Viciousness: a Berzerker push no Berzerker can make, a push in a plan of rattled participants, a Medic or Defender in one clash', () => {
  const guards = { name: 'guards', combatants: [{ name: 'guard', count: 2 }] };
  const crew = (rattled: boolean, push?: object) => ({ name: 'crew', ...push, combatants: [{ name: 'captain', traits: ['berzerker'], dice: ['d4'], rattled }, { name: 'm' }] });
  const battle = (side: object) => run('viciousness', 'battle', { sides: [side, guards] }).results[0];
  const rattledPush = battle(crew(true, { berzerkerPush: 'always' }));
  expect(rattledPush.notes).toEqual(['sides.0.berzerkerPush changes nothing here: every Berzerker of side "crew" is rattled ("Rattled PCs can\'t push themselves")']);
  expect(rattledPush.metrics).toEqual(battle(crew(true)).metrics);
  // An able Berzerker pushes: no such note (its battle's exact values are skipped, which is said).
  expect((battle(crew(false, { berzerkerPush: 'always' })).notes ?? []).filter((n) => n.includes('changes nothing'))).toEqual([]);

  const plan = (push?: string) => run('viciousness', 'knavery', { challenges: 2, participants: [{ name: 'a', count: 2, rattled: true }], ...(push ? { push } : {}) }).results[0];
  expect(plan('ifShort').notes).toEqual(['push changes nothing here: every participant is rattled ("Rattled PCs can\'t push themselves")']);
  expect(plan('ifShort').metrics).toEqual(plan().metrics);

  const clash = (traits?: string[]) => run('viciousness', 'clash', { sides: [{ name: 'crew', combatants: [{ name: 'captain', ...(traits ? { traits } : {}) }] }, { name: 'guards', combatants: [{ name: 'guard' }] }] }).results[0];
  expect(clash(['medic', 'defender']).notes).toEqual([
    'sides.0.combatants.0.traits "medic" changes nothing here: one clash has no deaths for a Medic to attend (a battle plays it)',
    'sides.0.combatants.0.traits "defender" changes nothing here: one clash has no blow for a Defender to take (a battle plays it)',
  ]);
  expect(clash(['medic', 'defender']).metrics).toEqual(clash().metrics);
});
