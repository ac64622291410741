import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';
import { branch } from '../support/receipt-fixture.ts';
import { aggregationRootOf } from '../../verifier/protocol/aggregation.ts';
import { fingerprintFor } from '../../verifier/protocol/fingerprint.ts';
import { makerAndReceiver } from '../support/maker-and-receiver.ts';

/**
 * An import never loses to a weaker claim: a partially verified forgery naming a genuine
 * registration's txId (and other content), imported first, gives way to the genuine receipt, which
 * the library then verifies the file by; the words say what happened to the library.
 */

const parties = makerAndReceiver('import-weaker', { blockInterval: 0.2 });
const { root: dir, made, loose, make, receive, receiveJson } = parties;

beforeAll(async () => {
  writeFileSync(join(made, 'genuine.txt'), 'the genuine file\n');
  const run = await make('notarise', 'genuine.txt', '--wait');
  expect(run.code, run.stderr).toBe(0);
  for (const name of ['a.txt', 'b.txt']) writeFileSync(join(made, name), `the batch file ${name}\n`);
  const batch = await make('notarise', 'a.txt', 'b.txt', '--wait');
  expect(batch.code, batch.stderr).toBe(0);
  copyFileSync(join(made, 'a.txt'), join(loose, 'a.txt'));
  copyFileSync(join(made, 'genuine.txt'), join(loose, 'genuine.txt'));
});

/**
 * A receipt forged from nothing for other content under a genuine txId, with a branch of the
 * forger's making to a root of its own: no transaction, and no header says which block it is.
 */
function forgedUnder(txId: string): string {
  const forgedPath = forgeFromNothing(join(dir, 'made'), 'other.txt', 'other content\n', {
    network: 'sandbox',
    evidence: 'none',
    serviceUrl: 'https://forger.example',
    confirmedBlocks: 100,
  });
  const forged = JSON.parse(readFileSync(forgedPath, 'utf8'));
  forged.registration.txId = txId;
  const { nodes, root: merkleRoot } = branch(['aa', 'bb', 'cc'].map((b) => b.repeat(32)).concat(txId), 3);
  forged.confirmation.merkleProof = { index: 3, txOrId: txId, target: merkleRoot, nodes, targetType: 'merkleRoot' };
  writeFileSync(forgedPath, JSON.stringify(forged, null, 2));
  return forgedPath;
}

/** A batch file's receipt forged from a genuine one: another nonce, so another root, with no transaction or header. */
function forgedMember(genuine: string): string {
  const real = JSON.parse(readFileSync(genuine, 'utf8'));
  const txId = real.registration.txId as string;
  const nonce = 'ab'.repeat(16);
  const root = aggregationRootOf(Buffer.from(real.file.sha256, 'hex'), nonce, real.aggregation.path);
  const fp = fingerprintFor(Buffer.from(root, 'hex'), real.fingerprint.salt);
  const { nodes, root: merkleRoot } = branch(['aa', 'bb', 'cc'].map((b) => b.repeat(32)).concat(txId), 3);
  const forged = {
    ...real,
    fingerprint: { ...real.fingerprint, record: fp.record, published: fp.published, encode: fp.encode },
    aggregation: { ...real.aggregation, nonce, root },
    registration: { ...real.registration, serviceUrl: 'https://forger.example' },
    confirmation: { ...real.confirmation, merkleProof: { index: 3, txOrId: txId, target: merkleRoot, nodes, targetType: 'merkleRoot' } },
  };
  delete forged.transaction;
  delete forged.blockHeader;
  const forgedPath = join(dir, 'forged-a.txt.receipt.json');
  writeFileSync(forgedPath, JSON.stringify(forged, null, 2));
  return forgedPath;
}

describe('a forged partial import under a genuine txId', () => {
  it('gives way to the genuine receipt, which the library then verifies the file by', async () => {
    const genuine = join(made, 'genuine.txt.receipt.json');
    const txId = JSON.parse(readFileSync(genuine, 'utf8')).registration.txId as string;
    const forgedPath = forgedUnder(txId);

    const first = await receiveJson('receipt', 'import', forgedPath);
    expect(first.code, first.stderr).toBe(0);
    expect(first.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });

    const words = await receive('receipt', 'import', genuine);
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toMatch(/^imported +/m);
    expect(words.stdout).toContain(`It replaces what the library held under txId ${txId} (imported evidence, partially verified), which proved less.`);

    const verified = await receiveJson('verify', 'genuine.txt', '--offline');
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.value[0]).toMatchObject({ status: 'verified', txId });
    // A verified import is still no publication nor confirmation seen here.
    const status = await receiveJson('status', 'genuine.txt', '--offline');
    expect(status.value).toMatchObject({ txId, proofOutcome: 'verified', publishedAt: null, confirmedAt: null });

    // The forgery again: the library keeps the better-proven receipt and says so.
    const again = await receive('receipt', 'import', forgedPath);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stdout).toMatch(/^not imported, disagrees +/m);
    expect(again.stdout).toContain(
      `The library holds txId ${txId} as a verified receipt it imported, for other content: two receipts for this txId disagree on what it registered, so at most one of them is genuine. The one held proved as much or more, so it is kept and this receipt is not imported;`,
    );
  });
});

describe('a forged partial batch receipt under a genuine batch txId, with another root', () => {
  it('gives way to the genuine member receipt, which is imported as its batch member and verifies', async () => {
    const genuine = join(made, 'a.txt.receipt.json');
    const txId = JSON.parse(readFileSync(genuine, 'utf8')).registration.txId as string;
    const forgedPath = forgedMember(genuine);
    const first = await receiveJson('receipt', 'import', forgedPath);
    expect(first.code, JSON.stringify(first.value)).toBe(0);
    expect(first.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });

    const words = await receive('receipt', 'import', genuine);
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toContain(`It replaces what the library held under txId ${txId} (imported evidence, partially verified), which proved less.`);
    const verified = await receiveJson('verify', 'a.txt', '--offline');
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.value[0]).toMatchObject({ status: 'verified', txId });
  });
});

