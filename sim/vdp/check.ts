/**
 * VDP basic `check` (very-different-places.txt "Skill Checks"): "roll 2d6 and add your
 * skill modifier, comparing the total to the target". Success when total ≥ target;
 * tension when it equals the target ("A character gains a point of Tension whenever a
 * skill check result is exactly equal to the target number").
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { defineMechanic } from '../mechanic.ts';
import { fixedLayout, metricTable } from '../metrics.ts';
import { VdpRoll, extraDice, netAdvantage, modifierNumber } from './pool.ts';

export const checkSetup = lazySchema(() => z
  .object({
    /** Dice rolled; defaults to 2. */
    dice: z.number().int().min(1).max(20).optional(),
    modifier: modifierNumber,
    target: modifierNumber,
    advantage: extraDice.optional(),
    disadvantage: extraDice.optional(),
  })
  .strict());

/** A basic check's metrics (sim/metrics.ts). */
export const CHECK_METRICS = metricTable({
  success: { name: 'success', kind: 'probability', label: 'P(check succeeds)', headline: true },
  // A point at most: when the roll equals the target.
  tension: { name: 'tension', kind: 'mean', label: 'mean tension gained', max: 1 },
});

export const check = defineMechanic({
  system: 'vdp',
  name: 'check',
  summary: 'a basic check: 2d6 + modifier ≥ target',
  setup: checkSetup,
  variants: [],
  prepare(setup) {
    const roll = new VdpRoll(setup.dice ?? 2, netAdvantage(setup.advantage, setup.disadvantage), setup.modifier);
    const { target } = setup;
    const { specs: metrics, slot: M, exact: exactOf } = fixedLayout(CHECK_METRICS);
    return {
      metrics,
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          const total = roll.roll(random);
          tally.add(M.success, total >= target ? 1 : 0);
          tally.add(M.tension, total === target ? 1 : 0);
        }
        tally.addTrials(trials);
      },
      exact() {
        const d = roll.distribution();
        return { metrics: exactOf({ success: d.atLeast(target), tension: d.at(target) }) };
      },
    };
  },
});
