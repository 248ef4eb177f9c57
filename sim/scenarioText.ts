/**
 * A scenario file's text to its value: JSON, or YAML for `.yaml`/`.yml`, with line and
 * column for syntax errors. No file system here, so the CLI (load.ts) and the dashboard
 * (which reads dropped files) give the same message for the same unreadable file; in sim/
 * so the browser app needs nothing from the command's folder.
 */
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseAllDocuments, parseDocument, Scalar, YAMLParseError, YAMLWarning } from 'yaml';
import type { Document, DocumentOptions, Pair, ParseOptions, ScalarTag, SchemaOptions } from 'yaml';
import { formatPath, ScenarioError, ScenarioErrors, unshared } from './scenario.ts';

/**
 * YAML 1.2's core schema reads a `!!float` scalar by one pattern, `[-+]? ( \. [0-9]+ |
 * [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?` beside `.inf` and `.nan`: `!!float 5` is
 * 5. The `yaml` library resolves an explicit `!!float` only by its own three float forms,
 * each of which wants a dot or an exponent, and left `!!float 5` (and -5, +5) unresolved:
 * refused as "not plain YAML data" where every YAML 1.2 reader takes it (an input audit).
 * This tag answers every explicit `!!float` (a tag that is not a default is taken by name
 * before the defaults are tried); a value outside the pattern is still refused, in its
 * words. It never resolves an untagged value (not a default), nor writes one (no identify).
 */
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const CORE_FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const explicitFloat: ScalarTag = {
  tag: 'tag:yaml.org,2002:float',
  default: false,
  resolve(source: string, onError: (message: string) => void) {
    if (CORE_FLOAT.test(source)) return parseFloat(source);
    if (CORE_FLOAT_SPECIAL.test(source)) return source.endsWith('nan') || source.endsWith('NaN') || source.endsWith('NAN') ? NaN : source.startsWith('-') ? -Infinity : Infinity;
    onError(`Unresolved tag: tag:yaml.org,2002:float`);
    return source;
  },
};

/**
 * What YAML 1.2's core schema reads under each of its tags that a value can fail to fit
 * (`!!str` takes any): said where a tagged value does not fit its tag (`!!int 5.0`,
 * `!!bool yes`), which the library said as "Unresolved tag: tag:yaml.org,2002:int", read
 * beside "a scenario holds strings, numbers…" as if the tag were not YAML's own.
 */
const CORE_TAG_EXPECTED: Record<string, string> = {
  int: 'a whole number, such as 5, -3, 0x1F or 0o17',
  float: 'a number, such as 5, 0.25, 1e3 or .inf',
  bool: 'true or false',
  null: '~, null or nothing',
  // On a list or a mapping (`a: !!str [1]`): it read "a tag poolsim does not read, tag:yaml.org,2002:str".
  str: 'a single value (text such as x or "5"), not a list or a mapping',
  // A collection's tag on a scalar (`trials: !!seq 5`): the library's "Unresolved tag".
  seq: 'a list (items on lines starting with "- ", or [a, b])',
  map: 'a mapping (key: value lines, or {a: 1})',
};

/** A core tag's refusal in poolsim's words (CORE_TAG_EXPECTED), or undefined for any other message. */
function coreTagProblem(message: string): string | undefined {
  const tag = /^Unresolved tag: tag:yaml\.org,2002:(\w+)$/.exec(message)?.[1];
  const expected = tag === undefined ? undefined : CORE_TAG_EXPECTED[tag];
  return expected === undefined ? undefined : `a value tagged !!${tag} that YAML 1.2 does not read as one: expected ${expected}`;
}

/**
 * The options a scenario's YAML is read with, here and where the dashboard reads an opened
 * file again to keep its comments (dashboard/model/yamlFile.ts): the core schema, its
 * `!!float` as YAML 1.2 reads it (explicitFloat).
 */
export const SCENARIO_YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  customTags: (tags) => [...tags, explicitFloat],
};

/**
 * The path of the node a tag problem stands on: the first tagged key or value that starts
 * after `offset` (the library places the problem on the tag, which is written just before
 * its node), so that `seed: !custom x` is said at `seed`, as every other problem of a
 * file is said at its field, not at a line and column alone. Undefined where none follows.
 * A walk with its own stack (no recursion: nesting depth cannot overflow the stack).
 */
