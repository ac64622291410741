/**
 * Arguments quoted for the shells people paste commands into (certificates) and that file managers
 * run (desktop integration): one place for each shell's rules.
 */

/**
 * One argument for a POSIX shell, or for GLib's g_shell_parse_argv (Nemo and Thunar split their
 * command lines with it): single quotes take everything literally, and a single quote itself is
 * closed, escaped and reopened.
 */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", "'\\''")}'`;
}

export function shellQuoteAll(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}

/**
 * One argument for PowerShell (Windows PowerShell 5 and PowerShell 7): a single-quoted string takes
 * everything literally ($, backticks, double quotes); a single quote inside is doubled, and so are
 * the typographic single quotes ‘ ’ ‚ ‛, which PowerShell also reads as quotes.
 */
export function powershellQuote(arg: string): string {
  return `'${arg.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}
