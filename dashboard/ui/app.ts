/**
 * The dashboard's controller. It holds the one scenario object (the draft, which is also
 * the downloadable file and what the address encodes), checks it with the CLI's own
 * validation on every edit, shows each problem at its field, and runs a valid scenario on
 * the page's workers: an edit cancels the run in flight and a new run starts a moment
 * after the last keystroke.
 */
import type { SystemName } from '../../sim/rules.ts';
import type { ScenarioResult } from '../../sim/result.ts';
import { ScenarioErrors, ScenarioError } from '../../sim/scenario.ts';
import { findMechanic } from '../../sim/mechanics.ts';
import { editsMade, switchMechanic, type Edit } from '../model/switch.ts';
import { droppedWords } from '../../reports/setupWords.ts';
import { removableAt, removeItem, removedName, withoutRemovable, type Removable } from '../model/removal.ts';
import { scenarioB, sweepOverlap, type CompareChange } from '../model/compare.ts';
import { readOpenedFile, scenarioFileName, scenarioFileText, scenarioOfResult, trialsRan, MAX_FILE_BYTES } from '../model/files.ts';
import { NotUtf8, decodeUtf8 } from '../../sim/scenarioText.ts';
import { pruneEmpty, withValue, type Path } from '../../reports/fields/paths.ts';
import { encodeLink, type LinkState } from '../model/url.ts';
import { jumpTo } from './jump.ts';
import { yamlFileText } from '../model/yamlFile.ts';
import { checkScenario, fieldOf, placeErrors, type Checked } from '../model/validate.ts';
import { ExactChecksRefused, LiveRun } from '../../workers/live.ts';
import type { ChunkExecutor } from '../../workers/schedule.ts';
import type { DistributionView } from '../charts/panels.ts';
import { choiceValuesText, formatSweepValues } from '../model/sweep.ts';
import { sweepLabel, sweepValueLabel } from '../../reports/sweep.ts';
import { axisValues } from '../../reports/charts/shared.ts';
import { optionLabel, shownDefault, type LeafField } from '../../reports/fields/spec.ts';
import { formFor } from '../../reports/fields/index.ts';
import { getAt, joinPath, parsePath } from '../../reports/fields/paths.ts';
import { h, replace } from './dom.ts';
import { PROBLEMS_LISTED, renderResults, renderSummary, stopButton, type ProblemsShown, type ResultsView } from './results.ts';
import { renderSetup, SYSTEM_NAMES, variables, type SetupContext } from './setup.ts';
import { FindRun, findNode } from './find.ts';
import { problemText, ruleText } from './ruleText.ts';
import { carriedPick, carryMetrics, laidOutMetrics, metricsOf, pickedMetrics, rememberMetrics, type MetricPick, type SetupMetric } from '../model/metrics.ts';
import { quoted, wordList } from '../../sim/words.ts';

/**
 * Quiet time after a keystroke before a run starts (typing "12" in one go should not run
 * "1" first). A pick — a select, a checkbox, a die button, a file — runs at once: nothing
 * more is coming. The page owes a single-roll mechanic's numbers within 300 ms of a form
 * change (issue #18), typing included; its run takes ~25–50 ms on a quiet 2-core machine,
 * so at 250 ms the typed change came in at 275–300 ms, on the edge. A run that the next
 * keystroke supersedes is dropped, so a shorter wait costs only that run's work.
 */
const RUN_DELAY_MS = 150;

/** Is the user typing (the edit came from a text field), rather than picking? */
function typing(el: EventTarget | null): boolean {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file', 'range', 'color'].includes(el.type);
}
/** Least time between two redraws of live results. */
const REDRAW_MS = 200;
/**
 * And at least this many times the last live redraw's own cost: a sweep of 2,500 points
 * took ~0.3 s a redraw, so every 200 ms the page's thread did little but redraw, each
 * chunk's tally waited behind it, and the run took 10–14 times the CLI's (an audit).
 * Redrawing at most a quarter of the time keeps a big sweep's live view and its pace.
 */
const REDRAW_COST_FACTOR = 4;
/** The name of each live redraw's entry in the performance timeline (devtools; tests). */
export const LIVE_REDRAW_MEASURE = 'poolsim live redraw';

/** How a view's results are read: their sweep's axes and point count, what B changes. */
type ShownLabels = Pick<ResultsView, 'axes' | 'pointCount' | 'compareLabel' | 'compareShift'>;

/** `view`'s labels, every key present (one a view lacks overrides another's as undefined). */
function shownLabels(view: ResultsView): ShownLabels {
  return { axes: view.axes, pointCount: view.pointCount, compareLabel: view.compareLabel, compareShift: view.compareShift };
}

export interface AppElements {
  setup: HTMLElement;
  results: HTMLElement;
  problems: HTMLElement;
  messages: HTMLElement;
  /** The summary bar that stays in view on a narrow screen. */
  summary?: HTMLElement;
  /** Download scenario: its title says whether the setup can be saved (isValid). */
  download?: HTMLElement;
}

/**
 * A rule of an opened result as the file note lists it: its value in force, or, where the
 * sweep varies it, the values its points ran, each in its select's words (the file's on hover).
 */
function ruleInForce(result: ScenarioResult, key: string, value: unknown): (string | HTMLElement)[] {
  const path = `rules.${key}`;
  const swept = axisValues(result.results.filter((p) => Object.hasOwn(p.point, path)), path);
  if (!swept.length) return ruleText(`${path} ${JSON.stringify(value)}`, result.system);
  return [
    ...ruleText(path, result.system),
    h('span', { attrs: { title: `${path} over ${swept.map((v) => JSON.stringify(v)).join(', ')}` } }, ` varied over ${swept.map((v) => sweepValueLabel(path, v, undefined, result)).join(', ')}`),
  ];
}

export class App implements SetupContext {
  private current: Record<string, unknown>;
  private change: CompareChange | undefined;
  private fields = new Map<string, HTMLElement>();
  private run: LiveRun | undefined;
  /**
   * The run of the setup as it stands, kept after a Stop ends it (`run` is not): whether the
   * `decide: "exact"` checks its plans left for the exact values are judged and pass
   * (LiveRun.exactChecksPassed). Undefined from an edit until the next run begins.
   */
  private judging: LiveRun | undefined;
  private runTimer: ReturnType<typeof setTimeout> | undefined;
  private view: ResultsView = { state: 'idle', results: [] };
  /** The part of the page a link's `at=` goes to, until the results drawn hold it (land). */
  private landing: string | undefined;
  /** Takes off the listeners that cancel a landing on the reader's own reading (goWhenDrawn). */
  private landingWatch: (() => void) | undefined;
  /**
   * How the run in flight's results are to be read (its sweep's axes and point count, what B
   * changes): put on the view with its first figures, not before. Until then the figures
   * shown are the last run's, and keep that run's (a dashboard audit: a Vary row added drew
   * the last one-setup run as "P(plan succeeds) by challenges" at challenges "undefined", and
   * a Compare edited and stopped said "B changes “challenges” from 3 to 5" over B's figures at 4).
   */
  private runLabels: ShownLabels = {};
  /**
   * The heatmap's and Compare's metrics as the designer picked them, and their words then. An
   * edit one cannot be followed through (its entry taken out, or what the setup measures
   * changed) keeps it: the chart falls back to its default and says which pick it dropped
   * (model/metrics.ts carriedPick, charts/panels.ts droppedPickNote); it was set to nothing,
   * and the fallback went unsaid (Compare's until a review of ee18368a).
   */
  private heatmapPick: MetricPick | undefined;
  private comparePick: MetricPick | undefined;
  private distributionViews: Record<string, DistributionView> = {};
  private redrawQueued = false;
  /** The queued live redraw's timer: a new run does not wait for the last run's. */
  private redrawTimer: ReturnType<typeof setTimeout> | undefined;
  private lastRedraw = 0;
  /** What the last live redraw took (its snapshot and drawing), ms. */
  private liveRedrawMs = 0;
  /** Stop, one element for the page's life, moved into each redraw of a running status. */
  private readonly stopButtonEl = stopButton(() => this.stopRun());
  private checked: Checked | undefined;
  /** B's, where a Compare makes one (undefined where none, or the change is refused). */
  private checkedB: Checked | undefined;
  /** The name of the scenario file opened, for what poolsim run says of it (not one made up from the scenario's name). */
  private openedName: string | undefined;
  /**
   * Files opened and setups loaded so far: a file read (awaited) after a later one was
   * opened, or a link followed or a new setup begun, is dropped, so the last is shown. A big file opened first and read last replaced
   * the small one opened after it, whose run had begun (a dashboard audit).
   */
  private opens = 0;
  /**
   * The text of the YAML file opened, for Download scenario to save the scenario as that
   * file, its comments kept (model/yamlFile.ts); undefined for JSON, a link or a new scenario.
   */
  private openedYaml: string | undefined;
  private showingFile = false;
  /**
   * The scenario as it stood on each mechanic ("system/mechanic") the page switched away
   * from since a file or link was last opened: switching back brings back its Find questions
   * and expect checks (model/switch.ts), which the switch away had to leave out.
   */
  private leftBehind = new Map<string, Record<string, unknown>>();
  /**
   * The Compare change a switch last left out (its field not in the new mechanic), until the
   * designer sets or clears one: a later switch to a mechanic where it fits brings it back
   * (model/switch.ts `leftChange`); it was gone for good after a look at another mechanic and back.
   */
  private leftChange: CompareChange | undefined;
  /** The scenario the page left when `leftChange` was left out: A as it was then, for the note when it comes back. */
  private leftChangeFrom: Record<string, unknown> | undefined;
  /** What each mechanic left had started from (its `untouched`), by "system/mechanic": what comes back from `leftBehind` is read against it. */
  private leftUntouched = new Map<string, Record<string, unknown> | undefined>();
  /**
   * The scenario as the last switch, file or link put it on the page: what differs from it
   * when the page switches away is what the designer changed there (model/switch.ts `editsMade`).
   */
  private arrived: Record<string, unknown> | undefined;
  /**
   * The edits made on each mechanic, in the order the page left them, and how many there were
   * when the page left each mechanic ("system/mechanic"): back on one, those made since are
   * over its memory (`leftBehind`), so the latest value of a field comes back, not an older one.
   */
  private edits: Edit[] = [];
  private editsAt = new Map<string, number>();
  /**
   * The setup the mechanic shown started from untouched, where a switch made it (model/switch.ts
   * `Switched.untouched`); undefined for a template, a file or a link: its template then. What
   * differs from it is the designer's, named where a switch leaves it behind.
   */
  private untouched: Record<string, unknown> | undefined;
  /**
   * What the edit being handled came from: the target of the input or change event that
   * led to it, noted before any handler runs, taken (and cleared) by afterChange. Not
   * document.activeElement: focus can stay in a text field while a select is changed
   * without focusing it (by a script, or Playwright's selectOption in the first-numbers
   * test), and the pick then waited RUN_DELAY_MS as if typed.
   */
  private editTarget: EventTarget | null = null;
  /** The Find section's search (the scenario's solve blocks) and its latest answer. */
  private find: FindRun | undefined;
  private findNode: HTMLElement | null = null;
  /**
   * The metrics of the last setup that laid its metrics out (model/metrics.ts), kept across
   * edits that leave the setup unable to (a name typed over passes through ""), so that a
   * rename carries the metrics the scenario picks over to the entry's new name. Forgotten
   * when the whole setup is replaced (a file, a switch, a preset): nothing is carried then.
   */
  private metricsBefore: SetupMetric[] | undefined;
  /** Metrics picked (path → the metric and its label) that an edit left with nothing to follow: said in the form's words. */
  private lostMetrics = new Map<string, { metric: string; label: string }>();

