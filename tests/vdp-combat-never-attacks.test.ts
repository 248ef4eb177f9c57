/**
 * VDP combat beside a fighter that never attacks (a fixed "0/4", "Fighting defensively"):
 * what weighs only on blows changes nothing where none is struck. A VDP combat audit found
 * Armor Pierce released where only a 0/4 fighter's weapon "needed" it, a grapple made by a
 * side of 0/4 fighters, and tension paid to shed a status that changed nothing (Entangled
 * where no enemy attacks; Fatigued or Panicked on a 0/4 fighter that never takes an
 * action), each a point the bidding would have used. docs/rulings/vdp-combat.md.
 */
import { describe, expect, it } from 'vitest';
import { expectExactWithin5Se, expectRejected, runScenario } from './helpers.ts';
import { removalChanges, ENTANGLED, FATIGUED, PANICKED, WEAKENED } from '../sim/vdp/status.ts';

type Character = Record<string, unknown>;
const a: Character = { name: 'a', attack: { attribute: 3, skill: 3 }, defence: { attribute: 3, skill: 2 }, fortitude: 3, type: 'trained', timing: 6 };
const b: Character = { name: 'b', attack: { attribute: 3, skill: 2 }, defence: { attribute: 2, skill: 1 }, fortitude: 2, type: 'trained', timing: 6 };
const run = (characters: Character[], trials = 4000, maxRounds = 30) =>
  runScenario({ name: 'n', system: 'vdp', mechanic: 'combat', trials, seed: 'never-attacks', setup: { maxRounds, characters } }).results[0];

describe('Armor Pierce and Grapple count the blows of those on the buyer\'s side who attack', () => {
  it('a side of 0/4 fighters buying either is refused: nobody would strike the blow it helps', () => {
    for (const chargeBuy of ['armourPierce', 'grapple']) {
      expectRejected('vdp', 'combat', { characters: [{ ...a, armour: 2 }, { ...b, allocation: '0/4', chargeBuy, charge: 1, chargeCashIn: 'blocks' }] }, 'setup.characters.1.chargeBuy', /"b" buys .*, but nobody ever attacks its enemies \(every one who could is at allocation "0\/4"\), so it would change nothing and never be made/);
    }
  });

  it('a 0/4 ally buying Armor Pierce beside one whose weapon pierces the armour already is refused (it gave up blocks for it: team win 0.4382 against 0.5406)', () => {
    const x = { ...a, name: 'x', team: 'us', armourPiercing: 2 };
    const y = { ...b, name: 'y', team: 'us', allocation: '0/4', chargeBuy: 'armourPierce', charge: 1, chargeCashIn: 'blocks' };
    expectRejected('vdp', 'combat', { characters: [x, y, { ...a, name: 'z', armour: 2 }] }, 'setup.characters.1.chargeBuy', /no enemy has armour above the armour piercing of those who attack it \(2\)/);
  });

  it('with three teams a third team\'s blows count: a 0/4 buyer alone on its side is not refused, and its pierce and grapple move the figures (a review)', () => {
    const fight = (chargeBuy: string) => run([
      { ...b, name: 'wall', team: 'A', allocation: '0/4', chargeBuy, charge: 2 },
      { ...a, name: 'tank', team: 'B', armour: 3 },
      { ...a, name: 'striker', team: 'C' },
    ], 8000);
    const none = fight('none').metrics;
    for (const buy of ['armourPierce', 'grapple']) {
      const made = fight(buy).metrics;
      expect(made['released.wall'].estimate).toBeGreaterThan(0);
      expect(made['win.C']).not.toEqual(none['win.C']);
    }
  });

  it('a grapple needs an enemy it could hold whom someone attacks: a third team\'s blows on a Mental Fortitude do not count (a review)', () => {
    const characters = [
      { ...b, name: 'wall', team: 'A', allocation: '0/4', chargeBuy: 'grapple', chargeCashIn: 'blocks' },
      { ...a, name: 'brute', team: 'B' },
      { ...b, name: 'ghost', team: 'C', allocation: '0/4', damageType: 'mental' },
    ];
    expectRejected('vdp', 'combat', { characters }, 'setup.characters.0.chargeBuy', /"wall" buys Grapple, .*but nobody ever attacks the enemies it could hold/);
  });

  it('a 0/4 ally\'s own armour piercing no longer decides whether an attacker pierces armour its weapon pierces already', () => {
    // x pierces 2: z's armour 2 needs no Armor Pierce, w's 3 does. y never attacks.
    const side = (yPiercing: number) => [
      { ...a, name: 'x', team: 'us', armourPiercing: 2, chargeBuy: 'armourPierce', charge: 2 },
      { ...b, name: 'y', team: 'us', allocation: '0/4', armourPiercing: yPiercing },
      { ...a, name: 'z', team: 'them', armour: 2 },
      { ...b, name: 'w', team: 'them', armour: 3 },
    ];
    const low = run(side(0));
    expect(low.metrics).toEqual(run(side(2)).metrics);
    // It still pierces w's armour: released.
    expect(low.metrics['released.x'].estimate).toBeGreaterThan(0);
  });
});

