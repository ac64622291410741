/**
 * The languages the system asks for, as the web shell's process sees them, most wanted first:
 * GNU's LANGUAGE list, then LC_ALL, LC_MESSAGES and LANG ("fr_CH.UTF-8" → "fr-CH"), then the
 * runtime's own locale (what Windows and macOS give, where none of these is set). A file the
 * browser opens from disk comes with no Accept-Language: this is what is known of its reader.
 */
export function systemLanguages(env: NodeJS.ProcessEnv = process.env): string[] {
  const named = [...(env.LANGUAGE?.split(':') ?? []), env.LC_ALL, env.LC_MESSAGES, env.LANG]
    .filter((v): v is string => v !== undefined && v !== '' && v !== 'C' && v !== 'POSIX' && !v.startsWith('C.'))
    .map((v) => v.split('.')[0]!.split('@')[0]!.replace('_', '-'));
  return [...named, Intl.DateTimeFormat().resolvedOptions().locale];
}
