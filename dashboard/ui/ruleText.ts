/**
 * A note or a refusal with each rule it names in the page's words (reports/ruleWords.ts):
 * the words shown, the file's text it stands for in the piece's title (and `data-raw`), so
 * what `poolsim run` prints is one hover away. Text nodes only, as everywhere (ui/dom.ts).
 */
import { ruleWords, type RulePiece } from '../../reports/ruleWords.ts';
import { noteWords, problemWords } from '../../reports/setupWords.ts';
import type { SweepMechanic } from '../../reports/sweep.ts';
import { h } from './dom.ts';

function pieceNodes(pieces: RulePiece[]): (string | HTMLElement)[] {
  return pieces.map((p) => (typeof p === 'string' ? p : h('span', { class: 'rule-named', attrs: { title: p.raw, 'data-raw': p.raw } }, p.words)));
}

export function ruleText(text: string, system: unknown, subject?: string): (string | HTMLElement)[] {
  return pieceNodes(ruleWords(text, system, subject));
}

/** A result's note: the setup fields it names by their form labels too (reports/setupWords.ts), the file's text in the title. */
export function noteText(note: string, mechanic: SweepMechanic, setup: unknown): (string | HTMLElement)[] {
  return pieceNodes(noteWords(note, mechanic, setup));
}

/** A refusal: its rules and the setup fields it names by path in the form's words (reports/setupWords.ts problemWords), the file's text in the title. */
export function problemText(text: string, scenario: Record<string, unknown>, subject?: string): (string | HTMLElement)[] {
  return pieceNodes(problemWords(text, scenario, subject));
}
