import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { besideReceipt, isReceiptName } from '../../verifier/receipt-name.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { ONLINE_STEPS, verifyReceipt } from '../../verifier/verify-receipt.ts';

/**
 * The receipts a suite left on disk, checked against the chain as the sandbox holds it now: each
 * verifies offline (with its file when the file stands beside it: every step passes; alone, every
 * step but the file's digest), and names the block the sandbox's chain holds its registration in
 * now, asked of the sandbox's status endpoint (a receipt of a block a reorganisation took back
 * would still verify offline). The evidence suites run it at their end: records settled is not
 * receipts right.
 */

export interface ReceiptsOnChain {
  /** Receipts found under the folders (hidden ones included: a watched folder's `.notarium/`). */
  receipts: number;
  /** Of them, those with their file beside them, verified with it. */
  besideFiles: number;
  /** One sentence per receipt that is not right; empty when all are. */
  problems: string[];
}

/** How the suite reads the sandbox (its retries, its key): a GET answered with JSON. */
export type AskSandbox = <T>(path: string) => Promise<T>;

/** Status requests at once: a suite's thousands of receipts take a few seconds, not a minute. */
const AT_ONCE = 16;

export async function receiptsOnChain(folders: readonly string[], ask: AskSandbox): Promise<ReceiptsOnChain> {
  const paths = folders.flatMap(receiptsUnder);
  const problems: string[] = [];
  let besideFiles = 0;
  const check = async (path: string): Promise<void> => {
    const receipt = parseReceipt(readFileSync(path, 'utf8'));
    const file = besideReceipt(path);
    const withFile = isFile(file);
    const report = verifyReceipt(receipt, withFile ? { fileDigest: createHash('sha256').update(readFileSync(file)).digest('hex') } : {});
    if (withFile) besideFiles++;
    const unchecked = report.steps
      .filter((s) => (s.status === 'fail' || s.status === 'skipped') && !ONLINE_STEPS.includes(s.id))
      .map((s) => `${s.id} ${s.status}`);
    const expected = withFile ? [] : ['file-digest skipped'];
    if (JSON.stringify(unchecked) !== JSON.stringify(expected)) problems.push(`${path}: ${report.summary} (${unchecked.join(', ')})`);
    const { txId, kind } = receipt.registration;
    const status = await ask<{ confirmation: { blockHash?: string } | null }>(`/api/v1/${kind === 'record' ? 'records' : 'linkedrecords'}/${txId}/status`);
    const now = status.confirmation?.blockHash ?? 'no block';
    if (now !== receipt.confirmation?.blockHash)
      problems.push(`${path}: names block ${receipt.confirmation?.blockHash ?? 'none'}, the sandbox holds ${txId} in ${now}`);
  };
  for (let i = 0; i < paths.length; i += AT_ONCE) await Promise.all(paths.slice(i, i + AT_ONCE).map(check));
  return { receipts: paths.length, besideFiles, problems };
}

function receiptsUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => isReceiptName(name))
    .map((name) => join(folder, name))
    .filter(isFile);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
