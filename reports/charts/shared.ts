/**
 * What every chart shares: the two colours that tell Monte Carlo from exact, the key
 * line that says so inside the SVG (a standalone .svg has no caption around it), and the
 * measurements that keep labels inside the picture.
 */
import * as Plot from '@observablehq/plot';
import type { DistributionResult, PointResult, ScenarioResult } from '../../sim/result.ts';
import { wilson } from '../../sim/stats.ts';
import { type MetricKind } from '../metrics.ts';
import { formatSweepValue } from '../sweep.ts';
import { exactFigure, notWhole } from '../../sim/solve/sentence.ts';

/** Monte Carlo estimate and its interval. */
export const MONTE_CARLO = '#4269d0';
/** Exact value, drawn beside the estimate. */
export const EXACT = '#d2561d';
/** Chart width in px: a forge's Markdown column and a laptop page both fit it. */
export const WIDTH = 640;
/** The y-axis label of a chart of shares of trials (distributions, per-turn shares). */
export const SHARE_OF_TRIALS = 'share of trials';
/** Room above the frame for the key line and the y-axis label below it. */
export const MARGIN_TOP = 44;

/** Rough width of text at Plot's 10px system-ui font, for margins; errs wide. */
export function textWidth(text: string): number {
  return Math.ceil(text.length * 6.2) + 4;
}

/**
 * An axis label of a swept path ("the company’s policy › what the turn’s coins buy › …")
 * that fits `room` px: whole, or with its leading steps left out behind "… ›", keeping at
 * least the field itself. The steps left out are the ones every label of the chart shares
 * (the item the field belongs to), and the report's tables name the path in full.
 */
export function fitPathLabel(label: string, room: number): string {
  if (textWidth(label) <= room) return label;
  const steps = label.split(' › ');
  for (let drop = 1; drop < steps.length - 1; drop++) {
    const shorter = `… › ${steps.slice(drop).join(' › ')}`;
    if (textWidth(shorter) <= room) return shorter;
  }
  return steps.length > 1 ? `… › ${steps[steps.length - 1]}` : label;
}

/** The angle named tick labels too wide for their step are slanted at (Plot's tickRotate). */
export const SLANT = -30;

/** How far left of its tick a label slanted at SLANT runs (it ends at the tick): cos 30° of its width, and a little room. */
export function slantReach(label: string): number {
  return textWidth(label) * Math.cos((SLANT * Math.PI) / 180) + 4;
}

/** A slanted category label is wrapped at this width (px): one line of ~100 characters crowded its neighbours. */
export const SLANT_WRAP = 170;
/** Most lines a category label is wrapped to under its tick before it is slanted instead. */
const MOST_LINES = 4;
/** Plot's x-axis: tick length and the gap before a label, and the axis label's line below. */
const X_AXIS_BELOW = 40;

/**
 * How a point scale's named ticks (a policy, a rule's words, a weapon) fit in a chart
 * `WIDTH` wide with these margins: wrapped under their ticks where each line fits its step
 * and the first and last stay inside the picture; else slanted at SLANT, wrapped at
 * SLANT_WRAP, the left margin grown until every label, not just the first, ends inside the
 * picture. Gives the tick format (lines joined by "\n", which Plot draws as lines), the
 * margins and whether to slant. A first label "(none)" and a second of 100 characters ran
 * the second past the left edge: only the first was measured.
 */
