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

/** The key of the stream for one chunk of one result point. */
export function streamKey(seed: string | number, point: number, chunk: number): string {
  return `poolsim:${seed}:${point}:${chunk}`;
}

export class RandomStream {
  // xor128 state, as int32 values.
  private x = 0;
  private y = 0;
  private z = 0;
  private w = 0;
  // Unused bits of the last word, low bits first.
  private buffer = 0;
  private buffered = 0;

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
  static forChunk(seed: string | number, point: number, chunk: number): RandomStream {
    return RandomStream.fromKey(streamKey(seed, point, chunk));
  }

  /** Restore a stream saved with `state()`. */
  static fromState(state: ArrayLike<number>): RandomStream {
    const s = new RandomStream();
    s.x = state[0] | 0;
    s.y = state[1] | 0;
    s.z = state[2] | 0;
    s.w = state[3] | 0;
    s.buffer = (state[4] ?? 0) >>> 0;
    s.buffered = state[5] ?? 0;
    return s;
  }

  /** The whole state (generator and unused bits), to save and restore. */
  state(): Int32Array {
    return Int32Array.of(this.x, this.y, this.z, this.w, this.buffer | 0, this.buffered);
  }

  /** The next 32-bit word, as a signed int32 (as seedrandom's `int32()`). */
  int32(): number {
    const t = this.x ^ (this.x << 11);
    this.x = this.y;
    this.y = this.z;
    this.z = this.w;
    return (this.w = this.w ^ (this.w >>> 19) ^ t ^ (t >>> 8));
  }

  /** `count` (1..31) fresh random bits, taken from the buffered word first. */
  bits(count: number): number {
    if (this.buffered < count) {
      // Leftover bits are dropped: they are independent of what follows, so no bias.
      this.buffer = this.int32() >>> 0;
      this.buffered = 32;
    }
    const value = this.buffer & ((1 << count) - 1);
    this.buffer >>>= count;
    this.buffered -= count;
    return value;
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

  /** One roll of a fair die with `sides` faces: 1..sides. */
  die(sides: number): number {
    return this.below(sides) + 1;
  }

  /** A roll of a rattled character's die: rolled twice, the lower kept. */
  dieKeepLower(sides: number): number {
    const a = this.below(sides);
    const b = this.below(sides);
    return (a < b ? a : b) + 1;
  }

  /** A uniform float in [0, 1) with 32 bits of precision (for tests and tie-breaks). */
  float(): number {
    return (this.int32() >>> 0) / 0x100000000;
  }
}
