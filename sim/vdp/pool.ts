/**
 * A VDP roll of d6s with advantage or disadvantage (docs/rules.md "Very Different Places";
 * very-different-places.txt "Advantage and Disadvantage"): "roll the normal number of dice
 * chosen from the pool, plus the extra advantage or disadvantage dice together. Then, if
 * the character has an Advantage, remove the lowest dice until the dice pool is back to
 * its normal size. If the character has Disadvantage, remove the highest dice instead."
 * Advantage and disadvantage cancel one for one first.
 *
 * Keeping is a fold (sim/exact/fold.ts): visit faces from the top (advantage) or the
 * bottom (disadvantage), keep dice until `kept` are kept. The same fold gives the exact
 * distribution and the Monte Carlo roll.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { Distribution } from '../exact/distribution.ts';
import { FoldRoller, foldDistribution, type PoolFold } from '../exact/fold.ts';
import type { RandomStream } from '../random.ts';

export const VDP_DIE = 6;
/** "In general, a character has a pool of 4 dice." */
export const VDP_POOL = 4;

export const extraDice = lazySchema(() => z.number().int().min(0).max(20));

/**
 * A check's modifier or target: whole numbers within ±1,000, far past any table's (an
 * attribute and a skill are a few points). Unbounded, a modifier of 1e8 passed the file's
 * checks and failed the run, its sums of squares past 2^53 (a VDP audit).
 */
export const MAX_MODIFIER = 1000;
export const modifierNumber = lazySchema(() => z.number().int().min(-MAX_MODIFIER).max(MAX_MODIFIER));

/** Net extra dice: positive for advantage, negative for disadvantage. */
export function netAdvantage(advantage = 0, disadvantage = 0): number {
  return advantage - disadvantage;
}

/**
 * Why an advantage rule or step setting has nothing to place, in a note's words: no
 * advantage or disadvantage dice, or as many of each (they cancel: "an advantage die
 * negates a disadvantage die"); undefined where a net is left. `whose` names the character.
 */
export function noNetAdvantageWhy(advantage = 0, disadvantage = 0, whose?: string): string | undefined {
  if (advantage === 0 && disadvantage === 0) return whose === undefined ? 'there are no advantage or disadvantage dice' : `${whose} has no advantage or disadvantage dice`;
  if (advantage === disadvantage) return `${whose === undefined ? 'the' : `${whose}'s`} advantage and disadvantage dice cancel out (${advantage} each)`;
  return undefined;
}

// State: dice kept so far (low 7 bits) and their sum.
const KEPT_BITS = 7;
const KEPT_MASK = (1 << KEPT_BITS) - 1;
export const keptSumOf = (state: number) => state >> KEPT_BITS;

export function keepFold(kept: number, highest: boolean): PoolFold {
  return {
    order: highest ? 'descending' : 'ascending',
    initial: 0,
    isFinal: (state) => (state & KEPT_MASK) === kept,
    next(state, outcome, counts) {
      const have = state & KEPT_MASK;
      const take = Math.min(counts[0], kept - have);
      return (have + take) | ((keptSumOf(state) + take * outcome) << KEPT_BITS);
    },
  };
}

/**
 * `kept` d6s rolled with `net` advantage (>0) or disadvantage (<0) dice. A pool of no dice
 * scores nothing: its total is 0 whatever the modifier ("Jill has no Defence, because
 * her dice were split for 4 attack"; Mark's resist of no dice "subtract[s] nothing").
 */
export class VdpRoll {
  readonly rolled: number;
  private readonly roller: FoldRoller;
  private readonly fold: PoolFold;
  private readonly count: Int32Array;
  private readonly sides = Int32Array.of(VDP_DIE);

  constructor(
    readonly kept: number,
    readonly net: number,
    readonly modifier: number,
  ) {
    this.rolled = kept === 0 ? 0 : kept + Math.abs(net);
    this.fold = keepFold(kept, net >= 0);
    this.roller = new FoldRoller(this.fold, VDP_DIE, 1);
    this.count = Int32Array.of(this.rolled);
  }

  /** One roll's total (kept dice + modifier; 0 for a pool of no dice). */
  roll(random: RandomStream): number {
    if (this.kept === 0) return 0;
    return keptSumOf(this.roller.roll(random, this.count, this.sides)) + this.modifier;
  }

  /** The exact distribution of the total. */
  distribution(): Distribution {
    if (this.kept === 0) return Distribution.constant(0);
    const finals = foldDistribution(this.fold, [{ count: this.rolled, sides: VDP_DIE }]);
    const m = new Map<number, number>();
    for (const [state, p] of finals) {
      const total = keptSumOf(state) + this.modifier;
      m.set(total, (m.get(total) ?? 0) + p);
    }
    return Distribution.fromMap(m);
  }

  /** The kept total of given faces (for the text's worked example). */
  keptTotal(faces: readonly number[]): number {
    if (this.kept === 0) return 0;
    return keptSumOf(this.roller.setFaces([faces]).run()) + this.modifier;
  }
}
