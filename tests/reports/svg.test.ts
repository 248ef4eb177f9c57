/**
 * plotToSvg: a standalone SVG whose ids do not depend on what Plot drew before, and that
 * can sit inline beside other charts.
 */
import * as Plot from '@observablehq/plot';
import { describe, expect, it } from 'vitest';
import { namespaceIds, plotToSvg, stableIds } from '../../reports/svg.ts';

const clipped = () =>
  plotToSvg({
    marks: [Plot.lineY([1, 3, 2], { clip: true, marker: 'circle' }), Plot.lineY([2, 1, 3], { marker: 'dot', stroke: 'red' })],
  });

describe('plotToSvg', () => {
  it('numbers clip paths from 1 in every SVG, however many Plot drew before', () => {
    const first = clipped();
    const second = clipped();
    expect(second).toBe(first);
    expect(first).toContain('<clipPath id="plot-clip-1">');
    expect(first).toContain('clip-path="url(#plot-clip-1)"');
    expect(first).toContain('id="plot-marker-1"');
    expect(first).toContain('marker-start="url(#plot-marker-2)"');
    expect(first).not.toMatch(/plot-(clip-2|marker-3)/);
  });

  it('renumbers without collisions when Plot counted past the new numbers', () => {
    const svg = '<clipPath id="plot-clip-2"/><g clip-path="url(#plot-clip-2)"/><clipPath id="plot-clip-1"/><g clip-path="url(#plot-clip-1)"/>';
    expect(stableIds(svg)).toBe(
      '<clipPath id="plot-clip-1"/><g clip-path="url(#plot-clip-1)"/><clipPath id="plot-clip-2"/><g clip-path="url(#plot-clip-2)"/>',
    );
  });

  it('prefixes ids and their references for inline use', () => {
    const svg = namespaceIds(clipped(), 'odds');
    expect(svg).toContain('id="odds-plot-clip-1"');
    expect(svg).toContain('url(#odds-plot-clip-1)');
    expect(svg).not.toMatch(/url\(#plot-/);
  });

  it('refuses legends, which would turn the SVG into an HTML figure', () => {
    expect(() => plotToSvg({ color: { legend: true }, marks: [Plot.dot([1], { fill: 'red' })] })).toThrow(/legend/);
  });

  it('adds the SVG namespace and a white background', () => {
    const svg = clipped();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toMatch(/^<svg [^>]*style="background: ?white;?"/);
  });
});
