/**
 * What moved since a baseline (sim/diff.ts), as text for the terminal, Markdown for a Git
 * forge or a CI job summary, and HTML — the `changes.html`/`changes.md` summary pages of
 * `poolsim report --baseline` and the marks on each moved number of a scenario's page.
 * Pure: strings in, strings out.
 */
import type { AnswerChange, AnswerSide, DiffSide, MetricChange, OneSided, ResultDiff, SettingChange } from '../sim/diff.ts';
import { matchKey, somethingMoved } from '../sim/diff.ts';
import { formatNumber, pointLabel, sweepLabel, sweepValueLabel } from './sweep.ts';
import { codeSpan, mdCell } from './markdown.ts';
import { exactFigure, formatAt, rowFigures, rowPlaces, signedFigure, tablePlaces } from '../sim/solve/sentence.ts';

/**
 * A change with its sign: `+0.0136`, `−0.2500`; an exact one (`exact`: both sides exact)
 * by the exact-figure rule, `−0.34375` or `≈−0.1431`, as its sides are. `places`: a Monte
 * Carlo change's, shared with its interval (changePlaces).
 */
export function formatChange(x: number, exact = false, places?: number): string {
  if (x === 0) return '0';
  const sign = x > 0 ? '+' : '−';
  if (exact) return signedFigure(exactFigure(Math.abs(x)), sign);
  return `${sign}${places === undefined ? formatNumber(Math.abs(x)) : formatAt(Math.abs(x), places)}`;
}

/**
 * A Monte Carlo change and its interval at one precision, by the tables' rule (rowPlaces):
 * at four places a change of 0.01234 [0.012333, 0.012347] read "+0.0123 [+0.0123, +0.0123]",
 * an interval of no width, as if the change were known exactly (a report audit).
 */
function changePlaces(c: MetricChange): number | undefined {
  return c.exact ? undefined : rowPlaces({ estimate: c.change, ci95: c.ci95 }, tablePlaces(c.change));
}

/** The change as the summaries print it: exact, or at its interval's precision. */
function changeText(c: MetricChange): string {
  return formatChange(c.change, c.exact, changePlaces(c));
}

function arrow(c: MetricChange): string {
  return c.change > 0 ? '↑' : c.change < 0 ? '↓' : '=';
}

/** Significance as read: `exact`, or the Benjamini–Hochberg adjusted p-value. */
function evidence(c: MetricChange): string {
  if (c.exact) return 'exact';
  const q = c.q ?? 1;
  return `q ${q < 1e-15 ? '< 1e-15' : q.toPrecision(2)}`;
}

function interval(c: MetricChange): string {
  const places = changePlaces(c);
  return c.exact ? 'exact' : `[${formatChange(c.ci95[0], false, places)}, ${formatChange(c.ci95[1], false, places)}]`;
}

/** One side's value as compared: exact, or the Monte Carlo estimate with its 95% interval. */
function sideText(s: DiffSide): string {
  // An exact side as every page prints it (exactFigure): four places read 0.65625 as 0.6562.
  if (s.exact !== undefined) return exactFigure(s.exact);
  // A Monte Carlo side as the report's tables print it (rowFigures, one precision for the
  // row): each figure at four places read 0.00125 [0.000534, 0.00292] as "0.0013 [0.000534,
  // 0.0029]" beside the table's own row, and 0.12352 [0.1235, 0.12354] as "0.1235 [0.1235,
  // 0.1235]", an interval of no width (a report audit).
  const f = rowFigures(s);
  return `${f.estimate} ${f.interval}`;
}

/** "0.4012 [0.3981, 0.4043] → 0.5521": the values compared (exact where known). */
function oldToNew(c: MetricChange): string {
  return `${sideText(c.base)} → ${sideText(c.new)}`;
}

/** "↑ 0.4012 → 0.5521, +0.1509 [+0.1402, +0.1617]": one moved number in a sentence. */
export function describeMove(c: MetricChange): string {
  return `${arrow(c)} ${oldToNew(c)}, ${changeText(c)} ${c.exact ? '(exact)' : `${interval(c)} (${evidence(c)})`}`;
}

/**
 * A moved metric by its label with its name after it, as a check names it ("P(win: vipers)
 * `win.vipers`"), each in the summary's own markup; by its name where it has no label.
 */
