/**
 * Violence (docs/rules.md "Violence"; viciousness.txt "Violence"), the parts shared by `clash`
 * and `battle`: who rolls what, what counts as a hit, and where hits land.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { diceListSchema, eachDie, type DiceGroup } from '../dice.ts';
import { Distribution, faceDistribution, chanceOf } from '../exact/distribution.ts';
import type { RandomStream } from '../random.ts';
import { VICIOUSNESS_DEFAULTS, type ViciousnessRules } from '../rules.ts';
import { hasTrait, traitListSchema, traitMedics, type TraitName } from './traits.ts';

const name = entityName;

export const combatantSchema = lazySchema(() => z
  .object({
    name,
    /** How many combatants this entry stands for; defaults to 1. */
    count: z.number().int().min(0).max(1000).optional(),
    /** Trait dice that apply (the 1d4 every combatant rolls is added by the rules). */
    dice: diceListSchema.optional(),
    /**
     * Dice it rolls in the first clash only, besides the others: surprise that does not
     * last, as the Chameleon's "Add 1d4 if attempting violence on someone who doesn't
     * realize you're a threat" or the Lurker's pounce (docs/rulings/traits.md). In a `clash`,
     * which is one clash, they are rolled as its `dice`.
     */
    openingDice: diceListSchema.optional(),
    /** Named traits with a rule in violence (traits.ts): medic, berzerker, duelist, defender and marksman (their pushes). */
    traits: traitListSchema.optional(),
    /**
     * A Duelist's add, "Add 1d4 if you've both saluted each other first": it salutes its foe
     * before a duel, so in a duel it rolls 2d4 more, not 1d4 (traits.ts duelDice). Only
     * with the `duelist` trait; defaults to false.
     */
    saluted: z.boolean().optional(),
    /** Rolls each die twice and keeps the lower. */
    rattled: z.boolean().optional(),
    /** For `woundOrder`; defaults to captain for an entry named "captain", else minion. */
    role: z.enum(['captain', 'minion']).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.saluted === true && !(c.traits ?? []).includes('duelist')) {
      ctx.addIssue({ code: 'custom', path: ['saluted'], message: `"saluted" is the Duelist's add ("Add 1d4 if you've both saluted each other first"), and "${c.name}" has no "duelist" in its traits` });
    }
  }));

export const sideSchema = lazySchema(() => z
  .object({
    name,
    /** Equipment bonus the GM awards (1d4 or 2d4 in the text). */
    bonus: diceListSchema.optional(),
    combatants: z.array(combatantSchema).min(1),
  })
  .strict());

export type CombatantSetup = z.output<typeof combatantSchema>;
export type SideSetup = z.output<typeof sideSchema>;

/** Checks every setup with sides shares: unique names, someone to fight on each side. */
export function checkSides(
  sides: readonly { name: string; bonus?: readonly { count: number }[]; combatants: readonly CombatantSetup[] }[],
  ctx: z.RefinementCtx,
): void {
  // Every die is laid out once as the fight is planned: 100 × "1000d4" for each of 1,000
  // combatants passed every field's bound and exhausted the heap while the file was
  // planned (exit 134 after 92 s, an audit).
  const groups = (list: readonly { count: number }[] | undefined) => (list ?? []).reduce((n, g) => n + g.count, 0);
  const dice = sides.reduce((n, side) => n + groups(side.bonus) + side.combatants.reduce((m, c) => m + (c.count ?? 1) * (1 + groups(c.dice) + groups(c.openingDice)), 0), 0);
  if (dice > MAX_VIOLENCE_DICE) {
    ctx.addIssue({ code: 'custom', path: ['sides'], message: `the sides roll ${dice.toLocaleString('en')} dice (each combatant's 1d4, its dice and openingDice, times its count, and each side's bonus): expected at most ${MAX_VIOLENCE_DICE.toLocaleString('en')}` });
  }
  const seen = new Set<string>();
  sides.forEach((side, s) => {
    if (seen.has(side.name)) {
      ctx.addIssue({ code: 'custom', path: ['sides', s, 'name'], message: `two sides are named "${side.name}": side names must differ` });
    }
    seen.add(side.name);
    const names = new Set<string>();
    side.combatants.forEach((c, i) => {
      if (names.has(c.name)) {
        ctx.addIssue({ code: 'custom', path: ['sides', s, 'combatants', i, 'name'], message: `two combatants of side "${side.name}" are named "${c.name}": names must differ within a side` });
      }
      names.add(c.name);
    });
    // Every count 0, not a sum of 0: a count of -1 (refused at its field) beside a captain's
    // 1 was also said to leave the side with "every count 0" (a dashboard audit).
    if (side.combatants.every((c) => (c.count ?? 1) === 0)) {
      ctx.addIssue({ code: 'custom', path: ['sides', s, 'combatants'], message: `side "${side.name}" has no combatants (every count is 0): expected at least one` });
    }
  });
}

