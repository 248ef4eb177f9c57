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
 * A name as a Markdown code span in a table cell, shown as typed: delimited by one more
 * backtick than its longest run of them (CommonMark), padded where it starts or ends with
 * one, its `|` escaped for the table. An apostrophe for a backtick (a former mdCode) printed another
 * name than the metric's (an audit: `win.d4'x` for win.d4`x).
 */
export function codeSpan(text: string): string {
  const body = text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 && (body.startsWith('`') || body.endsWith('`')) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