function metricText(c: MetricChange, words: (label: string) => string, code: (name: string) => string): string {
  const metric = c.label ? `${words(c.label)} ${code(c.metric)}` : code(c.metric);
  // A solve block's own figure says whose it is: the same metric at the same point of the
  // scenario's results is another number.
  return c.solve === undefined ? metric : `${words(`solve "${c.solve}"${c.reference ? ', setup A (sameAs)' : ''}:`)} ${metric}`;
}

/**
 * A point in words: by the names in the setups ("jill › armour") where both sides carry
 * their setup and name every swept path alike; otherwise by list positions ("character 1
 * › armour"), which mean the same on both sides. A list reordered or renamed between the
 * sides would otherwise give the baseline's number the new side's name.
 */
function pointWords(diff: ResultDiff, scenario: string, point: Record<string, unknown>): string {
  const mechanic = diff.mechanics?.[scenario];
  const setups = diff.setups?.[scenario];
  if (setups?.base !== undefined && setups.new !== undefined) {
    const named = pointLabel(point, setups.new, mechanic);
    if (named === pointLabel(point, setups.base, mechanic)) return named;
  }
  return pointLabel(point, undefined, mechanic);
}

function where(diff: ResultDiff, s: OneSided): string {
  const parts = [`"${s.scenario}"`];
  if (s.solve !== undefined) parts.push(`solve "${s.solve}"`);
  if (s.point) parts.push(`at ${pointWords(diff, s.scenario, s.point)}`);
  if (s.metric) parts.push(`metric ${s.metric}`);
  return parts.join(' ');
}

/** A changed setup lists at most this many of the fields that differ. */
const SETUP_PATHS_SHOWN = 3;

/** The dotted paths where two setups differ, down to the first value that is not an object or list of the same shape. */
function changedPaths(a: unknown, b: unknown, at = ''): { path: string; base: unknown; new: unknown }[] {
  const container = (x: unknown) => x !== null && typeof x === 'object';
  // A list of plain values (a dice pool, named traits) is one field: `dice d6 → d4`, not dice.0.
  const plainList = (x: unknown) => Array.isArray(x) && x.every((v) => !container(v));
  if (container(a) && container(b) && !plainList(a) && !plainList(b) && Array.isArray(a) === Array.isArray(b) && (!Array.isArray(a) || a.length === (b as unknown[]).length)) {
    const keys = [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
    return keys.flatMap((k) => changedPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], at ? `${at}.${k}` : k));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path: at, base: a, new: b }];
}

/** A changed value in one line: a whole list or troupe can be long, so at most ~60 characters. */
function shortJson(value: unknown): string {
  return shortText(JSON.stringify(value) ?? '(unset)');
}

/**
 * A changed rule or setup field: in the form's words, the file's spelling beside them so it
 * can be found in the file: `rule: a hit is (hitOn) “exactly 4” → “4 or more”`,
 * `watch › captain › trait dice (sides.1.combatants.0.dice) d6 → d4`.
 */
function fieldChange(diff: ResultDiff, s: SettingChange, path: string, base: unknown, next: unknown): string {
  const mechanic = diff.mechanics?.[s.scenario];
  // List items named as the base names them: a renamed one reads "crew › name crew → x".
  const setup = s.setting === 'setup' ? s.base : diff.setups?.[s.scenario]?.base;
  const full = `${s.setting}.${path}`;
  const value = (v: unknown) => (v === undefined ? '(unset)' : shortText(sweepValueLabel(full, v, setup, mechanic)));
  const words = sweepLabel(full, setup, mechanic);
  return `${words}${words === path ? '' : ` (${path})`} ${value(base)} → ${value(next)}`;
}

