/**
 * Switching what is rolled (clash → battle, battle → clash, contest → conflict…) keeps
 * what the designer set up wherever the new mechanic has the same field: the sides and
 * their combatants of a clash become the battle's, the rules of the same system stay, and
 * so do the sweep, the Find questions and the compare change where they still name a field,
 * and a name the designer gave. What the new
 * mechanic does not have is left behind (a battle side's `flee` in a clash); what it has
 * and the old did not comes from its template. Each kept field is checked with the CLI's
 * own validation and dropped, back to the template's, when the new mechanic refuses it.
 * Every value the designer typed (one that differs from the setup the old mechanic started
 * from: its template, or what a switch carried to it, `untouched`) that is left behind is
 * named, for the page to say; a template field nobody touched is not. Back on a mechanic
 * the page left, what it remembers of it comes back where the mechanic just left has no
 * field for it, with what the designer changed since on other mechanics over it
 * (`editsMade`): the latest value of each field, or, where it cannot be, the value back said.
 */
import type { SystemName } from '../../sim/rules.ts';
import { formFor } from '../../reports/fields/index.ts';
import { ruleFields, ruleLabel } from '../../reports/fields/rules.ts';
import { fieldAt, type Field } from '../../reports/fields/spec.ts';
import { getAt, isObject, joinPath, parsePath, pruneEmpty, withValue, type Path } from '../../reports/fields/paths.ts';
import { sweepLabel, sweepValueLabel, type SweepMechanic } from '../../reports/sweep.ts';
import { quoted } from '../../sim/words.ts';
import { scenarioB, sweepOverlap, valueOrDefault, type CompareChange } from './compare.ts';
import { defaultScenario, newScenario } from './scenario.ts';
import { checkScenario } from './validate.ts';

type Obj = Record<string, unknown>;


/** `value` with only the keys the new form knows, inside lists and groups. */
function keepKnown(value: unknown, field: Field | undefined, lost: string[] = [], at = ''): unknown {
  if (!field) return value;
  if (field.kind === 'list' && Array.isArray(value)) return value.map((item, i) => keepKnownObject(item, field.fields, lost, `${at}.${i}`));
  if (field.kind === 'group') return keepKnownObject(value, field.fields, lost, at);
  return value;
}

/** `value` with only the fields the new form has; each one left out is added to `lost` (its path). */
function keepKnownObject(value: unknown, fields: readonly Field[], lost: string[], at: string): unknown {
  if (!isObject(value)) return value;
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    const f = fields.find((x) => x.key === key);
    if (f) out[key] = keepKnown(v, f, lost, `${at}.${key}`);
    else lost.push(`${at}.${key}`.replace(/^\./, ''));
  }
  return out;
}

/**
 * The paths (below `at`) where `value` differs from `template`, the old mechanic's
 * template's value there: what the designer typed or added. An object or list is looked
 * into; a value the template lacks, or of another kind, is one path.
 */
function typedPaths(value: unknown, template: unknown, at: string): string[] {
  if (JSON.stringify(value) === JSON.stringify(template)) return [];
  const bothLists = Array.isArray(value) && Array.isArray(template);
  if (!bothLists && !(isObject(value) && isObject(template))) return [at];
  // A list of values (dice) is one value: emptied (a combatant's dice [] where the template
  // has a d4) it was no path, and went without a word; changed, it read as its dice by place.
  const plain = (list: unknown[]) => list.every((v) => !isObject(v) && !Array.isArray(v));
  if (bothLists && plain(value as unknown[]) && plain(template as unknown[])) return [at];
  // An item taken out of a list is typed too: the list itself, one path (a clash's guards
  // taken out, the battle refusing a side alone, came back straight with them, unsaid, and
  // by way of any other mechanic said: a review).
  if (bothLists && (value as unknown[]).length < (template as unknown[]).length) return [at];
  const inner = (key: string | number) => (template as Record<string | number, unknown>)[key];
  const entries: [string | number, unknown][] = bothLists ? (value as unknown[]).map((v, i) => [i, v]) : Object.entries(value as Obj);
  return entries.flatMap(([key, v]) => typedPaths(v, inner(key), `${at}.${key}`));
}

/**
 * `started` (the setup a field started from) with a key, its value undefined, for each key
 * of `now` (what was carried there) it lacks, in groups and list items: a field carried
 * there is one the mechanic held, so one taken out there is not brought back (a key of
 * `untouched` with no value says the field was carried, and the old template had none).
 * Needed where a group goes over whole (its other fields from the page's memory): a
 * contest's passion 3, carried so to a conflict and taken out there, came back to the
 * contest from its memory (tests/dashboard-switch-chains). The page's record of edits
 * (`later`) says the same; `untouched` says it to a caller without one.
 */
function marked(started: unknown, now: unknown): unknown {
  if (Array.isArray(started) && Array.isArray(now)) return started.map((s, i) => marked(s, now[i]));
  if (!isObject(started) || !isObject(now)) return started;
  const out: Obj = { ...started };
  for (const [k, v] of Object.entries(now)) out[k] = k in started ? marked(started[k], v) : undefined;
  return out;
}

/**
 * `value` with its objects' keys in the order `model` has them (its own after), in groups
 * and list items: back on a mechanic, the setup as it was there, so a Download after a
 * round trip is the file it was (a battle side's flee came back before its name).
 */
function orderLike(value: unknown, model: unknown): unknown {
  if (Array.isArray(value)) return Array.isArray(model) ? value.map((v, i) => orderLike(v, model[i])) : value;
  if (!isObject(value) || !isObject(model)) return value;
  const keys = [...Object.keys(model).filter((k) => k in value), ...Object.keys(value).filter((k) => !(k in model))];
  return Object.fromEntries(keys.map((k) => [k, orderLike(value[k], model[k])]));
}

/** The first problem of a scenario whose path lies under `prefix` (`setup.sides`, `sweep`), as the check words it; undefined where none. */
function problemUnder(scenario: Obj, prefix: string): string | undefined {
  const checked = checkScenario(scenario, 'switch.json');
  return checked.ok ? undefined : checked.errors.find((e) => e.path === prefix || e.path.startsWith(`${prefix}.`) || e.path.startsWith(`${prefix}[`))?.message;
}

/** The problems of a scenario whose path lies under `prefix`, as the check words them. */
function problemsListedUnder(scenario: Obj, prefix: string): string[] {
  const checked = checkScenario(scenario, 'switch.json');
  return checked.ok ? [] : checked.errors.filter((e) => e.path === prefix || e.path.startsWith(`${prefix}.`) || e.path.startsWith(`${prefix}[`)).map((e) => e.message);
}

/**
 * The first problem under `prefix` that `trial` has and `before` had not, as the check words
 * it; undefined where none. A field the memory already held refused (a battle of one side)
 * takes an edit only where it adds no problem of its own: with the first problem alone, any
 * edit there was taken, and a side of the same name added on a clash came back as a second
 * "countess", a problem the memory never had, unsaid (a review).
 */
function problemAdded(before: Obj, trial: Obj, prefix: string, memory?: (prefix: string) => readonly string[]): string | undefined {
  const under = (s: Obj) => problemsListedUnder(s, prefix);
  // A problem the memory itself was held with (`memory`) is none of the edit's either: a battle
  // of one side, a side added on a clash and taken out again there, came back with the side
  // added (the removal read as adding "at least 2" that the add had just taken away), unsaid.
  const had = new Set([...under(before), ...(memory ? memory(prefix) : [])]);
  return under(trial).find((m) => !had.has(m));
}

/** Whether a scenario has a problem whose path lies under `prefix`. */
function problemsUnder(scenario: Obj, prefix: string): boolean {
  return problemUnder(scenario, prefix) !== undefined;
}

/** The problems of a whole scenario, as messages (none when it is valid). */
function problemsOf(scenario: Obj): Set<string> {
  const checked = checkScenario(scenario, 'switch.json');
  return new Set(checked.ok ? [] : checked.errors.map((e) => e.message));
}

/** Whether `old`'s name is the page's rather than the designer's: none, or a new scenario's or the opening one's. */
function isGivenName(old: Obj): boolean {
  if (old.name === undefined || (typeof old.name === 'string' && old.name.trim() === '')) return true;
  const given = [defaultScenario().name];
  if (typeof old.system === 'string' && typeof old.mechanic === 'string') given.push(newScenario(old.system as SystemName, old.mechanic).name);
  return given.includes(old.name);
}

/**
 * An edit the designer made on a mechanic's setup: its path below `setup`, its value then
 * (undefined: taken out), and the mechanic and field as the page named them there.
 */
export interface Edit {
  path: Path;
  value: unknown;
  /** The mechanic it was made on: "system/mechanic". */
  from: string;
  /** …as the picker names it. */
  on: string;
  /** The field, in that mechanic's form's words. */
  label: string;
  /**
   * A setup edit's: what that mechanic held there just before it (undefined: nothing). Of a
   * list's item, a field its form has that the item held neither there nor after the edit
   * was never that mechanic's to take out (withOwnFields).
   */
  was?: unknown;
  /** An edit of a rule (`rules`, its key the path), not of the setup. */
  rule?: true;
  /** An edit of a Vary row (`sweep`, its field's path the path), not of the setup. */
  row?: true;
  /**
   * A row's, and a setup edit's: the setup its path was read in (its list items by place
   * there), to follow them by name, or to tell that the item at its place elsewhere is another.
   */
  within?: unknown;
  /** An edit of a Find question (`solve`, its `findKey` the path), not of the setup. */
  find?: true;
}

/** The paths (below `at`) where `now` differs from `was`, each with its value in `now`; a list of another length, or of values (dice), is one value. */
function changedPaths(was: unknown, now: unknown, at: (string | number)[]): { path: (string | number)[]; value: unknown }[] {
  if (JSON.stringify(was) === JSON.stringify(now)) return [];
  if (isObject(was) && isObject(now)) {
    const keys = [...Object.keys(now), ...Object.keys(was).filter((k) => !(k in now))];
    return keys.flatMap((k) => changedPaths(was[k], now[k], [...at, k]));
  }
  const items = (list: unknown[]) => list.some((v) => isObject(v) || Array.isArray(v));
  // An item whose name is another's is another item (a side taken out before it, one added
  // after): by place, its fields replayed one by one read as renames, the guards' combatants
  // under the crew's name, and "guards" refused there as the name of two sides (a review).
  // Field by field only where each item is the one that stood there (sameItems): renamed in
  // place, or not; two swapped and renamed (the watch, the mob) are a list changed whole,
  // not the crew renamed the watch with the guards' combatants (the watch fled as the crew).
  const samePlaces = (a: unknown[], b: unknown[]) => {
    const pairs = sameItems(a, b, (x) => x);
    return b.every((w, i) => !isObject(w) || !isObject(a[i]) || pairs.get(i) === i);
  };
  if (Array.isArray(was) && Array.isArray(now) && was.length === now.length && items(was) && items(now) && samePlaces(was, now)) {
    return now.flatMap((v, i) => changedPaths(was[i], v, [...at, i]));
  }
  return [{ path: at, value: structuredClone(now) }];
}

/**
 * What the designer changed in the setup since the page showed `arrived` (the scenario as
 * a switch, or a file, put it on the page), the mechanic being the same: each value typed,
 * changed or taken out, for the page to keep in the order made. Back on a mechanic left
 * before, a field taken there from the page's memory of it (the mechanic just left has no
 * field for it) is the latest of these, not the memory's: a conflict's passion 2, set to 4
 * on a contest and then taken through a basic check, came back as 2, unsaid (a review).
 */
export function editsMade(arrived: Obj | undefined, now: Obj): Edit[] {
  if (!arrived || arrived.system !== now.system || arrived.mechanic !== now.mechanic) return [];
  const mechanic = { system: now.system, mechanic: now.mechanic } as SweepMechanic;
  const title = typeof now.system === 'string' && typeof now.mechanic === 'string' ? formFor(now.system as SystemName, now.mechanic)?.title : undefined;
  const on = `“${title ?? String(now.mechanic)}”`;
  const from = `${String(now.system)}/${String(now.mechanic)}`;
  // Each read in the setup as the ones before it in this step left it (`within`): made
  // together (a side renamed "beta", then a combatant's count in it, with no item added or
  // taken out between), the count read in the setup before the rename, as the list made
  // there, put the side's old name back, unsaid (a review).
  let within: unknown = arrived.setup;
  const setup = changedPaths(arrived.setup, now.setup, []).filter((c) => c.path.length > 0).map(({ path, value }) => {
    const read = within;
    within = withValue(within, path, structuredClone(value));
    if (value === undefined) within = pruneEmpty(within, path);
    return { path, value, read };
  }).map(({ path, value, read }) => ({
    path,
    value,
    was: structuredClone(getAt(arrived.setup, path)),
    within: read,
    from,
    on,
    label: sweepLabel(`setup.${joinPath(path)}`, value === undefined ? arrived.setup : now.setup, mechanic),
  }));
  // The rules too: a clash's hit set to "4+", by way of a basic check, gave the battle its
  // older "exact4" back, said only as "back as it was" (a review).
  const rulesOf = (s: Obj): Obj => (isObject(s.rules) ? s.rules : {});
  const rules = Object.keys({ ...rulesOf(arrived), ...rulesOf(now) })
    .filter((key) => JSON.stringify(rulesOf(arrived)[key]) !== JSON.stringify(rulesOf(now)[key]))
    .map((key): Edit => ({ path: [key], value: rulesOf(now)[key], from, on, label: ruleLabel(key), rule: true }));
  // And the Vary rows: one taken out on a clash came back to the battle, "back as it was".
  const sweepOf = (s: Obj): Obj => (isObject(s.sweep) ? s.sweep : {});
  const rows = Object.keys({ ...sweepOf(arrived), ...sweepOf(now) })
    .filter((path) => JSON.stringify(sweepOf(arrived)[path]) !== JSON.stringify(sweepOf(now)[path]))
    .map((path): Edit => ({ path: [path], value: structuredClone(sweepOf(now)[path]), from, on, label: sweepLabel(path, path in sweepOf(now) ? now.setup : arrived.setup, mechanic), row: true, within: path in sweepOf(now) ? now.setup : arrived.setup }))
    // Those taken out first: a row moved with its item (a side before it removed) is one
    // taken out at its old place and set at its new, both that item's, the latter the latest.
    .sort((a, b) => Number(a.value !== undefined) - Number(b.value !== undefined));
  // And the Find questions, each by its name (else as asked): one carried to a clash and taken
  // out or changed there came back to the battle as it was, "back as it was" (a review).
  const solveOf = (s: Obj): unknown[] => (Array.isArray(s.solve) ? s.solve : []);
  const byKey = (list: unknown[]) => new Map(list.map((b) => [findKey(b), b] as const));
  const [was, is] = [byKey(solveOf(arrived)), byKey(solveOf(now))];
  const finds = [...new Set([...was.keys(), ...is.keys()])]
    .filter((key) => JSON.stringify(was.get(key)) !== JSON.stringify(is.get(key)))
    .map((key): Edit => {
      const block = is.get(key) ?? was.get(key);
      const label = isObject(block) && typeof block.name === 'string' ? block.name : String(isObject(block) ? block.vary : '?');
      return { path: [key], value: structuredClone(is.get(key)), from, on, label, find: true };
    });
  return [...setup, ...rules, ...rows, ...finds];
}

