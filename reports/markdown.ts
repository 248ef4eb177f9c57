/** Markdown text from user input (scenario and side names), for report.md, changes.md and the CI job summary. */

/**
 * Text safe inside a Markdown table cell, and inert: names come from scenario files, so
 * a name's own Markdown — a link, an image that phones home, emphasis, a bare address
 * that a forge would turn into a link — is shown as the characters typed.
 */
export function mdCell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/[|[\]*_`~]/g, (c) => `\\${c}`)
    .replace(/!(?=\\\[)/g, '\\!')
    .replace(/</g, '&lt;')
    .replace(/:\/\//g, '\\://')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/@/g, '\\@')
    .replace(/\r?\n/g, ' ');
}

/**
 * Text inside a Markdown code span in a table cell: only the cell's `|` and the span's own
 * backtick need care. A backslash there is shown as typed, so `mdCell`'s escapes would
 * print (`hits\_total`).
 */
export function mdCode(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/`/g, "'").replace(/\r?\n/g, ' ');
}
