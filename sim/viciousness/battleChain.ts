/**
 * Exact odds of a two-sided `battle` without pushing, as an absorbing Markov chain.
 *
 * The state is who is still able on each side. Combatants with the same dice, the same
 * rattled flag and the same role are interchangeable, so a side's state is a count per
 * such *class* (an entry of 6 minions has 7 states, not 2^6). A side with Medics also
 * carries how many of its wounded so far went without one (they face the 1-in-4 death
 * roll), which the deaths histogram needs. Each round:
 *
 * - clash: each side's hit distribution is the exact sum of its able combatants' and its
 *   bonus dice's hits (violence.ts hitDistribution); the side with more hits lands the
 *   difference, capped by the other side's able combatants;
 * - wound: which classes the wounds fall on is multivariate hypergeometric within each
 *   `woundOrder` group, group 0 first; deaths are decided here and never change what
 *   follows, so expected deaths per class add up along the transitions;
 * - flight: each side's policy is a function of the state, so it only decides which
 *   states absorb.
 *
 * The chain is advanced round by round from the start rather than solved for its
 * limit, so `maxRounds` (a draw when reached) is exact as well, and the distribution of
 * rounds falls out. It stops early once the mass still fighting is below
 * NEGLIGIBLE_MASS; that mass is counted as a draw at `maxRounds`.
 */
import { Distribution, binomials } from '../exact/distribution.ts';
import type { ViciousnessRules } from '../rules.ts';
import { bonusDice, combatantDice, hitDistribution, hitTest, isCaptain } from './violence.ts';
import { DEATH_FACES, FLEE_LOST_HALF, FLEE_OUTNUMBERED, fleeCode, medicsOf, woundGroupOf } from './violence.ts';
import type { BattleSetup, BattleSideSetup } from './battleSetup.ts';

/**
 * Most chain states (both sides' states multiplied) solved exactly. Every battle of up to
 * 6 combatants a side fits (at worst 6 distinct entries and Medics on both sides:
 * (2^6 · 7)² = 200,704 states, about a second); bigger battles fit when their entries
 * repeat.
 */
export const EXACT_MAX_STATES = 1 << 18;

/** Mass still fighting below which the chain stops (counted as a draw at maxRounds). */
export const NEGLIGIBLE_MASS = 1e-15;

interface ChainClass {
  size: number;
  captain: boolean;
  group: number;
  /** Hits of one combatant of the class. */
  hits: Distribution;
}

interface ChainSide {
  classes: ChainClass[];
  /** Entry (with combatants) → its class. */
  entryClass: number[];
  /** Place value of each class's able count in the able-state index. */
  strides: Int32Array;
  ableStates: number;
  /** 1 + most wounded without a Medic, for a side with Medics; else 1. */
  uRadix: number;
  start: number;
  flee: number;
  /** Chance a wounded combatant without a Medic dies. */
  death: number;
  medics: number;
  /** Per able state: able combatants, hits distribution (index = hits). */
  able: Int32Array;
  hits: Float64Array[];
}

function chainSide(side: BattleSideSetup, rules: ViciousnessRules): ChainSide {
  const isHit = hitTest(rules.hitOn);
  const keys = new Map<string, number>();
  const classes: ChainClass[] = [];
  const entryClass: number[] = [];
  for (const c of side.combatants) {
    const size = c.count ?? 1;
    if (size === 0) continue;
    const dice = combatantDice(c);
    const key = JSON.stringify([dice.map((d) => d.sides).sort((a, b) => a - b), c.rattled ?? false, isCaptain(c)]);
    let k = keys.get(key);
    if (k === undefined) {
      k = classes.length;
      keys.set(key, k);
      classes.push({ size: 0, captain: isCaptain(c), group: woundGroupOf(c, rules.woundOrder), hits: hitDistribution(dice, isHit) });
    }
    classes[k].size += size;
    entryClass.push(k);
  }
  const strides = new Int32Array(classes.length);
  let ableStates = 1;
  classes.forEach((c, i) => {
    strides[i] = ableStates;
    ableStates *= c.size + 1;
  });
  const start = classes.reduce((t, c) => t + c.size, 0);
  const medics = medicsOf(side, rules.medicReach);
  return {
    classes,
    entryClass,
    strides,
    ableStates,
    uRadix: medics > 0 ? start + 1 : 1,
    start,
    flee: fleeCode(side),
    death: DEATH_FACES[side.aid ?? 'none'] / 4,
    medics,
    able: new Int32Array(0),
    hits: [],
  };
}

