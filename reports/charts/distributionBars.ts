/**
 * The shape of one integer quantity (rounds, deaths, successes…): a bar per value with
 * the Monte Carlo share of trials, its 95% Wilson interval from the point's trial count
 * (the result carries none for distributions), and an orange tick at the exact
 * probability where known. A sweep gets one panel per point, up to `maxPanels`; past
 * that a grid of bars stops being readable and the chart is not drawn (see chartsFor).
 */
import * as Plot from '@observablehq/plot';
import type { DistributionResult, ScenarioResult } from '../../sim/result.ts';
import { wilson } from '../../sim/stats.ts';
import { metricLabel } from '../metrics.ts';
import { pointLabel } from '../sweep.ts';
import { plotToSvg } from '../svg.ts';
import { EXACT, MARGIN_TOP, MONTE_CARLO, WIDTH, SHARE_OF_TRIALS, keyLine, pointTrials, binInterval, panelLabels } from './shared.ts';

/** At most this many labels on the x axis; steps between them are 1, 2, 5, 10… */
const MAX_TICKS = 20;
const TICK_STEPS = [1, 2, 5, 10, 20, 50, 100];

/**
 * A tail of values each under this share (Monte Carlo and exact, in every panel) is
 * folded into one last bar: battle rounds ran the axis to their cap of 50 with all but
 * ~0.1% of trials under 15, the bars past it a pixel or none.
 */
export const TAIL_SHARE = 0.002;
/** Fewer values than this past the last visible one are left as they are. */
const MIN_FOLDED = 3;

/** Panels beyond which distributionBars refuses: 12 panels of 150px is a long page already. */
export const MAX_DISTRIBUTION_PANELS = 12;

/** A distribution's name as an axis label: "rounds" for `rounds`, not "mean rounds". */
export function distributionLabel(result: ScenarioResult, key: string): string {
  return metricLabel(result, key).replace(/^mean /, '');
}

/** Which cumulative shares a distribution's bars hold (the dashboard's views): P(X ≥ x) or P(X ≤ x). */
export type Cumulative = 'atLeast' | 'atMost';

/**
 * One panel per point, each named in the game's words given the scenario's `setup`
 * (reports/sweep.ts). `cumulative`: the shares are P(X ≥ x) or P(X ≤ x), not P(X = x).
 */
