/**
 * A scenario opened from a YAML file is saved as YAML, its comments kept: the README
 * invites YAML "so you can comment why a band is what it is", and a download as JSON lost
 * every such comment. The opened file's document is brought to the scenario on the page
 * node by node (the `yaml` package's Document API), not written anew: a node whose value is
 * unchanged is kept as it is, with its comments and style; a changed value is set in place
 * of its node (the comments on it kept); a removed key or list item goes, its comments with
 * it; a new one is added. The text is then read back as `poolsim run` reads it and must be
 * the scenario exactly, or it is not used: a file that says other than the page never goes
 * out under the file's name.
 */
import { Document, isAlias, isMap, isScalar, isSeq, parse, parseAllDocuments, Parser, Scalar, type Node, type Pair } from 'yaml';
import { parseScenarioText, SCENARIO_YAML_OPTIONS } from '../../sim/scenarioText.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(v: unknown): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A node's value as data (aliases resolved through the document's anchors). */
function valueOf(doc: Document, node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isAlias(node)) return valueOf(doc, node.resolve(doc));
  return (node as Node).toJS(doc);
}

/**
 * Whether a new collection among `siblings` (the other values of its map or list) is written
 * in flow style: as most of its siblings that are collections are (a sweep's `[1, 2, 3]`
 * beside it); where none is, a collection of plain values only as most of the file's are
 * (`leavesFlow`: `range: [0, 12]`, `{ name: crew, count: 3 }`). The `yaml` package writes
 * every new collection in block style, so a sweep key added to a file of flow lists was a
 * three-line list under one-line ones.
 */
function flowAmong(siblings: readonly unknown[], value: Json, leavesFlow: boolean): boolean {
  let vote = 0;
  for (const s of siblings) if (isMap(s) || isSeq(s)) vote += s.flow ? 1 : -1;
  if (vote !== 0) return vote > 0;
  return leaf(value) && leavesFlow;
}

/** A list or map of plain values only. */
function leaf(value: Json): boolean {
  const items = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : undefined;
  return items !== undefined && items.length > 0 && items.every((v) => v === null || typeof v !== 'object');
}

/** Whether most of the document's collections of plain values only are written in flow style. */
function leavesFlowOf(doc: Document): boolean {
  let vote = 0;
  const walk = (node: unknown): void => {
    if (!isMap(node) && !isSeq(node)) return;
    const values = isMap(node) ? node.items.map((p) => p.value) : node.items;
    if (values.length > 0 && values.every((v) => isScalar(v))) vote += node.flow ? 1 : -1;
    values.forEach(walk);
  };
  walk(doc.contents);
  return vote > 0;
}

/** A new node for `value`, in flow style where `flow` says, and each collection of plain values inside it as the file writes those. */
function created(doc: Document, value: Json, flow: boolean, leavesFlow: boolean): Node {
  const made = doc.createNode(value) as Node;
  const style = (node: unknown, flowHere: boolean): void => {
    if (!isMap(node) && !isSeq(node)) return;
    if (flowHere) {
      node.flow = true;
      return;
    }
    const values = isMap(node) ? node.items.map((p) => p.value) : node.items;
    for (const v of values) style(v, leaf(valueOf(doc, v) as Json) && leavesFlow);
  };
  style(made, flow);
  return made;
}

/** A new node for `value`, carrying the comments of the node it replaces (and its flow style, where both are collections). */
function replacement(doc: Document, old: unknown, value: Json, siblings: readonly unknown[], leavesFlow: boolean): Node {
  const flow = isMap(old) || isSeq(old) ? Boolean(old.flow) : flowAmong(siblings, value, leavesFlow);
  const made = created(doc, value, flow, leavesFlow);
  if (old && typeof old === 'object' && !isAlias(old)) {
    const from = old as Node;
    if (from.commentBefore) made.commentBefore = from.commentBefore;
    if (from.comment) made.comment = from.comment;
    if (from.spaceBefore) made.spaceBefore = from.spaceBefore;
  }
  return made;
}

/**
 * `node` brought to `value`: kept where it already says it, changed in place where it can
 * be, else replaced. `siblings`: the other values of its map or list, whose style a new
 * collection takes (flowAmong); `leavesFlow`: the file's style of lists of plain values.
 */
function sync(doc: Document, node: unknown, value: Json, siblings: readonly unknown[] = [], leavesFlow = false): unknown {
  if (same(valueOf(doc, node), value)) return node;
  if (isMap(node) && isPlainObject(value)) {
    const byKey = new Map<string, Pair>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key === 'string' && !byKey.has(key)) byKey.set(key, pair);
    }
    const values = node.items.map((pair) => pair.value);
    // In the page's order of keys (a sweep's order is the order of its points), each key
    // that stays with its own pair (its comments go with it), the rest new.
    node.items = Object.entries(value).map(([key, v]) => {
      const pair = byKey.get(key);
      if (!pair) return doc.createPair(key, created(doc, v, flowAmong(values, v, leavesFlow), leavesFlow));
      pair.value = sync(doc, pair.value, v, values, leavesFlow);
      return pair;
    });
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = syncList(doc, node.items, value, leavesFlow);
    return node;
  }
  return replacement(doc, node, value, siblings, leavesFlow);
}

