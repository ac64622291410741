import { visibleName } from '../preload/visible-text.ts';
import { verifyReceiptBytes } from '../verifier/receipt-verdict.ts';
import { hashFile } from './checked-file.ts';
import { h } from './dom.ts';
import { dropZone } from './drop-zone.ts';
import { verdictView } from './report-view.ts';

/**
 * The certificate checks itself: its receipt travels inside it (`receiptText`), and a file dropped
 * on it is hashed in the page and verified against that receipt, with the same report as the app.
 */
export function mountCertificateCheck(root: HTMLElement, receiptText: string, receiptName: string): void {
  const status = h('p', { class: 'muted small', role: 'status' });
  const result = h('div', { 'aria-live': 'polite' });
  let current: File | undefined;
  const check = (file: File) => {
    current = file;
    result.replaceChildren();
    void hashFile(file, ({ digest, error, done }) => {
      if (current !== file) return;
      if (error) status.textContent = error;
      else if (digest === undefined)
        status.textContent = `Computing the SHA-256 of ${visibleName(file.name)}… ${Math.floor((done / Math.max(file.size, 1)) * 100)}%`;
      else {
        status.textContent = `${visibleName(file.name)}: SHA-256 ${digest}`;
        result.replaceChildren(verdictView(verifyReceiptBytes(new TextEncoder().encode(receiptText), receiptName, { fileDigest: digest })));
      }
    });
  };
  // Dropped anywhere on the certificate, the file is checked too.
  window.addEventListener('drop', (e) => {
    const file = e.dataTransfer?.files[0];
    if (file) check(file);
  });
  root.replaceChildren(
    h('h2', {}, 'Check the file here'),
    dropZone({
      title: 'Drop the file on this certificate',
      hint: 'It is checked against the receipt inside this page, with the same steps as the Notarium app. It is read here only: nothing is uploaded.',
      buttons: [{ label: 'Choose file', inputLabel: 'File to check', primary: true, onfiles: ([f]) => f && check(f) }],
      ondrop: ([f]) => f && check(f),
    }),
    // Whoever sent the certificate could have edited it: it says so, never that its check is genuine.
    h(
      'p',
      { class: 'muted small' },
      'This check travels inside the certificate and cannot vouch for itself: to be sure, verify the file and its receipt with a copy of Notarium of your own.',
    ),
    status,
    result,
  );
}
