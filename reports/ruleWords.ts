/**
 * A rule named in a note or a refusal as the Rule variants card names it. The engine's notes
 * and the CLI's refusals name a rule as the file does (`rules.equipment "everySide"`):
 * `poolsim run` prints them so, a baseline compares them, and the result JSON keeps them,
 * so they are not reworded at the source. The page shows the same toggle as its label and
 * each value as its words ("equipment dice roll for", "every side, as written"), and a note
 * beside that select in the file's words read as another thing. This cuts a text into what
 * it says of a rule and the rest, each piece with the page's words and the text it stands
 * for, which the page keeps one hover away.
 *
 * The labels and words are reports/fields/rules.ts's (`ruleLabel`, `ruleToggles`, read off
 * sim/rules.ts `variant`): no second table. What is named, and only that (nothing guessed
 * from a bare word):
 * - `rules.<toggle>`, not part of a longer path (`sweep.rules.hitOn` is a sweep's path),
 *   with the value written right after it (`rules.equipment "everySide"`,
 *   `rules.effectsOn: "ownTurn"`) where that is one of the toggle's values;
 * - a quoted value of the text's subject rule — the rule a refusal is at (its path, where the
 *   text itself does not say it: the problem beside the select), else the first rule the
 *   text names, after that mention — only where the sentence says it is that rule's value
 *   (VALUE_PLACE): first in a refusal at the rule ("ownTurn" says …), the value refused
 *   ("does not play invest, so "spread" would change nothing"), its default, the values
 *   a refusal expects ("expected one of …"), the value that opens a note's why
 *   (`rules.advantageOn changes nothing here: "both" also …`), one the note compares it with
 *   (`as "focus" does`), and one after the rule's bare key (`or retarget "changeFocus"`, said
 *   as a mention is);
 * - the values listed right after a value said in words (`rules.x "a" or "b"`; `listedAfter`),
 *   each where it is one of the same rule's. Anywhere else a quoted word may be another
 *   thing's that happens to be spelt as one of the rule's values (a fighter's currency
 *   "none" in a refusal at rules.attackCurrency, whose values include "none"; a side's
 *   name), and a value is never said as the rule's words on a guess (the review).
 */
import { ruleLabel, ruleToggles } from './fields/rules.ts';
import { quoted } from '../sim/words.ts';
import { rulesBySystem, type SystemName } from '../sim/rules.ts';

export type RulePiece =
  | string
  | {
      /** As the page says it: `“equipment dice roll for” = “every side, as written”`. */
      words: string;
      /** The text it stands for, as the CLI wrote it: `rules.equipment "everySide"`. */
      raw: string;
    };

interface Toggle {
  values: readonly (string | boolean)[];
  words: Record<string, string>;
}

const toggleCache = new Map<SystemName, Map<string, Toggle>>();

function togglesOf(system: unknown): Map<string, Toggle> | undefined {
  if (typeof system !== 'string' || !Object.hasOwn(rulesBySystem, system)) return undefined;
  const name = system as SystemName;
  let toggles = toggleCache.get(name);
  if (!toggles) {
    toggles = new Map(ruleToggles(name).map((t) => [t.key, { values: t.values, words: t.words }]));
    toggleCache.set(name, toggles);
  }
  return toggles;
}

/** A value's words, where the toggle declares them for it. */
function valueWords(toggle: Toggle, value: unknown): string | undefined {
  return toggle.values.includes(value as string | boolean) ? toggle.words[String(value)] : undefined;
}

/**
 * `rules.<key>`, then optionally `: ` or ` ` and a JSON string or a boolean. Not inside a
 * longer path, nor a JSON key (a sweep point as the CLI quotes it: `{"rules.hitOn":"4+"}`).
 */
