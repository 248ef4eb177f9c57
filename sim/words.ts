/**
 * A list in words for the sentences poolsim writes: "a", "a and b", "a, b and c" (or
 * "or"). Declared once: four notes and the solve sentence each wrote it by hand, and the
 * solve's undecided answer read "rank 4 and rank 5 and rank 6 and rank 7" (an audit).
 */
export function wordList(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
