import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { addVersion } from '../../main/core/usecases/documents.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { holderGone, leaseFor } from '../../main/core/usecases/send-lease.ts';
import { runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// `notarium watch` beside the app on one data directory: the app stands here as an
// engine of the test's own process on the same library, the command is its own process. Content
// the other engine took meanwhile (its send under way, or already a version of the document) is no
// failure of the watcher: the file is known as that registration, said neutrally, exit 0. The
// service mines only when a test says so: a document's next version stays queued.

const root = mkdtempSync(join(tmpdir(), 'notarium-beside-app-'));
const home = join(root, 'home');
const folder = join(root, 'watched');
let sb: TestSandbox;
let app: Notary;
const cli = (...args: string[]) => runCli(args, { env: { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: sb.apiKey }, cwd: root });
const faults = (settings: object) => sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(settings) });
type FileLine = {
  event: string;
  relPath?: string;
  action?: string;
  record?: { version: number | null; state: string; documentId: number | null } | null;
  note?: string | null;
};
const fileLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as FileLine)
    .filter((l) => l.event === 'file');

beforeAll(async () => {
  sb = await startTestSandbox();
  mkdirSync(folder, { recursive: true });
  mkdirSync(home, { recursive: true });
  const added = await cli(
    'profile',
    'add',
    'Chain',
    '--base-url',
    sb.baseUrl,
    '--network',
    'sandbox',
    ...sandboxExplorerArgs(sb.baseUrl),
    '--block-seconds',
    '0.5',
  );
  expect(added.code, added.stderr).toBe(0);
  expect((await cli('profile', 'use', 'Chain')).code).toBe(0);
  app = new Notary({ dataDir: home, secrets: new MemorySecretStore(), env: { NOTARIUM_API_KEY: sb.apiKey } });
});
afterAll(async () => {
  await app.close();
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('notarium watch beside another engine on the same library', () => {
  it('a file the app is sending right now: known as that registration, said, exit 0', async () => {
    const path = join(folder, 'minutes.txt');
    writeFileSync(path, 'minutes of the meeting\n');
    // The app's send of it: its answer lost, and the app holding the row to settle it (its send lease).
    await faults({ dropRate: 1, dropPhase: 'after' });
    const [sent] = await notarise(app.context, [path]);
    await faults({ dropRate: 0 });
    expect(sent).toMatchObject({ status: 'in-doubt', record: { state: 'submitting' } });
    const id = sent!.record!.id;
    expect(app.library.records.takeSendLease(id, leaseFor(app.context), holderGone)).toBe(true);

    const r = await cli('watch', folder, '--once', '--stable', '0.1');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^known {7}minutes\.txt {2}submitting: another Notarium on this library \(the app, or a command\) registered this content meanwhile, as "minutes\.txt": the file is that registration, not anchored again\./m,
    );
    expect(r.stdout + r.stderr).not.toMatch(/failed|BEING_SENT|^round /m);
    // Still the app's to settle: the command sent nothing and did not take it over.
    expect(app.library.records.get(id)).toMatchObject({ state: 'submitting', sendLeaseOwner: app.context.leaseOwner });
    app.library.records.releaseSendLease(id, app.context.leaseOwner);
  });

  it("a save the app already queued as the next version of the file's document (from before rounds): known as that version, said, exit 0", async () => {
    const path = join(folder, 'contract.txt');
    writeFileSync(path, 'contract, first draft\n');
    // A document the app made of it.
    const [made] = await notarise(app.context, [path], { document: true });
    const v1 = made!.record!;
    const first = await cli('watch', folder, '--once', '--stable', '0.1', '--json');
    expect(first.code, first.stderr).toBe(0);
    expect(fileLines(first.stdout).find((l) => l.relPath === 'contract.txt')).toMatchObject({ action: 'known', record: { version: 1 } });

    // Saved again; the app adds the save as the document's next version before the command takes it.
    writeFileSync(path, 'contract, second draft\n');
    const queued = await addVersion(app.context, path, { documentId: v1.documentId! });
    expect(queued.version).toBe(2);

    const r = await cli('watch', folder, '--once', '--stable', '0.1', '--json');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(
      fileLines(r.stdout)
        .filter((l) => l.relPath === 'contract.txt')
        .at(-1),
    ).toMatchObject({
      action: 'known',
      record: { version: 2 },
      note: 'another Notarium on this library (the app, or a command) registered this content meanwhile, as "contract.txt": the file is that registration, not anchored again.',
      error: null,
    });
    expect(fileLines(r.stdout).some((l) => l.action === 'failed' || l.action === 'registered')).toBe(false);
    // One version 2 only: the command anchored nothing of its own.
    expect(app.library.records.ofDocument(v1.documentId!).filter((v) => v.version === 2)).toHaveLength(1);
    // Tracked as that version: the next run has nothing to do for it.
    const again = await cli('watch', folder, '--once', '--stable', '0.1', '--json');
    expect(fileLines(again.stdout).filter((l) => l.relPath === 'contract.txt')).toEqual([]);
  });
});
