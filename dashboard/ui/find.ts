/**
 * The "Find" section (issue #16), beside Vary and Compare: which value of a field brings
 * a metric to a target. It edits the scenario's first `solve` block, so the question goes
 * into the page address and the downloaded scenario as it is, and `poolsim solve` answers
 * the same file. `FindRun` answers it: exact searches once the workers have computed their
 * values' exact figures, Monte Carlo ones with each round's chunks run in the workers (on
 * the page between frames only where there is no pool), the sentence and chart refining as
 * it goes.
 */
import { ScenarioErrors, setExactValues, type ScenarioError, type ScenarioPlan } from '../../sim/scenario.ts';
import { FINDS, defaultFind, solveValues, type SolveBlock } from '../../sim/solve/schema.ts';
import { metricLabels, judged, preparedInputs, requestPlan, searchesOf, solveProblems } from '../../sim/solve/plan.ts';
import { exactAsked, type ChunkAnswer, type ChunkRequest, type SolveSearch } from '../../sim/solve/search.ts';
import { exactsInWorkers } from '../../workers/live.ts';
import { ChunkFailed, InProcessExecutor, Interrupted, SolveChunkFailed, runScenarios, type ChunkExecutor } from '../../workers/schedule.ts';
import type { ExactExecutor } from '../../workers/comlink-pool.ts';
import type { SolvePoint, SolveResult } from '../../sim/solve/result.ts';
import { solveChart } from '../../reports/charts/solveChart.ts';
import { describeSolveExpect } from '../../reports/solveSection.ts';
import { pathWords, sweepLabel, valueWords } from '../../reports/sweep.ts';
import { exactFigure, formatNumber, trialsText, valueLabel, valueText } from '../../sim/solve/sentence.ts';
import { getAt, joinPath, parsePath } from '../../reports/fields/paths.ts';
import { h, svgNode, uid } from './dom.ts';
import { readable } from './picked.ts';
import { numberFromText, textFromValue } from '../model/coerce.ts';
import { checkScenario } from '../model/validate.ts';
import { metricsOf } from '../model/metrics.ts';
import { pathPicker, variables, type SetupContext } from './setup.ts';
import { noteText, ruleText } from './ruleText.ts';
import { pointNotes } from '../../reports/pointNotes.ts';
import type { ScenarioResult } from '../../sim/result.ts';
import { quoted } from '../../sim/words.ts';

/** Longest a slice of search work runs before the page gets the thread back (no pool), and the least time between two redraws of a search in the workers. */
const SLICE_MS = 40;

/**
 * About how long a part of a round in the workers takes: a long round (a value near its
 * target, hundreds of chunks) is asked a part at a time, and the answer redrawn after each,
 * so that it sharpens as it runs rather than jumping at the round's end.
 */
const PART_MS = 200;

/** The page's pool: chunks, and exact values where it computes them, off the page's thread; `whenAnyReady` where it can say when its first worker is up. */
export type FindPool = ChunkExecutor & Partial<ExactExecutor> & { whenAnyReady?(): Promise<void> };

const FIND_LABELS: Record<(typeof FINDS)[number], string> = {
  closest: 'closest to',
  firstAtLeast: 'first at least',
  lastAtLeast: 'last at least',
  firstAtMost: 'first at most',
  lastAtMost: 'last at most',
};

/**
 * A first question about the current setup that the setup can be asked: its first number
 * field (then the next) over a range around its value that the field takes — 0 or 1 up to
 * 4 more, or 2 either side — checked with the CLI's own validation, so that switching Find
 * on never breaks the run (a count from 0, turns from 0, a 4-die split up to 6 would).
 * None when no number field takes a range: Find has nothing to vary.
 */
export function startBlock(scenario: Record<string, unknown>): Record<string, unknown> | undefined {
  const first = metricsOf(scenario)[0];
  if (!first) return undefined;
  const metric = first.name;
  // 0.5, or one more than a mean's least where that is above it (a rank's 2, a first
  // strike's turn 2): below a mean's least no value can be near (refused, as poolsim solve does).
  const target = first.least !== undefined && first.least > 0 ? first.least + 1 : 0.5;
  for (const v of variables(scenario).filter((x) => x.field.kind === 'number')) {
    const now = getAt(scenario, v.path);
    const at = typeof now === 'number' ? now : 1;
    for (const range of [[0, at + 4], [1, at + 4], [Math.max(0, at - 2), at + 2], [Math.max(1, at - 2), at + 2], [at, at + 1], [at - 1, at]]) {
      if (!(range[0] < range[1])) continue;
      const block = { name: 'find', vary: joinPath(v.path), range, metric, target, find: 'closest' };
      const checked = checkScenario({ ...scenario, solve: [block] }, 'find.json');
      if (checked.ok || !checked.errors.some((e) => e.path === 'solve' || e.path.startsWith('solve.'))) return block;
    }
  }
  return undefined;
}

