/**
 * Viciousness `campaign`: a company's troupes working jobs turn after turn while rivals
 * scheme against it, and where its wealth rank drifts (docs/rules.md "Wealth and the
 * campaign"; viciousness.txt "Turns", "Rivals", "Wealth"). Every choice the company
 * makes is a field of `policy`, documented with its default in campaignSetup.ts and in
 * docs/rulings/campaign.md. The turn itself, and the metric table, are in campaignPlay.ts.
 *
 * Reported: the contract's `rank.final`, `points.final`, `demoted`, `promoted`; what
 * happened along the way (jobs, deaths, dissolved troupes, rival strikes, consequences);
 * and per-turn series of investment points and rank (reports/charts/campaignSeries.ts),
 * taken from per-turn histograms kept as integer counts in the tally.
 */
import { defineMechanic, type ExactValues } from '../mechanic.ts';
import { VICIOUSNESS_DEFAULTS, type ViciousnessRules } from '../rules.ts';
import { Z95, normalMean, wilson, type CounterSpec, type DistributionSpec, type MetricSpec, type Tally } from '../stats.ts';
import type { SeriesResult } from '../result.ts';
import { histogramCount, histogramMean, histogramQuantile, histogramQuantileInterval, histogramSum, histogramSumOfSquares } from '../series.ts';
import { CONSEQUENCE_KINDS, rivalChainNote, rivalOdds, type RivalOdds } from './rivalDice.ts';
import { MAX_RANK, MIN_RANK, rankOf } from './wealth.ts';
import { campaignNotes, campaignSetup, noFightWhy } from './campaignSetup.ts';
import { CampaignPlan, CampaignTrial, METRIC, pointsHistogramTop } from './campaignPlay.ts';

export {
  captainSchema,
  minionSchema,
  STARTING_ASSETS,
  troupeSchema,
  companySchema,
  guardsSchema,
  jobSchema,
  policySchema,
  campaignSetup,
  type CampaignSetup,
} from './campaignSetup.ts';

/** The ranks, lowest first. */
const RANKS = Array.from({ length: MAX_RANK - MIN_RANK + 1 }, (_, i) => MIN_RANK + i);

/** Indices of the per-turn counters (the `counters` list below). */
const POINTS_BY_TURN = 0;
const POINTS_SUM_BY_TURN = 1;
const RANK_BY_TURN = 2;
const POINTS_SUMSQ_BY_TURN = 3;

