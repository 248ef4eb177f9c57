/**
 * The compare view: scenario B is scenario A with one thing changed (a path and its new
 * value), run on a seed of its own so the two estimates are independent and the interval
 * of their difference holds.
 */
import type { MetricResult } from '../../sim/result.ts';
import { sweepLabel, sweepValueLabel } from '../../reports/sweep.ts';
import { getAt, parsePath, withValue } from '../../reports/fields/paths.ts';
import { quoted } from '../../sim/words.ts';
import { formFor } from '../../reports/fields/index.ts';
import { ruleFields } from '../../reports/fields/rules.ts';
import { fieldAt, shownDefault } from '../../reports/fields/spec.ts';

export interface CompareChange {
  /** A dotted path into the scenario: `setup.participants.0.dice`, `rules.hitOn`. */
  path: string;
  value: unknown;
}

/** The seed B runs on: A's seed with " / B" after it (docs/scenario-format.md default seed "0"). */
export function seedOfB(seedA: unknown): string {
  return `${seedA === undefined ? '0' : String(seedA)} / B`;
}

/** Whether one dotted path is the other or lies inside it (`setup.a` and `setup.a.dice`). */
function overlaps(x: string, y: string): boolean {
  return x === y || x.startsWith(`${y}.`) || y.startsWith(`${x}.`);
}

/**
 * How B's change meets A's sweep. A swept value overrides the setup's at every point, so
 * changing a swept field as it stands would run B identical to A and show B − A = 0
 * everywhere. A number swept and changed by a step is honoured by shifting B's sweep by
 * that step (`challenges` 3 → 4 over 1–8 makes B run 2–9: one more at every point); any
 * other overlap is refused with the reason.
 */
export type SweepOverlap =
  | { kind: 'none' }
  | { kind: 'shift'; path: string; by: number; from: unknown[]; to: number[] }
  | { kind: 'refused'; problem: string };

export function sweepOverlap(a: Record<string, unknown>, change: CompareChange): SweepOverlap {
  const sweep = a.sweep !== null && typeof a.sweep === 'object' && !Array.isArray(a.sweep) ? (a.sweep as Record<string, unknown>) : {};
  const hit = Object.keys(sweep).find((path) => overlaps(path, change.path));
  const name = (path: string) => sweepLabel(path, a.setup, a);
  if (hit === undefined) {
    // B the same as A ("from 3 to 3"): B − A would be noise about 0, run all the same. The
    // swept case below is refused as "B changes nothing"; this one is too, and so is B set
    // to the default of a field A leaves out (B "from the default (1) to 1" ran, under a
    // Compare row that said B was A unchanged: a dashboard audit).
    const now = getAt(a, parsePath(change.path));
    const inA = valueOrDefault(a, change.path, now);
    const inB = valueOrDefault(a, change.path, change.value);
    if (inA !== undefined && JSON.stringify(inA) === JSON.stringify(inB)) {
      // The value in the form's words (“the company’s rank only”), as the refusal's field is.
      const value = sweepValueLabel(change.path, inB, a.setup, a);
      const its = now === undefined ? 'the default A leaves it at' : 'its value in A';
      return { kind: 'refused', problem: `B changes ${quoted(name(change.path))} to ${value}, ${its}: B changes nothing; give B another value` };
    }
    return { kind: 'none' };
  }
  const values = sweep[hit];
  const before = getAt(a, parsePath(change.path));
  if (
    hit === change.path &&
    Array.isArray(values) &&
    values.every((v) => typeof v === 'number') &&
    typeof before === 'number' &&
    typeof change.value === 'number' &&
    change.value !== before
  ) {
    const by = change.value - before;
    return { kind: 'shift', path: hit, by, from: values, to: values.map((v) => (v as number) + by) };
  }
  const why =
    hit === change.path && typeof before !== 'number' && typeof change.value === 'number'
      ? `set ${quoted(name(hit))} in A so B's change is a step to shift the sweep by`
      : hit === change.path && typeof change.value === 'number' && change.value === before
        ? 'B changes nothing'
        : 'stop varying it, or let B change something else';
  return {
    kind: 'refused',
    problem: `B changes ${quoted(name(change.path))}, which Vary sweeps (${quoted(name(hit))}): the sweep would override the change and B − A would be 0 everywhere; ${why}`,
  };
}

