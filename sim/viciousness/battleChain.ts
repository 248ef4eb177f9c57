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
import { COMBATANT_DIE, bonusDice, combatantDice, hasOpeningDice, hitDistribution, hitTest, isCaptain, withOpeningDice } from './violence.ts';
import { DEATH_FACES, FLEE_LOST_HALF, FLEE_OUTNUMBERED, aidOf, fleeCode, medicsOf, woundGroupOf } from './violence.ts';
import { DUEL, OUTNUMBERED, SHOTS_FIRST, SHOTS_LAST_FOE, duelDice, hasTrait, outnumberedDice, shotsCode, snapShoots, testsForDeath } from './traits.ts';
import { sideCanPush, type BattleSetup, type BattleSideSetup } from './battleSetup.ts';
import { powInt } from '../exact/pow.ts';
import { EXACT_BUDGET } from '../exactBudget.ts';

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
  /** … when its side is outnumbered, and in a 1-on-1 (the Berzerker's and Duelist's d4s, traits.ts). */
  hitsOutnumbered: Distribution;
  hitsDuel: Distribution;
  /** A Defender who takes blows meant for captains (side policy `defenderPush`, traits.ts). */
  defends: boolean;
  /** A named Medic whose death the state follows (a dead Medic attends nobody). */
  medic: boolean;
  /** A pushing Berzerker, who tests for death when the battle ends. */
  tests: boolean;
  /** A Marksman who snap-shoots under its side's `marksmanPush` (traits.ts). */
  shoots: boolean;
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
  /**
   * 1 + the side's named Medics when their deaths matter (medicReach "one": a Medic among
   * more wounded than Medics may go unattended and die, and then attends nobody); else 1.
   */
  mdRadix: number;
  /** Whether some class defends captains / tests for death at the end. */
  defends: boolean;
  tests: boolean;
  /** The side's `marksmanPush` (traits.ts SHOTS_*), and per able state its able Marksmen who shoot. */
  shotsPolicy: number;
  shooters: Int32Array;
  /** Per able state: able combatants, hits distribution (index = hits). */
  able: Int32Array;
  hits: Float64Array[];
  /** The same when the side is outnumbered, and in a 1-on-1 (only with trait dice; else `hits`). */
  hitsOutnumbered: Float64Array[];
  hitsDuel: Float64Array[];
}

