/**
 * Worker efficiency (issue #5): (trials per second with every core) ÷ (cores × trials per
 * second on one thread), for each case below (a 20-million-trial clash, a 20-million-trial
 * battle) run through the same runner as `poolsim run`. 1.0 is perfect scaling.
 * `workerEfficiency` is the worst case's figure.
 *
 * Warm figures: a pool of `cores` threads, started and loaded, against a pool of one
 * thread, also warm, both running the compiled worker and this thread only merging. (Not
 * against this thread: it runs the sources through tsx, and the benchmark's other cases
 * have run other mechanics through the same runner code before, so its speed is not a
 * worker's. Measured that way the clash read 0.71 in one run and 1.43 in another.)
 *
 * Cold figures (`…Cold`) time the whole run as `poolsim run` pays it: each run in a fresh
 * `node` on the compiled command (bench/fresh-run.cjs), `--workers cores` against
 * `--workers 1`, timed from the start of the run to its end, so the threads' start and
 * every thread's JIT warm-up count (`--workers N` starts N − 1 threads, this thread
 * running chunks alongside them, cli/runner.ts). Other processes on the machine
 * take cores from the pool, not from the one-thread run, so `otherCoresBusy` says how
 * many cores the rest of the machine used meanwhile (Linux; -1 elsewhere): read the
 * efficiency with it. `threadScaling` is the machine's own ceiling: every thread given
 * one long message of the same work at once, against one thread alone; on a virtual
 * machine two busy threads seldom each get a whole core.
 *
 * Add a case to `cases` to measure another mechanic; a case whose mechanic is not
 * registered (sim/mechanics.ts) is skipped.
 *
 * `node --import tsx bench/workers.ts --chunk-sweep` measures the same for several chunk
 * sizes (how sim/run.ts CHUNK_TRIALS was chosen).
 */
import { readFileSync } from 'node:fs';
import { freshPairMs, withScenarioFile } from './fresh.ts';
import { findMechanic } from '../sim/mechanics.ts';
import { planScenario, type ScenarioPlan } from '../sim/scenario.ts';
import { runBatch } from '../cli/runner.ts';
import { PoolExecutor, defaultWorkers } from '../workers/pool.ts';
import { CHUNK_TRIALS, chunkCount } from '../sim/run.ts';
import type { ChunkJob } from '../workers/schedule.ts';
import { chunkTask } from '../workers/chunk.ts';
import { benchClash } from './core.ts';
import { compiledWorker } from './startup.ts';

export interface WorkerCase {
  mechanic: string;
  system: 'viciousness' | 'vdp' | 'sorcerer';
  trials: number;
  setup: Record<string, unknown>;
  /** Timed runs per figure, the best counting (default ROUNDS). */
  rounds?: number;
}

export const cases: WorkerCase[] = [
  // The benchmark clash of bench/core.ts: 3d4+1d6 against 4d4, counting exact 4s.
  { system: 'viciousness', mechanic: 'clash', trials: 20_000_000, setup: benchClash },
  // The same two sides fighting to the end (when `battle` is registered): ~15 M
  // battles/s on one thread through the round tables, so 20M like the clash.
  { system: 'viciousness', mechanic: 'battle', trials: 20_000_000, setup: benchClash, rounds: 3 },
];

/** The compiled worker, as `poolsim` starts it (not the sources through tsx). */
function poolWorker(): { filename: string; execArgv: string[] } {
  const { workerFile, workerExecArgv } = compiledWorker();
  return { filename: workerFile, execArgv: workerExecArgv };
}

function scenarioOf(c: WorkerCase, trials = c.trials) {
  return { name: `bench ${c.mechanic}`, system: c.system, mechanic: c.mechanic, trials, seed: 'bench-workers', setup: c.setup };
}

function planOf(c: WorkerCase, trials = c.trials): ScenarioPlan {
  return planScenario(scenarioOf(c, trials), `bench/${c.mechanic}`);
}

