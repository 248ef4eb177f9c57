/**
 * Named traits (viciousness.txt "Example Traits") whose effect in violence is a number the
 * simulator can play: the Medic, the Berzerker, the Duelist, and the Defender and the
 * Marksman for their pushes. A combatant lists them in `traits` beside its plain `dice`
 * (the dice of traits whose conditions the GM has already judged to hold). Readings, with the text quoted: docs/rulings/traits.md.
 *
 * Everything here is a pure function of the setup and of head counts, so the exact chain
 * (battleChain.ts), the round-by-round field (battleField.ts) and the one-round clash
 * (clash.ts) read the same rule.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { eachDie, type DiceGroup } from '../dice.ts';
import { wordList } from '../words.ts';

/**
 * Traits with a rule in violence. Others of the table (Strongman, Daggertwist, Chameleon …)
 * gain their dice on a condition the GM judges once for the scene ("if neither you nor
 * your foes are armed"): list those dice in `dice` when the condition holds. The Defender
 * is named for its push ("Take a blow meant for another character", the side's
 * `defenderPush`); its armour's d4 still goes in `dice`. So is the Marksman ("Make a snap
 * shot with amazing accuracy", the side's `marksmanPush`); its ranged d4 and vantage d6 go
 * in `dice`.
 */
export const TRAIT_NAMES = ['medic', 'berzerker', 'duelist', 'defender', 'marksman'] as const;
export type TraitName = (typeof TRAIT_NAMES)[number];

export const traitListSchema = lazySchema(() => z
  .array(
    // Traits whose dice depend only on the scene (Strongman, Daggertwist …, the Defender's
    // armour) go in "dice" when their condition holds (docs/rulings/traits.md).
    z.enum(TRAIT_NAMES),
  )
  .max(4)
  .refine((t) => new Set(t).size === t.length, { message: 'a trait is listed twice: each trait counts once' }));

interface HasTraits {
  traits?: readonly TraitName[];
  /** The Duelist's add: it salutes its foe before a duel (duelDice). */
  saluted?: boolean;
  count?: number;
  rattled?: boolean;
}

export function hasTrait(c: HasTraits, t: TraitName): boolean {
  return c.traits?.includes(t) ?? false;
}

/** "A character may have 4 traits at most" (viciousness.txt "Advancement"). */
export const MAX_TRAITS = 4;

/**
 * Extra d4s a Berzerker rolls while "outnumbered by enemies" (the enemies still fighting
 * have more able combatants than its side, by rules.outnumbered; see `situation`): the gain's 1d4, and the add's 1d4 when the
 * side never flees — "Add 1d4 by making yourself unable to do anything but fight until you
 * or your enemies are dead" (the add needs the gain: "A gain condition must be met before
 * an add condition may apply").
 */
export function outnumberedDice(c: HasTraits, flee: string | undefined): number {
  if (!hasTrait(c, 'berzerker')) return 0;
  return (flee ?? 'never') === 'never' ? 2 : 1;
}

/**
 * Extra d4s a Duelist rolls "if engaging in 1-on-1 combat" (one able combatant a side, two
 * sides): the gain's 1d4, and with `saluted` the add's 1d4 ("Add 1d4 if you've both saluted
 * each other first"; "A gain condition must be met before an add condition may apply", so
 * the add too only in the duel).
 */
export function duelDice(c: HasTraits): number {
  if (!hasTrait(c, 'duelist')) return 0;
  return c.saluted === true ? 2 : 1;
}

/** Combatants with the Medic trait on a side (each attends as one of the side's Medics). */
export function traitMedics(combatants: readonly HasTraits[]): number {
  return combatants.reduce((t, c) => t + (hasTrait(c, 'medic') ? (c.count ?? 1) : 0), 0);
}

/** Whether any combatant's dice change with head counts during a battle. */
export function hasConditionalDice(sides: readonly { combatants: readonly HasTraits[] }[]): boolean {
  return sides.some((s) => s.combatants.some((c) => hasTrait(c, 'berzerker') || hasTrait(c, 'duelist')));
}

