/**
 * What every mechanic module provides. A mechanic validates its setup with a zod schema,
 * then `prepare` does all the checking and converting once and returns a Simulation whose
 * `run` only computes (d3-random's "set up, then return the fast function").
 */
import type { z } from 'zod';
import type { RandomStream } from './random.ts';
import type { CounterSpec, DistributionSpec, MetricSpec, Tally } from './stats.ts';
import type { SeriesResult } from './result.ts';
import type { RulesOf, SystemName } from './rules.ts';

/** Exact values of a result point: metric name → value, distribution name → p per bin. */
export interface ExactValues {
  metrics: Record<string, number>;
  distributions?: Record<string, number[]>;
}

export interface Simulation {
  metrics: MetricSpec[];
  distributions?: DistributionSpec[];
  /** Integer counts the tally keeps for `series` (not reported as they are). */
  counters?: CounterSpec[];
  /** Run `trials` trials from `random`, adding counts and sums into `tally`. */
  run(random: RandomStream, trials: number, tally: Tally): void;
  /**
   * Trials `run` plays together (the clash's two per random word): two calls, the first of
   * a whole number of these, add up to one call of both (sim/run.ts ChunkSlices). 1 when
   * left out.
   */
  sliceTrials?: number;
  /** Exact values, where the mechanic allows them (computed once per point). */
  exact?(): ExactValues;
  /**
   * Roughly how much work `exact` is, in elementary steps (about ten million a second on
   * one core). A mechanic whose exact work grows without bound with its setup declares it:
   * over sim/exactBudget.ts EXACT_BUDGET the exact values are skipped, with a note in the
   * result, rather than left to run for minutes (the Monte Carlo estimates still come).
   */
  exactCost?(): number;
  /**
   * The metrics `exact` gives, where that is fewer than all of them (a Sorcerer conflict's
   * opening only): a search for another metric (sim/solve/search.ts) then neither pays for
   * `exact` nor says it was skipped. Left out, every metric may have an exact value.
   */
  exactMetrics?: readonly string[];
  /**
   * Why `exact` was skipped, or why some figures it gives are not there: set by planning
   * when `exactCost` is over the budget, or by `exact()` itself when it leaves figures out
   * (a walk or a chain too large). The result carries it as a note (sim/assemble.ts): an
   * estimate is never left without its exact value unsaid where the mechanic has one.
   */
  exactSkipped?: string;
  /**
   * What the setup asks that changes nothing at this point: a policy with nothing to act
   * on (`defendRank` when every liquid coin is banked before the rival die). Said in the
   * result's notes rather than refused, as a sweep may cross such a point on its way to
   * the ones where it does act. An empty list says nothing (sim/assemble.ts).
   */
  setupNotes?: readonly string[];
  /**
   * Per-turn series (campaign drift), read off the merged tally of a whole point: only
   * from its integer counts, so the series is as worker-independent as the tally.
   */
  series?(tally: Tally): Record<string, SeriesResult>;
  /**
   * What the merged tally of a whole point says its figures leave out (a percentile in a
   * histogram's open last bin): said in the point's notes, after the setup's.
   */
  tallyNotes?(tally: Tally): string[];
}

export interface Mechanic<Setup = unknown, Rules = unknown> {
  system: SystemName;
  name: string;
  /** One line for `poolsim` help and the README. */
  summary: string;
  setup: z.ZodType<Setup>;
  /**
   * The rule variants of its system (sim/rules.ts) that this mechanic plays: the only ones
   * a scenario of it may set to other than their defaults (one it never reads would change
   * nothing, so sim/scenario.ts refuses it), and the ones its dashboard form offers.
   */
  variants: readonly string[];
  /**
   * Values of variants it plays that it does not (campaign's `medicReach: "window"`): its
   * `refuse` refuses them, and its dashboard form does not offer them.
   */
  unplayedValues?: Readonly<Record<string, readonly string[]>>;
  /**
   * What in a valid setup the rules in force make impossible to honour (a buy a variant
   * means is never made): refused before anything runs, with the path in the file.
   */
  refuse?(setup: Setup, rules: Rules): { path: string; problem: string }[];
  prepare(setup: Setup, rules: Rules): Simulation;
  /**
   * Trials per chunk for this mechanic, where the default (sim/run.ts CHUNK_TRIALS) would
   * make one chunk take seconds — a 52-turn campaign runs ~20k trials/s — and a run of a
   * few thousand trials could then use only one core. Part of the result's definition.
   */
  chunkTrials?: number;
}

/** Helper so each module's `prepare` gets typed setup and rules. */
export function defineMechanic<S extends z.ZodType, R, Sys extends SystemName>(m: {
  system: Sys;
  name: string;
  summary: string;
  setup: S;
  variants: readonly (keyof RulesOf[Sys] & string)[];
  unplayedValues?: Readonly<Partial<Record<keyof RulesOf[Sys] & string, readonly string[]>>>;
  refuse?(setup: z.output<S>, rules: R): { path: string; problem: string }[];
  prepare(setup: z.output<S>, rules: R): Simulation;
  chunkTrials?: number;
}): Mechanic<z.output<S>, R> {
  return m as unknown as Mechanic<z.output<S>, R>;
}
