/**
 * The exact values the dashboard needs besides a run's points, left to its workers and not
 * computed on the page (without a browser: in-process remotes in a ComlinkPool, as
 * tests/dashboard-run.test.ts): a `decide: "exact"` check's (planScenario's `exactChecks:
 * "later"`, judged as the run's values come in: workers/live.ts) and Find's exact searches'
 * (dashboard/ui/find.ts FindRun). Each ends with what the command line gives: the same
 * refusal, the same result bytes, the same answers. tests/dashboard-exact-offpage-e2e.test.ts
 * measures the page in Chromium.
 */
import { describe, expect, test } from 'vitest';
import { HEAVY_TEST_MS } from './size.ts';
import type { Remote } from 'comlink';
import { ScenarioErrors, exactCheckProblems, exactKnown, planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { solvePlan } from '../sim/solve/plan.ts';
import { pathWords, valueWords } from '../reports/sweep.ts';
import { exactValuesTasks, runChunkTask, type ExactTask } from '../workers/chunk.ts';
import { ExactChecksRefused, LiveRun } from '../workers/live.ts';
import { ComlinkPool } from '../workers/comlink-pool.ts';
import type { ChunkWorker } from '../workers/chunk-worker.ts';
import { FindRun } from '../dashboard/ui/find.ts';
import type { SolveResult } from '../sim/solve/result.ts';

/** A pool of two in-process remotes; `asked` logs the tasks each exact-values message answered, `sent` counts the messages. */
function pool(asked: ExactTask[][] = [], sent: { count: number } = { count: 0 }): ComlinkPool {
  const remote = {
    ready: () => Promise.resolve(true),
    runChunk: (task: unknown) => new Promise((done) => setTimeout(() => done(runChunkTask(structuredClone(task) as never)), 1)),
    exactValues: (tasks: ExactTask[], withinMs: number) =>
      new Promise((done) => {
        sent.count++;
        setTimeout(() => {
          const answers = exactValuesTasks(structuredClone(tasks), withinMs);
          asked.push(tasks.slice(0, answers.length));
          done(structuredClone(answers));
        }, 1);
      }),
  } as unknown as Remote<ChunkWorker>;
  return new ComlinkPool([remote, remote]);
}

/** planScenario's refusal of `raw`, as `poolsim run` prints it (its messages), or [] where it plans. */
function refusal(raw: unknown, file: string): string[] {
  try {
    planScenario(raw, file);
    return [];
  } catch (err) {
    return (err as ScenarioErrors).errors.map((e) => e.message);
  }
}

// Knavery plans whose participants push: computed exactly up to 100 dice, so a check decided
// on the exact success is refused at 101 minions, and only once exact() has said so.
const pushing = (counts: number[], atLeast = 0) => ({
  name: 'k',
  system: 'viciousness',
  mechanic: 'knavery',
  trials: 500,
  seed: 'later',
  setup: { challenges: 60, push: 'ifShort', participants: [{ name: 'm', count: counts[0] }] },
  sweep: { 'setup.participants.0.count': counts },
  expect: [
    { metric: 'sixes', atLeast: 0, why: 'never negative' },
    { metric: 'success', atLeast, decide: 'exact', why: 'decided on the exact value' },
  ],
});

describe('a decide: "exact" check left for the exact values (the dashboard)', () => {
  test('planned with exactChecks "later", no exact value is computed; exactCheckProblems then gives planScenario\'s refusal word for word', () => {
    const raw = pushing([100, 101]);
    const now = refusal(raw, 'f.json');
    expect(now).toHaveLength(1);
    expect(now[0]).toContain('expect.1.decide: "exact", but viciousness knavery has no exact value of success at {"setup.participants.0.count":101}');
    const plan = planScenario(raw, 'f.json', {}, { exactChecks: 'later' });
    expect(plan.exactChecksLeft).toEqual([{ check: 1, from: 0 }]);
    expect(plan.points.map((p) => exactKnown(p.simulation))).toEqual([false, false]);
    expect(exactCheckProblems(plan).map((e) => e.message)).toEqual(now);
    // One it passes leaves nothing to say.
    expect(exactCheckProblems(planScenario(pushing([3, 4]), 'f.json', {}, { exactChecks: 'later' }))).toEqual([]);
  }, HEAVY_TEST_MS);

  test('a run of it in the workers: the refusal as poolsim run says it, or, where the check can be met, poolsim run\'s result byte for byte', async () => {
    const asked: ExactTask[][] = [];
    const refused = new LiveRun([planScenario(pushing([100, 101]), 'f.json', {}, { exactChecks: 'later' })], pool(asked));
    const err = await refused.done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ExactChecksRefused);
    expect((err as ExactChecksRefused).problems.map((p) => p.map((e) => e.message))).toEqual([refusal(pushing([100, 101]), 'f.json')]);
    expect(asked.flat()).toHaveLength(2);

    const raw = pushing([3, 4]);
    const live = new LiveRun([planScenario(raw, 'f.json', {}, { exactChecks: 'later' })], pool());
    // While the values are out, the check is not judged on their absence (evaluateChecks
    // would fail it): each point's are pending.
    expect(live.snapshot()[0]!.results.every((p) => p.exactPending)).toBe(true);
    const [result] = (await live.done)!;
    expect(JSON.stringify(result)).toBe(JSON.stringify(runPlan(planScenario(raw, 'f.json'))));
    expect(result!.expect[1]).toMatchObject({ pass: true, decide: 'exact' });
  }, HEAVY_TEST_MS);

  test('judged point by point as the values come in: refused at the first point it fails at, in poolsim run\'s words, without waiting for the rest', async () => {
    // 101 minions first (no exact success, said at once), then ten points of about 150 ms each.
    const raw = pushing([101, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69]);
    const asked: ExactTask[][] = [];
    const run = new LiveRun([planScenario(raw, 'f.json', {}, { exactChecks: 'later' })], pool(asked));
    const err = await run.done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ExactChecksRefused);
    expect((err as ExactChecksRefused).problems.map((p) => p.map((e) => e.message))).toEqual([refusal(raw, 'f.json')]);
    // Only the message that brought 101's answer (and what it computed besides) was asked.
    expect(asked.flat().length).toBeLessThan(11);
    expect(run.exactChecksPassed(0)).toBe(false);
  });

  test('a run renamed (relabel) while the workers compute: the refusal names the file as poolsim run names the renamed one', async () => {
    const raw = pushing([100, 101]);
    const renamed = { ...raw, name: 'new name' };
    const run = new LiveRun([planScenario(raw, 'old-name.json', {}, { exactChecks: 'later' })], pool());
    expect(run.relabel([planScenario(renamed, 'new-name.json', {}, { exactChecks: 'later' })])).toBe(true);
    const err = await run.done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ExactChecksRefused);
    const said = (err as ExactChecksRefused).problems.map((p) => p.map((e) => e.message));
    expect(said).toEqual([refusal(renamed, 'new-name.json')]);
    expect(said[0]![0]).toMatch(/^new-name\.json: expect\.1\.decide: /);
  }, HEAVY_TEST_MS);

  test('a check the values meet is passed once they are all in (exactChecksPassed), before the chunks are done', async () => {
    const run = new LiveRun([planScenario(pushing([3, 4]), 'f.json', {}, { exactChecks: 'later' })], pool());
    expect(run.exactChecksPassed(0)).toBe(false);
    await run.exacts;
    expect(run.exactChecksPassed(0)).toBe(true);
    await run.done;
  });
});

