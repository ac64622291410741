import QRCode from 'qrcode';
import { visibleName, visibleText } from '../../../preload/visible-text.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { receiptFileName, serializeReceipt, type ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import { inlineHash, type VerifierPage } from '../receipts/verifier-page.ts';
import { verifyReceipt, type VerificationReport } from '../../../verifier/verify-receipt.ts';
import type { Profile } from '../store/profiles.ts';
import type { StoredRecord } from '../store/record.ts';
import { powershellQuote, shellQuote } from '../text/shell-quote.ts';
import { isPublicLink } from '../../../preload/public-link.ts';
import { engineWords, type EngineWords } from '../../../preload/i18n/engine-words.ts';
import { formats, type Formats } from '../../../preload/i18n/formats.ts';
import type { Language } from '../../../preload/i18n/languages.ts';
import type { MessageArgs, MessageKey, RichPiece, Translate, TranslateRich } from '../../../preload/i18n/message-types.ts';
import { allMessages, richTranslator, translator } from '../../../preload/i18n/translator.ts';
import type { BatchFacts } from '../usecases/registrations.ts';
import { heldAsEvidence, heldAsImported } from '../usecases/held-as-imported.ts';

/**
 * A printable certificate: a self-contained HTML page (no network) with the file, its fingerprint,
 * the transaction and block, what the proof shows step by step, and how to check it by hand. It
 * accompanies the JSON receipt, which remains the proof. The HTML certificate also checks itself:
 * it carries the receipt and the offline verifier page's script (receipts/verifier-page.ts), so a
 * file dropped on it is verified in the browser with the app's report; on paper (the PDF, printed
 * without them) the steps by hand remain.
 *
 * In English, French or German: every word is a `certificate.*` message (preload/i18n/messages/certificate),
 * the engine's sentences it quotes are the report's own messages (`said`), and dates are the
 * language's, in UTC. Hashes, ids, names and commands are the same in every language.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Text from a receipt or the service, for the page: invisible and reordering characters shown as escapes, then HTML-escaped. */
/** A time (2026-11-27T23:27:29Z) stays on one line: broken at its hyphens it reads as two things. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const shown = (s: string) => escape(visibleText(s)).replace(ISO_TIME, '<span class="whole">$&</span>');
/** A command's fixed words (`shasum -a 256 --`) on one line, the file's name after them free to wrap. */
const command = (words: string, name: string) => `<code><span class="whole">${escape(words)}</span> ${escape(name)}</code>`;
/** A value in monospace: a hash, an id, a field's name. */
const code = (value: string) => `<code>${escape(value)}</code>`;

/** The certificate's language: its messages, the engine's sentences and its formats. */
interface Words {
  language: Language;
  t: Translate;
  rich: TranslateRich;
  engine: EngineWords;
  fmt: Formats;
}

function wordsOf(language: Language): Words {
  return { language, t: translator(language), rich: richTranslator(language), engine: engineWords(language, allMessages), fmt: formats(language) };
}

/** A message's own words for the page (an apostrophe stays one: no message is put in an attribute). */
const text = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message as HTML: its words escaped, each parameter put in as the HTML it already is. */
function html<K extends MessageKey>(w: Words, key: K, ...args: MessageArgs<K>): string {
  const params = (args[0] ?? {}) as Record<string, string | number>;
  // Typed at the call (MessageArgs<K>); here a key and its parameters, as translator.ts takes them.
  const rich = w.rich as (key: string, params?: object) => RichPiece[];
  return rich(key, params)
    .map((piece) => (piece.param === undefined ? text(piece.text) : String(params[piece.param])))
    .join('');
}

/** A time from a receipt or the library: in English as it came (ISO), else in the language's words, in UTC; anything not a time as it is. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
function instant(w: Words, value: string): string {
  if (w.language === 'en' || !ISO_INSTANT.test(value) || Number.isNaN(Date.parse(value))) return visibleName(value);
  return w.fmt.utcDateTime(new Date(value));
}

/**
 * The outcome, first and in words: only a verified report gets the green box. A test chain's says
 * its proof of work proves nothing; a partially verified one lists what is left unproven.
 */
