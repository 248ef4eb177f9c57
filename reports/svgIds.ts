/**
 * Renumbering and prefixing the ids of an SVG string (reports/svg.ts explains why): plain
 * string work, kept apart from svg.ts so that what needs only this loads no Plot.
 */
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
