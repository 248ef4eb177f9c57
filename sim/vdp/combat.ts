/**
 * VDP `combat` (very-different-places.txt "Combat"; docs/rules.md "Very Different Places"): two or more
 * characters, in teams, fight in rounds until one team is left standing.
 *
 * A round: every standing character rolls 2d6 + Timing; turns go "from highest to lowest,
 * with ties broken by whichever character has the highest Timing attribute" (then at
 * random). On its turn a character takes its actions (`attacks`, two by default: "A
 * character may take two actions on their turn"), each an ATTACK on an enemy chosen by
 * its `targeting` policy; a melee fighter keeps that enemy for the turn ("Change Focus ... The
 * character can switch targets mid-turn" is an Edge Charge buy; rules.retarget). Dice are split by the `allocation` policy "the first time each
 * combat turn he needs to use them - when attacking, or being attacked", and the split
 * holds for the rest of the round. An attack rolls the attack dice + attribute + skill −
 * wounds; the target defends with its defence dice likewise ("For every wound received, a
 * character subtracts 1 from the total results"); sim/vdp/exchange.ts settles the
 * exchange. Wounds beyond the wound limit ("Whenever a character's Wounds ... exceed their
 * Health") KO the character. Tension, gained from glancing blows and held attacks, buys
 * advantage dice by the `spendTension` policy ("one advantage die per point on the next
 * combat action"); situational advantage and disadvantage dice ("Many combat rules will also
 * call for Advantage or Disadvantage dice") net with them on the rolls they are on
 * (sim/vdp/situational.ts). Cover: "light cover grants a 2/6 chance of avoiding a hit from a
 * direct-fire ranged attack. Medium cover grants a 4/6 chance", rolled on a shot that would
 * hit (`coverRoll: onHit`, the default) or, the text's shortcut, "before ranged attacks are
 * calculated" (`before`); firing from cover lowers it a step until the next turn.
 * Offensive and defensive effects (sim/vdp/effects.ts): damage converted, or a block's
 * tension spent, puts "one Disadvantage die for the losing party on all combat actions for
 * one turn" per point, after the tension bidding; each choice a policy of the character.
 * Armour adds to the threshold, statuses change pools, actions and Fortitude
 * (sim/vdp/status.ts); Edge Charge is gained from successes given up and glancing hits and
 * released as an action: on an enemy at once, as the attack or defence given up for it
 * ("the action negated to gain charge counts"; rules.chargeRelease), else as an attack
 * action of the fighter's own (sim/vdp/charge.ts).
 *
 * Readings the text leaves open: docs/rulings/vdp-combat.md.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { entityName } from '../names.ts';
import { defineMechanic } from '../mechanic.ts';
import { Distribution } from '../exact/distribution.ts';
import type { RandomStream } from '../random.ts';
import type { DistributionSpec, Tally } from '../stats.ts';
import { MetricLayout, metricTable } from '../metrics.ts';
import { VDP_DEFAULTS, type VdpRules } from '../rules.ts';
import { VDP_DIE, VDP_POOL, VdpRoll } from './pool.ts';
import { FIXED_SPLITS, attackDiceOf, type FixedSplit } from './allocation.ts';
import { bonusOf, exchange, rollBonusSchema } from './exchange.ts';
import {
  BID_CODE,
  BID_POLICIES,
  DEFENSIVE_EFFECTS,
  OFFENSIVE_CODE,
  OFFENSIVE_EFFECTS,
  bid,
  convertedDamage,
  type Bidding,
} from './effects.ts';
import { DAMAGE_TYPES, ENTANGLED, REMOVAL_ORDER, REMOVE_STATUS, STATUSES, actionsOf, poolSize, removalChanges, splitAttack, statusBits, thresholdOf } from './status.ts';
import { onFirstRollOnly, situationalDefaultNote, situationalFields, situationalNet, situationalNotes } from './situational.ts';
import { CASH_IN, CASH_IN_CODE, CHARGE_ACTIONS, CHARGE_CODE, CHARGE_COST, onSelf } from './charge.ts';

/** Rounds a fight lasts at most where the setup leaves `maxRounds` out: still going, a draw. */
export const DEFAULT_COMBAT_ROUNDS = 50;

/** "Wounds before KO", the character-type table. */
export const WOUND_LIMITS = {
  /** "Pests, animals in a swarm, children" */
  pest: 1,
  /** "Civilians, minions, farm animals" */
  civilian: 2,
  /** "Trained fighters, starting player characters, wild animals" */
  trained: 3,
  /** "Well-trained fighters, mid level PCs" */
  wellTrained: 4,
  /** "Elites or fanatics, high level PCs" */
  elite: 5,
  /** "Boss characters" */
  boss: 6,
} as const;

const CHARACTER_TYPES = Object.keys(WOUND_LIMITS) as [keyof typeof WOUND_LIMITS, ...(keyof typeof WOUND_LIMITS)[]];

/**
 * How a character splits its 4 dice each round. The fixed splits of the text's table, and:
 * - `guardWhenWounded`: 3/1 unhurt, 2/2 once wounded, 1/3 when the next wound would KO it;
 * - `finishingBlow`: 2/2, but 4/0 ("All-out finishing blow") while an enemy is one wound
 *   from KO;
 * - `desperation`: 2/2, but 4/0 ("desperation move") while it is itself one wound from KO.
 */
export const ALLOCATIONS = [...FIXED_SPLITS, 'guardWhenWounded', 'finishingBlow', 'desperation'] as const;
export type Allocation = (typeof ALLOCATIONS)[number];

/**
 * When a character spends tension, one advantage die per point, at most `spendPerRoll`
 * points a roll, never on a roll of no dice: `never`; `onAttack` (its attack rolls);
 * `onDefence` (its defence rolls); `onNextRoll` (whichever roll comes first).
 */
export const SPEND_POLICIES = ['never', 'onAttack', 'onDefence', 'onNextRoll'] as const;

/**
 * Which enemy a character attacks: `weakest` (fewest wounds left before KO), `strongest`
 * (most wounds left) or `random`; ties at random. A melee fighter picks once a turn
 * (rules.retarget: changeFocus), a ranged one for every attack.
 */
export const TARGETING = ['weakest', 'strongest', 'random'] as const;

/** Cover against direct fire, in sixths of a chance to avoid the hit. */
export const COVER = { none: 0, light: 2, medium: 4, full: 6 } as const;
const COVER_LEVELS = ['none', 'light', 'medium', 'full'] as const;
const COVER_SIXTHS = Int32Array.of(0, 2, 4, 6);

/** Advantage dice one roll can buy: a bound on `spendPerRoll`. */
export const MAX_SPEND = 8;
/** Disadvantage dice kept in the prepared table; more are prepared when first needed. */
const TABLE_DISADVANTAGE = 16;

/**
 * Prepared rolls of `kept` d6s with `net` advantage (> 0) or disadvantage (< 0) dice: a
 * table for the usual range, and a cache for the rare larger ones (a big effect stacked on
 * a character), so no number of dice is ever cut short.
 */
export class RollTable {
  private readonly table: VdpRoll[] = [];
  private readonly rare = new Map<number, VdpRoll>();
  private readonly width = MAX_SPEND + TABLE_DISADVANTAGE + 1;
  constructor(private readonly maxKept: number) {
    for (let kept = 0; kept <= maxKept; kept++) {
      for (let net = -TABLE_DISADVANTAGE; net <= MAX_SPEND; net++) this.table.push(new VdpRoll(kept, net, 0));
    }
  }
  get(kept: number, net: number): VdpRoll {
    if (kept <= this.maxKept && net >= -TABLE_DISADVANTAGE && net <= MAX_SPEND) return this.table[kept * this.width + net + TABLE_DISADVANTAGE];
    const key = kept * 100003 + net;
    let r = this.rare.get(key);
    if (!r) this.rare.set(key, (r = new VdpRoll(kept, net, 0)));
    return r;
  }
}

const name = entityName;

export const combatantSchema = lazySchema(() => z
  .object({
    name,
    /** Characters with the same team fight together; defaults to the character's own name. */
    team: name.optional(),
    /** How many identical characters this entry stands for; defaults to 1. */
    count: z.number().int().min(1).max(100).optional(),
    /** Attribute + skill (+ weapon) added to attack dice. */
    attack: rollBonusSchema,
    /** Attribute + skill (+ shield) added to defence dice. */
    defence: rollBonusSchema,
    /** Fortitude of the damage type the enemies deal (Physical for a fistfight). */
    fortitude: z.number().int().min(1).max(50),
    /** The damage type its enemies deal, whose Fortitude `fortitude` is (Entangled halves only Physical); defaults to "physical". */
    damageType: z.enum(DAMAGE_TYPES).optional(),
    /** Row of the character-type table giving the wound limit. */
    type: z.enum(CHARACTER_TYPES).optional(),
    /** Wounds before KO, instead of `type` (a trait may raise Health). */
    woundLimit: z.number().int().min(1).max(50).optional(),
    /** "the sum of Physical, Mental, and Emotional Reaction". */
    timing: z.number().int().min(-20).max(100),
    /** Tension at the start of the fight; defaults to 0. */
    tension: z.number().int().min(0).max(100).optional(),
    /** ATTACK actions per turn: 2 ("PUNCH KICK", "FIRE FIRE"), or 1 when the other action moves; defaults to 2. */
    attacks: z.number().int().min(1).max(2).optional(),
    /** Direct-fire ranged attacks, which cover can avoid; defaults to false (melee). */
    ranged: z.boolean().optional(),
    /**
     * Its ranged attacks are indirect fire (a mortar, a grenade launcher): "Indirect fire is
     * not affected [by cover], but requires specialized launchers ... and can only be used
     * out in the open", so cover never stops them, and the character has no cover of its
     * own. Needs `ranged`; defaults to false.
     */
    indirect: z.boolean().optional(),
    /** The character's cover against direct fire; defaults to "none". */
    cover: z.enum(COVER_LEVELS).optional(),
    /** How it splits its 4 dice (see ALLOCATIONS); defaults to "2/2", "Thrust and parry". */
    allocation: z.enum(ALLOCATIONS).optional(),
    /** When it spends tension on advantage dice (see SPEND_POLICIES); defaults to "onAttack". */
    spendTension: z.enum(SPEND_POLICIES).optional(),
    /** Most tension points spent on one roll; defaults to 4 (one advantage die per pool die). */
    spendPerRoll: z.number().int().min(1).max(MAX_SPEND).optional(),
    // Situational advantage and disadvantage dice (sim/vdp/situational.ts): advantage, disadvantage, advantageOn, advantageRolls.
    ...situationalFields(),
    /** Which enemy it attacks (see TARGETING); defaults to "weakest". */
    targeting: z.enum(TARGETING).optional(),
    /** When it converts damage into an offensive effect (see OFFENSIVE_EFFECTS); defaults to "never". */
    offensiveEffect: z.enum(OFFENSIVE_EFFECTS).optional(),
    /** Whether a block's tension goes on a defensive effect (see DEFENSIVE_EFFECTS); defaults to "always". */
    defensiveEffect: z.enum(DEFENSIVE_EFFECTS).optional(),
    /** When it pays in the tension bidding over an effect (see BID_POLICIES); defaults to "whileAhead". */
    bid: z.enum(BID_POLICIES).optional(),
    /** Stored tension it adds to each effect it makes ("and any stored tension"); defaults to 0. */
    effectTension: z.number().int().min(0).max(100).optional(),
    /** "Armor grants additional threshold": added to Fortitude; defaults to 0. */
    armour: z.number().int().min(0).max(50).optional(),
    /** Its weapon's "armor piercing capability": armour points it ignores; defaults to 0. */
    armourPiercing: z.number().int().min(0).max(50).optional(),
    /** Statuses it starts the fight with, as flags (see sim/vdp/status.ts). */
    status: z
      .object(Object.fromEntries(STATUSES.map((k) => [k, z.boolean().optional()])) as Record<(typeof STATUSES)[number], z.ZodOptional<z.ZodBoolean>>)
      .strict()
      .optional(),
    /** Whether it spends 1 tension to remove each status at the start of its turn; defaults to "always". */
    removeStatus: z.enum(REMOVE_STATUS).optional(),
    /** The Edge Charge action it builds charge for and releases (see sim/vdp/charge.ts); defaults to "none". */
    chargeBuy: z.enum(CHARGE_ACTIONS).optional(),
    /** Which successes it gives up for charge while short of its buy's cost; defaults to "never". */
    chargeCashIn: z.enum(CASH_IN).optional(),
    /**
     * Edge Charge it brings into the fight ("Charge can be stored between fights or
     * challenges, up to a character's Attunement, and dissipates at a rate of 1 per day"):
     * the charge left after the days between, kept within its Attunement by the user, as
     * poolsim has no Attunement; defaults to 0.
     */
    charge: z.number().int().min(0).max(100).optional(),
  })
  .strict());

