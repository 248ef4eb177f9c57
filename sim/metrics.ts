/**
 * A mechanic's metrics, declared once. Each mechanic module has one table, and nothing
 * else in the project names its metrics, kinds or labels:
 *
 *   export const METRICS = metricTable({
 *     success: { name: 'success', kind: 'probability', label: 'P(plan succeeds)', headline: true },
 *     win: { name: 'win.<side>', kind: 'probability', label: 'P(win: <side>)', family: 'P(win)' },
 *   });
 *
 * - the key (`success`, `win`) is how the module's code names the metric;
 * - `name` is the contract name (docs/scenario-format.md: public, never renamed); a `<part>` is
 *   filled in per side, combatant, rival… when the metric is laid out;
 * - `kind` picks the interval (Wilson for a probability, normal for a mean) and the chart
 *   axis; `label` is the metric in the game's words, with the same `<part>`s; `family` the
 *   label of all its members on one axis ("P(win)"), and `line` its own line there where
 *   the label has no "family: member" form ("free pushes"); `headline` marks what the mechanic is
 *   mostly asked about; a mean is taken to count things (never below 0: its interval
 *   stops there) unless it says `signed: true` (a score), or `min` where a trial can give
 *   no less (a rank's 1); `max` where a rule caps a trial (a rank's 7), and `add`'s `max`
 *   where the setup does (the rounds cap, a side's combatants).
 *
 * In `prepare`, lay the table out in the order the result lists the metrics, and keep each
 * metric's tally slot under its key, so `run` writes `tally.add(M.success, …)`:
 *
 *   const L = new MetricLayout(METRICS);
 *   const M = { success: L.add('success'), win: sides.map((s) => L.add('win', { side: s.name })) };
 *   return { metrics: L.specs, run(random, trials, tally) { … }, exact() { const x = L.exact(); x[M.success] = p; return { metrics: L.named(x) }; } };
 *
 * A table whose metrics have no `<part>` can use `fixedLayout(METRICS)`: slots in the
 * table's order, and `exact({ success: p })` keyed by the table too. Adding a metric is one line in the table, one `L.add` and the lines that
 * tally (and compute it exactly), all in the mechanic's own module.
 */
import type { MetricKind, MetricSpec } from './stats.ts';

export interface MetricDeclaration {
  /** Contract name; `<part>`s are filled in by `MetricLayout.add`. */
  name: string;
  kind: MetricKind;
  /** In the game's words, with the same `<part>`s as `name`. */
  label: string;
  /** Label of the whole family on one chart axis (metrics whose name has a `<part>`). */
  family?: string;
  /**
   * The metric's line on its family's chart, in the game's words ("free pushes"), where its
   * label has no "family: member" form to take it from; with the same `<part>`s as `name`.
   */
  line?: string;
  /** The mechanic's headline figure. */
  headline?: boolean;
  /**
   * A mean whose trials can give a value below 0 (a score). Any other mean counts things
   * and is never below 0, so its interval is cut at 0 (MetricSpec.min), or at `min` where
   * one trial can give no less (a rank: 1); tests/declared-metrics.test.ts checks every
   * shipped scenario's trials against it.
   */
  signed?: true;
  /** The least value one trial of a mean can give, where it is above 0 (a rank's 1). */
  min?: number;
  /** The most one trial of a mean can give, where a rule fixes it (a rank's 7). */
  max?: number;
}

export type MetricTable = Readonly<Record<string, MetricDeclaration>>;

/** How MetricLayout.add lays one metric out beyond its `<part>`s. */
export interface LayoutOptions {
  /** See MetricSpec.scale. */
  scale?: number;
  /** A part as the label reads it (see MetricLayout.add). */
  words?: Readonly<Record<string, string>>;
  /** The most one trial of a mean can give in this setup (see MetricLayout.add). */
  max?: number;
  /**
   * The entry's count, where the figure is one member's of an entry of several (a
   * minion's of three): the label then says "each of N", so a page never leaves it to
   * the reader whether the figure is each member's or the entry's as a whole.
   */
  each?: number;
}

/** Declares a mechanic's table (typed, so a key that is not declared fails to compile). */
export function metricTable<const T extends MetricTable>(table: T): T {
  for (const [key, d] of Object.entries(table)) {
    // Every part of the name is in the label and the line; a part only the label has is a
    // word the layout gives (`words`: a side's name where the metric's name has none, as
    // `retry.won`, "P(sorcerer wins within its tries)").
    const parts = (s: string) => new Set([...s.matchAll(/<(\w+)>/g)].map((m) => m[1]));
    const missing = (from: string, to: string) => [...parts(from)].some((p) => !parts(to).has(p));
    if (missing(d.name, d.label)) throw new Error(`metric ${key}: its label lacks a <part> of its name`);
    if (d.line !== undefined && missing(d.name, d.line)) throw new Error(`metric ${key}: its line lacks a <part> of its name`);
  }
  return table;
}

