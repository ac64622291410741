import { isReceiptName } from '../verifier/receipt-name.ts';
import { visibleName } from '../preload/visible-text.ts';
import { isPublicLink } from '../preload/public-link.ts';
import { blockLookupUrl, type ChainCheck } from '../verifier/best-chain.ts';
import type { ReceiptVerdict } from '../verifier/receipt-verdict.ts';
import { askLookup, type BundledLookup } from './block-lookup.ts';
import { hashFile, verdictFor, type HashedFile } from './checked-file.ts';
import { h, sentence } from './dom.ts';
import { dropZone } from './drop-zone.ts';
import { icon } from './icons.ts';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '../preload/i18n/languages.ts';
import { pageWords, type PageWords } from './page-words.ts';
import { verdictView } from './report-view.ts';

/**
 * The standalone page: a file and its receipt, dropped or chosen in any order, verified as soon as
 * the receipt is there (with the file once it is hashed; alone, as far as a receipt goes without
 * its file, as the app does). Offline; a page exported with a block lookup offers to ask it whether
 * the receipt's block is on the best chain, and asks only when its reader presses the button. In
 * the language its reader's browser asks for, with a choice of the three on the page.
 */

interface State {
  file?: HashedFile;
  receipt?: File;
  verdict?: ReceiptVerdict;
  /** What the block lookup answered about this receipt's block, once asked. */
  chain?: ChainCheck;
  /** The lookup is being asked. */
  asking?: boolean;
  /** Something dropped that the page could not take. */
  note?: 'verifierPage.oneAtATime';
}

export function mountStandalone(root: HTMLElement, lookup: BundledLookup | null, language: Language): void {
  const state: State = {};
  let w = pageWords(language);
  let run = 0;
  const inputs = h('section', { class: 'card inputs' });
  const result = h('section', { class: 'card result', 'aria-live': 'polite' });

  const render = () => {
    inputs.replaceChildren(fileRow(w, state.file), receiptRow(w, state.receipt), ...(state.note ? [h('p', { class: 'note' }, w.t(state.note))] : []));
    result.replaceChildren(resultBody(w, state, lookup && { lookup, ask: (blockHash) => void askChain(lookup, blockHash) }));
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
    state.note = receipts.length > 1 || others.length > 1 ? 'verifierPage.oneAtATime' : undefined;
    if (others[0]) takeFile(others[0]);
    if (receipts[0]) takeReceipt(receipts[0]);
    else render();
  };

  /** The page in the language chosen: its words, its title and its lang (a screen reader's voice follows it). */
  const paint = () => {
    document.documentElement.lang = w.language;
    document.title = w.t('verifierPage.title');
    inputs.setAttribute('aria-label', w.t('verifierPage.inputs'));
    result.setAttribute('aria-label', w.t('verifierPage.result'));
    const foot = w.rich(lookup ? 'verifierPage.footLookup' : 'verifierPage.footOffline', {
      verify: 'notarium receipt verify',
      sha256sum: 'sha256sum verify.html',
      ownCopy: 'notarium verifier-page -o DIR',
    });
    root.replaceChildren(
      h(
        'header',
        { class: 'page-head' },
        h('div', { class: 'top' }, h('p', { class: 'brand' }, h('span', { class: 'mark' }, icon('notarise', 20)), 'Notarium'), languageChoice(w, choose)),
        h('h1', {}, w.t('verifierPage.heading')),
        h(
          'p',
          { class: 'lead' },
          w.t('verifierPage.lead'),
          ' ',
          h(
            'span',
            { class: 'private' },
            icon('lock', 14),
            lookup ? w.t('verifierPage.privateLookup', { source: lookup.source }) : w.t('verifierPage.privateOffline'),
          ),
        ),
      ),
      dropZone({
        title: w.t('verifierPage.dropTitle'),
        hint: w.t('verifierPage.dropHint'),
        buttons: [
          { label: w.t('verifierPage.chooseFile'), inputLabel: w.t('verifierPage.fileInput'), primary: true, onfiles: ([f]) => f && takeFile(f) },
          { label: w.t('verifierPage.chooseReceipt'), inputLabel: w.t('verifierPage.receiptInput'), onfiles: ([f]) => f && takeReceipt(f) },
        ],
        ondrop: take,
      }),
      inputs,
      result,
      // Whoever sent the page could have edited it: it says how to check it, never that it is genuine.
      h('footer', { class: 'page-foot muted small' }, ...foot.map((piece) => (piece.param ? h('code', {}, piece.text) : piece.text))),
    );
    render();
  };
  const choose = (chosen: Language) => {
    w = pageWords(chosen);
    paint();
  };
  paint();
}

