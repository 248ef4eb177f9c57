/**
 * One row of a table — an estimate, its 95% interval, the exact value — reads at one
 * precision, the same in the reports, `poolsim run` and the dashboard (sim/solve/sentence.ts
 * rowPlaces), and an exact value inside its interval never reads outside it for rounding.
 * A report audit found "0.0052 [0.0049, 0.0056]" beside "≈0.00523".
 */
import { describe, expect, it } from 'vitest';
import type { MetricResult, ScenarioResult } from '../sim/result.ts';
import { renderScenarioHtml, renderScenarioMarkdown } from '../reports/render.ts';
import { formatResult } from '../cli/format.ts';
import { panelsFor } from '../dashboard/charts/panels.ts';
import { estimateCell } from '../dashboard/charts/table.ts';
import { headlineLines } from '../reports/headline.ts';
import { measured } from '../reports/checkText.ts';

/** A one-point result of probabilities (or means: "E(…)"), one metric per row. */
function resultOf(metrics: Record<string, Omit<MetricResult, 'kind'>>, kind: 'probability' | 'mean' = 'probability'): ScenarioResult {
  return {
    name: 'rows',
    system: 'viciousness',
    mechanic: 'knowledge',
    trials: 100000,
    seed: 'rows',
    results: [{ point: {}, metrics: Object.fromEntries(Object.entries(metrics).map(([k, m]) => [k, { ...m, kind, label: kind === 'mean' ? `E(${k})` : `P(${k})` }])) }],
    expect: [],
  } as ScenarioResult;
}

/** Each surface's rows, by metric: [estimate, low, high, exact] as printed. */
function reportRows(result: ScenarioResult): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of renderScenarioMarkdown(result, []).split('\n').filter((l) => /^\| [PE]\(/.test(l))) {
    const [, name, exact, estimate, interval] = line.split('|').map((c) => c.trim());
    const [low, high] = interval!.slice(1, -1).split(', ');
    rows.set(name!.match(/`(\w+)`/)![1]!, [estimate!, low!, high!, exact!]);
  }
  return rows;
}

function cliRows(result: ScenarioResult): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of formatResult(result, 'rows.json').split('\n')) {
    const match = line.trim().match(/^(\w+)\s+(\S+)\s+\[(\S+), (\S+)\]\s*(\S*)$/);
    if (match) rows.set(match[1]!, match.slice(2));
  }
  return rows;
}

function dashboardRows(result: ScenarioResult): Map<string, string[]> {
  const kind = Object.values(result.results[0]!.metrics)[0]!.kind;
  const table = panelsFor(result).find((p) => p.name === (kind === 'mean' ? 'means' : 'probabilities'))!.table!;
  const rows = new Map<string, string[]>();
  for (const row of table.rows) {
    const [estimate, interval, exact] = row.slice(-3).map((c) => c.text);
    const [low, high] = interval!.split(' to ');
    rows.set(row[0]!.text.match(/[PE]\((\w+)\)/)![1]!, [estimate!, low!, high!, exact!]);
  }
  return rows;
}

const surfaces = { report: reportRows, 'poolsim run': cliRows, dashboard: dashboardRows };

const value = (text: string) => Number(text.replace(/^≈/, ''));

