/**
 * Knavery pushes (viciousness.txt "Pushing and Rattled Characters", "3: The Roll"): the
 * group's own pushes to reroll their dice, and what the free pushes from 6s do once a
 * scheme has failed. Readings: docs/rulings/knavery.md.
 *
 * - `push: "ifShort"` — "A PC may also push in order to reroll the dice they contributed to
 *   a pool. Immediately after a character pushes, they are rattled." When the roll falls
 *   short, every participant who is not rattled ("Rattled PCs can't push themselves") and
 *   whose own dice showed no success rerolls all of them, together; the reroll replaces the
 *   first roll, and each pusher is rattled afterwards.
 * - `push: "ifBehind"` — the bolder table: when the roll falls short, every participant
 *   not rattled whose own successes are fewer than its reroll's expected successes (each
 *   of its dice's chance of 4 or above, rolled fresh) rerolls all its dice, then is
 *   rattled; one exactly at the expectation keeps its dice. A participant with no success
 *   is always behind (its 1d6 alone expects ½), so it pushes whoever `ifShort` pushes, and more.
 * - `freePushes` — "Every die result of 6 grants a free push to be used if the scheme
 *   fails." When the plan still fails, the 6s among the dice as they stand are free pushes
 *   for the fallout. `reroll` (default): each lets a PC reroll the violence dice it
 *   contributed to the fight that follows, without being rattled ("A PC may also push in
 *   order to reroll the dice they contributed to a pool"): the plan's own roll is not
 *   rerolled ("No more group rolls are possible until the fallout is dealt with"), so the
 *   plan's figures are `unused`'s, and the fight is the campaign's. `fallout`: each is
 *   spent on a push effect that thwarts one active challenge ("Challenges may be removed
 *   from the total as a result of a particularly clever plan or pushed trait"). `unused`
 *   only counts them.
 *
 * The exact figures: one participant's own dice give a joint (successes, sixes) law; the
 * group is a fold over participants of the state (first-roll successes, successes if the
 * group pushes, sixes if it pushes), with the first roll's sixes and the would-be pushers
 * carried as expectations. Either policy's push turns only on the participant's own first
 * roll (below its pushBelow) and on the group falling short, which is what the state holds.
 * Dense over (N+1)³ states for N dice, so kept to N ≤ MAX_PUSH_DICE.
 */
import { knaveryGrid } from './knaveryDice.ts';

export const PUSH_POLICIES = ['never', 'ifShort', 'ifBehind'] as const;
export type PushPolicy = (typeof PUSH_POLICIES)[number];
export const FREE_PUSH_POLICIES = ['reroll', 'unused', 'fallout'] as const;

/** Most dice in a plan whose pushes are computed exactly ((N+1)³ states). */
export const MAX_PUSH_DICE = 100;

export interface KnaveryParticipantDice {
  /** Its dice (the 1d6 first), each rolled twice keeping the lower when rattled. */
  dice: { sides: number; rattled: boolean }[];
  /** Pushes to reroll when the plan falls short: not rattled, and the group's policy. */
  pushable: boolean;
  /**
   * Pushes (when pushable and short) if its own first-roll successes are below this: 1 by
   * default (`ifShort`: no success), its reroll's expected successes rounded up for
   * `ifBehind` (pushBelow).
   */
  pushBelow?: number;
}

/**
 * Successes below which a participant with these dice pushes by `policy`: `ifShort` pushes
 * one with no success (below 1); `ifBehind` one with fewer successes than its reroll
 * expects, Σ P(die ≥ 4) = Σ (sides − 3)/sides over its dice rolled fresh ("Immediately after
 * a character pushes, they are rattled": the reroll is not kept-lower). Successes are
 * whole, so "fewer than E" is "below ⌈E⌉"; an equal count (E whole) does not push. Summed
 * as an exact fraction (BigInt: up to 100 sides, whose common denominators overflow a
 * double), so a tie is never lost to rounding (0.7 × 10 is 7.000000000000001 in floats).
 */
