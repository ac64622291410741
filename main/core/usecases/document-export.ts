import { importedEvidenceWords } from './held-as-imported.ts';
import { basename, dirname, join, resolve } from 'node:path';
import { labelledReceiptName, VERSIONS_INDEX_SUFFIX } from '../../../preload/notarium-files.ts';
import { zipArchive } from '../archive/zip-archive.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { receiptFileName, serializeReceipt } from '../../../verifier/receipt-v1.ts';
import type { StoredDocument } from '../store/documents.ts';
import { isLive, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { writeMemberReceipt } from './batch-receipts.ts';
import { labelledPlace, receiptFor, writeAtomically, writeReceipt } from './receipts.ts';
import { batchFacts, type BatchFacts } from './registrations.ts';
import { resolveDocument, resolveRegistration } from './resolve-target.ts';

/**
 * A document's export, one for the CLI and the app: each version's receipt, named
 * `<document>.v<N>.receipt.json`, and an index `<document>.versions.json` of its versions, their
 * transactions and receipts. The CLI writes the files into a folder; the app offers them as one zip.
 */

export const DOCUMENT_INDEX_FORMAT = 'notarium-document-index/1';

export interface ExportedFile {
  fileName: string;
  text: string;
  /** The version whose receipt this is, and the receipt's network label (none for the index). */
  receiptOf?: { record: StoredRecord; network: string };
}

/**
 * The versions the service accepted and that are, or may become, in a block; a finalisation has no
 * receipt. `nameOf`: a version's receipt's file name where it goes (default `<document>.v<N>.receipt.json`).
 */
export async function documentExport(
  ctx: NotaryContext,
  document: StoredDocument,
  nameOf: (version: StoredRecord) => Promise<string> = async (v) => labelledReceiptName(document.name, `v${v.version}`),
): Promise<ExportedFile[]> {
  const versions = ctx.library.records.ofDocument(document.id).filter((v) => v.txId !== null && isLive(v));
  const files: ExportedFile[] = [];
  const entries = [];
  for (const v of versions) {
    const fileName = v.kind === 'linked-delete' ? null : await nameOf(v);
    if (fileName) {
      const receipt = await receiptFor(ctx, v);
      files.push({ fileName, text: serializeReceipt(receipt), receiptOf: { record: v, network: receipt.network } });
    }
    entries.push({ version: v.version, kind: v.kind, txId: v.txId, prevTxId: v.prevTxId, file: v.name, sha256: v.sha256, receipt: fileName });
  }
  const index = {
    format: DOCUMENT_INDEX_FORMAT,
    document: document.name,
    network: (await ctx.library.profiles.require(document.profile)).network,
    finalised: document.finalisedAt !== null,
    versions: entries,
  };
  files.push({ fileName: `${document.name}${VERSIONS_INDEX_SUFFIX}`, text: JSON.stringify(index, null, 2) + '\n' });
  return files;
}

/** The document's export as one zip named for the document, and how many receipts it holds: the app's one download. */
export async function documentZip(ctx: NotaryContext, document: StoredDocument): Promise<{ fileName: string; zip: Uint8Array; receipts: number }> {
  const files = await documentExport(ctx, document);
  const zip = zipArchive(
    files.map((f) => ({ name: f.fileName, data: f.text })),
    new Date(ctx.now()),
  );
  return { fileName: `${document.name} receipts.zip`, zip, receipts: files.filter((f) => f.receiptOf).length };
}

export interface ExportResult {
  /** The receipt files written, one per registration (one per version for a document). */
  receipts: string[];
  /** A document's index file, listing its versions and their receipts. */
  index?: string;
  /** A batch's file: its place in its batch (registrations.ts batchFacts); null for any other registration. */
  batch: BatchFacts | null;
  /** The receipt is imported evidence, not one this library issued: the library's word on it (held-as-imported.ts); else null. */
  imported: string | null;
}

/**
 * Exports the receipt of `target` (a file or txId): a batch's file's, its own (batch-receipts.ts);
 * for a document version, the document's export into a folder. Receipts go where the one rule of
 * receipts beside files puts them (receipts.ts): never over another registration's.
 */
export async function exportReceipts(
  ctx: NotaryContext,
  target: string,
  options: { out?: string; profile?: string; document?: boolean; bundle?: boolean } = {},
): Promise<ExportResult> {
  const { record, member } = await resolveRegistration(ctx, target, options.profile);
  // Written elsewhere (-o), a receipt is a copy: the library keeps the one beside the file.
  const copy = options.out !== undefined;
  if (member) {
    const written = await writeMemberReceipt(ctx, member, options.out, { copy });
    return {
      receipts: [written],
      batch: batchFacts(ctx, { record, member }),
      imported: importedEvidenceWords(record, basename(written), options.bundle ? 'bundle' : 'export'),
    };
  }
  if (record.documentId === null || options.document === false) {
    const written = await writeReceipt(ctx, record, options.out, { copy });
    return { receipts: [written], batch: null, imported: importedEvidenceWords(record, basename(written), options.bundle ? 'bundle' : 'export') };
  }
  const document = await resolveDocument(ctx, target, options.profile);
  const folder = options.out ? resolve(options.out) : record.path ? dirname(record.path) : null;
  if (!folder) throw new NotariumError('LOCATION_UNKNOWN', `Notarium does not know where ${record.name} is: name a folder for the receipts with -o.`);
  const result: ExportResult = { receipts: [], batch: null, imported: null };
  // Each version under its label, or under its txId's when another registration's receipt holds that name (labelledPlace).
  const plain = join(folder, receiptFileName(document.name));
  const nameOf = async (v: StoredRecord) => basename(await labelledPlace(plain, v));
  for (const file of await documentExport(ctx, document, nameOf)) {
    const path = join(folder, file.fileName);
    writeAtomically(path, file.text, { create: true });
    if (!file.receiptOf) result.index = path;
    else {
      if (!copy || !file.receiptOf.record.receiptPath) ctx.library.records.setReceiptPath(file.receiptOf.record.id, path, file.receiptOf.network);
      result.receipts.push(path);
    }
  }
  return result;
}
