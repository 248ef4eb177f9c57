/**
 * Answering solve blocks (sim/solve/) on every core, for `poolsim solve` and `poolsim
 * report`: each round of a Monte Carlo search asks for chunks of one value (and of setup A
 * beside it), and those run as a `run` point's chunks do (cli/runner.ts: this thread, and a
 * pool once a round is long enough for its threads to pay off), on the search's own
 * streams. A search decides only on whole rounds and takes each value's chunks summed in
 * order (integers, so exactly), so every answer and figure is the same with --workers 1 or
 * 16. Exact answers run nothing.
 */
import type { ScenarioPlan } from '../sim/scenario.ts';
import { judged, requestPlan } from '../sim/solve/plan.ts';
import type { ChunkAnswer, ChunkRequest, SolveSearch } from '../sim/solve/search.ts';
import type { SolveResult } from '../sim/solve/result.ts';
import { ChunkFailed, Runner, SolveChunkFailed, withStopSignals, type RunOptions } from './runner.ts';

/** Every search of every plan (searches[i]: plan i's blocks), its `expect` judged: one Runner for them all. */
export async function solveAll(plans: readonly ScenarioPlan[], searches: readonly (readonly SolveSearch[])[], options: RunOptions = {}): Promise<SolveResult[][]> {
  const out: SolveResult[][] = plans.map(() => []);
  if (searches.every((s) => s.every((search) => search.method === 'exact'))) {
    // Nothing to run: no pool, no signal handlers.
    plans.forEach((_, i) => (out[i] = searches[i].map((search) => judged(search.solve(), search.problem.block))));
    return out;
  }
  // The most chunks a round can ask for: a value's cap, and setup A's beside it. No more
  // threads than that are started (a review: 15 for rounds of at most 3 chunks).
  const roundMost = Math.max(...searches.flat().map((search) => (search.method === 'exact' ? 0 : search.maxChunks * (search.problem.reference ? 2 : 1))));
  // One hold on Ctrl-C and the other stop signals for every round: between two rounds too.
  return withStopSignals(options.signal, async (stop) => {
    const runner = new Runner({ ...options, signal: stop }, roundMost, false);
    try {
      for (const [i, plan] of plans.entries()) {
        for (const search of searches[i]) {
          const result = await search.solveWith((requests) => runRequests(runner, plan, search, requests));
          out[i].push(judged(result, search.problem.block));
        }
      }
    } finally {
      await runner.close();
    }
    return out;
  });
}

/** A search's requests run as one batch of plans, one point each: their tallies' values, in order. */
async function runRequests(runner: Runner, plan: ScenarioPlan, search: SolveSearch, requests: readonly ChunkRequest[]): Promise<ChunkAnswer[]> {
  const plans = requests.map((request) => requestPlan(plan, request));
  try {
    const runs = await runner.run(plans);
    return runs.map((points, k) => ({ values: points[0].tally.values, to: requests[k].to }));
  } catch (e) {
    throw e instanceof ChunkFailed ? new SolveChunkFailed(search.problem.block.name, e) : e;
  }
}
