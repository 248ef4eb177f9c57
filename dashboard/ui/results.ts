/**
 * The right-hand side: where the run stands, the expect checks, and the panels — the
 * compare view first when B is set, then A's own charts.
 */
import type { ScenarioResult } from '../../sim/result.ts';
import { pointMatches } from '../../sim/scenario.ts';
import { metricLabel } from '../../reports/metrics.ts';
import { formatSweepValue, pointFileText, pointLabel, sweepLabel, sweepValueLabel } from '../../reports/sweep.ts';
import { axisValues, sweepAxes } from '../../reports/charts/shared.ts';
import { formatSweepValues, kindOfValues } from '../model/sweep.ts';
import { headlineLines } from '../../reports/headline.ts';
import { bandText, exactDisagrees, exactNoteMark, measured } from '../../reports/checkText.ts';
import { pointNotes } from '../../reports/pointNotes.ts';
import { comparePanels, comparedMetric, unpairedMetrics } from '../charts/comparePanels.ts';
import { heatmapChoices, heatmapMetric, panelsFor, type DistributionView } from '../charts/panels.ts';
import type { ExactPending } from '../charts/table.ts';
import type { JobProgress } from '../../workers/live.ts';
import { h } from './dom.ts';
import { jumpLink } from './jump.ts';
import { readable } from './picked.ts';
import { panelIndex, panelNode } from './panels.ts';
import { noteText } from './ruleText.ts';

export type RunState = 'idle' | 'running' | 'stopped' | 'finished' | 'invalid' | 'file' | 'failed';

export interface ResultsView {
  state: RunState;
  /** A's result (and B's, comparing); a file may hold several results. */
  results: ScenarioResult[];
  progress?: JobProgress[];
  /** The file shown, for state `file`. */
  source?: string;
  message?: string;
  /** What B changes, in words, when comparing. */
  compareLabel?: string;
  /** B's sweep shifted by B's change, when it is (its points are paired with A's by it). */
  compareShift?: { path: string; by: number };
  axes?: string[];
  pointCount?: number;
  /** The results shown are an earlier setup's (a new run has no chunk back yet). */
  stale?: boolean;
  /** For state `invalid`: the problems, as poolsim run prints them. */
  problems?: string[];
  /** For state `invalid`: where the page shows them (marked at fields, listed above the form). */
  shown?: ProblemsShown;
  /**
   * For state `finished`: Find still searching after the run is done (a Monte Carlo search
   * outlasts it): said, with Stop, which ends the search (a dashboard audit: the page read
   * "Done" and offered no Stop while the workers searched on).
   */
  findSearching?: boolean;
}

/** Where a setup's problems are shown: how many fields are marked, how many are listed above the form. */
export interface ProblemsShown {
  marked: number;
  listed: number;
  /** Of those listed, how many have a remove button there. */
  listedRemovable: number;
}

/**
 * What to do for the setup to run, from where its problems are shown: "Fix the marked
 * fields" where none is marked sent the eye looking for marks that were not there.
 */
export function whatToFix(shown: ProblemsShown | undefined): { long: string; short: string } {
  const marked = (shown?.marked ?? 0) > 0;
  const listed = shown?.listed ?? 0;
  if (listed === 0) return marked ? { long: 'Fix the marked fields to run', short: 'Fix the marked fields' } : { long: 'This setup cannot run as it is', short: 'Cannot run' };
  const removable = shown!.listedRemovable;
  const how =
    removable === listed
      ? 'take out what is listed above the form with its remove button (no field here edits it)'
      : removable > 0
        ? 'deal with what is listed above the form: take out what has a remove button there; the rest no field here edits, so fix it in the file and open it again'
        : 'fix what is listed above the form in the file and open it again (no field here edits it)';
  return {
    long: marked ? `Fix the marked fields, and ${how}, to run` : `To run, ${how}`,
    short: marked ? 'Fix the marked fields and the list above' : removable === listed ? 'Remove what is listed above' : 'Fix what is listed above',
  };
}

/**
 * What the result varies and over which values, read off its points (so it says what ran,
 * not what the form meant): "Varied: challenges over 1-8 (8 values)"; each path named as
 * the Vary menu names it (reports/sweep.ts sweepLabel).
 */