export function pushBelow(policy: PushPolicy, dice: readonly { sides: number }[]): number {
  if (policy !== 'ifBehind') return 1;
  let num = 0n;
  let den = 1n;
  for (const { sides } of dice) {
    const n = BigInt(sides);
    const hits = BigInt(Math.max(0, sides - 3));
    num = num * n + hits * den;
    den *= n;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  return Number((num + den - 1n) / den);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** The exact figures of a knavery roll with pushes; every metric of the mechanic. */
export interface KnaveryOdds {
  success: number;
  successes: number;
  sixes: number;
  active: number;
  pushed: number;
  freePushes: number;
  threats: number;
  /** P(final successes = s), s = 0..N. */
  distribution: number[];
}

/**
 * Exact odds for participants `parts` against `need` challenges. Undefined when the plan
 * has more than MAX_PUSH_DICE dice and someone may push (then Monte Carlo only).
 */
export function knaveryOdds(parts: readonly KnaveryParticipantDice[], need: number, fallout: boolean): KnaveryOdds | undefined {
  const all = parts.flatMap((p) => p.dice);
  const n = all.length;
  // Nobody pushes where no reroll can meet the challenges: fewer dice able to succeed (a d2
  // or d3 never shows 4 or above) than them.
  const able = all.filter((d) => d.sides >= 4).length;
  const anyPush = need <= able && parts.some((p) => p.pushable);
  const out: KnaveryOdds = { success: 0, successes: 0, sixes: 0, active: 0, pushed: 0, freePushes: 0, threats: 0, distribution: new Array(n + 1).fill(0) };
  // "Rattled PCs can't push themselves": a free push thwarts a challenge (`fallout`) only
  // where some participant is not rattled when the plan fails — rattled from the start
  // (or by a trait pushed to remove a challenge), or by its own push to reroll.
  const steady = (p: KnaveryParticipantDice) => p.dice.length > 0 && !p.dice[0].rattled;
  const settle = (p: number, s: number, x: number, thwart: boolean) => {
    // The roll as it finally stands: s successes, x sixes.
    out.successes += p * s;
    out.sixes += p * x;
    out.distribution[s] += p;
    if (s >= need) {
      out.success += p;
      return;
    }
    out.active += p * (need - s);
    out.freePushes += p * x;
    out.threats += p * Math.max(0, need - s - (thwart ? x : 0));
  };
  if (!anyPush) {
    const grid = knaveryGrid(all);
    const thwart = fallout && parts.some(steady);
    grid.forEach((row, s) => row.forEach((p, x) => p !== 0 && settle(p, s, x, thwart)));
    return out;
  }
  if (n > MAX_PUSH_DICE) return undefined;
  const w = n + 1;
  // With `fallout`, whether a participant not rattled is left once the pushers are (k = 1:
  // one not rattled kept its first roll, so pushed nothing) is a state of its own: every
  // participant not rattled may push (pushable), and one that shows too little does when
  // the group falls short. Without it the chain is as it always was, to the last bit.
  const K = fallout ? 2 : 1;
  const cube = w * w * w;
  const size = K * cube;
  // index = k·w³ + (t1·w + f)·w + x
  let prob = new Float64Array(size);
  let firstSixes = new Float64Array(size); // E[first-roll sixes; state]
  let pushers = new Float64Array(size); // E[participants with no first success who may push; state]
  prob[0] = 1;
  let top = 0; // dice so far
  for (const part of parts) {
    const d = part.dice.length;
    const own = knaveryGrid(part.dice);
    const below = part.pushable ? (part.pushBelow ?? 1) : 0;
    // A participant not rattled that keeps its first roll is one left to use a free push.
    const keeps = K > 1 && steady(part);
    // With a bar above 1 (ifBehind) a pusher may have shown up to below − 1 successes: its
    // first roll is folded into mid* (t1 gains them, f and x wait) and its reroll after, in
    // one pass over mid*: the work stays (N+1)³ states by the reroll's outcomes, where one
    // reroll per first-roll outcome took up to ~d/2 times that (2 participants of 50 d6:
    // 94 s against 0.1 s). A bar of 1 (ifShort) rerolls inline, as it always has: its
    // figures stay the same to the last bit.
    const staged = below > 1;
    const mp = new Float64Array(staged ? size : 0);
    const mf = new Float64Array(staged ? size : 0);
    const mu = new Float64Array(staged ? size : 0);
    const np = new Float64Array(size);
    const nf = new Float64Array(size);
    const nu = new Float64Array(size);
    for (let k = 0; k < K; k++) {
      for (let t1 = 0; t1 <= top; t1++) {
        for (let f = 0; f <= top; f++) {
          for (let x = 0; x <= top; x++) {
            const at = k * cube + (t1 * w + f) * w + x;
            const p = prob[at];
            if (p === 0) continue;
            const a = firstSixes[at];
            const u = pushers[at];
            for (let s = 0; s <= d; s++) {
              for (let sx = 0; sx <= s; sx++) {
                const q = own[s][sx];
                if (q === 0) continue;
                if (staged && s < below) {
                  // Shows too few: its first roll counts in t1 (if the group is not short),
                  // its reroll is added below (state f, x hold the case where it is short).
                  const to = k * cube + ((t1 + s) * w + f) * w + x;
                  mp[to] += p * q;
                  mf[to] += (a + p * sx) * q;
                  mu[to] += (u + p) * q;
                } else if (s < below) {
                  // Shows no success (ifShort): rerolls if the group falls short (state f, x
                  // hold that case).
                  for (let r = 0; r <= d; r++) {
                    for (let rx = 0; rx <= r; rx++) {
                      const q2 = own[r][rx];
                      if (q2 === 0) continue;
                      const to = k * cube + ((t1 + s) * w + f + r) * w + x + rx;
                      const qq = q * q2;
                      np[to] += p * qq;
                      nf[to] += (a + p * sx) * qq;
                      nu[to] += (u + p) * qq;
                    }
                  }
                } else {
                  const to = (keeps ? cube : k * cube) + ((t1 + s) * w + f + s) * w + x + sx;
                  np[to] += p * q;
                  nf[to] += (a + p * sx) * q;
                  nu[to] += u * q;
                }
              }
            }
          }
        }
      }
    }
    if (staged) {
      // The pushers' rerolls (fresh: a pushable participant is not rattled, so own is its reroll's law).
      for (let k = 0; k < K; k++) {
        for (let t1 = 0; t1 <= top + d; t1++) {
          for (let f = 0; f <= top; f++) {
            for (let x = 0; x <= top; x++) {
              const at = k * cube + (t1 * w + f) * w + x;
              const p = mp[at];
              if (p === 0) continue;
              const a = mf[at];
              const u = mu[at];
              for (let r = 0; r <= d; r++) {
                for (let rx = 0; rx <= r; rx++) {
                  const q2 = own[r][rx];
                  if (q2 === 0) continue;
                  const to = k * cube + (t1 * w + f + r) * w + x + rx;
                  np[to] += p * q2;
                  nf[to] += a * q2;
                  nu[to] += u * q2;
                }
              }
            }
          }
        }
      }
    }
    prob = np;
    firstSixes = nf;
    pushers = nu;
    top += d;
  }
  for (let k = 0; k < K; k++) {
    for (let t1 = 0; t1 <= n; t1++) {
      for (let f = 0; f <= n; f++) {
        for (let x = 0; x <= n; x++) {
          const at = k * cube + (t1 * w + f) * w + x;
          const p = prob[at];
          if (p === 0) continue;
          if (t1 >= need) {
            // Not short: nobody pushes; the first roll stands (its sixes from the expectation).
            out.success += p;
            out.successes += p * t1;
            out.sixes += firstSixes[at];
            out.distribution[t1] += p;
          } else {
            out.pushed += pushers[at];
            settle(p, f, x, k === 1);
          }
        }
      }
    }
  }
  return out;
}
