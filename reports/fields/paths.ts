/**
 * Paths into a scenario object, in the sweep notation of docs/scenario-format.md
 * (`setup.participants.0.count`), and copy-on-write edits along them. The dashboard's
 * draft *is* the scenario file: forms read and write it through these, so whatever the
 * file holds that no form shows (a description, expect checks, a field of a newer
 * mechanic) survives an edit and the download.
 */

export type Path = readonly (string | number)[];

/** `"setup.sides.0.name"` → `["setup", "sides", "0", "name"]`. */
export function parsePath(dotted: string): string[] {
  return dotted === '' ? [] : dotted.split('.');
}

/** `["setup", "sides", 0, "name"]` → `"setup.sides.0.name"`. */
export function joinPath(path: Path): string {
  return path.map(String).join('.');
}

/** A plain object (not null, not a list): a scenario's groups and list items. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return v !== null && typeof v === 'object';
}

/** The value at `path`, or undefined when any step is missing. */
export function getAt(root: unknown, path: Path): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (!isContainer(v)) return undefined;
    v = (v as Record<string, unknown>)[String(key)];
  }
  return v;
}

/**
 * A copy of `root` with `value` at `path`; `undefined` removes the key (an optional field
 * left empty is left out of the file, not written as null). Containers along the path are
 * copied, everything else is shared; missing steps are created (an array for a numeric
 * step, an object otherwise).
 */
export function withValue<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const key = String(head);
  const base: unknown = isContainer(root) ? root : /^\d+$/.test(key) ? [] : {};
  const copy: any = Array.isArray(base) ? base.slice() : { ...(base as object) };
  const next = rest.length === 0 ? value : withValue(copy[key], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[key];
  else copy[key] = next;
  return copy as T;
}

/** A copy of the list at `path` without item `index`. */
export function withoutItem<T>(root: T, path: Path, index: number): T {
  const list = getAt(root, path);
  if (!Array.isArray(list)) return root;
  return withValue(root, path, list.filter((_, i) => i !== index));
}

/** A copy of the list at `path` with `item` appended. */
export function withItem<T>(root: T, path: Path, item: unknown): T {
  const list = getAt(root, path);
  return withValue(root, path, [...(Array.isArray(list) ? list : []), item]);
}

/**
 * `root` without the objects along `path` that an edit left empty, from the deepest up,
 * keeping the first `keep` levels (`setup` itself stays even when empty): clearing the
 * last field of an optional group (`policy.job`) takes the group out of the file rather
 * than leaving `{}` for the schema to find incomplete.
 */
export function pruneEmpty<T>(root: T, path: Path, keep = 1): T {
  let out = root;
  for (let n = path.length - 1; n > keep; n--) {
    const parent = path.slice(0, n);
    const v = getAt(out, parent);
    if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length > 0) break;
    out = withValue(out, parent, undefined);
  }
  return out;
}
