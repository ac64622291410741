import { RECEIPT_SUFFIX } from '../../../verifier/receipt-name.ts';
import { NotariumError } from '../errors/notarium-error.ts';

/**
 * Whether the receipts a registration will need can be named on the file system, checked before
 * anything is registered: a name that fits as a file may be too long once `.receipt.json` is
 * added, and a registration whose receipt can never be written is money spent on nothing.
 *
 * The limit is per path component: 255 bytes of UTF-8 on Linux and macOS, 255 UTF-16 code units
 * on Windows (NTFS).
 */

export const NAME_LIMIT = 255;

/**
 * A document version's receipts also take a label: `<name>.v<N>.receipt.json` (exports, earlier
 * versions under a watched folder's `.notarium/`) or `<name>.<12 characters of the txId>.receipt.json`
 * (so does a registration of content whose earlier registration's receipt is beside the file).
 * Twelve characters cover both (versions up to v99999999999).
 */
const LABELLED_SUFFIX = `.${'x'.repeat(12)}${RECEIPT_SUFFIX}`;

/** A name's length as the platform's file systems count it. */
export function nameLength(name: string, platform: NodeJS.Platform = process.platform): number {
  return platform === 'win32' ? name.length : Buffer.byteLength(name, 'utf8');
}

/**
 * Throws, with what to do, when the receipts of `name` would not fit; `label`: how a label its
 * receipts may take reads (`v<N>` for a document's version, `<txId>` for content registered again
 * beside an earlier registration's receipt), null when they take none.
 */
export function checkReceiptNames(name: string, options: { label: 'v<N>' | '<txId>' | null }, platform: NodeJS.Platform = process.platform): void {
  const suffix = options.label ? LABELLED_SUFFIX : RECEIPT_SUFFIX;
  const room = NAME_LIMIT - nameLength(suffix, platform);
  const length = nameLength(name, platform);
  if (length <= room) return;
  const unit = platform === 'win32' ? 'characters' : 'bytes';
  throw new NotariumError(
    'NAME_TOO_LONG',
    `The name of ${name} is ${length} ${unit} long, and its receipt's name (<name>${options.label ? `.${options.label}` : ''}.receipt.json) would pass the file system's limit of ${NAME_LIMIT} ${unit}, so it was not registered: rename the file to at most ${room} ${unit} and notarise it again.`,
  );
}
