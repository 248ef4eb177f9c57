/**
 * Viciousness `clash`: one clash phase and the wounds it deals (docs/rules.md "Violence").
 * Every metric is computed exactly as well: two sides in closed form over the margin of
 * hits, more sides by walking every combination of hit counts (manySidedExact).
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { defineMechanic } from '../mechanic.ts';
import { Distribution, chanceOf, faceDistribution } from '../exact/distribution.ts';
import { MAX_UNIFORM, belowBits, belowTable } from '../random.ts';
import type { ViciousnessRules } from '../rules.ts';
import type { RandomStream } from '../random.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import {
  EveryChoice,
  HitResolver,
  HitSampler,
  PackedDice,
  hitTable,
  splitByHitBits,
  awardEquipment,
  equipmentNotes,
  violenceRulesNotes,
  roleNotes,
  bonusDice,
  checkSides,
  combatantDice,
  hitDistribution,
  hitTest,
  isCaptain,
  sideSchema,
  type SideSetup,
  type ViolenceDie,
  withOpeningDice,
  woundGroupOf,
} from './violence.ts';
import { DUEL, OUTNUMBERED, hasTrait, outnumberedByAll, situation, withSituationalDice, type TraitName } from './traits.ts';
import { sidePushes } from './battleSetup.ts';

/** A clash's side: a violence side, with who on it pushes to reroll (as a battle's side). */
const clashSideSchema = lazySchema(() => sideSchema.unwrap().extend({
  /**
   * Who pushes to reroll a missed roll on this side ("A PC may also push in order to reroll
   * the dice they contributed to a pool"): `never` or `ifNoHit`, in place of `rules.push`
   * for this side — a side of guards, who are no PCs, `never`; defaults to `rules.push`.
   */
  push: z.enum(['never', 'ifNoHit']).optional(),
}));

export const clashSetup = lazySchema(() => z
  .object({ sides: z.array(clashSideSchema).min(2) })
  .strict()
  .superRefine((s, ctx) => checkSides(s.sides, ctx)));

/**
 * How wounds on a side split into groups by `woundOrder`: group 0 takes wounds first.
 * Within a group every able combatant is equally likely to be hit, so "P(a combatant of
 * this entry is wounded)" is (wounds to its group) ÷ (group size) — no need to draw who.
 */
export function woundGroups(side: SideSetup, order: ViciousnessRules['woundOrder']) {
  const captains = side.combatants.filter(isCaptain).reduce((n, c) => n + (c.count ?? 1), 0);
  const total = side.combatants.reduce((n, c) => n + (c.count ?? 1), 0);
  const sizes =
    order === 'random' ? [total] : order === 'captainFirst' ? [captains, total - captains] : [total - captains, captains];
  const groupOf = (c: SideSetup['combatants'][number]) => woundGroupOf(c, order);
  return { sizes, groupOf, total };
}

/** Wounds to each group when `w` wounds land (groups fill in order). */
function splitWounds(w: number, sizes: readonly number[], out: Int32Array): void {
  for (let g = 0; g < sizes.length; g++) {
    out[g] = Math.min(w, sizes[g]);
    w -= out[g];
  }
}

/**
 * Multiply-adds of `exact()` per Simulation.exactCost step (sim/exactBudget.ts: about ten
 * million steps a second). Measured on clashes of 20 to 1000 combatants a side of 100 to
 * 1000 dice each (d4s, d6s, d100s): about 2.5 × 10^8 multiply-adds a second by
 * clashExactCost's count, the tails' near-underflow values being slow to multiply (a
 * review's six sizes: 3.8 s estimated for 3.53 s, 3.7 for 3.62, 3.7 for 3.73, 0.33 for 0.33).
 */
const MULTIPLY_ADDS_PER_STEP = 25;

/**
 * Values of a sum of dice's hits with variance `variance` that are not 0 in float64: a
 * chance more than about 38 standard deviations from the mean underflows (e^(−38²/2) is
 * below 1e-308), so the loops that skip zeros (Distribution.plus, expect) see about this many.
 */
function liveValues(values: number, variance: number): number {
  return Math.min(values, Math.ceil(76 * Math.sqrt(variance)) + 1);
}

