/**
 * How a registration's published fingerprint was made, in words: the encode value (the service's
 * own notation, e.g. `SHA256(<salt>)|Base64`, with `<salt>` where the salt was) is a chain of steps,
 * each an encoder, some taking a salt put before what they are given.
 */

const ENCODERS: Record<string, string> = {
  SHA256: 'hashed with SHA-256',
  Base64: 'written as Base64 text',
};

/** `SHA256(<salt>)` → "A secret salt put before the file's digest, then hashed with SHA-256 (the salt is in the receipt)." */
export function encodingInWords(encode: string, of: 'file' | 'batch'): string {
  const steps = encode.split('|').map((step) => /^([^()]*)(?:\((.*)\))?$/.exec(step.trim()));
  const digest = of === 'batch' ? "the batch's root" : "the file's SHA-256 digest";
  const said = steps.map((m, i) => {
    const name = m?.[1] ?? '';
    const what = ENCODERS[name] ?? `encoded with ${name || 'an unnamed encoder'}`;
    const input = i === 0 ? digest : 'that';
    return m?.[2] !== undefined ? `a secret salt put before ${input}, then ${what}` : i === 0 ? `${digest}, ${what}` : `then ${what}`;
  });
  const salted = steps.some((m) => m?.[2] !== undefined);
  const sentence = said.join(', ');
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}${salted ? ' (the salt is kept in the receipt)' : ''}.`;
}
