import { STEP_STATUS_WORDS, VERIFIED_ON_TEST_CHAIN_WORD, VERIFY_STATUS_WORDS, type VerifyStatus } from '../preload/verify-statuses.ts';
import { visibleText } from '../preload/visible-text.ts';
import type { ReceiptVerdict } from '../verifier/receipt-verdict.ts';
import type { Step } from '../verifier/verify-receipt.ts';
import { h, sentence } from './dom.ts';
import { icon, type IconName } from './icons.ts';

/**
 * A verification as the app's Verify screen shows it: the status badge and the verdict's sentence,
 * what this proves and what it leaves unproven, the transaction, then every step with its status,
 * its sentence and what was expected and found. Text from the receipt is shown with invisible and
 * reordering characters as visible escapes, as everywhere in Notarium.
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

function stepItem(step: Step): HTMLElement {
  const found =
    step.expected !== undefined || step.found !== undefined
      ? h(
          'dl',
          {},
          step.expected !== undefined && h('dt', {}, 'Expected'),
          step.expected !== undefined && h('dd', { class: 'mono' }, visibleText(step.expected)),
          step.found !== undefined && h('dt', {}, 'Found'),
          step.found !== undefined && h('dd', { class: 'mono' }, visibleText(step.found)),
        )
      : null;
  return h(
    'li',
    { 'data-step': step.id, 'data-status': step.status, 'data-code': step.code, title: step.code ? `Code: ${step.code}` : undefined },
    h('span', {}, badge(STEP_TONE[step.status], STEP_STATUS_WORDS[step.status])),
    h('div', {}, h('p', { class: 'label' }, step.label), h('p', { class: 'muted detail' }, text(step.detail)), found),
  );
}

/** The verdict; `action`, when given, stands between what it proves and the steps (the best-chain check). */
export function verdictView(verdict: ReceiptVerdict, action?: Node): HTMLElement {
  const report = 'report' in verdict ? verdict.report : undefined;
  const onTestChain = verdict.status === 'verified' && report?.network.testChain === true;
  const tone = onTestChain ? 'test' : STATUS_TONE[verdict.status];
  const word = onTestChain ? VERIFIED_ON_TEST_CHAIN_WORD : VERIFY_STATUS_WORDS[verdict.status];
  return h(
    'div',
    { class: `verdict ${tone}`, 'data-status': verdict.status, 'data-outcome': report?.outcome, 'data-failed-step': report?.failedStep },
    h('div', { class: 'verdict-head' }, badge(tone, word), h('p', { class: 'message' }, text(verdict.message))),
    report?.proves && h('p', { class: 'proves' }, h('strong', {}, 'What this proves: '), text(report.proves)),
    report?.unproven?.length !== undefined &&
      report.unproven.length > 0 &&
      h(
        'div',
        { class: 'unproven' },
        h('p', {}, h('strong', {}, 'What this leaves unproven:')),
        h('ul', {}, ...report.unproven.map((point) => h('li', {}, text(point)))),
      ),
    action,
    'txId' in verdict && h('p', { class: 'muted txline' }, 'Transaction ', h('span', { class: 'mono' }, visibleText(verdict.txId))),
    report && h('ol', { class: 'steps', 'aria-label': 'Steps' }, ...report.steps.map(stepItem)),
  );
}