/**
 * A list's items brought to `values`: the longest run of items unchanged, in order, is
 * kept (so a check taken out takes its comment with it, and the next check keeps its own);
 * between two kept items, the items there are changed in place one for one, and the rest
 * removed or added.
 */
function syncList(doc: Document, items: unknown[], values: Json[], leavesFlow: boolean): unknown[] {
  const siblings = [...items];
  const had = items.map((item) => JSON.stringify(valueOf(doc, item)));
  const want = values.map((v) => JSON.stringify(v));
  // Longest common subsequence, by value.
  const n = had.length;
  const m = want.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) table[i]![j] = had[i] === want[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  const gapOld: unknown[] = [];
  const gapNew: Json[] = [];
  // Between two kept items, each new value takes the item there most like it (a check whose
  // band changed keeps its own comment, not that of a check removed beside it).
  const flush = () => {
    const free = gapOld.map((item) => valueOf(doc, item));
    const used = new Set<number>();
    for (const v of gapNew) {
      let best = -1;
      let score = 0;
      free.forEach((old, k) => {
        const s = used.has(k) ? 0 : likeness(old, v);
        if (s > score) [best, score] = [k, s];
      });
      if (best >= 0) used.add(best);
      out.push(best >= 0 ? sync(doc, gapOld[best], v, siblings, leavesFlow) : created(doc, v, flowAmong(siblings, v, leavesFlow), leavesFlow));
    }
    gapOld.length = 0;
    gapNew.length = 0;
  };
  while (i < n || j < m) {
    if (i < n && j < m && had[i] === want[j]) {
      flush();
      out.push(items[i]);
      i++;
      j++;
    } else if (j < m && (i === n || table[i]![j + 1]! >= table[i + 1]![j]!)) gapNew.push(values[j++]!);
    else gapOld.push(items[i++]);
  }
  flush();
  return out;
}

/**
 * How alike an item and the value it may become are: for two objects (checks, characters),
 * how many entries they share; for two values of one kind otherwise, a little (they are
 * paired by place when nothing more alike is there); none for two of different kinds.
 */
function likeness(old: unknown, value: Json): number {
  if (isPlainObject(old) && isPlainObject(value)) return Object.entries(value).filter(([k, v]) => k in old && same(old[k], v)).length;
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);
  return kind(old) === kind(value) && kind(value) !== 'object' ? 0.5 : 0;
}

/** The one document a YAML scenario file holds (a stray "---" after it makes an empty second one). */
function scenarioDocument(text: string): Document | undefined {
  // Read as poolsim reads it (a `!!float 5` too), or its warning would drop the file's own text.
  const docs = parseAllDocuments(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, SCENARIO_YAML_OPTIONS);
  if (!Array.isArray(docs)) return undefined;
  const written = docs.filter((d) => d.contents !== null);
  if (written.length !== 1 || written[0]!.errors.length > 0 || written[0]!.warnings.length > 0) return undefined;
  return written[0] as Document;
}

/**
 * Where the page changed only values (no key or list item added, removed or moved), the
 * opened text's own edits: each changed plain or quoted value's characters replaced, every
 * other byte of the file kept. Written anew through the Document, a one-number change also
 * re-laid lines nobody touched (`{ name: captain }` became `{name: captain}`: the `yaml`
 * package pads flow maps and lists alike, and folds long text at one width), 8 to 13 lines
 * of a diff for one. `false` where the change is more than values (the Document then).
 */
function valueEdits(doc: Document, node: unknown, value: Json, edits: { from: number; to: number; text: string }[]): boolean {
  if (same(valueOf(doc, node), value)) return true;
  if (isMap(node) && isPlainObject(value)) {
    const keys = Object.keys(value);
    if (node.items.length !== keys.length) return false;
    return node.items.every((pair, i) => isScalar(pair.key) && pair.key.value === keys[i] && valueEdits(doc, pair.value, value[keys[i]!]!, edits));
  }
  if (isSeq(node) && Array.isArray(value)) {
    return node.items.length === value.length && node.items.every((item, i) => valueEdits(doc, item, value[i]!, edits));
  }
  if (!isScalar(node) || !node.range || (value !== null && typeof value === 'object')) return false;
  const text = scalarText(value, node.type);
  if (text === undefined) return false;
  edits.push({ from: node.range[0], to: node.range[1], text });
  return true;
}

