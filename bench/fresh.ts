/**
 * Whole runs as `poolsim run` pays them: each in a fresh `node` on the compiled command
 * (bench/fresh-run.cjs), so that nothing this benchmark process has run before (through
 * tsx, other mechanics through the same runner code) colours the figure, and the JIT
 * warm-up of every thread counts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentBuild } from '../scripts/build.mjs';

const FRESH_RUN = fileURLToPath(new URL('./fresh-run.cjs', import.meta.url));

/** A scenario file written for the runs of `work`, removed after. */
export function withScenarioFile<T>(scenario: object, work: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'poolsim-bench-'));
  try {
    const file = join(dir, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    return work(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ms of one run of scenario `file` in a fresh `node` on the compiled command, with `workers` threads (default: `poolsim run`'s). */
export function freshRunMs(file: string, workers?: number): number {
  const compiled = currentBuild();
  if (!compiled) throw new Error('the compiled build is missing or stale: run `npm run build:cli` first');
  const r = spawnSync(process.execPath, [FRESH_RUN, compiled.dir, file, ...(workers === undefined ? [] : [String(workers)])], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  const ms = Number(r.stdout.trim());
  if (r.status !== 0 || !Number.isFinite(ms)) throw new Error(`bench/fresh-run.cjs ${file} ${workers ?? '(default workers)'} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/**
 * Best (least) ms of `rounds` fresh runs of `file` with `--workers 1` and with `workers`
 * (undefined: the default), taking turns so that whatever else the machine does falls on
 * both alike.
 */
export function freshPairMs(file: string, rounds: number, workers?: number): { one: number; other: number } {
  let one = Infinity;
  let other = Infinity;
  for (let r = 0; r < rounds; r++) {
    one = Math.min(one, freshRunMs(file, 1));
    other = Math.min(other, freshRunMs(file, workers));
  }
  return { one, other };
}
