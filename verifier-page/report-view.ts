import { STEP_STATUS_MESSAGES, VERIFIED_ON_TEST_CHAIN_MESSAGE, VERIFY_STATUS_MESSAGES, type VerifyStatus } from '../preload/verify-statuses.ts';
import { said } from '../preload/i18n/said.ts';
import { visibleName, visibleText } from '../preload/visible-text.ts';
import type { ReceiptVerdict } from '../verifier/receipt-verdict.ts';
import type { Step } from '../verifier/verify-receipt.ts';
import { h, sentence } from './dom.ts';
import { icon, type IconName } from './icons.ts';
import type { PageWords } from './page-words.ts';

/**
 * A verification as the app's Verify screen shows it: the status badge and the verdict's sentence,
 * what this proves and what it leaves unproven, the transaction, then every step with its status,
 * its sentence and what was expected and found. Text from the receipt is shown with invisible and
 * reordering characters as visible escapes, as everywhere in Notarium. In the page's language: the
 * Verify screen's words, and the engine's sentences from their messages (English as the engine
 * wrote them).
 */

type Tone = 'verified' | 'partial' | 'test' | 'pending' | 'mismatch' | 'unknown' | 'unreadable';

const STATUS_TONE: Record<VerifyStatus, Tone> = {
  verified: 'verified',
  'partially-verified': 'partial',
  mismatch: 'mismatch',
  pending: 'pending',
  unknown: 'unknown',
  unreadable: 'unreadable',
};
const TONE_ICON: Record<Tone, IconName> = {
  verified: 'check',
  partial: 'partial',
  test: 'flask',
  pending: 'clock',
  mismatch: 'cross',
  unknown: 'question',
  unreadable: 'alert',
};
const STEP_TONE: Record<Step['status'], Tone> = { pass: 'verified', fail: 'mismatch', skipped: 'unknown', 'not-run': 'unknown' };

function badge(tone: Tone, label: string): HTMLElement {
  return h('span', { class: `badge ${tone}` }, icon(TONE_ICON[tone], 14), h('span', {}, label));
}

const text = (s: string) => sentence(visibleText(s));

function stepItem(w: PageWords, step: Step): HTMLElement {
  const found =
    step.expected !== undefined || step.found !== undefined
      ? h(
          'dl',
          {},
          step.expected !== undefined && h('dt', {}, w.t('verify.expected')),
          step.expected !== undefined && h('dd', { class: 'mono' }, visibleText(step.expected)),
          step.found !== undefined && h('dt', {}, w.t('verify.found')),
          step.found !== undefined && h('dd', { class: 'mono' }, visibleText(step.found)),
        )
      : null;
  return h(
    'li',
    { 'data-step': step.id, 'data-status': step.status, 'data-code': step.code, title: step.code ? w.t('verify.code', { code: step.code }) : undefined },
    h('span', {}, badge(STEP_TONE[step.status], w.t(STEP_STATUS_MESSAGES[step.status]))),
    h('div', {}, h('p', { class: 'label' }, w.engine.stepLabel(step)), h('p', { class: 'muted detail' }, text(w.engine.stepText(step))), found),
  );
}

/**
 * The verdict on the receipt named `receiptName`; `action`, when given, stands between what it
 * proves and the steps (the best-chain check).
 */
export function verdictView(w: PageWords, verdict: ReceiptVerdict, receiptName: string, action?: Node): HTMLElement {
  const report = 'report' in verdict ? verdict.report : undefined;
  const onTestChain = verdict.status === 'verified' && report?.network.testChain === true;
  const tone = onTestChain ? 'test' : STATUS_TONE[verdict.status];
  const word = w.t(onTestChain ? VERIFIED_ON_TEST_CHAIN_MESSAGE : VERIFY_STATUS_MESSAGES[verdict.status]);
  return h(
    'div',
    { class: `verdict ${tone}`, 'data-status': verdict.status, 'data-outcome': report?.outcome, 'data-failed-step': report?.failedStep },
    h('div', { class: 'verdict-head' }, badge(tone, word), h('p', { class: 'message' }, text(message(w, verdict, receiptName)))),
    report?.proves && h('p', { class: 'proves' }, h('strong', {}, w.t('verify.proves')), ' ', text(w.engine.text(report.proves, report.said.proves))),
    report?.unproven?.length !== undefined &&
      report.unproven.length > 0 &&
      h(
        'div',
        { class: 'unproven' },
        h('p', {}, h('strong', {}, w.t('verify.unproven'))),
        h('ul', {}, ...report.unproven.map((point, i) => h('li', {}, text(w.engine.text(point, report.said.unproven?.[i]))))),
      ),
    action,
    'txId' in verdict && h('p', { class: 'muted txline' }, w.t('verify.transaction'), ' ', h('span', { class: 'mono' }, visibleText(verdict.txId))),
    report && h('ol', { class: 'steps', 'aria-label': w.t('verifierPage.steps') }, ...report.steps.map((step) => stepItem(w, step))),
  );
}

/** The verdict's sentence; a receipt that could not be read is said as the app says it. */
function message(w: PageWords, verdict: ReceiptVerdict, receiptName: string): string {
  if ('report' in verdict) return w.engine.text(verdict.message, verdict.report.said.summary);
  return verdict.error.code === 'RECEIPT_INVALID'
    ? w.engine.text(verdict.message, said('errorsWith.notAReceipt', { name: visibleName(receiptName) }))
    : verdict.message;
}