export function findSection(ctx: SetupContext): HTMLElement {
  const scenario = ctx.scenario();
  const blocks = Array.isArray(scenario.solve) ? (scenario.solve as Record<string, unknown>[]) : [];
  const block = blocks[0];
  const toggle = h('input', { attrs: { type: 'checkbox', id: uid('find'), 'data-key': 'find' } });
  toggle.checked = block !== undefined;
  toggle.addEventListener('change', () => {
    if (!toggle.checked) return ctx.set(['solve'], undefined, true);
    const start = startBlock(ctx.scenario());
    // Refused, not switched on with a question that cannot run (it would stop the main run too).
    if (!start) {
      toggle.checked = false;
      ctx.message('Find varies a number field of the setup over a range it takes: this setup has none that can be varied so (or it does not run yet).', true);
      return;
    }
    ctx.set(['solve'], [start], true);
  });
  const body: HTMLElement[] = [];
  if (block) {
    const set = (key: string, value: unknown, redraw = false) => ctx.set(['solve', 0, key], value, redraw);
    // What the form has no box for is said in words, read-only, never shown as a box it
    // cannot hold (an audit: a block listing its `values` read "from 0 to 4", and one asking
    // `sameAs` showed an empty target; typing there saved a block poolsim refuses). A listed
    // question keeps its field too: the values belong to it, and another field with them
    // was refused with no way back.
    const listed = Array.isArray(block.values) ? (block.values as unknown[]) : undefined;
    const same = block.sameAs !== null && typeof block.sameAs === 'object' && !Array.isArray(block.sameAs) ? (block.sameAs as Record<string, unknown>) : undefined;
    const words = pathWords(scenario);
    const said = (path: string, value: unknown) => (value === null ? undefined : valueWords(scenario)(path, value)) ?? valueText(value, path);
    const varyPath = String(block.vary ?? '');
    const vars = variables(scenario).filter((v) => v.field.kind === 'number');
    const vary: HTMLElement = listed
      ? h('span', { class: 'find-fixed', attrs: { 'data-key': 'find-vary-fixed', title: varyPath } }, quoted(words(varyPath)))
      : pathPicker(scenario, vars, varyPath, { 'aria-label': 'field to find', 'data-key': 'find-vary' });
    if (!listed) vary.addEventListener('change', () => set('vary', (vary as HTMLSelectElement).value, true));
    const range = Array.isArray(block.range) ? (block.range as unknown[]) : [0, 4];
    // The range as it stands when an input fires: typing does not redraw the row, and the
    // range as drawn lost an edit of the other end ("from 2" then "to 5" ran 0 to 5).
    const rangeNow = (): unknown[] => {
      const r = (ctx.scenario().solve as { range?: unknown }[] | undefined)?.[0]?.range;
      return Array.isArray(r) ? r : range;
    };
    // Each input of the row is its own field for problems: "solve.0.range.1: expected a
    // number" shows beside "to", not somewhere in the row.
    const own = (path: string, el: HTMLElement) => {
      const wrapper = h('span', { class: 'find-input', attrs: { 'data-path': path } }, el, h('span', { class: 'problems', attrs: { role: 'alert' } }));
      ctx.register(path, wrapper);
      return wrapper;
    };
    const num = (key: string, value: unknown, label: string, onValue: (n: unknown) => void) => {
      const input = h('input', { attrs: { type: 'text', inputmode: 'decimal', value: value === undefined ? '' : String(value), 'aria-label': label, 'data-key': key, size: '5' } });
      // Read as the form's number fields read (model/coerce.ts): "0x10" stays text, for the
      // schema to refuse, rather than becoming 16.
      input.addEventListener('input', () => onValue(numberFromText(input.value) ?? ''));
      return input;
    };
    const metrics = metricsOf(scenario);
    const metric = h('select', { attrs: { 'aria-label': 'metric', 'data-key': 'find-metric' } });
    for (const m of metrics) metric.append(h('option', { attrs: { value: m.name } }, m.label));
    if (!metrics.some((m) => m.name === String(block.metric))) metric.append(h('option', { attrs: { value: String(block.metric ?? '') } }, String(block.metric || '—')));
    metric.value = String(block.metric ?? '');
    readable(metric);
    metric.addEventListener('change', () => set('metric', metric.value, true));
    const find = h('select', { attrs: { 'aria-label': 'which value', 'data-key': 'find-find' } });
    for (const f of FINDS) find.append(h('option', { attrs: { value: f } }, FIND_LABELS[f]));
    // A block that leaves `find` out asks what its target's form means (`atLeast`: the first
    // at least), which the picker shows; "closest to" there read as another question.
    find.value = String(block.find ?? defaultFind(block));
    readable(find);
    find.addEventListener('change', () => set('find', find.value, true));
    // The block's name is required, as poolsim solve requires it (it prints the answer
    // under it): a file whose block has none is refused here in the CLI's words beside
    // this box, and typing one in is how it comes to run. Kept as typed, as the scenario's
    // own name is, so an emptied box is the schema's to name.
    const name = h('input', { attrs: { type: 'text', autocomplete: 'off', value: textFromValue(block.name), 'aria-label': 'name of the question', 'data-key': 'find-name', size: '12' } });
    name.addEventListener('input', () => set('name', name.value));
    const goal = block.target ?? block.atLeast ?? block.atMost;
    const goalKey = block.atLeast !== undefined ? 'atLeast' : block.atMost !== undefined ? 'atMost' : 'target';
    const values = listed
      ? h(
          'span',
          { class: 'find-values', attrs: { 'data-path': 'solve.0.values', 'data-key': 'find-values', title: `values: ${JSON.stringify(listed)}` } },
          `over the values listed: ${listed.map((v) => said(varyPath, v)).join(', ')}`,
          h('span', { class: 'problems', attrs: { role: 'alert' } }),
        )
      : undefined;
    if (values) ctx.register('solve.0.values', values);
    const sameAs = same
      ? h(
          'span',
          { class: 'find-same', attrs: { 'data-path': 'solve.0.sameAs', 'data-key': 'find-same', title: `sameAs: ${JSON.stringify(same)}` } },
          `the figure it gives with ${Object.entries(same).map(([path, v]) => `${quoted(words(path))} = ${said(path, v)}`).join(', ')}`,
          h('span', { class: 'problems', attrs: { role: 'alert' } }),
        )
      : undefined;
    if (sameAs) ctx.register('solve.0.sameAs', sameAs);
    // The range as a whole, for a problem of a value between its ends (or of the range
    // itself): both ends are marked, and nothing else of the row; an end's own problem marks
    // that end alone (sim/scenario.ts names it solve.0.range.0 or .1).
    const rangeBox = h(
      'span',
      { class: 'find-range', attrs: { 'data-path': 'solve.0.range' } },
      h('label', {}, 'from'),
      own('solve.0.range.0', num('find-lo', range[0], 'from', (n) => set('range', [n, rangeNow()[1]]))),
      h('label', {}, 'to'),
      own('solve.0.range.1', num('find-hi', range[1], 'to', (n) => set('range', [rangeNow()[0], n]))),
      h('span', { class: 'problems', attrs: { role: 'alert' } }),
    );
    ctx.register('solve.0.range', rangeBox);
    const row = h(
      'div',
      { class: 'field find-row', attrs: { 'data-path': 'solve.0' } },
      h('label', {}, 'which'),
      own('solve.0.vary', vary),
      values ?? rangeBox,
      h('label', {}, 'gives'),
      own('solve.0.metric', metric),
      find,
      // One target field: the block keeps the form it was written in.
      sameAs ??
        own(
          `solve.0.${goalKey}`,
          num('find-target', goal, 'target', (n) => set(goalKey, n)),
        ),
      h('label', {}, 'named'),
      own('solve.0.name', name),
      h('div', { class: 'problems', attrs: { role: 'alert' } }),
    );
    ctx.register('solve.0', row);
    ctx.register('solve', row);
    if (listed || same) body.push(row, fileOnly(ctx, listed !== undefined, same !== undefined));
    else body.push(row);
    body.push(h('p', { class: 'help' }, 'Exact where the mechanic is exact; otherwise each value runs until its interval, 95% over all of its looks, clears the target, and what cannot be told apart is said to be undecided. The question is saved in the scenario, under the name poolsim solve requires of it: poolsim solve answers it too.'));
  }
  return h(
    'section',
    { class: 'card find' },
    h('h2', {}, 'Find'),
    h('div', { class: 'field flag' }, h('label', { attrs: { for: toggle.id } }, 'find the value of a field that brings a metric to a target'), toggle),
    ...body,
  );
}

