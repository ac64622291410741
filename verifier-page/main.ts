import { bundledLookup } from './block-lookup.ts';
import { mountCertificateCheck } from './certificate-check.ts';
import { keepDropsInZones } from './drop-zone.ts';
import { browserLanguage, pageWords } from './page-words.ts';
import { mountStandalone } from './standalone.ts';
import { matchLanguage } from '../preload/i18n/languages.ts';

/**
 * The verifier page's script: the standalone page (`#notarium-verifier`, verify.html) or the check
 * inside an HTML certificate (`#notarium-check`, with its receipt in `#notarium-receipt`). Either way
 * it runs Notarium's verifier modules (verifier/) in the page, offline. The page
 * speaks its reader's browser's language; the certificate's check, the certificate's (its lang).
 */

/** The palette the system asks for (the app's stylesheet holds each palette once, under data-theme). */
function followSystemTheme(): void {
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const show = () => (document.documentElement.dataset.theme = dark.matches ? 'dark' : 'light');
  show();
  dark.addEventListener('change', show);
}

keepDropsInZones();
const page = document.getElementById('notarium-verifier');
const check = document.getElementById('notarium-check');
const receipt = document.getElementById('notarium-receipt');
if (page) {
  followSystemTheme();
  mountStandalone(page, bundledLookup(), browserLanguage());
} else if (check && receipt?.textContent) {
  const w = pageWords(matchLanguage([document.documentElement.lang]));
  mountCertificateCheck(check, w, receipt.textContent, check.dataset.receiptName ?? w.t('verifierPage.receipt'));
}
