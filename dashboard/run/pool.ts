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
import { wordList } from '../../sim/words.ts';

/** More workers than this only add start-up time for the chunk sizes we run. */
export const MAX_WORKERS = 16;

export function workerCount(search: string, cores: number | undefined): number {
  return workers(search, cores).count;
}

/**
 * The workers the page starts, and what it says of an address's `?workers=` it does not
 * take as it stands: one that is no whole number from 1 ("abc", "-2", "0": one per core
 * instead) or more than MAX_WORKERS (that many instead), or asked twice with two numbers (one
 * per core instead). Each was ignored without a word.
 */
export function workers(search: string, cores: number | undefined): { count: number; note?: string } {
  const perCore = Math.min(Math.max(cores ?? 4, 1), MAX_WORKERS);
  const all = new URLSearchParams(search).getAll('workers');
  // Asked more than once, and not alike ("?workers=2&workers=8"), none is the one asked: the
  // first was taken without a word of the other (a dashboard audit). Alike is the same
  // number as each is read ("2" and "02" are; a review: they were said to be different
  // numbers and neither used), or the same text where one is no number.
  const read = (t: string) => (/^\s*\d+\s*$/.test(t) ? String(Number(t)) : `text ${t}`);
  if (new Set(all.map(read)).size > 1) {
    const asked = [...new Set(all)].map((t) => `?workers=${t}`);
    const numbers = all.every((t) => /^\s*\d+\s*$/.test(t));
    return {
      count: perCore,
      note: `the address asks for ${wordList(asked)}, ${numbers ? 'different numbers of workers' : 'not one number of workers'}, so ${asked.length === 2 ? 'neither' : 'none'} is used: the page runs ${perCore}, as it does without them.`,
    };
  }
  const text = all[0] ?? null;
  if (text === null) return { count: perCore };
  const asked = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(asked) || asked < 1) {
    return { count: perCore, note: `?workers=${text} in the address is not a number of workers (a whole number from 1), so it is not used: the page runs ${perCore}, as it does without it.` };
  }
  if (asked > MAX_WORKERS) return { count: MAX_WORKERS, note: `?workers=${text} in the address is more than the ${MAX_WORKERS} workers the page starts at most: it runs ${MAX_WORKERS}.` };
  return { count: asked };
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
