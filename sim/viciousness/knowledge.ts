/**
 * Viciousness `knowledge` d6 (viciousness.txt "Knowledge"): "On a 5 or 6, the GM informs
 * the PC of the answer to their question. On a 4, the PC doesn't know the exact piece of
 * knowledge, but knows where they can find it."
 */
import { z } from 'zod';
import { defineMechanic } from '../mechanic.ts';
import { faceDistribution } from '../exact/distribution.ts';

export const knowledgeSetup = z
  .object({
    /** Rattled PCs roll every die twice and keep the lower, knowledge d6 included. */
    rattled: z.boolean().optional(),
  })
  .strict();

export const KNOWLEDGE_DIE = 6;
/** 2: the answer, 1: where to find it, 0: nothing. */
export const knowledgeOutcome = (face: number) => (face >= 5 ? 2 : face === 4 ? 1 : 0);

export const knowledge = defineMechanic({
  system: 'viciousness',
  name: 'knowledge',
  summary: 'a knowledge d6: 5–6 the answer, 4 where to find it',
  setup: knowledgeSetup,
  prepare(setup) {
    const rattled = setup.rattled ?? false;
    return {
      metrics: [
        { name: 'answer', kind: 'probability', headline: true },
        { name: 'whereToFind', kind: 'probability' },
        { name: 'nothing', kind: 'probability' },
      ],
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          const f = rattled ? random.dieKeepLower(KNOWLEDGE_DIE) : random.die(KNOWLEDGE_DIE);
          const o = knowledgeOutcome(f);
          tally.add(0, o === 2 ? 1 : 0);
          tally.add(1, o === 1 ? 1 : 0);
          tally.add(2, o === 0 ? 1 : 0);
        }
        tally.addTrials(trials);
      },
      exact() {
        const faces = faceDistribution(KNOWLEDGE_DIE, rattled);
        const p = (o: number) => faces.expect((f) => (knowledgeOutcome(f) === o ? 1 : 0));
        return { metrics: { answer: p(2), whereToFind: p(1), nothing: p(0) } };
      },
    };
  },
});