export function distributionBars(result: ScenarioResult, key: string, setup?: unknown, cumulative?: Cumulative): string {
  const points = result.results.filter((p) => p.distributions?.[key] !== undefined);
  if (points.length === 0) throw new Error(`distributionBars: no point has a distribution "${key}"`);
  if (points.length > MAX_DISTRIBUTION_PANELS) {
    throw new Error(`distributionBars: ${points.length} points is more than ${MAX_DISTRIBUTION_PANELS} panels`);
  }
  const faceted = points.length > 1;
  // Every value any point reached, in numeric order, so panels share one x axis.
  const values = [...new Set(points.flatMap((p) => p.distributions![key]!.x))].sort((a, b) => a - b);
  // The last value with a share of TAIL_SHARE or more anywhere; past it, the tail is
  // folded into one bar "N+" whose share is their sum, never dropped.
  const shown = (d: DistributionResult, i: number) => d.p[i]! >= TAIL_SHARE || (d.exact?.[i] ?? 0) >= TAIL_SHARE;
  const lastShown = Math.max(...points.flatMap((p) => {
    const d = p.distributions![key]!;
    return d.x.filter((_x, i) => shown(d, i));
  }));
  const past = values.filter((x) => x > lastShown);
  // Nothing reaches the share anywhere (a spread over hundreds of values): nothing is folded.
  const folding = Number.isFinite(lastShown) && past.length >= MIN_FOLDED ? past[0]! : undefined;
  // A tail no trial reached at any point, its exact share 0 where known (a rank's 4–7 where
  // nothing passes 3), is left out and said so: an empty "4+" bar was drawn for it.
  const emptyTail =
    folding !== undefined &&
    points.every((p) => {
      const d = p.distributions![key]!;
      return d.x.every((x, i) => x < folding || (d.p[i] === 0 && (d.exact?.[i] ?? 0) === 0));
    });
  const fold = emptyTail ? undefined : folding;
  const foldLabel = `${fold}+`;
  const rows = points.flatMap((p) => {
    const d = p.distributions![key]!;
    const n = pointTrials(result, p);
    const panel = pointLabel(p.point, setup, result);
    const kept = d.x.flatMap((x, i) => {
      if ((fold !== undefined && x >= fold) || (emptyTail && x >= folding!)) return [];
      const [low, high] = binInterval(d, i, n);
      return [{ x: String(x), p: d.p[i]!, low, high, exact: d.exact?.[i], panel }];
    });
    if (fold === undefined) return kept;
    // The folded tail: its share the sum of its values' (a count of trials, so its
    // interval is the Wilson interval of that count), its exact value the sum of theirs.
    // Cumulative shares are not summed: P(X ≥ fold) is the tail's first, P(X ≤ x) past the
    // fold its last (a dashboard audit: "17+" at "at least" drew Σ P(X ≥ x), 0.00323, beside
    // the table's 0.00127, and up to 7 times too tall in the library).
    const tail = d.x.map((x, i) => i).filter((i) => d.x[i]! >= fold);
    const one = cumulative === undefined ? undefined : cumulative === 'atLeast' ? tail[0]! : tail[tail.length - 1]!;
    const share = one !== undefined ? d.p[one]! : tail.reduce((sum, i) => sum + d.p[i]!, 0);
    const [low, high] = n > 0 ? wilson(Math.round(share * n), n).ci95 : [share, share];
    const exact =
      one !== undefined ? d.exact?.[one] : d.exact && tail.every((i) => d.exact![i] !== undefined) ? tail.reduce((sum, i) => sum + d.exact![i]!, 0) : undefined;
    return [...kept, { x: foldLabel, p: share, low, high, exact, panel }];
  });
  const xs = [...values.filter((x) => (fold === undefined || x < fold) && (!emptyTail || x < folding!)).map(String), ...(fold === undefined ? [] : [foldLabel])];
  const withExact = rows.filter((r) => r.exact !== undefined);
  const panels = [...new Set(rows.map((r) => r.panel))];
  // A label every few bars where they would overlap (rounds 1–50): multiples of a round
  // step, and the first value, so at most ~20 labels share the axis.
  const step = TICK_STEPS.find((s) => xs.length / s <= MAX_TICKS) ?? Math.ceil(xs.length / MAX_TICKS);
  const ticks = step === 1 ? xs : xs.filter((x, i) => i === 0 || Number(x) % step === 0 || x === foldLabel);
  const panelHeight = faceted ? 150 : 240;
  const fy = faceted ? 'panel' : undefined;

  const marginRight = faceted ? panelLabels(panels).marginRight : 20;
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 44 + panelHeight * panels.length,
    marginTop: MARGIN_TOP,
    marginBottom: 44,
    marginRight,
    x: { domain: xs, ticks, label: distributionLabel(result, key), labelAnchor: 'center' },
    y: { domain: [0, Math.max(...rows.map((r) => Math.max(r.high, r.exact ?? 0)))], nice: true, grid: true, label: SHARE_OF_TRIALS },
    fy: faceted ? panelLabels(panels).fy : undefined,
    marks: [
      keyLine(
        (withExact.length ? 'bar: Monte Carlo · line: 95% interval · orange tick: exact' : 'bar: Monte Carlo · line: 95% interval') +
          (fold !== undefined
            ? ` · last bar, ${foldLabel}: ${fold} or more, folded (no value past ${lastShown} reaches ${TAIL_SHARE * 100}%)`
            : emptyTail
              ? ` · none past ${lastShown} (${folding} to ${values[values.length - 1]}: no trial${withExact.length ? ', exact 0' : ''})`
              : points.some((p) => p.distributions![key]!.lastAtLeast) ? ` · last bar${faceted ? ' of each panel' : ''}: that value or more` : ''),
        { marginRight, yLabel: SHARE_OF_TRIALS },
      ),
      // Inset across the bar only: Plot's `inset` also trims the value end, so each bar
      // stopped 2px under its share (below its own interval) and a share under ~2px tall
      // (2.96% of a tall axis) was drawn with no height at all.
      Plot.barY(rows, { x: 'x', y: 'p', fy, fill: MONTE_CARLO, fillOpacity: 0.75, insetLeft: 2, insetRight: 2 }),
      Plot.ruleX(rows, { x: 'x', y1: 'low', y2: 'high', fy, stroke: '#222' }),
      Plot.tickY(withExact, { x: 'x', y: 'exact', fy, stroke: EXACT, strokeWidth: 2.5 }),
      Plot.ruleY([0]),
    ],
  });
}
