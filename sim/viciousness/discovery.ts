/**
 * Viciousness `discovery` roll (viciousness.txt "Discovery Roll"): "Roll a d6. If the
 * result is equal to or below the discovery value, the NPC can be found."
 *
 * Rattled does not apply: "Dice contributed by a rattled PC are rolled twice, and the
 * lower results taken" is about dice a PC adds to a pool, and the discovery d6 is the
 * GM's roll on the PC's search ("they may make a discovery roll"). Kept as a field only
 * to refuse `rattled: true` with a reason (docs/rulings/single-rolls.md): under the pool
 * rule the lower of two d6 would *help* a roll-under test, which the text never intends.
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { defineMechanic } from '../mechanic.ts';
import { faceDistribution } from '../exact/distribution.ts';
import { fixedLayout, metricTable } from '../metrics.ts';

export const RATTLED_DISCOVERY_MESSAGE =
  'rattled does not apply to a discovery roll: the d6 is the GM\'s roll on the PC\'s search, not dice a rattled PC contributes to a pool ("Dice contributed by a rattled PC are rolled twice") — leave it out or set false (docs/rulings/single-rolls.md)';

export const discoverySetup = lazySchema(() => z
  .object({
    /** Conditions met (one per helpful trait, reputation, contact, question, place, asset). */
    value: z.number().int().min(0).max(100),
    /** Refused when true: rattled does not apply to the GM's discovery d6. */
    rattled: z.boolean().optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.rattled === true) ctx.addIssue({ code: 'custom', path: ['rattled'], message: RATTLED_DISCOVERY_MESSAGE });
  }));

export const DISCOVERY_DIE = 6;
export const isFound = (face: number, value: number) => face <= value;

/** Discovery's metrics (sim/metrics.ts). */
export const DISCOVERY_METRICS = metricTable({
  found: { name: 'found', kind: 'probability', label: 'P(the NPC is found)', headline: true },
});

export const discovery = defineMechanic({
  system: 'viciousness',
  name: 'discovery',
  summary: 'find a weak contact: d6 ≤ discovery value',
  setup: discoverySetup,
  variants: [],
  prepare(setup) {
    const { specs: metrics, slot: M, exact: exactOf } = fixedLayout(DISCOVERY_METRICS);
    return {
      metrics,
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) tally.add(M.found, isFound(random.die(DISCOVERY_DIE), setup.value) ? 1 : 0);
        tally.addTrials(trials);
      },
      exact() {
        const faces = faceDistribution(DISCOVERY_DIE, false);
        return { metrics: exactOf({ found: faces.expect((f) => (isFound(f, setup.value) ? 1 : 0)) }) };
      },
    };
  },
});
