/**
 * Text from scenario files reaches the terminal (names, metric names, file names): its
 * control characters are shown escaped, so a name cannot move the cursor, recolour the
 * terminal, set its title or reverse the text around it (escape codes, bidi overrides).
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character but newline and tab written as `\u001b`. */
export function plainText(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
