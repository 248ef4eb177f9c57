/**
 * The setup in the page's address, so a link reproduces it: `#s=` the scenario as
 * base64url JSON, `&c=` the compare change likewise. Decoded with JSON.parse only.
 */
import type { CompareChange } from './compare.ts';

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

export interface LinkState {
  scenario: Record<string, unknown>;
  compare?: CompareChange;
}

export function encodeLink(state: LinkState): string {
  const params = new URLSearchParams();
  params.set('s', toBase64Url(JSON.stringify(state.scenario)));
  if (state.compare) params.set('c', toBase64Url(JSON.stringify(state.compare)));
  return `#${params.toString()}`;
}

/** The state in a hash; undefined for an empty hash; a message when it cannot be read. */
export function decodeLink(hash: string): LinkState | { problem: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const s = params.get('s');
  // The page writes s= and c= once each: anything else in a link (a hand-added trials=, a
  // second s=) would be ignored without a word, so the link is refused, saying what.
  const keys = [...params.keys()];
  const extra = [...new Set(keys.filter((k) => (k !== 's' && k !== 'c') || keys.indexOf(k) !== keys.lastIndexOf(k)))];
  if (s !== null && extra.length > 0) {
    return { problem: `the link holds ${extra.map((k) => (k === 's' || k === 'c' ? `${k}= more than once` : `"${k}="`)).join(' and ')}, which the page never writes: expected s= (the setup) and at most one c= (the comparison)` };
  }
  // An address that names a setup but holds none ("#s=") is a cut link, not no link.
  if (s === null) return undefined;
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
  const c = params.get('c');
  if (!c) return { scenario: scenario as Record<string, unknown> };
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
    return { scenario: scenario as Record<string, unknown>, compare: { path: compare.path, value: compare.value } };
  } catch (err) {
    return { problem: `the link's comparison (c=) cannot be read (${(err as Error).message}); it may have been cut short` };
  }
}