/** A value's words in one line, at most ~60 characters (a whole list or troupe can be long). */
function shortText(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function settingText(diff: ResultDiff, s: SettingChange): string {
  if (s.setting === 'rules') {
    // Only the toggles that differ.
    const base = (s.base ?? {}) as Record<string, unknown>;
    const next = (s.new ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(base), ...Object.keys(next)])].filter((k) => JSON.stringify(base[k]) !== JSON.stringify(next[k]));
    return `"${s.scenario}": ${keys.map((k) => fieldChange(diff, s, k, base[k], next[k])).join(', ')}`;
  }
  if (s.setting === 'setup') {
    const paths = changedPaths(s.base, s.new);
    const shown = paths.slice(0, SETUP_PATHS_SHOWN).map((p) => (p.path ? fieldChange(diff, s, p.path, p.base, p.new) : `setup (all of it) ${shortJson(p.base)} → ${shortJson(p.new)}`));
    const more = paths.length > SETUP_PATHS_SHOWN ? ` and ${paths.length - SETUP_PATHS_SHOWN} more` : '';
    return `"${s.scenario}": ${shown.join(', ')}${more}`;
  }
  if (s.setting === 'solve') {
    // Each part of the question whole: `range [0,5] → [2,12]`, not range.0 and range.1.
    const base = (s.base ?? {}) as Record<string, unknown>;
    const next = (s.new ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(base), ...Object.keys(next)])].filter((k) => JSON.stringify(base[k]) !== JSON.stringify(next[k]));
    return `"${s.scenario}": solve "${s.solve}" asks ${keys.map((k) => `${k} ${shortJson(base[k])} → ${shortJson(next[k])}`).join(', ')}`;
  }
  const at = s.point ? ` at ${pointWords(diff, s.scenario, s.point)}` : '';
  if (s.setting === 'trials' && s.precision) {
    // A --precision side's trials are its cap, not what ran.
    const side = (value: unknown, p: number | undefined) => (p === undefined ? JSON.stringify(value) : `at most ${JSON.stringify(value)} (--precision ${p})`);
    return `"${s.scenario}": trials ${side(s.base, s.precision.base)} → ${side(s.new, s.precision.new)}`;
  }
  return `"${s.scenario}": ${s.setting}${at} ${JSON.stringify(s.base)} → ${JSON.stringify(s.new)}`;
}

/** A solve answer as it reads: "4 (success 0.5 exact)", "none", "4 or 5 (tied; success 0.875 exact at 4)", "undecided: 4 or 5". */
function answerText(x: AnswerSide): string {
  const v = (value: unknown) => (value === null ? 'none' : typeof value === 'string' ? value : JSON.stringify(value));
  // What the answer stands on: the metric there, exact or with its interval, a Monte Carlo
  // one at the tables' precision as the sides of a moved number are (rowFigures: four
  // places read 0.50001 [0.49999, 0.50003] as "0.5000 [0.5000, 0.5000]", a review).
  const mc = (estimate: number, ci95: [number, number]) => {
    const f = rowFigures({ estimate, ci95 });
    return `${f.estimate} ${f.interval}`;
  };
  const figure = x.at
    ? `${x.at.metric} ${x.at.exact !== undefined ? `${exactFigure(x.at.exact)} exact` : x.at.estimate !== undefined && x.at.ci95 ? mc(x.at.estimate, x.at.ci95) : '?'}`
    : undefined;
  // A tie with the figure at its value too ("1 or 2 (tied; success 0.875 exact at 1)": the
  // tied values are as near the target, not alike): it had none (a report audit).
  if (x.decided && x.candidates && x.candidates.length > 1) return `${x.candidates.map(v).join(' or ')} (tied${figure ? `; ${figure} at ${v(x.value ?? null)}` : ''})`;
  if (x.decided) return `${v(x.value ?? null)}${figure ? ` (${figure})` : ''}`;
  return `undecided: ${(x.candidates ?? []).map(v).join(' or ') || 'no candidates'}`;
}

/**
 * Why a changed answer has not moved: the two sides share a value each allows. Not "each
 * side allows the other", which "5 → undecided: 4 or 6" or two undecided answers sharing
 * one value are not (an audit).
 */
const NOT_MOVED = 'the sides share a possible answer';

/** A changed solve answer in one line, moved or not. */
function answerLine(x: AnswerChange): string {
  const verdict = x.moved ? 'moved' : `not moved: ${NOT_MOVED}`;
  // Searched differently (a block's everyValue, or more values than a bisection decides
  // each): said, as the likely reason where the metric turns back between values.
  const how = { everyValue: 'decided every value', assumed: 'assumed the metric moves one way between the values it looked at' } as const;
  const searches = x.base.search !== undefined && x.new.search !== undefined && x.base.search !== x.new.search ? `; the base ${how[x.base.search]}, the new ${how[x.new.search]}` : '';
  return `"${x.scenario}" solve "${x.solve}": ${answerText(x.base)} → ${answerText(x.new)} (${verdict}${searches})`;
}