/**
 * The Berzerker's push, "Gain 1d4 during a crisis, but you must test for death at its end,
 * wounded or not" (side policy `berzerkerPush`): `never` (default), or `always` — every
 * Berzerker of the side who is not rattled ("Rattled PCs can't push themselves") pushes as
 * the battle begins. It gains 1d4 for the whole battle and is rattled from the first clash
 * ("Immediately after a character pushes, they are rattled"), and when the battle ends it
 * tests for death with the side's death chance (2 in 4, 1 in 4 with aid), wounded or not.
 */
export const BERZERKER_PUSH = ['never', 'always'] as const;

/**
 * The Defender's push, "Take a blow meant for another character" (side policy
 * `defenderPush`): `never` (default), or `captain` — when a wound falls on a captain of the
 * side, an able Defender who is not itself a captain, not wounded in the same wound phase
 * and not rattled takes it instead (one blow each: it is wounded by it).
 */
export const DEFENDER_PUSH = ['never', 'captain'] as const;

/**
 * The Marksman's push, "Make a snap shot with amazing accuracy" (side policy
 * `marksmanPush`): `never` (default); `first` — every Marksman of the side who is not
 * rattled shoots as the first clash begins; `lastFoe` — one of them shoots as a clash
 * begins when the enemy has one able combatant left. A shot needs no roll ("push effect …
 * with no roll required"): it wounds one able combatant of the enemy side before the
 * pools are rolled, and the shooter is rattled from then on, its dice of that clash
 * included ("Immediately after a character pushes, they are rattled"). Two sides only.
 */
export const MARKSMAN_PUSH = ['never', 'first', 'lastFoe'] as const;
export type MarksmanPush = (typeof MARKSMAN_PUSH)[number];

/** `marksmanPush` as a code for the per-round loops. */
export const SHOTS_NONE = 0;
export const SHOTS_FIRST = 1;
export const SHOTS_LAST_FOE = 2;
export function shotsCode(side: { marksmanPush?: MarksmanPush }): number {
  const p = side.marksmanPush ?? 'never';
  return p === 'first' ? SHOTS_FIRST : p === 'lastFoe' ? SHOTS_LAST_FOE : SHOTS_NONE;
}

interface PushSide<C> {
  berzerkerPush?: (typeof BERZERKER_PUSH)[number];
  marksmanPush?: MarksmanPush;
  combatants: readonly C[];
}

/** Whether combatant `c` of `side` (as given, before any push) can snap-shoot under the side's `marksmanPush`. */
export function shootsMarksman(side: PushSide<HasTraits>, c: HasTraits): boolean {
  return (side.marksmanPush ?? 'never') !== 'never' && hasTrait(c, 'marksman') && !(c.rattled ?? false);
}

/** Whether a combatant (of a battle after `withMarksmanShots`) snap-shoots under its side's policy. */
export function snapShoots(c: object): boolean {
  return (c as { snapShot?: boolean }).snapShot === true;
}

/**
 * The battle with its Marksmen's snap shots marked (`snapShot`): under `first` they shoot
 * before the first clash's dice are rolled, so they are rattled for the whole battle —
 * rattled here, as the Berzerker's push does; under `lastFoe` they shoot only when one foe
 * is left, and that shot ends a battle of two sides, so they stay steady until then. Of the
 * sides after `withBerzerkerPushes`: a Berzerker who pushed is rattled and cannot shoot.
 * Idempotent (a shooter marked under `first` is rattled, so not marked again).
 */
export function withMarksmanShots<C extends HasTraits, S extends PushSide<C>>(sides: readonly S[]): S[] {
  return sides.map((side) =>
    side.combatants.some((c) => (c.count ?? 1) > 0 && shootsMarksman(side, c))
      ? {
          ...side,
          combatants: side.combatants.map((c) =>
            shootsMarksman(side, c) ? { ...c, snapShot: true, ...(side.marksmanPush === 'first' ? { rattled: true } : {}) } : c,
          ),
        }
      : side,
  );
}

/** Whether a combatant (of a battle after `withBerzerkerPushes`) tests for death at the battle's end. */
export function testsForDeath(c: object): boolean {
  return (c as { crisisTest?: boolean }).crisisTest === true;
}

/** Whether combatant `c` of `side` pushes the Berzerker trait at the battle's start. */
export function pushesBerzerker(side: PushSide<HasTraits>, c: HasTraits): boolean {
  return side.berzerkerPush === 'always' && hasTrait(c, 'berzerker') && !(c.rattled ?? false);
}

