/**
 * Observable Plot → a standalone SVG string, in Node, through linkedom.
 *
 * - Plot does not add `xmlns`; without it a browser shows a .svg file as XML text.
 * - Titles, subtitles, captions and legends make Plot wrap the SVG in an HTML
 *   `<figure>`, which is no SVG file at all; and legends need a canvas (ramps) or HTML
 *   (swatches) that linkedom does not give. So charts are drawn without them: titles live
 *   in the HTML and Markdown around the chart, and series are labelled directly.
 * - Plot numbers its clip paths, patterns and markers with module-wide counters, so the
 *   same chart gets other ids depending on what was drawn before it. We renumber them per
 *   SVG, in document order, so the same input gives the same bytes.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Plot options a chart may pass: everything but what would turn the SVG into a figure. */
export type ChartPlotOptions = Omit<Plot.PlotOptions, 'document' | 'title' | 'subtitle' | 'caption' | 'figure'>;

/** Plot's id patterns (style.js `getClipId`, `getPatternId`; marker.js `nextMarkerId`). */
const PLOT_ID = /\bid="(plot-(?:clip|pattern|marker)-\d+)"/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Renames every `id` in `ids` at its definition and at each reference to it. */
function renameIds(svg: string, rename: (id: string, index: number) => string, ids: string[]): string {
  ids.forEach((id, index) => {
    const to = rename(id, index);
    const pattern = new RegExp(`(id="|url\\(#|href="#)${escapeRegExp(id)}(?=[")])`, 'g');
    svg = svg.replace(pattern, `$1${to}`);
  });
  return svg;
}

/** Renumbers Plot's clip/pattern/marker ids from 1 per kind, in document order. */
export function stableIds(svg: string): string {
  const ids = [...new Set([...svg.matchAll(PLOT_ID)].map((m) => m[1]!))];
  const count: Record<string, number> = {};
  const targets = ids.map((id) => {
    const kind = /^plot-(clip|pattern|marker)-/.exec(id)![1]!;
    count[kind] = (count[kind] ?? 0) + 1;
    return `plot-${kind}-${count[kind]}`;
  });
  // Two passes through a placeholder, so `plot-clip-2` → `plot-clip-1` cannot collide
  // with an id that still has to be renamed.
  const placeholders = ids.map((_id, i) => `plot-stable-${i}`);
  const placed = renameIds(svg, (_id, i) => placeholders[i]!, ids);
  return renameIds(placed, (_id, i) => targets[i]!, placeholders);
}

/**
 * Prefixes every id of an SVG string (and its references), so that several charts can
 * sit inline in one HTML page without one chart's `url(#plot-clip-1)` picking up
 * another's clip path.
 */
export function namespaceIds(svg: string, prefix: string): string {
  const ids = [...new Set([...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!))];
  return renameIds(svg, (id) => `${prefix}-${id}`, ids);
}

/**
 * Draws a Plot chart and returns it as a standalone SVG document string (no XML
 * declaration, so the same string also works inline in HTML).
 */
export function plotToSvg(options: ChartPlotOptions): string {
  for (const scale of ['color', 'opacity', 'symbol', 'r'] as const) {
    const scaleOptions = options[scale] as { legend?: unknown } | undefined;
    if (scaleOptions?.legend) {
      throw new Error(`plotToSvg: a ${scale} legend would make Plot return a figure; label series directly`);
    }
  }
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const node = Plot.plot({
    ...options,
    // A white background keeps black labels readable on a forge's dark theme.
    style: options.style ?? { background: 'white' },
    figure: false,
    document: document as unknown as Document,
  }) as Element;
  // `figure: false` makes Plot return the <svg> itself; check rather than trust.
  const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg');
  if (!svg) throw new Error('plotToSvg: Plot returned no <svg>');
  svg.setAttribute('xmlns', SVG_NS);
  return stableIds(svg.outerHTML);
}