function fill(template: string, parts: Readonly<Record<string, string>>): string {
  return template.replace(/<(\w+)>/g, (whole, part: string) => {
    const v = parts[part];
    if (v === undefined) throw new Error(`metric ${template}: no value for ${whole}`);
    return v;
  });
}

/**
 * A label that says its figure is each member's of an entry of `n` ("P(knocked out:
 * minion, each of 3)", "mean wounds at the end: minion, each of 3"); as it is for one.
 * `n` "several": the words for points of different counts ("P(knocked out: minion,
 * each)", reports/metrics.ts).
 */
export function eachOf(label: string, n: number | 'several'): string {
  if (typeof n === 'number' && n <= 1) return label;
  const words = n === 'several' ? 'each' : `each of ${n}`;
  return label.startsWith('P(') && label.endsWith(')') ? `${label.slice(0, -1)}, ${words})` : `${label}, ${words}`;
}

/** A label without eachOf's words: "P(knocked out: minion, each of 3)" → "P(knocked out: minion)". */
export function withoutEach(label: string): string {
  return label.replace(/, each(?: of \d+)?(\)?)$/, '$1');
}

/** A table's metrics laid out in a tally, in the order they are added. */
export class MetricLayout<T extends MetricTable> {
  readonly specs: MetricSpec[] = [];

  constructor(readonly table: T) {}

  /**
   * Lay out one metric of the table (with its `<part>`s) and return its tally slot.
   * `scale`: see MetricSpec.scale. `words`: a part as the label reads it, where the name's
   * form is code (`consequence.pcRattled`, "mean consequences: a PC is rattled"). `max`:
   * the most one trial of a mean can give in this setup, where the setup fixes it (a
   * side's combatants, the rounds cap); with the table's own `max`, the lesser counts.
   */
  add(key: keyof T & string, parts: Readonly<Record<string, string>> = {}, options: LayoutOptions = {}): number {
    const { scale, words = {}, max, each = 1 } = options;
    const d = this.table[key];
    const spec: MetricSpec = { name: fill(d.name, parts), kind: d.kind, label: eachOf(fill(d.label, { ...parts, ...words }), each) };
    if (d.family !== undefined) spec.family = d.family;
    if (d.line !== undefined) spec.line = fill(d.line, { ...parts, ...words });
    if (d.headline) spec.headline = true;
    if (d.kind === 'mean' && !d.signed) spec.min = d.min ?? 0;
    if (d.kind === 'mean') {
      const most = Math.min(d.max ?? Infinity, max ?? Infinity);
      if (most < Infinity) spec.max = most;
    }
    if (scale !== undefined) spec.scale = scale;
    // A share (a chance tallied as a count of `scale` members) lies in [0, scale] a trial:
    // a sample that never varied reaches toward the bound as a count's does (sim/stats.ts
    // normalMean). Without it, "wounded: gang, each of 3" never wounded in 16 trials read
    // [0, 0.0645] beside the count's [0, 0.581] of the same tally, and missed its exact
    // 0.0664 in 229 of 4,000 runs (an audit: coverage 0.937, the count's 0.9945).
    if (d.kind === 'probability' && scale !== undefined) {
      spec.min = 0;
      spec.max = scale;
    }
    this.specs.push(spec);
    return this.specs.length - 1;
  }

  /** A sheet of exact values by slot; slots left NaN have no exact value. */
  exact(): Float64Array {
    return new Float64Array(this.specs.length).fill(NaN);
  }

  /** An exact sheet as the metric name → value record ExactValues wants. */
  named(values: ArrayLike<number>): Record<string, number> {
    const out: Record<string, number> = {};
    this.specs.forEach((s, i) => {
      if (!Number.isNaN(values[i])) out[s.name] = values[i];
    });
    return out;
  }
}

/**
 * A table with no `<part>`s laid out whole, in its own order: slot = position. `exact`
 * turns exact values keyed by the table's keys into the record ExactValues wants.
 * `options` lays a metric out as MetricLayout.add's do (a setup's cap on a mean).
 */
export function fixedLayout<T extends MetricTable>(
  table: T,
  options: Partial<Record<keyof T, LayoutOptions>> = {},
): { specs: MetricSpec[]; slot: { [K in keyof T]: number }; exact(values: Partial<Record<keyof T, number>>): Record<string, number> } {
  const layout = new MetricLayout(table);
  const slot = {} as { [K in keyof T]: number };
  for (const key of Object.keys(table) as (keyof T & string)[]) slot[key] = layout.add(key, {}, options[key]);
  return {
    specs: layout.specs,
    slot,
    exact(values) {
      const out: Record<string, number> = {};
      for (const key of Object.keys(table) as (keyof T & string)[]) {
        const v = values[key];
        if (v !== undefined) out[layout.specs[slot[key]].name] = v;
      }
      return out;
    },
  };
}
