import { isReceiptName } from '../verifier/receipt-name.ts';
import { visibleName } from '../preload/visible-text.ts';
import { isPublicLink } from '../preload/public-link.ts';
import { blockLookupUrl, type ChainCheck } from '../verifier/best-chain.ts';
import type { ReceiptVerdict } from '../verifier/receipt-verdict.ts';
import { askLookup, type BundledLookup } from './block-lookup.ts';
import { hashFile, sizeOf, verdictFor, type HashedFile } from './checked-file.ts';
import { h, sentence } from './dom.ts';
import { dropZone } from './drop-zone.ts';
import { icon } from './icons.ts';
import { verdictView } from './report-view.ts';

/**
 * The standalone page: a file and its receipt, dropped or chosen in any order, verified as soon as
 * the receipt is there (with the file once it is hashed; alone, as far as a receipt goes without
 * its file, as the app does). Offline; a page exported with a block lookup offers to ask it whether
 * the receipt's block is on the best chain, and asks only when its reader presses the button.
 */

interface State {
  file?: HashedFile;
  receipt?: File;
  verdict?: ReceiptVerdict;
  /** What the block lookup answered about this receipt's block, once asked. */
  chain?: ChainCheck;
  /** The lookup is being asked. */
  asking?: boolean;
  /** Something dropped that the page could not take, in a sentence. */
  note?: string;
}

export function mountStandalone(root: HTMLElement, lookup: BundledLookup | null): void {
  const state: State = {};
  let run = 0;
  const inputs = h('section', { class: 'card inputs', 'aria-label': 'What is checked' });
  const result = h('section', { class: 'card result', 'aria-label': 'Result', 'aria-live': 'polite' });

  const render = () => {
    inputs.replaceChildren(fileRow(state.file), receiptRow(state.receipt), ...(state.note ? [h('p', { class: 'note' }, state.note)] : []));
    result.replaceChildren(resultBody(state, lookup && { lookup, ask: (blockHash) => void askChain(lookup, blockHash) }));
  };

  /** Verifies again with what is there now; a newer run makes an older one's answer moot. */
  const verify = async () => {
    const mine = ++run;
    state.verdict = undefined;
    render();
    const { receipt, file } = state;
    if (!receipt || (file && file.digest === undefined && file.error === undefined)) return;
    const verdict = await verdictFor(receipt, file?.digest, state.chain);
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
    state.chain = undefined; // an answer about another receipt's block
    state.asking = false;
    void verify();
  };
  /** Only on the reader's word: the page's one request, to the lookup it came with. */
  const askChain = async (lookup: BundledLookup, blockHash: string) => {
    const { receipt } = state;
    state.asking = true;
    render();
    const chain = await askLookup(lookup, blockHash);
    if (state.receipt !== receipt) return; // another receipt meanwhile: the answer is not about its block
    state.asking = false;
    state.chain = chain;
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
        h(
          'span',
          { class: 'private' },
          icon('lock', 14),
          lookup
            ? `Everything happens in this page: nothing is uploaded, and the page reaches nothing on the network but ${lookup.source}, when you ask it whether the block is on the best chain.`
            : 'Everything happens in this page: nothing is uploaded, and the page cannot reach the network.',
        ),
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
      'The same steps, sentences and verdicts as the Notarium app and ',
      h('code', {}, 'notarium receipt verify'),
      lookup ? '. The service check needs an API key and is left to them. ' : '. The best-chain and service checks need the network and are left to them. ',
      // Whoever sent the page could have edited it: it says how to check it, never that it is genuine.
      'This page cannot vouch for itself: whoever sent it could have edited it. Check that its SHA-256 (',
      h('code', {}, 'sha256sum verify.html'),
      ') is the one published for your Notarium version, or use a copy of your own (',
      h('code', {}, 'notarium verifier-page -o DIR'),
      ').',
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

interface ChainOffer {
  lookup: BundledLookup;
  ask: (blockHash: string) => void;
}

function resultBody(state: State, offer: ChainOffer | null): Node {
  if (state.verdict) return verdictView(state.verdict, offer ? chainCheckPanel(state, offer) : undefined);
  const waiting = (text: string) => h('p', { class: 'muted waiting' }, text);
  if (state.receipt) return waiting('Checking…');
  if (state.file) return waiting('Add the receipt to see whether this file is the one it proves.');
  return waiting('The result appears here, with each check that was made and what it proves.');
}

/**
 * The best-chain check, offered where the report has a block whose place on the chain was not
 * checked offline: what it asks and of whom, the button, and once asked the answer beside it (the
 * report's chain step says the same).
 */
function chainCheckPanel(state: State, { lookup, ask }: ChainOffer): HTMLElement | undefined {
  const verdict = state.verdict;
  if (!verdict || !('report' in verdict) || !verdict.blockHash) return undefined;
  const step = verdict.report.steps.find((s) => s.id === 'chain');
  if (!step || (step.code !== 'offline' && state.chain === undefined)) return undefined;
  const { source } = lookup;
  const blockHash = verdict.blockHash;
  const button = h(
    'button',
    { class: state.chain ? 'btn' : 'btn primary', type: 'button', disabled: state.asking === true },
    icon('globe', 16),
    state.asking ? `Asking ${source}…` : state.chain ? `Ask ${source} again` : `Check that the block is on the best chain at ${source}`,
  );
  button.addEventListener('click', () => ask(blockHash));
  const said = state.chain
    ? h('p', { class: `answer ${state.chain.status}` }, sentence(state.chain.detail))
    : h(
        'p',
        { class: 'muted' },
        `This proof was checked offline. The page can also ask ${source}, the block lookup it came with, whether the block is on the best chain: it sends the block's hash and nothing else.`,
      );
  const local =
    !isPublicLink(blockLookupUrl(lookup.template, blockHash)) &&
    h('p', { class: 'muted small' }, `${source} answers only on the computer or network that registered the file.`);
  return h(
    'div',
    { class: 'chain-check', role: 'group', 'aria-label': 'Best-chain check' },
    h('p', { class: 'label' }, icon('globe', 16), 'Is the block on the best chain?'),
    said,
    h('div', { class: 'actions' }, button),
    local,
  );
}
