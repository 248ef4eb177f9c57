/**
 * Issue #5, "worker-count-independent results": a point's trials are cut into chunks, each
 * on its own stream (seed, point, chunk), and the chunks' integer tallies merge exactly, so
 * `--workers 1`, `2` and `3` print the same bytes. Every chunk of a multi-worker run here
 * runs in a worker thread (POOLSIM_POOL_ONLY), through the same piscina entry that
 * `node bin/poolsim.js` uses (the compiled build's worker.cjs, tests/helpers.ts).
 */
import { describe, expect, it } from 'vitest';
import { CHUNK_TRIALS, runChunk } from '../sim/run.ts';
import { planScenario } from '../sim/scenario.ts';
import { runPlan } from '../sim/assemble.ts';
import { expandPaths, readScenario } from '../cli/load.ts';
import { chunkTask } from '../workers/chunk.ts';
import { PoolExecutor } from '../workers/pool.ts';
import { compiledWorkerFile } from './helpers.ts';
import { mechanics } from '../sim/mechanics.ts';
import { formFor } from '../reports/fields/index.ts';
import { InProcessExecutor, MAX_CHUNKS_PER_TASK, runScenarios, type ChunkExecutor } from '../workers/schedule.ts';
import { AMBUSH, FIXTURES, HEIST, poolsim } from './parallel/cli.ts';

/**
 * 1.5M heist trials run by `here` and `pool` side by side (`alongside`, as the CLI runs):
 * both lanes took chunks (`counts`: here's, the pool's), and the tallies and chunk order
 * are those of one thread alone. Returns the plan, for more runs of it.
 */
async function expectSharedLikeOneThread(here: ChunkExecutor, pool: ChunkExecutor, counts: () => [number, number]) {
  const plan = planScenario(readScenario(HEIST), HEIST, { trials: 1_500_000 });
  const alone = await runScenarios([plan], { here: new InProcessExecutor(() => Promise.resolve()) });
  const both = await runScenarios([plan], { here, pool, alongside: true });
  const [hereChunks, poolChunks] = counts();
  expect(hereChunks).toBeGreaterThan(0);
  expect(poolChunks).toBeGreaterThan(0);
  expect(both.flat().map((p) => Array.from(p.tally.values))).toEqual(alone.flat().map((p) => Array.from(p.tally.values)));
  expect(both.flat().map((p) => p.chunks)).toEqual(alone.flat().map((p) => p.chunks));
  return plan;
}