/** The moved changes grouped by scenario, in the order of the new results. */
function movedByScenario(diff: ResultDiff): Map<string, MetricChange[]> {
  const out = new Map<string, MetricChange[]>();
  for (const c of diff.changes) {
    if (!c.moved) continue;
    const list = out.get(c.scenario) ?? [];
    list.push(c);
    out.set(c.scenario, list);
  }
  return out;
}

/** One line: how many moved, out of what, tested how. */
export function headline(diff: ResultDiff): string {
  // Results of an older diff (a test's hand-made one) carry no `identical`.
  const identical = diff.identical ?? 0;
  const exact = diff.changes.length - diff.tested - identical;
  const scenarios = movedByScenario(diff).size;
  // A Monte Carlo number that differs at the same seed did change: its draws or its rule did.
  // Within its noise it is not "moved", but "nothing moved" alone read as nothing changed
  // (an audit: Stand Ups 1.619 → 1.568 at the same seed read so), so they are counted.
  const seedChanged = new Set(diff.settings.filter((s) => s.setting === 'seed' && s.point === undefined).map((s) => s.scenario));
  // Not significant only: one significant but under --min-change is "ignored", not noise; and
  // Monte Carlo on both sides (against an exact value there is no seed to share).
  const differ = diff.changes.filter(
    (c) => c.p !== undefined && !c.significant && c.change !== 0 && c.base.exact === undefined && c.new.exact === undefined && !seedChanged.has(c.scenario),
  ).length;
  const within = differ > 0 ? ` (${differ} of them ${differ === 1 ? 'differs' : 'differ'} at the same seed, by no more than ${differ === 1 ? 'its' : 'their'} noise)` : '';
  const compared = `${diff.changes.length} number${diff.changes.length === 1 ? '' : 's'} compared in ${diff.scenarios} scenario${diff.scenarios === 1 ? '' : 's'}: ${exact} exact, ${identical > 0 ? `${identical} Monte Carlo the same to the last digit at the same seed (not tested), ` : ''}${diff.tested} Monte Carlo tested at false discovery rate ${diff.fdr}${within}${diff.minChange > 0 ? `, changes up to ${diff.minChange} ignored` : ''}`;
  const answers = diff.answers;
  const answersMoved = diff.answersMoved;
  const sidedCount = diff.onlyInBase.length + diff.onlyInNew.length;
  // Results of an older diff carry no `otherMechanic`.
  const otherCount = (diff.otherMechanic ?? []).length;
  // "nothing moved" only where nothing is amiss at all: with something on one side only, or
  // a scenario now another mechanic, the diff fails, and its first words must not say the opposite.
  const numbers = diff.moved === 0 ? (answersMoved === 0 ? (sidedCount + otherCount > 0 ? 'no number moved' : 'nothing moved') : '') : `${diff.moved} number${diff.moved === 1 ? '' : 's'} moved in ${scenarios} scenario${scenarios === 1 ? '' : 's'}`;
  const solved = answersMoved > 0 ? `${answersMoved} solve answer${answersMoved === 1 ? '' : 's'} moved` : '';
  const moved = [numbers, solved].filter((x) => x !== '').join('; ');
  const sided = sidedCount;
  const answersCompared = answers.length > 0 ? `; ${answers.length} solve answer${answers.length === 1 ? '' : 's'} compared` : '';
  const joint = diff.moved === 0 && answersMoved === 0 ? ', but ' : '; ';
  const amiss = [
    sided ? `${sided} scenario(s), point(s), metric(s) or solve(s) on one side only` : '',
    otherCount ? `${otherCount} scenario${otherCount === 1 ? '' : 's'} now another system or mechanic (not compared)` : '',
  ].filter((x) => x !== '');
  return `${moved}${amiss.length > 0 ? `${joint}${amiss.join('; ')}` : ''} (${compared}${answersCompared})`;
}

/**
 * What the three summaries list after the moved numbers, in order. A trial count that
 * changed at every point alike is said once, for the scenario (a `--precision` run's
 * points listed one by one made hundreds of lines saying the same).
 */
/** The two sides as the Markdown and HTML summaries name them. */
const SIDE_NAMES = { base: 'the baseline', new: 'the new results' };