/**
 * What a field at `path` is in `scenario` when it holds `value`: the value, or where it is
 * left out (undefined) the default the form shows for it (reports/fields/spec.ts
 * shownDefault: a count's 1, a rule's first value); undefined where no default is known.
 */
export function valueOrDefault(scenario: Record<string, unknown>, path: string, value: unknown): unknown {
  if (value !== undefined) return value;
  const form = formFor(scenario.system, scenario.mechanic);
  if (!form) return undefined;
  const [head, ...rest] = parsePath(path);
  const field =
    head === 'setup'
      ? fieldAt(form.fields, rest, scenario.setup)?.field
      : head === 'rules' && rest.length === 1
        ? ruleFields(form.system, form.mechanic).find((f) => f.key === String(rest[0]))
        : undefined;
  if (field === undefined || field.kind === 'group' || field.kind === 'list') return undefined;
  // The item holding it, for a default that depends on it (a side's medics beside a Medic).
  const holderPath = parsePath(path).slice(0, -1);
  const byDefault = shownDefault(field, head === 'setup' ? getAt(scenario, holderPath) : undefined);
  if ((field.kind === 'number' || field.kind === 'choice') && field.defaultIn) {
    // Where Vary sets something in that item (its combatants' traits) and the default moves
    // with it, the default is each point's own: not known for A as a whole (a review: B =
    // medics 1 was refused as A's default where, at the point with a Medic, it moved deaths
    // from 0.117 to 0.011). A sweep that leaves it where it is (a side's flee) does not.
    const holderKey = `${holderPath.join('.')}.`;
    const sweep = scenario.sweep !== null && typeof scenario.sweep === 'object' && !Array.isArray(scenario.sweep) ? (scenario.sweep as Record<string, unknown>) : {};
    for (const [k, values] of Object.entries(sweep)) {
      if (!k.startsWith(holderKey) && !holderKey.startsWith(`${k}.`)) continue;
      if (!Array.isArray(values)) return undefined;
      const moves = values.some((v) => JSON.stringify(shownDefault(field, getAt(withValue(scenario, parsePath(k), v), holderPath))) !== JSON.stringify(byDefault));
      if (moves) return undefined;
    }
  }
  return byDefault;
}

/**
 * Scenario B: A with the change applied, named and seeded as B; a swept number changed by
 * a step shifts B's sweep by that step (sweepOverlap). Call sweepOverlap first: for a
 * refused overlap this B differs from A only by its seed.
 */
export function scenarioB(a: Record<string, unknown>, change: CompareChange): Record<string, unknown> {
  let b = withValue(a, parsePath(change.path), change.value);
  const overlap = sweepOverlap(a, change);
  if (overlap.kind === 'shift') {
    b = { ...b, sweep: { ...(b.sweep as Record<string, unknown>), [overlap.path]: overlap.to } };
    // A check at a point of the shifted path names a point B no longer has.
    if (Array.isArray(b.expect)) {
      const kept = (b.expect as { point?: Record<string, unknown> }[]).filter((e) => !(e?.point && overlap.path in e.point));
      b = kept.length ? { ...b, expect: kept } : (({ expect: _, ...rest }) => rest)(b);
    }
  }
  return { ...b, name: `${String(a.name ?? '')} — B`, seed: seedOfB(a.seed) };
}

export interface Difference {
  /** B − A. */
  estimate: number;
  ci95: [number, number];
  /** Exact B − exact A where both are known. */
  exact?: number;
}

/**
 * B − A with a 95% interval from the two independent intervals, each side's distance from
 * its estimate taken on the side it pulls the difference: Newcombe's hybrid score method
 * (Newcombe 1998, Stat Med 17:873, method 10), which for Wilson intervals gives the
 * recommended interval for a difference of proportions, and for two means the usual
 * √(hA² + hB²) from the halves that face each other (a mean's interval is lopsided where it
 * was widened for a sample of little spread or cut at 0: sim/stats.ts normalMean).
 */
export function difference(a: MetricResult, b: MetricResult): Difference {
  const d = b.estimate - a.estimate;
  const low = d - Math.hypot(b.estimate - b.ci95[0], a.ci95[1] - a.estimate);
  const high = d + Math.hypot(b.ci95[1] - b.estimate, a.estimate - a.ci95[0]);
  const out: Difference = { estimate: d, ci95: [low, high] };
  if (a.exact !== undefined && b.exact !== undefined) out.exact = b.exact - a.exact;
  return out;
}
