/**
 * Battle figures (issue #3): a 3-vs-3 battle — a captain with a d6 trait and two minions
 * against three minions, both sides fleeing once they have lost half — with the kernel,
 * and the same battle written the obvious way with rpg-dice-roller (one `DiceRoll` per
 * side per round, combatants as objects, Math.random for who is hit and who dies). Also
 * the time of the exact chain on the largest battle it solves by default. One core, one
 * thread.
 */
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { battle } from '../sim/viciousness/battle.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { RandomStream } from '../sim/random.ts';
import { layoutOf } from '../sim/run.ts';
import { rate } from './core.ts';

export const benchBattle = {
  sides: [
    { name: 'a', flee: 'lostHalf', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
    { name: 'b', flee: 'lostHalf', combatants: [{ name: 'minion', count: 3 }] },
  ],
};

interface Combatant {
  trait: string | null;
  state: 'able' | 'wounded' | 'dead';
}

/** The bench battle as a designer would write it today; returns the winner (−1 draw). */
function rpgDiceRollerBattle(): number {
  const sides: Combatant[][] = [
    [{ trait: 'd6', state: 'able' }, { trait: null, state: 'able' }, { trait: null, state: 'able' }],
    [{ trait: null, state: 'able' }, { trait: null, state: 'able' }, { trait: null, state: 'able' }],
  ];
  for (let round = 1; ; round++) {
    const hits = sides.map((side) => {
      const able = side.filter((c) => c.state === 'able');
      const traits = able.filter((c) => c.trait !== null).map((c) => `1${c.trait}=4`);
      return new DiceRoll([`${able.length}d4=4`, ...traits].join('+')).total;
    });
    const target = hits[0] > hits[1] ? 1 : hits[1] > hits[0] ? 0 : -1;
    for (let n = Math.abs(hits[0] - hits[1]); target >= 0 && n > 0; n--) {
      const able = sides[target].filter((c) => c.state === 'able');
      if (able.length === 0) break;
      able[Math.floor(Math.random() * able.length)].state = Math.random() < 0.5 ? 'dead' : 'wounded';
    }
    const left = sides.map((side) => side.filter((c) => c.state === 'able').length);
    if (left[0] === 0 || left[1] === 0) return left[0] > 0 ? 0 : left[1] > 0 ? 1 : -1;
    const flees = left.map((n) => 2 * (3 - n) >= 3);
    if (flees[0] || flees[1]) return flees[0] && flees[1] ? -1 : flees[0] ? 1 : 0;
    if (round === 50) return -1;
  }
}

export async function run(): Promise<Record<string, number>> {
  const rules = viciousnessRules.parse({});
  const sim = battle.prepare(battle.setup.parse(benchBattle), rules);
  const random = RandomStream.fromKey('bench');
  const tally = layoutOf(sim).create();

  // Kernel and baseline timed in turns, best of each: on a shared machine the load then
  // weighs on both alike, and the ratio is steadier than from two separate stretches.
  let wins = 0;
  let battlePerSecond = 0;
  let rpgDiceRollerBattlePerSecond = 0;
  for (let turn = 0; turn < 4; turn++) {
    battlePerSecond = Math.max(battlePerSecond, rate((n) => sim.run(random, n, tally), 300, 1));
    rpgDiceRollerBattlePerSecond = Math.max(
      rpgDiceRollerBattlePerSecond,
      rate((n) => {
        for (let i = 0; i < n; i++) if (rpgDiceRollerBattle() === 0) wins++;
      }, 300, 1),
    );
  }

  // The exact chain at its default limit's worst case: six distinct combatants a side,
  // Medics on both sides.
  const six = (side: string) => ({
    name: side,
    aid: 'medic',
    combatants: [4, 6, 8, 10, 12, 20].map((d, i) => ({ name: `c${i}`, dice: [`d${d}`] })),
  });
  const big = battle.prepare(battle.setup.parse({ sides: [six('a'), six('b')] }), rules);
  const t0 = performance.now();
  big.exact!();
  const exactSixVsSixMs = performance.now() - t0;
  if (wins < 0) console.log(wins); // keep the loop's result alive

  return {
    battlePerSecond,
    rpgDiceRollerBattlePerSecond,
    battleVsRpgDiceRoller: battlePerSecond / rpgDiceRollerBattlePerSecond,
    exactSixVsSixMs,
  };
}