export const campaign = defineMechanic({
  // Trials per chunk (see Mechanic.chunkTrials): a 52-turn campaign ran ~19k trials/s on one
  // core when this was chosen (~38k in December 2026): 2^11 trials make a chunk of ~0.05–0.1 s,
  // so a run of a few thousand campaigns still spreads over every core. Part of the result's
  // definition: changing it changes every campaign's numbers (docs/parallel.md).
  chunkTrials: 2048,
  system: 'viciousness',
  name: 'campaign',
  summary: 'a company over many turns: jobs, violence, rivals and rank drift under a named policy',
  setup: campaignSetup,
  // Its rivals' variants and its fights' (troupe against guards: two sides, so neither
  // targeting nor outnumbered can change anything).
  variants: ['hitOn', 'equipment', 'woundOrder', 'push', 'medicReach', 'invest', 'speedChess', 'escalation', 'handyPoint', 'consequenceWound', 'attemptTarget'],
  // medicReach "window" (wounded waiting up to two rounds for a Medic) is battle's only:
  // the fights (skirmish.ts) settle each round's wounded in that round, on two fight paths
  // that keep no waiting wounded (docs/rulings/campaign.md).
  unplayedValues: { medicReach: ['window'] },
  refuse(_setup, rules: ViciousnessRules) {
    if (rules.medicReach === 'window') {
      return [{ path: 'rules.medicReach', problem: `campaign does not play "window" (a wounded waiting up to two rounds for a Medic): its fights settle each round's wounded in that round, so "window" is played by battle only: expected medicReach ${(['one', 'all'] as const).map((v) => `${JSON.stringify(v)}${v === VICIOUSNESS_DEFAULTS.medicReach ? ' (the default)' : ''}`).join(' or ')}` }];
    }
    return [];
  },
  prepare(setup, rules: ViciousnessRules) {
    const plan = new CampaignPlan(setup, rules);
    const neverFights = noFightWhy(setup) !== undefined;
    const { turns } = plan;
    const metrics: MetricSpec[] = plan.metrics;
    const distributions: DistributionSpec[] = [{ name: 'rank.final', min: MIN_RANK, size: MAX_RANK }];
    const pointsTop = pointsHistogramTop(turns);
    const bins = pointsTop + 1;
    const counters: CounterSpec[] = [
      { name: 'points.byTurn', size: turns * bins },
      { name: 'points.sumByTurn', size: turns },
      { name: 'rank.byTurn', size: turns * MAX_RANK },
      // With the sums, the mean's interval (the histogram is capped, so not from it).
      { name: 'points.sumSqByTurn', size: turns },
    ];

    const setupNotes = campaignNotes(setup, rules);
    // One trial for every `run` of this simulation (runs are never interleaved: each is
    // synchronous): `reset` starts each campaign afresh, and its rivals' memo (RivalMemo)
    // keeps the states and steps the earlier chunks worked out, which a trial built per
    // chunk worked out again (interleaved CPU time, bench/campaign-ab.ts: 1.051 for chunks of 2048). The tables hold no dice.
    let shared: CampaignTrial | undefined;
    return {
      metrics,
      distributions,
      counters,
      setupNotes,
      run(random, trials, tally) {
        const trial = (shared ??= new CampaignTrial(plan));
        const acc = trial.acc;
        const top = pointsTop;
        const ranks = MAX_RANK;
        const rankFinal = METRIC.rankFinal;
        // The per-turn counters written straight into the tally's slots (Tally.count's
        // offset lookup, three times a turn, was a few % of a campaign).
        const values = tally.values;
        const pointsAt = tally.layout.counterOffsets[POINTS_BY_TURN];
        const sumAt = tally.layout.counterOffsets[POINTS_SUM_BY_TURN];
        const rankAt = tally.layout.counterOffsets[RANK_BY_TURN] - 1;
        const sqAt = tally.layout.counterOffsets[POINTS_SUMSQ_BY_TURN];
        for (let n = 0; n < trials; n++) {
          trial.reset();
          for (let t = 1; t <= turns; t++) {
            trial.playTurn(random, t);
            const points = trial.points;
            values[pointsAt + (t - 1) * bins + (points < top ? points : top)] += 1;
            values[sumAt + t - 1] += points;
            values[sqAt + t - 1] += points * points;
            values[rankAt + (t - 1) * ranks + trial.rank] += 1;
          }
          trial.finish();
          for (let i = 0; i < acc.length; i++) tally.add(i, acc[i]);
          tally.bin(0, acc[rankFinal]);
        }
        tally.addTrials(trials);
      },
      exact(): ExactValues {
        // The rivals' own figures are exact when nothing the company does touches them:
        // without rival deals a rival's designs never depend on the company.
        const x = plan.layout.exact();
        // "The company begins each turn with one coin of its Wealth rank for each troupe that
        // constitutes it": with newTroupe "nextTurn" a dissolved troupe's successor is founded
        // before the next turn's coins (CampaignTrial.playTurn), so every troupe counts every
        // turn, whatever the dice do. With "never" a dissolved troupe's coins stop; where no
        // fight is ever played and no rival strikes, none dissolves (noFightWhy).
        if (plan.newTroupe || neverFights) x[METRIC.coins] = turns * plan.troupeCount;
        if (plan.rivals.count === 0) {
          // No rival: nothing of theirs happens, exactly.
          x[METRIC.rivalStrikes] = 0;
          CONSEQUENCE_KINDS.forEach((_, i) => (x[plan.kindsAt + i] = 0));
          x[METRIC.wealthLowered] = 0;
          x[METRIC.calamity] = 0;
          return { metrics: plan.layout.named(x) };
        }
        if (plan.dealsTaken || plan.interferes) {
          this.exactSkipped = `the rivals' figures are Monte Carlo only: they depend on what the company does (${[plan.dealsTaken ? 'rival deals' : '', plan.interferes ? 'interference with unsubtle designs' : ''].filter(Boolean).join(' and ')}); without it they are exact`;
          return { metrics: plan.layout.named(x) };
        }
        const odds: (RivalOdds | undefined)[] = [];
        for (let r = 0; r < plan.rivals.count; r++) {
          const o = rivalOdds(plan.rivals, r, turns);
          odds.push(o);
          if (!o) continue;
          // Each rival's firstStrike, strikes, completed lie side by side (CampaignPlan.rivalAt).
          const at = plan.rivalAt + 3 * r;
          x[at] = o.firstStrike.reduce((s, p, i) => s + p * (i + 1), 0);
          x[at + 1] = o.strikes;
          x[at + 2] = o.completed;
        }
        const lost = plan.rivals.names.filter((_, r) => odds[r] === undefined);
        if (lost.length > 0) this.exactSkipped = rivalChainNote(lost);
        if (odds.every((o) => o !== undefined)) {
          x[METRIC.rivalStrikes] = odds.reduce((s, o) => s + o!.strikes, 0);
          CONSEQUENCE_KINDS.forEach((_, i) => {
            x[plan.kindsAt + i] = odds.reduce((s, o) => s + o!.kinds[i], 0);
          });
          x[METRIC.wealthLowered] = odds.reduce((s, o) => s + o!.wealthLowered, 0);
          x[METRIC.calamity] = 1 - odds.reduce((s, o) => s * (1 - o!.calamity), 1);
        }
        return { metrics: plan.layout.named(x) };
      },
      series(tally: Tally): Record<string, SeriesResult> {
        return campaignSeries(tally, turns, plan.startRank);
      },
      tallyNotes(tally: Tally): string[] {
        return pointsTopNote(tally, turns);
      },
    };
  },
});