/** The most dice a clash's or battle's sides roll in all (checkSides). */
export const MAX_VIOLENCE_DICE = 1_000_000;

/** The die every combatant adds: "Each combatant in a side adds 1d4 to its roll." */
export const COMBATANT_DIE = 4;

/** A hit: "Each side gets one hit for every 4 they roll" (variant `hitOn`). */
export function hitTest(hitOn: ViciousnessRules['hitOn']): (face: number) => boolean {
  return hitOn === 'exact4' ? (face) => face === 4 : (face) => face >= 4;
}

export function isCaptain(c: CombatantSetup): boolean {
  return (c.role ?? (c.name.toLowerCase() === 'captain' ? 'captain' : 'minion')) === 'captain';
}

/** One die a side rolls: its sides, and whether its roller is rattled. */
export interface ViolenceDie {
  sides: number;
  rattled: boolean;
}

/**
 * The sides as they roll in the first clash: each combatant's `openingDice` with its
 * `dice` (a `clash` is one clash; a battle's first round, battleChain.ts).
 */
export function withOpeningDice<S extends { combatants: readonly CombatantSetup[] }>(sides: readonly S[]): S[] {
  return sides.map((side) =>
    side.combatants.some((c) => (c.openingDice ?? []).length > 0)
      ? { ...side, combatants: side.combatants.map((c) => (c.openingDice ? { ...c, dice: [...(c.dice ?? []), ...c.openingDice], openingDice: undefined } : c)) }
      : side,
  );
}

/** Whether any combatant rolls dice in the first clash only. */
export function hasOpeningDice(sides: readonly { combatants: readonly CombatantSetup[] }[]): boolean {
  return sides.some((s) => s.combatants.some((c) => eachDie(c.openingDice ?? []).length > 0));
}

/** The dice one combatant rolls: 1d4 plus its trait dice. */
export function combatantDice(c: CombatantSetup): ViolenceDie[] {
  const rattled = c.rattled ?? false;
  return [COMBATANT_DIE, ...eachDie(c.dice ?? [])].map((sides) => ({ sides, rattled }));
}

/** The side's equipment dice (nobody's: never rattled). */
export function bonusDice(bonus: readonly DiceGroup[] | undefined): ViolenceDie[] {
  return eachDie(bonus ?? []).map((sides) => ({ sides, rattled: false }));
}

/**
 * "The GM awards 1d4 or 2d4 to the most well-equipped side." With rules.equipment
 * `mostEquipped` (the default) the side with the most equipment dice (`bonus`, by count)
 * rolls them and the others roll none; with as many at the top on two sides or more, none
 * of them is "the most well-equipped" and no side rolls any — the campaign's reading of
 * its fights (docs/rulings/purchases.md). `everySide`: each side rolls what is written
 * (the reading before December 2026). Sides whose bonus is taken away lose only the field.
 */
export function awardEquipment<S extends { bonus?: DiceGroup[] }>(sides: readonly S[], rules: Pick<ViciousnessRules, 'equipment'>): S[] {
  if (rules.equipment === 'everySide') return [...sides];
  const { counts, most, top } = equipmentCounts(sides);
  return sides.map((side, s) => (side.bonus === undefined || (counts[s] === most && top.length === 1) ? side : { ...side, bonus: [] }));
}

/** Each side's equipment dice, the most any side has, and the sides that have that many. */
function equipmentCounts(sides: readonly { bonus?: DiceGroup[] }[]): { counts: number[]; most: number; top: number[] } {
  const counts = sides.map((side) => eachDie(side.bonus ?? []).length);
  const most = Math.max(...counts);
  return { counts, most, top: counts.flatMap((c, s) => (c === most ? [s] : [])) };
}

/**
 * A side's equipment dice beyond the text's award, "1d4 or 2d4" (three or more dice, or a
 * die other than a d4): rolled as written, which is a house rule, said (a battle audit:
 * 3d4 and a d8 ran without a word; the campaign's bought equipment says so in
 * docs/rulings/purchases.md).
 */
