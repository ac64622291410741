import type { Language } from '../../../preload/i18n/languages.ts';
import type { Notary } from '../notary.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { verifierPage } from '../receipts/verifier-page.ts';
import { fileReceipt } from '../usecases/batch-receipts.ts';
import { asFile, batchFacts, type Registration } from '../usecases/registrations.ts';
import { certificateHtml } from './certificate.ts';
import { profileOf } from './library-items.ts';

/**
 * A registration's certificate, for the app's call and the CLI alike: the HTML one checks itself (it
 * carries the verifier page's script); the one to print to PDF is paper. A batch's file's names its
 * batch (certificate.ts batchRow). In a language (English when not said).
 */
export async function certificateOf(
  notary: Notary,
  ctx: NotaryContext,
  found: Registration,
  form: 'html' | 'pdf',
  language: Language = 'en',
): Promise<{ html: string; fileName: string }> {
  const receipt = await fileReceipt(ctx, found);
  const file = asFile({ ...found, record: notary.library.records.get(found.record.id) ?? found.record });
  const batch = batchFacts(notary, found) ?? undefined;
  const html = await certificateHtml(file, receipt, await profileOf(notary, file.profile), {
    ...(form === 'html' ? { verifier: verifierPage() } : {}),
    batch,
    language,
  });
  return { html, fileName: `${file.name}.certificate.${form}` };
}
