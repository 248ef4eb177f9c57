/**
 * The "Find" section (issue #16), beside Vary and Compare: which value of a field brings
 * a metric to a target. It edits the scenario's first `solve` block, so the question goes
 * into the page address and the downloaded scenario as it is, and `poolsim solve` answers
 * the same file. `FindRun` answers it on the page: exact searches at once, Monte Carlo
 * ones round by round between frames, the sentence and chart refining as it goes.
 */
import type { ScenarioPlan } from '../../sim/scenario.ts';
import { findMechanic } from '../../sim/mechanics.ts';
import { rulesBySystem, type SystemName } from '../../sim/rules.ts';
import { FINDS } from '../../sim/solve/schema.ts';
import { solveSearches, judged } from '../../sim/solve/plan.ts';
import type { SolveSearch } from '../../sim/solve/search.ts';
import type { SolveResult } from '../../sim/solve/result.ts';
import { solveChart } from '../../reports/charts/solveChart.ts';
import { sweepLabel } from '../../reports/sweep.ts';
import { getAt, joinPath } from '../../reports/fields/paths.ts';
import { h, svgNode, uid } from './dom.ts';
import { pathPicker, variables, type SetupContext } from './setup.ts';

/** Longest a slice of search work runs before the page gets the thread back. */
const SLICE_MS = 40;

const FIND_LABELS: Record<(typeof FINDS)[number], string> = {
  closest: 'closest to',
  firstAtLeast: 'first at least',
  lastAtLeast: 'last at least',
  firstAtMost: 'first at most',
  lastAtMost: 'last at most',
};

/** The metrics of the current setup (none while it does not validate). */
function metricNames(scenario: Record<string, unknown>): string[] {
  try {
    const mechanic = findMechanic(String(scenario.system), String(scenario.mechanic));
    if (!mechanic) return [];
    const rules = rulesBySystem[scenario.system as SystemName].parse(scenario.rules ?? {});
    return mechanic.prepare(mechanic.setup.parse(scenario.setup), rules).metrics.map((m) => m.name);
  } catch {
    return [];
  }
}

/** A first question about the current setup: its first numeric field over 0…current+4. */
function startBlock(scenario: Record<string, unknown>): Record<string, unknown> | undefined {
  const vars = variables(scenario).filter((v) => v.field.kind === 'number');
  const first = vars[0];
  const metric = metricNames(scenario)[0];
  if (!first || !metric) return undefined;
  const now = getAt(scenario, first.path);
  const hi = (typeof now === 'number' ? now : 1) + 4;
  return { name: 'find', vary: joinPath(first.path), range: [0, hi], metric, target: 0.5, find: 'closest' };
}

