/**
 * Viciousness `knowledge` d6 (viciousness.txt "Knowledge"): "On a 5 or 6, the GM informs
 * the PC of the answer to their question. On a 4, the PC doesn't know the exact piece of
 * knowledge, but knows where they can find it."
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { defineMechanic } from '../mechanic.ts';
import { fixedLayout, metricTable } from '../metrics.ts';
import { faceDistribution } from '../exact/distribution.ts';

export const knowledgeSetup = lazySchema(() => z
  .object({
    /** Rattled PCs roll every die twice and keep the lower, knowledge d6 included. */
    rattled: z.boolean().optional(),
  })
  .strict());

export const KNOWLEDGE_DIE = 6;
/** 2: the answer, 1: where to find it, 0: nothing. */
export const knowledgeOutcome = (face: number) => (face >= 5 ? 2 : face === 4 ? 1 : 0);

/** Knowledge's metrics (sim/metrics.ts). */
export const KNOWLEDGE_METRICS = metricTable({
  answer: { name: 'answer', kind: 'probability', label: 'P(knows the answer)', headline: true },
  whereToFind: { name: 'whereToFind', kind: 'probability', label: 'P(knows where to find it)' },
  nothing: { name: 'nothing', kind: 'probability', label: 'P(knows nothing)' },
});

export const knowledge = defineMechanic({
  system: 'viciousness',
  name: 'knowledge',
  summary: 'a knowledge d6: 5–6 the answer, 4 where to find it',
  setup: knowledgeSetup,
  variants: [],
  prepare(setup) {
    const rattled = setup.rattled ?? false;
    const { specs: metrics, slot: M, exact: exactOf } = fixedLayout(KNOWLEDGE_METRICS);
    return {
      metrics,
      run(random, trials, tally) {
        for (let t = 0; t < trials; t++) {
          const f = rattled ? random.dieKeepLower(KNOWLEDGE_DIE) : random.die(KNOWLEDGE_DIE);
          const o = knowledgeOutcome(f);
          tally.add(M.answer, o === 2 ? 1 : 0);
          tally.add(M.whereToFind, o === 1 ? 1 : 0);
          tally.add(M.nothing, o === 0 ? 1 : 0);
        }
        tally.addTrials(trials);
      },
      exact() {
        const faces = faceDistribution(KNOWLEDGE_DIE, rattled);
        const p = (o: number) => faces.expect((f) => (knowledgeOutcome(f) === o ? 1 : 0));
        return { metrics: exactOf({ answer: p(2), whereToFind: p(1), nothing: p(0) }) };
      },
    };
  },
});
