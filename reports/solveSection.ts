/**
 * The "Solve" section of a scenario's reports: each `solve` block's answer as a sentence,
 * its `expect` on the value found, and its chart (reports/charts/solveChart.ts) — kept in
 * its own module so render.ts only places it.
 */
import type { ScenarioResult } from '../sim/result.ts';
import type { SolveResult } from '../sim/solve/result.ts';
import { valueText } from '../sim/solve/sentence.ts';
import type { Chart } from './charts/index.ts';
import { formFor } from './fields/index.ts';
import { fieldAt, shownDefault } from './fields/spec.ts';
import { getAt, parsePath } from './fields/paths.ts';
import { sweepLabel, valueWords } from './sweep.ts';
import { namespaceIds } from './svgIds.ts';
import { answerMark, type ScenarioChanges } from './changes.ts';

/** Solve charts are named `solve-<name>` (charts/index.ts) and shown here, not under Charts. */
export function isSolveChart(chart: Pick<Chart, 'name'>): boolean {
  return chart.name.startsWith('solve-');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** "the value found equals 2" / "… is between 1 and 3". */
export function describeSolveExpect(e: NonNullable<SolveResult['expect']>, withWhy = true, vary?: string): string {
  // What the check asks ("should be"), not a statement of what was found: a failed check
  // is printed with it, and the value found is in the answer's sentence.
  const parts: string[] = [];
  if (e.equals !== undefined) parts.push(`be ${valueText(e.equals, vary)}`);
  if (e.atLeast !== undefined) parts.push(`be ≥ ${e.atLeast}`);
  if (e.atMost !== undefined) parts.push(`be ≤ ${e.atMost}`);
  if (e.between !== undefined) parts.push(`be between ${e.between[0]} and ${e.between[1]}`);
  const failed = !e.pass && e.reason ? ` (failed: ${e.reason})` : '';
  return `the value found should ${parts.join(' and ')}${failed}${withWhy && e.why ? ` — ${e.why}` : ''}`;
}

/** Failed `expect` checks on solved values, as "scenario: solve name". */
export function failedSolveChecks(result: ScenarioResult): string[] {
  return (result.solve ?? []).filter((s) => s.expect && !s.expect.pass).map((s) => `${result.name}: solve "${s.name}"`);
}

/** The value at `path` ("setup.sides.1.combatants.0.count", "rules.push") of the setup or rules as written. */
function writtenValue(result: ScenarioResult, setup: unknown, path: string): unknown {
  const [root, ...rest] = path.split('.');
  let at: unknown = root === 'setup' ? setup : root === 'rules' ? result.rules : undefined;
  for (const key of rest) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/**
 * The default of a setup field the file leaves out, as the mechanic's form shows it (the
 * dashboard's placeholder: reports/fields/spec.ts shownDefault); undefined where the form
 * does not say.
 */
function defaultValue(result: ScenarioResult, setup: unknown, path: string): unknown {
  const [root, ...rest] = path.split('.');
  const form = root === 'setup' ? formFor(result.system, result.mechanic) : undefined;
  const found = form ? fieldAt(form.fields, rest, setup) : undefined;
  return found && found.field.kind !== 'group' && found.field.kind !== 'list' ? shownDefault(found.field, getAt({ setup }, parsePath(path).slice(0, -1))) : undefined;
}

/**
 * What the rest of a page with solve blocks is about: its headline, checks, charts and
 * tables are the file's own setup (or sweep), not the value the search found, and
 * without this line a reader took the one for the other.
 */
export function solveScopeNote(result: ScenarioResult, setup?: unknown): string | undefined {
  if (!result.solve?.length) return undefined;
  const varied = [...new Set(result.solve.map((s) => s.vary))];
  // A value in the form's words where it has some, as the sentences below say it (a rule's
  // "“exactly 4”", not the file's "exact4").
  const words = valueWords({ setup, system: result.system, mechanic: result.mechanic });
  const said = (value: unknown, path: string) => words(path, value) ?? valueText(value, path);
  const fields = varied.map((path) => {
    const value = writtenValue(result, setup, path);
    if (value !== undefined) return `${sweepLabel(path, setup, result)} = ${said(value, path)}`;
    const fallback = defaultValue(result, setup, path);
    return `${sweepLabel(path, setup, result)} not set: its default${fallback === undefined ? '' : `, ${said(fallback, path)}`}`;
  });
  const swept = result.results.length > 1 || Object.keys(result.results[0]?.point ?? {}).length > 0;
  const what = swept ? "the file's sweep" : `the setup as the file writes it (${fields.join('; ')})`;
  const checks = result.expect.length ? ', and the expect checks written for them,' : '';
  return `The headline, charts and results below${checks} are for ${what}, not for a value a search found; the Solve section varies ${varied.length === 1 ? 'that field' : 'those fields'} on its own${(result.solve ?? []).some((s) => s.expect) ? ', and its checks are about the value it finds' : ''}.`;
}

/**
 * What the block searched, as its file writes it (`metric: retry.won`, `vary: setup.tries`):
 * the sentence names the metric by its label and the field by the form's words, and a
 * designer writing a block or an `expect` needs the names.
 */
function blockKeys(s: SolveResult): string[] {
  return [`metric: ${s.metric}`, `vary: ${s.vary}`];
}

function chartsOf(result: ScenarioResult, charts: Chart[]): (Chart | undefined)[] {
  const solveCharts = charts.filter(isSolveChart);
  return (result.solve ?? []).map((_, i) => solveCharts[i]);
}

export function solveSectionHtml(result: ScenarioResult, charts: Chart[], changes?: ScenarioChanges): string {
  if (!result.solve?.length) return '';
  const shown = chartsOf(result, charts);
  const blocks = result.solve.map((s, i) => {
    const mark = answerMark(changes, s.name);
    const check =
      (mark ? `<p style="color:#8a4b00;font-weight:600">${escapeHtml(mark)} <a href="../changes.html">All changes</a></p>\n` : '') +
      (s.expect ? `<p class="summary ${s.expect.pass ? 'pass' : 'fail'}"><span class="mark">${s.expect.pass ? '✓ PASS' : '✗ FAIL'}</span>: ${escapeHtml(describeSolveExpect(s.expect, true, s.vary))}</p>\n` : '');
    const chart = shown[i] ? `<figure id="chart-${shown[i]!.name}">\n${namespaceIds(shown[i]!.svg, shown[i]!.name)}\n</figure>` : '';
    const skipped = s.exactSkipped ? `<p class="note">${escapeHtml(s.exactSkipped)}</p>\n` : '';
    return `<h3>${escapeHtml(s.name)}</h3>\n<p>${escapeHtml(s.sentence)}</p>\n<p class="meta">${blockKeys(s).map((k) => `<code>${escapeHtml(k)}</code>`).join(' · ')}</p>\n${skipped}${check}${chart}`;
  });
  return `<h2>Solve</h2>\n${blocks.join('\n')}\n`;
}

/** Text safe in Markdown: no raw HTML, no table pipes, one line. */
function md(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\r?\n/g, ' ');
}

export function solveSectionMarkdown(result: ScenarioResult, charts: Chart[], changes?: ScenarioChanges): string[] {
  if (!result.solve?.length) return [];
  const shown = chartsOf(result, charts);
  const lines = ['## Solve', ''];
  result.solve.forEach((s, i) => {
    lines.push(`### ${md(s.name)}`, '', md(s.sentence), '', blockKeys(s).map((k) => `\`${k.replace(/`/g, "'")}\``).join(' · '), '');
    if (s.exactSkipped) lines.push(`*${md(s.exactSkipped)}*`, '');
    const mark = answerMark(changes, s.name);
    if (mark) lines.push(`**${md(mark)}** [All changes](../changes.md)`, '');
    if (s.expect) lines.push(`${s.expect.pass ? '✅ PASS' : '❌ **FAIL**'}: ${md(describeSolveExpect(s.expect, true, s.vary))}`, '');
    if (shown[i]) lines.push(`![${md(s.name).replace(/[[\]]/g, '')}](charts/${shown[i]!.name}.svg)`, '');
  });
  return lines;
}
