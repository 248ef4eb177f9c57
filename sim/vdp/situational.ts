/**
 * Situational advantage and disadvantage dice on a character's combat rolls, in `combat`
 * and in `contestRound` (very-different-places.txt "Advantage and Disadvantage"): "Many
 * combat rules will also call for Advantage or Disadvantage dice", and "Any relevant skill
 * may be used to Attack or Defend, with the GM's permission, though using a skill not
 * directly relevant may create a Disadvantage".
 *
 * A character's `advantage` and `disadvantage` dice are on every roll `advantageOn` names
 * (its attack rolls, its defence rolls, or both: the default) for the whole fight, a
 * situation that lasts (skates on ice, a shackled leg, a skill not directly relevant); each
 * roll nets them with the roll's other extra dice, advantage bought with tension and effect
 * dice: "an advantage die negates a disadvantage die and vice versa, until only one type
 * remains" (sim/vdp/pool.ts keeps the dice). Readings: docs/rulings/vdp-combat.md.
 */
import { z } from 'zod';
import { extraDice, netAdvantage } from './pool.ts';

/** The rolls a character's situational dice are on: `attack`, `defence` or `both` (the default). */
export const ADVANTAGE_ON = ['attack', 'defence', 'both'] as const;
export type AdvantageOn = (typeof ADVANTAGE_ON)[number];

/** The fields a combat character or a contender takes (spread into its schema). */
export const situationalFields = () => ({
  /** Advantage dice on each roll `advantageOn` names, for the whole fight; defaults to 0. */
  advantage: extraDice.optional(),
  /** Disadvantage dice on each roll `advantageOn` names ("a skill not directly relevant"); defaults to 0. */
  disadvantage: extraDice.optional(),
  /** Which of its rolls take them: `attack`, `defence` or `both`; defaults to "both". */
  advantageOn: z.enum(ADVANTAGE_ON).optional(),
});

export interface Situational {
  advantage?: number;
  disadvantage?: number;
  advantageOn?: AdvantageOn;
}

/** Net situational dice on one of its rolls: > 0 advantage, < 0 disadvantage, 0 none. */
export function situationalNet(c: Situational, roll: 'attack' | 'defence'): number {
  const on = c.advantageOn ?? 'both';
  return on === 'both' || on === roll ? netAdvantage(c.advantage, c.disadvantage) : 0;
}