export function varyingLine(result: ScenarioResult, setup?: unknown, planned?: number): HTMLElement {
  const axes = sweepAxes(result);
  if (!axes.length) return h('p', { class: 'varying' }, 'Nothing varied: one setup.');
  const parts = axes.map((axis) => {
    const values = axisValues(result.results, axis);
    const asFiled = formatSweepValues(values, kindOfValues(values));
    // A choice's values in the words its select and Vary's boxes show (a rule's: “the next
    // round’s action”), the file's on hover; other values as Vary's row writes them.
    const named = values.map((v) => sweepValueLabel(axis, v, setup, result));
    const words = named.some((w, i) => w !== formatSweepValue(values[i])) ? named.join(', ') : asFiled;
    return h(
      'li',
      { attrs: { 'data-axis': axis, title: words === asFiled ? undefined : `${axis} over ${asFiled}` } },
      h('b', {}, sweepLabel(axis, setup, result)),
      ` over ${words} (${values.length} value${values.length === 1 ? '' : 's'})`,
    );
  });
  // Mid-run (or stopped) the points are those back, not all the sweep's: said as such.
  const got = result.results.length;
  const count = planned !== undefined && planned > got ? `${got} of ${planned} points back` : `${got} point${got === 1 ? '' : 's'}`;
  return h('div', { class: 'varying' }, `Varied (${count}):`, h('ul', {}, ...parts));
}

/** Problems listed in the status line (the rest are at their fields), and under one field. */
export const PROBLEMS_LISTED = 5;

export interface ResultsOptions {
  /** The draft's setup: sweep paths name list items by it (reports/sweep.ts). */
  setup?: unknown;
  heatmapMetric?: string;
  /** The heatmap metric in the game's words, as it was picked: the heatmap says it where a result does not have it. */
  heatmapLabel?: string;
  compareMetric?: string;
  /** Compare's metric in the game's words, as it was picked: the comparison says it where A's result does not have it. */
  compareLabel?: string;
  distributionViews: Record<string, DistributionView>;
  onHeatmapMetric(metric: string, label: string): void;
  onCompareMetric(metric: string, label: string): void;
  onView(key: string, view: DistributionView): void;
  /** The Stop button of a run in flight: cancel it, keeping the trials that came back. */
  onStop?(): void;
  /**
   * The Stop button itself (stopButton), made once per page by the caller and moved into
   * each redraw, so a press or a click is never lost to a redraw that replaced it; without
   * it, one is made from `onStop` each time.
   */
  stopButton?: HTMLElement;
  /** The Run again button of a stopped run. */
  onRunAgain?(): void;
}

/**
 * A press begun on Stop and not yet over (its release, and the click that follows it,
 * up to half a second after, for a touch's tap): Run again ignores that click.
 */
let stopPressed = false;
function pressOnStop(): void {
  stopPressed = true;
  const over = () => setTimeout(() => (stopPressed = false), 500);
  window.addEventListener('pointerup', over, { once: true });
  window.addEventListener('pointercancel', over, { once: true });
}

/**
 * Stop. With a mouse it acts as the button is pressed: live results redraw the status every
 * REDRAW_MS, and a press held across a redraw released over a new button made no click
 * (Stop needed a second try on a busy machine). A touch or a pen waits for the click (a
 * scroll that starts on the button is not a press); so does the keyboard. Once stopped, a
 * second call does nothing.
 */
export function stopButton(onStop: () => void): HTMLElement {
  return h(
    'button',
    {
      class: 'stop',
      attrs: { type: 'button' },
      on: {
        pointerdown: (e) => {
          pressOnStop();
          if (e.pointerType === 'mouse' && e.button === 0) onStop();
        },
        click: () => onStop(),
      },
    },
    'Stop',
  );
}

/**
 * How many trials the points of a stopped run ran: "; the points shown ran 65,536 to
 * 196,608 each, of their 1,000,000" (a stopped sweep's points ran different counts, said
 * only by their intervals' widths: a dashboard audit).
 */
