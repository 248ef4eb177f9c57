/**
 * Scenario `solve` blocks (docs/solve.md): which value of one field
 * brings a metric to a target. An addition to the contract; nothing in it is renamed.
 *
 * ```yaml
 * solve:
 *   - name: challenges for an even heist
 *     vary: setup.challenges       # a dotted path, as in `sweep`
 *     range: [0, 12]               # integers lo..hi (step 1), or `values: [...]` in order
 *     metric: success
 *     target: 0.5                  # or atLeast / atMost, or sameAs (the equivalence form)
 *     find: closest                # closest | firstAtLeast | lastAtLeast | firstAtMost | lastAtMost
 *     expect: { equals: 2, why: the even heist stays at 2 challenges }
 * ```
 *
 * The equivalence form: `sameAs: { path: value, … }` describes setup A as the file's own
 * setup with those things changed (Compare's "same setup with one thing changed"); the
 * target is the metric's value in A, and `vary` changes setup B (the file's setup).
 *
 * Only the shape is checked here (this module imports nothing of the scenario module, so
 * that module can embed the schema); paths, metrics and each value's setup are checked
 * in sim/solve/check.ts.
 */
import { z } from 'zod';
import { refineBand } from '../band.ts';
import { lazySchema } from '../lazySchema.ts';

/** Most values one solve may search (a range lo..hi counts hi − lo + 1). */
export const MAX_SOLVE_VALUES = 1000;

/**
 * Most values a Monte Carlo search decides every one of when the ends lie on either side
 * of the target; past it a bisection decides about log₂(n) and assumes the metric moves
 * one way in between (unless a value looked at contradicts it, or the block asks for
 * `everyValue: true`). Each value decided costs at least a chunk: 32 is a few seconds of
 * the slower mechanics. (Here, not in search.ts, so the sentence can name it.)
 */
export const EVERY_VALUE_MOST = 32;

export const FINDS = ['closest', 'firstAtLeast', 'lastAtLeast', 'firstAtMost', 'lastAtMost'] as const;
export type Find = (typeof FINDS)[number];

const finite = lazySchema(() => z.number().refine(Number.isFinite, 'expected a finite number'));

/** A check on the solved value, so CI can gate on it ("the even heist stays at 2"). */
export const solveExpectSchema = lazySchema(() => z
  .object({
    /** The value found must be this one (compared as JSON). */
    equals: z.unknown().optional(),
    /** The value found (a number) must be at least / at most this. */
    atLeast: finite.optional(),
    atMost: finite.optional(),
    between: z.tuple([finite, finite]).optional(),
    why: z.string().optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.equals === undefined && e.atLeast === undefined && e.atMost === undefined && e.between === undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected a check on the value found: "equals", "atLeast", "atMost" or "between"' });
    }
    refineBand(e, ctx);
    // `equals` beside a band: both must hold, so a value outside the band (or not a number,
    // which no band holds) makes a check that can only fail (an audit: {equals: 2, atLeast:
    // 5} was run and failed, where a band that leaves none is refused up front).
    if (e.equals !== undefined && (e.atLeast !== undefined || e.atMost !== undefined || e.between !== undefined)) {
      const low = Math.max(e.atLeast ?? -Infinity, e.between?.[0] ?? -Infinity);
      const high = Math.min(e.atMost ?? Infinity, e.between?.[1] ?? Infinity);
      if (typeof e.equals !== 'number' || e.equals < low || e.equals > high) {
        const band = [low > -Infinity ? `at least ${low}` : '', high < Infinity ? `at most ${high}` : ''].filter(Boolean).join(' and ');
        ctx.addIssue({ code: 'custom', path: ['equals'], message: `equals ${JSON.stringify(e.equals)} and ${band} can never both hold, so the check could never pass: expected a value the band allows, or one of the two left out` });
      }
    }
  }));

/**
 * A name something is shown and matched by (a scenario, a solve block; sim/scenario.ts takes it from here): one of only spaces
 * read as none on the page ("Find:    ") and in the reports (an audit of the dashboard).
 */
export const nameSchema = () =>
  z
    .string()
    .min(1)
    .refine((s) => s.trim().length > 0, { message: 'expected a name with something besides spaces' })
    // A name heads lines of the output ("FAIL  <name>"): one with a line break in it could
    // print lines of its own (a files audit: "ok    fake line").
    .refine((s) => !/[\n\r\u2028\u2029]/.test(s), { message: 'expected a name on one line: it holds a line break' });

