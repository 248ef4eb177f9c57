/**
 * Checking the draft with the CLI's own validation (sim/scenario.ts planScenario), and
 * placing each problem at the form field it is about: the field whose path is the
 * longest prefix of the problem's path. A problem no field owns (an unknown top-level
 * field, an expect check) is shown above the form.
 */
import { ScenarioError, ScenarioErrors, planScenario, type ScenarioPlan } from '../../sim/scenario.ts';
import { getAt, parsePath } from '../../reports/fields/paths.ts';
import { formFor } from '../../reports/fields/index.ts';
import { fieldAt } from '../../reports/fields/spec.ts';
import { quoted, wordList } from '../../sim/words.ts';
import { metricsOf } from './metrics.ts';

export type Checked = { ok: true; plan: ScenarioPlan } | { ok: false; errors: ScenarioError[] };

/**
 * planScenario on the page: a `decide: "exact"` check's exact values are left for later
 * (exactChecks "later"): the run's workers compute them and its end judges the check
 * (workers/live.ts ExactChecksRefused), where computing them here held the page for seconds
 * on every edit of a big sweep. Until then, ok says nothing of such a check.
 */
export function checkScenario(scenario: unknown, file: string): Checked {
  try {
    return { ok: true, plan: planScenario(scenario, file, {}, { exactChecks: 'later' }) };
  } catch (err) {
    if (err instanceof ScenarioErrors) return { ok: false, errors: err.errors };
    // A mechanic's prepare() failing outside zod is still the setup's problem.
    return { ok: false, errors: [new ScenarioError(file, 'setup', (err as Error).message)] };
  }
}

export interface Placed {
  /** Field path → the problems shown at it. */
  atField: Map<string, string[]>;
  /** Problems no field owns, as the CLI prints them (`file: path: problem`). */
  general: string[];
}

/**
 * Put each problem at the deepest of `fields` (dotted paths) that contains its path; with
 * `scenario` (the one checked), a box that says what it takes in its own words says that
 * (inBoxWords).
 */
export function placeErrors(errors: readonly ScenarioError[], fields: Iterable<string>, scenario?: Record<string, unknown>): Placed {
  const known = new Set(fields);
  const atField = new Map<string, string[]>();
  const general: string[] = [];
  for (const e of errors) {
    const owner = fieldOf(e.path, known);
    if (owner === undefined) general.push(e.message);
    else atField.set(owner, [...(atField.get(owner) ?? []), atFieldProblem(scenario ? metricNamed(e.path, e.problem, scenario) : e.problem)]);
  }
  if (scenario) for (const [path, problems] of atField) atField.set(path, blankSweepWords(path, inBoxWords(path, problems, scenario), scenario));
  return { atField, general };
}

/**
 * The problems of a Vary row (`sweep.<path>`) whose list has a blank item (model/sweep.ts
 * keeps `1, , 3` as [1, "", 3]) as the row says them: which item is blank and what to do,
 * for the schema's `expected a number, got ""` (or `"" is not dice notation`) about it,
 * which beside a box showing `1, , 3` named nothing typed. Its other problems stay.
 */
export function blankSweepWords(path: string, problems: string[], scenario: Record<string, unknown>): string[] {
  if (!path.startsWith('sweep.')) return problems;
  const values = (scenario.sweep as Record<string, unknown> | undefined)?.[path.slice('sweep.'.length)];
  if (!Array.isArray(values)) return problems;
  const blanks = values.flatMap((v, i) => (v === '' ? [String(i + 1)] : []));
  if (blanks.length === 0) return problems;
  const which = blanks.length === 1 ? `item ${blanks[0]} of ${values.length} is blank` : `items ${wordList(blanks)} of ${values.length} are blank`;
  return [`${which} (nothing between its commas, or after the last): type a value there, or take its comma out`, ...problems.filter((p) => !p.includes('""'))];
}

/**
 * A problem of a Find question or an expect check (at `solve.N…`, `expect.N…`) with its
 * metric named by its label, as Find's picker and the results name it: "“P(plan
 * succeeds)” is a probability, between 0 and 1…", where the key read "success is a
 * probability…" (a dashboard audit). The key is replaced only where the CLI's message
 * opens a clause with it ("success is …"), never inside another word.
 */
export function metricNamed(path: string, problem: string, scenario: Record<string, unknown>): string {
  const at = /^(solve|expect)\.(\d+)(?:\.|$)/.exec(path);
  const block = at ? (scenario[at[1]!] as unknown[] | undefined)?.[Number(at[2])] : undefined;
  const metric = block !== null && typeof block === 'object' ? (block as { metric?: unknown }).metric : undefined;
  if (typeof metric !== 'string' || metric === '') return problem;
  const label = metricsOf(scenario).find((m) => m.name === metric)?.label;
  if (label === undefined || label === metric) return problem;
  const key = metric.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return problem.replace(new RegExp(`(^|: |; )${key} is `, 'g'), (_, before: string) => `${before}${quoted(label)} is `);
}

/**
 * The problems of the setup field at `path` as its box says them: a text box with words of
 * its own for what it takes (TextField `expects`) says "expected “N jobs” … or “next
 * rank”, got "x"" for a value it holds, where the schema said "expected an object, got
 * "x"" beside help that says to type "5 jobs" (a dashboard audit). A missing value, a
 * value the box read (from a file or a link), and any other box keep the CLI's words.
 */
export function inBoxWords(path: string, problems: string[], scenario: Record<string, unknown>): string[] {
  const [head, ...rest] = parsePath(path);
  const form = formFor(scenario.system, scenario.mechanic);
  const field = head === 'setup' && form ? fieldAt(form.fields, rest, scenario.setup)?.field : undefined;
  const value = getAt(scenario, parsePath(path));
  if (field?.kind !== 'text' || field.expects === undefined || value === undefined) return problems;
  // Text the box could not read, or a value its words give back as it is ("0 jobs"); any
  // other (a file's {"rank": "prev"}, shown as "next rank") keeps the CLI's words, which say
  // what in it is wrong (a review: the box said 'expected … or “next rank”, got "next rank"').
  const shown = typeof value === 'string' ? value : field.show ? field.show(value) : undefined;
  const inWords = typeof value === 'string' || (shown !== undefined && field.read !== undefined && JSON.stringify(field.read(shown)) === JSON.stringify(value));
  return inWords ? [`expected ${field.expects}, got ${JSON.stringify(shown)}`] : problems;
}

/** The deepest of `known` (dotted field paths) that contains `path`, if any. */
export function fieldOf(path: string, known: ReadonlySet<string>): string | undefined {
  const segs = parsePath(path);
  for (let n = segs.length; n > 0; n--) {
    const candidate = segs.slice(0, n).join('.');
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * A problem as said beside its field. The schema's `got ""` is what an emptied box holds
 * (Find's target and range keep their key while typed over, so that an `atLeast` stays
 * one), and beside a box showing nothing it read as a quirk of the page: it says so.
 */
function atFieldProblem(problem: string): string {
  return problem.endsWith(', got ""') ? `${problem.slice(0, -', got ""'.length)}: the box is empty` : problem;
}
