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
import { formFor } from '../../reports/fields/index.ts';

export interface SetupMetric {
  name: string;
  /** In the game's words (the label the pickers show), else the name. */
  label: string;
  kind: string;
  family?: string;
  /** A mean's least (a rank's 1, a count's 0: MetricSpec.min ÷ scale), where it has one. */
  least?: number;
}

/** The metrics of the setup as written (no sweep applied); none while it does not validate. */
export function laidOutMetrics(scenario: Record<string, unknown>): SetupMetric[] {
  try {
    const mechanic = findMechanic(String(scenario.system), String(scenario.mechanic));
    if (!mechanic) return [];
    const rules = rulesBySystem[scenario.system as SystemName].parse(scenario.rules ?? {});
    return layOut(mechanic, mechanic.setup.parse(scenario.setup), rules);
  } catch {
    return [];
  }
}

function layOut(mechanic: NonNullable<ReturnType<typeof findMechanic>>, setup: unknown, rules: unknown): SetupMetric[] {
  return mechanic.prepare(setup as never, rules as never).metrics.map((m) => ({
    name: m.name,
    label: m.label ?? m.name,
    kind: m.kind,
    ...(m.family !== undefined ? { family: m.family } : {}),
    ...(m.kind === 'mean' && m.min !== undefined ? { least: m.min / (m.scale ?? 1) } : {}),
  }));
}

/**
 * The metrics of the last setup on the page that laid them out, as the page keeps them
 * (ui/app.ts `metricsBefore`: forgotten where the whole setup is replaced, by a file, a
 * switch or a preset), for metricsOf to name a pick by while the setup has a mistake.
 */
let lastLaidOut: readonly SetupMetric[] | undefined;

export function rememberMetrics(metrics: readonly SetupMetric[] | undefined): void {
  lastLaidOut = metrics;
}

/**
 * The metrics the pickers offer: the setup's (laidOutMetrics); while it does not validate
 * (a name blanked, `abc` typed as a count), only the metrics the scenario picks, each named
 * in the user's words where it can be: by its label in the setup as typed with each value
 * refused put back as the form's template has it (mendedLayout: a side renamed while a
 * count reads `abc` is named by its new name; the label said the old one until the count
 * was fixed), matched by place where laid out as the last setup that laid its metrics out
 * (rememberMetrics). A label that would say the template's words (a name blanked puts the
 * template's back) is the last setup's instead ("P(win: Jill)" while Jill's name is typed
 * over), or, with none, says that its name waits for a valid setup: the label read the
 * template's side name as if the user had typed it. Never the key alone (a picked
 * `retry.won` is "P(sorcerer wins within its tries)"); a metric none lays out is left out,
 * for the picker to show as it is.
 */
export function metricsOf(scenario: Record<string, unknown>): SetupMetric[] {
  const laid = laidOutMetrics(scenario);
  if (laid.length > 0) return laid;
  const picked = [...new Set(pickedMetrics(scenario).map((p) => p.metric))];
  if (picked.length === 0) return [];
  const before = lastLaidOut ?? [];
  const mended = mendedLayout(scenario);
  return picked.flatMap((name): SetupMetric[] => {
    // The same entry as typed now: by place, as a rename carries a pick (the key `win.crew`
    // is the old name's until the setup lays its metrics out and carryMetrics follows it).
    const at = before.findIndex((m) => m.name === name);
    const byPlace = at >= 0 && mended && sameShape(before, mended.map((m) => m.metric));
    const now = byPlace ? mended[at] : mended?.find((m) => m.metric.name === name);
    // The pick keeps its key (what the file asks for); only its words follow the form.
    if (now && now.templateWords === undefined) return [{ ...now.metric, name }];
    if (at >= 0) return [before[at]!];
    if (now) return [{ ...now.metric, name, label: `${now.templateWords} (named in full once the setup is valid)` }];
    return [];
  });
}

