/**
 * From what a designer types to what the scenario file holds. Nothing is evaluated: text
 * becomes a number only when it reads as one, and anything else is kept as typed, so the
 * scenario schema rejects it with the CLI's own message ("expected a number, got "abc"").
 */

/**
 * A number field's text: empty → undefined (the key is left out: "missing" when the
 * field is required); a decimal number → that number (zod then says whether it must be
 * an integer or in a range); anything else → the text itself. `grouped` (a count the page
 * itself writes with thousands separators, "100,000 trials"): digits in groups of three
 * after commas read as one whole number, "100,000" → 100000, as the page wrote it; a comma
 * anywhere else ("1,5", "1,0000", "2,500.5") is no such count and is kept as typed, for
 * the schema to refuse, never guessed at.
 */
export function numberFromText(text: string, grouped = false): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  if (grouped && /^\d{1,3}(,\d{3})+$/.test(t)) return Number(t.replace(/,/g, ''));
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) {
    const n = Number(t);
    if (Number.isFinite(n)) return n;
  }
  return text;
}

/**
 * A text field's typed text as the file holds it: the field's own reading where it has one
 * (a count or a list of names), else the text itself; an emptied box leaves the key out, as
 * an emptied number box does, so an optional field cleared goes back to its default (a
 * combat character's team kept `team: ""` and refused to run) and a required one is said
 * to be missing.
 */
export function textFieldValue(field: { read?(text: string): unknown }, text: string): unknown {
  if (field.read) return field.read(text);
  return text === '' ? undefined : text;
}

/** A number field's value as text for its input. */
export function textFromValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A dice field's value as a list of chips: the file may hold a list (`["2d4", "d6"]`) or
 * one dice string (`"d6"`, read by the kernel as a list of one).
 */
export function diceChips(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  return [value];
}

/** A chip typed into a dice field: `" D6 "` → `"d6"`, `"2D4"` → `"2d4"`; other text as typed. */
export function normaliseDice(text: string): string {
  const t = text.trim();
  return /^\d*d\d+$/i.test(t) ? t.toLowerCase() : t;
}

/** The chips of a dice box's text: one a die group, split at spaces and commas ("d6 d8" → d6, d8). */
export function typedDice(text: string): string[] {
  return text.split(/[\s,]+/).filter((t) => t !== '').map(normaliseDice);
}

/** A seed field: the file allows a string or a number; a number typed stays a number. */
export function seedFromText(text: string): string | number | undefined {
  if (text.trim() === '') return undefined;
  // A number only where the text is how that number is written: "007", " 42 " and "-0"
  // are other seeds on the command line (the key is the text), so they stay text.
  return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) && String(Number(text)) === text ? Number(text) : text;
}
