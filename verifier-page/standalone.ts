import { isReceiptName } from '../preload/notarium-files.ts';
import { visibleName } from '../preload/visible-text.ts';
import type { ReceiptVerdict } from '../main/core/receipts/verify/receipt-verdict.ts';
import { hashFile, sizeOf, verdictFor, type HashedFile } from './checked-file.ts';
import { h } from './dom.ts';
import { dropZone } from './drop-zone.ts';
import { icon } from './icons.ts';
import { verdictView } from './report-view.ts';

/**
 * The standalone page: a file and its receipt, dropped or chosen in any order, verified as soon as
 * the receipt is there (with the file once it is hashed; alone, as far as a receipt goes without
 * its file, as the app does).
 */

interface State {
  file?: HashedFile;
  receipt?: File;
  verdict?: ReceiptVerdict;
  /** Something dropped that the page could not take, in a sentence. */
  note?: string;
}

export function mountStandalone(root: HTMLElement): void {
  const state: State = {};
  let run = 0;
  const inputs = h('section', { class: 'card inputs', 'aria-label': 'What is checked' });
  const result = h('section', { class: 'card result', 'aria-label': 'Result', 'aria-live': 'polite' });

  const render = () => {
    inputs.replaceChildren(fileRow(state.file), receiptRow(state.receipt), ...(state.note ? [h('p', { class: 'note' }, state.note)] : []));
    result.replaceChildren(resultBody(state));
  };

  /** Verifies again with what is there now; a newer run makes an older one's answer moot. */
  const verify = async () => {
    const mine = ++run;
    state.verdict = undefined;
    render();
    const { receipt, file } = state;
    if (!receipt || (file && file.digest === undefined && file.error === undefined)) return;
    const verdict = await verdictFor(receipt, file?.digest);
    if (mine === run) {
      state.verdict = verdict;
      render();
    }
  };

  const takeFile = (file: File) => {
    state.file = { file, done: 0 };
    void hashFile(file, (hashed) => {
      if (state.file?.file !== file) return; // replaced by another file meanwhile
      state.file = hashed;
      if (hashed.digest !== undefined || hashed.error !== undefined) void verify();
      else render();
    });
  };
  const takeReceipt = (receipt: File) => {
    state.receipt = receipt;
    void verify();
  };
  const take = (files: File[]) => {
    const receipts = files.filter((f) => isReceiptName(f.name));
    const others = files.filter((f) => !isReceiptName(f.name));
    state.note =
      receipts.length > 1 || others.length > 1
        ? 'One file and one receipt are checked at a time: the first of each was taken. Drop the others after.'
        : undefined;
    if (others[0]) takeFile(others[0]);
    if (receipts[0]) takeReceipt(receipts[0]);
    else render();
  };

  root.replaceChildren(
    h(
      'header',
      { class: 'page-head' },
      h('p', { class: 'brand' }, h('span', { class: 'mark' }, icon('notarise', 20)), 'Notarium'),
      h('h1', {}, 'Verify a proof'),
      h(
        'p',
        { class: 'lead' },
        'Check a file against its Notarium receipt: that it is the file registered, and that the registration is in a block. ',
        h('span', { class: 'private' }, icon('lock', 14), 'Everything happens in this page: nothing is uploaded, and the page cannot reach the network.'),
      ),
    ),
    dropZone({
      title: 'Drop the file and its receipt',
      hint: 'The receipt is the file ending in .receipt.json. Either can come first.',
      buttons: [
        { label: 'Choose file', inputLabel: 'File to verify', primary: true, onfiles: ([f]) => f && takeFile(f) },
        { label: 'Choose receipt', inputLabel: 'Receipt to verify with', onfiles: ([f]) => f && takeReceipt(f) },
      ],
      ondrop: take,
    }),
    inputs,
    result,
    h(
      'footer',
      { class: 'page-foot muted small' },
      "Notarium's own verifier, in one page: the same steps, sentences and verdicts as the app and ",
      h('code', {}, 'notarium receipt verify'),
      '. The service check needs the network and is left to them.',
    ),
  );
  render();
}

function fileRow(file: HashedFile | undefined): HTMLElement {
  const value = !file
    ? h('span', { class: 'muted' }, 'None yet: add it to check it is the file the receipt is for.')
    : h(
        'span',
        { class: 'value' },
        h('span', { class: 'name' }, visibleName(file.file.name)),
        h('span', { class: 'muted' }, ` · ${sizeOf(file.file)}`),
        file.error
          ? h('span', { class: 'why' }, file.error)
          : file.digest
            ? h('span', { class: 'digest' }, h('span', { class: 'muted' }, 'SHA-256 '), h('span', { class: 'mono', 'data-digest': '' }, file.digest))
            : h(
                'span',
                { class: 'digest' },
                h('span', { class: 'muted' }, 'Computing its SHA-256… '),
                h('progress', { max: String(Math.max(file.file.size, 1)), value: String(file.done), 'aria-label': 'Hashing the file' }),
              ),
      );
  return h('div', { class: 'row' }, h('span', { class: 'what' }, icon('file', 16), 'File'), value);
}

function receiptRow(receipt: File | undefined): HTMLElement {
  const value = receipt
    ? h('span', { class: 'value' }, h('span', { class: 'name' }, visibleName(receipt.name)), h('span', { class: 'muted' }, ` · ${sizeOf(receipt)}`))
    : h('span', { class: 'muted' }, 'None yet: the proof is in the file ending in .receipt.json.');
  return h('div', { class: 'row' }, h('span', { class: 'what' }, icon('check', 16), 'Receipt'), value);
}

function resultBody(state: State): Node {
  if (state.verdict) return verdictView(state.verdict);
  const waiting = (text: string) => h('p', { class: 'muted waiting' }, text);
  if (state.receipt) return waiting('Checking…');
  if (state.file) return waiting('Add the receipt to see whether this file is the one it proves.');
  return waiting('The result appears here, with each check that was made and what it proves.');
}