/** A value written as one token that reads back as itself in block or flow context; undefined for text a block scalar held. */
function scalarText(value: null | boolean | number | string, type: Scalar['type']): string | undefined {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (type === Scalar.BLOCK_FOLDED || type === Scalar.BLOCK_LITERAL) return undefined;
  // Plain where it was plain and reads back as the same string; else quoted (JSON's
  // double quotes are YAML's).
  // (A leading digit too: dice such as 2d6 read back as text; a number or a date does not.)
  if (type === Scalar.PLAIN && /^[A-Za-z0-9_][\w .-]*$/.test(value) && !value.endsWith(' ') && parse(value) === value) return value;
  if (type === Scalar.QUOTE_SINGLE) return `'${value.replaceAll("'", "''")}'`;
  return JSON.stringify(value);
}

/** How the text is laid out: lines up to the file's longest (at least 80), flow collections unpadded (padded after, by `padFlow`). */
function layout(opened: string) {
  const longest = Math.max(0, ...opened.split('\n').map((line) => line.length));
  return { lineWidth: Math.max(80, longest), flowCollectionPadding: false };
}

/** A flow collection written on one line with something in it: `[` or `{`, and where it opens and closes. */
interface OneLineFlow {
  kind: '[' | '{';
  open: number;
  close: number;
}

/** The one-line, non-empty flow collections of `text` (the `yaml` package's concrete syntax tree). */
function oneLineFlows(text: string): OneLineFlow[] {
  const found: OneLineFlow[] = [];
  const walk = (token: unknown): void => {
    if (token === null || typeof token !== 'object') return;
    const t = token as { type?: string; start?: { offset: number; source: string }; end?: { type: string; offset: number }[]; items?: unknown[] };
    if (t.type === 'flow-collection' && t.start && t.end && (t.items?.length ?? 0) > 0) {
      const close = t.end.find((e) => e.type === 'flow-map-end' || e.type === 'flow-seq-end');
      if (close && !text.slice(t.start.offset, close.offset).includes('\n')) found.push({ kind: t.start.source === '[' ? '[' : '{', open: t.start.offset, close: close.offset });
    }
    for (const v of Array.isArray(token) ? token : Object.values(token)) walk(v);
  };
  for (const token of new Parser().parse(text)) walk(token);
  return found;
}

/**
 * `written` (laid out unpadded) with its flow maps and lists padded as the opened file pads
 * each kind, by most of its one-line ones: the library writes maps `{ a: 1 }` and lists
 * `[1, 2]`, which the `yaml` package's one `flowCollectionPadding` cannot keep both of, and
 * a structural edit rewrote every flow map of the file otherwise.
 */
function padFlow(opened: string, written: string): string {
  const votes = { '[': 0, '{': 0 };
  for (const f of oneLineFlows(opened)) votes[f.kind] += opened[f.open + 1] === ' ' ? 1 : -1;
  const inserts = oneLineFlows(written)
    .filter((f) => votes[f.kind] > 0)
    .flatMap((f) => [f.open + 1, f.close])
    .sort((a, b) => b - a);
  let text = written;
  for (const at of inserts) text = `${text.slice(0, at)} ${text.slice(at)}`;
  return text;
}

/** The block scalars (`description: >`) of `text`'s document: where each stands, and what it says. */
function blockScalars(text: string): { from: number; to: number; value: unknown }[] {
  const doc = scenarioDocument(text);
  const found: { from: number; to: number; value: unknown }[] = [];
  const walk = (node: unknown): void => {
    if (isScalar(node)) {
      if ((node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL) && node.range) found.push({ from: node.range[0], to: node.range[1], value: node.value });
    } else if (isMap(node)) {
      for (const pair of node.items) walk(pair.value);
    } else if (isSeq(node)) {
      node.items.forEach(walk);
    }
  };
  if (doc) walk(doc.contents);
  return found;
}

/**
 * `written` with each text block that says what one of the opened file's says (in order) put
 * back as the file had it: the Document folds a `>` block anew at the line width, which is
 * the file's longest line (a sweep's point), so a key added anywhere re-laid every
 * description. Checked by reading it back, as all the text is.
 */
function keptBlocks(opened: string, written: string): string {
  const bom = opened.charCodeAt(0) === 0xfeff ? 1 : 0;
  const before = blockScalars(opened);
  const after = blockScalars(written);
  const swaps: { from: number; to: number; text: string }[] = [];
  let next = 0;
  for (const block of after) {
    const at = before.findIndex((b, i) => i >= next && b.value === block.value);
    if (at < 0) continue;
    next = at + 1;
    swaps.push({ from: block.from, to: block.to, text: opened.slice(bom + before[at]!.from, bom + before[at]!.to) });
  }
  let text = written;
  for (const { from, to, text: kept } of swaps.reverse()) text = text.slice(0, from) + kept + text.slice(to);
  return text;
}

