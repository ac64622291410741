import { t } from './locale.svelte.ts';

/**
 * How a registration's published fingerprint was made, in words: the encode value (the service's
 * own notation, e.g. `SHA256(<salt>)|Base64`, with `<salt>` where the salt was) is a chain of steps,
 * each an encoder, some taking a salt put before what they are given.
 */

function encoderInWords(name: string): string {
  if (name === 'SHA256') return t('encoding.sha256');
  if (name === 'Base64') return t('encoding.base64');
  return name ? t('encoding.other', { name }) : t('encoding.unnamed');
}

/** `SHA256(<salt>)` → "A secret salt put before the file's SHA-256 digest, then hashed with SHA-256 (the salt is kept in the receipt)." */
export function encodingInWords(encode: string, of: 'file' | 'batch'): string {
  const steps = encode.split('|').map((step) => /^([^()]*)(?:\((.*)\))?$/.exec(step.trim()));
  const said = steps.map((m, i) => {
    const how = encoderInWords(m?.[1] ?? '');
    if (m?.[2] !== undefined)
      return i > 0 ? t('encoding.saltedThat', { how }) : of === 'batch' ? t('encoding.saltedBatch', { how }) : t('encoding.saltedFile', { how });
    if (i > 0) return t('encoding.then', { how });
    return of === 'batch' ? t('encoding.batch', { how }) : t('encoding.file', { how });
  });
  const salted = steps.some((m) => m?.[2] !== undefined);
  const sentence = salted ? t('encoding.salted', { steps: said.join(', ') }) : t('encoding.plain', { steps: said.join(', ') });
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}`;
}