export function categoryTicks(names: readonly string[], margins: { marginLeft: number; marginRight: number }): { format: (d: string) => string; marginLeft: number; marginBottom: number; slant: boolean } {
  const n = names.length;
  const k = Math.max(1, n - 1 + 0.6);
  const step = (WIDTH - margins.marginLeft - margins.marginRight) / k;
  // Under its tick a label is centred: the first may reach left of its tick only as far as
  // the picture's edge, the last right into the right margin.
  const room = Math.min(step - 8, 2 * (margins.marginLeft + 0.3 * step) - 4, 2 * (margins.marginRight + 0.3 * step) - 4);
  const flat = names.map((name) => wrapText(name, room));
  if (n === 0 || flat.every((lines) => lines.length <= MOST_LINES && lines.every((l) => textWidth(l) <= room))) {
    const lines = Math.max(1, ...flat.map((l) => l.length));
    return { format: (d) => wrapText(d, room).join('\n'), marginLeft: margins.marginLeft, marginBottom: X_AXIS_BELOW + (lines - 1) * KEY_LINE_HEIGHT, slant: false };
  }
  const slanted = names.map((name) => wrapText(name, SLANT_WRAP));
  const cos = Math.cos((SLANT * Math.PI) / 180);
  const sin = Math.abs(Math.sin((SLANT * Math.PI) / 180));
  // How far left of its tick, and how far below the axis, a slanted label runs: its widest
  // line along the slant, its further lines stacked across it.
  const reach = slanted.map((lines) => Math.max(...lines.map(textWidth)) * cos + (lines.length - 1) * KEY_LINE_HEIGHT * sin + 4);
  const drop = Math.max(...slanted.map((lines) => Math.max(...lines.map(textWidth)) * sin + lines.length * KEY_LINE_HEIGHT * cos));
  // Tick i stands at m + (0.3 + i) · (WIDTH − m − marginRight) / k: for it to hold reach_i,
  // m ≥ (reach_i − (0.3 + i)(WIDTH − marginRight)/k) / (1 − (0.3 + i)/k).
  const marginLeft = Math.max(margins.marginLeft, ...reach.map((r, i) => Math.ceil((r - ((0.3 + i) * (WIDTH - margins.marginRight)) / k) / (1 - (0.3 + i) / k))));
  return { format: (d) => wrapText(d, SLANT_WRAP).join('\n'), marginLeft, marginBottom: X_AXIS_BELOW + Math.ceil(drop), slant: true };
}

/** Plot's default right margin, where a chart sets none: the key then ends at the frame's right edge. */
const PLOT_MARGIN_RIGHT = 20;
/** Height of one line of the key (Plot's 10px font at its line height of 1 em). */
export const KEY_LINE_HEIGHT = 10;
/** The key's first line starts this far below the picture's top. */
export const KEY_TOP = 6;
/**
 * Where Plot puts a y-axis label anchored at the top (its default for a continuous
 * scale): this far in from the picture's left and top edges (labelOffset marginLeft − 3,
 * dy 3 − marginTop), one line tall.
 */
export const Y_LABEL_INSET = 3;
/** Where the key starts when it cannot sit beside the y-axis label: under the label's line. */
const KEY_UNDER_LABEL = Y_LABEL_INSET + KEY_LINE_HEIGHT + 5;
/** Space kept between the y-axis label and the key beside it. */
const KEY_GAP = 16;

/** The y-axis label as Plot writes it at the top of the axis ("↑ share of trials"). */
function shownYLabel(label: string): string {
  return /[↑↓→←]/.test(label) ? label : `↑ ${label}`;
}

/**
 * `parts` joined by " · " into as few lines as fit `width` px; a part wider than it gets
 * lines of its own, broken at its spaces (a heatmap's "cell: mean Marksmen's snap shots in
 * the company's fights (…), Monte Carlo, 95% interval below" ran past the left edge).
 */
function keyLines(parts: string[], width: number): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.length ? `${lines[lines.length - 1]} · ${part}` : part;
    if (lines.length && textWidth(last) <= width) lines[lines.length - 1] = last;
    else lines.push(...(textWidth(part) <= width ? [part] : wrapText(part, width)));
  }
  return lines;
}

/**
 * Where the key goes in the top margin and how it is broken: beside the y-axis label
 * (`yLabel`, the text of a y axis whose label Plot puts at the top left) where every part
 * fits the room right of it and the lines fit the margin, else under the label's line at
 * the chart's full width. The key then never prints over the label: "line: Monte Carlo ·
 * shade: 95% interval" ran over "↑ mean consequences of designs". Exported for its test.
 */
export function keyLayout(text: string, options: { marginRight?: number; yLabel?: string } = {}): { lines: string[]; top: number; left: number } {
  const parts = text.split(' · ');
  const right = WIDTH - (options.marginRight !== undefined ? 4 : PLOT_MARGIN_RIGHT);
  const fits = (lines: string[], top: number) => top + lines.length * KEY_LINE_HEIGHT <= MARGIN_TOP - 4;
  const beside = options.yLabel === undefined ? 0 : Y_LABEL_INSET + textWidth(shownYLabel(options.yLabel)) + KEY_GAP;
  const besideLines = keyLines(parts, right - beside);
  if (parts.every((p) => textWidth(p) <= right - beside) && fits(besideLines, KEY_TOP)) {
    return { lines: besideLines, top: KEY_TOP, left: right - Math.max(...besideLines.map(textWidth)) };
  }
  const under = keyLines(parts, right - 4);
  return { lines: under, top: KEY_UNDER_LABEL, left: right - Math.max(...under.map(textWidth)) };
}

