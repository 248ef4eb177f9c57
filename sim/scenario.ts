/**
 * Scenario files (docs/scenario-format.md, "The file"): validation, sweeps and `expect` checks. Pure:
 * the caller reads the file; everything here works on the parsed value, so the CLI, the
 * workers and the dashboard share it. Everything is checked before anything runs.
 */
import { z } from 'zod';
import { refineBand } from './band.ts';
import { parseDice } from './dice.ts';
import { lazySchema } from './lazySchema.ts';
import { findMechanic, mechanicsOf, mechanicsPlaying } from './mechanics.ts';
import { rulesBySystem, type SystemName } from './rules.ts';
import type { ExactValues, Mechanic, Simulation } from './mechanic.ts';
import { CHUNK_TRIALS } from './run.ts';
import { EXACT_BUDGET, exactSkippedNote } from './exactBudget.ts';
import { matchKey, pointKey, sameValue } from './diff.ts';
import type { MetricSpec } from './stats.ts';
import { exactSlack, type ExpectResult, type MetricResult, type PointResult } from './result.ts';
import { MAX_SOLVE_VALUES, nameSchema, solveGoal, solveListSchema, solveValues, type SolveBlock } from './solve/schema.ts';
import { wordList } from './words.ts';

/** Largest grid a sweep may make (points); a bigger one is refused before running. */
export const MAX_POINTS = 2500;
/** Most trials a point may ask for. */
export const MAX_TRIALS = 1_000_000_000;
export const DEFAULT_TRIALS = 100_000;
/** Deepest nesting a scenario may have (the library's deepest is 6): deeper is an attack on the stack, not a setup. */
export const MAX_DEPTH = 32;
/** Most items in a list inside `setup` or `rules` (sides, combatants, dice…). */
export const MAX_SETUP_LIST = 100;
/** Most items in any other list (a sweep's values, `expect`), and fields in an object. */
export const MAX_LIST = MAX_POINTS;
/** Most characters in a string (names, seeds, descriptions). */
export const MAX_STRING = 2000;
/** Most values in the whole file: a bigger one is refused before any of it is checked. */
export const MAX_VALUES = 100_000;
/** Problems listed before "… and N more". */
export const MAX_ERRORS = 20;
/** Field names that would reach Object.prototype through a sweep path or a merge. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const DEFAULT_SEED = '0';

/** A problem with a scenario: which file, where in it, and what was expected. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly problem: string,
    /**
     * For an "unknown field" problem, the path of each field the file has and no schema
     * takes (`setup.modifer`), so that a screen can offer to take it out without reading
     * the message's words; empty for any other problem.
     */
    readonly unknownKeys: readonly string[] = [],
  ) {
    super(`${oneLine(file)}: ${path === '' ? '(top level)' : oneLine(path)}: ${problem}`);
    this.name = 'ScenarioError';
  }
}

/**
 * A file name or path as part of one line: a newline or tab in it written `\u000a`, as
 * cli/text.ts plainText writes other control characters. A file name may hold a newline,
 * and "nl/bad⏎file.json: name: …" read as a problem of a file "file.json" (an input audit).
 */
export function oneLine(text: string): string {
  return text.replace(/[\n\t]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Several problems at once (every problem found, not only the first). */
export class ScenarioErrors extends Error {
  constructor(readonly errors: ScenarioError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ScenarioErrors';
  }
}

const bound = lazySchema(() => z.number().refine(Number.isFinite, 'expected a finite number'));

const expectSchema = lazySchema(() => z
  .object({
    metric: z.string().min(1),
    point: z.record(z.string(), z.unknown()).optional(),
    atLeast: bound.optional(),
    atMost: bound.optional(),
    between: z.tuple([bound, bound]).optional(),
    /** Why the band is what it is (free text, echoed in reports). */
    why: z.string().optional(),
    /**
     * What decides the check: *interval* (default, the contract: it fails when the whole
     * 95% interval lies outside the band) or *exact* (the exact value, at every point the
     * check covers, must lie in the band; a point without one fails it). For a CI gate on a
     * figure poolsim computes exactly, where the Monte Carlo's 1 in 20 would otherwise pass
     * a value just outside the band or fail one on its edge.
     */
    decide: z.enum(['interval', 'exact']).optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.atLeast === undefined && e.atMost === undefined && e.between === undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected a bound: "atLeast", "atMost" or "between"' });
    }
    refineBand(e, ctx);
  }));

export const scenarioSchema = lazySchema(() => z
  .object({
    name: nameSchema(),
    /** Free text for reports: what question the scenario answers. */
    description: z.string().optional(),
    system: z.enum(['viciousness', 'vdp', 'sorcerer']),
    mechanic: z.string().min(1),
    trials: z.number().int().min(1).max(MAX_TRIALS).optional(),
    // A whole number past 2^53 was rounded when the file was read (12345678901234567890
    // and …891 both read 12345678901234567000, the same streams): refused, not guessed.
    seed: z
      .union([
        z.string(),
        z
          .number()
          .refine(Number.isFinite, 'expected a finite number')
          .refine((n) => !Number.isInteger(n) || Number.isSafeInteger(n), 'a whole number past 2^53 (9007199254740991) is not read exactly: write the seed in quotes, as a string'),
      ])
      .optional(),
    rules: z.record(z.string(), z.unknown()).optional(),
    setup: z.record(z.string(), z.unknown()),
    sweep: z.record(z.string(), z.array(z.unknown()).min(1)).optional(),
    expect: z.array(expectSchema).optional(),
    /** Inverse questions (sim/solve/): which value of a field brings a metric to a target. */
    solve: solveListSchema.optional(),
  })
  .strict());

export type ScenarioFile = z.output<typeof scenarioSchema>;
export type ExpectCheck = z.output<typeof expectSchema>;

export interface PlannedPoint {
  /** Sweep values of this point by path (`{}` without a sweep). */
  point: Record<string, unknown>;
  /**
   * The point's part of its streams' keys (sim/random.ts streamKey): 0 for a scenario's
   * one point; a sweep point's values as `diff` matches them (sim/diff.ts pointKey), not
   * its place in the grid. So a sweep with a value added, taken out or moved gives every
   * other point the numbers it gave before, and `poolsim diff` against the baseline lists
   * the new point and nothing else (until December 2026 the key was the point's index,
   * and a value added in front of a sweep gave every point after it new draws).
   */
  stream: string | number;
  /** The scenario with this point's values applied. */
  scenario: ScenarioFile;
  /**
   * What `simulation` was prepared from: the mechanic's setup and the rules as validation
   * returned them (plain data, dice notation already read). A worker thread prepares its
   * own copy of the simulation from these (workers/chunk.ts), not from the file: checking
   * the file again took most of a new thread's first message.
   */
  inputs: PreparedInputs;
  simulation: Simulation;
}

/** A point's validated setup and rules: PlannedPoint.inputs. */
export interface PreparedInputs {
  setup: unknown;
  rules: unknown;
}

export interface ScenarioPlan {
  file: string;
  scenario: ScenarioFile;
  trials: number;
  seed: string | number;
  rules: Record<string, unknown>;
  points: PlannedPoint[];
  /** Trials per chunk: the mechanic's own size, or sim/run.ts CHUNK_TRIALS. */
  chunkTrials: number;
  /**
   * Run the points' chunks from this one on (default 0): a solve's round (cli/solving.ts),
   * whose earlier chunks the search has merged already. `trials` still counts from chunk 0.
   */
  firstChunk?: number;
  /**
   * Planned with `exactChecks: "later"`: the `decide: "exact"` checks whose points' exact
   * values were not known, each with the index (among the points it covers) it was left at;
   * exactCheckProblems checks them from there once the values are in. Absent: none left.
   */
  exactChecksLeft?: { check: number; from: number }[];
}

export interface PlanOptions {
  /**
   * When a `decide: "exact"` check's points' exact values are computed to refuse a check
   * that could only fail: "now" (default: the command line), or "later", leaving a point
   * whose values are not known yet and the check's later points to exactCheckProblems (the
   * dashboard, whose workers compute them: workers/live.ts; computed on the page as the
   * setup was checked, a 500-point sweep's held it 2.4–3 s on every edit).
   */
  exactChecks?: 'now' | 'later';
}

// ---------------------------------------------------------------- messages

/** `["setup", "sides", 0, "name"]` → `"setup.sides.0.name"` (the sweep path notation). */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  // A number past the largest a double holds (1e400 in a JSON file, `.inf` in YAML) reads
  // as Infinity: said as too large, not as a value the file never wrote (an input audit).
  if (value === Infinity || value === -Infinity) return `${value > 0 ? '' : '-'}Infinity (or a number too large to hold, as 1e400 is)`;
  if (typeof value === 'number') return Number.isInteger(value) ? `${value}` : `the number ${value}`;
  if (typeof value === 'string') return `"${value.length > 40 ? value.slice(0, 40) + '…' : value}"`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'boolean') return `${value}`;
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: any = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[k as any];
  }
  return v;
}

const typeNames: Record<string, string> = {
  number: 'a number',
  int: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  tuple: 'a list',
};