/**
 * Roughly the work of the clash's `exact()`, in Simulation.exactCost steps: the hit
 * distributions' convolutions (each combatant's dice one by one, its copies, then the
 * side's sum: a multiply-add per value of the one that is not 0 and each of the other's),
 * each side's "most hits" against every other's, and with two sides the margin. Without it
 * a clash of 1000 combatants of 1000d100 a side spent 70 s on exact values whatever
 * `--trials` (an audit).
 */
function clashExactCost(sides: readonly SideSetup[], isHit: (face: number) => boolean): number {
  let work = 0;
  const sums: { values: number; live: number; mean: number }[] = [];
  for (const side of sides) {
    let values = 1;
    let mean = 0;
    let variance = 0;
    const add = (dice: readonly ViolenceDie[], copies: number) => {
      let v = 0;
      let m = 0;
      for (const d of dice) {
        const q = chanceOf(faceDistribution(d.sides, d.rattled), isHit);
        m += q;
        v += q * (1 - q);
      }
      const n = dice.length;
      // The dice one by one: a multiply-add per live value, and each sum makes a new array
      // and passes over all of it, zeros and all: counted as 4 multiply-adds a value, about
      // 2n² for the n dice (one combatant of 40 × "1000d4" was estimated at 1 s and took 16,
      // an audit; 20,000 dice take 1–4 s by this count).
      work += n * liveValues(n + 1, v) + 2 * n * n;
      let own = 1;
      // Each convolution also makes its array and passes over the zeros of the first:
      // counted as two multiply-adds a value (1000 copies of 100d6 against one d4 was
      // estimated at 2.5 s for 3.2 s without it, a review).
      for (let i = 0; i < copies; i++) {
        work += liveValues(own, i * v) * (n + 1) + 2 * (own + n);
        own += n;
      }
      work += liveValues(values, variance) * own + 2 * (values + own);
      values += own - 1;
      mean += copies * m;
      variance += copies * v;
    };
    for (const c of side.combatants) add(combatantDice(c), c.count ?? 1);
    add(bonusDice(side.bonus), 1);
    sums.push({ values, live: liveValues(values, variance), mean });
  }
  // Most hits: for each value of a side, P(fewer) on every other side, summed from 0.
  for (let s = 0; s < sums.length; s++) for (let o = 0; o < sums.length; o++) if (o !== s) work += sums[s].live * Math.min(sums[o].values, sums[s].mean + sums[s].live);
  // Two sides: each margin, a convolution of one side with the other negated (counted
  // twice over until a review measured six sizes: the estimates read 1.5 × the time).
  if (sums.length === 2) work += sums[0].live * sums[1].values + sums[1].live * sums[0].values;
  return work / MULTIPLY_ADDS_PER_STEP;
}

/**
 * The hit distribution of one combatant's own dice, with the `push` variant: a
 * combatant whose dice showed no hit, and who is not rattled, rerolls them (then is
 * rattled — which matters from the next round on).
 */
export function combatantHits(dice: readonly ViolenceDie[], isHit: (f: number) => boolean, push: boolean): Distribution {
  const d = hitDistribution(dice, isHit);
  if (!push || dice.some((x) => x.rattled)) return d;
  const p = d.p.slice();
  const miss = d.p[0];
  for (let k = 1; k < p.length; k++) p[k] += miss * d.p[k];
  p[0] = miss * miss;
  return new Distribution(d.min, p);
}

/**
 * The two-sided clash's inner loop, kept a plain top-level function over typed arrays so
 * the JIT sees one small monomorphic loop: one draw and one lookup for both sides' bit
 * field dice (`table`), then each other die drawn through its own table (`rest`: the hit's
 * place value in the pair index, or 0, read off the bits `below` would take; see
 * belowTable), so a die's hit is added without a multiply or a branch (a d6's hit is a
 * 1-in-6 coin flip the CPU cannot predict: that branch alone cost ~10%).
 *
 * The generator's state is kept in locals for the loop, not read from and written back to
 * the stream at every draw: its xor128 step and its buffered bits below are
 * RandomStream.int32's and bits()'s, written out, and the state goes back to the stream at
 * the end, so the stream goes on exactly as if bits() had drawn every die
 * (tests/clash-kernel.test.ts compares the two draw for draw). The benchmark clash: 155
 * instructions a trial against 197 (callgrind, on a copy of this loop).
 */
