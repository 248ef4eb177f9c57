/**
 * The table beside every chart, as data (rendered by ui/panels.ts): column headings and
 * rows of cells, each cell its text and, for numbers, the full-precision value (kept in a
 * `data-value` attribute, so a test or a copy-paste gets every digit).
 */
import { type MetricKind } from '../../reports/metrics.ts';
import { exactFigure, figuresAt, intervalPlaces, rowPlaces, signedFigure, smallFigure } from '../../sim/solve/sentence.ts';
import { notWhole } from '../../reports/sweep.ts';

export interface TableCell {
  text: string;
  value?: number;
  /** More about the cell on hover: its interval and exact value in a pivot table. */
  title?: string;
  /**
   * The text packs the figure's 95% interval beside it ("0.7435 (0.7239–0.7622)"): the
   * table then says what the brackets are (ui/panels.ts tableNode), where only the hover did.
   */
  interval?: true;
}

export interface Table {
  columns: string[];
  rows: TableCell[][];
}

/**
 * Probabilities to 4 places, means to 3: one more than the charts' labels. As `poolsim
 * run`'s table prints them (cli/format.ts, by the same sentence.ts rules): a figure under
 * 0.001 in three significant digits (smallFigure: "0.000920 to 0.00113" where 3 places
 * read "0.001 to 0.001" beside an exact ≈0.000824 outside it), and, given the half-width
 * `h` of the interval it stands in, as many more places as show that interval as one
 * (intervalPlaces). A whole figure prints whole ("0 to 0.0000192", as `poolsim run`'s
 * "0 [0, 0.0000192]"), and a figure that is not whole never reads as one (notWhole).
 */
export function formatValue(value: number, kind: MetricKind, h?: number): string {
  // A whole figure as a whole number, as every table row prints it (formatAt): a series'
  // median rank read "2.000 (2.000–3.000)", a difference of nothing "0.000" beside "0".
  if (Number.isInteger(value)) return String(value);
  const places = kind === 'probability' ? 4 : 3;
  return smallFigure(value) ?? notWhole(value, h === undefined ? places : intervalPlaces(places, h));
}

/**
 * A difference (B − A) or one of its interval's bounds, unsigned, as formatValue prints it,
 * except a figure under 0.001 beside an interval wider than that: at the interval's places,
 * not in three significant digits, which claimed a precision the interval denies
 * ("+0.000800" beside "−0.019 to +0.020"; now "+0.0008"). A difference's interval spans
 * its own sign, so its estimate near 0 is the rule, not the rare case it is for a value.
 */
function differenceFigure(value: number, kind: MetricKind, h: number | undefined): string {
  if (h === undefined || h < 0.001 || smallFigure(value) === undefined) return formatValue(value, kind, h);
  return notWhole(value, intervalPlaces(kind === 'probability' ? 4 : 3, h));
}

/** Half an interval's width: what the figures beside it are printed to show (formatValue). */
export function halfWidth(ci: readonly [number, number] | undefined): number | undefined {
  return ci === undefined ? undefined : (ci[1] - ci[0]) / 2;
}

/** An estimate, to the places its interval `ci` is printed to (formatValue). */
export function numberCell(value: number | undefined, kind: MetricKind, ci?: readonly [number, number]): TableCell {
  return value === undefined ? { text: '—' } : { text: formatValue(value, kind, halfWidth(ci)), value };
}

/**
 * A row's estimate, 95% interval and exact value, at one precision (sim/solve/sentence.ts
 * rowPlaces, as the reports' and `poolsim run`'s tables print them): an estimate from 0.001
 * to 0.01 in three significant digits, as the exact value beside it ("0.0052" stood beside
 * "≈0.00523"), and never an exact value that reads outside the interval it lies in. Where
 * the row has no interval, numberCell's and exactCell's own. `pending`: a row whose exact
 * value is still to come says so, as exactCell does.
 */
export function estimateRowCells(m: { estimate?: number; ci95?: readonly [number, number]; exact?: number } | undefined, kind: MetricKind, pending?: ExactPending): [TableCell, TableCell, TableCell] {
  if (m?.estimate === undefined || m.ci95 === undefined) return [numberCell(m?.estimate, kind, m?.ci95), intervalCell(m?.ci95, kind), exactCell(m?.exact, pending)];
  // The reports' and `poolsim run`'s rule, from the dashboard's places (means from three):
  // whole figures as whole numbers ("26.000 | 25.9950 to 26.000" stood beside "26 [25.9950,
  // 26]", "0.0000 | 0.0000 to 0.000192" beside "0 [0, 0.000192]").
  const row = { estimate: m.estimate, ci95: m.ci95, exact: m.exact };
  const f = figuresAt(row, rowPlaces(row, kind === 'probability' ? 4 : 3));
  return [
    { text: f.estimate, value: m.estimate },
    { text: `${f.low} to ${f.high}` },
    m.exact === undefined ? exactCell(undefined, pending) : { text: f.exact!, value: m.exact },
  ];
}