/** One zod issue in the project's words: what was expected, and what was found. */
function explain(issue: z.core.$ZodIssue, input: unknown): { path: readonly PropertyKey[]; problem: string; unknownKeys?: readonly PropertyKey[][] } {
  const found = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      // A schema's own words for what it takes ("expected one die written as a string
      // ("d10")"), where it gives them, rather than the type alone ("expected a string").
      const own = issue.message.startsWith('expected ') ? issue.message : undefined;
      if (found === undefined) return { path: issue.path, problem: `missing: ${own ?? `expected ${typeNames[issue.expected] ?? issue.expected}`}` };
      return { path: issue.path, problem: `${own ?? `expected ${typeName(issue.expected, found)}`}, got ${describe(found)}${rangeHint(issue.expected, found)}` };
    }
    case 'unrecognized_keys':
      return {
        path: [...issue.path, ...(issue.keys.length === 1 ? [issue.keys[0]] : [])],
        unknownKeys: issue.keys.map((k) => [...issue.path, k]),
        problem:
          issue.keys.length === 1
            ? `unknown field "${issue.keys[0]}"`
            : `unknown fields ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
      };
    case 'invalid_value':
      return {
        path: issue.path,
        problem: `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describe(found)}`,
      };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'array') return { path: issue.path, problem: `expected at least ${min} item${min === 1 ? '' : 's'}, got ${Array.isArray(found) ? found.length : 0}` };
      if (issue.origin === 'string') return { path: issue.path, problem: 'expected a non-empty string' };
      return { path: issue.path, problem: `expected a number ${issue.inclusive ? '≥' : '>'} ${min}, got ${describe(found)}` };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array') return { path: issue.path, problem: `expected at most ${max} items` };
      return { path: issue.path, problem: `expected a number ${issue.inclusive ? '≤' : '<'} ${max}, got ${describe(found)}` };
    }
    case 'invalid_union': {
      // Several alternatives took the value's type and none is plainly the one meant
      // (unionBranch): each one's first problem, so that every form is named.
      const typed = typedBranches(issue);
      if (typed.length > 1) {
        const forms = typed.map((branch) => {
          const inner = explain({ ...branch[0], path: [...issue.path, ...branch[0].path] } as z.core.$ZodIssue, input);
          const at = formatPath(inner.path.slice(issue.path.length));
          return at ? `${at}: ${inner.problem}` : inner.problem;
        });
        return { path: issue.path, problem: `fits none of its forms (${forms.join('; or ')})` };
      }
      // Every alternative refused the value's type: name what each would have taken.
      const expected = [
        ...new Set(
          issue.errors
            .map((branch) => rootType(branch))
            .filter((t) => t !== undefined)
            .map((t) => typeName(t, found)),
        ),
      ];
      if (expected.length === 0) return { path: issue.path, problem: `got ${describe(found)}, which none of the accepted forms takes` };
      const list = wordList(expected, 'or');
      if (found === undefined) return { path: issue.path, problem: `missing: expected ${list}` };
      return { path: issue.path, problem: `expected ${list}, got ${describe(found)}` };
    }
    default:
      return { path: issue.path, problem: issue.message };
  }
}

/** A range as a designer types one ("1-8", "1..8"); the dashboard's Vary expands them. */
export const RANGE_TEXT = /^\s*(-?\d+)\s*(?:\.\.|-|–)\s*(-?\d+)\s*$/;

/**
 * Where a number was expected and a range was written ("1-8" in a file, or a range too
 * long for the dashboard's Vary to expand): what it would take.
 */
function rangeHint(expected: string, found: unknown): string {
  if ((expected !== 'number' && expected !== 'int') || typeof found !== 'string') return '';
  const m = RANGE_TEXT.exec(found);
  if (!m) return '';
  const [from, to] = [Number(m[1]), Number(m[2])];
  const count = Math.abs(to - from) + 1;
  if (count > MAX_LIST) return ` (a range of ${count.toLocaleString('en')} values: a list takes at most ${MAX_LIST.toLocaleString('en')})`;
  const step = from <= to ? 1 : -1;
  return ` (a range: a sweep lists each value, [${count <= 3 ? Array.from({ length: count }, (_, i) => from + i * step).join(', ') : `${from}, ${from + step}, …, ${to}`}])`;
}

/**
 * A type zod expected, in the project's words. YAML's .inf and .nan are numbers that zod
 * refuses as numbers: for them a number is "a finite number".
 */
function typeName(expected: string, found: unknown): string {
  if ((expected === 'number' || expected === 'int') && typeof found === 'number' && !Number.isFinite(found)) return 'a finite number';
  return typeNames[expected] ?? expected;
}

/** The alternatives of a union that took the value's type (their problems lie inside it). */
function typedBranches(issue: z.core.$ZodIssue & { code: 'invalid_union' }): z.core.$ZodIssue[][] {
  return issue.errors.filter((branch) => branch.length > 0 && rootType(branch) === undefined);
}

/** The type an alternative of a union expected, where it refused the value's type itself. */
function rootType(branch: readonly z.core.$ZodIssue[]): string | undefined {
  const refused = branch.find((i) => i.code === 'invalid_type' && i.path.length === 0);
  return refused?.code === 'invalid_type' ? refused.expected : undefined;
}

/**
 * A union's issue as the issues of the alternative the value was meant for, so that the
 * message says what is wrong inside it ("expected at most 4 items", an unknown trait
 * name), not only that no alternative matched. Meant for: it took the value's type; of
 * several, one that knows every field given (no unknown field at its top), then the one
 * with the fewest problems. None took the type: the union's own issue, which `explain`
 * words as the types it accepts.
 */
function unionBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const typed = typedBranches(issue);
  if (typed.length === 0) return [issue];
  const unknownFields = (branch: readonly z.core.$ZodIssue[]) => (branch.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0) ? 1 : 0);
  const ranked = [...typed].sort((a, b) => unknownFields(a) - unknownFields(b) || a.length - b.length);
  const best = ranked[0];
  // Two alternatives as near as each other (`ambition: {}`, missing both forms' field):
  // the union's own issue, which `explain` words with every form's problem.
  if (ranked.length > 1 && unknownFields(ranked[1]) === unknownFields(best) && ranked[1].length === best.length) return [issue];
  return best.flatMap((inner) => unionBranch({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
}

/** zod's own bound for integers (±2^53 − 1): said only when no other bound is broken at the same place. */
const safeBound = (issue: z.core.$ZodIssue) =>
  (issue.code === 'too_small' || issue.code === 'too_big') && Math.abs(Number(issue.code === 'too_small' ? issue.minimum : issue.maximum)) === Number.MAX_SAFE_INTEGER;

/**
 * `error`'s issues as errors at their paths below `prefix`. With the `schema` that refused
 * the input, an unknown field near one the schema has there says so ("unknown field
 * "defenderpush": did you mean "defenderPush"?"): zod's issue names only the field given.
 */
export function zodErrors(file: string, prefix: readonly PropertyKey[], error: z.ZodError, input: unknown, schema?: z.ZodType): ScenarioError[] {
  const all = error.issues.flatMap(unionBranch);
  const issues = all.filter(
    (issue) => !safeBound(issue) || !all.some((other) => other !== issue && !safeBound(other) && formatPath(other.path) === formatPath(issue.path)),
  );
  return issues.map((issue) => {
    const { path, problem, unknownKeys = [] } = explain(issue, input);
    let said = problem;
    // Not of the whole file: a list or null there is no scenario at all, whose every field would be listed.
    if (schema !== undefined && issue.code === 'invalid_type' && issue.expected === 'object' && issue.path.length > 0 && valueAt(input, issue.path) !== undefined) {
      const shape = objectShape(schema, issue.path);
      if (shape !== undefined) said = said.startsWith('expected an object,') ? said.replace('expected an object,', `expected an object ${shape},`) : `${said} (expected an object ${shape})`;
    }
    if (schema !== undefined && issue.code === 'unrecognized_keys') {
      const known = knownFields(schema, issue.path);
      // A field written a level too low (a side's `die` for the contest's `setup.die`) is
      // named where it goes before any look-alike here ("dice", a count, is no die).
      const above = issue.keys.length === 1 ? issue.path.map((_, k) => issue.path.slice(0, k)).reverse().find((at) => knownFields(schema, at).includes(String(issue.keys[0]))) : undefined;
      const near = issue.keys.length === 1 ? nearNames(issue.keys[0]!, known) : [];
      if (above !== undefined) {
        const where = (at: readonly PropertyKey[]) => (at.length === 0 ? 'the file itself' : formatPath(at));
        said += `: "${String(issue.keys[0])}" goes in ${where([...prefix, ...above])}, not in ${where([...prefix, ...issue.path])}`;
      } else if (near.length > 0) {
        said += `: did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`;
      } else if (known.length > 0) {
        // A field written a level too high (policy.payWith for policy.buy.payWith) is named
        // where it goes; otherwise the fields this object takes are the expectation.
        // Every place it goes is named (itemRank is a field of each thing bought).
        const homes = issue.keys.map((k) => {
          const places = known.filter((child) => knownFields(schema, [...issue.path, child]).includes(String(k)));
          if (places.length === 0) return undefined;
          const named = places.map((child) => formatPath([...prefix, ...issue.path, child]));
          return `"${String(k)}" is a field of ${named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}`}`;
        });
        const homeless = issue.keys.filter((_, i) => homes[i] === undefined);
        const expected = `expected one of ${known.map((n) => `"${n}"`).join(', ')}`;
        const parts = homes.filter((h): h is string => h !== undefined);
        if (homeless.length > 0) parts.push(parts.length > 0 ? `${homeless.map((k) => `"${String(k)}"`).join(', ')}: ${expected}` : expected);
        said += `: ${parts.join('; ')}`;
      }
    }
    return new ScenarioError(file, formatPath([...prefix, ...path]), said, unknownKeys.map((key) => formatPath([...prefix, ...key])));
  });
}

// A schema's JSON Schema, made once per schema (zod builds it afresh each call).
const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * The field names `schema` knows for an object at `path` (list indexes included): a walk
 * of its JSON Schema through properties, list items, every alternative of a union and
 * `$ref`s; empty where it cannot tell.
 */