function pointsRan(view: ResultsView): string {
  const ran = view.results.flatMap((r) => r.results.map((p) => p.trials ?? r.trials));
  if (ran.length === 0) return '';
  const low = Math.min(...ran);
  const high = Math.max(...ran);
  const of = Math.max(...view.results.map((r) => r.trials));
  const counts = low === high ? `${low.toLocaleString('en')}` : `${low.toLocaleString('en')} to ${high.toLocaleString('en')}`;
  return ran.length === 1 ? `; the point shown ran ${counts} of its ${of.toLocaleString('en')}` : `; the points shown ran ${counts} each, of their ${of.toLocaleString('en')}`;
}

/** How far the workers are with the points' exact values, while any are still to come: "Exact values: 1,200 of 2,500 points so far. " */
function exactProgress(p: readonly JobProgress[]): string {
  const done = p.reduce((n, x) => n + (x.exactDone ?? 0), 0);
  const total = p.reduce((n, x) => n + (x.exactTotal ?? 0), 0);
  if (done >= total) return '';
  return `Exact values: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} points so far (computed in the workers; “computing…” in an exact column until its point’s are in). `;
}

/** A stopped run's points shown whose exact values were not computed before the stop, said. */
function exactsLeft(view: ResultsView): string {
  const left = view.results.reduce((n, r) => n + r.results.filter((p) => p.exactPending).length, 0);
  if (left === 0) return '';
  return `The exact values of ${left.toLocaleString('en')} of the points shown were not computed before the stop (“not computed” in their exact columns). `;
}

/**
 * Whether figures are of a run that ended before its trials were in: a point that ran fewer
 * than the result's trials per point (a --precision result's points each ran their own), a
 * point whose exact values were still to come (PointResult.exactPending), or, given the
 * run's `pointCount`, fewer points than it planned (a sweep whose points are one chunk each
 * came back whole, point by point: those shown ran all their trials, the rest none).
 * An edit cancels the run in flight and its figures so far stay on the page, marked as the
 * last setup's, as a finished run's are: they were said to be "from the last setup that
 * ran", a plain "Headline", with no word that they were of 278,528 of its 3,000,000 trials
 * (a dashboard honesty audit); a sweep's checks passed at points that never came back, and
 * a check decided on exact values not computed said FAIL, as no stopped run's does (a review).
 */
export function cutShort(results: readonly ScenarioResult[], pointCount?: number): boolean {
  return results.some(
    (r) =>
      (r.precision === undefined && r.results.some((p) => p.trials !== undefined && p.trials < r.trials)) ||
      r.results.some((p) => p.exactPending) ||
      (pointCount !== undefined && r.results.length < pointCount),
  );
}

/** What a stale view's figures are, where their run was cut short: "They are of a run cut short (the point shown ran 278,528 of its 3,000,000 trials), …". */
function cutShortWords(view: ResultsView): string {
  if (!cutShort(view.results, view.pointCount)) return '';
  const parts: string[] = [];
  const got = Math.min(...view.results.map((r) => r.results.length));
  if (view.pointCount !== undefined && got < view.pointCount) parts.push(`${got.toLocaleString('en')} of its ${view.pointCount.toLocaleString('en')} points came back`);
  const short = view.results.some((r) => r.precision === undefined && r.results.some((p) => p.trials !== undefined && p.trials < r.trials));
  if (short) parts.push(`${pointsRan(view).slice('; '.length)} trials`);
  const left = view.results.reduce((n, r) => n + r.results.filter((p) => p.exactPending).length, 0);
  if (left > 0) parts.push(`the exact values of ${left.toLocaleString('en')} of the points shown were not computed`);
  return `They are of a run cut short (${parts.join('; ')})${short ? ', each figure with its own 95% interval: not the numbers poolsim run gives for that setup' : ''}. `;
}

