/**
 * The knavery roll's dice (viciousness.txt "3: The Roll"), shared by the `knavery`
 * mechanic, its pushes (knaveryPushes.ts) and the campaign's jobs.
 */
import { faceDistribution } from '../exact/distribution.ts';

/** "Each participant with an additive, meaningful role adds 1d6." */
export const PARTICIPANT_DIE = 6;
/** "Every die result of 4 or above is a success." */
export const isSuccess = (face: number) => face >= 4;
/** "Every die result of 6 grants a free push." */
export const isSix = (face: number) => face === 6;

/** Challenges the roll must meet: never below 0. */
export function challengesToMeet(challenges: number, removed = 0): number {
  return Math.max(0, challenges - removed);
}

/**
 * Exact joint distribution of (successes, sixes) over a list of dice: grid[s][x] =
 * P(s successes, x sixes), built die by die. Each die's outcome is fail, a success that
 * is not a 6, or a 6 (always a success).
 */
export function knaveryGrid(dice: readonly { sides: number; rattled: boolean }[]): Float64Array[] {
  const n = dice.length;
  let grid = Array.from({ length: n + 1 }, () => new Float64Array(n + 1));
  grid[0][0] = 1;
  for (const d of dice) {
    const faces = faceDistribution(d.sides, d.rattled);
    const six = faces.expect((f) => (isSix(f) ? 1 : 0));
    const success = faces.expect((f) => (isSuccess(f) && !isSix(f) ? 1 : 0));
    const fail = 1 - six - success;
    const next = Array.from({ length: n + 1 }, () => new Float64Array(n + 1));
    for (let s = 0; s < n; s++) {
      for (let x = 0; x <= s; x++) {
        const p = grid[s][x];
        if (p === 0) continue;
        next[s][x] += p * fail;
        next[s + 1][x] += p * success;
        next[s + 1][x + 1] += p * six;
      }
    }
    grid = next;
  }
  return grid;
}