export function knownFields(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  return [...new Set(nodesAt(schema, path).flatMap((n) => Object.keys((n.properties as object | undefined) ?? {})))];
}

/**
 * The fields of the one object `schema` takes at `path`, as "{attribute, skill, bonus?}"
 * (a field left out where it may be, marked "?"), or undefined where it takes none or
 * several (a union): what "expected an object, got 3" expects, said (a user's audit found
 * only a second try, with `{}`, naming a contestRound attack's fields).
 */
function objectShape(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  const objects = nodesAt(schema, path).filter((n) => n.properties !== null && typeof n.properties === 'object');
  if (objects.length !== 1) return undefined;
  const node = objects[0]!;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const names = Object.keys(node.properties as object);
  return names.length > 0 ? `{${names.map((n) => (required.has(n) ? n : `${n}?`)).join(', ')}}` : undefined;
}

/** Every JSON Schema node a value at `path` may meet in `schema` (each alternative of a union followed). */
function nodesAt(schema: z.ZodType, path: readonly PropertyKey[]): Record<string, unknown>[] {
  let json = jsonSchemas.get(schema);
  if (json === undefined) {
    try {
      json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    } catch {
      json = {};
    }
    jsonSchemas.set(schema, json);
  }
  const root = json;
  type Node = Record<string, unknown>;
  const resolve = (node: Node): Node => {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
    let at: unknown = root;
    for (const part of ref.slice(2).split('/')) at = (at as Node | undefined)?.[part];
    return at !== null && typeof at === 'object' ? resolve(at as Node) : {};
  };
  // Every node a value at the path may meet: each alternative of a union is followed.
  const expand = (node: Node): Node[] => {
    const n = resolve(node);
    const branches = [n.anyOf, n.oneOf, n.allOf].filter(Array.isArray).flat() as Node[];
    return [n, ...branches.flatMap(expand)];
  };
  let nodes = expand(root);
  for (const key of path) {
    nodes = nodes.flatMap((n) => {
      const next = typeof key === 'number' ? n.items : (n.properties as Record<string, Node> | undefined)?.[String(key)];
      return next !== null && typeof next === 'object' && !Array.isArray(next) ? expand(next as Node) : [];
    });
  }
  return nodes;
}

/** The names near `given`: the same but for case, or a slip or two away (editDistance), at most five (also the command line's flags: cli/options.ts). */
export function nearNames(given: string, names: readonly string[]): string[] {
  const lower = given.toLowerCase();
  const near = names.filter((n) => n !== given && (n.toLowerCase() === lower || editDistance(n.toLowerCase(), lower) <= Math.max(1, Math.floor(given.length / 5))));
  return near.length <= 5 ? near : [];
}

// ---------------------------------------------------------------- shape

/** What a value is, for "expected JSON data" (YAML can make sets, maps and dates). */
function kindOf(value: object): string {
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return name ? `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}` : 'an object without a prototype';
}

/**
 * Problems with the file's shape that no schema should meet first: nesting too deep for
 * the stack, lists and strings too long to check in good time, values that are not JSON
 * data, field names that reach Object.prototype, and names with a dot (metric names join
 * names with dots: side "a" with combatant "b.c" and side "a.b" with combatant "c" would
 * both report `death.a.b.c`). A walk with its own stack, so depth cannot overflow it.
 */
export function shapeProblems(file: string, raw: unknown): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const stack: [unknown, PropertyKey[]][] = [[raw, []]];
  let seen = 0;
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const [value, path] = stack.pop()!;
    if (++seen > MAX_VALUES) {
      errors.push(new ScenarioError(file, '', `more than ${MAX_VALUES.toLocaleString('en')} values: a scenario is far smaller`));
      break;
    }
    const at = formatPath(path);
    if (typeof value === 'string') {
      if (value.length > MAX_STRING) errors.push(new ScenarioError(file, at, `a string of ${value.length.toLocaleString('en')} characters: at most ${MAX_STRING}`));
      const key = path[path.length - 1];
      if ((key === 'name' || key === 'team') && path[0] === 'setup' && value.includes('.')) {
        errors.push(new ScenarioError(file, at, `${describe(value)} contains ".": metric names join names with dots, so a name cannot have one`));
      }
      continue;
    }
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') errors.push(new ScenarioError(file, at, `expected JSON data, got ${typeof value}`));
      continue;
    }
    if (path.length >= MAX_DEPTH) {
      errors.push(new ScenarioError(file, at, `nested more than ${MAX_DEPTH} levels deep`));
      continue;
    }
    if (Array.isArray(value)) {
      // A solve's `values` by its own limit: a list of 2,600 was told "at most 2500", one of
      // 1,500 "at most 1000" (an audit).
      const solveValuesList = path.length === 3 && path[0] === 'solve' && path[2] === 'values';
      const max = path[0] === 'setup' || path[0] === 'rules' ? MAX_SETUP_LIST : solveValuesList ? MAX_SOLVE_VALUES : MAX_LIST;
      if (value.length > max) {
        errors.push(new ScenarioError(file, at, `a list of ${value.length.toLocaleString('en')} items: at most ${max}`));
        continue;
      }
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], [...path, i]]);
      continue;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      errors.push(new ScenarioError(file, at, `expected JSON data (an object, list, string, number, true/false or null), got ${kindOf(value)}`));
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > MAX_LIST) {
      errors.push(new ScenarioError(file, at, `an object of ${keys.length.toLocaleString('en')} fields: at most ${MAX_LIST}`));
      continue;
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      if (FORBIDDEN_KEYS.has(key)) {
        errors.push(new ScenarioError(file, formatPath([...path, key]), `"${key}" cannot be a field name`));
        continue;
      }
      stack.push([(value as Record<string, unknown>)[key], [...path, key]]);
    }
  }
  return errors;
}

/**
 * "expected one of …" for a metric name not found, with the names nearest the one given
 * first ("did you mean "win.jill"?"): a fight of many characters has hundreds of metric
 * names, and a message is cut at MAX_MESSAGE characters (capErrors), so a typo's fix
 * could be cut off the end of the list.
 */
export function expectedMetric(given: string, names: readonly string[]): string {
  const lower = given.toLowerCase();
  const near = names.filter((n) => {
    const l = n.toLowerCase();
    return l === lower || l.startsWith(lower) || lower.startsWith(l) || editDistance(l, lower) <= Math.max(1, Math.floor(given.length / 5));
  });
  const hint = near.length > 0 && near.length <= 5 ? `did you mean ${near.map((n) => `"${n}"`).join(' or ')}? ` : '';
  return `${hint}expected one of ${names.join(', ')}`;
}

/**
 * Edit distance: single-character inserts, deletes and substitutions, and two neighbours
 * swapped counted as one ("expcet" is one slip from "expect", not two).
 */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The longest problem printed, in characters: room for the longest list of fields a place
 * expects (a VDP character's ~40 names, ~560 characters, were cut at 500 — a docs audit),
 * while a name thousands of characters long, or a path of them, is still cut.
 */
export const MAX_MESSAGE = 1000;

/** `errors`, at most MAX_ERRORS of them, the rest counted: "… and 9,990 more". */
export function capErrors(errors: readonly ScenarioError[]): string[] {
  const lines = errors.slice(0, MAX_ERRORS).map((e) => (e.message.length > MAX_MESSAGE ? `${e.message.slice(0, MAX_MESSAGE)}…` : e.message));
  if (errors.length > MAX_ERRORS) lines.push(`… and ${(errors.length - MAX_ERRORS).toLocaleString('en')} more`);
  return lines;
}

// ---------------------------------------------------------------- sweeps

/** Split a sweep path; numeric segments index arrays. */
function segments(path: string): string[] {
  return path.split('.');
}

/** Why `path` cannot be set in `root`, or undefined when it can. */
export function sweepPathProblem(root: unknown, path: string): string | undefined {
  const segs = segments(path);
  if (segs.some((s) => s === '')) return `"${path}" is not a dotted path like "setup.challenges"`;
  const forbidden = segs.find((s) => FORBIDDEN_KEYS.has(s));
  if (forbidden) return `"${path}": "${forbidden}" cannot be part of a sweep path`;
  if (!['setup', 'rules'].includes(segs[0]) || segs.length < 2) {
    // "trials" or "seed" exist in the file but are not swept (an audit: "does not exist"
    // was untrue of them); a sweep varies what is simulated, not how long or from where.
    return `"${path}" cannot be swept: a sweep varies the setup or the rules, so its path starts with "setup." or "rules."`;
  }
  let v: any = root;
  for (let i = 0; i < segs.length - 1; i++) {
    const key = segs[i];
    // Own fields only: "setup.toString.x" must not find Object.prototype's.
    const next = v !== null && typeof v === 'object' && Object.hasOwn(v, key) ? v[key] : undefined;
    if (next === undefined || next === null || typeof next !== 'object') {
      if (i === 0 && key === 'rules' && next === undefined) return undefined; // rules {} may be left out
      // There, but a plain value: said as it is (an audit: "the file has no" a field it had).
      if (next !== undefined) return `"${path}" does not exist: "${segs.slice(0, i + 1).join('.')}" is ${JSON.stringify(next).slice(0, 40)}, not an object or a list holding "${segs[i + 1]}"`;
      return `"${path}" does not exist: the file has no "${segs.slice(0, i + 1).join('.')}"`;
    }
    if (Array.isArray(next)) {
      const idx = segs[i + 1];
      // "00" or "0x1" would set a field named so on the list, not an item of it.
      if (!/^(0|[1-9]\d*)$/.test(idx) || Number(idx) >= next.length) {
        return `"${path}" does not exist: "${segs.slice(0, i + 1).join('.')}" is a list of ${next.length}, "${idx}" is not an index of it`;
      }
    }
    v = next;
  }
  return undefined;
}

/**
 * A copy of plain data in which no object or list is reached by two paths. A YAML alias
 * (`combatants: *crew`) reads as one object in two places, and structuredClone keeps that
 * sharing: a sweep or solve of one place then set both, unsaid, while the result echoed the
 * other as written (an input audit: side b's one d4 rolled as a's four, hits.b 1.02 against
 * 0.5 exact).
 */
export function unshared(value: unknown, depth = 0): unknown {
  // Past the nesting the schema takes, as it is: an alias inside what it names (`&x [1, *x]`)
  // is a loop, which the shape check refuses at its path ("nested more than 32 levels"),
  // not a copy that never ends (a review: the stack overflowed, said at the top level).
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => unshared(v, depth + 1));
  // Plain objects only: anything else (a YAML `!!set` reads as a Set) stays as it is, for
  // validation to refuse by its kind.
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, unshared(v, depth + 1)]));
  return value;
}

