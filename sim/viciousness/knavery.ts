/**
 * Viciousness `knavery`: a plan's roll against its challenges (RULES.md "Knavery";
 * viciousness.txt "3: The Roll"). "Every die result of 4 or above is a success. Every die
 * result of 6 grants a free push to be used if the scheme fails."
 */
import { z } from 'zod';
import { defineMechanic } from '../mechanic.ts';
import { diceListSchema, eachDie } from '../dice.ts';
import { faceDistribution } from '../exact/distribution.ts';
import type { MetricSpec } from '../stats.ts';

export const participantSchema = z
  .object({
    name: z.string().min(1),
    count: z.number().int().min(0).max(1000).optional(),
    /** Trait dice that apply; the 1d6 every participant adds comes from the rules. */
    dice: diceListSchema.optional(),
    rattled: z.boolean().optional(),
  })
  .strict();

export const knaverySetup = z
  .object({
    challenges: z.number().int().min(0).max(1000),
    /** Challenges removed before the roll by a clever plan or a pushed trait. */
    removed: z.number().int().min(0).max(1000).optional(),
    /** Every challenge discovered: reported, changes no odds (the group picks which stay). */
    prepared: z.boolean().optional(),
    participants: z.array(participantSchema).min(1),
  })
  .strict();

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

export const knavery = defineMechanic({
  system: 'viciousness',
  name: 'knavery',
  summary: 'a plan: 1d6 per participant plus traits, 4+ thwarts a challenge',
  setup: knaverySetup,
  prepare(setup) {
    const dice: { sides: number; rattled: boolean }[] = [];
    for (const p of setup.participants) {
      const rattled = p.rattled ?? false;
      for (let k = 0; k < (p.count ?? 1); k++) {
        for (const sides of [PARTICIPANT_DIE, ...eachDie(p.dice ?? [])]) dice.push({ sides, rattled });
      }
    }
    const need = challengesToMeet(setup.challenges, setup.removed);
    const sides = Int32Array.from(dice, (d) => d.sides);
    const rattled = Uint8Array.from(dice, (d) => (d.rattled ? 1 : 0));
    const metrics: MetricSpec[] = [
      { name: 'success', kind: 'probability', headline: true },
      { name: 'successes', kind: 'mean' },
      { name: 'sixes', kind: 'mean' },
      { name: 'active', kind: 'mean' },
    ];
    const distributions = [{ name: 'successes', min: 0, size: dice.length + 1 }];

    return {
      metrics,
      distributions,
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          let successes = 0;
          let sixes = 0;
          for (let i = 0; i < sides.length; i++) {
            const f = rattled[i] === 0 ? random.die(sides[i]) : random.dieKeepLower(sides[i]);
            if (isSuccess(f)) successes++;
            if (isSix(f)) sixes++;
          }
          tally.add(0, successes >= need ? 1 : 0);
          tally.add(1, successes);
          tally.add(2, sixes);
          tally.add(3, successes >= need ? 0 : need - successes);
          tally.bin(0, successes);
        }
        tally.addTrials(trials);
      },
      exact() {
        const grid = knaveryGrid(dice);
        let success = 0;
        let successes = 0;
        let sixes = 0;
        let active = 0;
        const dist = new Array(dice.length + 1).fill(0);
        grid.forEach((row, s) =>
          row.forEach((p, x) => {
            if (p === 0) return;
            if (s >= need) success += p;
            else active += p * (need - s);
            successes += p * s;
            sixes += p * x;
            dist[s] += p;
          }),
        );
        return { metrics: { success, successes, sixes, active }, distributions: { successes: dist } };
      },
    };
  },
});