describe('tension is not paid to shed a status that changes nothing', () => {
  it('removalChanges: Entangled needs a blow to weigh on, Fatigued and Panicked an action to take away', () => {
    expect(removalChanges(ENTANGLED, ENTANGLED, 2, false)).toBe(false); // physical false: no enemy strikes, or not a Physical Fortitude
    expect(removalChanges(FATIGUED, FATIGUED, 2, true, false)).toBe(false);
    expect(removalChanges(PANICKED, PANICKED, 2, true, false)).toBe(false);
    expect(removalChanges(PANICKED, PANICKED, 2, true, true)).toBe(true);
    expect(removalChanges(WEAKENED, WEAKENED, 2, true, false)).toBe(true); // its defence dice halve
  });

  it('Entangled from the start, against an enemy that never attacks: paying changes nothing, so the figures are removeStatus "never"\'s', () => {
    const held = { ...a, tension: 4, bid: 'always', status: { entangled: true } };
    const foe = { ...b, allocation: '0/4', tension: 3, bid: 'always' };
    const always = run([held, foe]);
    expect(always.metrics['statusRemoved.a'].estimate).toBe(0);
    expect(always.metrics).toEqual(run([{ ...held, removeStatus: 'never' }, foe]).metrics);
  });

  it.each(['fatigued', 'panicked'])('%s on a 0/4 fighter with nothing to release: kept, as with removeStatus "never" (it drained the bidding: win.a 0.5850 against 0.5657)', (status) => {
    const foe = { ...b, allocation: '0/4', tension: 4, bid: 'always', status: { [status]: true } };
    const bidder = { ...a, tension: 6, bid: 'always', spendTension: 'never' };
    const always = run([bidder, foe]);
    expect(always.metrics['statusRemoved.b'].estimate).toBe(0);
    expect(always.metrics).toEqual(run([bidder, { ...foe, removeStatus: 'never' }]).metrics);
    // The same figures as no status at all: it takes away nothing a 0/4 fighter uses.
    expect(always.metrics['win.a']).toEqual(run([bidder, { ...foe, status: undefined }]).metrics['win.a']);
  });

  it('the exact opening exchange reads the same: the status kept, its tension in the bidding', () => {
    const foe = { ...b, allocation: '0/4', tension: 4, bid: 'always', status: { fatigued: true } };
    const bidder = { ...a, tension: 6, bid: 'always', spendTension: 'never', offensiveEffect: 'always' };
    expectExactWithin5Se(runScenario({ name: 'n', system: 'vdp', mechanic: 'combat', trials: 40000, seed: 'never-attacks', setup: { maxRounds: 30, characters: [bidder, foe] } }));
  });

  it('a 0/4 fighter that acts (a buy to release, or an enemy\'s net to shed) still pays to shed Fatigued', () => {
    const foe = { ...b, allocation: '0/4', tension: 4, status: { fatigued: true }, chargeBuy: 'probeDefence', charge: 2 };
    expect(run([a, foe]).metrics['statusRemoved.b'].estimate).toBeGreaterThan(0);
  });
});