/** Numbers in [0, 1) from a fixed LCG (Numerical Recipes' constants), so a failure names its row again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}
const places = (text: string) => text.replace(/^≈/, '').split('.')[1]?.length ?? 0;

describe('a row of estimate, interval and exact value', () => {
  const result = resultOf({
    // The audit's row: 4 places for the estimate beside a 3-significant-digit exact value.
    small: { estimate: 0.0052, ci95: [0.0032, 0.0072], exact: 0.0052341 },
    // An exact value in full (5 places) at the top of its interval: "[0.0032, 0.0072]" beside
    // "0.00724" read outside it.
    top: { estimate: 0.0052, ci95: [0.00324, 0.007241], exact: 0.00724 },
    // A rounded exact value beside an interval printed to more places: "≈0.3181" beside the
    // upper bound "0.31807" (the value 0.3180634, inside).
    narrow: { estimate: 0.31717, ci95: [0.31626, 0.31807], exact: 0.3180634 },
    // A value in full with more places than the row: "0.65624" beside "0.6562".
    full: { estimate: 0.6532, ci95: [0.6502, 0.656241], exact: 0.65624 },
  });

  for (const [name, rowsOf] of Object.entries(surfaces)) {
    it(`reads at one precision, the exact value inside its interval (${name})`, () => {
      const rows = rowsOf(result);
      const row = (_: ScenarioResult, metric: string) => rows.get(metric);
      expect(row(result, 'small')).toEqual(['0.00520', '0.00320', '0.00720', '≈0.00523']);
      expect(row(result, 'top')).toEqual(['0.00520', '0.00324', '0.00724', '0.00724']);
      expect(row(result, 'narrow')).toEqual(['0.31717', '0.31626', '0.31807', '≈0.31806']);
      expect(row(result, 'full')).toEqual(['0.65320', '0.65020', '0.65624', '0.65624']);
    });
  }

  // Rows that end on or near a whole number, and zero rows: a whole figure as a whole number
  // ("1", "0", as the exact column), every other at the row's places, and the row's places
  // raised together where a bound would read whole at them (a review: "3.9774 [3.9548,
  // 3.99998]" in the report where `poolsim run` said "[3.9548, 4.0000]", and the dashboard
  // "1.0000 | 0.999808 to 1.0000", "0.0000 | 0.0000 to 0.000192").
  const edges = resultOf({
    one: { estimate: 1, ci95: [0.999808, 1], exact: 1 },
    zero: { estimate: 0, ci95: [0, 0.000192], exact: 0 },
    below: { estimate: 3.9774, ci95: [3.9548, 3.99998], exact: 3.98 },
    under: { estimate: 0.99, ci95: [0.98, 0.99998], exact: 0.99 },
  });
  // Means past 10 (two places; the dashboard's three give the same rows here): a review's
  // "22.25 [21.997, 22.50]" (vdp-combat-allocation-matrix) and "26 [25.9950, 26]", which
  // `poolsim run` printed "22.25 [22.00, 22.50]" and "26.0000 [25.9950, 26.0000]".
  const means = resultOf(
    {
      effects: { estimate: 22.24775, ci95: [21.997294056352697, 22.498205943647303] },
      whole: { estimate: 26, ci95: [25.995, 26], exact: 26 },
    },
    'mean',
  );

  for (const [name, rowsOf] of Object.entries(surfaces)) {
    it(`reads whole figures as whole numbers and moves a row up together where a bound would read whole (${name})`, () => {
      const rows = rowsOf(edges);
      expect(rows.get('one')).toEqual(['1', '0.999808', '1', '1']);
      expect(rows.get('zero')).toEqual(['0', '0', '0.000192', '0']);
      expect(rows.get('below')).toEqual(['3.97740', '3.95480', '3.99998', '3.98']);
      expect(rows.get('under')).toEqual(['0.99000', '0.98000', '0.99998', '0.99']);
      const mean = rowsOf(means);
      expect(mean.get('effects')!.slice(0, 3)).toEqual(['22.248', '21.997', '22.498']);
      expect(mean.get('whole')).toEqual(['26', '25.9950', '26', '26']);
    });
  }

  it('the headline and a check\'s "measured" say the row as the table does', () => {
    const headline = resultOf({ small: { estimate: 0.0052, ci95: [0.0032, 0.0072], exact: 0.0052341, headline: true } });
    const [line] = headlineLines(headline);
    expect([line!.value, line!.detail]).toEqual(['≈0.00523', 'exact · estimate 0.00520, 95% interval [0.00320, 0.00720]']);
    expect(measured(result, { metric: 'narrow', atLeast: 0.5, pass: false })).toBe('0.31717, 95% interval [0.31626, 0.31807], exact ≈0.31806');
    // The dashboard's pivot cells (heatmaps, the split comparison) alike, the exact value on hover.
    const cell = estimateCell({ estimate: 0.0052, ci95: [0.0032, 0.0072] }, 'probability');
    expect(cell.text).toBe('0.00520 (0.00320–0.00720)');
    expect(estimateCell({ estimate: 0.31717, ci95: [0.31626, 0.31807], exact: 0.3180634 }, 'probability').title).toBe('estimate 0.31717, 95% interval 0.31626 to 0.31807, exact ≈0.31806');
    expect(renderScenarioHtml(result, [])).toContain('<td class="num">≈0.00523</td><td class="num">0.00520</td><td class="num">[0.00320, 0.00720]</td>');
  });

  it('never reads an exact value inside its interval as outside it, on any surface (random rows, seed 1)', () => {
    const random = seeded(1);
    const metrics: Record<string, Omit<MetricResult, 'kind'>> = {};
    for (let i = 0; i < 300; i++) {
      // Estimates from 0.0003 to 0.98, half-widths from a ten-thousandth of them to a third.
      const estimate = 10 ** (-3.5 + random() * 3.49);
      const h = estimate * 10 ** (-4 + random() * 3.5);
      const ci95: [number, number] = [Math.max(0, estimate - h), estimate + h];
      // The exact value anywhere in the interval, often at one of its ends; half of them a
      // decimal in full (5 or 6 places), half rounded ("≈").
      const at = random() < 0.3 ? (random() < 0.5 ? 0 : 1) : random();
      let exact = ci95[0] + at * (ci95[1] - ci95[0]);
      if (random() < 0.5) exact = Number(exact.toFixed(random() < 0.5 ? 5 : 6));
      if (exact < ci95[0] || exact > ci95[1]) continue;
      metrics[`m${i}`] = { estimate, ci95, exact };
    }
    const rows = resultOf(metrics);
    const report = reportRows(rows);
    for (const [surface, rowsOf] of Object.entries(surfaces)) {
      const printed = rowsOf(rows);
      for (const name of Object.keys(metrics)) {
        const [estimate, low, high, exact] = printed.get(name)!;
        const said = `${surface} ${name}: ${estimate} [${low}, ${high}] ${exact}`;
        expect(value(low!) <= value(exact!) && value(exact!) <= value(high!), said).toBe(true);
        // One precision: the estimate and a rounded exact value at the same places (a
        // figure under 0.001 keeps its three significant digits).
        if (exact!.startsWith('≈') && value(estimate!) >= 0.001 && value(exact!) >= 0.001) expect(places(exact!), said).toBe(places(estimate!));
        // And the same text on every surface.
        expect(printed.get(name), said).toEqual(report.get(name));
      }
    }
  });

  it('reads an exact value just outside its interval as outside it, on any surface (random rows, seed 2; an audit: "0.5 [0.5000, 0.5139]" where the bound is 0.500020)', () => {
    const random = seeded(2);
    const metrics: Record<string, Omit<MetricResult, 'kind'>> = {
      audit: { estimate: 0.507, ci95: [0.50002, 0.51393], exact: 0.5 },
    };
    for (let i = 0; i < 300; i++) {
      // From 0.002: a figure under 0.001 keeps its three significant digits whatever the
      // row's places (smallFigure), so a value past a bound in its fourth digit reads on it.
      const estimate = 10 ** (-2.7 + random() * 2.69);
      const h = estimate * 10 ** (-4 + random() * 3.5);
      const ci95: [number, number] = [Math.max(0, estimate - h), estimate + h];
      if (ci95[0] < 0.001) continue;
      // Past one end by a millionth to a tenth of the half-width (a value past the bound in
      // its ninth place or further reads on it: nine places is the most a row takes).
      const past = h * 10 ** (-6 + random() * 5);
      const exact = random() < 0.5 ? ci95[1] + past : ci95[0] - past;
      if (exact < 0 || Math.abs(exact - (exact > ci95[1] ? ci95[1] : ci95[0])) < 2e-9) continue;
      metrics[`m${i}`] = { estimate, ci95, exact };
    }
    const rows = resultOf(metrics);
    for (const [surface, rowsOf] of Object.entries(surfaces)) {
      const printed = rowsOf(rows);
      for (const name of Object.keys(metrics)) {
        const [estimate, low, high, exact] = printed.get(name)!;
        const said = `${surface} ${name}: ${estimate} [${low}, ${high}] ${exact}`;
        expect(value(exact!) < value(low!) || value(exact!) > value(high!), said).toBe(true);
      }
    }
  });
});

/** A sweep of one probability over points `x = 1, 2, …`, one metric value per point. */
function sweepOf(points: Omit<MetricResult, 'kind'>[]): ScenarioResult {
  return {
    name: 'sweep',
    system: 'viciousness',
    mechanic: 'knowledge',
    trials: 100000,
    seed: 'sweep',
    sweep: { x: points.map((_, i) => i + 1) },
    results: points.map((m, i) => ({ point: { x: i + 1 }, metrics: { p: { ...m, kind: 'probability', label: 'P(p)', headline: true } } })),
    expect: [],
  } as unknown as ScenarioResult;
}

