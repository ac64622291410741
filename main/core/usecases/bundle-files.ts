import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { besideReceipt, isReceiptName, RECEIPT_SUFFIX } from '../../../preload/notarium-files.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { present } from '../fs/entry-at.ts';
import { readRegularFile } from '../fs/read-regular-file.ts';
import { PUBLISHED_VERIFIER_PAGE_SHA256 } from '../receipts/published-page.ts';
import { VERIFIER_PAGE_MARK, VERIFIER_PAGE_NAME } from '../receipts/verifier-page.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { BUNDLE_README_NAME, readmeVersion } from './bundle-readme.ts';

/**
 * A proof bundle's own files, as a verification of its folder meets them (proof-bundle.ts): its
 * page and its README.txt are not files to verify, so they are recognised, by name and content,
 * and said for what they are; the page is compared with the figure published for this version.
 * A file of those names with a receipt beside it is a file someone notarised, verified as any other.
 */

export type BundleFile =
  | {
      path: string;
      role: 'page';
      sha256: string;
      /** Its SHA-256 is the one published for this version of Notarium (published-page.ts). */
      published: boolean;
      /** One sentence for people: what it is, and whether it is the published page. */
      message: string;
    }
  | { path: string; role: 'readme'; message: string };

/** Larger than any page Notarium builds (its budget is 300 KB): a file past it is no bundle's. */
const MAX_BUNDLE_FILE_BYTES = 1024 * 1024;

/** The bundle's page or README.txt at `path`, or null when it is neither (any other file, or one with a receipt of its own). */
export async function bundleFileAt(path: string): Promise<BundleFile | null> {
  const name = basename(path);
  if (name !== VERIFIER_PAGE_NAME && name !== BUNDLE_README_NAME) return null;
  if (await present(`${path}${RECEIPT_SUFFIX}`)) return null;
  const bytes = await bundleBytes(path);
  if (!bytes) return null;
  const text = bytes.toString('utf8');
  if (name === BUNDLE_README_NAME) {
    const version = readmeVersion(text);
    if (version === null) return null;
    return { path, role: 'readme', message: `The proof bundle's README, written by Notarium ${version}: what the bundle holds, and how to check its page.` };
  }
  const readme = await bundleBytes(join(dirname(path), BUNDLE_README_NAME));
  const writtenBy = readme ? (readmeVersion(readme.toString('utf8')) ?? undefined) : undefined;
  // The page of a bundle (its README beside it) is judged whatever it holds: an edit that strips its
  // mark must not pass it off as a file like any other.
  if (!text.includes(VERIFIER_PAGE_MARK) && writtenBy === undefined) return null;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { path, role: 'page', sha256, published: sha256 === PUBLISHED_VERIFIER_PAGE_SHA256, message: pageMessage(sha256, writtenBy) };
}

/** The file's bytes when it is a regular file small enough to be a bundle's; else null (verified as a file, which says what is wrong). */
async function bundleBytes(path: string): Promise<Buffer | null> {
  return readRegularFile(path, { maxBytes: MAX_BUNDLE_FILE_BYTES, tooLarge: () => new NotariumError('FILE_UNREADABLE', `${path} is too large`) }).catch(
    () => null,
  );
}

/** What the bundle's page is, against the figure this version publishes; `writtenBy`: the version its README.txt names, if any. */
function pageMessage(sha256: string, writtenBy: string | undefined): string {
  const ours = packageJson.version;
  if (sha256 === PUBLISHED_VERIFIER_PAGE_SHA256)
    return `The proof bundle's verifier page: its SHA-256, ${sha256}, is the one published for Notarium ${ours}, so it is the page as this version builds it. The receipts' verdicts here are Notarium's own, not the page's.`;
  const other =
    writtenBy !== undefined && writtenBy !== ours
      ? ` Its README.txt says Notarium ${writtenBy} wrote the bundle: compare the figure with the one published for that version (docs/evidence.md, "The verifier page's SHA-256").`
      : ' It was edited after it was built, or built by another copy of Notarium: do not trust what it says.';
  return `The proof bundle's verifier page is NOT the one published for Notarium ${ours}: its SHA-256 is ${sha256}, the published one ${PUBLISHED_VERIFIER_PAGE_SHA256}.${other} The receipts' verdicts here are Notarium's own, not the page's; to check in a browser, use a page of your own ("notarium verifier-page -o DIR").`;
}

/**
 * The receipts in a bundle's folder whose file is not beside them: a bundle holds receipts, and its
 * receiver may not have put the files in; each is verified alone (its file digest unchecked).
 */
export async function loneReceipts(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile() && isReceiptName(e.name) && !e.name.startsWith('.')).map((e) => e.name);
  } catch {
    return [];
  }
  const lone: string[] = [];
  for (const name of names.sort((a, b) => a.localeCompare(b))) if (!(await present(join(folder, besideReceipt(name))))) lone.push(join(folder, name));
  return lone;
}