/**
 * What a question asks that the form does not edit (its listed `values`, its `sameAs`), said
 * so, with the way to ask it in the form's terms instead (formQuestion), replacing this
 * one; said plainly, as it takes the file's away.
 */
function fileOnly(ctx: SetupContext, listed: boolean, same: boolean): HTMLElement {
  const what = [listed ? 'lists its values' : '', same ? 'asks for the figure of another setup (“sameAs”)' : ''].filter(Boolean).join(' and ');
  const reset = h('button', { attrs: { type: 'button', 'data-key': 'find-reset' } }, 'Ask a new question in the form instead');
  reset.addEventListener('click', () => {
    const scenario = ctx.scenario();
    const asked = formQuestion(scenario);
    if ('refused' in asked) return ctx.message(asked.refused, true);
    const rest = Array.isArray(scenario.solve) ? (scenario.solve as unknown[]).slice(1) : [];
    ctx.set(['solve'], [asked.block, ...rest], true);
    ctx.message(asked.said, false);
  });
  return h(
    'p',
    { class: 'help find-file-only' },
    `This question ${what}, which the form shows but does not edit: change that in the scenario file. Its metric, which value and name are edited here. `,
    reset,
  );
}

/**
 * The scenario's first question as it stands (its name as the box now has it, blank
 * included) in the form's terms: only what the form cannot hold is replaced — listed values
 * by a range on a number field (the same field where it is one and the values are whole
 * numbers, else the field startBlock picks), `sameAs` by a target left empty for the user to
 * type (never a made-up one: Find is refused until it is typed). Its metric, `find` and any
 * target or bound stay; an `expect` about the old answer, and a `label` of a field no longer
 * varied, go. `said` names each change; `refused` says why none can be made.
 */
