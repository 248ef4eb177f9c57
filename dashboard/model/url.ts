/**
 * The setup in the page's address, so a link reproduces it: `#s=` the scenario as
 * base64url JSON, `&c=` the compare change likewise. Decoded with JSON.parse only. `&at=`
 * names a part of the page (an element's id: `results`, `panel-…`) to go to once it is
 * drawn: the summary bar's and the charts list's links carry it (ui/jump.ts), so one opened
 * in a new tab opens this setup there, where "#results" opened none.
 */
import type { CompareChange } from './compare.ts';
import { wordList } from '../../sim/words.ts';
import { MAX_WORKERS } from '../run/pool.ts';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * What the page reads from an address's query (`?name=value`, before the #): `?workers=`
 * alone (run/pool.ts). The setup itself is in the hash (encodeLink), never the query.
 */
export const QUERY_PARAMS: Readonly<Record<string, string>> = {
  workers: 'how many workers run the trials',
};

export interface LinkState {
  scenario: Record<string, unknown>;
  compare?: CompareChange;
  /** The id of the part of the page to go to once the results are drawn (`at=`). */
  at?: string;
}

export function encodeLink(state: LinkState): string {
  const params = new URLSearchParams();
  params.set('s', toBase64Url(JSON.stringify(state.scenario)));
  if (state.compare) params.set('c', toBase64Url(JSON.stringify(state.compare)));
  if (state.at !== undefined) params.set('at', state.at);
  return `#${params.toString()}`;
}