export const solveBlockSchema = lazySchema(() => z
  .object({
    name: nameSchema(),
    description: z.string().optional(),
    /** The field searched: a dotted path into the file, as a sweep path. */
    vary: z.string().min(1),
    /** Integers lo..hi, both included. */
    range: z.tuple([z.number().int(), z.number().int()]).optional(),
    /** Or the values to search, in the order the metric is expected to move. */
    values: z.array(z.unknown()).min(1).max(MAX_SOLVE_VALUES).optional(),
    metric: z.string().min(1),
    target: finite.optional(),
    atLeast: finite.optional(),
    atMost: finite.optional(),
    /** The equivalence form: setup A is the file's with these paths changed. */
    sameAs: z.record(z.string(), z.unknown()).optional(),
    /** Which value answers: defaults to closest (target, sameAs), firstAtLeast, firstAtMost. */
    find: z.enum(FINDS).optional(),
    /**
     * How the value reads in a sentence: "{value}" is replaced (default "{value} <last path
     * segment>"). It is the only placeholder, and a label holds no other "{" or "}" (labelProblem).
     */
    label: z.string().min(1).optional(),
    /** Monte Carlo only: the most trials any one value may run (default 16 × the file's trials). */
    maxTrials: z.number().int().min(1).max(1_000_000_000).optional(),
    /**
     * Monte Carlo: decide every value, however many (past EVERY_VALUE_MOST the bisection
     * alone decides by default, assuming the metric moves one way between the values it looks at).
     * Only `true`: `false` is what a search does without it (every value of up to 32 is
     * decided anyway, and more are bisected), so it was taken and changed nothing (an audit).
     */
    everyValue: z.boolean().optional(),
    expect: solveExpectSchema.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.everyValue === false) {
      ctx.addIssue({ code: 'custom', path: ['everyValue'], message: 'false is what a search does without it (it decides every value of up to 32 anyway, and bisects more), so it would change nothing: expected true, or everyValue left out' });
    }
    if ((s.range === undefined) === (s.values === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'expected either "range": [lo, hi] or "values": [...], not both or neither' });
    }
    if (s.range) {
      const [lo, hi] = s.range;
      if (lo > hi) ctx.addIssue({ code: 'custom', path: ['range'], message: `expected [lo, hi] with lo ≤ hi, got [${lo}, ${hi}]` });
      else if (hi - lo + 1 > MAX_SOLVE_VALUES) {
        ctx.addIssue({ code: 'custom', path: ['range'], message: `the range holds ${hi - lo + 1} values: at most ${MAX_SOLVE_VALUES} can be searched` });
      }
    }
    const targets = (['target', 'atLeast', 'atMost', 'sameAs'] as const).filter((k) => s[k] !== undefined);
    if (targets.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: targets.length === 0
          ? 'expected a target: "target", "atLeast", "atMost" or "sameAs"'
          : `expected one target, got ${targets.map((t) => `"${t}"`).join(' and ')}`,
      });
    }
    if (s.atLeast !== undefined && s.find && !['firstAtLeast', 'lastAtLeast'].includes(s.find)) {
      ctx.addIssue({ code: 'custom', path: ['find'], message: `with "atLeast" expected "firstAtLeast" or "lastAtLeast", got "${s.find}"` });
    }
    if (s.atMost !== undefined && s.find && !['firstAtMost', 'lastAtMost'].includes(s.find)) {
      ctx.addIssue({ code: 'custom', path: ['find'], message: `with "atMost" expected "firstAtMost" or "lastAtMost", got "${s.find}"` });
    }
    const label = s.label === undefined ? undefined : labelProblem(s.label);
    if (label) ctx.addIssue({ code: 'custom', path: ['label'], message: label });
    if (s.sameAs && Object.keys(s.sameAs).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['sameAs'], message: 'expected at least one change that makes setup A' });
    }
  }));

/**
 * What is wrong with a block's `label`, if anything: "{value}" is its only placeholder, and
 * it holds no other brace. "{other}" was printed as written and "{{value}}" read "{2}", so
 * a mistyped placeholder ("{val}", "{ value }") or an escape borrowed from another template
 * language passed silently into the answer's sentence.
 */
export function labelProblem(label: string): string | undefined {
  if (!/[{}]/.test(label.replaceAll('{value}', ''))) return undefined;
  const other = (label.match(/\{[^{}]*\}/g) ?? []).find((p) => p !== '{value}');
  if (other !== undefined) return `unknown placeholder ${JSON.stringify(other)}: "{value}" is the only one, and a label holds no other "{" or "}"`;
  return 'a "{" or "}" outside "{value}": "{value}" is the only placeholder, and a label holds no other braces ("{{" and "}}" are not escapes)';
}

export const solveListSchema = lazySchema(() => z.array(solveBlockSchema).min(1).max(50));

export type SolveBlock = z.output<typeof solveBlockSchema>;
export type SolveExpect = z.output<typeof solveExpectSchema>;

/** The values a block searches, in order. */
export function solveValues(block: Pick<SolveBlock, 'range' | 'values'>): unknown[] {
  if (block.values) return block.values;
  const [lo, hi] = block.range!;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/** The block's target number (undefined for sameAs) and its `find`, defaults filled in. */
export function solveGoal(block: SolveBlock): { target?: number; find: Find } {
  return { target: block.atLeast ?? block.atMost ?? block.target, find: block.find ?? defaultFind(block) };
}

/**
 * Which value answers when a block does not say (`find` left out): the first at least its
 * `atLeast`, the first at most its `atMost`, else the closest. Takes a block as written (the
 * dashboard's draft too, before it validates), so a picker shows what the file asks.
 */
export function defaultFind(block: { atLeast?: unknown; atMost?: unknown }): Find {
  return block.atLeast !== undefined ? 'firstAtLeast' : block.atMost !== undefined ? 'firstAtMost' : 'closest';
}
