/**
 * A note or a refusal with each rule it names in the page's words (model/ruleWords.ts):
 * the words shown, the file's text it stands for in the piece's title (and `data-raw`), so
 * what `poolsim run` prints is one hover away. Text nodes only, as everywhere (ui/dom.ts).
 */
import { ruleWords } from '../model/ruleWords.ts';
import { h } from './dom.ts';

export function ruleText(text: string, system: unknown, subject?: string): (string | HTMLElement)[] {
  return ruleWords(text, system, subject).map((p) => (typeof p === 'string' ? p : h('span', { class: 'rule-named', attrs: { title: p.raw, 'data-raw': p.raw } }, p.words)));
}
