/**
 * Core figures (issue: foundation): the benchmark clash `3d4+1d6` vs `4d4` counting exact
 * 4s with the kernel and written the obvious way with rpg-dice-roller, the bare generator,
 * knavery, and the exact Sorcerer 10-vs-10 contest. One core, one thread.
 */
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { RandomStream } from '../sim/random.ts';
import { clash } from '../sim/viciousness/clash.ts';
import { knavery } from '../sim/viciousness/knavery.ts';
import { contest } from '../sim/sorcerer/contest.ts';
import { layoutOf } from '../sim/run.ts';
import { viciousnessRules, sorcererRules } from '../sim/rules.ts';
import type { Simulation } from '../sim/mechanic.ts';

/** Best rate (items per second) of `rounds` timed runs of `work(n)` sized to ~`ms` each. */
export function rate(work: (n: number) => void, ms = 400, rounds = 3): number {
  let n = 1000;
  // Grow n until one run takes long enough to time well.
  for (;;) {
    const t0 = performance.now();
    work(n);
    const dt = performance.now() - t0;
    if (dt > ms / 4) {
      n = Math.max(1, Math.round((n * ms) / dt));
      break;
    }
    n *= 4;
  }
  let best = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    work(n);
    best = Math.max(best, n / ((performance.now() - t0) / 1000));
  }
  return best;
}

/** Trials per second of a prepared simulation, in chunks as the runner does. */
export function simulationRate(sim: Simulation, ms = 400): number {
  const random = RandomStream.fromKey('bench');
  const tally = layoutOf(sim).create();
  return rate((n) => sim.run(random, n, tally), ms);
}

export const benchClash = {
  sides: [
    { name: 'a', combatants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
    { name: 'b', combatants: [{ name: 'minion', count: 4 }] },
  ],
};

export async function run(): Promise<Record<string, number>> {
  // The generator's floor: bare 32-bit words per second.
  const random = RandomStream.fromKey('bench');
  let sink = 0;
  const prngWordsPerSecond = rate((n) => {
    for (let i = 0; i < n; i++) sink ^= random.int32();
  });

  const rules = viciousnessRules.parse({});
  const clashSim = clash.prepare(clash.setup.parse(benchClash), rules);
  const clashPerSecond = simulationRate(clashSim);

  // The same clash as a designer would write it today.
  let topA = 0;
  const rpgPerSecond = rate((n) => {
    for (let i = 0; i < n; i++) {
      const a = new DiceRoll('3d4=4+1d6=4').total;
      const b = new DiceRoll('4d4=4').total;
      if (a > b) topA++;
    }
  }, 400, 2);

  const knaverySim = knavery.prepare(
    knavery.setup.parse({
      challenges: 5,
      participants: [{ name: 'captain', dice: ['d4'] }, { name: 'minion', count: 3 }],
    }),
    {},
  );
  const knaveryPerSecond = simulationRate(knaverySim);

  const sorcerer = contest.prepare(
    contest.setup.parse({ a: { name: 'a', dice: 10 }, b: { name: 'b', dice: 10 } }),
    sorcererRules.parse({}),
  );
  let exactSorcerer10v10Ms = Infinity;
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    sorcerer.exact!();
    exactSorcerer10v10Ms = Math.min(exactSorcerer10v10Ms, performance.now() - t0);
  }
  if (sink === 0.5 || topA < 0) console.log(sink); // keep the loops' results alive

  return {
    prngWordsPerSecond,
    clashPerSecond,
    rpgDiceRollerClashPerSecond: rpgPerSecond,
    clashVsRpgDiceRoller: clashPerSecond / rpgPerSecond,
    clashOfPrngFloor: clashPerSecond / prngWordsPerSecond,
    knaveryPerSecond,
    exactSorcerer10v10Ms,
  };
}
