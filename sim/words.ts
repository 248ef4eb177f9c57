/**
 * A list in words for the sentences poolsim writes: "a", "a and b", "a, b and c" (or
 * "or"). Declared once: four notes and the solve sentence each wrote it by hand, and the
 * solve's undecided answer read "rank 4 and rank 5 and rank 6 and rank 7" (an audit).
 */
export function wordList(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/**
 * `text` in curly quotes: “a hit is”. A quote inside it turns single, ‘…’, so a label that
 * quotes the text reads “a rival’s ‘A PC is wounded’” rather than closing early at its
 * inner ”. Text already wholly quoted is kept as it is. Declared once: five modules each
 * wrapped their own, and a rule's label quoting the text came out nested (an audit).
 */
export function quoted(text: string): string {
  if (text.startsWith('“') && text.endsWith('”') && text.indexOf('”') === text.length - 1) return text;
  return `“${text.replace(/“/g, '‘').replace(/”/g, '’')}”`;
}
