/**
 * Random streams: the same sequence as seedrandom's xor128, saveable state, streams
 * keyed by (seed, point, chunk), and dice whose faces are uniform.
 */
import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { RandomStream, belowBits, belowReject, belowTable, streamKey } from '../sim/random.ts';
import type { Simulation } from '../sim/mechanic.ts';
import { runChunk, runPoint } from '../sim/run.ts';
import { viciousnessRules } from '../sim/rules.ts';
import { knavery } from '../sim/viciousness/knavery.ts';
import { runChunkTask, type ChunkTask } from '../workers/chunk.ts';

/** The two streams are at the same place; the matcher only on a mismatch (12,000 calls a test). */
function expectSameState(fast: RandomStream, slow: RandomStream): void {
  const [a, b] = [JSON.stringify(fast.state()), JSON.stringify(slow.state())];
  if (a !== b) expect(fast.state()).toEqual(slow.state());
}

describe('RandomStream', () => {
  test('a belowTable draw takes exactly the bits below(n) takes and maps its face (the clash kernel reads dice so)', () => {
    for (const n of [2, 3, 5, 6, 7, 8, 10, 12, 20, 36, 64, 100, 1000, 1024]) {
      const valueOf = (face: number) => (face * 7 + 3) % 11;
      const table = belowTable(n, valueOf);
      const a = RandomStream.fromKey(`below-table-${n}`);
      const b = RandomStream.fromKey(`below-table-${n}`);
      for (let i = 0; i < 5000; i++) {
        let x;
        do x = table[a.bits(belowBits(n))];
        while (x < 0);
        const y = valueOf(b.below(n));
        // Plain compare in the loop, the matcher only on a mismatch (tests/size.ts says why).
        if (x !== y) expect({ n, i, x }).toEqual({ n, i, x: y });
      }
      // The streams are in step after: the same next word.
      expect(a.int32()).toBe(b.int32());
    }
  });

  test('belowFixed with belowBits / belowReject draws exactly what below draws, and bits(2) what below(4) draws', () => {
    for (const n of [2, 3, 4, 6, 20, 100, 1024]) {
      const a = RandomStream.fromKey(`below-fixed-${n}`);
      const b = RandomStream.fromKey(`below-fixed-${n}`);
      const bits = belowBits(n);
      const reject = belowReject(n);
      for (let i = 0; i < 5000; i++) {
        const x = n === 4 && i % 2 === 0 ? a.bits(2) : a.belowFixed(n, bits, reject);
        const y = b.below(n);
        if (x !== y) expect({ n, i, x }).toEqual({ n, i, x: y });
      }
      expect(a.int32()).toBe(b.int32());
    }
  });

  test('reproduces seedrandom.xor128 from the same state (the reference implementation)', () => {
    const reference = seedrandom.xor128('', { state: { x: 1, y: 2, z: 3, w: 4 } } as any);
    const ours = RandomStream.fromState([1, 2, 3, 4]);
    for (let i = 0; i < 1000; i++) expect(ours.int32()).toBe(reference.int32());
  });

  test('peek is the word int32 draws next, and draws nothing', () => {
    const a = RandomStream.fromKey('peek');
    const b = RandomStream.fromKey('peek');
    for (let i = 0; i < 100; i++) {
      const next = a.peek();
      expect(a.peek()).toBe(next);
      expect(a.int32()).toBe(next);
      expect(b.int32()).toBe(next);
    }
  });

  test('state saves and restores mid-word', () => {
    const a = RandomStream.fromKey('k');
    a.bits(5);
    const saved = a.state();
    const first = Array.from({ length: 20 }, () => a.die(6));
    const b = RandomStream.fromState(saved);
    expect(Array.from({ length: 20 }, () => b.die(6))).toEqual(first);
  });

  test('d4Fours and d4FoursKeepLower draw exactly what k below(4) / belowKeepLower(4) calls draw', () => {
    // From every bit offset (odd ones too, after a d6's 7 bits) and for counts that fill,
    // straddle and span several words: the same count of 4s and the same stream after.
    for (let trial = 0; trial < 400; trial++) {
      const fast = RandomStream.fromKey(`d4:${trial}`);
      const slow = RandomStream.fromKey(`d4:${trial}`);
      for (let step = 0; step < 30; step++) {
        const k = (trial * 7 + step * 13) % 41;
        const rattled = (trial + step) % 3 === 0;
        let expected = 0;
        for (let i = 0; i < k; i++) if ((rattled ? slow.belowKeepLower(4) : slow.below(4)) === 3) expected++;
        const got = rattled ? fast.d4FoursKeepLower(k) : fast.d4Fours(k);
        if (got !== expected) expect(got, `trial ${trial}, step ${step}`).toBe(expected);
        expectSameState(fast, slow);
        const sides = 2 + ((trial + step) % 19);
        const [x, y] = [fast.below(sides), slow.below(sides)];
        if (x !== y) expect(x).toBe(y);
      }
    }
  });

  test('successesAndSixes draws exactly what below / belowKeepLower per die draw', () => {
    const sides = Int32Array.from([6, 6, 4, 8, 6, 10, 3, 20, 6, 100, 2, 12]);
    for (let trial = 0; trial < 400; trial++) {
      const fast = RandomStream.fromKey(`kn:${trial}`);
      const slow = RandomStream.fromKey(`kn:${trial}`);
      for (let step = 0; step < 30; step++) {
        const from = (trial + step) % sides.length;
        const to = from + ((trial * 5 + step) % (sides.length - from + 1));
        const keepLower = (trial + step) % 4 === 0;
        let successes = 0;
        let sixes = 0;
        for (let d = from; d < to; d++) {
          const f = keepLower ? slow.belowKeepLower(sides[d]) : slow.below(sides[d]);
          if (f >= 3) successes++;
          if (f === 5) sixes++;
        }
        const got = fast.successesAndSixes(sides, from, to, keepLower);
        if (got !== successes + 65536 * sixes) expect(got, `trial ${trial}, step ${step}`).toBe(successes + 65536 * sixes);
        expectSameState(fast, slow);
        fast.bits(1 + (step % 9));
        slow.bits(1 + (step % 9));
      }
    }
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

describe('each chunk of a point draws from its own stream (a test-quality audit)', () => {
  // A simulation that tallies the first word of the stream it is given: every chunk of a
  // point must get forChunk(seed, point, chunk). With one stream replayed for every chunk
  // (runChunk passing 0), a point's trials would be copies of its first chunk's, while its
  // intervals took them for independent: the determinism tests cannot see that, as the
  // copies are the same whatever the workers.
  const firstWord: Simulation = {
    metrics: [{ name: 'word', kind: 'mean', label: 'the first word of the stream' }],
    run(random, trials, tally) {
      // Its top 16 bits: a tally sums whole numbers exactly only below 2^53, squares included.
      for (let t = 0; t < trials; t++) tally.add(0, random.int32() >>> 16);
      tally.addTrials(trials);
    },
  };

  test('runChunk and runPoint: chunk c of point p draws forChunk(seed, p, c)', () => {
    const words = [0, 1, 2, 3].map((c) => RandomStream.forChunk('chunks', 2, c).int32() >>> 16);
    expect(new Set(words).size).toBe(4);
    // A tally is [trials, sum and sum of squares per metric, …]: the metric's sum is at 1.
    words.forEach((w, c) => expect(runChunk(firstWord, 'chunks', 2, c, 1)[1]).toBe(w));
    // A point of four one-trial chunks sums the four chunks' first words.
    const total = runPoint(firstWord, 'chunks', 2, 4, 1);
    expect(total.values[1]).toBe(words.reduce((s, w) => s + w, 0));
  });

  test('the worker task (workers/chunk.ts), several chunks in one message: each its own stream', () => {
    // A knavery plan of one d6 against one challenge: successes differ chunk by chunk.
    const setup = knavery.setup.parse({ challenges: 1, participants: [{ name: 'crew' }] });
    const rules = viciousnessRules.parse({});
    const sim = knavery.prepare(setup, rules);
    const task: ChunkTask = { system: 'viciousness', mechanic: 'knavery', setup, rules, file: 'x.json', trials: 3000, chunkTrials: 1000, seed: 'chunks', point: 0, stream: 0, chunk: 0, size: 1000, count: 3 };
    const chunks = [0, 1, 2].map((c) => runChunk(sim, 'chunks', 0, c, 1000));
    // The success count of each chunk (index 1: the first metric's sum): not all alike.
    expect(new Set(chunks.map((v) => v[1])).size).toBeGreaterThan(1);
    expect([...runChunkTask(task)]).toEqual([...chunks[0]!].map((x, i) => x + chunks[1]![i]! + chunks[2]![i]!));
  });
});
