/**
 * The clash's inner loop (sim/viciousness/clash.ts countPairs) keeps the generator's state
 * in locals and reads non-field dice through tables. Here it is checked draw for draw
 * against the obvious loop over the stream's own bits() and below(): the same pair counts,
 * and the stream left in the same place, for table widths that take two trials a draw or
 * one, dice that reject some tries (d6, d10, d12, d20, rattled dice), odd trial counts and
 * no field dice at all.
 */
import { describe, expect, test } from 'vitest';
import { RandomStream } from '../sim/random.ts';
import { countPairs, restDice } from '../sim/viciousness/clash.ts';
import { hitTable } from '../sim/viciousness/violence.ts';
import { chanceOf, faceDistribution } from '../sim/exact/distribution.ts';
import type { ViolenceDie } from '../sim/viciousness/violence.ts';

const isHit = (f: number) => f === 4;

/** The loop as first written: bits() for the field dice, below(n) < hits for each other die. */
function referencePairs(random: RandomStream, trials: number, bits: number, table: Int32Array, dice: ViolenceDie[], placeValue: number[], size: number): Float64Array {
  const pairs = new Float64Array(size);
  const outOf = dice.map((d) => (d.rattled ? d.sides * d.sides : d.sides));
  const hitsOf = dice.map((d, i) => Math.round(chanceOf(faceDistribution(d.sides, d.rattled), isHit) * outOf[i]));
  let t = 0;
  if (2 * bits <= 30) {
    for (; t + 1 < trials; t += 2) {
      const v = random.bits(2 * bits);
      for (const half of [v & ((1 << bits) - 1), v >>> bits]) {
        let k = table[half];
        dice.forEach((_, i) => {
          if (random.below(outOf[i]) < hitsOf[i]) k += placeValue[i];
        });
        pairs[k]++;
      }
    }
  }
  for (; t < trials; t++) {
    let k = table[random.bits(bits)];
    dice.forEach((_, i) => {
      if (random.below(outOf[i]) < hitsOf[i]) k += placeValue[i];
    });
    pairs[k]++;
  }
  return pairs;
}

const d = (sides: number, rattled = false): ViolenceDie => ({ sides, rattled }) as ViolenceDie;

const cases: { name: string; fieldBits: number[][]; radix: [number, number]; rest: ViolenceDie[]; side: number[] }[] = [
  // The benchmark clash: 3d4 + 1d6 against 4d4.
  { name: 'benchmark: 14 field bits, a d6', fieldBits: [[2, 2, 2], [2, 2, 2, 2]], radix: [6, 5], rest: [d(6)], side: [0] },
  { name: 'rattled d4s (4-bit fields), a d10 and a d12 on both sides', fieldBits: [[4, 2], [4, 2, 2]], radix: [4, 5], rest: [d(10), d(12)], side: [0, 1] },
  { name: '16 field bits: one trial a draw', fieldBits: [[2, 2, 2, 2], [4, 4, 2, 2]], radix: [6, 6], rest: [d(20)], side: [1] },
  { name: 'rattled d6 and d8 (36 and 64 outcomes)', fieldBits: [[2], [2]], radix: [4, 4], rest: [d(6, true), d(8, true), d(6)], side: [0, 1, 1] },
  { name: 'no field dice at all', fieldBits: [[], []], radix: [3, 2], rest: [d(6), d(6), d(8)], side: [0, 0, 1] },
];

describe('countPairs draws exactly what bits() and below() draw', () => {
  for (const c of cases) {
    test(c.name, () => {
      const { bits, table } = hitTable(c.fieldBits, c.radix);
      const placeValue = c.side.map((s) => (s === 0 ? c.radix[1] : 1));
      const rest = restDice(c.rest, isHit, placeValue)!;
      const narrow = Uint16Array.from(table);
      const size = c.radix[0] * c.radix[1];
      for (const trials of [1, 2, 3, 1000, 65_537]) {
        const fast = RandomStream.fromKey(`clash-kernel:${c.name}:${trials}`);
        const slow = RandomStream.fromKey(`clash-kernel:${c.name}:${trials}`);
        // Part-used buffered bits on the way in, as between chunks of a kernel.
        fast.bits(5);
        slow.bits(5);
        const pairs = new Float64Array(size);
        countPairs(fast, trials, bits, narrow, rest, pairs);
        expect(Array.from(pairs)).toEqual(Array.from(referencePairs(slow, trials, bits, table, c.rest, placeValue, size)));
        // …and the stream goes on from the same place: the generator, its buffered bits and their count.
        expect(Array.from(fast.state())).toEqual(Array.from(slow.state()));
      }
    });
  }
});
