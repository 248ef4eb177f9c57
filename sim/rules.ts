/**
 * Rule variants: the toggles of a scenario's `rules` object (docs/rules.md, "variant").
 * Each system has its own; a toggle of another system, or an unknown one, is an error.
 */
import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';

/**
 * A variant's values, each with a few words saying it at the table, and its default. The
 * values are the words' keys, so none can be added without its words; the words go with
 * the schema as its `words` (in its JSON Schema too), where the dashboard's rule choices
 * read them (reports/fields/rules.ts). The file holds the value, never the words.
 */
function variant<const V extends string>(words: Record<V, string>, byDefault: NoInfer<V>) {
  return z.enum(Object.keys(words) as [V, ...V[]]).default(byDefault).meta({ words });
}

/** An on/off variant, its two settings in words as `variant`'s values are. */
function flagVariant(words: { false: string; true: string }, byDefault: boolean) {
  return z.boolean().default(byDefault).meta({ words });
}

/**
 * The Viciousness variants' defaults, declared once: the schema below reads them, and so
 * does code that asks what a file changed where zod is not loaded (a worker has none:
 * workers/no-zod.ts), as the campaign's note on rivals' variants without rivals does.
 */
export const VICIOUSNESS_DEFAULTS = {
  hitOn: 'exact4',
  targeting: 'strongest',
  equipment: 'mostEquipped',
  woundOrder: 'random',
  push: 'never',
  medicReach: 'one',
  outnumbered: 'allEnemies',
  invest: 'focus',
  handyPoint: 'perRival',
  speedChess: false,
  escalation: 'lasting',
  consequenceWound: 'bedRest',
  attemptTarget: 'first',
} as const;
const D = VICIOUSNESS_DEFAULTS;

