/**
 * Seeded random streams. One stream per (scenario seed, sweep point, chunk index), so a
 * result never depends on how the trials were split among workers or shards.
 *
 * Built on seedrandom: its ARC4 generator (`seedrandom(key)`) turns the stream key into
 * 128 well-mixed bits, which seed seedrandom's `xor128` algorithm (Marsaglia, "Xorshift
 * RNGs", J. Stat. Soft. 8(14), 2003). The xor128 step is written out here, on plain number
 * fields, because calling `prng.int32()` per word costs two closure calls; the sequence
 * is the same one `seedrandom.xor128('', { state })` produces (tests/random.test.ts).
 * ARC4 is used only for seeding: it is about 10× slower per word.
 */
import seedrandom from 'seedrandom';

/** Dice with more sides than this are refused by the scenario schema. */
export const MAX_SIDES = 100;
/** `below(n)` takes n up to this (choosing among combatants, say). */
export const MAX_UNIFORM = 1024;

/**
 * Bits drawn per die, and Lemire's rejection threshold (2^bits mod sides), per number of
 * sides. Chosen as the fewest bits whose rejection rate is at most 1/32, so a d4 costs 2
 * bits (sixteen d4s per word, never rejected), a d6 7 bits (1.6% rejected), a d10 8 bits
 * (2.3%), a d20 9 bits (2.3%). Rejection keeps every face at exactly 1/sides.
 */
const DIE_BITS = new Uint8Array(MAX_UNIFORM + 1);
const DIE_REJECT = new Uint32Array(MAX_UNIFORM + 1);
for (let sides = 1; sides <= MAX_UNIFORM; sides++) {
  let bits = Math.max(1, Math.ceil(Math.log2(sides)));
  while ((2 ** bits % sides) / 2 ** bits > 1 / 32) bits++;
  DIE_BITS[sides] = bits;
  DIE_REJECT[sides] = 2 ** bits % sides;
}

/** The bits `below(n)` takes per try (DIE_BITS). */
export function belowBits(n: number): number {
  return DIE_BITS[n];
}

/** Lemire's rejection threshold for `below(n)` (2^belowBits(n) mod n): with belowBits, belowFixed's constants. */
export function belowReject(n: number): number {
  return DIE_REJECT[n];
}

/**
 * `below(n)` as a table over the bits of one try, each face mapped through `valueOf`: entry
 * v is `valueOf(face)` where Lemire's method takes the try v, and −1 where it rejects v and
 * tries again. So `do x = table[random.bits(belowBits(n))]; while (x < 0)` draws exactly the
 * bits `below(n)` draws and gives `valueOf` of its face, without its multiply and tests
 * (the clash kernel's dice that are no bit field). `valueOf` must not return a negative.
 */
export function belowTable(n: number, valueOf: (face: number) => number): Int32Array {
  const bits = DIE_BITS[n];
  const mask = (1 << bits) - 1;
  const table = new Int32Array(1 << bits);
  for (let v = 0; v <= mask; v++) {
    const m = v * n;
    table[v] = (m & mask) >= DIE_REJECT[n] ? valueOf(m >>> bits) : -1;
  }
  return table;
}

/**
 * successesAndSixes' score of a die's `below` result f: 1 for a success (f ≥ 3), 65536
 * more for a 6 (f = 5). A table, not two tests: the tests' outcomes are coin flips, and a
 * mispredicted branch per die was the largest single cost of a campaign's knavery.
 */
const KNAVERY_SCORE = Int32Array.from({ length: MAX_UNIFORM }, (_, f) => (f >= 3 ? 1 : 0) + (f === 5 ? 65536 : 0));
// successesAndSixes writes a d6's draw out with these constants.
if (DIE_BITS[6] !== 7 || DIE_REJECT[6] !== 2) throw new Error('random.ts: a d6 is drawn from 7 bits, rejecting 2 tries in 128');

/** The key of the stream for one chunk of one result point (`point`: PlannedPoint.stream). */
export function streamKey(seed: string | number, point: string | number, chunk: number): string {
  return `poolsim:${seed}:${point}:${chunk}`;
}

export class RandomStream {
  /**
   * xor128's x, y, z, w, then the unused bits of the last word and how many there are.
   * An Int32Array rather than number fields: int32 values do not fit V8's small-integer
   * fields, which would box them; typed-array slots are raw int32 (measured: bits() goes
   * from ~4 ns to ~2.5 ns). Not private: a kernel may keep it in locals through its loop
   * and write it back (the clash's countPairs), as long as it draws exactly what int32()
   * and bits() would (its test compares the two draw for draw).
   */
  readonly s = new Int32Array(6);