function status(view: ResultsView, options?: Pick<ResultsOptions, 'onStop' | 'onRunAgain' | 'stopButton'>): HTMLElement {
  const bar = (p: JobProgress) => h('progress', { attrs: { max: String(p.total), value: String(p.done) } });
  const p = view.progress ?? [];
  const done = p.reduce((n, x) => n + x.trialsDone, 0);
  const total = p.reduce((n, x) => n + x.trialsTotal, 0);
  switch (view.state) {
    case 'running': {
      // Editing a field also cancels a run; Stop is for keeping what came back. The
      // caller's own button, moved here at each redraw, stays the element a pointer or a
      // test is on (a button made anew every REDRAW_MS was never still long enough for a
      // click under load: the page's Stop test failed on a busy machine).
      const stop = options?.stopButton ?? (options?.onStop ? stopButton(options.onStop) : null);
      return h(
        'div',
        { class: 'status running', attrs: { role: 'status' } },
        p[0] ? bar({ done: p.reduce((n, x) => n + x.done, 0), total: p.reduce((n, x) => n + x.total, 0), trialsDone: 0, trialsTotal: 0 }) : null,
        `Running: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} trials. ${view.stale ? `The figures below are the last run’s, of the setup as it was then, until this run’s first chunks come back. ${cutShortWords(view)}` : 'Intervals narrow as chunks come in. '}${exactProgress(p)}`,
        stop,
      );
    }
    case 'stopped': {
      // Run again is drawn where Stop was: the click that ends a press begun on Stop (the
      // rest of a tap or a click on it) must not restart the run. Any other click acts:
      // a press of its own, the keyboard, assistive technology.
      const again = options?.onRunAgain
        ? h('button', { class: 'run-again', attrs: { type: 'button' }, on: { pointerdown: () => (stopPressed = false), click: () => !stopPressed && options.onRunAgain?.() } }, 'Run again')
        : null;
      return h(
        'div',
        { class: 'status stopped', attrs: { role: 'status' } },
        done === 0
          ? `Stopped before any trial came back (of ${total.toLocaleString('en')}). ${view.stale ? `The figures below are the last run’s, of the setup as it was then. ${cutShortWords(view)}` : ''}`
          : `Stopped at ${done.toLocaleString('en')} of ${total.toLocaleString('en')} trials${pointsRan(view)}. Each figure below is of the trials its point ran, with its own 95% interval: not the numbers poolsim run gives for this file, so there are no results to download. ${exactsLeft(view)}`,
        again,
      );
    }
    case 'finished': {
      const r = view.results[0];
      const done = r ? `Done: ${r.trials.toLocaleString('en')} trials per point, seed ${JSON.stringify(r.seed)} — the numbers poolsim run gives for this file.` : 'Done.';
      if (!view.findSearching) return h('div', { class: 'status finished', attrs: { role: 'status' } }, done);
      const stop = options?.stopButton ?? (options?.onStop ? stopButton(options.onStop) : null);
      return h('div', { class: 'status finished find-searching', attrs: { role: 'status' } }, `${done} Find is still searching (its answer above); Stop ends the search.`, stop);
    }
    case 'invalid':
      return h(
        'div',
        { class: 'status invalid', attrs: { role: 'status' } },
        h(
          'div',
          {},
          `${whatToFix(view.shown).long}${view.results.length ? `; the results below are from the last setup that ran. ${cutShortWords(view)}` : '. '}`,
          // Quoted as the command line prints it, a rule by its file path too: it says it is
          // poolsim run's text, for a designer matching the terminal. Each problem is also
          // said at its field, a rule there in its select's words (ui/ruleText.ts).
          'What poolsim run says:',
          h('ul', { class: 'problem-list' }, ...(view.problems ?? []).slice(0, PROBLEMS_LISTED).map((p) => h('li', {}, p))),
          (view.problems?.length ?? 0) > PROBLEMS_LISTED ? `and ${view.problems!.length - PROBLEMS_LISTED} more.` : null,
        ),
      );
    case 'file':
      return h('div', { class: 'status file', attrs: { role: 'status' } }, `Showing ${view.source ?? 'a results file'}: results as they were reported (nothing runs while they are shown).`);
    case 'failed': {
      // Whose figures stay below: the last run's, where this one failed before its first
      // chunks came back, or this run's until it failed (it said neither: a review).
      const whose = !view.results.some((r) => r.results.length > 0)
        ? ''
        : view.stale
          ? ` The figures below are the last run’s, of the setup as it was then. ${cutShortWords(view)}`
          : ` The figures below are this run’s until it failed, each with its own 95% interval: not the numbers poolsim run gives for this file.`;
      const message = view.message ?? 'unknown error';
      const end = whose === '' || /[.!?…]$/.test(message) ? '' : '.';
      return h('div', { class: 'status invalid', attrs: { role: 'alert' } }, `The run failed: ${message}${end}${whose}`);
    }
    default:
      return h('div', { class: 'status', attrs: { role: 'status' } }, 'Set up a scenario to run it.');
  }
}

