/**
 * The per-turn series a campaign result is expected to carry. The campaign mechanic has
 * not landed yet; these are the names the report draws, so its engineer can emit them.
 * Each series is a `SeriesResult` (sim/result.ts): `turn` plus columns of equal length,
 * one entry per turn, each computed over all trials of the point at the end of that turn.
 *
 * `series.points` — the company's investment points:
 *   `mean`, `p10`, `p50`, `p90`   (mean and the 10th, 50th, 90th percentiles)
 * `series.rank` — the company's rank, 1..7:
 *   `mean`, `p10`, `p50`, `p90`
 *   `demoted`   share of trials whose rank at the end of that turn is below the start
 *   `promoted`  share of trials whose rank at the end of that turn is above the start
 *
 * `demoted`/`promoted` are "right now" shares, so they may fall again after a recovery;
 * the `demoted`/`promoted` metrics are the "ever" probabilities. Any other series that
 * has `p10`, `p50` and `p90` also gets a fan chart, labelled by its key; a series column
 * named `demoted` or `promoted` in any series gets the share chart.
 */

/** Percentile columns a fan chart needs. */
export const FAN_COLUMNS = ['p10', 'p50', 'p90'] as const;
/** Share columns drawn per turn. */
export const SHARE_COLUMNS = ['demoted', 'promoted'] as const;

/** Axis labels for the series keys above. */
export const SERIES_LABELS: Record<string, string> = {
  points: 'investment points',
  rank: 'company rank',
};