  /** A stream seeded from `key` (see streamKey). */
  static fromKey(key: string): RandomStream {
    const arc4 = seedrandom(key);
    const state = new Int32Array(4);
    for (let i = 0; i < 4; i++) state[i] = arc4.int32();
    // xor128 must not start from all zeros (it would stay there); ARC4 gives that with
    // probability 2^-128, but say what happens rather than hope.
    if ((state[0] | state[1] | state[2] | state[3]) === 0) state[3] = 1;
    return RandomStream.fromState(state);
  }

  /** The stream for one chunk of one result point of a scenario. */
  static forChunk(seed: string | number, point: string | number, chunk: number): RandomStream {
    return RandomStream.fromKey(streamKey(seed, point, chunk));
  }

  /** Restore a stream saved with `state()` (4 words, or 6 with the unused bits). */
  static fromState(state: ArrayLike<number>): RandomStream {
    const r = new RandomStream();
    for (let i = 0; i < Math.min(6, state.length); i++) r.s[i] = state[i];
    return r;
  }

  /** The whole state (generator and unused bits), to save and restore. */
  state(): Int32Array {
    return this.s.slice();
  }

  /** The next 32-bit word, as a signed int32 (as seedrandom's xor128 `int32()`). */
  int32(): number {
    const s = this.s;
    const x = s[0];
    const t = x ^ (x << 11);
    s[0] = s[1];
    s[1] = s[2];
    s[2] = s[3];
    const w = s[3];
    return (s[3] = w ^ (w >>> 19) ^ t ^ (t >>> 8));
  }

  /**
   * The word the next `int32()` returns, without drawing it: for a kernel that lays the
   * next word beside the buffered bits before it knows whether it will take any of them
   * (a clash with free pushes, skirmish.ts), and draws it with `int32()` only if it does.
   */
  peek(): number {
    const s = this.s;
    const x = s[0];
    const t = x ^ (x << 11);
    const w = s[3];
    return w ^ (w >>> 19) ^ t ^ (t >>> 8);
  }

  /** `count` (1..31) fresh random bits, taken from the buffered word first. */
  bits(count: number): number {
    const s = this.s;
    let buffer = s[4];
    let left = s[5];
    if (left < count) {
      // Leftover bits are dropped: they are independent of what follows, so no bias.
      buffer = this.int32();
      left = 32;
    }
    s[4] = buffer >>> count;
    s[5] = left - count;
    return buffer & ((1 << count) - 1);
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ MAX_UNIFORM, by Lemire's multiply-and-reject. */
  below(n: number): number {
    const bits = DIE_BITS[n];
    const reject = DIE_REJECT[n];
    const mask = (1 << bits) - 1;
    for (;;) {
      const m = this.bits(bits) * n;
      if ((m & mask) >= reject) return m >>> bits;
    }
  }

  /**
   * `below(n)` for an `n` fixed where it is called, its `bits` and `reject` (belowBits(n),
   * belowReject(n)) held by the caller as module constants: the same draws, without
   * below's two table reads per call (a rival's d20 each turn, say).
   */
  belowFixed(n: number, bits: number, reject: number): number {
    const mask = (1 << bits) - 1;
    for (;;) {
      const m = this.bits(bits) * n;
      if ((m & mask) >= reject) return m >>> bits;
    }
  }

  /**
   * A uniform integer in 0..n−1 for n up to 2^32 (`below` takes n up to MAX_UNIFORM): one
   * whole word, tried again while it falls in the last, incomplete run of n values, so
   * every value has the same chance. For rare choices among many (one of a pile of coins).
   */
  belowWide(n: number): number {
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const u = this.int32() >>> 0;
      if (u < limit) return u % n;
    }
  }

  /** One roll of a fair die with `sides` faces: 1..sides. */
  die(sides: number): number {
    return this.below(sides) + 1;
  }

  /** A roll of a rattled character's die: rolled twice, the lower kept. */
  dieKeepLower(sides: number): number {
    return this.belowKeepLower(sides) + 1;
  }

  /** The lower of two `below(n)`: a rattled die's face − 1. */
  belowKeepLower(n: number): number {
    const a = this.below(n);
    const b = this.below(n);
    return a < b ? a : b;
  }

  // Why `(buffer >>> k) | 0` below: the shifted word as an int32 (the same 32 bits; `s` is
  // an Int32Array either way). A bare `>>>` makes it a uint32, and a loop variable that is
  // an int32 on one path and a uint32 on another is kept as a double by TurboFan, with a
  // conversion at every `&` (DoubleToI calls in the compiled kernel).

