/**
 * A name a scenario gives a side, a combatant, a troupe, a rival, a character or a team.
 * Metric keys and labels carry it ("win.crew", "P(win: crew)"), so two names that differ
 * only in spaces at an end, "crew" and "crew ", read alike on every page and in every
 * chart while their figures differ (a dashboard audit: two "P(win: crew)" lines, 0.52 and
 * 0.48). Refused rather than trimmed: the name in the file is the name in the result.
 */
import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';

export const entityName = lazySchema(() =>
  z
    .string()
    .min(1)
    .refine((s) => s.trim() === s, {
      error: (issue) => `expected a name without spaces at either end, got ${JSON.stringify(issue.input)}: a name is part of the metrics' names and labels, where such a space cannot be seen`,
    }),
);
