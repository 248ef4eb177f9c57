/**
 * The metrics of the setup on the page, and what a rename does to the metrics a scenario
 * picks by name. A metric's name is laid out from the setup (sim/metrics.ts MetricLayout:
 * `win.<name>` filled in with a fighter's name), so renaming Jill to Anna turns `win.Jill`
 * into `win.Anna`, and a Find question or an expect check still asking for `win.Jill` was
 * refused by the CLI's validation. The layout lays the metrics out in the setup's order,
 * so the metric of the same entry is the one at the same place in the list, as long as the
 * list still has the same shape (as many metrics, each of the same kind and family): that
 * is how a picked metric is carried over, never by editing its name as a string.
 */
import { findMechanic } from '../../sim/mechanics.ts';
import { rulesBySystem, type SystemName } from '../../sim/rules.ts';

export interface SetupMetric {
  name: string;
  /** In the game's words (the label the pickers show), else the name. */
  label: string;
  kind: string;
  family?: string;
}

/** The metrics of the setup as written (no sweep applied); none while it does not validate. */
export function metricsOf(scenario: Record<string, unknown>): SetupMetric[] {
  try {
    const mechanic = findMechanic(String(scenario.system), String(scenario.mechanic));
    if (!mechanic) return [];
    const rules = rulesBySystem[scenario.system as SystemName].parse(scenario.rules ?? {});
    return mechanic.prepare(mechanic.setup.parse(scenario.setup), rules).metrics.map((m) => ({
      name: m.name,
      label: m.label ?? m.name,
      kind: m.kind,
      ...(m.family !== undefined ? { family: m.family } : {}),
    }));
  } catch {
    return [];
  }
}

/** Whether two metric lists are laid out alike: the same entries in the same places. */
export function sameShape(a: readonly SetupMetric[], b: readonly SetupMetric[]): boolean {
  return a.length === b.length && a.every((m, i) => m.kind === b[i]!.kind && m.family === b[i]!.family);
}

/**
 * `name`, a metric of `before`, as it is called in `after`: the metric at the same place
 * where the two are laid out alike; itself where `after` has it; undefined where it cannot
 * be followed (the list changed shape, or `before` never had it).
 */
export function carriedMetric(name: string, before: readonly SetupMetric[], after: readonly SetupMetric[]): string | undefined {
  if (after.some((m) => m.name === name)) return name;
  const at = before.findIndex((m) => m.name === name);
  if (at < 0 || !sameShape(before, after)) return undefined;
  return after[at]!.name;
}

/** Where a scenario picks a metric by name: each Find question's and each expect check's. */
export function pickedMetrics(scenario: Record<string, unknown>): { path: string; metric: string }[] {
  const out: { path: string; metric: string }[] = [];
  for (const key of ['solve', 'expect'] as const) {
    const list = scenario[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      const metric = (item as { metric?: unknown } | null)?.metric;
      if (typeof metric === 'string') out.push({ path: `${key}.${i}.metric`, metric });
    });
  }
  return out;
}

/**
 * The scenario with every metric it picks (Find's, the expect checks') carried from
 * `before`'s metrics over to `after`'s (carriedMetric); one that cannot be followed is left
 * as it is, for the page to say why (`lost`: the path of each, with the metric's label).
 */
export function carryMetrics(
  scenario: Record<string, unknown>,
  before: readonly SetupMetric[],
  after: readonly SetupMetric[],
): { scenario: Record<string, unknown>; lost: { path: string; metric: string; label: string }[] } {
  const lost: { path: string; metric: string; label: string }[] = [];
  let out = scenario;
  for (const { path, metric } of pickedMetrics(scenario)) {
    const carried = carriedMetric(metric, before, after);
    if (carried === metric) continue;
    if (carried === undefined) {
      const was = before.find((m) => m.name === metric);
      // Only one the setup had: a name no setup had is the CLI's to refuse, as ever.
      if (was) lost.push({ path, metric, label: was.label });
      continue;
    }
    const [key, index] = path.split('.') as ['solve' | 'expect', string];
    const list = [...(out[key] as Record<string, unknown>[])];
    list[Number(index)] = { ...list[Number(index)], metric: carried };
    out = { ...out, [key]: list };
  }
  return { scenario: out, lost };
}