export function formQuestion(scenario: Record<string, unknown>): { block: Record<string, unknown>; said: string } | { refused: string } {
  const block = (Array.isArray(scenario.solve) ? scenario.solve[0] : undefined) as Record<string, unknown> | undefined;
  if (block === null || typeof block !== 'object') return { refused: 'Find has no question to ask anew.' };
  const words = pathWords(scenario);
  const said = (path: string, value: unknown) => (value === null ? undefined : valueWords(scenario)(path, value)) ?? valueText(value, path);
  const { values, sameAs, expect, label, ...kept } = block;
  const listed = Array.isArray(values) ? (values as unknown[]) : undefined;
  const same = sameAs !== null && typeof sameAs === 'object' && !Array.isArray(sameAs) ? (sameAs as Record<string, unknown>) : undefined;
  const oldVary = String(block.vary ?? '');
  let vary = oldVary;
  let range = block.range;
  const changes: string[] = [];
  if (listed) {
    const numberField = variables(scenario).some((v) => v.field.kind === 'number' && joinPath(v.path) === oldVary);
    const whole = listed.every((v) => Number.isInteger(v));
    const list = listed.map((v) => said(oldVary, v)).join(', ');
    if (numberField && whole) {
      const nums = listed as number[];
      const [lo, hi] = [Math.min(...nums), Math.max(...nums)];
      range = [lo, hi];
      const more = hi - lo + 1 > new Set(nums).size;
      changes.push(`its listed values (${list}) are now the range ${lo} to ${hi}${more ? ', every whole number between included' : ''}`);
    } else {
      const start = startBlock(scenario);
      if (!start) {
        return { refused: `Find varies a number field over a range, and ${quoted(words(oldVary))} ${numberField ? 'is listed with values that are not whole numbers' : 'is not one'}; this setup has no number field that can be varied so (or it does not run yet), so the question stays as the file asks it.` };
      }
      vary = String(start.vary);
      range = start.range;
      const [lo, hi] = start.range as number[];
      changes.push(`its listed values of ${quoted(words(oldVary))} (${list}) are now ${quoted(words(vary))} from ${lo} to ${hi}, as ${numberField ? 'those values are not whole numbers' : 'that is not a number field'}`);
    }
  }
  if (same) {
    const figure = Object.entries(same).map(([path, v]) => `${quoted(words(path))} = ${said(path, v)}`).join(', ');
    changes.push(`its “sameAs” (the figure it gives with ${figure}) is now a target, left empty: type one, as Find does not run until it has one`);
  }
  if (expect !== undefined) changes.push('its expect check, about the file\'s answer, is left out');
  if (label !== undefined && vary !== oldVary) changes.push(`its label (${JSON.stringify(label)}), for ${quoted(words(oldVary))}, is left out`);
  const next: Record<string, unknown> = { ...kept, vary, range, ...(label !== undefined && vary === oldVary ? { label } : {}) };
  const metric = String(block.metric ?? '');
  const metricLabel = metricsOf(scenario).find((m) => m.name === metric)?.label ?? metric;
  const goal = block.target ?? block.atLeast ?? block.atMost;
  const which = FIND_LABELS[(FINDS as readonly string[]).includes(String(block.find)) ? (block.find as (typeof FINDS)[number]) : defaultFind(block)];
  const name = typeof block.name === 'string' && block.name.trim() !== '' ? `“${block.name}”` : 'with no name yet (type one: poolsim solve requires it)';
  const keptWords = `Kept: its metric ${quoted(metricLabel)} and which value, ${which} ${same || goal === undefined ? 'the target to type' : String(goal)}.`;
  return {
    block: next,
    said: `Find now asks its question ${name} in the form's terms: ${changes.join('; ')}. ${keptWords} The file's question is no longer in this scenario: open the file again for it.`,
  };
}

