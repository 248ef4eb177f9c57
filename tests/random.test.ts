/**
 * Random streams: the same sequence as seedrandom's xor128, saveable state, streams
 * keyed by (seed, point, chunk), and dice whose faces are uniform.
 */
import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { RandomStream, streamKey } from '../sim/random.ts';

describe('RandomStream', () => {
  test('reproduces seedrandom.xor128 from the same state (the reference implementation)', () => {
    const reference = seedrandom.xor128('', { state: { x: 1, y: 2, z: 3, w: 4 } } as any);
    const ours = RandomStream.fromState([1, 2, 3, 4]);
    for (let i = 0; i < 1000; i++) expect(ours.int32()).toBe(reference.int32());
  });

  test('state saves and restores mid-word', () => {
    const a = RandomStream.fromKey('k');
    a.bits(5);
    const saved = a.state();
    const first = Array.from({ length: 20 }, () => a.die(6));
    const b = RandomStream.fromState(saved);
    expect(Array.from({ length: 20 }, () => b.die(6))).toEqual(first);
  });

  test('streams differ by seed, point and chunk', () => {
    const word = (seed: string, point: number, chunk: number) => RandomStream.forChunk(seed, point, chunk).int32();
    const words = new Set([word('s', 0, 0), word('s', 0, 1), word('s', 1, 0), word('t', 0, 0)]);
    expect(words.size).toBe(4);
    expect(streamKey('s', 1, 2)).toBe('poolsim:s:1:2');
  });

  test.each([2, 3, 4, 6, 10, 12, 20, 100])('d%i faces are uniform (chi-square, 99.9%% critical value)', (sides) => {
    const random = RandomStream.fromKey(`uniform-d${sides}`);
    const n = 60000 * Math.max(1, sides / 10);
    const counts = new Float64Array(sides + 1);
    for (let i = 0; i < n; i++) counts[random.die(sides)]++;
    expect(counts[0]).toBe(0);
    const e = n / sides;
    let chi2 = 0;
    for (let f = 1; f <= sides; f++) chi2 += (counts[f] - e) ** 2 / e;
    // Wilson–Hilferty approximation of the chi-square 99.9% quantile, sides − 1 df.
    const k = sides - 1;
    const critical = k * (1 - 2 / (9 * k) + 3.09 * Math.sqrt(2 / (9 * k))) ** 3;
    expect(chi2).toBeLessThan(critical);
  });

  test('a rattled die keeps the lower of two rolls: P(1) on a d4 is 7/16', () => {
    const random = RandomStream.fromKey('rattled');
    let ones = 0;
    const n = 200000;
    for (let i = 0; i < n; i++) if (random.dieKeepLower(4) === 1) ones++;
    const p = 7 / 16;
    expect(Math.abs(ones / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
  });
});
