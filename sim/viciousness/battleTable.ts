/**
 * The two-sided `battle` Monte Carlo by round tables, for battles small enough to
 * tabulate (the common case: a few combatants a side, no pushing). Readings:
 * docs/rulings/battle.md; the rules are the ones BattleField plays.
 *
 * Without pushing a battle is a Markov chain (as battleChain.ts solves it): the *state* is
 * the able count of each entry on both sides, and a round — clash, wound, Medics — moves
 * it to another state and adds wounded and dead, with chances that depend on the state
 * alone. So each state gets every outcome of one round (next state, casualties) with its
 * exact chance as an integer weight over a common denominator D, and a round is one
 * uniform 32-bit word compared against the cumulative weights: every outcome keeps its
 * exact probability, and a battle costs one word a round. The end check and flight are
 * one lookup in the next state. A battle's casualties are one mixed-radix index per side,
 * so a trial ends with four histogram increments, and `addCounts` turns the histograms
 * into the per-metric ones `battle` flushes.
 *
 * The outcomes are computed from the rule text here, not taken from battleChain.ts, so the
 * Monte Carlo still checks the chain: one round is
 * - clash: each side's hits are a sum of independent dice, each hitting with a rational
 *   chance (hits / outOf); the side with more hits lands the difference, capped by the
 *   other side's able combatants ("Extra hits … are wasted");
 * - wound: whom the wounds fall on is multivariate hypergeometric within each
 *   `woundOrder` group, group 0 first, as BattleField.woundSide draws them one by one;
 * - Medics attend a uniformly random `medics` of the round's wounded captains, then of its
 *   minions (BattleField.attend); each wounded combatant nobody attends dies on
 *   `deathFaces` faces of a d4.
 *
 * BattleField (battleField.ts) stays the general path: pushing, more than two sides, and
 * battles too big for the tables.
 */
import type { RandomStream } from '../random.ts';
import type { BattlePlan } from './battleField.ts';
import { FLEE_OUTNUMBERED } from './violence.ts';

/** Most states (both sides' able counts multiplied) tabulated: 4096 covers any 6 combatants a side. */
export const TABLE_MAX_STATES = 1 << 12;
/**
 * Most round outcomes over all states: ~50 bytes each with their guide buckets, so a table
 * stays under ~3 MB (the shipped battles have 60 to 800 outcomes; five distinct
 * combatants a side, about 40,000).
 */
export const TABLE_MAX_OUTCOMES = 1 << 16;
/** Most casualty indices a side may have (Π over its entries of (size + 1)²). */
export const TABLE_MAX_CASUALTIES = 1 << 16;
/** Largest common denominator of a state's outcomes: a round is one 32-bit word. */
export const TABLE_MAX_DENOMINATOR = 2 ** 32;

/** Endings of a battle: (winner + 1) + 3 · (fled₀ + 2 · fled₁), winner −1 for a draw. */
export const ENDINGS = 12;
const WON_0 = 1;
const WON_1 = 2;
const NOT_OVER = -1;

/** Where each metric's histogram starts in the `battle` run's histogram array. */
export interface BattleHistogramLayout {
  outcomeFrom: number;
  roundsFrom: number;
  deathsFrom: Int32Array;
  woundedFrom: Int32Array;
  fledFrom: Int32Array;
  /** Only with `push: "ifNoHit"` (then nobody here can push: all are rattled). */
  pushedFrom?: Int32Array;
  entryDeadFrom: Int32Array;
  entryWoundedFrom: Int32Array;
}

/** Histograms of one run of `fightBattles`. */
export interface BattleCounts {
  endings: Int32Array;
  /** Index: rounds played (1..maxRounds). */
  rounds: Int32Array;
  /** Per side, index: the side's casualty index at the end. */
  casualties: [Int32Array, Int32Array];
}