function listed(diff: ResultDiff, names: { base: string; new: string }): [string, string[]][] {
  const scenarioTrials = new Map(diff.settings.filter((s) => s.setting === 'trials' && !s.point).map((s) => [s.scenario, s]));
  const settings = diff.settings.filter((s) => {
    const whole = s.setting === 'trials' && s.point ? scenarioTrials.get(s.scenario) : undefined;
    return !(whole && whole.base === s.base && whole.new === s.new);
  });
  // A scenario now another mechanic is said under its own heading, with what that means
  // for its numbers, not among the settings of scenarios that were compared.
  const other = new Set(diff.otherMechanic ?? []);
  return [
    [
      'Scenarios now another system or mechanic (their numbers and solve answers not compared: the same metric name means another thing)',
      settings.filter((s) => s.setting === 'mechanic' && other.has(s.scenario)).map((s) => settingText(diff, s)),
    ],
    ['Solve answers that changed', diff.answers.filter((x) => x.changed).map(answerLine)],
    [`Only in ${names.base}`, diff.onlyInBase.map((s) => where(diff, s))],
    [`Only in ${names.new}`, diff.onlyInNew.map((s) => where(diff, s))],
    ['Settings that differ', settings.filter((s) => !(s.setting === 'mechanic' && other.has(s.scenario))).map((s) => settingText(diff, s))],
    ['Baseline scenarios not run here (not compared)', (diff.notRun ?? []).map((name) => `"${name}"`)],
    [
      'Solve answers not compared (one side carries none: `run --json` and `merge` write none; a report\'s results.json does)',
      (diff.answersNotCompared ?? []).map((name) => `"${name}"`),
    ],
  ];
}

/**
 * How the intervals of the changes in the tables were made, as sim/diff.ts made them: at
 * another seed Newcombe's method on the two 95% intervals; at the same seed the two halves
 * added (h₁ + h₂, the worst correlation). The footnote named Newcombe's method alone, while
 * the balance gate (same seed) uses the other (an audit). Read from the Monte Carlo changes
 * the tables show (all compared where none moved); '' where there are none.
 */
function intervalsNote(diff: ResultDiff): string {
  const otherSeed = new Set(diff.settings.filter((s) => s.setting === 'seed').map((s) => s.scenario));
  const monteCarlo = diff.changes.filter((c) => !c.exact && !c.identical);
  const shown = monteCarlo.some((c) => c.moved) ? monteCarlo.filter((c) => c.moved) : monteCarlo;
  const other = shown.some((c) => otherSeed.has(c.scenario));
  const same = shown.some((c) => !otherSeed.has(c.scenario));
  const newcombe = 'Newcombe’s method on the two 95% intervals';
  const added = 'the two 95% intervals’ halves added, h₁ + h₂ (the runs share their random numbers, correlated in a way not known)';
  if (other && same) return ` Intervals: at another seed ${newcombe}; at the same seed ${added}.`;
  if (other) return ` Intervals: ${newcombe} (runs at other seeds).`;
  if (same) return ` Intervals: at the same seed, ${added}.`;
  return '';
}

/** The footnote under the Markdown and HTML summaries: what "moved" means, and how the intervals were made. */
function footnote(diff: ResultDiff): string {
  return `Moved: significant after Benjamini–Hochberg control of the false discovery rate over every Monte Carlo comparison (q ≤ the rate), or an exact change; and larger than the minimum change (if one is set) across the change’s whole interval.${intervalsNote(diff)}`;
}

// ---------------------------------------------------------------- terminal

