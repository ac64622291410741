import QRCode from 'qrcode';
import { visibleName, visibleText } from '../../../preload/visible-text.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { receiptFileName, serializeReceipt, type ReceiptV1 } from '../receipts/receipt-v1.ts';
import { inlineHash, type VerifierPage } from '../receipts/verifier-page.ts';
import { verifyReceipt, type VerificationReport } from '../receipts/verify/verify-receipt.ts';
import type { Profile } from '../store/profiles.ts';
import type { StoredRecord } from '../store/record.ts';
import { powershellQuote, shellQuote } from '../text/shell-quote.ts';
import { isPublicLink } from '../../../preload/public-link.ts';
import { counted } from '../../../preload/counted.ts';
import type { BatchFacts } from '../usecases/registrations.ts';
import { heldAsEvidence, heldAsImported, whyHeldAsEvidence } from '../usecases/held-as-imported.ts';

/**
 * A printable certificate: a self-contained HTML page (no network) with the file, its fingerprint,
 * the transaction and block, what the proof shows step by step, and how to check it by hand. It
 * accompanies the JSON receipt, which remains the proof. The HTML certificate also checks itself:
 * it carries the receipt and the offline verifier page's script (receipts/verifier-page.ts), so a
 * file dropped on it is verified in the browser with the app's report; on paper (the PDF, printed
 * without them) the steps by hand remain.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Text from a receipt or the service, for the page: invisible and reordering characters shown as escapes, then HTML-escaped. */
/** A time (2026-11-27T23:27:29Z) stays on one line: broken at its hyphens it reads as two things. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const shown = (s: string) => escape(visibleText(s)).replace(ISO_TIME, '<span class="whole">$&</span>');
/** A command's fixed words (`shasum -a 256 --`) on one line, the file's name after them free to wrap. */
const command = (words: string, name: string) => `<code><span class="whole">${escape(words)}</span> ${escape(name)}</code>`;

/**
 * The outcome, first and in words: only a verified report gets the green box. A test chain's says
 * its proof of work proves nothing; a partially verified one lists what is left unproven.
 */
function outcomeBox(report: VerificationReport): string {
  const { outcome, network } = report;
  const tone = outcome === 'verified' ? (network.testChain ? 'test' : 'verified') : 'partial';
  const heading =
    outcome === 'verified'
      ? network.testChain
        ? `Verified on ${network.label}, a test chain: its proof of work proves nothing`
        : 'Verified'
      : outcome === 'pending'
        ? 'Pending: not in a block yet'
        : 'Partially verified, not verified';
  const unproven = (report.unproven ?? []).map((u) => `<li>${shown(u)}</li>`).join('\n');
  return (
    `<div class="outcome ${tone}"><p class="heading"><strong>${escape(heading)}</strong></p>` +
    `<p>${shown(report.proves ?? report.summary)}</p>` +
    (unproven ? `<p>Not proven here:</p><ul class="unproven">\n${unproven}\n</ul>` : '') +
    `</div>`
  );
}

/**
 * The commands that compute the file's SHA-256, for the shell each is written for: the name is
 * quoted (a file may be named `report$(curl …|sh).pdf`), and `--` / -LiteralPath keep a name that
 * starts with '-' or holds wildcards a name. A name with characters that cannot be shown or copied
 * faithfully (a newline, a bidirectional override) is not put in a command at all: FILE stands for it.
 */
function digestCommands(name: string): string {
  const typeable = visibleName(name) === name;
  const [posix, powershell] = typeable ? [shellQuote(name), powershellQuote(name)] : ['FILE', 'FILE'];
  const placeholder = typeable
    ? ''
    : ` Its name holds characters that cannot be shown or copied as they are (above, as <code>\\u…</code> escapes): type it in place of <code>FILE</code>, for example with the Tab key.`;
  return (
    `in a terminal on Linux or macOS (a POSIX shell: sh, bash, zsh), ${command('sha256sum --', posix)} (on macOS without coreutils, ${command('shasum -a 256 --', posix)}); ` +
    `in Windows PowerShell, ${command('Get-FileHash -Algorithm SHA256 -LiteralPath', powershell)}, which prints it in capitals.${placeholder}`
  );
}