/** A copy of `root` with `path` set to `value` (parents copied, never shared). */
export function setPath(root: unknown, path: string, value: unknown): unknown {
  const segs = segments(path);
  if (segs.some((s) => FORBIDDEN_KEYS.has(s))) throw new Error(`setPath: "${path}" reaches Object.prototype`);
  const copy = unshared(root) as any;
  let v = copy;
  for (let i = 0; i < segs.length - 1; i++) {
    if (v[segs[i]] === undefined) v[segs[i]] = {};
    v = v[segs[i]];
  }
  v[segs[segs.length - 1]] = unshared(value);
  return copy;
}

/** Every combination of the sweep's values; the last path varies fastest. */
export function sweepPoints(sweep: Record<string, unknown[]> | undefined): Record<string, unknown>[] {
  let points: Record<string, unknown>[] = [{}];
  for (const [path, values] of Object.entries(sweep ?? {})) {
    points = points.flatMap((p) => values.map((v) => ({ ...p, [path]: v })));
  }
  return points;
}

/**
 * The rule variants `rules` (parsed, defaults filled in) sets that the mechanic does not
 * play (Mechanic.variants), each set to other than its default: the run would be the
 * default's whatever the file says, so each is a problem at `rules.<variant>`, not ignored.
 * One set to its default changes nothing either way and is let be.
 */
function unplayedVariants(mechanic: Mechanic, rulesSchema: z.ZodType, rules: Record<string, unknown>): { path: string; problem: string }[] {
  const defaults = rulesSchema.parse({}) as Record<string, unknown>;
  return Object.keys(defaults)
    .filter((key) => !mechanic.variants.includes(key) && !sameValue(rules[key], defaults[key]))
    .map((key) => {
      const playing = mechanicsPlaying(mechanic.system, key);
      const by = playing.length === 0 ? 'no mechanic plays it' : `it is played by ${wordList(playing)} only`;
      return {
        path: `rules.${key}`,
        problem: `${mechanic.system} ${mechanic.name} does not play ${key}, so ${JSON.stringify(rules[key])} would change nothing (${by}): expected ${key} left out, or its default ${JSON.stringify(defaults[key])}`,
      };
    });
}

/** Does `point` (a result point) match a check's partial `point`? */
export function pointMatches(check: Record<string, unknown> | undefined, point: Record<string, unknown>): boolean {
  if (!check) return true;
  return Object.entries(check).every(([k, v]) => sameValue(point[k], v, k));
}

// ---------------------------------------------------------------- planning

/**
 * The simulation with its exact values computed at most once: a point's exact values are
 * asked for by every live snapshot in the dashboard and again by the final result, and
 * some (a 6-against-6 battle chain, a Sorcerer conflict's opening) take a second.
 */
function exactOnce(simulation: Simulation): Simulation {
  const compute = simulation.exact;
  if (!compute) return simulation;
  const cost = simulation.exactCost?.() ?? 0;
  if (!(cost <= EXACT_BUDGET)) {
    simulation.exact = undefined;
    simulation.exactSkipped = exactSkippedNote(cost, 'the estimates are Monte Carlo only');
    return simulation;
  }
  simulation.exact = () => {
    let values = computedExact.get(simulation);
    if (values === undefined) {
      values = compute.call(simulation);
      computedExact.set(simulation, values);
    }
    return values;
  };
  return simulation;
}

/** Each planned simulation's exact values once computed here, or given (setExactValues). */
const computedExact = new WeakMap<Simulation, ExactValues>();

/** Whether a planned point's exact values are already known (never computes them). */
export function exactKnown(simulation: Simulation): boolean {
  return computedExact.has(simulation);
}

/**
 * A planned point's exact values computed elsewhere from the same validated inputs (the
 * dashboard's workers: workers/chunk.ts exactValuesTasks, the same mechanic's `exact`), so
 * that `exact()` returns them and the page never computes them itself; with what that
 * `exact()` said it left out (`exactSkipped`, which some mechanics set as they compute:
 * the result's note, which the page's copy would otherwise never get).
 */
export function setExactValues(simulation: Simulation, values: ExactValues, exactSkipped?: string): void {
  computedExact.set(simulation, values);
  // A simulation not planned here (a Find value's: sim/solve/plan.ts prepares those
  // without exactOnce's keeping) is answered from them too.
  simulation.exact = () => values;
  if (exactSkipped !== undefined) simulation.exactSkipped = exactSkipped;
}

/** The setup fields that name something a metric or a line of the output is named by. */
const NAMED: ReadonlySet<string> = new Set(['name', 'team']);

/**
 * Check a parsed scenario file completely and prepare every point's simulation. Throws
 * ScenarioErrors listing every problem found; nothing runs before this succeeds.
 * `overrides` are the command line's `--trials` and `--seed`.
 */