export function countPairs(
  random: RandomStream,
  trials: number,
  bits: number,
  table: Uint8Array | Uint16Array,
  rest: RestDice,
  pairs: Float64Array,
): void {
  const { bitsOf, offset, worth } = rest;
  const count = bitsOf.length;
  let t = 0;
  if (2 * bits <= 30) {
    // Two trials' bit-field dice from one draw. Written out for the two, not as a loop over
    // them: as a loop it ran ~25% slower (TurboFan kept the shifted draw as a double).
    const pairBits = 2 * bits;
    const pairMask = (1 << pairBits) - 1;
    const mask = (1 << bits) - 1;
    const s = random.s;
    let x = s[0];
    let y = s[1];
    let z = s[2];
    let w = s[3];
    let buffer = s[4];
    let left = s[5];
    for (; t + 1 < trials; t += 2) {
      if (left < pairBits) {
        const u = x ^ (x << 11);
        x = y;
        y = z;
        z = w;
        w = w ^ (w >>> 19) ^ u ^ (u >>> 8);
        buffer = w;
        left = 32;
      }
      const v = buffer & pairMask;
      buffer = (buffer >>> pairBits) | 0;
      left -= pairBits;
      let k = table[v & mask];
      for (let i = 0; i < count; i++) {
        const b = bitsOf[i];
        const dieMask = (1 << b) - 1;
        let add;
        do {
          if (left < b) {
            const u = x ^ (x << 11);
            x = y;
            y = z;
            z = w;
            w = w ^ (w >>> 19) ^ u ^ (u >>> 8);
            buffer = w;
            left = 32;
          }
          add = worth[offset[i] + (buffer & dieMask)];
          buffer = (buffer >>> b) | 0;
          left -= b;
        } while (add < 0);
        k += add;
      }
      pairs[k]++;
      k = table[v >>> bits];
      for (let i = 0; i < count; i++) {
        const b = bitsOf[i];
        const dieMask = (1 << b) - 1;
        let add;
        do {
          if (left < b) {
            const u = x ^ (x << 11);
            x = y;
            y = z;
            z = w;
            w = w ^ (w >>> 19) ^ u ^ (u >>> 8);
            buffer = w;
            left = 32;
          }
          add = worth[offset[i] + (buffer & dieMask)];
          buffer = (buffer >>> b) | 0;
          left -= b;
        } while (add < 0);
        k += add;
      }
      pairs[k]++;
    }
    s[0] = x;
    s[1] = y;
    s[2] = z;
    s[3] = w;
    s[4] = buffer;
    s[5] = left;
  }
  // An odd trial left over, or tables too wide for two a draw: through the stream's own bits().
  for (; t < trials; t++) {
    let k = table[random.bits(bits)];
    for (let i = 0; i < count; i++) {
      let add;
      do add = worth[offset[i] + random.bits(bitsOf[i])];
      while (add < 0);
      k += add;
    }
    pairs[k]++;
  }
}

/**
 * The dice that are no bit field, each as a `below` table (belowTable) of what its face adds
 * to the pair index: its side's place value on a hit, else 0. A fair dN is below(N); a
 * rattled one below(N²) over its N² equally likely pairs of rolls (the lower kept). Of the
 * `n` outcomes, the die's exact hit chance × n count as hits: faces below that many (which
 * faces does not change the chance). Only for n ≤ MAX_UNIFORM.
 * Die i's table is worth[offset[i] …], read with bitsOf[i] bits.
 */
export interface RestDice {
  bitsOf: Int32Array;
  offset: Int32Array;
  worth: Int32Array;
}