/**
 * `path` (a Vary row's, "setup.sides.1.combatants.0.count"), read in `from` (the setup it was
 * set in), in `to`: each list index rewritten to where its item now stands, the same item as
 * sameItems pairs them (by its name, or renamed: all else the same, or in place; an item
 * without a name by place only where its list is as long as it was; `inPlace` false: a named
 * item never by place, sameItems). Null where it cannot
 * tell, or the item is gone: a row kept by place would vary another item (a battle's row of
 * the guards' count, its sides swapped on a clash, came back varying the crew captain's count,
 * "back as it was": a review).
 */
export function rowFollowing(path: string, from: unknown, to: unknown, inPlace = true): string | null {
  const parts = parsePath(path);
  if (parts[0] !== 'setup') return path;
  let [was, now]: [unknown, unknown] = [from, to];
  const out: (string | number)[] = ['setup'];
  for (const part of parts.slice(1)) {
    if (Array.isArray(was) && /^\d+$/.test(part)) {
      if (!Array.isArray(now)) return null;
      const i = Number(part);
      const item = was[i];
      const at = [...sameItems(was, now, (x) => x, inPlace).entries()].find(([, k]) => k === i)?.[0];
      if (at === undefined) return null;
      out.push(at);
      [was, now] = [item, now[at]];
      continue;
    }
    out.push(part);
    [was, now] = [isObject(was) ? was[part] : undefined, isObject(now) ? now[part] : undefined];
  }
  return joinPath(out);
}

/**
 * Which item of `was` each item of `now` is, as indexes (now → was): the one of its name
 * (a name two items share: the one of that name alike in all else, where only one is); else one renamed: of the names gone and the names new, the one pair alike in all else
 * (`rest` of each, key order aside: what the form of `now`'s items has of them), moved or
 * not; else one renamed in place (the name that stood there gone, its own new), and an item
 * without a name by place, where the list is as long as it was. An item paired with none is
 * another item: one taken out, or added. The one rule of "the same item" for every use of
 * it: a side's fields its other mechanic has no field for (withOwnFields, withItemsBack) and a Vary row, a
 * Find question or a Compare change following its item (rowFollowing) were paired by two,
 * and a row came back on one side with the flee of another (a review).
 * `inPlace` false: a named item is never paired by place, for two lists of which one may
 * not have come from the other (a mechanic's memory, and the list another mechanic
 * started from its own template): a rename there is an edit the page recorded, replayed
 * over the memory before any later one, so the same item has the same name in both. By
 * place, the memory's rival "duke" was the campaign's template's countess, and her rank 6
 * set there came back on the duke, unsaid (a review).
 */
function sameItems(was: readonly unknown[], now: readonly unknown[], rest: (x: Obj) => unknown, inPlace = true): Map<number, number> {
  const name = (x: unknown) => (isObject(x) && typeof x.name === 'string' ? x.name : undefined);
  const where = (list: readonly unknown[], n: string) => list.flatMap((x, k) => (name(x) === n ? [k] : []));
  const canonical = (x: unknown): unknown =>
    Array.isArray(x) ? x.map(canonical) : isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, canonical(x[k])])) : x;
  const alike = (x: unknown) => JSON.stringify(canonical(isObject(x) ? { ...(rest(x) as Obj), name: undefined } : x));
  const pairs = new Map<number, number>();
  now.forEach((x, j) => {
    const n = name(x);
    if (n === undefined) return;
    const [here, there] = [where(now, n), where(was, n)];
    if (here.length === 1 && there.length === 1) pairs.set(j, there[0]!);
  });
  // A name two items share (one typed over another's, a slip put right later): each the one
  // of that name alike in all else, where only one is. Paired with none, the guards (the
  // crew's name typed as "guards", "+ add side", then "crew" again) were another side at
  // every step, and their flee was gone from the battle, unsaid (a review).
  now.forEach((x, j) => {
    const n = name(x);
    if (n === undefined || pairs.has(j)) return;
    const taken = new Set(pairs.values());
    const from = where(was, n).filter((k) => !taken.has(k) && alike(was[k]) === alike(x));
    const rivals = where(now, n).filter((f) => !pairs.has(f) && alike(now[f]) === alike(x));
    if (from.length === 1 && rivals.length === 1) pairs.set(j, from[0]!);
  });
  // …and those of a shared name left, as many in each list: in their order. Two rivals the
  // page itself named "rival 3" ("+ add rival" after one was taken out), or the crew typed as
  // "guards" for a moment: never by place (inPlace false), the second renamed there was an
  // item the memory did not hold, its rename lost and said "did not come back" (a review).
  for (const n of new Set(now.flatMap((x, j) => (pairs.has(j) ? [] : [name(x)])))) {
    if (n === undefined) continue;
    const taken = new Set(pairs.values());
    const left = where(now, n).filter((j) => !pairs.has(j));
    const from = where(was, n).filter((k) => !taken.has(k));
    if ((where(now, n).length > 1 || where(was, n).length > 1) && left.length === from.length) left.forEach((j, i) => pairs.set(j, from[i]!));
  }
  // The names gone and the names new: of each list, the items with a name paired with none
  // (where no name is shared, those whose name the other list has not).
  const paired = new Set(pairs.values());
  const gone = was.flatMap((x, k) => (name(x) !== undefined && !paired.has(k) ? [k] : []));
  const fresh = now.flatMap((x, j) => (name(x) !== undefined && !pairs.has(j) ? [j] : []));
  for (const j of fresh) {
    const from = gone.filter((k) => alike(was[k]) === alike(now[j]));
    if (from.length === 1 && fresh.filter((f) => alike(now[f]) === alike(now[j])).length === 1) pairs.set(j, from[0]!);
  }
  // In place only where the list is as long as it was: one taken out before it moves it up,
  // and of a side taken out and one added, the new one is not the old renamed (the page
  // keeps each item taken out or added an edit of its own, dashboard/ui/app.ts editStep).
  if (now.length === was.length) {
    const taken = new Set(pairs.values());
    now.forEach((x, j) => {
      if (pairs.has(j) || taken.has(j)) return;
      // A value that is no item (a die of a dice list) by place, as an item without a name:
      // a Vary row of a captain's second die was left out of a round trip with nothing
      // edited, "not in the setup now" (a review).
      if (!isObject(x) || !isObject(was[j])) {
        if (!isObject(x) && !isObject(was[j]) && j < was.length) pairs.set(j, j);
        return;
      }
      if (name(x) === undefined ? name(was[j]) === undefined : inPlace && fresh.includes(j) && gone.includes(j)) pairs.set(j, j);
    });
  }
  return pairs;
}

/** A Find question's identity across mechanics: its name, else the question as asked (its expect aside). */
function findKey(block: unknown): string {
  return isObject(block) && typeof block.name === 'string' ? `name:${block.name}` : `asked:${question(block)}`;
}

/**
 * `value` (an edit made on another mechanic, its field there `theirs`) with what `held`
 * (this mechanic's memory of it) has that the other mechanic never held there: a field its
 * form has not, or one it has that the same item held neither before the edit (`was`: what
 * that mechanic held there then) nor after it. In groups and in list items, where the item
 * is the same one (its name the same, or one renamed, all else the same): a battle side's
 * flee, its sides changed on a clash, came back at its default. One taken out there (held
 * before the edit) stays out. The rule of itemsBack (a switch straight back), for the edits
 * replayed: a battle's guards pushing "never", by way of a knowledge roll to a clash that
 * started from its own template, "+ add side" there, came back without their push, unsaid,
 * where without the side added it came back (a review).
 */
function withOwnFields(value: unknown, held: unknown, theirs: Field | undefined, was: unknown): unknown {
  if (!theirs) return value;
  if (Array.isArray(value) && Array.isArray(held) && theirs.kind === 'list') {
    // The same item (sameItems): by its name, wherever it now stands (the guards, the crew
    // before them taken out, got no flee, and the dogs added after them got the guards');
    // else one renamed, moved or not, all else the other's form has of it the same (its
    // flee was dropped, unsaid: a review); else renamed in place. Not a side taken out and
    // another added (the crew taken out, "+ add side" gave "others"): that one got the
    // crew's flee and Medic, never set on it (a review).
    const rest = (x: Obj) => Object.fromEntries(theirs.fields.filter((f) => f.key !== 'name').map((f) => [f.key, keepKnown(x[f.key], f)]));
    const pairs = sameItems(held, value, rest);
    // …and the item as it stood there before the edit, the same item too (none: it held nothing).
    const before = Array.isArray(was) ? sameItems(was, value, rest) : new Map<number, number>();
    return value.map((v, i) => {
      const same = pairs.has(i) ? held[pairs.get(i)!] : undefined;
      const then = before.has(i) && Array.isArray(was) ? was[before.get(i)!] : undefined;
      return isObject(v) && isObject(same) ? ownIn(v, same, theirs.fields, then) : v;
    });
  }
  if (isObject(value) && isObject(held) && theirs.kind === 'group') return ownIn(value, held, theirs.fields, was);
  return value;
}

function ownIn(value: Obj, held: Obj, theirs: readonly Field[], was: unknown): Obj {
  const out: Obj = { ...value };
  const then = isObject(was) ? was : {};
  for (const [k, v] of Object.entries(held)) {
    const field = theirs.find((f) => f.key === k);
    if (!field || (!(k in value) && !(k in then))) out[k] = structuredClone(v);
    else if (k in value) out[k] = withOwnFields(value[k], v, field, then[k]);
  }
  return orderLike(out, held) as Obj;
}

/** A field of a list item that only this mechanic has (a battle side's marksman push), left out of the list as the designer last made it elsewhere. */
interface OwnLeftOut {
  /** The field's path below `setup` (`sides.0.marksmanPush`). */
  path: Path;
  value: unknown;
  /** Why the mechanic refuses it there, in the check's words ('' where none came out). */
  why: string;
}

/**
 * `base` (a list as the designer last made it on another mechanic, as this one takes it)
 * with `own[i]` over item i: what only this mechanic has of that item, from its memory. The
 * list is the designer's latest edit, so it wins over what came back with it: where the
 * whole is refused (`refusal`: why, else undefined), each own field goes on its item one at
 * a time where it is still taken, and those left out are returned, to be said. Undefined
 * where `base` itself is refused. The one rule of a switch back by any route: straight from
 * the mechanic that made the list, or by way of others, a battle's marksman push of two
 * sides gave way to a side added on a clash, or the side to the push (a review).
 */
function withOwnWhereTaken(base: readonly unknown[], own: readonly Obj[], path: Path, refusal: (list: unknown[]) => string | undefined): { list: unknown[]; left: OwnLeftOut[] } | undefined {
  const whole = base.map((item, i) => (isObject(item) ? { ...own[i], ...item } : item));
  if (refusal(whole) === undefined) return { list: whole, left: [] };
  if (refusal([...base]) !== undefined) return undefined;
  const list = [...base];
  // Each item's own fields at once where taken, else one at a time, again while one more is
  // taken: one may need another (a side's medics its aid "medic"). One at a time in the
  // order of its keys, medics 2 before aid "medic" was refused, said to need the aid
  // "medic" the side then had (a review). What is left is said as refused by the list as
  // it comes back.
  let pending = own.flatMap((fields, i) => (isObject(base[i]) ? Object.entries(fields).map(([inner, value]) => ({ i, inner, value })) : []));
  const withSome = (some: typeof pending) =>
    list.map((x, k) => {
      const mine = some.filter((e) => e.i === k);
      return mine.length > 0 && isObject(x) ? { ...Object.fromEntries(mine.map((e) => [e.inner, e.value])), ...x } : x;
    });
  const take = (some: typeof pending) => {
    const trial = withSome(some);
    if (refusal(trial) !== undefined) return false;
    for (const e of some) list[e.i] = trial[e.i];
    pending = pending.filter((e) => !some.includes(e));
    return true;
  };
  own.forEach((_, i) => {
    const mine = pending.filter((e) => e.i === i);
    if (mine.length > 1) take(mine);
  });
  for (let more = true; more; ) {
    more = false;
    for (const e of [...pending]) if (take([e])) more = true;
  }
  const left = pending.map((e): OwnLeftOut => ({ path: [...path, e.i, e.inner], value: e.value, why: refusal(withSome([e])) ?? '' }));
  return { list, left };
}