/**
 * Answers a plan's solve blocks until done or cancelled: with the page's pool, a Monte Carlo
 * search's rounds run in its workers as a run's chunks do (workers/schedule.ts runScenarios,
 * every chunk on the pool), the same chunks on the same streams as `poolsim solve` runs, so
 * the same answer; without one, on the page a slice at a time.
 * With the page's pool, the exact figures a search is made from (every value's, where it is
 * answered exactly: sim/solve/search.ts exactAsked) are computed first in the workers, as a
 * run's points' are (workers/live.ts exactsInWorkers), and given to the values' simulations
 * (setExactValues): made on the page, two exact questions over 20 values of a 10-die contest
 * held it 1.6 s in one task. Meanwhile `computing` holds the questions, said "computing…"
 * (findNode). A refusal that needs the exact figures (a block's maxTrials on one answered
 * exactly, as solveSearches refuses it) then comes to `onRefused`, not thrown.
 */
export class FindRun {
  private readonly controller = new AbortController();
  private searches: SolveSearch[] = [];
  private steps: Generator<void, void>[] = [];
  /** Chunks per request in the next part asked of the workers (PART_MS); 0 until the first. */
  private part = 0;
  /** When the answers were last redrawn. */
  private shownAt = -Infinity;
  results: SolveResult[] = [];
  /**
   * Set while Compare is on: Find asks its question of A, the setup in the form, and its
   * panel says so (a dashboard audit: beside "A and B" it read as both sides' answer, while
   * B's downloaded file asks the same question and poolsim solve answers it for B).
   */
  answersA = false;
  /** Whether each search had its answer at the last update (a Stop marks the others). */
  finished: boolean[] = [];
  /** Each answer's notes: what the engine says of the setup at the values it ran (searchNotes). */
  notes: string[][] = [];
  /** The questions whose values' exact figures the workers are computing (no search made yet); undefined once made. */
  computing: readonly SolveBlock[] | undefined;
  /** Why computing the exact figures failed (a worker's error), where it did. */
  failure: string | undefined;
  /** The plan's metrics by their labels ("P(plan succeeds)"), as the Find picker names them. */
  readonly metricWords: (metric: string) => string;
  /** Whether a metric of the plan is a probability or a mean, as its spec declares. */
  readonly metricKind: (metric: string) => string | undefined;

  constructor(
    private readonly plan: ScenarioPlan,
    private readonly onUpdate: (results: SolveResult[], done: boolean) => void,
    private readonly pool?: FindPool,
    onRefused: (errors: ScenarioError[]) => void = () => {},
  ) {
    // The sentences name the varied field and its values as the form does (reports/sweep.ts,
    // as `poolsim run` names a swept value), and the
    // metric as the Find picker does, by its label.
    this.metricWords = metricLabels(plan);
    const kinds = new Map((plan.points[0]?.simulation.metrics ?? []).map((m) => [m.name, m.kind as string]));
    this.metricKind = (metric) => kinds.get(metric);
    const problems = solveProblems(plan, { words: pathWords(plan.scenario), valueWords: valueWords(plan.scenario), metricWords: this.metricWords });
    const asked = [...new Set(problems.flatMap(exactAsked))];
    if (!pool?.exactValues || asked.length === 0) {
      this.begin(searchesOf(plan, problems));
      return;
    }
    this.computing = problems.map((p) => p.block);
    setTimeout(() => this.cancelled || this.onUpdate([], false), 0);
    const tasks = asked.map((sim) => ({ system: plan.scenario.system, mechanic: plan.scenario.mechanic, ...preparedInputs(sim)!, file: plan.file }));
    exactsInWorkers(pool as ExactExecutor, tasks, this.controller.signal, (n, a) => {
      if (a.values !== undefined) setExactValues(asked[n]!, a.values, a.exactSkipped);
    }).then(
      () => {
        if (this.cancelled) return;
        let searches: SolveSearch[];
        try {
          // Every exact figure asked is in: making the searches computes nothing here.
          searches = searchesOf(plan, problems);
        } catch (err) {
          if (!(err instanceof ScenarioErrors)) throw err;
          this.computing = undefined;
          onRefused(err.errors);
          return;
        }
        this.computing = undefined;
        this.begin(searches);
      },
      (err: unknown) => {
        if (this.cancelled || err instanceof Interrupted) return;
        this.failure = err instanceof Error ? err.message : String(err);
        this.onUpdate([], true);
      },
    );
  }

  private begin(searches: SolveSearch[]): void {
    this.searches = searches;
    if (this.pool) {
      const pool = this.pool;
      setTimeout(() => void this.inWorkers(pool), 0);
      return;
    }
    this.steps = searches.map((s) => s.steps());
    setTimeout(() => this.slice(), 0);
  }

