import type { Chain } from '../chain/chain.ts';

/**
 * The page for people a public explorer shows for a transaction (what a certificate's QR code and
 * the app's "Explorer" button open): where it is, how deep, and the data it carries. Static HTML
 * with its own strict CSP: no scripts, no requests.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const EXPLORER_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function explorerPage(chain: Chain, txId: string): string | null {
  const tx = chain.get(txId);
  if (!tx) return null;
  const confirmation = chain.confirmation(tx);
  const rows: [string, string][] = [
    ['Transaction', tx.txid],
    [
      'Status',
      confirmation
        ? `In a block, ${confirmation.confirmedBlocks} confirmation${confirmation.confirmedBlocks === 1 ? '' : 's'}`
        : 'Waiting for a block (mempool)',
    ],
  ];
  if (confirmation) {
    rows.push(
      ['Block', confirmation.blockHash],
      ['Block height', String(tx.block_height)],
      ['Block time', confirmation.blockTimestamp],
      ['Position in block', String(tx.block_index)],
    );
  }
  if (tx.published) rows.push(['Data (OP_RETURN)', tx.published.toString('hex')]);
  if (tx.prev_txid) rows.push(['Previous version', tx.prev_txid]);
  if (tx.next_txid) rows.push(['Next version', tx.next_txid]);
  rows.push(['Size', `${tx.raw.length} bytes`]);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Transaction ${escape(tx.txid.slice(0, 16))}… — Notarium sandbox explorer</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1c1c1a; background: #f7f7f5; }
  h1 { font-size: 1.4rem; } p { color: #555; }
  table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid #ddd; }
  th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #eee; vertical-align: top; }
  th { width: 12rem; color: #555; font-weight: 600; } td { font-family: ui-monospace, monospace; word-break: break-all; }
</style></head>
<body>
<h1>Transaction on the sandbox chain</h1>
<p>This is Notarium's embedded sandbox: a simulated chain in real Bitcoin formats, on this computer only.</p>
<table>
${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('\n')}
</table>
<p><a href="./${escape(tx.txid)}/hex">Raw transaction (hex)</a></p>
</body></html>
`;
}
