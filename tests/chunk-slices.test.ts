/**
 * A chunk run in this thread a slice of trials at a time (sim/run.ts ChunkSlices,
 * workers/schedule.ts InProcessExecutor): the same tally as one call, for every point of
 * the library, and a slow chunk that still answers Ctrl-C, SIGTERM and the stuck-chunk
 * limit. An audit's campaign (rival minions with a hundred 1000d100 each) took ~1.5 s a
 * trial, ~50 minutes a chunk: SIGTERM, SIGINT and $POOLSIM_CHUNK_TIMEOUT_S went unanswered
 * until SIGKILL, the thread never coming back to its event loop within the chunk.
 */
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expandPaths, loadPlans } from '../cli/load.ts';
import { ChunkSlices, runChunk } from '../sim/run.ts';
import { planScenario } from '../sim/scenario.ts';
import { InProcessExecutor, Interrupted } from '../workers/schedule.ts';
import { chunkTask } from '../workers/chunk.ts';
import type { Simulation } from '../sim/mechanic.ts';
import { signalled } from './parallel/cli.ts';
import { tempFolders } from './helpers.ts';

/** This file's temporary folders, removed after its tests (helpers.ts tempFolders). */
const tempFolder = tempFolders();

const ROOT = resolve(import.meta.dirname, '..');

describe('a chunk in slices is the chunk', () => {
  // One test per scenario file: the whole library in one test took 26 s of its minute in a
  // CI run on a busy machine.
  let points = 0;
  test.each(expandPaths([join(ROOT, 'scenarios')]).map((file) => [relative(ROOT, file)]))('every point of %s: slices of whole steps add up to one call, byte for byte', (file) => {
    for (const plan of loadPlans([join(ROOT, file)])) {
      plan.points.forEach(({ simulation: sim, stream }, p) => {
        const trials = Math.min(plan.chunkTrials, 300);
        const whole = runChunk(sim, plan.seed, stream, 0, trials);
        const step = sim.sliceTrials ?? 1;
        for (const cuts of [[step], [3 * step, step], [64, 2 * step, 10 * step]]) {
          const slices = new ChunkSlices(sim, plan.seed, stream, 0, trials);
          for (const cut of cuts) slices.run(cut);
          while (!slices.done) slices.run(7 * step);
          expect(Array.from(slices.tally.values), `${plan.file} point ${p} in slices of ${cuts}`).toEqual(Array.from(whole));
        }
        points++;
      });
    }
  });

  test('the library\'s every point was sliced', () => {
    expect(points).toBeGreaterThan(100);
  });

  test('a clash counts two trials per random word: sliced at an odd trial it would differ, so its step is 2', () => {
    const plan = planScenario({ name: 'c', system: 'viciousness', mechanic: 'clash', trials: 100, seed: 's', setup: { sides: [{ name: 'a', combatants: [{ name: 'x', count: 3 }] }, { name: 'b', combatants: [{ name: 'y', count: 4 }] }] } }, 'c.json');
    const sim = plan.points[0]!.simulation;
    expect(sim.sliceTrials).toBe(2);
    const whole = runChunk(sim, plan.seed, 0, 0, 100);
    const slices = new ChunkSlices(sim, plan.seed, 0, 0, 100);
    slices.run(1); // rounded up to the step
    slices.run(99);
    expect(Array.from(slices.tally.values)).toEqual(Array.from(whole));
  });
});

/** A point whose trials take `ms` each (a busy wait: as a slow kernel holds its thread). */
function slowPlan(ms: number, trials: number) {
  const plan = planScenario({ name: 'slow', system: 'viciousness', mechanic: 'knowledge', trials, seed: 's', setup: {} }, 'slow.json');
  const sim = plan.points[0]!.simulation as Simulation;
  const run = sim.run.bind(sim);
  sim.run = (random, n, tally) => {
    for (let i = 0; i < n; i++) {
      const until = performance.now() + ms;
      while (performance.now() < until);
      run(random, 1, tally);
    }
  };
  return plan;
}

describe('a slow chunk in this thread still answers', () => {
  const job = (plan: ReturnType<typeof slowPlan>) => ({ plan, task: chunkTask(plan, 0, 0, plan.trials) });

  test('an abort stops it between slices, long before its end', async () => {
    // 400 trials of 10 ms: 4 s in one call.
    const plan = slowPlan(10, 400);
    const controller = new AbortController();
    const executor = new InProcessExecutor(() => new Promise((r) => setImmediate(r)), { signal: controller.signal });
    const t0 = performance.now();
    setTimeout(() => controller.abort(), 100);
    await expect(executor.run(job(plan))).rejects.toThrow(Interrupted);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  test('past the stuck-chunk limit it stops, with the message a stuck worker gets', async () => {
    const plan = slowPlan(10, 400);
    const executor = new InProcessExecutor(() => new Promise((r) => setImmediate(r)), { timeoutMs: 200 });
    const t0 = performance.now();
    await expect(executor.run(job(plan))).rejects.toThrow(/ran the chunk for more than 0\.2 s and stopped it as stuck \(\$POOLSIM_CHUNK_TIMEOUT_S raises the limit\)/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  test('unhurried, its tally is the chunk’s', async () => {
    const plan = slowPlan(0, 300);
    const executor = new InProcessExecutor(() => Promise.resolve());
    const values = await executor.run(job(plan));
    expect(Array.from(values)).toEqual(Array.from(runChunk(plan.points[0]!.simulation, plan.seed, 0, 0, 300)));
  });

  test('`poolsim run` of the audit’s slow campaign on SIGTERM exits 143 at once, nothing printed but the line', async () => {
    const dir = tempFolder('poolsim-slow-');
    const file = join(dir, 'slow.json');
    const huge = Array.from({ length: 100 }, () => '1000d100');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'slow',
        system: 'viciousness',
        mechanic: 'campaign',
        trials: 200,
        seed: 'b',
        setup: {
          turns: 100,
          company: { name: 'K', rank: 2 },
          troupes: [{ name: 'vipers', captain: { knavery: ['d6'], violence: ['d4'] }, minions: [{ name: 'cutpurse', knavery: ['d6'] }] }],
          rivals: [{ name: 'baron', rank: 4, minions: 100, minionDice: huge, minionBonus: huge, designs: [{ severity: 'heavy' }, { severity: 'heavy' }, { severity: 'heavy' }] }],
          policy: { jobEvery: 2, job: { challenges: 2, method: 'rare' }, interfere: { roll: 'violence' } },
        },
      }),
    );
    // Well inside its first chunk (minutes long), then the signal.
    const { code, stdout, stderr, ms } = await signalled(['run', file, '--workers', '1'], 'SIGTERM', 1000);
    expect(stderr).toBe('poolsim: interrupted by SIGTERM, nothing was written\n');
    expect(code).toBe(143);
    expect(stdout).toBe('');
    // One trial is the least a slice can be (~1.5 s here, more on a busy machine).
    expect(ms).toBeLessThan(30_000);
  }, 120_000);
});