  /** Every search, one after another, its rounds run in the pool's workers. */
  private async inWorkers(pool: FindPool): Promise<void> {
    try {
      // A pool still starting its workers tells only the run it serves (its onChange):
      // the parts below are asked once one can take them.
      await pool.whenAnyReady?.();
      for (const search of this.searches) {
        if (this.cancelled) return;
        await search.solveWith((requests) => this.askWorkers(pool, search, requests));
      }
      if (!this.cancelled) this.show(true);
    } catch (err) {
      if (this.cancelled || err instanceof Interrupted) return;
      this.failure = err instanceof Error ? err.message : String(err);
      this.onUpdate([], true);
    }
  }

  /**
   * A part of a round's requests run in the workers (every chunk on the pool, as the page's
   * runs: workers/live.ts), about PART_MS long, its chunk count learned as it goes.
   */
  private async askWorkers(pool: FindPool, search: SolveSearch, requests: readonly ChunkRequest[]): Promise<ChunkAnswer[]> {
    if (this.cancelled) throw new Interrupted();
    // What the answers before this one merged, redrawn at most every SLICE_MS.
    if (performance.now() - this.shownAt >= SLICE_MS) this.show(false);
    const size = this.part > 0 ? this.part : Math.max(1, pool.concurrency);
    const parts = requests.map((r) => ({ ...r, to: Math.min(r.to, r.from + size) }));
    const t0 = performance.now();
    // A view of the pool of its own: the scheduler takes the executor's onChange, which the
    // page's run holds (workers/live.ts), and sets it aside when done.
    const view: ChunkExecutor = {
      get concurrency() {
        return pool.concurrency;
      },
      get starting() {
        return pool.starting;
      },
      get failure() {
        return pool.failure;
      },
      onChange: () => {},
      run: (job) => pool.run(job),
    };
    const runs = await runScenarios(
      parts.map((p) => requestPlan(this.plan, p)),
      // Never used (poolOnly), but the scheduler wants somewhere to fall back to.
      { here: new InProcessExecutor(() => Promise.resolve()), pool: view, poolOnly: true, signal: this.controller.signal },
    ).catch((e: unknown) => {
      // Said as `poolsim solve` says it: the block, the value, the chunk (not "result point 0").
      throw e instanceof ChunkFailed ? new SolveChunkFailed(search.problem.block.name, e) : e;
    });
    const ms = performance.now() - t0;
    // Longer parts only where this one was cut short by its size: most rounds are one chunk
    // (a value far from the target), quick because they are short, and doubling on them
    // sent the first long round whole, unredrawn for seconds (a review: 5.4 s).
    const cut = parts.some((p, k) => p.to < requests[k]!.to);
    this.part = ms < PART_MS / 2 && cut ? 2 * size : ms > 2 * PART_MS && size > 1 ? Math.max(1, Math.floor(size / 2)) : size;
    return parts.map((p, k) => ({ values: runs[k][0]!.tally.values, to: p.to }));
  }

  /** Redraw the answers as they stand. */
  private show(done: boolean): void {
    this.shownAt = performance.now();
    this.finished = this.searches.map((s) => s.done);
    this.results = this.searches.map((s) => (s.done ? judged(s.result(), s.problem.block) : s.result()));
    this.notes = this.searches.map((s, i) => searchNotes(s, this.results[i]!));
    this.onUpdate(this.results, done);
  }

  /** Whether it was stopped or cancelled (an edit, a Stop). */
  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  /** Stop: no more slices on the page, and no more exact figures asked of the workers. */
  cancel(): void {
    this.controller.abort();
  }

  /** The scenario asked, as planned (its answers are drawn with it). */
  get scenario(): ScenarioPlan['scenario'] {
    return this.plan.scenario;
  }

  /** Whether every search has its answer (none while their exact figures are computed). */
  get done(): boolean {
    return this.computing === undefined && this.failure === undefined && this.searches.every((s) => s.done);
  }

  private slice(): void {
    if (this.cancelled) return;
    const until = performance.now() + SLICE_MS;
    for (const steps of this.steps) {
      while (performance.now() < until && !steps.next().done);
    }
    const done = this.searches.every((s) => s.done);
    this.show(done);
    if (!done) setTimeout(() => this.slice(), 0);
  }
}

/**
 * Find's section as `find` stands: its answers (findResultsNode), or, while the workers
 * compute the exact figures its searches are made from, each question said "computing…"
 * (once stopped or cancelled: "Not computed"; on a worker's failure, the failure).
 */
export function findNode(find: FindRun, done: boolean, stopped = false): HTMLElement | null {
  const node = findNodeOf(find, done, stopped);
  if (node && find.answersA) node.prepend(h('p', { class: 'help find-answers-a' }, "Find answers A, the setup in the form, not B: B's downloaded file asks the same question of B's setup, and poolsim solve answers it there."));
  return node;
}