/** Whether check `e` is decided on exact values a point of `result` does not have yet (PointResult.exactPending): not judged until they are in. */
function awaitsExact(e: ScenarioResult['expect'][number], result: ScenarioResult): boolean {
  return e.decide === 'exact' && result.results.some((r) => r.exactPending && pointMatches(e.point, r.point));
}

function checks(result: ScenarioResult, provisional: boolean, setup?: unknown, exactPending: ExactPending = 'computing'): HTMLElement | null {
  if (!result.expect.length) return null;
  return h(
    'section',
    { class: 'checks' },
    h('h3', {}, provisional ? 'Expect checks (so far)' : 'Expect checks'),
    h(
      'ul',
      {},
      ...result.expect.map((e) => {
        const bound = bandText(e, true);
        const whereText = e.point ? ` at ${pointLabel(e.point, setup, result)}` : '';
        // The point in words (a rule's value as its select says it), the file's on hover.
        const where = e.point ? h('span', { class: 'where', attrs: { title: pointFileText(e.point) } }, whereText) : '';
        // Of a run in flight or stopped, a check none of whose points has come back yet
        // has nothing to pass on (evaluateChecks would call it a pass): said so ("at
        // challenges = 5: no trials there yet"; "its points" stood where one point was named).
        if (provisional && !result.results.some((r) => pointMatches(e.point, r.point))) {
          // "yet" only of a run still going: of one stopped or cut short by an edit, none will come (a review).
          const when = exactPending === 'computing' ? 'yet' : '(the run ended before any came back)';
          return h('li', { class: 'pending' }, h('span', { class: 'badge' }, '—'), ` ${metricLabel(result, e.metric)} ${bound}`, where, `: no trials ${e.point ? 'there' : 'at any point'} ${when}`);
        }
        // Decided on exact values some of its points do not have yet (the workers compute
        // them, PointResult.exactPending): evaluateChecks counts those as failing, which a
        // live view read as a FAIL of a check `poolsim run` may well pass.
        if (provisional && awaitsExact(e, result)) {
          const wait = exactPending === 'computing' ? 'not judged until they are in (computing…)' : 'not judged: they were not computed (the run ended before they were in)';
          return h('li', { class: 'pending' }, h('span', { class: 'badge' }, '—'), ` ${metricLabel(result, e.metric)} ${bound}`, where, `: decided on the exact values, ${wait}`);
        }
        return h(
          'li',
          { class: e.pass ? 'pass' : 'fail' },
          h('span', { class: 'badge' }, e.pass ? 'pass' : 'FAIL'),
          ` ${metricLabel(result, e.metric)} ${bound}`,
          where,
          // What was measured where it failed, as `poolsim run` and the reports say it: a bare
          // "FAIL … (fails at challenges = 3)" gave no figure to see how near it came.
          // (`measured` names the points it failed at, where the check does not.)
          e.pass ? null : h('div', { class: 'measured' }, `measured ${measured(result, e, setup)}`),
          exactDisagrees(e, result) ? h('div', { class: 'exact-note' }, `${exactNoteMark(e)}${exactDisagrees(e, result)}`) : null,
          e.why ? h('div', { class: 'why' }, `why: ${e.why}`) : null,
        );
      }),
    ),
  );
}

/**
 * The mechanic's headline figures (declared in its metric table, carried in the result),
 * exact first with the estimate and interval beside it; nothing when none is declared.
 */
