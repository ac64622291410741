import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { writeFileAtomically } from '../fs/atomic-write.ts';
import { exportedVerifierPage, VERIFIER_PAGE_MARK, VERIFIER_PAGE_NAME, verifierPage, type VerifierPage } from '../receipts/verifier-page.ts';
import { zipArchive } from '../archive/zip-archive.ts';
import { parseReceipt, receiptFileName, serializeReceipt, type ReceiptV1 } from '../receipts/receipt-v1.ts';
import { blockLookupFor } from './chain-check.ts';
import type { NotaryContext } from './context.ts';
import { documentExport, exportReceipts, type ExportResult } from './document-export.ts';
import { readReceiptFile } from './receipts.ts';
import { fileReceipt } from './batch-receipts.ts';
import { asFile, type Registration } from './registrations.ts';

/**
 * A proof bundle (`receipt export --bundle`): the receipt (a document's: every version's, and its
 * index) with the offline verifier page, `verify.html`, beside it, so that a receiver with nothing
 * but a browser checks the file against it. The page carries the block lookup that `verify` would
 * ask about the receipt's block, if there is one, and asks it only when its reader says so.
 */

export interface BundleResult extends ExportResult {
  /** The verifier page written beside the receipts. */
  verifier: string;
}

/** `out` names the bundle's folder (made if need be); without it, the receipts go beside the file as always. */
export async function exportProofBundle(ctx: NotaryContext, target: string, options: { out?: string; profile?: string } = {}): Promise<BundleResult> {
  const page = verifierPage(); // before anything is written: a copy without its page says so first
  const folder = options.out === undefined ? undefined : bundleFolder(resolve(options.out));
  const result = await exportReceipts(ctx, target, { ...(folder ? { out: folder } : {}), ...(options.profile ? { profile: options.profile } : {}) });
  const verifier = join(dirname(result.receipts[0] ?? result.index!), VERIFIER_PAGE_NAME);
  const first = result.receipts[0];
  writeVerifierPage(verifier, await pageFor(ctx, page, first === undefined ? undefined : await readReceiptFile(first)));
  return { ...result, verifier };
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
  try {
    writeFileAtomically(path, html);
  } catch (err) {
    throw new NotariumError(
      'FILE_UNWRITABLE',
      `The verifier page could not be written to ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): choose another folder with -o.`,
      { cause: err },
    );
  }
}

/**
 * The page for the bundle of `receipt`: with the block lookup of the profile that reaches its
 * service (the one verify asks), when there is one and it can be named now.
 */
async function pageFor(ctx: NotaryContext, page: VerifierPage, receipt: ReceiptV1 | undefined): Promise<string> {
  const found = receipt && (await blockLookupFor(ctx, receipt));
  return exportedVerifierPage(page, found && 'lookup' in found ? (found.lookup?.template ?? null) : null);
}

/**
 * The app's proof bundle, one download: a zip of the receipt (a document version's: the document's
 * receipts and index, as its export) and verify.html, named for the file or document.
 */
export async function proofBundleZip(ctx: NotaryContext, found: Registration): Promise<{ fileName: string; zip: Uint8Array; receipts: number }> {
  const page = verifierPage();
  const record = asFile(found);
  const document = record.documentId === null ? undefined : ctx.library.documents.get(record.documentId);
  const files = document
    ? (await documentExport(ctx, document)).map((f) => ({ name: f.fileName, data: f.text, receipt: Boolean(f.receiptOf) }))
    : [{ name: receiptFileName(record.name), data: serializeReceipt(await fileReceipt(ctx, found)), receipt: true }];
  const first = files.find((f) => f.receipt);
  const html = await pageFor(ctx, page, first && parseReceipt(first.data));
  const zip = zipArchive([...files.map(({ name, data }) => ({ name, data })), { name: VERIFIER_PAGE_NAME, data: html }], new Date(ctx.now()));
  return { fileName: `${document?.name ?? record.name} proof.zip`, zip, receipts: files.filter((f) => f.receipt).length };
}