function findNodeOf(find: FindRun, done: boolean, stopped: boolean): HTMLElement | null {
  if (find.computing === undefined && find.failure === undefined) {
    return findResultsNode(find.results, done, find.scenario, find.metricWords, find.metricKind, find.notes, stopped ? find.finished.map((d) => !d) : []);
  }
  const { scenario } = find;
  const blocks = find.computing ?? scenario.solve ?? [];
  // Stopped or cancelled (an edit) before they were in: never "computing…" of a run that ended.
  const ended = stopped || find.cancelled;
  const values = (n: number) => `${n} value${n === 1 ? '' : 's'}`;
  const said = (n: number) =>
    find.failure !== undefined
      ? `The exact figures of its values could not be computed: ${find.failure}`
      : ended
        ? `Not computed: Find ended before the exact figures of its ${values(n)} were in, so no value is found.`
        : // Where the question's figure has no exact value, the answer that follows is Monte
          // Carlo's: said, so the wait does not read as a promise of an exact one (an audit).
          `computing… the exact figures of its ${values(n)}, in the workers; the answer follows once they are in, from them, or by Monte Carlo where its figure has none.`;
  return h(
    'section',
    { class: 'find-results', attrs: { 'data-find-state': find.failure !== undefined ? 'failed' : 'running' } },
    ...blocks.map((b) =>
      h(
        'article',
        { class: 'panel find-result', attrs: { 'data-solve': b.name } },
        h('h3', {}, `Find: ${b.name === 'find' ? `${find.metricWords(b.metric)}, as ${sweepLabel(b.vary, scenario.setup, scenario)} varies` : b.name}`),
        h('p', { class: `sentence${ended || find.failure !== undefined ? '' : ' exact-pending'}` }, said(solveValues(b).length)),
      ),
    ),
  );
}

/**
 * What the engine says of the setup at the values a search ran (sim/mechanic.ts setupNotes,
 * "… changes nothing here: a rival's minions fight only in a campaign"), grouped as Vary's
 * are (reports/pointNotes.ts: each once, with at how many points): a "no value" answer over
 * a field that changes nothing read as a finding about the field (an audit), where Vary on
 * the same field said why. Setup A's own notes (sameAs) are said as A's.
 */
export function searchNotes(search: SolveSearch, result: SolveResult): string[] {
  const { values, simulations, reference } = search.problem;
  const at = (value: unknown) => values.findIndex((v) => JSON.stringify(v) === JSON.stringify(value));
  const ran = result.points.map((p) => simulations[at(p.value)]).filter((sim) => sim !== undefined);
  const grouped = pointNotes({ results: ran.map((sim) => ({ notes: [...(sim.setupNotes ?? [])] })) } as unknown as ScenarioResult);
  const own = reference?.setupNotes?.filter((note) => !grouped.some((g) => g.startsWith(note))) ?? [];
  return [...grouped, ...own.map((note) => `A: ${note}`)];
}

/** The answers as cards: the sentence, then the chart with the target line. */
export function findResultsNode(
  results: readonly SolveResult[],
  done: boolean,
  scenario: { system: string; mechanic: string; setup?: unknown; sweep?: Record<string, unknown>; solve?: readonly { label?: string; expect?: Omit<NonNullable<SolveResult['expect']>, 'pass' | 'reason'> }[] },
  metricWords: (metric: string) => string = (metric) => metric,
  metricKind: (metric: string) => string | undefined = () => undefined,
  notes: readonly (readonly string[])[] = [],
  /** Which answers a Stop cut short: their sentence says so, with the figures so far (stoppedSentence). */
  stopped: readonly boolean[] = [],
): HTMLElement | null {
  const { system, mechanic, setup } = scenario;
  if (results.length === 0) return null;
  // Find asks of the setup as written: Vary's rows are not applied, and the page says at
  // which of their values it asked (the answer sits beside a sweep over them).
  // A rule's value reads as its select does, in its words (ui/ruleText.ts), the file's value
  // in the title.
  const unvaried = (vary: string) =>
    Object.keys(scenario.sweep ?? {})
      .filter((path) => path !== vary)
      .map((path) => {
        const value = getAt(scenario, parsePath(path));
        return [`${sweepLabel(path, setup, scenario)} = `, ...(value === undefined ? ['its default'] : ruleText(JSON.stringify(value), system, path))];
      });
  return h(
    'section',
    { class: 'find-results', attrs: { 'data-find-state': done ? 'finished' : 'running' } },
    ...results.map((r, i) =>
      h(
        'article',
        { class: 'panel find-result', attrs: { 'data-solve': r.name } },
        h('h3', {}, `Find: ${r.name === 'find' ? `${metricWords(r.metric)}, as ${sweepLabel(r.vary, setup, scenario)} varies` : r.name}`),
        h('p', { class: 'sentence' }, stopped[i] ? stoppedSentence(r, scenario.solve?.[i]?.label, scenario, metricWords) : r.sentence),
        // Why the search is by Monte Carlo where the mechanic has exact values (as the report
        // says), its rules and setup fields in the form's words as the results' notes have
        // them (it named the setup fields as the file does: an audit).
        r.exactSkipped ? h('p', { class: 'help exact-note' }, ...noteText(r.exactSkipped, { system, mechanic }, setup)) : null,
        // The setup's notes at the values searched, as Vary lists a run's (ui/results.ts).
        notes[i]?.length ? h('ul', { class: 'point-notes', attrs: { 'aria-label': 'notes' } }, ...notes[i]!.map((note) => h('li', { class: 'help exact-note' }, ...noteText(note, { system, mechanic }, setup)))) : null,
        unvaried(r.vary).length ? h('p', { class: 'help' }, "Asked at the setup's own ", ...unvaried(r.vary).flatMap((parts, i) => [i > 0 ? ', ' : '', ...parts]), ': Vary is not applied to Find.') : null,
        findCheck(r, scenario.solve?.[i]?.expect),
        // The y-axis names the metric as the sentence and the picker do, by its label.
        r.points.length ? h('figure', {}, svgNode(solveChart(r, { system, mechanic, setup, label: metricWords(r.metric), ...(metricKind(r.metric) ? { probability: metricKind(r.metric) === 'probability' } : {}) }))) : null,
      ),
    ),
  );
}