export function findSection(ctx: SetupContext): HTMLElement {
  const scenario = ctx.scenario();
  const blocks = Array.isArray(scenario.solve) ? (scenario.solve as Record<string, unknown>[]) : [];
  const block = blocks[0];
  const toggle = h('input', { attrs: { type: 'checkbox', id: uid('find'), 'data-key': 'find' } });
  toggle.checked = block !== undefined;
  toggle.addEventListener('change', () => ctx.set(['solve'], toggle.checked ? [startBlock(ctx.scenario()) ?? { name: 'find', vary: '', range: [0, 4], metric: '', target: 0.5 }] : undefined, true));
  const body: HTMLElement[] = [];
  if (block) {
    const set = (key: string, value: unknown, redraw = false) => ctx.set(['solve', 0, key], value, redraw);
    const vars = variables(scenario).filter((v) => v.field.kind === 'number');
    const vary = pathPicker(scenario, vars, String(block.vary ?? ''), { 'aria-label': 'field to find', 'data-key': 'find-vary' });
    vary.addEventListener('change', () => set('vary', vary.value, true));
    const range = Array.isArray(block.range) ? (block.range as unknown[]) : [0, 4];
    const num = (key: string, value: unknown, label: string, onValue: (n: unknown) => void) => {
      const input = h('input', { attrs: { type: 'text', inputmode: 'decimal', value: value === undefined ? '' : String(value), 'aria-label': label, 'data-key': key, size: '5' } });
      input.addEventListener('input', () => {
        const t = input.value.trim();
        onValue(t !== '' && Number.isFinite(Number(t)) ? Number(t) : t);
      });
      return input;
    };
    const names = metricNames(scenario);
    const metric = h('select', { attrs: { 'aria-label': 'metric', 'data-key': 'find-metric' } });
    for (const m of names) metric.append(h('option', { attrs: { value: m } }, m));
    if (!names.includes(String(block.metric))) metric.append(h('option', { attrs: { value: String(block.metric ?? '') } }, String(block.metric || '—')));
    metric.value = String(block.metric ?? '');
    metric.addEventListener('change', () => set('metric', metric.value, true));
    const find = h('select', { attrs: { 'aria-label': 'which value', 'data-key': 'find-find' } });
    for (const f of FINDS) find.append(h('option', { attrs: { value: f } }, FIND_LABELS[f]));
    find.value = String(block.find ?? 'closest');
    find.addEventListener('change', () => set('find', find.value, true));
    const goal = block.target ?? block.atLeast ?? block.atMost;
    const row = h(
      'div',
      { class: 'field find-row', attrs: { 'data-path': 'solve.0' } },
      h('label', {}, 'which'),
      vary,
      h('label', {}, 'from'),
      num('find-lo', range[0], 'from', (n) => set('range', [n, range[1]])),
      h('label', {}, 'to'),
      num('find-hi', range[1], 'to', (n) => set('range', [range[0], n])),
      h('label', {}, 'gives'),
      metric,
      find,
      num('find-target', goal, 'target', (n) => {
        // One target field: the block keeps the form it was written in.
        const key = block.atLeast !== undefined ? 'atLeast' : block.atMost !== undefined ? 'atMost' : 'target';
        set(key, n);
      }),
      h('div', { class: 'problems', attrs: { role: 'alert' } }),
    );
    ctx.register('solve.0', row);
    ctx.register('solve', row);
    body.push(row, h('p', { class: 'help' }, 'Exact where the mechanic is exact; otherwise each value runs until its 95% interval clears the target, and what cannot be told apart is said to be undecided. The question is saved in the scenario: poolsim solve answers it too.'));
  }
  return h(
    'section',
    { class: 'card find' },
    h('h2', {}, 'Find'),
    h('div', { class: 'field flag' }, h('label', { attrs: { for: toggle.id } }, 'find the value of a field that brings a metric to a target'), toggle),
    ...body,
  );
}

/** Answers a plan's solve blocks on the page, a slice at a time, until done or cancelled. */
export class FindRun {
  private cancelled = false;
  private searches: SolveSearch[];
  private steps: Generator<void, void>[];
  results: SolveResult[] = [];

  constructor(
    private readonly plan: ScenarioPlan,
    private readonly onUpdate: (results: SolveResult[], done: boolean) => void,
  ) {
    this.searches = solveSearches(plan);
    this.steps = this.searches.map((s) => s.steps());
    setTimeout(() => this.slice(), 0);
  }

  cancel(): void {
    this.cancelled = true;
  }

  private slice(): void {
    if (this.cancelled) return;
    const until = performance.now() + SLICE_MS;
    for (const steps of this.steps) {
      while (performance.now() < until && !steps.next().done);
    }
    const done = this.searches.every((s) => s.done);
    this.results = this.searches.map((s) => (s.done ? judged(s.result(), s.problem.block) : s.result()));
    this.onUpdate(this.results, done);
    if (!done) setTimeout(() => this.slice(), 0);
  }
}

/** The answers as cards: the sentence, then the chart with the target line. */
export function findResultsNode(results: readonly SolveResult[], done: boolean, scenario: { system: string; mechanic: string; setup?: unknown }): HTMLElement | null {
  const { system, mechanic, setup } = scenario;
  if (results.length === 0) return null;
  return h(
    'section',
    { class: 'find-results', attrs: { 'data-find-state': done ? 'finished' : 'running' } },
    ...results.map((r) =>
      h(
        'article',
        { class: 'panel find-result', attrs: { 'data-solve': r.name } },
        h('h3', {}, `Find: ${r.name === 'find' ? `${r.metric} by ${sweepLabel(r.vary, setup, scenario)}` : r.name}`),
        h('p', { class: 'sentence' }, r.sentence),
        r.points.length ? h('figure', {}, svgNode(solveChart(r, { system, mechanic, setup }))) : null,
      ),
    ),
  );
}

