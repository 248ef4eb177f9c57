/**
 * `poolsim solve` (issue #16): the trials a Monte Carlo solve needs against a plain sweep
 * that reaches the same confidence at every value (every value run as long as the value
 * the search needed most). The heist of scenarios/solve-heist.yaml with its exact engine
 * switched off, over challenges 0…12, median over seeds:
 * - `solveTrialsVsSweep`: "closest to 0.5", where 2 challenges sits exactly on the target
 *   and runs to the cap (2^20 trials) while every other value needs one chunk;
 * - `solveTrialsVsSweepNear`: "closest to 0.686", 0.186 from 2 challenges (0.5) and 0.189
 *   from 1 (0.875): decided only once both are known to about ±0.0015.
 * Not timed: the figure is a count, the same on any machine.
 */
import { planScenario } from '../sim/scenario.ts';
import { solveProblem } from '../sim/solve/plan.ts';
import { SolveSearch } from '../sim/solve/search.ts';

const SEEDS = 5;

function ratio(target: number): number {
  const plan = planScenario(
    {
      name: 'bench heist',
      system: 'viciousness',
      mechanic: 'knavery',
      seed: 'bench',
      setup: { challenges: 2, participants: [{ name: 'crew', count: 3 }] },
      solve: [{ name: 'heist', vary: 'setup.challenges', range: [0, 12], metric: 'success', target }],
    },
    'bench.json',
  );
  const ratios: number[] = [];
  for (let s = 0; s < SEEDS; s++) {
    const r = new SolveSearch({ ...solveProblem(plan, 0, { exact: false, maxTrials: 1 << 20 }), seed: `bench-${s}` }).solve();
    ratios.push(r.trials! / r.sweepTrials!);
  }
  return ratios.sort((a, b) => a - b)[SEEDS >> 1];
}

export async function run(): Promise<Record<string, number>> {
  return { solveTrialsVsSweep: ratio(0.5), solveTrialsVsSweepNear: ratio(0.686) };
}
