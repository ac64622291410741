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
