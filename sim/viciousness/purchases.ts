/**
 * What coins buy in a campaign (viciousness.txt "Coins"; docs/rulings/purchases.md): the
 * price of an item at the company's rank, and the purchase policies the campaign plays —
 * equipment dice for violence, medical help that shortens bed rest, a lost asset bought
 * back, and tasks done for a troupe that remove a job's challenges. Kept apart from
 * the turn (campaignPlay.ts) so the economy reads on its own.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { diceListSchema } from '../dice.ts';
import { MAX_RANK, MIN_RANK } from './wealth.ts';

/** "If it ends up above 4, it isn't obtainable with money." */
export const MAX_PRICE = 4;

/**
 * Coins of the company's rank an item costs, or Infinity when money cannot buy it. "The
 * following items each cost 1 coin to their corresponding rank … Each rank below yours:
 * -2 / Each rank above yours: +2 / Custom-built: +1 / … If something's price ends up below
 * 0, it may be obtained without spending coin. If it ends up above 4, it isn't obtainable
 * with money." `modifiers` is the sum of the other factors (custom-built +1, expert +1…).
 */
export function price(itemRank: number, rank: number, modifiers = 0): number {
  const p = 1 + 2 * (itemRank - rank) + modifiers;
  if (p > MAX_PRICE) return Infinity;
  return p < 0 ? 0 : p;
}

/** The most tasks `buy.task.perJob` may buy for one job (a job has at most 100 challenges). */
export const MAX_TASKS_PER_JOB = 100;

/** Built with the schemas that use them (sim/lazySchema.ts). */
const itemFields = () => ({
  /** The item's rank: what it costs 1 coin at (the text's table: a sword/handgun 3, armor 4). */
  itemRank: z.number().int().min(MIN_RANK).max(MAX_RANK),
  /** The other price factors summed: custom-built +1, low quality −1, expert +1, illegal +1/+2, supernatural +2, one-of-a-kind +2. */
  modifiers: z.number().int().min(-10).max(10).optional(),
});

export const purchasesSchema = lazySchema(() => z
  .object({
    /**
     * Equipment for violence: "The GM awards 1d4 or 2d4 to the most well-equipped side". A
     * troupe without it buys it from the turn's coins when they cover the price; it keeps
     * it until it dissolves.
     */
    equipment: z
      .object({ dice: diceListSchema, ...itemFields() })
      .strict()
      .superRefine((item, ctx) => {
        // An empty list would cost coins and a PC's action and add no die to any fight.
        if (item.dice.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['dice'], message: 'expected a list of at least one die, such as ["d4"] or ["2d4"] ("The GM awards 1d4 or 2d4"), got []: equipment without dice would cost coins and a PC\'s action and add nothing to a fight' });
        }
      })
      .optional(),
    /**
     * Medical help: "This time may be shortened by expert surgery, alchemical tonics, or
     * supernatural intervention." Bought once per wound from the turn's coins, for PCs in
     * bed; shortens the bed rest by `turns` (default 1).
     */
    medical: z.object({ turns: z.number().int().min(1).max(3).optional(), ...itemFields() }).strict().optional(),
    /**
     * A replacement for an asset a rival's consequence took ("An asset is lost"): bought
     * back, one a turn at most, while an asset it has lost is not yet bought back.
     */
    asset: z.object(itemFields()).strict().optional(),
    /**
     * A task done for a troupe before its job ("A task done by an average citizen" rank 3,
     * "… by an expert hacker or warrior" 4, "… by a mercenary company" 5, "… by a powerful
     * wizard" 6; "Illegal (a narcotic, a bribe): +1"): up to `perJob` (default 1) a job, each
     * removing one of the job's challenges ("Challenges may be removed from the total as a
     * result of a particularly clever plan": this project reads the task as part of the
     * plan, not as one more participant's 1d6, which the text leaves open). Bought last,
     * after equipment, a lost asset and medical help. docs/rulings/purchases.md.
     */
    task: z
      .object({
        ...itemFields(),
        /** Tasks bought for one job at most (each a purchase of its own); defaults to 1. */
        perJob: z.number().int().min(1).max(MAX_TASKS_PER_JOB).optional(),
      })
      .strict()
      .optional(),
    /**
     * What pays: *turnCoins* (default: the turn's coins only), *liquid* (when they fall
     * short, liquid coins pay the rest, which ones by *liquidRank*: "Liquid coins remain at
     * the rank at which they were earned") or *points* (as *liquid*, then investment points
     * traded in for coins of the company's rank, "at a rate of 2 points per 1 coin", never
     * taking the points below the rank's minimum, where neither the company's rank's nor a
     * higher rank's liquid coins can pay, and before a lower rank's, which cost more:
     * counted in `points.traded`).
     */
    payWith: z.enum(['turnCoins', 'liquid', 'points']).optional(),
    /**
     * Which liquid coins pay (with payWith *liquid* or *points*): *earned* (default: those
     * of the company's rank, and where they and the turn's coins cannot pay, those of ONE
     * other rank, above it (kept from before a demotion) or below it (kept from before a
     * promotion), at that rank's price — "They have the same buying power as standard
     * coins of their rank … Should a company raise or lower their rank, the liquid coins
     * they earned do not increase or decrease in buying power with them", so an item over 4
     * coins at the company's rank is still bought with coins of a rank where it costs 4 or
     * less, and a lower rank's coins pay what a company of that rank would; the rank
     * needing the fewest coins, the lowest on a tie) or *company* (only those of the
     * company's rank: the reading until December 2026). docs/rulings/purchases.md.
     */
    liquidRank: z.enum(['earned', 'company']).optional(),
    /**
     * Whose action a purchase is: *pc* (default: "Each character in a troupe may take one
     * turn action", and among the example actions "The character acquires an asset using
     * wealth": a PC of the buying troupe spends its turn on it) or *free* (purchases take
     * nobody's action: the reading before December 2026).
     */
    action: z.enum(['pc', 'free']).optional(),
  })
  .strict());

export type PurchasesSetup = z.output<typeof purchasesSchema>;