export const combatSetup = lazySchema(() => z
  .object({
    characters: z.array(combatantSchema).min(2).max(100),
    /** Rounds before the fight is called a draw; defaults to 50. */
    maxRounds: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const names = new Set<string>();
    const teams = new Set<string>();
    let total = 0;
    const neverAttacks = attacksNever;
    // Whether a character's Fortitude is Physical (its enemies' damage), the one Entangled halves and armour guards.
    const physicalOf = (e: { damageType?: string }) => (e.damageType ?? 'physical') === 'physical';
    s.characters.forEach((c, i) => {
      const team = c.team ?? c.name;
      const foes = s.characters.filter((e) => (e.team ?? e.name) !== team);
      if (names.has(c.name)) {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'name'], message: `two characters are named "${c.name}": names must differ` });
      }
      names.add(c.name);
      teams.add(c.team ?? c.name);
      total += c.count ?? 1;
      if (c.type === undefined && c.woundLimit === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['characters', i],
          message: `"${c.name}" needs a wound limit: expected "type" (one of ${CHARACTER_TYPES.join(', ')}) or "woundLimit"`,
        });
      }
      // Both given, one would be dropped without a word: which the GM meant is not ours to
      // guess (a boss whose trait raised its Health, or a typo in either).
      if (c.type !== undefined && c.woundLimit !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['characters', i, 'woundLimit'],
          message: `"${c.name}" gives both "type" (${c.type}: ${WOUND_LIMITS[c.type]} wounds before KO) and "woundLimit" (${c.woundLimit}), and only one can set its wound limit: expected one of them ("woundLimit" alone for a limit a trait has moved off the table's)`,
        });
      }
      // Cover "grants a 2/6 [4/6] chance of avoiding a hit from a direct-fire ranged attack"
      // (and stops a ranged fighter's release, a shot too): with every enemy melee it would
      // change nothing, as Human shield with no ranged enemy.
      if ((c.cover ?? 'none') !== 'none' && !foes.some(directFire)) {
        ctx.addIssue({
          code: 'custom',
          path: ['characters', i, 'cover'],
          message: foes.some((e) => e.ranged === true)
            ? `"${c.name}" is in ${c.cover} cover, which avoids "a hit from a direct-fire ranged attack", but every ranged enemy fires indirect ("Indirect fire is not affected"), so it would change nothing: expected an enemy with direct fire, or cover left out`
            : `"${c.name}" is in ${c.cover} cover, which avoids "a hit from a direct-fire ranged attack", but no enemy is ranged, so it would change nothing: expected an enemy with "ranged": true, or cover left out`,
        });
      }
      // Indirect fire "requires specialized launchers" (a ranged weapon) "and can only be used
      // out in the open".
      if (c.indirect === true && c.ranged !== true) {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'indirect'], message: `"${c.name}" fires indirect, which "requires specialized launchers", but it is not ranged: expected "ranged": true, or "indirect" left out` });
      }
      if (c.indirect === true && (c.cover ?? 'none') !== 'none') {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'cover'], message: `"${c.name}" fires indirect, which "can only be used out in the open", but it is in ${c.cover} cover: expected "cover" left out, or "indirect" left out` });
      }
      // "Change Focus … Melee, usually": a ranged fighter switches targets anyway, so the buy
      // would never be made (and a cash-in would give up successes for it for nothing).
      if (c.chargeBuy === 'changeFocus' && c.ranged === true) {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" is ranged and switches targets freely, so Change Focus would never be bought: expected another buy, or "ranged" left out` });
      }
      // "Switch targets mid-turn" needs a second attack in the turn: a fighter that attacks
      // at most once a turn all fight (attacks 1; a fixed "0/4", which never attacks; Fatigued
      // or Panicked kept, removeStatus "never") never buys it, and a cash-in gave up hits or
      // blocks for it (an audit: win 0.0125 against 0.0719 without the buy).
      const keptOneAction = (c.status?.fatigued === true || c.status?.panicked === true) && c.removeStatus === 'never';
      if (c.chargeBuy === 'changeFocus' && c.ranged !== true && ((c.attacks ?? 2) === 1 || neverAttacks(c) || keptOneAction)) {
        const why = neverAttacks(c) ? 'its allocation "0/4" never attacks' : keptOneAction ? `it keeps its ${c.status?.fatigued === true ? 'Fatigued' : 'Panicked'} status all fight (removeStatus "never"), so it attacks once a turn at most` : 'it makes one attack a turn (attacks 1)';
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" buys Change Focus, to "switch targets mid-turn", but ${why}: it never has a second attack to switch for, so it would never be bought: expected another buy` });
      }
      // "Entangle/Shock … Ranged with appropriate weapon": the net launcher, slime sprayer or
      // shock blaster of the text ("unless you've built yourself a net launcher").
      if (c.chargeBuy === 'entangleShock' && c.ranged !== true) {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" buys Entangle/Shock, which is "Ranged with appropriate weapon", but it is not ranged: expected "ranged": true (a net launcher, a sprayer, a blaster), or another buy` });
      }
      // "Grapple … Melee": "executing a grapple with most ranged weapons is absurd -- unless
      // you've built yourself a net launcher or a slime sprayer", which is Entangle/Shock.
      if (c.chargeBuy === 'grapple' && c.ranged === true) {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" is ranged, and Grapple is "Melee" ("executing a grapple with most ranged weapons is absurd"): expected "entangleShock" (a net launcher or a slime sprayer), another buy, or "ranged" left out` });
      }
      // Entangled is "Physical Fortitude halved", and an enemy's `damageType` is the type it
      // takes from this fighter's side (the type its enemies deal). Grappling an enemy hit on
      // a Mental or Emotional Fortitude changes nothing, so it is never done (release,
      // below); where no enemy could be held the buy would never be made, and a cash-in would
      // give up successes for it: refused. (A net is another matter: whatever the Fortitude,
      // it costs the target the action that frees it.)
      if (c.chargeBuy === 'grapple') {
        // With some enemies Physical, the grapples go on those alone (release, below); one
        // Entangled from the start that never sheds it (removeStatus "never") is never
        // grappled either (a grapple on the Entangled is kept).
        const foe = foes.some(physicalOf) ? undefined : foes[0];
        const held = foes.filter((e) => physicalOf(e) && !(e.status?.entangled === true && e.removeStatus === 'never'));
        if (!foe && held.length === 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['characters', i, 'chargeBuy'],
            message: `"${c.name}" buys Grapple, but every enemy it could hold starts Entangled and never sheds it (status entangled, removeStatus "never"), so a grapple would change nothing and none would be made: expected an enemy that is not held already, or another buy`,
          });
        }
        if (foe) {
          ctx.addIssue({
            code: 'custom',
            path: ['characters', i, 'chargeBuy'],
            message: `"${c.name}" buys Grapple, but its enemy "${foe.name}" takes ${foe.damageType} damage (its damageType), and Entangled halves only "Physical Fortitude", so no enemy could be held and the buy would never be made (a cash-in giving up successes for it for nothing): expected an enemy whose damageType is physical, or another buy`,
          });
        }
      }
      // Break off "Negates a grapple": released on itself, or ("Releasing charge on oneself
      // or an ally takes an action") on an ally its side's enemies hold. With no enemy that
      // grapples, or no one it could free (no grapple is put on a Fortitude no hold halves,
      // nor on one Entangled from the start for good), it would never be made, and a
      // cash-in would give up successes for it.
      if (c.chargeBuy === 'breakOff') {
        const grappler = foes.some((e) => e.chargeBuy === 'grapple');
        // Entangled from the start and never shedding it, it is never grappled (a grapple on
        // the Entangled is kept), so there is nothing to break.
        const heldForGood = (e: CombatantSetup) => e.status?.entangled === true && e.removeStatus === 'never';
        const holdable = (e: CombatantSetup) => physicalOf(e) && !heldForGood(e);
        // Its allies: the others of its side (copies of its own entry are as it is). "Break
        // off ... Melee": a ranged buyer is not at an ally's side to break its hold, so it
        // frees only itself (its own hold it meets in melee, being held).
        const allies = s.characters.filter((e) => e !== c && (e.team ?? e.name) === team);
        const freeable = c.ranged === true ? [] : allies.filter(holdable);
        if (!grappler) {
          ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" buys Break off, which "Negates a grapple", but no enemy buys grapple, so it would never be made: expected an enemy with chargeBuy "grapple", or another buy` });
        } else if (!holdable(c) && freeable.length === 0) {
          const self = heldForGood(c) && physicalOf(c)
            ? `it starts Entangled and never sheds it (status entangled, removeStatus "never"), so no grapple is put on it`
            : `it takes ${c.damageType} damage (its damageType), which no grapple halves, so none is put on it`;
          // Where it has allies, why none of them is freed either: a ranged buyer does not
          // come to an ally's side, and no grapple is put on the others.
          const why = (e: CombatantSetup) => (physicalOf(e) ? `"${e.name}" starts Entangled and never sheds it` : `"${e.name}" takes ${e.damageType} damage`);
          const rangedOnly = c.ranged === true && allies.some(holdable);
          const expected = heldForGood(c) && physicalOf(c) ? `expected removeStatus "always"` : `expected damageType physical`;
          ctx.addIssue({
            code: 'custom',
            path: ['characters', i, 'chargeBuy'],
            message:
              allies.length === 0
                ? `"${c.name}" buys Break off, but ${self} and it would never be made: ${expected}, or another buy`
                : rangedOnly
                  ? `"${c.name}" buys Break off, but ${self}, and it is ranged, and Break off is "Melee": it does not come to an ally's side to break its hold, so it would never be made: ${expected}, "ranged" left out (to free an ally), or another buy`
                  : `"${c.name}" buys Break off, but ${self}, and no grapple is put on an ally of its side either (${allies.map(why).join('; ')}), so it would never be made: ${expected}, an ally a grapple can hold, or another buy`,
          });
        }
      }
      // Human shield: "Any ranged attack that would hit the character this turn, has a 75%
      // chance of hitting the target instead | Melee, usually unarmed". The buyer holds an
      // enemy, and only another enemy's ranged attack is redirected (the shield's own shots
      // are not turned onto itself): with no ranged enemy, or a single enemy, it would never
      // be made, and a cash-in would give up successes for it.
      if (c.chargeBuy === 'humanShield') {
        const enemies = foes.reduce((k, e) => k + (e.count ?? 1), 0);
        const problem =
          c.ranged === true
            ? `"${c.name}" is ranged, and Human shield is "Melee, usually unarmed" (the target is held): expected another buy, or "ranged" left out`
            : !foes.some((e) => e.ranged === true)
              ? `"${c.name}" buys Human shield, which turns "Any ranged attack that would hit the character" onto the enemy it holds, but no enemy is ranged, so it would never be made: expected an enemy with "ranged": true, or another buy`
              : enemies < 2
                ? `"${c.name}" buys Human shield, but it has ${enemies} enemy, whose own shots are not turned onto itself, so it would never be made: expected at least two enemies (one of them ranged), or another buy`
                : undefined;
        if (problem) ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: problem });
      }
      // "Armor ? grants additional threshold" is equipment, listed with weapons and shields:
      // it stands between a body and a blow, not a mind and a terror or a soul and a taunt.
      // The text is silent on Mental and Emotional damage; as a GM rules it
      // (docs/rulings/vdp-combat.md, "Armour is threshold"), armour counts against Physical
      // damage only. Set where it could not count, it is refused rather than dropped.
      if ((c.armour ?? 0) > 0 && !physicalOf(c)) {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'armour'], message: `"${c.name}" takes ${c.damageType} damage (its damageType), and armour ("Armor grants additional threshold", equipment) stands against Physical damage only: expected armour left out, or a ward of the mind or spirit as a higher "fortitude"` });
      }
      // A weapon's piercing only meets armour, which only a Physical Fortitude has: with no
      // such enemy it would change nothing.
      if ((c.armourPiercing ?? 0) > 0) {
        if (!foes.some(physicalOf)) {
          ctx.addIssue({ code: 'custom', path: ['characters', i, 'armourPiercing'], message: `"${c.name}" has armour piercing, but every enemy takes Mental or Emotional damage (its damageType), where armour does not count, so it would change nothing: expected an enemy whose damageType is physical, or armourPiercing left out` });
        }
      }
      // Disarm: "The target drops their weapon, and will have to spend an action to recover
      // it". An enemy with no weapon (hasWeapon) drops nothing and has nothing to recover, so
      // it is never disarmed (release, below); with no armed enemy the buy would never be
      // made, and a cash-in would give up successes for it.
      if (c.chargeBuy === 'disarm' && !foes.some(hasWeapon)) {
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" buys Disarm ("The target drops their weapon"), but no enemy has a weapon (an attack bonus above 0, "ranged", or armourPiercing above 0), so it would never be made: expected an armed enemy, or another buy` });
      }
      // Armor Pierce negates armour that its side's weapons do not already pierce: released
      // only on such an enemy (release, below), so with none it would never be made, and a
      // cash-in would give up successes for it.
      // Only the weapons of those who attack the target count, whoever's side they are on (a
      // third team's blows land on it too): a fixed "0/4" never strikes (an audit: a 0/4
      // buyer alone, or beside an ally whose weapon pierced the armour already, released
      // Armor Pierce to no end and gave up blocks for it; a review: with three teams a
      // third team's blows still gain).
      const strikers = (e: CombatantSetup) => s.characters.filter((x) => (x.team ?? x.name) !== (e.team ?? e.name) && !neverAttacks(x));
      // A grapple goes only on an enemy it could hold (a Physical Fortitude, not Entangled for
      // good: below): one of those must be attacked by someone (a review: a 0/4 grappler whose
      // one Physical enemy nobody attacked was let through, beside a Mental one attacked).
      const helped = c.chargeBuy === 'grapple' ? foes.filter((e) => physicalOf(e) && !(e.status?.entangled === true && e.removeStatus === 'never')) : foes;
      if ((c.chargeBuy === 'armourPierce' || c.chargeBuy === 'grapple') && helped.length > 0 && helped.every((e) => strikers(e).length === 0)) {
        const what = c.chargeBuy === 'armourPierce' ? 'Armor Pierce, which negates armour against the blows its enemies take' : 'Grapple, whose Entangled halves the Fortitude the blows its enemies take are measured against';
        const whom = c.chargeBuy === 'grapple' && helped.length < foes.length ? 'the enemies it could hold' : 'its enemies';
        ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" buys ${what}, but nobody ever attacks ${whom} (every one who could is at allocation "0/4"), so it would change nothing and never be made: expected a fighter who attacks them, or another buy` });
      } else if (c.chargeBuy === 'armourPierce') {
        const leastAgainst = (e: CombatantSetup) => Math.min(...strikers(e).map((x) => x.armourPiercing ?? 0));
        if (!foes.some((e) => (e.armour ?? 0) > leastAgainst(e))) {
          const least = Math.min(...foes.map(leastAgainst));
          ctx.addIssue({ code: 'custom', path: ['characters', i, 'chargeBuy'], message: `"${c.name}" buys Armor Pierce, but no enemy has armour above the armour piercing of those who attack it (${least}), so it would never be made: expected an enemy with more armour, or another buy` });
        }
      }
    });
    // (No characters at all is said by the list's own minimum: one team of none is not a team.)
    if (teams.size === 1) {
      ctx.addIssue({ code: 'custom', path: ['characters'], message: `every character is on team "${[...teams][0]}": expected at least two teams` });
    }
    if (total > 100) {
      ctx.addIssue({ code: 'custom', path: ['characters'], message: `${total} characters in all: expected at most 100` });
    }
  }));

export type CombatSetup = z.output<typeof combatSetup>;
export type CombatantSetup = z.output<typeof combatantSchema>;

/**
 * Whether a character has a weapon to drop (Disarm): "Weapons ? grant a bonus to weapon
 * power on offense", so an attack `bonus` above 0; "Launchers or thrown items allow for
 * ranged combat", so a `ranged` fighter; "some weapons may have armor piercing capability",
 * so `armourPiercing` above 0. Otherwise it fights with attribute and skill alone, bare
 * hands ("will have to use unarmed skill").
 */
/**
 * A fixed "0/4" puts no die on attack, ever ("Fighting defensively"): it never attacks, so
 * its weapon pierces nothing, and a blow it is not dealt is not measured against anyone's
 * Fortitude. (Every other allocation attacks with some split.)
 */
