/**
 * A battle's setup (docs/scenario-format.md, "Mechanics, setups and metrics"; docs/rulings/battle.md): clash's sides plus flight and
 * aid per side, and `maxRounds`. Its own module so the engines (battleField.ts,
 * battleChain.ts, battleTable.ts) and the mechanic (battle.ts) all import it without an
 * import circle.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { MAX_UNIFORM } from '../random.ts';
import { AID_POLICIES, FLEE_POLICIES, checkSides, isCaptain, sideSchema } from './violence.ts';
import { BERZERKER_PUSH, DEFENDER_PUSH, MARKSMAN_PUSH, hasTrait, traitMedics } from './traits.ts';

/** "A battle ends when … `maxRounds` reached: a draw" (docs/rules.md); the contract's default. */
export const DEFAULT_MAX_ROUNDS = 50;

export const battleSideSchema = lazySchema(() => sideSchema.unwrap().extend({
  /**
   * When the side's able combatants leave the battle, decided in each flight phase;
   * defaults to *never*. `outnumbered`: the enemies still fighting have more able
   * combatants (all other sides together, or one of them with rules.outnumbered "anySide");
   * `lostHalf`: half of the side's starting combatants are wounded or dead.
   */
  flee: z.enum(FLEE_POLICIES).optional(),
  /**
   * Medical attention for the side's wounded; defaults to *none* (2-in-4 death).
   * `ordinary`: 1-in-4; `medic`: no death for those a Medic attends, ordinary for others.
   */
  aid: z.enum(AID_POLICIES).optional(),
  /**
   * Medics on the side, each attending one wounded per round; only with aid "medic" (or a
   * combatant with the "medic" trait: then Medics besides those, default 0, which may be
   * written), defaults to 1.
   */
  medics: z.number().int().min(0).max(1000).optional(),
  /**
   * The Berzerker's push ("Gain 1d4 during a crisis, but you must test for death at its
   * end"): `always` — the side's Berzerkers push as the battle begins; defaults to *never*.
   */
  berzerkerPush: z.enum(BERZERKER_PUSH).optional(),
  /**
   * The Defender's push ("Take a blow meant for another character"): `captain` — an able
   * Defender takes a wound that falls on a captain; defaults to *never*.
   */
  defenderPush: z.enum(DEFENDER_PUSH).optional(),
  /**
   * The Marksman's push ("Make a snap shot with amazing accuracy"): each shot wounds one
   * able enemy before a clash's dice are rolled, and the Marksman is rattled from then on.
   * `first` — the side's Marksmen shoot as the first clash begins; `lastFoe` — one shoots
   * when the enemy has one able combatant left; defaults to *never*. Two sides only.
   */
  marksmanPush: z.enum(MARKSMAN_PUSH).optional(),
  /**
   * Who pushes to reroll a missed roll on this side ("A PC may also push in order to reroll
   * the dice they contributed to a pool"): `never` or `ifNoHit`, in place of `rules.push`
   * for this side — a side of guards, who are no PCs, `never`; defaults to `rules.push`.
   */
  push: z.enum(['never', 'ifNoHit']).optional(),
}));

/** Whether side `side`'s combatants push when their own dice show no hit: its `push`, else `rules.push`. */
export function sidePushes(side: { push?: 'never' | 'ifNoHit' }, rules: { push: 'never' | 'ifNoHit' }): boolean {
  return (side.push ?? rules.push) === 'ifNoHit';
}

/**
 * Whether some combatant of side `side` can push to reroll: the side pushes (sidePushes)
 * and has one not rattled ("Rattled PCs can't push themselves"). Of the side as fought, its
 * Berzerkers' pushes made (traits.ts withBerzerkerPushes): those are rattled by them. A side
 * that pushes by policy with no one able to is the battle without pushing, exact chain and all.
 */
export function sideCanPush(side: BattleSideSetup, rules: { push: 'never' | 'ifNoHit' }): boolean {
  return sidePushes(side, rules) && side.combatants.some((c) => (c.count ?? 1) > 0 && !(c.rattled ?? false));
}

