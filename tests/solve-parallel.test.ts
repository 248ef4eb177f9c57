/**
 * `poolsim solve` and `poolsim report` run a Monte Carlo search's rounds as a run's chunks
 * (cli/solving.ts): on every core, and the answers the same bytes whatever ran them — the
 * search in one thread (SolveSearch.solve), `--workers 1`, every chunk on the pool's
 * threads, or this thread alongside them. The dashboard's Find runs them in its workers
 * (dashboard/ui/find.ts FindRun; without a browser: in-process remotes in a ComlinkPool, as
 * tests/exact-offpage.test.ts), a part of a round at a time, to the same answers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { planScenario } from '../sim/scenario.ts';
import { judged, solveSearches } from '../sim/solve/plan.ts';
import { pathWords, valueWords } from '../reports/sweep.ts';
import { HEAVY_TEST_MS } from './size.ts';
import { poolsim, signalled } from './parallel/cli.ts';
import type { Remote } from 'comlink';
import { runChunkTask, type ChunkTask } from '../workers/chunk.ts';
import { ComlinkPool } from '../workers/comlink-pool.ts';
import type { ChunkWorker } from '../workers/chunk-worker.ts';
import { FindRun } from '../dashboard/ui/find.ts';
import { tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const dir = tempFolder('poolsim-solve-parallel-');

// Pushing sides have no exact odds: both blocks are Monte Carlo searches.
const side = (name: string, count: number) => ({ name, combatants: [{ name: 'captain' }, { name: 'minion', count }] });
const scenario = {
  name: 'pushing fight',
  system: 'viciousness',
  mechanic: 'battle',
  trials: 4096,
  seed: 'solve-parallel',
  rules: { push: 'ifNoHit' },
  setup: { sides: [side('crew', 2), side('guards', 2)] },
  solve: [
    // Even sides sit on the target: that value runs round after round to the cap.
    { name: 'even fight', vary: 'setup.sides.1.combatants.1.count', range: [0, 4], metric: 'win.crew', target: 0.5, maxTrials: 4 * 65536 },
    // Setup A on streams of its own, asked for beside each value's chunks; 2 minions is A itself.
    { name: 'as many minions', vary: 'setup.sides.0.combatants.1.count', range: [1, 3], metric: 'win.crew', sameAs: { 'setup.sides.0.combatants.1.count': 2 }, maxTrials: 4 * 65536 },
  ],
};
const file = join(dir, 'fight.json');
writeFileSync(file, JSON.stringify(scenario));

describe('solve on every core', () => {
  test(
    'the same answers, byte for byte: in one thread, --workers 1, every chunk on the pool, and this thread alongside it',
    async () => {
      // As `poolsim solve` words them, in this thread.
      const plan = planScenario(JSON.parse(readFileSync(file, 'utf8')), file);
      const inThread = solveSearches(plan, { words: pathWords(plan.scenario), valueWords: valueWords(plan.scenario) }).map((search) => judged(search.solve(), search.problem.block));
      const one = await poolsim(['solve', file, '--json', '--workers', '1']);
      expect(one.stderr).toBe('');
      expect(one.code).toBe(0);
      const answers = JSON.parse(one.stdout).solve;
      expect(JSON.stringify(answers)).toBe(JSON.stringify(inThread));
      // Rounds of several chunks were asked for (so split between threads below): the even
      // value ran past one chunk, and setup A beside the values.
      const even = answers[0].points.find((p: { value: number }) => p.value === 2);
      expect(even.trials).toBeGreaterThan(65536);
      expect(answers[1].reference.trials).toBeGreaterThan(65536);
      // poolsim() leaves every chunk to the pool (POOLSIM_POOL_ONLY): the workers' numbers.
      const pool = await poolsim(['solve', file, '--json', '--workers', '2']);
      expect(pool.stderr).toBe('');
      expect(pool.stdout).toBe(one.stdout);
      const alongside = await poolsim(['solve', file, '--json', '--workers', '2'], { env: { POOLSIM_POOL_ONLY: '0', POOLSIM_POOL_PAYS_OFF_MS: '0' } });
      expect(alongside.stdout).toBe(one.stdout);
    },
    HEAVY_TEST_MS,
  );

  test(
    'a chunk that fails in a solve names the block, the value and the chunks: exit 3, nothing printed',
    async () => {
      // Values 0 and 4 are decided in one chunk each: the even value 2 is the first to run chunk 1.
      const r = await poolsim(['solve', file, '--json', '--workers', '2'], { workerFile: new URL('./parallel/throwing-solve-worker.cjs', import.meta.url).href });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`^poolsim: a run failed, nothing was written:\\n  ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: solve "even fight", setup\\.sides\\.1\\.combatants\\.1\\.count = 2, chunks? 1(–\\d+)?: the owlbear rolled a d7\\n$`));
    },
    HEAVY_TEST_MS,
  );

  test(
    'Ctrl-C stops a search as it stops a run: exit 130, said, nothing printed',
    async () => {
      // The even value runs round after round towards a cap of 4,096 chunks (minutes).
      const long = join(dir, 'long-fight.json');
      writeFileSync(long, JSON.stringify({ ...scenario, solve: [{ ...scenario.solve[0], maxTrials: 4096 * 65536 }] }));
      const r = await signalled(['solve', long, '--json'], 'SIGINT', 300);
      expect(r.code).toBe(130);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('poolsim: interrupted by SIGINT, nothing was written\n');
    },
    HEAVY_TEST_MS,
  );

  test('no more threads start than a round can have chunks: a value\'s cap, twice it with setup A (a review: 15 for rounds of 3)', async () => {
    const threads = async (blocks: object[], env: Record<string, string>) => {
      const log = join(tempFolder('poolsim-threads-'), 'threads');
      writeFileSync(log, '');
      const f = join(dir, `capped-${(blocks[0] as { name: string }).name.replaceAll(' ', '-')}.json`);
      writeFileSync(f, JSON.stringify({ ...scenario, solve: blocks }));
      process.env.POOLSIM_TEST_THREADS_FILE = log;
      try {
        const r = await poolsim(['solve', f, '--json', '--workers', '8'], { workerFile: new URL('./parallel/counting-worker.cjs', import.meta.url).href, env });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
      } finally {
        delete process.env.POOLSIM_TEST_THREADS_FILE;
      }
      return readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    };
    const [even, same] = scenario.solve;
    // Every chunk on the pool (poolsim() here), started at once: rounds of at most 2 chunks, 2 threads.
    expect(await threads([{ ...even, maxTrials: 2 * 65536 }], {})).toBe(2);
    // Setup A's 2 chunks beside the value's: 4 in a round.
    expect(await threads([{ ...same, maxTrials: 2 * 65536 }], {})).toBe(4);
  }, HEAVY_TEST_MS);

  test('--workers is checked as run checks it', async () => {
    const r = await poolsim(['solve', file, '--workers', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--workers');
  });
});

describe('Find in the dashboard runs its searches in the workers', () => {
  /** Two in-process remotes; `ran` counts the chunk messages they answered. */
  function workersPool(ran: { count: number }): ComlinkPool {
    const remote = {
      ready: () => Promise.resolve(true),
      runChunk: (task: ChunkTask) =>
        new Promise((done) =>
          setTimeout(() => {
            ran.count++;
            done(runChunkTask(structuredClone(task)));
          }, 1),
        ),
    } as unknown as Remote<ChunkWorker>;
    return new ComlinkPool([remote, remote]);
  }

  test(
    'the answers are poolsim solve\'s, their chunks run by the workers, redrawn as the rounds go',
    async () => {
      const ran = { count: 0 };
      const updates: boolean[] = [];
      const plan = planScenario(JSON.parse(readFileSync(file, 'utf8')), file);
      const find = new FindRun(plan, (_r, done) => updates.push(done), workersPool(ran));
      while (!find.done) await new Promise((r) => setTimeout(r, 5));
      const cli = await poolsim(['solve', file, '--json', '--workers', '1']);
      expect(JSON.stringify(find.results)).toBe(JSON.stringify(JSON.parse(cli.stdout).solve));
      expect(ran.count).toBeGreaterThan(0);
      // Shown before the end, and done once.
      expect(updates.filter((d) => !d).length).toBeGreaterThan(0);
      expect(updates.filter((d) => d)).toEqual([true]);
    },
    HEAVY_TEST_MS,
  );

  test('a chunk that fails in the workers is said as poolsim solve says it: the block, the value, the chunk (it read "result point 0")', async () => {
    const remote = {
      ready: () => Promise.resolve(true),
      runChunk: (task: ChunkTask) => (task.chunk <= 1 && 1 < task.chunk + (task.count ?? 1) ? Promise.reject(new RangeError('the owlbear rolled a d7')) : Promise.resolve(runChunkTask(structuredClone(task)))),
    } as unknown as Remote<ChunkWorker>;
    const updates: boolean[] = [];
    const find = new FindRun(planScenario(JSON.parse(readFileSync(file, 'utf8')), file), (_r, done) => updates.push(done), new ComlinkPool([remote]));
    while (find.failure === undefined) await new Promise((r) => setTimeout(r, 5));
    expect(find.failure).toBe(`${file}: solve "even fight", setup.sides.1.combatants.1.count = 2, chunk 1: the owlbear rolled a d7`);
    expect(updates.filter((d) => d)).toEqual([true]);
  });

  test('stopped, it asks the workers nothing more and no answer comes', async () => {
    const ran = { count: 0 };
    const updates: boolean[] = [];
    const plan = planScenario(JSON.parse(readFileSync(file, 'utf8')), file);
    const find = new FindRun(plan, (_r, done) => updates.push(done), workersPool(ran));
    while (ran.count === 0) await new Promise((r) => setTimeout(r, 1));
    find.cancel();
    await new Promise((r) => setTimeout(r, 100));
    const after = ran.count;
    await new Promise((r) => setTimeout(r, 300));
    expect(ran.count).toBe(after);
    expect(updates).not.toContain(true);
    expect(find.done).toBe(false);
  });
});