/** A chance as an exact fraction. */
interface Ratio {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

function ratio(num: bigint, den: bigint): Ratio {
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

function times(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

/** Integer polynomial product: weights of a sum of independent hit counts. */
function convolve(a: bigint[], b: bigint[]): bigint[] {
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  return out;
}

/** C(n, k) as a bigint, from a table built once. */
function binomialTable(n: number): bigint[][] {
  const rows: bigint[][] = [];
  for (let i = 0; i <= n; i++) {
    const row = new Array<bigint>(i + 1).fill(1n);
    for (let k = 1; k < i; k++) row[k] = rows[i - 1][k - 1] + rows[i - 1][k];
    rows.push(row);
  }
  return rows;
}

/** One way a side's wounds of a round can fall: how the state drops, casualties it adds, its chance. */
interface Wounding {
  drop: number;
  casualty: number;
  chance: Ratio;
}

/** The round tables of one battle; `BattleTable.of(plan)` says whether it can have them. */
export class BattleTable {
  readonly maxRounds: number;
  readonly states: number;
  readonly startState: number;
  /** Per kind (an entry: no pushing here): its place value in the state index. */
  readonly kindStride: Int32Array;
  /** Per side: casualty indices, and what one wounded / dead of a kind adds to the index. */
  readonly casualtyCount: Int32Array;
  readonly woundStride: Int32Array;
  readonly deadStride: Int32Array;

  // Per state.
  /** Per state, after a round: how the battle ends there, or −1 (it goes on). */
  readonly ending: Int8Array;
  /** The state's outcomes: outcomeFrom[S] .. outcomeFrom[S + 1] (none where no round starts). */
  readonly outcomeFrom: Int32Array;
  /** D: the common denominator of the state's outcome chances. */
  readonly denominator: Float64Array;
  /** K · D, K = ⌊2^32 / D⌋: a word at or above it is drawn again, below it ⌊word / K⌋ is uniform below D. */
  readonly limit: Float64Array;
  readonly guideFrom: Int32Array;
  /** 32 − log2(the state's guide buckets): a word's top bits pick its bucket. */
  readonly guideShift: Int32Array;
  /** Per bucket of words, the first outcome a word of the bucket can draw. */
  readonly guide: Int32Array;

  // Per outcome.
  /** K · (cumulative weight): a word draws the first outcome whose bound is above it. */
  readonly bound: Float64Array;
  readonly next: Int32Array;
  /** What the outcome adds to each side's casualty index. */
  readonly casualty0: Int32Array;
  readonly casualty1: Int32Array;

  /** The tables for `plan`, or undefined where BattleField must play the battle. */
  static of(plan: BattlePlan): BattleTable | undefined {
    if (plan.sideCount !== 2) return undefined;
    // Pushers change their dice in the middle of a round.
    if (plan.pushes[0] !== 0 || plan.pushes[1] !== 0) return undefined;
    // Trait dice that depend on both sides' head counts (traits.ts) are not in the tables.
    if (plan.conditional || plan.opening) return undefined;
    // Defenders' blows, Medics who die, the Berzerkers' test at the end, the Marksmen's snap shots (traits.ts): the field's.
    if (plan.defends.some((x) => x !== 0) || plan.medicDeaths.some((x) => x !== 0) || plan.crisisTests || plan.marks) return undefined;
    // Wounded waiting for a Medic across rounds (medicReach "window"): the field's.
    if (plan.window) return undefined;
    let states = 1;
    for (let k = 0; k < plan.kindCount; k++) {
      states *= plan.kindInit[k] + 1;
      if (states > TABLE_MAX_STATES) return undefined;
    }
    for (let s = 0; s < 2; s++) {
      let casualties = 1;
      for (let e = 0; e < plan.entryCount; e++) if (plan.entrySide[e] === s) casualties *= (plan.entrySize[e] + 1) ** 2;
      if (casualties > TABLE_MAX_CASUALTIES) return undefined;
    }
    // The clash's denominator is largest at the start, with every die rolled.
    const chances = classChances(plan);
    let dice = 1n;
    for (let i = 0; i < plan.sideDiceInit.length; i++) dice *= chances[i % plan.dieClassCount].den ** BigInt(plan.sideDiceInit[i]);
    if (dice > BigInt(TABLE_MAX_DENOMINATOR)) return undefined;
    const table = new BattleTable(plan, states, chances);
    return table.outcomeFrom[states] > 0 ? table : undefined;
  }

  private constructor(plan: BattlePlan, states: number, chances: Ratio[]) {
    const K = plan.kindCount;
    const DC = plan.dieClassCount;
    this.maxRounds = plan.maxRounds;
    this.states = states;

    this.kindStride = new Int32Array(K);
    let stride = 1;
    let startState = 0;
    for (let k = 0; k < K; k++) {
      this.kindStride[k] = stride;
      startState += plan.kindInit[k] * stride;
      stride *= plan.kindInit[k] + 1;
    }
    this.startState = startState;
    const countOf = (S: number, k: number) => Math.floor(S / this.kindStride[k]) % (plan.kindInit[k] + 1);

    // Casualties: per entry a wounded digit and a dead digit, each 0..size. Without
    // pushing every kind is one entry, in the same order.
    this.woundStride = new Int32Array(K);
    this.deadStride = new Int32Array(K);
    this.casualtyCount = new Int32Array([1, 1]);
    for (let k = 0; k < K; k++) {
      const e = plan.kindEntry[k];
      const s = plan.entrySide[e];
      const radix = plan.entrySize[e] + 1;
      this.woundStride[k] = this.casualtyCount[s];
      this.deadStride[k] = this.casualtyCount[s] * radix;
      this.casualtyCount[s] *= radix * radix;
    }

    // Clash: hit weights of n dice of class c (kept per (class, n)), then of a side.
    const powers = chances.map(() => [[1n]]);
    const diceWeights = (c: number, n: number): bigint[] => {
      const ps = powers[c];
      const { num, den } = chances[c];
      while (ps.length <= n) ps.push(convolve(ps[ps.length - 1], [den - num, num]));
      return ps[n];
    };
    const bonusDice = [0, 1].map((s) =>
      Array.from({ length: DC }, (_, c) => {
        let n = plan.sideDiceInit[s * DC + c];
        for (let k = plan.kindFrom[s]; k < plan.kindTo[s]; k++) n -= plan.kindInit[k] * plan.kindDice[k * DC + c];
        return n;
      }),
    );
    const sideWeights = (S: number, s: number): bigint[] => {
      let w = [1n];
      for (let c = 0; c < DC; c++) {
        let n = bonusDice[s][c];
        for (let k = plan.kindFrom[s]; k < plan.kindTo[s]; k++) n += countOf(S, k) * plan.kindDice[k * DC + c];
        if (n > 0) w = convolve(w, diceWeights(c, n));
      }
      return w;
    };

    // Wound: the ways w wounds fall on side s, per (side, its own part of the state, w).
    const C = binomialTable(Math.max(plan.start[0], plan.start[1]));
    const woundings = new Map<string, Wounding[]>();
    const sidePart = (S: number, s: number) => {
      let part = 0;
      for (let k = plan.kindFrom[s]; k < plan.kindTo[s]; k++) part += countOf(S, k) * this.kindStride[k];
      return part;
    };
    const woundingsOf = (S: number, s: number, w: number): Wounding[] => {
      const key = `${s}:${sidePart(S, s)}:${w}`;
      let out = woundings.get(key);
      if (!out) woundings.set(key, (out = woundSide(plan, s, Array.from({ length: K }, (_, k) => countOf(S, k)), w, C, this)));
      return out;
    };

    this.ending = new Int8Array(states);
    this.outcomeFrom = new Int32Array(states + 1);
    this.denominator = new Float64Array(states);
    this.limit = new Float64Array(states);
    this.guideFrom = new Int32Array(states);
    this.guideShift = new Int32Array(states);
    const able = (S: number, s: number) => {
      let n = 0;
      for (let k = plan.kindFrom[s]; k < plan.kindTo[s]; k++) n += countOf(S, k);
      return n;
    };
    const at0 = plan.fleeAtOrBelow[0];
    const at1 = plan.fleeAtOrBelow[1];
    const outnumbered0 = plan.flee[0] === FLEE_OUTNUMBERED;
    const outnumbered1 = plan.flee[1] === FLEE_OUTNUMBERED;
    for (let S = 0; S < states; S++) {
      const a0 = able(S, 0);
      const a1 = able(S, 1);
      let ending = NOT_OVER;
      if (a0 === 0) ending = WON_1;
      else if (a1 === 0) ending = WON_0;
      else {
        // lostHalf: "flee once half of the side's starting combatants are wounded or dead".
        const flees0 = a0 <= at0 || (outnumbered0 && a1 > a0);
        const flees1 = a1 <= at1 || (outnumbered1 && a0 > a1);
        if (flees0 && flees1) ending = 0 + 3 * (1 + 2);
        else if (flees0) ending = WON_1 + 3 * 1;
        else if (flees1) ending = WON_0 + 3 * 2;
      }
      this.ending[S] = ending;
    }

    /** One round from state S: every outcome with its chance, and their common denominator D. */
    const roundFrom = (S: number) => {
      const a = [able(S, 0), able(S, 1)];
      // Clash: "The side with the most 4s assigns their hits to the opposing side. The
      // opposing side may use its hits to cancel out the winning side's hits." The margin
      // h₀ − h₁ is side 0's weights against side 1's reversed; a margin above the loser's
      // able combatants wounds them all.
      const w0 = sideWeights(S, 0);
      const w1 = sideWeights(S, 1);
      const margin = convolve(w0, [...w1].reverse());
      const dice = margin.reduce((t, x) => t + x, 0n);
      const onSide = [new Array<bigint>(a[0] + 1).fill(0n), new Array<bigint>(a[1] + 1).fill(0n)];
      margin.forEach((x, i) => {
        const d = i - (w1.length - 1);
        if (d > 0) onSide[1][Math.min(d, a[1])] += x;
        else if (d < 0) onSide[0][Math.min(-d, a[0])] += x;
        else onSide[0][0] += x; // a tie: nobody wounded
      });

      const outcomes: { next: number; casualty: number; side: number; chance: Ratio }[] = [];
      outcomes.push({ next: S, casualty: 0, side: 0, chance: ratio(onSide[0][0], dice) });
      for (let s = 0; s < 2; s++) {
        for (let w = 1; w <= a[s]; w++) {
          if (onSide[s][w] === 0n) continue;
          const landed = ratio(onSide[s][w], dice);
          for (const x of woundingsOf(S, s, w)) outcomes.push({ next: S - x.drop, casualty: x.casualty, side: s, chance: times(landed, x.chance) });
        }
      }
      let D = 1n;
      for (const o of outcomes) D = (D / gcd(D, o.chance.den)) * o.chance.den;
      return { outcomes, D };
    };

    const bound: number[] = [];
    const next: number[] = [];
    const casualty0: number[] = [];
    const casualty1: number[] = [];
    const guide: number[] = [];
    // The first state has the most dice, so it settles most battles too big to tabulate.
    const first = roundFrom(startState);
    let fits = first.D <= BigInt(TABLE_MAX_DENOMINATOR);
    for (let S = 0; S < states && fits; S++) {
      this.outcomeFrom[S] = next.length;
      // A round starts in the first state and in every state a round leaves going on.
      if (S !== startState && this.ending[S] !== NOT_OVER) continue;
      const { outcomes, D } = S === startState ? first : roundFrom(S);
      if (D > BigInt(TABLE_MAX_DENOMINATOR) || next.length + outcomes.length > TABLE_MAX_OUTCOMES) {
        fits = false;
        break;
      }
      const k = Number((1n << 32n) / D);
      let total = 0n;
      for (const o of outcomes) {
        total += (o.chance.num * D) / o.chance.den;
        bound.push(k * Number(total));
        next.push(o.next);
        casualty0.push(o.side === 0 ? o.casualty : 0);
        casualty1.push(o.side === 1 ? o.casualty : 0);
      }
      if (total !== D) throw new Error(`battle table: a round's chances add up to ${total}/${D}`);
      this.denominator[S] = Number(D);
      this.limit[S] = k * Number(D);

      // Guide buckets, 4 to 8 per outcome, so a word's bucket mostly starts at its own outcome.
      const from = this.outcomeFrom[S];
      const n = outcomes.length;
      let bits = 1;
      while (1 << bits < 4 * n && bits < 10) bits++;
      this.guideFrom[S] = guide.length;
      this.guideShift[S] = 32 - bits;
      for (let g = 0, j = from; g < 1 << bits; g++) {
        const least = g * 2 ** (32 - bits); // the smallest word of bucket g
        while (j < from + n - 1 && bound[j] <= least) j++;
        guide.push(j);
      }
    }
    // Too big: no outcomes at all, and `of` says so.
    if (fits) this.outcomeFrom[states] = next.length;
    else this.outcomeFrom.fill(0);
    this.bound = Float64Array.from(bound);
    this.next = Int32Array.from(next);
    this.casualty0 = Int32Array.from(casualty0);
    this.casualty1 = Int32Array.from(casualty1);
    this.guide = Int32Array.from(guide);
  }

  /** Counts for `fightBattles`, zeroed. */
  counts(): BattleCounts {
    return {
      endings: new Int32Array(ENDINGS),
      rounds: new Int32Array(this.maxRounds + 1),
      casualties: [new Int32Array(this.casualtyCount[0]), new Int32Array(this.casualtyCount[1])],
    };
  }
}

/**
 * Each die class's hit chance as a reduced fraction, from its faces: a fair dN hits on
 * faces lo..hi (0-based) of N; a rattled one ("roll twice, keep the lower") on the N²
 * pairs whose lower face is in lo..hi: (N − lo)² − (N − 1 − hi)² of them.
 */
function classChances(plan: BattlePlan): Ratio[] {
  return Array.from({ length: plan.dieClassCount }, (_, c) => {
    const n = plan.dcSides[c];
    const lo = plan.dcLo[c];
    const hi = Math.min(plan.dcHi[c], n - 1);
    if (lo >= n) return { num: 0n, den: 1n };
    const rattled = plan.dcRattled[c] !== 0;
    const hits = rattled ? (n - lo) ** 2 - (n - 1 - hi) ** 2 : hi - lo + 1;
    return ratio(BigInt(hits), BigInt(rattled ? n * n : n));
  });
}

/**
 * The ways `w` wounds fall on side `s` with able counts `count` (per kind), with their
 * chances: wounded, attended by a Medic, dead, per kind.
 */
function woundSide(plan: BattlePlan, s: number, count: number[], w: number, C: bigint[][], t: BattleTable): Wounding[] {
  const kinds: number[] = [];
  for (let k = plan.kindFrom[s]; k < plan.kindTo[s]; k++) kinds.push(k);
  const inGroup = [0, 1].map((g) => kinds.reduce((n, k) => n + (plan.kindGroup[k] === g ? count[k] : 0), 0));
  // "woundOrder": group 0 takes wounds first, group 1 what is left.
  const take = [Math.min(w, inGroup[0]), w - Math.min(w, inGroup[0])];
  const faces = BigInt(plan.deathFaces[s]);
  const medics = plan.medics[s];
  const out = new Map<string, Wounding>();
  const add = (drop: number, casualty: number, chance: Ratio) => {
    const key = `${drop}:${casualty}`;
    const o = out.get(key);
    if (!o) out.set(key, { drop, casualty, chance });
    else {
      const den = o.chance.den * chance.den;
      o.chance = ratio(o.chance.num * chance.den + chance.num * o.chance.den, den);
    }
  };

  // Each way to split `total` among `kinds` (at most `limit[k]` each), with its ways.
  const splits = (ks: number[], limit: number[], total: number): { x: number[]; ways: bigint }[] => {
    const found: { x: number[]; ways: bigint }[] = [];
    const x = new Array<number>(limit.length).fill(0);
    const rec = (i: number, left: number, ways: bigint) => {
      if (i === ks.length) {
        if (left === 0) found.push({ x: x.slice(), ways });
        return;
      }
      const k = ks[i];
      for (let n = 0; n <= Math.min(left, limit[k]); n++) {
        x[k] = n;
        rec(i + 1, left - n, ways * C[limit[k]][n]);
      }
      x[k] = 0;
    };
    rec(0, total, 1n);
    return found;
  };
  const group = (g: number) => kinds.filter((k) => plan.kindGroup[k] === g);
  const hit = [splits(group(0), count, take[0]), splits(group(1), count, take[1])];
  const hitWays = C[inGroup[0]][take[0]] * C[inGroup[1]][take[1]];
  const captains = kinds.filter((k) => plan.kindCaptain[k] !== 0);
  const minions = kinds.filter((k) => plan.kindCaptain[k] === 0);
  for (const h0 of hit[0]) {
    for (const h1 of hit[1]) {
      const wounded = h0.x.map((n, k) => n + h1.x[k]);
      const picked = ratio(h0.ways * h1.ways, hitWays);
      // Medics attend captains first, then minions, a uniformly random few of each.
      const woundedOf = (ks: number[]) => ks.reduce((n, k) => n + wounded[k], 0);
      const attendCaptains = Math.min(medics, woundedOf(captains));
      const attendMinions = Math.min(medics - attendCaptains, woundedOf(minions));
      const attendWays = C[woundedOf(captains)][attendCaptains] * C[woundedOf(minions)][attendMinions];
      for (const m0 of splits(captains, wounded, attendCaptains)) {
        for (const m1 of splits(minions, wounded, attendMinions)) {
          const attended = ratio(m0.ways * m1.ways, attendWays);
          // "A wounded target … has a 2-in-4 chance to die" (1-in-4 with ordinary aid), each
          // independently: per kind, dead among its unattended wounded, binomial.
          const exposed = wounded.map((n, k) => n - m0.x[k] - m1.x[k]);
          const rec = (i: number, drop: number, casualty: number, chance: Ratio) => {
            if (i === kinds.length) {
              add(drop, casualty, times(times(picked, attended), chance));
              return;
            }
            const k = kinds[i];
            const n = exposed[k];
            const dropK = drop + wounded[k] * t.kindStride[k];
            const woundK = casualty + wounded[k] * t.woundStride[k];
            for (let dead = 0; dead <= n; dead++) {
              const p = ratio(C[n][dead] * faces ** BigInt(dead) * (4n - faces) ** BigInt(n - dead), 4n ** BigInt(n));
              rec(i + 1, dropK, woundK + dead * t.deadStride[k], times(chance, p));
            }
          };
          rec(0, 0, 0, { num: 1n, den: 1n });
        }
      }
    }
  }
  return [...out.values()];
}

/**
 * The outcome a 32-bit word `r` draws in state S, or −1 when the word is at or above the
 * state's limit and must be drawn again. Words below the limit K · D map K to each unit
 * of weight (⌊r / K⌋ is uniform below D), so outcome j is drawn on K · weight(j) words:
 * those below its bound and not below the one before. The guide bucket of r's top bits
 * starts the search at the first outcome the bucket's words can draw.
 */
export function outcomeOf(t: BattleTable, S: number, r: number): number {
  if (r >= t.limit[S]) return -1;
  const bound = t.bound;
  let j = t.guide[t.guideFrom[S] + (r >>> t.guideShift[S])];
  while (r >= bound[j]) j++;
  return j;
}

/**
 * `trials` battles from the start, counted into `counts`: each round one word draws the
 * round's outcome in the current state; the battle ends where the next state's `ending`
 * says, or as a draw at `maxRounds`.
 */
export function fightBattles(t: BattleTable, random: RandomStream, trials: number, counts: BattleCounts): void {
  // Everything in locals: under tsx a property or imported binding read in the loop costs.
  const { next, casualty0, casualty1, ending } = t;
  const { endings, rounds } = counts;
  const [casualties0, casualties1] = counts.casualties;
  const maxRounds = t.maxRounds;
  const start = t.startState;
  for (let trial = 0; trial < trials; trial++) {
    let S = start;
    let c0 = 0;
    let c1 = 0;
    let round = 0;
    let end = 0;
    for (;;) {
      round++;
      // One word, redrawn while at or above the state's limit (chance below D / 2^32).
      let j = outcomeOf(t, S, random.int32() >>> 0);
      while (j < 0) j = outcomeOf(t, S, random.int32() >>> 0);
      S = next[j];
      c0 += casualty0[j];
      c1 += casualty1[j];
      // The end check and flight follow a round that wounded anyone, and the first; after
      // a tied round the state is one already checked, so checking every round is the same.
      end = ending[S];
      if (end >= 0) break;
      if (round === maxRounds) {
        end = 0; // a draw, nobody fled
        break;
      }
    }
    endings[end]++;
    rounds[round]++;
    casualties0[c0]++;
    casualties1[c1]++;
  }
}

/**
 * Adds a run's counts to `battle`'s per-metric histograms: each ending to the outcome and
 * fled histograms, each casualty index to its entries' and its side's wounded and dead.
 */
export function addCounts(plan: BattlePlan, t: BattleTable, counts: BattleCounts, hist: Int32Array, at: BattleHistogramLayout): void {
  for (let e = 0; e < ENDINGS; e++) {
    const n = counts.endings[e];
    if (n === 0) continue;
    const winner = (e % 3) - 1;
    hist[at.outcomeFrom + winner + 1] += n;
    hist[at.fledFrom[0] + (Math.floor(e / 3) & 1)] += n;
    hist[at.fledFrom[1] + (Math.floor(e / 6) & 1)] += n;
    if (at.pushedFrom) for (let s = 0; s < 2; s++) hist[at.pushedFrom[s]] += n;
  }
  for (let r = 1; r <= t.maxRounds; r++) hist[at.roundsFrom + r] += counts.rounds[r];
  for (let s = 0; s < 2; s++) {
    const casualties = counts.casualties[s];
    for (let c = 0; c < casualties.length; c++) {
      const n = casualties[c];
      if (n === 0) continue;
      let rest = c;
      let wounded = 0;
      let dead = 0;
      for (let e = 0; e < plan.entryCount; e++) {
        if (plan.entrySide[e] !== s) continue;
        const radix = plan.entrySize[e] + 1;
        const w = rest % radix;
        rest = Math.floor(rest / radix);
        const d = rest % radix;
        rest = Math.floor(rest / radix);
        hist[at.entryWoundedFrom[e] + w] += n;
        hist[at.entryDeadFrom[e] + d] += n;
        wounded += w;
        dead += d;
      }
      hist[at.woundedFrom[s] + wounded] += n;
      hist[at.deathsFrom[s] + dead] += n;
    }
  }
}