function houseRuleEquipment(sides: readonly { bonus?: DiceGroup[] }[]): string[] {
  return sides.flatMap((side, s) => houseRuleEquipmentNote(`sides.${s}.bonus`, side.bonus) ?? []);
}

/** The house-rule note of equipment dice `bonus` at `path`, or undefined where they are the text's award (or none). The campaign's fights too (campaignSetup.ts). */
export function houseRuleEquipmentNote(path: string, bonus: readonly DiceGroup[] | undefined): string | undefined {
  const dice = eachDie(bonus ?? []);
  if (dice.length <= 2 && dice.every((d) => d === 4)) return undefined;
  const written = [...new Set(dice)].map((d) => `${dice.filter((x) => x === d).length}d${d}`).join(' + ');
  return `${path} (${written}) is not the text's award, "1d4 or 2d4" ("The GM awards 1d4 or 2d4 to the most well-equipped side"): where it rolls, it rolls as written, a house rule`;
}

/**
 * What awardEquipment takes away, said (notes, not refusals: a sweep over one side's bonus
 * crosses the tie). A side with fewer equipment dice than the most well-equipped: its
 * `bonus` changes nothing at that point. Sides tied at the most roll none, which is said as
 * such and not as "changes nothing": with two of them, either one's bonus is what keeps the
 * other's from rolling (a review found the first version's note false there).
 */
export function equipmentNotes(sides: readonly { name: string; bonus?: DiceGroup[] }[], rules: Pick<ViciousnessRules, 'equipment'>, eachRound = false): string[] {
  const notes: string[] = houseRuleEquipment(sides);
  if (rules.equipment === 'everySide') return notes;
  const { counts, most, top: topSides } = equipmentCounts(sides);
  if (most === 0) return notes;
  const top = topSides.map((s) => `"${sides[s].name}"`);
  const text = '("The GM awards 1d4 or 2d4 to the most well-equipped side"; rules.equipment "everySide" rolls each side\'s)';
  // A battle of three sides or more awards each round among the sides still fighting
  // (battleField.ts): what a side does not roll at the start it may roll once the sides
  // with more have left, so its bonus is said as waiting, not as changing nothing.
  if (eachRound) {
    const round = '(the award is made at the start of each round, among the sides still fighting: "The GM awards 1d4 or 2d4 to the most well-equipped side"; rules.equipment "everySide" rolls each side\'s)';
    if (top.length > 1) notes.push(`sides ${top.join(' and ')} roll no equipment dice while two of them fight: they have as many (${most}), so none is the most well-equipped ${round}`);
    sides.forEach((side, s) => {
      if (counts[s] > 0 && counts[s] < most) {
        notes.push(`sides.${s}.bonus rolls only in a round where no other side still fighting has as many equipment dice or more: ${top.length === 1 ? `side ${top[0]} has` : `sides ${top.join(' and ')} have`} ${most} ${round}`);
      }
    });
    return notes;
  }
  if (top.length > 1) notes.push(`sides ${top.join(' and ')} roll no equipment dice: they have as many (${most}), so none is the most well-equipped ${text}`);
  sides.forEach((side, s) => {
    if (counts[s] > 0 && counts[s] < most) {
      notes.push(`sides.${s}.bonus changes nothing here: only the most well-equipped side rolls its equipment dice, and ${top.length === 1 ? `side ${top[0]} has` : `sides ${top.join(' and ')} have`} more (${most}) ${text}`);
    }
  });
  return notes;
}

/**
 * `rules.hitOn: "4+"` where no die has more than 4 sides: on a d4 "4 or more" is exactly 4
 * (and a d2 or d3 shows no 4 either way), so every die hits as under `exact4`, the same
 * draws at the same seed. The one wording of clash, battle and the campaign.
 */
export const HIT_ON_NOTE = 'rules.hitOn changes nothing here: no violence die has more than 4 sides, and on a d4 "4 or more" is exactly 4';

/** The most sides of any die in these dice lists (the combatant's 1d4 at least). */
export function mostSides(lists: readonly (readonly DiceGroup[] | undefined)[]): number {
  return lists.reduce((m, l) => eachDie(l ?? []).reduce((a, s) => Math.max(a, s), m), COMBATANT_DIE);
}

