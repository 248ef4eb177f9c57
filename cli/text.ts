/**
 * Text from scenario files reaches the terminal (names, metric names, file names): its
 * control characters are shown escaped, so a name cannot move the cursor, recolour the
 * terminal, set its title or reverse the text around it (escape codes, bidi overrides).
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * `text` with every control character but newline and tab written as `\u001b`, and the
 * line and paragraph separators (U+2028, U+2029), which some terminals break lines at. (A
 * name cannot hold a newline: sim/solve/schema.ts nameSchema. A file name can: it goes
 * through sim/scenario.ts oneLine first.)
 */
export function plainText(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The characters of CONTROL that JSON.stringify leaves as they are (it escapes those below
 * U+0020 only), and the line and paragraph separators.
 */
const JSON_RAW = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * `value` as JSON.stringify writes it with an indent of 2, every control character written
 * as `\u009b`: the same value to any JSON reader (they can stand only inside strings), but
 * a name's C1 control or bidi override printed by `--json` on a terminal is shown, not obeyed.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
