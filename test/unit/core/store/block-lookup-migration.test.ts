import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';
import { inputOf } from '../../../../main/core/store/profiles.ts';

/**
 * The upgrade that brings a profile's block lookup (the chain step) only adds its
 * column: profiles saved before keep every setting, and have no lookup until one is set.
 */

const BEFORE = MIGRATIONS.findIndex((m) => m.includes('explorer_block_url'));
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-migrate-block-lookup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the block lookup upgrade', () => {
  it('keeps the profiles written before it, with no lookup until one is set', async () => {
    const old = new Database(join(dir, 'library.sqlite'));
    for (const sql of MIGRATIONS.slice(0, BEFORE)) old.exec(sql);
    old.pragma(`user_version = ${BEFORE}`);
    old.exec(`
      INSERT INTO settings (key, value) VALUES ('library-id', 'lib-1'), ('current-profile', 'Acme');
      INSERT INTO profiles (name, kind, base_url, explorer_tx_url, explorer_header_url, explorer_link_url, network, target_confirmations,
          expected_block_seconds, reject_after_seconds, idempotent_writes, api_key_url, created_at, updated_at)
        VALUES ('Sandbox', 'sandbox', NULL, NULL, NULL, NULL, 'sandbox', 3, 10, 120, 1, NULL, 1, 1),
               ('Acme', 'service', 'https://records.acme.example', 'https://woc.example/tx/{txId}/hex', 'https://woc.example/block/{blockHash}/header',
                'https://woc.example/tx/{txId}', 'mainnet', 6, 600, 7200, 0, 'https://records.acme.example', 1, 1);
    `);
    old.close();

    const lib = Library.open(dir);
    try {
      expect(lib.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(await lib.profiles.require('Acme')).toMatchObject({
        baseUrl: 'https://records.acme.example',
        explorerTxUrl: 'https://woc.example/tx/{txId}/hex',
        explorerHeaderUrl: 'https://woc.example/block/{blockHash}/header',
        explorerLinkUrl: 'https://woc.example/tx/{txId}',
        explorerBlockUrl: null,
        network: 'mainnet',
        apiKeyUrl: 'https://records.acme.example',
      });
      expect((await lib.profiles.require('Sandbox')).explorerBlockUrl).toBeNull();
      expect(await lib.profiles.currentName()).toBe('Acme');
      const set = await lib.profiles.save({ ...inputOf(await lib.profiles.require('Acme')), explorerBlockUrl: 'https://woc.example/block/hash/{blockHash}' });
      expect(set).toMatchObject({ explorerBlockUrl: 'https://woc.example/block/hash/{blockHash}', apiKeyUrl: 'https://records.acme.example' });
    } finally {
      lib.close();
    }
  });
});
