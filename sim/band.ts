/**
 * The band of a check (`atLeast`, `atMost`, `between`, any of them together): refused where
 * no value can meet it, so a check that can only fail is caught as bad input, before
 * anything runs, like a reversed `between`.
 */
import type { z } from 'zod';

export function refineBand(e: { atLeast?: number; atMost?: number; between?: [number, number] }, ctx: z.RefinementCtx): void {
  if (e.between && e.between[0] > e.between[1]) {
    ctx.addIssue({ code: 'custom', path: ['between'], message: `expected [low, high] with low ≤ high, got [${e.between}]` });
    return;
  }
  const low = Math.max(e.atLeast ?? -Infinity, e.between?.[0] ?? -Infinity);
  const high = Math.min(e.atMost ?? Infinity, e.between?.[1] ?? Infinity);
  if (low > high) {
    ctx.addIssue({ code: 'custom', path: [e.atMost !== undefined ? 'atMost' : 'between'], message: `expected a band some value can meet: at least ${low} and at most ${high} leave none` });
  }
}