export function renderDiffText(diff: ResultDiff, names: { base: string; new: string }): string {
  const lines = [`poolsim diff ${names.base} ${names.new}`, headline(diff)];
  for (const [scenario, list] of movedByScenario(diff)) {
    lines.push('', scenario);
    const rows = list.map((c) => [`${metricText(c, (label) => label, (name) => `(${name})`)}${Object.keys(c.point).length ? ` at ${pointWords(diff, c.scenario, c.point)}` : ''}`, describeMove(c)]);
    const width = Math.min(60, Math.max(...rows.map((r) => r[0].length)));
    for (const [what, move] of rows) lines.push(`  ${what.padEnd(width)}  ${move}`);
  }
  for (const [title, items] of listed(diff, { base: `${names.base} (the baseline)`, new: names.new })) {
    if (items.length === 0) continue;
    lines.push('', `${title[0]!.toLowerCase()}${title.slice(1)}:`, ...items.map((i) => `  ${i}`));
  }
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------- Markdown


/**
 * The Markdown summary (`poolsim diff --markdown`, `changes.md`, the CI job summary):
 * every moved number, then what is on one side only and the settings that differ.
 * `link(scenario)` gives a scenario's page, when there is one.
 */
export function renderDiffMarkdown(diff: ResultDiff, options: { title?: string; link?: (scenario: string) => string | undefined } = {}): string {
  const moved = movedByScenario(diff);
  const lines = [`## ${options.title ?? 'Balance: what moved since the baseline'}`, ''];
  lines.push(somethingMoved(diff) ? `❌ **${mdCell(headline(diff))}**` : `✅ ${mdCell(headline(diff))}`, '');
  for (const [scenario, list] of moved) {
    const href = options.link?.(scenario);
    lines.push(`### ${href ? `[${mdCell(scenario)}](${href})` : mdCell(scenario)}`, '');
    lines.push('| point | metric | baseline | now | change | 95% interval of the change | significance |', '|---|---|--:|--:|--:|--:|--:|');
    for (const c of list) {
      lines.push(
        `| ${mdCell(Object.keys(c.point).length ? pointWords(diff, c.scenario, c.point) : '—')} | ${metricText(c, mdCell, codeSpan)} | ${sideText(c.base)} | ${sideText(c.new)} | ${arrow(c)} ${changeText(c)} | ${interval(c)} | ${evidence(c)} |`,
      );
    }
    lines.push('');
  }
  for (const [title, items] of listed(diff, SIDE_NAMES)) {
    if (items.length === 0) continue;
    lines.push(`### ${title}`, '', ...items.map((i) => `- ${mdCell(i)}`), '');
  }
  lines.push(
    `<sub>${mdCell(footnote(diff))}</sub>`,
    '',
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------- HTML

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const MOVED_STYLE = 'color:#8a4b00;font-weight:600';
const ROW_STYLE = 'background:#fff4e0';

/** The moved changes of one scenario, looked up by point and metric (render.ts's tables). */
export function movedLookup(changes: readonly MetricChange[] | undefined): (point: Record<string, unknown>, metric: string) => MetricChange | undefined {
  if (!changes?.length) return () => undefined;
  // A result point's numbers only: a solve block's figure at the same point is another number.
  const byKey = new Map(changes.filter((c) => c.moved && c.solve === undefined).map((c) => [`${matchKey(c.point)}\u0000${c.metric}`, c]));
  return (point, metric) => byKey.get(`${matchKey(point)}\u0000${metric}`);
}

/** `<tr>`'s attribute for a moved row ('' otherwise). */
export function movedRowAttribute(c: MetricChange | undefined): string {
  return c ? ` style="${ROW_STYLE}"` : '';
}

/** The mark on a moved number in an HTML table cell ('' when it did not move). */
export function movedMarkHtml(c: MetricChange | undefined): string {
  return c ? `<br><small style="${MOVED_STYLE}" title="moved since the baseline">${escapeHtml(describeMove(c))}</small>` : '';
}

/** The mark on a moved number in a Markdown table cell ('' when it did not move). */
export function movedMarkMarkdown(c: MetricChange | undefined): string {
  return c ? `<br>**${mdCell(describeMove(c))}**` : '';
}

/** One scenario's comparisons with the baseline (`report --baseline`): its numbers and its solve answers. */
export interface ScenarioChanges {
  metrics: readonly MetricChange[];
  answers: readonly AnswerChange[];
  /** The baseline's system and mechanic ("viciousness clash"), where this scenario is now another: nothing of it was compared. */
  otherMechanic?: string;
}

/** The mark under a solve answer that changed since the baseline ('' when it did not). */
export function answerMark(changes: ScenarioChanges | undefined, solve: string): string {
  const x = changes?.answers.find((a) => a.solve === solve && a.changed);
  if (!x) return '';
  return `${x.moved ? 'Moved' : `Changed, not moved (${NOT_MOVED})`} since the baseline: ${answerText(x.base)} → ${answerText(x.new)}`;
}

/** A line at the top of a scenario's page saying how many of its numbers and solve answers moved. */
export function scenarioBanner(changes: ScenarioChanges | undefined, format: 'html' | 'md'): string {
  if (changes === undefined) return '';
  if (changes.otherMechanic !== undefined) {
    // Not "Nothing moved": nothing was compared, and the diff fails on it.
    const text = `In the baseline this scenario was a ${changes.otherMechanic}: its numbers and solve answers were not compared.`;
    if (format === 'md') return `**${text}** [All changes](../changes.md)\n\n`;
    return `<p style="${MOVED_STYLE}">${escapeHtml(text)} <a href="../changes.html">All changes</a></p>\n`;
  }
  const numbers = changes.metrics.filter((c) => c.moved && c.solve === undefined).length;
  const answers = changes.answers.filter((c) => c.moved).length;
  // A solve block's figures at the values it searched are not in this page's tables: listed
  // on the summary page only.
  const figures = changes.metrics.filter((c) => c.moved && c.solve !== undefined).length;
  const n = numbers + answers + figures;
  const marked = [
    numbers > 0 ? `${numbers} number${numbers === 1 ? '' : 's'}` : '',
    answers > 0 ? `${answers} solve answer${answers === 1 ? '' : 's'}` : '',
  ].filter((x) => x !== '').join(' and ');
  const listedOnly = figures > 0 ? `${figures} figure${figures === 1 ? '' : 's'} of its solve blocks at the values they searched moved (listed under All changes)` : '';
  const text =
    n === 0
      ? 'Nothing moved since the baseline.'
      : [marked ? `${marked} moved since the baseline (marked below)` : '', listedOnly].filter((x) => x !== '').join('; ') + (marked ? '.' : ' since the baseline.');
  if (format === 'md') return `${n > 0 ? `**${text}** [All changes](../changes.md)` : text}\n\n`;
  return `<p style="${n > 0 ? MOVED_STYLE : 'color:#555'}">${escapeHtml(text)}${n > 0 ? ' <a href="../changes.html">All changes</a>' : ''}</p>\n`;
}

/** The banner at the top of the run's index: the headline, linked to the summary page. */
export function indexBanner(diff: ResultDiff | undefined, format: 'html' | 'md'): string {
  if (!diff) return '';
  const text = headline(diff);
  if (format === 'md') return `**Since the baseline:** ${mdCell(text)} — [what moved](changes.md)\n\n`;
  return `<p style="${somethingMoved(diff) ? MOVED_STYLE : 'color:#555'}"><strong>Since the baseline:</strong> ${escapeHtml(text)} — <a href="changes.html">what moved</a></p>\n`;
}

/** `changes.html`: the summary page of everything that moved, linked to each scenario's page. */
export function renderChangesHtml(diff: ResultDiff, link: (scenario: string) => string | undefined): string {
  const sections: string[] = [];
  for (const [scenario, list] of movedByScenario(diff)) {
    const href = link(scenario);
    const title = href ? `<a href="${escapeHtml(href)}">${escapeHtml(scenario)}</a>` : escapeHtml(scenario);
    const rows = list
      .map(
        (c) =>
          `<tr><td>${escapeHtml(Object.keys(c.point).length ? pointWords(diff, c.scenario, c.point) : '—')}</td><td>${metricText(c, escapeHtml, (name) => `<code>${escapeHtml(name)}</code>`)}</td><td class="num">${escapeHtml(sideText(c.base))}</td><td class="num">${escapeHtml(sideText(c.new))}</td><td class="num">${arrow(c)} ${escapeHtml(changeText(c))}</td><td class="num">${escapeHtml(
            interval(c),
          )}</td><td class="num">${escapeHtml(evidence(c))}</td></tr>`,
      )
      .join('\n');
    sections.push(`<h2>${title}</h2>
<table>
<thead><tr><th>point</th><th>metric</th><th>baseline</th><th>now</th><th>change</th><th>95% interval of the change</th><th>significance</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`);
  }
  for (const [title, items] of listed(diff, SIDE_NAMES)) {
    if (items.length) sections.push(`<h2>${title}</h2>\n<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`);
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>What moved since the baseline</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; max-width: 1100px; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: left; vertical-align: top; }
td.num { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; }
</style>
</head>
<body>
<p><a href="index.html">← all scenarios</a></p>
<h1>What moved since the baseline</h1>
<p style="${somethingMoved(diff) ? MOVED_STYLE : ''}">${escapeHtml(headline(diff))}</p>
${sections.join('\n')}
<p style="color:#555"><small>${escapeHtml(footnote(diff))}</small></p>
</body>
</html>
`;
}