const MENTION = /(?<![\w."])rules\.([A-Za-z]\w*)(?:(:? )("(?:[^"\\]|\\.)*"|true|false)(?![\w"]))?/g;

/** Where `text` names a rule, `rules.<key>` with the value written after it: [start, end) each, the pieces ruleWords says. */
export function ruleMentions(text: string): [number, number][] {
  return [...text.matchAll(MENTION)].map((m) => [m.index, m.index + m[0].length]);
}
/** A JSON string; not one inside compact JSON (`{"rules.hitOn":"4+"}` stays the JSON it is). */
const QUOTED = /(?<![:{,[])"(?:[^"\\]|\\.)*"/g;
/**
 * Where a quoted value is the subject rule's by the sentence's own words (see the top): the
 * text before it ends so. (At the start of a refusal at the rule's path too: in `ruleWords`.)
 */
const VALUE_PLACE = /(?:\bso |\bits default |\bexpected one of (?:"(?:[^"\\]|\\.)*", )*)$/;
/**
 * More places a quoted value is the subject rule's, where the sentence names the rule or the
 * value's part in it (`KEY` the rule's key): right after the rule's mention that opens a
 * note's why (`rules.advantageOn changes nothing here: "both" also puts …`), after the rule's
 * key (`or retarget "changeFocus"`: in `ruleWords`), and compared with the value the note is
 * about (`, as "focus" does`). Each left the second value of a note in the file's words beside
 * the first in the select's (the dashboard audit).
 */
const opensWhy = (key: string) => new RegExp(`(?<![\\w."])rules\\.${key} changes nothing here: $`);
const AS_BEFORE = /\bas $/;
const DOES_AFTER = /^ does\b/;
/** The rule a path is at: `rules.hitOn`, `sweep.rules.hitOn.1`. */
const SUBJECT_PATH = /^(?:sweep\.)?rules\.([A-Za-z]\w*)(?:\.|$)/;
/** The first rule a text names, by its path or its sweep path. */
const SUBJECT_TEXT = /(?<![\w."])(?:sweep\.)?rules\.([A-Za-z]\w*)/;

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** One more value in a list, right after a value (`, "b"`, ` or "b"`, `, and "b"`). */
const LISTED = /^(,? or |,? and |, )("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false)(?![\w"])/;

/**
 * The values listed in `text` from `at`, right after a value said in words (`"blocks" or
 * "both"`; `other than "none", "surge" or "breakOff"`), each said in words as the first was,
 * by `words` (the same field's or rule's): the list ends at the first that is not one of its
 * (left as it is). A dashboard audit found `“its blocks” or "both"`.
 */
export function listedAfter(text: string, at: number, words: (value: unknown) => string | undefined): { at: number; end: number; words: string; raw: string }[] {
  const out: { at: number; end: number; words: string; raw: string }[] = [];
  for (let m = LISTED.exec(text.slice(at)); m; m = LISTED.exec(text.slice(at))) {
    const said = words(parse(m[2]!));
    if (said === undefined) break;
    out.push({ at: at + m[1]!.length, end: at + m[0].length, words: quoted(said), raw: m[2]! });
    at += m[0].length;
  }
  return out;
}

/**
 * `text` cut into plain text and the pieces that name a rule of `system`, in order (joined,
 * the raw pieces give `text` back). `subject`: the path of the field a problem is shown at,
 * for a text that does not name its rule itself. A system without rules, or a text naming
 * none, is one piece.
 */
export function ruleWords(text: string, system: unknown, subject?: string): RulePiece[] {
  const toggles = togglesOf(system);
  if (!toggles) return [text];
  // The subject rule, and where in the text its values may stand (after its mention).
  const byPath = subject === undefined ? undefined : SUBJECT_PATH.exec(subject)?.[1];
  const inText = byPath === undefined ? SUBJECT_TEXT.exec(text) : null;
  const subjectKey = byPath ?? inText?.[1];
  const subjectToggle = subjectKey === undefined ? undefined : toggles.get(subjectKey);
  const valuesFrom = inText ? inText.index + inText[0].length : 0;

  const pieces: { at: number; end: number; words: string; raw: string }[] = [];
  for (const m of text.matchAll(MENTION)) {
    const toggle = toggles.get(m[1]!);
    if (!toggle) continue;
    const label = quoted(ruleLabel(m[1]!));
    const said = m[3] === undefined ? undefined : valueWords(toggle, parse(m[3]));
    if (said !== undefined) {
      pieces.push({ at: m.index, end: m.index + m[0].length, words: `${label} = ${quoted(said)}`, raw: m[0] });
      pieces.push(...listedAfter(text, m.index + m[0].length, (v) => valueWords(toggle, v)));
    } else {
      const path = `rules.${m[1]}`;
      pieces.push({ at: m.index, end: m.index + path.length, words: label, raw: path });
    }
  }
  if (subjectToggle) {
    // A value alone, of the rule at `subject` (a flag's too): "Asked at the setup's own … = true".
    const alone = byPath !== undefined && /^(true|false)$/.test(text) ? valueWords(subjectToggle, text === 'true') : undefined;
    if (alone !== undefined) return [{ words: quoted(alone), raw: text }];
    // The rule by its bare key with one of its values (`or retarget "changeFocus"`, after
    // `rules.retarget "free"`): said as a mention is, label and value in words.
    for (const m of text.matchAll(new RegExp(`(?<![\\w."])${subjectKey} ("(?:[^"\\\\]|\\\\.)*")`, 'g'))) {
      if (m.index < valuesFrom || pieces.some((p) => m.index < p.end && m.index + m[0].length > p.at)) continue;
      const said = valueWords(subjectToggle, parse(m[1]!));
      if (said === undefined) continue;
      pieces.push({ at: m.index, end: m.index + m[0].length, words: `${quoted(ruleLabel(subjectKey!))} = ${quoted(said)}`, raw: m[0] });
      pieces.push(...listedAfter(text, m.index + m[0].length, (v) => valueWords(subjectToggle, v)));
    }
    for (const m of text.matchAll(QUOTED)) {
      if (m.index < valuesFrom || pieces.some((p) => m.index < p.end && m.index + m[0].length > p.at)) continue;
      const first = byPath !== undefined && m.index === 0;
      const before = text.slice(0, m.index);
      const after = text.slice(m.index + m[0].length);
      const placed = VALUE_PLACE.test(before) || opensWhy(subjectKey!).test(before) || (AS_BEFORE.test(before) && DOES_AFTER.test(after));
      if (!first && !placed) continue;
      const said = valueWords(subjectToggle, parse(m[0]));
      if (said !== undefined) pieces.push({ at: m.index, end: m.index + m[0].length, words: quoted(said), raw: m[0] });
    }
  }
  pieces.sort((a, b) => a.at - b.at);
  const out: RulePiece[] = [];
  let from = 0;
  for (const p of pieces) {
    if (p.at > from) out.push(text.slice(from, p.at));
    out.push({ words: p.words, raw: p.raw });
    from = p.end;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

