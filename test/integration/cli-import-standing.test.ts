import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotariumEvents } from '../../preload/contract.ts';
import { Notary } from '../../main/core/notary.ts';
import { jsonCli, runCli } from '../support/cli.ts';
import { headlessAppService } from '../support/app-service.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';

/**
 * What the library says of an import is never stronger than what it holds the import as: a file
 * verified from the library by an import kept as partially verified reads partially verified (the
 * CLI's words and JSON, offline and online, and the app's Verify).
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-import-standing-'));
const work = join(root, 'work');
const kept = join(root, 'kept');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);

beforeAll(() => {
  for (const d of [env.NOTARIUM_HOME, work, kept]) mkdirSync(d, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The app's Verify screen with the file alone (no receipt beside it): its one result. */
async function appVerify(file: string, offline: boolean): Promise<NotariumEvents['verify-result']['result']> {
  const notary = new Notary({ dataDir: env.NOTARIUM_HOME, sandboxBlockInterval: 0.2, secrets: new MemorySecretStore(), env: {} });
  const service = headlessAppService(notary, { shell: 'electron', resolveFile: (ref) => (ref.kind === 'path' ? ref.path : '') });
  try {
    const jobId = randomUUID();
    const result = new Promise<NotariumEvents['verify-result']['result']>((resolve) =>
      service.subscribe((event, payload) => {
        if (event === 'verify-result' && (payload as NotariumEvents['verify-result']).jobId === jobId)
          resolve((payload as NotariumEvents['verify-result']).result);
      }),
    );
    await service.api.verify(jobId, [{ kind: 'path', path: file }], { offline });
    return await result;
  } finally {
    await service.close();
    await notary.close();
  }
}

describe('verify from the library, of an import kept as partially verified', () => {
  it('a test-chain receipt with a self-mined header from another service reads partially verified, never VERIFIED (TEST CHAIN)', async () => {
    const forged = forgeFromNothing(work, 'deed.pdf', 'a deed the forger knows\n', {
      network: 'sandbox',
      evidence: 'mined',
      serviceUrl: 'https://forger.example',
    });
    const imported = await json('receipt', 'import', forged);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });
    // Verified by the file alone: the library answers.
    renameSync(forged, join(kept, 'deed.pdf.receipt.json'));

    for (const how of [['--offline'], []]) {
      const words = await cli('verify', 'deed.pdf', ...how);
      expect(words.stdout).toMatch(/^PARTIALLY VERIFIED +deed\.pdf/m);
      expect(words.stdout).not.toMatch(/VERIFIED \(TEST CHAIN\)/);
      expect(words.stdout).toContain('the library holds this registration as an imported receipt that was only partially verified when it was imported');
      const answer = await json('verify', 'deed.pdf', ...how);
      expect(answer.value[0]).toMatchObject({ status: 'partially-verified', source: 'library' });
    }
    for (const offline of [true, false]) {
      const result = await appVerify(join(work, 'deed.pdf'), offline);
      expect(result).toMatchObject({ status: 'partially-verified' });
      expect(JSON.stringify(result)).toContain('only partially verified when it was imported');
    }
  });

  it('with that very receipt beside the file: online and in the app, the library caps its verdict too; a command offline reads the receipt alone', async () => {
    const forged = forgeFromNothing(work, 'will.pdf', 'a will the forger knows\n', {
      network: 'sandbox',
      evidence: 'mined',
      serviceUrl: 'https://forger.example',
    });
    expect((await json('receipt', 'import', forged)).value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });
    const online = await json('verify', 'will.pdf');
    expect(online.value[0]).toMatchObject({ status: 'partially-verified', source: 'receipt' });
    expect(online.value[0].message).toContain(
      'the library holds this registration as an imported receipt that was only partially verified when it was imported',
    );
    for (const offline of [true, false]) {
      const result = await appVerify(join(work, 'will.pdf'), offline);
      expect(result).toMatchObject({ status: 'partially-verified' });
      expect(JSON.stringify(result)).toContain('only partially verified when it was imported');
    }
    // Offline, the command opens no library: the receipt by itself, a test chain's, which proves nothing.
    const alone = await json('verify', 'will.pdf', '--offline');
    expect(alone.value[0]).toMatchObject({ status: 'verified', source: 'receipt', network: { testChain: true } });
  });

  it('its export and proof bundle hand on the receipt as imported, never re-dated, and the bundle says it is imported evidence', async () => {
    const forged = forgeFromNothing(work, 'lease.pdf', 'a lease the forger knows\n', {
      network: 'sandbox',
      evidence: 'mined',
      serviceUrl: 'https://forger.example',
      confirmedBlocks: 100,
    });
    const original = JSON.parse(readFileSync(forged, 'utf8'));
    expect((await json('receipt', 'import', forged)).value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });
    const exported = await json('receipt', 'export', 'lease.pdf', '-o', join(kept, 'lease-copy.json'));
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.value.imported).toMatch(/^lease-copy\.json is imported evidence: this library imported it and did not issue or register it\./);
    const said = await cli('receipt', 'export', 'lease.pdf', '-o', join(kept, 'lease-copy.json'));
    expect(said.stdout).toMatch(/lease-copy\.json\n {2}lease-copy\.json is imported evidence: .*partially verified at best/);
    expect(JSON.parse(readFileSync(join(kept, 'lease-copy.json'), 'utf8'))).toEqual(original);
    const bundled = await json('receipt', 'export', 'lease.pdf', '--bundle', '-o', join(kept, 'lease-bundle'));
    expect(bundled.code, bundled.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(kept, 'lease-bundle', 'lease.pdf.receipt.json'), 'utf8'))).toMatchObject({ issuedAt: original.issuedAt });
    const readme = readFileSync(join(kept, 'lease-bundle', 'README.txt'), 'utf8').replace(/\n/g, ' ');
    expect(readme).toContain('lease.pdf.receipt.json is imported evidence: the library that wrote this bundle imported it and did not issue or register it.');
    expect(readme).toContain('partially verified at best (on a test chain anyone can mine a header, and no service of the library confirmed its txId)');
    // Its README, the imported evidence's paragraph included, reads back as this version wrote it.
    const bundle = await json('verify', join(kept, 'lease-bundle'));
    expect(bundle.value.find((r: { bundleFile?: string }) => r.bundleFile === 'readme')).toMatchObject({ asWritten: 'as-written' });
  });
});