/** Able count of class `c` in able state `ia`. */
function ableOf(side: ChainSide, ia: number, c: number): number {
  return Math.floor(ia / side.strides[c]) % (side.classes[c].size + 1);
}

/** Fill in each able state's head count and hit distribution. */
function tabulate(side: ChainSide, bonus: Distribution): void {
  const powers = side.classes.map((c) => {
    const out = [Distribution.constant(0)];
    for (let k = 1; k <= c.size; k++) out.push(out[k - 1].plus(c.hits));
    return out;
  });
  side.able = new Int32Array(side.ableStates);
  for (let ia = 0; ia < side.ableStates; ia++) {
    let d = bonus;
    let n = 0;
    side.classes.forEach((_, c) => {
      const a = ableOf(side, ia, c);
      n += a;
      d = d.plus(powers[c][a]);
    });
    side.able[ia] = n;
    // Hit distributions start at 0 hits (sums of Bernoullis).
    side.hits.push(d.p);
  }
}

/** Both sides' state counts multiplied, or undefined when the chain does not apply. */
export function chainStates(setup: BattleSetup, rules: ViciousnessRules): number | undefined {
  if (setup.sides.length !== 2 || rules.push !== 'never') return undefined;
  return setup.sides.reduce((n, side) => {
    const s = chainSide(side, rules);
    return n * s.ableStates * s.uRadix;
  }, 1);
}

/** Whether `battle` reports exact values for this setup. */
export function hasExactOdds(setup: BattleSetup, rules: ViciousnessRules): boolean {
  const n = chainStates(setup, rules);
  return n !== undefined && n <= EXACT_MAX_STATES;
}

/** The outcome of one side taking `w` wounds in one able state. */
interface Wounding {
  /** Able states it can lead to, and their probabilities. */
  next: Int32Array;
  prob: Float64Array;
  /** Expected wounds and deaths per class. */
  wounds: Float64Array;
  deaths: Float64Array;
  /** Wounded left without a Medic (the same for every split). */
  exposed: number;
}

function wounding(side: ChainSide, ia: number, w: number, C: Float64Array[]): Wounding {
  const K = side.classes.length;
  const a = Int32Array.from(side.classes, (_, c) => ableOf(side, ia, c));
  const inGroup = [0, 1].map((g) => side.classes.flatMap((cl, c) => (cl.group === g && a[c] > 0 ? [c] : [])));
  const groupAble = inGroup.map((cs) => cs.reduce((t, c) => t + a[c], 0));
  // Group 0 of `woundOrder` is wounded first, then group 1 takes what is left.
  const take = [Math.min(w, groupAble[0]), w - Math.min(w, groupAble[0])];

  // Every split of each group's wounds over its classes: multivariate hypergeometric.
  const splitsOf = (g: number) => {
    const cs = inGroup[g];
    const out: { x: Int32Array; p: number }[] = [];
    const x = new Int32Array(K);
    const total = C[groupAble[g]][take[g]];
    const rec = (i: number, left: number, ways: number) => {
      if (i === cs.length) {
        if (left === 0) out.push({ x: x.slice(), p: ways / total });
        return;
      }
      const c = cs[i];
      for (let xi = 0; xi <= Math.min(left, a[c]); xi++) {
        x[c] = xi;
        rec(i + 1, left - xi, ways * C[a[c]][xi]);
      }
      x[c] = 0;
    };
    rec(0, take[g], 1);
    return out;
  };
  const first = splitsOf(0);
  const second = splitsOf(1);

  const next: number[] = [];
  const prob: number[] = [];
  const wounds = new Float64Array(K);
  const deaths = new Float64Array(K);
  for (const s0 of first) {
    for (const s1 of second) {
      const p = s0.p * s1.p;
      let to = ia;
      let captains = 0;
      for (let c = 0; c < K; c++) {
        const x = s0.x[c] + s1.x[c];
        to -= x * side.strides[c];
        if (side.classes[c].captain) captains += x;
      }
      // Medics attend captains first, then minions (docs/rulings/battle.md).
      const minions = w - captains;
      const savedCaptains = Math.min(side.medics, captains);
      const savedMinions = Math.min(side.medics - savedCaptains, minions);
      for (let c = 0; c < K; c++) {
        const x = s0.x[c] + s1.x[c];
        if (x === 0) continue;
        const saved = side.classes[c].captain ? savedCaptains / captains : savedMinions / minions;
        wounds[c] += p * x;
        deaths[c] += p * x * (1 - saved) * side.death;
      }
      next.push(to);
      prob.push(p);
    }
  }
  return { next: Int32Array.from(next), prob: Float64Array.from(prob), wounds, deaths, exposed: Math.max(0, w - side.medics) };
}