export const viciousnessRules = lazySchema(() => z
  .object({
    /** What counts as a hit in violence; defaults to *exact4* (a die showing exactly 4). */
    hitOn: variant({ exact4: 'exactly 4', '4+': '4 or more' }, D.hitOn),
    /** Which lower side a side's leftover hits go to with more than two sides; *strongest*. */
    targeting: variant({ strongest: 'the strongest weaker side', weakest: 'the weakest side', random: 'a weaker side at random' }, D.targeting),
    /**
     * Whose equipment dice (a side's `bonus`) roll in a clash, a battle or a campaign's
     * fight (against a job's guards' `bonus`, a rival's minions' `minionBonus`): *mostEquipped*
     * (default), only the side with the most ("The GM awards 1d4 or 2d4 to the most
     * well-equipped side"; with as many at the top, none); *everySide*, each side's as
     * written (the reading before December 2026).
     */
    equipment: variant({ mostEquipped: 'only the most well-equipped side', everySide: 'every side, as written' }, D.equipment),
    /** Which able combatants a side's landed hits wound; *random*. */
    woundOrder: variant({ random: 'at random', minionsFirst: 'minions first', captainFirst: 'the captain first' }, D.woundOrder),
    /** When a combatant pushes to reroll its violence dice; *never*. */
    push: variant({ never: 'never', ifNoHit: 'when its dice show no hit' }, D.push),
    /**
     * How many wounded a Medic attends in a round: *one* (default) of the round's own
     * wounded; *window*, one a round of the wounded of this round or the two before
     * ("medical attention within 30 seconds", "time is measured in 10 second rounds"),
     * oldest first, the ones it never reaches getting ordinary aid; or *all* — "A character
     * you provide medical attention to during violence is not in danger of dying", and
     * "medical attention within 30 seconds" leaves a Medic time for more than one.
     */
    medicReach: variant({ one: 'one wounded a round', window: 'one a round, each wounded waiting up to 30 seconds', all: 'all the wounded' }, D.medicReach),
    /**
     * Who outnumbers a side with three or more sides, for the `outnumbered` flight policy and
     * the Berzerker's "Gain 1d4 if you are outnumbered by enemies": *allEnemies*, the able
     * combatants of every other side still fighting together (docs/rules.md: "the enemies' able
     * combatants outnumber its own"); *anySide*, some one of those sides alone (the reading
     * before December 2026: docs/rulings/battle.md). Two sides read the same either way.
     */
    outnumbered: variant({ allEnemies: 'every enemy side together', anySide: 'any one enemy side alone' }, D.outnumbered),
    /** How a rival splits its ambition points among designs; *focus*. */
    invest: variant({ focus: 'all in its design with the most points', spread: 'round its designs in turn' }, D.invest),
    /**
     * A handy asset's extra ambition point ("Should a rival have an asset that would come
     * in handy while pursuing their design, add one extra point per turn"): *perRival*, one
     * point a turn, into a design the asset helps (the text); *perDesign*, one point a turn
     * for each design it helps, split with the rank's points by `invest` (the project's
     * first reading: docs/rulings/rivals.md).
     */
    handyPoint: variant({ perRival: 'one point a turn per rival', perDesign: 'one point a turn per design it helps' }, D.handyPoint),
    /** Speed Chess: a foiled design returns half its points; *false*. */
    speedChess: flagVariant({ false: 'not played', true: 'played' }, D.speedChess),
    /**
     * What a 6 on the consequence table escalates ("6. A medium-consequence design
     * begins"): *lasting* (default), every later design of the slot, each "a new design of
     * the same severity" (RULES.md); *once*, that one design, after which the slot's designs
     * are of the severity written for it again (docs/rulings/rivals.md).
     */
    escalation: variant({ lasting: 'every later design of its slot', once: 'that one design' }, D.escalation),
    /**
     * What a rival's "A PC is wounded" does, in a campaign: *bedRest* (default), 3 turns of
     * bed rest and no death roll — the medium table's wound, milder than the heavy table's
     * "An attempt on a PC's life" (a fight the PCs can repel); *deathRoll*, the wound as the
     * Wound Phase defines it, "a 2-in-4 chance to die", 1-in-4 when the PC's troupe gives
     * medical attention (`aid`, or a living Medic PC), the survivors 3 turns' bed rest
     * (docs/rulings/campaign.md).
     */
    consequenceWound: variant({ bedRest: 'bed rest, no death roll', deathRoll: 'a death roll, then bed rest' }, D.consequenceWound),
    /**
     * Whom the rival's minions' hits wound in "An attempt on a PC's life", in a campaign:
     * *first* (default), the first hit they land in a wound phase wounds the target, while
     * it is able — "The side with the most 4s assigns their hits", and the attackers came
     * for that PC — the rest by `woundOrder`; *anyFight*, every hit by `woundOrder` as in
     * any fight, the target only picking the troupe (the reading before December 2026:
     * docs/rulings/campaign.md).
     */
    attemptTarget: variant({ first: 'the target first', anyFight: 'as in any fight' }, D.attemptTarget),
  })
  .strict());

/** The VDP variants' defaults, declared once, as VICIOUSNESS_DEFAULTS: the schema below reads them, and so does code that asks whether a file set a variant away from its default. */
export const VDP_DEFAULTS = {
  advantageOn: 'accomplish',
  effectsOn: 'fromLanding',
  retarget: 'changeFocus',
  stunned: 'defenceless',
  entangledFortitude: 'halved',
  coverRoll: 'onHit',
  damagePenalty: 'wounds',
  givenUpBlock: 'hit',
  chargeRelease: 'sameAction',
} as const;