/**
 * An exact value as every page prints one (sim/solve/sentence.ts exactFigure): 0.3125, 0.49996.
 * `pending`: none is known yet because the point's exact values are still being computed
 * (a live run: PointResult.exactPending), or were not before the run was stopped: said so,
 * never "—", which reads as a figure that has none.
 */
export function exactCell(value: number | undefined, pending?: ExactPending): TableCell {
  if (value !== undefined) return { text: exactFigure(value), value };
  return pending ? pendingExactCell(pending) : { text: '—' };
}

/** Why a point's exact values are not shown yet: being computed (a run under way), or not computed before its run ended (stopped, or replaced by an edit). */
export type ExactPending = 'computing' | 'stopped';

export function pendingExactCell(pending: ExactPending): TableCell {
  return pending === 'computing'
    ? { text: 'computing…', title: 'This point’s exact values are still being computed (in the page’s workers); shown once they are in.' }
    : { text: 'not computed', title: 'The run these figures are from ended (stopped, or replaced by an edit) before this point’s exact values were computed.' };
}

/**
 * A figure of a difference (B − A) with its sign, as the B − A chart's axis writes it: "+"
 * before a positive one, the true minus "−" before a negative one (a hyphen "-0.0912" stood
 * beside the axis's "−0.09"), after a rounded one's "≈" (signedFigure: "≈+0.3333").
 * `figure` writes the size.
 */
export function signed(value: number, figure: (x: number) => string): string {
  const text = figure(Math.abs(value));
  return value > 0 ? signedFigure(text, '+') : value < 0 ? signedFigure(text, '−') : text;
}

/**
 * An exact difference (B − A) by the same rule as exactCell, so a rounded one keeps its
 * "≈" (≈−0.0912 beside A's ≈0.6667), signed (signed, above): "+0.375", "≈+0.3333".
 */
export function differenceCell(value: number | undefined, pending?: ExactPending): TableCell {
  if (value !== undefined) return { text: signed(value, exactFigure), value };
  return pending ? pendingExactCell(pending) : { text: '—' };
}

/**
 * A difference's estimate (B − A), signed as its exact column is: "+0.0880" stands beside
 * "≈+0.0883", where a bare "0.0880" read as a value rather than a change.
 */
export function signedNumberCell(value: number | undefined, kind: MetricKind, ci?: readonly [number, number]): TableCell {
  return value === undefined ? { text: '—' } : { text: signed(value, (x) => differenceFigure(x, kind, halfWidth(ci))), value };
}

/** A difference's 95% interval, each bound signed as the estimate is: "−0.0100 to +0.0200". */
export function signedIntervalCell(ci: readonly [number, number] | undefined, kind: MetricKind): TableCell {
  if (ci === undefined) return { text: '—' };
  const figure = (x: number) => differenceFigure(x, kind, halfWidth(ci));
  return { text: `${signed(ci[0], figure)} to ${signed(ci[1], figure)}` };
}

export function intervalCell(ci: readonly [number, number] | undefined, kind: MetricKind): TableCell {
  return ci === undefined ? { text: '—' } : { text: `${formatValue(ci[0], kind, halfWidth(ci))} to ${formatValue(ci[1], kind, halfWidth(ci))}` };
}

/** `title`: what the text stands for in the file, where it is said in words (a rule's value). */
export function textCell(text: string, title?: string): TableCell {
  return title === undefined || title === text ? { text } : { text, title };
}

/**
 * A pivot table's cell: the exact value where it is known ("0.7500 exact"), else the
 * estimate with its 95% interval ("0.7435 (0.7239–0.7622)") — never a bare estimate; the
 * estimate, interval and exact value together on hover.
 */
export function estimateCell(m: { estimate: number; ci95: [number, number]; exact?: number } | undefined, kind: MetricKind): TableCell {
  if (!m) return { text: '—' };
  // The row's figures as a table row prints them (estimateRowCells: one precision).
  const [estimate, interval95, exact] = estimateRowCells(m, kind).map((c) => c.text);
  const interval = interval95!.replace(' to ', '–');
  const title = `estimate ${estimate}, 95% interval ${interval95}${m.exact === undefined ? '' : `, exact ${exact}`}`;
  if (m.exact !== undefined) return { text: `${exactFigure(m.exact)} exact`, value: m.exact, title };
  return { text: `${estimate} (${interval})`, value: m.estimate, title, interval: true };
}