  constructor(
    private readonly el: AppElements,
    initial: LinkState,
    private readonly pool: () => ChunkExecutor,
  ) {
    this.current = initial.scenario;
    this.arrived = initial.scenario;
    this.change = initial.compare;
  }

  start(): void {
    const note = (e: Event) => (this.editTarget = e.target);
    document.addEventListener('input', note, { capture: true });
    document.addEventListener('change', note, { capture: true });
    this.forgetMetrics();
    this.drawSetup();
    this.afterChange();
  }

  // ------------------------------------------------------------ SetupContext

  scenario(): Record<string, unknown> {
    return this.current;
  }

  set(path: Path, value: unknown, redraw: boolean): void {
    this.clearMessage();
    const wordsBefore = pickerWords(this.current);
    this.current = withValue(this.current, path, value);
    if (value === undefined) this.current = pruneEmpty(this.current, path);
    this.carryMetrics();
    // A name typed (a fighter's, a side's) is in the labels of Vary, Compare and Find: they
    // are drawn again with it, as a pick redraws them (they kept the old name until reload).
    if (redraw || pickerWords(this.current) !== wordsBefore) this.drawSetup();
    this.afterChange();
  }

  /**
   * An edit that renames what a metric is laid out from (`win.Jill` of a fighter named
   * Jill) carries every metric the scenario picks (Find's, the expect checks', the results'
   * choosers) over to the same entry's metric; one it cannot follow is noted, to be said.
   */
  private carryMetrics(): void {
    const now = laidOutMetrics(this.current);
    if (now.length === 0) return;
    const before = this.metricsBefore;
    this.metricsBefore = now;
    rememberMetrics(now);
    if (!before) return;
    const carried = carryMetrics(this.current, before, now);
    this.current = carried.scenario;
    for (const lost of carried.lost) this.lostMetrics.set(lost.path, { metric: lost.metric, label: lost.label });
    this.heatmapPick = carriedPick(this.heatmapPick, before, now);
    this.comparePick = carriedPick(this.comparePick, before, now);
  }

  /** A problem of a picked metric an edit left with nothing to follow, in the form's words. */
  private saidLost(errors: readonly ScenarioError[]): ScenarioError[] {
    return errors.map((e) => {
      const lost = this.lostMetrics.get(e.path);
      if (!lost || !e.problem.startsWith(`no metric ${JSON.stringify(lost.metric)}`)) return e;
      const [key, index] = e.path.split('.');
      const pick = key === 'solve' ? (index === '0' ? 'Find’s “gives”' : `Find question ${Number(index) + 1}’s metric`) : `expect check ${Number(index) + 1}’s metric`;
      return new ScenarioError(
        e.file,
        e.path,
        `${pick}, ${quoted(lost.label)}, is not a metric of this setup any more: an edit changed what the setup measures (not only a name), so it could not be followed to what it is called now; pick it again`,
      );
    });
  }

  /** The whole setup was replaced (a file, a switch, a preset, an item taken out): nothing of the one before is carried. */
  private forgetMetrics(): void {
    const now = laidOutMetrics(this.current);
    this.metricsBefore = now.length > 0 ? now : undefined;
    rememberMetrics(this.metricsBefore);
    this.lostMetrics.clear();
  }

  register(path: string, el: HTMLElement): void {
    this.fields.set(path, el);
  }

  /**
   * A field Vary sets at every point: its own value is not used while it is varied, which
   * the field says (typing a new value there changed nothing, and nothing said so).
   */
  private markSwept(): void {
    const sweep = this.current.sweep;
    if (sweep === null || typeof sweep !== 'object' || Array.isArray(sweep)) return;
    const vars = variables(this.current);
    for (const [path, values] of Object.entries(sweep)) {
      const row = this.el.setup.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (!row) continue;
      row.classList.add('swept');
      const kind = !Array.isArray(values) ? 'text' : values.every((v) => typeof v === 'number') ? 'number' : values.every(Array.isArray) ? 'dice' : 'text';
      // A choice's values as its select names them (a rule's words), as Vary's boxes do.
      const field = vars.find((v) => joinPath(v.path) === path)?.field;
      const shown = !Array.isArray(values) ? '' : field?.kind === 'choice' ? choiceValuesText(values, field.options) : formatSweepValues(values, kind);
      row.append(h('small', { class: 'swept-note' }, `varied in Vary${shown ? ` (${shown})` : ''}: this value is not used while it is`));
    }
  }

  /**
   * What the designer changed since `arrived`, recorded (model/switch.ts editsMade), the page
   * as it is now the start of the next: an item taken out or added ("+ add side") is an edit
   * of its own. Read in one with what came before or after it, the last side taken out and
   * "+ add side" pressed were that side renamed, and back on the mechanic left the new side
   * had the old one's flee and Medic, unsaid (a review).
   */
  private editStep(): void {
    this.edits.push(...editsMade(this.arrived, this.current));
    this.arrived = this.current;
  }

  addItem(path: Path, item: Record<string, unknown>): void {
    const now = getAt(this.current, path);
    this.editStep();
    this.set(path, [...(Array.isArray(now) ? now : []), item], true);
    this.editStep();
  }

  removeItem(path: Path, index: number, what: string): void {
    this.clearMessage();
    const name = removedName(this.current, path, index, what);
    const before = this.current;
    const metricWords = metricWordsOf(before);
    const removed = removeItem(this.current, path, index, this.change);
    this.editStep();
    this.current = removed.scenario;
    this.editStep();
    this.change = removed.compare;
    this.forgetMetrics();
    this.drawSetup();
    this.afterChange();
    // Said, not done quietly: what asked about the removed item has nothing left to ask about.
    // In the form's words, as the setup before the removal named them (“minion › how
    // many”), as a switch says what it left out: "setup.participants.1.count" read as a path.
    const words = removed.dropped.map((d) => droppedWords(d, before, metricWords));
    if (words.length > 0) this.message(`${words.join(', ')}: left out, as ${words.length === 1 ? 'it was' : 'they were'} about the ${name} removed.`, false);
  }

  replace(scenario: Record<string, unknown>): void {
    this.clearMessage();
    this.current = scenario;
    this.forgetMetrics();
    this.drawSetup();
    this.afterChange();
  }