/** The three languages, each named in itself; the page's own is chosen. */
function languageChoice(w: PageWords, choose: (language: Language) => void): HTMLElement {
  const select = h(
    'select',
    { class: 'input', 'aria-label': w.t('verifierPage.language'), title: w.t('verifierPage.language') },
    ...LANGUAGES.map((l) => h('option', { value: l, lang: l, selected: l === w.language }, LANGUAGE_NAMES[l])),
  );
  select.addEventListener('change', () => {
    if (isLanguage(select.value)) choose(select.value);
  });
  return h('label', { class: 'language' }, icon('globe', 16), select);
}

function fileRow(w: PageWords, file: HashedFile | undefined): HTMLElement {
  const value = !file
    ? h('span', { class: 'muted' }, w.t('verifierPage.noFile'))
    : h(
        'span',
        { class: 'value' },
        h('span', { class: 'name' }, visibleName(file.file.name)),
        h('span', { class: 'muted' }, ` · ${w.fmt.bytes(file.file.size)}`),
        file.error
          ? h('span', { class: 'why' }, w.t('verifierPage.unreadableFile', { name: visibleName(file.file.name), reason: file.error }))
          : file.digest
            ? h(
                'span',
                { class: 'digest' },
                h('span', { class: 'muted' }, w.t('verifierPage.sha256')),
                ' ',
                h('span', { class: 'mono', 'data-digest': '' }, file.digest),
              )
            : h(
                'span',
                { class: 'digest' },
                h('span', { class: 'muted' }, w.t('verifierPage.hashing')),
                ' ',
                h('progress', { max: String(Math.max(file.file.size, 1)), value: String(file.done), 'aria-label': w.t('verifierPage.hashingLabel') }),
              ),
      );
  return h('div', { class: 'row' }, h('span', { class: 'what' }, icon('file', 16), w.t('verifierPage.file')), value);
}

function receiptRow(w: PageWords, receipt: File | undefined): HTMLElement {
  const value = receipt
    ? h('span', { class: 'value' }, h('span', { class: 'name' }, visibleName(receipt.name)), h('span', { class: 'muted' }, ` · ${w.fmt.bytes(receipt.size)}`))
    : h('span', { class: 'muted' }, w.t('verifierPage.noReceipt'));
  return h('div', { class: 'row' }, h('span', { class: 'what' }, icon('check', 16), w.t('verifierPage.receipt')), value);
}

interface ChainOffer {
  lookup: BundledLookup;
  ask: (blockHash: string) => void;
}

function resultBody(w: PageWords, state: State, offer: ChainOffer | null): Node {
  if (state.verdict && state.receipt) return verdictView(w, state.verdict, state.receipt.name, offer ? chainCheckPanel(w, state, offer) : undefined);
  const waiting = (key: 'verifierPage.checking' | 'verifierPage.addReceipt' | 'verifierPage.waiting') => h('p', { class: 'muted waiting' }, w.t(key));
  if (state.receipt) return waiting('verifierPage.checking');
  if (state.file) return waiting('verifierPage.addReceipt');
  return waiting('verifierPage.waiting');
}

/**
 * The best-chain check, offered where the report has a block whose place on the chain was not
 * checked offline: what it asks and of whom, the button, and once asked the answer beside it (the
 * report's chain step says the same).
 */
function chainCheckPanel(w: PageWords, state: State, { lookup, ask }: ChainOffer): HTMLElement | undefined {
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
    w.t(state.asking ? 'verifierPage.chainAsking' : state.chain ? 'verifierPage.chainAskAgain' : 'verifierPage.chainAsk', { source }),
  );
  button.addEventListener('click', () => ask(blockHash));
  const said = state.chain
    ? h('p', { class: `answer ${state.chain.status}` }, sentence(w.engine.stepText(state.chain)))
    : h('p', { class: 'muted' }, w.t('verifierPage.chainOffer', { source }));
  const local = !isPublicLink(blockLookupUrl(lookup.template, blockHash)) && h('p', { class: 'muted small' }, w.t('verifierPage.chainLocal', { source }));
  return h(
    'div',
    { class: 'chain-check', role: 'group', 'aria-label': w.t('verifierPage.chainGroup') },
    h('p', { class: 'label' }, icon('globe', 16), w.t('verifierPage.chainQuestion')),
    said,
    h('div', { class: 'actions' }, button),
    local,
  );
}
