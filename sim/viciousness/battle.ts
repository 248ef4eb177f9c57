/**
 * Viciousness `battle`: rounds of clash, wound and flight until at most one side still
 * fights (RULES.md "Violence"; viciousness.txt "Violence": "A round has 3 phases: Clash,
 * Wound, Flight."). Monte Carlo always: on round tables (battleTable.ts) for two sides
 * without pushing small enough to tabulate, else phase by phase (battleField.ts); exact
 * odds from an absorbing Markov chain (battleChain.ts) for two sides without pushing.
 * Readings: docs/rulings/battle.md.
 */
import { z } from 'zod';
import { defineMechanic, type ExactValues } from '../mechanic.ts';
import { MAX_UNIFORM } from '../random.ts';
import type { ViciousnessRules } from '../rules.ts';
import type { DistributionSpec, MetricSpec, Tally } from '../stats.ts';
import { checkSides, sideSchema } from './violence.ts';
import { BattleField, BattlePlan } from './battleField.ts';
import { hasExactOdds, solveBattle } from './battleChain.ts';
import { hasConditionalDice, traitMedics } from './traits.ts';
import { BattleTable, addCounts, fightBattles } from './battleTable.ts';

/** "A battle ends when … `maxRounds` reached: a draw" (RULES.md); the contract's default. */
export const DEFAULT_MAX_ROUNDS = 50;

export const battleSideSchema = sideSchema.extend({
  /**
   * When the side's able combatants leave the battle, decided in each flight phase;
   * defaults to *never*. `outnumbered`: some enemy side has more able combatants;
   * `lostHalf`: half of the side's starting combatants are wounded or dead.
   */
  flee: z.enum(['never', 'outnumbered', 'lostHalf']).optional(),
  /**
   * Medical attention for the side's wounded; defaults to *none* (2-in-4 death).
   * `ordinary`: 1-in-4; `medic`: no death for those a Medic attends, ordinary for others.
   */
  aid: z.enum(['none', 'ordinary', 'medic']).optional(),
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
      const named = traitMedics(side.combatants);
      if (side.medics !== undefined && side.aid !== 'medic' && named === 0) {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'medics'], message: `"medics" counts the side's Medics, so it needs "aid": "medic" (the side's aid is "${side.aid ?? 'none'}")` });
      }
      if (named > 0 && side.aid !== undefined && side.aid !== 'medic') {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'aid'], message: `side "${side.name}" has a combatant with the "medic" trait, which attends its wounded as a Medic: leave "aid" out or make it "medic" (it is "${side.aid}")` });
      }
      const total = side.combatants.reduce((t, c) => t + (c.count ?? 1), 0);
      if (total > MAX_UNIFORM) {
        ctx.addIssue({ code: 'custom', path: ['sides', i, 'combatants'], message: `side "${side.name}" has ${total} combatants: a battle side has at most ${MAX_UNIFORM}` });
      }
    });
  });

export type BattleSetup = z.output<typeof battleSetup>;
export type BattleSideSetup = z.output<typeof battleSideSchema>;

