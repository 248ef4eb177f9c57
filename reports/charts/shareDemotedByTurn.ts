/**
 * How many companies sit below (and above) their starting rank at the end of each turn
 * of a campaign: the share of trials, per turn, from the `demoted`/`promoted` columns of
 * a series (campaignSeries.ts). One panel per point of a sweep.
 */
import * as Plot from '@observablehq/plot';
import type { ScenarioResult } from '../../sim/result.ts';
import { pointLabel } from '../sweep.ts';
import { plotToSvg } from '../svg.ts';
import { SHARE_COLUMNS } from './campaignSeries.ts';
import { MARGIN_TOP, SHARE_OF_TRIALS, WIDTH, keyLine, textWidth, panelLabels, STACKED_INSET } from './shared.ts';
import { MAX_FAN_PANELS } from './fanOverTurns.ts';

const SHARE_LABELS: Record<(typeof SHARE_COLUMNS)[number], string> = {
  demoted: 'below starting rank',
  promoted: 'above starting rank',
};

/** The first series key of the result that carries a `demoted` or `promoted` column. */
export function shareSeriesKey(result: ScenarioResult): string | undefined {
  for (const p of result.results) {
    for (const [key, s] of Object.entries(p.series ?? {})) {
      if (SHARE_COLUMNS.some((c) => Array.isArray(s[c]))) return key;
    }
  }
  return undefined;
}

export function shareDemotedByTurn(result: ScenarioResult, key = shareSeriesKey(result) ?? 'rank', setup?: unknown): string {
  const points = result.results.filter((p) => p.series?.[key] !== undefined);
  if (points.length > MAX_FAN_PANELS) throw new Error(`shareDemotedByTurn: ${points.length} points is more than ${MAX_FAN_PANELS} panels`);
  const rows = points.flatMap((p) => {
    const s = p.series![key]!;
    return SHARE_COLUMNS.filter((c) => Array.isArray(s[c])).flatMap((column) =>
      s.turn.map((turn, i) => ({ turn, share: s[column]![i]!, low: s[`${column}Low`]?.[i], high: s[`${column}High`]?.[i], what: SHARE_LABELS[column], panel: pointLabel(p.point, setup, result) })),
    );
  });
  if (rows.length === 0) throw new Error(`shareDemotedByTurn: series "${key}" has no demoted or promoted column`);
  // Each share's 95% interval (series written before it was carried have none: no band).
  const banded = rows.filter((r) => r.low !== undefined && r.high !== undefined);
  const panels = [...new Set(rows.map((r) => r.panel))];
  const faceted = panels.length > 1;
  const fy = faceted ? 'panel' : undefined;
  const kinds = SHARE_COLUMNS.map((c) => SHARE_LABELS[c]).filter((w) => rows.some((r) => r.what === w));
  const turns = [...new Set(rows.map((r) => r.turn))];
  // End-of-line labels: the last turn of each line in each panel.
  const ends = panels.flatMap((panel) =>
    kinds.map((what) => rows.filter((r) => r.panel === panel && r.what === what).at(-1)!).filter(Boolean),
  );

  const marginRight = faceted ? panelLabels(panels).marginRight : Math.max(...kinds.map(textWidth)) + 16;
  return plotToSvg({
    width: WIDTH,
    height: MARGIN_TOP + 44 + (faceted ? 150 : 240) * panels.length,
    marginTop: MARGIN_TOP,
    marginBottom: 44,
    marginRight,
    x: { label: 'turn', ...(turns.length <= 15 && turns.every(Number.isInteger) ? { ticks: turns, tickFormat: 'd' } : {}) },
    y: { domain: [0, 1], grid: true, label: SHARE_OF_TRIALS, ...(faceted ? STACKED_INSET : {}) },
    fy: faceted ? panelLabels(panels).fy : undefined,
    // Red for falling behind, green for getting ahead.
    color: { domain: [SHARE_LABELS.demoted, SHARE_LABELS.promoted], range: ['#d62728', '#2ca02c'] },
    marks: [
      keyLine(`share of trials at the end of each turn (Monte Carlo${banded.length ? '; band: its 95% interval' : ''})`, { marginRight, yLabel: SHARE_OF_TRIALS }),
      Plot.areaY(banded, { x: 'turn', y1: 'low', y2: 'high', z: 'what', fy, fill: 'what', fillOpacity: 0.2 }),
      Plot.lineY(rows, { x: 'turn', y: 'share', z: 'what', fy, stroke: 'what', strokeWidth: 2 }),
      // Facet labels sit on the right too, so the line names go inside the frame there.
      Plot.text(ends, { x: 'turn', y: 'share', fy, text: 'what', fill: 'what', textAnchor: faceted ? 'end' : 'start', dx: faceted ? -4 : 8, dy: faceted ? -8 : 0 }),
    ],
  });
}