/**
 * The key line at the top right of a chart, saying what each mark is. Given the chart's
 * right margin it ends at the picture's right edge rather than the frame's, so a chart
 * with panel labels on the right does not push a long key off the left side. Given the
 * chart's y-axis label (one Plot puts at the top left), it keeps clear of it (keyLayout).
 */
export function keyLine(text: string, options: { marginRight?: number; yLabel?: string } = {}): Plot.Markish {
  // Broken at its " · " into lines that fit: a campaign fan's key (~780 px) ran off the
  // left edge and over the axis label.
  const { lines, top } = keyLayout(text, options);
  return Plot.text([lines.join('\n')], {
    lineAnchor: 'top',
    frameAnchor: 'top-right',
    textAnchor: 'end',
    dx: options.marginRight ? options.marginRight - 4 : 0,
    dy: -(MARGIN_TOP - top),
    fill: '#555',
    // Once for the whole chart, not once per facet panel.
    facet: 'super',
  });
}

/** A value as a label in a chart: probabilities to 3 places, means to 2. */
export function formatEstimate(value: number, kind: MetricKind): string {
  return value.toFixed(placesOf(kind));
}

/** The places an estimate is written to beside its mark: 3 for a probability, 2 for a mean. */
export function placesOf(kind: MetricKind): number {
  return kind === 'probability' ? 3 : 2;
}

/**
 * An estimate written beside its mark, truthfully: a whole number as it is ("0", "1": a
 * share of none of the trials, not "0.000"); one below the last place in two significant
 * digits ("0.000050"); else to `places`, or further where that would read whole (0.99995
 * read "1.000", a certainty it is not: notWhole), and, given its 95% interval, further
 * while the figure would lie outside it (an audit: 0.00055 [0.000307, 0.000985] read
 * "0.001", and 0.99945 [0.999015, 0.999693] "0.999", figures their own intervals leave out).
 */
export function estimateFigure(x: number, kind: MetricKind, ci?: readonly [number, number]): string {
  const places = placesOf(kind);
  if (Number.isInteger(x)) return String(x);
  // Below the last place's unit, not half of it: 0.0005 and 0.0009 both read "0.001" (twice
  // and once the estimate), beside tables that print them "0.000500" and "0.000900"
  // (smallFigure, from 0.001 down; a dashboard audit).
  if (Math.abs(x) < 10 ** -places) return x.toPrecision(2);
  let text = notWhole(x, places);
  // Only for an interval that holds the estimate (one that does not, or NaN, gains nothing
  // from more places: a review saw "0.5004000").
  if (!ci || !(ci[0] <= x && x <= ci[1])) return text;
  for (let p = places + 1; p <= places + 4; p++) {
    const shown = Number(text.replace('−', '-'));
    if (shown >= ci[0] && shown <= ci[1]) break;
    text = notWhole(x, p);
  }
  return text;
}

/**
 * An interval as a reach beside its estimate: "±0.004" where it spreads both ways, "+0.004"
 * or "−0.004" where it runs one way only (an estimate of 0 cannot go lower: "0 ±<0.001"
 * said it could), the longer reach where lopsided; below the last place "<0.001" with the
 * same sign, never an interval of no width.
 */
export function reachText([low, high]: readonly [number, number], estimate: number, kind: MetricKind): string {
  const places = placesOf(kind);
  const up = high - estimate;
  const down = estimate - low;
  const sign = down <= 0 && up > 0 ? '+' : up <= 0 && down > 0 ? '−' : '±';
  const reach = Math.max(up, down, 0);
  return reach < 0.5 * 10 ** -places ? `${sign}<${(10 ** -places).toFixed(places)}` : `${sign}${outwardReach([low, high], estimate, kind)}`;
}