function pathAt(doc: Document, offset: number): string | undefined {
  let best: { start: number; path: PropertyKey[] } | undefined;
  // Only a tagged node: a block mapping starts where its first key does, so `!!int k: 5`
  // and `!custom` above `a: 1` (a tag on the whole mapping) both had a mapping and its
  // first key start just after the tag; the first key's tag was said at the mapping around
  // it (`a` for `a:\n  !!int k: 5`), the whole document's at its first key (a review).
  // The whole document is walked too (its path empty): a tag on it is on no field.
  for (const { node, path } of walkNodes(doc)) {
    const n = node as { range?: [number, number, number]; tag?: unknown } | null;
    const start = n?.range?.[0];
    if (typeof n?.tag === 'string' && start !== undefined && start > offset && (best === undefined || start < best.start)) best = { start, path };
  }
  return best === undefined || best.path.length === 0 ? undefined : formatPath(best.path);
}

/** Where each tag problem a document holds stands (pathAt), for its message. */
const tagPaths = new WeakMap<object, string>();

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/**
 * Where JSON text that JSON.parse refused first stops being JSON: the offset of the first
 * character no JSON reading could take (undefined if none is found). V8 names the position
 * of some syntax errors and not others ("Unexpected token 'N', … is not valid JSON" says
 * none), so the place is found here. A scan with its own stack (no recursion).
 */