/** Cores busy (all processes) over a period, from /proc/stat; undefined off Linux. */
function cpuTicks(): { busy: number; all: number } | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3] + n[4];
    const all = n.reduce((a, b) => a + b, 0);
    return { busy: all - idle, all };
  } catch {
    return undefined;
  }
}

/**
 * CPU ticks (1/100 s, Linux) of the children this process has waited for: the fresh
 * processes of the cold runs, whose time is the benchmark's own, not other processes'.
 * 0 off Linux.
 */
function childTicks(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): cutime and
    // cstime are the 16th and 17th of the line, the 14th and 15th after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

/** Timed runs per figure (the best counts). */
const ROUNDS = 5;

/** Best wall time (ms) of `rounds` runs of `work`. */
async function best(rounds: number, work: () => Promise<unknown>): Promise<number> {
  let ms = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    await work();
    ms = Math.min(ms, performance.now() - t0);
  }
  return ms;
}

/**
 * Efficiency of one case at one chunk size: on `pool` (warm, `cores` threads) against
 * `single` (warm, one thread), and cold, in fresh processes (see the top of this file).
 */
async function measure(c: WorkerCase, cores: number, pool: PoolExecutor, single: PoolExecutor, chunkTrials?: number) {
  const plan = planOf(c);
  // Best of several: other processes come and go on a shared machine, and the best run
  // is the one they disturbed least.
  const rounds = c.rounds ?? ROUNDS;
  const one = await best(rounds, () => runBatch([plan], { pool: single, chunkTrials }));
  const warm = await best(rounds, () => runBatch([plan], { pool, chunkTrials }));
  // Cold, one process after another, the one-thread and the all-cores run taking turns so
  // that whatever else the machine does falls on both alike. (Chunk sizes other than the
  // mechanic's own are the sweep's, which times the cold runs in this process.)
  let oneCold = Infinity;
  let cold = Infinity;
  if (chunkTrials === undefined) {
    ({ one: oneCold, other: cold } = withScenarioFile(scenarioOf(c), (file) => freshPairMs(file, rounds, cores)));
  } else {
    oneCold = await best(rounds, () => runBatch([plan], { workers: 1, chunkTrials }));
    cold = await best(rounds, () => runBatch([plan], { workers: cores, chunkTrials, ...compiledWorker() }));
  }
  // The machine's own ceiling: every thread given one long message of the same work at
  // once, against one thread alone (no scheduling, no merging in between).
  const chunks = chunkCount(c.trials);
  const share = Math.floor(chunks / cores);
  const big = (thread: number): ChunkJob => ({
    plan,
    task: { ...chunkTask(plan, 0, thread * share, CHUNK_TRIALS), count: share },
  });
  const alone = await best(rounds, () => pool.run(big(0)));
  const together = await best(rounds, () => Promise.all(Array.from({ length: cores }, (_, t) => pool.run(big(t)))));
  return {
    threadScaling: alone / together,
    oneThreadPerSecond: c.trials / (one / 1000),
    allCoresPerSecond: c.trials / (warm / 1000),
    efficiency: one / (cores * warm),
    efficiencyCold: oneCold / (cores * cold),
  };
}

