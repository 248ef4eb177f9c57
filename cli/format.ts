/** The readable table `poolsim run` prints without `--json`. */
import type { ScenarioResult } from '../sim/result.ts';
import { oneLine } from '../sim/scenario.ts';
import { pointLabel } from '../reports/sweep.ts';
import { rowFigures } from '../sim/solve/sentence.ts';
import { bandText, exactDisagrees, measured } from '../reports/checkText.ts';

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '))
    .join('\n');
}

/** `setup`, the scenario's: check lines name their points as the reports do (reports/sweep.ts). */
export function formatResult(result: ScenarioResult, file: string, setup?: unknown): string {
  const lines: string[] = [];
  lines.push(`${result.name}  (${result.system} ${result.mechanic}, ${oneLine(file)})`);
  lines.push(
    result.precision === undefined
      ? `${result.trials} trials per point, seed ${JSON.stringify(result.seed)}`
      : `until every 95% interval's half-width is at most ${result.precision}, at most ${result.trials} trials per point, seed ${JSON.stringify(result.seed)}`,
  );
  for (const r of result.results) {
    lines.push('');
    // Named as the checks below and the reports name it (the JSON keeps the paths).
    if (Object.keys(r.point).length > 0) lines.push(`  at ${pointLabel(r.point, setup, result)}`);
    if (result.precision !== undefined) lines.push(`  ${r.trials} trials`);
    const rows = [['metric', 'estimate', '95% interval', 'exact']];
    for (const [name, m] of Object.entries(r.metrics)) {
      // The row as the reports print it (rowFigures: one precision, the exact value's too,
      // whole figures as whole numbers): "0.0052 [0.0049, 0.0056]" stood beside "≈0.00523",
      // "≈0.3181" beside an upper bound "0.31807" it lies under, and "26.0000 [25.9950,
      // 26.0000]" where the report said "26 [25.9950, 26]".
      const f = rowFigures(m);
      rows.push([name, f.estimate, f.interval, f.exact ?? '']);
    }
    lines.push(table(rows).replace(/^/gm, '  '));
    for (const note of r.notes ?? []) lines.push(`  note: ${note}`);
  }
  if (result.expect.length > 0) {
    lines.push('');
    lines.push('  checks:');
    for (const e of result.expect) {
      const band = bandText(e, true);
      const at = e.point ? ` at ${pointLabel(e.point, setup, result)}` : '';
      const note = exactDisagrees(e, result);
      // A failure says what was measured (and where, for a check over several points), as
      // `poolsim report` does.
      const seen = e.pass ? '' : `; measured ${measured(result, e, setup)}`;
      lines.push(`    ${e.pass ? 'pass' : 'FAIL'}  ${e.metric} ${band}${at}${seen}${note ? ` (${note})` : ''}`);
      // Why it was asked, under a failed check, as `poolsim report` prints it.
      if (!e.pass && e.why) lines.push(`          why: ${e.why}`);
    }
  }
  return lines.join('\n');
}
