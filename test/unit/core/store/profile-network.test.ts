import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';

// A profile's network: set by a person, or read from the first confirmed block of its service
// (service-notes.md: an instance may write to a test chain). A new profile no longer defaults to mainnet.

const BASE = 'https://records.example.com';
let lib: Library;

beforeEach(() => {
  lib = Library.open(':memory:', () => 1_700_000_000_000);
});
afterEach(() => lib.close());

describe('the network setting of a service profile', () => {
  it('a new profile detects unless told: no label until its first block', async () => {
    expect(await lib.profiles.save({ name: 'A', baseUrl: BASE })).toMatchObject({ network: null, networkSource: 'detect', networkDetectedFrom: null });
    expect(await lib.profiles.save({ name: 'B', baseUrl: BASE, network: 'Detect' })).toMatchObject({ network: null, networkSource: 'detect' });
    expect(await lib.profiles.save({ name: 'C', baseUrl: BASE, network: 'testnet' })).toMatchObject({
      network: 'testnet',
      networkSource: 'set',
      networkDetectedFrom: null,
    });
    expect(await lib.profiles.get('A')).toMatchObject({ network: null, networkSource: 'detect' });
  });

  it('keeps what a detecting profile read: the first block wins, and saving without a network keeps it', async () => {
    await lib.profiles.save({ name: 'A', baseUrl: BASE });
    expect(await lib.profiles.noteDetectedNetwork('A', 'regtest', 'ab'.repeat(32))).toBe(true);
    expect(await lib.profiles.noteDetectedNetwork('A', 'mainnet', 'cd'.repeat(32))).toBe(false);
    const detected = { network: 'regtest', networkSource: 'detect', networkDetectedFrom: 'ab'.repeat(32) };
    expect(await lib.profiles.get('A')).toMatchObject(detected);
    expect(await lib.profiles.save({ name: 'A', baseUrl: BASE, targetConfirmations: 2 })).toMatchObject(detected);
    expect(await lib.profiles.save({ name: 'A', baseUrl: BASE, network: 'detect' })).toMatchObject(detected);
    // A label given replaces it; "detect" again starts afresh.
    expect(await lib.profiles.save({ name: 'A', baseUrl: BASE, network: 'stn' })).toMatchObject({
      network: 'stn',
      networkSource: 'set',
      networkDetectedFrom: null,
    });
    expect(await lib.profiles.noteDetectedNetwork('A', 'regtest', 'ab'.repeat(32))).toBe(false);
    expect(await lib.profiles.save({ name: 'A', baseUrl: BASE, network: 'detect' })).toMatchObject({
      network: null,
      networkSource: 'detect',
      networkDetectedFrom: null,
    });
  });

  it('an existing profile keeps its label when saved without one; the Sandbox profile is never detected', async () => {
    await lib.profiles.save({ name: 'Prod', baseUrl: BASE, network: 'mainnet' });
    expect(await lib.profiles.save({ name: 'Prod', baseUrl: 'https://other.example.com' })).toMatchObject({ network: 'mainnet', networkSource: 'set' });
    expect(await lib.profiles.noteDetectedNetwork('Prod', 'regtest', 'ab'.repeat(32))).toBe(false);
    expect(await lib.profiles.require('Sandbox')).toMatchObject({ network: 'sandbox', networkSource: 'set' });
    expect(await lib.profiles.noteDetectedNetwork('Sandbox', 'regtest', 'ab'.repeat(32))).toBe(false);
  });
});

describe('the migration that lets a profile detect its network', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'notarium-network-migrate-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every profile saved before as it was: its label, set', async () => {
    const before = MIGRATIONS.findIndex((m) => m.includes('network_detect'));
    const db = new Database(join(dir, 'library.sqlite'));
    for (const sql of MIGRATIONS.slice(0, before)) db.exec(sql);
    db.pragma(`user_version = ${before}`);
    db.exec(`INSERT INTO profiles (name, kind, base_url, network, target_confirmations, expected_block_seconds, reject_after_seconds, idempotent_writes, created_at, updated_at)
      VALUES ('Sandbox', 'sandbox', NULL, 'sandbox', 3, 10, 120, 1, 1, 1), ('Acme', 'service', '${BASE}', 'mainnet', 6, 600, 7200, 0, 1, 1)`);
    db.close();
    const opened = Library.open(dir);
    try {
      expect(await opened.profiles.get('Acme')).toMatchObject({ network: 'mainnet', networkSource: 'set', networkDetectedFrom: null });
      expect(await opened.profiles.get('Sandbox')).toMatchObject({ network: 'sandbox', networkSource: 'set' });
    } finally {
      opened.close();
    }
  });
});