export function headlineBox(result: ScenarioResult, provisional: boolean, setup?: unknown, exactPending: ExactPending = 'computing'): HTMLElement | null {
  const lines = headlineLines(result, setup);
  if (!lines.length) return null;
  return h(
    'section',
    { class: 'headline', attrs: { 'aria-label': 'headline' } },
    h('h3', {}, provisional ? 'Headline (so far)' : 'Headline'),
    h(
      'ul',
      {},
      ...lines.map((l) =>
        h(
          'li',
          { attrs: { 'data-metric': l.metric } },
          h('span', { class: 'label' }, l.label),
          // The point in words, as the file writes it on hover.
          l.where ? h('span', { class: 'where', attrs: { title: l.point ? pointFileText(l.point) : undefined } }, ` at ${l.where}`) : null,
          ' ',
          h('span', { class: 'value' }, l.value),
          ' ',
          h('span', { class: 'detail' }, l.detail),
        ),
      ),
    ),
    // A figure shown by its estimate alone may yet get its exact value (PointResult.exactPending).
    result.results.some((p) => p.exactPending)
      ? h(
          'p',
          { class: 'help exact-pending' },
          exactPending === 'computing'
            ? 'Exact values are still being computed for some points: a figure shown with its interval there gets its exact value when they are in.'
            : 'The run these figures are from ended before the exact values of some points were computed: a figure shown with its interval there may have one.',
        )
      : null,
  );
}

/**
 * One line that stays in view while the setup is edited (a phone shows it stuck to the
 * top of the screen): how the run stands and the headline figures.
 */
/** How many headline lines the summary bar shows. */
const SUMMARY_LINES = 3;

export function renderSummary(view: ResultsView, setup?: unknown): HTMLElement {
  const a = view.results[0];
  const state = { idle: 'No run yet', running: 'Running…', stopped: 'Stopped', finished: view.findSearching ? 'Done; Find searching…' : 'Done', invalid: whatToFix(view.shown).short, file: 'From a file', failed: 'The run failed' }[view.state];
  const all = a ? headlineLines(a, view.state === 'file' ? a.setup : (a.setup ?? setup)) : [];
  // Three lines at most, in a bar a phone keeps at the top; the rest counted, never dropped
  // without a word (challenges varied 1–8 showed 3 of 8 lines as if they were all).
  const lines = all.slice(0, SUMMARY_LINES);
  const more = all.length - lines.length;
  // Each figure says what it is (exact, or its interval), and figures from a setup that is
  // no longer the form's are marked as such.
  const old = view.stale === true || view.state === 'invalid' || view.state === 'failed';
  const comparing = view.state !== 'file' && view.results.length > 1;
  return h(
    'div',
    { class: `summary-bar ${view.state}`, attrs: { 'data-run-state': view.state } },
    h('span', { class: 'state' }, state),
    a && !old ? checksSummary(view.state === 'file' ? view.results : [a], view.state) : null,
    old && lines.length ? h('span', { class: 'stale-note' }, 'last run:') : null,
    // Comparing, the bar's figures are A's, and say so, as the wide page's "A:" heading does
    // (beside the Compare box's B they read as either's: a dashboard audit).
    ...lines.map((l) => h('span', { class: old ? 'figure stale' : 'figure' }, `${comparing ? 'A: ' : ''}${l.label}${l.where ? ` (${l.where})` : ''}: `, h('b', {}, l.value), ' ', h('small', { class: 'what' }, l.short))),
    more > 0 ? h('span', { class: 'more-lines what' }, `and ${more} more in the results`) : null,
    jumpLink('results', 'results ↓'),
    jumpLink('setup', 'setup ↓'),
  );
}

/**
 * The expect checks in the summary bar, once the run is done: how many FAIL, or that all
 * pass (a failing check was shown only in the results column, the bar saying "Done" and
 * the headline beside it: a dashboard audit). Those of the run (A's), or of every result
 * an opened results file holds (the column shows them all). A check decided on exact values
 * a point does not have yet is not judged here, as the results column says.
 */
