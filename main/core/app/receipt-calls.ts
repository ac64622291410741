import type { ItemRef } from '../../../preload/contract.ts';
import type { Notary } from '../notary.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { exportFileReceipt, fileReceipt } from '../usecases/batch-receipts.ts';
import { proofBundleZip } from '../usecases/proof-bundle.ts';
import { addedEvidenceWords, upgradeReceipt } from '../usecases/receipt-upgrade.ts';
import { asFile, batchFacts } from '../usecases/registrations.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { verifierPage } from '../receipts/verifier-page.ts';
import { certificateHtml } from './certificate.ts';
import { itemById, profileOf } from './library-items.ts';

/** A registration's proof for people: its receipt, and the printable certificate (HTML, or PDF printed by the shell). */

type ReceiptCalls = 'exportReceipt' | 'exportProofBundle' | 'upgradeReceipt' | 'certificate' | 'certificatePdf';

/**
 * The HTML certificate checks itself (it carries the verifier page's script); the one printed to PDF
 * is paper. A batch's file's names its batch (certificate.ts batchRow).
 */
async function certificateOf(notary: Notary, ctx: NotaryContext, item: ItemRef, form: 'html' | 'pdf'): Promise<{ html: string; name: string }> {
  const found = itemById(notary, item);
  const receipt = await fileReceipt(ctx, found);
  const file = asFile({ ...found, record: notary.library.records.get(found.record.id) ?? found.record });
  const batch = batchFacts(notary, found) ?? undefined;
  const html = await certificateHtml(file, receipt, profileOf(notary, file.profile), { ...(form === 'html' ? { verifier: verifierPage() } : {}), batch });
  return { html, name: file.name };
}

export function receiptCalls({ notary, ctx, abilities }: CallDeps): Calls<ReceiptCalls> {
  return {
    exportReceipt: async (item) => {
      // Beside the file when the app knows where it is; the web shell's page downloads it instead.
      const { path, fileName, text } = await exportFileReceipt(ctx, itemById(notary, item), { besideFile: abilities.shell === 'electron' });
      return { path, fileName, receipt: text };
    },
    exportProofBundle: async (item) => {
      const { fileName, zip, receipts } = await proofBundleZip(ctx, itemById(notary, item));
      return { fileName, zipBase64: Buffer.from(zip).toString('base64'), receipts };
    },
    upgradeReceipt: async (item) => {
      const record = asFile(itemById(notary, item));
      if (!record.receiptPath) throw new NotariumError('NO_RECEIPT', `${record.name} has no receipt file in the library to complete.`);
      const r = await upgradeReceipt(ctx, notary.follower, record.receiptPath);
      if (r.status === 'failed') throw r.error;
      const message =
        r.status === 'complete'
          ? 'The receipt already names its block: it was left unchanged.'
          : r.status === 'pending'
            ? r.noted
              ? r.message
              : 'Not in a block yet, so the receipt was left as it was: try again after the next block.'
            : `The receipt was ${r.movedFrom ? `moved to block ${r.blockHash} (the old one left the best chain)` : r.added?.length ? `given ${addedEvidenceWords(r.added)} of block ${r.blockHash}` : `completed with block ${r.blockHash}`}${r.outcome === 'verified' ? '' : ' (the explorer gave no transaction or header, so it verifies partially)'}.`;
      return { status: r.status, path: r.path, message };
    },
    certificate: async (item) => {
      const { html, name } = await certificateOf(notary, ctx, item, 'html');
      return { html, fileName: `${name}.certificate.html` };
    },
    certificatePdf: async (item) => {
      const { html, name } = await certificateOf(notary, ctx, item, 'pdf');
      return { pdfBase64: Buffer.from(await abilities.printPdf(html)).toString('base64'), fileName: `${name}.certificate.pdf` };
    },
  };
}