/** What the chain computes: probabilities and expectations of a whole battle. */
export interface BattleOdds {
  win: number[];
  draw: number;
  fled: number[];
  /** P(the battle lasts r rounds), at index r − 1. */
  rounds: Float64Array;
  /** Per side: expected wounded (dead included) and dead. */
  wounded: number[];
  deaths: number[];
  /** Per side, P(k of its combatants die), k = 0..start. */
  deathsDistribution: Float64Array[];
  /** Per entry with combatants, in setup order: P(one of its combatants is wounded / dies). */
  entryWounded: number[];
  entryDeath: number[];
}

/** Solve the chain of a two-sided battle without pushing (see hasExactOdds). */
export function solveBattle(setup: BattleSetup, rules: ViciousnessRules, maxRounds: number): BattleOdds {
  const sides = setup.sides.map((s) => chainSide(s, rules));
  const isHit = hitTest(rules.hitOn);
  sides.forEach((side, s) => tabulate(side, hitDistribution(bonusDice(setup.sides[s].bonus), isHit)));
  const [A, B] = sides;
  const C = binomials(Math.max(A.start, B.start));

  const NB = B.ableStates * B.uRadix;
  const total = A.ableStates * A.uRadix * NB;
  let cur = new Float64Array(total);
  let next = new Float64Array(total);

  // Wounds each side takes, per pair of able states (cached: the same pair recurs).
  const pairs = new Map<number, { onA: Float64Array; onB: Float64Array; tie: number }>();
  const pairWounds = (ia: number, ib: number) => {
    const key = ia * B.ableStates + ib;
    let pw = pairs.get(key);
    if (pw) return pw;
    const hA = A.hits[ia];
    const hB = B.hits[ib];
    const ableA = A.able[ia];
    const ableB = B.able[ib];
    pw = { onA: new Float64Array(ableA + 1), onB: new Float64Array(ableB + 1), tie: 0 };
    for (let i = 0; i < hA.length; i++) {
      for (let j = 0; j < hB.length; j++) {
        const p = hA[i] * hB[j];
        if (i === j) pw.tie += p;
        else if (i > j) pw.onB[Math.min(i - j, ableB)] += p;
        else pw.onA[Math.min(j - i, ableA)] += p;
      }
    }
    pairs.set(key, pw);
    return pw;
  };
  const woundings = [new Map<number, Wounding>(), new Map<number, Wounding>()];
  const woundingOf = (s: number, ia: number, w: number) => {
    const side = sides[s];
    const key = ia * (side.start + 1) + w;
    let x = woundings[s].get(key);
    if (!x) {
      x = wounding(side, ia, w, C);
      woundings[s].set(key, x);
    }
    return x;
  };

  const win = [0, 0];
  const fled = [0, 0];
  let draw = 0;
  const rounds = new Float64Array(maxRounds);
  const wounds = sides.map((s) => new Float64Array(s.classes.length));
  const deaths = sides.map((s) => new Float64Array(s.classes.length));
  const exposedAtEnd = sides.map((s) => new Float64Array(s.start + 1));
  let round = 0;

  /** Wounded without a Medic, from the state (without Medics: every wounded). */
  const exposedOf = (side: ChainSide, ia: number, u: number) => (side.medics > 0 ? u : side.start - side.able[ia]);
  const ends = (ia: number, ua: number, ib: number, ub: number, p: number) => {
    rounds[round - 1] += p;
    exposedAtEnd[0][exposedOf(A, ia, ua)] += p;
    exposedAtEnd[1][exposedOf(B, ib, ub)] += p;
  };
  const fleesOf = (side: ChainSide, mine: number, theirs: number) =>
    side.flee === FLEE_LOST_HALF ? 2 * (side.start - mine) >= side.start : side.flee === FLEE_OUTNUMBERED ? theirs > mine : false;

  /** After the wound phase: the end check, then the flight phase. */
  const land = (ia: number, ua: number, ib: number, ub: number, p: number) => {
    const ableA = A.able[ia];
    const ableB = B.able[ib];
    if (ableA === 0 || ableB === 0) {
      // Only one side takes wounds in a round of two sides, so never both at once.
      win[ableA > 0 ? 0 : 1] += p;
      ends(ia, ua, ib, ub, p);
      return;
    }
    const fa = fleesOf(A, ableA, ableB);
    const fb = fleesOf(B, ableB, ableA);
    if (fa || fb) {
      if (fa) fled[0] += p;
      if (fb) fled[1] += p;
      if (fa && fb) draw += p;
      else win[fa ? 1 : 0] += p;
      ends(ia, ua, ib, ub, p);
      return;
    }
    next[(ia * A.uRadix + ua) * NB + ib * B.uRadix + ub] += p;
  };

  cur[(A.ableStates - 1) * A.uRadix * NB + (B.ableStates - 1) * B.uRadix] = 1;
  for (round = 1; round <= maxRounds; round++) {
    next.fill(0);
    for (let idx = 0; idx < total; idx++) {
      const p = cur[idx];
      if (p === 0) continue;
      const sa = Math.floor(idx / NB);
      const sb = idx - sa * NB;
      const ia = Math.floor(sa / A.uRadix);
      const ua = sa - ia * A.uRadix;
      const ib = Math.floor(sb / B.uRadix);
      const ub = sb - ib * B.uRadix;
      const pw = pairWounds(ia, ib);
      if (pw.tie > 0) land(ia, ua, ib, ub, p * pw.tie);
      for (let w = 1; w < pw.onA.length; w++) {
        const q = p * pw.onA[w];
        if (q === 0) continue;
        const x = woundingOf(0, ia, w);
        for (let c = 0; c < x.wounds.length; c++) {
          wounds[0][c] += q * x.wounds[c];
          deaths[0][c] += q * x.deaths[c];
        }
        const ua2 = A.medics > 0 ? ua + x.exposed : 0;
        for (let o = 0; o < x.next.length; o++) land(x.next[o], ua2, ib, ub, q * x.prob[o]);
      }
      for (let w = 1; w < pw.onB.length; w++) {
        const q = p * pw.onB[w];
        if (q === 0) continue;
        const x = woundingOf(1, ib, w);
        for (let c = 0; c < x.wounds.length; c++) {
          wounds[1][c] += q * x.wounds[c];
          deaths[1][c] += q * x.deaths[c];
        }
        const ub2 = B.medics > 0 ? ub + x.exposed : 0;
        for (let o = 0; o < x.next.length; o++) land(ia, ua, x.next[o], ub2, q * x.prob[o]);
      }
    }
    [cur, next] = [next, cur];
    let live = 0;
    for (let idx = 0; idx < total; idx++) live += cur[idx];
    if (live < NEGLIGIBLE_MASS || round === maxRounds) break;
  }
  // Still fighting after `maxRounds` (or a negligible remainder): a draw at maxRounds.
  round = maxRounds;
  for (let idx = 0; idx < total; idx++) {
    const p = cur[idx];
    if (p === 0) continue;
    draw += p;
    const sa = Math.floor(idx / NB);
    const sb = idx - sa * NB;
    const ia = Math.floor(sa / A.uRadix);
    const ib = Math.floor(sb / B.uRadix);
    ends(ia, sa - ia * A.uRadix, ib, sb - ib * B.uRadix, p);
  }

  // Deaths of a side: each wounded without a Medic died independently with chance q.
  const deathsDistribution = sides.map((side, s) => {
    const out = new Float64Array(side.start + 1);
    const q = side.death;
    exposedAtEnd[s].forEach((p, u) => {
      if (p === 0) return;
      for (let k = 0; k <= u; k++) out[k] += p * C[u][k] * q ** k * (1 - q) ** (u - k);
    });
    return out;
  });
  const sum = (xs: Float64Array) => xs.reduce((t, x) => t + x, 0);
  const perEntry = (values: Float64Array[]) =>
    sides.flatMap((side, s) => side.entryClass.map((c) => values[s][c] / side.classes[c].size));
  return {
    win,
    draw,
    fled,
    rounds,
    wounded: wounds.map(sum),
    deaths: deaths.map(sum),
    deathsDistribution,
    entryWounded: perEntry(wounds),
    entryDeath: perEntry(deaths),
  };
}