/**
 * The rules toggles a clash's or a battle's sides give nothing to act on, said in the
 * point's notes (sim/mechanic.ts setupNotes; not refused, as a sweep over the sides crosses
 * such a point), each only when it is not its default: `hitOn` "4+" where no die rolled
 * has more than 4 sides; `targeting` with two sides (a side's leftover hits have one side to
 * go to); `outnumbered` with two sides ("Two sides read the same either way", sim/rules.ts)
 * or where nothing reads it (no Berzerker, and in a battle no side fleeing when
 * outnumbered); `woundOrder` where no side has both a captain and minions (each side's
 * wounds fall in one group, at random). Of the sides as given (`flee` a battle side's).
 */
export function violenceRulesNotes(
  sides: readonly (SideSetup & { flee?: FleePolicy })[],
  rules: Pick<ViciousnessRules, 'hitOn' | 'targeting' | 'outnumbered' | 'woundOrder' | 'equipment'>,
  equipmentEachRound = false,
): string[] {
  const notes: string[] = [];
  const present = sides.map((side) => side.combatants.filter((c) => (c.count ?? 1) > 0));
  if (rules.hitOn !== VICIOUSNESS_DEFAULTS.hitOn) {
    // The dice as rolled: the equipment dice rules.equipment awards, the combatants there.
    // A battle of three sides or more awards each round among the sides still fighting
    // (battleField.ts), so any side's equipment may come to roll (a review: a d6 of the
    // second-best side's rolled once the best fled, beside this note saying none could).
    const awarded = equipmentEachRound ? sides : awardEquipment(sides, rules);
    const most = mostSides(awarded.flatMap((side, s) => [side.bonus, ...present[s].flatMap((c) => [c.dice, c.openingDice])]));
    // A bigger equipment die the award leaves unrolled is named, so the note does not read
    // as if it were dropped (a battle audit: "no violence die has more than 4 sides" beside a
    // side's d6 of equipment).
    const unrolled = sides.flatMap((side, s) => (mostSides([side.bonus]) > 4 && mostSides([awarded[s]!.bonus]) <= 4 ? [side.name] : []));
    if (most <= 4 && unrolled.length === 0) notes.push(HIT_ON_NOTE);
    else if (most <= 4) {
      const whose = `the equipment dice of side${unrolled.length === 1 ? '' : 's'} ${unrolled.join(' and ')}`;
      notes.push(`rules.hitOn changes nothing here: no violence die rolled has more than 4 sides (${whose} are not rolled: rules.equipment "mostEquipped" awards equipment to the most well-equipped side alone), and on a d4 "4 or more" is exactly 4`);
    }
  }
  // "everySide" rolls each side's equipment dice where the text's award goes to the most
  // well-equipped only: with one side equipped or none, it is that side's either way (a
  // battle audit: taken unsaid; the campaign says it of its own fights).
  if (rules.equipment === 'everySide' && sides.filter((side) => eachDie(side.bonus ?? []).length > 0).length <= 1) {
    notes.push('rules.equipment changes nothing here: at most one side has equipment dice (bonus), and it is the most well-equipped whichever way they are awarded');
  }
  const two = sides.length === 2;
  if (rules.targeting !== VICIOUSNESS_DEFAULTS.targeting && two) {
    notes.push('rules.targeting changes nothing here: with two sides a side\'s leftover hits have only the other side to go to (it chooses among weaker sides with three or more)');
  }
  if (rules.outnumbered !== VICIOUSNESS_DEFAULTS.outnumbered) {
    const berzerkers = present.some((cs) => cs.some((c) => hasTrait(c, 'berzerker')));
    const fleeing = sides.some((side) => side.flee === 'outnumbered');
    if (two) notes.push('rules.outnumbered changes nothing here: with two sides the one enemy side is every enemy ("Two sides read the same either way")');
    else if (!berzerkers && !fleeing) notes.push('rules.outnumbered changes nothing here: no combatant is a Berzerker and no side flees when outnumbered, the two things it decides');
  }
  if (rules.woundOrder !== VICIOUSNESS_DEFAULTS.woundOrder && !present.some((cs) => cs.some(isCaptain) && cs.some((c) => !isCaptain(c)))) {
    const why = present.some((cs) => cs.some(isCaptain)) ? 'no side has both a captain and minions' : 'no side has a captain';
    notes.push(`rules.woundOrder changes nothing here: ${why} (a captain is an entry named "captain", or "role": "captain"), so each side's wounds fall at random among its able combatants`);
  }
  return notes;
}

/** In one clash nothing but `woundOrder` reads who is a captain. */
export const NO_CAPTAIN_READERS = () => false;