export const vdpRules = lazySchema(() => z
  .object({
    /** Which pool of a split roll advantage dice go to; *accomplish*. */
    advantageOn: variant({ accomplish: 'the Accomplish pool', caution: 'the Caution pool', both: 'both pools' }, VDP_DEFAULTS.advantageOn),
    /**
     * Which rolls an effect's disadvantage dice weigh on ("on all combat actions for one
     * turn"), in combat and contestRound: *fromLanding* (default), every roll of the loser's
     * from the moment it lands until its next turn ends: its defences (a DEFEND is "a free
     * action"), its next turn, and, for an effect landed on a character in its own turn (a
     * defensive effect against its attack), the rest of that turn's rolls too (its next
     * attack); *allActions*, as fromLanding, but an effect landed in the loser's own turn
     * waits for its next turn (the default before December 2026); *ownTurn*, only the rolls
     * of its next turn (the reading before that) (docs/rulings/vdp-combat.md).
     */
    effectsOn: variant({ fromLanding: 'the loser’s rolls at once', allActions: 'the loser’s defences and next turn', ownTurn: 'the loser’s next turn only' }, VDP_DEFAULTS.effectsOn),
    /**
     * Whether a melee fighter may switch targets in the middle of its turn, in combat: the
     * Edge Charge table sells "Change Focus | 1 | The character can switch targets mid-turn
     * | Melee, usually", so by default (*changeFocus*) a fighter that is not `ranged` keeps
     * the target of its first action for the whole turn, and when that target is KO'd its
     * remaining attacks are lost unless it pays 1 charge (`chargeBuy: changeFocus`); *free*:
     * every attack picks its target afresh (the reading before December 2026:
     * docs/rulings/vdp-combat.md).
     */
    retarget: variant({ changeFocus: 'kept, unless it buys Change Focus', free: 'switched freely' }, VDP_DEFAULTS.retarget),
    /**
     * What a Stunning Blow's target does until its skipped turn, in combat: "The target is
     * briefly KO'd and skips a turn", and a KO'd character is "removed from the scene", so by
     * default it is *defenceless* (its defence totals 0); *defends*: it rolls its defence as
     * usual (the reading before December 2026: docs/rulings/vdp-combat.md).
     */
    stunned: variant({ defenceless: 'defenceless', defends: 'still defends' }, VDP_DEFAULTS.stunned),
    /**
     * What Entangled ("Physical Fortitude halved") leaves of a Physical Fortitude, in
     * combat: *halved* (default), exactly half, so an odd one keeps its half point (3 is
     * 1.5: a result of 1 glances, 3 deals 2), as the damage rule divides ("divide the attack
     * result by the relevant Fortitude") and only then rounds down; *roundedDown*, halved and
     * rounded down, at least 1 (the reading before December 2026: a Fortitude of 1 was not
     * halved at all, one of 3 was cut to a third). docs/rulings/vdp-combat.md.
     */
    entangledFortitude: variant({ halved: 'exactly halved', roundedDown: 'halved, rounded down (at least 1)' }, VDP_DEFAULTS.entangledFortitude),
    /**
     * When cover is rolled against a direct-fire shot, in combat: "light cover grants a 2/6
     * chance of avoiding a hit from a direct-fire ranged attack", so by default (*onHit*) the
     * attack is rolled first and cover is rolled only on a shot that would hit (a glancing
     * blow or damage, a block given up for charge included): a block stays a block, with its
     * tension and defensive effect. *before*: the text's shortcut, "In order to simplify
     * fights, it's recommended to roll for this chance before ranged attacks are
     * calculated": an avoided shot is not rolled at all, so the one in cover loses the
     * blocks it would have made (the reading before December 2026, under which cover could
     * lower its holder's odds: docs/rulings/vdp-combat.md).
     */
    coverRoll: variant({ onHit: 'on a shot that would hit', before: 'before the attack is rolled' }, VDP_DEFAULTS.coverRoll),
    /**
     * Which damage takes 1 a point from a fighter's totals and its Timing roll, in combat:
     * "For every wound received, a character subtracts 1 from the total results", so by
     * default (*wounds*) only Physical damage (wounds), Madness and Stress counting toward
     * KO alone; *everyTrack*: Madness and Stress too (the reading before December 2026,
     * which took "All of this applies to effects that cause Sanity or Stress damage as well"
     * to carry over a rule the text gives only later, for wounds). docs/rulings/vdp-combat.md.
     */
    damagePenalty: variant({ wounds: 'Physical wounds only', everyTrack: 'Madness and Stress too' }, VDP_DEFAULTS.damagePenalty),
    /**
     * What a block given up for charge does, in combat: "Any time a success is scored
     * (successfully inflicting a wound, or successfully defending from an attack), that
     * success may be given up in order to gain charge", and "the action negated to gain
     * charge counts, so it is possible ... letting someone score a hit they otherwise
     * wouldn't have", so by default (*hit*) the attack hits: the least hit, one wound, played
     * as any hit of one damage; *nothing*: the charge only, the attack doing nothing (the
     * reading before December 2026); *glancing*: a glancing hit ("In case of a glancing hit,
     * the attacker gains one point of charge"), the most the attack's result (0 or less) is
     * by the damage rule: no wound, the attacker gaining a glancing blow's tension and point
     * of charge; *undefended*: the action negated is the DEFEND itself, so the attack meets
     * no defence (as against one who "has no Defence"): its total against a defence of 0.
     * docs/rulings/vdp-combat.md.
     */
    givenUpBlock: variant({ hit: 'lets the attack hit (one wound)', nothing: 'lets nothing through', glancing: 'lets a glancing hit through (no wound)', undefended: 'lets the attack meet no defence' }, VDP_DEFAULTS.givenUpBlock),
    /**
     * When a success given up for charge may be released on an enemy, in combat:
     * "Releasing any amount of charge on a target must be done while actively attacking or
     * defending against that target -- however, the action negated to gain charge counts, so
     * it is possible for example to grapple someone rather than punching them, or letting
     * someone score a hit they otherwise wouldn't have, just before disarming them". By
     * default (*sameAction*) a hit or a block given up that brings the charge to the buy's
     * cost is released at once, on the target of that attack or on the attacker, as that
     * same action; *nextAction*: only as one of the fighter's own later attack actions (the
     * reading before December 2026). Buys released on oneself or an ally ("takes an
     * action") are the same either way. docs/rulings/vdp-combat.md.
     */
    chargeRelease: variant({ sameAction: 'in the action given up', nextAction: 'as a later action of its own' }, VDP_DEFAULTS.chargeRelease),
  })
  .strict());