export function restDice(dice: readonly ViolenceDie[], isHit: (f: number) => boolean, placeValue: readonly number[]): RestDice | undefined {
  const tables: Int32Array[] = [];
  const bitsOf = new Int32Array(dice.length);
  for (const [i, d] of dice.entries()) {
    const n = d.rattled ? d.sides * d.sides : d.sides;
    if (n > MAX_UNIFORM) return undefined;
    const hits = Math.round(chanceOf(faceDistribution(d.sides, d.rattled), isHit) * n);
    tables.push(belowTable(n, (f) => (f < hits ? placeValue[i] : 0)));
    bitsOf[i] = belowBits(n);
  }
  const offset = new Int32Array(tables.length);
  for (let i = 1; i < tables.length; i++) offset[i] = offset[i - 1] + tables[i - 1].length;
  const worth = new Int32Array(tables.reduce((n, t) => n + t.length, 0));
  tables.forEach((t, i) => worth.set(t, offset[i]));
  return { bitsOf, offset, worth };
}

/** Most hit combinations the exact engine walks for a clash of three or more sides. */
export const MAX_EXACT_COMBINATIONS = 200_000;
/**
 * Most cases `manySidedExact` walks: each combination of hits once for every order of its
 * sides of the same hits and every choice of target (EveryChoice), 0.35–0.65 µs each on a
 * quiet 2-core machine (a review; 2–3 µs on a busy one): some 2 s at most, within the
 * exact budget (sim/exactBudget.ts). Four sides of 20, targeting "random", walk 1.04M.
 */
export const MAX_EXACT_RESOLVES = 4_000_000;

/**
 * Exact `landed`, `wounded` and per-entry wound odds with three or more sides: the sides'
 * hit counts are independent, so walk every combination of them with its probability,
 * resolve it with the same HitResolver the Monte Carlo uses, and average over the
 * `targeting` variant's random tie-breaks and the order of tied sides by playing every
 * choice (EveryChoice). Empty when the combinations exceed MAX_EXACT_COMBINATIONS, or the
 * cases walked MAX_EXACT_RESOLVES (Monte Carlo only then): returns why, for the result's
 * note, else undefined.
 */
function manySidedExact(
  hitDists: readonly Distribution[],
  able: Int32Array,
  targeting: ViciousnessRules['targeting'],
  groups: readonly ReturnType<typeof woundGroups>[],
  M: ClashSlots,
  x: Float64Array,
): string | undefined {
  const n = hitDists.length;
  const combinations = hitDists.reduce((c, d) => c * d.p.length, 1);
  if (combinations > MAX_EXACT_COMBINATIONS) {
    return `exact landed, wasted and wounded figures skipped: the sides' hits make ${combinations.toLocaleString('en')} combinations, over the ${MAX_EXACT_COMBINATIONS.toLocaleString('en')} walked; they are Monte Carlo only (hits and top stay exact)`;
  }
  const resolver = new HitResolver(n, targeting, true);
  const chooser = new EveryChoice();
  const hits = new Int32Array(n);
  const active = new Uint8Array(n).fill(1);
  const landedOn = new Int32Array(n);
  const landedBy = new Int32Array(n);
  const landed = new Float64Array(n);
  const wasted = new Float64Array(n);
  const wounded = new Float64Array(n);
  // Expected wounds per wound group, per side.
  const groupWounds = groups.map((g) => new Float64Array(g.sizes.length));
  const split = groups.map((g) => new Int32Array(g.sizes.length));
  const digit = new Int32Array(n);
  let resolved = 0;
  for (let k = 0; k < combinations; k++) {
    let p = 1;
    for (let s = 0, rest = k; s < n; s++) {
      digit[s] = rest % hitDists[s].p.length;
      rest = Math.floor(rest / hitDists[s].p.length);
      hits[s] = hitDists[s].min + digit[s];
      p *= hitDists[s].p[digit[s]];
    }
    if (p === 0) continue;
    do {
      // Each tied group's orders and each choice of target are played: over the cap, no
      // figure of them is given (a review: 9 sides alike ran 113 s, every order of the tie).
      if (++resolved > MAX_EXACT_RESOLVES) {
        return `exact landed, wasted and wounded figures skipped: the sides' hits, with every order of sides of the same hits and every choice of target, make over ${MAX_EXACT_RESOLVES.toLocaleString('en')} cases to walk; they are Monte Carlo only (hits and top stay exact)`;
      }
      chooser.begin();
      resolver.resolve(chooser, hits, active, able, landedOn, landedBy);
      const q = p * chooser.weight;
      for (let s = 0; s < n; s++) {
        landed[s] += q * (landedBy[s] + resolver.wastedBy[s]);
        wasted[s] += q * resolver.wastedBy[s];
        wounded[s] += q * landedOn[s];
        splitWounds(landedOn[s], groups[s].sizes, split[s]);
        for (let g = 0; g < split[s].length; g++) groupWounds[s][g] += q * split[s][g];
      }
    } while (chooser.next());
  }
  for (let s = 0; s < n; s++) {
    x[M.landed[s]] = landed[s];
    x[M.wasted[s]] = wasted[s];
    x[M.wounded[s]] = wounded[s];
  }
  for (const e of M.entries) x[e.slot] = groupWounds[e.side][e.group] / groups[e.side].sizes[e.group];
}