/** The state in a hash; undefined for an empty hash; a message when it cannot be read. */
export function decodeLink(hash: string): LinkState | { problem: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const s = params.get('s');
  // The page writes s=, c= and at= once each: anything else in a link (a hand-added trials=,
  // a second s=) would be ignored without a word, so the link is refused, saying what.
  const keys = [...params.keys()];
  const extra = [...new Set(keys.filter((k) => (k !== 's' && k !== 'c' && k !== 'at') || keys.indexOf(k) !== keys.lastIndexOf(k)))];
  if (s !== null && extra.length > 0) {
    // A page setting put after the # ("#s=…&workers=2") is named as one, with where it goes.
    const setting = extra.find((k) => Object.hasOwn(QUERY_PARAMS, k));
    const where = setting === undefined ? '' : ` (?${setting}= is a setting of the page, which goes before the #: …/?${cut(`${setting}=${params.get(setting)}`)}#s=…)`;
    return { problem: `the link holds ${extra.map((k) => (k === 's' || k === 'c' || k === 'at' ? `${k}= more than once` : `"${k}="`)).join(' and ')}, which the page never writes: expected s= (the setup), at most one c= (the comparison) and at most one at= (a part of the page to go to)${where}` };
  }
  // A query added after the hash ("#s=…?workers=2") is the hash's, and cannot be base64url:
  // said as that, not as a link cut short.
  for (const [key, value] of [['s', s], ['c', params.get('c')]] as const) {
    const at = value?.indexOf('?') ?? -1;
    if (value && at >= 0) {
      const added = value.slice(at, at + 40);
      const whose = `the link's ${key === 's' ? 'setup' : 'comparison'} (${key}=) has "${added}" added after it`;
      // Said a setting of the page only where it is one: "#s=…?fbclid=x" was told to go
      // before the #, where it is no setting either (a review).
      const [name] = [...new URLSearchParams(value.slice(at + 1))][0] ?? [''];
      if (Object.hasOwn(QUERY_PARAMS, name)) return { problem: `${whose}: a setting of the page (${wordList(Object.keys(QUERY_PARAMS).map((k) => `?${k}=`), 'or')}) goes before the #, as in …/${added}#s=…` };
      const guess = name === 's' || name === 'c' ? undefined : meant(name, rawValue(value.slice(at + 1)));
      return { problem: `${whose}, which is no setting of the page${guess ? ` (did you mean ${guess}?)` : ''}: the page knows only ${knownSettings()}, which goes before the #` };
    }
  }
  // A hash that holds no setup is no link only where it holds nothing: "#c=…" alone (a link
  // whose s= was lost) or "#results" (the summary bar's anchor once put it there) opened the
  // default scenario without a word.
  if (s === null) {
    if (keys.length === 0) return undefined;
    const held = [...new Set(keys)].map((k) => (k === 'c' ? 'a comparison (c=)' : params.get(k) === '' ? `"#${cut(k)}"` : `"${cut(k)}="`));
    return { problem: `the link holds no setup (s=), only ${wordList(held)}` };
  }
  if (s === '') return { problem: 'the link\'s setup (s=) is empty; it may have been cut short' };
  let scenario: unknown;
  try {
    scenario = JSON.parse(fromBase64Url(s));
  } catch (err) {
    return { problem: `the link's setup cannot be read (${(err as Error).message}); it may have been cut short` };
  }
  if (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario)) {
    return { problem: 'the link holds no scenario object' };
  }
  // An empty at= is a link cut short too: the part it went to is lost, not "none".
  const at = params.get('at');
  if (at === '') return { problem: 'the link\'s part of the page to go to (at=) is empty; it may have been cut short' };
  const going = at === null ? {} : { at };
  const c = params.get('c');
  if (c === null) return { scenario: scenario as Record<string, unknown>, ...going };
  // An empty c= is a comparison cut off, not none: A alone would pass for the link (it did).
  if (c === '') return { problem: 'the link\'s comparison (c=) is empty; it may have been cut short' };
  try {
    // The comparison's own mistakes are named as the comparison's (c=), not the setup's.
    const compare = JSON.parse(fromBase64Url(c));
    if (compare === null || typeof compare !== 'object' || typeof compare.path !== 'string') {
      // Refused whole, as a setup that cannot be read is: showing A alone would pass for the link.
      return { problem: 'the link\'s comparison (c=) holds no path to change' };
    }
    // Compare changes a setup field or a rule, as its picker offers: B's seed and trials are
    // the comparison's own, so a hand-made link changing them would be overridden or taken
    // silently.
    // A field name that reaches Object.prototype is refused as a file's is.
    const reserved = compare.path.split('.').find((part: string) => part === '__proto__' || part === 'constructor' || part === 'prototype');
    if (reserved !== undefined) {
      return { problem: `the link's comparison (c=) changes "${compare.path}": "${reserved}" cannot be a field name` };
    }
    if (!/^(setup|rules)\./.test(compare.path)) {
      return { problem: `the link's comparison (c=) changes "${compare.path}": Compare changes a setup field or a rule (B runs A's trials on its own seed)` };
    }
    return { scenario: scenario as Record<string, unknown>, compare: { path: compare.path, value: compare.value }, ...going };
  } catch (err) {
    return { problem: `the link's comparison (c=) cannot be read (${(err as Error).message}); it may have been cut short` };
  }
}

/**
 * Parameters that mail clients, chat apps and ad networks add to a link on its way
 * (`?utm_source=newsletter`, Facebook's `?fbclid=`, Google's `?gclid=`): no one asked the
 * page anything with them, so they are passed over in silence, as every site does; naming
 * them put a problem above every link opened from a newsletter or a chat (a review).
 */