/**
 * The battle after the Berzerkers' pushes at its start: each pushing Berzerker rolls one d4
 * more and is rattled — the same battle for both engines; the test for death at its end is
 * the engines' (battleChain.ts, battleField.ts).
 */
export function withBerzerkerPushes<
  C extends HasTraits & { dice?: { count: number; sides: number }[] },
  S extends PushSide<C>,
>(sides: readonly S[]): S[] {
  return sides.map((side) =>
    side.combatants.some((c) => pushesBerzerker(side, c))
      ? { ...side, combatants: side.combatants.map((c) => (pushesBerzerker(side, c) ? { ...c, dice: [...(c.dice ?? []), { count: 1, sides: 4 }], rattled: true, crisisTest: true } : c)) }
      : side,
  );
}

/** Situations at a clash, as codes for the per-round loop. */
export const PLAIN = 0;
export const OUTNUMBERED = 1;
export const DUEL = 2;

/** `rules.outnumbered` as a flag for the per-round loops: true for *allEnemies*. */
export function outnumberedByAll(rules: { outnumbered: 'allEnemies' | 'anySide' }): boolean {
  return rules.outnumbered === 'allEnemies';
}

/**
 * Whether side `s`, still fighting, is outnumbered, from head counts (able combatants of
 * the sides still fighting, `fighting` non-zero): with `allEnemies`, by the able of every
 * other side still fighting together (docs/rules.md: "the enemies' able combatants outnumber
 * its own"); else by some one of those sides alone (rules.outnumbered "anySide"). The one
 * reading of both the `outnumbered` flight policy and the Berzerker's gain. Allocation-free.
 */
export function isOutnumbered(able: ArrayLike<number>, fighting: ArrayLike<number>, s: number, allEnemies: boolean): boolean {
  let most = 0;
  let others = 0;
  for (let t = 0; t < able.length; t++) {
    if (t === s || fighting[t] === 0) continue;
    others += able[t];
    if (able[t] > most) most = able[t];
  }
  return (allEnemies ? others : most) > able[s];
}

/**
 * The situation of side `s` at a clash, from head counts (as isOutnumbered): OUTNUMBERED
 * when the enemies outnumber it (by `allEnemies`' reading); DUEL when two sides fight with
 * one able combatant each; else PLAIN. Allocation-free.
 */
export function situation(able: ArrayLike<number>, fighting: ArrayLike<number>, s: number, allEnemies: boolean): number {
  if (isOutnumbered(able, fighting, s, allEnemies)) return OUTNUMBERED;
  let others = 0;
  let sidesFighting = 0;
  for (let t = 0; t < able.length; t++) {
    if (fighting[t] === 0) continue;
    sidesFighting++;
    if (t !== s) others += able[t];
  }
  return sidesFighting === 2 && able[s] === 1 && others === 1 ? DUEL : PLAIN;
}

interface ClashSide<C> {
  combatants: readonly C[];
}

/**
 * The sides of a single clash with the Berzerker's and Duelist's d4s added to the dice of
 * those whose condition holds at its start (everyone able, every side fighting; the clash
 * has no flight, so a Berzerker fights on and takes the add as well).
 */
export function withSituationalDice<C extends HasTraits & { dice?: { count: number; sides: number }[] }, S extends ClashSide<C>>(
  sides: readonly S[],
  allEnemies: boolean,
): S[] {
  const able = sides.map((s) => s.combatants.reduce((t, c) => t + (c.count ?? 1), 0));
  const fighting = sides.map(() => 1);
  return sides.map((side, s) => {
    const at = situation(able, fighting, s, allEnemies);
    if (at === PLAIN) return side;
    return {
      ...side,
      combatants: side.combatants.map((c) => {
        const extra = at === OUTNUMBERED ? outnumberedDice(c, 'never') : duelDice(c);
        return extra > 0 ? { ...c, dice: [...(c.dice ?? []), { count: extra, sides: 4 }] } : c;
      }),
    };
  });
}

/**
 * Every trait of viciousness.txt's "Example Traits" table, for a campaign PC's `traits`
 * (a count, or the traits by name: they count as many, and those with a rule the campaign
 * plays — the Medic — play).
 */
