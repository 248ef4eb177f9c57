/**
 * Removing an item of a list (a participant, a side, a rival) moves every later item up
 * one: the paths that name them by position — the Compare change, the Vary rows, the Find
 * questions — must move with them, or they would quietly ask about the next item; those
 * about the item removed have nothing left to ask about and are left out, said.
 */
import { getAt, isObject, parsePath, pruneEmpty, withValue, withoutItem, type Path } from '../../reports/fields/paths.ts';
import type { CompareChange } from './compare.ts';
import { metricsOf } from './metrics.ts';
import { quoted } from '../../sim/words.ts';
import { sweepLabel, sweepValueLabel } from '../../reports/sweep.ts';

type Obj = Record<string, unknown>;

/**
 * `path` ("setup.participants.2.count") after item `index` of the list at `list`
 * (["setup", "participants"]) is removed: the same path, or one item up, or null when it
 * is about the removed item.
 */
export function pathAfterRemoval(path: string, list: Path, index: number): string | null {
  const prefix = `${list.join('.')}.`;
  if (!path.startsWith(prefix)) return path;
  const [head, ...rest] = path.slice(prefix.length).split('.');
  const k = Number(head);
  if (!Number.isInteger(k) || String(k) !== head) return path;
  if (k === index) return null;
  return k < index ? path : [prefix + String(k - 1), ...rest].join('.');
}

export interface Removed {
  scenario: Obj;
  compare?: CompareChange;
  /** What was about the removed item and is left out: the Compare change, Vary rows, Find questions. */
  dropped: string[];
}

/** `scenario` without item `index` of the list at `list`, its paths moved with the items after it. */
export function removeItem(scenario: Obj, list: Path, index: number, change: CompareChange | undefined): Removed {
  let out = withoutItem(scenario, list, index);
  const dropped: string[] = [];
  let compare = change;
  if (change) {
    const moved = pathAfterRemoval(change.path, list, index);
    if (moved === null) {
      dropped.push(`the Compare change of ${change.path}`);
      compare = undefined;
    } else compare = { ...change, path: moved };
  }
  if (isObject(out.sweep)) {
    const sweep: Obj = {};
    for (const [path, values] of Object.entries(out.sweep)) {
      const moved = pathAfterRemoval(path, list, index);
      if (moved === null) dropped.push(`the Vary row ${path}`);
      else sweep[moved] = values;
    }
    out = { ...out };
    if (Object.keys(sweep).length > 0) out.sweep = sweep;
    else delete out.sweep;
  }
  // A check's point names swept paths, by position as the sweep does: moved with them, and
  // a check at a point of a Vary row left out goes with it (it would name a path not swept,
  // and the page refuse the scenario). A review found the points left behind.
  if (Array.isArray(out.expect)) {
    const expect: unknown[] = [];
    for (const check of out.expect) {
      const point = isObject(check) && isObject(check.point) ? Object.entries(check.point) : undefined;
      if (point === undefined) {
        expect.push(check);
        continue;
      }
      const moved = point.map(([path, value]) => [path, pathAfterRemoval(path, list, index), value] as const);
      const gone = moved.filter(([, to]) => to === null).map(([path]) => path);
      if (gone.length > 0) {
        // As a mechanic switch says a check it leaves out (droppedWords names its metric).
        dropped.push(`the expect check (${String((check as Obj).metric)})`);
        continue;
      }
      expect.push(moved.some(([path, to]) => to !== path) ? { ...(check as Obj), point: Object.fromEntries(moved.map(([, to, value]) => [to, value])) } : check);
    }
    out = { ...out };
    if (expect.length > 0) out.expect = expect;
    else delete out.expect;
  }
  if (Array.isArray(out.solve)) {
    const solve: unknown[] = [];
    for (const block of out.solve) {
      if (!isObject(block)) {
        solve.push(block);
        continue;
      }
      // Both the varied field and every field `sameAs` sets in setup A name items by
      // position: either about the removed item leaves the question nothing to ask (a
      // sameAs moved to the next item would quietly ask of another combatant).
      const vary = typeof block.vary === 'string' ? block.vary : undefined;
      const moved = vary === undefined ? vary : pathAfterRemoval(vary, list, index);
      const same = isObject(block.sameAs) ? Object.entries(block.sameAs) : undefined;
      const sameMoved = same?.map(([path, value]) => [path, pathAfterRemoval(path, list, index), value] as const);
      const gone = [...(moved === null ? [vary!] : []), ...(sameMoved ?? []).filter(([, to]) => to === null).map(([path]) => `sameAs ${path}`)];
      if (gone.length > 0) {
        dropped.push(`the Find question${typeof block.name === 'string' ? ` "${block.name}"` : ''} (${gone.join(', ')})`);
        continue;
      }
      let next: Obj = block;
      if (vary !== undefined && moved !== vary) next = { ...next, vary: moved };
      if (sameMoved?.some(([path, to]) => to !== path)) next = { ...next, sameAs: Object.fromEntries(sameMoved.map(([, to, value]) => [to, value])) };
      solve.push(next);
    }
    out = { ...out };
    if (solve.length > 0) out.solve = solve;
    else delete out.solve;
  }
  return { scenario: out, compare, dropped };
}

/** How the removed item is named in a message: its `name`, else its place. */
export function removedName(scenario: Obj, list: Path, index: number, item: string): string {
  const entry = (getAt(scenario, list) as unknown[] | undefined)?.[index];
  return isObject(entry) && typeof entry.name === 'string' ? `${item} "${entry.name}"` : `${item} ${index + 1}`;
}

