import type { Notary } from '../notary.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { exportReceipt, gatherEvidence, receiptOf } from '../usecases/receipts.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { certificateHtml } from './certificate.ts';
import { profileOf, recordById } from './library-items.ts';

/** A registration's proof for people: its receipt, and the printable certificate (HTML, or PDF printed by the shell). */

type ReceiptCalls = 'exportReceipt' | 'certificate' | 'certificatePdf';

async function certificateOf(notary: Notary, ctx: NotaryContext, id: number): Promise<string> {
  const r = await gatherEvidence(ctx, recordById(notary, id));
  return certificateHtml(r, receiptOf(ctx, r), profileOf(notary, r.profile));
}

export function receiptCalls({ notary, ctx, abilities }: CallDeps): Calls<ReceiptCalls> {
  return {
    exportReceipt: async (id) => {
      // Beside the file when the app knows where it is; the web shell's page downloads it instead.
      const { path, fileName, text } = await exportReceipt(ctx, recordById(notary, id), { besideFile: abilities.shell === 'electron' });
      return { path, fileName, receipt: text };
    },
    certificate: async (id) => ({ html: await certificateOf(notary, ctx, id), fileName: `${recordById(notary, id).name}.certificate.html` }),
    certificatePdf: async (id) => {
      const pdf = await abilities.printPdf(await certificateOf(notary, ctx, id));
      return { pdfBase64: Buffer.from(pdf).toString('base64'), fileName: `${recordById(notary, id).name}.certificate.pdf` };
    },
  };
}