/** The Sorcerer variants' defaults, declared once, as VICIOUSNESS_DEFAULTS: the schema below reads them, and so does code that asks whether a file set a variant away from its default. */
export const SORCERER_DEFAULTS = {
  exhausted: 'one',
  totallyDefensive: 'sacrifice',
  nextPenalty: 'nextRound',
  attackCurrency: 'none',
  standUpCovers: 'action',
  tiedExchange: 'reroll',
  passionDefence: 'never',
  sacrificeCurrency: 'none',
  injuryPenalties: 'lasting',
  passionPenalties: 'uncut',
  failedStandUp: 'loseAction',
  repeatPenalty: 'cumulative',
} as const;

export const sorcererRules = lazySchema(() => z
  .object({
    /** A win because the other side ran out of dice scores *one* success or all *remaining*. */
    exhausted: variant({ one: 'one success', remaining: 'every remaining die' }, SORCERER_DEFAULTS.exhausted),
    /**
     * "Totally defensive (opposes no one) declared action (e.g., 'I dive under the
     * couch!') +2": +2 dice to a *sacrifice* (default since December 2026: "Sacrifice your
     * planned action and declare a defensive action, at full dice" is such a declared
     * action), or *never* (the default before). docs/rulings/sorcerer-conflict.md.
     */
    totallyDefensive: variant({ sacrifice: 'on a sacrificed action’s full defence', never: 'never' }, SORCERER_DEFAULTS.totallyDefensive),
    /**
     * "'Next' penalties apply only to your next action": a next penalty taken before the
     * character's action in a round cuts its *nextRound* action (the dice of this one are
     * already on the table), or *thisAction*: the action still to come, some of its dice
     * taken off at random, and the penalty is spent; the lasting penalties the same hits
     * left cut it too ("Your total penalties to an action are equal to your next +
     * lasting penalties") and stay. docs/rulings/sorcerer-conflict.md.
     */
    nextPenalty: variant({ nextRound: 'the next round’s action', thisAction: 'this action' }, SORCERER_DEFAULTS.nextPenalty),
    /**
     * "1 success = 1 stat point = 1 bonus = 1 penalty … 'roll over' successes from one
     * action into a related and immediately following action. Example: I punch my demon in
     * the face (2 successes). That will give me 2 bonus dice to command it": a landed
     * attack's successes go into the bleed alone (*none*, default), or also roll over as
     * bonus dice into the attacker's *nextAction* (a fighter whose `currency` is `all`).
     * docs/rulings/sorcerer-conflict.md.
     */
    attackCurrency: variant({ none: 'go into the bleed alone', nextAction: 'also roll over into the next action' }, SORCERER_DEFAULTS.attackCurrency),
    /**
     * What a Stand Up at the round's start covers ("roll your Will (without penalties) vs.
     * the number of dice you'd like to use for your action"): the *action* alone (default),
     * so a sacrifice for a full defence rolls its `defence` dice (its Stamina unless set) +
     * defence bonus (+2 with rules.totallyDefensive "sacrifice") − penalties; or
     * *actionOrSacrifice*: attacked before acting, it may "Sacrifice your planned action and
     * declare a defensive action, at full dice" with the dice its Will roll bought (at most
     * its defence's) + its defence bonus, no penalty cutting them. docs/rulings/sorcerer-conflict.md.
     */
    standUpCovers: variant({ action: 'the action alone', actionOrSacrifice: 'the action or its sacrifice' }, SORCERER_DEFAULTS.standUpCovers),
    /**
     * An exchange of a conflict (an attack against its defence) that ties all the way down
     * on as many dice a side: "If both sides have the same number of dice, throw your hands
     * up in despair and re-roll or something." A *reroll* (default, as the text says) of
     * that exchange alone, the attack and the defence on the same dice counts, until it is
     * no full tie, the order of actions left as the table's dice set it; or a *standOff*:
     * nothing happens (the default before December 2026). An attack always has dice (an
     * action of no dice is no action), so a re-roll can end. docs/rulings/sorcerer-conflict.md.
     */
    tiedExchange: variant({ reroll: 'is rolled again', standOff: 'is a stand-off' }, SORCERER_DEFAULTS.tiedExchange),
    /**
     * Where a conflict's Passion dice won this round go when the character, attacked before
     * acting, sacrifices its action: "Sacrifice your planned action and declare a defensive
     * action, at full dice. Note that some of your currency dice may not apply!" *never*
     * (default): they stay behind with the action ("If you are taking an action that is
     * relevant both to Passion and another stat, you can roll your Passion first"); or
     * *fullDefence*: the declared defensive action is relevant to the Passion too, and they
     * join that full defence, netted with its penalties. Never the one die of "Suck it up"
     * ("Roll 1 die (with no bonuses)"), nor a defence after acting (they went with the
     * action). docs/rulings/sorcerer-conflict.md.
     */
    passionDefence: variant({ never: 'stay with the action', fullDefence: 'join the full defence' }, SORCERER_DEFAULTS.passionDefence),
    /**
     * Where the currency a character carried into the round goes when, attacked before
     * acting, it sacrifices its action: "Sacrifice your planned action and declare a
     * defensive action, at full dice. Note that some of your currency dice may not apply!"
     * *none* (default): it stays behind with the action it was won for, lost with it ("Use
     * it or lose it"), as the model cannot tell which of it suits a defence; or *carried*:
     * all of it joins that full defence, netted with its penalties (the `moreDice` policy
     * counts it). Never a Stand Up's successes ("bonus dice to your action"), nor the one die
     * of "Suck it up" ("with no bonuses"). docs/rulings/sorcerer-conflict.md.
     */
    sacrificeCurrency: variant({ none: 'stays behind with the action', carried: 'joins the full defence' }, SORCERER_DEFAULTS.sacrificeCurrency),
    /**
     * The penalties "How badly are you fucked up" reads when a conflict ends ("at the end of
     * a conflict, your lasting penalties are halved (round up). Then see above to find out
     * if you'll make it"): the halved *lasting* ones alone (default: "'Next' penalties apply
     * only to your next action", and the conflict has none left), or *lastingAndNext*: the
     * halved lasting ones + the next ones no roll has spent, not halved ("Your total
     * penalties to an action are equal to your next + lasting penalties"): those taken in
     * the last round played, or due at the start of the round that found a character
     * beaten. Only `injured.<name>` and `hospital.<name>` read it. docs/rulings/sorcerer-conflict.md.
     */
    injuryPenalties: variant({ lasting: 'the halved lasting penalties', lastingAndNext: 'the halved lasting and the unspent next penalties' }, SORCERER_DEFAULTS.injuryPenalties),
    /**
     * Whether a conflict's Passion roll is cut by penalties ("Penalties apply to ALL
     * actions, not just physical ones"): *uncut* (default), the Passion roll is its
     * `passion` dice, and the penalties cut the action roll its successes join; or *cut*:
     * it is a roll of the action too, so the penalties in force at the round's start
     * (lasting + the next ones come due) take that many of its dice, as they do the action's
     * (unless the character stood up this round: its Will roll, "without penalties", set
     * the action's dice). docs/rulings/sorcerer-conflict.md.
     */
    passionPenalties: variant({ uncut: 'not cut by penalties', cut: 'cut by the penalties in force' }, SORCERER_DEFAULTS.passionPenalties),
    /**
     * What a failed (or untried) Stand Up at a conflict's round start costs ("If you're
     * suffering penalties greater than your Stamina, you can't act"): *loseAction* (default
     * since December 2026), it loses that round's action only ("This roll only applies to
     * your next action. If you're still holding your guts in with one hand by next action,
     * you need another Will roll"), sucks it up on one die if attacked (a full defence
     * before acting is a "declared defensive action", and it cannot act), and tries again
     * next round; it is beaten only past twice its Stamina ("You can't do this if your
     * penalties are > 2x your stamina. Seriously, you need a hospital"); or *beaten* (the
     * reading before December 2026), the character is out and the conflict ends.
     * docs/rulings/sorcerer-conflict.md.
     */
    failedStandUp: variant({ loseAction: 'loses that round’s action', beaten: 'beaten, the conflict ends' }, SORCERER_DEFAULTS.failedStandUp),
    /**
     * "Repeating a task after failing -1" (sorcerer.txt, "Bonus/Penalty Dice"), for a
     * contest's `tries`: *cumulative* (default), each try lost before takes `retryPenalty`
     * dice, so the third try follows two failures and rolls −2 ("1 success = 1 stat point =
     * 1 bonus = 1 penalty": penalties add up); or *flat*: every repeat after a failure rolls
     * `retryPenalty` dice less than the first try, however many failures came before (the
     * "-1" is the modifier of the situation "repeating a task after failing", as the table's
     * other lines are). docs/rulings/single-rolls.md.
     */
    repeatPenalty: variant({ cumulative: 'one more for each try lost', flat: 'the same on every repeat' }, SORCERER_DEFAULTS.repeatPenalty),
  })
  .strict());

export type ViciousnessRules = z.output<typeof viciousnessRules>;
export type VdpRules = z.output<typeof vdpRules>;
export type SorcererRules = z.output<typeof sorcererRules>;
/** Each system's rules, by its name. */
export interface RulesOf {
  viciousness: ViciousnessRules;
  vdp: VdpRules;
  sorcerer: SorcererRules;
}

export const rulesBySystem = {
  viciousness: viciousnessRules,
  vdp: vdpRules,
  sorcerer: sorcererRules,
} as const;

export type SystemName = keyof typeof rulesBySystem;