/** Where each clash metric lives in the tally (sim/metrics.ts), per side and per entry. */
interface ClashSlots {
  hits: Int32Array;
  top: Int32Array;
  landed: Int32Array;
  wasted: Int32Array;
  wounded: Int32Array;
  /** `wounded.<side>.<name>`: the entry's side, wound group and slot. */
  entries: { side: number; group: number; slot: number }[];
}

/** Clash's metrics (sim/metrics.ts). */
export const CLASH_METRICS = metricTable({
  hits: { name: 'hits.<side>', kind: 'mean', label: 'mean hits rolled by <side>', family: 'mean hits rolled' },
  top: { name: 'top.<side>', kind: 'probability', label: 'P(strictly most hits: <side>)', family: 'P(strictly most hits)', headline: true },
  landed: { name: 'landed.<side>', kind: 'mean', label: 'mean hits landed by <side>', family: 'mean hits landed on others' },
  wasted: { name: 'wasted.<side>', kind: 'mean', label: 'mean hits wasted by <side> (beyond the able combatants)', family: 'mean landed hits wasted' },
  wounded: { name: 'wounded.<side>', kind: 'mean', label: 'mean <side> combatants wounded', family: 'mean own combatants wounded' },
  woundedEntry: {
    name: 'wounded.<side>.<name>',
    kind: 'probability',
    label: 'P(wounded: <side>: <name>)',
    family: 'P(a combatant is wounded)',
  },
});