export const TABLE_TRAITS = [
  'acrobat', 'alchemist', 'berzerker', 'chameleon', 'daggertwist', 'defender', 'driver', 'duelist',
  'engineer', 'hacker', 'honeytrap', 'historian', 'insurgent', 'pikeman', 'lurker', 'machinist',
  'marksman', 'medic', 'mystic', 'streetsmart', 'strongman', 'wizardOfBeasts', 'wizardOfMind',
  'wizardOfShadows', 'wizardOfShape', 'wizardOfTongues', 'wizardOfWater',
] as const;
export type TableTrait = (typeof TABLE_TRAITS)[number];


export const campaignTraitsSchema = lazySchema(() => z.union([
  z.number().int().min(0).max(MAX_TRAITS),
  z
    .array(z.enum(TABLE_TRAITS))
    .max(MAX_TRAITS)
    .refine((t) => new Set(t).size === t.length, { message: 'a trait is listed twice: each trait counts once' }),
]));

/** The table's Knowledge traits (marked 💡): "Knowledge traits cannot be pushed." */
export const KNOWLEDGE_TRAITS: ReadonlySet<string> = new Set(['alchemist', 'engineer', 'hacker', 'historian', 'mystic', 'streetsmart']);

/**
 * Whether a campaign PC with these traits may push one to remove a challenge ("Challenges
 * may be removed from the total as a result of a particularly clever plan or pushed
 * trait"): traits given as a count may be any, so yes, unless the count is 0 (a PC "may
 * push themself to perform the push effect of one of their traits": with none, there is
 * none to push; an audit found `traits: 0` pushing where `traits: []` did not); by name,
 * only with a trait that has a push and whose push is not the Medic's, which is spent on
 * recovery ("Reduce a wounded character's recovery time by 1 turn"). "Knowledge traits
 * cannot be pushed" (docs/rulings/traits.md).
 */
export function pushesForChallenges(traits: number | readonly string[] | undefined): boolean {
  if (typeof traits === 'number') return traits > 0;
  if (traits === undefined) return true;
  return traits.some((t) => !KNOWLEDGE_TRAITS.has(t) && t !== 'medic');
}

/**
 * Traits of the table that give no die to any roll: the wizards ("Magic traits do not
 * provide dice to any rolls") and the Medic, whose rule is no die.
 */
export const NO_DICE_TRAITS: ReadonlySet<string> = new Set(TABLE_TRAITS.filter((t) => t.startsWith('wizardOf') || t === 'medic'));

/** A campaign PC's trait count, from a count or a list of names. */
export function traitCount(traits: number | readonly string[] | undefined, fallback: number): number {
  return traits === undefined ? fallback : typeof traits === 'number' ? traits : traits.length;
}

/** Whether a campaign PC's traits name the Medic. */
export function namesMedic(traits: number | readonly string[] | undefined): boolean {
  return Array.isArray(traits) && traits.includes('medic');
}

/**
 * Whether a campaign troupe has a Medic PC: its captain, or a minion of a count above 0 (a
 * minion of count 0 is nobody), names the trait. Its aid is then a Medic's, left out or
 * not; the dashboard's form reads the same (reports/fields/campaign.ts), on data not yet
 * validated, so anything else here is no Medic.
 */
export function troupeNamesMedic(troupe: { captain?: unknown; minions?: unknown }): boolean {
  const traitsOf = (pc: unknown) => (pc !== null && typeof pc === 'object' ? (pc as { traits?: unknown }).traits : undefined);
  const minions = Array.isArray(troupe.minions) ? troupe.minions : [];
  const pcs = [troupe.captain, ...minions.filter((m) => m !== null && typeof m === 'object' && ((m as { count?: unknown }).count ?? 1) !== 0)];
  return pcs.some((pc) => namesMedic(traitsOf(pc) as never));
}

/** Whether a campaign PC's traits name `trait` (the Berzerker and the Duelist play in its fights). */
export function namesTrait(traits: number | readonly string[] | undefined, trait: TableTrait): boolean {
  return Array.isArray(traits) && traits.includes(trait);
}