export function attacksNever(c: Pick<CombatantSetup, 'allocation'>): boolean {
  return (FIXED_SPLITS as readonly string[]).includes(c.allocation ?? '2/2') && attackDiceOf((c.allocation ?? '2/2') as FixedSplit) === 0;
}

/** Why a combat entry never blocks, or undefined (see blocksEver). */
function neverBlocksWhy(c: CombatantSetup): string {
  return c.allocation === '4/0' && c.status?.panicked !== true ? 'has no defence dice at allocation "4/0"' : 'is never attacked: every enemy is at allocation "0/4"';
}

/** Ranged attacks that cover may stop: every ranged one but indirect fire. */
export function directFire(c: Pick<CombatantSetup, 'ranged' | 'indirect'>): boolean {
  return c.ranged === true && c.indirect !== true;
}

export function hasWeapon(c: Pick<CombatantSetup, 'attack' | 'ranged' | 'armourPiercing'>): boolean {
  return (c.attack.bonus ?? 0) > 0 || c.ranged === true || (c.armourPiercing ?? 0) > 0;
}

/**
 * Whether a character ever makes an effect (sim/vdp/effects.ts): damage converted
 * (`offensiveEffect` not "never") or a block's tension spent on one (`defensiveEffect`
 * "always", the default).
 */
export function makesEffects(c: Pick<CombatantSetup, 'offensiveEffect' | 'defensiveEffect'>): boolean {
  return (c.offensiveEffect ?? 'never') !== 'never' || (c.defensiveEffect ?? 'always') !== 'never';
}

/**
 * Whether a character ever gives up a block for charge: it buys something (`chargeBuy`) and
 * cashes in blocks (`chargeCashIn` "blocks" or "both"); docs/rulings/vdp-combat.md "Edge Charge".
 */
export function givesUpBlocks(c: Pick<CombatantSetup, 'chargeBuy' | 'chargeCashIn'>): boolean {
  return (c.chargeBuy ?? 'none') !== 'none' && (c.chargeCashIn === 'blocks' || c.chargeCashIn === 'both');
}

/**
 * Whether a character ever gives up a success for a buy it releases on an enemy (not
 * Surge, Second Wind or Break off, released on itself or an ally, nor Change Focus, paid
 * when its target falls): what rules.chargeRelease acts on.
 */
export function givesUpForEnemyBuy(c: Pick<CombatantSetup, 'chargeBuy' | 'chargeCashIn'>): boolean {
  const b = c.chargeBuy ?? 'none';
  return (c.chargeCashIn ?? 'never') !== 'never' && b !== 'none' && b !== 'changeFocus' && !onSelf(CHARGE_CODE[b]);
}

export function woundLimitOf(c: CombatantSetup): number {
  return c.woundLimit ?? WOUND_LIMITS[c.type!];
}

/**
 * Attack dice of an allocation policy, given the character's wounds and wound limit and
 * whether some enemy is one wound from KO ("at its limit": the next wound KOs it).
 */
export function attackDiceFor(policy: Allocation, wounds: number, limit: number, enemyAtLimit: boolean): number {
  switch (policy) {
    case 'guardWhenWounded':
      return wounds === 0 ? 3 : wounds >= limit ? 1 : 2;
    case 'finishingBlow':
      return enemyAtLimit ? 4 : 2;
    case 'desperation':
      return wounds >= limit ? 4 : 2;
    default:
      return attackDiceOf(policy as FixedSplit);
  }
}

// Policy codes for the typed arrays of the hot loop.
const SPEND_CODE = { never: 0, onAttack: 1, onDefence: 2, onNextRoll: 3 } as const;
const TARGET_CODE = { weakest: 0, strongest: 1, random: 2 } as const;
const ATTACK_ROLL = 1;
const DEFENCE_ROLL = 2;

/** Tension a policy spends on a roll of `dice` dice, with `banked` tension. */
export function tensionSpent(policy: (typeof SPEND_POLICIES)[number], roll: 'attack' | 'defence', dice: number, banked: number, perRoll: number): number {
  if (dice === 0) return 0;
  const wants = policy === 'onNextRoll' || (policy === 'onAttack' && roll === 'attack') || (policy === 'onDefence' && roll === 'defence');
  return wants ? Math.min(banked, perRoll) : 0;
}

/**
 * The kinds of roll that never have dice at a point, each with the words saying why: a
 * character's (or a check's) attack at a 0/4 split, its defence at 4/0. A roll of no dice
 * is no roll, and tension is "never [spent] on a roll of no dice".
 */
export interface NoDice {
  attack?: string;
  defence?: string;
}

/**
 * Why a spending policy puts no tension on dice at a point ("spendTension "never"";
 * "spendTension "onDefence", and at allocation "4/0" it has no defence dice"), or undefined
 * where it may.
 */
export function spendsNoTensionWhy(policy: (typeof SPEND_POLICIES)[number], noDice: NoDice): string | undefined {
  const words = `spendTension ${JSON.stringify(policy)}`;
  if (policy === 'never') return words;
  if (policy === 'onAttack' && noDice.attack !== undefined) return `${words}, and ${noDice.attack}`;
  if (policy === 'onDefence' && noDice.defence !== undefined) return `${words}, and ${noDice.defence}`;
  return undefined;
}

/**
 * Why a spending policy that is not the default "onAttack" spends on the rolls it does, at
 * a point (and so changes nothing there), or undefined: "never" where the attack has no
 * dice (neither spends on any), "onNextRoll" where the defence has none (its next roll
 * with dice is always an attack). Words for a note that has said who spends.
 */
export function spendsAsOnAttackWhy(policy: (typeof SPEND_POLICIES)[number], noDice: NoDice): string | undefined {
  if (policy === 'never' && noDice.attack !== undefined) return `spends no tension on dice, nor would the default "onAttack": ${noDice.attack}`;
  if (policy === 'onNextRoll' && noDice.defence !== undefined) return `spends tension on its attack rolls only, as the default "onAttack" does: ${noDice.defence}`;
  return undefined;
}

/** One character of the fight, flattened from its entry. */
interface Fighter {
  entry: number;
  team: number;
  setup: CombatantSetup;
}

/** Combat's metrics (sim/metrics.ts); per-character figures are per combatant of the entry. */
export const COMBAT_METRICS = metricTable({
  win: { name: 'win.<team>', kind: 'probability', label: 'P(win: <team>)', family: 'P(win)', headline: true },
  // Only a fight still going at maxRounds: a knockout only ever falls on an enemy, so the
  // last one leaves a team standing ("no team left standing" labelled it, a VDP audit).
  draw: { name: 'draw', kind: 'probability', label: 'P(draw: two or more teams standing after maxRounds)' },
  rounds: { name: 'rounds', kind: 'mean', label: 'mean rounds fought', min: 1 },
  // The wounds standing at the end: the damage taken, the knockout blow's whole damage
  // included (it runs past the limit), less those Second Wind recovered.
  wounds: { name: 'wounds.<name>', kind: 'mean', label: 'mean wounds at the end: <name>', family: 'mean wounds at the end' },
  ko: { name: 'ko.<name>', kind: 'probability', label: 'P(knocked out: <name>)', family: 'P(knocked out)' },
  tension: { name: 'tension.<name>', kind: 'mean', label: 'mean tension gained: <name>', family: 'mean tension gained' },
  first: { name: 'first.<name>', kind: 'probability', label: 'P(takes the first turn: <name>)', family: 'P(takes the first turn)' },
  // The first attack's figures share two charts over a sweep, each line named by `line`:
  // their labels have no "family: member" form, and the lines read as keys ("effectDice").
  openingAvoided: { name: 'opening.avoided', kind: 'probability', label: 'P(first attack avoided)', family: 'P(what the first attack does)', line: 'avoided' },
  openingHeld: { name: 'opening.held', kind: 'probability', label: 'P(first attack held)', family: 'P(what the first attack does)', line: 'held' },
  openingGlancing: { name: 'opening.glancing', kind: 'probability', label: 'P(first attack a glancing blow)', family: 'P(what the first attack does)', line: 'a glancing blow' },
  // A result of at least Fortitude, its damage dealt, converted or given up for charge: the
  // damage dealt is opening.damage ("deals damage" labelled it, a VDP audit).
  openingHit: { name: 'opening.hit', kind: 'probability', label: 'P(first attack scores a hit)', family: 'P(what the first attack does)', line: 'scores a hit' },
  openingDamage: { name: 'opening.damage', kind: 'mean', label: 'mean damage of the first attack', family: 'mean of the first attack', line: 'damage' },
  effects: { name: 'effects.<name>', kind: 'mean', label: 'mean effects landed: <name>', family: 'mean effects landed' },
  effectDice: { name: 'effectDice.<name>', kind: 'mean', label: 'mean effect dice landed: <name>', family: 'mean effect dice landed' },
  converted: { name: 'converted.<name>', kind: 'mean', label: 'mean damage points converted: <name>', family: 'mean damage points converted' },
  // The tension points paid, not the number of bids (a VDP audit).
  bids: { name: 'bids.<name>', kind: 'mean', label: 'mean tension paid in biddings: <name>', family: 'mean tension paid in biddings' },
  // The attacker's effect or, after a block, the defender's: whichever stays on.
  openingEffect: { name: 'opening.effect', kind: 'probability', label: 'P(an effect stays on after the first attack)', family: 'P(what the first attack does)', line: 'leaves an effect' },
  openingEffectDice: { name: 'opening.effectDice', kind: 'mean', label: 'mean effect dice of the first attack', family: 'mean of the first attack', line: 'effect dice' },
  charge: { name: 'charge.<name>', kind: 'mean', label: 'mean Edge Charge gained: <name>', family: 'mean Edge Charge gained' },
  released: { name: 'released.<name>', kind: 'mean', label: 'mean Edge Charge released: <name>', family: 'mean Edge Charge released' },
  statusRemoved: { name: 'statusRemoved.<name>', kind: 'mean', label: 'mean statuses removed: <name>', family: 'mean statuses removed' },
  // Laid out only for a character buying Human shield (docs/metrics.md, "Metrics a setup asks for").
  shieldHits: { name: 'shieldHits.<name>', kind: 'mean', label: 'mean ranged hits turned onto its human shield: <name>', family: 'mean ranged hits turned onto a human shield' },
  // Laid out only for a character that can break an ally's hold: a melee Break off buyer with an ally.
  alliesFreed: { name: 'alliesFreed.<name>', kind: 'mean', label: 'mean grapples it broke off an ally: <name>', family: 'mean grapples broken off an ally' },
});