/** What withOwnWhereTaken left out, said in the form's words (`setup`: the setup it is said of). */
function ownLeftOutNote(left: OwnLeftOut, setup: unknown, mechanic: SweepMechanic, called: string): string {
  const label = quoted(sweepLabel(`setup.${joinPath(left.path)}`, setup, mechanic));
  return `${label} ${JSON.stringify(left.value)}, as it was on ${called}, cannot come back${left.why ? `: ${left.why.replace(/^switch\.json: /, '')}` : ''}`;
}

/** `x` as JSON, its objects' keys sorted and undefined values left out: the same value, key order aside. */
function canonical(x: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : isObject(v) ? Object.fromEntries(Object.keys(v).sort().filter((k) => v[k] !== undefined).map((k) => [k, sorted(v[k])])) : v;
  return JSON.stringify(sorted(x));
}

/** A memory's item that an edit of a list made elsewhere replaced (itemsOnAnother), to be said. */
interface Replaced {
  /** The item's path below `setup` (`sides.1`). */
  path: Path;
  /** The memory's item, as the mechanic the page comes back to had it. */
  was: unknown;
  /** Its path in the list before the edit (`before`), to follow back to the memory. */
  from: Path;
  /** Its path in the memory (`back`), where it was followed there. */
  memoryPath?: Path;
  edit: Edit;
  /**
   * The item of that list the edit changed, as it stood there just before the edit
   * (`started`), the memory's item it replaced as the edits before made it (`held`), whether
   * an item is `started` again in what both forms have of it, and what was said of that item
   * as one the memory does not hold before the edit (`said`, withLaterEdits). Edited back
   * there to `started`, the edit is undone: the memory's item is back, and what was said of
   * the other is said again (withLaterEdits).
   */
  claim: { started: unknown; held: unknown; same: (x: unknown) => boolean; said?: NotHeld; theirs: readonly Field[]; renamed: boolean };
}

/**
 * An item of a list edited on another mechanic that this mechanic's memory does not hold
 * (itemsOnAnother), edited there: the edit cannot be made here, and is said.
 */
interface NotHeld {
  /** The list's key in the setup (`rivals`). */
  top: string;
  /** The item's name there, else its place, to keep each item's latest. */
  key: string;
  /** The item as set there, as the other mechanic has it, and as its form names it. */
  item: unknown;
  label: string;
  edit: Edit;
  /** The item there just before the edit, and before the first edit of it said so: as it started there, nothing of the designer's is left to say. */
  previous: unknown;
  first: unknown;
}

/**
 * A list edited whole on another mechanic (`taken`, as this mechanic takes it; `was`: that
 * list just before the edit) over `before` (this mechanic's list, its memory with the edits
 * before it) where the two lists are not the same items all alike (sameItems): that list
 * started from the other mechanic's own template (by way of a mechanic without it), not
 * from this memory. Each item the edit left as it was there is the memory's
 * (the designer never edited it there: a guard count of 5 typed on a battle, a side added
 * on a clash and taken out again, came back as the clash's template's captain and
 * minions, unsaid: a review); one added is the edit's; one taken out stays out; one the edit
 * changed is the edit's, and where the memory's was another than the one edited there, it
 * is said (`replaced`). Undefined where the lists are alike (the list went there from this
 * memory: the edit over it as it is). (`taken` out: what of each item of `list` the edit's
 * list holds, the rest this mechanic's own, for withOwnWhereTaken.) An item of that list
 * the memory does not hold (sameItems pairs it with none, never by place: the two lists
 * are not of one making) is no item of this mechanic's: not taken, and where the edit
 * changed it (`here`: the fields this mechanic's form has of it), said (`notHeld`).
 */
function itemsOnAnother(taken: unknown[], before: unknown[], was: unknown[], theirs: Field & { kind: 'list' }, here: readonly Field[], at: Path, edit: Edit): { list: unknown[]; replaced: Replaced[]; taken: unknown[]; notHeld: NotHeld[] } | undefined {
  const rest = (x: Obj) => Object.fromEntries(theirs.fields.filter((f) => f.key !== 'name').map((f) => [f.key, keepKnown(x[f.key], f)]));
  const known = (x: unknown) => canonical(isObject(x) ? keepKnownObject(x, theirs.fields, [], '') : x);
  if (!was.every(isObject) || !before.every(isObject)) return undefined;
  const mine = sameItems(before, was, rest, false);
  if (new Set(mine.values()).size !== mine.size) return undefined;
  if (was.length === before.length && was.every((w, k) => known(w) === known(before[mine.get(k)!]))) return undefined;
  const theirsOf = sameItems(was, taken, rest);
  // What both forms have of an item: an item there changed, or another than the memory's,
  // in what this mechanic has of it. In the other's form only, a battle's untouched guards
  // (their flee, which a clash has not, set) read as edited on the battle, a side added
  // there, and the clash's guards were said replaced by the battle's template's (a review).
  const common = (x: unknown) => canonical(isObject(x) ? keepKnownObject(keepKnownObject(x, theirs.fields, [], ''), here, [], '') : x);
  const raw = Array.isArray(edit.value) ? edit.value : taken;
  const [system, mechanic] = edit.from.split('/');
  const notHeld: NotHeld[] = [];
  // Each item of the list as it comes back: the edit's (`v`), its memory's item (`b`, where it is one), and what of it that list holds (`base`).
  /** The memory's items paired with an item of that list (by sameItems, or renamed onto there). */
  const mine_ = new Set(mine.values());
  const out = taken.flatMap((v, j): { v: unknown; base: unknown; b?: number; k?: number; replaced?: true }[] => {
    const k = theirsOf.get(j);
    let b = k === undefined ? undefined : mine.get(k);
    // Renamed there to the name of an item of the memory's that list never held (the
    // campaign's countess renamed "duke", the rivals' memory holding a duke): that item, as
    // a rename is followed everywhere, replaced by the one set there, said. Taken for none,
    // it was said "did not come back" while the rank set on it next came back on the duke,
    // by name (a review).
    const n = isObject(v) && typeof v.name === 'string' ? v.name : undefined;
    if (b === undefined && k !== undefined && n !== undefined && taken.filter((t) => isObject(t) && t.name === n).length === 1) {
      const held = before.flatMap((x, i) => (isObject(x) && x.name === n && !mine_.has(i) ? [i] : []));
      if (held.length === 1) {
        b = held[0]!;
        mine_.add(b);
      }
    }
    if (k === undefined || !isObject(v)) return [{ v, base: v }];
    // One the list there held before the edit, and the memory never (that list's own
    // template's): not this mechanic's item, nor one the designer added to it. Edited
    // there, the edit is of no item here: said, never made on the memory's item that
    // stands at its place (a review: the campaign's countess ranked 6 came back as the
    // memory's duke ranked 6, and the countess renamed "earl" as the baron renamed).
    if (b === undefined) {
      if (common(v) !== common(was[k])) {
        const name = isObject(raw[j]) && typeof (raw[j] as Obj).name === 'string' ? `name:${String((raw[j] as Obj).name)}` : `at:${j}`;
        const label = sweepLabel(`setup.${joinPath([...at, j])}`, withValue({}, at, structuredClone(raw)), { system, mechanic } as SweepMechanic);
        notHeld.push({ top: String(at[0]), key: name, item: structuredClone(raw[j]), label, edit, previous: structuredClone(was[k]), first: structuredClone(was[k]) });
      }
      return [];
    }
    const held = before[b] as Obj;
    if (common(v) === common(was[k])) return [{ v: structuredClone(held), b, base: v }];
    return [{ v: ownIn(v, held, theirs.fields, was[k]), b, k, base: v, replaced: common(held) !== common(was[k]) || undefined }];
  });
  // One rule where the lists do not pair one for one: an item of either that the other
  // never held (sameItems pairs it with none) is its own list's. One added by the edit is
  // the edit's, and one that list held before it is not this mechanic's (above); one of the
  // memory's the designer never touched there, and it stays, at its place after the
  // memory's item before it. Given up on (the
  // list as made there, whole), the dogs added on a battle were gone after an edit of the
  // guards on the clash, its own template of two, by every route, unsaid (a review).
  const paired = mine_;
  before.forEach((held, b) => {
    if (paired.has(b)) return;
    const after = out.reduce((last, e, i) => (e.b !== undefined && e.b < b ? i : last), -1);
    out.splice(after + 1, 0, { v: structuredClone(held), b, base: keepKnownObject(held, theirs.fields, [], '') });
  });
  const replaced: Replaced[] = out.flatMap((e, j) => {
    if (e.replaced === undefined) return [];
    const started = structuredClone(was[e.k!]);
    const claim: Replaced['claim'] = { started, held: structuredClone(before[e.b!]), same: (x: unknown) => common(x) === common(started), theirs: theirs.fields, renamed: isObject(e.base) && isObject(started) && e.base.name !== started.name };
    return [{ path: [...at, j], was: keepKnownObject(before[e.b!], theirs.fields, [], ''), from: [...at, e.b!], edit, claim }];
  });
  return { list: out.map((e) => e.v), replaced, taken: out.map((e) => e.base), notHeld };
}

/**
 * `value` (an edit of a list, or an item, as this mechanic takes it) refused, where edits
 * inside it refused before (`inner`, in the order made: each one's path in `from`, the setup
 * before it, and what this mechanic held there) are in it too: the value with each of those
 * left out, as this mechanic held it (followed to its item in `to`, the setup with the
 * value; one whose item the value has not is gone with it), then each made again, in the
 * order made, where that is taken (`attempt`: the value as this mechanic takes it, and what
 * only it has of the items that it left out, else undefined). What is still left out of
 * them is returned, each at its path in `to`, to be said as refused. Undefined where none
 * was, or where the value is refused even so.
 */
function withRefusedLeftOut<T extends { k: string; was: unknown }>(value: unknown, inner: readonly T[], from: unknown, to: unknown, path: Path, attempt: (v: unknown) => { list: unknown; left: OwnLeftOut[] } | undefined): { list: unknown; left: OwnLeftOut[]; refused: T[] } | undefined {
  const followed = inner.flatMap((one) => {
    const now = isObject(value) || Array.isArray(value) ? rowFollowing(`setup.${one.k}`, from, to) : null;
    const at = now === null ? [] : parsePath(now).slice(1);
    return now === null || at.length <= path.length ? [] : [{ one: { ...one, k: joinPath(at) }, inner: at.slice(path.length) }];
  });
  if (followed.length === 0) return undefined;
  let trial = followed.reduce((v, { one, inner: at }) => withValue(v, at, structuredClone(one.was)), value);
  let taken = attempt(trial);
  if (!taken) return undefined;
  const refused: T[] = [];
  for (const { one, inner: at } of followed) {
    const made = withValue(trial, at, structuredClone(getAt(value, at)));
    const again = attempt(made);
    if (again) [trial, taken] = [made, again];
    else refused.push(one);
  }
  return { ...taken, refused };
}

/**
 * `back` (the page's memory of a mechanic) with `edits` (made on other mechanics since the
 * page left it, oldest first) where its form has the field and its memory the place for
 * it, each with only what the form has of it (a battle side's flee is no clash's). One the
 * mechanic refuses (checked as the CLI checks it) leaves the memory's value, and `refused`
 * holds what stood there then, unless what the edits made of that field of the setup in the
 * end is taken. A list edited whole is taken without what only this mechanic has of its
 * items where that alone is refused (withOwnWhereTaken), `leftOut` holding what was left
 * out. `latest`: each path's latest edit, its value as this mechanic takes it, the value
 * the designer last gave it there (`wanted`), and whether its form labels the field otherwise.
 */
