import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { besideReceipt, isReceiptName, RECEIPT_SUFFIX } from '../../../verifier/receipt-name.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { present } from '../fs/entry-at.ts';
import { readRegularFile } from '../fs/read-regular-file.ts';
import { PUBLISHED_VERIFIER_PAGE_SHA256, PUBLISHED_VERIFIER_PAGES } from '../receipts/published-page.ts';
import { VERIFIER_PAGE_MARK, VERIFIER_PAGE_NAME } from '../receipts/verifier-page.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { BUNDLE_README_NAME, readmeAsWritten, readmeFacts, readmeVersion, type ReadmeReading } from './bundle-readme.ts';

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
  | {
      path: string;
      role: 'readme';
      /** Word for word what this version writes ('as-written'), edited since, or another version's (its words unchecked). */
      asWritten: ReadmeReading;
      message: string;
    };

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
    // No earlier version wrote a bundle without publishing its page's figure: a README naming one was edited.
    const written = readmeAsWritten(text);
    const asWritten = written === 'other-version' && neverReleased(version) ? 'edited' : written;
    const page = await bundleBytes(join(dirname(path), VERIFIER_PAGE_NAME));
    const pageSha256 = page && createHash('sha256').update(page).digest('hex');
    return { path, role: 'readme', asWritten, message: readmeMessage(text, version, asWritten, pageSha256) };
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

/** What the bundle's README.txt is: word for word this version's, edited, or another version's; and whether its figure is its page's. */
function readmeMessage(text: string, version: string, asWritten: ReadmeReading, pageSha256: string | null): string {
  const notEvidence = "What it says is not evidence: the receipts' verdicts here are Notarium's own, and its page is judged by its own SHA-256.";
  if (asWritten === 'other-version')
    return `The proof bundle's README, which says Notarium ${version} wrote it (this is Notarium ${packageJson.version}, which cannot check another version's words). ${notEvidence}`;
  if (asWritten === 'edited' && version !== packageJson.version)
    return `The proof bundle's README.txt was EDITED: it says Notarium ${version} wrote it, a version before this one that never published a page's figure. Do not follow its instructions. ${notEvidence}`;
  if (asWritten === 'edited')
    return `The proof bundle's README.txt was EDITED after Notarium ${version} wrote it: it is not word for word what this version writes. Do not follow its instructions. ${notEvidence}`;
  const stated = readmeFacts(text)!.pageSha256;
  const figure =
    pageSha256 !== null && pageSha256 !== stated
      ? ` But the SHA-256 it gives for ${VERIFIER_PAGE_NAME} (${stated}) is not that page's (${pageSha256}): the page is not the one the sender's Notarium wrote.`
      : '';
  return `The proof bundle's README, written by Notarium ${version}, word for word as this version writes it: what the bundle holds, and how to check its page.${figure} ${notEvidence}`;
}

/** What the bundle's page is, against the figure this version publishes; `writtenBy`: the version its README.txt names, if any. */
function pageMessage(sha256: string, writtenBy: string | undefined): string {
  const ours = packageJson.version;
  if (sha256 === PUBLISHED_VERIFIER_PAGE_SHA256)
    return `The proof bundle's verifier page: its SHA-256, ${sha256}, is the one published for Notarium ${ours}, so it is the page as this version builds it. The receipts' verdicts here are Notarium's own, not the page's.`;
  const other =
    writtenBy === undefined || writtenBy === ours
      ? ' It was edited after it was built, or built by another copy of Notarium: do not trust what it says.'
      : neverReleased(writtenBy)
        ? ` Its README.txt says Notarium ${writtenBy} wrote the bundle, a version before this one that never published a page's figure, so the README was edited too.`
        : olderThanThis(writtenBy)
          ? ` Its README.txt says Notarium ${writtenBy} wrote the bundle, a version before this one, which published ${PUBLISHED_VERIFIER_PAGES[writtenBy]}: the page ${PUBLISHED_VERIFIER_PAGES[writtenBy] === sha256 ? 'is that one' : 'is not that one either'}.`
          : ` Its README.txt says Notarium ${writtenBy} wrote the bundle, a version after this one, or one that does not exist: compare the figure with the one published for that version (docs/evidence.md, "The verifier page's SHA-256"), never with the README's.`;
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

/** An earlier version than this one with no published page figure: no such release wrote a bundle. */
function neverReleased(version: string): boolean {
  return olderThanThis(version) && PUBLISHED_VERIFIER_PAGES[version] === undefined;
}

/** Whether `version` (x.y.z, any suffix ignored) comes before this one. */
function olderThanThis(version: string): boolean {
  const parts = (v: string) => v.split(/[.-]/).slice(0, 3).map(Number);
  const [a, b] = [parts(version), parts(packageJson.version)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}
