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
 *
 * And timed, whole processes as a user starts them: `solveWorkersSpeedup`, `poolsim solve
 * --json` of a Monte Carlo search with a value on its target (a pushing fight, even at 2
 * minions a side, capped at 16 chunks a value) with `--workers 1` over the default (every
 * core: cli/solving.ts), best of three each, taking turns; `solveOneThreadMs` the first.
 * Runs the compiled command (bin/poolsim.js rebuilds it if the sources changed).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withScenarioFile } from './fresh.ts';
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

const BIN = fileURLToPath(new URL('../bin/poolsim.js', import.meta.url));

/** A fight whose sides push (no exact odds): even at 2 minions a side, so that value runs to its cap. */
const side = (name: string, count: number) => ({ name, combatants: [{ name: 'captain' }, { name: 'minion', count }] });
const pushingFight = {
  name: 'bench solve',
  system: 'viciousness',
  mechanic: 'battle',
  trials: 4096,
  seed: 'bench-solve',
  rules: { push: 'ifNoHit' },
  setup: { sides: [side('crew', 2), side('guards', 2)] },
  solve: [{ name: 'even fight', vary: 'setup.sides.1.combatants.1.count', range: [0, 4], metric: 'win.crew', target: 0.5, maxTrials: 16 * 65536 }],
};

/** Wall time (ms) of `poolsim solve FILE --json` with these extra arguments. */
function solveMs(file: string, extra: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'solve', file, '--json', ...extra], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: 'true' } });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`poolsim solve ${file} ${extra.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

export async function run(): Promise<Record<string, number>> {
  const { one, all } = withScenarioFile(pushingFight, (file) => {
    let one = Infinity;
    let all = Infinity;
    for (let r = 0; r < 3; r++) {
      one = Math.min(one, solveMs(file, ['--workers', '1']));
      all = Math.min(all, solveMs(file, []));
    }
    return { one, all };
  });
  return { solveTrialsVsSweep: ratio(0.5), solveTrialsVsSweepNear: ratio(0.686), solveOneThreadMs: one, solveWorkersSpeedup: one / all };
}