const ADDED_ON_THE_WAY = /^(utm_[a-z0-9_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|ttclid|yclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok)$/i;

/** Text of the address cut where it is long (a setup pasted in). */
function cut(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A query part as the address shows it, cut where it is long. */
function shownPart(part: string): string {
  return `?${cut(part)}`;
}

/**
 * A query part's value as the address has it ("a%26b", not "a&b", which reads as two), or
 * "…" where it has none: a guess is an address to type, and "?workers=" is refused.
 */
function rawValue(part: string): string {
  const at = part.indexOf('=');
  return at < 0 || at === part.length - 1 ? '…' : part.slice(at + 1);
}

/** The settings the page reads, each with what it does. */
function knownSettings(): string {
  return wordList(Object.entries(QUERY_PARAMS).map(([name, what]) => `?${name}= (${what})`));
}

/** At most this many unknown parameters are named (thirty made a paragraph); the rest counted. */
const NAMED = 5;

/** Edits (insert, delete, replace) from a to b: Levenshtein's distance. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

/** What an unknown name most likely meant: a known one a typo or two away, or a link's s=/c= put in the query. */
function meant(name: string, value: string): string | undefined {
  const plain = name.trim().toLowerCase();
  if (plain === 's' || plain === 'c') return `#${plain}=…, the link's ${plain === 's' ? 'setup' : 'comparison'}, which goes after the #`;
  const near = Object.keys(QUERY_PARAMS).find((known) => distance(plain, known) <= 2);
  return near === undefined ? undefined : `?${near}=${value}`;
}

/**
 * What the page says of an address's query parameters it does not read (`?worker=2`, a
 * typo of `?workers=2`, ran the default number of workers without a word: a dashboard
 * audit): each named as the address has it, with the known one it most likely meant, and
 * what the page does read. Undefined where every parameter is known.
 */
export function unknownQueryNote(search: string): string | undefined {
  const unknown = new Map<string, string | undefined>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const [entry] = [...new URLSearchParams(part)];
    const [name] = entry ?? [''];
    if (Object.hasOwn(QUERY_PARAMS, name) || ADDED_ON_THE_WAY.test(name)) continue;
    const shown = shownPart(part);
    if (!unknown.has(shown)) unknown.set(shown, meant(name, rawValue(part)));
  }
  if (unknown.size === 0) return undefined;
  const all = [...unknown.keys()];
  const names = all.length > NAMED + 1 ? [...all.slice(0, NAMED), `${all.length - NAMED} more`] : all;
  const guesses = [...unknown].filter(([, guess]) => guess !== undefined).map(([shown, guess]) => `${unknown.size === 1 ? '' : `${shown}: `}did you mean ${guess}?`);
  const one = names.length === 1;
  return `${wordList(names)} in the address ${one ? 'is not a setting' : 'are not settings'} the page knows, so ${one ? 'it is' : 'they are'} ignored${guesses.length ? ` (${guesses.join('; ')})` : ''}: the page knows only ${knownSettings()}.`;
}

/**
 * The link Copy link gives: the page's address with the setup and its comparison (the
 * hash) and no query. The query is this browser's, not the setup's: `?workers=` is how many
 * workers this machine runs, and a parameter the page does not read is a note about this
 * address; copied, the one who opened the link ran the sender's worker count, or was told
 * of the sender's typo (a review). `leftOut` says what of the query the link leaves out,
 * but for what mail and chat apps add on the way (`?utm_source=`: passed over unsaid, as
 * on opening); undefined where nothing is.
 */
export function sharedLink(href: string): { link: string; leftOut?: string } {
  const url = new URL(href);
  const parts = [...new Set(url.search.replace(/^\?/, '').split('&'))].filter((part) => part !== '');
  url.search = '';
  const named = parts.filter((part) => !ADDED_ON_THE_WAY.test([...new URLSearchParams(part)][0]?.[0] ?? ''));
  const isWorkers = (part: string) => ([...new URLSearchParams(part)][0]?.[0] ?? '') === 'workers';
  const list = (xs: string[]) => {
    const shown = xs.map(shownPart);
    return wordList(shown.length > NAMED + 1 ? [...shown.slice(0, NAMED), `${shown.length - NAMED} more`] : shown);
  };
  const workers = named.filter(isWorkers);
  const others = named.filter((part) => !isWorkers(part));
  const said = [
    // "A setting of this browser's", not its number of workers: ?workers=abc, 0 or 99, or two
    // numbers, are not what it runs (run/pool.ts; a review).
    workers.length ? `${list(workers)}, ${workers.length === 1 ? 'a setting' : 'settings'} of this browser's (whoever opens the link runs one per core of their own, ${MAX_WORKERS} at most, or their own ?workers=)` : '',
    others.length ? `${list(others)}, ${others.length === 1 ? 'not a setting' : 'not settings'} the page knows` : '',
  ].filter(Boolean);
  return { link: url.href, leftOut: said.length ? `Left out of it: ${said.join('; ')}.` : undefined };
}
