/**
 * How big the long statistical sweeps are (issue #11: keep the suite quick on a quiet 2-core
 * machine, and delete nothing it checks to get there. It took under 90 s then; with the
 * mechanics and tests added since, about six minutes on a quiet machine in December 2026, as the README says).
 *
 * `npm test` runs them at the quick size; `npm run test:full` (POOLSIM_TEST_SIZE=full) at
 * the size they were written for. The checks are the same at both sizes: every comparison
 * of a fast engine with its slow reference is a bound in standard errors of the run itself,
 * so fewer trials widen the band with the noise instead of loosening it by hand. A quick
 * run still catches a wrong rule (a reading that moves a probability by a few points is
 * many standard errors at 5,000 trials); the full size is for the small biases.
 *
 * Screenshots for a person to look at (test-artifacts/) are taken at the full size, or
 * with POOLSIM_SCREENSHOTS=1: they check nothing, and a page is still drawn, measured and
 * asserted on either way.
 */
export type TestSize = 'quick' | 'full';

function sizeFromEnv(): TestSize {
  const raw = process.env.POOLSIM_TEST_SIZE;
  if (raw === undefined || raw === '' || raw === 'quick') return 'quick';
  if (raw === 'full') return 'full';
  // A typo must not quietly run the quick size when the full one was asked for.
  throw new Error(`POOLSIM_TEST_SIZE: expected "quick" or "full", got ${JSON.stringify(raw)}`);
}

export const testSize: TestSize = sizeFromEnv();

/** `full` trials at the full size, `quick` (a quarter by default) otherwise. */
export function sized(full: number, quick = Math.ceil(full / 4)): number {
  return testSize === 'full' ? full : Math.min(full, quick);
}

/** Whether to write screenshots to test-artifacts/. */
export const takeScreenshots = testSize === 'full' || process.env.POOLSIM_SCREENSHOTS === '1';

/**
 * The time limit of a test whose work takes tens of seconds on a busy machine (a Monte
 * Carlo comparison with its slow reference, a whole library file at 1,000 trials): 180 s,
 * as the dashboard's heavy tests have. With the suite's two files at once and other work
 * on both cores, such tests took 18–46 s against vitest's 60 s (December 2026: a whole
 * run took 24 minutes there); a limit is no check, and a longer one changes no assertion.
 */
export const HEAVY_TEST_MS = 180_000;