describe('rows at or near a whole number, and zero rows', () => {
  it('read alike on every surface, at one precision, whole figures whole (random rows, seed 7)', () => {
    // The LCG above, another seed: rows of zero ("0 [0, 0.000192]"), of certainty ("1
    // [0.999808, 1]"), and bounds a hair from a whole number ("3.99998"), which read whole at
    // the row's places and were written longer than the row.
    let state = 7;
    const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const metrics: Record<string, Omit<MetricResult, 'kind'>> = {};
    for (let i = 0; i < 300; i++) {
      const whole = Math.floor(random() * 6);
      const gap = 10 ** (-6 + random() * 4);
      const h = 10 ** (-5 + random() * 3);
      const shape = random();
      const row: Omit<MetricResult, 'kind'> =
        shape < 0.25
          ? { estimate: 0, ci95: [0, gap], exact: 0 }
          : shape < 0.5
            ? { estimate: whole, ci95: [whole - h, whole], exact: whole }
            : shape < 0.75
              ? { estimate: whole + 1 - gap - h, ci95: [whole + 1 - gap - 2 * h, whole + 1 - gap] }
              : { estimate: whole + gap + h, ci95: [whole + gap, whole + gap + 2 * h] };
      if (row.ci95[0] < 0) continue;
      metrics[`m${i}`] = row;
    }
    const rows = resultOf(metrics);
    const printed = Object.values(surfaces).map((rowsOf) => rowsOf(rows));
    const decimals = (text: string) => (/^-?\d+$/.test(text) || Math.abs(value(text)) < 0.001 ? undefined : places(text));
    for (const name of Object.keys(metrics)) {
      const [report, cli, dashboard] = printed.map((p) => p.get(name)!.slice(0, 3));
      const said = `${name}: ${JSON.stringify(metrics[name])} → ${report!.join(' ')}`;
      // The same text on every surface.
      expect(cli, said).toEqual(report);
      expect(dashboard, said).toEqual(report);
      // A whole figure whole, no other reading whole, and the rest at one precision.
      const figures = [metrics[name]!.estimate, ...metrics[name]!.ci95];
      figures.forEach((x, k) => expect(/^-?\d+$/.test(report![k]!), said).toBe(Number.isInteger(x)));
      expect(new Set(report!.map(decimals).filter((d) => d !== undefined)).size, said).toBeLessThanOrEqual(1);
    }
  });
});