  newScenario(system: SystemName, mechanic: string): void {
    // A file still being read is superseded by this (open).
    this.opens++;
    // Whatever the new mechanic also has (a clash's sides in a battle) is kept.
    this.clearMessage();
    // The opened file stays the file Download saves (its name, YAML, comments): a switch is
    // an edit of it, and Download gave JSON instead after one, without a word.
    const before = this.current;
    // The expect checks it leaves out, by their metrics' labels in the setup they were set in.
    const metricWords = metricWordsOf(before);
    const key = (s: Record<string, unknown>) => `${String(s.system)}/${String(s.mechanic)}`;
    this.leftBehind.set(key(before), before);
    this.leftUntouched.set(key(before), this.untouched);
    this.edits.push(...editsMade(this.arrived, before));
    this.editsAt.set(key(before), this.edits.length);
    const target = `${system}/${mechanic}`;
    const since = this.edits.slice(this.editsAt.get(target) ?? this.edits.length);
    const switched = switchMechanic(this.current, system, mechanic, this.change, this.leftBehind.get(target), this.untouched, this.leftChange, this.leftUntouched.get(target), { later: since, leftFrom: this.leftChangeFrom });
    if (this.change !== undefined && switched.compare === undefined) {
      this.leftChange = this.change;
      this.leftChangeFrom = before;
    } else if (switched.compare !== undefined) this.leftChange = undefined;
    this.current = switched.scenario;
    this.arrived = switched.scenario;
    this.untouched = switched.untouched;
    this.change = switched.compare;
    this.forgetMetrics();
    this.heatmapPick = undefined;
    this.comparePick = undefined;
    this.drawSetup();
    this.afterChange();
    // Said, not done quietly: what the designer had set that this mechanic has no field for,
    // and what was carried over but may now ask another thing (a Find question).
    const said = [
      // Each rule and path as the page showed it before the switch (reports/setupWords.ts).
      // The mechanic as the picker names it ("contestRound has nothing for…" was the file's word).
      ...(switched.dropped.length > 0 ? [`“${formFor(system, mechanic)?.title ?? mechanic}” has nothing for ${switched.dropped.map((d) => droppedWords(d, before, metricWords)).join(' or ')}: left out.`] : []),
      ...switched.notes.map((note) => `${note[0]!.toUpperCase()}${note.slice(1)}.`),
    ];
    if (said.length > 0) this.message(said.join(' '), false);
  }

  compare(): CompareChange | undefined {
    return this.change;
  }

  setCompare(change: CompareChange | undefined): void {
    this.clearMessage();
    this.change = change;
    // The designer's own: one a switch left out earlier does not come back over it.
    this.leftChange = undefined;
    this.drawSetup();
    this.afterChange();
  }

  /** Load a whole state (a link, an opened file: `openedName`). */
  load(state: LinkState, openedName?: string, openedYaml?: string): void {
    // A file still being read is superseded by this state (a link followed after it: a
    // review found the late file replacing it, as it had replaced a file opened after it).
    this.opens++;
    // A landing a link's at= asked for is that link's setup's: not another's, loaded since
    // (an address pasted while the run went on, a file opened), which was taken there at its
    // run's end (a review). A link with at= of its own asks again (main.ts).
    this.stopLanding();
    this.forgetAnswers();
    this.leftBehind.clear();
    this.leftUntouched.clear();
    this.edits = [];
    this.editsAt.clear();
    this.leftChange = undefined;
    this.untouched = undefined;
    this.openedName = openedName;
    this.openedYaml = openedName !== undefined ? openedYaml : undefined;
    this.current = state.scenario;
    this.arrived = state.scenario;
    this.change = state.compare;
    this.forgetMetrics();
    this.heatmapPick = undefined;
    this.comparePick = undefined;
    this.drawSetup();
    this.afterChange();
  }

  // ------------------------------------------------------------ files

  async open(file: File): Promise<void> {
    const opening = ++this.opens;
    // Nor is a file's (dropped on the page: no key, click nor input reached it): its results
    // were taken to the link's part, or said not to have it (a review).
    this.stopLanding();
    if (file.size > MAX_FILE_BYTES) {
      this.message(`${file.name}: too large to be a scenario or results file (${Math.round(file.size / 1e6)} MB)`, true);
      return;
    }
    let text: string;
    try {
      // Decoded as `poolsim run` decodes a file: `File.text()` turned a Latin-1 "é" into
      // "\ufffd" without a word, and the page ran a file the command refuses.
      const bytes = await file.arrayBuffer();
      if (opening !== this.opens) return;
      text = decodeUtf8(new Uint8Array(bytes));
    } catch (err) {
      if (opening !== this.opens) return;
      this.message(`${file.name}: ${err instanceof NotUtf8 ? err.message : `cannot read: ${(err as Error).message}`}`, true);
      return;
    }
    const opened = readOpenedFile(text, file.name);
    if (opened.kind === 'unreadable') {
      this.message(opened.message, true);
      return;
    }
    if (opened.kind === 'results') {
      this.forgetAnswers();
      this.view = { state: 'file', results: opened.results, source: file.name };
      this.message(`Opened ${file.name}: ${opened.results.length === 1 ? 'a result' : `${opened.results.length} results`}, as reported.`, false);
      this.showFileNote(file.name, opened.results);
      this.drawResults();
      return;
    }
    // A scenario file is one setup: a compare set up on the page goes, and is said to (a
    // dashboard audit: the checkbox went off with nothing but "Opened a2.json.").
    this.message(`Opened ${file.name}.${this.change !== undefined ? ' Compare is off: a scenario file holds one setup, not a change for B.' : ''}`, false);
    this.load({ scenario: opened.scenario }, file.name, /\.ya?ml$/i.test(file.name) ? text : undefined);
  }

  /**
   * A file or a link opened in place of the setup: what answered the setup it replaces (the
   * run's figures, Find's answer) is not left beside it. Until the new setup's own run and
   * Find answer come, there are none: a file that cannot run yet (a solve block with no name,
   * refused beside its box) showed the old file's Find answer above its refusal, and the old
   * file's figures under it, as if they were its own. An edit is another matter: the last
   * run's figures and answer stay there, marked as the setup as it was (markFind).
   * A file that cannot be read replaces nothing, and takes nothing away.
   */
  private forgetAnswers(): void {
    this.cancelRun();
    this.findNode?.remove();
    this.findNode = null;
    this.view = { state: 'idle', results: [] };
    this.drawResults();
  }

  /**
   * Download scenario's file: a scenario opened from YAML as YAML under the opened file's
   * name, its comments kept where what they sit on is still there (`note` says when none
   * could be); any other as JSON named after the scenario.
   */
  scenarioText(): { name: string; text: string; note?: string } {
    let note: string | undefined;
    if (this.openedName !== undefined && this.openedYaml !== undefined) {
      try {
        const { text, keptComments } = yamlFileText(this.openedYaml, this.openedName, this.current);
        return { name: this.openedName, text, note: keptComments ? undefined : `${this.openedName}: saved as YAML without the opened file's comments (its document could not be brought to this setup node by node); the data is this setup's.` };
      } catch {
        // No YAML that reads back as this setup: JSON, which does, and said.
        note = `${this.openedName}: this setup could not be written as YAML that reads back the same, so it is saved as JSON.`;
      }
    }
    return { name: scenarioFileName(this.current), text: scenarioFileText(this.current), note };
  }

  /**
   * Why Download scenario saves nothing, or undefined where it saves the setup: a file of a
   * setup with a mistake is one `poolsim run` refuses ("challenges": "x" was saved without
   * a word: a dashboard audit), so it is refused here, with the problems as the run's
   * status lists them.
   */
  scenarioRefusal(): string | undefined {
    const unjudged = this.exactUnjudged();
    if (unjudged) return unjudged.refusal;
    if (this.isValid()) return undefined;
    const problems = this.checked?.ok === false ? this.checked.errors.map((e) => e.message) : [];
    const listed = problems.slice(0, PROBLEMS_LISTED).join('; ');
    const more = problems.length > PROBLEMS_LISTED ? `; and ${problems.length - PROBLEMS_LISTED} more` : '';
    return `Not downloaded: poolsim run would refuse this setup${listed ? ` (${listed}${more})` : ''}. Fix what is marked in the form, then download it.`;
  }

  /**
   * Why Download B saves nothing: B's own setup refused (the file `poolsim run` would refuse:
   * it was saved all the same, a review), or its `decide: "exact"` check not judged yet
   * (exactUnjudged), as Download scenario says them of A's.
   */
  scenarioBRefusal(): string | undefined {
    if (!this.change) return undefined;
    // B is A with the change: a mistake of A's is B's too, and is fixed in the form, not in
    // the Compare row (a review).
    if (this.checked && !this.checked.ok) return 'B not downloaded: poolsim run would refuse B, as it would A: fix what is marked in the form first, then download it.';
    const b = this.checkedB;
    if (b && !b.ok) {
      const listed = b.errors.slice(0, PROBLEMS_LISTED).map((e) => e.message).join('; ');
      const more = b.errors.length > PROBLEMS_LISTED ? `; and ${b.errors.length - PROBLEMS_LISTED} more` : '';
      return `B not downloaded: poolsim run would refuse B (${listed}${more}). Fix the change marked in the Compare row, then download it.`;
    }
    return this.exactUnjudged(1)?.refusal;
  }

  scenarioBText(): { name: string; text: string } | undefined {
    if (!this.change || sweepOverlap(this.current, this.change).kind === 'refused') return undefined;
    const b = scenarioB(this.current, this.change);
    return { name: scenarioFileName(this.current, '-b'), text: scenarioFileText(b) };
  }

  /** The result as `poolsim run --json` prints it, once a run has finished (or a file is shown). */
  resultsText(): { name: string; text: string } | undefined {
    if (this.view.state !== 'finished' && this.view.state !== 'file') return undefined;
    const results = this.view.state === 'file' ? this.view.results : this.view.results.slice(0, 1);
    if (!results.length) return undefined;
    return { name: 'results.json', text: JSON.stringify(results.length === 1 ? results[0] : results, null, 2) + '\n' };
  }

  /**
   * A message tells of one event (a download refused, what a switch left out): the user's
   * next edit or run takes it away, so it never stands above what it does not describe.
   */
  clearMessage(): void {
    this.el.messages.replaceChildren();
  }

