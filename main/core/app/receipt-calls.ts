import { NotariumError } from '../errors/notarium-error.ts';
import { exportFileReceipt } from '../usecases/batch-receipts.ts';
import { proofBundleZip } from '../usecases/proof-bundle.ts';
import { addedEvidenceWords, upgradeReceipt } from '../usecases/receipt-upgrade.ts';
import { asFile } from '../usecases/registrations.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { certificateOf } from './certificate-of.ts';
import { itemById } from './library-items.ts';

/** A registration's proof for people: its receipt, and the printable certificate (HTML, or PDF printed by the shell). */

type ReceiptCalls = 'exportReceipt' | 'exportProofBundle' | 'upgradeReceipt' | 'certificate' | 'certificatePdf';

export function receiptCalls({ notary, ctx, abilities }: CallDeps): Calls<ReceiptCalls> {
  return {
    exportReceipt: async (item) => {
      // Beside the file when the app knows where it is; the web shell's page downloads it instead.
      const { path, fileName, text } = await exportFileReceipt(ctx, itemById(notary, item), { besideFile: abilities.shell === 'electron' });
      return { path, fileName, receipt: text };
    },
    exportProofBundle: async (item, language) => {
      const { fileName, zip, receipts } = await proofBundleZip(ctx, itemById(notary, item), language);
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
    certificate: async (item, language) => {
      const { html, fileName } = await certificateOf(notary, ctx, itemById(notary, item), 'html', language);
      return { html, fileName };
    },
    certificatePdf: async (item, language) => {
      const { html, fileName } = await certificateOf(notary, ctx, itemById(notary, item), 'pdf', language);
      return { pdfBase64: Buffer.from(await abilities.printPdf(html)).toString('base64'), fileName };
    },
  };
}
