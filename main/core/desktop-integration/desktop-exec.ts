/**
 * The Exec key of a desktop entry (Desktop Entry Specification, "The Exec key"), as read by KDE's
 * service menus. Two layers of escaping apply: an argument with a reserved character is quoted
 * with double quotes (inside them ", `, $ and \ take a backslash) and a literal % is written %%;
 * then the whole value is a string, in which a backslash is written \\ (so a backslash in an
 * argument ends up as four).
 */
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

export function desktopExecArg(arg: string): string {
  const fieldSafe = arg.replaceAll('%', '%%');
  if (fieldSafe !== '' && !RESERVED.test(fieldSafe)) return fieldSafe;
  return `"${fieldSafe.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;
}

/** The Exec value for an argv prefix followed by field codes or options written as they are (`--verify`, `%F`). */
export function desktopExecValue(command: readonly string[], tail: readonly string[]): string {
  const line = [...command.map(desktopExecArg), ...tail].join(' ');
  return escapeDesktopString(line);
}

/** A string value of a desktop entry or key file: backslash, newline, tab and carriage return escaped. */
export function escapeDesktopString(value: string): string {
  return value.replace(/[\\\n\t\r]/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' })[c] as string);
}
