/**
 * What a setup asks that changes nothing at a point is said in the point's notes (sim/mechanic.ts
 * setupNotes), not refused, where a sweep crosses such a point: each case gives the same
 * figures at the same seed with the field as without it, and the note names the field.
 * (The campaign's are in tests/campaign.test.ts.)
 */
import { expect, test } from 'vitest';
import { expectExactWithin5Se, runScenario } from './helpers.ts';
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
  expect(pointNotes(weapons).filter((n) => n.includes('power'))).toEqual(["a.power changes nothing here: solo's weapon does not bleed by the demon's Power (only the demonic rows of the bleed table do) (at 2 of the 3 points: solo › weapon = “fists/blunt weapons”; solo › weapon = blade)"]);
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
  expect(withIt.notes).toEqual([
    'cautionModifier changes nothing here: the Caution has no dice, and a roll of no dice totals 0',
    'riskTarget changes nothing here: the Caution has no dice, and a side of no dice makes no check, so the risk is never warded off',
  ]);
  expect(withIt.metrics).toEqual(run('vdp', 'risky', check).results[0].metrics);
  expect(run('vdp', 'risky', { ...check, accomplish: 3, cautionModifier: 5 }).results[0].notes).toBeUndefined();
});

test('VDP risky: the target of a side of no dice, which meets none', () => {
  const check = { modifier: 3, successTarget: 12, riskTarget: 6 };
  const noAccomplish = run('vdp', 'risky', { ...check, accomplish: 0 }).results[0];
  expect(noAccomplish.notes).toEqual(['successTarget changes nothing here: the Accomplish has no dice, and a side of no dice makes no check, so the task is never done']);
  // Any other target, the same figures.
  expect(noAccomplish.metrics).toEqual(run('vdp', 'risky', { ...check, accomplish: 0, successTarget: -5 }).results[0].metrics);
  const noCaution = run('vdp', 'risky', { ...check, accomplish: 4 }).results[0];
  expect(noCaution.notes).toEqual(['riskTarget changes nothing here: the Caution has no dice, and a side of no dice makes no check, so the risk is never warded off']);
  expect(noCaution.metrics).toEqual(run('vdp', 'risky', { ...check, accomplish: 4, riskTarget: 0 }).results[0].metrics);
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

test('Viciousness battle: a push to reroll that no one can make is said, and the battle keeps its exact values', () => {
  // The audit's case: pushing decided from the policy skipped the exact chain ("side "crew"
  // pushes to reroll") where every combatant of the side is rattled and none can push.
  const crew = (push?: string, rattled = true) => ({ name: 'crew', ...(push ? { push } : {}), combatants: [{ name: 'captain', dice: ['d6'], rattled }, { name: 'm', count: 2, rattled: true }] });
  const guards = (push?: string) => ({ name: 'guards', ...(push ? { push } : {}), combatants: [{ name: 'guard', count: 3 }] });
  const battle = (sides: object[], rules: object = {}) =>
    runScenario({ name: 'notes', system: 'viciousness', mechanic: 'battle', trials: 20000, seed: 'notes', rules, setup: { sides } }).results[0];
  const without = battle([crew(), guards()]);
  const dropPushed = (m: Record<string, unknown>) => Object.fromEntries(Object.entries(m).filter(([k]) => !k.startsWith('pushed.')));

  // The variant on, the guards' side out of it: only the rattled crew takes it.
  const ruled = battle([crew(), guards('never')], { push: 'ifNoHit' });
  expect(ruled.notes).toEqual(['rules.push changes nothing here: every combatant of side "crew" is rattled ("Rattled PCs can\'t push themselves")']);
  expect(ruled.metrics['win.crew'].exact).toBe(without.metrics['win.crew'].exact);
  expect(ruled.metrics['win.crew'].exact).toBeTypeOf('number');
  expect(ruled.metrics['pushed.crew']).toMatchObject({ estimate: 0, exact: 0 });
  expect(dropPushed(ruled.metrics)).toEqual(without.metrics);
  expect(expectExactWithin5Se({ results: [ruled] } as never)).toBeGreaterThan(10);

  // The side's own push, and the variant with every side setting its own.
  const own = battle([crew('ifNoHit'), guards()]);
  expect(own.notes).toEqual(['sides.0.push changes nothing here: every combatant of side "crew" is rattled ("Rattled PCs can\'t push themselves")']);
  expect(dropPushed(own.metrics)).toEqual(without.metrics);
  const allOwn = battle([crew('never', false), guards('never')], { push: 'ifNoHit' });
  expect(allOwn.notes).toEqual(['rules.push changes nothing here: every side sets its own push']);
  expect(dropPushed(allOwn.metrics)).toEqual(battle([crew(undefined, false), guards()]).metrics);

  // A Berzerker's push as the battle begins rattles it: no one is left to reroll.
  const berzerker = (push?: string) => ({ name: 'crew', ...(push ? { push } : {}), berzerkerPush: 'always', combatants: [{ name: 'captain', traits: ['berzerker'], dice: ['d4'] }, { name: 'm', rattled: true }] });
  const rage = battle([berzerker('ifNoHit'), guards()]);
  expect(rage.notes).toEqual(['sides.0.push changes nothing here: every combatant of side "crew" is rattled, or rattled by its Berzerker push as the battle begins ("Rattled PCs can\'t push themselves")']);
  expect(dropPushed(rage.metrics)).toEqual(battle([berzerker(), guards()]).metrics);
  expect(rage.metrics['win.crew'].exact).toBeTypeOf('number');

  // Someone able to push: no note, and the exact values are skipped as before, said why.
  const able = battle([crew('ifNoHit', false), guards()]);
  expect(able.notes?.filter((n) => n.includes('changes nothing')) ?? []).toEqual([]);
  expect(able.metrics['win.crew'].exact).toBeUndefined();
});

test('Viciousness clash and battle: a side\'s equipment dice that rules.equipment leaves unrolled are said (an audit: a d4 each, neither rolled, unsaid)', () => {
  const side = (name: string, bonus?: string[]) => ({ name, ...(bonus ? { bonus } : {}), combatants: [{ name: `${name}-a` }] });
  const clash = (sides: object[], rules: object = {}) =>
    runScenario({ name: 'notes', system: 'viciousness', mechanic: 'clash', trials: 2000, seed: 'notes', rules, setup: { sides } }).results[0];
  const tie = clash([side('red', ['d4']), side('blue', ['d4'])]);
  const why = '("The GM awards 1d4 or 2d4 to the most well-equipped side"; rules.equipment "everySide" rolls each side\'s)';
  // Tied at the most: neither rolls, said as such. Not "changes nothing": either side's d4
  // is what keeps the other's from rolling (a review: taking red's away moves win.blue).
  expect(tie.notes).toEqual([`sides "red" and "blue" roll no equipment dice: they have as many (1), so none is the most well-equipped ${why}`]);
  expect(tie.metrics).toEqual(clash([side('red'), side('blue')]).metrics);
  expect(tie.metrics['hits.blue'].exact).not.toBe(clash([side('red'), side('blue', ['d4'])]).metrics['hits.blue'].exact);
  // Fewer than a tied top: changes nothing, the top still tied.
  const three = clash([side('red', ['d4']), side('blue', ['d4']), side('grey', ['d4', 'd4']), side('white', ['d4', 'd4'])]);
  expect(three.notes).toEqual([
    `sides "grey" and "white" roll no equipment dice: they have as many (2), so none is the most well-equipped ${why}`,
    `sides.0.bonus changes nothing here: only the most well-equipped side rolls its equipment dice, and sides "grey" and "white" have more (2) ${why}`,
    `sides.1.bonus changes nothing here: only the most well-equipped side rolls its equipment dice, and sides "grey" and "white" have more (2) ${why}`,
  ]);
  const outdone = clash([side('red', ['d4']), side('blue', ['2d4'])]);
  expect(outdone.notes).toEqual([`sides.0.bonus changes nothing here: only the most well-equipped side rolls its equipment dice, and side "blue" has more (2) ${why}`]);
  expect(outdone.metrics['hits.red'].exact).toBe(0.25);
  // Rolled as written under everySide, and by the one most well-equipped side: nothing to say.
  expect(clash([side('red', ['d4']), side('blue', ['d4'])], { equipment: 'everySide' }).notes).toBeUndefined();
  expect(clash([side('red', ['2d4']), side('blue', ['d4'])]).notes).toEqual([`sides.1.bonus changes nothing here: only the most well-equipped side rolls its equipment dice, and side "red" has more (2) ${why}`]);
  const battle = runScenario({ name: 'notes', system: 'viciousness', mechanic: 'battle', trials: 2000, seed: 'notes', setup: { sides: [side('red', ['d4']), side('blue', ['2d4'])] } }).results[0];
  expect(battle.notes).toEqual([`sides.0.bonus changes nothing here: only the most well-equipped side rolls its equipment dice, and side "blue" has more (2) ${why}`]);
  // Three sides or more: the award is made each round among the sides still fighting, so a
  // side out-equipped at the start may roll later; said so, never "changes nothing" (an
  // audit: that note stood beside a 1d4 worth +0.17 of a win once the 2d4 side fled).
  const round = '(the award is made at the start of each round, among the sides still fighting: "The GM awards 1d4 or 2d4 to the most well-equipped side"; rules.equipment "everySide" rolls each side\'s)';
  const brawl = (sides: object[]) => runScenario({ name: 'notes', system: 'viciousness', mechanic: 'battle', trials: 2000, seed: 'notes', setup: { sides } }).results[0];
  const threeSides = 'exact values skipped: the exact chain plays two sides, and this battle has 3; the estimates are Monte Carlo only';
  expect(brawl([side('red', ['2d4']), side('blue', ['d4']), side('grey')]).notes).toEqual([threeSides, `sides.1.bonus rolls only in a round where no other side still fighting has as many equipment dice or more: side "red" has 2 ${round}`]);
  expect(brawl([side('red', ['d4']), side('blue', ['d4']), side('grey')]).notes).toEqual([threeSides, `sides "red" and "blue" roll no equipment dice while two of them fight: they have as many (1), so none is the most well-equipped ${round}`]);
  // More than the text's "1d4 or 2d4" (three dice, or another die): rolled as written, a
  // house rule, said under either reading of the award (a battle audit: 3d4 and a d8 ran
  // without a word, win 0.90 against 0.5).
  const house = (written: string) => `sides.0.bonus (${written}) is not the text's award, "1d4 or 2d4" ("The GM awards 1d4 or 2d4 to the most well-equipped side"): where it rolls, it rolls as written, a house rule`;
  expect(clash([side('red', ['3d4', 'd8']), side('blue')]).notes).toEqual([house('3d4 + 1d8')]);
  expect(clash([side('red', ['d6']), side('blue', ['d4'])], { equipment: 'everySide' }).notes).toEqual([house('1d6')]);
  expect(brawl([side('red', ['2d4', 'd4']), side('blue')]).notes).toEqual([house('3d4')]);
  expect(clash([side('red', ['2d4']), side('blue')]).notes).toBeUndefined();
});
