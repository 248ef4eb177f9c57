/**
 * A setup field named in a note as the form names it. The engine's notes name a field as the
 * file has it (`characters.0.advantageRolls changes nothing here: ambusher has no advantage or
 * disadvantage dice`; `… its push, the snap shot, is the side's "marksmanPush" (never here)`;
 * `… with buy.action "pc" each task is a PC's turn`): `poolsim run` prints them so and the
 * result JSON keeps them. The page shows those fields as "ambusher › situational dice for",
 * "Marksman’s push", "a purchase takes", and the same results column names them so in its
 * Varied line, tables and checks (reports/sweep.ts `sweepLabel`); a note beside them in the
 * file's words read as another thing. As with a rule (ruleWords.ts), the form's words
 * are shown and the file's text kept one hover away.
 *
 * The labels and option words are the forms' own (reports/fields, `fieldAt`, `optionLabel`):
 * no second table. What is named, and only that (nothing guessed from a bare word):
 * - the path a note opens with (one, or two joined by "and"), where the mechanic's form has
 *   a field there, by its whole label ("guards › equipment bonus"); a path no form shows
 *   stays as it is;
 * - in the rest, a field named by its key or a path of keys: found below the opening path's
 *   item or group first, then further up to the setup (the side's "marksmanPush" of a
 *   combatant's note is its side's; `buy.action` of a note on `policy.buy.task.perJob` is
 *   `policy.buy.action`; a note on no field, a rule's, names a key the form labels one way
 *   wherever it has it: `aid "medic"`, a side's), in the mechanic's form, else in another form of its system (a
 *   clash note's "a battle side's "marksmanPush""). Said by the field's own label, as the
 *   sentence says whose it is. A key is taken where it cannot be an English word — a path
 *   (`job.removed`), a camelCase key (`defensiveEffect`), a quoted key (`go in "dice"`) — or,
 *   a plain word (`aid`, `bank`, `action`), only with one of its choice's values after it
 *   (`aid "medic"`, `bank is "all"`) or, a number field's, "is" and a number (`tries is 1`);
 * - a value after such a key (` "v"`, `: "v"`, ` is "v"`, ` other than "v"`), where the field
 *   is a choice that offers it: `“a purchase takes” = “a PC’s action”`, and the values listed
 *   after it (`"blocks" or "both"`, `"none", "surge" or "breakOff"`), each the field offers;
 * - a quoted value of the opening field itself, where the sentence says it is that field's:
 *   first in the note's why (`marksmanPush changes nothing here: "lastFoe" shoots when …`),
 *   and as its default (`as the default "reroll"`);
 * - the rules the rest names, as ruleWords says them.
 */
import { forms, formFor } from './fields/index.ts';
import { ruleLabel } from './fields/rules.ts';
import { quoted } from '../sim/words.ts';
import { fieldAt, optionLabel, type Field, type LeafField } from './fields/spec.ts';
import { sweepLabel, type SweepMechanic } from './sweep.ts';
import { listedAfter, ruleMentions, ruleWords, type RulePiece } from './ruleWords.ts';

/**
 * A note's opening setup path ("B: " first on a compare's B note), or two joined by "and":
 * before " changes nothing here" (a quoted value may come between), or any dotted path
 * (`policy.buy.task.perJob (5) buys …`, `policy.interfere.challenges is 0: …`).
 */
const OPENING = /^(B: )?((?:[A-Za-z]\w*(?:\.\w+)*)(?: and [A-Za-z]\w*(?:\.\w+)*)?)(?= (?:"(?:[^"\\]|\\.)*" )?changes? nothing here\b)|^(B: )?([A-Za-z]\w*(?:\.\w+)+)(?= )/;
/** A key or a path of keys, bare or quoted; not inside a word, a path or a quotation. */
const KEY = /(?<![\w.'’"“])("?)([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)\1(?![\w.'’”])/g;
/** A value written right after a key (`other than "none"` said so, the others as `=`). */
const VALUE_AFTER = /^( is | other than | |: )("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false)(?![\w"])/;
/** Where a quoted value is the opening field's own (see the top). */
const OWN_VALUE_PLACE = /(?:\bchanges? nothing here: |\bthe default )$/;

