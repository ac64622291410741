/**
 * Where a salt is shown. The salt is what keeps the file's hash private on the chain: whoever has
 * it and the file (or a guess at it) can tie the published fingerprint to the file. So it travels
 * with the proof, where checking needs it, and nowhere else: the receipt itself, the verification
 * report made from a receipt, and the certificate's "check it by hand" steps. Every other view of a
 * registration (`notarium status`, `wait` and their --json, `receipt info`, the app's record
 * details, the page's copy of a record) writes the encoding with `<salt>` in the salt's place.
 */

/** A salt in an encode value: what stands in a step's parentheses (encode-spec.ts's grammar). */
const SALT = /\(([^()]+)\)/g;

/**
 * The encode value as views show it: `SHA256(k3J9…)|Base64` → `SHA256(<salt>)|Base64`. Total: a
 * value that is not a valid encode (an imported receipt's) is hidden the same way, never thrown on.
 */
export function saltHidden(encode: string): string {
  return encode.replace(SALT, '(<salt>)');
}

/** Whether an encode value carries a salt. */
export function hasSalt(encode: string): boolean {
  return new RegExp(SALT.source).test(encode);
}