/**
 * A `role` the file sets where nothing here reads who is a captain: under `woundOrder`
 * "random" wounds fall at random among a side's able combatants, captain or not, and, in a
 * battle, a side's captains matter otherwise only to its `defenderPush` "captain" and to
 * its Medics, who attend captains first (`readsCaptains`). Said as the other rules that
 * change nothing are: a `role: "captain"` changed no figure, unsaid (an input audit).
 */
export function roleNotes(sides: readonly SideSetup[], woundOrder: ViciousnessRules['woundOrder'], readsCaptains: (side: number) => boolean = NO_CAPTAIN_READERS): string[] {
  if (woundOrder !== 'random') return [];
  return sides.flatMap((side, s) =>
    readsCaptains(s)
      ? []
      : side.combatants.flatMap((c, j) =>
          c.role === undefined
            ? []
            : [`sides.${s}.combatants.${j}.role changes nothing here: under rules.woundOrder "random" a side's wounds fall at random among its able combatants, captain or not${readsCaptains === NO_CAPTAIN_READERS ? '' : `, and side "${side.name}" has no "defenderPush": "captain" and no Medic (who attends captains first)`}`],
        ),
  );
}

/** Exact distribution of the number of hits from a list of dice. */
export function hitDistribution(dice: readonly ViolenceDie[], isHit: (face: number) => boolean): Distribution {
  return Distribution.sum(
    dice.map((d) => Distribution.bernoulli(chanceOf(faceDistribution(d.sides, d.rattled), isHit))),
  );
}

/**
 * Dice as flat typed arrays for the per-trial loop, with the hit test folded into a face
 * range [lo, hi] per die (exact4: [4, 4]; 4+: [4, sides]).
 */
export class PackedDice {
  readonly sides: Int32Array;
  readonly rattled: Uint8Array;
  /** Hit range of `below(sides)`, i.e. face − 1. */
  readonly lo: Int32Array;
  readonly hi: Int32Array;

  constructor(dice: readonly ViolenceDie[], hitOn: ViciousnessRules['hitOn']) {
    this.sides = Int32Array.from(dice, (d) => d.sides);
    this.rattled = Uint8Array.from(dice, (d) => (d.rattled ? 1 : 0));
    this.lo = Int32Array.from(dice, () => 4 - 1);
    this.hi = Int32Array.from(dice, (d) => (hitOn === 'exact4' ? 4 : d.sides) - 1);
  }

  /** Hits among dice [from, to). */
  rollHits(random: RandomStream, from = 0, to = this.sides.length): number {
    const { sides, rattled, lo, hi } = this;
    let hits = 0;
    for (let i = from; i < to; i++) {
      const f = rattled[i] === 0 ? random.below(sides[i]) : random.belowKeepLower(sides[i]);
      if (f >= lo[i] && f <= hi[i]) hits++;
    }
    return hits;
  }
}

/** Number of set bits of a 32-bit integer (SWAR; Hacker's Delight 5-2). */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Samples a side's hit count in a few operations per random word. A die whose hit chance
 * is exactly 1/2^b — a d4 counting exact 4s (b = 2: its face is 4 exactly when both of its
 * two bits are set, the same bits `die(4)` reads), a rattled d4 (b = 4: the lower of two
 * d4s is 4 only when both are), a d8 counting exact 4s (b = 3) — is a group of b bits that
 * are all set. So ⌊30/b⌋ such dice come from one draw: AND each die's bits together and
 * count the survivors. Every other die is rolled face by face. Faces keep their exact
 * probabilities; only the bookkeeping is shared.
 */
export class HitSampler {
  // Per all-bits group: bits per die, full draws and their mask, last draw's size and mask.
  private readonly bits: Int32Array;
  private readonly fullDraws: Int32Array;
  private readonly fullMask: Int32Array;
  private readonly lastBits: Int32Array;
  private readonly lastMask: Int32Array;
  private readonly rest: PackedDice;
  /** Most hits this sampler can return. */
  readonly maxHits: number;

  constructor(dice: readonly ViolenceDie[], hitOn: ViciousnessRules['hitOn']) {
    const split = splitByHitBits(dice, hitOn);
    const byBits = new Map<number, number>();
    for (const b of split.fieldBits) byBits.set(b, (byBits.get(b) ?? 0) + 1);
    const rest = split.rest;
    const groups = [...byBits].map(([b, count]) => {
      const perDraw = Math.floor(30 / b);
      const last = count % perDraw;
      return { b, full: Math.floor(count / perDraw), fullMask: lowBitsMask(b, perDraw), last: last * b, lastMask: lowBitsMask(b, last) };
    });
    this.bits = Int32Array.from(groups, (g) => g.b);
    this.fullDraws = Int32Array.from(groups, (g) => g.full);
    this.fullMask = Int32Array.from(groups, (g) => g.fullMask);
    this.lastBits = Int32Array.from(groups, (g) => g.last);
    this.lastMask = Int32Array.from(groups, (g) => g.lastMask);
    this.rest = new PackedDice(rest, hitOn);
    this.maxHits = [...byBits.values()].reduce((a, b) => a + b, 0) + rest.length;
  }

