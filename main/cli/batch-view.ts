import type { StoredRecord } from '../core/store/record.ts';
import type { NotaryContext } from '../core/usecases/context.ts';
import { asFile, batchFacts, type BatchFacts, type Registration } from '../core/usecases/registrations.ts';

/**
 * A registration as the CLI shows it for a file (docs/design/batches-and-rounds.md): a batch's file as itself — its
 * name, path, size, digest and receipt — with its registration's state, txId and block, and its
 * place in the batch; any other registration as it is, with the batch it anchors, if any. A view
 * for display only: the core never takes it for a record of the file.
 */
export function fileView(ctx: Pick<NotaryContext, 'library'>, found: Registration): { record: StoredRecord; batch: BatchFacts | null } {
  return { record: asFile(found), batch: batchFacts(ctx, found) };
}

/**
 * "file 3 of 1000 in registration <txId> (batch 7)", or what a batch's own registration anchors
 * (`file` false). A batch known from its files' receipts says neither its size nor a file's place.
 */
export function batchWords(batch: BatchFacts, txId: string | null, file = batch.position !== null): string {
  const registration = txId ? `registration ${txId}` : 'a registration not sent yet';
  if (batch.files === null)
    return file
      ? `one of a batch's files in ${registration} (batch ${batch.id}, known from its files' receipts)`
      : `anchors a batch of files (batch ${batch.id}, known from its files' receipts, each with a receipt of its own)`;
  return batch.position === null
    ? `anchors ${batch.files} files (batch ${batch.id}), each with a receipt of its own`
    : `file ${batch.position + 1} of ${batch.files} in ${registration} (batch ${batch.id})`;
}