/** The library's Passion question over 20 values, a Find answered exactly. */
const passion = {
  name: 'Passion',
  system: 'sorcerer',
  mechanic: 'contest',
  trials: 2000,
  seed: 'passion',
  setup: { a: { name: 'sorcerer', dice: 3, passion: 1 }, b: { name: 'demon', dice: 4 } },
  solve: [{ name: 'Passion to beat the demon half the time', vary: 'setup.a.passion', range: [1, 20], metric: 'win.sorcerer', atLeast: 0.5, find: 'firstAtLeast' }],
};

describe('Find answered exactly, its values\' exact figures from the workers', () => {
  test('every value is asked of the pool, "computing" meanwhile, and the answer is solvePlan\'s (poolsim solve\'s)', async () => {
    const asked: ExactTask[][] = [];
    const updates: boolean[] = [];
    const plan = planScenario(passion, 'p.json');
    const find = new FindRun(plan, (_r, done) => updates.push(done), pool(asked));
    expect(find.computing?.map((b) => b.name)).toEqual(['Passion to beat the demon half the time']);
    expect(find.done).toBe(false);
    while (!find.done) await new Promise((r) => setTimeout(r, 5));
    expect(find.computing).toBeUndefined();
    // Each value's figures asked once, of the pool: none computed on the page's thread.
    expect(asked.flat().map((t) => (t.setup as { a: { passion: number } }).a.passion)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // As cli/solve-command.ts asks it.
    const cli = solvePlan(planScenario(passion, 'p.json'), { words: pathWords(passion), valueWords: valueWords(passion) });
    expect(JSON.stringify(find.results)).toBe(JSON.stringify(cli));
    expect((find.results[0] as SolveResult).method).toBe('exact');
    expect(updates[0]).toBe(false);
  });

  test('cancelled while the workers compute: nothing more is asked of them and no answer comes', async () => {
    const sent = { count: 0 };
    const updates: SolveResult[][] = [];
    const find = new FindRun(planScenario(passion, 'p.json'), (results) => updates.push(results), pool([], sent));
    await new Promise((r) => setTimeout(r, 0));
    find.cancel();
    // The messages in flight (one per lane) end within their time; no other is sent.
    const before = sent.count;
    expect(before).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent.count).toBe(before);
    expect(updates.every((r) => r.length === 0)).toBe(true);
    expect(find.results).toEqual([]);
    expect(find.done).toBe(false);
  });

  test('a block\'s maxTrials on a search the figures make exact is refused once they are in, as poolsim solve refuses it', async () => {
    const raw = { ...passion, solve: [{ ...passion.solve[0], maxTrials: 10000 }] };
    const refusals: string[][] = [];
    const find = new FindRun(planScenario(raw, 'p.json'), () => {}, pool(), (errors) => refusals.push(errors.map((e) => e.message)));
    while (refusals.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(refusals[0]![0]).toContain('p.json: solve.0.maxTrials: caps the trials of a Monte Carlo search, and "Passion to beat the demon half the time" is answered exactly');
    expect(find.results).toEqual([]);
  });
});
