/**
 * Viciousness `rivals`: rivals investing ambition points in their designs and rolling
 * the rival die, turn after turn, with nobody in their way (RULES.md "Rivals";
 * viciousness.txt "Rival Dice"). What a designer asks of it: how soon does a rank-r
 * rival strike, how often, and what does it cost the company? Exact by a Markov chain
 * per rival (rivals do not interact here), Monte Carlo always. Readings:
 * docs/rulings/rivals.md.
 */
import { z } from 'zod';
import { defineMechanic, type ExactValues } from '../mechanic.ts';
import type { ViciousnessRules } from '../rules.ts';
import type { DistributionSpec, MetricSpec } from '../stats.ts';
import {
  CONSEQUENCE_KINDS,
  CONSEQUENCE_OF_CODE,
  RivalBoard,
  RivalPlan,
  checkRivals,
  rivalOdds,
  rivalSchema,
  wealthLoweredBy,
  type RivalOdds,
} from './rivalDice.ts';

/** Most turns a scenario may play: years of daily turns, and per-turn tallies stay small. */
export const MAX_TURNS = 1000;

export const rivalsSetup = z
  .object({
    /** Turns to play. */
    turns: z.number().int().min(1).max(MAX_TURNS),
    rivals: z.array(rivalSchema).min(1),
  })
  .strict()
  .superRefine((s, ctx) => checkRivals(s.rivals, ctx, ['rivals']));

/** Metric names of the consequence counts: `consequence.<kind>`. */
export const consequenceMetrics = (): MetricSpec[] =>
  CONSEQUENCE_KINDS.map((k) => ({ name: `consequence.${k}`, kind: 'mean' as const }));

export const rivals = defineMechanic({
  // Trials per chunk (see Mechanic.chunkTrials): rivals run ~250k trials/s: 2^14 trials make a chunk of ~65 ms.
  chunkTrials: 16384,
  system: 'viciousness',
  name: 'rivals',
  summary: 'rival dice over many turns: when rivals strike, how often their designs land, what they cost',
  setup: rivalsSetup,
  prepare(setup, rules: ViciousnessRules) {
    const plan = new RivalPlan(setup.rivals, rules);
    const { turns } = setup;
    const R = plan.count;
    const K = CONSEQUENCE_KINDS.length;
    const metrics: MetricSpec[] = [];
    for (const name of plan.names) {
      metrics.push(
        { name: `firstStrike.${name}`, kind: 'mean', headline: true },
        { name: `strikes.${name}`, kind: 'mean' },
        { name: `completed.${name}`, kind: 'mean' },
      );
    }
    const kindsAt = metrics.length;
    metrics.push(...consequenceMetrics());
    const wealthAt = metrics.length;
    metrics.push({ name: 'wealthLowered', kind: 'mean' }, { name: 'calamity', kind: 'probability' });
    const distributions: DistributionSpec[] = plan.names.map((name) => ({ name: `firstStrike.${name}`, min: 1, size: turns + 1 }));

    return {
      metrics,
      distributions,
      run(random, trials, tally) {
        const board = new RivalBoard(plan);
        const first = new Int32Array(R);
        const strikes = new Int32Array(R);
        const completed = new Int32Array(R);
        const kinds = new Int32Array(K);
        const calamity = CONSEQUENCE_KINDS.indexOf('calamity');
        // Read once: under tsx an imported binding is a getter per read.
        const kindOf = CONSEQUENCE_OF_CODE;
        const loweredBy = wealthLoweredBy;
        for (let trial = 0; trial < trials; trial++) {
          board.reset();
          first.fill(turns + 1);
          strikes.fill(0);
          completed.fill(0);
          kinds.fill(0);
          let wealth = 0;
          for (let t = 1; t <= turns; t++) {
            board.turn(random);
            for (let r = 0; r < R; r++) {
              if (board.struck[r] < 0) continue;
              if (strikes[r]++ === 0) first[r] = t;
              const code = board.consequence[r];
              if (code < 0) continue;
              completed[r]++;
              kinds[kindOf[code]]++;
              wealth += loweredBy(code);
            }
          }
          for (let r = 0; r < R; r++) {
            tally.add(3 * r, first[r]);
            tally.add(3 * r + 1, strikes[r]);
            tally.add(3 * r + 2, completed[r]);
            tally.bin(r, first[r]);
          }
          for (let k = 0; k < K; k++) tally.add(kindsAt + k, kinds[k]);
          tally.add(wealthAt, wealth);
          tally.add(wealthAt + 1, kinds[calamity] > 0 ? 1 : 0);
        }
        tally.addTrials(trials);
      },
      exact(): ExactValues {
        const m: Record<string, number> = {};
        const dists: Record<string, number[]> = {};
        const odds: (RivalOdds | undefined)[] = [];
        for (let r = 0; r < R; r++) {
          const o = rivalOdds(plan, r, turns);
          odds.push(o);
          if (!o) continue;
          const name = plan.names[r];
          // E[first] over 1..turns+1 (turns+1: never).
          m[`firstStrike.${name}`] = o.firstStrike.reduce((s, p, i) => s + p * (i + 1), 0);
          m[`strikes.${name}`] = o.strikes;
          m[`completed.${name}`] = o.completed;
          dists[`firstStrike.${name}`] = Array.from(o.firstStrike);
        }
        // Rivals are independent here, so totals are sums and "no calamity" a product.
        if (odds.every((o) => o !== undefined)) {
          CONSEQUENCE_KINDS.forEach((k, i) => {
            m[`consequence.${k}`] = odds.reduce((s, o) => s + o!.kinds[i], 0);
          });
          m.wealthLowered = odds.reduce((s, o) => s + o!.wealthLowered, 0);
          m.calamity = 1 - odds.reduce((s, o) => s * (1 - o!.calamity), 1);
        }
        return { metrics: m, distributions: dists };
      },
    };
  },
});