describe('poolsim run --workers', () => {
  it('prints the same JSON with 1, 2 and 3 workers (a sweep, a YAML file, a partial last chunk)', async () => {
    // 150000 and 200000 trials: 3 and 4 chunks per point, the last one partial.
    expect(150000 % CHUNK_TRIALS).not.toBe(0);
    const one = await poolsim(['run', FIXTURES, '--json', '--workers', '1']);
    expect(one.code).toBe(0);
    const results = JSON.parse(one.stdout);
    expect(results.map((r: { name: string }) => r.name)).toEqual([
      'Clash: an ambush of three sides',
      'Knavery: a 3-person heist, 2 to 4 challenges',
    ]);
    for (const workers of ['2', '3']) {
      const many = await poolsim(['run', FIXTURES, '--json', '--workers', workers]);
      expect(many.stderr).toBe('');
      expect(many.code).toBe(0);
      expect(many.stdout).toBe(one.stdout);
    }
  }, 60_000);

  it('equals the single-thread kernel path (sim/assemble.ts runPlan) and the readable output keeps its shape', async () => {
    const plan = planScenario(readScenario(HEIST), HEIST);
    const json = await poolsim(['run', HEIST, '--json', '--workers', '2']);
    expect(json.stdout).toBe(JSON.stringify(runPlan(plan), null, 2) + '\n');

    const text = await poolsim(['run', HEIST, '--workers', '2']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('200000 trials per point, seed "parallel-heist"');
    expect(text.stdout).toContain('  at challenges = 4\n');
    expect(text.stdout).toContain('pass  success at least 0.5');
  }, 60_000);

  it('the default (one worker per core) and a pool started in the middle of a run print one thread\'s JSON', async () => {
    const one = await poolsim(['run', AMBUSH, '--json', '--workers', '1']);
    // POOLSIM_POOL_PAYS_OFF_MS=0: the pool starts after the first chunk, though this run is
    // too short for it to pay (cli/runner.ts). Whether its thread is ready in time to take
    // one of the three chunks depends on the machine; the next test makes sure a real
    // thread and this one share a run.
    const env = { POOLSIM_POOL_ONLY: '0', POOLSIM_POOL_PAYS_OFF_MS: '0' };
    const helped = await poolsim(['run', AMBUSH, '--json', '--workers', '2'], { env });
    const byDefault = await poolsim(['run', AMBUSH, '--json'], { env });
    expect(helped.stdout).toBe(one.stdout);
    expect(byDefault.stdout).toBe(one.stdout);
  }, 60_000);

  it('messages of several chunks (the pool\'s batching) add up to the same numbers, sharded or not', async () => {
    // 1.5M trials: 23 chunks per point, the last one partial; the pool gets 8 at a time.
    const recorded: number[] = [];
    const here = new InProcessExecutor(() => Promise.resolve());
    const pool: ChunkExecutor = {
      concurrency: 4,
      starting: false,
      onChange: () => {},
      run: (job) => (recorded.push(job.task.count ?? 1), new InProcessExecutor(() => Promise.resolve()).run(job)),
    };
    const plan = planScenario(readScenario(HEIST), HEIST, { trials: 1_500_000 });
    const alone = await runScenarios([plan], { here });
    const batched = await runScenarios([plan], { here, pool });
    expect(Math.max(...recorded)).toBe(MAX_CHUNKS_PER_TASK);
    expect(recorded).toContain(1);
    expect(batched.flat().map((p) => Array.from(p.tally.values))).toEqual(alone.flat().map((p) => Array.from(p.tally.values)));
    expect(batched.flat().map((p) => p.chunks)).toEqual(alone.flat().map((p) => p.chunks));
    // A shard's chunks step by the shard count; batches of them add up the same.
    recorded.length = 0;
    const shard = { index: 1, count: 3 };
    const shardAlone = await runScenarios([plan], { here, shard });
    const shardBatched = await runScenarios([plan], { here, pool, shard });
    expect(Math.max(...recorded)).toBeGreaterThan(1);
    expect(shardBatched.flat().map((p) => Array.from(p.tally.values))).toEqual(shardAlone.flat().map((p) => Array.from(p.tally.values)));

    // And through real worker threads.
    const one = await poolsim(['run', HEIST, '--json', '--workers', '1', '--trials', '1500000']);
    const two = await poolsim(['run', HEIST, '--json', '--workers', '2', '--trials', '1500000']);
    expect(two.stdout).toBe(one.stdout);
  }, 60_000);

  it('this thread running chunks alongside a ready pool (`alongside`, as the CLI runs) changes nothing', async () => {
    // The CLI starts `--workers N` − 1 threads and keeps running chunks here too: both
    // lanes run chunks all along, and the tallies and chunk order are those of one thread.
    let hereChunks = 0;
    let poolChunks = 0;
    const inline = new InProcessExecutor(() => Promise.resolve());
    const here: ChunkExecutor = { concurrency: 1, starting: false, onChange: () => {}, run: (job) => ((hereChunks += job.task.count ?? 1), inline.run(job)) };
    const pool: ChunkExecutor = {
      concurrency: 2,
      starting: false,
      onChange: () => {},
      // A tick later than this thread, as a worker's answer comes.
      run: (job) => ((poolChunks += job.task.count ?? 1), new Promise((r) => setTimeout(r, 1)).then(() => inline.run(job))),
    };
    const plan = await expectSharedLikeOneThread(here, pool, () => [hereChunks, poolChunks]);
    // Without it, a ready pool runs every chunk.
    hereChunks = 0;
    await runScenarios([plan], { here, pool });
    expect(hereChunks).toBe(0);
  }, 60_000);

  it('a real worker thread and this thread sharing a run (`alongside`) give one thread\'s tallies', async () => {
    const real = new PoolExecutor({ threads: 1, filename: compiledWorkerFile() });
    try {
      await real.whenReady();
      let hereChunks = 0;
      let poolChunks = 0;
      const inline = new InProcessExecutor(() => Promise.resolve());
      const here: ChunkExecutor = { concurrency: 1, starting: false, onChange: () => {}, run: (job) => ((hereChunks += job.task.count ?? 1), inline.run(job)) };
      // The real pool, counting the chunks it is given.
      const pool: ChunkExecutor = {
        get concurrency() {
          return real.concurrency;
        },
        get starting() {
          return real.starting;
        },
        get onChange() {
          return real.onChange;
        },
        set onChange(f: () => void) {
          real.onChange = f;
        },
        run: (job) => ((poolChunks += job.task.count ?? 1), real.run(job)),
      };
      await expectSharedLikeOneThread(here, pool, () => [hereChunks, poolChunks]);
    } finally {
      await real.destroy();
    }
  }, 60_000);

  it('refuses bad --workers with a usage error (exit 2)', async () => {
    for (const bad of ['0', 'many', '1.5', '5000']) {
      const r = await poolsim(['run', AMBUSH, '--workers', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--workers expects (a positive whole number|at most 1024), got "/);
      expect(r.stdout).toBe('');
    }
    // node:util parseArgs reads "-2" as an option ("ambiguous"): it is taken as the flag's
    // value and refused by the flag's own check.
    const negative = await poolsim(['run', AMBUSH, '--workers', '-2']);
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('--workers expects a positive whole number, got "-2"');
    const unknown = await poolsim(['run', AMBUSH, '--worker', '2']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown option "--worker": did you mean "--workers"? this command takes --trials, --seed, --json, --workers,');
  });
});

describe('chunk size per mechanic', () => {
  it('cuts a campaign into its own small chunks, and gives the same JSON for 1 and 2 workers', async () => {
    const file = 'scenarios/campaign-speed-chess.json';
    const plan = planScenario(readScenario(file), file, { trials: 5000 });
    expect(plan.chunkTrials).toBe(2048);
    expect(plan.chunkTrials).toBeLessThan(CHUNK_TRIALS);
    const one = await poolsim(['run', file, '--trials', '5000', '--workers', '1', '--json']);
    const two = await poolsim(['run', file, '--trials', '5000', '--workers', '2', '--json']);
    expect(two.code).toBe(one.code);
    expect(two.stdout).toBe(one.stdout);
    expect(JSON.parse(one.stdout).results[0].trials).toBe(5000);
  }, 120000);
});

describe('a worker\'s message', () => {
  // A thread prepares its simulation from the point's validated setup and rules as the
  // message brings them, not from the file, and its bundle has no zod (scripts/build.mjs
  // zodNotInWorker): for every mechanic and every setup shipped, what the compiled worker
  // runs must be what this thread planned.
  it('runs, in the built worker, every shipped scenario\'s and every mechanic\'s chunk as this thread does', async () => {
    const files = expandPaths(['scenarios']);
    expect(files.length).toBeGreaterThan(30);
    // Every registered mechanic too, with its form's starting setup (a new scenario in the dashboard).
    const templates = mechanics.map((m) => {
      const form = formFor(m.system, m.name);
      expect(form, `${m.system} ${m.name} has a form`).toBeDefined();
      return { file: `new ${m.system} ${m.name}`, raw: { name: 'new', system: m.system, mechanic: m.name, seed: 1, setup: form!.template() } };
    });
    const pool = new PoolExecutor({ threads: 1, filename: compiledWorkerFile() });
    const covered = new Set<string>();
    try {
      await pool.whenReady();
      for (const { file, raw } of [...files.map((file) => ({ file, raw: readScenario(file) })), ...templates]) {
        const plan = planScenario(raw, file);
        covered.add(`${plan.scenario.system} ${plan.scenario.mechanic}`);
        // The first and last points of a sweep: they differ in every swept value.
        for (const point of new Set([0, plan.points.length - 1])) {
          const size = Math.min(64, plan.chunkTrials);
          const here = runChunk(plan.points[point].simulation, plan.seed, plan.points[point].stream, 3, size);
          const there = await pool.run({ plan, task: chunkTask(plan, point, 3, size) });
          expect(Array.from(there), `${file} point ${point}`).toEqual(Array.from(here));
        }
      }
    } finally {
      await pool.destroy();
    }
    expect(covered.size).toBe(mechanics.length);
  }, 120000);
});
