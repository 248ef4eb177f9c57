/**
 * A scenario result → the files of its report, as strings (no file I/O here, so the CLI,
 * the tests and a future dashboard export all share it; write.ts puts them on disk):
 *
 * - `index.html`: self-contained (charts inline, styles inline, no scripts);
 * - `report.md`: for a Git forge, pointing at `charts/<name>.svg` beside it;
 * - `results.csv`: one row per point × metric.
 *
 * And the top-level `index.html`/`index.md` over all scenarios of a run.
 */
import { codeSpan, mdCell } from './markdown.ts';
import { pointNotes } from './pointNotes.ts';
import { noteWords } from './setupWords.ts';
import type { RulePiece } from './ruleWords.ts';
import { borderlinePoints, checkParts, exactDisagrees, exactNoteMark, failedAt, formatInterval, measured } from './checkText.ts';
export { describeCheck, measured, measuredAtFailures } from './checkText.ts';
import { rowFigures } from '../sim/solve/sentence.ts';
import { from } from 'arquero';
import type { ExpectResult, MetricResult, ScenarioResult } from '../sim/result.ts';
import type { Chart } from './charts/index.ts';
import { metricKinds, metricLabel, metricNames } from './metrics.ts';
import { formatNumber, pointLabel, type SweepMechanic } from './sweep.ts';
import { describeSolveExpect, isSolveChart, solveScopeNote, solveSectionHtml, solveSectionMarkdown } from './solveSection.ts';
import { rulesSectionHtml, rulesSectionMarkdown } from './rulesSection.ts';

export { formatNumber };
import { sweepAxes } from './charts/shared.ts';
import { groupedMetrics, headlineLines, headlineMetrics, type HeadlineLine } from './headline.ts';
import { namespaceIds } from './svg.ts';
import type { MetricChange, ResultDiff } from '../sim/diff.ts';
import { indexBanner, movedLookup, movedMarkHtml, movedMarkMarkdown, movedRowAttribute, scenarioBanner, type ScenarioChanges } from './changes.ts';

/** One scenario of a run, as the CLI hands it over. */
export interface ReportEntry {
  /** Folder name of the scenario's report: letters, digits, `.`, `_`, `-`. */
  slug: string;
  result: ScenarioResult;
  /** Where the scenario came from (its file path), shown in the report. */
  source?: string;
  /** The scenario's setup, where known: sweep paths then name list items (reports/sweep.ts). */
  setup?: unknown;
  /** With `report --baseline`: this scenario's comparisons with the baseline (sim/diff.ts). */
  changes?: ScenarioChanges;
}

/** Where a chart's SVG sits relative to the scenario's report folder. */
export function chartPath(chart: Pick<Chart, 'name'>): string {
  return `charts/${chart.name}.svg`;
}

/**
 * The scenario's checks, counted as `poolsim report` counts them: its `expect` checks and
 * the `expect` of its solve blocks (a solved value's check fails the run as well).
 */
function checkCounts(result: ScenarioResult): { passed: number; failed: number; total: number } {
  const solved = (result.solve ?? []).filter((s) => s.expect);
  const failed = result.expect.filter((c) => !c.pass).length + solved.filter((s) => !s.expect!.pass).length;
  const total = result.expect.length + solved.length;
  return { passed: total - failed, failed, total };
}

/** Rows of every point × metric in the order of points, then of first appearance of metrics. */
function metricRows(result: ScenarioResult): { point: Record<string, unknown>; metric: string; m: MetricResult }[] {
  const names = metricNames(result);
  return result.results.flatMap((p) =>
    names.filter((metric) => p.metrics[metric] !== undefined).map((metric) => ({ point: p.point, metric, m: p.metrics[metric]! })),
  );
}

// ---------------------------------------------------------------- CSV