  sample(random: RandomStream): number {
    let hits = 0;
    for (let g = 0; g < this.bits.length; g++) {
      const b = this.bits[g];
      for (let d = this.fullDraws[g]; d > 0; d--) hits += allSet(random.bits(30 - (30 % b)), b, this.fullMask[g]);
      if (this.lastBits[g] > 0) hits += allSet(random.bits(this.lastBits[g]), b, this.lastMask[g]);
    }
    return hits + this.rest.rollHits(random);
  }
}

/**
 * Split dice into those whose hit is "b random bits all set" (hit chance exactly 1/2^b,
 * see HitSampler) and the rest; dice that can never hit are dropped.
 */
export function splitByHitBits(
  dice: readonly ViolenceDie[],
  hitOn: ViciousnessRules['hitOn'],
): { fieldBits: number[]; rest: ViolenceDie[] } {
  const isHit = hitTest(hitOn);
  const fieldBits: number[] = [];
  const rest: ViolenceDie[] = [];
  for (const d of dice) {
    const b = Math.log2(d.sides) * (d.rattled ? 2 : 1);
    const p = chanceOf(faceDistribution(d.sides, d.rattled), isHit);
    if (Number.isInteger(b) && b <= 15 && p === 2 ** -b) fieldBits.push(b);
    else if (p > 0) rest.push(d);
  }
  return { fieldBits, rest };
}

/**
 * Hits of several sides' bit-field dice read off one draw: `table[v]` for a draw `v` of
 * `bits` bits. Each side's hits are packed as digits of `radix[s]` (its maximum + 1), so
 * one lookup gives the pair index of a two-sided clash. Only built when `bits` ≤ 16.
 */
export function hitTable(fieldBitsBySide: readonly number[][], radix: readonly number[]): { bits: number; table: Int32Array } {
  const bits = fieldBitsBySide.flat().reduce((a, b) => a + b, 0);
  // The index is Σ hits(s) × (the product of the radixes after s), so each field whose
  // bits are all set adds its side's weight: the table of fields k… is the table of
  // fields k+1… (the bits above field k) plus field k's weight where it is all set. Built
  // from the last field down, with no per-entry loop over the fields (this runs cold,
  // in the command's and every worker thread's planning: ~5× faster than entry by entry).
  const weightOf: number[] = [];
  for (let s = radix.length - 1, w = 1; s >= 0; s--) {
    weightOf[s] = w;
    w *= radix[s];
  }
  const fields = fieldBitsBySide.flatMap((fs, s) => fs.map((b) => ({ b, weight: weightOf[s] })));
  let table = new Int32Array(1);
  for (let k = fields.length - 1; k >= 0; k--) {
    const { b, weight } = fields[k];
    const full = (1 << b) - 1;
    const next = new Int32Array(table.length << b);
    for (let u = 0; u < next.length; u++) next[u] = ((u & full) === full ? weight : 0) + table[u >>> b];
    table = next;
  }
  return { bits, table };
}

/** How many b-bit fields of v (selected by mask's low bits) have all b bits set. */
function allSet(v: number, b: number, mask: number): number {
  let all = v;
  for (let s = 1; s < b; s++) all &= v >>> s;
  return popcount(all & mask);
}

/** The lowest bit of each of m b-bit fields: 0b…0101 for b = 2. */
function lowBitsMask(b: number, m: number): number {
  let mask = 0;
  for (let i = 0; i < m; i++) mask |= 1 << (i * b);
  return mask;
}

/** What breaks ties between targets: a random stream, or the exact engine's enumerator. */
export interface Chooser {
  /** One of 0..n−1, each equally likely. */
  below(n: number): number;
}

/**
 * A Chooser for the exact engine: it replays a script of choices and, through `next()`,
 * walks every possible script once, like an odometer, so a function that draws a few
 * uniform choices can be averaged over all of them. `weight` is the chance of the script
 * just played (the product of 1/n over its choices).
 */
export class EveryChoice implements Chooser {
  private script: number[] = [];
  private sizes: number[] = [];
  private at = 0;
  weight = 1;

