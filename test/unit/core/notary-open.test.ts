import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Notary } from '../../../main/core/notary.ts';
import { MemorySecretStore } from '../../support/memory-secret-store.ts';

// Every command opens the engine: on a library that exists, opening it must write nothing (no write
// lock to wait for, no sync to disk). SQLite's data_version, read from a second connection, changes
// exactly when another connection commits a change.

let dir: string;
let observer: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-open-'));
});
afterEach(() => {
  observer?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openAndClose(sandboxBlockInterval: number): Promise<void> {
  const notary = new Notary({ dataDir: dir, sandboxBlockInterval, secrets: new MemorySecretStore(), env: {} });
  await notary.close();
}

const dataVersion = (): number => observer.pragma('data_version', { simple: true }) as number;

describe('opening the engine on an existing library', () => {
  it('writes nothing when nothing changed', async () => {
    await openAndClose(10); // creates the library
    observer = new Database(join(dir, 'library.sqlite'), { readonly: true });
    const before = dataVersion();
    await openAndClose(10);
    await openAndClose(10);
    expect(dataVersion()).toBe(before);
  });

  it("writes the Sandbox profile's timings when its block interval changed", async () => {
    await openAndClose(10);
    observer = new Database(join(dir, 'library.sqlite'), { readonly: true });
    const before = dataVersion();
    await openAndClose(2);
    expect(dataVersion()).not.toBe(before);
  });
});
