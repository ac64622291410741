import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyAccount, refreshTokenAccount } from '../../../../main/core/secrets/accounts.ts';
import { setApiKey } from '../../../../main/core/secrets/api-key.ts';
import { Library } from '../../../../main/core/store/library.ts';
import type { NotaryContext } from '../../../../main/core/usecases/context.ts';
import { apiKeyReady, removeProfile, saveProfile, useProfile, type ProfileEngine } from '../../../../main/core/usecases/profiles.ts';
import { MemorySecretStore } from '../../../support/memory-secret-store.ts';

// Profiles changed from Settings: what a save keeps, and what follows a change.

let dir: string;
let library: Library;
let ctx: NotaryContext;
let reset: ReturnType<typeof vi.fn>;
let engine: { held: string[]; signedOut: { profile: string; message: string | undefined }[] } & ProfileEngine;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-profiles-'));
  library = Library.open(dir, () => 1_700_000_000_000);
  reset = vi.fn();
  ctx = { library, connections: { reset } } as unknown as NotaryContext;
  const held: string[] = [];
  const signedOut: { profile: string; message: string | undefined }[] = [];
  engine = {
    held,
    signedOut,
    writeHeldReceipts: async (profile) => void held.push(profile),
    signIn: async (profile) => ({ signOut: async (message?: string) => void signedOut.push({ profile, message }) }),
  };
});
afterEach(() => {
  library.close();
  rmSync(dir, { recursive: true, force: true });
});

const SERVICE = {
  name: 'Records',
  baseUrl: 'https://records.example',
  authUrl: 'https://id.example',
  clientId: 'notarium',
  issuer: 'https://id.example/issuer',
  audience: 'records',
  rejectAfterSeconds: 600,
};

describe('saveProfile', () => {
  it('keeps the settings the form does not show, and a setting given as undefined is not given', async () => {
    await library.profiles.save(SERVICE);
    const { profile } = await saveProfile(
      ctx,
      engine,
      { name: 'Records', baseUrl: 'https://records.example', targetConfirmations: 3, clientId: undefined },
      {},
    );
    expect(profile).toMatchObject({ issuer: SERVICE.issuer, audience: 'records', rejectAfterSeconds: 600, clientId: 'notarium', targetConfirmations: 3 });
  });

  it('makes the connections again and writes the receipts held for the profile', async () => {
    await saveProfile(ctx, engine, { name: 'Records', baseUrl: 'https://records.example' }, {});
    expect(reset).toHaveBeenCalledOnce();
    expect(engine.held).toEqual(['Records']);
  });

  it('signs the profile out when it signs in with another identity service, saying so', async () => {
    await library.profiles.save(SERVICE);
    const saved = await saveProfile(ctx, engine, { ...SERVICE, authUrl: 'https://other-id.example' }, {});
    expect(saved.signedOut).toBe(true);
    expect(engine.signedOut).toEqual([
      { profile: 'Records', message: 'The profile "Records" now signs in with another identity service, so it was signed out: sign in again.' },
    ]);
  });

  it('leaves the sign-in alone when the identity settings stay, and for a new profile', async () => {
    await library.profiles.save(SERVICE);
    expect((await saveProfile(ctx, engine, { ...SERVICE, targetConfirmations: 2 }, {})).signedOut).toBe(false);
    expect((await saveProfile(ctx, engine, { name: 'New', baseUrl: 'https://new.example', authUrl: 'https://id.example' }, {})).signedOut).toBe(false);
    expect(engine.signedOut).toEqual([]);
  });

  it('leaves the API key behind at a new address unless the person chose to keep it', async () => {
    const secrets = new MemorySecretStore();
    await library.profiles.save(SERVICE);
    await setApiKey(library.profiles, secrets, 'Records', 'key');
    await saveProfile(ctx, engine, { ...SERVICE, baseUrl: 'https://moved.example' }, {});
    expect(await apiKeyReady(await library.profiles.require('Records'), secrets)).toBe(false);
    await setApiKey(library.profiles, secrets, 'Records', 'key');
    await saveProfile(ctx, engine, { ...SERVICE, baseUrl: 'https://moved-again.example' }, { keepApiKey: true });
    expect(await apiKeyReady(await library.profiles.require('Records'), secrets)).toBe(true);
  });
});

describe('useProfile and removeProfile', () => {
  it('make the connections again', async () => {
    await library.profiles.save(SERVICE);
    expect((await useProfile(ctx, 'Records')).name).toBe('Records');
    expect(await library.profiles.currentName()).toBe('Records');
    await removeProfile(ctx, new MemorySecretStore(), 'Records');
    expect(await library.profiles.get('Records')).toBeUndefined();
    expect(reset).toHaveBeenCalledTimes(2);
  });
});

describe('removeProfile', () => {
  it('deletes the API key and the sign-in from the keychain, and leaves other profiles their secrets', async () => {
    const secrets = new MemorySecretStore();
    await library.profiles.save(SERVICE);
    await library.profiles.save({ ...SERVICE, name: 'Other' });
    await setApiKey(library.profiles, secrets, 'Records', 'key');
    await setApiKey(library.profiles, secrets, 'Other', 'other key');
    await secrets.set(refreshTokenAccount('Records'), 'refresh');
    await removeProfile(ctx, secrets, 'Records');
    expect([...secrets.entries.keys()]).toEqual([apiKeyAccount('Other')]);
  });

  it('keeps the secrets of a profile it refuses to remove (its records keep it)', async () => {
    const secrets = new MemorySecretStore();
    await library.profiles.save(SERVICE);
    await setApiKey(library.profiles, secrets, 'Records', 'key');
    library.records.insertSubmitting({
      profile: 'Records',
      kind: 'record',
      name: 'a.txt',
      path: null,
      size: 1,
      sha256: 'aa'.repeat(32),
      encode: 'SHA256',
      salt: null,
      recordHex: 'aa'.repeat(32),
      publishedHex: 'aa'.repeat(32),
      idempotencyKey: 'k',
      network: null,
      serviceUrl: null,
    });
    await expect(removeProfile(ctx, secrets, 'Records')).rejects.toThrow(/1 record in the library was made with it/);
    expect(await apiKeyReady(await library.profiles.require('Records'), secrets)).toBe(true);
  });
});

describe('apiKeyReady', () => {
  it('is true for the sandbox without asking the keychain', async () => {
    const secrets = { get: vi.fn(), set: vi.fn(), delete: vi.fn() };
    expect(await apiKeyReady(await library.profiles.current(), secrets)).toBe(true);
    expect(secrets.get).not.toHaveBeenCalled();
  });

  it('is true for a key entered for the profile’s address, false without one, and false when the keychain cannot answer', async () => {
    const secrets = new MemorySecretStore();
    await library.profiles.save(SERVICE);
    expect(await apiKeyReady(await library.profiles.require('Records'), secrets)).toBe(false);
    await setApiKey(library.profiles, secrets, 'Records', 'key');
    expect(await apiKeyReady(await library.profiles.require('Records'), secrets)).toBe(true);
    expect(secrets.entries.has(apiKeyAccount('Records'))).toBe(true);
    const locked = { get: async () => Promise.reject(new Error('locked')), set: vi.fn(), delete: vi.fn() };
    expect(await apiKeyReady(await library.profiles.require('Records'), locked)).toBe(false);
  });
});
