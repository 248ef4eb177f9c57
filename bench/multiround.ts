/**
 * Multi-round mechanics of VDP and Sorcerer (issue #8): whole fights, extended checks and
 * conflicts per second, one core, one thread, with the setups of the shipped scenarios.
 * A fight's cost grows with its rounds, so each figure names its setup.
 */
import { combat } from '../sim/vdp/combat.ts';
import { extended } from '../sim/vdp/extended.ts';
import { conflict } from '../sim/sorcerer/conflict.ts';
import { vdpRules, sorcererRules } from '../sim/rules.ts';
import { simulationRate } from './core.ts';

const fighter = (name: string, allocation: string) => ({
  name,
  attack: { attribute: 2, skill: 2 },
  defence: { attribute: 3, skill: 2 },
  fortitude: 3,
  type: 'trained',
  timing: 7,
  allocation,
});

export async function run(): Promise<Record<string, number>> {
  const vdp = vdpRules.parse({});
  const prepareCombat = (a: string, b: string) =>
    combat.prepare(combat.setup.parse({ characters: [fighter('a', a), fighter('b', b)] }), vdp);
  // 2/2 against 2/2 lasts ~4 rounds; 3/1 against 3/1 ~1.3 (scenarios/vdp-combat-allocation-matrix.json).
  const duelPerSecond = simulationRate(prepareCombat('2/2', '2/2'));
  const shortDuelPerSecond = simulationRate(prepareCombat('3/1', '3/1'));
  const gang = combat.prepare(
    combat.setup.parse({
      characters: [
        { ...fighter('minion', '4/0'), team: 'gang', count: 4, type: 'civilian' },
        { ...fighter('boss', 'guardWhenWounded'), type: 'boss', fortitude: 4 },
      ],
    }),
    vdp,
  );
  const gangPerSecond = simulationRate(gang);

  const repair = extended.prepare(
    extended.setup.parse({
      attack: { attribute: 2, skill: 2 },
      defence: { attribute: 2, skill: 1 },
      difficulty: 10,
      intensity: 7,
      steps: 3,
      allocation: '2/2',
    }),
    vdp,
  );
  const extendedPerSecond = simulationRate(repair);

  const sorcerer = sorcererRules.parse({});
  const blades = conflict.prepare(
    conflict.setup.parse({
      a: { name: 'a', stamina: 4, will: 3, weapon: 'blade' },
      b: { name: 'b', stamina: 4, will: 3, weapon: 'blade', defend: 'oneDie' },
    }),
    sorcerer,
  );
  const conflictPerSecond = simulationRate(blades);

  return {
    'vdp.combat.duel22/s': duelPerSecond,
    'vdp.combat.duel31/s': shortDuelPerSecond,
    'vdp.combat.4v1/s': gangPerSecond,
    'vdp.extended/s': extendedPerSecond,
    'sorcerer.conflict/s': conflictPerSecond,
  };
}