interface Found {
  field: Field;
  /** Its own label, as the setup reads it (`tries (sorcerer)`: spec.ts `whose`). */
  label: string;
  /** The whole path below `setup`, for the title. */
  path: string[];
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The form's field at `path` (below `setup`), in `mechanic`'s form, else one of its system's. */
function fieldOf(mechanic: SweepMechanic, path: string[], setup: unknown): Omit<Found, 'path'> | undefined {
  const own = formFor(mechanic.system, mechanic.mechanic);
  for (const form of [own, ...forms.filter((f) => f !== own && f.system === mechanic.system)]) {
    const found = form && fieldAt(form.fields, path, setup);
    if (found) return { field: found.field, label: found.labels[found.labels.length - 1]! };
  }
  return undefined;
}

/** The single-valued fields of `fields` whose keys end in `key`, list items skipped: where in a form a key can be. */
function fieldsKeyed(fields: readonly Field[], key: readonly string[], above: string[] = []): Found[] {
  return fields.flatMap((f) => {
    const path = [...above, f.key];
    if (f.kind === 'group' || f.kind === 'list') return fieldsKeyed(f.fields, key, f.kind === 'list' ? [...path, '0'] : path);
    return path.length >= key.length && key.every((k, i) => path[path.length - key.length + i] === k) ? [{ field: f, path, label: f.label }] : [];
  });
}

/**
 * Key path `key` as a note on `subject` names it: below the subject's items and groups
 * first, then up to the setup; a note on no field (a rule's) names one the form has in one
 * place only (`aid "medic"`: a side's). `fits`: whether the field is the one meant.
 */
function resolve(key: string[], subject: string[], mechanic: SweepMechanic, setup: unknown, fits: (f: Field) => boolean): Found | undefined {
  for (let n = subject.length; n >= 0; n--) {
    const path = [...subject.slice(0, n), ...key];
    const found = fieldOf(mechanic, path, setup);
    if (found && found.field.kind !== 'list' && found.field.kind !== 'group' && fits(found.field)) return { ...found, path };
  }
  const form = formFor(mechanic.system, mechanic.mechanic);
  const anywhere = subject.length === 0 && form ? fieldsKeyed(form.fields, key).filter((f) => fits(f.field)) : [];
  // Said by its own label: one label however many places have it (a contender's a and b).
  return new Set(anywhere.map((f) => f.field.label)).size === 1 ? anywhere[0] : undefined;
}

/**
 * `text` (the rest of a note on `subject`) cut into plain text and the pieces that name a
 * setup field, each piece said in the form's words; plain text then goes through ruleWords.
 */
function fieldWords(text: string, subject: string[], mechanic: SweepMechanic, setup: unknown, at: Field | undefined): RulePiece[] {
  const pieces: { at: number; end: number; words: string; raw: string }[] = [];
  // A rule's mention with its value (`rules.advantageOn "accomplish"`) is ruleWords' whole:
  // its value is no quoted key (a VDP fight's note read "“advantage dice go to” “accomplish
  // dice”", the risky form's field, for the rule's “the Accomplish pool”).
  const mentions = ruleMentions(text);
  let end = 0;
  for (const m of text.matchAll(KEY)) {
    if (m.index < end || mentions.some(([from, to]) => m.index >= from && m.index < to)) continue;
    const [whole, quote, key] = m as unknown as [string, string, string];
    if (key === 'rules' || key.startsWith('rules.')) continue;
    const after = VALUE_AFTER.exec(text.slice(m.index + whole.length));
    const value = after ? parse(after[2]!) : undefined;
    // The opening field's own value, where the sentence says it is (a quoted word only).
    if (quote && at?.kind === 'choice' && OWN_VALUE_PLACE.test(text.slice(0, m.index))) {
      const said = optionLabel(at as LeafField, key);
      if (said !== undefined && said !== key) {
        pieces.push({ at: m.index, end: (end = m.index + whole.length), words: quoted(said), raw: whole });
        continue;
      }
    }
    // A plain word is a key only with one of its choice's values after it, or a number
    // field's with "is" and a number (`tries is 1`).
    const plain = quote === '' && !key.includes('.') && !/[A-Z]/.test(key);
    const offers = (f: Field) => after !== null && (optionLabel(f as LeafField, value) !== undefined || (f.kind === 'number' && after[1] === ' is ' && typeof value === 'number'));
    const found = resolve(key.split('.'), subject, mechanic, setup, plain ? offers : () => true);
    if (!found) continue;
    const said = after ? optionLabel(found.field as LeafField, value) : undefined;
    const label = quoted(found.label);
    if (said !== undefined) {
      const to = m.index + whole.length + after![0].length;
      const is = after![1] === ' other than ' ? ' other than ' : ' = ';
      pieces.push({ at: m.index, end: (end = to), words: `${label}${is}${quoted(said)}`, raw: text.slice(m.index, to) });
      // The values listed after it, the same field's (`"blocks" or "both"`).
      const listed = listedAfter(text, to, (v) => optionLabel(found.field as LeafField, v));
      pieces.push(...listed);
      if (listed.length > 0) end = listed[listed.length - 1]!.end;
    } else {
      pieces.push({ at: m.index, end: (end = m.index + whole.length), words: label, raw: whole });
    }
  }
  const out: RulePiece[] = [];
  let from = 0;
  for (const p of pieces) {
    if (p.at > from) out.push(...ruleWords(text.slice(from, p.at), mechanic.system));
    out.push({ words: p.words, raw: p.raw });
    from = p.end;
  }
  if (from < text.length) out.push(...ruleWords(text.slice(from), mechanic.system));
  return out;
}

/** `note` cut into plain text and named pieces: the setup fields it names in the form's words, its rules in their select's. */
export function noteWords(note: string, mechanic: SweepMechanic, setup: unknown): RulePiece[] {
  const m = OPENING.exec(note);
  const prefix = m?.[1] ?? m?.[3] ?? '';
  const opening = m?.[2] ?? m?.[4];
  const form = formFor(mechanic.system, mechanic.mechanic);
  const paths = opening?.split(' and ') ?? [];
  const shown = form && paths.length > 0 && paths.every((p) => !p.startsWith('rules.') && fieldAt(form.fields, p.split('.'), setup));
  if (!shown) return fieldWords(note, [], mechanic, setup, undefined);
  const rest = note.slice(prefix.length + opening!.length);
  const named: RulePiece[] = [];
  paths.forEach((path, i) => {
    if (i > 0) named.push(' and ');
    named.push({ words: quoted(sweepLabel(`setup.${path}`, setup, mechanic)), raw: path });
  });
  // The first path's item or group is where the rest's keys are looked up first.
  const subject = paths[0]!.split('.');
  const at = fieldAt(form.fields, subject, setup)?.field;
  return [...(prefix ? [prefix] : []), ...named, ...fieldWords(rest, subject, mechanic, setup, at)];
}

/**
 * What a switch of mechanic left out (model/switch.ts's list: "the rule equipment", "the Vary
 * row setup.sides.0.combatants.1.count", "the Compare change of …", "the setup's …"), each
 * path in the words of the mechanic it was set in (`from`: the scenario before the switch),
 * as its field, select or Vary row showed it there; the expect checks ("the 3 expect checks
 * (success)") on their metrics by `metricWords` (the labels the page's pickers give them
 * there: “P(plan succeeds)”), where it is given. Anything else as it is.
 */
export function droppedWords(dropped: string, from: { setup?: unknown; system?: unknown; mechanic?: unknown }, metricWords?: (metric: string) => string): string {
  // The checks' metrics by their labels, where the page knows them (the setup's own).
  const checks = /^(the expect check|the \d+ expect checks) \((.+)\)$/.exec(dropped);
  if (checks && metricWords) return `${checks[1]} on ${checks[2]!.split(', ').map((m) => quoted(metricWords(m))).join(', ')}`;
  const rule = /^the rule ([A-Za-z]\w*)$/.exec(dropped);
  if (rule) return `the rule ${quoted(ruleLabel(rule[1]!))}`;
  const path = /^(the Vary row |the Compare change of )(\S+)$/.exec(dropped);
  if (path) return `${path[1]}${quoted(sweepLabel(path[2]!, from.setup, from))}`;
  const field = /^(the setup's )(\S+)$/.exec(dropped);
  if (field) return `${field[1]}${quoted(sweepLabel(`setup.${field[2]}`, from.setup, from))}`;
  return dropped;
}

/** A whole setup path in a refusal, quoted or not: `"setup.retryPenalty"`, `setup.tries`. */
const SETUP_PATH = /"(setup(?:\.\w+)+)"|(?<![\w."])(setup(?:\.\w+)+)(?![\w"])/g;

/**
 * A refusal in the form's words: each rule it names as its select does (ruleWords), and
 * each setup field it names by a whole path (`expected one of setup.tries,
 * rules.repeatPenalty`, a sweep's paths) by its label as Vary names it (sweepLabel), so a
 * list of both reads alike, “tries”, “the penalty for repeating a failed task”, never a
 * file path beside a rule's words; the file's text in each piece's raw, for a title. A path
 * no field of the form shows (a typo, `setup.modifer`) stays as the file has it.
 */
export function problemWords(text: string, scenario: { system?: unknown; mechanic?: unknown; setup?: unknown }, subject?: string): RulePiece[] {
  const mechanic = { system: scenario.system, mechanic: scenario.mechanic } as SweepMechanic;
  const form = formFor(scenario.system, scenario.mechanic);
  const setupPaths = (part: string): RulePiece[] => {
    if (!form) return [part];
    const out: RulePiece[] = [];
    let from = 0;
    for (const m of part.matchAll(SETUP_PATH)) {
      const path = (m[1] ?? m[2])!;
      if (!fieldAt(form.fields, path.split('.').slice(1), scenario.setup)) continue;
      if (m.index > from) out.push(part.slice(from, m.index));
      out.push({ words: quoted(sweepLabel(path, scenario.setup, mechanic)), raw: m[0] });
      from = m.index + m[0].length;
    }
    if (from < part.length) out.push(part.slice(from));
    return out;
  };
  // The rules first, on the whole text: where a quoted value stands in it says whose it is.
  return ruleWords(text, scenario.system, subject).flatMap((p) => (typeof p === 'string' ? setupPaths(p) : [p]));
}