describe("a document's weak version 1 replaced by its genuine receipt", () => {
  it('keeps its document: the versions imported after the weak one stay its versions', async () => {
    writeFileSync(join(made, 'plan-v1.md'), 'plan 1\n');
    writeFileSync(join(made, 'plan-v2.md'), 'plan 2\n');
    expect((await make('notarise', 'plan-v1.md', '--document', '--wait')).code).toBe(0);
    expect((await make('version', 'add', 'plan-v2.md', '--of', 'plan-v1.md', '--wait')).code).toBe(0);
    for (const name of ['plan-v1.md', 'plan-v2.md']) copyFileSync(join(made, name), join(loose, name));
    const genuine1 = join(made, 'plan-v1.md.receipt.json');
    // The weak copy: the same registration without its transaction and header, so it proves less.
    const weak = JSON.parse(readFileSync(genuine1, 'utf8'));
    delete weak.transaction;
    delete weak.blockHeader;
    const weakPath = join(dir, 'weak-plan-v1.md.receipt.json');
    writeFileSync(weakPath, JSON.stringify(weak, null, 2));

    expect((await receiveJson('receipt', 'import', weakPath)).value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });
    expect((await receiveJson('receipt', 'import', join(made, 'plan-v2.md.receipt.json'))).value[0]).toMatchObject({ imported: true });
    const replaced = await receive('receipt', 'import', genuine1);
    expect(replaced.stdout).toContain('It replaces what the library held under txId');

    for (const name of ['plan-v1.md', 'plan-v2.md']) {
      const history = await receiveJson('versions', name, '--offline');
      expect(history.code, history.stderr).toBe(0);
      expect(history.value.versions.map((v: { txId: string }) => v.txId)).toEqual([weak.registration.txId, expect.any(String)]);
    }
  });
});

describe('txId squatting, where the genuine receipt too is only partially verified (a test chain of another service)', () => {
  // A library whose own service is its embedded sandbox: no service of it vouches for the makers' test chain.
  const stranger = () => ({ ...parties.receiver, NOTARIUM_HOME: join(dir, `stranger-${++strangers}`), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' });
  let strangers = 0;

  it('a receipt that checks more replaces the squatter; the squatter again is told the receipts disagree', async () => {
    const env = stranger();
    const run = jsonCli((...args: string[]) => runCli(args, { env, cwd: loose }));
    const words = (...args: string[]) => runCli(args, { env, cwd: loose });
    const genuine = join(made, 'genuine.txt.receipt.json');
    const txId = JSON.parse(readFileSync(genuine, 'utf8')).registration.txId as string;
    const squatter = forgedUnder(txId);
    expect((await run('receipt', 'import', squatter)).value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });

    const taken = await run('receipt', 'import', genuine);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified', unvouched: true, replacedTxId: txId, disagrees: false });
    expect((await run('verify', 'genuine.txt', '--offline')).value[0]).toMatchObject({ status: 'partially-verified', txId });

    const again = await words('receipt', 'import', squatter);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stdout).toMatch(/^not imported, disagrees +/m);
    expect(again.stdout).toContain(
      `The library holds txId ${txId} as imported evidence, partially verified, for other content: two receipts for this txId disagree on what it registered, so at most one of them is genuine.`,
    );
    expect((await run('receipt', 'import', squatter)).value[0]).toMatchObject({ imported: false, disagrees: true });
  });

  it("a batch file's genuine receipt replaces a forged member squatting its batch; the forged one again is told so, never RECEIPT_INVALID", async () => {
    const env = stranger();
    const run = jsonCli((...args: string[]) => runCli(args, { env, cwd: loose }));
    const words = (...args: string[]) => runCli(args, { env, cwd: loose });
    const genuine = join(made, 'a.txt.receipt.json');
    const txId = JSON.parse(readFileSync(genuine, 'utf8')).registration.txId as string;
    const squatter = forgedMember(genuine);
    expect((await run('receipt', 'import', squatter)).value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });

    const taken = await run('receipt', 'import', genuine);
    expect(taken.code, JSON.stringify(taken.value)).toBe(0);
    expect(taken.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified', replacedTxId: txId });
    expect((await run('verify', 'a.txt', '--offline')).value[0]).toMatchObject({ status: 'partially-verified', txId });

    const again = await words('receipt', 'import', squatter);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).not.toMatch(/RECEIPT_INVALID/);
    expect(again.stdout).toContain('two receipts for this txId disagree on what it registered');
  });

  it("a forged receipt of one file squatting a batch's txId gives way to the batch file's genuine receipt", async () => {
    const env = stranger();
    const run = jsonCli((...args: string[]) => runCli(args, { env, cwd: loose }));
    const genuine = join(made, 'a.txt.receipt.json');
    const txId = JSON.parse(readFileSync(genuine, 'utf8')).registration.txId as string;
    expect((await run('receipt', 'import', forgedUnder(txId))).value[0]).toMatchObject({ imported: true });
    const taken = await run('receipt', 'import', genuine);
    expect(taken.code, JSON.stringify(taken.value)).toBe(0);
    expect(taken.value[0]).toMatchObject({ imported: true, replacedTxId: txId });
    expect((await run('verify', 'a.txt', '--offline')).value[0]).toMatchObject({ status: 'partially-verified', txId });
  });
});
