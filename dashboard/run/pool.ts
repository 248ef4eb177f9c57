/**
 * The page's workers: one per core (navigator.hardwareConcurrency), each running
 * workers/browser.ts through comlink, gathered into one ComlinkPool
 * (workers/comlink-pool.ts) that the CLI's scheduler feeds (workers/live.ts,
 * workers/schedule.ts). `?workers=N` in the address sets the number (1 runs everything
 * on one worker: the off switch when hunting a problem).
 */
import * as Comlink from 'comlink';
import type { ChunkWorkerApi } from '../../workers/browser.ts';
import { ComlinkPool } from '../../workers/comlink-pool.ts';

/** More workers than this only add start-up time for the chunk sizes we run. */
const MAX_WORKERS = 16;

export function workerCount(search: string, cores: number | undefined): number {
  const asked = Number(new URLSearchParams(search).get('workers'));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX_WORKERS);
  return Math.min(Math.max(cores ?? 4, 1), MAX_WORKERS);
}

let pool: ComlinkPool | undefined;

/** The page's pool, started on first use and kept for every later run. */
export function pagePool(): ComlinkPool {
  if (!pool) {
    const n = workerCount(location.search, navigator.hardwareConcurrency);
    pool = new ComlinkPool(
      Array.from({ length: n }, () => Comlink.wrap<ChunkWorkerApi>(new Worker(new URL('../../workers/browser.ts', import.meta.url), { type: 'module' }))),
    );
  }
  return pool;
}
