import { planScenario } from '../sim/scenario.ts';
import { partialResult } from '../sim/assemble.ts';
import { runPoint } from '../sim/run.ts';
const range = Array.from({ length: 50 }, (_, i) => i);
const sc = { name: 'big', system: 'viciousness', mechanic: 'knavery', trials: 2000, seed: '1',
  setup: { challenges: 3, participants: [{ name: 'captain', dice: ['d6'] }, { name: 'minion', count: 2 }] },
  sweep: { 'setup.challenges': range, 'setup.participants.1.count': range } };
let t = performance.now();
const plan = planScenario(sc as any, 'x');
console.log('plan', (performance.now() - t).toFixed(0));
t = performance.now();
const tallies = plan.points.map((p, i) => runPoint(p.simulation, plan.seed, i, plan.trials, plan.chunkTrials));
console.log('run', (performance.now() - t).toFixed(0));
for (let k = 0; k < 3; k++) { t = performance.now(); const r = partialResult(plan, tallies); console.log('snapshot', (performance.now() - t).toFixed(0), r.results.length); }
