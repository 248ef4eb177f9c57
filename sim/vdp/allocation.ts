/**
 * Splitting the 4-die pool between attack and defence (very-different-places.txt
 * "Attacking and Defending": "a character's dice pool is always split into Attack and
 * Defence dice"). The fixed splits are the text's table, written attack/defence:
 *
 *   4/0 "All-out finishing blow, or desperation move"
 *   3/1 "Fencing style lunge"
 *   2/2 "Thrust and parry"
 *   1/3 "Close guard, or biding time"
 *   0/4 "Fighting defensively"
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { VDP_POOL } from './pool.ts';

export const FIXED_SPLITS = ['4/0', '3/1', '2/2', '1/3', '0/4'] as const;
export type FixedSplit = (typeof FIXED_SPLITS)[number];

export const fixedSplitSchema = lazySchema(() => z.enum(FIXED_SPLITS));

/** Attack dice of a fixed split: "3/1" → 3 (the rest of the pool defends). */
export function attackDiceOf(split: FixedSplit): number {
  return Number(split[0]);
}

/** Defence dice when `attack` dice attack. */
export function defenceDiceOf(attack: number): number {
  return VDP_POOL - attack;
}