/**
 * Where a percentile of `series.points` (or an end of its interval) falls in the
 * histogram's last bin, pointsHistogramTop(turns) or more: it reads as that bin's value, a
 * lower bound only, so the point says from which turn ([] where none does).
 */
export function pointsTopNote(tally: Tally, turns: number): string[] {
  const top = pointsHistogramTop(turns);
  const bins = top + 1;
  const counts = tally.counter(POINTS_BY_TURN);
  for (let t = 0; t < turns; t++) {
    const h = counts.subarray(t * bins, (t + 1) * bins);
    const reached = [0.1, 0.5, 0.9].some((q) => histogramQuantileInterval(h, 0, q)[1] >= top);
    if (reached) {
      return [
        `series.points: from turn ${t + 1}, a percentile of investment points or an end of its interval reads ${top}, which stands for ${top} or more (the per-turn histogram's last bin, ${top} in a campaign of ${turns} turns): a lower bound, not the value; the per-turn mean is exact from sums`,
      ];
    }
  }
  return [];
}

/**
 * The per-turn series of reports/charts/campaignSeries.ts, from the merged counters:
 * `points` (mean, p10, p50, p90 of investment points at the end of each turn; the mean
 * exact from the sums, the percentiles from a histogram whose last bin holds
 * pointsHistogramTop(turns) or more) and `rank` (the same, plus `demoted`/`promoted`, the
 * share of trials below/above the starting rank at the end of that turn, and `rank1` …
 * `rank7`, the share at each rank). Every column has its 95% interval beside it,
 * `<column>Low` and `<column>High`: a mean's normal interval, a share's Wilson interval,
 * a percentile's order-statistic interval (sim/series.ts).
 */
export function campaignSeries(tally: Tally, turns: number, startRank: number): Record<string, SeriesResult> {
  const bins = pointsHistogramTop(turns) + 1;
  const pointCounts = tally.counter(POINTS_BY_TURN);
  const pointSums = tally.counter(POINTS_SUM_BY_TURN);
  const rankCounts = tally.counter(RANK_BY_TURN);
  const pointSquares = tally.counter(POINTS_SUMSQ_BY_TURN);
  const n = tally.trials;
  const turn = Array.from({ length: turns }, (_, t) => t + 1);
  const columns = (names: string[]) => Object.fromEntries(names.flatMap((c) => [[c, []], [`${c}Low`, []], [`${c}High`, []]])) as Record<string, number[]>;
  const points: SeriesResult = { turn, ...columns(['mean', 'p10', 'p50', 'p90']) };
  const rank: SeriesResult = { turn, ...columns(['mean', 'p10', 'p50', 'p90', 'demoted', 'promoted', ...RANKS.map((r) => `rank${r}`)]) };
  const put = (s: SeriesResult, column: string, value: number, [low, high]: readonly [number, number]) => {
    s[column].push(value);
    s[`${column}Low`].push(low);
    s[`${column}High`].push(high);
  };
  const percentiles = (s: SeriesResult, h: ArrayLike<number>, min: number) => {
    for (const [column, q] of [['p10', 0.1], ['p50', 0.5], ['p90', 0.9]] as const) put(s, column, histogramQuantile(h, min, q), histogramQuantileInterval(h, min, q));
  };
  const share = (s: SeriesResult, column: string, count: number) => {
    const w = n === 0 ? { estimate: 0, ci95: [0, 0] as [number, number] } : wilson(count, n);
    put(s, column, w.estimate, w.ci95);
  };
  for (let t = 0; t < turns; t++) {
    const ph = pointCounts.subarray(t * bins, (t + 1) * bins);
    // Investment points and ranks are never below 0 and MIN_RANK: the intervals stop there.
    const pm = n === 0 ? { estimate: 0, ci95: [0, 0] as [number, number] } : normalMean(pointSums[t], pointSquares[t], n, Z95, 0);
    put(points, 'mean', pm.estimate, pm.ci95);
    percentiles(points, ph, 0);
    const rh = rankCounts.subarray(t * MAX_RANK, (t + 1) * MAX_RANK);
    const rm = n === 0 ? { estimate: MIN_RANK, ci95: [MIN_RANK, MIN_RANK] as [number, number] } : normalMean(histogramSum(rh, MIN_RANK), histogramSumOfSquares(rh, MIN_RANK), n, Z95, MIN_RANK, MAX_RANK);
    put(rank, 'mean', histogramMean(rh, MIN_RANK), rm.ci95);
    percentiles(rank, rh, MIN_RANK);
    share(rank, 'demoted', histogramCount(rh, MIN_RANK, startRank, 'below'));
    share(rank, 'promoted', histogramCount(rh, MIN_RANK, startRank, 'above'));
    for (const r of RANKS) share(rank, `rank${r}`, rh[r - 1]);
  }
  return { points, rank };
}

