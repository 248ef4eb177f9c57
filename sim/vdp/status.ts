/**
 * VDP status effects and equipment in combat (very-different-places.txt "Status Effects",
 * "Equipment and environment"): what each changes as a number.
 *
 * - Entangled: "Physical Fortitude halved" (exactly, an odd one keeping its half point; with
 *   rules.entangledFortitude "roundedDown", rounded down and at least 1); a Mental or
 *   Emotional Fortitude stands ("the defender's Fortitude for the appropriate damage type
 *   (Physical, Mental, Emotional)").
 * - Fatigued: "Character may only take one action instead of two".
 * - Weakened: "Character may only use half their dice pool" (rounded down).
 * - Panicked: "Character must use at least 2 dice on defense".
 * - "Removing a status can be accomplished by spending 1 point of Tension, unless the status
 *   states otherwise": Edge Charge's Entangle/Shock does ("until they spend an action to
 *   disentangle themselves"), and is kept apart from these bits (combat.ts `netted`).
 * - "Armor grants additional threshold"; weapons may have "armor piercing capability,
 *   negating all or part of the armor bonus".
 *
 * A pool that is not 4 dice (Weakened, or Surge's "use an extra die") splits in the same
 * proportion as the character's split of 4. Readings: docs/rulings/vdp-combat.md.
 */
import { VDP_POOL } from './pool.ts';

export const STATUSES = ['entangled', 'fatigued', 'weakened', 'panicked'] as const;
export type Status = (typeof STATUSES)[number];

/** Bits of a character's statuses, in the order they are removed when it pays to remove them. */
export const ENTANGLED = 1;
export const FATIGUED = 2;
export const WEAKENED = 4;
export const PANICKED = 8;
export const STATUS_BIT: Record<Status, number> = { entangled: ENTANGLED, fatigued: FATIGUED, weakened: WEAKENED, panicked: PANICKED };
/**
 * Removal order, as the ruling reads it: Weakened (half the pool), Entangled, Fatigued,
 * Panicked. Since Panicked also costs an action it is not plainly the cheapest, but its 2
 * forced defence dice can help: a Fatigued, Panicked 3/1 fighter shedding Panicked before
 * Fatigued won less (0.41 against 0.52, an audit's measurement), so the order stands.
 */
export const REMOVAL_ORDER = Int32Array.of(WEAKENED, ENTANGLED, FATIGUED, PANICKED);

/** Whether a character pays 1 tension to remove each status at the start of its turn: `always` or `never`. */
export const REMOVE_STATUS = ['always', 'never'] as const;

/**
 * The damage type a character's enemies deal, whose Fortitude its `fortitude` is: "Damage
 * is determined by ... the defender's Fortitude for the appropriate damage type (Physical,
 * Mental, Emotional)".
 */
export const DAMAGE_TYPES = ['physical', 'mental', 'emotional'] as const;

/** The statuses a character starts with, as flags (`{weakened: true}`). */
export type StatusFlags = Partial<Record<Status, boolean>>;

export function statusBits(flags: StatusFlags | undefined): number {
  let bits = 0;
  for (const s of STATUSES) if (flags?.[s]) bits |= STATUS_BIT[s];
  return bits;
}

/** The dice pool: 4, plus Surge dice, halved (rounded down) when Weakened. */
export function poolSize(status: number, surge: number): number {
  const p = VDP_POOL + surge;
  return status & WEAKENED ? p >> 1 : p;
}

/**
 * Attack dice of a pool of `pool` dice for a split of `attack4` dice out of 4: the same
 * share, rounded half up; Panicked keeps at least 2 defence dice (or the whole pool).
 */
export function splitAttack(attack4: number, pool: number, status: number): number {
  let a = pool === VDP_POOL ? attack4 : Math.floor((attack4 * pool) / VDP_POOL + 0.5);
  if (a > pool) a = pool;
  if (status & PANICKED) {
    const most = pool - 2 < 0 ? 0 : pool - 2;
    if (a > most) a = most;
  }
  return a;
}

/**
 * Attacks a turn, of the turn's actions ("A character make take two actions on their
 * turn"): Fatigued "may only take one action instead of two", and Panicked must "take a
 * MOVE or SPLITMOVE action away from the source of panic", which is one of them. So a
 * Panicked fighter attacks once, and a Fatigued, Panicked one only moves. (`attacks: 1` is a
 * fighter whose other action moves anyway: panic costs it no attack.)
 */
export function actionsOf(attacks: number, status: number): number {
  const actions = status & FATIGUED ? 1 : 2;
  const free = status & PANICKED ? actions - 1 : actions;
  return attacks < free ? attacks : free;
}

/**
 * Whether paying a point of tension to remove status `bit` from `status` changes anything
 * for the character now: a point spent to change nothing is not a choice a player makes,
 * and it is a point the tension policy would have bought an advantage die with. Entangled
 * halves only a Physical Fortitude that some enemy's blows are measured against
 * (`physical`: false for another Fortitude, or where no enemy ever attacks, every one a
 * fixed "0/4"); Fatigued leaves one action, which is all a fighter of `attacks: 1` takes
 * unless it is also Panicked (then its one action is the MOVE); Weakened always halves the
 * pool; Panicked is kept as costing something (its 2 defence dice weigh on every split of
 * more than 2 attack dice, and adaptive splits vary). Fatigued and Panicked take only
 * actions away, so neither costs a fighter that never spends one (`acts` false: a fixed
 * "0/4" with nothing to release, no net to shed and no weapon to pick up).
 */
export function removalChanges(bit: number, status: number, attacks: number, physical: boolean, acts = true): boolean {
  if (bit === ENTANGLED) return physical;
  if (bit === FATIGUED) return acts && actionsOf(attacks, status) !== actionsOf(attacks, status & ~FATIGUED);
  if (bit === PANICKED) return acts;
  return true;
}

/**
 * The threshold an attack result is divided by: Fortitude (halved when Entangled and the
 * Fortitude is Physical: `physical`; exactly, a half point kept, or with `roundedDown`
 * rounded down and at least 1: rules.entangledFortitude) plus the armour the attacker's
 * piercing leaves. A half point is exact in a double, and so is every quotient the damage
 * rule floors: an integer result over x.5 is never a hair below an integer it should reach.
 */
export function thresholdOf(fortitude: number, status: number, armour: number, piercing: number, physical = true, roundedDown = false): number {
  const f = physical && status & ENTANGLED ? (roundedDown ? Math.max(1, fortitude >> 1) : fortitude / 2) : fortitude;
  return f + (armour > piercing ? armour - piercing : 0);
}