function outcomeBox(w: Words, report: VerificationReport): string {
  const { outcome, network } = report;
  const tone = outcome === 'verified' ? (network.testChain ? 'test' : 'verified') : 'partial';
  const heading =
    outcome === 'verified'
      ? network.testChain
        ? html(w, 'certificate.verifiedTestChain', { network: escape(network.label) })
        : html(w, 'certificate.verified')
      : outcome === 'pending'
        ? html(w, 'certificate.pending')
        : html(w, 'certificate.partial');
  const unproven = (report.unproven ?? []).map((u, i) => `<li>${shown(w.engine.text(u, report.said.unproven?.[i]))}</li>`).join('\n');
  const proves = report.proves ? w.engine.text(report.proves, report.said.proves) : w.engine.text(report.summary, report.said.summary);
  return (
    `<div class="outcome ${tone}"><p class="heading"><strong>${heading}</strong></p>` +
    `<p>${shown(proves)}</p>` +
    (unproven ? `<p>${html(w, 'certificate.notProven')}</p><ul class="unproven">\n${unproven}\n</ul>` : '') +
    `</div>`
  );
}

/**
 * The commands that compute the file's SHA-256, for the shell each is written for: the name is
 * quoted (a file may be named `report$(curl …|sh).pdf`), and `--` / -LiteralPath keep a name that
 * starts with '-' or holds wildcards a name. A name with characters that cannot be shown or copied
 * faithfully (a newline, a bidirectional override) is not put in a command at all: FILE stands for it.
 */
function digestStep(w: Words, name: string, sha256: string): string {
  const typeable = visibleName(name) === name;
  const [posix, powershell] = typeable ? [shellQuote(name), powershellQuote(name)] : ['FILE', 'FILE'];
  const placeholder = typeable ? '' : ` ${html(w, 'certificate.handUntypeable', { escapes: '<code>\\u…</code>', placeholder: '<code>FILE</code>' })}`;
  return (
    html(w, 'certificate.handDigest', {
      sha256: code(sha256),
      sha256sum: command('sha256sum --', posix),
      shasum: command('shasum -a 256 --', posix),
      powershell: command('Get-FileHash -Algorithm SHA256 -LiteralPath', powershell),
    }) + placeholder
  );
}

/** A URL for the page, which may break after its separators (a line end inside the transaction id is only the last resort). */
const breakableUrl = (url: string): string =>
  url
    .split(/(?<=[/?&=])/)
    .map(escape)
    .join('<wbr>');

/** A QR code of the explorer link as inline SVG (vector: sharp on paper at any size). */
async function qrSvg(link: string, label: string): Promise<string> {
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return svg.replace('<svg ', `<svg role="img" aria-label="${escape(label)}" `);
}

/**
 * The explorer's row: the public link; or, where the profile's explorer answers only on the machine
 * or network that registered the file (the embedded sandbox's, on loopback), that there is none to
 * print, so no reader takes a dead address for the proof's.
 */
function explorerRow(w: Words, link: string | null, explorerLink: string | null, simulated: boolean): string {
  const th = `<th>${html(w, 'certificate.explorer')}</th>`;
  if (link) return `<tr>${th}<td><a href="${escape(link)}"><code>${breakableUrl(link)}</code></a></td></tr>`;
  if (!explorerLink && !simulated) return '';
  const why = simulated ? html(w, 'certificate.noLinkSimulated') : html(w, 'certificate.noLinkPrivate', { host: code(new URL(explorerLink!).host) });
  return `<tr>${th}<td class="no-link">${why}</td></tr>`;
}

/**
 * The verifier's part of a certificate that checks itself: its style in a cascade layer of its own
 * (the certificate's rules, outside any layer, win over it whatever their specificity), a section
 * to drop the file on (not printed), the receipt as data, and the script, allowed by its hash alone.
 */
function selfCheck(verifier: VerifierPage, receipt: ReceiptV1, name: string): { csp: string; style: string; section: string; scripts: string } {
  // As data, in a script element no browser runs: only its end tag could end it early.
  const data = serializeReceipt(receipt).replace(/</g, '\\u003c');
  return {
    csp: `script-src ${inlineHash(verifier.script)}`,
    style: `<style>@layer notarium-verifier {\n${verifier.style}\n}</style>\n`,
    section: `<section id="notarium-check" data-receipt-name="${escape(receiptFileName(name))}"></section>\n`,
    scripts: `<script type="application/json" id="notarium-receipt">${data}</script>\n<script>${verifier.script}</script>\n`,
  };
}

/**
 * The one line that says which online steps a certificate did not ask, and what each asks: the best
 * chain's (a block explorer), the service's, or both.
 */
