import type { Notary } from '../notary.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { proofBundleZip } from '../usecases/proof-bundle.ts';
import { upgradeReceipt } from '../usecases/receipt-upgrade.ts';
import { exportReceipt, gatherEvidence, receiptOf } from '../usecases/receipts.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { verifierPage } from '../receipts/verifier-page.ts';
import { certificateHtml } from './certificate.ts';
import { profileOf, recordById } from './library-items.ts';

/** A registration's proof for people: its receipt, and the printable certificate (HTML, or PDF printed by the shell). */

type ReceiptCalls = 'exportReceipt' | 'exportProofBundle' | 'upgradeReceipt' | 'certificate' | 'certificatePdf';

/** The HTML certificate checks itself (it carries the verifier page's script); the one printed to PDF is paper. */
async function certificateOf(notary: Notary, ctx: NotaryContext, id: number, form: 'html' | 'pdf'): Promise<string> {
  const r = await gatherEvidence(ctx, recordById(notary, id));
  return certificateHtml(r, receiptOf(ctx, r), profileOf(notary, r.profile), form === 'html' ? { verifier: verifierPage() } : {});
}

export function receiptCalls({ notary, ctx, abilities }: CallDeps): Calls<ReceiptCalls> {
  return {
    exportReceipt: async (id) => {
      // Beside the file when the app knows where it is; the web shell's page downloads it instead.
      const { path, fileName, text } = await exportReceipt(ctx, recordById(notary, id), { besideFile: abilities.shell === 'electron' });
      return { path, fileName, receipt: text };
    },
    exportProofBundle: async (id) => {
      const { fileName, zip, receipts } = await proofBundleZip(ctx, recordById(notary, id));
      return { fileName, zipBase64: Buffer.from(zip).toString('base64'), receipts };
    },
    upgradeReceipt: async (id) => {
      const record = recordById(notary, id);
      if (!record.receiptPath) throw new NotariumError('NO_RECEIPT', `${record.name} has no receipt file in the library to complete.`);
      const r = await upgradeReceipt(ctx, notary.follower, record.receiptPath);
      if (r.status === 'failed') throw r.error;
      const message =
        r.status === 'complete'
          ? 'The receipt already names its block: it was left unchanged.'
          : r.status === 'pending'
            ? 'Not in a block yet, so the receipt was left as it was: try again after the next block.'
            : `The receipt was completed with block ${r.blockHash}${r.outcome === 'verified' ? '' : ' (the explorer gave no transaction or header, so it verifies partially)'}.`;
      return { status: r.status, path: r.path, message };
    },
    certificate: async (id) => ({ html: await certificateOf(notary, ctx, id, 'html'), fileName: `${recordById(notary, id).name}.certificate.html` }),
    certificatePdf: async (id) => {
      const pdf = await abilities.printPdf(await certificateOf(notary, ctx, id, 'pdf'));
      return { pdfBase64: Buffer.from(pdf).toString('base64'), fileName: `${recordById(notary, id).name}.certificate.pdf` };
    },
  };
}
