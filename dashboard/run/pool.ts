/**
 * The browser's workers: one per core (navigator.hardwareConcurrency), each running
 * workers/browser.ts through comlink. `?workers=N` in the address sets the number (1
 * runs everything on one worker: the off switch when hunting a problem).
 */
import * as Comlink from 'comlink';
import type { ChunkWorkerApi } from '../../workers/browser.ts';
import type { ChunkRunner } from './scheduler.ts';

/** More workers than this only add start-up time for the chunk sizes we run. */
const MAX_WORKERS = 16;

export function workerCount(search: string, cores: number | undefined): number {
  const asked = Number(new URLSearchParams(search).get('workers'));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX_WORKERS);
  return Math.min(Math.max(cores ?? 4, 1), MAX_WORKERS);
}

let runners: ChunkRunner[] | undefined;

/** The page's workers, started on first use and kept for every later run. */
export function chunkRunners(): ChunkRunner[] {
  if (!runners) {
    const n = workerCount(location.search, navigator.hardwareConcurrency);
    runners = Array.from({ length: n }, () => {
      const worker = new Worker(new URL('../../workers/browser.ts', import.meta.url), { type: 'module' });
      const api = Comlink.wrap<ChunkWorkerApi>(worker);
      return { runChunk: (task) => api.runChunk(task) };
    });
  }
  return runners;
}
