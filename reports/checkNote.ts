/**
 * A check's note where its exact values and its 95% interval disagree: said beside the
 * check by the command line, the reports and the dashboard alike. Loads nothing else, so
 * `poolsim run` can use it.
 */
import type { ExpectResult } from '../sim/result.ts';

/**
 * Where the exact values and the 95% interval disagree about a check (ExpectResult.exactPass):
 * a pass whose exact value misses the band, or a failure whose exact value meets it. The
 * check is judged on the interval (the contract), and this says when that is the Monte
 * Carlo's 1 in 20; undefined where they agree or no exact value is known.
 */
export function exactDisagrees(check: Pick<ExpectResult, 'pass' | 'exactPass'>): string | undefined {
  if (check.exactPass === undefined || check.exactPass === check.pass) return undefined;
  return check.pass
    ? 'passes on the 95% interval, but the exact value misses the band'
    : 'fails on the 95% interval, but the exact value meets the band: this seed\'s 1 in 20';
}

