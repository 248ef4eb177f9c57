/**
 * A battle's setup (SCENARIOS.md "viciousness battle"): clash's sides plus flight and
 * aid per side, and `maxRounds`. Its own module so the engines (battleField.ts,
 * battleChain.ts, battleTable.ts) and the mechanic (battle.ts) all import it without an
 * import circle.
 */
import { z } from 'zod';
import { MAX_UNIFORM } from '../random.ts';
import { AID_POLICIES, FLEE_POLICIES, checkSides, sideSchema } from './violence.ts';

/** "A battle ends when … `maxRounds` reached: a draw" (RULES.md); the contract's default. */
export const DEFAULT_MAX_ROUNDS = 50;

export const battleSideSchema = sideSchema.extend({
  /**
   * When the side's able combatants leave the battle, decided in each flight phase;
   * defaults to *never*. `outnumbered`: some enemy side has more able combatants;
   * `lostHalf`: half of the side's starting combatants are wounded or dead.
   */
  flee: z.enum(FLEE_POLICIES).optional(),
  /**
   * Medical attention for the side's wounded; defaults to *none* (2-in-4 death).
   * `ordinary`: 1-in-4; `medic`: no death for those a Medic attends, ordinary for others.
   */
  aid: z.enum(AID_POLICIES).optional(),
  /** Medics on the side, each attending one wounded per round; only with aid "medic", defaults to 1. */
  medics: z.number().int().min(1).max(1000).optional(),
});

export const battleSetup = z
  .object({
    sides: z.array(battleSideSchema).min(2),
    /** Rounds after which a battle still going is a draw; defaults to 50. */
    maxRounds: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    checkSides(s.sides, ctx);
    s.sides.forEach((side, i) => {
      if (side.medics !== undefined && side.aid !== 'medic') {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'medics'], message: `"medics" counts the side's Medics, so it needs "aid": "medic" (the side's aid is "${side.aid ?? 'none'}")` });
      }
      const total = side.combatants.reduce((t, c) => t + (c.count ?? 1), 0);
      if (total > MAX_UNIFORM) {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'combatants'], message: `side "${side.name}" has ${total} combatants: a battle side has at most ${MAX_UNIFORM}` });
      }
    });
  });

export type BattleSetup = z.output<typeof battleSetup>;
export type BattleSideSetup = z.output<typeof battleSideSchema>;
