/**
 * Text from outside (file names, receipt fields, a service's words) can carry characters that
 * change what a reader sees without being seen: terminal escapes (ESC, and C1's CSI U+009B), a
 * carriage return that overwrites a line, a newline that fakes one, bidirectional overrides that
 * turn `report<U+202E>fdp.exe` into "reportexe.pdf". Wherever such text is shown (the CLI, the
 * page, certificates) those characters are written as visible escapes instead: `\n`, `\t`, `\r`,
 * else `\uXXXX`. `\uXXXX` is also a JSON escape of the same character, so escaping a line of JSON
 * keeps it valid and its values unchanged.
 *
 * Escaped: C0 controls, DEL, C1 controls, the bidirectional marks, embeddings, overrides and
 * isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and the line and paragraph
 * separators U+2028 and U+2029.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHORT: Record<string, string> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };

function escapeChar(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A name or value shown inside a line: every invisible character escaped, newlines and tabs included. */
export function visibleName(text: string): string {
  return text.replace(INVISIBLE, escapeChar);
}

/** Lines of output: as visibleName, but the newlines and tabs that lay the lines out stay. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (c) => (c === '\n' || c === '\t' ? c : escapeChar(c)));
}