/**
 * The reach of an interval from its estimate as printed (estimateFigure), rounded up to
 * `kind`'s places: the printed "0.574 ±0.008" holds all of [0.5676, 0.5813], where the
 * reach from the unrounded estimate, rounded to nearest, read "±0.007", [0.567, 0.581], a
 * little narrower than the interval it stands for (a report audit: 178 of 651 heatmap cells).
 */
export function outwardReach([low, high]: readonly [number, number], estimate: number, kind: MetricKind): string {
  const places = placesOf(kind);
  const printed = Number(estimateFigure(estimate, kind, [low, high]).replace('−', '-'));
  const shown = Number.isFinite(printed) ? printed : estimate;
  const f = 10 ** places;
  return (Math.ceil(Math.max(high - shown, shown - low, 0) * f - 1e-9) / f).toFixed(places);
}

/**
 * The span "estimate ±reach" reads as printed (estimateFigure, outwardReach): what a reader
 * takes the interval to be. A test of where it runs must be of these, not of the unrounded
 * figures: 0.0133 [0.0026, 0.0241] as a mean prints "0.01 ±0.02", down to −0.01, though
 * the unrounded 0.0133 − 0.0108 stays above 0 (a dashboard audit).
 */
export function printedSpan([low, high]: readonly [number, number], estimate: number, kind: MetricKind): [number, number] {
  const printed = Number(estimateFigure(estimate, kind, [low, high]).replace('−', '-'));
  const shown = Number.isFinite(printed) ? printed : estimate;
  const reach = Number(outwardReach([low, high], estimate, kind));
  return [shown - reach, shown + reach];
}

/**
 * A figure written beside its mark: the exact value, said so ("0.5 exact"), or the
 * estimate with the reach of its 95% interval ("0.672 ±0.004", "0 +0.0002"): a bare
 * estimate read as more certain than it is ("0.000" for a draw whose exact odds are 1.8e-10).
 */
export function figureText(m: { estimate: number; ci95: readonly [number, number]; exact?: number }, kind: MetricKind): string {
  // An exact value as every page prints it (exactFigure: whole, or rounded and marked "≈"):
  // three places made 0.6702 "0.670 exact", a rounding that read as the value itself.
  if (m.exact !== undefined) return `${exactFigure(m.exact)} exact`;
  // A value that rounds to zero is written 0, not "-0.000" (a difference of −1e-17).
  const estimate = Math.abs(m.estimate) < 1e-12 ? 0 : m.estimate;
  const [low, high] = m.ci95;
  // An interval spread both ways whose longer reach, written "±", would run past 0 (or past
  // 1, for a probability) where the interval does not: by its two ends. "0.001 ±0.002" read
  // as reaching below 0, for 0.0005 [0.0000883, 0.0028] (a dashboard audit).
  // As printed (printedSpan): the unrounded reach let "0.003 ±0.004" through for 0.0036
  // [0.0018, 0.0061], which reads down to −0.001 (a dashboard audit).
  const up = high - estimate;
  const down = estimate - low;
  const places = placesOf(kind);
  const reach = Math.max(up, down);
  const [from, to] = printedSpan(m.ci95, estimate, kind);
  // One that leaves 0 out is not written as reaching it either.
  const belowZero = low > 0 ? from <= 1e-12 : low === 0 && from < -1e-12;
  // And its mirror, a signed mean wholly below 0 (a VDP opposed score) read as reaching up to
  // it or past ("-0.52 ±0.52" for [−0.61, −0.004]: a review).
  const aboveZero = high < 0 ? to >= -1e-12 : high === 0 && to > 1e-12;
  const aboveOne = kind === 'probability' && high <= 1 && to > 1 + 1e-12;
  // Near 1 a reach below the last place stays "±<0.001": its ends would round to 1.000.
  if (up > 0 && down > 0 && (belowZero || aboveZero || (aboveOne && reach >= 0.5 * 10 ** -places))) {
    // A dash between two ends, "to" where one is negative: "(-0.62 to -0.004)", not "(-0.62–-0.004)".
    return `${estimateFigure(estimate, kind, m.ci95)} (${intervalEnd(low, false, places)}${low < 0 ? ' to ' : '–'}${intervalEnd(high, true, places)})`;
  }
  return `${estimateFigure(estimate, kind, m.ci95)} ${reachText(m.ci95, estimate, kind)}`;
}