function withLaterEdits(back: Obj, edits: readonly Edit[], fields: readonly Field[]) {
  let out = back;
  /** The memory's own problems under a field, checked once: an edit that puts one back adds none (problemAdded). */
  const heldProblems = new Map<string, readonly string[]>();
  const heldUnder = (prefix: string) => heldProblems.get(prefix) ?? heldProblems.set(prefix, problemsListedUnder(back, prefix)).get(prefix)!;
  /** Of each edit refused, what this mechanic held there then (the note is made at the end, of the latest value wanted). */
  const refused = new Map<string, unknown>();
  /** Of each edit refused, the field of the setup it is in (`sides`). */
  const refusedUnder = new Map<string, string>();
  const latest = new Map<string, { edit: Edit; value: unknown; wanted: unknown; relabelled: boolean }>();
  /** What only this mechanic has of a list's items, left out where the list was taken without it, by its path. */
  const leftOut = new Map<string, OwnLeftOut>();
  /** Of each list edited whole, what only this mechanic has of each item (its memory's), by the list's path: the end takes the list without what it refuses of it. */
  const ownOf = new Map<string, Obj[]>();
  const without = (list: unknown[], own: readonly Obj[]) =>
    list.map((x, i) => (isObject(x) && own[i] ? Object.fromEntries(Object.entries(x).filter(([k]) => !(k in own[i]!))) : x));
  // The memory with every edit, taken here or not: each is read against the one before it,
  // as the designer made it. A step this mechanic refuses is still one (the last side of
  // two taken out, a battle of one side, then "+ add side": the new side was read against
  // the guards, as them renamed, and had their aid and medics, unsaid: a review).
  let made = back;
  // The setup after each edit made: a Vary row or Find question of the memory follows its
  // item edit by edit (followMemory), a side taken out there not read as one added after it.
  const steps: unknown[] = [back.setup];
  /** The memory's items an edit of a list made elsewhere replaced, each once. */
  const replaced: Replaced[] = [];
  /** Items edited elsewhere that the memory does not hold (itemsOnAnother), each item's latest, by its list and name. */
  const notHeld = new Map<string, NotHeld>();
  /**
   * A memory's item said replaced whose replacing item was edited back there to what it
   * started from (`claim`): nothing of the designer's is on it, and the item is the memory's
   * again, as an item an edit there left as it was is (itemsOnAnother). The campaign's
   * countess renamed "duke" (the rivals' memory holding a duke), "+ add rival", then named
   * "countess" again: the rivals came back with the countess and no duke, the duke said
   * replaced (a review).
   */
  const release = () => {
    for (let r = replaced.length - 1; r >= 0; r--) {
      const one = replaced[r]!;
      const now = getAt(made.setup, one.path);
      const started = one.claim.started;
      const name = (x: unknown) => (isObject(x) && typeof x.name === 'string' ? x.name : undefined);
      // Renamed back to its own name, edited in another field meanwhile (ranked 5 while named
      // "duke"): the rename is undone, and the item is one the memory does not hold, said as
      // such, as the same item ranked and never renamed is; the claim stood, and the duke
      // was said replaced (a review).
      const renamedBack = one.claim.renamed && isObject(now) && name(started) !== undefined && name(now) === name(started) && !one.claim.same(now);
      if (!isObject(now) || (!one.claim.same(now) && !renamedBack)) continue;
      replaced.splice(r, 1);
      const at = joinPath(one.path);
      const inOut = getAt(out.setup, one.path);
      made = withValue(made, ['setup', ...one.path], structuredClone(one.claim.held));
      if (isObject(inOut) && (one.claim.same(inOut) || (renamedBack && name(inOut) === name(started)))) out = withValue(out, ['setup', ...one.path], structuredClone(one.claim.held));
      steps.push(made.setup);
      if (renamedBack) {
        const top = String(one.path[0]);
        const [system, mechanic] = one.edit.from.split('/');
        const item = keepKnownObject(now, one.claim.theirs, [], '');
        const label = sweepLabel(`setup.${top}.0`, withValue({}, [top], [structuredClone(item)]), { system, mechanic } as SweepMechanic);
        const first = one.claim.said?.first ?? structuredClone(started);
        notHeld.set(`${top}.name:${String(name(now))}`, { top, key: `name:${String(name(now))}`, item, label, edit: one.claim.said?.edit ?? one.edit, previous: structuredClone(started), first });
      } else if (one.claim.said) notHeld.set(`${one.claim.said.top}.${one.claim.said.key}`, one.claim.said);
      for (const map of [latest, refused, refusedUnder, leftOut]) for (const k of [...map.keys()]) if (k === at || k.startsWith(`${at}.`)) map.delete(k);
      for (const [k, entry] of latest) if (at.startsWith(`${k}.`)) entry.value = withValue(entry.value, one.path.slice(entry.edit.path.length), structuredClone(one.claim.held));
    }
  };
  for (let edit of edits) {
    release();
    if (edit.rule || edit.row || edit.find) continue;
    const setup = out.setup;
    // An edit inside an item of a list, read in the list it was made in (`within`): where
    // the item at its place here is another (that list started from the other mechanic's
    // own template), it is no edit of this item. By place, a battle's guard renamed "x" was
    // the clash's captain renamed, by way of a knowledge roll, unsaid (a review). It is an
    // edit of the whole list, as made there (itemsOnAnother below), as a switch straight
    // back takes it.
    const topField = fields.find((f) => f.key === edit.path[0]);
    if (topField?.kind === 'list' && edit.path.length > 1 && edit.within !== undefined) {
      const inside = `setup.${joinPath(edit.path)}`;
      if (rowFollowing(inside, edit.within, made.setup, false) !== inside) {
        const top = edit.path.slice(0, 1);
        const mechanicThere = edit.from.split('/');
        edit = {
          ...edit,
          path: top,
          value: structuredClone(getAt(withValue(edit.within, edit.path, structuredClone(edit.value)), top)),
          was: structuredClone(getAt(edit.within, top)),
          label: sweepLabel(`setup.${String(top[0])}`, edit.within, { system: mechanicThere[0], mechanic: mechanicThere[1] } as SweepMechanic),
        };
      }
    }
    // Read where the edits made it (`made`): an edit inside an item this mechanic refused on
    // the way (the third side of a battle's "x", "x", "x", renamed "others") is still one of
    // what the edits made in the end; skipped, the battle came back, by way of a knowledge
    // roll, with the side named "x", unsaid (a review).
    const holds = (at: unknown) => isObject(at) || Array.isArray(at);
    const inOut = holds(getAt(setup, edit.path.slice(0, -1)));
    const found = edit.path.length > 0 ? fieldAt(fields, edit.path, inOut ? setup : made.setup) : undefined;
    if (!found || (!inOut && !holds(getAt(made.setup, edit.path.slice(0, -1))))) continue;
    // A field of another kind at the same place is another field (a conflict fighter's
    // defence dice, a contest round character's defence attribute and skill).
    const theirForm = formFor(...(edit.from.split('/') as [SystemName, string]));
    const theirs = theirForm ? fieldAt(theirForm.fields, edit.path, undefined)?.field : undefined;
    if (theirs && theirs.kind !== found.field.kind) continue;
    const at = joinPath(edit.path);
    // A later edit of a list, or of a whole item, is the latest of what lies inside it too.
    // (What an earlier list left out stands where this edit is refused: two sides added on a
    // clash, the first taken without the crew's marksman push, the second refused for two
    // sides of one name, and the push was left out unsaid: a review.)
    const under = (k: string) => k === at || k.startsWith(`${at}.`);
    const leftBefore = [...leftOut].filter(([k]) => under(k));
    // Edits inside it refused before, in the order made, with what this mechanic held there
    // and their latest: where this edit is refused, tried again with them left out (below).
    const refusedBefore = [...refused].filter(([k]) => k !== at && under(k)).map(([k, was]) => ({ k, was, entry: latest.get(k) }));
    for (const map of [latest, refused, leftOut, ownOf]) {
      for (const k of [...map.keys()]) if (under(k)) map.delete(k);
    }
    const item = found.field.kind === 'list' && typeof edit.path.at(-1) === 'number';
    const taken = found.field.kind === 'list' && item ? keepKnownObject(edit.value, found.field.fields, [], '') : keepKnown(edit.value, found.field);
    const held = getAt(setup, edit.path);
    const before = getAt(made.setup, edit.path);
    const onAnother = !item && theirs?.kind === 'list' && found.field.kind === 'list' && Array.isArray(taken) && Array.isArray(before) && Array.isArray(edit.was) ? itemsOnAnother(taken, before, edit.was, theirs, found.field.fields, edit.path, edit) : undefined;
    // What was said of an item the edit replaced the memory's with, as one the memory does
    // not hold (its key is gone from that map just below): said again where the edit is undone.
    for (const one of onAnother?.replaced ?? []) {
      one.claim.said = [...notHeld.values()].find((o) => o.top === String(one.path[0]) && canonical(o.item) === canonical(one.claim.started));
    }
    // An item said not held that the list as made there no longer holds (taken out there,
    // or renamed: said anew, as edited) is said no more; one edited again, as last set.
    // (What it started from there is that of the same item said before: its name, or, renamed, as it then stood.)
    const fresh = (onAnother?.notHeld ?? []).map((one) => {
      const said = notHeld.get(`${one.top}.${one.key}`) ?? [...notHeld.values()].find((o) => o.top === one.top && canonical(o.item) === canonical(one.previous));
      if (said) notHeld.delete(`${said.top}.${said.key}`);
      return said ? { ...one, first: said.first } : one;
    });
    if (edit.path.length === 1 && Array.isArray(edit.value)) {
      const names = new Set(edit.value.map((x) => (isObject(x) && typeof x.name === 'string' ? `name:${x.name}` : undefined)));
      for (const [k, one] of notHeld) if (one.top === String(edit.path[0]) && one.key.startsWith('name:') && !names.has(one.key)) notHeld.delete(k);
    }
    for (const one of fresh) notHeld.set(`${one.top}.${one.key}`, one);
    // Each said as the memory had it, followed back edit by edit: the item as edits before
    // this one made it (the guards renamed "beta" there) was said "as it was on" a battle
    // that never had it (a review). One the memory never had (added since) is no memory's.
    if (onAnother) {
      for (const one of onAnother.replaced) {
        if (replaced.some((r) => joinPath(r.path) === joinPath(one.path))) continue;
        let path: string | null = `setup.${joinPath(one.from)}`;
        for (let k = steps.length - 1; k > 0 && path !== null; k--) path = rowFollowing(path, steps[k], steps[k - 1]);
        if (path === null) continue;
        const memoryPath = parsePath(path).slice(1);
        const said = { ...one, was: keepKnownObject(getAt(back.setup, memoryPath), (theirs as Field & { kind: 'list' }).fields, [], ''), memoryPath };
        replaced.push(said);
      }
    }
    const value = onAnother ? onAnother.list : item && theirs?.kind === 'list' && isObject(taken) && isObject(before) && taken.name === before.name ? ownIn(taken, before, theirs.fields, edit.was) : withOwnFields(taken, before, theirs, edit.was);
    // A list edited whole: of each item, the fields its memory gave it that the list as
    // edited has not (a battle side's flee and marksman push, the list a clash's).
    const own = found.field.kind === 'list' && !item && Array.isArray(value) && Array.isArray(taken)
      ? value.map((v, i) => { const base = (onAnother?.taken ?? taken)[i]; return isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !isObject(base) || !(k in base))) : {}; })
      : undefined;
    if (own) ownOf.set(at, own);
    // (One inside what was refused is said by that refusal, with the latest of it.)
    if (inOut) latest.set(at, { edit, value, wanted: structuredClone(edit.value), relabelled: theirs !== undefined && theirs.label !== found.field.label });
    const madeBefore = made.setup;
    made = withValue(made, ['setup', ...edit.path], structuredClone(value));
    if (value === undefined) made = pruneEmpty(made, ['setup', ...edit.path]);
    // A memory's item said replaced follows the item that replaced it; that one taken out
    // since, it is no more replaced than any item taken out there (one taken out stays out):
    // said replaced by the guards set on a clash, the guards then taken out there, the
    // battle came back without them and said them replaced (a review).
    for (let r = replaced.length - 1; r >= 0; r--) {
      const one = replaced[r]!;
      if (String(one.path[0]) !== String(edit.path[0]) || one.edit === edit) continue;
      const now = rowFollowing(`setup.${joinPath(one.path)}`, madeBefore, made.setup);
      if (now === null) replaced.splice(r, 1);
      else replaced[r] = { ...one, path: parsePath(now).slice(1) };
    }
    // …and an edit inside a list, or an item, edited whole before is the latest of it too: the
    // side added on a clash, its count then set, came back as set, said not to; the side
    // renamed "y" after a battle refused it as "others" was said as "others" (a review).
    for (const [k, entry] of latest) {
      if (!at.startsWith(`${k}.`)) continue;
      const inner = edit.path.slice(entry.edit.path.length);
      entry.value = withValue(entry.value, inner, structuredClone(value));
      entry.wanted = withValue(entry.wanted, inner, structuredClone(edit.value));
    }
    steps.push(made.setup);
    if (JSON.stringify(held) === JSON.stringify(value)) continue;
    // Not in the memory as it stands (what holds it was refused, and said so): one more
    // edit the end (below) judges.
    if (!inOut) {
      refusedUnder.set(at, String(edit.path[0]));
      continue;
    }
    const top = `setup.${String(edit.path[0])}`;
    const withEdit = (v: unknown) => {
      const trial = withValue(out, ['setup', ...edit.path], structuredClone(v));
      return v === undefined ? pruneEmpty(trial, ['setup', ...edit.path]) : trial;
    };
    const refusal = (v: unknown) => problemAdded(out, withEdit(v), top, heldUnder);
    if (refusal(value) === undefined) {
      out = withEdit(value);
      continue;
    }
    const taking = own && Array.isArray(value) ? withOwnWhereTaken(without(value, own), own, edit.path, refusal) : undefined;
    if (taking) {
      // Each item's keys in the order its memory has them (a Download after a round trip).
      const list = orderLike(taking.list, value);
      out = withEdit(list);
      for (const left of taking.left) leftOut.set(joinPath(left.path), left);
      latest.get(at)!.value = list;
      continue;
    }
    // An edit inside it refused before is in this one's value too (the guards renamed "crew"
    // on a clash, a side then added or taken out there): the list refused whole for that
    // alone, the side added did not come back, or the one taken out did, the whole list
    // said refused; the same two edits the other way round gave the list, the rename alone
    // said (a review). Each such edit, followed to its item in this one's list, is left out
    // as it was (what this mechanic held there), then made again, in the order made, where
    // taken; each left out stays refused, said as before.
    const attempt = (v: unknown) => {
      if (refusal(v) === undefined) return { list: v, left: [] };
      const t = own && Array.isArray(v) ? withOwnWhereTaken(without(v, own), own, edit.path, refusal) : undefined;
      return t && { list: orderLike(t.list, v), left: t.left };
    };
    const again = withRefusedLeftOut(value, refusedBefore, madeBefore, made.setup, edit.path, attempt);
    if (again) {
      out = withEdit(again.list);
      for (const left of again.left) leftOut.set(joinPath(left.path), left);
      latest.get(at)!.value = again.list;
      for (const one of again.refused) {
        refused.set(one.k, one.was);
        refusedUnder.set(one.k, String(edit.path[0]));
        if (one.entry) latest.set(one.k, { ...one.entry, edit: { ...one.entry.edit, path: parsePath(one.k) } });
      }
      continue;
    }
    refused.set(at, held);
    refusedUnder.set(at, String(edit.path[0]));
    for (const [k, left] of leftBefore) leftOut.set(k, left);
  }
  release();
  // A step refused on the way is no refusal where what the edits made of the field in the
  // end is taken (`made`), without what only this mechanic has of a list's items where that
  // alone is refused: "guards" typed over the crew's name, "+ add side", then "crew" again,
  // the two steps of two sides named "guards" were refused, and the battle came back with
  // its two sides of before, the side added gone (a review).
  for (const top of new Set(refusedUnder.values())) {
    const withTop = (v: unknown) => {
      const trial = withValue(out, ['setup', top], structuredClone(v));
      return v === undefined ? pruneEmpty(trial, ['setup', top]) : trial;
    };
    const refusal = (v: unknown) => problemAdded(out, withTop(v), `setup.${top}`, heldUnder);
    let value = getAt(made.setup, [top]);
    let left: OwnLeftOut[] = [];
    if (refusal(value) !== undefined) {
      const own = ownOf.get(top);
      const taking = own && Array.isArray(value) && value.length === own.length ? withOwnWhereTaken(without(value, own), own, [top], refusal) : undefined;
      if (!taking) continue;
      value = orderLike(taking.list, value);
      left = taking.left;
    }
    // What is left out of the list as it now comes back, not of one before it.
    for (const k of [...leftOut.keys()]) if (k === top || k.startsWith(`${top}.`)) leftOut.delete(k);
    for (const one of left) leftOut.set(joinPath(one.path), one);
    out = withTop(value);
    for (const [at, under] of refusedUnder) if (under === top) refused.delete(at);
    for (const entry of latest.values()) if (String(entry.edit.path[0]) === top) entry.value = getAt(out.setup, entry.edit.path);
  }
  // One edited there back to what it started from holds nothing of the designer's to say.
  const asHere = (one: NotHeld, x: unknown) => {
    const field = fields.find((f) => f.key === one.top);
    return canonical(isObject(x) && field?.kind === 'list' ? keepKnownObject(x, field.fields, [], '') : x);
  };
  return { back: out, refused, leftOut, latest, steps, replaced, notHeld: [...notHeld.values()].filter((one) => asHere(one, one.item) !== asHere(one, one.first)) };
}