export function planScenario(
  raw: unknown,
  file: string,
  overrides: { trials?: number; seed?: string | number } = {},
  options: PlanOptions = {},
): ScenarioPlan {
  const exactChecksLeft: { check: number; from: number }[] = [];
  const shape = shapeProblems(file, raw);
  if (shape.length > 0) throw new ScenarioErrors(shape);
  const top = scenarioSchema.safeParse(raw);
  if (!top.success) throw new ScenarioErrors(zodErrors(file, [], top.error, raw, scenarioSchema));
  const scenario = top.data;
  const errors: ScenarioError[] = [];

  const mechanic = findMechanic(scenario.system, scenario.mechanic);
  if (!mechanic) {
    const known = mechanicsOf(scenario.system);
    throw new ScenarioErrors([
      new ScenarioError(file, 'mechanic', `unknown mechanic "${scenario.mechanic}" for system "${scenario.system}": expected one of ${known.map((k) => `"${k}"`).join(', ')}`),
    ]);
  }
  const rulesSchema = rulesBySystem[scenario.system as SystemName];
  // A rules problem in the words of rules: an unknown field is a variant the system lacks.
  const rulesProblem = (problem: string) => {
    if (!problem.startsWith('unknown field')) return problem;
    const text = `${problem.replace(/^unknown fields /, 'unknown rule variants ').replace(/^unknown field /, 'unknown rule variant ')} for ${scenario.system}: expected one of ${Object.keys(rulesSchema.unwrap().shape).join(', ')}`;
    // Three pushes of the traits are a battle side's policies, not variants (docs/rules.md);
    // the Defender's and the Marksman's are also the campaign company's.
    const policy = /"(berzerkerPush|defenderPush|marksmanPush)"/.exec(problem)?.[1];
    if ((policy === 'defenderPush' || policy === 'marksmanPush') && scenario.mechanic === 'campaign') return `${text} (${policy} is the company's policy: setup.policy.${policy})`;
    if (policy) return `${text} (${policy} is a battle side's policy: setup.sides.<n>.${policy})`;
    // And a VDP character's situational dice, which are set per character.
    const field = /"(advantageRolls|advantage|disadvantage)"/.exec(problem)?.[1];
    if (field && scenario.system === 'vdp') return `${text} (${field} is a character's field: setup.characters.<n>.${field})`;
    return text;
  };

  for (const [path, values] of Object.entries(scenario.sweep ?? {})) {
    const problem = sweepPathProblem(raw, path);
    if (problem) errors.push(new ScenarioError(file, `sweep.${path}`, problem));
    // A value listed twice makes two points of one setup, each with its own numbers (their
    // streams differ): one setup, two answers, and no way to tell which the file meant. As
    // `diff` matches points (sim/diff.ts matchKey): a lone value and a list of it are one.
    const twice = listedTwice(values, path);
    if (twice) errors.push(new ScenarioError(file, `sweep.${path}.${twice.index}`, `${twice.problem}: each value makes one point`));
  }
  // Two paths where one lies inside the other: the outer one's value replaces the inner
  // one's (or the other way round, by the order written), so points labelled apart would
  // run one setup.
  const sweepPaths = Object.keys(scenario.sweep ?? {});
  for (const inner of sweepPaths) {
    const outer = sweepPaths.find((o) => o !== inner && inner.startsWith(`${o}.`));
    if (outer) errors.push(new ScenarioError(file, `sweep.${inner}`, `lies inside "${outer}", which the sweep also sets: expected paths that do not overlap (sweep one of them, or put this value in each of the other's)`));
  }
  // A name of the setup's (a side's, a character's, a VDP team's) heads lines of the output too, as
  // metric names ("win.<side>"): one with a line break could print lines of its own (a
  // files audit), as the scenario's own name is refused for (nameSchema).
  const broken = (value: unknown, path: string, named: boolean): void => {
    if (typeof value === 'string') {
      if (named && /[\n\r\u2028\u2029]/.test(value)) errors.push(new ScenarioError(file, path, 'expected a name on one line: it holds a line break'));
    } else if (Array.isArray(value)) value.forEach((v, i) => broken(v, `${path}.${i}`, named));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) broken(v, `${path}.${k}`, NAMED.has(k));
  };
  broken((raw as { setup?: unknown }).setup, 'setup', false);
  for (const [path, values] of Object.entries(scenario.sweep ?? {})) values.forEach((v, i) => broken(v, `sweep.${path}.${i}`, NAMED.has(path.slice(path.lastIndexOf('.') + 1))));
  const gridSize = Object.values(scenario.sweep ?? {}).reduce((n, v) => n * v.length, 1);
  if (gridSize > MAX_POINTS) {
    errors.push(new ScenarioError(file, 'sweep', `the sweep makes ${gridSize} points: at most ${MAX_POINTS} can run`));
  }

  // The file's own setup and rules are checked even where a sweep replaces a value: a
  // value nobody runs is still a mistake in the file. Beside a sweep's own problems too: a
  // path through a wrong value ("sides": ["vipers"]) is most often that value's mistake,
  // which the schema names (an audit: only "does not exist" was said).
  if (scenario.sweep) {
    const base = raw as { setup?: unknown; rules?: unknown };
    // Said where the sweep sets a value at or inside the path (a value it replaces is still
    // the file's mistake); elsewhere the sweep has nothing to do with it (a user's audit:
    // a die "d1" was said to be "before the sweep sets its values" by a sweep of challenges).
    // Said where the sweep settles it: where it sets a value at or inside the path, or where
    // the problem is gone at one of its first points (a check across fields: "saluted"
    // without the Duelist among the traits a sweep sets; a user's audit found a die "d1"
    // said to be "before the sweep sets its values" by a sweep of challenges, and a review
    // the note dropped from the Duelist's).
    const atPoints = problemsAtPoints(mechanic, rulesSchema, rulesProblem, raw, scenario.sweep, file);
    const note = (path: string, problem: string) =>
      sweepPaths.some((p) => p === path || p.startsWith(`${path}.`) || path.startsWith(`${p}.`)) || atPoints.some((seen) => !seen.has(`${path}\u0000${problem}`))
        ? ' (in the file, before the sweep sets its values)'
        : '';
    const rules = rulesSchema.safeParse(base.rules ?? {});
    if (!rules.success) for (const e of zodErrors(file, ['rules'], rules.error, base.rules ?? {})) errors.push(new ScenarioError(file, e.path, rulesProblem(e.problem) + note(e.path, rulesProblem(e.problem))));
    else for (const e of unplayedVariants(mechanic, rulesSchema, rules.data)) errors.push(new ScenarioError(file, e.path, e.problem + note(e.path, e.problem)));
    const setup = mechanic.setup.safeParse(base.setup);
    if (!setup.success) for (const e of zodErrors(file, ['setup'], setup.error, base.setup, mechanic.setup)) errors.push(new ScenarioError(file, e.path, e.problem + note(e.path, e.problem)));
  }
  if (errors.length > 0) throw new ScenarioErrors(errors);

  const points: PlannedPoint[] = [];
  // The result's `rules`: the file's own, defaults filled in. A rule the sweep varies runs
  // with each point's value, which that point's `point` names; here it keeps the file's
  // value (or the default), the same whatever order the sweep lists its values in (the
  // last point's rules stood here until December 2026, and `poolsim diff` read a reversed
  // sweep as a changed rule). Only a file whose own rules are refused at top level (a
  // sweep replacing the bad value at every point) falls back to the last point's.
  const baseRules = rulesSchema.safeParse(scenario.rules ?? {});
  let resolvedRules: Record<string, unknown> = {};
  // A problem found at several sweep points (a swept field the setup does not have, a rule
  // value that is wrong at every point) is said once, naming the points it is found at.
  const pointProblems = new Map<string, { path: string; problem: string; points: string[]; unknownKeys: readonly string[] }>();
  const pointProblem = (path: string, problem: string, pointText: string, unknownKeys: readonly string[] = []) => {
    const key = `${path}\u0000${problem}`;
    const seen = pointProblems.get(key);
    if (seen) seen.points.push(pointText);
    else pointProblems.set(key, { path, problem, points: [pointText], unknownKeys });
  };
  for (const point of sweepPoints(scenario.sweep)) {
    let applied: any = raw;
    for (const [path, value] of Object.entries(point)) applied = setPath(applied, path, value);
    const fullText = JSON.stringify(point);
    const pointText = Object.keys(point).length === 0 ? '' : fullText.length > 200 ? `${fullText.slice(0, 200)}…` : fullText;
    let bad = false;
    // What a sweep sets meets the file's own limits: a name with a dot, a list too long.
    if (Object.keys(point).length > 0) {
      for (const e of shapeProblems(file, { setup: applied.setup, rules: applied.rules })) {
        bad = true;
        pointProblem(e.path, e.problem, pointText);
      }
      if (bad) continue;
    }
    const rules = rulesSchema.safeParse(applied.rules ?? {});
    if (!rules.success) {
      bad = true;
      for (const e of zodErrors(file, ['rules'], rules.error, applied.rules ?? {})) pointProblem(e.path, rulesProblem(e.problem), pointText, e.unknownKeys);
    } else {
      for (const e of unplayedVariants(mechanic, rulesSchema, rules.data)) {
        bad = true;
        pointProblem(e.path, e.problem, pointText);
      }
    }
    const setup = mechanic.setup.safeParse(applied.setup);
    if (!setup.success) {
      bad = true;
      for (const e of zodErrors(file, ['setup'], setup.error, applied.setup, mechanic.setup)) pointProblem(e.path, e.problem, pointText, e.unknownKeys);
    } else if (rules.success && mechanic.refuse) {
      for (const e of mechanic.refuse(setup.data, rules.data)) {
        bad = true;
        pointProblem(e.path, e.problem, pointText);
      }
    }
    // Nothing is prepared once the file is known to be refused.
    if (bad || pointProblems.size > 0 || errors.length > 0) continue;
    resolvedRules = (baseRules.success ? baseRules.data : rules.data) as Record<string, unknown>;
    try {
      const inputs: PreparedInputs = { setup: setup.data, rules: rules.data };
      // Prepared from a copy, as a worker prepares from the copy its message brings: the
      // inputs stay as validated even if a prepare() writes to what it is given.
      const simulation = exactOnce(mechanic.prepare(structuredClone(inputs.setup), structuredClone(inputs.rules) as typeof rules.data));
      const twice = twiceNamed(simulation.metrics.map((m) => m.name));
      if (twice !== undefined) throw new Error(twiceNamedProblem(twice));
      const stream = Object.keys(point).length === 0 ? 0 : pointKey(point);
      points.push({ point, stream, scenario: { ...scenario, setup: applied.setup, rules: applied.rules }, inputs, simulation });
    } catch (err) {
      errors.push(new ScenarioError(file, 'setup', `${(err as Error).message}${pointText ? ` (at sweep point ${pointText})` : ''}`));
    }
  }
  for (const { path, problem, points: at, unknownKeys } of pointProblems.values()) {
    const where =
      at[0] === '' ? '' : at.length === 1 ? ` (at sweep point ${at[0]})` : at.length === gridSize ? ' (at every sweep point)' : ` (at sweep point ${at[0]} and ${at.length - 1} other${at.length === 2 ? '' : 's'})`;
    // A problem at a path the sweep sets (or inside it) comes from the sweep: its values
    // replace the file's there at every point, and a field the setup has no place for is
    // the sweep's key. Named under `sweep.<path>`, where the value was written (the user
    // looks in `setup` and finds a good value, or no such field; the dashboard shows it at
    // its Vary row).
    const key = Object.keys(scenario.sweep ?? {}).find((k) => path === k || path.startsWith(`${k}.`));
    const inner = key !== undefined && path !== key ? `${path}: ` : '';
    // A field the file has and no schema takes can be taken out of it; one the sweep
    // brings is the sweep's to change.
    errors.push(new ScenarioError(file, key === undefined ? path : `sweep.${key}`, inner + problem + where, key === undefined ? unknownKeys : []));
  }
  if (errors.length > 0) throw new ScenarioErrors(errors);

  // Each check must name a metric this mechanic reports at the points it covers.
  (scenario.expect ?? []).forEach((check, i) => {
    if (check.point) {
      for (const [path, value] of Object.entries(check.point)) {
        const values = scenario.sweep?.[path];
        if (!values) {
          errors.push(new ScenarioError(file, `expect.${i}.point.${path}`, `"${path}" is not a sweep path of this file${scenario.sweep ? `: expected one of ${Object.keys(scenario.sweep).join(', ')}` : ' (it has no sweep)'}`));
        } else if (!values.some((v) => sameValue(v, value, path))) {
          errors.push(new ScenarioError(file, `expect.${i}.point.${path}`, `${JSON.stringify(value)} is not among the sweep's values ${JSON.stringify(values)}`));
        }
      }
    }
    const covered = points.filter((p) => pointMatches(check.point, p.point));
    // A metric some points report and others lack (pushes where a rule variant pushes):
    // named with the points that lack it and the `point` that would confine the check to
    // where it is, not as a metric of no such name (an audit).
    const has = (p: PlannedPoint) => p.simulation.metrics.some((m) => m.name === check.metric);
    const lacking = covered.filter((p) => !has(p));
    const having = points.filter(has);
    if (lacking.length > 0 && having.length > 0) {
      const text = (p: PlannedPoint) => JSON.stringify(p.point);
      const lack = `${text(lacking[0]!)}${lacking.length > 1 ? ` and ${lacking.length - 1} other${lacking.length === 2 ? '' : 's'}` : ''}`;
      const where = `${text(having[0]!)}${having.length > 1 ? ` and ${having.length - 1} other${having.length === 2 ? '' : 's'}` : ''}`;
      // The point to suggest: the paths all the points reporting it share a value of, where
      // those alone pick them out; else the first such point whole.
      const shared = Object.fromEntries(Object.entries(having[0]!.point).filter(([k, v]) => having.every((p) => sameValue(p.point[k], v, k))));
      const picks = (c: Record<string, unknown>) => Object.keys(c).length > 0 && points.every((p) => pointMatches(c, p.point) === has(p));
      const suggest = picks(shared) ? shared : having[0]!.point;
      const pointText = `{ ${Object.entries(suggest).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
      errors.push(
        new ScenarioError(
          file,
          `expect.${i}.metric`,
          `"${check.metric}" is not reported at sweep point ${lack}, which the check covers; it is at ${where}: expected a "point" that confines the check to points reporting it (point: ${pointText})`,
        ),
      );
      return;
    }
    for (const [n, p] of covered.entries()) {
      // Judged on exact values not known yet, and asked to leave those for later (the
      // dashboard, whose workers compute them: exactChecksLeft): the rest of this check's
      // points are checked then, from this one, by exactCheckProblems.
      if (options.exactChecks === 'later' && check.decide === 'exact' && p.simulation.exact !== undefined && !exactKnown(p.simulation)) {
        exactChecksLeft.push({ check: i, from: n });
        break;
      }
      const problem = checkAtPoint(file, scenario, check, i, p);
      if (problem) {
        errors.push(problem);
        break;
      }
    }
  });
  if (scenario.solve) errors.push(...checkSolves(scenario, file, points[0].simulation.metrics.map((m) => m.name)));
  if (errors.length > 0) throw new ScenarioErrors(errors);

  return {
    file,
    scenario,
    trials: overrides.trials ?? scenario.trials ?? DEFAULT_TRIALS,
    seed: overrides.seed ?? scenario.seed ?? DEFAULT_SEED,
    rules: resolvedRules,
    points,
    chunkTrials: mechanic.chunkTrials ?? CHUNK_TRIALS,
    ...(exactChecksLeft.length > 0 ? { exactChecksLeft } : {}),
  };
}

// ---------------------------------------------------------------- checks

/**
 * What is wrong with check `i` at point `p`, or undefined: its metric there, a band it can
 * never reach or never fail, and, judged on exact values, the point's exact value of the
 * metric (computed here where not known yet).
 */
function checkAtPoint(file: string, scenario: ScenarioFile, check: ExpectCheck, i: number, p: PlannedPoint): ScenarioError | undefined {
  const names = p.simulation.metrics.map((m) => m.name);
  if (!names.includes(check.metric)) {
    return new ScenarioError(file, `expect.${i}.metric`, `no metric "${check.metric}" in ${scenario.system} ${scenario.mechanic}: ${expectedMetric(check.metric, names)}`);
  }
  // A band the metric can never reach (a probability of at least 1.5) is a mistake in
  // the file, not a check that fails at every run.
  const spec = p.simulation.metrics.find((m) => m.name === check.metric)!;
  const never = unreachableBand(check, spec);
  if (never) {
    return new ScenarioError(file, `expect.${i}`, `${never}: expected a band the metric can reach`);
  }
  // And a probability's band with an end past 0 or 1, which that end can never fail:
  // most often a percentage ("atMost": 50 for 50%), which passed every run (an audit).
  const pastRange = boundPastProbability(check, spec);
  if (pastRange) {
    return new ScenarioError(file, `expect.${i}.${pastRange.key}`, `${pastRange.why}: expected a bound from 0 to 1`);
  }
  // Judged on exact values: each point it covers must have one for the metric. Asked
  // for now (exactOnce keeps them for the result), so a check that could only fail is
  // refused before the run, not failed after it.
  if (check.decide === 'exact') {
    const value = p.simulation.exact?.().metrics[check.metric];
    if (value === undefined || !Number.isFinite(value)) {
      const at = Object.keys(p.point).length > 0 ? ` at ${JSON.stringify(p.point)}` : '';
      // The point's note is quoted as its note, not as the reason: it may be about
      // other metrics (a combat's opening), where this one is never exact.
      const why =
        (p.simulation.exact === undefined ? 'it has no exact values here' : `its exact values here do not include ${check.metric}`) +
        (p.simulation.exactSkipped !== undefined ? `; the point's note: "${p.simulation.exactSkipped}"` : '');
      return new ScenarioError(file, `expect.${i}.decide`, `"exact", but ${scenario.system} ${scenario.mechanic} has no exact value of ${check.metric}${at} (${why}): expected "interval" (or leave "decide" out)`);
    }
  }
  return undefined;
}