function unaskedLine(w: Words, unasked: readonly { id: string; label: string }[]): string {
  const labels = unasked.map((s) => w.engine.stepLabel(s));
  const strong = (s: string) => `<strong>${escape(s)}</strong>`;
  if (unasked.length > 1) {
    // English joins the headings with a comma, as it always has; the others as their language lists.
    const joined = w.language === 'en' ? labels.join(', ') : new Intl.ListFormat(w.language, { type: 'conjunction' }).format(labels);
    return html(w, 'certificate.unaskedBoth', { labels: strong(joined) });
  }
  return unasked[0]!.id === 'service'
    ? html(w, 'certificate.unaskedService', { label: strong(labels[0]!) })
    : html(w, 'certificate.unaskedChain', { label: strong(labels[0]!) });
}

/**
 * A batch's file (docs/design/batches-and-rounds.md): which registration anchors it and its place among how many
 * files, from the library; never another file's name or digest (the receipt holds only the hashes
 * on its own path, each hiding the leaves below it).
 */
function batchRow(w: Words, batch: BatchFacts | undefined, txId: string | null): string {
  if (!batch) return '';
  const th = `<th>${html(w, 'certificate.batch')}</th>`;
  const id = String(batch.id);
  // A file imported from its receipt: its place and the batch's size are not in it.
  if (batch.files === null)
    return `<tr>${th}<td>${txId ? html(w, 'certificate.batchImported', { txId: code(txId), id }) : html(w, 'certificate.batchImportedNotSent', { id })}</td></tr>`;
  if (batch.position === null) return '';
  const place = { position: String(batch.position + 1), files: String(batch.files), id };
  return `<tr>${th}<td>${txId ? html(w, 'certificate.batchFile', { ...place, txId: code(txId) }) : html(w, 'certificate.batchFileNotSent', place)}</td></tr>`;
}

/** The by-hand steps from the file's SHA-256 to the registered record: none for a file registered alone (the record is its SHA-256). */
function batchSteps(w: Words, receipt: ReceiptV1): string {
  const agg = receipt.aggregation;
  if (!agg) return '';
  return `<li>${html(w, 'certificate.handBatch', { count: agg.path.length, zero: '<code>00</code>', nonce: code(agg.nonce), one: '<code>01</code>', root: code(agg.root) })}</li>`;
}

/** Why the library holds imported evidence as less than verified (held-as-imported.ts whyHeldAsEvidence), with the verdict it holds. */
function heldNote(w: Words, report: VerificationReport, record: StoredRecord): string {
  const pending = report.outcome === 'pending';
  if (record.proofOutcome === 'pending') return html(w, pending ? 'certificate.heldPendingWasPending' : 'certificate.heldPartialWasPending');
  if (report.network.testChain) return html(w, pending ? 'certificate.heldPendingTestChain' : 'certificate.heldPartialTestChain');
  return html(w, pending ? 'certificate.heldPendingLacking' : 'certificate.heldPartialLacking');
}

/** The line under the heading: who issued the receipt, when, for which network. */
function issuedLine(w: Words, record: StoredRecord, receipt: ReceiptV1): string {
  const params = { date: escape(instant(w, receipt.issuedAt)), network: escape(receipt.network) };
  switch (record.proofOutcome) {
    case null:
    case undefined:
      return html(w, 'certificate.issued', params);
    case 'verified':
      return html(w, 'certificate.importedVerified', params);
    case 'partially-verified':
      return html(w, 'certificate.importedPartial', params);
    case 'pending':
      return html(w, 'certificate.importedPending', params);
  }
}

/**
 * French and German take a tenth more room than English, and say their language in one more line:
 * on paper, a slightly smaller type keeps a usual certificate on one A4 page. (Apart, so that the
 * English certificate stays the page it was.)
 */
const TRANSLATED_PRINT = `
<style>
  .language { font-style: italic; }
  @media print { body { font-size: 8.2pt; line-height: 1.25; } code { font-size: 7.4pt; } .language { margin: .2rem 0 .4rem; } }
</style>`;

