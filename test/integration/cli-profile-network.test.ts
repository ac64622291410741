import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

// A profile's network changed with `profile add` on its own: explorer templates a preset filled for
// the old network are filled again for the new one (as the app's form does); templates of one's
// own are refused with a sentence rather than kept pointing at the old network.

const root = mkdtempSync(join(tmpdir(), 'notarium-profile-network-'));
const home = join(root, 'home');
mkdirSync(home, { recursive: true });
const cli = (...args: string[]) => runCli(args, { env: { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' }, cwd: root });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('profile add --network on a profile made before', () => {
  it('fills the preset templates again for the new network', async () => {
    expect((await cli('profile', 'add', 't', '--base-url', 'https://records.example', '--network', 'testnet', '--explorer', 'whatsonchain')).code).toBe(0);
    const changed = await cli('profile', 'add', 't', '--network', 'mainnet', '--json');
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout)).toMatchObject({
      network: 'mainnet',
      explorerTxUrl: 'https://api.whatsonchain.com/v1/bsv/main/tx/{txId}/hex',
      explorerHeaderUrl: 'https://api.whatsonchain.com/v1/bsv/main/block/{blockHash}/header',
      explorerBlockUrl: 'https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}',
      explorerLinkUrl: 'https://whatsonchain.com/tx/{txId}',
    });
  });

  it('refuses, saying why, when the templates are its own', async () => {
    const own = ['--explorer-tx-url', 'https://explorer.example/test/tx/{txId}/hex'];
    expect((await cli('profile', 'add', 'c', '--base-url', 'https://records.example', '--network', 'testnet', ...own)).code).toBe(0);
    const refused = await cli('profile', 'add', 'c', '--network', 'mainnet');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('has explorer templates of its own (https://explorer.example/test/tx/{txId}/hex)');
    // Given with the network, they are taken.
    const given = await cli('profile', 'add', 'c', '--network', 'mainnet', '--explorer-tx-url', 'https://explorer.example/main/tx/{txId}/hex', '--json');
    expect(given.code).toBe(0);
    expect(JSON.parse(given.stdout)).toMatchObject({ network: 'mainnet', explorerTxUrl: 'https://explorer.example/main/tx/{txId}/hex' });
  });

  it('keeps its own templates when it had no network yet (it was detecting it): they are for no other network', async () => {
    const own = ['--explorer-tx-url', 'https://explorer.example/tx/{txId}/hex'];
    expect((await cli('profile', 'add', 'd', '--base-url', 'https://records.example', '--network', 'detect', ...own)).code).toBe(0);
    const set = await cli('profile', 'add', 'd', '--network', 'mainnet', '--json');
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ network: 'mainnet', explorerTxUrl: 'https://explorer.example/tx/{txId}/hex' });
  });
});