export const combat = defineMechanic({
  // Trials per chunk (see Mechanic.chunkTrials): a VDP fight runs 0.2–0.8M trials/s: 2^14 trials make a chunk of 20–80 ms.
  chunkTrials: 16384,
  system: 'vdp',
  name: 'combat',
  summary: 'a fight in rounds: Timing order, attack and defence dice split by policy, wounds to KO',
  setup: combatSetup,
  variants: ['effectsOn', 'retarget', 'stunned', 'entangledFortitude', 'damagePenalty', 'givenUpBlock', 'chargeRelease', 'coverRoll'],
  refuse(setup, rules: VdpRules) {
    // A variant that no character of this fight can meet would change nothing: refused, as a
    // variant the mechanic never plays is (sim/scenario.ts). `stunned` is what a Stunning
    // Blow's target does, so it needs a buyer of one; `effectsOn` is where effect dice weigh,
    // so it needs a character that makes effects (offensive or defensive).
    const variants: { path: string; problem: string }[] = [];
    if (rules.stunned !== VDP_DEFAULTS.stunned && !setup.characters.some((c) => c.chargeBuy === 'stunningBlow')) {
      variants.push({ path: 'rules.stunned', problem: `${JSON.stringify(rules.stunned)} is what a Stunning Blow's target does, and no character buys one (chargeBuy "stunningBlow"), so it would change nothing: expected stunned left out, or a character with chargeBuy "stunningBlow"` });
    }
    if (rules.effectsOn === 'ownTurn' && !setup.characters.some(makesEffects)) {
      variants.push({ path: 'rules.effectsOn', problem: `${JSON.stringify(rules.effectsOn)} says which rolls an effect's dice weigh on, and no character makes effects (every offensiveEffect and defensiveEffect "never"), so it would change nothing: expected effectsOn left out, or a character that makes effects` });
    }
    // "allActions" differs from the default ("fromLanding") only for an effect landed on a
    // character in its own turn with an attack still to make, which is a defensive effect
    // against the first of its two attacks: it needs a character of two attacks a turn, with
    // attack dice to make them with (a fixed "0/4" never attacks; every other allocation
    // does), against an enemy whose blocks make effects.
    const attacksEver = (c: CombatantSetup) => !attacksNever(c);
    if (rules.effectsOn === 'allActions' && !setup.characters.some((c) => (c.attacks ?? 2) === 2 && attacksEver(c) && setup.characters.some((e) => (e.team ?? e.name) !== (c.team ?? c.name) && (e.defensiveEffect ?? 'always') === 'always'))) {
      variants.push({ path: 'rules.effectsOn', problem: `"allActions" says an effect landed on a character in its own turn waits for its next turn, and only a defensive effect against the first of its two attacks lands so, which no character can meet (no character of two attacks a turn, with attack dice, has an enemy with defensiveEffect "always"), so it would change nothing: expected effectsOn left out, or a character of two attacks against one with defensiveEffect "always"` });
    }
    // Change Focus is bought only to switch to another enemy when the turn's target falls:
    // under retarget "free" nobody pays to switch, and with one enemy there is none to
    // switch to. Either way it would never be bought, and a cash-in would give up
    // successes for it.
    return variants.concat(setup.characters.flatMap((c, i) => {
      if (c.chargeBuy !== 'changeFocus') return [];
      const path = `setup.characters.${i}.chargeBuy`;
      if (rules.retarget === 'free') {
        return [{ path, problem: `"${c.name}" buys Change Focus, but under rules.retarget "free" every fighter switches targets freely, so it would never be bought: expected another buy, or retarget "changeFocus"` }];
      }
      const team = c.team ?? c.name;
      const enemies = setup.characters.reduce((n, e) => n + ((e.team ?? e.name) === team ? 0 : (e.count ?? 1)), 0);
      if (enemies < 2) {
        return [{ path, problem: `"${c.name}" buys Change Focus, but it has ${enemies} enemy, none to switch to when its target falls, so it would never be bought: expected another buy` }];
      }
      return [];
    }));
  },
  prepare(setup, rules: VdpRules) {
    const entries = setup.characters;
    const teamNames = [...new Set(entries.map((c) => c.team ?? c.name))];
    const fighters: Fighter[] = [];
    entries.forEach((c, e) => {
      for (let k = 0; k < (c.count ?? 1); k++) fighters.push({ entry: e, team: teamNames.indexOf(c.team ?? c.name), setup: c });
    });
    const n = fighters.length;
    const teams = teamNames.length;
    const maxRounds = setup.maxRounds ?? DEFAULT_COMBAT_ROUNDS;
    // 1 where effect dice also weigh on the loser's defences (rules.effectsOn), else 0.
    const effectsOnDefence = rules.effectsOn === 'ownTurn' ? 0 : 1;
    // 1 where an effect landed on a character in its own turn weighs at once on the rest of
    // that turn's rolls (rules.effectsOn "fromLanding"), else 0: it waits for the next turn.
    const landsAtOnce = rules.effectsOn === 'fromLanding' ? 1 : 0;
    // "Change Focus | 1 | The character can switch targets mid-turn | Melee, usually": a
    // melee fighter keeps its turn's first target (rules.retarget: changeFocus); ranged
    // fighters, and every fighter under `retarget: free`, pick a target for each attack.
    const keepsFocus = Uint8Array.from(fighters, (f) => (rules.retarget === 'changeFocus' && !f.setup.ranged ? 1 : 0));
    // A Stunning Blow's target is "briefly KO'd", and a KO'd character is "removed from the
    // scene": it does not defend until its skipped turn has passed (rules.stunned).
    const stunnedDefenceless = rules.stunned === 'defenceless';
    const entangledRoundedDown = rules.entangledFortitude === 'roundedDown';
    // What a block given up for charge lets through (rules.givenUpBlock): the attack hits, one
    // wound ("letting someone score a hit they otherwise wouldn't have"); a glancing hit, no
    // wound; the attack against no defence ("undefended"); or nothing.
    const givenUpBlock = rules.givenUpBlock;
    // Cover rolled on a shot that would hit (default), or before the attack (rules.coverRoll).
    const coverOnHit = rules.coverRoll === 'onHit';
    // "the action negated to gain charge counts": a success given up that brings the charge
    // to a buy released on an enemy is released at once, as that action (on the attack's
    // target, or by its defender on the attacker), unless rules.chargeRelease "nextAction".
    const releasesAtOnce = rules.chargeRelease !== 'nextAction';

    // Per character, as typed arrays for the hot loop.
    const entryOf = Int32Array.from(fighters, (f) => f.entry);
    const teamOf = Int32Array.from(fighters, (f) => f.team);
    const attackBonus = Int32Array.from(fighters, (f) => bonusOf(f.setup.attack));
    const defenceBonus = Int32Array.from(fighters, (f) => bonusOf(f.setup.defence));
    const fortitude = Int32Array.from(fighters, (f) => f.setup.fortitude);
    // Entangled halves "Physical Fortitude": 1 where the Fortitude hit is Physical.
    const physical = Uint8Array.from(fighters, (f) => ((f.setup.damageType ?? 'physical') === 'physical' ? 1 : 0));
    // What a point of damage takes off a fighter's totals and Timing roll: "For every wound
    // received, a character subtracts 1", wounds being Physical damage; Madness and Stress
    // only with rules.damagePenalty "everyTrack" (docs/rulings/vdp-combat.md).
    const penaltyPerPoint = Uint8Array.from(physical, (p) => (p === 1 || rules.damagePenalty === 'everyTrack' ? 1 : 0));
    // Situational dice on each roll (> 0 advantage, < 0 disadvantage), netted with tension and effect dice.
    const attackSituation = Int32Array.from(fighters, (f) => situationalNet(f.setup, 'attack'));
    const defenceSituation = Int32Array.from(fighters, (f) => situationalNet(f.setup, 'defence'));
    // 1 where they go on its first such roll only (advantageRolls "first"): each copy of an entry has its own.
    const firstRollOnly = Uint8Array.from(fighters, (f) => (onFirstRollOnly(f.setup) ? 1 : 0));
    const limit = Int32Array.from(fighters, (f) => woundLimitOf(f.setup));
    const timing = Int32Array.from(fighters, (f) => f.setup.timing);
    const startTension = Int32Array.from(fighters, (f) => f.setup.tension ?? 0);
    const attacks = Int32Array.from(fighters, (f) => f.setup.attacks ?? 2);
    const ranged = Uint8Array.from(fighters, (f) => (f.setup.ranged ? 1 : 0));
    // The shots cover may stop (indirect fire "is not affected").
    const direct = Uint8Array.from(fighters, (f) => (directFire(f.setup) ? 1 : 0));
    const cover = Int32Array.from(fighters, (f) => COVER_LEVELS.indexOf(f.setup.cover ?? 'none'));
    const allocation: Allocation[] = fighters.map((f) => f.setup.allocation ?? '2/2');
    const spend = Int32Array.from(fighters, (f) => SPEND_CODE[f.setup.spendTension ?? 'onAttack']);
    const perRoll = Int32Array.from(fighters, (f) => f.setup.spendPerRoll ?? VDP_POOL);
    const targeting = Int32Array.from(fighters, (f) => TARGET_CODE[f.setup.targeting ?? 'weakest']);
    const offensive = Int32Array.from(fighters, (f) => OFFENSIVE_CODE[f.setup.offensiveEffect ?? 'never']);
    const defensive = Uint8Array.from(fighters, (f) => ((f.setup.defensiveEffect ?? 'always') === 'always' ? 1 : 0));
    const bidCode = Int32Array.from(fighters, (f) => BID_CODE[f.setup.bid ?? 'whileAhead']);
    const effectTension = Int32Array.from(fighters, (f) => f.setup.effectTension ?? 0);
    const armour = Int32Array.from(fighters, (f) => f.setup.armour ?? 0);
    const piercing = Int32Array.from(fighters, (f) => f.setup.armourPiercing ?? 0);
    const weaponBonus = Int32Array.from(fighters, (f) => f.setup.attack.bonus ?? 0);
    const armed = Uint8Array.from(fighters, (f) => (hasWeapon(f.setup) ? 1 : 0));
    const startStatus = Int32Array.from(fighters, (f) => statusBits(f.setup.status));
    const removes = Uint8Array.from(fighters, (f) => ((f.setup.removeStatus ?? 'always') === 'always' ? 1 : 0));
    // 1 for a fixed "0/4", which never attacks (attacksNever): its weapon pierces nothing.
    const neverStrikes = Uint8Array.from(fighters, (f) => (attacksNever(f.setup) ? 1 : 0));
    // What its statuses can weigh on (removalChanges): 1 where some enemy ever attacks it
    // (Entangled's halved Fortitude weighs only on blows), and 1 where it ever spends an
    // action: attacking, releasing charge, or shedding an enemy's net or picking up the
    // weapon an enemy's Disarm made it drop (Fatigued and Panicked take actions away).
    const struckEver = Uint8Array.from(fighters, (f) => (fighters.some((g) => g.team !== f.team && !attacksNever(g.setup)) ? 1 : 0));
    const actsEver = Uint8Array.from(fighters, (f) => (!attacksNever(f.setup) || (f.setup.chargeBuy ?? 'none') !== 'none' || fighters.some((g) => g.team !== f.team && (g.setup.chargeBuy === 'entangleShock' || g.setup.chargeBuy === 'disarm')) ? 1 : 0));
    const buy = Int32Array.from(fighters, (f) => CHARGE_CODE[f.setup.chargeBuy ?? 'none']);
    const cashIn = Int32Array.from(fighters, (f) => CASH_IN_CODE[f.setup.chargeCashIn ?? 'never']);
    // Charge stored from before the fight: released as soon as it reaches the buy's cost, as
    // charge gained in the fight is.
    const startCharge = Int32Array.from(fighters, (f) => f.setup.charge ?? 0);
    // Break off on an ally ("Releasing charge on oneself or an ally takes an action"): 1 for
    // a Break off buyer with another fighter on its side, not ranged ("Break off ... Melee":
    // a gunner does not come to an ally's side to break its hold; its own it meets held).
    const freesAllies = Uint8Array.from(fighters, (f, i) =>
      f.setup.chargeBuy === 'breakOff' && !f.setup.ranged && fighters.some((g, j) => j !== i && g.team === f.team) ? 1 : 0,
    );

    // Kept d6s of a pool rolled with net advantage (> 0) or disadvantage (< 0) dice.
    const table = new RollTable(VDP_POOL + 2);
    const rollOf = (kept: number, net: number) => table.get(kept, net);

    // The opening exchange is computed exactly for a duel, unless charge brought into it
    // could be released before the first attack (openingChargeSkipped).
    const duel = n === 2;
    const openingSkipped = duel ? openingChargeSkipped(entries[0], entries[1]) : undefined;

    const L = new MetricLayout(COMBAT_METRICS);
    const M = {
      win: Int32Array.from(teamNames, (team) => L.add('win', { team })),
      draw: L.add('draw'),
      rounds: L.add('rounds', {}, { max: maxRounds }),
      wounds: new Int32Array(entries.length),
      ko: new Int32Array(entries.length),
      tension: new Int32Array(entries.length),
      first: new Int32Array(entries.length),
      openingAvoided: 0,
      openingHeld: 0,
      openingGlancing: 0,
      openingHit: 0,
      openingDamage: 0,
    };
    entries.forEach((c, e) => {
      const scale = c.count ?? 1;
      M.wounds[e] = L.add('wounds', { name: c.name }, { scale, each: scale });
      M.ko[e] = L.add('ko', { name: c.name }, { scale, each: scale });
      M.tension[e] = L.add('tension', { name: c.name }, { scale, each: scale });
    });
    // The fight's first turn and first attack: the same metrics at every sweep point,
    // exact for a duel.
    entries.forEach((c, e) => (M.first[e] = L.add('first', { name: c.name })));
    M.openingAvoided = L.add('openingAvoided');
    M.openingHeld = L.add('openingHeld');
    M.openingGlancing = L.add('openingGlancing');
    M.openingHit = L.add('openingHit');
    M.openingDamage = L.add('openingDamage');
    // Effects (sim/vdp/effects.ts), per character of the entry: four slots side by side.
    const M_EFFECTS = L.specs.length; // + 4·entry: effects, effectDice, converted, bids
    entries.forEach((c) => {
      const scale = c.count ?? 1;
      for (const key of ['effects', 'effectDice', 'converted', 'bids'] as const) L.add(key, { name: c.name }, { scale, each: scale });
    });
    const M_OPENING_EFFECT = L.add('openingEffect'); // then openingEffectDice
    L.add('openingEffectDice');
    // Edge Charge (sim/vdp/charge.ts) and statuses, per character of the entry.
    const M_CHARGE = L.specs.length; // + 3·entry: charge, released, statusRemoved
    entries.forEach((c) => {
      const scale = c.count ?? 1;
      for (const key of ['charge', 'released', 'statusRemoved'] as const) L.add(key, { name: c.name }, { scale, each: scale });
    });
    // Human shield's redirected hits, after every other metric (but alliesFreed) and only for
    // the entries that buy it, so a fight without the buy has the metrics (and results) it
    // always had.
    const shieldEntries = Int32Array.from(entries.flatMap((c, e) => (c.chargeBuy === 'humanShield' ? [e] : [])));
    const M_SHIELD = Int32Array.from(shieldEntries, (e) => L.add('shieldHits', { name: entries[e].name }, { scale: entries[e].count ?? 1, each: entries[e].count ?? 1 }));
    // Grapples broken off an ally, after those and only for the entries that can break one
    // (freesAllies), so a fight without such a buyer keeps its metrics and results.
    const freerEntries = Int32Array.from(entries.flatMap((c, e) => (fighters.some((f, i) => f.entry === e && freesAllies[i] === 1) ? [e] : [])));
    const M_FREED = Int32Array.from(freerEntries, (e) => L.add('alliesFreed', { name: entries[e].name }, { scale: entries[e].count ?? 1, each: entries[e].count ?? 1 }));
    const metrics = L.specs;
    const distributions: DistributionSpec[] = [{ name: 'rounds', min: 1, size: maxRounds }];
    // Fields with nothing to act on, said rather than refused: the library sweeps a buy from
    // "none" with its cash-in written once, and armour from 0 with the piercing kept.
    const setupNotes: string[] = [];
    entries.forEach((c, e) => {
      if (c.chargeCashIn !== undefined && c.chargeCashIn !== 'never' && (c.chargeBuy ?? 'none') === 'none') {
        setupNotes.push(`characters.${e}.chargeCashIn changes nothing here: ${c.name} buys nothing with charge (chargeBuy "none")`);
      }
      // Charge stored from before the fight is spent only on a buy: said, not refused, as the
      // library sweeps a buy from "none" with the stored charge written once.
      if ((c.charge ?? 0) > 0 && (c.chargeBuy ?? 'none') === 'none') {
        setupNotes.push(`characters.${e}.charge changes nothing here: ${c.name} buys nothing with charge (chargeBuy "none")`);
      }
    });
    // (Armour piercing also marks a weapon a Disarm can knock away: not said where one is bought.)
    if (!entries.some((c) => (c.armour ?? 0) > 0 || c.chargeBuy === 'disarm')) {
      entries.forEach((c, e) => {
        if ((c.armourPiercing ?? 0) > 0) setupNotes.push(`characters.${e}.armourPiercing changes nothing here: no one in the fight wears armour`);
      });
    }
    const foesOf = (c: CombatantSetup) => entries.filter((x) => (x.team ?? x.name) !== (c.team ?? c.name));
    const enemiesOf = (c: CombatantSetup) => foesOf(c).reduce((k, x) => k + (x.count ?? 1), 0);
    // Whether it ever blocks: defence dice (not a fixed "4/0", unless Panicked, which keeps 2),
    // and an enemy that attacks (not every one a fixed "0/4").
    const blocksEver = (c: CombatantSetup) => !(c.allocation === '4/0' && c.status?.panicked !== true) && foesOf(c).some((x) => !attacksNever(x));
    // rules.retarget "free" lets a fighter switch targets mid-turn: only a melee fighter of
    // two attacks a turn with two enemies or more would keep one otherwise (a ranged one
    // picks a target for every attack either way). A count swept from 1 crosses such points.
    if (rules.retarget === 'free') {
      const many = entries.filter((c) => enemiesOf(c) >= 2);
      if (!many.some((c) => c.ranged !== true && (c.attacks ?? 2) === 2)) {
        const why = many.map((c) => (c.ranged === true ? `${c.name} is ranged, and picks a target for every attack under either rule` : `${c.name} makes one attack a turn`));
        setupNotes.push(`rules.retarget changes nothing here: ${many.length === 0 ? 'every fighter has one enemy, none to switch to' : `no melee fighter of two attacks a turn has two enemies to switch between (${why.join('; ')})`}`);
      }
    }
    // rules.entangledFortitude "roundedDown" differs from exact halving only on an odd
    // Physical Fortitude that is ever Entangled: from the start, or by a foe's Grapple or
    // Entangle/Shock (Edge Charge). An even one halves to the same whole number either way.
    if (rules.entangledFortitude !== VDP_DEFAULTS.entangledFortitude) {
      const entangles = (x: CombatantSetup) => x.chargeBuy === 'grapple' || x.chargeBuy === 'entangleShock';
      const differs = entries.some((c) => (c.damageType ?? 'physical') === 'physical' && c.fortitude % 2 === 1 && (c.status?.entangled === true || foesOf(c).some(entangles)));
      if (!differs) setupNotes.push('rules.entangledFortitude changes nothing here: no odd Physical Fortitude is ever Entangled (from the start, or by a foe\'s Grapple or Entangle/Shock), and an even one halves to the same whole number either way');
    }
    // rules.damagePenalty "everyTrack" differs only for a fighter that takes Mental or
    // Emotional damage (Madness, Stress).
    if (rules.damagePenalty !== VDP_DEFAULTS.damagePenalty && entries.every((c) => (c.damageType ?? 'physical') === 'physical')) {
      setupNotes.push('rules.damagePenalty changes nothing here: every fighter takes Physical damage (its damageType), and wounds take 1 a point from the totals either way');
    }
    // rules.givenUpBlock is what a block given up for charge does (a hit of one wound, a
    // glancing hit, the attack undefended, or nothing): only a character that buys something
    // and cashes in blocks gives one up, so where none does, every other value plays as "hit"
    // draw for draw.
    if (rules.givenUpBlock !== VDP_DEFAULTS.givenUpBlock && !entries.some(givesUpBlocks)) {
      setupNotes.push('rules.givenUpBlock changes nothing here: no character gives up a block for charge (chargeCashIn "blocks" or "both", and chargeBuy other than "none")');
    } else if (rules.givenUpBlock !== VDP_DEFAULTS.givenUpBlock && !entries.some((c) => givesUpBlocks(c) && blocksEver(c))) {
      setupNotes.push('rules.givenUpBlock changes nothing here: no character that gives up a block for charge ever blocks (at allocation "4/0" it has no defence dice, and a block needs an enemy that attacks)');
    }
    // rules.chargeRelease is when a success given up is released on an enemy: only a
    // character that gives up successes for a buy released on an enemy releases one so.
    if (rules.chargeRelease !== VDP_DEFAULTS.chargeRelease && !entries.some(givesUpForEnemyBuy)) {
      setupNotes.push('rules.chargeRelease changes nothing here: no character gives up a success for a buy released on an enemy (chargeCashIn other than "never", and chargeBuy other than "none", "surge", "secondWind", "breakOff" or "changeFocus")');
    }
    // rules.coverRoll is when cover is rolled: with no one in cover it is never rolled.
    if (rules.coverRoll !== VDP_DEFAULTS.coverRoll && entries.every((c) => (c.cover ?? 'none') === 'none')) {
      setupNotes.push('rules.coverRoll changes nothing here: no character is in cover');
    }
    // A VDP combat audit found settings taken unsaid on a fighter that never attacks (a fixed
    // "0/4") or never blocks (a fixed "4/0", not Panicked, which keeps 2 defence dice; or
    // one whose every enemy is a fixed "0/4"). Why one never makes an effect, or undefined.
    const noEffectWhy = (x: CombatantSetup): string | undefined => {
      const off = (x.offensiveEffect ?? 'never') !== 'never';
      const def = (x.defensiveEffect ?? 'always') !== 'never';
      if (!off && !def) return 'offensiveEffect and defensiveEffect "never"';
      if ((off && !attacksNever(x)) || (def && blocksEver(x))) return undefined;
      return `${off ? `${x.name} makes no attack to convert (allocation "0/4")` : `${x.name}'s offensiveEffect is "never"`}, and ${def ? `${x.name} ${neverBlocksWhy(x)}` : `its defensiveEffect "never"`}`;
    };
    // Whose situational dice go by its own default, "both", under a `rules.advantageOn` the
    // fight does not play but the result lists.
    const byDefault = situationalDefaultNote(entries, entries.map((_, e) => `characters.${e}`));
    if (byDefault !== undefined) setupNotes.push(byDefault);
    entries.forEach((c, e) => {
      // Which enemy it attacks, with one to attack.
      if (c.targeting !== undefined && enemiesOf(c) === 1) setupNotes.push(`characters.${e}.targeting changes nothing here: ${c.name} has one enemy, the only one it can attack`);
      // Its rolls that never have dice: the attack at 0/4 (no attack dice, no attack); the
      // defence at 4/0 (Panicked would keep 2 defence dice, so not where it starts Panicked;
      // Weakened and Surge keep the share at 0).
      const split = JSON.stringify(c.allocation ?? '2/2');
      const noDice: NoDice = {
        attack: c.allocation === '0/4' ? `at allocation ${split} it makes no attack` : undefined,
        defence: c.allocation === '4/0' && c.status?.panicked !== true ? `at allocation ${split} it has no defence dice` : undefined,
      };
      // Its situational dice with none to place, or only on rolls of no dice.
      setupNotes.push(
        ...situationalNotes(c, `characters.${e}`, {
          attack: noDice.attack && `attack rolls, and ${noDice.attack}`,
          defence: noDice.defence && `defence rolls, and ${noDice.defence} (a defence of no dice totals 0)`,
        }),
      );
      // "and any stored tension": added to each effect it makes; one that makes none never adds
      // it. Said, not refused, as the bid below: a sweep of its effect policies crosses it.
      if ((c.effectTension ?? 0) > 0 && noEffectWhy(c) !== undefined) {
        setupNotes.push(`characters.${e}.effectTension changes nothing here: ${c.name} makes no effect to add it to (${noEffectWhy(c)})`);
      }
      // The bidding over an effect is between the one who made it and the one it falls on.
      // Said, not refused: the dashboard's presets and a file's sweep set the effect
      // policies point by point (a refusal of the file as written refused such sweeps).
      const bidders = [c, ...foesOf(c)];
      if (c.bid !== undefined && c.bid !== 'whileAhead' && bidders.every((x) => noEffectWhy(x) !== undefined)) {
        const why = bidders.every((x) => !makesEffects(x)) ? 'offensiveEffect and defensiveEffect "never"' : bidders.map(noEffectWhy).filter((w) => w !== 'offensiveEffect and defensiveEffect "never"').join('; ');
        setupNotes.push(`characters.${e}.bid changes nothing here: neither ${c.name} nor any enemy makes an effect (${why}), so there is no bidding`);
      }
      // Effects it can never make, and what it cannot give up for charge.
      if (c.offensiveEffect !== undefined && attacksNever(c)) setupNotes.push(`characters.${e}.offensiveEffect changes nothing here: at allocation "0/4" ${c.name} makes no attack, so no damage to convert`);
      if (c.defensiveEffect !== undefined && !blocksEver(c)) setupNotes.push(`characters.${e}.defensiveEffect changes nothing here: ${c.name} ${neverBlocksWhy(c)}, so no block to make an effect of`);
      if ((c.chargeBuy ?? 'none') !== 'none' && (c.chargeCashIn === 'hits' || c.chargeCashIn === 'both') && attacksNever(c)) {
        const only = c.chargeCashIn === 'both' && blocksEver(c);
        setupNotes.push(only ? `characters.${e}.chargeCashIn "both" plays as "blocks" here: at allocation "0/4" ${c.name} makes no attack, so it has no hit to give up` : `characters.${e}.chargeCashIn changes nothing here: at allocation "0/4" ${c.name} makes no attack, so it has no hit to give up${c.chargeCashIn === 'both' ? `, and it ${neverBlocksWhy(c)}` : ''}`);
      } else if ((c.chargeBuy ?? 'none') !== 'none' && (c.chargeCashIn === 'blocks' || c.chargeCashIn === 'both') && !blocksEver(c)) {
        setupNotes.push(c.chargeCashIn === 'both' ? `characters.${e}.chargeCashIn "both" plays as "hits" here: ${c.name} ${neverBlocksWhy(c)}, so it has no block to give up` : `characters.${e}.chargeCashIn changes nothing here: ${c.name} ${neverBlocksWhy(c)}, so it has no block to give up`);
      }
      // Two attacks or one, for a fighter that takes no action at all.
      const actsAtAll = !attacksNever(c) || (c.chargeBuy ?? 'none') !== 'none' || foesOf(c).some((x) => x.chargeBuy === 'entangleShock' || x.chargeBuy === 'disarm');
      if (c.attacks !== undefined && !actsAtAll) setupNotes.push(`characters.${e}.attacks changes nothing here: at allocation "0/4" ${c.name} makes no attack, and takes no other action (nothing to release, no enemy's net to shed or Disarm to recover from)`);
      // `ranged` is what an enemy's cover stops and a Human shield turns (and what may switch
      // targets without Change Focus): in a duel, with the one enemy in no cover, nothing
      // (a VDP audit: taken unsaid). `indirect` in a duel is never more: cover facing only
      // indirect fire is refused.
      // Not where it is needed (Entangle/Shock's net launcher, indirect fire's launcher) or
      // is a weapon an enemy's Disarm can make it drop.
      const rangedActs = c.chargeBuy === 'entangleShock' || c.indirect === true || foesOf(c).some((x) => (x.cover ?? 'none') !== 'none' || x.chargeBuy === 'disarm');
      if (duel && c.ranged === true && !rangedActs) {
        setupNotes.push(`characters.${e}.ranged changes nothing here: in a duel, and its enemy is in no cover and buys no Disarm (ranged fire is what cover stops, and a Human shield, bought only where there is a third, turns)`);
      } else if (duel && c.indirect === true) {
        setupNotes.push(`characters.${e}.indirect changes nothing here: in a duel, whose one enemy could not be in cover against indirect fire alone (that is refused)`);
      }
      // Cover stops direct fire: from enemies that never fire, it stops nothing.
      if ((c.cover ?? 'none') !== 'none' && foesOf(c).filter(directFire).every((x) => attacksNever(x) && (x.chargeBuy ?? 'none') === 'none')) {
        setupNotes.push(`characters.${e}.cover changes nothing here: every enemy that fires directly is at allocation "0/4" and buys nothing, so it never fires`);
      }
      // Tension goes on dice only on rolls with dice ("never on a roll of no dice"): a policy
      // that names only rolls with none spends nothing, and one that spends on the rolls the
      // default does changes nothing.
      const spendsNone = spendsNoTensionWhy(c.spendTension ?? 'onAttack', noDice);
      const asDefault = c.spendTension === undefined ? undefined : spendsAsOnAttackWhy(c.spendTension, noDice);
      if (asDefault !== undefined) setupNotes.push(`characters.${e}.spendTension changes nothing here: ${c.name} ${asDefault}`);
      if (c.spendPerRoll !== undefined && spendsNone !== undefined) setupNotes.push(`characters.${e}.spendPerRoll changes nothing here: ${c.name} spends no tension on dice (${spendsNone})`);
      // Tension at the start is spent on dice, in the bidding over an effect it makes or
      // suffers, and on removing its statuses (its own at the start, or a grapple's).
      if ((c.tension ?? 0) > 0 && spendsNone !== undefined && bidders.every((x) => noEffectWhy(x) !== undefined)) {
        const keeps = (c.removeStatus ?? 'always') === 'never';
        if (keeps || (statusBits(c.status) === 0 && !foesOf(c).some((x) => x.chargeBuy === 'grapple'))) {
          setupNotes.push(`characters.${e}.tension changes nothing here: ${c.name} never spends tension (${spendsNone}; no effect it makes or suffers to bid over; ${keeps ? 'removeStatus "never"' : 'no status to remove: none at the start, and no enemy grapples'})`);
        }
      }
      // Whether it pays tension to shed a status: a status comes from the start or from an
      // enemy's grapple, nowhere else (an Entangle/Shock net is shed by an action, not tension).
      if (c.removeStatus !== undefined && statusBits(c.status) === 0 && !foesOf(c).some((x) => x.chargeBuy === 'grapple')) {
        setupNotes.push(`characters.${e}.removeStatus changes nothing here: ${c.name} has no status to remove (none at the start, and no enemy grapples)`);
      }
    });

    return {
      metrics,
      distributions,
      setupNotes,
      run(random: RandomStream, trials: number, tally: Tally) {
        const wounds = new Int32Array(n);
        const tension = new Int32Array(n);
        const gained = new Int32Array(n);
        // 1 while its situational dice are still to go on a roll (kept at 1 unless advantageRolls is "first").
        const situationLeft = new Uint8Array(n);
        const alive = new Uint8Array(n);
        const split = new Int32Array(n); // attack dice this round; −1 before allocating
        const firedFromCover = new Uint8Array(n);
        const order = new Int32Array(n);
        const key = new Int32Array(n);
        const teamStanding = new Int32Array(teams);
        // Effects: disadvantage dice waiting for the character's next turn (on its defences
        // meanwhile), and in force during it.
        const pendingDis = new Int32Array(n);
        const activeDis = new Int32Array(n);
        const landed = new Int32Array(n);
        const landedDice = new Int32Array(n);
        const converted = new Int32Array(n);
        const bidsPaid = new Int32Array(n);
        const entryEffects = new Int32Array(entries.length * 4);
        const bidding: Bidding = { landed: false, winnerPaid: 0, loserPaid: 0 };
        let openingEffect = 0;
        let openingEffectDice = 0;
        // Statuses, equipment and Edge Charge.
        const status = new Int32Array(n);
        const pool = new Int32Array(n); // dice in its pool this round
        const surge = new Int32Array(n); // extra dice at its next allocation
        const pierced = new Uint8Array(n); // armour negated until its next turn
        const disarmed = new Uint8Array(n);
        // Entangle/Shock's Entangled (ENTANGLED, else 0), kept apart from `status`: tension
        // does not remove it, an action does ("until they spend an action to disentangle
        // themselves"). A grapple's Entangled (a status bit) is a second hold, shed its own way.
        const netted = new Uint8Array(n);
        // 1 while its Entangled status bit is an enemy's grapple (not a status it started
        // with): what Break off ("Negates a grapple") can negate.
        const grappled = new Uint8Array(n);
        const stunned = new Uint8Array(n); // skips its next turn
        // Human shield: 1 + the enemy it holds until the start of its next turn; 0 none.
        const shield = new Int32Array(n);
        const shieldHits = new Int32Array(n); // ranged hits turned onto its shield
        const entryShield = new Int32Array(entries.length);
        const alliesFreed = new Int32Array(n); // grapples it broke off an ally
        const entryFreed = new Int32Array(entries.length);
        // probed[i·n + t]: 1 where i has probed t's defence, +1 against t "for the rest of
        // the fight" (docs/rulings/vdp-combat.md), t by t: a prober facing two opponents keeps
        // both. (Until December 2026 one slot a prober, the newest probe replacing the last,
        // which let it probe two opponents by turns again and again: an audit, 3.47 releases
        // a fight where at most 2 can be made.)
        const probed = new Uint8Array(n * n);
        const charge = new Int32Array(n);
        const chargeGained = new Int32Array(n);
        const released = new Int32Array(n);
        const removed = new Int32Array(n);
        const entryCharge = new Int32Array(entries.length * 3);
        const entryWounds = new Int32Array(entries.length);
        const entryKo = new Int32Array(entries.length);
        const entryTension = new Int32Array(entries.length);
        let teamsStanding = 0;
        // Opening exchange: 0 none yet, 1 avoided, 2 held, 3 glancing, 4 damage.
        let opening = 0;
        let openingDamage = 0;

        const allocate = (i: number) => {
          let enemyAtLimit = false;
          if (allocation[i] === 'finishingBlow') {
            for (let j = 0; j < n; j++) {
              if (alive[j] && teamOf[j] !== teamOf[i] && wounds[j] >= limit[j]) enemyAtLimit = true;
            }
          }
          // A pool of other than 4 dice (Weakened, Surge) splits in the same proportion.
          pool[i] = poolSize(status[i], surge[i]);
          surge[i] = 0;
          split[i] = splitAttack(attackDiceFor(allocation[i], wounds[i], limit[i], enemyAtLimit), pool[i], status[i]);
        };

        // Whether `i` gives up a success of kind `kindCode` (CASH_IN_CODE.hits / blocks) for charge.
        const cashesIn = (i: number, kindCode: number) =>
          buy[i] !== 0 && (cashIn[i] === CASH_IN_CODE.both || cashIn[i] === kindCode) && charge[i] < CHARGE_COST[buy[i]];
        const gainCharge = (i: number) => {
          charge[i]++;
          chargeGained[i]++;
        };

        // The least armour piercing among i's side still standing: armour at or below it is
        // pierced by every weapon there, so an Armor Pierce on it would change nothing.
        // The least armour piercing among those standing who attack t, of any team but t's (a
        // fixed "0/4" strikes no blow); Infinity where none does, whose armour nothing would
        // negate. (In a fight of two teams, those of the releaser's side who attack.)
        const leastPiercing = (t: number) => {
          let least = Infinity;
          for (let j = 0; j < n; j++) if (alive[j] && !neverStrikes[j] && teamOf[j] !== teamOf[t] && piercing[j] < least) least = piercing[j];
          return least;
        };
        // Whether someone standing attacks t: a grapple's halved Fortitude weighs only on blows.
        const struckNow = (t: number) => {
          for (let j = 0; j < n; j++) if (alive[j] && !neverStrikes[j] && teamOf[j] !== teamOf[t]) return true;
          return false;
        };

        // Whether an enemy of i other than t, still standing, attacks at range: one whose
        // shots a Human shield held on t would catch.
        // Whether i holds a Human shield still standing.
        const holding = (i: number) => shield[i] !== 0 && alive[shield[i] - 1] !== 0;

        // The threshold of t against i's attack: its Fortitude (halved if Entangled, by a
        // grapple or a net), its armour unless pierced, less i's armour piercing.
        const thresholdAgainst = (t: number, i: number) =>
          thresholdOf(fortitude[t], status[t] | netted[t], pierced[t] ? 0 : armour[t], piercing[i], physical[t] === 1, entangledRoundedDown);

        // The ally a Break off buyer frees: of those on its side still standing and held by
        // an enemy's grapple, the most hurt (fewest wounds left before KO: halving its
        // Physical Fortitude costs most the one nearest a knockout), ties to the first in
        // setup order; −1 when no ally is held.
        const heldAlly = (i: number) => {
          let best = -1;
          for (let j = 0; j < n; j++) {
            if (j === i || !alive[j] || !grappled[j] || !struckEver[j] || teamOf[j] !== teamOf[i]) continue;
            if (best < 0 || limit[j] - wounds[j] < limit[best] - wounds[best]) best = j;
          }
          return best;
        };

        // Break off released by i on j's grapple (j may be i): its charge, the hold off j, and
        // a status off j (statusRemoved counts what comes off a character, however).
        const breakHold = (i: number, j: number) => {
          charge[i] -= CHARGE_COST[CHARGE_CODE.breakOff];
          released[i]++;
          status[j] &= ~ENTANGLED;
          grappled[j] = 0;
          removed[j]++;
        };

        const rangedBesides = (i: number, t: number) => {
          for (let j = 0; j < n; j++) if (j !== t && alive[j] && ranged[j] && teamOf[j] !== teamOf[i]) return true;
          return false;
        };

        // Releasing its charge on target `t` (or itself), as one action: whether it did.
        // `throughCover`: made in an attack action that has already come through t's cover
        // (the hit it gives up was not avoided), so not rolled against that cover again.
        const release = (i: number, t: number, throughCover = false) => {
          const b = buy[i];
          // Change Focus is paid when the turn's target falls, Break off at the start of the turn
          // (the turn loop), neither released as an action on a target.
          if (b === 0 || b === CHARGE_CODE.changeFocus || b === CHARGE_CODE.breakOff || charge[i] < CHARGE_COST[b]) return false;
          if (b === CHARGE_CODE.secondWind && wounds[i] === 0) return false; // nothing to recover
          if (b === CHARGE_CODE.probeDefence && probed[i * n + t] === 1) return false; // "does not stack"
          // A second net on a target still netted would change nothing (one action sheds it), so
          // the charge is kept and the action is an attack, as Probe Defense is not bought twice.
          if (b === CHARGE_CODE.entangleShock && netted[t]) return false;
          // The same for the other buys where the target is already as the buy would leave it:
          // a grapple on a target Entangled ("The target suffers the Entangled status"), an
          // Armor Pierce on one whose armour is negated or already pierced by every weapon of
          // the releaser's side, a disarm on one still disarmed or with no weapon to drop
          // (hasWeapon), a Stunning Blow on one still stunned. A grapple only halves a Physical Fortitude, so it is not put on an enemy
          // with another kind (the setup is refused where every enemy has one); a net still
          // costs such an enemy the action that frees it.
          if (b === CHARGE_CODE.grapple && (status[t] & ENTANGLED) !== 0) return false;
          if (b === CHARGE_CODE.disarm && (disarmed[t] !== 0 || armed[t] === 0)) return false;
          if (b === CHARGE_CODE.stunningBlow && stunned[t] !== 0) return false;
          if (b === CHARGE_CODE.grapple && (physical[t] === 0 || !struckNow(t))) return false;
          if (b === CHARGE_CODE.armourPierce && (pierced[t] !== 0 || armour[t] <= leastPiercing(t))) return false;
          // Human shield: one held enemy at a time (a second hold this turn would change
          // nothing), and only where another enemy's ranged attack could be turned onto it.
          if (b === CHARGE_CODE.humanShield && (holding(i) || !rangedBesides(i, t))) return false;
          charge[i] -= CHARGE_COST[b];
          released[i]++;
          if (!onSelf(b)) {
            // Released on a target "while actively attacking": like an attack, it steps out
            // of the releaser's cover, and a ranged fighter's (a net launcher, a blaster's
            // stunning shot) is direct fire, which the target's cover may stop as it stops a
            // shot ("Full cover prevents direct fire from hitting at all"). Stopped, the
            // charge is spent all the same: the net was fired.
            if (cover[i] > 0) firedFromCover[i] = 1;
            // Probe Defense lands nothing on the target ("Gain +1 on combat bonus against this
            // opponent"): a reading of its defence, which cover does not stop.
            if (direct[i] && b !== CHARGE_CODE.probeDefence && !throughCover) {
              const c = cover[t] - firedFromCover[t];
              if (c > 0 && random.below(VDP_DIE) < COVER_SIXTHS[c]) return true;
            }
          }
          switch (b) {
            case CHARGE_CODE.armourPierce:
              pierced[t] = 1;
              break;
            case CHARGE_CODE.grapple:
              status[t] |= ENTANGLED;
              grappled[t] = 1;
              break;
            case CHARGE_CODE.entangleShock:
              netted[t] = ENTANGLED; // until its next turn's first action
              break;
            case CHARGE_CODE.disarm:
              disarmed[t] = 1;
              break;
            case CHARGE_CODE.surge:
              surge[i]++;
              break;
            case CHARGE_CODE.probeDefence:
              probed[i * n + t] = 1;
              break;
            case CHARGE_CODE.stunningBlow:
              stunned[t] = 1;
              // "briefly KO'd": a Human shield it holds is let go (a knockout ends the hold).
              shield[t] = 0;
              break;
            case CHARGE_CODE.secondWind:
              wounds[i]--;
              break;
            case CHARGE_CODE.humanShield:
              shield[i] = t + 1; // until the start of its next turn
              break;
          }
          return true;
        };

        // An effect of `size` made by `w` on `l`: the bidding, then the dice for l's next turn.
        // Returns the dice that landed (0 where the bidding took it off).
        const effect = (w: number, l: number, size: number, first: boolean): number => {
          if (size <= 0) return 0;
          bid(size, tension[w], tension[l], bidCode[w], bidCode[l], bidding);
          tension[w] -= bidding.winnerPaid;
          tension[l] -= bidding.loserPaid;
          bidsPaid[w] += bidding.winnerPaid;
          bidsPaid[l] += bidding.loserPaid;
          if (!bidding.landed) return 0;
          pendingDis[l] += size;
          landed[w]++;
          landedDice[w] += size;
          if (first) {
            openingEffect = 1;
            openingEffectDice = size;
          }
          return size;
        };
        // Stored tension `w` adds to an effect it makes.
        const storedFor = (w: number) => {
          const x = effectTension[w] < tension[w] ? effectTension[w] : tension[w];
          tension[w] -= x;
          return x;
        };

        const spendOn = (i: number, roll: number, dice: number) => {
          if (dice === 0) return 0;
          const p = spend[i];
          if (p === 0 || (p === 1 && roll !== ATTACK_ROLL) || (p === 2 && roll !== DEFENCE_ROLL)) return 0;
          const s = tension[i] < perRoll[i] ? tension[i] : perRoll[i];
          tension[i] -= s;
          return s;
        };

        // Its situational dice on a roll of `dice` dice, `net` those advantageOn puts on the
        // roll's kind: on every such roll, or with advantageRolls "first" on the first it
        // rolls ("only applies to a single skill check or combat roll"). A roll of no dice
        // is no roll: it leaves them for the next.
        const situational = (i: number, dice: number, net: number) => {
          if (net === 0 || dice === 0 || situationLeft[i] === 0) return 0;
          if (firstRollOnly[i]) situationLeft[i] = 0;
          return net;
        };

        // A roll's total: kept dice + bonus − wounds, at least 0; a pool of no dice totals 0.
        const total = (dice: number, adv: number, bonus: number) => {
          if (dice === 0) return 0;
          const t = rollOf(dice, adv).roll(random) + bonus;
          return t < 0 ? 0 : t;
        };

        // A Human shield buyer with the charge ready and no enemy held picks, by its
        // targeting, among the enemies it could hold (another standing enemy being ranged):
        // it seizes the man beside the gunner, not the gunner, whose own shots would not be
        // turned onto himself. Where none could be held, its targeting as ever.
        const seizes = (i: number) => {
          if (buy[i] !== CHARGE_CODE.humanShield || charge[i] < CHARGE_COST[CHARGE_CODE.humanShield]) return false;
          if (holding(i)) return false;
          for (let j = 0; j < n; j++) if (alive[j] && teamOf[j] !== teamOf[i] && rangedBesides(i, j)) return true;
          return false;
        };

        const pickTarget = (i: number) => {
          const how = targeting[i];
          const seize = seizes(i);
          let best = -1;
          let bestScore = 0;
          let ties = 0;
          for (let j = 0; j < n; j++) {
            if (!alive[j] || teamOf[j] === teamOf[i]) continue;
            if (seize && !rangedBesides(i, j)) continue;
            const left = limit[j] - wounds[j];
            const score = how === 0 ? -left : how === 1 ? left : 0;
            if (best < 0 || score > bestScore) {
              best = j;
              bestScore = score;
              ties = 1;
            } else if (score === bestScore) {
              // Reservoir choice: each tied candidate ends up chosen with chance 1/ties.
              ties++;
              if (random.below(ties) === 0) best = j;
            }
          }
          return best;
        };

        // i's attack on t; whether t gave up its block for charge (the turn loop then lets t
        // release on i at once: rules.chargeRelease).
        const attack = (i: number, t: number): boolean => {
          if (!coverOnHit && direct[i]) {
            const c = cover[t] - firedFromCover[t];
            if (c > 0 && random.below(VDP_DIE) < COVER_SIXTHS[c]) {
              if (opening === 0) opening = 1;
              return false;
            }
          }
          if (split[t] < 0) allocate(t);
          const attackDice = split[i];
          const defenceDice = pool[t] - split[t];
          // Probe Defense: "+1 on combat bonus against this opponent"; a disarmed attacker
          // fights without its weapon's bonus.
          const aBonus = attackBonus[i] - wounds[i] * penaltyPerPoint[i] - (disarmed[i] ? weaponBonus[i] : 0) + probed[i * n + t];
          const dBonus = defenceBonus[t] - wounds[t] * penaltyPerPoint[t] + probed[t * n + i];
          const a = total(attackDice, spendOn(i, ATTACK_ROLL, attackDice) - activeDis[i] + situational(i, attackDice, attackSituation[i]), aBonus);
          // An effect's dice are "on all combat actions for one turn", and "A DEFEND action is
          // a free action": a defence between an effect and the end of the loser's next turn
          // rolls with them (a defender is never in its own turn, so they are all pending),
          // unless the rules say `effectsOn: ownTurn`.
          let d =
            stunned[t] && stunnedDefenceless
              ? 0 // "briefly KO'd": no defence roll, no tension spent on one
              : total(defenceDice, spendOn(t, DEFENCE_ROLL, defenceDice) - activeDis[t] - pendingDis[t] * effectsOnDefence + situational(t, defenceDice, defenceSituation[t]), dBonus);
          let r = exchange(a, d, thresholdAgainst(t, i));
          // A block given up: "that success may be given up in order to gain charge" — no
          // tension, no defensive effect. "The action negated to gain charge counts, so it is
          // possible ... letting someone score a hit they otherwise wouldn't have": the attack
          // hits, the attacker "successfully inflicting a wound". Its result (0 or less) deals
          // nothing by the damage rule, so the least hit: one wound, played below as any hit
          // of one damage (Human shield, the attacker's own cash-in, its offensive effect,
          // KO). Under rules.givenUpBlock "glancing" the text's "glancing hit" is what comes
          // through, the most such a result is by the damage rule: played below as any
          // glancing blow (r = 0: no wound, the attacker's tension and point of charge, no
          // success of its own to cash in, a Human shield's turned shot that wounds no one).
          // Under "nothing" the attack does nothing more. Under "undefended" the action
          // negated is the DEFEND itself, so the attack meets no defence, as against one who
          // "has no Defence" (the text's Jill): its total against a defence of 0, played below
          // as any attack so met (glancing, or damage by the damage rule; a Human shield's
          // turned shot too).
          const letThrough = r < 0 && cashesIn(t, CASH_IN_CODE.blocks);
          if (letThrough) {
            gainCharge(t);
            if (givenUpBlock === 'nothing') {
              if (opening === 0) opening = 2;
              return letThrough;
            }
            if (givenUpBlock === 'undefended') {
              d = 0;
              r = exchange(a, 0, thresholdAgainst(t, i));
            } else r = givenUpBlock === 'glancing' ? 0 : 1;
          }
          // Cover "grants a 2/6 chance of avoiding a hit" (rules.coverRoll "onHit"): rolled on a
          // shot that would hit, a block given up included (the charge is t's all the same); a
          // block stays a block.
          if (coverOnHit && r >= 0 && direct[i]) {
            const c = cover[t] - firedFromCover[t];
            if (c > 0 && random.below(VDP_DIE) < COVER_SIXTHS[c]) {
              if (opening === 0) opening = 1;
              return letThrough;
            }
          }
          // Human shield: "Any ranged attack that would hit the character this turn, has a 75%
          // chance of hitting the target instead". A shot that would hit (a glancing blow or
          // damage: the defence did not hold, or was given up) by anyone but the shield itself
          // goes, 3 times in 4, to the enemy t holds: the attack result against the shield's
          // own threshold (a hit let through by a block given up: one wound; a glancing hit
          // let through, rules.givenUpBlock "glancing": none, as a glancing blow is a shot that
          // would hit, so it is turned as often, and a result of 0 or less wounds no one
          // whatever the Fortitude). The attacker chose no such target, so it gains nothing
          // from it (no tension, charge or effect), and t takes nothing beyond the charge it
          // gave the block up for. (Never the opening exchange: a Human shield is refused in a duel.)
          if (r >= 0 && ranged[i] && shield[t] !== 0) {
            const held = shield[t] - 1;
            if (held !== i && alive[held] && random.below(4) < 3) {
              shieldHits[t]++;
              // Undefended, the shot met no defence: its total against the shield's threshold (d is 0).
              const w = letThrough && givenUpBlock !== 'undefended' ? r : Math.floor((a - d) / thresholdAgainst(held, i));
              if (w > 0) {
                wounds[held] += w;
                if (wounds[held] > limit[held]) {
                  alive[held] = 0;
                  if (--teamStanding[teamOf[held]] === 0) teamsStanding--;
                }
              }
              return letThrough;
            }
          }
          const first = opening === 0;
          if (r > 0 && cashesIn(i, CASH_IN_CODE.hits)) {
            // "that success may be given up in order to gain charge"
            if (first) opening = 4;
            gainCharge(i);
            // "the action negated to gain charge counts, so it is possible for example to
            // grapple someone rather than punching them": with the charge now at the cost, a
            // buy released on an enemy goes on t at once, as this action, which has come
            // through t's cover already (rules.chargeRelease "sameAction"). Where it would
            // change nothing, the charge is kept for a later action, as ever.
            if (releasesAtOnce && !onSelf(buy[i])) release(i, t, true);
            return letThrough;
          }
          if (r > 0) {
            // "Instead of dealing damage, the attacker can choose to convert any number of
            // damage points to tension and spend them (and any stored tension) immediately"
            const c = convertedDamage(offensive[i], r, wounds[t] + r, limit[t]);
            if (first) opening = 4;
            if (c > 0) {
              converted[i] += c;
              effect(i, t, c + storedFor(i), first);
              return letThrough;
            }
            wounds[t] += r;
            if (first) openingDamage = r;
            if (wounds[t] > limit[t]) {
              alive[t] = 0;
              if (--teamStanding[teamOf[t]] === 0) teamsStanding--;
            }
          } else if (r === 0) {
            tension[i]++;
            gained[i]++;
            // "In case of a glancing hit, the attacker gains one point of charge."
            gainCharge(i);
            if (opening === 0) opening = 3;
          } else {
            gained[t] -= r;
            if (opening === 0) opening = 2;
            // "the defender gains a point of Tension, and can spend that tension on a defensive effect"
            // The effect lands on i in its own turn: under rules.effectsOn "fromLanding" it
            // weighs at once on the rest of this turn's rolls too, then (pending) on i's
            // defences and its next turn as any effect.
            if (defensive[t]) activeDis[i] += effect(t, i, -r + storedFor(t), first) * landsAtOnce;
            else tension[t] -= r;
          }
          return letThrough;
        };

        for (let trial = 0; trial < trials; trial++) {
          teamStanding.fill(0);
          probed.fill(0);
          for (let i = 0; i < n; i++) {
            wounds[i] = 0;
            tension[i] = startTension[i];
            gained[i] = 0;
            situationLeft[i] = 1;
            alive[i] = 1;
            firedFromCover[i] = 0;
            pendingDis[i] = 0;
            activeDis[i] = 0;
            status[i] = startStatus[i];
            pool[i] = VDP_POOL;
            surge[i] = 0;
            pierced[i] = 0;
            disarmed[i] = 0;
            netted[i] = 0;
            grappled[i] = 0;
            stunned[i] = 0;
            shield[i] = 0;
            shieldHits[i] = 0;
            alliesFreed[i] = 0;
            charge[i] = startCharge[i];
            chargeGained[i] = 0;
            released[i] = 0;
            removed[i] = 0;
            landed[i] = 0;
            landedDice[i] = 0;
            converted[i] = 0;
            bidsPaid[i] = 0;
            teamStanding[teamOf[i]]++;
          }
          teamsStanding = teams;
          opening = 0;
          openingDamage = 0;
          openingEffect = 0;
          openingEffectDice = 0;
          let firstTurn = -1;
          let rounds = 0;

          while (rounds < maxRounds && teamsStanding > 1) {
            rounds++;
            // Timing order: 2d6 + Timing, highest first; ties by Timing, then at random.
            let m = 0;
            for (let i = 0; i < n; i++) {
              split[i] = -1;
              if (!alive[i]) continue;
              // "For every wound received, a character subtracts 1 from the total results ...
              // when rolling dice": this roll too. Ties still go by the Timing attribute.
              key[i] = random.die(6) + random.die(6) + timing[i] - wounds[i] * penaltyPerPoint[i];
              // Insertion by (key, timing) descending.
              let at = m++;
              while (at > 0) {
                const o = order[at - 1];
                if (key[o] > key[i] || (key[o] === key[i] && timing[o] >= timing[i])) break;
                order[at] = o;
                at--;
              }
              order[at] = i;
            }
            // Shuffle runs of equal (key, timing): a fair order among full ties.
            for (let s = 0; s < m; ) {
              let e = s + 1;
              while (e < m && key[order[e]] === key[order[s]] && timing[order[e]] === timing[order[s]]) e++;
              for (let k = e - 1; k > s; k--) {
                const j = s + random.below(k - s + 1);
                const tmp = order[k];
                order[k] = order[j];
                order[j] = tmp;
              }
              s = e;
            }
            if (firstTurn < 0) firstTurn = order[0];

            for (let o = 0; o < m && teamsStanding > 1; o++) {
              const i = order[o];
              if (!alive[i]) continue;
              firedFromCover[i] = 0; // back behind its cover at the start of its turn
              // Effects on it are "for one turn": this one.
              activeDis[i] = pendingDis[i];
              pendingDis[i] = 0;
              // Armor Pierce lasts "until they adjust their stance ... on their next turn".
              pierced[i] = 0;
              // Human shield holds "this turn": bought in its own turn, it catches the shots of
              // the others' turns until its next begins (a turn skipped stunned begins too).
              shield[i] = 0;
              // "Removing a status can be accomplished by spending 1 point of Tension, unless the
              // status states otherwise": Entangle/Shock's does (`netted`), and is left alone here.
              if (removes[i]) {
                for (let k = 0; k < REMOVAL_ORDER.length && status[i] !== 0 && tension[i] > 0; k++) {
                  // Not a status that would change nothing (removalChanges).
                  if (status[i] & REMOVAL_ORDER[k] && removalChanges(REMOVAL_ORDER[k], status[i], attacks[i], physical[i] === 1 && struckEver[i] === 1, actsEver[i] === 1)) {
                    status[i] &= ~REMOVAL_ORDER[k];
                    tension[i]--;
                    removed[i]++;
                    if (REMOVAL_ORDER[k] === ENTANGLED) grappled[i] = 0;
                  }
                }
              }
              if (stunned[i]) {
                // "briefly KO'd and skips a turn"
                stunned[i] = 0;
                activeDis[i] = 0;
                continue;
              }
              if (split[i] < 0) allocate(i);
              let actions = actionsOf(attacks[i], status[i]);
              if (netted[i] && actions > 0) {
                // Entangle/Shock: "until they spend an action to disentangle themselves" (before
                // recovering a dropped weapon: a netted fighter frees its hands first).
                netted[i] = 0;
                actions--;
                removed[i]++;
              }
              if (grappled[i] && struckEver[i] && actions > 0 && buy[i] === CHARGE_CODE.breakOff && charge[i] >= CHARGE_COST[CHARGE_CODE.breakOff]) {
                // Break off, "Negates a grapple": still held after paying what tension it would,
                // it releases the charge on itself ("Releasing charge on oneself ... takes an
                // action"), after freeing itself of a net and before picking up its weapon.
                breakHold(i, i);
                actions--;
              }
              // Break off on an ally: "Releasing charge on oneself or an ally takes an action".
              // At the start of its turn, as its own: an action and a point of charge for each
              // ally still held by an enemy's grapple, the most hurt first (heldAlly), while the
              // charge and the actions last, before picking up its weapon. Its own hold comes
              // first ("May still take a step unless actively grappled"): the Break off above
              // has taken it off wherever charge and an action were left to free anyone, so
              // `!grappled[i]` only says the rule. Only where a hold is there to negate: with
              // no ally held, the charge is kept and the action is an attack.
              if (freesAllies[i]) {
                while (!grappled[i] && actions > 0 && charge[i] >= CHARGE_COST[CHARGE_CODE.breakOff]) {
                  const j = heldAlly(i);
                  if (j < 0) break;
                  breakHold(i, j);
                  actions--;
                  alliesFreed[i]++;
                }
              }
              if (disarmed[i] && actions > 0) {
                // "will have to spend an action to recover it"
                disarmed[i] = 0;
                actions--;
              }
              if (split[i] > 0 || buy[i] !== 0) {
                // The turn's target, once an action has gone at one; −1 before.
                let focus = -1;
                for (let a = 0; a < actions && teamsStanding > 1; a++) {
                  let t: number;
                  if (focus < 0 || alive[focus]) t = focus < 0 ? pickTarget(i) : focus;
                  else if (buy[i] === CHARGE_CODE.changeFocus && charge[i] >= CHARGE_COST[CHARGE_CODE.changeFocus]) {
                    // "Change Focus ... The character can switch targets mid-turn": released on
                    // the new target while attacking it, so the attack is not lost.
                    charge[i] -= CHARGE_COST[CHARGE_CODE.changeFocus];
                    released[i]++;
                    t = pickTarget(i);
                  } else break; // its target is KO'd: the turn's other attacks are lost
                  if (t < 0) break;
                  // Releasing charge is the action ("grapple someone rather than punching them").
                  if (release(i, t)) {
                    if (keepsFocus[i] && !onSelf(buy[i])) focus = t;
                    continue;
                  }
                  if (split[i] === 0) break; // "Fighting defensively": no attack
                  if (keepsFocus[i]) focus = t;
                  if (cover[i] > 0) firedFromCover[i] = 1;
                  if (attack(i, t) && releasesAtOnce && alive[t] && !stunned[t] && !onSelf(buy[t])) {
                    // "the action negated to gain charge counts, so it is possible ... letting
                    // someone score a hit they otherwise wouldn't have, just before disarming
                    // them": t gave up its block, took the hit if one was let through, and,
                    // standing and not stunned ("briefly KO'd"), releases on i now, while
                    // defending against it (rules.chargeRelease "sameAction"); made as an
                    // attack is, out of t's own cover and, a shot, against i's. Where it would
                    // change nothing the charge is kept for t's own next action.
                    release(t, i);
                    // Stunned in its own turn, "briefly KO'd": the rest of the turn is lost (and
                    // its next turn is skipped, as any Stunning Blow's target's).
                    if (stunned[i]) break;
                  }
                }
              }
              activeDis[i] = 0;
            }
          }

          let winner = -1;
          if (teamsStanding === 1) for (let k = 0; k < teams; k++) if (teamStanding[k] > 0) winner = k;
          for (let k = 0; k < teams; k++) tally.add(M.win[k], winner === k ? 1 : 0);
          tally.add(M.draw, winner < 0 ? 1 : 0);
          tally.add(M.rounds, rounds);
          tally.bin(0, rounds);
          entryWounds.fill(0);
          entryKo.fill(0);
          entryTension.fill(0);
          for (let i = 0; i < n; i++) {
            const e = entryOf[i];
            entryWounds[e] += wounds[i];
            entryKo[e] += alive[i] ? 0 : 1;
            entryTension[e] += gained[i];
          }
          for (let e = 0; e < entries.length; e++) {
            tally.add(M.wounds[e], entryWounds[e]);
            tally.add(M.ko[e], entryKo[e]);
            tally.add(M.tension[e], entryTension[e]);
          }
          for (let e = 0; e < entries.length; e++) tally.add(M.first[e], entryOf[firstTurn] === e ? 1 : 0);
          tally.add(M.openingAvoided, opening === 1 ? 1 : 0);
          tally.add(M.openingHeld, opening === 2 ? 1 : 0);
          tally.add(M.openingGlancing, opening === 3 ? 1 : 0);
          tally.add(M.openingHit, opening === 4 ? 1 : 0);
          tally.add(M.openingDamage, openingDamage);
          entryEffects.fill(0);
          for (let i = 0; i < n; i++) {
            const at = 4 * entryOf[i];
            entryEffects[at] += landed[i];
            entryEffects[at + 1] += landedDice[i];
            entryEffects[at + 2] += converted[i];
            entryEffects[at + 3] += bidsPaid[i];
          }
          for (let k = 0; k < entryEffects.length; k++) tally.add(M_EFFECTS + k, entryEffects[k]);
          tally.add(M_OPENING_EFFECT, openingEffect);
          tally.add(M_OPENING_EFFECT + 1, openingEffectDice);
          entryCharge.fill(0);
          for (let i = 0; i < n; i++) {
            const at = 3 * entryOf[i];
            entryCharge[at] += chargeGained[i];
            entryCharge[at + 1] += released[i];
            entryCharge[at + 2] += removed[i];
          }
          for (let k = 0; k < entryCharge.length; k++) tally.add(M_CHARGE + k, entryCharge[k]);
          if (shieldEntries.length > 0) {
            entryShield.fill(0);
            for (let i = 0; i < n; i++) entryShield[entryOf[i]] += shieldHits[i];
            for (let k = 0; k < shieldEntries.length; k++) tally.add(M_SHIELD[k], entryShield[shieldEntries[k]]);
          }
          if (freerEntries.length > 0) {
            entryFreed.fill(0);
            for (let i = 0; i < n; i++) entryFreed[entryOf[i]] += alliesFreed[i];
            for (let k = 0; k < freerEntries.length; k++) tally.add(M_FREED[k], entryFreed[freerEntries[k]]);
          }
        }
        tally.addTrials(trials);
      },
      // The first turn and the opening exchange are exact in a duel; with more characters
      // who acts first against whom is the targeting's, and the result says so. A duel
      // where a fighter starts with the charge to release before the first attack keeps
      // first.* exact and says why opening.* is not.
      ...(duel
        ? openingSkipped === undefined
          ? {}
          : { exactSkipped: openingSkipped }
        : { exactSkipped: `exact values of first.* and opening.* skipped: they are computed for a duel, and this combat has ${n} characters; every figure here is Monte Carlo` }),
      exactMetrics: [M.first[0], M.first[1], M.openingAvoided, M.openingHeld, M.openingGlancing, M.openingHit, M.openingDamage, M_OPENING_EFFECT, M_OPENING_EFFECT + 1].map((i) => L.specs[i]!.name),
      exact: duel
        ? () => {
            const x = L.exact();
            const first = firstTurnChance(entries[0].timing, entries[1].timing);
            x[M.first[0]] = first;
            x[M.first[1]] = 1 - first;
            if (openingSkipped !== undefined) return { metrics: L.named(x) };
            const o = openingExchange(entries[0], entries[1], rollOf, entangledRoundedDown, givenUpBlock, rules.coverRoll);
            x[M.openingAvoided] = o.avoided;
            x[M.openingHeld] = o.held;
            x[M.openingGlancing] = o.glancing;
            x[M.openingHit] = o.hit;
            x[M.openingDamage] = o.damage;
            x[M_OPENING_EFFECT] = o.effect;
            x[M_OPENING_EFFECT + 1] = o.effectDice;
            return { metrics: L.named(x) };
          }
        : undefined,
    };
  },
});

