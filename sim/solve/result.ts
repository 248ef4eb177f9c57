/**
 * The JSON of a solve (docs/solve.md), under `solve` in a result file,
 * apart from `results`. Public names: extend, never rename.
 */
import type { Find } from './schema.ts';

/** The metric at one searched value. */
export interface SolvePoint {
  value: unknown;
  /**
   * The Monte Carlo estimate and its interval (absent when the search was exact): 95% over
   * all of the value's looks (SolveResult.looks), the interval it was decided on.
   */
  estimate?: number;
  ci95?: [number, number];
  trials?: number;
  /** The exact value, where the mechanic gives one. */
  exact?: number;
}

export interface SolveResult {
  name: string;
  vary: string;
  metric: string;
  find: Find;
  /** The number sought (absent in the equivalence form, whose target is `reference`). */
  target?: number;
  /** The bound as the block wrote it, when it wrote `atLeast` or `atMost` (then also `target`). */
  atLeast?: number;
  atMost?: number;
  /** The equivalence form: setup A's changes, and the metric in A. */
  sameAs?: Record<string, unknown>;
  reference?: SolvePoint;
  /** The values searched, as the block gives them: `range` [lo, hi], or `values` in order. */
  range?: [number, number];
  values?: unknown[];
  /** How it was decided: `exact` values, or a Monte Carlo search. */
  method: 'exact' | 'montecarlo';
  /** Monte Carlo: the confidence each value was decided at, over all of its looks (0.95). */
  confidence?: number;
  /**
   * Monte Carlo: the most looks a value can have (sim/solve/confidence.ts looksUpTo). Each
   * look, and each point's `ci95`, is at 95% / looks (z = decisionZ(looks)), so that a
   * point's interval holds at 95% however many looks it took; `poolsim diff` takes it back
   * to a plain 95% interval to compare figures. Absent in results written before
   * December 2026, whose points' intervals are plain 95% ones.
   */
  looks?: number;
  /** Why a mechanic with exact values was searched by Monte Carlo: their work, over the budget. */
  exactSkipped?: string;
  /** True when the answer is decided (exactly, or at 95% confidence). */
  decided: boolean;
  /** The value found; null when no value in the range meets the goal. Absent when undecided. */
  value?: unknown;
  /**
   * When no value meets the goal (`value` null): the value that came nearest the bound,
   * the highest for `atLeast` / the lowest for `atMost` (the first of a tie), with its
   * figure, of every value (Monte Carlo without `everyValue`: of those looked at). A GM
   * told "no value" asks how close the nearest came (an audit).
   */
  nearest?: SolvePoint;
  /** Undecided: the values the answer could still be (null: possibly none in range). */
  candidates?: unknown[];
  /** Does the metric move one way over the range: true/false when checked (exact), "assumed" (Monte Carlo). */
  monotone: boolean | 'assumed';
  /**
   * Monte Carlo: every value was decided against the target (both ends fell on the same
   * side, so each value between was checked), and the answer assumes nothing about how
   * the metric moves. Absent otherwise.
   */
  everyValue?: boolean;
  /** Monte Carlo: every trial the search ran, and the cap on any one value. */
  trials?: number;
  maxTrials?: number;
  /**
   * Monte Carlo: the trials a plain sweep would need to reach the same confidence at every
   * value (the values × the most any one value needed).
   */
  sweepTrials?: number;
  /** The answer as a sentence. */
  sentence: string;
  /** The searched values with the metric at each (those the search looked at). */
  points: SolvePoint[];
  /** The block's `expect` on the value found, with its verdict. */
  /** The block's check on the value found; a failed one says why (`reason`). */
  expect?: { equals?: unknown; atLeast?: number; atMost?: number; between?: [number, number]; why?: string; pass: boolean; reason?: string };
}