export interface Switched {
  scenario: Obj;
  compare?: CompareChange;
  /** Setup fields carried over, for the message to the designer. */
  kept: string[];
  /** What the designer had set that the new mechanic cannot take: Vary rows, Find questions, the compare change. */
  dropped: string[];
  /** What was carried over but may mean another thing now (a Find question), said to the designer. */
  notes: string[];
  /**
   * The new setup as it stands untouched by the designer: its template, with what was carried
   * over as it was before the designer typed into it (`undefined` where they had added it).
   * The next switch's `untouched`: what differs from it is theirs, named where left behind.
   */
  untouched: Obj;
}

/** A Find question as asked, its `expect` aside (a switch carries the question without it). */
function question(block: unknown): string {
  const { expect: _verdict, ...asked } = isObject(block) ? block : ({} as Obj);
  return JSON.stringify(asked);
}

/**
 * `untouched`: the setup `old`'s mechanic started from on the page (the last switch's
 * `untouched`); left out, its template. Only what differs from it is named as left behind:
 * a field of the template nobody touched is no loss (a VDP opposed side's accomplish and
 * modifier, switching to a contest round, were named as left out on every switch), a value
 * carried over and then typed is (a battle side's flee set after a switch from a clash).
 * `earlier`: the scenario as it stood on this mechanic when the page last switched away
 * from it. Its Find questions and expect checks that the switch away left out (or carried
 * without their expect) come back where they still fit: a file's question was gone for
 * good after a look at another mechanic and back. `leftChange`: the Compare change an
 * earlier switch left out (its field not there), the designer having set none since: where
 * none comes along, it comes back where it fits, said (it was gone for good after a look at
 * another mechanic and back). `earlierUntouched`: the setup this mechanic had started from
 * (its `untouched`) when the page left it; what comes back from `earlier` is read against it.
 * `later`: what the designer changed on other mechanics since the page left this one
 * (`editsMade`, oldest first): over `earlier` where this mechanic has the field, so a
 * switch brings back the latest value of each field, not an older memory's; where it
 * cannot, the value it brings back is said. `leftFrom`: the scenario the page left when
 * `leftChange` was left out, A as it was then: back, the change is said against A's value
 * now where that is another (it came back measured against the new mechanic's template,
 * unsaid: a review).
 */
