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

// The id renumbering is plain string work in svgIds.ts, which loads no Plot: the
// command line's `solve` and `diff` use it without the renderer (tests/startup.test.ts).
import { namespaceIds, stableIds } from './svgIds.ts';

export { namespaceIds, stableIds };

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
  // outerHTML is HTML's serialisation: in a browser (the dashboard's linkedom shim) it
  // writes a no-break space (the wrapped panel labels' indent, shared.ts) as `&nbsp;`,
  // which XML has no entity for, so the SVG would not parse as a file, nor in the
  // dashboard's XML parser (dom.ts svgNode: "This chart could not be drawn."). Its number
  // is XML and HTML alike; linkedom writes the character itself, so reports do not change.
  return stableIds(svg.outerHTML.replaceAll('&nbsp;', '&#160;'));
}

/**
 * Several charts of one width (plotToSvg's) as one standalone SVG, stacked top to bottom:
 * each chart's root `<svg>` becomes a `<g>` moved down past the ones above, keeping its
 * attributes (font, class for its own style block) but not its size. Ids are prefixed per
 * chart, so two charts' clip paths cannot meet.
 */
export function stackSvgs(svgs: string[]): string {
  let y = 0;
  let width = 0;
  const parts = svgs.map((svg, i) => {
    const open = /^<svg\b([^>]*)>/.exec(svg);
    if (!open || !svg.endsWith('</svg>')) throw new Error('stackSvgs: not an <svg> element');
    const attrs = open[1]!;
    const number = (name: string) => Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(attrs)?.[1]);
    const kept = attrs.replace(/\s(xmlns|width|height|viewBox|style)="[^"]*"/g, '');
    const body = svg.slice(open[0].length, -'</svg>'.length);
    const part = `<g transform="translate(0,${y})"${kept}>${body}</g>`;
    y += number('height');
    width = Math.max(width, number('width'));
    return i === 0 ? part : namespaceIds(part, `panel${i + 1}`);
  });
  return `<svg xmlns="${SVG_NS}" style="background:white" viewBox="0 0 ${width} ${y}" height="${y}" width="${width}">${parts.join('')}</svg>`;
}