/**
 * Marks a template's text put in for a value refused, to find it in a label: a private-use
 * character, which no one types and a name may hold (an invisible one, U+2063, is refused
 * in names: sim/names.ts).
 */
const MARK = '\uE000';

/**
 * The setup's metrics laid out with each value refused put back as the form's template has
 * it (its default where the template has none); `templateWords`, where the label says some
 * of the template's text, the label with that text as "…".
 */
function mendedLayout(scenario: Record<string, unknown>): { metric: SetupMetric; templateWords?: string }[] | undefined {
  const plain = mendedMetrics(scenario);
  const put: string[] = [];
  const marked = mendedMetrics(scenario, put);
  if (!plain) return undefined;
  return plain.map((metric, i) => {
    const label = marked?.[i]?.label;
    // Laid out again with the template's text marked: a label that changes says some of it.
    if (label === undefined || label === metric.label) return { metric };
    return { metric, templateWords: put.reduce((words, text) => words.split(text).join('…'), label) };
  });
}

/**
 * The setup's metrics, laid out with each value refused put back as the form's template has
 * it; given `put`, each string put back marked (MARK after it) and added to `put`.
 */
function mendedMetrics(scenario: Record<string, unknown>, put?: string[]): SetupMetric[] | undefined {
  try {
    const mechanic = findMechanic(String(scenario.system), String(scenario.mechanic));
    if (!mechanic) return undefined;
    const rulesSchema = rulesBySystem[scenario.system as SystemName];
    const rules = rulesSchema.safeParse(scenario.rules ?? {});
    const template = formFor(scenario.system, scenario.mechanic)?.template() ?? {};
    let setup: unknown = structuredClone(scenario.setup ?? {});
    // Each round mends the values refused; a few rounds, as mending one can uncover another.
    for (let round = 0; round < 5; round++) {
      const parsed = mechanic.setup.safeParse(setup);
      if (parsed.success) return layOut(mechanic, parsed.data, rules.success ? rules.data : rulesSchema.parse({}));
      for (const issue of parsed.error.issues) setup = mended(setup, issue.path as (string | number)[], template, put);
    }
  } catch {
    // A setup the mended values do not lay out either: nothing to name the picks by.
  }
  return undefined;
}

/** `setup` with the value at `path` as `template` has it (a string marked and noted, given `put`), or taken out where it has none. */
function mended(setup: unknown, path: readonly (string | number)[], template: unknown, put?: string[]): unknown {
  if (path.length === 0) return structuredClone(template);
  if (setup === null || typeof setup !== 'object') return setup;
  const [key, ...rest] = path;
  const copy = (Array.isArray(setup) ? [...setup] : { ...setup }) as Record<string | number, unknown>;
  const below = template !== null && typeof template === 'object' ? (template as Record<string | number, unknown>)[key!] : undefined;
  if (rest.length === 0) {
    if (below === undefined) delete copy[key!];
    else if (put && typeof below === 'string') {
      copy[key!] = `${below}${MARK}`;
      put.push(`${below}${MARK}`);
    } else copy[key!] = structuredClone(below);
  } else copy[key!] = mended(copy[key!], rest, below, put);
  return copy;
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

/** A metric picked in a results menu (the heatmap's, Compare's), with its words as picked. */
export interface MetricPick {
  metric: string;
  label: string;
}

/**
 * A results menu's pick through an edit: the same entry's metric, named anew (carriedMetric),
 * where the edit renamed what it is laid out from; else kept as it was, so that the chart,
 * falling back to its default, says which pick it dropped (charts/panels.ts droppedPickNote).
 * Set to nothing, the fallback went unsaid.
 */
export function carriedPick(pick: MetricPick | undefined, before: readonly SetupMetric[], after: readonly SetupMetric[]): MetricPick | undefined {
  if (pick === undefined) return undefined;
  const metric = carriedMetric(pick.metric, before, after);
  if (metric === undefined || metric === pick.metric) return pick;
  return { metric, label: after.find((m) => m.name === metric)?.label ?? pick.label };
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
