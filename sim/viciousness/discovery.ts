/**
 * Viciousness `discovery` roll (viciousness.txt "Discovery Roll"): "Roll a d6. If the
 * result is equal to or below the discovery value, the NPC can be found."
 */
import { z } from 'zod';
import { defineMechanic } from '../mechanic.ts';
import { faceDistribution } from '../exact/distribution.ts';

export const discoverySetup = z
  .object({
    /** Conditions met (one per helpful trait, reputation, contact, question, place, asset). */
    value: z.number().int().min(0).max(100),
    /** A rattled PC rolls twice and keeps the lower — which helps here. */
    rattled: z.boolean().optional(),
  })
  .strict();

export const DISCOVERY_DIE = 6;
export const isFound = (face: number, value: number) => face <= value;

export const discovery = defineMechanic({
  system: 'viciousness',
  name: 'discovery',
  summary: 'find a weak contact: d6 ≤ discovery value',
  setup: discoverySetup,
  prepare(setup) {
    const rattled = setup.rattled ?? false;
    return {
      metrics: [{ name: 'found', kind: 'probability', headline: true }],
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          const f = rattled ? random.dieKeepLower(DISCOVERY_DIE) : random.die(DISCOVERY_DIE);
          tally.add(0, isFound(f, setup.value) ? 1 : 0);
        }
        tally.addTrials(trials);
      },
      exact() {
        const faces = faceDistribution(DISCOVERY_DIE, rattled);
        return { metrics: { found: faces.expect((f) => (isFound(f, setup.value) ? 1 : 0)) } };
      },
    };
  },
});
