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
    })
    // Likewise a character that is not seen ("x" and "x" + U+200B) and text written another
    // way than its composed form, NFC ("café" as "cafe" + U+0301): two such names read alike
    // beside two sets of figures (a CLI audit). NFC, which keyboards type, is the one
    // taken; the message gives it.
    .superRefine((s, ctx) => {
      const unseen = unseenCharacter(s);
      if (unseen !== undefined) {
        ctx.addIssue({ code: 'custom', message: `expected a name without invisible characters, got ${JSON.stringify(s)}, which holds ${codePoint(unseen)}: a name is part of the metrics' names and labels, where such a character cannot be seen` });
      } else if (s.normalize('NFC') !== s) {
        ctx.addIssue({ code: 'custom', message: `expected a name in composed form (NFC), got ${JSON.stringify(s)}: write it ${JSON.stringify(s.normalize('NFC'))}, the same text written the one way (a letter and its accent as one character, for one), so that two names never read alike` });
      }
    }),
);

/**
 * The first character of `s` that is not seen where it stands, if any: a default-ignorable
 * code point (zero-width space, word joiner, bidi controls, the BOM, Hangul fillers…) but
 * for those words and emoji are written with, where they do their work: a variation
 * selector after a character, the joiners (U+200C, Persian and Indic words: "می‌خواهم";
 * U+200D, an emoji's sequence: "👩‍🔧") between two characters, and a flag's tags after
 * U+1F3F4 ("🏴󠁧󠁢󠁳󠁣󠁴󠁿"). Anywhere else they are unseen too: "crew" and "crew" + U+200C
 * read alike (a review found them let through anywhere).
 */
function unseenCharacter(s: string): string | undefined {
  const kept = s
    .replace(/(?<=[^\p{Default_Ignorable_Code_Point}])[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu, '')
    .replace(/\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu, '\u{1F3F4}')
    .replace(/(?<=[^\p{Default_Ignorable_Code_Point}])[\u200C\u200D](?=[^\p{Default_Ignorable_Code_Point}])/gu, '');
  return kept.match(/\p{Default_Ignorable_Code_Point}/u)?.[0];
}

function codePoint(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
