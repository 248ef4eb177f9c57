/**
 * Time to first answer (issue #18), whole processes as a user starts them:
 *
 * - `nodeStartMs`: `node -e 1`, the floor any Node command pays, measured alongside.
 * - `runStartMs`: `node bin/poolsim.js run` of a single-roll scenario (the benchmark clash)
 *   at 1,000 trials with `--json`; `runStartVsNode` is the ratio of the two medians.
 * - `workerStartMs`: from creating a one-thread pool to its worker saying it is ready
 *   (the compiled worker, build/…/worker.cjs, as `poolsim run` starts it).
 * - `cliClashVsNumpy`: `poolsim run` of 50,000,000 benchmark clashes with the default
 *   workers, against bench/numpy_clash.py doing the same clashes vectorised (numpy's
 *   wall time ÷ poolsim's); only when `python3` can import numpy (else -1).
 *
 * Each figure is the median of several runs, interleaved so that a busy spell of the
 * machine hits both sides of a ratio alike. Runs the compiled build (scripts/build.mjs),
 * rebuilding it first if the sources changed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PoolExecutor } from '../workers/pool.ts';
import { benchClash } from './core.ts';
import { build, currentBuild, workerUrl } from '../scripts/build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/poolsim.js');

/**
 * The compiled piscina worker (built now if the sources changed), started without this
 * process's tsx loader: the threads `poolsim run` starts. For runBatch's options.
 */
export function compiledWorker(): { workerFile: string; workerExecArgv: string[] } {
  const compiled = currentBuild();
  if (!compiled) throw new Error('the compiled build is missing or stale: run `npm run build:cli` first');
  return { workerFile: workerUrl(compiled), workerExecArgv: [] };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Wall time (ms) of one process; throws if it fails. */
function timed(command: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: 'true' } });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function hasNumpy(): boolean {
  return spawnSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;
}

export async function run(): Promise<Record<string, number>> {
  const compiled = currentBuild() ?? (await build());
  const dir = mkdtempSync(join(tmpdir(), 'poolsim-bench-'));
  try {
    const scenario = (trials: number) => {
      const file = join(dir, `clash-${trials}.json`);
      writeFileSync(file, JSON.stringify({ name: 'bench clash', system: 'viciousness', mechanic: 'clash', trials, seed: 'bench', setup: benchClash }));
      return file;
    };
    const small = scenario(1000);

    const ROUNDS = 7;
    const node: number[] = [];
    const poolsim: number[] = [];
    timed(process.execPath, [BIN, 'run', small, '--json']); // file cache warm
    for (let r = 0; r < ROUNDS; r++) {
      node.push(timed(process.execPath, ['-e', '1']));
      poolsim.push(timed(process.execPath, [BIN, 'run', small, '--json']));
    }

    const starts: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      const pool = new PoolExecutor({ threads: 1, filename: workerUrl(compiled), execArgv: [] });
      await pool.whenReady();
      starts.push(performance.now() - t0);
      await pool.destroy();
    }

    const figures: Record<string, number> = {
      nodeStartMs: median(node),
      runStartMs: median(poolsim),
      runStartVsNode: median(poolsim) / median(node),
      workerStartMs: median(starts),
    };

    if (hasNumpy()) {
      const big = scenario(50_000_000);
      const cli: number[] = [];
      const numpy: number[] = [];
      for (let r = 0; r < 3; r++) {
        cli.push(timed(process.execPath, [BIN, 'run', big, '--json']));
        numpy.push(timed('python3', [join(ROOT, 'bench/numpy_clash.py'), '50000000', String(r + 1)]));
      }
      figures.cliClash50MMs = median(cli);
      figures.numpyClash50MMs = median(numpy);
      figures.cliClashVsNumpy = median(numpy) / median(cli);
    } else {
      process.stderr.write('[startup] python3 with numpy not found: cliClashVsNumpy skipped (-1)\n');
      figures.cliClashVsNumpy = -1;
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
