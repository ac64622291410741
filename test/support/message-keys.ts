import type { Catalogue } from '../../preload/i18n/message-types.ts';

/** A message catalogue as dotted keys and their messages ("library.importedWhen" → its text). */
export function flatten(c: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(c)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