function chainSide(side: BattleSideSetup, rules: ViciousnessRules): ChainSide {
  const isHit = hitTest(rules.hitOn);
  const medics = medicsOf(side, rules.medicReach);
  // Named Medics can die unattended only when each attends one wounded a round.
  const trackMedics = medics > 0 && rules.medicReach === 'one' && side.combatants.some((c) => hasTrait(c, 'medic') && (c.count ?? 1) > 0);
  const keys = new Map<string, number>();
  const classes: ChainClass[] = [];
  const entryClass: number[] = [];
  for (const c of side.combatants) {
    const size = c.count ?? 1;
    if (size === 0) continue;
    const dice = combatantDice(c);
    const out = outnumberedDice(c, side.flee);
    const duel = duelDice(c);
    const defends = side.defenderPush === 'captain' && hasTrait(c, 'defender') && !isCaptain(c) && !(c.rattled ?? false);
    const medic = trackMedics && hasTrait(c, 'medic');
    const tests = testsForDeath(c);
    // Under "first" the shooters are rattled from the start (withMarksmanShots); under
    // "lastFoe" they are steady until their shot, which ends the battle.
    const shoots = snapShoots(c) && shotsCode(side) !== 0;
    const flags = defends || medic || tests || shoots ? [defends, medic, tests, shoots] : [];
    const key = JSON.stringify([dice.map((d) => d.sides).sort((a, b) => a - b), c.rattled ?? false, isCaptain(c), out, duel, ...flags]);
    let k = keys.get(key);
    if (k === undefined) {
      k = classes.length;
      keys.set(key, k);
      const extra = (n: number) => Array.from({ length: n }, () => ({ sides: COMBATANT_DIE, rattled: c.rattled ?? false }));
      classes.push({
        size: 0,
        captain: isCaptain(c),
        group: woundGroupOf(c, rules.woundOrder),
        hits: hitDistribution(dice, isHit),
        hitsOutnumbered: hitDistribution([...dice, ...extra(out)], isHit),
        hitsDuel: hitDistribution([...dice, ...extra(duel)], isHit),
        defends,
        medic,
        tests,
        shoots,
      });
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
  const named = classes.reduce((t, c) => t + (c.medic ? c.size : 0), 0);
  return {
    classes,
    entryClass,
    strides,
    ableStates,
    uRadix: medics > 0 ? start + 1 : 1,
    start,
    flee: fleeCode(side),
    death: DEATH_FACES[aidOf(side)] / 4,
    medics,
    mdRadix: named + 1,
    defends: classes.some((c) => c.defends),
    tests: classes.some((c) => c.tests),
    shotsPolicy: classes.some((c) => c.shoots) ? shotsCode(side) : 0,
    shooters: new Int32Array(0),
    able: new Int32Array(0),
    hits: [],
    hitsOutnumbered: [],
    hitsDuel: [],
  };
}

/** Able count of class `c` in able state `ia`. */
function ableOf(side: ChainSide, ia: number, c: number): number {
  return Math.floor(ia / side.strides[c]) % (side.classes[c].size + 1);
}

/** Fill in each able state's head count and hit distribution. */
function tabulate(side: ChainSide, bonus: Distribution): void {
  const powersOf = (hits: (c: ChainClass) => Distribution) =>
    side.classes.map((c) => {
      const out = [Distribution.constant(0)];
      for (let k = 1; k <= c.size; k++) out.push(out[k - 1].plus(hits(c)));
      return out;
    });
  const table = (powers: Distribution[][]) => {
    const out: Float64Array[] = [];
    for (let ia = 0; ia < side.ableStates; ia++) {
      let d = bonus;
      side.classes.forEach((_, c) => (d = d.plus(powers[c][ableOf(side, ia, c)])));
      // Hit distributions start at 0 hits (sums of Bernoullis).
      out.push(d.p);
    }
    return out;
  };
  side.able = new Int32Array(side.ableStates);
  side.shooters = new Int32Array(side.ableStates);
  for (let ia = 0; ia < side.ableStates; ia++) {
    side.classes.forEach((cl, c) => {
      side.able[ia] += ableOf(side, ia, c);
      if (cl.shoots) side.shooters[ia] += ableOf(side, ia, c);
    });
  }
  side.hits = table(powersOf((c) => c.hits));
  const conditional = side.classes.some((c) => c.hitsOutnumbered !== c.hits || c.hitsDuel !== c.hits);
  side.hitsOutnumbered = conditional ? table(powersOf((c) => c.hitsOutnumbered)) : side.hits;
  side.hitsDuel = conditional ? table(powersOf((c) => c.hitsDuel)) : side.hits;
}

/** A side's hit distribution in able state `ia` facing `enemies` able combatants (traits.ts `situation`). */
function hitsFacing(side: ChainSide, ia: number, enemies: number): Float64Array {
  const own = side.able[ia];
  const at = enemies > own ? OUTNUMBERED : own === 1 && enemies === 1 ? DUEL : 0;
  return at === OUTNUMBERED ? side.hitsOutnumbered[ia] : at === DUEL ? side.hitsDuel[ia] : side.hits[ia];
}

/** Both sides' state counts multiplied, or undefined when the chain does not apply. */
export function chainStates(setup: BattleSetup, rules: ViciousnessRules): number | undefined {
  // A side that pushes by policy with every combatant rattled pushes never: the chain plays it.
  if (setup.sides.length !== 2 || setup.sides.some((side) => sideCanPush(side, rules))) return undefined;
  return setup.sides.reduce((n, side) => {
    const s = chainSide(side, rules);
    return n * s.ableStates * s.uRadix * s.mdRadix;
  }, 1);
}

/**
 * Why the chain does not give exact values for a setup it could hold, or undefined. A
 * side with Medics and pushing Berzerkers: the Berzerkers' test for death at the end
 * needs to know which of the wounded a Medic attended, which the state does not keep.
 */
export function noExactReason(setup: BattleSetup, rules: ViciousnessRules): string | undefined {
  // The first clash's opening dice are tabulated for everyone able; snap shots before it
  // may have wounded some (docs/rulings/traits.md).
  const first = setup.sides.find((side) => side.marksmanPush === 'first' && side.combatants.some((c) => (c.count ?? 1) > 0 && snapShoots(c)));
  if (first !== undefined && hasOpeningDice(setup.sides)) {
    return `side "${first.name}" snap-shoots before the first clash (marksmanPush "first") and the battle has opening dice, which the exact chain rolls with everyone able: the first clash after the shots is Monte Carlo only`;
  }
  // medicReach "window": a wounded waits up to two rounds for a Medic, so a state would
  // need the waiting wounded of each of the last two rounds, by kind; the chain keeps the
  // able head counts only.
  const waits = setup.sides.find((side) => medicsOf(side, rules.medicReach) > 0);
  if (rules.medicReach === 'window' && waits !== undefined) {
    return `side "${waits.name}" has Medics under medicReach "window", whose wounded wait up to two rounds for one; the exact chain's states are the able head counts alone and keep no waiting wounded, so its figures are Monte Carlo only`;
  }
  for (const side of setup.sides) {
    if (medicsOf(side, rules.medicReach) > 0 && side.combatants.some(testsForDeath)) {
      return `side "${side.name}" has Medics and pushing Berzerkers: their test for death at the battle's end is Monte Carlo only`;
    }
  }
  return undefined;
}

/**
 * Why `battle` has no exact values for this setup, in the result's words, or undefined
 * when it has them: every case, so that a battle without them says why (an audit found
 * three sides, pushes and a chain too large left unsaid).
 */
export function battleExactGap(setup: BattleSetup, rules: ViciousnessRules): string | undefined {
  if (setup.sides.length !== 2) return `exact values skipped: the exact chain plays two sides, and this battle has ${setup.sides.length}; the estimates are Monte Carlo only`;
  const pushing = setup.sides.filter((side) => sideCanPush(side, rules)).map((side) => `"${side.name}"`);
  if (pushing.length > 0) return `exact values skipped: side${pushing.length === 1 ? '' : 's'} ${pushing.join(' and ')} push${pushing.length === 1 ? 'es' : ''} to reroll (rules.push or the side's push), which rattles a combatant mid-battle, and the exact chain's states do not follow who has pushed; the estimates are Monte Carlo only`;
  const n = chainStates(setup, rules);
  if (n !== undefined && n > EXACT_MAX_STATES) return `exact values skipped: the exact chain would hold ${n.toLocaleString('en')} states, over its ${EXACT_MAX_STATES.toLocaleString('en')}; the estimates are Monte Carlo only`;
  const reason = noExactReason(setup, rules);
  return reason === undefined ? undefined : `exact values skipped: ${reason}`;
}

/**
 * Roughly the work of `solveBattle`, in Simulation.exactCost steps (sim/exactBudget.ts), so
 * that a big battle's exact values are skipped with a note rather than left to run for
 * minutes (an audit: 300 against 300, well within EXACT_MAX_STATES, ran 158 s; a captain
 * and two groups of 20 against groups of 30 and 10, 58 s).
 *
 * The chain's work is its visits (`land`: one per outcome of a clash and its wounding, from
 * each state still fighting, each round; `solveBattle` counts them) and its scan of every
 * state each round. A round from every state reachable makes `visitsPerRound`: from a
 * state with a_c able in class c, the woundings of either side, Π (a_c + 1) of them over
 * every number of wounds. A battle's mass spreads over its states as it goes, so that 50
 * rounds of 60 against 60, 100 against 100 or three classes a side made 0.5–1 of 50 such
 * rounds; 0.65 of `maxRounds` rounds (50 at most) is taken here. A battle that lasts longer
 * (rattled sides, whose clashes mostly tie, under a `maxRounds` of hundreds: 329 rounds,
 * 6.9 times the estimate) is stopped by `solveBattle` itself past EXACT_WORK_LIMIT.
 *
 * Only the states a battle can reach are counted: a side with Medics carries how many of
 * its wounded went without one and how many named Medics died, never more than its wounded
 * so far (counting every combination priced 20 Medics on each side at 8.6 s of work, and
 * 40 against 10 at 11 s; they took 2.0 and 0.2 s, and their exact values were skipped).
 */
export function battleExactCost(setup: BattleSetup, rules: ViciousnessRules, maxRounds: number): number {
  if (setup.sides.length !== 2) return 0;
  const [A, B] = setup.sides.map((side) => chainSide(side, rules));
  const [a, b] = [A, B].map(reachable);
  const visitsPerRound = a.woundings * b.states + b.woundings * a.states;
  const scanPerRound = A.ableStates * A.uRadix * A.mdRadix * B.ableStates * B.uRadix * B.mdRadix;
  const rounds = 0.65 * Math.min(maxRounds, 50);
  return rounds * (STEPS_PER_VISIT * visitsPerRound + STEPS_PER_SCAN * scanPerRound);
}

/**
 * Exact-work steps (sim/exactBudget.ts, ~100 ns) per visit of the chain, and per state
 * scanned in a round: timed on the development machine at 80–200 ns a visit (a visit
 * allocates nothing; a busy machine is the slow end), and a scan's test of a state that
 * holds no mass at a tenth of that.
 */
const STEPS_PER_VISIT = 1;
const STEPS_PER_SCAN = 0.1;

/**
 * Work, in exact-work steps, past which `solveBattle` stops a chain that its estimate
 * (`battleExactCost`, within the budget) did not foresee lasting so long: twice the
 * budget, so that an estimate off by up to 2× still gives its exact values, and a battle
 * the estimate misjudged costs a run some 10 s at most (an audit: 130 rattled against 130 at
 * `maxRounds` 1,000 was priced 4.5 s and ran 49 s).
 */
export const EXACT_WORK_LIMIT = 2 * EXACT_BUDGET;

/** A side's states it can reach, and the woundings from them (Π (a_c + 1) each), summed. */
function reachable(side: ChainSide): { states: number; woundings: number } {
  let states = 0;
  let woundings = 0;
  const named = side.mdRadix - 1;
  for (let ia = 0; ia < side.ableStates; ia++) {
    let able = 0;
    let splits = 1;
    for (let c = 0; c < side.classes.length; c++) {
      const n = ableOf(side, ia, c);
      able += n;
      splits *= n + 1;
    }
    const wounded = side.start - able;
    // Wounded without a Medic (0..wounded), named Medics dead (0..min(named, wounded)).
    const aux = (side.uRadix > 1 ? wounded + 1 : 1) * (Math.min(named, wounded) + 1);
    states += aux;
    woundings += aux * splits;
  }
  return { states, woundings };
}

/** Whether `battle` reports exact values for this setup. */
export function hasExactOdds(setup: BattleSetup, rules: ViciousnessRules): boolean {
  const n = chainStates(setup, rules);
  return n !== undefined && n <= EXACT_MAX_STATES && noExactReason(setup, rules) === undefined;
}

/** The outcome of one side taking `w` wounds in one able state. */
interface Wounding {
  /** Able states it can lead to, the named Medics who die in it, the wounded it leaves without a Medic, and their probabilities. */
  next: Int32Array;
  medicsDead: Int32Array;
  exposed: Int32Array;
  prob: Float64Array;
  /** Expected wounds and deaths per class. */
  wounds: Float64Array;
  deaths: Float64Array;
}

/**
 * Every way to take `take` of `counts[i]` items (indices `which`) uniformly at random: the
 * multivariate hypergeometric, as per-index counts (length K) and probabilities.
 */
function hyperSplits(which: readonly number[], counts: ArrayLike<number>, take: number, K: number, C: Float64Array[]): { x: Int32Array; p: number }[] {
  const out: { x: Int32Array; p: number }[] = [];
  const x = new Int32Array(K);
  const all = which.reduce((t, c) => t + counts[c], 0);
  const total = C[all][take];
  const rec = (i: number, left: number, ways: number) => {
    if (i === which.length) {
      if (left === 0) out.push({ x: x.slice(), p: ways / total });
      return;
    }
    const c = which[i];
    for (let xi = 0; xi <= Math.min(left, counts[c]); xi++) {
      x[c] = xi;
      rec(i + 1, left - xi, ways * C[counts[c]][xi]);
    }
    x[c] = 0;
  };
  rec(0, take, 1);
  return out;
}

function wounding(side: ChainSide, ia: number, w: number, md: number, C: Float64Array[], spent = 0): Wounding {
  const K = side.classes.length;
  const a = Int32Array.from(side.classes, (_, c) => ableOf(side, ia, c));
  const inGroup = [0, 1].map((g) => side.classes.flatMap((cl, c) => (cl.group === g && a[c] > 0 ? [c] : [])));
  const groupAble = inGroup.map((cs) => cs.reduce((t, c) => t + a[c], 0));
  // Group 0 of `woundOrder` is wounded first, then group 1 takes what is left.
  const take = [Math.min(w, groupAble[0]), w - Math.min(w, groupAble[0])];

  // Every split of each group's wounds over its classes: multivariate hypergeometric.
  const first = hyperSplits(inGroup[0], a, take[0], K, C);
  const second = hyperSplits(inGroup[1], a, take[1], K, C);
  let splits: { x: Int32Array; p: number }[] = [];
  for (const s0 of first) {
    for (const s1 of second) {
      const x = new Int32Array(K);
      for (let c = 0; c < K; c++) x[c] = s0.x[c] + s1.x[c];
      splits.push({ x, p: s0.p * s1.p });
    }
  }
  if (side.defends) {
    // "Take a blow meant for another character": free Defenders (able, not wounded now)
    // take blows meant for captains — which captains are spared and which Defenders take
    // them, uniformly at random (as the field draws them).
    const captains = side.classes.flatMap((cl, c) => (cl.captain ? [c] : []));
    const defenders = side.classes.flatMap((cl, c) => (cl.defends ? [c] : []));
    const moved: typeof splits = [];
    for (const { x, p } of splits) {
      const hit = captains.reduce((t, c) => t + x[c], 0);
      const freeOf = Int32Array.from(a, (n, c) => n - x[c]);
      const free = defenders.reduce((t, c) => t + freeOf[c], 0);
      const r = Math.min(hit, free);
      if (r === 0) {
        moved.push({ x, p });
        continue;
      }
      for (const spared of hyperSplits(captains, x, r, K, C)) {
        for (const takers of hyperSplits(defenders, freeOf, r, K, C)) {
          const y = Int32Array.from(x, (n, c) => n - spared.x[c] + takers.x[c]);
          moved.push({ x: y, p: p * spared.p * takers.p });
        }
      }
    }
    splits = moved;
  }

  // The Medics still alive, less those that attended a snap shot's wounded this round
  // ("at most one wounded per round per Medic").
  const medics = Math.max(0, side.medics - md - spent);
  const next: number[] = [];
  const medicsDead: number[] = [];
  const exposed: number[] = [];
  const prob: number[] = [];
  const wounds = new Float64Array(K);
  const deaths = new Float64Array(K);
  const q = side.death;
  for (const { x, p } of splits) {
    let to = ia;
    let captains = 0;
    let medicCaptains = 0;
    let medicMinions = 0;
    for (let c = 0; c < K; c++) {
      to -= x[c] * side.strides[c];
      const cl = side.classes[c];
      if (cl.captain) captains += x[c];
      if (cl.medic) {
        if (cl.captain) medicCaptains += x[c];
        else medicMinions += x[c];
      }
    }
    // Medics attend captains first, then minions (docs/rulings/battle.md).
    const minions = w - captains;
    const savedCaptains = Math.min(medics, captains);
    const savedMinions = Math.min(medics - savedCaptains, minions);
    for (let c = 0; c < K; c++) {
      if (x[c] === 0) continue;
      const saved = side.classes[c].captain ? savedCaptains / captains : savedMinions / minions;
      wounds[c] += p * x[c];
      deaths[c] += p * x[c] * (1 - saved) * side.death;
    }
    const unattended = w - savedCaptains - savedMinions;
    if (medicCaptains + medicMinions === 0) {
      next.push(to);
      medicsDead.push(0);
      exposed.push(unattended);
      prob.push(p);
      continue;
    }
    // Wounded Medics the Medics did not attend (a uniform choice within captains, then
    // minions) face the death roll now, in the state: a dead Medic attends nobody after.
    const attendedOf = (n: number, m: number, saved: number) =>
      Array.from({ length: m + 1 }, (_, h) => (h > saved || saved - h > n - m ? 0 : (C[m][h] * C[n - m][saved - h]) / C[n][saved]));
    const pc = attendedOf(captains, medicCaptains, savedCaptains);
    const pm = attendedOf(minions, medicMinions, savedMinions);
    for (let hc = 0; hc <= medicCaptains; hc++) {
      if (pc[hc] === 0) continue;
      for (let hm = 0; hm <= medicMinions; hm++) {
        if (pm[hm] === 0) continue;
        const left = medicCaptains - hc + medicMinions - hm;
        for (let k = 0; k <= left; k++) {
          next.push(to);
          medicsDead.push(k);
          exposed.push(unattended - left);
          prob.push(p * pc[hc] * pm[hm] * C[left][k] * powInt(q, k) * powInt(1 - q, left - k));
        }
      }
    }
  }
  return { next: Int32Array.from(next), medicsDead: Int32Array.from(medicsDead), exposed: Int32Array.from(exposed), prob: Float64Array.from(prob), wounds, deaths };
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
  return solveBattleWithin(setup, rules, maxRounds, Infinity)!;
}

/**
 * `solveBattle`, stopped (undefined) once its work passes `workLimit` exact-work steps,
 * counted as `battleExactCost` prices them: its visits and scans, checked after each round.
 */
export function solveBattleWithin(setup: BattleSetup, rules: ViciousnessRules, maxRounds: number, workLimit: number): BattleOdds | undefined {
  const sides = setup.sides.map((s) => chainSide(s, rules));
  const isHit = hitTest(rules.hitOn);
  sides.forEach((side, s) => tabulate(side, hitDistribution(bonusDice(setup.sides[s].bonus), isHit)));
  const [A, B] = sides;
  const C = binomials(Math.max(A.start, B.start));

  // A side's state: its able state, then `aux` = (wounded without a Medic) · mdRadix +
  // (named Medics dead), for a side with Medics (else 0).
  const RA = A.uRadix * A.mdRadix;
  const RB = B.uRadix * B.mdRadix;
  const NB = B.ableStates * RB;
  const total = A.ableStates * RA * NB;
  let cur = new Float64Array(total);
  let next = new Float64Array(total);

  // Wounds each side takes, per pair of able states (cached: the same pair recurs).
  const pairs = new Map<number, { onA: Float64Array; onB: Float64Array; tie: number }>();
  const pairWounds = (ia: number, ib: number) => {
    const key = ia * B.ableStates + ib;
    let pw = pairs.get(key);
    if (pw) return pw;
    pw = woundsOf(A.able[ia], B.able[ib], hitsFacing(A, ia, B.able[ib]), hitsFacing(B, ib, A.able[ia]));
    pairs.set(key, pw);
    return pw;
  };
  // The first clash, everyone able: each side's hits with its combatants' `openingDice`
  // (dice of the first clash only) rolled with their own — the same chain sides with those
  // dice added, at their all-able state. Without any, the first clash is like the others.
  const opening = hasOpeningDice(setup.sides)
    ? (() => {
        const [oA, oB] = withOpeningDice(setup.sides).map((s) => chainSide(s, rules));
        [oA, oB].forEach((side, s) => tabulate(side, hitDistribution(bonusDice(setup.sides[s].bonus), isHit)));
        return woundsOf(A.start, B.start, hitsFacing(oA, oA.ableStates - 1, B.start), hitsFacing(oB, oB.ableStates - 1, A.start));
      })()
    : undefined;
  /** Wounds each side takes when `ableA` against `ableB` roll hits `hA` and `hB`. */
  function woundsOf(ableA: number, ableB: number, hA: Float64Array, hB: Float64Array) {
    const pw = { onA: new Float64Array(ableA + 1), onB: new Float64Array(ableB + 1), tie: 0 };
    for (let i = 0; i < hA.length; i++) {
      for (let j = 0; j < hB.length; j++) {
        const p = hA[i] * hB[j];
        if (i === j) pw.tie += p;
        else if (i > j) pw.onB[Math.min(i - j, ableB)] += p;
        else pw.onA[Math.min(j - i, ableA)] += p;
      }
    }
    return pw;
  }
  const woundings = [new Map<number, Wounding>(), new Map<number, Wounding>()];
  /** Side `s`'s wounding: `w` wounds in able state `ia`, `md` named Medics dead, `spent` Medics spent on this round's snap shots. */
  const woundingOf = (s: number, ia: number, w: number, md: number, spent = 0) => {
    const side = sides[s];
    const key = ((ia * (side.start + 1) + w) * side.mdRadix + md) * (side.start + 1) + spent;
    let x = woundings[s].get(key);
    if (!x) {
      x = wounding(side, ia, w, md, C, spent);
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
  const exposedAtEnd = sides.map((s) => new Float64Array((s.start + 1) * s.mdRadix));
  /** For a side with pushing Berzerkers: P(the battle ends in each able state). */
  const endAble = sides.map((s) => new Float64Array(s.tests ? s.ableStates : 0));
  let round = 0;

  /** Wounded without a Medic, from the state (without Medics: every wounded). */
  const exposedOf = (side: ChainSide, ia: number, aux: number) => (side.medics > 0 ? aux : side.start - side.able[ia]);
  const ends = (ia: number, ua: number, ib: number, ub: number, p: number) => {
    rounds[round - 1] += p;
    exposedAtEnd[0][exposedOf(A, ia, ua)] += p;
    exposedAtEnd[1][exposedOf(B, ib, ub)] += p;
    if (A.tests) endAble[0][ia] += p;
    if (B.tests) endAble[1][ib] += p;
  };
  const fleesOf = (side: ChainSide, mine: number, theirs: number) =>
    side.flee === FLEE_LOST_HALF ? 2 * (side.start - mine) >= side.start : side.flee === FLEE_OUTNUMBERED ? theirs > mine : false;

  /** After the wound phase: the end check, then the flight phase. */
  let visits = 0;
  const land = (ia: number, ua: number, ib: number, ub: number, p: number) => {
    visits++;
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
    next[(ia * RA + ua) * NB + ib * RB + ub] += p;
  };
  /** Side `s`'s expected wounds and deaths from the wounding `x`, reached with mass `q` (a clash's or a snap shot's). */
  const tallyWounding = (s: number, x: Wounding, q: number) => {
    for (let c = 0; c < x.wounds.length; c++) {
      wounds[s][c] += q * x.wounds[c];
      deaths[s][c] += q * x.deaths[c];
    }
  };
  /** A side's aux after a wounding outcome `o` of `x`. */
  const auxAfter = (side: ChainSide, aux: number, x: Wounding, o: number) => (side.medics > 0 ? aux + x.exposed[o] * side.mdRadix + x.medicsDead[o] : 0);

  /** Snap shots side `side` makes as a clash begins in able state `ia`, `enemies` able against it (traits.ts MARKSMAN_PUSH). */
  const shotsOf = (side: ChainSide, ia: number, enemies: number) =>
    side.shotsPolicy === SHOTS_FIRST ? (round === 1 ? side.shooters[ia] : 0) : side.shotsPolicy === SHOTS_LAST_FOE && enemies === 1 && side.shooters[ia] > 0 ? 1 : 0;
  /**
   * The Marksmen's snap shots as a clash begins: `sA` wound side B and `sB` side A, each a
   * wound phase of its own (the same splits, Defenders and Medics as the clash's wounds);
   * a side left with nobody able ends the battle before the dice, else the clash follows.
   */
  const shoot = (ia: number, ua: number, ib: number, ub: number, p: number, sA: number, sB: number) => {
    const outcomes = (s: number, i: number, u: number, shots: number): [number, number, number][] => {
      if (shots === 0) return [[i, u, 1]];
      const side = sides[s];
      const x = woundingOf(s, i, Math.min(shots, side.able[i]), u % side.mdRadix);
      tallyWounding(s, x, p);
      return Array.from(x.next, (to, o) => [to, auxAfter(side, u, x, o), x.prob[o]]);
    };
    const onA = outcomes(0, ia, ua, sB);
    const onB = outcomes(1, ib, ub, sA);
    // The Medics each side spent on the shots' wounded, one each, are not there for the
    // clash's: "at most one wounded per round per Medic" (the field's medicsSpent).
    const spentOn = (side: ChainSide, i: number, u: number, shots: number) => (shots === 0 || side.medics === 0 ? 0 : Math.min(Math.min(shots, side.able[i]), Math.max(0, side.medics - (u % side.mdRadix))));
    const spentA = spentOn(A, ia, ua, sB);
    const spentB = spentOn(B, ib, ub, sA);
    for (const [ja, va, pa] of onA) {
      for (const [jb, vb, pb] of onB) {
        const q = p * pa * pb;
        if (q === 0) continue;
        if (A.able[ja] === 0 || B.able[jb] === 0) {
          if (A.able[ja] === 0 && B.able[jb] === 0) draw += q;
          else win[A.able[ja] > 0 ? 0 : 1] += q;
          ends(ja, va, jb, vb, q);
        } else {
          clashFrom(ja, va, jb, vb, q, spentA, spentB);
        }
      }
    }
  };

  cur[(A.ableStates - 1) * RA * NB + (B.ableStates - 1) * RB] = 1;
  const marks = A.shotsPolicy !== 0 || B.shotsPolicy !== 0;
  for (round = 1; round <= maxRounds; round++) {
    next.fill(0);
    for (let idx = 0; idx < total; idx++) {
      const p = cur[idx];
      if (p === 0) continue;
      const sa = Math.floor(idx / NB);
      const sb = idx - sa * NB;
      const ia = Math.floor(sa / RA);
      const ua = sa - ia * RA;
      const ib = Math.floor(sb / RB);
      const ub = sb - ib * RB;
      if (marks) {
        const sA = shotsOf(A, ia, B.able[ib]);
        const sB = shotsOf(B, ib, A.able[ia]);
        if (sA + sB > 0) {
          shoot(ia, ua, ib, ub, p, sA, sB);
          continue;
        }
      }
      clashFrom(ia, ua, ib, ub, p);
    }
    [cur, next] = [next, cur];
    let live = 0;
    for (let idx = 0; idx < total; idx++) live += cur[idx];
    if (live < NEGLIGIBLE_MASS || round === maxRounds) break;
    if (STEPS_PER_VISIT * visits + STEPS_PER_SCAN * total * round > workLimit) return undefined;
  }

  /** One clash, its wound phase and the flight phase, from a state with mass `p`. */
  function clashFrom(ia: number, ua: number, ib: number, ub: number, p: number, spentA = 0, spentB = 0) {
    // Round 1 holds only the start, everyone able (snap shots before it: no opening dice, noExactReason).
    const pw = round === 1 && opening ? opening : pairWounds(ia, ib);
    if (pw.tie > 0) land(ia, ua, ib, ub, p * pw.tie);
    for (let w = 1; w < pw.onA.length; w++) {
      const q = p * pw.onA[w];
      if (q === 0) continue;
      const x = woundingOf(0, ia, w, ua % A.mdRadix, spentA);
      tallyWounding(0, x, q);
      for (let o = 0; o < x.next.length; o++) land(x.next[o], auxAfter(A, ua, x, o), ib, ub, q * x.prob[o]);
    }
    for (let w = 1; w < pw.onB.length; w++) {
      const q = p * pw.onB[w];
      if (q === 0) continue;
      const x = woundingOf(1, ib, w, ub % B.mdRadix, spentB);
      tallyWounding(1, x, q);
      for (let o = 0; o < x.next.length; o++) land(ia, ua, x.next[o], auxAfter(B, ub, x, o), q * x.prob[o]);
    }
  }
  // Still fighting after `maxRounds` (or a negligible remainder): a draw at maxRounds.
  round = maxRounds;
  for (let idx = 0; idx < total; idx++) {
    const p = cur[idx];
    if (p === 0) continue;
    draw += p;
    const sa = Math.floor(idx / NB);
    const sb = idx - sa * NB;
    const ia = Math.floor(sa / RA);
    const ib = Math.floor(sb / RB);
    ends(ia, sa - ia * RA, ib, sb - ib * RB, p);
  }

  const binomial = (n: number, q: number) => new Distribution(0, Float64Array.from({ length: n + 1 }, (_, k) => C[n][k] * powInt(q, k) * powInt(1 - q, n - k)));
  // Deaths of a side: each wounded without a Medic died independently with chance q, and
  // the named Medics who died are in the state (aux = exposed · mdRadix + Medics dead).
  const deathsDistribution = sides.map((side, s) => {
    const out = new Float64Array(side.start + 1);
    const q = side.death;
    if (side.tests) {
      // Pushing Berzerkers "test for death at its end, wounded or not" (no Medics on such a
      // side, see noExactReason): the wounded among them face q twice, the others once.
      const twice = 1 - (1 - q) * (1 - q);
      endAble[s].forEach((p, ia) => {
        if (p === 0) return;
        let woundedTesting = 0;
        let ableTesting = 0;
        side.classes.forEach((cl, c) => {
          if (!cl.tests) return;
          const able = ableOf(side, ia, c);
          ableTesting += able;
          woundedTesting += cl.size - able;
        });
        const others = side.start - side.able[ia] - woundedTesting;
        const d = binomial(others, q).plus(binomial(woundedTesting, twice)).plus(binomial(ableTesting, q));
        d.p.forEach((x, k) => (out[k] += p * x));
      });
      return out;
    }
    exposedAtEnd[s].forEach((p, aux) => {
      if (p === 0) return;
      const u = Math.floor(aux / side.mdRadix);
      const md = aux - u * side.mdRadix;
      for (let k = 0; k <= u; k++) out[md + k] += p * C[u][k] * powInt(q, k) * powInt(1 - q, u - k);
    });
    return out;
  });
  // Expected deaths of pushing Berzerkers: those alive when the battle ends test once more.
  sides.forEach((side, s) => {
    side.classes.forEach((cl, c) => {
      if (cl.tests) deaths[s][c] += (cl.size - deaths[s][c]) * side.death;
    });
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