describe('an exact value just short of a whole number', () => {
  it('reads outside its interval where it lies outside, on every surface, and never as the whole number (a review)', () => {
    // 1 − 2^-16 = 0.99998474… just above an upper bound of 0.99998471: its own seven places,
    // "≈0.9999847", read inside "[0.999975, 0.999985]"; the row rounds it at its own.
    const rows = resultOf({
      near1: { estimate: 0.99998, ci95: [0.999975, 0.99998471], exact: 1 - 2 ** -16 },
      near3: { estimate: 2.99998, ci95: [2.99996, 2.99998471], exact: 3 - 2 ** -16 },
      sure: { estimate: 1, ci95: [0.999808, 1], exact: 1 - 2 ** -36 },
    });
    for (const rowsOf of Object.values(surfaces)) {
      const printed = rowsOf(rows);
      for (const name of ['near1', 'near3']) {
        const [, , high, exact] = printed.get(name)!;
        expect(value(exact!), `${name}: ${printed.get(name)!.join(' ')}`).toBeGreaterThan(value(high!));
      }
      // A plan that fails once in 69 billion: not "1", and its row not at thirteen places.
      expect(printed.get('sure')).toEqual(['1', '0.999808', '1', '≈0.9999999999854']);
    }
  });
});

describe('several points that share one exact value', () => {
  // A review's two points: "≈0.3181 at every point" beside an upper bound "0.31807" it lies under.
  const apart = sweepOf([
    { estimate: 0.31717, ci95: [0.31626, 0.31807], exact: 0.3180634 },
    { estimate: 0.3175, ci95: [0.3166, 0.3184], exact: 0.3180634 },
  ]);

  it('a check\'s "measured" says it at the places of the rows beside it, inside the interval it lies in', () => {
    expect(measured(apart, { metric: 'p', atLeast: 0.5, pass: false })).toBe('0.31717 [0.31626, 0.31807] to 0.31750 [0.31660, 0.31840] over 2 points (95% intervals), exact ≈0.31806 at every point');
  });

  it('the headline says it at the places of the rows beside it', () => {
    const [line] = headlineLines(apart);
    expect([line!.value, line!.detail]).toEqual(['≈0.31806', 'exact · estimates 0.31717 [0.31626, 0.31807] to 0.31750 [0.31660, 0.31840] across the points (95% intervals)']);
  });

  it('equal estimates at every point read as the table prints the row', () => {
    // "0.0052 at all 2 points (… [0.0032, 0.0072]), exact ≈0.00523": 4 places beside 5.
    const equal = sweepOf([
      { estimate: 0.0052, ci95: [0.0032, 0.0072], exact: 0.0052341 },
      { estimate: 0.0052, ci95: [0.0035, 0.0069], exact: 0.0052341 },
    ]);
    expect(measured(equal, { metric: 'p', atLeast: 0.5, pass: false })).toBe('0.00520 at all 2 points (95% intervals within [0.00320, 0.00720]), exact ≈0.00523 at every point');
  });
});