  /**
   * `append`: said beside the messages already shown (a link's at= not found, beside the
   * address's own note), not in place of them; each then dismissed on its own.
   */
  message(text: string, problem: boolean, options: { append?: boolean } = {}): void {
    const node: HTMLElement = h(
      'div',
      { class: problem ? 'message problem' : 'message', attrs: { role: problem ? 'alert' : 'status' } },
      h('span', { class: 'message-text' }, text),
      h('button', { class: 'dismiss', attrs: { type: 'button', 'aria-label': 'dismiss' }, on: { click: () => node.remove() } }, '×'),
    );
    if (options.append === true) this.el.messages.append(node);
    else replace(this.el.messages, node);
  }

  // ------------------------------------------------------------ drawing

  /**
   * The form is not left showing a setup that did not make a results file's numbers: it
   * gives way to a note of what the file ran, and a way back to the setup the page had.
   * A file of one result that carries its setup (model/files.ts `scenarioOfResult`) also
   * offers to open that setup in the form, which runs it again (the same seed and trials
   * give the same numbers).
   */
  private showFileNote(source: string, results: readonly ScenarioResult[]): void {
    this.showingFile = true;
    this.fields.clear();
    const reopen = results.length === 1 ? scenarioOfResult(results[0]!) : undefined;
    const whyNot =
      results.length > 1
        ? 'it holds several results'
        : results[0]?.precision !== undefined
          ? 'it is a --precision run, whose points each ran their own number of trials'
          : 'it does not carry the setup it ran (results written before December 2026 do not)';
    const ran = results.map((r) =>
      h(
        'li',
        {},
        h('b', {}, r.name),
        // The system and mechanic as the mechanic picker names them, not the file's spellings.
        ` — ${SYSTEM_NAMES[r.system as SystemName] ?? r.system} · ${formFor(r.system, r.mechanic)?.title ?? r.mechanic} · ${trialsRan(r)} · seed ${JSON.stringify(r.seed)}`,
        // Each rule as the Rule variants card names it, the file's value in its title. A rule
        // the sweep varies is said as varied, over the values its points ran: the result's
        // `rules` holds the file's own value, which no point of such a sweep need have run
        // (sacrificeCurrency swept over none and carried read “joins the full defence”).
        // Only the rules the mechanic plays (sim/mechanic.ts `variants`): a result carries
        // every rule of its system, and a contest's read as if the conflict's applied to it.
        ...(playedRules(r).length ? [' · rules ', ...playedRules(r).flatMap(([k, v], i) => [i > 0 ? ', ' : '', ...ruleInForce(r, k, v)])] : []),
      ),
    );
    replace(
      this.el.setup,
      h(
        'section',
        { class: 'card file-note', attrs: { 'data-file': source } },
        h('h2', {}, `Results from ${source}`),
        h('p', {}, reopen
          ? 'The numbers on the right are the file’s, as reported; the form is set aside while they are shown. The file carries the setup it ran: open it in the form to change it and run it again.'
          : `The numbers on the right are the file’s, as reported; no setup is shown here, since ${whyNot}. To run it again, open the scenario file it was made from.`),
        h('ul', {}, ...ran),
        ...(reopen
          ? [h('button', { class: 'reopen', attrs: { type: 'button' }, on: { click: () => this.openSetupOf(source, reopen, Boolean(results[0]!.solve?.length)) } }, 'Open the setup it ran (runs it)')]
          : []),
        h('button', { class: 'back', attrs: { type: 'button' }, on: { click: () => this.backToSetup() } }, 'Back to my setup (runs it)'),
      ),
    );
  }

  private openSetupOf(source: string, scenario: Record<string, unknown>, solved: boolean): void {
    // A results file carries no solve blocks (a report's holds their answers, poolsim run's
    // not even those): the Find questions the scenario asked are not in the setup opened,
    // nor in a scenario downloaded from it. Said, not dropped without a word.
    this.message(
      solved
        ? `Opened the setup ${source} ran, without its Find questions: a results file holds the answers of its solve blocks, not the blocks themselves, so this setup and a scenario downloaded from it have none (set Find up again, or open the scenario file it was made from).`
        : `Opened the setup ${source} ran. A results file does not carry a scenario's Find questions (its solve blocks): any it had are not in this setup, nor in a scenario downloaded from it (open the scenario file it was made from for them).`,
      false,
    );
    this.load({ scenario });
  }

  private backToSetup(): void {
    this.clearMessage();
    this.showingFile = false;
    this.drawSetup();
    this.afterChange();
  }

  /** Whether a results file is shown in place of the setup (nothing of the form applies). */
  isShowingFile(): boolean {
    return this.showingFile;
  }

  private drawSetup(): void {
    this.showingFile = false;
    // Keep the caret where it was when a redraw replaces the input under it, and keyboard
    // focus on the control that was pressed (or, where it is gone, on the nearest one left):
    // without it every button, checkbox or preset sent the next Tab back to the page's top.
    const active = document.activeElement as HTMLInputElement | null;
    const inSetup = active !== null && this.el.setup.contains(active);
    const where = inSetup ? active.closest?.('[data-path]')?.getAttribute('data-path') : undefined;
    const key = active?.getAttribute?.('data-key');
    const caret = active && 'selectionStart' in active ? active.selectionStart : null;
    const scopeBefore = inSetup ? (active.closest('[data-path]') ?? this.el.setup) : null;
    const same = (scope: Element, el: Element) =>
      [...scope.querySelectorAll(el.tagName)].filter((e) => e.className === el.className && e.textContent === el.textContent && e.getAttribute('type') === el.getAttribute('type'));
    const index = inSetup && scopeBefore ? same(scopeBefore, active).indexOf(active) : -1;
    this.fields.clear();
    replace(this.el.setup, renderSetup(this));
    this.markSwept();
    if (!inSetup) return;
    if (where && key) {
      const again = this.el.setup.querySelector<HTMLInputElement>(`[data-path="${CSS.escape(where)}"] [data-key="${CSS.escape(key)}"]`);
      if (again) {
        again.focus();
        if (caret !== null && typeof again.setSelectionRange === 'function' && again.type === 'text') again.setSelectionRange(caret, caret);
        return;
      }
    }
    // The same control (tag, class, text) at the same place in its field, or the field's
    // (or an enclosing field's, when it was removed) first control.
    let path = where ?? undefined;
    let scope: Element | null = null;
    while (path !== undefined) {
      scope = this.el.setup.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (scope) break;
      const cut = path.lastIndexOf('.');
      path = cut > 0 ? path.slice(0, cut) : undefined;
    }
    scope ??= this.el.setup;
    // The place counted among like controls holds only in the same field.
    const sameScope = path === where || (where === undefined && scope === this.el.setup);
    const candidates = same(scope, active);
    // Where the pressed control went with its field (the last item of a list removed):
    // the list's own "+ add", never a first control such as another item's "remove", which
    // a second Enter would press.
    const target = (sameScope ? candidates[index] ?? candidates[candidates.length - 1] : undefined) ??
      scope.querySelector<HTMLElement>(':scope > button.add') ??
      scope.querySelector<HTMLElement>('button.add, input, select, textarea');
    (target as HTMLElement | null)?.focus();
  }

  private drawResults(): void {
    this.lastRedraw = performance.now();
    // Live results are drawn anew every REDRAW_MS: keyboard focus on the status's button
    // (Stop, Run again) goes to the button there now, not to the page's top.
    const active = document.activeElement;
    const onStatus = active instanceof HTMLElement && this.el.results.contains(active) && active.closest('.status') !== null;
    // So is focus on a chart a charts list's link took it to, or on one of the list's or the
    // summary bar's links (ui/jump.ts): it was lost to the page's body at the next redraw of
    // a run, Tab going to the results' top and a screen reader to the page's (a review).
    const kept = onStatus ? undefined : keptFocus(active, this.el.results, this.el.summary);
    // Where the reader scrolled a table or a wide chart to, focused or not: one scrolled with
    // the mouse went back to its start at the next redraw of a run (a review).
    const scrolled = keptScroll(this.el.results);
    if (this.el.summary) replace(this.el.summary, renderSummary(this.view, this.current.setup));
    // The set-aside setup's problems are not the file's: hidden while a results file is
    // shown (they read as the file's, and their remove buttons edited a setup not on screen).
    this.el.problems.hidden = this.view.state === 'file';
    replace(
      this.el.results,
      renderResults(this.view, {
        setup: this.current.setup,
        heatmapMetric: this.heatmapPick?.metric,
        heatmapLabel: this.heatmapPick?.label,
        compareMetric: this.comparePick?.metric,
        compareLabel: this.comparePick?.label,
        distributionViews: this.distributionViews,
        onHeatmapMetric: (metric, label) => {
          this.heatmapPick = { metric, label };
          this.drawResults();
        },
        onCompareMetric: (metric, label) => {
          this.comparePick = { metric, label };
          this.drawResults();
        },
        onView: (key, view) => {
          this.distributionViews = { ...this.distributionViews, [key]: view };
          this.drawResults();
        },
        onStop: () => this.stopRun(),
        stopButton: this.stopButtonEl,
        onRunAgain: () => {
          this.clearMessage();
          this.afterChange();
        },
      }),
    );
    if (this.findNode) this.el.results.prepend(this.findNode);
    scrolled();
    if (onStatus) this.el.results.querySelector<HTMLElement>('.status button')?.focus();
    kept?.();
    this.land();
  }

