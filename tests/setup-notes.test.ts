/**
 * What a setup asks that changes nothing at a point is said in the point's notes (sim/mechanic.ts
 * setupNotes), not refused, where a sweep crosses such a point: each case gives the same
 * figures at the same seed with the field as without it, and the note names the field.
 * (The campaign's are in tests/campaign.test.ts.)
 */
import { expect, test } from 'vitest';
import { runScenario } from './helpers.ts';

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
  expect(withIt.notes).toEqual(['a.power changes nothing here: solo\'s weapon "fists" does not bleed by the demon\'s Power (only the demonic rows of the bleed table do)']);
  expect(withIt.metrics).toEqual(without.metrics);
  expect(without.notes).toBeUndefined();
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