export const battleSetup = lazySchema(() => z
  .object({
    sides: z.array(battleSideSchema).min(2),
    /** Rounds after which a battle still going is a draw; defaults to 50. */
    maxRounds: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    checkSides(s.sides, ctx);
    s.sides.forEach((side, i) => {
      const named = traitMedics(side.combatants);
      if (side.medics !== undefined && side.aid !== 'medic' && named === 0) {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'medics'], message: `"medics" counts the side's Medics, so it needs "aid": "medic" (the side's aid is "${side.aid ?? 'none'}")` });
      } else if (side.medics === 0 && named === 0) {
        // 0 is the default beside a named Medic only (docs/rulings/traits.md): "aid": "medic"
        // with no Medic at all would be ordinary aid under another name.
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'medics'], message: `side "${side.name}" has "aid": "medic" and "medics" 0, so no Medic attends: expected 1 or more, a combatant with the "medic" trait, or "aid": "ordinary"` });
      }
      if (named > 0 && side.aid !== undefined && side.aid !== 'medic') {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'aid'], message: `side "${side.name}" has a combatant with the "medic" trait, which attends its wounded as a Medic: leave "aid" out or make it "medic" (it is "${side.aid}")` });
      }
      const needs = [['berzerkerPush', 'berzerker', side.berzerkerPush], ['defenderPush', 'defender', side.defenderPush], ['marksmanPush', 'marksman', side.marksmanPush]] as const;
      for (const [field, trait, policy] of needs) {
        if (policy !== undefined && policy !== 'never' && !side.combatants.some((c) => hasTrait(c, trait) && (c.count ?? 1) > 0)) {
          ctx.addIssue({ code: 'custom', path: ['sides', i, field], message: `"${field}": "${policy}" is the ${trait} trait's push, but no combatant of side "${side.name}" has "traits": ["${trait}"]` });
        }
      }
      // "Make a snap shot": at whom, among several enemy sides, is the player's call that
      // the text's hit assignment ("in descending order of total achieved") does not make
      // for a shot outside the pools; refused rather than guessed (docs/rulings/traits.md).
      if ((side.marksmanPush ?? 'never') !== 'never' && s.sides.length !== 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['sides', i, 'marksmanPush'],
          message: `"marksmanPush": "${side.marksmanPush}" is played in a battle of two sides (whom a snap shot hits among several enemy sides is the GM's call), and this battle has ${s.sides.length}: leave it out or make it "never"`,
        });
      }
      // "Take a blow meant for another character": a wound meant for a captain, taken by a
      // Defender who is not itself one. With no such Defender, or no captain, none is taken.
      const present = side.combatants.filter((c) => (c.count ?? 1) > 0);
      if ((side.defenderPush ?? 'never') !== 'never' && present.some((c) => hasTrait(c, 'defender'))) {
        const takers = present.some((c) => hasTrait(c, 'defender') && !isCaptain(c));
        const captains = present.some(isCaptain);
        if (!takers || !captains) {
          ctx.addIssue({
            code: 'custom',
            path: ['sides', i, 'defenderPush'],
            message: `"defenderPush": "captain" has a Defender who is not a captain take a blow meant for a captain, but side "${side.name}" has ${!captains ? 'no captain' : 'no Defender but its captain'}, so it would never be made: expected ${!captains ? 'a captain (an entry named "captain", or "role": "captain")' : 'a Defender among its minions'}, or the push left out`,
          });
        }
      }
      const total = side.combatants.reduce((t, c) => t + (c.count ?? 1), 0);
      if (total > MAX_UNIFORM) {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'combatants'], message: `side "${side.name}" has ${total} combatants: a battle side has at most ${MAX_UNIFORM}` });
      }
    });
  }));

export type BattleSetup = z.output<typeof battleSetup>;
export type BattleSideSetup = z.output<typeof battleSideSchema>;