export const battle = defineMechanic({
  system: 'viciousness',
  name: 'battle',
  summary: 'rounds of clash, wound and flight until one side stands; exact odds for two small sides',
  setup: battleSetup,
  prepare(setup, rules: ViciousnessRules) {
    const plan = new BattlePlan(setup, rules, DEFAULT_MAX_ROUNDS);
    const { sides } = setup;
    const push = rules.push === 'ifNoHit';

    // Every metric's value is a small integer, so a run counts trials per value — one
    // histogram per quantity, in one array — and turns the counts into the tally's sums
    // at the end. Win and draw share the outcome histogram (index: winner + 1).
    let histSize = 0;
    const histogram = (values: number) => {
      const from = histSize;
      histSize += values;
      return from;
    };
    const n = sides.length;
    const outcomeFrom = histogram(n + 1);
    const roundsFrom = histogram(plan.maxRounds + 1);
    const perSide = () => Int32Array.from(sides, (_, s) => histogram(plan.start[s] + 1));
    const deathsFrom = perSide();
    const woundedFrom = perSide();
    const fledFrom = perSide();
    const pushedFrom = perSide();
    const entryDeadFrom = Int32Array.from(plan.entrySize, (size) => histogram(size + 1));
    const entryWoundedFrom = Int32Array.from(plan.entrySize, (size) => histogram(size + 1));

    const metrics: MetricSpec[] = [];
    /** Per metric: where its histogram starts and its largest value. */
    const read: { from: number; max: number }[] = [];
    const add = (spec: MetricSpec, from: number, max: number) => {
      metrics.push(spec);
      read.push({ from, max });
    };
    const entries = Array.from({ length: plan.entryCount }, (_, e) => e);
    const entryName = (e: number) => `${sides[plan.entrySide[e]].name}.${plan.entryName[e]}`;
    // Win and draw read one slot of the outcome histogram as the count of 1s.
    sides.forEach((side, s) => add({ name: `win.${side.name}`, kind: 'probability' }, outcomeFrom + s + 1, -1));
    add({ name: 'draw', kind: 'probability' }, outcomeFrom, -1);
    add({ name: 'rounds', kind: 'mean' }, roundsFrom, plan.maxRounds);
    sides.forEach((side, s) => add({ name: `deaths.${side.name}`, kind: 'mean' }, deathsFrom[s], plan.start[s]));
    for (const e of entries) {
      add({ name: `death.${entryName(e)}`, kind: 'probability', scale: plan.entrySize[e] }, entryDeadFrom[e], plan.entrySize[e]);
    }
    sides.forEach((side, s) => add({ name: `fled.${side.name}`, kind: 'probability' }, fledFrom[s], 1));
    sides.forEach((side, s) => add({ name: `wounded.${side.name}`, kind: 'mean' }, woundedFrom[s], plan.start[s]));
    for (const e of entries) {
      add({ name: `wounded.${entryName(e)}`, kind: 'probability', scale: plan.entrySize[e] }, entryWoundedFrom[e], plan.entrySize[e]);
    }
    if (push) sides.forEach((side, s) => add({ name: `pushed.${side.name}`, kind: 'mean' }, pushedFrom[s], plan.start[s]));

    const distributions: DistributionSpec[] = [
      { name: 'rounds', min: 1, size: plan.maxRounds },
      ...sides.map((side, s) => ({ name: `deaths.${side.name}`, min: 0, size: plan.start[s] + 1 })),
    ];

    /** A run's histograms into the tally (kept out of `run` so its hot loop stays optimised). */
    const flush = (hist: Int32Array, tally: Tally) => {
      read.forEach(({ from, max }, i) => {
        if (max < 0) tally.addMany(i, 1, hist[from]);
        else for (let x = 0; x <= max; x++) if (hist[from + x] > 0) tally.addMany(i, x, hist[from + x]);
      });
      for (let x = 1; x <= plan.maxRounds; x++) tally.binMany(0, x, hist[roundsFrom + x]);
      for (let s = 0; s < n; s++) {
        for (let x = 0; x <= plan.start[s]; x++) tally.binMany(1 + s, x, hist[deathsFrom[s] + x]);
      }
    };

    // Two-sided battles without pushing run on round tables (battleTable.ts) where they fit,
    // built on the first run (~2 ms for the shipped battles); `null` once known not to fit.
    let table: BattleTable | null | undefined;
    const layout = { outcomeFrom, roundsFrom, deathsFrom, woundedFrom, fledFrom, pushedFrom: push ? pushedFrom : undefined, entryDeadFrom, entryWoundedFrom };

    return {
      metrics,
      distributions,
      run(random, trials, tally) {
        if (table === undefined) table = BattleTable.of(plan) ?? null;
        if (table !== null) {
          const counts = table.counts();
          fightBattles(table, random, trials, counts);
          const hist = new Int32Array(histSize);
          addCounts(plan, table, counts, hist, layout);
          flush(hist, tally);
          tally.addTrials(trials);
          return;
        }
        const field = new BattleField(plan);
        // Counts of one run: below 2^31 (a run is one chunk of trials).
        const hist = new Int32Array(histSize);
        const { dead, wounded, fled, pushed, entryDead, entryWounded } = field;
        const entryCount = plan.entryCount;
        for (let t = 0; t < trials; t++) {
          const winner = field.fight(random);
          hist[outcomeFrom + winner + 1]++;
          hist[roundsFrom + field.rounds]++;
          for (let s = 0; s < n; s++) {
            hist[deathsFrom[s] + dead[s]]++;
            hist[woundedFrom[s] + wounded[s]]++;
            hist[fledFrom[s] + fled[s]]++;
            if (push) hist[pushedFrom[s] + pushed[s]]++;
          }
          for (let e = 0; e < entryCount; e++) {
            hist[entryDeadFrom[e] + entryDead[e]]++;
            hist[entryWoundedFrom[e] + entryWounded[e]]++;
          }
        }
        flush(hist, tally);
        tally.addTrials(trials);
      },
      exact: hasExactOdds(setup, rules)
        ? (): ExactValues => {
            const odds = solveBattle(setup, rules, plan.maxRounds);
            const values: Record<string, number> = {};
            sides.forEach((side, s) => {
              values[`win.${side.name}`] = odds.win[s];
              values[`deaths.${side.name}`] = odds.deaths[s];
              values[`fled.${side.name}`] = odds.fled[s];
              values[`wounded.${side.name}`] = odds.wounded[s];
            });
            values.draw = odds.draw;
            values.rounds = odds.rounds.reduce((t, p, r) => t + p * (r + 1), 0);
            for (const e of entries) {
              values[`death.${entryName(e)}`] = odds.entryDeath[e];
              values[`wounded.${entryName(e)}`] = odds.entryWounded[e];
            }
            const dists: Record<string, number[]> = { rounds: Array.from(odds.rounds) };
            sides.forEach((side, s) => (dists[`deaths.${side.name}`] = Array.from(odds.deathsDistribution[s])));
            return { metrics: values, distributions: dists };
          }
        : undefined,
    };
  },
});