/**
 * Why a duel's exact opening (opening.*) is left out, or undefined where it is computed: a
 * fighter that starts with charge at its buy's cost (`charge`) may release it in place of
 * the fight's first attack, a release that then changes what that attack is and does (a
 * Stunning Blow, a grapple or a pierce before it, a Surge or a Probe Defense taking the
 * first action), which openingExchange does not play. Second Wind (nothing to recover
 * before the first attack), Change Focus (paid when a target falls) and Break off (no
 * grapple to negate yet) are not released before it: their starting charge only stops
 * the fighter giving up its first success, which openingExchange reads (`cashes`).
 */
export function openingChargeSkipped(a: CombatantSetup, b: CombatantSetup): string | undefined {
  const notFirst: readonly string[] = ['none', 'secondWind', 'changeFocus', 'breakOff'];
  for (const c of [a, b]) {
    const buy = c.chargeBuy ?? 'none';
    const cost = CHARGE_COST[CHARGE_CODE[buy]];
    if (notFirst.includes(buy) || (c.charge ?? 0) < cost) continue;
    return `exact values of opening.* skipped: ${c.name} starts with ${c.charge} charge, ${c.charge === cost ? 'the cost' : 'more than the cost'} of its buy (chargeBuy ${JSON.stringify(buy)}, ${cost}), and may release it before the fight's first attack, which the exact opening does not play; first.* stays exact, and opening.* is exact where every starting charge is below its buy's cost`;
  }
  return undefined;
}