function checksSummary(results: readonly ScenarioResult[], state: ResultsView['state']): HTMLElement | null {
  if (state !== 'finished' && state !== 'file') return null;
  const all = results.flatMap((result) => result.expect.map((e) => ({ e, result })));
  if (all.length === 0) return null;
  const judged = all.filter(({ e, result }) => !awaitsExact(e, result));
  const failing = judged.filter(({ e }) => !e.pass).length;
  const n = all.length;
  const checks = n === 1 ? 'expect check' : 'expect checks';
  if (failing > 0) return h('span', { class: 'checks-summary fail' }, h('b', {}, `${failing} of ${n} ${checks} FAIL`));
  if (judged.length < n) return h('span', { class: 'checks-summary pending' }, `${n - judged.length} of ${n} ${checks} not judged yet`);
  return h('span', { class: 'checks-summary pass' }, n === 1 ? 'its expect check passes' : `all ${n} expect checks pass`);
}

function select(label: string, choices: { metric: string; label: string }[], current: string | undefined, onChange: (m: string) => void): HTMLElement {
  const s = h('select', { attrs: { 'aria-label': label } }, ...choices.map((c) => h('option', { attrs: { value: c.metric } }, c.label)));
  if (current) s.value = current;
  readable(s);
  s.addEventListener('change', () => onChange(s.value));
  return h('label', { class: 'inline' }, `${label} `, s);
}

export function renderResults(view: ResultsView, options: ResultsOptions): HTMLElement {
  const root = h('div', { class: 'results', attrs: { 'data-run-state': view.state } }, status(view, options));
  const [a, b] = view.results;
  if (!a) return root;
  // Figures of a run in flight, or of one stopped, are of the trials so far; an earlier
  // run's, shown until this one's first chunks come back (stale), are not "so far" of it.
  // So are those of a run an edit cut short, kept on the page as the last setup's.
  const provisional = ((view.state === 'running' || view.state === 'stopped') && view.stale !== true) || (view.state !== 'file' && view.state !== 'finished' && cutShort(view.results, view.pointCount));
  // Each result is named by its own setup (results carry it), not the form's: the form may
  // have been edited since (a participant renamed or removed), and the last run's figures
  // stay on the page, greyed (it read "at assassin › how many" of a run with a scout).
  // A point whose exact values are still to come says so (PointResult.exactPending): being
  // computed while its run goes on; not computed once that run has ended without them —
  // stopped, or an earlier run's figures kept on the page after an edit (stale, or the
  // setup now invalid), whose exact values nothing is computing any more (a review: those
  // said "computing…" for as long as the setup stayed invalid).
  const exactPending = view.state === 'running' && view.stale !== true ? ('computing' as const) : ('stopped' as const);
  const panelOptions = { setup: view.state === 'file' ? undefined : (a.setup ?? options.setup), axes: view.axes, pointCount: view.pointCount, heatmapMetric: options.heatmapMetric, heatmapLabel: options.heatmapLabel, distributionViews: options.distributionViews, exactPending };
  if (b && view.state !== 'file') {
    const compareOptions = { metric: options.compareMetric, metricLabel: options.compareLabel, setup: panelOptions.setup, shift: view.compareShift, exactPending };
    root.append(
      h(
        'section',
        { class: view.stale ? 'compare-view stale' : 'compare-view' },
        h('h2', {}, 'A and B'),
        h('p', { class: 'help' }, `A is the setup in the form. ${view.compareLabel ?? 'B changes one thing'}.`),
        unpairedNote(a, b),
        // B's own notes (A's are with A's results below): why a B figure has no exact value, or
        // what of B's setup changes nothing. One A has too is said there, once (it was listed
        // twice, as B's here and as A's below).
        notesList(pointNotes(b).filter((note) => !pointNotes(a).includes(note)).map((note) => `B: ${note}`), b, b.setup ?? panelOptions.setup),
        a.results.length > 1 ? select('compare', heatmapChoices(a), comparedMetric(a, compareOptions, b), (m) => options.onCompareMetric(m, metricLabel(a, m))) : null,
        ...comparePanels(a, b, compareOptions).map((p) => panelNode(p)),
      ),
    );
  }
  const shown = view.state === 'file' ? view.results : [a];
  shown.forEach((result, n) => {
    const axes = view.state === 'file' ? undefined : view.axes;
    const twoAxes = (axes ?? [...new Set(result.results.flatMap((p) => Object.keys(p.point)))]).length >= 2;
    // Charts left out because they would show nothing, each said in one line (as the report does).
    const notes: string[] = [];
    // A results file's own setup (results carry it since December 2026) names its points,
    // not the form's: each result of the file by its own.
    const setup = view.state === 'file' ? result.setup : (result.setup ?? options.setup);
    // A file's results: no edit of the form can have dropped a heatmap pick there (an edit
    // leaves the file), so a pick one of them has not is not said to be dropped: one made on
    // another result of the file, or on the setup's run before the file was opened, said
    // "“…”, picked for the heatmap, is not a metric of these results" (a review of ee18368a).
    // Each result shows its default heatmap then, as ever.
    const filePick = options.heatmapMetric !== undefined && heatmapChoices(result).some((c) => c.metric === options.heatmapMetric) ? options.heatmapMetric : undefined;
    const panels = panelsFor(result, view.state === 'file' ? { ...panelOptions, heatmapMetric: filePick, setup, axes: undefined, pointCount: undefined, notes } : { ...panelOptions, notes });
    root.append(
      h(
        'section',
        { class: view.stale ? 'result stale' : 'result' },
        h('h2', {}, b && view.state !== 'file' ? `A: ${result.name}` : result.name),
        result.description ? h('p', { class: 'question' }, result.description) : null,
        headlineBox(result, provisional, setup, exactPending),
        // The points' notes, as the report says them: why figures have no exact value where the
        // mechanic has them, and what the setup asks that changes nothing.
        // One tight list: a paragraph each took ~110 px above the charts for three (an audit).
        notesList(pointNotes(result), result, setup),
        // pointCount is the plan of the run the figures are of (App.runLabels: a stale view
        // keeps the last run's), so a sweep cut short says how many of its points came back.
        varyingLine(result, setup, view.state === 'file' ? undefined : view.pointCount),
        checks(result, provisional, setup, exactPending),
        twoAxes ? select('heatmap of', heatmapChoices(result), heatmapMetric(result, options.heatmapMetric), (m) => options.onHeatmapMetric(m, metricLabel(result, m))) : null,
        ...withIndex(panels, `r${n}-`, options.onView),
        notes.length ? h('ul', { class: 'chart-notes', attrs: { 'aria-label': 'charts left out' } }, ...notes.map((line) => h('li', {}, line))) : null,
      ),
    );
  });
  return root;
}

