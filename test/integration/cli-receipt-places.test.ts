import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';

// One rule for receipts written where people keep files: a document's export into a
// folder never writes over another registration's receipt there, as a receipt beside a file never does.

const root = mkdtempSync(join(tmpdir(), 'notarium-receipt-places-'));
const work = join(root, 'work');
const out = join(root, 'out');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const json = jsonCli((...args: string[]) => runCli(args, { env, cwd: work }));

beforeAll(() => {
  mkdirSync(work);
  mkdirSync(out);
  writeFileSync(join(work, 'plan.md'), 'the plan\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a document's export into a folder", () => {
  it("puts a second document's v1 beside the first's under its txId's label, and its index names where it went", async () => {
    const first = await json('notarise', '--document', 'plan.md');
    const firstTx = first.value[0].record.txId as string;
    const second = await json('notarise', '--document', '--again', 'plan.md');
    const secondTx = second.value[0].record.txId as string;
    expect(secondTx).not.toBe(firstTx);

    const a = await json('receipt', 'export', firstTx, '-o', out);
    expect(a.code, a.stderr).toBe(0);
    expect(a.value.receipts).toEqual([join(out, 'plan.md.v1.receipt.json')]);
    const b = await json('receipt', 'export', secondTx, '-o', out);
    expect(b.code, b.stderr).toBe(0);
    const labelled = join(out, `plan.md.${secondTx.slice(0, 12)}.receipt.json`);
    expect(b.value.receipts).toEqual([labelled]);
    // Each receipt kept, each its own registration's; the second index names the labelled file.
    expect(JSON.parse(readFileSync(join(out, 'plan.md.v1.receipt.json'), 'utf8')).registration.txId).toBe(firstTx);
    expect(JSON.parse(readFileSync(labelled, 'utf8')).registration.txId).toBe(secondTx);
    const index = JSON.parse(readFileSync(join(out, 'plan.md.versions.json'), 'utf8')) as { versions: { txId: string; receipt: string }[] };
    expect(index.versions).toEqual([expect.objectContaining({ txId: secondTx, receipt: `plan.md.${secondTx.slice(0, 12)}.receipt.json` })]);

    // Exported again, each goes back where it is: nothing moves, nothing is written over.
    expect((await json('receipt', 'export', firstTx, '-o', out)).value.receipts).toEqual([join(out, 'plan.md.v1.receipt.json')]);
    expect((await json('receipt', 'export', secondTx, '-o', out)).value.receipts).toEqual([labelled]);
  });
});