/**
 * The campaign's fights roll a Berzerker's and a Duelist's d4s themselves (skirmish.ts):
 * the Berzerker's gain while outnumbered and its add where the troupe never flees, the
 * Duelist's gain in a duel. Those count against the trait's two dice, so written violence
 * dice beyond what is left are refused: a one-trait Berzerker of a troupe that never flees
 * with "violence": ["d4", "d4"] rolled four d4s outnumbered (an audit), where its trait
 * gives two. `fleeNever`: the troupe's `policy.flee` is "never".
 */
export function checkSituationalDice(pc: { traits?: number | readonly string[]; violence?: readonly DiceGroup[] }, fleeNever: boolean, path: (string | number)[], ctx: z.RefinementCtx): void {
  if (!Array.isArray(pc.traits)) return;
  const named = pc.traits as readonly string[];
  const berzerker = named.includes('berzerker') ? (fleeNever ? 2 : 1) : 0;
  const duelist = named.includes('duelist') ? 1 : 0;
  if (berzerker + duelist === 0) return;
  const giving = named.filter((t) => !NO_DICE_TRAITS.has(t)).length;
  const left = 2 * giving - berzerker - duelist;
  const dice = eachDie(pc.violence ?? []).length;
  if (dice <= left) return;
  const rolled = [
    ...(berzerker === 2 ? ["the Berzerker's two (its gain while outnumbered, and its add, the troupe never fleeing)"] : berzerker === 1 ? ["the Berzerker's gain while outnumbered (its add only where the troupe never flees)"] : []),
    ...(duelist ? ["the Duelist's gain in a duel"] : []),
  ];
  const expected = left <= 0 ? 'expected none (leave "violence" out)' : `expected at most ${left}`;
  ctx.addIssue({
    code: 'custom',
    path: [...path, 'violence'],
    message: `${dice} trait ${dice === 1 ? 'die' : 'dice'} in violence, but its traits give at most ${2 * giving} (two a trait), and the fights roll ${berzerker + duelist} of them themselves, ${wordList(rolled)}: written here they would roll on top: ${expected}`,
  });
}

/**
 * A PC's trait dice against its traits: a trait of the table gives at most two dice to a
 * roll ("Gain 1d6 … Add 1d6 if …"), and "Magic traits do not provide dice to any rolls",
 * nor does the Medic's rule. Dice past that are refused, not rolled.
 */
export function checkTraitDice(pc: { traits?: number | readonly string[]; knavery?: readonly DiceGroup[]; violence?: readonly DiceGroup[] }, fallback: number, ctx: z.RefinementCtx): void {
  const named = Array.isArray(pc.traits) ? (pc.traits as readonly string[]) : undefined;
  const giving = named ? named.filter((t) => !NO_DICE_TRAITS.has(t)).length : traitCount(pc.traits, fallback);
  // A named Berzerker's or Duelist's violence dice are checked with the d4s the fights roll
  // for them (checkSituationalDice), against the smaller bound, once.
  const situational = named !== undefined && (named.includes('berzerker') || named.includes('duelist'));
  for (const key of ['knavery', 'violence'] as const) {
    if (key === 'violence' && situational) continue;
    const dice = eachDie(pc[key] ?? []).length;
    if (dice <= 2 * giving) continue;
    const none = named?.filter((t) => NO_DICE_TRAITS.has(t)) ?? [];
    const reasons = [
      ...(none.some((t) => t !== 'medic') ? ['"Magic traits do not provide dice to any rolls"'] : []),
      ...(none.includes('medic') ? ["the Medic's rule is no die"] : []),
    ];
    const noneText = none.length === 0 ? '' : `${wordList(none)} give${none.length === 1 ? 's' : ''} no dice (${reasons.join('; ')})`;
    const why = named
      ? giving === 0
        ? `its traits give none: ${noneText || 'traits names none (an empty list is no trait; leave "traits" out for the count a PC has by default)'}`
        : `its traits give at most ${2 * giving} (two a trait${noneText ? `; ${noneText}` : ''})`
      : `its ${giving} trait(s) give at most ${2 * giving} (two a trait: "Gain 1d6 … Add 1d6")`;
    const expected = giving === 0 ? `expected none (leave "${key}" out)` : `expected at most ${2 * giving}`;
    ctx.addIssue({ code: 'custom', path: [key], message: `${dice} trait ${dice === 1 ? 'die' : 'dice'}, but ${why}: ${expected}` });
  }
}