/** What the comparison leaves out because only one side reports it, said in one line. */
function unpairedNote(a: ScenarioResult, b: ScenarioResult): HTMLElement | null {
  // A side with no point back yet reports nothing: that is not a metric left unpaired.
  if (a.results.length === 0 || b.results.length === 0) return null;
  const { onlyA, onlyB } = unpairedMetrics(a, b);
  if (!onlyA.length && !onlyB.length) return null;
  const list = (xs: string[]) => (xs.length > 6 ? `${xs.slice(0, 6).join(', ')} and ${xs.length - 6} more` : xs.join(', '));
  const parts = [onlyA.length ? `only A reports ${list(onlyA)}` : '', onlyB.length ? `only B reports ${list(onlyB)}` : ''].filter(Boolean);
  return h('p', { class: 'help unpaired' }, `Not compared, as they have no match on the other side: ${parts.join('; ')}.`);
}

function withIndex(panels: ReturnType<typeof panelsFor>, prefix: string, onView: ResultsOptions['onView']): (HTMLElement | null)[] {
  return [panelIndex(panels, prefix), ...panels.map((p) => panelNode(p, onView, prefix))];
}

/**
 * A result's notes (reports/pointNotes.ts) as one list, or nothing where it has none; a rule
 * a note names reads as the Rule variants card names it, and each setup field it names as
 * the form labels it (ui/ruleText.ts), the result's own notes (and the JSON) keeping the
 * file's words.
 */
function notesList(notes: readonly string[], result: ScenarioResult, setup: unknown): HTMLElement | null {
  return notes.length > 0 ? h('ul', { class: 'point-notes', attrs: { 'aria-label': 'notes' } }, ...notes.map((note) => h('li', { class: 'help exact-note' }, ...noteText(note, result, setup)))) : null;
}