/**
 * The problems of the checks a plan made with `exactChecks: "later"` left (exactChecksLeft),
 * once the exact values of their points are known (the dashboard's workers computed them:
 * setExactValues): each checked from the point it was left at, as planScenario checks it, so
 * that where the plan had no other problem these are what planScenario gives the file.
 * Asked before they are known, it computes them here.
 */
export function exactCheckProblems(plan: ScenarioPlan): ScenarioError[] {
  const checks = plan.scenario.expect ?? [];
  return (plan.exactChecksLeft ?? []).flatMap(({ check: i, from }) => {
    const check = checks[i]!;
    const covered = plan.points.filter((p) => pointMatches(check.point, p.point));
    for (const p of covered.slice(from)) {
      const problem = checkAtPoint(plan.file, plan.scenario, check, i, p);
      if (problem) return [problem];
    }
    return [];
  });
}


/**
 * Check `check` (the scenario's expect.N) of a plan at its point `point` (an index of
 * plan.points), as planScenario checks it there: the page's run judges a check left for the
 * exact values point by point as they come in (workers/live.ts), so that it is refused at
 * the first point that fails, in these words, once that point's values and those before it
 * are in. Computes the point's exact values here where they are not known.
 */
export function exactCheckProblemAt(plan: ScenarioPlan, check: number, point: number): ScenarioError | undefined {
  return checkAtPoint(plan.file, plan.scenario, plan.scenario.expect![check]!, check, plan.points[point]!);
}

/** Why a check's band lies wholly outside what the metric can be, or undefined. */
function unreachableBand(check: ExpectCheck, spec: MetricSpec): string | undefined {
  const scale = spec.scale ?? 1;
  const lo = spec.kind === 'probability' ? 0 : spec.min !== undefined ? spec.min / scale : -Infinity;
  const hi = spec.kind === 'probability' ? 1 : spec.max !== undefined ? spec.max / scale : Infinity;
  const range = spec.kind === 'probability' ? `${spec.name} is a probability, from 0 to 1` : `${spec.name} is ${Number.isFinite(hi) ? `from ${lo} to ${hi}` : `at least ${lo}`}`;
  if (check.atLeast !== undefined && check.atLeast > hi) return `atLeast ${check.atLeast} can never be met: ${range}`;
  if (check.atMost !== undefined && check.atMost < lo) return `atMost ${check.atMost} can never be met: ${range}`;
  if (check.between !== undefined && (check.between[0] > hi || check.between[1] < lo)) return `between [${check.between.join(', ')}] can never be met: ${range}`;
  return undefined;
}

/**
 * Where a probability's check can never fail and has a bound past 0 or 1 (a band wholly
 * past them is unreachableBand's): a percentage, most often. A band with one end past the
 * range and the other inside it ([0.2, 2]) still checks that end, and is left as written.
 * Probabilities only, whose range is the same at every point; a mean's most depends on the
 * setup, which a sweep varies.
 */
function boundPastProbability(check: ExpectCheck, spec: MetricSpec): { key: string; why: string } | undefined {
  if (spec.kind !== 'probability') return undefined;
  const said = (bound: number) => `${spec.name} is a probability, from 0 to 1${bound > 1 && bound <= 100 ? `, and ${bound} reads as a percentage: ${bound}% is ${bound / 100}` : ''}`;
  if (check.atMost !== undefined && check.atMost > 1) return { key: 'atMost', why: `atMost ${check.atMost} can never fail: ${said(check.atMost)}` };
  if (check.atLeast !== undefined && check.atLeast < 0) return { key: 'atLeast', why: `atLeast ${check.atLeast} can never fail: ${said(check.atLeast)}` };
  if (check.between !== undefined) {
    const [low, high] = check.between;
    if (low <= 0 && high > 1) return { key: 'between', why: `between [${low}, ${high}] can never fail: ${said(high)}` };
    if (low < 0 && high >= 1) return { key: 'between', why: `between [${low}, ${high}] can never fail: ${said(low)}` };
  }
  return undefined;
}

/**
 * A check fails only when the metric's whole 95% interval lies outside its band, and
 * passes otherwise (docs/scenario-format.md, `expect`).
 */
export function checkPasses(check: ExpectCheck, m: MetricResult): boolean {
  const [lo, hi] = m.ci95;
  if (check.atLeast !== undefined && hi < check.atLeast) return false;
  if (check.atMost !== undefined && lo > check.atMost) return false;
  if (check.between !== undefined && (hi < check.between[0] || lo > check.between[1])) return false;
  return true;
}

/**
 * Whether an exact value meets a check's band: to 1e-9, as an exact value is exact to that,
 * but at a bound of 0 or 1 only to rounding (exactSlack: 9.31e-10 is not "at most 0").
 */
export function exactMeets(check: ExpectCheck, x: number): boolean {
  if (check.atLeast !== undefined && x < check.atLeast - exactSlack(check.atLeast)) return false;
  if (check.atMost !== undefined && x > check.atMost + exactSlack(check.atMost)) return false;
  if (check.between !== undefined && (x < check.between[0] - exactSlack(check.between[0]) || x > check.between[1] + exactSlack(check.between[1]))) return false;
  return true;
}