  /**
   * Knavery's count over dice `sides[from..to)`: the successes ("Every die result of 4 or
   * above", `below ≥ 3`) plus 65536 × the 6s (`below === 5` of a d6 and up), each die rolled
   * twice and the lower kept when `keepLower`. The draws are exactly those of `below` (or
   * `belowKeepLower`) per die in order; the buffered word stays in locals meanwhile. At most
   * 0xffff dice a call, so neither 16-bit field overflows.
   */
  successesAndSixes(sides: Int32Array, from: number, to: number, keepLower: boolean): number {
    const s = this.s;
    // The tables in locals: a module-level binding is reloaded and checked at each use.
    const dieBits = DIE_BITS;
    const dieReject = DIE_REJECT;
    const score = KNAVERY_SCORE;
    let buffer = s[4];
    let left = s[5];
    let out = 0;
    for (let d = from; d < to; d++) {
      const n = sides[d];
      if (n === 6 && keepLower !== true) {
        // A steady d6, the participant's die and most knavery dice: the loop below with
        // its bits (7) and rejection threshold (2) as constants, and its score as
        // arithmetic (f ≥ 3 a success, f = 5 a 6), no table reads; the same draws.
        let f6: number;
        for (;;) {
          if (left < 7) {
            buffer = this.int32();
            left = 32;
          }
          const m = (buffer & 127) * 6;
          buffer = (buffer >>> 7) | 0;
          left -= 7;
          if ((m & 127) >= 2) {
            f6 = m >>> 7;
            break;
          }
        }
        out += ((2 - f6) >>> 31) + (((4 - f6) >>> 31) << 16);
        continue;
      }
      const bits = dieBits[n];
      const reject = dieReject[n];
      const mask = (1 << bits) - 1;
      let f: number;
      for (;;) {
        if (left < bits) {
          buffer = this.int32();
          left = 32;
        }
        const m = (buffer & mask) * n;
        buffer = (buffer >>> bits) | 0;
        left -= bits;
        if ((m & mask) >= reject) {
          f = m >>> bits;
          break;
        }
      }
      if (keepLower) {
        // The second roll; the lower kept (a select, not a coin-flip branch).
        for (;;) {
          if (left < bits) {
            buffer = this.int32();
            left = 32;
          }
          const m = (buffer & mask) * n;
          buffer = (buffer >>> bits) | 0;
          left -= bits;
          if ((m & mask) >= reject) {
            f = Math.min(f, m >>> bits);
            break;
          }
        }
      }
      out += score[f];
    }
    s[4] = buffer;
    s[5] = left;
    return out;
  }

  /**
   * How many of `k` fair d4s show a 4 (`below(4) === 3`), drawing exactly the bits that
   * `k` calls of `below(4)` draw, in the same order, so the stream after it is the same.
   * A d4 is 2 bits and never rejected, so up to sixteen come out of one word at once: a 4
   * is a pair of set bits, counted with a popcount (the skirmish's hot path).
   */
  d4Fours(k: number): number {
    const s = this.s;
    let buffer = s[4];
    let left = s[5];
    let fours = 0;
    while (k > 0) {
      if (left < 2) {
        buffer = this.int32();
        left = 32;
      }
      const m = k < left >> 1 ? k : left >> 1;
      const b = 2 * m;
      let x = b === 32 ? buffer : buffer & ((1 << b) - 1);
      x = x & (x >>> 1) & 0x55555555;
      // Popcount of the pairs' low bits (at most 16).
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      x = (x + (x >>> 4)) & 0x0f0f0f0f;
      fours += Math.imul(x, 0x01010101) >>> 24;
      buffer = b === 32 ? 0 : (buffer >>> b) | 0;
      left -= b;
      k -= m;
    }
    s[4] = buffer;
    s[5] = left;
    return fours;
  }

  /**
   * How many of `k` rattled d4s (each rolled twice, the lower kept) show a 4: both rolls
   * 4. The bits are those of `k` calls of `belowKeepLower(4)`.
   */
  d4FoursKeepLower(k: number): number {
    const s = this.s;
    let buffer = s[4];
    let left = s[5];
    let fours = 0;
    for (; k > 0; k--) {
      if (left < 2) {
        buffer = this.int32();
        left = 32;
      }
      const a = buffer & 3;
      buffer = (buffer >>> 2) | 0;
      left -= 2;
      if (left < 2) {
        buffer = this.int32();
        left = 32;
      }
      const b = buffer & 3;
      buffer = (buffer >>> 2) | 0;
      left -= 2;
      if ((a & b) === 3) fours++;
    }
    s[4] = buffer;
    s[5] = left;
    return fours;
  }

  /** A uniform float in [0, 1) with 32 bits of precision (for tests and tie-breaks). */
  float(): number {
    return (this.int32() >>> 0) / 0x100000000;
  }
}