/**
 * One end of an interval in `places`, rounded outward (down for the low end, up for the
 * high), so the ends printed hold the interval; one below the last place keeps a
 * significant digit ("0.00008", not "0.000").
 */
export function intervalEnd(x: number, up: boolean, places: number): string {
  if (x === 0) return '0';
  // Below the last place's unit (as estimateFigure): 0.0005 rounded down to "0.000" read as
  // an interval holding 0 (a review).
  const digits = Math.abs(x) < 10 ** -places ? -Math.floor(Math.log10(Math.abs(x))) : places;
  const f = 10 ** digits;
  return ((up ? Math.ceil(x * f - 1e-9) : Math.floor(x * f + 1e-9)) / f).toFixed(digits);
}

/** Room (px) after the widest interval for figureText's words. */
export const FIGURE_MARGIN = 96;

/** The sweep paths of a result, in the order they first appear in its points. */
export function sweepAxes(result: ScenarioResult): string[] {
  const axes = new Set<string>();
  for (const point of result.results) for (const path of Object.keys(point.point)) axes.add(path);
  return [...axes];
}

/** The distinct values of a sweep path in the order the scenario file lists them. */
export function axisValues(points: PointResult[], path: string): unknown[] {
  const seen = new Map<string, unknown>();
  for (const p of points) {
    const v = p.point[path];
    const key = formatSweepValue(v);
    if (!seen.has(key)) seen.set(key, v);
  }
  return [...seen.values()];
}

/**
 * A heatmap's values along one path, in the order the grid (and the dashboard's table of
 * it) lays them out: numbers ascending, as on any axis (a sweep listed [1, 0] put 0 above
 * 1, a report audit); named values in the file's order.
 */
export function heatmapAxisValues(points: PointResult[], path: string): unknown[] {
  const values = axisValues(points, path);
  return allNumbers(values) ? [...values].sort((a, b) => a - b) : values;
}

/** Whether every value is a finite number, so the axis can be a linear scale. */
export function allNumbers(values: unknown[]): values is number[] {
  return values.every((v) => typeof v === 'number' && Number.isFinite(v));
}

/** The trials behind a point's shares (the point's own count under `--precision`). */
export function pointTrials(result: ScenarioResult, point: PointResult): number {
  return point.trials ?? result.trials;
}

/**
 * A distribution bin's 95% interval: the result's own (`ci95`), or for a result written
 * before bins carried one, the kernel's Wilson interval (sim/stats.ts) of its share `p`
 * of the point's `n` trials (p·n is the bin's count).
 */
export function binInterval(d: DistributionResult, i: number, n: number): [number, number] {
  const own = d.ci95?.[i];
  if (Array.isArray(own) && own.length === 2 && own.every(Number.isFinite)) return own;
  const p = d.p[i]!;
  return n > 0 ? wilson(Math.round(p * n), n).ci95 : [p, p];
}

/**
 * Spreads end-of-line labels apart so none overlap: sorted by value, each label sits at
 * least `gap` above the one below it, then the stack is pushed back under `max` if it
 * ran over. Values are in data units; `gap` is the label height in those units.
 */
export function spreadLabels(values: number[], gap: number, max: number): number[] {
  const order = values.map((v, i) => i).sort((a, b) => values[a]! - values[b]!);
  const placed = new Array<number>(values.length);
  let previous = -Infinity;
  for (const i of order) previous = placed[i] = Math.max(values[i]!, previous + gap);
  let ceiling = Math.max(max, ...values);
  for (const i of [...order].reverse()) {
    placed[i] = Math.min(placed[i]!, ceiling);
    ceiling = placed[i]! - gap;
  }
  return placed;
}

/**
 * Panel labels wrap at this width (px): a campaign policy's path ("the company’s policy ›
 * what the turn’s coins buy › equipment for violence › item rank = 1") on one line took
 * ~540 of the chart's 640 px and squeezed its panels to a sliver.
 */
export const PANEL_LABEL_WIDTH = 190;

/** `text` in lines of at most `width` px: broken after " › " where it can be, else at spaces. */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  const put = (piece: string) => {
    const joined = line ? `${line} ${piece}` : piece;
    if (!line || textWidth(joined) <= width) line = joined;
    else {
      out.push(line);
      line = piece;
    }
  };
  for (const part of text.split(/(?<= ›) /)) {
    if (textWidth(part) <= width) put(part);
    else for (const word of part.split(' ')) put(word);
  }
  if (line) out.push(line);
  return out;
}