/** A sweep value in a CSV cell: scalars as they are, lists and objects as JSON. */
function csvValue(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/**
 * `results.csv`: one row per point × metric. Columns: each sweep path (named as in the
 * scenario file), then `metric`, `estimate`, `ci_low`, `ci_high`, `exact` (empty where
 * the project does not compute it), and what the figure is, as the JSON says it, so the
 * CSV alone never leaves it to be guessed: `kind` (probability or mean), `scale` (the
 * members it is a share of, empty for 1: a per-guard death chance beside a side's
 * deaths), `trials` (the point's, as the JSON has it) and `label` (the point's: "each of
 * 3" where the entry has 3).
 */
export function renderResultsCsv(result: ScenarioResult): string {
  const axes = sweepAxes(result);
  const trialsOf = new Map(result.results.map((p) => [p.point, p.trials]));
  const kinds = metricKinds(result);
  const rows = metricRows(result).map(({ point, metric, m }) => ({
    ...Object.fromEntries(axes.map((a) => [a, csvValue(point[a])])),
    metric,
    estimate: m.estimate,
    ci_low: m.ci95[0],
    ci_high: m.ci95[1],
    exact: m.exact,
    kind: m.kind ?? kinds.get(metric),
    scale: m.scale,
    trials: trialsOf.get(point) ?? result.trials,
    // The point's own label ("each of 3" at a point of three minions), else the result's.
    label: m.label ?? metricLabel(result, metric),
  }));
  return from(rows, [...axes, 'metric', 'estimate', 'ci_low', 'ci_high', 'exact', 'kind', 'scale', 'trials', 'label']).toCSV();
}

// ---------------------------------------------------------------- HTML

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * A point's note (sim/result.ts PointResult.notes) in the form's words, as the dashboard
 * shows it (reports/setupWords.ts noteWords): the setup fields and rules it names as their
 * fields and selects are labelled ("“the company’s policy › bank at once to keep the rank”
 * changes nothing here"), the file's text in the title. The result JSON and `poolsim run`
 * keep the file's words ("policy.defendRank changes nothing here").
 */
function notePieces(note: string, result: ScenarioResult, setup: unknown): RulePiece[] {
  return noteWords(note, result, setup ?? result.setup);
}

function noteHtml(note: string, result: ScenarioResult, setup: unknown): string {
  return notePieces(note, result, setup).map((p) => (typeof p === 'string' ? escapeHtml(p) : `<span title="${escapeHtml(p.raw)}">${escapeHtml(p.words)}</span>`)).join('');
}

function noteMarkdown(note: string, result: ScenarioResult, setup: unknown): string {
  return mdCell(notePieces(note, result, setup).map((p) => (typeof p === 'string' ? p : p.words)).join(''));
}

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; max-width: 980px; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: left; vertical-align: top; }
td.num { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; }
code { font-size: 0.85em; color: #555; }
.pass { color: #176f2c; font-weight: 600; } .fail { color: #b00020; font-weight: 700; }
.mark { white-space: nowrap; }
tr.fail-row { background: #fdecee; }
.summary { padding: 0.5rem 0.8rem; border-radius: 4px; display: inline-block; }
.summary.pass { background: #e6f4ea; } .summary.fail { background: #fdecee; }
figure { margin: 1rem 0 2rem; } figure svg { max-width: 100%; height: auto; }
.meta { color: #555; }
.question { font-size: 1.05rem; color: #333; border-left: 3px solid #4269d0; padding: 0.2rem 0.8rem; margin: 0.5rem 0 1rem; }
.headline { background: #f4f6fb; border: 1px solid #d9dee5; border-radius: 6px; padding: 0.6rem 1rem; margin: 1rem 0; }
.headline h2 { margin: 0 0 0.4rem; font-size: 1.05rem; }
.headline ul { margin: 0; padding-left: 1.1rem; }
.headline .value { font-size: 1.2rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.headline .detail, .why { color: #555; font-size: 0.9em; }
.why { display: block; font-style: italic; }
tr.group th { background: #f1f3f6; text-align: left; font-weight: 600; }
/* A check's "measured" wraps between its figures, never inside one ("95% interval [0.5406,
   0.5544]" stays whole), its lines from the left as its heading's: kept on one line it
   stood 688 px wide on a 390 px phone, the check squeezed beside it and the figures
   scrolled out of sight. */
td.measured { white-space: normal; text-align: left; min-width: 9em; }
td.measured .figure { white-space: nowrap; }
tr.headline-row td:first-child { font-weight: 600; }
.scroll { overflow-x: auto; max-width: 100%; }
.note { color: #555; font-style: italic; }
@media (max-width: 640px) {
  body { margin: 1rem auto; font-size: 14px; }
  th, td { padding: 0.2rem 0.35rem; }
  /* The checks table in two lines a check: its sentence across the page, then its result
     and what was measured, which then has the width of the page less the badge's. Three
     columns gave the figures 187 px beside the sentence's 140, and still ran past. */
  table.checks, table.checks thead, table.checks tbody { display: block; }
  table.checks tr { display: grid; grid-template-columns: auto 1fr; }
  table.checks tr > :first-child { grid-column: 1 / -1; border-bottom: none; padding-bottom: 0; }
  td.measured { min-width: 0; }
  /* Charts keep a readable text size and scroll sideways rather than shrink to a phone. */
  figure { overflow-x: auto; }
  figure svg { max-width: none; width: 600px; }
}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * What a check measured, its figures each kept whole where the cell wraps (td.measured):
 * "95% interval [0.5406, 0.5544]", "0.5475 [0.5406, 0.5544]" (a range's ends), any other
 * interval ("within [0, 0.000193]"'s) and "exact ≈0.5531" never broken inside.
 */
function measuredHtml(text: string): string {
  return escapeHtml(text).replace(/(?:(?:-?[\d.]+(?:e[-+]?\d+)? |95% interval )?\[[^\]]*\]|exact ≈?-?[\d.]+(?:e[-+]?\d+)?(?: to ≈?-?[\d.]+(?:e[-+]?\d+)?)?)/g, '<span class="figure">$&</span>');
}

function checkMark(pass: boolean): string {
  // Only the short badge is kept on one line (.mark): with nowrap on .pass/.fail a long
  // summary ("4 of 8 expect checks FAILED; ⚠ 2 passed on the interval…") or a failed
  // solve check's sentence ran the index table and the page off the side.
  return pass ? '<span class="pass mark">✔ PASS</span>' : '<span class="fail mark">✘ FAIL</span>';
}

/**
 * A check's sentence on a page: the metric by its label, as the charts beside it name it,
 * and by its name in code (what a designer writes in `expect`), then the band and where.
 */
function checkHtml(c: ExpectResult, setup: unknown, result: ScenarioResult): string {
  const { label, metric, rest } = checkParts(c, setup, result);
  return `${label === undefined ? '' : `${escapeHtml(label)} `}<code>${escapeHtml(metric)}</code> ${escapeHtml(rest)}`;
}

/** checkHtml in Markdown: the label as text, the name as a code span. */
function checkMarkdown(c: ExpectResult, setup: unknown, result: ScenarioResult): string {
  const { label, metric, rest } = checkParts(c, setup, result);
  return `${label === undefined ? '' : `${mdCell(label)} `}${codeSpan(metric)} ${mdCell(rest)}`;
}

/**
 * "all 3 expect checks passed", and a solve block's checks said as such beside them
 * ("both solve checks passed (see Solve)"): counted together for pass or fail, but a page
 * whose file has no `expect` read "all 2 expect checks passed" above no table.
 */
function checksSummary(result: ScenarioResult): { text: string; pass: boolean } {
  const { failed } = checkCounts(result);
  const said = (what: string, total: number, failedHere: number): string => {
    if (failedHere > 0) return total === 1 ? `the ${what} check FAILED` : `${failedHere} of ${total} ${what} checks FAILED`;
    return total === 1 ? `the ${what} check passed` : total === 2 ? `both ${what} checks passed` : `all ${total} ${what} checks passed`;
  };
  const solved = (result.solve ?? []).filter((s) => s.expect);
  const parts: string[] = [];
  if (result.expect.length) parts.push(said('expect', result.expect.length, result.expect.filter((c) => !c.pass).length));
  if (solved.length) parts.push(`${said('solve', solved.length, solved.filter((s) => !s.expect!.pass).length)} (see Solve)`);
  // Passed by its interval (the contract) while the exact value misses the band: said on
  // the index as on the page and the terminal, not hidden behind "passed".
  const luck = result.expect.filter((c) => c.pass && c.exactPass === false).length;
  if (luck > 0) parts.push(luck === 1 ? '⚠ one passed on the interval while the exact value misses the band' : `⚠ ${luck} passed on the interval while their exact values miss the band`);
  // Without exact values: passed while the estimate lies outside the band (another seed may fail it).
  const shaky = result.expect.filter((c) => borderlinePoints(c, result) > 0).length;
  if (shaky > 0) parts.push(shaky === 1 ? '⚠ one passed on the interval while its estimate lies outside the band (another seed may fail it)' : `⚠ ${shaky} passed on the interval while their estimates lie outside the band (another seed may fail them)`);
  return { text: parts.length ? parts.join('; ') : 'no expect checks', pass: failed === 0 };
}

/**
 * An expect check in one line, for the index, with the note the scenario page gives it
 * (exactDisagrees): where its exact value disagrees with the verdict (the index's summary
 * said "⚠ 2 passed on the interval…" but no line of it showed which two), and that a
 * `decide: "exact"` check was decided on its exact value (a failing one read "✘ FAIL
 * success ≥ 0.35 at challenges = 4" right under a PASS of the same line, unexplained).
 */
function expectLine(c: ExpectResult, setup: unknown, result: ScenarioResult): IndexLine {
  const note = exactDisagrees(c, result);
  return { pass: c.pass, html: checkHtml(c, setup, result), md: checkMarkdown(c, setup, result), ...(note ? { note: `${exactNoteMark(c)}${note}` } : {}) };
}

/** A line of the index's checks, in HTML and in Markdown. */
interface IndexLine {
  pass: boolean;
  html: string;
  md: string;
  /** The exact value's note, with its ⚠ where it warns (exactNoteMark). */
  note?: string;
}

/** A solve block's check in one line, for the index: `solve "even heist": the value found should be 2`. */
function solveCheckLines(result: ScenarioResult): IndexLine[] {
  return (result.solve ?? []).filter((s) => s.expect).map((s) => {
    const text = `solve "${s.name}": ${describeSolveExpect(s.expect!, false, s.vary)}`;
    return { pass: s.expect!.pass, html: escapeHtml(text), md: mdCell(text) };
  });
}

/**
 * What the page is: system, mechanic, trials, seed, points, the file, and the build that
 * ran it (the digest of the compiled command's bundles, scripts/build.mjs codeDigest, as a
 * shard's part names it): the pages named the seed and trials but not the code, so a page
 * could not be told from one a later build wrote (a report audit).
 */
function metaLine(result: ScenarioResult, source?: string, build?: string): string {
  return [
    `${result.system} · ${result.mechanic}`,
    `${result.trials} trials`,
    `seed ${JSON.stringify(result.seed)}`,
    `${result.results.length} point${result.results.length === 1 ? '' : 's'}`,
    ...(source ? [`from ${source}`] : []),
    ...(build ? [`poolsim build ${build}`] : []),
  ].join(' · ');
}

/** On a page with solve blocks: what the headline and the rest are for (reports/solveSection.ts). */
function solveScopeHtml(result: ScenarioResult, setup?: unknown): string {
  const scope = solveScopeNote(result, setup);
  return scope ? `<p class="note">${escapeHtml(scope)}</p>
` : '';
}

/**
 * A headline figure's move since the baseline, where it moved: at its point, or the one
 * point of a scenario without a sweep (a figure said once for every point has none). The
 * headline's moved figures went unmarked, only the table's rows were (a report audit).
 */
function headlineMove(result: ScenarioResult, l: HeadlineLine, moved: ReturnType<typeof movedLookup>): MetricChange | undefined {
  const point = l.point ?? (result.results.length === 1 ? result.results[0]!.point : undefined);
  return point ? moved(point, l.metric) : undefined;
}

/** The headline block: the mechanic's own headline figures, exact first. */
function headlineHtml(result: ScenarioResult, setup: unknown, moved: ReturnType<typeof movedLookup>): string {
  const lines = headlineLines(result, setup);
  if (!lines.length) return '';
  const items = lines
    .map(
      (l) =>
        `<li>${escapeHtml(l.label)}${l.where ? ` <small>at ${escapeHtml(l.where)}</small>` : ''}: <span class="value">${escapeHtml(l.value)}</span> <span class="detail">${escapeHtml(l.detail)}</span>${movedMarkHtml(headlineMove(result, l, moved))}</li>`,
    )
    .join('\n');
  return `<section class="headline">\n<h2>Headline</h2>\n<ul>\n${items}\n</ul>\n</section>`;
}

/** One point's table: the headline rows first, then the rest grouped by family. */
function pointTableHtml(result: ScenarioResult, metrics: Record<string, MetricResult>, headline: string[], moved: (metric: string) => MetricChange | undefined): string {
  const row = (metric: string, m: MetricResult) => {
    const f = rowFigures(m);
    return `<tr${headline.includes(metric) ? ' class="headline-row"' : ''}${movedRowAttribute(moved(metric))}><td>${escapeHtml(metricLabel(result, metric))} <code>${escapeHtml(metric)}</code>${movedMarkHtml(moved(metric))}</td><td class="num">${
      f.exact ?? '—'
    }</td><td class="num">${f.estimate}</td><td class="num">${f.interval}</td></tr>`;
  };
  const groups = groupedMetrics(result, Object.keys(metrics), headline);
  const body = groups
    .map((g) => `${g.heading && groups.length > 1 ? `<tr class="group"><th colspan="4">${escapeHtml(g.heading)}</th></tr>\n` : ''}${g.metrics.map((n) => row(n, metrics[n]!)).join('\n')}`)
    .join('\n');
  return `<div class="scroll"><table>
<thead><tr><th>metric</th><th>exact</th><th>estimate</th><th>95% interval</th></tr></thead>
<tbody>
${body}
</tbody>
</table></div>`;
}

/** A scenario's `index.html`: checks, charts inline, and a table per point. */
export function renderScenarioHtml(result: ScenarioResult, charts: Chart[], source?: string, changes?: ScenarioChanges, notes: string[] = [], setup?: unknown, build?: string): string {
  const moved = movedLookup(changes?.metrics);
  const summary = checksSummary(result);
  const headline = headlineMetrics(result);
  const checks = result.expect.length
    ? `<div class="scroll"><table class="checks">
<thead><tr><th>check</th><th>result</th><th>measured</th></tr></thead>
<tbody>
${result.expect
  .map(
    (c) => `<tr${c.pass ? '' : ' class="fail-row"'}><td>${checkHtml(c, setup, result)}${
      failedAt(c, setup, result) ? `<br><small>${escapeHtml(failedAt(c, setup, result))}</small>` : ''
    }${exactDisagrees(c, result) ? `<br><small class="exact-note">${exactNoteMark(c)}${escapeHtml(exactDisagrees(c, result)!)}</small>` : ''}${c.why ? `<span class="why">why: ${escapeHtml(c.why)}</span>` : ''}</td><td>${checkMark(c.pass)}</td><td class="num measured">${measuredHtml(measured(result, c, setup))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table></div>`
    : '';
  const figures = charts
    .filter((c) => !isSolveChart(c))
    .map(
      (c) => `<figure id="chart-${c.name}">
<h3>${escapeHtml(c.title)}</h3>
${namespaceIds(c.svg, c.name)}
</figure>`,
    )
    .join('\n');
  const tables = result.results
    .map((p) => {
      const heading = result.results.length > 1 || Object.keys(p.point).length ? `<h3>${escapeHtml(pointLabel(p.point, setup, result))}</h3>\n` : '';
      const trials = p.trials !== undefined && p.trials !== result.trials ? `<p class="meta">${p.trials} trials</p>\n` : '';
      return `${heading}${trials}${pointTableHtml(result, p.metrics, headline, (metric) => moved(p.point, metric))}`;
    })
    .join('\n');
  return page(
    result.name,
    `<p><a href="../index.html">← all scenarios</a></p>
<h1>${escapeHtml(result.name)}</h1>
${result.description ? `<p class="question">${escapeHtml(result.description)}</p>\n` : ''}<p class="meta">${escapeHtml(metaLine(result, source, build))}</p>
${scenarioBanner(changes, 'html')}${solveScopeHtml(result, setup)}${headlineHtml(result, setup, moved)}
<h2>Expect checks</h2>
<p class="summary ${summary.pass ? 'pass' : 'fail'}">${escapeHtml(summary.text)}</p>
${checks}
${solveSectionHtml(result, charts, changes)}${rulesSectionHtml(result)}${figures || notes.length ? `<h2>Charts</h2>\n${notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('\n')}\n${figures}` : ''}
<h2>Results</h2>
<p class="meta">Also as <a href="results.csv">results.csv</a> and <a href="results.json">results.json</a>.</p>
${pointNotes(result).map((n) => `<p class="note">${noteHtml(n, result, setup)}</p>
`).join('')}${tables}`,
  );
}

// ---------------------------------------------------------------- Markdown

function mdMark(pass: boolean): string {
  return pass ? '✅ PASS' : '❌ **FAIL**';
}

/** A scenario's `report.md`: the same as index.html, charts as images beside it. */
export function renderScenarioMarkdown(result: ScenarioResult, charts: Chart[], source?: string, changes?: ScenarioChanges, notes: string[] = [], setup?: unknown, build?: string): string {
  const summary = checksSummary(result);
  const moved = movedLookup(changes?.metrics);
  const headline = headlineMetrics(result);
  const lines: string[] = [`# ${mdCell(result.name)}`, ''];
  if (result.description) lines.push(`> ${mdCell(result.description)}`, '');
  lines.push(mdCell(metaLine(result, source, build)), '');
  // What moved since the baseline, said at the top, above the figures it marks.
  const banner = scenarioBanner(changes, 'md');
  if (banner) lines.push(banner.trimEnd(), '');
  const scope = solveScopeNote(result, setup);
  if (scope) lines.push(`*${mdCell(scope)}*`, '');
  const head = headlineLines(result, setup);
  if (head.length) {
    lines.push('## Headline', '');
    for (const l of head) lines.push(`- ${mdCell(l.label)}${l.where ? ` at ${mdCell(l.where)}` : ''}: **${l.value}** ${mdCell(l.detail)}${movedMarkMarkdown(headlineMove(result, l, moved))}`);
    lines.push('');
  }
  lines.push('## Expect checks', '');
  lines.push(summary.pass ? `**${summary.text}**` : `❌ **${summary.text}**`, '');
  if (result.expect.length) {
    lines.push('| check | result | measured |', '|---|---|---|');
    for (const c of result.expect) {
      const detail = (failedAt(c, setup, result) ? ` (${failedAt(c, setup, result)})` : '') + (exactDisagrees(c, result) ? ` — ${exactNoteMark(c)}${exactDisagrees(c, result)}` : '');
      const why = c.why ? `<br>*why: ${mdCell(c.why)}*` : '';
      lines.push(`| ${checkMarkdown(c, setup, result)}${mdCell(detail)}${why} | ${mdMark(c.pass)} | ${mdCell(measured(result, c, setup))} |`);
    }
    lines.push('');
  }
  lines.push(...solveSectionMarkdown(result, charts, changes));
  lines.push(...rulesSectionMarkdown(result));
  if (charts.some((c) => !isSolveChart(c)) || notes.length) {
    lines.push('## Charts', '');
    for (const n of notes) lines.push(`*${mdCell(n)}*`, '');
    for (const c of charts.filter((c) => !isSolveChart(c))) lines.push(`### ${mdCell(c.title)}`, '', `![${mdCell(c.title)}](${chartPath(c)})`, '');
  }
  lines.push('## Results', '', 'Also as [results.csv](results.csv) and [results.json](results.json).', '');
  for (const n of pointNotes(result)) lines.push(`*${noteMarkdown(n, result, setup)}*`, '');
  for (const p of result.results) {
    if (result.results.length > 1 || Object.keys(p.point).length) lines.push(`### ${mdCell(pointLabel(p.point, setup, result))}`, '');
    if (p.trials !== undefined && p.trials !== result.trials) lines.push(`${p.trials} trials`, '');
    lines.push('| metric | exact | estimate | 95% interval |', '|---|--:|--:|--:|');
    const groups = groupedMetrics(result, Object.keys(p.metrics), headline);
    for (const g of groups) {
      if (g.heading && groups.length > 1) lines.push(`| **${mdCell(g.heading)}** | | | |`);
      for (const metric of g.metrics) {
        const m = p.metrics[metric]!;
        // The headline's name in bold; the moved mark (bold itself) after it, not inside.
        const label = `${mdCell(metricLabel(result, metric))} ${codeSpan(metric)}`;
        const name = `${headline.includes(metric) ? `**${label}**` : label}${movedMarkMarkdown(moved(p.point, metric))}`;
        // One precision for the row's figures (rowPlaces), as `poolsim run` and the dashboard print them.
        const f = rowFigures(m);
        lines.push(`| ${name} | ${f.exact ?? '—'} | ${f.estimate} | ${f.interval} |`);
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- top-level index

/** The run's `index.html` and `index.md`: every scenario with its checks, linked to its folder. */
export function renderIndex(entries: ReportEntry[], diff?: ResultDiff): { html: string; md: string } {
  const failedScenarios = entries.filter((e) => checkCounts(e.result).failed > 0);
  // Scenarios without checks (a solve-only one) are counted apart: "all checks passed in 63
  // scenarios" counted two that have none (a report audit).
  const unchecked = entries.filter((e) => checkCounts(e.result).total === 0).length;
  const scenarios = (n: number) => `${n} scenario${n === 1 ? '' : 's'}`;
  const checked = entries.length - unchecked;
  const headline = failedScenarios.length
    ? `${failedScenarios.length} of ${entries.length} scenarios have FAILED checks`
    : checked === 0
      ? `no checks in ${scenarios(entries.length)}`
      : `all checks passed in ${scenarios(checked)}${unchecked > 0 ? ` (and ${scenarios(unchecked)} with no checks)` : ''}`;

  const htmlRows = entries
    .map(({ slug, result, source, setup }) => {
      const summary = checksSummary(result);
      const lines = [...result.expect.map((c) => expectLine(c, setup, result)), ...solveCheckLines(result)];
      const list = lines.length
        ? `<ul>${lines.map((l) => `<li>${checkMark(l.pass)} ${l.html}${l.note ? ` <small class="exact-note">${escapeHtml(l.note)}</small>` : ''}</li>`).join('')}</ul>`
        : '';
      return `<tr${summary.pass ? '' : ' class="fail-row"'}><td><a href="${escapeHtml(slug)}/index.html">${escapeHtml(result.name)}</a>${
        result.description ? `<br><small>${escapeHtml(result.description)}</small>` : ''
      }${
        source ? `<br><small class="meta">${escapeHtml(source)}</small>` : ''
      }</td><td>${escapeHtml(`${result.system} · ${result.mechanic}`)}</td><td class="num">${result.results.length}</td><td><span class="${
        summary.pass ? 'pass' : 'fail'
      }">${escapeHtml(summary.text)}</span>${list}</td></tr>`;
    })
    .join('\n');
  const html = page(
    'poolsim reports',
    `<h1>poolsim reports</h1>
${indexBanner(diff, 'html')}<p class="summary ${failedScenarios.length ? 'fail' : 'pass'}">${escapeHtml(headline)}</p>
<div class="scroll"><table>
<thead><tr><th>scenario</th><th>mechanic</th><th>points</th><th>expect checks</th></tr></thead>
<tbody>
${htmlRows}
</tbody>
</table></div>`,
  );

  const md = ['# poolsim reports', '', ...(diff ? [indexBanner(diff, 'md').trimEnd(), ''] : []), failedScenarios.length ? `❌ **${headline}**` : `✅ ${headline}`, ''];
  md.push('| scenario | mechanic | points | expect checks |', '|---|---|--:|---|');
  for (const { slug, result, source, setup } of entries) {
    const summary = checksSummary(result);
    const checks = [...result.expect.map((c) => expectLine(c, setup, result)), ...solveCheckLines(result)]
      .map((l) => `${mdMark(l.pass)} ${l.md}${l.note ? ` — ${mdCell(l.note)}` : ''}`)
      .join('<br>');
    const name = `[${mdCell(result.name)}](${slug}/report.md)${source ? `<br>${mdCell(source)}` : ''}`;
    md.push(
      `| ${name} | ${mdCell(`${result.system} · ${result.mechanic}`)} | ${result.results.length} | ${
        summary.pass ? mdCell(summary.text) : `**${mdCell(summary.text)}**`
      }${checks ? `<br>${checks}` : ''} |`,
    );
  }
  md.push('');
  return { html, md: md.join('\n') };
}