export function switchMechanic(old: Obj, system: SystemName, mechanic: string, change: CompareChange | undefined, earlier?: Obj, untouched?: Obj, leftChange?: CompareChange, earlierUntouched?: Obj, { later = [], leftFrom }: { later?: readonly Edit[]; leftFrom?: Obj } = {}): Switched {
  const fresh = newScenario(system, mechanic);
  // Trials, seed and the question are the designer's, not the mechanic's.
  for (const key of ['trials', 'seed', 'description'] as const) if (old[key] !== undefined) fresh[key] = old[key];
  // So is a name, unless it is one the page gave (the old mechanic's new-scenario name, the
  // opening heist's): that one names the old mechanic, and the new one's takes its place.
  // A name the designer typed ("Goblin ambush") was replaced without a word.
  const notes: string[] = [];
  if (!isGivenName(old)) {
    const newName = fresh.name;
    fresh.name = old.name;
    // Kept as it is, but a name that says the old mechanic ("Goblin clash" as a battle) is
    // pointed out: the page does not rewrite the designer's words.
    const word = typeof old.mechanic === 'string' ? old.mechanic.toLowerCase() : '';
    const says = (text: unknown) => word !== '' && typeof text === 'string' && text.toLowerCase().includes(word);
    if (old.mechanic !== mechanic && says(old.name) && !says(`${mechanic} ${String(newName)}`)) {
      notes.push(`the name ${JSON.stringify(old.name)} is kept: it says ${word}, so change it if it no longer says what this is`);
    }
  }
  const form = formFor(system, mechanic);
  // The mechanic as the picker names it, for the notes ("back as it was on contestRound" was the file's word).
  const called = `“${form?.title ?? mechanic}”`;
  const oldSetup = isObject(old.setup) ? old.setup : {};
  const remembered = earlier?.system === system && earlier.mechanic === mechanic ? earlier : undefined;
  // The page's memory of this mechanic, with what the designer changed since on other
  // mechanics where it has the field: the latest value of a field is the one that comes back.
  const latest = remembered && form ? withLaterEdits(remembered, later, form.fields) : undefined;
  const back = latest?.back ?? remembered;
  /**
   * A path read in the page's memory of this mechanic (a Vary row's, a Find question's), in
   * the setup now: its items followed edit by edit, as the designer made them since
   * (rowFollowing each step), then to the setup as it now stands. Straight from the memory
   * to now, a side taken out and one added at its place ("+ add side" after the last one
   * removed) read as the side renamed, and its row or question came to the new side (a review).
   */
  const followMemory = (path: string): string | null => {
    const steps = latest?.steps ?? [remembered?.setup];
    let at: string | null = path;
    for (let k = 1; k < steps.length && at !== null; k++) at = rowFollowing(at, steps[k - 1], steps[k]);
    return at === null ? null : rowFollowing(at, steps.at(-1), scenario.setup);
  };
  /**
   * A path read in the setup of the mechanic just left (a Vary row's or the Compare change's
   * set there), in the setup now: as it is where its list is the one carried from there (the
   * same names in the same order); where the list is this mechanic's own (its memory, that
   * list having started from the other mechanic's own template), its item followed by name,
   * never by place (null: not there). By its place, a Vary row of the campaign's countess's
   * rank came back on the rivals' duke, unsaid (a review).
   */
  const followCarried = (path: string): string | null => {
    const parts = parsePath(path);
    if (parts[0] !== 'setup') return path;
    const names = (list: unknown[]) => JSON.stringify(list.map((x) => (isObject(x) ? x.name : undefined)));
    // Each list on the way, not only the setup's own: the sides' names the same, a row of the
    // battle's guards' "guard" (its own template's) came back on the clash's guards' captain,
    // another combatant, unsaid (a review).
    let [there, here]: [unknown, unknown] = [oldSetup, scenario.setup];
    for (const part of parts.slice(1)) {
      if (Array.isArray(there) && /^\d+$/.test(part)) {
        // (No list here: as before, the row is checked, and refused, where it is.)
        if (!Array.isArray(here)) return path;
        if (names(there) !== names(here)) return rowFollowing(path, oldSetup, scenario.setup, false);
      }
      [there, here] = [isObject(there) || Array.isArray(there) ? (there as Obj)[part] : undefined, isObject(here) || Array.isArray(here) ? (here as Obj)[part] : undefined];
    }
    return path;
  };
  const leftForm = typeof old.system === 'string' && typeof old.mechanic === 'string' ? formFor(old.system as SystemName, old.mechanic) : undefined;
  const leftField = (key: string) => leftForm?.fields.find((f) => f.key === key);
  let setup: Obj = isObject(fresh.setup) ? { ...fresh.setup } : {};
  // Back on a mechanic the page switched away from, what the other mechanic has no field
  // for (a contest's tries) comes back as it was there: it could not be edited meanwhile,
  // and the Find questions that ask of it need it (a retry question came back to a
  // template without tries, was refused, and went without a word). What both have is the
  // other mechanic's, as edited there, a field deleted there included (below).
  if (back && isObject(back.setup)) {
    for (const [key, value] of Object.entries(back.setup)) if (!leftField(key)) setup[key] = structuredClone(value);
    // …and what it did not have is not there: a campaign of no rivals came back from a
    // clash with its template's countess, its checks failing (a review).
    for (const key of Object.keys(setup)) if (!leftField(key) && !(key in back.setup)) delete setup[key];
  }
  /** Of `value` (this mechanic's object at `key` when the page left it), the fields the mechanic being left has no field for there. */
  const onlyHere = (key: string, value: unknown): Obj => {
    const field = leftField(key);
    if (!isObject(value) || !field || field.kind !== 'group') return {};
    return Object.fromEntries(Object.entries(value).filter(([inner]) => !field.fields.some((f) => f.key === inner)));
  };
  /**
   * A list both have (a battle's sides in a clash): for each item, the fields this
   * mechanic's item had when the page left it that the other's items have no field for (a
   * battle's guards fled at "lostHalf", back from a clash, fled at the default: a review).
   * Each item's own is that of the same item (sameItems: by its name, or renamed, all else
   * the other's form has of it the same, or in place where the list is as long as it was),
   * so one added or taken out elsewhere gets nobody else's; by place only, a side added on
   * the clash (the battle having refused it, or refused a step on the way to it) left the
   * guards' flee and the crew's marksman push out, unsaid (a review).
   */
  const itemsBack = (key: string, value: unknown, was: unknown): Obj[] | undefined => {
    const field = leftField(key);
    if (!Array.isArray(value) || !Array.isArray(was) || !field || field.kind !== 'list') return undefined;
    const held = oldSetup[key];
    const startedItems = isObject(oldTemplate) ? oldTemplate[key] : undefined;
    const rest = (x: Obj) => Object.fromEntries(field.fields.filter((f) => f.key !== 'name').map((f) => [f.key, keepKnown(x[f.key], f)]));
    const pairs = sameItems(was, value, rest);
    // What the item started from there is that of the same item too, not of the one that
    // started at its place: the crew's push taken out on a clash, its sides swapped there,
    // came back from the guards' place, where none had started (a review).
    const started = Array.isArray(startedItems) ? sameItems(startedItems, value, rest) : new Map<number, number>();
    return value.map((item, i) => {
      const before = pairs.has(i) ? was[pairs.get(i)!] : undefined;
      if (!isObject(item) || !isObject(before)) return {};
      // A field the other's items have too, but this item never held there (nor started
      // from: one taken out there stays out), is this mechanic's as it was. (`held` is the
      // list `value` was read from: its items by place are these.)
      const heldItem = Array.isArray(held) && isObject(held[i]) ? held[i] : {};
      const startedItem = Array.isArray(startedItems) && started.has(i) && isObject(startedItems[started.get(i)!]) ? startedItems[started.get(i)!] : {};
      const extra = Object.entries(before).filter(([inner]) => !field.fields.some((f) => f.key === inner) || (!(inner in item) && !(inner in heldItem) && !(inner in startedItem)));
      return Object.fromEntries(structuredClone(extra));
    });
  };
  const withItemsBack = (key: string, value: unknown, was: unknown): unknown => {
    const extras = itemsBack(key, value, was);
    return extras && Array.isArray(value) ? value.map((item, i) => (isObject(item) ? { ...extras[i], ...item } : item)) : value;
  };
  const kept: string[] = [];
  const dropped: string[] = [];
  // What the designer typed is what differs from the setup the old mechanic started from
  // on the page (`untouched`: what a switch carried to it, each value as untouched as it was
  // there), else its template.
  const oldTemplate = isObject(untouched) ? untouched : typeof old.system === 'string' && typeof old.mechanic === 'string' ? newScenario(old.system as SystemName, old.mechanic).setup : undefined;
  const typedIn = (key: string, value: unknown) => typedPaths(value, isObject(oldTemplate) ? oldTemplate[key] : undefined, key);
  // The new setup as it would be untouched: its template's, and what is carried over as it stood untouched before.
  const startedFrom: Obj = isObject(fresh.setup) ? structuredClone(fresh.setup) : {};
  // What comes back from the page's memory of this mechanic started from what it started
  // from then, not from this template: a contest's sorcerer and demon carried through a
  // conflict came back read against the conflict's thug, and the next switch named the
  // demon's name as typed; a campaign's rivals, back from its memory, read as typed,
  // overrode what was typed on the rivals mechanic since (a switch-chain audit).
  const backStarted: Obj = back && isObject(earlierUntouched) ? earlierUntouched : isObject(fresh.setup) ? fresh.setup : {};
  if (back && isObject(back.setup)) {
    for (const key of Object.keys(back.setup)) if (!leftField(key)) startedFrom[key] = structuredClone(backStarted[key]);
  }
  // A field brought back from the page's memory of this mechanic (`restored`: one the old
  // mechanic has no field for) started from this mechanic's template, not the old one's,
  // which lacks it: read against nothing, every such field read as typed, and the next
  // switch named a conflict's untouched stamina, will and weapon as left behind (a review).
  const carried = (key: string, inner?: string, restored: Obj = {}, now?: unknown) => {
    const was = isObject(oldTemplate) ? oldTemplate[key] : undefined;
    const own = isObject(backStarted[key]) ? backStarted[key] : {};
    const from = (k: string) => structuredClone(k in restored ? own[k] : isObject(was) ? was[k] : undefined);
    if (inner !== undefined) startedFrom[key] = { ...(isObject(startedFrom[key]) ? startedFrom[key] : {}), [inner]: from(inner) };
    else if (Object.keys(restored).length > 0 && isObject(was)) startedFrom[key] = { ...structuredClone(was), ...Object.fromEntries(Object.keys(restored).map((k) => [k, from(k)])) };
    else startedFrom[key] = structuredClone(was);
    // Each field carried there is marked as held, its value undefined where none was set.
    if (inner === undefined && now !== undefined) startedFrom[key] = marked(startedFrom[key], now);
  };
  let scenario: Obj = { ...fresh, setup };
  /**
   * Whether the other mechanic's list `key` started from another than this mechanic's: what
   * each started from there (`untouched`), as the other's form has it, is not the same.
   */
  const startedElsewhere = (key: string): boolean => {
    const field = leftField(key);
    if (!field || field.kind !== 'list' || !isObject(oldTemplate)) return false;
    return canonical(keepKnown(backStarted[key], field)) !== canonical(keepKnown(oldTemplate[key], field));
  };
  /** Whether an edit of the setup's `key` was made since on other mechanics (`later`). */
  const editedSince = (key: string) => later.some((e) => !e.rule && !e.row && !e.find && e.path[0] === key);
  /** The lists that came back as the memory with the edits since (startedElsewhere). */
  const fromEdits = new Set<string>();
  /** Take the setup's `key` out, where the new mechanic does without it. */
  const tryDrop = (key: string): boolean => {
    const { [key]: _gone, ...rest } = setup;
    const trial = { ...scenario, setup: rest };
    if (problemsUnder(trial, `setup.${key}`) || problemsUnder(trial, 'setup')) return false;
    setup = rest;
    scenario = trial;
    return true;
  };
  /** Whether a Vary row, a Find question or the Compare change asks of `path` (`setup.a.dice`) or inside it. */
  const asked = [
    ...(isObject(old.sweep) ? Object.keys(old.sweep) : []),
    ...(Array.isArray(old.solve) ? old.solve.map((b) => (isObject(b) && typeof b.vary === 'string' ? b.vary : '')) : []),
    ...(change ? [change.path] : []),
  ];
  const askedOf = (path: string) => asked.some((p) => p === path || p.startsWith(`${path}.`));
  /** Try `value` as the setup's `key`: kept when the new mechanic takes it there. */
  const tryKeep = (key: string, value: unknown): boolean => {
    const candidate = { ...setup, [key]: value };
    const trial = { ...scenario, setup: candidate };
    if (problemsUnder(trial, `setup.${key}`)) return false;
    setup = candidate;
    scenario = trial;
    return true;
  };
  /**
   * Back on a mechanic, `value` (its memory with the edits made since) as the setup's `key`
   * where what it is refused for is what the memory itself was refused for when the page left
   * it: by way of any other mechanic it comes back so (the memory is taken as it is, the
   * edits over it). A clash of one side (the other taken out), on a battle from its own
   * template the guards' count set: straight back the battle's guards came, said nowhere, by
   * way of a knowledge roll or a basic check they did not, said (a review).
   */
  const keepAsHeld = (key: string, value: unknown): boolean => {
    if (!remembered) return false;
    const had = problemsOf(remembered);
    const now = problemsOf(scenario);
    const candidate = { ...setup, [key]: value };
    const trial = { ...scenario, setup: candidate };
    if (![...problemsOf(trial)].every((m) => had.has(m) || now.has(m))) return false;
    setup = candidate;
    scenario = trial;
    return true;
  };
  /**
   * A value of the designer's carried to a field the new form labels otherwise (a contest's
   * "dice" become a conflict fighter's "attack dice", where its Stamina was): said, as what
   * is left behind is (it went without a word, a dashboard audit).
   */
  const sayCarried = (path: string, value: unknown) => {
    // Back where it was set (a contest's dice, through a conflict's attack dice, to the contest again): nothing to say.
    const there = path.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), back?.setup);
    if (JSON.stringify(there) === JSON.stringify(value)) return;
    const was = sweepLabel(`setup.${path}`, oldSetup, { system: old.system, mechanic: old.mechanic } as SweepMechanic);
    const now = sweepLabel(`setup.${path}`, setup, { system, mechanic } as SweepMechanic);
    if (was !== now) notes.push(`${quoted(was)} ${JSON.stringify(value)} is carried as ${quoted(now)}: check it still means what you meant`);
  };
  for (const [key, value] of Object.entries(oldSetup)) {
    const field = form?.fields.find((f) => f.key === key);
    // What the new form has no field for inside a field both have (a battle side's `flee`
    // in a clash, a contest round's `attack` in a conflict): left out, and said (it went
    // without a word, where a field of the top level left out is said by its Vary row).
    // Only what the designer typed or changed is named (typedIn): a field of the old
    // mechanic's template left as it was (a VDP opposed side's accomplish, a conflict
    // fighter's stamina) is no loss of theirs, and every switch named them all.
    const typed = typedIn(key, value);
    const touched = (path: string) => typed.some((t) => t === path || t.startsWith(`${path}.`) || path.startsWith(`${t}.`));
    // A single value nobody touched stays the new template's too, as inside a group
    // (below): a basic check's modifier 3 became a risky check's, whose own is 4 (a
    // review). Lists of sides, combatants and rivals go along whole: they are what the two
    // mechanics share (so a rivals' untouched rank 4 is still a campaign rival's).
    const untouchedHere = typed.length === 0 && !askedOf(`setup.${key}`);
    const backSetup = back && isObject(back.setup) ? back.setup : undefined;
    // Back on a mechanic the page left, what the old one has of it untouched is this
    // mechanic's as the page left it: its value then, or none (a campaign of no rivals came
    // back from the rivals mechanic with its template's countess, rank.final 2.60 against
    // 2.87, and an opposed check's advantage 2 and names Hero and Villain came back as the
    // contest round's untouched template's, its expect checks on win.Hero refused: a review).
    // Nothing typed into it there, a Vary row or Compare change asking of it is no reason
    // to keep the other's template over this mechanic's own (rivals left for a knowledge
    // roll came back by way of a campaign, its Compare change of a rival's rank back, with
    // the campaign's template countess, what was typed on them gone unsaid).
    if (backSetup && field !== undefined && field.kind !== 'group' && typed.length === 0) {
      // (Refused only for what the memory itself was refused for, as by way of any other
      // mechanic, keepAsHeld: a battle of one side, by way of a clash from its own template,
      // came back straight with the clash's template's crew and guards, unsaid: a review.)
      if (key in backSetup ? (tryKeep(key, structuredClone(backSetup[key])) || keepAsHeld(key, structuredClone(backSetup[key]))) && ((startedFrom[key] = structuredClone(backStarted[key])), true) : untouchedHere && tryDrop(key)) continue;
    }
    if (field !== undefined && field.kind !== 'group' && field.kind !== 'list' && untouchedHere) continue;
    const lost: string[] = [];
    const taken = keepKnown(value, field, lost, key);
    dropped.push(...lost.filter(touched).map((path) => `the setup's ${path}`));
    // A list the other mechanic did not start from this memory (from its own template, by
    // way of a mechanic without it: what it started from is not what this mechanic did):
    // its items are not these, and the designer's edits there are what comes back, over the
    // memory, as by way of any other mechanic (withLaterEdits). Taken whole, a guard count
    // of 5 typed on a battle came back from a clash as the clash's template's captain and
    // minions, unsaid, where by way of a knowledge roll it stayed (a review). (Where edits
    // were made there: with none recorded, the memory is no more the designer's latest.)
    // What this mechanic has no field for is said left out above, as by any switch.
    if (backSetup && latest && field?.kind === 'list' && key in backSetup && editedSince(key) && startedElsewhere(key) && (tryKeep(key, structuredClone(backSetup[key])) || keepAsHeld(key, structuredClone(backSetup[key])))) {
      kept.push(key);
      startedFrom[key] = structuredClone(backStarted[key]);
      fromEdits.add(key);
      continue;
    }
    // With what this mechanic had of it that the other has no field for (a side's field the
    // other mechanic's form lacks), as it was when the page left it.
    const restored = backSetup ? onlyHere(key, backSetup[key]) : {};
    const merged = backSetup && isObject(taken) ? { ...restored, ...taken } : backSetup ? withItemsBack(key, taken, backSetup[key]) : taken;
    const typedHere = (inner: string) => touched(`${key}.${inner}`) || askedOf(`setup.${key}.${inner}`);
    // Back on this mechanic, the side as the page left it, with what was typed since.
    const backObj = backSetup && isObject(backSetup[key]) ? backSetup[key] : undefined;
    // Each field of a group: typed (or asked of by a Vary row, Find question or Compare
    // change), the designer's; one the other mechanic has no field for, as this one had it
    // (restored); one nobody touched, as this mechanic had it when the page left it, or else
    // the new template's, as the old template's value may mean another thing here (a
    // Sorcerer contest's dice 4 and 3 became a conflict fighter's attack dice, where the
    // conflict picked directly attacks with its Stamina: P(win) 0.761 against 0.671). Names
    // go along (metric names, Find questions and expect checks use them). One the other
    // mechanic deleted stays deleted (it is not in `merged`).
    const fromMemory: Obj = { ...restored };
    let known = field?.kind === 'group' && isObject(merged)
      ? Object.fromEntries(Object.entries(merged).flatMap(([inner, v]): [string, unknown][] => {
          if (touched(`${key}.${inner}`) || inner in restored) return [[inner, v]];
          if (backObj && inner in backObj) {
            fromMemory[inner] = backObj[inner];
            return [[inner, structuredClone(backObj[inner])]];
          }
          // Asked of (a Vary row, a Find question, the Compare change) but not typed: the
          // other's template value, back on a mechanic that left it out, is not its value (a
          // conflict's Compare change of the thug's attack dice, Stamina by default, came
          // back from a contest with the contest's dice 3, said as carried).
          if (askedOf(`setup.${key}.${inner}`) && !backObj) return [[inner, v]];
          return !backObj && inner === 'name' ? [[inner, v]] : [];
        }))
      : merged;
    // A field both have that this mechanic held when the page left it and the other never
    // held (it came there by way of a mechanic without it: a conflict fighter's passion 2,
    // by way of a discovery roll to a contest, came back without it, unsaid), nor took out
    // (`untouched` marks what was carried there): back as it was here.
    if (field?.kind === 'group' && isObject(known) && backObj) {
      const held = isObject(value) ? value : {};
      const started = isObject(oldTemplate) && isObject(oldTemplate[key]) ? oldTemplate[key] : {};
      for (const [inner, v] of Object.entries(backObj)) {
        if (inner in known || inner in held || inner in started || !field.fields.some((f) => f.key === inner)) continue;
        known[inner] = structuredClone(v);
        fromMemory[inner] = v;
      }
    }
    // A list whose items come back with what only this mechanic has of them (withItemsBack),
    // refused so (three sides, one with the crew's marksman push, of a battle of two): as
    // withOwnWhereTaken takes it, the rule of the memory's edits too (withLaterEdits).
    // Refused whole, the sides went back to the template's, and the guards' flee and the
    // crew's push were gone, unsaid (a review).
    const ownOfItems = field?.kind === 'list' && backSetup && Array.isArray(taken) ? itemsBack(key, taken, backSetup[key]) : undefined;
    if (ownOfItems && Array.isArray(taken) && ownOfItems.some((own) => Object.keys(own).length > 0) && !tryKeep(key, known)) {
      const taking = withOwnWhereTaken(taken, ownOfItems, [key], (list) => problemUnder({ ...scenario, setup: { ...setup, [key]: list } }, `setup.${key}`));
      if (taking) {
        known = taking.list;
        for (const left of taking.left) {
          const note = ownLeftOutNote(left, { ...setup, [key]: taking.list }, { system, mechanic } as SweepMechanic, called);
          if (!notes.includes(note)) notes.push(note);
        }
      }
    }
    if (tryKeep(key, known)) {
      kept.push(key);
      carried(key, undefined, fromMemory, known);
      // Said where a value of the designer's lands in a field labelled otherwise: in a group,
      // each typed one (the whole side as JSON said nothing of its dice: a review).
      if (field?.kind === 'group' && isObject(known)) {
        for (const [inner, v] of Object.entries(known)) if (inner !== 'name' && (touched(`${key}.${inner}`) || askedOf(`setup.${key}.${inner}`))) sayCarried(`${key}.${inner}`, v);
      } else if (field?.kind !== 'list' && (typed.length > 0 || askedOf(`setup.${key}`))) sayCarried(key, known);
      continue;
    }
    // A list refused whole (a battle of one side, or of two sides of one name, made on a
    // clash), back on a mechanic the page left: its list as the page left it (with what it
    // takes of the edits since), said, as by way of any other mechanic. It went back to the
    // template's, and the guards' marksman push, which the clash never had, was gone, unsaid;
    // by way of a knowledge roll the battle's sides came back, said (a review).
    if (field?.kind === 'list' && backSetup && key in backSetup && tryKeep(key, structuredClone(backSetup[key]))) {
      startedFrom[key] = structuredClone(backStarted[key]);
      const label = quoted(sweepLabel(`setup.${key}`, setup, { system, mechanic } as SweepMechanic));
      const on = `“${leftForm?.title ?? String(old.mechanic)}”`;
      // (With an edit since that it takes, the list is said as it now is, not as it was.)
      const asWas = isObject(remembered?.setup) && JSON.stringify(remembered.setup[key]) === JSON.stringify(setup[key]);
      notes.push(`${label} ${asWas ? `is back as it was on ${called},` : 'is'} ${JSON.stringify(setup[key])}: ${called} cannot take the ${JSON.stringify(value)} set on ${on} since`);
      continue;
    }
    // An object the new mechanic has too (a Sorcerer contest's side becoming a conflict's
    // fighter): what it takes of it, field by field, over its template; what it cannot
    // take is said. A field it has not at all (knavery's challenges in a clash, a basic
    // check's target in a risky one), or cannot take, is said where the designer typed
    // into it (typedPaths): challenges 5 went without a word, and a risky check ran its
    // own successTarget 12 where 7 had been typed (a dashboard audit).
    const template = setup[key];
    if (!field || !isObject(known) || !isObject(template)) {
      dropped.push(...typedIn(key, value).map((path) => `the setup's ${path}`));
      continue;
    }
    for (const [inner, v] of Object.entries(known)) {
      const path = `${key}.${inner}`;
      if (JSON.stringify(template[inner]) === JSON.stringify(v)) {
        // Typed, and the same as the new template's: nothing to change, but it is the
        // designer's all the same, so the next switch carries it on (a name typed as the
        // next mechanic's template has it went back to the old template's on the way back).
        if (touched(path) || inner in fromMemory) carried(key, inner, fromMemory);
        continue;
      }
      // (What `known` holds goes along: the old template's untouched values were left out of it.)
      const current = setup[key] as Obj;
      if (tryKeep(key, { ...current, [inner]: v })) {
        kept.push(`${key}.${inner}`);
        carried(key, inner, fromMemory);
        if (inner !== 'name') sayCarried(path, v);
      }
      else if (touched(`${key}.${inner}`)) dropped.push(`the setup's ${key}.${inner}`);
    }
  }
  // A field of this mechanic's that the other has too but never held (it was left out on
  // the way there, through a mechanic without it), and nobody set there: back as the page
  // left it here (a combat's maxRounds 30, by way of a basic check and a contest round,
  // came back as the default 50: a review). One the other held and deleted stays deleted:
  // the setup it started from (`untouched`) holds a key for every field carried there, its
  // value undefined where the old template had none.
  if (back && isObject(back.setup)) {
    for (const [key, value] of Object.entries(back.setup)) {
      if (!leftField(key) || key in oldSetup || (isObject(oldTemplate) && key in oldTemplate)) continue;
      tryKeep(key, structuredClone(value));
    }
  }
  // What the designer changed since on other mechanics (`later`) is back where this
  // mechanic has the field; where it is not (refused here, or left out on the way), the
  // value back is said, with the latest one, as is a value back under another label (the
  // contest's "dice" as a conflict's "attack dice"). What the mechanic just left holds is
  // said as any switch says it.
  if (latest) {
    const from = `${String(old.system)}/${String(old.mechanic)}`;
    for (const [at, { edit, value, wanted, relabelled }] of latest.latest) {
      if (edit.from === from && !fromEdits.has(String(edit.path[0]))) continue;
      const now = getAt(setup, edit.path);
      const label = sweepLabel(`setup.${at}`, setup, { system, mechanic } as SweepMechanic);
      // An edit inside it refused since is said by that refusal (below), as it stands now: a
      // side added on a clash, then its guards renamed "crew" there (refused, said), was said
      // again, by way of a knowledge roll only, as the whole list "did not come back" (a review).
      let expected = value;
      for (const k of latest.refused.keys()) if (k.startsWith(`${at}.`)) expected = withValue(expected, parsePath(k).slice(edit.path.length), structuredClone(getAt(setup, parsePath(k))));
      if (JSON.stringify(now) === JSON.stringify(value) || (expected !== value && JSON.stringify(now) === JSON.stringify(expected))) {
        if (value !== undefined && relabelled) notes.push(`${quoted(edit.label)} ${JSON.stringify(value)}, set on ${edit.on}, is back as ${quoted(label)}: check it still means what you meant`);
        continue;
      }
      if (latest.refused.has(at)) {
        // Of the values as they stand now, not as they were at the refusal: an edit inside
        // it since (the side added as "others" renamed "y") is the designer's latest. "As it
        // was" only where it is the page's memory's: with an edit before the refusal that it
        // took (a clash's guard count 7, then the crew taken out), the battle never had it.
        const held = getAt(isObject(remembered?.setup) ? remembered.setup : {}, edit.path);
        const it = now === undefined ? `${quoted(label)} is back as ${called} had it, left out` : JSON.stringify(now) === JSON.stringify(held) ? `${quoted(label)} is back as it was on ${called}, ${JSON.stringify(now)}` : `${quoted(label)} is ${JSON.stringify(now)}`;
        notes.push(`${it}: ${called} cannot take ${wanted === undefined ? `taking it out on ${edit.on}` : `the ${JSON.stringify(wanted)} set on ${edit.on} since`}`);
      } else if (getAt(oldSetup, edit.path) === undefined) {
        const it = now === undefined ? `${quoted(label)} is left out` : `${quoted(label)} is ${JSON.stringify(now)}`;
        notes.push(`${it}: ${edit.value === undefined ? `taking it out on ${edit.on}` : `the ${JSON.stringify(edit.value)} set on ${edit.on}`} did not come back`);
      }
    }
    // Said by whatever route the page came back: straight from the mechanic that edited the
    // list, too (what that mechanic holds is said as any switch says it, above, but this
    // mechanic's own fields it never held).
    for (const left of latest.leftOut.values()) {
      const note = ownLeftOutNote(left, setup, { system, mechanic } as SweepMechanic, called);
      if (!notes.includes(note)) notes.push(note);
    }
    // The memory's items an edit made elsewhere replaced, its item there another than
    // this one (itemsOnAnother): said, where the list that came back is the one made so.
    for (const one of latest.replaced) {
      const top = String(one.path[0]);
      if (canonical(setup[top]) !== canonical(getAt(latest.back.setup, [top]))) continue;
      const label = quoted(sweepLabel(`setup.${joinPath(one.memoryPath ?? one.path)}`, remembered?.setup, { system, mechanic } as SweepMechanic));
      notes.push(`${label} as it was on ${called}, ${JSON.stringify(one.was)}, is replaced by the one set on ${one.edit.on}: what was edited there was another item than this one`);
    }
    // …and an edit made elsewhere on an item the memory does not hold: made on none of its
    // items, said, where the list that came back is the one made so.
    for (const one of latest.notHeld) {
      if (canonical(setup[one.top]) !== canonical(getAt(latest.back.setup, [one.top]))) continue;
      notes.push(`${quoted(one.label)} as set on ${one.edit.on}, ${JSON.stringify(one.item)}, did not come back: what was edited there is an item ${called} does not hold`);
    }
  }
  if (old.system === system && isObject(old.rules)) {
    const rules: Obj = {};
    const plays = new Set(ruleFields(system, mechanic).map((f) => f.key));
    for (const [key, value] of Object.entries(old.rules)) {
      // A variant the new mechanic does not play (a conflict's nextPenalty in a contest)
      // would change nothing there, and is refused: left behind, and said.
      if (problemsUnder({ ...scenario, rules: { ...rules, [key]: value } }, `rules.${key}`)) dropped.push(`the rule ${key}`);
      // One it does not play, written at its default, is accepted there but shown by no
      // field: left behind too, unsaid, as nothing is lost (a battle's medicReach "one"
      // went on in a clash's file, out of sight: a dashboard audit).
      else if (plays.has(key)) rules[key] = value;
    }
    scenario = { ...scenario, rules };
  }
  // Back on a mechanic, a rule of its the other did not play comes back as it was, and is
  // said, as its expect checks are: they came back measured under a rule left behind (a
  // contest's repeatPenalty "flat" after a look at a conflict, its checks then failing: a
  // review).
  // One set or taken out since on another mechanic of this system (`later`) is back as last
  // set there, where this mechanic plays it and takes it; else as it was here, said with why.
  if (back && isObject(back.rules)) {
    const rules: Obj = isObject(scenario.rules) ? { ...scenario.rules } : {};
    const had = isObject(old.rules) && old.system === system ? old.rules : {};
    const latestRule = new Map<string, Edit>();
    for (const edit of later) if (edit.rule && edit.from.split('/')[0] === system) latestRule.set(String(edit.path[0]), edit);
    const plays = new Set(ruleFields(system, mechanic).map((f) => f.key));
    const takes = (key: string, value: unknown) => !problemsUnder({ ...scenario, rules: { ...rules, [key]: value } }, `rules.${key}`);
    for (const key of new Set([...Object.keys(back.rules), ...latestRule.keys()])) {
      if (key in rules || key in had) continue;
      const value = back.rules[key];
      const edit = latestRule.get(key);
      if (edit && plays.has(key)) {
        if (edit.value === undefined) continue;
        if (takes(key, edit.value)) {
          rules[key] = edit.value;
          notes.push(JSON.stringify(edit.value) === JSON.stringify(value) ? `the rule ${quoted(ruleLabel(key))} is back as it was on ${called}` : `the rule ${quoted(ruleLabel(key))} is back as set on ${edit.on} since`);
          continue;
        }
        if (value !== undefined && takes(key, value)) {
          rules[key] = value;
          notes.push(`the rule ${quoted(ruleLabel(key))} is back as it was on ${called}: ${called} cannot take the ${JSON.stringify(edit.value)} set on ${edit.on} since`);
        }
        continue;
      }
      if (value === undefined || !takes(key, value)) continue;
      rules[key] = value;
      notes.push(`the rule ${quoted(ruleLabel(key))} is back as it was on ${called}`);
    }
    scenario = { ...scenario, rules };
  }
  if (isObject(old.sweep)) {
    const sweep: Obj = {};
    const heldSweep = remembered && isObject(remembered.sweep) ? remembered.sweep : {};
    for (const [carriedPath, values] of Object.entries(old.sweep)) {
      // Back on a mechanic, a row the page left it with and nobody changed since (the same
      // path and values, no row edit on the way) is that row, about the item it was about
      // here: where the item moved on the way (a battle's guards, its sides swapped on a
      // clash), it follows it by name; where it cannot tell, it is left out, said (it came
      // back varying the crew captain's count: a review).
      let path = carriedPath;
      if (remembered && JSON.stringify(heldSweep[path]) === JSON.stringify(values) && !later.some((e) => e.row && e.path[0] === path)) {
        const followed = followMemory(path);
        if (followed === null) {
          notes.push(`the Vary row ${quoted(sweepLabel(path, remembered.setup, { system, mechanic } as SweepMechanic))} set on ${called} is left out: what it varied is not in the setup now, or not where it can be told`);
          continue;
        }
        if (followed !== path) {
          if (followed in sweep || followed in old.sweep) {
            notes.push(`the Vary row ${quoted(sweepLabel(path, remembered.setup, { system, mechanic } as SweepMechanic))} set on ${called} is left out: where its item now stands, another row varies the same field`);
            continue;
          }
          path = followed;
          notes.push(`the Vary row ${quoted(sweepLabel(path, scenario.setup, { system, mechanic } as SweepMechanic))} is back as it was on ${called}, where its item now stands`);
        }
      } else {
        const on = `“${leftForm?.title ?? String(old.mechanic)}”`;
        const followed = followCarried(path);
        if (followed === null) {
          notes.push(`the Vary row ${quoted(sweepLabel(path, oldSetup, { system: old.system, mechanic: old.mechanic } as SweepMechanic))} set on ${on} is left out: what it varied is not in the setup now, or not where it can be told`);
          continue;
        }
        if (followed !== path) {
          if (followed in sweep || followed in old.sweep) {
            notes.push(`the Vary row ${quoted(sweepLabel(path, oldSetup, { system: old.system, mechanic: old.mechanic } as SweepMechanic))} set on ${on} is left out: where its item now stands, another row varies the same field`);
            continue;
          }
          path = followed;
          notes.push(`the Vary row ${quoted(sweepLabel(path, scenario.setup, { system, mechanic } as SweepMechanic))} set on ${on} is carried where its item now stands`);
        }
      }
      // Kept only where it adds no problem anywhere: a swept field the new setup lacks is
      // refused at the field ("setup: unknown field …"), not under `sweep`.
      const before = problemsOf(Object.keys(sweep).length ? { ...scenario, sweep } : scenario);
      const trial = { ...scenario, sweep: { ...sweep, [path]: values } };
      if ([...problemsOf(trial)].every((m) => before.has(m))) sweep[path] = values;
      else dropped.push(`the Vary row ${path}`);
    }
    if (Object.keys(sweep).length) scenario = { ...scenario, sweep };
  }
  // The Find questions, each where the new mechanic answers it (its field and metric are
  // there, checked as the CLI checks a solve block); the others are named as left behind.
  if (Array.isArray(old.solve) && old.solve.length > 0) {
    const solve: unknown[] = [];
    for (const block of old.solve) {
      const name = isObject(block) && typeof block.name === 'string' ? ` "${block.name}"` : '';
      // A metric of the same name may mean another thing here (a Sorcerer contest's
      // win.sorcerer is one roll, a conflict's the whole fight, under the same label): a
      // question goes along, said to the designer, and its expect, a verdict on the old
      // mechanic's answer, stays behind.
      const { expect: verdict, ...question } = isObject(block) ? block : ({} as Obj);
      // Of the items it asks of there, never of others at their places (followCarried): a
      // clash's question of its guards' captain's count asked, back on a battle, of the dogs'
      // hound count, unsaid (a review). Where one is not here, it is left behind, said.
      const vary = typeof question.vary === 'string' ? followCarried(question.vary) : undefined;
      const sameAs = isObject(question.sameAs) ? Object.entries(question.sameAs).map(([path, value]) => [followCarried(path), value] as const) : undefined;
      if (vary === null || sameAs?.some(([path]) => path === null)) {
        dropped.push(`the Find question${name} (${String(question.vary)})`);
        continue;
      }
      const moved = (vary !== undefined && vary !== question.vary) || (sameAs !== undefined && sameAs.some(([path], k) => path !== Object.keys(question.sameAs as Obj)[k]));
      if (moved) {
        if (vary !== undefined) question.vary = vary;
        if (sameAs) question.sameAs = Object.fromEntries(sameAs);
      }
      const carried = old.mechanic === mechanic && old.system === system && !moved ? block : question;
      const before = problemsOf(solve.length ? { ...scenario, solve } : scenario);
      const trial = { ...scenario, solve: [...solve, carried] };
      if ([...problemsOf(trial)].every((m) => before.has(m))) {
        solve.push(carried);
        if (carried !== block) {
          notes.push(`the Find question${name} now asks of ${called}'s ${String(question.metric)}${moved ? ', where what it asks of now stands' : ''}${verdict !== undefined ? ' (its expect, about the old answer, is left out)' : ''}: check it still asks what you meant`);
        }
      } else {
        dropped.push(`the Find question${name} (${isObject(block) ? String(block.vary) : '?'})`);
      }
    }
    if (solve.length) scenario = { ...scenario, solve };
  }
  // This mechanic's Vary rows the switch away left out: back where they fit, or said.
  if (back && (isObject(back.sweep) || later.some((edit) => edit.row))) {
    const sweep: Obj = isObject(scenario.sweep) ? { ...scenario.sweep } : {};
    const asHere = { system, mechanic } as SweepMechanic;
    // In the form's words, as the Compare change's note below (it said `setup.challenges`).
    const row = (path: string) => quoted(sweepLabel(path, scenario.setup, asHere));
    // Each row's path was read in the setup it was set in (the page's memory of this
    // mechanic, or the other mechanic's when edited there): its list items are followed by
    // name to where they stand now; one whose item is gone, or cannot be told, is left out,
    // said, not put on whatever stands at its old place (a battle's row of the guards' count,
    // its sides swapped on a clash, came back on the crew captain, "back as it was": a review).
    const backSweep: Obj = {};
    for (const [path, held] of Object.entries(isObject(back.sweep) ? back.sweep : {})) {
      const followed = followMemory(path);
      if (followed === null) {
        const said = `the Vary row ${quoted(sweepLabel(path, remembered?.setup, asHere))} set on ${called} is left out: what it varied is not in the setup now, or not where it can be told`;
        if (!notes.includes(said)) notes.push(said);
      } else if (!(followed in backSweep)) backSweep[followed] = held;
    }
    // One changed or taken out since on another mechanic (`later`) is as last set there.
    const latestRow = new Map<string, Edit>();
    for (const edit of later) {
      if (!edit.row) continue;
      const path = String(edit.path[0]);
      const followed = edit.within === undefined ? path : rowFollowing(path, edit.within, scenario.setup, false);
      if (followed !== null) latestRow.set(followed, edit);
    }
    // …and one set since on another mechanic, this one never having had it, as a rule set
    // there is (a clash's row, by way of a knowledge roll, did not come to the battle, its
    // rule did: a review); where it cannot come back, as said when it was left out.
    const since = [...latestRow].filter(([path, edit]) => !(path in backSweep) && edit.value !== undefined).map(([path]): [string, unknown] => [path, undefined]);
    for (const [path, held] of [...Object.entries(backSweep), ...since]) {
      if (path in sweep) continue;
      const edit = latestRow.get(path);
      if (edit && edit.value === undefined) continue;
      const values = edit ? edit.value : held;
      const where = edit && JSON.stringify(edit.value) !== JSON.stringify(held) ? edit.on : called;
      const before = problemsOf(Object.keys(sweep).length ? { ...scenario, sweep } : scenario);
      const added = [...problemsOf({ ...scenario, sweep: { ...sweep, [path]: values } })].filter((m) => !before.has(m));
      if (added.length > 0) {
        if (held === undefined) continue;
        notes.push(`the Vary row ${row(path)} set on ${where} cannot come back: ${added[0]!.replace(/^switch\.json: /, '')}`);
        continue;
      }
      sweep[path] = values;
      notes.push(where === called ? `the Vary row ${row(path)} is back as it was on ${called}` : `the Vary row ${row(path)} is back as set on ${where} since`);
    }
    if (Object.keys(sweep).length) scenario = { ...scenario, sweep };
  }
  if (back && Array.isArray(back.solve)) {
    const solve = Array.isArray(scenario.solve) ? [...scenario.solve] : [];
    // One taken out or changed since on another mechanic (`later`) is as last set there: the
    // memory's (its expect too) where it still asks the same, else the other's, its expect,
    // a verdict on the other mechanic's answer, left out.
    const latestFind = new Map<string, Edit>();
    for (const edit of later) if (edit.find) latestFind.set(String(edit.path[0]), edit);
    for (const held of back.solve) {
      const edit = latestFind.get(findKey(held));
      if (edit && edit.value === undefined) continue;
      const since = edit !== undefined && question(edit.value) !== question(held);
      const { expect: _verdict, ...asked } = since && isObject(edit.value) ? edit.value : ({} as Obj);
      let block: unknown = since ? asked : held;
      const where = since ? edit.on : called;
      const name = isObject(block) && typeof block.name === 'string' ? ` "${block.name}"` : '';
      // The question carried along, its expect left behind, is this one: it takes it back.
      const at = solve.findIndex((b) => question(b) === question(block));
      // The memory's question is about the items it was asked of here: where they moved on
      // the way (a battle's sides swapped on a clash), its paths follow them by name, as a
      // Vary row's do; where it cannot tell, it is left out, said (it came back varying the
      // crew's count where it asked of the watch's, "back as it was": a review).
      let moved = false;
      if (!since && isObject(held)) {
        const follow = followMemory;
        const vary = typeof held.vary === 'string' ? follow(held.vary) : undefined;
        const sameAs = isObject(held.sameAs) ? Object.entries(held.sameAs).map(([path, value]) => [follow(path), value] as const) : undefined;
        if (vary === null || sameAs?.some(([path]) => path === null)) {
          notes.push(`the Find question${name} set on ${called} is left out: what it asks of is not in the setup now, or not where it can be told`);
          if (at >= 0) solve.splice(at, 1);
          continue;
        }
        const followed: Obj = { ...held, ...(vary !== undefined ? { vary } : {}), ...(sameAs ? { sameAs: Object.fromEntries(sameAs) } : {}) };
        moved = question(followed) !== question(held);
        block = followed;
      }
      if (at >= 0 && JSON.stringify(solve[at]) === JSON.stringify(block)) continue;
      const trial = [...solve];
      if (at >= 0) trial[at] = block;
      else trial.push(block);
      const before = problemsOf(solve.length ? { ...scenario, solve } : scenario);
      const added = [...problemsOf({ ...scenario, solve: trial })].filter((m) => !before.has(m));
      if (added.length > 0) {
        // Said, never dropped in silence: what the setup now lacks for it.
        notes.push(`the Find question${name} set on ${where} cannot come back: ${added[0]!.replace(/^switch\.json: /, '')}`);
        continue;
      }
      solve.splice(0, solve.length, ...trial);
      notes.push(since ? `the Find question${name} is back as set on ${where} since` : `the Find question${name} is back as it was on ${called}${at >= 0 ? ', its expect too' : ''}${moved ? ', where what it asks of now stands' : ''}`);
    }
    if (solve.length) scenario = { ...scenario, solve };
  }
  let compare: CompareChange | undefined;
  const fits = (c: CompareChange) => checkScenario(scenario, 'a.json').ok && sweepOverlap(scenario, c).kind !== 'refused' && checkScenario(scenarioB(scenario, c), 'b.json').ok;
  // Of the item it was set on there, never of another at its place (followCarried).
  const changePath = change ? followCarried(change.path) : undefined;
  const changeHere = change && changePath ? { ...change, path: changePath } : undefined;
  if (changeHere && fits(changeHere)) compare = changeHere;
  if (change && !compare) dropped.push(`the Compare change of ${change.path}`);
  if (compare && change && compare.path !== change.path) notes.push(`the Compare change of ${quoted(sweepLabel(compare.path, scenario.setup, { system, mechanic } as SweepMechanic))} is carried where its item now stands`);
  // The Compare change an earlier switch left out comes back where it fits, said, where no
  // other came along, as a switch straight here would have carried it. Its path was read in
  // A as it was when it was left out (`leftFrom`): its list items are followed by name to
  // where they stand now, as a Vary row's are (the memory's edit by edit, where it was left
  // out from here); one whose item is gone, or cannot be told, is left out, said, not put on
  // whatever stands at its old place (a battle's B with the guards fleeing never, its sides
  // swapped on a clash, came back on the crew: a review).
  const sameSetup = leftFrom !== undefined && remembered !== undefined && leftFrom.system === system && leftFrom.mechanic === mechanic && JSON.stringify(leftFrom.setup) === JSON.stringify(remembered.setup);
  // Back on its own mechanic a second time (the page's memory of it is no longer A as it
  // was when the change was left out: the page came back here since, and left again), it
  // had its chance: it came back then, or was said not to. Followed straight from that A,
  // its item taken out and another added read as the item renamed in place, and the guards'
  // B, said to be unable to come back, came back on the new side's flee (a review).
  const spent = leftFrom !== undefined && remembered !== undefined && leftFrom.system === system && leftFrom.mechanic === mechanic && !sameSetup;
  const leftPath = !leftChange || !leftFrom ? leftChange?.path : spent ? undefined : sameSetup ? followMemory(leftChange.path) : rowFollowing(leftChange.path, leftFrom.setup, scenario.setup, false);
  const leftBack = leftChange && leftPath ? { ...leftChange, path: leftPath } : undefined;
  if (leftChange && leftFrom && leftPath === null && !compare && leftFrom.system === system && leftFrom.mechanic === mechanic) {
    notes.push(`the Compare change of ${quoted(sweepLabel(leftChange.path, leftFrom.setup, { system, mechanic } as SweepMechanic))} left out before cannot come back: what it changed is not in the setup now, or not where it can be told`);
  }
  if (leftChange && leftBack && !compare && JSON.stringify(leftChange) !== JSON.stringify(change) && fits(leftBack)) {
    compare = leftBack;
    // B is A with the change: where A's value there is not what it was when the change was
    // left out (A's advantage 1 left behind, A now at the risky check's 0), B now differs
    // from A by another step, said with both.
    const inA = (s: Obj, path: string) => valueOrDefault(s, path, getAt(s, parsePath(path)));
    const was = leftFrom ? inA(leftFrom, leftChange.path) : undefined;
    const now = inA(scenario, leftBack.path);
    const words = (v: unknown, s: Obj) => (v === undefined ? 'none' : sweepValueLabel(leftBack.path, v, s.setup, s as SweepMechanic));
    const against = leftFrom && JSON.stringify(was) !== JSON.stringify(now) ? `, against A's ${words(now, scenario)} now (it was ${words(was, leftFrom)} when it was left out): check it still compares what you meant` : '';
    const moved = leftBack.path !== leftChange.path ? ', where its item now stands' : '';
    notes.push(`the Compare change of ${quoted(sweepLabel(leftBack.path, scenario.setup, { system, mechanic } as SweepMechanic))} left out before is back${moved}${against}`);
  }
  // The expect checks are bands on the old mechanic's figures (a metric of the same name
  // may mean another thing here, as Find's does): left behind, and said, as every other
  // thing left behind is (they went without a word).
  if (Array.isArray(old.expect) && old.expect.length > 0) {
    const metrics = [...new Set(old.expect.map((e) => (isObject(e) ? String(e.metric) : '?')))];
    dropped.push(`the ${old.expect.length === 1 ? 'expect check' : `${old.expect.length} expect checks`} (${metrics.join(', ')})`);
  }
  // Those set on this mechanic before the switch away are its own: back, where they fit.
  const before = problemsOf(scenario);
  if (back && Array.isArray(back.expect) && back.expect.length > 0) {
    const checks = back.expect.length === 1 ? 'expect check' : `${back.expect.length} expect checks`;
    const added = [...problemsOf({ ...scenario, expect: back.expect })].filter((m) => !before.has(m));
    if (added.length === 0) {
      scenario = { ...scenario, expect: back.expect };
      notes.push(`the ${checks} set on ${called} ${back.expect.length === 1 ? 'is' : 'are'} back`);
    } else {
      // Said, never dropped in silence (a check on a Vary row that could not come back).
      notes.push(`the ${checks} set on ${called} cannot come back: ${added[0]!.replace(/^switch\.json: /, '')}`);
    }
  }
  // Each once: a field keepKnown left out is among the typed paths too where the whole of
  // its item could not be kept (a review: a battle side's flee named twice).
  // Back on a mechanic, the file's keys in the order they had there (what came back was
  // put first, or last: a Download after a round trip differed from the file before it).
  if (back) {
    // The template's empty `rules` is no rule: back on a file that had no `rules` key, it
    // stays out (a round trip added `rules: {}` to a library file's Download: a review).
    if (!('rules' in back) && isObject(scenario.rules) && Object.keys(scenario.rules).length === 0) {
      const { rules: _empty, ...rest } = scenario;
      scenario = rest;
    }
    scenario = orderLike(scenario, back) as Obj;
  }
  return { scenario, compare, kept, dropped: [...new Set(dropped)], notes, untouched: startedFrom };
}