export function evaluateChecks(checks: readonly ExpectCheck[], results: readonly PointResult[]): ExpectResult[] {
  return checks.map((check) => {
    const covered = results.filter((r) => pointMatches(check.point, r.point));
    // Judged on the interval (the contract), or on the exact values where the file asks
    // (`decide: "exact"`): then a point without one (its exact values skipped, see its
    // notes) fails the check rather than being judged on its interval.
    const byExact = check.decide === 'exact';
    const failed = covered.filter((r) => {
      const m = r.metrics[check.metric];
      return byExact ? m?.exact === undefined || !exactMeets(check, m.exact) : !checkPasses(check, m);
    });
    const out = { metric: check.metric } as ExpectResult;
    // `point: {}` names no point, so covers every point, as a check with none: said "at no
    // sweep" of a sweep's checks until an audit (the point of a result of one).
    if (check.point && Object.keys(check.point).length > 0) out.point = check.point;
    if (check.atLeast !== undefined) out.atLeast = check.atLeast;
    if (check.atMost !== undefined) out.atMost = check.atMost;
    if (check.between !== undefined) out.between = check.between;
    out.pass = failed.length === 0;
    if (failed.length > 0 && results.length > 1) out.failedPoints = failed.map((r) => r.point);
    // Where every point it covers has an exact value, whether those meet the band too, so a
    // pass or a failure on the interval that is only the Monte Carlo's 1 in 20 is said.
    const exacts = covered.map((r) => r.metrics[check.metric]?.exact);
    if (exacts.length > 0 && exacts.every((x) => x !== undefined)) out.exactPass = exacts.every((x) => exactMeets(check, x!));
    if (byExact) {
      out.decide = 'exact';
      const lacking = exacts.filter((x) => x === undefined).length;
      if (lacking > 0) out.exactMissing = lacking;
    }
    // The designer's reason travels with the check, so every report can print it beside it.
    if (check.why !== undefined) out.why = check.why;
    return out;
  });
}

/** How many sweep points problemsAtPoints looks at: a problem still there at all of them is the file's alone. */
const POINTS_LOOKED_AT = 64;

/**
 * The rules' and setup's problems (`path\0problem`) at each of a sweep's first points, the
 * sweep's values set: a problem of the file's own missing at one of them is one the sweep
 * settles there. A point whose values cannot be set (a path through a wrong value) is passed over.
 */
function problemsAtPoints(
  mechanic: Mechanic,
  rulesSchema: (typeof rulesBySystem)[SystemName],
  rulesProblem: (problem: string) => string,
  raw: unknown,
  sweep: Record<string, unknown[]> | undefined,
  file: string,
): Set<string>[] {
  const out: Set<string>[] = [];
  for (const point of sweepPoints(sweep)) {
    if (out.length >= POINTS_LOOKED_AT) break;
    try {
      let applied: any = raw;
      for (const [path, value] of Object.entries(point)) applied = setPath(applied, path, value);
      const seen = new Set<string>();
      const rules = rulesSchema.safeParse(applied.rules ?? {});
      if (!rules.success) for (const e of zodErrors(file, ['rules'], rules.error, applied.rules ?? {})) seen.add(`${e.path}\u0000${rulesProblem(e.problem)}`);
      else for (const e of unplayedVariants(mechanic, rulesSchema, rules.data)) seen.add(`${e.path}\u0000${e.problem}`);
      const setup = mechanic.setup.safeParse(applied.setup);
      if (!setup.success) for (const e of zodErrors(file, ['setup'], setup.error, applied.setup, mechanic.setup)) seen.add(`${e.path}\u0000${e.problem}`);
      out.push(seen);
    } catch {
      // Not a point the sweep can make: its own problem is said at the sweep path.
    }
  }
  return out;
}

/**
 * The first value of `values` listed before, as `diff` matches points (sim/diff.ts
 * matchKey: a lone value and a list of it are one, and so are dice written two ways), with
 * what to say of it.
 */
function listedTwice(values: readonly unknown[], path: string): { index: number; problem: string } | undefined {
  // Why two texts are one value (matchKey): keys in another order, a lone value against a
  // list of it, or both; else the dice, read as the setups read them ("1d6" is "d6", and
  // ["2d4"] is ["d4", "d4"]: two points of one setup, until an audit).
  const normal = (v: unknown, keys: boolean, lists: boolean): unknown => {
    if (Array.isArray(v)) return lists && v.length === 1 ? normal(v[0], keys, lists) : v.map((x) => normal(x, keys, lists));
    if (v === null || typeof v !== 'object') return v;
    const names = keys ? Object.keys(v).sort() : Object.keys(v);
    return Object.fromEntries(names.map((k) => [k, normal((v as Record<string, unknown>)[k], keys, lists)]));
  };
  const sameWhy = (a: unknown, b: unknown) => {
    const same = (keys: boolean, lists: boolean) => JSON.stringify(normal(a, keys, lists)) === JSON.stringify(normal(b, keys, lists));
    if (same(true, false)) return 'the order of keys makes no difference';
    if (same(false, true)) return 'a lone value and a list of it are the same';
    if (pointKey({ v: a }) !== pointKey({ v: b })) return 'the same dice, written another way';
    return 'the order of keys makes no difference, and a lone value and a list of it are the same';
  };
  const seen = new Map<string, unknown>();
  for (const [i, v] of values.entries()) {
    const key = matchKey({ [path]: v });
    const text = JSON.stringify(v);
    if (seen.has(key)) {
      const before = JSON.stringify(seen.get(key));
      return { index: i, problem: `${text} is listed twice${before === text ? '' : ` (as ${before}: ${sameWhy(seen.get(key), v)})`}` };
    }
    seen.set(key, v);
  }
  return undefined;
}

// ---------------------------------------------------------------- solve blocks
// Checked here with the rest of the file (sim/solve/ runs them), so sim/solve/ imports
// this module and not the other way round.

function where(block: SolveBlock, value: unknown): string {
  return ` (with ${block.vary} = ${JSON.stringify(value)})`;
}

/** The scenario (raw setup and rules) with `changes` applied (sim/solve/ prepares them). */
export function applied(scenario: ScenarioFile, changes: Record<string, unknown>): any {
  let s: any = { setup: scenario.setup, rules: scenario.rules ?? {} };
  for (const [path, value] of Object.entries(changes)) s = setPath(s, path, value);
  return s;
}

/**
 * What the scenario refuses with `changes` applied (a solve's value, its sameAs setup), as a
 * sweep point is checked: `shape`, the file's own limits (shapeProblems: a name with a dot,
 * a list too long), and `problems`, the rules and setup (their schemas, a variant the
 * mechanic does not play, Mechanic.refuse under the rules in force). Declared once for
 * checkSolves and the solve sentence's look past a range's end (sim/solve/plan.ts), which
 * had a copy without the first two and called a value "taken" that checkSolves refuses.
 */
export function changedProblems(
  file: string,
  scenario: ScenarioFile,
  mechanic: Mechanic,
  rulesSchema: z.ZodType,
  changes: Record<string, unknown>,
): { shape: ScenarioError[]; problems: { path: string; problem: string }[]; parsed?: { setup: unknown; rules: unknown } } {
  const s = applied(scenario, changes);
  const shape = shapeProblems(file, { setup: s.setup, rules: s.rules });
  if (shape.length > 0) return { shape, problems: [] };
  const rules = rulesSchema.safeParse(s.rules);
  const setup = mechanic.setup.safeParse(s.setup);
  const problems = [
    ...(rules.success ? unplayedVariants(mechanic, rulesSchema, rules.data as Record<string, unknown>) : zodErrors(file, ['rules'], rules.error, s.rules)),
    ...(setup.success ? [] : zodErrors(file, ['setup'], setup.error, s.setup, mechanic.setup)),
    ...(rules.success && setup.success && mechanic.refuse ? mechanic.refuse(setup.data, rules.data) : []),
  ];
  // What was parsed, for the caller to prepare (not parse again), as a sweep point is.
  return { shape, problems, ...(rules.success && setup.success ? { parsed: { setup: setup.data, rules: rules.data } } : {}) };
}