function syntaxErrorOffset(text: string): number | undefined {
  const space = /[ \t\n\r]*/y;
  const scalar = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  let i = 0;
  const skip = () => {
    space.lastIndex = i;
    space.exec(text);
    i = space.lastIndex;
  };
  const take = (re: RegExp) => {
    re.lastIndex = i;
    if (!re.test(text)) return false;
    i = re.lastIndex;
    return true;
  };
  /**
   * A string, taken whole or not at all. A loop, not a regular expression: the one this
   * replaced, /"(?:[^"\\…]+|\\…)*"/, backtracked without end on a string left open (a part
   * file cut short inside a scenario's description hung `poolsim merge` for minutes, and a
   * scenario file so cut would have hung `run`; a review).
   */
  const takeString = () => {
    if (text[i] !== '"') return false;
    let j = i + 1;
    for (;;) {
      const c = text.charCodeAt(j);
      // The end of the text (NaN) or a control character: no string.
      if (!(c >= 0x20)) return false;
      if (c === 0x22) break;
      if (c !== 0x5c) j++;
      else if (text[j + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) j += 6;
      else if (text[j + 1] !== undefined && '"\\/bfnrt'.includes(text[j + 1])) j += 2;
      else return false;
    }
    i = j + 1;
    return true;
  };
  /** A key and its colon, after a "{" or a "," in an object. */
  const key = () => {
    skip();
    if (!takeString()) return false;
    skip();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  const open: string[] = [];
  for (;;) {
    // A value.
    skip();
    if (text[i] === '{' || text[i] === '[') {
      const c = text[i++];
      skip();
      if (text[i] === (c === '{' ? '}' : ']')) i++;
      else {
        open.push(c);
        if (c === '{' && !key()) return i;
        continue;
      }
    } else if (!takeString() && !take(scalar)) return i;
    // What follows it: a comma, a closing bracket, or the end.
    for (;;) {
      skip();
      const top = open[open.length - 1];
      if (top === undefined) return i < text.length ? i : undefined;
      if (text[i] === ',') {
        i++;
        if (top === '{' && !key()) return i;
        break;
      }
      if (text[i] !== (top === '{' ? '}' : ']')) return i;
      i++;
      open.pop();
    }
  }
}

/**
 * The first key that appears twice in one object of valid JSON text, with where it is:
 * JSON.parse silently keeps the last, YAML refuses them, so JSON refuses them too.
 * A scan of the tokens (no recursion: nesting depth cannot overflow the stack).
 */
function duplicateKey(text: string): { key: string; offset: number } | undefined {
  const stack: { keys?: Set<string>; expectKey: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') stack.push({ keys: new Set(), expectKey: true });
    else if (c === '[') stack.push({ expectKey: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    } else if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return { key, offset: i };
        top.keys.add(key);
        top.expectKey = false;
      }
      i = j;
    }
  }
  return undefined;
}

/**
 * Where a YAML merge key (`<<: *anchor`) stands in a document, with the alias it merges
 * when it merges one. Under YAML 1.2 (the default) the library reads `<<` as a plain key,
 * which the schema then refused as `unknown field "<<"` beside a "missing" error for each
 * field it meant to bring; under a `%YAML 1.1` directive it merges, whatever `merge`
 * option is passed. Neither is data read as written, so a merge key is refused once, at
 * its place. A quoted `"<<"` is not a merge key in YAML: it stays a key like any other.
 * (findPair walks the document.)
 */
function mergeKey(doc: Document): { path: string; alias?: string } | undefined {
  return findPair(doc, (pair, path) => {
    const key = pair.key;
    if (!isScalar(key)) return undefined;
    const merges = typeof key.value === 'symbol' ? key.value.description === '<<' : key.value === '<<' && (!key.type || key.type === Scalar.PLAIN);
    return merges ? { path: formatPath([...path, '<<']), alias: isAlias(pair.value) ? pair.value.source : undefined } : undefined;
  });
}

/**
 * Where a mapping in a document has a key that is a list or a mapping (`? [a]\n: 1`, or an
 * alias of one): JavaScript objects have string keys only, and the library made one of it
 * ("[ a ]") with a Node warning on stderr. A scenario's keys are names, so such a key is
 * refused, at the mapping that holds it.
 */
function collectionKey(doc: Document): { path: string; key: string } | undefined {
  return findPair(doc, (pair, path) => {
    const resolved = isAlias(pair.key) ? pair.key.resolve(doc) : pair.key;
    return isCollection(resolved) ? { path: formatPath(path), key: String(pair.key) } : undefined;
  });
}

/**
 * Where a mapping in a document has a key that YAML reads as null (`~`, `null`, `Null`,
 * `NULL`, a key left empty as in `: 4`, or an alias of one), with how the file wrote it:
 * JavaScript objects have string keys only, and the library made "" of it, so the file
 * was refused for `unknown field ""`, a key it never wrote (an input audit).
 */
function nullKey(doc: Document): { path: string; written: string; offset?: number } | undefined {
  return findPair(doc, (pair, path) => {
    const key: unknown = pair.key;
    const resolved = isAlias(key) ? key.resolve(doc) : key;
    if (key !== null && !(isScalar(resolved) && resolved.value === null)) return undefined;
    // With its tag as written (`!!null : 4` read as "a key left empty": a review).
    const tag = isScalar(key) && typeof key.tag === 'string' ? key.tag.replace(/^tag:yaml\.org,2002:/, '!!') : undefined;
    const source = isAlias(key) ? `*${key.source}` : isScalar(key) ? (key.source ?? '') : '';
    const written = tag === undefined ? source : `${tag}${source === '' ? '' : ` ${source}`}`;
    return { path: formatPath(path), written, offset: isScalar(key) || isAlias(key) ? key.range?.[0] : undefined };
  });
}

/**
 * An answer of `found` for a mapping's pair, the first met in walkNodes' order: `found`
 * gets each pair and the path of the mapping holding it.
 */
function findPair<T>(doc: Document, found: (pair: Pair, path: PropertyKey[]) => T | undefined): T | undefined {
  for (const { pair, holder } of walkNodes(doc)) {
    if (pair === undefined) continue;
    const answer = found(pair, holder);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/**
 * Every node of a document with its path, depth first (a mapping's pairs in order, nested
 * nodes after): the whole document first (path []), then each mapping's key (with its pair
 * and the path of the mapping holding it) and value, each list's items. A walk with its own
 * stack (no recursion: nesting depth cannot overflow the stack); aliases are not followed
 * (the anchored node is walked where it is written). findPair and pathAt walk by it.
 */
function* walkNodes(doc: Document): Generator<{ node: unknown; path: PropertyKey[]; pair?: Pair; holder: PropertyKey[] }> {
  yield { node: doc.contents, path: [], holder: [] };
  const stack: { node: unknown; path: PropertyKey[] }[] = [{ node: doc.contents, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key;
        const inner = [...path, isScalar(key) ? String(key.value) : String(key)];
        yield { node: key, path: inner, pair, holder: path };
        yield { node: pair.value, path: inner, holder: path };
        stack.push({ node: pair.value, path: inner });
      }
    } else if (isSeq(node)) {
      for (let i = 0; i < node.items.length; i++) {
        yield { node: node.items[i], path: [...path, i], holder: path };
        stack.push({ node: node.items[i], path: [...path, i] });
      }
    }
  }
}

/**
 * One YAML document's data. A warning is refused as an error is: an unknown tag
 * (`seed: !custom x`) was read as its bare value with only a Node warning on stderr, where
 * the file holds data only. A merge key is refused (mergeKey), as is a key that is a list
 * or a mapping (collectionKey) or null (nullKey). `text` is the document's text, for where.
 */
function yamlData(doc: Document, file: string, text: string): unknown {
  const first = doc.errors[0] ?? doc.warnings[0];
  if (first) {
    if (first.code === 'TAG_RESOLVE_FAILED') {
      const path = pathAt(doc, first.pos[0]);
      if (path !== undefined) tagPaths.set(first, path);
    }
    throw first;
  }
  // A `%YAML 1.1` directive makes the library read YAML 1.1's way: `seed: 012` as 10,
  // `trials: 1_000` as 1000, `1:30` as 90, a key `y` as true — numbers other than those
  // written, unsaid (an input audit). Refused, with what to do.
  if (doc.directives?.yaml.explicit && doc.directives.yaml.version !== '1.2') {
    throw new ScenarioErrors([
      new ScenarioError(file, '', `a %YAML ${doc.directives.yaml.version} directive: poolsim reads YAML 1.2 only (under 1.1, 012 reads as 10, 1:30 as 90, yes and no as true and false): expected the directive left out, or %YAML 1.2`),
    ]);
  }
  const merge = mergeKey(doc);
  if (merge) {
    const whole = merge.alias === undefined ? 'an alias of the whole mapping (*anchor)' : `an alias of the whole mapping (*${merge.alias})`;
    throw new ScenarioErrors([new ScenarioError(file, merge.path, `YAML merge keys ("<<") are not supported: write the fields out, or use ${whole} where nothing in it changes`)]);
  }
  const collection = collectionKey(doc);
  if (collection) {
    const shown = collection.key.length > 40 ? `${collection.key.slice(0, 37)}...` : collection.key;
    throw new ScenarioErrors([new ScenarioError(file, collection.path, `a key that is a list or a mapping (${shown}): a scenario's keys are names: expected a plain key such as name or setup`)]);
  }
  const empty = nullKey(doc);
  if (empty) {
    const said = empty.written === '' ? 'a key left empty (nothing before its colon), which YAML reads as null' : `a key written ${empty.written}, which YAML reads as null`;
    const at = empty.offset === undefined ? '' : ` (${lineAndColumn(text, empty.offset)})`;
    throw new ScenarioErrors([new ScenarioError(file, empty.path, `${said}${at}: a scenario's keys are names (of a field, a rule variant, a sweep path): expected a name there`)]);
  }
  // An alias reads as a copy of what it names, each place its own (unshared).
  return unshared(doc.toJS());
}

/** Where a YAML problem stands: its field (tagPaths) with its line and column, or those alone. */
function placeOf(err: YAMLParseError | YAMLWarning): string {
  const line = err.linePos?.[0] ? `line ${err.linePos[0].line}, column ${err.linePos[0].col}` : '';
  const path = tagPaths.get(err);
  return path === undefined ? line : line === '' ? path : `${path} (${line})`;
}

/** Parse a scenario file's text as JSON or YAML by its extension. */
export function parseScenarioText(text: string, file: string): unknown {
  // A byte order mark is not part of the text (editors on Windows add one).
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/\.ya?ml$/i.test(file)) {
    try {
      try {
        return yamlData(parseDocument(text, { ...SCENARIO_YAML_OPTIONS, prettyErrors: true }), file, text);
      } catch (err) {
        // A stray "---" with nothing after it (an editor's end of document) makes a second,
        // empty document: the file still holds one scenario.
        if (!(err instanceof YAMLParseError && err.code === 'MULTIPLE_DOCS')) throw err;
        const docs = parseAllDocuments(text, { ...SCENARIO_YAML_OPTIONS, prettyErrors: true });
        // Without toJS: a document is read (and its keys checked) by yamlData only.
        const written = Array.isArray(docs) ? docs.filter((d) => d.contents !== null && !(isScalar(d.contents) && d.contents.value === null)) : [];
        if (!Array.isArray(docs) || written.length > 1) throw err;
        // Its errors thrown by yamlData, which places a tag problem at its field.
        return written.length === 0 ? null : yamlData(written[0], file, text);
      }
    } catch (err) {
      if (err instanceof ScenarioErrors) throw err;
      if (err instanceof YAMLWarning) {
        const at = placeOf(err);
        const first = err.message.split('\n')[0].replace(/\s*at line \d+, column \d+:?\s*$/, '');
        const core = coreTagProblem(first);
        // A tag of the file's own (`!custom`): the library's "Unresolved tag: !custom" said as what it is.
        // (A core tag's long name said as the file writes it: tag:yaml.org,2002:foo as !!foo.)
        const own = /^Unresolved tag: (.*)$/.exec(first)?.[1]?.replace(/^tag:yaml\.org,2002:/, '!!');
        const holds = 'a scenario holds strings, numbers, true/false, null, lists and objects only';
        const said = core ?? (own === undefined ? `${first} (${holds})` : `a tag poolsim does not read, ${own} (${holds}): expected the value without its tag`);
        throw new ScenarioErrors([new ScenarioError(file, at, `not plain YAML data: ${said}`)]);
      }
      if (err instanceof YAMLParseError) {
        const at = placeOf(err);
        // The library's first line ends with its own "at line L, column C:" (the place is
        // already the error's path), and names its own API for a second document.
        const first = err.message.split('\n')[0].replace(/\s*at line \d+, column \d+:?\s*$/, '');
        // A `!!float` that is no float (explicitFloat) is an error, not a warning: said as the other core tags are.
        const core = err.code === 'TAG_RESOLVE_FAILED' ? coreTagProblem(first) : undefined;
        if (core !== undefined) throw new ScenarioErrors([new ScenarioError(file, at, `not plain YAML data: ${core}`)]);
        // A key given twice is named, as JSON's is (a files audit: "Map keys must be unique" alone).
        const key = err.code === 'DUPLICATE_KEY' ? duplicateKeyAt(text, err.pos[0]) : undefined;
        // A tab where YAML indents (an editor set to tabs): say what goes there instead.
        const said = err.code === 'MULTIPLE_DOCS' ? 'a second document (after a line "---", or "..." and more): a scenario file holds one' : key !== undefined ? `${first}: "${key}" is given twice` : err.code === 'TAB_AS_INDENT' ? `${first}: expected spaces (YAML indents with spaces only)` : first;
        throw new ScenarioErrors([new ScenarioError(file, at, `not valid YAML: ${said}`)]);
      }
      // The yaml library stops an alias bomb with a ReferenceError, and may stop other
      // hostile input with other errors: each is still a file that cannot be read.
      throw new ScenarioErrors([new ScenarioError(file, '', `not valid YAML: ${String((err as Error)?.message ?? err).split('\n')[0]}`)]);
    }
  }
  return parseJsonText(text, file);
}

/**
 * JSON text to its value, as a scenario's is read: a byte order mark passed over, a syntax
 * error placed by line and column, a key twice in one object refused. Also what `diff`
 * and `merge` read their files with.
 */
export function parseJsonText(text: string, file: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const bad = syntaxErrorOffset(text);
    // A program that writes NaN or Infinity into JSON (Python's json does) wrote what no
    // JSON reader takes: said so, where it stands.
    const nonNumber = bad === undefined ? undefined : /^[-+]?(?:NaN|Infinity)(?![\w$])/.exec(text.slice(bad, bad + 10))?.[0];
    if (nonNumber) throw new ScenarioErrors([new ScenarioError(file, lineAndColumn(text, bad!), `not valid JSON: ${nonNumber}: JSON has no NaN or Infinity: write a number, or null`)]);
    const pos = /position (\d+)/.exec(message);
    // "Unexpected end of JSON input" has no position: the end is where it stopped. Nor has
    // "Unexpected token": there the scan finds it.
    const offset = pos ? Number(pos[1]) : /end of JSON input/i.test(message) ? text.length : bad;
    const at = offset === undefined ? '' : lineAndColumn(text, offset);
    // V8's "Unexpected token 'a', "…the file's text…" is not valid JSON" quotes the text
    // (newlines and all) and names the character where its reading failed ('a' of "nan"):
    // with the place found, the word that stands there.
    const word = !pos && bad !== undefined && /^Unexpected token /.test(message) ? /^(?:[^\s,:[\]{}"]{1,24}|[\s\S])/.exec(text.slice(bad))?.[0] : undefined;
    const said = word === undefined ? message : `Unexpected token ${JSON.stringify(word)}`;
    throw new ScenarioErrors([new ScenarioError(file, at, `not valid JSON: ${said}`)]);
  }
  const twice = duplicateKey(text);
  if (twice) throw new ScenarioErrors([new ScenarioError(file, lineAndColumn(text, twice.offset), `not valid JSON: the key ${JSON.stringify(twice.key).slice(0, 80)} appears twice in one object`)]);
  return value;
}

/** Thrown by decodeUtf8 for bytes that are not UTF-8 text: its message says what they are instead. */
export class NotUtf8 extends Error {}

/**
 * A file's bytes as text, which must be UTF-8 (a byte order mark is kept for the parser to
 * pass over). Decoded as UTF-8 regardless, a Latin-1 "é" became "\ufffd" in a scenario's
 * name without a word (and `diff` and `--baseline` match scenarios by name); the browser's
 * `File.text()` does the same, so the dashboard decodes with this too.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw new NotUtf8('is UTF-16 text (it begins with a UTF-16 byte order mark): expected UTF-8, so save it as UTF-8');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const loose = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const line = loose.slice(0, Math.max(0, loose.indexOf('\ufffd'))).split('\n').length;
    throw new NotUtf8(`is not UTF-8 text (line ${line} holds bytes UTF-8 does not allow, as a file saved as Latin-1 or Windows-1252 does): expected UTF-8, so save it as UTF-8`);
  }
}

/** The `format` of a shard's part file (`poolsim run --shard --out`). */
export const PART_FORMAT = 'poolsim-part';

/**
 * A scenario file's value from its text, with the checks `poolsim run` and the dashboard
 * share: an empty file (or, in YAML, only comments) is said to be empty, not "not valid
 * JSON"; a shard's part file is said to be one, not a scenario with unknown fields. Throws
 * ScenarioErrors naming `file`. (What a result JSON is, each caller says: the command
 * refuses it, the dashboard shows it.)
 */
export function scenarioFileValue(text: string, file: string): unknown {
  const blank = text.replace(/^\uFEFF/, '').trim() === '' || (/\.ya?ml$/i.test(file) && text.split('\n').every((line) => /^\s*(#.*)?$/.test(line)));
  const value = blank ? undefined : parseScenarioText(text, file);
  if (value === undefined) throw new ScenarioErrors([new ScenarioError(file, '', 'the file is empty: expected a scenario (name, system, mechanic, setup…)')]);
  if (value !== null && typeof value === 'object' && (value as { format?: unknown }).format === PART_FORMAT) {
    throw new ScenarioErrors([new ScenarioError(file, '', 'a part file of a sharded run (run --shard --out), not a scenario: combine the parts with `poolsim merge`, and keep them out of the folders of scenarios you run')]);
  }
  return value;
}

/** The key written at `pos` in a YAML text (a plain or quoted scalar before its colon), or undefined. */
function duplicateKeyAt(text: string, pos: number): string | undefined {
  const m = /^(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^:#\n{}[\],]+?))\s*:/.exec(text.slice(pos, pos + 1100));
  if (!m) return undefined;
  const key = m[1] ?? m[2]?.replace(/''/g, "'") ?? m[3]!;
  return key.length > 0 && key.length <= 1024 ? key : undefined;
}
