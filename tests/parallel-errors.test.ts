/**
 * Issue #5, "cancel and fail cleanly": a chunk that throws in a worker, a pool whose
 * workers cannot start, and Ctrl-C all stop the run, exit non-zero and print no result.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAVY_TEST_MS } from './size.ts';
import { planScenario } from '../sim/scenario.ts';
import { readScenario } from '../cli/load.ts';
import { runScenarios, InProcessExecutor, ChunkFailed, Interrupted, type ChunkJob } from '../workers/schedule.ts';
import { AMBUSH, FIXTURES, HEIST, poolsim, signalled } from './parallel/cli.ts';
import { tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const throwingWorker = new URL('./parallel/throwing-worker.cjs', import.meta.url).href;
const brokenWorker = new URL('./parallel/broken-worker.cjs', import.meta.url).href;
const folderGoneWorker = new URL('./parallel/folder-gone-worker.cjs', import.meta.url).href;

describe('a worker that throws', () => {
  it('stops the run with a message naming the scenario, the point and the chunk; exit 3, nothing printed', async () => {
    // The throwing worker fails on chunk 1 of result point 1: the heist at 3 challenges.
    const r = await poolsim(['run', HEIST, '--json', '--workers', '2'], { workerFile: throwingWorker });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    // A message to a worker may carry several chunks (workers/schedule.ts), so the
    // chunk is named as a range when it was one of several.
    expect(r.stderr).toMatch(
      new RegExp(`^poolsim: a run failed, nothing was written:\n  ${HEIST}: result point 1 \\{"setup.challenges":3\\}, (chunk 1|chunks [01]–\\d+): the owlbear rolled a d7\n$`),
    );
  }, 30_000);

  it('names a point without a sweep by its index alone, and stops other files too', async () => {
    // The ambush has one point: the throwing chunk is in the heist, which runs with it.
    const r = await poolsim(['run', FIXTURES, '--workers', '3'], { workerFile: throwingWorker });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`${HEIST}: result point 1 \\{"setup.challenges":3\\}, (chunk 1|chunks [01]–\\d+): the owlbear rolled a d7`));
  }, 30_000);

  it('a pool whose workers cannot start: exit 3, nothing printed', async () => {
    const r = await poolsim(['run', AMBUSH, '--json', '--workers', '2'], { workerFile: brokenWorker });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the worker pool failed: cannot find module "kernel.ts"');
  }, 30_000);

  it('a pool whose threads cannot start for the current folder\'s being gone ("uv_cwd"): its chunks run in this thread, the numbers those of --workers 1 (it failed the run, exit 3); left to the pool alone, it still fails it', async () => {
    const alongside = { POOLSIM_POOL_ONLY: '0', POOLSIM_POOL_PAYS_OFF_MS: '0' };
    // Long enough that the threads' start fails well before this thread is done (~2 s).
    const args = ['run', AMBUSH, '--json', '--trials', '3000000'];
    const one = await poolsim([...args, '--workers', '1']);
    expect(one.code, one.stderr).toBe(0);
    const gone = await poolsim([...args, '--workers', '2'], { workerFile: folderGoneWorker, env: alongside });
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stderr).toBe('');
    expect(gone.stdout).toBe(one.stdout);
    // POOLSIM_POOL_ONLY leaves every chunk to the pool: there, the pool's failure is the run's.
    const only = await poolsim(['run', AMBUSH, '--json', '--workers', '2'], { workerFile: folderGoneWorker });
    expect(only.code).toBe(3);
    expect(only.stderr).toContain('uv_cwd');
  }, HEAVY_TEST_MS);

  it('--workers 1 starts no pool: a broken worker entry is never loaded', async () => {
    const r = await poolsim(['run', AMBUSH, '--json', '--workers', '1'], { workerFile: brokenWorker });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0].trials).toBe(150000);
  });

  it('in this thread (--workers 1) a throwing chunk is reported the same way', async () => {
    const plan = planScenario(readScenario(HEIST), HEIST);
    const here = new InProcessExecutor(() => Promise.resolve());
    const real = here.run.bind(here);
    here.run = (job: ChunkJob) => (job.task.point === 2 && job.task.chunk === 3 ? Promise.reject(new Error('no sixes left')) : real(job));
    const run = runScenarios([plan], { here });
    await expect(run).rejects.toThrow(ChunkFailed);
    await expect(run).rejects.toThrow(`${HEIST}: result point 2 {"setup.challenges":4}, chunk 3: no sixes left`);
  });
});

describe('Ctrl-C', () => {
  it('aborting stops the workers and returns 130 without a result', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const t0 = performance.now();
    // 2·10^9 trials would take minutes: only the abort ends this run.
    const r = await poolsim(['run', AMBUSH, '--json', '--workers', '2', '--trials', '1000000000'], { signal: controller.signal, env: { POOLSIM_POOL_ONLY: '0' } });
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('poolsim: interrupted, nothing was written\n');
    // The run alone would take many minutes: ending well inside that shows the abort
    // stopped it, with room for a loaded machine.
    expect(performance.now() - t0).toBeLessThan(30_000);
  }, 60_000);

  it('the scheduler rejects with Interrupted as soon as its signal aborts', async () => {
    const plan = planScenario(readScenario(AMBUSH), AMBUSH, { trials: 1_000_000_000 });
    const controller = new AbortController();
    const run = runScenarios([plan], {
      here: new InProcessExecutor(() => new Promise((r) => setImmediate(r))),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toThrow(Interrupted);
  });

  it('`node bin/poolsim.js` on SIGINT exits 130, prints no result and leaves no part file', async () => {
    const out = join(tempFolder('poolsim-sigint-'), 'part.json');
    const { code, stdout, stderr } = await signalled(['run', AMBUSH, '--workers', '2', '--trials', '1000000000', '--shard', '0/1', '--out', out], 'SIGINT');
    expect(stderr).toBe('poolsim: interrupted by SIGINT, nothing was written\n');
    expect(code).toBe(130);
    expect(stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dirname(out))).toEqual([]);
  }, 120_000);

  it('`node bin/poolsim.js` on SIGHUP (the terminal closed, ssh dropped) stops as on SIGTERM, says so, then ends by SIGHUP itself (a shell\'s 129): no result, no part file (unhandled, it killed the command outright)', async () => {
    const dir = tempFolder('poolsim-sighup-');
    try {
      const out = join(dir, 'part.json');
      const { code, killedBy, stdout, stderr } = await signalled(['run', AMBUSH, '--workers', '2', '--trials', '1000000000', '--shard', '0/1', '--out', out], 'SIGHUP');
      expect(stderr).toBe('poolsim: interrupted by SIGHUP, nothing was written\n');
      // Re-raised once stopped (bin/poolsim.js): Node, left to exit with a terminal that
      // hung up on it, aborts.
      expect([code, killedBy]).toEqual([null, 'SIGHUP']);
      expect(stdout).toBe('');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