/** Every problem of the file's solve blocks, as errors naming `solve.<i>…`. */
export function checkSolves(scenario: ScenarioFile, file: string, metricNames: readonly string[]): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const mechanic = findMechanic(scenario.system, scenario.mechanic);
  if (!mechanic || !scenario.solve) return errors;
  const rulesSchema = rulesBySystem[scenario.system as SystemName] as z.ZodType;
  const base = { setup: scenario.setup, rules: scenario.rules ?? {} };
  const names = new Set<string>();
  const ownSpecs = metricSpecsAt(mechanic, rulesSchema, base);
  const ownNames = ownSpecs?.map((m) => m.name);
  scenario.solve.forEach((block, b) => {
    const at = `solve.${b}`;
    if (names.has(block.name)) errors.push(new ScenarioError(file, `${at}.name`, `"${block.name}" names another solve of this file: expected a name of its own`));
    names.add(block.name);
    const pathProblem = sweepPathProblem(base, block.vary);
    if (pathProblem) {
      errors.push(new ScenarioError(file, `${at}.vary`, pathProblem.replace('a sweep path', 'a path')));
      return;
    }
    const samePaths = Object.keys(block.sameAs ?? {});
    let badPaths = 0;
    for (const path of samePaths) {
      const p = sweepPathProblem(base, path);
      if (p) {
        badPaths++;
        errors.push(new ScenarioError(file, `${at}.sameAs.${path}`, p.replace('a sweep path', 'a path')));
      }
      // As a sweep's paths: one inside another is replaced by it, or replaces it, by the
      // order written.
      const outer = samePaths.find((o) => o !== path && path.startsWith(`${o}.`));
      if (outer) errors.push(new ScenarioError(file, `${at}.sameAs.${path}`, `lies inside "${outer}", which sameAs also sets: expected paths that do not overlap (put this value in the other's)`));
    }
    // A path that cannot be set (through "__proto__", past the setup) says so at its key,
    // as `vary` does, and setup A is not made from it (it reached the loader's catch-all,
    // an audit found: "(top level): cannot be checked: setPath: … reaches Object.prototype").
    if (badPaths > 0) return;
    // The file's own metric names first (a misspelt metric is the block's mistake); then,
    // below, each value's: a value that renames what the metric names (a side's name) is
    // that value's mistake. (`metricNames` are the first sweep point's, which may differ
    // from the file's own setup where the sweep renames something.)
    const names0 = ownNames ?? metricNames;
    // An `expect` no value found could ever meet is a mistake in the file, not a failed
    // check at every run.
    const values = solveValues(block);
    // As a sweep's: a value twice is searched twice, on streams of its own, and two looks
    // at one setup can disagree about it.
    const twice = block.values ? listedTwice(block.values, block.vary) : undefined;
    if (twice) errors.push(new ScenarioError(file, `${at}.values.${twice.index}`, `${twice.problem}: each value is searched once`));
    const e = block.expect;
    if (e && (e.atLeast !== undefined || e.atMost !== undefined || e.between !== undefined)) {
      const odd = values.find((v) => typeof v !== 'number');
      if (odd !== undefined) {
        errors.push(new ScenarioError(file, `${at}.expect`, `atLeast, atMost and between compare the value found as a number, but ${block.vary} takes ${JSON.stringify(odd)}: expected "equals" for values that are not numbers`));
      }
    }
    const goal = solveGoal(block);
    if (e && e.equals === null && goal.find === 'closest') {
      errors.push(new ScenarioError(file, `${at}.expect.equals`, 'null ("no value meets the goal") cannot be found by closest, which always finds a value: expected one of the values searched'));
    }
    if (e && e.equals !== undefined && e.equals !== null && !values.some((v) => sameValue(v, e.equals, block.vary))) {
      errors.push(new ScenarioError(file, `${at}.expect.equals`, `${JSON.stringify(e.equals)} is not among the values searched: expected one of them, or null for "no value meets the goal"`));
    }
    const metricKnown = names0.includes(block.metric);
    if (!metricKnown) {
      errors.push(new ScenarioError(file, `${at}.metric`, `no metric "${block.metric}" in ${scenario.system} ${scenario.mechanic}: ${expectedMetric(block.metric, names0)}`));
    }
    // A bound no value can meet (a probability of at least 1.5): the answer would be "none"
    // whatever the rules, as an expect band the metric can never reach is refused.
    // (Probabilities only: a count's most depends on the setup, which the block varies.)
    const spec = ownSpecs?.find((m) => m.name === block.metric);
    if (spec?.kind === 'probability' && goal.target !== undefined && goal.find !== 'closest') {
      const bound = goal.find.endsWith('AtLeast') ? { metric: block.metric, atLeast: goal.target } : { metric: block.metric, atMost: goal.target };
      const never = unreachableBand(bound, spec);
      const key = block.atLeast !== undefined ? 'atLeast' : block.atMost !== undefined ? 'atMost' : 'target';
      if (never) errors.push(new ScenarioError(file, `${at}.${key}`, `${never.replace(/^(atLeast|atMost) /, `${goal.find} `)}: expected a bound the metric can reach`));
      // And one every value meets (at most 50 for 50%): the answer would be the first or last
      // value, whatever the rules.
      const past = boundPastProbability(bound, spec);
      if (past) errors.push(new ScenarioError(file, `${at}.${key}`, `${past.why.replace(/^(atLeast|atMost) (\S+) can never fail/, `${goal.find} $2 is met by every value`)}: expected a bound from 0 to 1`));
    }
    // A mean's least, as its expect checks hold it (0 for a count, a rank's 1): the least
    // one trial gives does not depend on the setup the block varies, where its most may (the
    // rounds cap). A bound below it was answered as any other (an audit: atMost -1).
    const least = spec?.kind === 'mean' && spec.min !== undefined ? spec.min / (spec.scale ?? 1) : undefined;
    if (least !== undefined && goal.target !== undefined && goal.target < least) {
      const key = block.atLeast !== undefined ? 'atLeast' : block.atMost !== undefined ? 'atMost' : 'target';
      const is = `${block.metric} is at least ${least}`;
      errors.push(
        new ScenarioError(
          file,
          `${at}.${key}`,
          goal.find === 'closest' ? `${is}, and the target is ${goal.target}: expected a target of ${least} or more`
          : goal.find.endsWith('AtMost') ? `${goal.find} ${goal.target} can never be met: ${is}: expected a bound the metric can reach`
          : `${goal.find} ${goal.target} is met by every value: ${is}: expected a bound of ${least} or more`,
        ),
      );
    }
    // Closest to a probability past 0 or 1 is closest to 0 or 1: say so rather than answer it.
    if (spec?.kind === 'probability' && goal.find === 'closest' && goal.target !== undefined && (goal.target < 0 || goal.target > 1)) {
      errors.push(new ScenarioError(file, `${at}.target`, `${block.metric} is a probability, between 0 and 1, and the target is ${goal.target}: expected a target from 0 to 1`));
    }
    // A problem is named at the value that has it: a listed value, or a range's end (its
    // "from" or "to", which the dashboard marks alone); a value inside a range, at the range.
    const rangeAt = (k: number) => (k === 0 ? `${at}.range.0` : k === values.length - 1 ? `${at}.range.1` : `${at}.range`);
    const setups: [string, Record<string, unknown>, string][] = values.map((v, k) => [block.values ? `${at}.values.${k}` : rangeAt(k), { [block.vary]: v }, where(block, v)]);
    if (block.sameAs) setups.push([`${at}.sameAs`, block.sameAs, ' (setup A)']);
    // Where inside the block a problem at a setup's `path` was written: a sameAs change's own key.
    const written = (path: string, problemPath: string) => {
      if (path !== `${at}.sameAs`) return path;
      const key = samePaths.find((k) => problemPath === k || problemPath.startsWith(`${k}.`));
      return key === undefined ? path : `${path}.${key}`;
    };
    for (const [path, changes, note] of setups) {
      const { shape, problems, parsed } = changedProblems(file, scenario, mechanic, rulesSchema, changes);
      if (shape.length > 0) {
        errors.push(new ScenarioError(file, written(path, shape[0].path), `${shape[0].path}: ${shape[0].problem}${note}`));
        break;
      }
      if (problems.length > 0) {
        // A field the block varies that the setup has no place for: `vary` is the mistake,
        // whatever the value (not the range it came from).
        if (problems[0].path === block.vary && problems[0].problem.startsWith('unknown field')) {
          errors.push(new ScenarioError(file, `${at}.vary`, `${block.vary}: ${problems[0].problem}`));
          break;
        }
        // At the sameAs key the problem lies under, as a shape problem is (`written`): it
        // read "solve.1.sameAs: setup.sides.0.combatants.0.dice.0: …", where docs/solve.md
        // names a bad change of setup A "solve.1.sameAs.<path>: …" (an audit).
        errors.push(new ScenarioError(file, written(path, problems[0].path), `${problems[0].path}: ${problems[0].problem}${note}`));
        break; // one message per block is enough: the rest are the same mistake
      }
      // Prepared from what was just parsed (not parsed again), as a sweep point is: what
      // prepare refuses, and two metrics of one name (the answer could come from either),
      // are this value's mistake.
      if (!parsed) continue;
      let names: string[];
      try {
        names = mechanic.prepare(parsed.setup as never, parsed.rules as never).metrics.map((m) => m.name);
      } catch (err) {
        errors.push(new ScenarioError(file, path, `${(err as Error).message}${note}`));
        break;
      }
      const twice = twiceNamed(names);
      if (twice !== undefined) {
        errors.push(new ScenarioError(file, path, twiceNamedProblem(twice, note)));
        break;
      }
      if (metricKnown && !names.includes(block.metric)) {
        errors.push(new ScenarioError(file, path, `no metric "${block.metric}" here${note}: ${expectedMetric(block.metric, names)}`));
        break;
      }
    }
  });
  return errors;
}

/** The metrics of the mechanic at a raw setup and rules; undefined where they do not parse or prepare (reported elsewhere). */
function metricSpecsAt(mechanic: Mechanic, rulesSchema: z.ZodType, s: { setup: unknown; rules: unknown }): MetricSpec[] | undefined {
  const rules = rulesSchema.safeParse(s.rules);
  const setup = mechanic.setup.safeParse(s.setup);
  return rules.success && setup.success ? preparedMetrics(mechanic, setup.data, rules.data) : undefined;
}

/** The first metric name given twice (a result is keyed by name: the figures of one would stand for both). */
function twiceNamed(names: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) return n;
    seen.add(n);
  }
  return undefined;
}

/** Two metrics named `name` (at a solve value, `note` says which). */
function twiceNamedProblem(name: string, note = ''): string {
  return `two metrics are both named "${name}"${note}: give the sides, teams and combatants names that differ`;
}

/** The metrics of a parsed setup and rules; undefined where prepare refuses them. */
function preparedMetrics(mechanic: Mechanic, setup: unknown, rules: unknown): MetricSpec[] | undefined {
  try {
    return mechanic.prepare(setup, rules).metrics;
  } catch {
    return undefined;
  }
}
