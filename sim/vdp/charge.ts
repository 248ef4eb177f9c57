/**
 * VDP Edge Charge (very-different-places.txt "Edge Charge"): "Any time a success is scored
 * (successfully inflicting a wound, or successfully defending from an attack), that success
 * may be given up in order to gain charge ... In case of a glancing hit, the attacker gains
 * one point of charge." Charge is released on a target "while actively attacking or
 * defending against that target -- however, the action negated to gain charge counts, so it
 * is possible for example to grapple someone rather than punching them, or letting someone
 * score a hit they otherwise wouldn't have, just before disarming them" (a success given up
 * is released at once on the enemy, as that action: rules.chargeRelease, in combat.ts);
 * "Releasing any amount of charge on a single target is a single action", and "Releasing
 * charge on oneself or an ally takes an action".
 *
 * The costed actions whose effect is a number, and Change Focus (the table's others are
 * not offered: docs/rulings/vdp-combat.md says why):
 *
 *   Armor Pierce   1  "The target's armor bonus is negated until they adjust their stance
 *                      to cover for it on their next turn"
 *   Grapple        1  "The target suffers the Entangled status"
 *   Entangle/Shock 1  "The target suffers the Entangled status until they spend an action to
 *                      disentangle themselves" (Ranged with appropriate weapon): an Entangled
 *                      that tension does not remove; the target's next turn's first action
 *                      frees it, as Disarm's weapon is recovered (see combat.ts)
 *   Disarm         1  "The target drops their weapon, and will have to spend an action to
 *                      recover it"
 *   Surge          2  "Next time dice allocation is decided, use an extra die"
 *   Probe Defense  2  "Gain +1 on combat bonus against this opponent; does not stack"
 *   Stunning Blow  3  "The target is briefly KO'd and skips a turn"
 *   Second Wind    3  "Recover a wound until the end of the fight"
 *   Change Focus   1  "The character can switch targets mid-turn" (Melee, usually): not an
 *                      action of its own but paid when its turn's target falls, to attack
 *                      another (rules.retarget: changeFocus; see combat.ts)
 *   Break off      1  "Negates a grapple" (Melee): released on itself, as an action at the
 *                      start of its turn, when it is still Entangled by an enemy's grapple
 *                      after paying what tension it would; then, melee, on each ally still
 *                      so held, the most hurt first, an action each ("Releasing charge on
 *                      oneself or an ally takes an action"; see combat.ts)
 *   Human shield   2  "Any ranged attack that would hit the character this turn, has a 75%
 *                      chance of hitting the target instead" (Melee, usually unarmed): the
 *                      target is held until the buyer's next turn (see combat.ts)
 *
 * Readings: docs/rulings/vdp-combat.md "Edge Charge".
 */

export const CHARGE_ACTIONS = ['none', 'armourPierce', 'grapple', 'entangleShock', 'disarm', 'surge', 'probeDefence', 'stunningBlow', 'secondWind', 'changeFocus', 'breakOff', 'humanShield'] as const;
export type ChargeAction = (typeof CHARGE_ACTIONS)[number];

/** Cost in charge of each action (index = CHARGE_ACTIONS index; `none` is never bought). */
export const CHARGE_COST = Int32Array.of(0, 1, 1, 1, 1, 2, 2, 3, 3, 1, 1, 2);
export const CHARGE_CODE = Object.fromEntries(CHARGE_ACTIONS.map((a, i) => [a, i])) as Record<ChargeAction, number>;

/** Actions released on oneself rather than on the target. */
export function onSelf(code: number): boolean {
  return code === CHARGE_CODE.surge || code === CHARGE_CODE.secondWind || code === CHARGE_CODE.breakOff;
}

/**
 * Which successes a character gives up for charge, while its charge is below the cost of
 * what it buys: `never`, `blocks` (successful defences), `hits` (wounding attacks), `both`.
 */
export const CASH_IN = ['never', 'blocks', 'hits', 'both'] as const;
export const CASH_IN_CODE = { never: 0, blocks: 1, hits: 2, both: 3 } as const;
