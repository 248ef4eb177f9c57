/**
 * Intervals for the solver's decisions. A sequential search looks at each value's
 * interval after every round and stops at the first look that excludes the target, so a
 * plain 95% interval looked at L times would be wrong more often than 5%. Each look is
 * therefore taken at 95% / L (Bonferroni over the looks a value can have), which keeps a
 * value's decision right at least 95% of the time however many rounds it took.
 */
import { Z95, summarize, type Estimate, type Tally } from '../stats.ts';

/**
 * Φ⁻¹(p), the standard normal quantile (Acklam's rational approximation, relative error
 * below 1.15e-9; https://web.archive.org/web/2007/http://home.online.no/~pjacklam/notes/invnorm/).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** Looks a value can have when each round at least doubles its chunks, from 1 up to `maxChunks`. */
export function looksUpTo(maxChunks: number): number {
  return Math.ceil(Math.log2(Math.max(1, maxChunks))) + 1;
}

/** The chance a Monte Carlo search's verdict on a value is wrong, over all of its looks. */
const ALPHA = 0.05;
/** How sure that verdict is (SolveResult.confidence): 0.95. */
export const CONFIDENCE = 1 - ALPHA;

/** The z of a two-sided (1 − 0.05/looks) interval. */
export function decisionZ(looks: number): number {
  return looks <= 1 ? Z95 : normalQuantile(1 - ALPHA / looks / 2);
}

/** Metric `i` of a tally at `z`: the report's interval (sim/stats.ts summarize) at the decision's z. */
export function intervalAt(tally: Tally, i: number, z: number): Estimate {
  return summarize(tally, i, z);
}

/**
 * B − A from two intervals (Newcombe's hybrid method, as the dashboard's Compare), which
 * takes the two estimates to be independent: setup A runs on streams of its own
 * (search.ts solveReferenceStream), as the dashboard's B runs on a seed of its own.
 */
export function differenceOf(a: Estimate, b: Estimate): Estimate {
  const d = b.estimate - a.estimate;
  return {
    estimate: d,
    ci95: [d - Math.hypot(b.estimate - b.ci95[0], a.ci95[1] - a.estimate), d + Math.hypot(b.ci95[1] - b.estimate, a.estimate - a.ci95[0])],
  };
}