/** P(2d6 + Timing of a is before b's in the turn order): ties by Timing, then a coin. */
export function firstTurnChance(timingA: number, timingB: number): number {
  const twoDice = Distribution.die(VDP_DIE).repeat(2);
  const diff = twoDice.shift(timingA).minus(twoDice.shift(timingB));
  const tie = diff.at(0);
  return diff.atLeast(1) + tie * (timingA > timingB ? 1 : timingA < timingB ? 0 : 0.5);
}

/**
 * The exact first attack of a duel: who takes the first turn, and what the first attack
 * made does (the first turn's taker attacks, unless it cannot: no attack dice, or Fatigued
 * and Panicked, no action to attack in; then the other attacks on its turn): avoided, held, glancing, a hit (a result of at least
 * Fortitude, or a block given up for charge: one wound, rules.givenUpBlock "hit"; a glancing hit under "glancing"; under "undefended" the attack against a defence of 0), the damage dealt, and the effect that follows it — damage converted or a
 * block's tension spent, then the bidding (sim/vdp/effects.ts) with the tension both have
 * left after their rolls. Both characters are fresh: no wounds, starting tension. A success
 * given up and released at once (rules.chargeRelease "sameAction") follows that attack and
 * changes none of these (a hit given up is a hit of no damage, released or not), so the
 * figures are the same under either value. Nobody releases before the first attack: a
 * starting charge is below its buy's cost, or its buy is not released then
 * (openingChargeSkipped says where one could be, and the opening is not computed there).
 */
