/**
 * Situational advantage and disadvantage dice on a character's combat rolls, in `combat`
 * and in `contestRound` (very-different-places.txt "Advantage and Disadvantage"): "Many
 * combat rules will also call for Advantage or Disadvantage dice", and "Any relevant skill
 * may be used to Attack or Defend, with the GM's permission, though using a skill not
 * directly relevant may create a Disadvantage".
 *
 * A character's `advantage` and `disadvantage` dice are on the first roll `advantageOn`
 * names (its attack rolls, its defence rolls, or both: the default) and no later one:
 * "Advantage or Disadvantage only applies to a single skill check or combat roll unless the
 * rules state otherwise" (an ambush, a clever setup: "the GM should give a character 1 or
 * more Advantage dice when they do something clever"); or, with `advantageRolls: "every"`,
 * on every one of those rolls for the whole fight, a situation the GM rules lasts (skates
 * on ice, a shackled leg, a skill not directly relevant). (Until December 2026 `every` was
 * the default, against the text's own: two audits.) Each roll nets them with the roll's other
 * extra dice, advantage bought with tension and effect dice: "an advantage die negates a
 * disadvantage die and vice versa, until only one type remains" (sim/vdp/pool.ts keeps the
 * dice). Readings: docs/rulings/vdp-combat.md.
 */
import { z } from 'zod';
import { VDP_DEFAULTS } from '../rules.ts';
import { extraDice, netAdvantage, noNetAdvantageWhy } from './pool.ts';

/** The rolls a character's situational dice are on: `attack`, `defence` or `both` (the default). */
export const ADVANTAGE_ON = ['attack', 'defence', 'both'] as const;
export type AdvantageOn = (typeof ADVANTAGE_ON)[number];

/**
 * Which of those rolls take them: only the `first` the character rolls (the default: a
 * single roll, as the text's general rule has it) or `every` one (a situation the GM rules
 * lasts the fight); named as the extended check's `advantageSteps`.
 */
export const ADVANTAGE_ROLLS = ['every', 'first'] as const;
export type AdvantageRolls = (typeof ADVANTAGE_ROLLS)[number];

/** The fields a combat character or a contender takes (spread into its schema). */
export const situationalFields = () => ({
  /** Advantage dice on each roll `advantageOn` names (see `advantageRolls`); defaults to 0. */
  advantage: extraDice.optional(),
  /** Disadvantage dice on each roll `advantageOn` names ("a skill not directly relevant"); defaults to 0. */
  disadvantage: extraDice.optional(),
  /** Which of its rolls take them: `attack`, `defence` or `both`; defaults to "both". */
  advantageOn: z.enum(ADVANTAGE_ON).optional(),
  /** On the `first` of those rolls it makes only, or on `every` one, all fight long; defaults to "first". */
  advantageRolls: z.enum(ADVANTAGE_ROLLS).optional(),
});

export interface Situational {
  advantage?: number;
  disadvantage?: number;
  advantageOn?: AdvantageOn;
  advantageRolls?: AdvantageRolls;
}

/** Net situational dice on one of its rolls: > 0 advantage, < 0 disadvantage, 0 none. */
export function situationalNet(c: Situational, roll: 'attack' | 'defence'): number {
  const on = c.advantageOn ?? 'both';
  return on === 'both' || on === roll ? netAdvantage(c.advantage, c.disadvantage) : 0;
}

/**
 * Whether its situational dice go on its first roll `advantageOn` names and no later one:
 * `advantageRolls: "first"` (the default) with dice to place. A roll of no dice is no roll
 * (it totals 0), so it leaves them for the next roll that has dice.
 */
export function onFirstRollOnly(c: Situational): boolean {
  return (c.advantageRolls ?? 'first') === 'first' && netAdvantage(c.advantage, c.disadvantage) !== 0;
}

/**
 * The point's notes for a character's situational fields that change nothing (said, not
 * refused: a sweep over the dice or the split crosses such points): `advantageOn` with no
 * net dice to place; `advantage` and `disadvantage` that `advantageOn` puts only on rolls
 * of no dice; `advantageRolls` with either. `path` is the character's place in the
 * setup ("characters.0", "a"); `noDice` says, for a kind of roll that never has dice at this
 * point, why ("attack rolls, and at allocation "0/4" it makes no attack").
 */
export function situationalNotes(c: Situational & { name: string }, path: string, noDice: { attack?: string; defence?: string }): string[] {
  const notes: string[] = [];
  const none = noNetAdvantageWhy(c.advantage, c.disadvantage, c.name);
  if (c.advantageOn !== undefined && none !== undefined) notes.push(`${path}.advantageOn changes nothing here: ${none}`);
  const on = c.advantageOn ?? 'both';
  const unrolled = on === 'both' ? undefined : noDice[on];
  const onNoDice = unrolled === undefined ? undefined : `${c.name}'s advantageOn ${JSON.stringify(on)} puts the dice on its ${unrolled}`;
  if (onNoDice !== undefined) {
    for (const key of ['advantage', 'disadvantage'] as const) {
      if ((c[key] ?? 0) > 0) notes.push(`${path}.${key} changes nothing here: ${onNoDice}`);
    }
  }
  // Which rolls take the dice: nothing where they are none, or on no roll made.
  const idle = none ?? onNoDice;
  if (c.advantageRolls !== undefined && idle !== undefined) notes.push(`${path}.advantageRolls changes nothing here: ${idle}`);
  return notes;
}

/**
 * The point's note where characters' situational dice go by their own default, "both", in a
 * mechanic (combat, contestRound) that does not play `rules.advantageOn`: the result's `rules`
 * still lists that rule ("every variant in force"), "accomplish" by default, the Accomplish
 * pool that "use the Attack pool for Accomplish" names in a fight, while the dice were played
 * on attack and defence rolls alike. Said, so that a result says what was played (an audit,
 * December 2026: a fight's figures with one advantage die on every roll were those of
 * advantageOn "both", under a `rules` of advantageOn "accomplish"). None where every
 * character with dice to place names its own rolls (the setup says so), or has none.
 */
export function situationalDefaultNote(cs: readonly (Situational & { name: string })[], paths: readonly string[]): string | undefined {
  const by = cs.flatMap((c, i) => (c.advantageOn === undefined && netAdvantage(c.advantage, c.disadvantage) !== 0 ? [`${c.name} (${paths[i]})`] : []));
  if (by.length === 0) return undefined;
  // The rule's default, not the file's value: these mechanics refuse any other, and read no
  // rule they do not play (tests/rule-variants.test.ts).
  return `rules.advantageOn ${JSON.stringify(VDP_DEFAULTS.advantageOn)} places a risky, opposed or extended check's dice and is not played here: the situational dice of ${by.join(', ')} go on the rolls a character's own advantageOn names, "both" (attack and defence rolls) where it sets none, on the first of them only or on every one as its advantageRolls says ("first" where it sets none)`;
}