  /** Start replaying the current script. */
  begin(): void {
    this.at = 0;
    this.weight = 1;
  }

  below(n: number): number {
    if (this.at === this.script.length) {
      this.script.push(0);
      this.sizes.push(n);
    }
    this.weight /= n;
    return this.script[this.at++];
  }

  /** Move to the next script; false when every script has been played. */
  next(): boolean {
    // Choices beyond those the last play made are not part of its script.
    this.script.length = this.sizes.length = this.at;
    for (let i = this.script.length - 1; i >= 0; i--) {
      if (this.script[i] + 1 < this.sizes[i]) {
        this.script[i]++;
        this.script.length = this.sizes.length = i + 1;
        return true;
      }
    }
    // Every script played: start afresh for the next use.
    this.script.length = this.sizes.length = 0;
    return false;
  }
}

/**
 * Where hits land with any number of sides (docs/rules.md): sides act in descending order of
 * hits; each first cancels the hits aimed at it one for one with its own, then assigns
 * what is left to one side with strictly fewer hits, chosen by `targeting`. With two
 * sides this is "the side with more hits lands the difference".
 *
 * Writes `landedOn[s]` (hits that got through to side s, before capping by its able
 * combatants) and `landedBy[s]` (of those, how many came from side s). The target's
 * cancelling hits are spent on the attackers in the order they assigned (stronger first).
 * `wastedBy[s]` keeps the hits side s landed beyond its target's able combatants ("Extra
 * hits applied to a combatant who has already been wounded are wasted"), so the margin
 * side s landed is `landedBy[s] + wastedBy[s]`.
 */
export class HitResolver {
  private readonly order: Int32Array;
  private readonly cancel: Int32Array;
  private readonly candidates: Int32Array;
  /** Per side, after `resolve`: its uncancelled hits that found no able combatant. */
  readonly wastedBy: Int32Array;

  /**
   * `tiesInRandomOrder`: sides with the same hits act in random order (a clash, whose
   * `landed` and `wasted` say whose hits got through: docs/rulings/single-rolls.md). The
   * order never changes how many hits land on each side, so a battle, which reports no
   * side's hits landed, keeps its draws and leaves them in setup order.
   */
  constructor(
    readonly sideCount: number,
    private readonly targeting: ViciousnessRules['targeting'],
    private readonly tiesInRandomOrder = false,
  ) {
    this.wastedBy = new Int32Array(sideCount);
    this.order = new Int32Array(sideCount);
    this.cancel = new Int32Array(sideCount);
    this.candidates = new Int32Array(sideCount);
  }

