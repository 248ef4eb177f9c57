/**
 * Advancement (viciousness.txt "Advancement"): "Upon the completion of a company's
 * ambition, it names its next ambition, and advances. Each troupe may decide between
 * giving one of their existing PCs a new trait or adding a new PC to their company. A
 * character may have 4 traits at most." The ambition and the troupes' choice are the
 * campaign's policies `ambition` and `advance`; readings in docs/rulings/advancement.md.
 * The campaign (campaignPlay.ts) lays out room for what advancement may add — PC slots and
 * trait dice — when the plan is made, so a trial only moves counters.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { diceListSchema } from '../dice.ts';
import { MAX_TRAITS, checkTraitDice } from './traits.ts';
import { MINION_TRAITS } from './wealth.ts';

export const ambitionSchema = lazySchema(() => z.union([
  /** "Jobs": the ambition is met after this many successful jobs (company-wide), and the next named alike. */
  z.object({ jobs: z.number().int().min(1).max(1000) }).strict(),
  /** "Rank": the ambition is the next wealth rank; met the first time the company reaches a rank above any it held. */
  z.object({ rank: z.literal('next') }).strict(),
]));

/** Built with the schemas that use it (sim/lazySchema.ts). */
const addedDice = () => ({ knavery: diceListSchema.optional(), violence: diceListSchema.optional() });

export const advanceSchema = lazySchema(() => z
  .object({
    /** What each standing troupe takes when the company advances (the other when it has no room for it). */
    choice: z.enum(['trait', 'pc']),
    /** The dice a new trait brings (to the troupe's jobs, in violence); none by default (its contact only). */
    trait: z
      .object(addedDice())
      .strict()
      .superRefine((trait, ctx) => checkTraitDice({ ...trait, traits: 1 }, 1, ctx))
      .optional(),
    /** The new PC: a minion with `traits` (default 2) and these dice. */
    pc: z
      .object({ ...addedDice(), traits: z.number().int().min(0).max(MAX_TRAITS).optional() })
      .strict()
      .superRefine((pc, ctx) => checkTraitDice(pc, MINION_TRAITS, ctx))
      .optional(),
    /** New PCs a troupe may add over the campaign (room is laid out for them); defaults to 2. */
    maxPcs: z.number().int().min(0).max(20).optional(),
  })
  .strict());

export type AmbitionPolicy = z.output<typeof ambitionSchema>;
export type AdvancePolicy = z.output<typeof advanceSchema>;

/** Ambition kinds as codes for the turn loop. */
export const AMBITION_NONE = 0;
export const AMBITION_JOBS = 1;
export const AMBITION_RANK = 2;

export function ambitionCode(a: AmbitionPolicy | undefined): number {
  if (a === undefined) return AMBITION_NONE;
  return 'jobs' in a ? AMBITION_JOBS : AMBITION_RANK;
}

/** New PC slots each troupe gets (0 without an advance policy). */
export function reservedPcs(advance: AdvancePolicy | undefined): number {
  return advance === undefined ? 0 : (advance.maxPcs ?? 2);
}

/** Traits a PC with `traits` may still gain: "A character may have 4 traits at most." */
export function traitRoom(traits: number): number {
  return Math.max(0, MAX_TRAITS - traits);
}
