/**
 * VDP offensive and defensive effects, and the tension bidding over them
 * (very-different-places.txt "Offensive and Defensive Effects"):
 *
 * - "Instead of dealing damage, the attacker can choose to convert any number of damage
 *   points to tension and spend them (and any stored tension) immediately on an offensive
 *   effect." A blocking defender "gains a point of Tension, and can spend that tension on a
 *   defensive effect".
 * - "by default, every point of Tension spent or damage negated results in one Disadvantage
 *   die for the losing party on all combat actions for one turn."
 * - "Whenever Tension is spent this way, the defender can spend an equal amount of Tension
 *   to negate the effect. The attacker may then choose to spend more tension to put the
 *   effect back on; this back and forth continues until a player chooses to accept the
 *   success or failure of the effect, or is forced to do so by running out of Tension."
 *
 * Each choice is a named policy of the character (docs/rulings/vdp-combat.md "Effects").
 * Pure functions: the combat loop and its exact opening both call them.
 */

/**
 * When an attacker that deals damage converts it into an offensive effect: `never` (deal
 * the damage), `always` (convert every damage point), `unlessKo` (convert, but deal the
 * damage when it would KO the target).
 */
export const OFFENSIVE_EFFECTS = ['never', 'always', 'unlessKo'] as const;
export type OffensiveEffect = (typeof OFFENSIVE_EFFECTS)[number];

/** Whether a blocking defender spends the tension the block gained on a defensive effect (`always`) or banks it (`never`). */
export const DEFENSIVE_EFFECTS = ['always', 'never'] as const;
export type DefensiveEffect = (typeof DEFENSIVE_EFFECTS)[number];

/**
 * Whether a character pays to negate an effect on it, or to put one of its own back on:
 * `always` (whenever it has the tension), `whileAhead` (only when it can outlast the other
 * side: more whole bids left in its tension than the other has), `never`.
 */
export const BID_POLICIES = ['always', 'whileAhead', 'never'] as const;
export type BidPolicy = (typeof BID_POLICIES)[number];

export const OFFENSIVE_CODE = { never: 0, always: 1, unlessKo: 2 } as const;
export const BID_CODE = { always: 0, whileAhead: 1, never: 2 } as const;

/** Damage points an attacker converts (0: it deals them): `code` from OFFENSIVE_CODE. */
export function convertedDamage(code: number, damage: number, woundsAfter: number, limit: number): number {
  if (code === 0) return 0;
  if (code === 2 && woundsAfter > limit) return 0; // the blow that KOs is dealt
  return damage;
}

/** Whether a payer with `bank` tension pays `cost` against `other`'s bank, by `code` (BID_CODE). */
export function wantsToBid(code: number, bank: number, other: number, cost: number): boolean {
  if (bank < cost || code === 2) return false;
  if (code === 0) return true;
  // The payer outlasts a bidder that always answers iff it has more whole bids left.
  return Math.floor(bank / cost) > Math.floor(other / cost);
}

/** The outcome of a bidding: whether the effect stays on, and the tension each side paid. */
export interface Bidding {
  landed: boolean;
  winnerPaid: number;
  loserPaid: number;
}

/**
 * The back and forth over an effect of `size` (its tension, already paid by the one who
 * made it, the `winner`): the `loser` may pay `size` to negate it, the winner `size` again
 * to put it back on, and so on until one declines or cannot pay. Writes into `out`.
 */
export function bid(size: number, winnerBank: number, loserBank: number, winnerCode: number, loserCode: number, out: Bidding): Bidding {
  let w = winnerBank;
  let l = loserBank;
  let on = true;
  for (;;) {
    if (on) {
      if (!wantsToBid(loserCode, l, w, size)) break;
      l -= size;
    } else {
      if (!wantsToBid(winnerCode, w, l, size)) break;
      w -= size;
    }
    on = !on;
  }
  out.landed = on;
  out.winnerPaid = winnerBank - w;
  out.loserPaid = loserBank - l;
  return out;
}
