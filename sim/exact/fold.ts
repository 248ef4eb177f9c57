/**
 * A dice mechanic as a fold over outcomes, in the manner of icepool's
 * `next_state(state, outcome, count)`: the mechanic sees each face value once, in order,
 * with how many dice of each pool show it, and updates a small integer state. One fold
 * definition serves both engines:
 *
 * - exact: `foldDistribution` runs it over the *distribution* of counts (a binomial per
 *   pool per outcome), never listing the individual rolls — 20 d10s against 20 d10s is
 *   a few thousand states, not 10^40 rolls;
 * - Monte Carlo: `foldRoll` runs it over one actual roll's counts.
 *
 * States are non-negative integers (mechanics pack their fields), so the Monte Carlo
 * path allocates nothing and the exact path keys a Map by number.
 */
import { binomials } from './distribution.ts';
import type { RandomStream } from '../random.ts';
import { powInt } from './pow.ts';

export interface Pool {
  count: number;
  sides: number;
}

export interface PoolFold {
  /** Visit outcomes from the highest face down (`descending`) or from 1 up. */
  order: 'descending' | 'ascending';
  initial: number;
  /**
   * The state after seeing `outcome`, shown by `counts[i]` dice of pool i; `remaining[i]`
   * dice of pool i are still to come (they show outcomes later in the order).
   */
  next(state: number, outcome: number, counts: Int32Array, remaining: Int32Array): number;
  /** A final state ignores the rest of the roll (lets both engines stop early). */
  isFinal?(state: number): boolean;
}

/** The exact distribution of the fold's final state over independent rolls of the pools. */
export function foldDistribution(fold: PoolFold, pools: readonly Pool[]): Map<number, number> {
  const k = pools.length;
  const maxSides = Math.max(1, ...pools.map((p) => p.sides));
  const C = binomials(Math.max(0, ...pools.map((p) => p.count)));
  // Key = state * radix + mixed-radix(remaining counts).
  const radices = pools.map((p) => p.count + 1);
  const radix = radices.reduce((a, b) => a * b, 1);
  const encode = (state: number, rem: ArrayLike<number>) => {
    let key = 0;
    for (let i = 0; i < k; i++) key = key * radices[i] + rem[i];
    return state * radix + key;
  };
  const decode = (key: number, rem: Int32Array) => {
    let r = key % radix;
    for (let i = k - 1; i >= 0; i--) {
      rem[i] = r % radices[i];
      r = Math.floor(r / radices[i]);
    }
    return Math.floor(key / radix);
  };

  let entries = new Map<number, number>([[encode(fold.initial, pools.map((p) => p.count)), 1]]);
  const rem = new Int32Array(k);
  const counts = new Int32Array(k);
  const after = new Int32Array(k);

  for (let step = 0; step < maxSides; step++) {
    const outcome = fold.order === 'descending' ? maxSides - step : step + 1;
    // Chance that one remaining die of pool i shows `outcome`, given it shows an outcome
    // not yet visited.
    const q = pools.map((p) => {
      if (outcome > p.sides) return 0;
      return fold.order === 'descending' ? 1 / outcome : 1 / (p.sides - outcome + 1);
    });
    const next = new Map<number, number>();
    for (const [key, prob] of entries) {
      const state = decode(key, rem);
      if (fold.isFinal?.(state)) {
        const done = encode(state, new Int32Array(k));
        next.set(done, (next.get(done) ?? 0) + prob);
        continue;
      }
      // Every combination of counts, pool by pool (an odometer over 0..rem[i]).
      counts.fill(0);
      for (;;) {
        let p = prob;
        for (let i = 0; i < k; i++) {
          const r = rem[i];
          const c = counts[i];
          p *= C[r][c] * powInt(q[i], c) * powInt(1 - q[i], r - c);
          after[i] = r - c;
        }
        if (p > 0) {
          const s = fold.next(state, outcome, counts, after);
          const nk = encode(s, fold.isFinal?.(s) ? new Int32Array(k) : after);
          next.set(nk, (next.get(nk) ?? 0) + p);
        }
        let i = k - 1;
        while (i >= 0 && counts[i] === rem[i]) counts[i--] = 0;
        if (i < 0) break;
        counts[i]++;
      }
    }
    entries = next;
  }

  const out = new Map<number, number>();
  for (const [key, prob] of entries) {
    const state = decode(key, rem);
    out.set(state, (out.get(state) ?? 0) + prob);
  }
  return out;
}

/**
 * Runs a fold over one roll of the pools. Scratch arrays are owned by the caller so a
 * trial allocates nothing: `faces[i]` has length maxSides + 1.
 */
export class FoldRoller {
  private readonly faces: Int32Array[];
  private readonly counts: Int32Array;
  private readonly remaining: Int32Array;
  private readonly maxSides: number;

  constructor(
    private readonly fold: PoolFold,
    maxSides: number,
    poolCount: number,
  ) {
    this.maxSides = maxSides;
    this.faces = Array.from({ length: poolCount }, () => new Int32Array(maxSides + 1));
    this.counts = new Int32Array(poolCount);
    this.remaining = new Int32Array(poolCount);
  }

  /** Roll `counts[i]` dice of `sides[i]` faces per pool and fold them. */
  roll(random: RandomStream, diceCounts: ArrayLike<number>, sides: ArrayLike<number>): number {
    const k = this.counts.length;
    for (let i = 0; i < k; i++) {
      const f = this.faces[i];
      f.fill(0);
      const n = diceCounts[i];
      const s = sides[i];
      for (let d = 0; d < n; d++) f[random.below(s) + 1]++;
      this.remaining[i] = n;
    }
    return this.run();
  }

  /** Fold the face counts already in place (for tests: `setFaces`). */
  run(): number {
    const { fold, faces, counts, remaining, maxSides } = this;
    const k = counts.length;
    let state = fold.initial;
    for (let step = 0; step < maxSides; step++) {
      const outcome = fold.order === 'descending' ? maxSides - step : step + 1;
      for (let i = 0; i < k; i++) {
        counts[i] = faces[i][outcome];
        remaining[i] -= counts[i];
      }
      state = fold.next(state, outcome, counts, remaining);
      if (fold.isFinal !== undefined && fold.isFinal(state)) break;
    }
    return state;
  }

  /** Put a given roll (lists of faces, one per pool) in place, for worked examples. */
  setFaces(rolls: readonly (readonly number[])[]): this {
    rolls.forEach((roll, i) => {
      this.faces[i].fill(0);
      for (const f of roll) this.faces[i][f]++;
      this.remaining[i] = roll.length;
    });
    return this;
  }
}