/** Most values a stopped search's sentence gives the figures of; the chart below has them all. */
const STOPPED_SHOWN = 12;

/**
 * The sentence of a search a Stop cut short: it was stopped, nothing found, and the figures
 * it had, each with its 95% interval and trials (or exact), in words; "Searching … 1
 * value(s) looked at" read as a search still going (an audit). Setup A's figure too, for a
 * sameAs question. None yet is said as none.
 */
export function stoppedSentence(
  r: SolveResult,
  label: string | undefined,
  scenario: { system?: unknown; mechanic?: unknown; setup?: unknown },
  metricWords: (metric: string) => string = (metric) => metric,
): string {
  const metric = metricWords(r.metric);
  const at = (v: unknown) => valueLabel(v, { vary: r.vary, label }, pathWords(scenario), valueWords(scenario));
  const figure = (p: SolvePoint): string | undefined => {
    if (p.estimate !== undefined) {
      // The interval the value is decided on, 95% over all of its looks (docs/solve.md).
      const interval = p.ci95 ? `, ${formatNumber(p.ci95[0])} to ${formatNumber(p.ci95[1])} at 95% over all of its looks` : '';
      return `${formatNumber(p.estimate)} (${trialsText(p.trials ?? 0)} trials${interval})`;
    }
    return p.exact === undefined ? undefined : `${exactFigure(p.exact)} exact`;
  };
  const points = r.points.flatMap((p) => {
    const f = figure(p);
    return f === undefined ? [] : [`at ${at(p.value)}, ${f}`];
  });
  const ref = r.reference ? figure(r.reference) : undefined;
  const a = ref === undefined ? '' : ` In setup A, ${metric} is ${ref}.`;
  if (points.length === 0) return `Stopped before the answer was in: no value was looked at, so there are no figures of ${metric} yet.${a}`;
  const shown = points.slice(0, STOPPED_SHOWN).join('; ');
  const more = points.length > STOPPED_SHOWN ? `; and ${points.length - STOPPED_SHOWN} more values, in the chart below` : '';
  return `Stopped before the answer was in, so no value is found. Figures of ${metric} so far: ${shown}${more}.${a}`;
}

/**
 * The question's `expect` on the value found, judged as poolsim solve judges it (sim/solve/
 * plan.ts `judged`, which FindRun applies once a search is done) and said in its words
 * (reports/solveSection.ts), as the page shows the expect checks: pass or FAIL, why it
 * failed, and the designer's why. Until the answer is in, the check is said, undecided.
 */
function findCheck(r: SolveResult, asked: Omit<NonNullable<SolveResult['expect']>, 'pass' | 'reason'> | undefined): HTMLElement | null {
  const e = r.expect;
  if (!e && !asked) return null;
  const item = e
    ? h(
        'li',
        { class: e.pass ? 'pass' : 'fail' },
        h('span', { class: 'badge' }, e.pass ? 'pass' : 'FAIL'),
        ` ${describeSolveExpect(e, false, r.vary)}`,
        e.why ? h('div', { class: 'why' }, `why: ${e.why}`) : null,
      )
    : h('li', { class: 'pending' }, h('span', { class: 'badge' }, '—'), ` ${describeSolveExpect({ ...asked!, pass: true }, false, r.vary)}: not judged until the value is found`);
  return h('div', { class: 'checks find-check' }, h('ul', {}, item));
}