describe('a check\'s measured interval beside its band (a report audit)', () => {
  it('an interval end just short of a bound reads short of it: "[0.7400, 0.7477]" beside a band from 0.7477 read as touching it, on a FAIL', () => {
    const one = sweepOf([{ estimate: 0.74386, ci95: [0.7400354, 0.7476870867059284], exact: 0.75 }]);
    const only = { ...one, sweep: undefined, results: [{ ...one.results[0]!, point: {} }] } as unknown as ScenarioResult;
    expect(measured(only, { metric: 'p', between: [0.7477, 0.76], pass: false })).toBe('0.74386, 95% interval [0.74004, 0.74769], exact 0.75');
    // …and one just past a bound reads past it (atMost 0.74002: the interval starts above it).
    expect(measured(only, { metric: 'p', atMost: 0.74002, pass: false })).toBe('0.74386, 95% interval [0.74004, 0.74769], exact 0.75');
    // Far from the band: the table's places, as before.
    expect(measured(only, { metric: 'p', atLeast: 0.5, pass: true })).toBe('0.7439, 95% interval [0.7400, 0.7477], exact 0.75');
  });

  it('the span holding every point\'s interval is rounded outward: "within [0, 0.000192]" was narrower than 0.00019204', () => {
    const zeros = sweepOf([
      { estimate: 0, ci95: [0, 0.00019203605610462553] },
      { estimate: 0, ci95: [0, 0.00019203605610462553] },
    ]);
    expect(measured(zeros, { metric: 'p', atMost: 0.01, pass: true })).toBe('0 at all 2 points (95% intervals within [0, 0.000193])');
    const small = sweepOf([
      { estimate: 0, ci95: [0, 0.012643] },
      { estimate: 0, ci95: [0, 0.0101] },
    ]);
    expect(measured(small, { metric: 'p', atMost: 0.5, pass: true })).toBe('0 at all 2 points (95% intervals within [0, 0.0127])');
    // Rounded up onto a bound it lies short of, it read as touching it on a FAIL (a review):
    // more places, until it reads short of it.
    const short = sweepOf([
      { estimate: 0.74, ci95: [0.7361, 0.74362] },
      { estimate: 0.74, ci95: [0.7362, 0.74262] },
    ]);
    expect(measured(short, { metric: 'p', atLeast: 0.7437, pass: false })).toBe('0.74000 at all 2 points (95% intervals within [0.73610, 0.74362])');
  });
});
