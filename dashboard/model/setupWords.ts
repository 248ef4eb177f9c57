/**
 * A setup field named in a note as the form names it. The engine's notes name a field by its
 * path below `setup`, as the file has it (`characters.0.advantageRolls changes nothing here:
 * ambusher has no advantage or disadvantage dice`): `poolsim run` prints them so and the result
 * JSON keeps them. The page shows that field as "ambusher › situational dice for", and the
 * same results column names it so in its Varied line, tables and checks (reports/sweep.ts
 * `sweepLabel`); a note beside them in the file's words read as another thing. As with a rule
 * (model/ruleWords.ts), the words are shown and the file's text kept one hover away.
 *
 * What is named, and only that: the path a note opens with, before " changes nothing here",
 * where the mechanic's form has a field there (a path no form shows stays as it is), then the
 * rules the rest names, as ruleWords says them.
 */
import { formFor } from '../../reports/fields/index.ts';
import { ruleLabel } from '../../reports/fields/rules.ts';
import { fieldAt } from '../../reports/fields/spec.ts';
import { sweepLabel, type SweepMechanic } from '../../reports/sweep.ts';
import { ruleWords, type RulePiece } from './ruleWords.ts';

/** A note's opening setup path ("B: " first on a compare's B note), then " changes nothing here". */
const OPENING_PATH = /^(B: )?([A-Za-z]\w*(?:\.\w+)*)(?= (?:"(?:[^"\\]|\\.)*" )?changes nothing here\b)/;

/** `note` cut into plain text and named pieces: its opening setup path in the form's words, its rules in their select's. */
export function noteWords(note: string, mechanic: SweepMechanic, setup: unknown): RulePiece[] {
  const m = OPENING_PATH.exec(note);
  const path = m?.[2];
  const form = formFor(mechanic.system, mechanic.mechanic);
  if (!m || path === undefined || path.startsWith('rules.') || !form || !fieldAt(form.fields, path.split('.'), setup)) return ruleWords(note, mechanic.system);
  const prefix = m[1] ?? '';
  const rest = note.slice(prefix.length + path.length);
  return [...(prefix ? [prefix] : []), { words: `“${sweepLabel(`setup.${path}`, setup, mechanic)}”`, raw: path }, ...ruleWords(rest, mechanic.system)];
}

/**
 * What a switch of mechanic left out (model/switch.ts's list: "the rule equipment", "the Vary
 * row setup.sides.0.combatants.1.count", "the Compare change of …", "the setup's …"), each
 * path in the words of the mechanic it was set in (`from`: the scenario before the switch),
 * as its field, select or Vary row showed it there. Anything else as it is.
 */
export function droppedWords(dropped: string, from: { setup?: unknown; system?: unknown; mechanic?: unknown }): string {
  const rule = /^the rule ([A-Za-z]\w*)$/.exec(dropped);
  if (rule) return `the rule “${ruleLabel(rule[1]!)}”`;
  const path = /^(the Vary row |the Compare change of )(\S+)$/.exec(dropped);
  if (path) return `${path[1]}“${sweepLabel(path[2]!, from.setup, from)}”`;
  const field = /^(the setup's )(\S+)$/.exec(dropped);
  if (field) return `${field[1]}“${sweepLabel(`setup.${field[2]}`, from.setup, from)}”`;
  return dropped;
}