  /**
   * A link's `at=` (model/url.ts: the summary bar's and charts list's links carry it, for a
   * new tab): the page goes there once the run is over and its results are drawn. Not before:
   * a run's results grow as its figures come in (thousands of pixels on a phone), and a part
   * gone to at the first ones was left far off by Chromium's scroll anchoring. Not at all
   * where the reader has begun reading meanwhile (a wheel, a touch, a key, a click, an edit):
   * the run's end moved them all the same (a review). The page's own growth is none of those.
   */
  goWhenDrawn(id: string): void {
    this.stopLanding();
    // An id no link goes to (the README's grammar: results, setup, a chart's panel-…) is no
    // part these results could have: said now, not at the run's end, where a wheel or a key
    // meanwhile left it unsaid, the link's promise dropped without a word (a review).
    if (!AT_PARTS.test(id)) {
      this.message(`This link goes to “${id}” (at=${id}), which is not a part of the page a link goes to (results, setup or a chart's panel-…): showing the setup it holds.`, true, { append: true });
      return;
    }
    this.landing = id;
    const cancel = (e: Event) => {
      // A modifier alone (Ctrl held for a Ctrl-click, Shift) is not yet reading elsewhere.
      if (e instanceof KeyboardEvent && ['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
      this.stopLanding();
    };
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown', 'input'];
    for (const type of events) window.addEventListener(type, cancel, { capture: true, passive: true });
    this.landingWatch = () => {
      for (const type of events) window.removeEventListener(type, cancel, { capture: true });
    };
    this.land();
  }

  /** The reader's own reading cancels a landing not yet made (goWhenDrawn); so does making it. */
  private stopLanding(): void {
    this.landing = undefined;
    this.landingWatch?.();
    this.landingWatch = undefined;
  }

  private land(): void {
    const id = this.landing;
    if (id === undefined || this.view.state === 'idle' || this.view.state === 'running') return;
    this.stopLanding();
    // Only a part a link goes to (goWhenDrawn said any other id, which took focus without a
    // word: the summary bar, the file input).
    if (jumpTo(id)) return;
    // No such part (a chart of a setup since changed by hand, an id mistyped): said, not
    // passed over, the link having promised a place the page does not show; beside what else
    // the address said (?worker=2's "did you mean"), which a message of its own replaced.
    this.message(`This link goes to “${id}” (at=${id}), which these results do not have: showing the setup it holds.`, true, { append: true });
  }

  /**
   * Each problem at its field, the rest listed above the form; says how many fields were
   * marked and how many problems listed (with how many of those can be taken out there),
   * for the status to say what to do rather than point at marks that are not there.
   */
  private showProblems(a: Checked, b: Checked | undefined, compareProblem?: string): ProblemsShown {
    for (const el of this.fields.values()) {
      el.classList.remove('invalid');
      const box = el.querySelector(':scope > .problems');
      if (box && !box.classList.contains('local')) box.replaceChildren();
    }
    const general: HTMLElement[] = [];
    let listedFixable = 0;
    const show = (checked: Checked | undefined, prefix: string, only?: string) => {
      if (!checked || checked.ok) return;
      const known = new Set(only ? [only] : this.fields.keys());
      // A's problems in each box's own words (B's scenario is not the one shown).
      const placed = placeErrors(checked.errors, known, prefix ? undefined : this.current);
      for (const [path, problems] of placed.atField) {
        const el = this.fields.get(path)!;
        el.classList.add('invalid');
        const box = el.querySelector(':scope > .problems');
        // A rule it names reads as the select beside it does (ui/ruleText.ts); the problem's
        // own path says which rule its quoted values are of.
        const subject = (p: string) => checked.errors.find((e) => p.includes(e.problem) || e.problem.includes(p))?.path ?? path;
        // As many as the status lists, then a count: a swept range of a hundred bad values
        // said a hundred lines under one row (a dashboard audit).
        for (const p of problems.slice(0, PROBLEMS_LISTED)) box?.append(h('div', {}, prefix, ...problemText(p, this.current, subject(p))));
        if (problems.length > PROBLEMS_LISTED) box?.append(h('div', { class: 'more-problems' }, `${prefix}and ${problems.length - PROBLEMS_LISTED} more like them.`));
        // Fields inside this one that no form shows (typos in the setup: "modifer"), said
        // here: each can be taken out where it is said, as one at the top level can below.
        // So can what this field has no control for (a later Find question, a block's
        // maxTrials that would change nothing): marked here, it could not be fixed here.
        if (!prefix) {
          for (const e of checked.errors) {
            if (fieldOf(e.path, known) !== path) continue;
            for (const key of e.unknownKeys) if (key.startsWith(`${path}.`)) box?.append(this.removeButton(key));
            const removable = e.unknownKeys.length === 0 ? this.removableFor(e.path) : undefined;
            if (removable) box?.append(this.removeButton(removable.path, removable.label, removable.title));
          }
        }
      }
      for (const message of placed.general) {
        // A field the file has and no form shows (a typo, a field of another mechanic), a
        // rule this mechanic does not play, an expect check or a solve block the page has no
        // field for: each can be taken out with one click; the rest says what to fix.
        const error = checked.errors.find((e) => e.message === message);
        const removable = error && error.unknownKeys.length === 0 ? this.removableFor(error.path) : undefined;
        const buttons = prefix || !error ? [] : [...error.unknownKeys.map((key) => this.removeButton(key)), ...(removable ? [this.removeButton(removable.path, removable.label, removable.title)] : [])];
        if (buttons.length > 0) listedFixable++;
        general.push(h('li', {}, prefix, ...problemText(message, this.current), ...buttons));
      }
    };
    show(a, '');
    // B differs from A only by the change, so B's own problems are the change's.
    if (b && !b.ok && a.ok) {
      const el = this.fields.get('compare');
      el?.classList.add('invalid');
      const box = el?.querySelector(':scope > .problems');
      // A problem of B's sweep, shifted by the change's step (model/compare.ts), is said as
      // that: "B: sweep.setup.challenges: … got -1" named no field and a value no one typed
      // (a dashboard audit).
      const overlap = this.change ? sweepOverlap(this.current, this.change) : undefined;
      const shifted = overlap?.kind === 'shift' ? overlap : undefined;
      for (const e of b.errors) {
        const text =
          shifted && e.path === `sweep.${shifted.path}`
            ? `B: the Vary values of ${quoted(sweepLabel(shifted.path, this.current.setup, this.current))}, A's shifted by ${shifted.by > 0 ? '+' : '−'}${Math.abs(shifted.by)} for B's change (${shifted.to.join(', ')}): ${e.problem}`
            : `B: ${e.path}: ${e.problem}`;
        box?.append(h('div', {}, ...problemText(text, this.current, e.path)));
      }
    }
    if (compareProblem) {
      const el = this.fields.get('compare');
      el?.classList.add('invalid');
      el?.querySelector(':scope > .problems')?.append(h('div', {}, ...problemText(compareProblem, this.current)));
    }
    replace(this.el.problems, ...(general.length ? [h('ul', { class: 'general-problems', attrs: { role: 'alert' } }, ...general)] : []));
    const marked = [...this.fields.values()].filter((el) => el.classList.contains('invalid')).length;
    return { marked, listed: general.length, listedRemovable: listedFixable };
  }

  /**
   * What a remove button can take out to clear a problem at `path` (model/removal.ts):
   * only where no control on the page edits it, as there it is fixed at its field.
   */
  private removableFor(path: string): Removable | undefined {
    const removable = removableAt(this.current, path);
    return removable && !this.fields.has(removable.path) ? removable : undefined;
  }

  /**
   * "remove setup.modifer from the scenario": takes out a field no form shows; given what
   * removableFor found, "remove rules.invest …", "remove expect check 1 on “P(win: crew)” …"
   * (the file's words in the title, where the label says them otherwise).
   */
  private removeButton(path: string, label?: string, title?: string): HTMLElement {
    const take = () => {
      if (label === undefined) return this.set(path.split('.'), undefined, true);
      this.clearMessage();
      this.current = withoutRemovable(this.current, { path, label });
      this.forgetMetrics();
      this.drawSetup();
      this.afterChange();
    };
    return h('button', { class: 'remove', attrs: { type: 'button', ...(title ? { title } : {}) }, on: { click: take } }, `remove ${label ?? path} from the scenario`);
  }

  /** The address back to the setup shown (after a link that could not be read). */
  restoreLink(): void {
    this.saveLink();
  }

  private saveLink(): void {
    const hash = encodeLink({ scenario: this.current, compare: this.change });
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  // ------------------------------------------------------------ running

  private cancelRun(): void {
    clearTimeout(this.runTimer);
    // A redraw queued for the run cancelled would hold the next run's first figures for up
    // to four of its last redraws (a review).
    clearTimeout(this.redrawTimer);
    this.redrawQueued = false;
    this.run?.cancel();
    this.run = undefined;
    const find = this.find;
    find?.cancel();
    this.find = undefined;
    // A question still waiting on its exact figures, kept on the page (an invalid edit marks
    // it stale), says they were not computed, not "computing…".
    if (find?.computing && this.findNode) {
      const ended = findNode(find, false);
      if (ended) this.findNode.replaceWith(ended);
      this.findNode = ended ?? this.findNode;
    }
  }

  /**
   * The Stop button: the run in flight (and Find's) ends where it is. The results shown are
   * the trials that came back, each point with its own count and interval, and say so.
   */
  private stopRun(): void {
    const run = this.run;
    const find = this.find;
    const findRunning = find !== undefined && !find.done && find.failure === undefined;
    if (!run) return;
    if (run.isFinished) {
      // The run is done and Find searches on: Stop ends the search alone, its figures so far
      // kept and marked, the run's results standing as they are.
      if (!findRunning) return;
      find.cancel();
      this.find = undefined;
      this.view = { ...this.view, findSearching: false };
      this.drawResults();
      this.markFind('stopped', find);
      this.downloadTitle();
      return;
    }
    this.cancelRun();
    // Nothing back yet: the figures shown stay the last run's, marked as such.
    const snapshot = run.snapshot();
    const nothing = snapshot.every((r) => r.results.length === 0);
    const results = nothing ? this.view.results : snapshot;
    // The run's own figures are read as its own; the last run's kept keep that run's labels.
    this.view = { ...this.view, ...(nothing ? {} : this.runLabels), state: 'stopped', results, stale: nothing && results.length > 0, progress: run.progress() };
    this.drawResults();
    // A Find answer already finished answers this setup still; one cut short is marked. One
    // whose file the `decide: "exact"` check may yet refuse says that it was not judged.
    if (findRunning) this.markFind('stopped', find);
    else this.markFindUnjudged();
    this.downloadTitle();
  }

  /**
   * Download scenario's title: whether it saves the setup, and why not where it does not
   * (a mistake in the form, or a `decide: "exact"` check not judged yet), as the refusal
   * (scenarioRefusal) says it on a click.
   */
  private downloadTitle(): void {
    if (!this.el.download) return;
    this.el.download.title =
      this.exactUnjudged()?.title ??
      (this.isValid()
        ? 'Save this setup as a scenario file for poolsim run'
        : 'The setup has a mistake (marked in the form): poolsim run would refuse the file, so it is not saved until that is fixed');
  }

  /**
   * Where the setup passes validation but a `decide: "exact"` check it has (planned for later,
   * model/validate.ts checkScenario) is not judged yet: the download's refusal and title, and
   * Find's note, each saying why (the values are computing, or the run was stopped or ended
   * before they were in) and what to do; undefined once the run has judged them and they pass
   * (or where there are none). `poolsim run` judges them before it runs, and refuses the file
   * where the values cannot meet one: the page planned without them, and cannot say yet.
   */
  private exactUnjudged(k: 0 | 1 = 0): { refusal: string; title: string; find: string } | undefined {
    const checked = k === 0 ? this.checked : this.checkedB;
    if (!checked?.ok || !checked.plan.exactChecksLeft?.length) return undefined;
    const run = this.judging;
    if (run?.exactChecksPassed(k)) return undefined;
    const whose = k === 0 ? "this setup's" : "B's";
    const checks = [...new Set(checked.plan.exactChecksLeft.map((l) => `expect.${l.check}`))];
    const which = `decide: "exact" check${checks.length === 1 ? '' : 's'} (${wordList(checks)})`;
    const refuses = `poolsim run refuses the file if the exact values cannot meet ${checks.length === 1 ? 'it' : 'one'}`;
    if (!run || !run.isCancelled) {
      return {
        refusal: `Not downloaded yet: ${whose} ${which} is not judged until the exact values of the points it covers are in (they are computing…), and ${refuses}. Download it once they are in.`,
        title: `Not saved until the ${which} is judged: the exact values it needs are computing…, and ${refuses}`,
        find: `Not final: the setup's ${which} is not judged until the run's exact values are in (computing…), and poolsim solve refuses the file if they cannot meet ${checks.length === 1 ? 'it' : 'one'}.`,
      };
    }
    const ended = this.view.state === 'stopped' ? 'the run was stopped' : 'the run ended';
    const again = this.view.state === 'stopped' ? 'Click Run again and let it run until they are in' : 'Once the setup runs again, let it run until they are in';
    return {
      refusal: `Not downloaded: ${whose} ${which} was not judged, since ${ended} before the exact values of the points it covers were in, and ${refuses}. ${again}, then download it.`,
      title: `Not saved: ${ended} before the ${which} was judged, and ${refuses}; ${again.charAt(0).toLowerCase()}${again.slice(1)} first`,
      find: `Not final: the setup's ${which} was not judged, since ${ended} before the run's exact values were in, and poolsim solve refuses the file if they cannot meet ${checks.length === 1 ? 'it' : 'one'}. ${again}.`,
    };
  }

  /**
   * A finished Find answer of a setup whose `decide: "exact"` check is not judged yet
   * (exactUnjudged) is not shown as final: said so above it (data-find-state "unjudged"), and
   * shown as final once the check is judged and passes. (Refused, it is marked stale.)
   */
  private markFindUnjudged(): void {
    const node = this.findNode;
    if (!node) return;
    const state = node.getAttribute('data-find-state');
    if (state !== 'finished' && state !== 'unjudged') return;
    node.querySelector('.find-unjudged-note')?.remove();
    const unjudged = this.exactUnjudged();
    node.setAttribute('data-find-state', unjudged ? 'unjudged' : 'finished');
    if (unjudged) node.prepend(h('p', { class: 'find-stale-note find-unjudged-note', attrs: { role: 'status' } }, unjudged.find));
  }

  /**
   * The Find answer shown no longer answers the setup as it runs: dimmed, and said in words
   * above it, undimmed (dimmed alone, an answer to the question before an edit read as the
   * answer to the one in the form: an audit), as the results' status says theirs.
   */
  private markFind(state: 'stale' | 'stopped', find?: FindRun): void {
    // A search cut short is drawn again with its sentence saying so and its figures so far
    // (it said "Searching …" under the note that it was stopped).
    if (state === 'stopped' && find && this.findNode) {
      const redrawn = findNode(find, false, true);
      if (redrawn) this.findNode.replaceWith(redrawn);
      this.findNode = redrawn ?? this.findNode;
    }
    const node = this.findNode;
    if (!node) return;
    node.setAttribute('data-find-state', state);
    node.querySelectorAll('.find-result').forEach((el) => el.classList.add('stale'));
    node.querySelector('.find-stale-note')?.remove();
    const said =
      state === 'stale'
        ? 'The Find answer below is the last one, of the setup and question as they were when it last ran: the setup as it is now cannot run (see the marked fields), so Find has not answered it.'
        : 'Find was stopped before its answer was in: below is its search so far, not an answer.';
    node.prepend(h('p', { class: 'find-stale-note', attrs: { role: 'status' } }, said));
  }

  private afterChange(): void {
    this.saveLink();
    const file = this.openedName ?? scenarioFileName(this.current);
    // What an edit left unfollowed stays said until that pick changes.
    const picked = new Map(pickedEntries(this.current));
    for (const [path, lost] of this.lostMetrics) if (picked.get(path) !== lost.metric) this.lostMetrics.delete(path);
    const checked = checkScenario(this.current, file);
    const a: Checked = checked.ok || this.lostMetrics.size === 0 ? checked : { ok: false, errors: this.saidLost(checked.errors) };
    const overlap = this.change ? sweepOverlap(this.current, this.change) : undefined;
    const refused = overlap?.kind === 'refused' ? overlap.problem : undefined;
    const bScenario = this.change && !refused ? scenarioB(this.current, this.change) : undefined;
    const b = bScenario ? checkScenario(bScenario, scenarioFileName(this.current, '-b')) : undefined;
    this.checked = a;
    this.checkedB = b;
    const shown = this.showProblems(a, b, refused);
    // A new name or description changes no number: the run goes on (or stays finished), its
    // results relabelled, where it restarted a long sweep from nothing.
    if (a.ok && !refused && (!b || b.ok) && this.relabel(b?.ok ? [a.plan, b.plan] : [a.plan])) {
      this.editTarget = null;
      this.downloadTitle();
      return;
    }
    this.cancelRun();
    // A results file shown (left by "Back to my setup") is no run of this setup: its figures
    // go, not kept as the last setup's (a review: a setup that could not run kept a file's two
    // results, said to be "from the last setup that ran" and drawn as "A and B", B changing
    // "one thing"). A new run began with none of them already.
    if (this.view.state === 'file') this.view = { state: 'idle', results: [] };
    // A check decided on the exact values is judged again, by the next run.
    this.judging = undefined;
    this.downloadTitle();
    const typed = typing(this.editTarget);
    this.editTarget = null;
    if (!a.ok || (b && !b.ok) || refused) {
      const problems = [...(a.ok ? [] : a.errors), ...(b && !b.ok ? b.errors : [])].map((e) => e.message);
      if (refused) problems.push(refused);
      // The results still shown are the last valid setup's: marked so, as a pending run's are.
      this.view = { ...this.view, state: 'invalid', problems, shown, stale: this.view.results.length > 0 };
      this.drawResults();
      // So is a Find answer: it answered the last setup that ran.
      this.markFind('stale');
      return;
    }
    this.markPending();
    this.runTimer = setTimeout(() => {
      // A block the plan accepts but its search refuses (its own maxTrials on a block
      // answered exactly, as poolsim solve refuses it): the setup cannot run, as there.
      const findRefused = this.startFind(a.plan);
      if (findRefused) {
        // At their fields too (a maxTrials no control edits is taken out there).
        const shown = this.showProblems({ ok: false, errors: findRefused }, undefined);
        this.view = { ...this.view, state: 'invalid', problems: findRefused.map((e) => e.message), shown, stale: this.view.results.length > 0 };
        this.drawResults();
        return;
      }
      const plans = [a.plan];
      if (b?.ok && bScenario) plans.push(b.plan);
      const run = new LiveRun(plans, this.pool(), () => this.queueRedraw(run));
      this.run = run;
      this.judging = run;
      // Its `decide: "exact"` checks judged and passed: the file can be saved, and Find's
      // answer is final (a refusal comes to `done`, below).
      run.exacts.then(
        () => {
          if (this.run !== run) return;
          this.downloadTitle();
          this.markFindUnjudged();
        },
        () => {},
      );
      // A new setup's first figures wait no longer than REDRAW_MS for the last one's cost;
      // its redraws alone in the timeline (they piled up while the page was open).
      this.liveRedrawMs = 0;
      performance.clearMeasures(LIVE_REDRAW_MEASURE);
      const axes = Object.keys(a.plan.scenario.sweep ?? {});
      const compareLabel = this.change ? this.describeChange(this.change) : undefined;
      const compareShift = overlap?.kind === 'shift' ? { path: overlap.path, by: overlap.by } : undefined;
      const earlier = this.view.state === 'file' ? [] : this.view.results;
      const earlierLabels = shownLabels(this.view);
      this.runLabels = { axes, pointCount: a.plan.points.length, compareLabel, compareShift };
      this.view = { state: 'running', results: earlier, stale: earlier.length > 0, progress: run.progress(), ...(earlier.length > 0 ? earlierLabels : this.runLabels) };
      this.drawResults();
      run.done.then(
        (results) => {
          if (this.run !== run || !results) return;
          const find = this.find;
          // (A Find that failed is not searching: its panel says why it stopped.)
          this.view = { ...this.view, ...this.runLabels, state: 'finished', results, stale: false, progress: run.progress(), findSearching: find !== undefined && !find.done && find.failure === undefined };
          this.drawResults();
        },
        (err) => {
          if (this.run !== run) return;
          if (err instanceof ExactChecksRefused) {
            this.exactChecksRefused(err, a, b, earlier, earlierLabels);
            return;
          }
          this.view = { ...this.view, state: 'failed', message: (err as Error).message };
          this.drawResults();
        },
      );
    }, typed ? RUN_DELAY_MS : 0);
  }

  /**
   * The run shown (in flight or finished, not stopped or cancelled) takes `plans`' names and
   * descriptions where they run as its own (workers/live.ts `relabel`), and the results
   * shown of it say them: true. False where the plans run otherwise, for a new run.
   */
  private relabel(plans: import('../../sim/scenario.ts').ScenarioPlan[]): boolean {
    const run = this.run;
    if (!run || run.isCancelled || (this.view.state !== 'running' && this.view.state !== 'finished')) return false;
    if (!run.relabel(plans)) return false;
    // Figures still the run before's (stale, until this run's first chunks) keep their own labels.
    if (!this.view.stale) {
      this.view = {
        ...this.view,
        results: this.view.results.map((r, i) => {
          const { name: _name, description: _description, ...rest } = r;
          const { name, description } = plans[i]?.scenario ?? r;
          return { name, ...(description !== undefined ? { description } : {}), ...rest } as ScenarioResult;
        }),
      };
      this.drawResults();
    }
    return true;
  }

  /**
   * A new run is about to start: say so at once (the results shown are the last run's
   * until its first chunk is back), without redrawing every chart on every keystroke.
   */
  private markPending(): void {
    // The results still shown are the last run's, which has ended: stale, so a redraw in the
    // meantime (a heatmap metric picked) greys them and says "not computed" of their
    // missing exact values, not "computing…" (a review).
    this.view = { ...this.view, state: 'running', stale: this.view.results.length > 0 };
    const root = this.el.results.querySelector('.results');
    root?.setAttribute('data-run-state', 'running');
    const status = root?.querySelector('.status');
    if (status) {
      status.className = 'status running';
      status.textContent = 'Starting a run of the new setup…';
    }
    // What is shown is the last setup's until the new run's first chunks are back.
    root?.querySelectorAll('.result, .compare-view').forEach((el) => el.classList.add('stale'));
    // So is a Find answer, until the new search replaces it (startFind, when the run starts:
    // up to RUN_DELAY_MS after a keystroke). It stood undimmed and "finished" meanwhile,
    // the last question's answer under the one in the form (an audit).
    if (this.findNode) {
      // A note that the setup could not run, or that the search was stopped, no longer
      // holds: it stood above the "pending" answer (a review).
      this.findNode.querySelector('.find-stale-note')?.remove();
      this.findNode.setAttribute('data-find-state', 'pending');
      this.findNode.querySelectorAll('.find-result').forEach((el) => el.classList.add('stale'));
    }
    // The summary bar too (one line, cheap): it said "Fix the marked fields" until the run
    // began, a moment after the field was fixed.
    if (this.el.summary) {
      replace(this.el.summary, renderSummary({ ...this.view, stale: this.view.results.length > 0 }, this.current.setup));
      const state = this.el.summary.querySelector('.state');
      if (state) state.textContent = 'Starting a run…';
    }
  }

  /** `atLeast`: the least wait, in ms (a redraw put off while a select is open asks again REDRAW_MS on, not at once). */
  private queueRedraw(run: LiveRun, atLeast = 0): void {
    if (this.redrawQueued) return;
    this.redrawQueued = true;
    const gap = Math.max(REDRAW_MS, REDRAW_COST_FACTOR * this.liveRedrawMs);
    const wait = Math.max(atLeast, gap - (performance.now() - this.lastRedraw));
    this.redrawTimer = setTimeout(() => {
      this.redrawQueued = false;
      if (this.run !== run || run.isFinished || run.isCancelled) return;
      // A select of the results open on its list (the heatmap's, Compare's metric) is not
      // drawn anew under the reader: its list closed at each redraw, 200ms after it opened,
      // the option moved to with the arrow keys lost and focus with it (a review). The run's
      // figures wait for it to close; the run's last draw (finished, stopped) does not.
      if (openSelect(this.el.results) || (this.el.summary && openSelect(this.el.summary))) {
        this.queueRedraw(run, REDRAW_MS);
        return;
      }
      const results = run.snapshot();
      // Exact values may come back before any chunk (LiveRun calls onMerge for them too): a
      // snapshot of no point yet would wipe the last run's figures for a page of none, under
      // this run's labels (a review). The next merge redraws.
      if (results.every((r) => r.results.length === 0)) return;
      const t0 = performance.now();
      this.view = { ...this.view, ...this.runLabels, results, stale: false, progress: run.progress() };
      this.drawResults();
      this.liveRedrawMs = performance.now() - t0;
      performance.measure(LIVE_REDRAW_MEASURE, { start: t0 });
    }, wait);
  }

  private describeChange(change: CompareChange): string {
    const found = variables(this.current).find((v) => v.path.join('.') === change.path);
    const before = getAt(this.current, parsePath(change.path));
    const kind = found?.field.kind === 'dice' ? 'dice' : 'text';
    // A rule's values by their words, as its choices read (reports/fields/spec.ts optionLabel),
    // quoted: words such as "when its dice show no hit" or "every side, as written" read as
    // part of the sentence unquoted. A value left out names the default it stands for.
    const leaf = found?.field as LeafField | undefined;
    const said = (v: unknown) => {
      const words = optionLabel(leaf, v);
      return words !== undefined ? quoted(words) : formatSweepValues([v], kind);
    };
    const fmt = (v: unknown) => {
      if (v !== undefined) return said(v);
      const byDefault = shownDefault(leaf, getAt(this.current, parsePath(change.path).slice(0, -1)));
      return byDefault === undefined ? 'the default' : `the default (${said(byDefault)})`;
    };
    const overlap = sweepOverlap(this.current, change);
    const shifted =
      overlap.kind === 'shift'
        ? `; it is also varied, so B's sweep is shifted by ${overlap.by > 0 ? '+' : ''}${overlap.by} (${formatSweepValues(overlap.from, 'number')} in A, ${formatSweepValues(overlap.to, 'number')} in B) and each row pairs A's point with B's`
        : '';
    return `B changes ${quoted(sweepLabel(change.path, this.current.setup, this.current))} from ${fmt(before)} to ${fmt(change.value)}${shifted}, and runs on seed ${JSON.stringify(scenarioB(this.current, change).seed)}`;
  }

  /** Answer the scenario's solve blocks (the Find section), redrawing as the answer refines. */
  private startFind(plan: import('../../sim/scenario.ts').ScenarioPlan): ScenarioError[] | undefined {
    const old = this.findNode;
    this.findNode = null;
    old?.remove();
    if (!plan.scenario.solve?.length) return undefined;
    let made: FindRun;
    try {
      // Its exact figures computed in the workers (FindRun); a refusal that waits on them
      // ends the run as the one made at once does (afterChange).
      made = new FindRun(plan, (_results, done) => update(done), this.pool(), (errors) => this.find === find && this.findRefused(errors));
    } catch (err) {
      if (err instanceof ScenarioErrors) return err.errors;
      throw err;
    }
    const find = made;
    find.answersA = this.change !== undefined;
    const update = (done: boolean) => {
      if (this.find !== find) return;
      const node = findNode(find, done);
      if (this.findNode) this.findNode.replaceWith(...(node ? [node] : []));
      else if (node) this.el.results.prepend(node);
      this.findNode = node;
      // An answer the file's `decide: "exact"` check may yet refuse is not shown as final.
      if (done) this.markFindUnjudged();
      // The run done before the search: its status said Find was still searching.
      if ((done || find.failure !== undefined) && this.view.findSearching) {
        this.view = { ...this.view, findSearching: false };
        this.drawResults();
      }
    };
    this.find = find;
    return undefined;
  }

  /**
   * A `decide: "exact"` check the run's plans left for the workers' exact values (model/
   * validate.ts checkScenario) that cannot be met as asked: the setup cannot run, as
   * `poolsim run` says, the problems at their fields as every refusal's, and the run and
   * Find answer of it end (they were begun before the values were in).
   */
  private exactChecksRefused(err: ExactChecksRefused, a: Checked, b: Checked | undefined, earlier: ScenarioResult[], earlierLabels: ShownLabels): void {
    const [aProblems = [], bProblems = []] = err.problems;
    const aChecked: Checked = aProblems.length > 0 ? { ok: false, errors: aProblems } : a;
    const bChecked: Checked | undefined = bProblems.length > 0 ? { ok: false, errors: bProblems } : b;
    const find = this.find;
    this.cancelRun();
    this.checked = aChecked;
    this.checkedB = bChecked;
    this.downloadTitle();
    const shown = this.showProblems(aChecked, bChecked);
    // The figures of the run refused go: those shown before it began stay, stale, as where
    // an edit makes the setup invalid ("the results below are from the last setup that ran").
    this.view = { ...this.view, ...earlierLabels, state: 'invalid', problems: [...aProblems, ...bProblems].map((e) => e.message), shown, results: earlier, stale: earlier.length > 0 };
    this.drawResults();
    if (find) this.markFind('stale');
  }

  /**
   * A refusal of Find's that waited on the workers' exact figures (FindRun's onRefused: a
   * block's maxTrials on a search answered exactly): the setup cannot run, as where it came at
   * once (afterChange), and the run begun meanwhile ends.
   */
  private findRefused(errors: ScenarioError[]): void {
    this.cancelRun();
    this.findNode?.remove();
    this.findNode = null;
    const shown = this.showProblems({ ok: false, errors }, undefined);
    this.view = { ...this.view, state: 'invalid', problems: errors.map((e) => e.message), shown, stale: this.view.results.length > 0 };
    this.drawResults();
  }

  /** Whether the results shown are of a run the user stopped. */
  isStopped(): boolean {
    return this.view.state === 'stopped';
  }

  /** Whether the setup shown cannot run (a mistake in A, in B or in the compare change). */
  isInvalid(): boolean {
    return this.view.state === 'invalid';
  }

  /** Whether the current draft passes validation (for the download button's title). */
  isValid(): boolean {
    return this.checked?.ok ?? false;
  }
}

/**
 * Where drawResults puts keyboard focus back once the results and the summary bar are drawn
 * anew, by one rule: the node drawn in place of the focused one is the one the same stable
 * key picks out, and focus goes there without a scroll. The key is a selector of what a
 * redraw keeps: a chart's id (the panel a charts list's link took focus to), or a control's
 * tag with its href, data-key, name, aria-label, type and (a radio's, a checkbox's) value,
 * or else its classes, under the chart it is in; with its place among the nodes that selector finds (a results
 * file's results each have a "heatmap of"). Focus on any other control inside the results
 * (the distribution views' radio buttons, the "heatmap of" and Compare's metric selects, a
 * table Chromium's keyboard scrolls, its scroll kept by keptScroll) went to the page's body at the next redraw, 200ms on in a run, or at once where choosing
 * with the keyboard drew the results anew; Tab then went to the results' top (a review).
 * A select's choice is the app's, drawn into the new one; an open select's list closes with
 * the node it belongs to, its value the one last chosen. Undefined where focus was on none
 * of these (the status's button is drawResults' own: its label changes).
 */
function keptFocus(active: Element | null, results: HTMLElement, summary: HTMLElement | undefined): (() => void) | undefined {
  if (!(active instanceof HTMLElement)) return undefined;
  const within = results.contains(active) ? results : summary?.contains(active) ? summary : undefined;
  if (within === undefined || active === within) return undefined;
  const selector = focusKey(active, within);
  if (selector === undefined) return undefined;
  const nth = [...within.querySelectorAll(selector)].indexOf(active);
  const tabindex = active.getAttribute('tabindex');
  return () => {
    const target = within.querySelectorAll<HTMLElement>(selector)[nth];
    if (!target) return;
    // A chart takes focus by script only (jump.ts set its tabindex on the node now gone).
    if (tabindex !== null && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', tabindex);
    // Where a table the keyboard scrolls was scrolled to is keptScroll's, as any scrolled one's.
    target.focus({ preventScroll: true });
  };
}

/** The parts a link's at= goes to (model/url.ts, the README): the results, the setup, a chart. */
const AT_PARTS = /^(results|setup|panel-.+)$/;

/** What style.css lets scroll inside the results: a table's wrapper, a chart wider than its column. */
const SCROLLS = '.table-wrap, .panel-body > figure';

/**
 * Where drawResults puts each scrolled table and chart back once the results are drawn anew:
 * the node drawn in its place, found by keptFocus's key (focusKey, its place among those the
 * key finds), is scrolled as the old one was. Only a focused one was kept, by keptFocus: one
 * scrolled with the mouse or its scrollbar went back to its start at the next redraw of a
 * run, 200ms on (a review). Those at their start are passed over (the new ones are there).
 */
function keptScroll(results: HTMLElement): () => void {
  const scrolled = [...results.querySelectorAll<HTMLElement>(SCROLLS)]
    .filter((el) => el.scrollTop !== 0 || el.scrollLeft !== 0)
    .map((el) => {
      const selector = focusKey(el, results);
      return selector === undefined ? undefined : { selector, nth: [...results.querySelectorAll(selector)].indexOf(el), top: el.scrollTop, left: el.scrollLeft };
    })
    .filter((s) => s !== undefined);
  return () => {
    for (const { selector, nth, top, left } of scrolled) {
      const target = results.querySelectorAll<HTMLElement>(selector)[nth];
      if (!target) continue;
      target.scrollTop = top;
      target.scrollLeft = left;
    }
  };
}

/** Whether a select in `within` has its list open (`:open`: where a browser has no such pseudo-class, none is). */
function openSelect(within: HTMLElement): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLSelectElement) || !within.contains(active)) return false;
  try {
    return active.matches(':open');
  } catch {
    return false;
  }
}

/**
 * keptFocus's key for a focused node: a CSS selector of what a redraw keeps, or undefined
 * where nothing kept names it. A node with none of the naming attributes is named by its
 * tag and classes under its chart: a table Chromium lets the keyboard scroll (.table-wrap).
 */
function focusKey(el: HTMLElement, within: HTMLElement): string | undefined {
  if (el.classList.contains('panel') && el.id !== '') return `#${CSS.escape(el.id)}`;
  const tag = el.tagName.toLowerCase();
  const chart = el.parentElement?.closest<HTMLElement>('.panel[id]');
  const under = chart && within.contains(chart) ? `#${CSS.escape(chart.id)} ` : '';
  // A control's own id is not kept (uid() numbers it anew at each redraw).
  const naming = ['href', 'data-key', 'name', 'aria-label'].filter((a) => el.hasAttribute(a));
  // (A chart's figure, scrolled across on a narrow screen, has no class: its tag names it there.)
  if (naming.length === 0) return under !== '' ? `${under}${tag}${[...el.classList].map((c) => `.${CSS.escape(c)}`).join('')}` : undefined;
  const type = el.getAttribute('type');
  const attrs = [...naming, ...(type !== null ? ['type'] : []), ...(type === 'radio' || type === 'checkbox' ? ['value'] : [])];
  return under + tag + attrs.map((a) => `[${a}="${CSS.escape(el.getAttribute(a) ?? '')}"]`).join('');
}

/**
 * What the setup's pickers say that a typed name is in: the labels of Vary's and Compare's
 * fields, Find's metrics and each list item's heading. When they change, the setup is drawn again.
 */
function pickerWords(scenario: Record<string, unknown>): string {
  const fields = variables(scenario).map((v) => v.label);
  const metrics = Array.isArray(scenario.solve) && scenario.solve.length > 0 ? metricsOf(scenario).map((m) => m.label) : [];
  return JSON.stringify([fields, metrics]);
}

/** A metric's label in `scenario` (its key where it has none), for what an edit left out (droppedWords). */
function metricWordsOf(scenario: Record<string, unknown>): (metric: string) => string {
  const labels = new Map(metricsOf(scenario).map((m) => [m.name, m.label]));
  return (metric) => labels.get(metric) ?? metric;
}

/** Each metric the scenario picks by its path (model/metrics.ts pickedMetrics). */
function pickedEntries(scenario: Record<string, unknown>): [string, string][] {
  return pickedMetrics(scenario).map((p) => [p.path, p.metric]);
}

/** A result's rules that its mechanic plays, each with its value; every rule where the mechanic is not known. */
function playedRules(r: ScenarioResult): [string, unknown][] {
  const plays = findMechanic(r.system, r.mechanic)?.variants;
  return Object.entries(r.rules ?? {}).filter(([k]) => plays === undefined || plays.includes(k));
}