export const clash = defineMechanic({
  system: 'viciousness',
  name: 'clash',
  summary: 'one clash phase: hits (4s), who lands them, who is wounded',
  setup: clashSetup,
  // No medicReach: one clash wounds, and nobody tests for death in it.
  variants: ['hitOn', 'targeting', 'equipment', 'woundOrder', 'push', 'outnumbered'],
  prepare(setup, rules: ViciousnessRules) {
    // Berzerkers and Duelists roll their d4s when the clash's head counts call for them.
    // One clash: dice for the first clash only are rolled with the others.
    const sides = withSituationalDice(withOpeningDice(awardEquipment(setup.sides, rules)), outnumberedByAll(rules));
    const n = sides.length;
    const isHit = hitTest(rules.hitOn);
    // A push to reroll that no one can make ("Rattled PCs can't push themselves": every
    // combatant rattled) is played as none, its draws those of a clash without it (a review:
    // said to change nothing, it drew another way).
    // Each side pushes by its own `push`, else rules.push (an audit: rules.push made the
    // guards push too, and a side could not say otherwise, as a battle's side can).
    const pushes = setup.sides.map((side) => sidePushes(side, rules));
    const canPush = setup.sides.map((side) => side.combatants.some((c) => (c.count ?? 1) > 0 && !(c.rattled ?? false)));
    const push = pushes.some((p, s) => p && canPush[s]);

    // Per side: its dice packed; per combatant (expanded by count) the range of its dice.
    const packed: PackedDice[] = [];
    const packedDice: ViolenceDie[][] = [];
    const ranges: Int32Array[] = []; // [from0, to0, pushable0, from1, ...]
    const able = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      const dice: ViolenceDie[] = [];
      const r: number[] = [];
      for (const c of sides[s].combatants) {
        for (let k = 0; k < (c.count ?? 1); k++) {
          const own = combatantDice(c);
          r.push(dice.length, dice.length + own.length, push && pushes[s] && !(c.rattled ?? false) ? 1 : 0);
          dice.push(...own);
          able[s]++;
        }
      }
      const bonusFrom = dice.length;
      dice.push(...bonusDice(sides[s].bonus));
      r.push(bonusFrom, dice.length, 0);
      packed.push(new PackedDice(dice, rules.hitOn));
      packedDice.push(dice);
      ranges.push(Int32Array.from(r));
    }

    const samplers = packedDice.map((dice) => new HitSampler(dice, rules.hitOn));
    const joint = n === 2 && !push && (samplers[0].maxHits + 1) * (samplers[1].maxHits + 1) <= 1 << 16;
    const fieldSplit = packedDice.map((dice) => splitByHitBits(dice, rules.hitOn));
    const fieldBitsTotal = fieldSplit.reduce((n, f) => n + f.fieldBits.reduce((a, b) => a + b, 0), 0);
    let pairTable: { bits: number; table: Uint8Array | Uint16Array; rest: RestDice } | undefined;
    if (joint && fieldBitsTotal <= 16) {
      const width = samplers[1].maxHits + 1;
      const rest = restDice(
        [...fieldSplit[0].rest, ...fieldSplit[1].rest],
        isHit,
        [...fieldSplit[0].rest.map(() => width), ...fieldSplit[1].rest.map(() => 1)],
      );
      const fields = hitTable(
        fieldSplit.map((f) => f.fieldBits),
        [samplers[0].maxHits + 1, width],
      );
      // Held in the narrowest type that fits its pair indexes (all below 2^16, `joint`): it
      // is read at random twice per pair of trials, and 2^14 entries take 64 KB as int32
      // against 16 KB as bytes, inside a core's 32 KB first-level cache.
      const max = fields.table.reduce((m, k) => Math.max(m, k), 0);
      if (rest) pairTable = { bits: fields.bits, table: max < 256 ? Uint8Array.from(fields.table) : Uint16Array.from(fields.table), rest };
    }
    const groups = sides.map((side) => woundGroups(side, rules.woundOrder));
    const L = new MetricLayout(CLASH_METRICS);
    const M: ClashSlots = {
      hits: new Int32Array(n),
      top: new Int32Array(n),
      landed: new Int32Array(n),
      wasted: new Int32Array(n),
      wounded: new Int32Array(n),
      entries: [],
    };
    sides.forEach((side, s) => {
      // A hit a die at most (bonus dice included); a wound a combatant at most.
      const dice = { max: packed[s].sides.length };
      M.hits[s] = L.add('hits', { side: side.name }, dice);
      M.top[s] = L.add('top', { side: side.name });
      // The margin that lands ("Any hits that weren't canceled out land on their
      // targets"), and of it what found nobody able ("Extra hits … are wasted").
      M.landed[s] = L.add('landed', { side: side.name }, dice);
      M.wasted[s] = L.add('wasted', { side: side.name }, dice);
      M.wounded[s] = L.add('wounded', { side: side.name }, { max: side.combatants.reduce((k, c) => k + (c.count ?? 1), 0) });
    });
    const entryMetric = M.entries;
    sides.forEach((side, s) => {
      for (const c of side.combatants) {
        const g = groups[s].groupOf(c);
        if ((c.count ?? 1) === 0 || groups[s].sizes[g] === 0) continue;
        const slot = L.add('woundedEntry', { side: side.name, name: c.name }, { scale: groups[s].sizes[g], each: c.count ?? 1 });
        entryMetric.push({ side: s, group: g, slot });
      }
    });
    const metrics = L.specs;
    const groupSizes = groups.map((g) => g.sizes);
    const entrySide = Int32Array.from(entryMetric, (e) => e.side);
    const entryGroup = Int32Array.from(entryMetric, (e) => e.group);
    const entrySlot = Int32Array.from(entryMetric, (e) => e.slot);
    const distributions = sides.map((side, s) => ({
      name: `hits.${side.name}`,
      min: 0,
      size: packed[s].sides.length + 1,
    }));

    // One clash has no deaths to attend and no wound phase to take a blow in: the Medic's
    // and the Defender's rules are the battle's (traits.ts), as is the Marksman's snap shot. The Berzerker's and the
    // Duelist's d4s are judged on the clash's head counts, which one clash never changes: a
    // Berzerker on a side not outnumbered, or a Duelist outside a duel, rolls nothing more.
    // Said, as a clash of a battle's sides keeps their traits.
    const heads = setup.sides.map((side) => side.combatants.reduce((t, c) => t + (c.count ?? 1), 0));
    const allEnemies = outnumberedByAll(rules);
    const idle: Record<TraitName, (s: number) => string | undefined> = {
      medic: () => 'one clash has no deaths for a Medic to attend',
      defender: () => 'one clash has no blow for a Defender to take',
      marksman: () => 'one clash has no side policies, and the snap shot is a battle side\'s "marksmanPush"; its dice go in "dice"',
      berzerker: (s) =>
        situation(heads, heads.map(() => 1), s, allEnemies) === OUTNUMBERED
          ? undefined
          : `side "${setup.sides[s].name}" is not outnumbered by its enemies ("Gain 1d4 if you are outnumbered by enemies"), and one clash's head counts never change`,
      duelist: (s) =>
        situation(heads, heads.map(() => 1), s, allEnemies) === DUEL
          ? undefined
          : 'the clash is not one on one ("Gain 1d4 if engaging in 1-on-1 combat"), and one clash\'s head counts never change',
    };
    const setupNotes = setup.sides.flatMap((side, s) =>
      side.combatants.flatMap((c, j) =>
        (['medic', 'defender', 'marksman', 'berzerker', 'duelist'] as const).filter((t) => hasTrait(c, t)).flatMap((t) => {
          const why = idle[t](s);
          return why === undefined ? [] : [`sides.${s}.combatants.${j}.traits "${t}" changes nothing here: ${why} (a battle plays it)`];
        }),
      ),
    );
    // A side's equipment dice that rules.equipment leaves unrolled (an audit: two sides
    // with a d4 each rolled neither, unsaid).
    setupNotes.push(...equipmentNotes(setup.sides, rules));
    // The rules toggles these sides give nothing to act on (violence.ts violenceRulesNotes).
    setupNotes.push(...violenceRulesNotes(setup.sides, rules));
    setupNotes.push(...roleNotes(setup.sides, rules.woundOrder));
    // A push to reroll no one can make, as a battle says it (a battle audit: a clash did not).
    const rattledSide = (s: number) => `every combatant of side "${setup.sides[s].name}" is rattled ("Rattled PCs can't push themselves")`;
    setup.sides.forEach((side, s) => {
      if (side.push === 'ifNoHit' && !canPush[s]) setupNotes.push(`sides.${s}.push changes nothing here: ${rattledSide(s)}`);
    });
    if (rules.push === 'ifNoHit') {
      const taking = setup.sides.flatMap((side, s) => (side.push === undefined ? [s] : []));
      if (taking.length === 0) setupNotes.push('rules.push changes nothing here: every side sets its own push');
      else if (!taking.some((s) => canPush[s])) setupNotes.push(`rules.push changes nothing here: ${taking.length === setup.sides.length ? 'every combatant is rattled ("Rattled PCs can\'t push themselves")' : taking.map(rattledSide).join('; ')}`);
    }
    return {
      metrics,
      distributions,
      setupNotes,
      // Two sides' trials are counted two at a time, one random word for both (countPairs).
      sliceTrials: 2,
      exactCost: () => clashExactCost(sides, isHit),
      run(random, trials, tally) {
        const resolver = new HitResolver(n, rules.targeting, true);
        const hits = new Int32Array(n);
        const active = new Uint8Array(n).fill(1);
        const landedOn = new Int32Array(n);
        const landedBy = new Int32Array(n);
        const split = groupSizes.map((g) => new Int32Array(g.length));

        /** Resolve `hits` and count the outcome `times` times. */
        const record = (times: number) => {
          resolver.resolve(random, hits, active, able, landedOn, landedBy);
          for (let s = 0; s < n; s++) {
            let top = 1;
            for (let o = 0; o < n; o++) if (o !== s && hits[o] >= hits[s]) top = 0;
            tally.addMany(M.hits[s], hits[s], times);
            tally.addMany(M.top[s], top, times);
            tally.addMany(M.landed[s], landedBy[s] + resolver.wastedBy[s], times);
            tally.addMany(M.wasted[s], resolver.wastedBy[s], times);
            tally.addMany(M.wounded[s], landedOn[s], times);
            tally.binMany(s, hits[s], times);
            splitWounds(landedOn[s], groupSizes[s], split[s]);
          }
          for (let e = 0; e < entrySide.length; e++) {
            tally.addMany(entrySlot[e], split[entrySide[e]][entryGroup[e]], times);
          }
        };

        if (joint) {
          // Two sides, no pushing: everything follows from the pair of hit counts, so count
          // the pairs and resolve each distinct pair once at the end.
          const [a, b] = samplers;
          const width = b.maxHits + 1;
          const pairs = new Float64Array((a.maxHits + 1) * width);
          if (pairTable) {
            // Both sides' bit-field dice from one draw and one lookup; other dice one by one.
            countPairs(random, trials, pairTable.bits, pairTable.table, pairTable.rest, pairs);
          } else {
            for (let t = 0; t < trials; t++) pairs[a.sample(random) * width + b.sample(random)]++;
          }
          for (let k = 0; k < pairs.length; k++) {
            if (pairs[k] === 0) continue;
            hits[0] = Math.floor(k / width);
            hits[1] = k % width;
            record(pairs[k]);
          }
        } else {
          for (let t = 0; t < trials; t++) {
            for (let s = 0; s < n; s++) {
              if (!push) {
                hits[s] = samplers[s].sample(random);
                continue;
              }
              const dice = packed[s];
              const r = ranges[s];
              let h = 0;
              for (let i = 0; i < r.length; i += 3) {
                let own = dice.rollHits(random, r[i], r[i + 1]);
                if (own === 0 && r[i + 2] === 1) own = dice.rollHits(random, r[i], r[i + 1]);
                h += own;
              }
              hits[s] = h;
            }
            record(1);
          }
        }
        tally.addTrials(trials);
      },
      exact() {
        const hitDists = sides.map((side, s) => {
          const parts: Distribution[] = [];
          for (const c of side.combatants) {
            const own = combatantHits(combatantDice(c), isHit, push && pushes[s]);
            parts.push(own.repeat(c.count ?? 1));
          }
          parts.push(hitDistribution(bonusDice(side.bonus), isHit));
          return Distribution.sum(parts);
        });
        const x = L.exact();
        const dists: Record<string, number[]> = {};
        sides.forEach((side, s) => {
          x[M.hits[s]] = hitDists[s].mean();
          // P(strictly most hits) = Σ_k P(h_s = k) ∏_{o≠s} P(h_o < k).
          x[M.top[s]] = hitDists[s].expect((k) =>
            hitDists.reduce((p, d, o) => (o === s ? p : p * d.atMost(k - 1)), 1),
          );
          dists[`hits.${side.name}`] = Array.from(hitDists[s].p);
        });
        if (n === 2) {
          for (let s = 0; s < 2; s++) {
            const o = 1 - s;
            // The other side's margin lands on s; wounds are it capped by s's able
            // combatants, the rest is wasted.
            const margin = hitDists[o].minus(hitDists[s]).map((d) => Math.max(0, d));
            const wounds = margin.map((d) => Math.min(d, able[s]));
            x[M.wounded[s]] = wounds.mean();
            x[M.landed[o]] = margin.mean();
            x[M.wasted[o]] = margin.map((d) => Math.max(0, d - able[s])).mean();
            for (const { side, group: g, slot } of M.entries) {
              if (side !== s) continue;
              const out = new Int32Array(groups[s].sizes.length);
              x[slot] =
                wounds.expect((w) => {
                  splitWounds(w, groups[s].sizes, out);
                  return out[g];
                }) / groups[s].sizes[g];
            }
          }
        } else {
          // Said in the result (sim/assemble.ts) when the walk is too long to take.
          this.exactSkipped = manySidedExact(hitDists, able, rules.targeting, groups, M, x);
        }
        return { metrics: L.named(x), distributions: dists };
      },
    };
  },
});
