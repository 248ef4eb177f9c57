/**
 * How much exact work poolsim does before it falls back to Monte Carlo: one `run` point's
 * exact values (sim/scenario.ts), or a `solve` search's over every value it looks at
 * (sim/solve/search.ts). Work is counted in Simulation.exactCost's steps.
 */

/**
 * Most work one point's exact values may take, in Simulation.exactCost's steps (about ten
 * million a second: some five seconds on one core). Over it, `exact` is skipped with a note.
 */
export const EXACT_BUDGET = 50_000_000;

/**
 * Why exact values of `cost` steps (over EXACT_BUDGET) were skipped, `of` what (" for the 3
 * values"), ending with what is done `instead` ("the estimates are Monte Carlo only").
 */
export function exactSkippedNote(cost: number, instead: string, of = ''): string {
  const seconds = cost / 1e7;
  const budget = EXACT_BUDGET / 1e7;
  // Whole seconds, unless that would read as the budget itself ("about 5 s, over the budget of 5 s").
  let places = 0;
  while (places < 3 && Number(seconds.toFixed(places)) <= budget) places++;
  const text = seconds >= 1e6 ? seconds.toExponential(1) : places === 0 ? Math.round(seconds).toLocaleString('en') : seconds.toFixed(places);
  // Past three places a figure would read as the budget itself: said as "just over" it.
  return Number(text) <= budget
    ? `exact values skipped: just over the budget of ${budget} s of work${of}; ${instead}`
    : `exact values skipped: about ${text} s of work${of}, over the budget of ${budget} s; ${instead}`;
}