export async function certificateHtml(
  record: StoredRecord,
  receipt: ReceiptV1,
  profile: Profile | undefined,
  options: { verifier?: VerifierPage; batch?: BatchFacts; language?: Language } = {},
): Promise<string> {
  const w = wordsOf(options.language ?? 'en');
  // The library knows the file's digest from when it was hashed: the first step is checked too.
  // Imported evidence reads no stronger than the library holds it (held-as-imported.ts).
  const report = heldAsImported(verifyReceipt(receipt, record.sha256 ? { fileDigest: record.sha256 } : {}), record);
  const evidence = heldAsEvidence(record);
  if (report.outcome === 'failed') {
    throw new NotariumError(
      'RECEIPT_INVALID',
      `No certificate is made for ${visibleName(record.name)}: its proof does not verify. ${visibleText(report.summary)}`,
    );
  }
  const explorerLink = profile?.explorerLinkUrl && record.txId ? profile.explorerLinkUrl.replace('{txId}', record.txId) : null;
  // Paper outlives the machine that printed it: only a link anyone can open later is printed (and put in the QR code).
  const link = explorerLink && isPublicLink(explorerLink) ? explorerLink : null;
  const simulated = report.network.known && report.network.label === 'sandbox';
  const qr = link ? await qrSvg(link, w.t('certificate.qrLabel')) : null;
  const name = visibleName(record.name);
  const check = options.verifier ? selfCheck(options.verifier, receipt, name) : null;
  const row = (label: string, value: string | null | undefined) => (value ? `<tr><th>${text(label)}</th><td><code>${escape(value)}</code></td></tr>` : '');
  // The online steps a certificate never asks are said once, in a line: paper keeps to one page.
  const unasked = report.steps.filter((s) => s.status === 'skipped' && s.code === 'offline');
  const steps = [
    ...report.steps
      .filter((s) => s.status !== 'not-run' && !unasked.includes(s))
      .map((s) => {
        const parts = { label: `<strong>${escape(w.engine.stepLabel(s))}</strong>`, detail: shown(w.engine.stepText(s)) };
        const line =
          s.status === 'pass'
            ? html(w, 'certificate.stepPassed', parts)
            : s.status === 'fail'
              ? html(w, 'certificate.stepFailed', parts)
              : html(w, 'certificate.stepSkipped', parts);
        return `<li class="${s.status}">${line}</li>`;
      }),
    ...(unasked.length === 0 ? [] : [`<li class="skipped">${unaskedLine(w, unasked)}</li>`]),
  ].join('\n');
  return `<!doctype html>
<html lang="${w.language}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'${check ? `; ${check.csp}` : ''}">
<title>${html(w, 'certificate.title', { name: escape(name) })}</title>
${check?.style ?? ''}<style>
  html { font-size: medium; } html, body { height: auto; background: #fff; }
  body { font: 11pt/1.5 system-ui, sans-serif; color: #111; max-width: 48rem; margin: 2rem auto; padding: 0 1.5rem; box-sizing: content-box; }
  :where(p:not(#notarium-check p)) { margin: 1em 0; }
  #notarium-check { margin: 1.5rem 0; display: flex; flex-direction: column; gap: .8rem; }
  #notarium-check h2 { margin: 0; }
  h1 { font-size: 1.6rem; margin: 0 0 .2rem; } h2 { font-size: 1.15rem; margin: 1.2rem 0 .4rem; } .sub { color: #555; margin-top: 0; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; } th { text-align: left; width: 11rem; vertical-align: top; padding: .3rem .8rem .3rem 0; color: #444; font-weight: 600; }
  td { padding: .3rem 0; }
  /* A hash, a transaction id, a command: moved to the next line whole when it does not fit, and broken only when no line could hold it. */
  code { font: 9.5pt/1.4 ui-monospace, monospace; overflow-wrap: anywhere; }
  .whole { white-space: nowrap; }
  td a { overflow-wrap: anywhere; }
  .outcome { border-left: 4px solid; padding: .1rem 1rem; } .outcome .heading { margin-bottom: 0; }
  .outcome.verified { border-color: #15803d; background: #f0fdf4; }
  .outcome.test { border-color: #555; border-left-style: dashed; background: #f4f4f5; }
  .outcome.partial { border-color: #b45309; background: #fffbeb; } ul.unproven { padding-left: 1.2rem; }
  .test-mark { margin: 0 0 .8rem; padding: .3rem .8rem; border: 2px dashed #111; font-weight: 700; letter-spacing: .04em; text-align: center; }
  li.fail { color: #b91c1c; } li.skipped { color: #555; } ol { padding-left: 1.2rem; margin: .3rem 0; } .sub { margin-bottom: .4rem; }
  .top { display: flex; gap: 1.5rem; align-items: flex-start; justify-content: space-between; }
  .qr { flex: none; width: 8.5rem; text-align: center; font-size: 8pt; color: #555; margin: .4rem 0 0; }
  .qr svg { width: 8.5rem; height: 8.5rem; display: block; }
  @page { size: A4; margin: 12mm 15mm; }
  /* On paper, one A4 page for a usual certificate: a second page only for what cannot fit, never for a few lines. */
  @media print {
    body { margin: 0; max-width: none; padding: 0; font-size: 9pt; line-height: 1.32; }
    h1 { font-size: 1.45rem; } h2 { font-size: 1.05rem; margin: .8rem 0 .3rem; break-after: avoid; }
    table { margin: .6rem 0; } th, td { padding: .12rem .8rem .12rem 0; } th { width: 8.5rem; } code { font-size: 8pt; }
    .outcome p { margin: .3rem 0; } .qr, .qr svg { width: 7.5rem; } .qr svg { height: 7.5rem; }
    a { color: inherit; } li { break-inside: avoid; }
    /* What does not fit goes over as a whole section: a second page never holds only a section's last lines. */
    section { break-inside: avoid; }
    .outcome, .test-mark { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    #notarium-check { display: none; }
  }
</style>${w.language === 'en' ? '' : TRANSLATED_PRINT}</head>
<body>
${report.network.testChain ? `<p class="test-mark">${html(w, 'certificate.testMark', { label: escape(visibleName(report.network.label)) })}</p>` : ''}
<div class="top">
<div>
<h1>${html(w, 'certificate.heading')}</h1>
<p class="sub">${issuedLine(w, record, receipt)}</p>
${w.language === 'en' ? '' : `<p class="sub language">${html(w, 'certificate.inLanguage')}</p>\n`}${outcomeBox(w, report)}
</div>
${qr ? `<figure class="qr">${qr}<figcaption>${html(w, 'certificate.qrCaption')}</figcaption></figure>` : ''}
</div>
<table>
${row(w.t('certificate.file'), name)}${row(w.t('certificate.size'), record.size === null ? null : w.t('certificate.bytes', { count: record.size }))}${row(w.t('certificate.sha256'), record.sha256)}
${row(w.t('certificate.fingerprint'), `${receipt.fingerprint.encode} → ${receipt.fingerprint.published}`)}
${row(w.t('certificate.transaction'), record.txId)}${batchRow(w, options.batch, record.txId)}${row(w.t('certificate.block'), record.blockHash)}${row(w.t('certificate.blockTime'), record.blockTime === null ? null : instant(w, record.blockTime))}
${row(w.t('certificate.confirmations'), receipt.confirmation ? (evidence ? w.t('certificate.confirmationsClaimed', { confirmations: receipt.confirmation.confirmedBlocks }) : String(receipt.confirmation.confirmedBlocks)) : null)}
${explorerRow(w, link, explorerLink, simulated)}
</table>
${
  check && evidence
    ? `<p class="sub">${heldNote(w, report, record)}</p>
`
    : ''
}${check?.section ?? ''}<section>
<h2>${html(w, 'certificate.checked')}</h2>
<ol>
${steps}
</ol>
</section>
<section>
<h2>${html(w, 'certificate.byHand')}</h2>
<ol>
  <li>${digestStep(w, record.name, record.sha256 ?? '')}</li>
${batchSteps(w, receipt)}
  <li>${html(w, receipt.aggregation ? 'certificate.handSaltBatch' : 'certificate.handSalt', { salt: code(receipt.fingerprint.salt ?? ''), published: code(receipt.fingerprint.published) })}</li>
  <li>${
    !link && simulated && receipt.transaction
      ? html(w, 'certificate.handSimulated', { txId: code(record.txId ?? ''), field: '<code>transaction</code>', opReturn: '<code>OP_FALSE OP_RETURN</code>' })
      : html(w, 'certificate.handExplorer', { txId: code(record.txId ?? ''), network: escape(receipt.network), opReturn: '<code>OP_FALSE OP_RETURN</code>' })
  }</li>
  <li>${html(w, 'certificate.handBlock', { block: code(record.blockHash ?? '') })}</li>
</ol>
<p class="sub">${html(w, 'certificate.receiptHolds', { receipt: code(receiptFileName(name)) })}</p>
</section>
${check?.scripts ?? ''}</body></html>
`;
}
