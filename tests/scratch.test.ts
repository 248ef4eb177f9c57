import { test, expect } from 'vitest';
import { contest } from '../sim/sorcerer/contest.ts';
import { runPoint, pointResult } from '../sim/run.ts';
test('x', () => {
  const sim = contest.prepare(contest.setup.parse({ a: { name: 'a', dice: 4 }, b: { name: 'b', dice: 3 } }), { exhausted: 'one' });
  const t0 = performance.now();
  const ex = sim.exact!();
  console.log('exact ms', performance.now() - t0);
  const r = pointResult({}, runPoint(sim, 's', 0, 200000), ex);
  console.log(JSON.stringify(r.metrics, null, 1));
  const big = contest.prepare(contest.setup.parse({ a: { name: 'a', dice: 20 }, b: { name: 'b', dice: 20 } }), { exhausted: 'one' });
  const t1 = performance.now(); const e2 = big.exact!(); console.log('20v20 ms', performance.now() - t1, e2.metrics);
});