  /**
   * `active[s]` is 0 for a side out of the fight (no able combatants). `capacity[s]` is
   * how many hits can still wound side s (its able combatants); hits beyond are wasted.
   */
  resolve(
    random: Chooser,
    hits: Int32Array,
    active: Uint8Array,
    capacity: Int32Array,
    landedOn: Int32Array,
    landedBy: Int32Array,
  ): void {
    const n = this.sideCount;
    const { order, cancel, candidates } = this;
    let m = 0;
    for (let s = 0; s < n; s++) {
      landedOn[s] = 0;
      landedBy[s] = 0;
      this.wastedBy[s] = 0;
      cancel[s] = hits[s];
      if (active[s] !== 0) order[m++] = s;
    }
    // Insertion sort by hits, descending (a handful of sides).
    for (let i = 1; i < m; i++) {
      const s = order[i];
      let j = i - 1;
      while (j >= 0 && hits[order[j]] < hits[s]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = s;
    }
    // "Hits are assigned in descending order of total achieved": between sides of the same
    // total the text names no order, so each is equally likely (an audit: in file order,
    // two identical sides' wasted read 0.016 and 0.126, and swapped with the file's order).
    // Only a run of tied sides with hits and a weaker side after it to assign them to has
    // an order that matters: shuffled then (Fisher–Yates), so two sides never draw for it.
    if (this.tiesInRandomOrder) {
      for (let a = 0, b = 1; a < m; a = b, b = a + 1) {
        while (b < m && hits[order[b]] === hits[order[a]]) b++;
        if (b - a < 2 || b === m || hits[order[a]] === 0) continue;
        for (let j = b - 1; j > a; j--) {
          const r = a + random.below(j - a + 1);
          const t = order[j];
          order[j] = order[r];
          order[r] = t;
        }
      }
    }
    for (let i = 0; i < m; i++) {
      const s = order[i];
      // Stronger sides have already aimed their hits at s, and s cancelled them as they
      // came by spending its own: what it has left is cancel[s].
      let left = cancel[s];
      if (left <= 0) continue;
      // Candidates: sides with strictly fewer hits.
      let k = 0;
      let best = -1;
      for (let j = i + 1; j < m; j++) {
        const t = order[j];
        if (hits[t] >= hits[s]) continue;
        if (this.targeting === 'random') {
          candidates[k++] = t;
          continue;
        }
        const wanted = this.targeting === 'strongest' ? hits[t] > best : best < 0 || hits[t] < best;
        if (k === 0 || wanted) {
          best = hits[t];
          k = 0;
          candidates[k++] = t;
        } else if (hits[t] === best) {
          candidates[k++] = t;
        }
      }
      if (k === 0) continue;
      const target = k === 1 ? candidates[0] : candidates[random.below(k)];
      const blocked = Math.min(left, cancel[target]);
      cancel[target] -= blocked;
      left -= blocked;
      const wounding = Math.min(left, capacity[target] - landedOn[target]);
      landedOn[target] += wounding;
      landedBy[s] += wounding;
      this.wastedBy[s] += left - wounding;
    }
  }
}

// ---------------------------------------------------------------- rules of a fight
// The rules every fight shares — battle (battleField.ts, battleChain.ts, battleTable.ts)
// and a campaign's skirmish (skirmish.ts) — written once, here.

/** When a side's able combatants leave, decided in each flight phase (docs/rules.md "Violence"). */
export const FLEE_POLICIES = ['never', 'outnumbered', 'lostHalf'] as const;
export type FleePolicy = (typeof FLEE_POLICIES)[number];
/** Flight policies as codes for the per-round loops. */
export const FLEE_NEVER = 0;
export const FLEE_OUTNUMBERED = 1;
export const FLEE_LOST_HALF = 2;
export const FLEE_CODE: Readonly<Record<FleePolicy, number>> = { never: FLEE_NEVER, outnumbered: FLEE_OUTNUMBERED, lostHalf: FLEE_LOST_HALF };

/** A side's flight policy as its code; defaults to *never*. */
export function fleeCode(side: { flee?: FleePolicy }): number {
  return FLEE_CODE[side.flee ?? 'never'];
}

/** Medical attention for a side's wounded. */
export const AID_POLICIES = ['none', 'ordinary', 'medic'] as const;

/**
 * "A wounded target … has a 2-in-4 chance to die. This is reduced to 1-in-4 if they
 * receive medical attention": faces of a d4 that kill, by aid. With a Medic, those the
 * Medics cannot attend get ordinary aid (docs/rules.md), hence 1.
 */
export const DEATH_FACES = { none: 2, ordinary: 1, medic: 1 } as const;
export type Aid = keyof typeof DEATH_FACES;

type AidSide = { aid?: Aid; medics?: number; combatants: readonly { count?: number; traits?: readonly TraitName[] }[] };

/**
 * The side's medical attention: its `aid`, or "medic" when a combatant has the Medic
 * trait (the schema refuses any other explicit aid beside one; docs/rulings/traits.md).
 */
export function aidOf(side: AidSide): Aid {
  return traitMedics(side.combatants) > 0 ? 'medic' : (side.aid ?? 'none');
}

/**
 * Wounded a side's Medics can attend in a round: `medics` (default 1) with aid "medic",
 * plus one per combatant with the Medic trait (then `medics` counts only Medics not listed
 * as combatants, default 0); none otherwise (`medicReach` *window* counts them so too:
 * one wounded a round each, battleField.ts). With the `medicReach` variant *all* a Medic
 * attends every wounded of the round, so the side's whole strength is attended (one per
 * combatant is enough).
 */
export function medicsOf(side: AidSide, reach: ViciousnessRules['medicReach'] = VICIOUSNESS_DEFAULTS.medicReach): number {
  if (aidOf(side) !== 'medic') return 0;
  if (reach === 'all') return side.combatants.reduce((n, c) => n + (c.count ?? 1), 0);
  const named = traitMedics(side.combatants);
  return named > 0 ? (side.medics ?? 0) + named : (side.medics ?? 1);
}

/**
 * Which wounds a combatant takes first by `woundOrder`: group 0 is filled before group 1,
 * at random within a group.
 */
export function woundGroupOf(c: CombatantSetup, order: ViciousnessRules['woundOrder']): number {
  if (order === 'random') return 0;
  return (order === 'captainFirst') === isCaptain(c) ? 0 : 1;
}