/**
 * `next`, a scenario whose sweep a preset replaced, without the checks (`expect`) whose
 * `point` no longer names a swept path and value: they would have nothing to judge, and the
 * scenario would be refused. Those left out are said, as the removed item's are.
 */
export function withoutStaleChecks(next: Obj): { scenario: Obj; dropped: string[]; checks: StaleCheck[] } {
  if (!Array.isArray(next.expect)) return { scenario: next, dropped: [], checks: [] };
  const sweep = isObject(next.sweep) ? next.sweep : {};
  const swept = (path: string, value: unknown) =>
    Array.isArray(sweep[path]) && (sweep[path] as unknown[]).some((v) => JSON.stringify(v) === JSON.stringify(value));
  const dropped: string[] = [];
  const checks: StaleCheck[] = [];
  const expect = next.expect.filter((check) => {
    const point = isObject(check) && isObject(check.point) ? check.point : undefined;
    if (point === undefined || Object.entries(point).every(([path, value]) => swept(path, value))) return true;
    const metric = isObject(check) && typeof check.metric === 'string' ? check.metric : undefined;
    dropped.push(`the check on ${metric ?? 'a metric'} at ${Object.entries(point).map(([path, value]) => `${path} = ${JSON.stringify(value)}`).join(', ')}`);
    checks.push({ metric, point });
    return false;
  });
  if (dropped.length === 0) return { scenario: next, dropped, checks };
  const out = { ...next };
  if (expect.length > 0) out.expect = expect;
  else delete out.expect;
  return { scenario: out, dropped, checks };
}

/** A check withoutStaleChecks left out: its metric (where it names one) and its point, for the page to say in its words. */
export interface StaleCheck {
  metric: string | undefined;
  point: Obj;
}

/** What a remove button takes out of the scenario, and how it names it. */
export interface Removable {
  path: string;
  label: string;
  /** What the label says in the file's words, where it says it otherwise (a check's metric by its label): the button's title. */
  title?: string;
}

/**
 * What can be taken out of the scenario to clear a problem at `problemPath` that no
 * control on the page can fix: a rule the mechanic does not play (`rules.invest` in a
 * knavery: only leaving it out runs), a key a block's own check says to leave out
 * (`solve.1.maxTrials` on a question answered exactly), an expect check, a solve block.
 * Undefined where the scenario has nothing there. Which of these a page offers is the
 * page's to say: one whose path a control edits is fixed there instead.
 */
export function removableAt(scenario: Obj, problemPath: string): Removable | undefined {
  const [head, second, third] = parsePath(problemPath);
  const has = (path: Path) => getAt(scenario, path) !== undefined;
  if (head === 'rules' && second !== undefined && has(['rules', second])) return { path: `rules.${second}`, label: `rules.${second}` };
  if ((head === 'expect' || head === 'solve') && second !== undefined && /^\d+$/.test(second) && has([head, second])) {
    const entry = getAt(scenario, [head, second]);
    // The key the block's check names (`maxTrials`, "expected maxTrials left out"), not the
    // whole question, where that key is a plain setting of the block.
    if (head === 'solve' && third === 'maxTrials' && has([head, second, third])) return { path: `solve.${second}.maxTrials`, label: `solve.${second}.maxTrials` };
    const n = Number(second) + 1;
    if (head === 'expect') {
      // The metric by its label, as every picker and table names it (model/metrics.ts); its
      // key, as the file has it, in the title. A name no setup lays out stays as written.
      const metric = isObject(entry) && typeof entry.metric === 'string' ? entry.metric : undefined;
      const label = metric === undefined ? undefined : metricsOf(scenario).find((m) => m.name === metric)?.label;
      if (label === undefined) return { path: `expect.${second}`, label: `expect check ${n}${metric === undefined ? '' : ` on ${metric}`}` };
      return { path: `expect.${second}`, label: `expect check ${n} on ${quoted(label)}`, title: `expect.${second}, on ${metric}` };
    }
    const name = isObject(entry) && typeof entry.name === 'string' ? ` "${entry.name}"` : '';
    return { path: `solve.${second}`, label: `solve question ${n}${name}` };
  }
  return undefined;
}

/**
 * `scenario` without what `removableAt` named: a list item (the later ones move up; an
 * emptied list goes), or a key (an emptied `rules` goes, as an emptied group does).
 */
export function withoutRemovable(scenario: Obj, removable: Removable): Obj {
  const path = parsePath(removable.path);
  const last = path[path.length - 1]!;
  if (/^\d+$/.test(last)) {
    const list = path.slice(0, -1);
    const out = withoutItem(scenario, list, Number(last));
    const left = getAt(out, list);
    return Array.isArray(left) && left.length === 0 ? withValue(out, list, undefined) : out;
  }
  return pruneEmpty(withValue(scenario, path, undefined), path, 0);
}

/**
 * The checks a preset's sweep left with nothing to judge, in the form's words, as a removed
 * item's are (ui/app.ts droppedWords): “the expect check on “P(win: vipers)” at “vipers ›
 * Berzerker’s push” = “at the start””, not `win.vipers at setup.sides.0.berzerkerPush =
 * "always"` (a dashboard audit).
 */
export function staleCheckWords(checks: readonly StaleCheck[], scenario: Record<string, unknown>): string[] {
  const labels = new Map(metricsOf(scenario).map((m) => [m.name, m.label]));
  return checks.map(({ metric, point }) => {
    const at = Object.entries(point).map(([path, value]) => `${quoted(sweepLabel(path, scenario.setup, scenario))} = ${sweepValueLabel(path, value, scenario.setup, scenario)}`);
    return `the expect check on ${metric === undefined ? 'a metric' : quoted(labels.get(metric) ?? metric)} at ${at.join(', ')}`;
  });
}