/**
 * A facet (one panel per point) named beside its panel in full, one swept path per line:
 * "policy bank = reserve" over "policy defendRank = true", so two panels never read the
 * same because a long label was cut off. Returns the `fy` scale options and the right
 * margin the longest line needs.
 */
/**
 * A stacked panel's y range drawn in from its top and bottom (Plot's `insetTop` /
 * `insetBottom`), so one panel's lowest tick and the next one's highest stand apart: with
 * the facets' own padding alone fan-rank's "1" sat on the next panel's top rank and
 * rank-shares' "0.0" over "1.0", 21 px apart in 10 px text (a report audit).
 */
export const STACKED_INSET = { insetTop: 8, insetBottom: 8 } as const;

/**
 * A point's label cut into its paths at ", ", but never inside a choice's own words in
 * “…” ("what pays = “liquid coins, then points traded in”" is one path).
 */
export function splitPaths(label: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < label.length; i++) {
    const c = label[i];
    if (c === '“') depth++;
    else if (c === '”' && depth > 0) depth--;
    else if (depth === 0 && c === ',' && label[i + 1] === ' ') {
      parts.push(label.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  parts.push(label.slice(start));
  return parts;
}

export function panelLabels(panels: string[]): { fy: Plot.ScaleOptions & { tickFormat: (d: string) => string }; marginRight: number } {
  // A wrapped path's further lines are indented, so they do not read as the next path.
  const lines = (d: string) => splitPaths(d).flatMap((line) => wrapText(line, PANEL_LABEL_WIDTH).map((l, i) => (i ? `\u00a0\u00a0${l}` : l)));
  return {
    fy: { domain: panels, label: null, padding: 0.12, tickFormat: (d: string) => lines(d).join('\n') },
    marginRight: Math.max(...panels.flatMap(lines).map(textWidth)) + 12,
  };
}

/**
 * The probability axis of a solve or a sweep chart: [0, 1], or the part of it the values,
 * their intervals and the target lie in when that is under half of it. A solve is read
 * against its target: a target of 0.055 and values of 0.015 to 0.079 sat in the bottom 8%
 * of a [0, 1] axis, their interval bars invisible and their sides of the target
 * unreadable; a sweep of death odds from 0.01 to 0.04 drew a flat line along the floor.
 * Padded by a tenth of the span, rounded out to a step of 0.01 (0.001 for spans under
 * 0.05). The chart's key says when the axis is not 0–1 (zoomNote).
 */
export function probabilityDomain(rows: readonly { y: number; low?: number; high?: number }[], target: number | undefined): [number, number] {
  const all = rows.flatMap((r) => [r.y, r.low ?? r.y, r.high ?? r.y]).concat(target === undefined ? [] : [target]);
  // Nothing looked at yet: the whole axis.
  if (rows.length === 0) return [0, 1];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  if (!(hi - lo < 0.5)) return [0, 1];
  const step = hi - lo < 0.05 ? 1000 : 100;
  const pad = Math.max((hi - lo) / 10, 1 / step);
  return [Math.max(0, Math.floor((lo - pad) * step) / step), Math.min(1, Math.ceil((hi + pad) * step) / step)];
}

/**
 * The left margin (px) for a probability axis: Plot's 40 holds "0.8" and "0.25", not the
 * four places of an axis zoomed under 0.05 ("0.0040" lost its first digit).
 */
export function probabilityMargin(domain: readonly [number, number] | undefined): number | undefined {
  if (!domain) return undefined;
  const span = domain[1] - domain[0];
  return span < 0.05 ? 52 : span < 0.5 ? 46 : undefined;
}

/** The key's note that a probability axis is zoomed in (probabilityDomain), or nothing. */
export function zoomNote(domain: readonly [number, number] | undefined): string {
  if (!domain || (domain[0] <= 0 && domain[1] >= 1)) return '';
  // Both ends to the same places ("0.270–0.324", not "0.27–0.324").
  const places = Math.max(...domain.map((x) => (String(x).split('.')[1] ?? '').length));
  return ` · axis ${domain[0].toFixed(places)}–${domain[1].toFixed(places)}, not 0–1`;
}