/** A URL for the page, which may break after its separators (a line end inside the transaction id is only the last resort). */
const breakableUrl = (url: string): string =>
  url
    .split(/(?<=[/?&=])/)
    .map(escape)
    .join('<wbr>');

/** A QR code of the explorer link as inline SVG (vector: sharp on paper at any size). */
async function qrSvg(link: string): Promise<string> {
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return svg.replace('<svg ', '<svg role="img" aria-label="QR code of the explorer link" ');
}

/**
 * The explorer's row: the public link; or, where the profile's explorer answers only on the machine
 * or network that registered the file (the embedded sandbox's, on loopback), that there is none to
 * print, so no reader takes a dead address for the proof's.
 */
function explorerRow(link: string | null, explorerLink: string | null, simulated: boolean): string {
  if (link) return `<tr><th>Explorer</th><td><a href="${escape(link)}"><code>${breakableUrl(link)}</code></a></td></tr>`;
  if (!explorerLink && !simulated) return '';
  const why = simulated
    ? 'the sandbox chain is simulated by the Notarium sandbox that registered this file, and no public explorer shows it'
    : `the profile's explorer, at <code>${escape(new URL(explorerLink!).host)}</code>, answers only on the computer or network that registered this file`;
  return `<tr><th>Explorer</th><td class="no-link">No public link: ${why}. The receipt file holds the proof.</td></tr>`;
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

/** What each online step asks, for the one line that says a certificate did not ask it. */
const ONLINE_QUESTIONS = {
  chain: 'a block explorer, whether the block is on the best chain',
  service: 'the service, whether it still holds this record',
} as const;

/**
 * A batch's file (docs/design/batches-and-rounds.md): which registration anchors it and its place among how many
 * files, from the library; never another file's name or digest (the receipt holds only the hashes
 * on its own path, each hiding the leaves below it).
 */
function batchRow(batch: BatchFacts | undefined, txId: string | null): string {
  if (!batch) return '';
  const registration = txId ? `registration <code>${escape(txId)}</code>` : 'a registration not sent yet';
  // A file imported from its receipt: its place and the batch's size are not in it.
  if (batch.files === null)
    return `<tr><th>Batch</th><td>One of a batch's files anchored together by ${registration} (batch ${batch.id}, known from its files' receipts); no other file is named here.</td></tr>`;
  if (batch.position === null) return '';
  return `<tr><th>Batch</th><td>File ${batch.position + 1} of ${batch.files} anchored together by ${registration} (batch ${batch.id}); no other file is named here.</td></tr>`;
}

/** The by-hand steps from the file's SHA-256 to the registered record: none for a file registered alone (the record is its SHA-256). */
function batchSteps(receipt: ReceiptV1): string {
  const agg = receipt.aggregation;
  if (!agg) return '';
  return (
    `<li>It was registered in a batch: its leaf is the SHA-256 of the byte <code>00</code>, its 32 bytes and its nonce <code>${escape(agg.nonce)}</code>; ` +
    `folded along the receipt's batch path (${counted(agg.path.length, 'entry', 'entries')}, each the SHA-256 of <code>01</code>, left, right) it must give the batch root <code>${escape(agg.root)}</code>, the registered record.</li>`
  );
}

export async function certificateHtml(
  record: StoredRecord,
  receipt: ReceiptV1,
  profile: Profile | undefined,
  options: { verifier?: VerifierPage; batch?: BatchFacts } = {},
): Promise<string> {
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
  const qr = link ? await qrSvg(link) : null;
  const name = visibleName(record.name);
  const check = options.verifier ? selfCheck(options.verifier, receipt, name) : null;
  const row = (label: string, value: string | null | undefined) => (value ? `<tr><th>${escape(label)}</th><td><code>${escape(value)}</code></td></tr>` : '');
  // The online steps a certificate never asks are said once, in a line: paper keeps to one page.
  const unasked = report.steps.filter((s) => s.status === 'skipped' && s.code === 'offline');
  const steps = [
    ...report.steps
      .filter((s) => s.status !== 'not-run' && !unasked.includes(s))
      .map(
        (s) =>
          `<li class="${s.status}"><strong>${escape(s.label)}</strong> — ${escape(s.status === 'pass' ? 'passed' : s.status === 'fail' ? 'FAILED' : 'not checked here')}: ${shown(s.detail)}</li>`,
      ),
    ...(unasked.length === 0
      ? []
      : [
          `<li class="skipped"><strong>${escape(unasked.map((s) => s.label).join(', '))}</strong> — not checked here: ${unasked.length === 1 ? 'it asks' : 'they ask'} over the network (${unasked.map((s) => ONLINE_QUESTIONS[s.id as keyof typeof ONLINE_QUESTIONS]).join('; ')}), as Notarium does when it verifies online.</li>`,
        ]),
  ].join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'${check ? `; ${check.csp}` : ''}">
<title>Certificate of registration — ${escape(name)}</title>
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
</style></head>
<body>
${report.network.testChain ? `<p class="test-mark">TEST — ${escape(visibleName(report.network.label))} chain: not a proof on mainnet</p>` : ''}
<div class="top">
<div>
<h1>Certificate of registration</h1>
<p class="sub">${record.proofOutcome ? `Its receipt, dated ${escape(receipt.issuedAt)} by whoever issued it, is for the ${escape(receipt.network)} network. Imported from a receipt that was ${escape(record.proofOutcome.replace('-', ' '))} when it was imported; Notarium did not register it.` : `Issued by Notarium on ${escape(receipt.issuedAt)} for the ${escape(receipt.network)} network.`}</p>
${outcomeBox(report)}
</div>
${qr ? `<figure class="qr">${qr}<figcaption>Scan to see the transaction in an explorer</figcaption></figure>` : ''}
</div>
<table>
${row('File', name)}${row('Size', record.size === null ? null : counted(record.size, 'byte'))}${row('SHA-256', record.sha256)}
${row('Fingerprint', `${receipt.fingerprint.encode} → ${receipt.fingerprint.published}`)}
${row('Transaction', record.txId)}${batchRow(options.batch, record.txId)}${row('Block', record.blockHash)}${row('Block time', record.blockTime === null ? null : visibleName(record.blockTime))}
${row('Confirmations', receipt.confirmation ? `${receipt.confirmation.confirmedBlocks}${evidence ? ', as its imported receipt claims (not verified)' : ''}` : null)}
${explorerRow(link, explorerLink, simulated)}
</table>
${
  check && evidence
    ? `<p class="sub">The check below reads the receipt alone. Notarium holds it as imported evidence, ${escape(report.outcome.replace('-', ' '))}: ${escape(whyHeldAsEvidence(record, report.network.testChain))}.</p>
`
    : ''
}${check?.section ?? ''}<section>
<h2>What was checked</h2>
<ol>
${steps}
</ol>
</section>
<section>
<h2>How to check it by hand</h2>
<ol>
  <li>Compute the SHA-256 of the file; it must be <code>${escape(record.sha256 ?? '')}</code>. To compute it: ${digestCommands(record.name)}</li>
${batchSteps(receipt)}
  <li>Prepend the salt <code>${escape(receipt.fingerprint.salt ?? '')}</code> (as ASCII) to ${receipt.aggregation ? "the batch root's 32 bytes" : 'those 32 bytes'} and hash again with SHA-256: the result must be <code>${escape(receipt.fingerprint.published)}</code>.</li>
  <li>${
    !link && simulated && receipt.transaction
      ? `Transaction <code>${escape(record.txId ?? '')}</code> is on a simulated chain that no public explorer shows: the receipt file holds it whole (its <code>transaction</code> field, whose double SHA-256, byte-reversed, is that id). Check`
      : `Find transaction <code>${escape(record.txId ?? '')}</code> in any explorer of the ${escape(receipt.network)} network and check`
  } that the script of one of its outputs holds those bytes, whole and in order (usually as data after <code>OP_FALSE OP_RETURN</code>, possibly beside the service's own data).</li>
  <li>Check that the transaction is in block <code>${escape(record.blockHash ?? '')}</code> of the heaviest chain. The Merkle proof in the receipt file lets you do this without trusting the explorer.</li>
</ol>
<p class="sub">The receipt file <code>${escape(receiptFileName(name))}</code> holds everything needed to verify this offline, with Notarium or by hand.</p>
</section>
${check?.scripts ?? ''}</body></html>
`;
}