/** A line with the space before its comment made one (the `yaml` package writes `value # note`). */
const oneSpaceBeforeComment = (line: string) => line.replace(/(\S)[ \t]+#/, '$1 #');

/**
 * `written` with each line that ends in a comment spaced as the opened file spaced that line
 * (`trials: 20000   # why`): the Document writes one space before every comment, so a key
 * added anywhere re-spaced every aligned comment of the file (a dashboard audit). The two
 * texts' lines are matched in order, alike but for that space (their longest common
 * sequence), so that of two alike lines each keeps its own spacing (matched by content
 * alone, a one-space line took a removed one's wide spacing: a review). A line kept ends as
 * the file ended it, one written anew in `end`, the end most of the file's lines have. The
 * text is read back as all of it is.
 */
function keptCommentSpacing(opened: string, written: string, end: '\r\n' | '\n'): string {
  const before = opened.replace(/^\ufeff/, '').split('\n');
  const after = written.split('\n');
  // Alike but for a line's CR too (a file of mixed line ends keeps its own on each line kept).
  const a = before.map((line) => oneSpaceBeforeComment(line.replace(/\r$/, '')));
  const b = after.map((line) => oneSpaceBeforeComment(line.replace(/\r$/, '')));
  // A scenario file is some hundreds of lines; past this the table is not worth it.
  if (a.length * b.length > 4_000_000) return written.replaceAll('\n', end);
  // common[i][j]: the longest common sequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  }
  // A line kept ends as it did (its CR or none, in a file of mixed ends); a line written anew,
  // or one that was the file's last and had no end, as `end`. The last has none.
  const cr = end === '\r\n' ? '\r' : '';
  const out = after.map((line, j) => (j < after.length - 1 ? line.replace(/\r$/, '') + cr : line));
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      out[j] = i < before.length - 1 || j === after.length - 1 ? before[i]! : before[i]! + cr;
      i++;
      j++;
    } else if (common[i + 1]![j]! >= common[i]![j + 1]!) i++;
    else j++;
  }
  return out.join('\n');
}

/**
 * `scenario` as the YAML file `file` (whose text was `opened`), its comments kept where the
 * values they sit on are still there; `keptComments` false where the document could not be
 * brought to it and it is written anew (the data is the scenario's either way).
 */
export function yamlFileText(opened: string, file: string, scenario: unknown): { text: string; keptComments: boolean } {
  const target = JSON.parse(JSON.stringify(scenario)) as Json;
  const says = (text: string) => {
    try {
      return same(parseScenarioText(text, file), target);
    } catch {
      return false;
    }
  };
  // The file is laid out as LF lines, as the Document writes them, and written with its own
  // ends again: compared as they were, none of a CRLF file's lines (saved on Windows) met a
  // written one, every aligned comment was re-spaced and every line end changed. Lines
  // written anew end as most of the file's lines do: a CRLF file whose last line ended LF
  // (another editor's) was taken for one of mixed ends, and got LF lines among its CRLF ones.
  const crlfs = opened.split('\r\n').length - 1;
  const end = crlfs > opened.split('\n').length - 1 - crlfs ? '\r\n' : '\n';
  // A byte-order mark kept, whatever the edit (a key added dropped it: a review).
  const bom = opened.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const lf = opened.slice(bom.length).replaceAll('\r\n', '\n');
  const ends = (text: string) => bom + text.replaceAll('\n', end);
  const doc = scenarioDocument(opened);
  if (doc) {
    // Only values changed: the file's own text, those values' characters replaced.
    const edits: { from: number; to: number; text: string }[] = [];
    if (valueEdits(doc, doc.contents, target, edits)) {
      let text = opened.slice(bom.length);
      for (const { from, to, text: value } of edits.sort((a, b) => b.from - a.from)) text = text.slice(0, from) + value + text.slice(to);
      if (says(bom + text)) return { text: bom + text, keptComments: true };
    }
    doc.contents = sync(doc, doc.contents, target, [], leavesFlowOf(doc)) as typeof doc.contents;
    // Written as the file was: its long lines not folded anew, flow maps and lists padded as
    // it pads them, its text blocks that say the same as it wrote them, its comments spaced
    // as it spaced them, its lines ended as it ends them.
    const written = padFlow(lf, doc.toString(layout(lf)));
    const kept = keptBlocks(lf, written);
    // Each line kept as the file ended it (keptCommentSpacing), else every line as most do.
    const text = [bom + keptCommentSpacing(opened, kept, end), ends(kept), ends(written)].find(says);
    if (text !== undefined) return { text, keptComments: true };
  }
  // A document made from the data alone: no comments to keep.
  const text = ends(padFlow(lf, new Document(target).toString(layout(lf))));
  if (!says(text)) throw new Error(`${file}: the scenario could not be written as YAML that reads back the same`);
  return { text, keptComments: false };
}