export function openingExchange(
  a: CombatantSetup,
  b: CombatantSetup,
  rollOf: (kept: number, net: number) => VdpRoll,
  /** rules.entangledFortitude "roundedDown" (by default as the rule's own default says). */
  entangledRoundedDown = (VDP_DEFAULTS.entangledFortitude as VdpRules['entangledFortitude']) === 'roundedDown',
  /** rules.givenUpBlock: what a block given up for charge lets through ("hit": one wound; "glancing": a glancing hit; "undefended": the attack against no defence; "nothing"). */
  givenUpBlock: VdpRules['givenUpBlock'] = VDP_DEFAULTS.givenUpBlock,
  /** rules.coverRoll: cover rolled on a shot that would hit ("onHit"), or before the attack ("before"). */
  coverRoll: VdpRules['coverRoll'] = VDP_DEFAULTS.coverRoll,
): { first: number; avoided: number; held: number; glancing: number; hit: number; damage: number; effect: number; effectDice: number } {
  const first = firstTurnChance(a.timing, b.timing);
  const out = { first, avoided: 0, held: 0, glancing: 0, hit: 0, damage: 0, effect: 0, effectDice: 0 };
  // Statuses at the start, and after the first turn's taker pays to remove its own.
  const startStatus = (c: CombatantSetup) => statusBits(c.status);
  // (As the fight's struckEver and actsEver read them, for c against its one enemy.)
  const afterRemoval = (c: CombatantSetup) => {
    const foe = c === a ? b : a;
    let st = startStatus(c);
    let bank = c.tension ?? 0;
    const struck = !attacksNever(foe);
    const acts = !attacksNever(c) || (c.chargeBuy ?? 'none') !== 'none' || foe.chargeBuy === 'entangleShock' || foe.chargeBuy === 'disarm';
    if ((c.removeStatus ?? 'always') === 'always') {
      for (let k = 0; k < REMOVAL_ORDER.length && st !== 0 && bank > 0; k++) {
        if (st & REMOVAL_ORDER[k] && removalChanges(REMOVAL_ORDER[k], st, c.attacks ?? 2, (c.damageType ?? 'physical') === 'physical' && struck, acts)) {
          st &= ~REMOVAL_ORDER[k];
          bank--;
        }
      }
    }
    return { status: st, bank };
  };
  const attackDice4 = (c: CombatantSetup) => attackDiceFor(c.allocation ?? '2/2', 0, woundLimitOf(c), false);
  const attackDice = (c: CombatantSetup, st: number) => splitAttack(attackDice4(c), poolSize(st, 0), st);
  // Attacks on its turn: dice to attack with and an action to attack in (Fatigued and
  // Panicked, its one action is the MOVE: actionsOf, as the fight plays it).
  const attacksOnTurn = (c: CombatantSetup, st: number) => attackDice(c, st) > 0 && actionsOf(c.attacks ?? 2, st) > 0;
  // Gives up its first success of this kind for charge: while its starting charge is below
  // its buy's cost ("while short of the cost").
  const cashes = (c: CombatantSetup, kind: 'hits' | 'blocks') =>
    (c.chargeBuy ?? 'none') !== 'none' &&
    ((c.chargeCashIn ?? 'never') === kind || c.chargeCashIn === 'both') &&
    (c.charge ?? 0) < CHARGE_COST[CHARGE_CODE[c.chargeBuy ?? 'none']];
  const bidding: Bidding = { landed: false, winnerPaid: 0, loserPaid: 0 };
  const addAttack = (x: CombatantSetup, y: CombatantSetup, p: number, yHadTurn: boolean) => {
    const xs = afterRemoval(x); // x is on its turn
    const yAfter = afterRemoval(y);
    const ys = yHadTurn ? yAfter.status : startStatus(y);
    const yBank = yHadTurn ? yAfter.bank : (y.tension ?? 0);
    const ax = attackDice(x, xs.status);
    const dy = poolSize(ys, 0) - attackDice(y, ys);
    const coverLevel = COVER_LEVELS.indexOf(y.cover ?? 'none');
    const avoid = directFire(x) ? COVER_SIXTHS[coverLevel] / VDP_DIE : 0;
    const perRoll = (c: CombatantSetup) => c.spendPerRoll ?? VDP_POOL;
    const advX = tensionSpent(x.spendTension ?? 'onAttack', 'attack', ax, xs.bank, perRoll(x));
    const advY = tensionSpent(y.spendTension ?? 'onAttack', 'defence', dy, yBank, perRoll(y));
    const bankX = xs.bank - advX;
    const bankY = yBank - advY;
    const threshold = thresholdOf(y.fortitude, ys, y.armour ?? 0, x.armourPiercing ?? 0, (y.damageType ?? 'physical') === 'physical', entangledRoundedDown);
    const clamp = (v: number) => (v < 0 ? 0 : v);
    // Tension's advantage dice net with the situational dice ("an advantage die negates a
    // disadvantage die"). The fight's first attack is the first roll either of them makes
    // (nobody starts with charge to release first), so advantageRolls "first" puts the dice
    // here as "every" does.
    const att = rollOf(ax, advX + situationalNet(x, 'attack')).distribution().shift(bonusOf(x.attack)).map(clamp);
    const def = dy === 0 ? Distribution.constant(0) : rollOf(dy, advY + situationalNet(y, 'defence')).distribution().shift(bonusOf(y.defence)).map(clamp);
    // Cover rolled before the attack (rules.coverRoll "before") stops a share of every
    // attack; rolled on a hit ("onHit"), a share of those that would hit (below).
    const avoidFirst = coverRoll === 'before' ? avoid : 0;
    const avoidHit = coverRoll === 'before' ? 0 : avoid;
    const land = p * (1 - avoidFirst);
    out.avoided += p * avoidFirst;
    // An effect of `size` by w (bank wBank, stored extra up to wExtra) on l.
    const effect = (q: number, size: number, w: CombatantSetup, wBank: number, l: CombatantSetup, lBank: number) => {
      const extra = Math.min(w.effectTension ?? 0, wBank);
      const e = size + extra;
      if (e <= 0) return;
      bid(e, wBank - extra, lBank, BID_CODE[w.bid ?? 'whileAhead'], BID_CODE[l.bid ?? 'whileAhead'], bidding);
      if (!bidding.landed) return;
      out.effect += q;
      out.effectDice += q * e;
    };
    const limitY = woundLimitOf(y);
    for (let i = 0; i < att.p.length; i++) {
      for (let j = 0; j < def.p.length; j++) {
        let q = land * att.p[i] * def.p[j];
        if (q === 0) continue;
        let r = exchange(att.min + i, def.min + j, threshold);
        // A block given up (its first, with no charge yet) lets the attack hit: one wound
        // (rules.givenUpBlock "hit"), played as a hit of one damage; or a glancing hit
        // ("glancing"), played as a glancing blow; or the attack meets no defence
        // ("undefended"), its total against a defence of 0.
        if (r < 0 && cashes(y, 'blocks') && givenUpBlock !== 'nothing') r = givenUpBlock === 'glancing' ? 0 : givenUpBlock === 'undefended' ? exchange(att.min + i, 0, threshold) : 1;
        // A shot that would hit meets the cover now (rules.coverRoll "onHit").
        if (r >= 0 && avoidHit > 0) {
          out.avoided += q * avoidHit;
          q *= 1 - avoidHit;
          if (q === 0) continue;
        }
        if (r < 0) {
          out.held += q;
          if (!cashes(y, 'blocks') && (y.defensiveEffect ?? 'always') === 'always') effect(q, -r, y, bankY, x, bankX);
        } else if (r === 0) out.glancing += q;
        else if (cashes(x, 'hits')) out.hit += q;
        else {
          out.hit += q;
          const c = convertedDamage(OFFENSIVE_CODE[x.offensiveEffect ?? 'never'], r, r, limitY);
          if (c > 0) effect(q, c, x, bankX, y, bankY);
          else out.damage += q * r;
        }
      }
    }
  };
  // Whoever attacks first: the first turn's taker, if it can attack; else the other.
  const order: [CombatantSetup, CombatantSetup, number][] = [
    [a, b, first],
    [b, a, 1 - first],
  ];
  // A first taker that cannot attack has had its turn (and paid to remove its statuses)
  // when the other makes the first attack.
  for (const [x, y, p] of order) {
    if (p === 0) continue;
    if (attacksOnTurn(x, afterRemoval(x).status)) addAttack(x, y, p, false);
    else if (attacksOnTurn(y, afterRemoval(y).status)) addAttack(y, x, p, true);
  }
  return out;
}
