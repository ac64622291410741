import { visibleName } from '../preload/visible-text.ts';
import { verifyReceiptBytes } from '../verifier/receipt-verdict.ts';
import { hashFile } from './checked-file.ts';
import { h } from './dom.ts';
import { dropZone } from './drop-zone.ts';
import type { PageWords } from './page-words.ts';
import { verdictView } from './report-view.ts';

/**
 * The certificate checks itself: its receipt travels inside it (`receiptText`), and a file dropped
 * on it is hashed in the page and verified against that receipt, with the same report as the app,
 * in the certificate's own language (`w`: the language it names).
 */
export function mountCertificateCheck(root: HTMLElement, w: PageWords, receiptText: string, receiptName: string): void {
  const status = h('p', { class: 'muted small', role: 'status' });
  const result = h('div', { 'aria-live': 'polite' });
  let current: File | undefined;
  const check = (file: File) => {
    current = file;
    result.replaceChildren();
    void hashFile(file, ({ digest, error, done }) => {
      if (current !== file) return;
      const name = visibleName(file.name);
      if (error) status.textContent = w.t('verifierPage.unreadableFile', { name, reason: error });
      else if (digest === undefined)
        status.textContent = w.t('verifierPage.checkHashing', { name, percent: w.percent(Math.floor((done / Math.max(file.size, 1)) * 100) / 100) });
      else {
        status.textContent = w.t('verifierPage.checkDigest', { name, digest });
        result.replaceChildren(verdictView(w, verifyReceiptBytes(new TextEncoder().encode(receiptText), receiptName, { fileDigest: digest }), receiptName));
      }
    });
  };
  // Dropped anywhere on the certificate, the file is checked too.
  window.addEventListener('drop', (e) => {
    const file = e.dataTransfer?.files[0];
    if (file) check(file);
  });
  root.replaceChildren(
    h('h2', {}, w.t('verifierPage.checkHeading')),
    dropZone({
      title: w.t('verifierPage.checkDropTitle'),
      hint: w.t('verifierPage.checkDropHint'),
      buttons: [{ label: w.t('verifierPage.chooseFile'), inputLabel: w.t('verifierPage.checkFileInput'), primary: true, onfiles: ([f]) => f && check(f) }],
      ondrop: ([f]) => f && check(f),
    }),
    // Whoever sent the certificate could have edited it: it says so, never that its check is genuine.
    h('p', { class: 'muted small' }, w.t('verifierPage.checkCaution')),
    status,
    result,
  );
}
