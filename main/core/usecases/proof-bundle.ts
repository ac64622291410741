import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { writeFileAtomically } from '../fs/atomic-write.ts';
import { pageSha256, VERIFIER_PAGE_MARK, VERIFIER_PAGE_NAME, verifierPage } from '../receipts/verifier-page.ts';
import { zipArchive } from '../archive/zip-archive.ts';
import { receiptFileName, serializeReceipt } from '../../../verifier/receipt-v1.ts';
import { BUNDLE_README_NAME, bundleReadme, readmeVersion } from './bundle-readme.ts';
import type { NotaryContext } from './context.ts';
import { documentExport, exportReceipts, type ExportResult } from './document-export.ts';
import { fileReceipt } from './batch-receipts.ts';
import { asFile, type Registration } from './registrations.ts';
import { importedEvidenceWords } from './held-as-imported.ts';
import type { Language } from '../../../preload/i18n/languages.ts';

/**
 * A proof bundle (`receipt export --bundle`): the receipt (a document's: every version's, and its
 * index) with the offline verifier page, `verify.html`, beside it, so that a receiver with nothing
 * but a browser checks the file against it, and a short README.txt saying how to check the page
 * first. The page is the page as built, byte-identical in every bundle of a release (receipts
 * beside it, never inside it), so its SHA-256 is a published figure its receiver can compare.
 */

export interface BundleResult extends ExportResult {
  /** The verifier page written beside the receipts. */
  verifier: string;
  /** Its SHA-256, hex: the same for every bundle of this version of Notarium. */
  verifierSha256: string;
  /** The bundle's README.txt. */
  readme: string;
}

/** `out` names the bundle's folder (made if need be); without it, the receipts go beside the file as always. */
/** `language`: README.txt's (the page speaks its reader's); English when not given. */
export async function exportProofBundle(
  ctx: NotaryContext,
  target: string,
  options: { out?: string | undefined; profile?: string | undefined; language?: Language } = {},
): Promise<BundleResult> {
  const page = verifierPage(); // before anything is written: a copy without its page says so first
  const folder = options.out === undefined ? undefined : bundleFolder(resolve(options.out));
  const result = await exportReceipts(ctx, target, {
    ...(folder ? { out: folder } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    bundle: true,
  });
  const where = dirname(result.receipts[0] ?? result.index!);
  const verifier = join(where, VERIFIER_PAGE_NAME);
  const readme = join(where, BUNDLE_README_NAME);
  // Beside a file (no -o), a README.txt may well be the user's own: it is left alone, as their verify.html is.
  if (existsSync(readme) && readmeVersion(readFileSync(readme, 'utf8')) === null) {
    throw new NotariumError(
      'FILE_UNWRITABLE',
      `The receipt was written, but not the bundle's page and README.txt: ${readme} is a file Notarium did not write, so it was left alone. Export the bundle into another folder with -o.`,
    );
  }
  writeVerifierPage(verifier, page.html);
  const verifierSha256 = pageSha256(page.html);
  const text = bundleReadme({
    receipts: result.receipts.map((r) => basename(r)),
    ...(result.index ? { index: basename(result.index) } : {}),
    pageSha256: verifierSha256,
    writtenAt: new Date(ctx.now()),
    imported: result.imported,
    ...(options.language ? { language: options.language } : {}),
  });
  writeBundleFile(readme, text, 'README');
  return { ...result, verifier, verifierSha256, readme };
}

function bundleFolder(folder: string): string {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (err) {
    throw new NotariumError(
      'FILE_UNWRITABLE',
      `The proof bundle's folder ${folder} could not be made (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): name a folder with -o.`,
      { cause: err },
    );
  }
  return folder;
}

/** Beside the receipts; a verify.html there that Notarium did not write is the user's, and is left alone. */
function writeVerifierPage(path: string, html: string): void {
  if (existsSync(path) && !readFileSync(path, 'utf8').includes(VERIFIER_PAGE_MARK)) {
    throw new NotariumError(
      'FILE_UNWRITABLE',
      `The receipt was written, but not the verifier page: ${path} is a file Notarium did not write, so it was left alone. Export the bundle into another folder with -o.`,
    );
  }
  writeBundleFile(path, html, 'verifier page');
}

/** writeFileAtomically; a failure of the file system says where and why. */
function writeBundleFile(path: string, text: string, what: string): void {
  try {
    writeFileAtomically(path, text);
  } catch (err) {
    throw new NotariumError(
      'FILE_UNWRITABLE',
      `The ${what} could not be written to ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): choose another folder with -o.`,
      { cause: err },
    );
  }
}

/**
 * The app's proof bundle, one download: a zip of the receipt (a document version's: the document's
 * receipts and index, as its export), verify.html and README.txt (in `language`), named for the file or document.
 */
export async function proofBundleZip(
  ctx: NotaryContext,
  found: Registration,
  language: Language = 'en',
): Promise<{ fileName: string; zip: Uint8Array; receipts: number }> {
  const page = verifierPage();
  const record = asFile(found);
  const document = record.documentId === null ? undefined : await ctx.library.documents.get(record.documentId);
  const files = document
    ? (await documentExport(ctx, document)).map((f) => ({ name: f.fileName, data: f.text, receipt: Boolean(f.receiptOf) }))
    : [{ name: receiptFileName(record.name), data: serializeReceipt(await fileReceipt(ctx, found)), receipt: true }];
  const readme = bundleReadme({
    receipts: files.filter((f) => f.receipt).map((f) => f.name),
    ...(document ? { index: files.find((f) => !f.receipt)?.name } : {}),
    pageSha256: pageSha256(page.html),
    writtenAt: new Date(ctx.now()),
    imported: document ? null : importedEvidenceWords(found.record, receiptFileName(record.name)),
    language,
  });
  const zip = zipArchive(
    [...files.map(({ name, data }) => ({ name, data })), { name: VERIFIER_PAGE_NAME, data: page.html }, { name: BUNDLE_README_NAME, data: readme }],
    new Date(ctx.now()),
  );
  return { fileName: `${document?.name ?? record.name} proof.zip`, zip, receipts: files.filter((f) => f.receipt).length };
}