export async function run(): Promise<Record<string, number>> {
  const cores = defaultWorkers();
  const figures: Record<string, number> = { workerCores: cores };
  const pool = new PoolExecutor({ threads: cores, ...poolWorker() });
  const single = new PoolExecutor({ threads: 1, ...poolWorker() });
  await Promise.all([pool.whenReady(), single.whenReady()]);
  const t0 = cpuTicks();
  const own0 = process.cpuUsage();
  const children0 = childTicks();
  const wall0 = performance.now();
  let worst = Infinity;
  try {
    for (const c of cases) {
      if (!findMechanic(c.system, c.mechanic)) {
        process.stderr.write(`[workers] ${c.mechanic}: not registered, skipped\n`);
        continue;
      }
      // Warm this mechanic's plan in every thread before timing.
      await runBatch([planOf(c, 4 * cores * 65536)], { pool });
      await runBatch([planOf(c, 4 * 65536)], { pool: single });
      const m = await measure(c, cores, pool, single);
      figures[`${c.mechanic}TrialsPerSecond1Worker`] = m.oneThreadPerSecond;
      figures[`${c.mechanic}TrialsPerSecondAllCores`] = m.allCoresPerSecond;
      figures[`workerEfficiency.${c.mechanic}`] = m.efficiency;
      figures[`workerEfficiencyCold.${c.mechanic}`] = m.efficiencyCold;
      figures[`threadScaling.${c.mechanic}`] = m.threadScaling;
      worst = Math.min(worst, m.efficiency);
    }
  } finally {
    await Promise.all([pool.destroy(), single.destroy()]);
  }
  figures.workerEfficiency = worst;
  if (cores > 1) Object.assign(figures, poolPaysOff());
  const t1 = cpuTicks();
  if (t0 && t1) {
    // Ticks are per core per 1/100 s (USER_HZ) on Linux: busy ticks ÷ elapsed ticks of one core.
    const elapsedTicks = ((performance.now() - wall0) / 1000) * 100;
    const own = process.cpuUsage(own0);
    const ownTicks = ((own.user + own.system) / 1e6) * 100 + (childTicks() - children0);
    figures.otherCoresBusy = Math.max(0, (t1.busy - t0.busy - ownTicks) / elapsedTicks);
  } else {
    figures.otherCoresBusy = -1;
  }
  return figures;
}

/** Sizes of the benchmark clash whose cold runs `poolPaysOff` times: ~70 ms to ~700 ms on one thread. */
const PAYS_OFF_TRIALS = [5_000_000, 10_000_000, 20_000_000, 50_000_000];

/**
 * Does the default `--workers` ever make a run slower? `poolPaysOff.clash<N>M`: the cold
 * `--workers 1` run of N million benchmark clashes over the cold default one (fresh
 * processes, taking turns, the best of ROUNDS each), for sizes around where threads start
 * to pay (cli/runner.ts POOL_PAYS_OFF_MS): about 1 where the run starts none, above 1
 * where they gain, below 1 where starting them lost time.
 */
function poolPaysOff(): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const trials of PAYS_OFF_TRIALS) {
    const { one, other } = withScenarioFile(scenarioOf(cases[0], trials), (file) => freshPairMs(file, ROUNDS));
    figures[`poolPaysOff.clash${trials / 1e6}M`] = one / other;
  }
  return figures;
}

/** How CHUNK_TRIALS was chosen: efficiency and per-thread speed for chunk sizes 2^14 … 2^20. */
async function chunkSweep(): Promise<void> {
  const cores = defaultWorkers();
  const pool = new PoolExecutor({ threads: cores, ...poolWorker() });
  const single = new PoolExecutor({ threads: 1, ...poolWorker() });
  await Promise.all([pool.whenReady(), single.whenReady()]);
  const c = cases[0];
  await runBatch([planOf(c, 4 * cores * 65536)], { pool });
  await runBatch([planOf(c, 4 * 65536)], { pool: single });
  for (const shift of [14, 15, 16, 17, 18, 19, 20]) {
    const t0 = cpuTicks();
    const own0 = process.cpuUsage();
    const wall0 = performance.now();
    const m = await measure(c, cores, pool, single, 2 ** shift);
    const t1 = cpuTicks()!;
    const own = process.cpuUsage(own0);
    const other = t0 ? (t1.busy - t0.busy - ((own.user + own.system) / 1e6) * 100) / (((performance.now() - wall0) / 1000) * 100) : -1;
    process.stdout.write(
      `chunk 2^${shift}: one thread ${(m.oneThreadPerSecond / 1e6).toFixed(1)} M/s, ${cores} threads ${(m.allCoresPerSecond / 1e6).toFixed(1)} M/s, efficiency ${m.efficiency.toFixed(3)} (cold ${m.efficiencyCold.toFixed(3)}), other cores busy ${other.toFixed(2)}\n`,
    );
  }
  await Promise.all([pool.destroy(), single.destroy()]);
}

if (process.argv.includes('--chunk-sweep') && process.argv[1]?.endsWith('workers.ts')) await chunkSweep();
