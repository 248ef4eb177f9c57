/**
 * One VDP combat exchange: an attack total against a defence total
 * (very-different-places.txt "Attacking and Defending"; docs/rules.md "Very Different Places"). Shared by
 * `combat` (Monte Carlo, per attack) and its exact opening exchange.
 *
 * - "If the total is higher for the attacker, then the defender will take damage ...
 *   If the result is less than the defender's Fortitude, the attack is a Glancing Blow,
 *   and does no damage. The attacker gains 1 Tension"; otherwise "divide the attack
 *   result by the relevant Fortitude; the defender takes that much damage" (rounded down,
 *   docs/rules.md: damage = floor(result / Fortitude), so a result equal to Fortitude deals 1).
 * - "If the defender's total is higher, the attack is blocked or guarded, and the defender
 *   gains a point of Tension ... more than double the attacker's, he gains 2 points ...
 *   More than triple, the defender gains 3 Tension, and so on."
 * - Equal totals: the attack result is 0, below any Fortitude, so a glancing blow
 *   (docs/rulings/vdp-combat.md).
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import type { Distribution } from '../exact/distribution.ts';

/** "adding the relevant Attribute and Skill to the roll" (plus a weapon or shield). */
export const rollBonusSchema = lazySchema(() => z
  .object({
    attribute: z.number().int().min(-20).max(50),
    skill: z.number().int().min(-20).max(50),
    /** Weapon power on attack, shield or armour on defence ("grant a bonus to weapon power"); defaults to 0. */
    bonus: z.number().int().min(-20).max(50).optional(),
  })
  .strict());

export type RollBonus = z.output<typeof rollBonusSchema>;

export function bonusOf(b: RollBonus): number {
  return b.attribute + b.skill + (b.bonus ?? 0);
}

/**
 * Tension a holding defender gains: the largest k with defence > k × attack (Jack's 25
 * against 14 → 1; 29 against 14 → 2), and at least one ("the defender gains a point of
 * Tension"). An attack total of 0 or less counts as 1 here, so a defence against nothing
 * earns defence − 1 rather than an unbounded amount, and 1 against a defence of 1 (it
 * earned 0 until December 2026, and exchange() then read the held attack as a glancing
 * blow: docs/rulings/vdp-combat.md).
 */
export function defenderTension(attack: number, defence: number): number {
  const a = attack < 1 ? 1 : attack;
  // Largest k with k·a < defence is ⌈defence / a⌉ − 1.
  const k = Math.ceil(defence / a) - 1;
  return k < 1 ? 1 : k;
}

/**
 * One exchange as a single integer (no allocation in the hot loop): damage dealt (> 0),
 * 0 for a glancing blow (the attacker gains 1 tension), or −k when the defender holds and
 * gains k tension. Totals are already clamped at 0.
 */
export function exchange(attack: number, defence: number, fortitude: number): number {
  if (defence > attack) return -defenderTension(attack, defence);
  // "Damage is determined by the difference ... (referred to now as the attack result)".
  return Math.floor((attack - defence) / fortitude);
}

/** The exact outcome of one exchange between independent totals. */
export interface ExchangeOdds {
  /** P(the defender holds). */
  held: number;
  /** P(a glancing blow: the attacker's total is not below the defence, but no damage). */
  glancing: number;
  /** P(at least one wound). */
  hit: number;
  /** Mean wounds dealt. */
  damage: number;
  /** Mean tension the defender gains. */
  defenderTension: number;
}

export function exchangeOdds(attack: Distribution, defence: Distribution, fortitude: number): ExchangeOdds {
  const out: ExchangeOdds = { held: 0, glancing: 0, hit: 0, damage: 0, defenderTension: 0 };
  for (let i = 0; i < attack.p.length; i++) {
    const pa = attack.p[i];
    if (pa === 0) continue;
    for (let j = 0; j < defence.p.length; j++) {
      const p = pa * defence.p[j];
      if (p === 0) continue;
      const r = exchange(attack.min + i, defence.min + j, fortitude);
      if (r < 0) {
        out.held += p;
        out.defenderTension += p * -r;
      } else if (r === 0) out.glancing += p;
      else {
        out.hit += p;
        out.damage += p * r;
      }
    }
  }
  return out;
}
