/**
 * Exact probability distributions of integer quantities, as arrays: `p[i]` is the
 * probability of the value `min + i`. Small, explicit and allocation-happy: the exact
 * engine runs once per result point, not per trial.
 */
export class Distribution {
  constructor(
    readonly min: number,
    readonly p: Float64Array,
  ) {}

  /** The certain value `v`. */
  static constant(v: number): Distribution {
    return new Distribution(v, Float64Array.of(1));
  }

  /** A fair die with faces 1..sides. */
  static die(sides: number): Distribution {
    return new Distribution(1, new Float64Array(sides).fill(1 / sides));
  }

  /** 1 with probability `p`, else 0. */
  static bernoulli(p: number): Distribution {
    return new Distribution(0, Float64Array.of(1 - p, p));
  }

  /** From a map value → probability (values must be integers). */
  static fromMap(m: Map<number, number>): Distribution {
    if (m.size === 0) throw new Error('empty distribution');
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of m.keys()) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    const p = new Float64Array(hi - lo + 1);
    for (const [v, q] of m) p[v - lo] += q;
    return new Distribution(lo, p);
  }

  get max(): number {
    return this.min + this.p.length - 1;
  }

  /** P(X = v). */
  at(v: number): number {
    const i = v - this.min;
    return i >= 0 && i < this.p.length ? this.p[i] : 0;
  }

  /** P(X ≤ v). */
  atMost(v: number): number {
    let s = 0;
    const last = Math.min(this.p.length - 1, v - this.min);
    for (let i = 0; i <= last; i++) s += this.p[i];
    return s;
  }

  /** P(X ≥ v). */
  atLeast(v: number): number {
    let s = 0;
    for (let i = Math.max(0, v - this.min); i < this.p.length; i++) s += this.p[i];
    return s;
  }

  /** E[f(X)]. */
  expect(f: (v: number) => number = (v) => v): number {
    let s = 0;
    for (let i = 0; i < this.p.length; i++) if (this.p[i] !== 0) s += this.p[i] * f(this.min + i);
    return s;
  }

  mean(): number {
    return this.expect();
  }

  /** The distribution of X + Y for independent X (this) and Y. */
  plus(other: Distribution): Distribution {
    const a = this.p;
    const b = other.p;
    const out = new Float64Array(a.length + b.length - 1);
    for (let i = 0; i < a.length; i++) {
      if (a[i] === 0) continue;
      for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
    }
    return new Distribution(this.min + other.min, out);
  }

  /** The distribution of X − Y for independent X (this) and Y. */
  minus(other: Distribution): Distribution {
    return this.plus(other.negate());
  }

  negate(): Distribution {
    return new Distribution(-this.max, this.p.slice().reverse());
  }

  /** X + c. */
  shift(c: number): Distribution {
    return new Distribution(this.min + c, this.p);
  }

  /** The distribution of f(X) for an integer-valued f. */
  map(f: (v: number) => number): Distribution {
    const m = new Map<number, number>();
    for (let i = 0; i < this.p.length; i++) {
      if (this.p[i] === 0) continue;
      const v = f(this.min + i);
      m.set(v, (m.get(v) ?? 0) + this.p[i]);
    }
    return Distribution.fromMap(m);
  }

  /** The sum of `n` independent copies (n ≥ 0). */
  repeat(n: number): Distribution {
    let out = Distribution.constant(0);
    for (let i = 0; i < n; i++) out = out.plus(this);
    return out;
  }

  /** The sum of independent variables. */
  static sum(parts: Iterable<Distribution>): Distribution {
    let out = Distribution.constant(0);
    for (const d of parts) out = out.plus(d);
    return out;
  }

  /** Σp, for checks. */
  total(): number {
    let s = 0;
    for (const q of this.p) s += q;
    return s;
  }
}

/**
 * The face distribution of one die as rolled by a character: fair, or (rattled) "rolled
 * twice, and the lower results taken" (Viciousness, Pushing and Rattled Characters).
 * P(min = f) = ((n−f+1)² − (n−f)²) / n².
 */
export function faceDistribution(sides: number, keepLowerOfTwo: boolean): Distribution {
  if (!keepLowerOfTwo) return Distribution.die(sides);
  const p = new Float64Array(sides);
  const n2 = sides * sides;
  for (let f = 1; f <= sides; f++) {
    const above = sides - f; // faces strictly above f
    p[f - 1] = ((above + 1) * (above + 1) - above * above) / n2;
  }
  return new Distribution(1, p);
}

/** P(test(face)) for one die of a given face distribution. */
export function chanceOf(faces: Distribution, test: (face: number) => boolean): number {
  return faces.expect((f) => (test(f) ? 1 : 0));
}

/** Binomial coefficients, C[n][k], for n up to `n`. */
export function binomials(n: number): Float64Array[] {
  const rows: Float64Array[] = [];
  for (let i = 0; i <= n; i++) {
    const row = new Float64Array(i + 1);
    row[0] = row[i] = 1;
    for (let k = 1; k < i; k++) row[k] = rows[i - 1][k - 1] + rows[i - 1][k];
    rows.push(row);
  }
  return rows;
}
