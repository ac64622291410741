import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Registrations whose receipts could never be written are refused before anything is sent: a name
// too long for its receipt's name, a profile whose network label predates the
// closed vocabulary. Nothing is registered, so no money is spent.

const root = mkdtempSync(join(tmpdir(), 'notarium-refused-'));
const home = join(root, 'home');
const env = { NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: root });
const json = jsonCli(cli);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The library's registrations, read from its database as it is on disk. */
function registrations(): { name: string; profile: string }[] {
  const db = new Database(join(home, 'library.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT name, profile FROM records ORDER BY id').all() as { name: string; profile: string }[];
  } finally {
    db.close();
  }
}

/** A file of exactly `bytes` bytes of UTF-8 name (`unit` repeated, then `.pdf`). */
function fileNamed(bytes: number, unit = 'a'): string {
  const name = unit.repeat((bytes - 4) / Buffer.byteLength(unit)) + '.pdf';
  expect(Buffer.byteLength(name)).toBe(bytes);
  writeFileSync(join(root, name), `content of a ${bytes}-byte name ${unit}\n`);
  return name;
}

describe.runIf(process.platform !== 'win32')('names too long for their receipts (255 bytes per name on Linux and macOS)', () => {
  it('notarise refuses a 245-byte name (its receipt would be 258 bytes) with a sentence, and registers nothing', async () => {
    const name = fileNamed(245);
    const run = await json('notarise', name);
    expect(run.code).toBe(2);
    const [outcome] = run.value as { status: string; record: unknown; error: { code: string; message: string } }[];
    expect(outcome).toMatchObject({ status: 'failed', record: null, error: { code: 'NAME_TOO_LONG' } });
    expect(outcome!.error.message).toMatch(
      /is 245 bytes long, and its receipt's name \(<name>\.receipt\.json\) would pass the file system's limit of 255 bytes, so it was not registered: rename the file to at most 242 bytes/,
    );
    expect(registrations()).toEqual([]);
  });

  it('counts bytes, not characters: 120 two-byte letters are 244 bytes, refused', async () => {
    const name = fileNamed(244, 'é');
    const run = await json('notarise', name);
    expect(run.code).toBe(2);
    expect((run.value as { error: { message: string } }[])[0]!.error.message).toMatch(/is 244 bytes long/);
    expect(registrations()).toEqual([]);
  });

  it('a 242-byte name fits: it registers and gets its receipt (255 bytes)', async () => {
    const name = fileNamed(242);
    const run = await cli('notarise', name, '--wait');
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(root, `${name}.receipt.json`))).toBe(true);
    expect(registrations()).toEqual([{ name, profile: 'Sandbox' }]);
  });

  it("a document needs room for its versions' receipts (<name>.v<N>.receipt.json): notarise --document and version add refuse 242 bytes", async () => {
    const long = fileNamed(242, 'b');
    const refused = await json('notarise', long, '--document');
    expect(refused.code).toBe(2);
    expect((refused.value as { error: { message: string } }[])[0]!.error.message).toMatch(/\(<name>\.v<N>\.receipt\.json\) would pass .* at most 229 bytes/);

    const first = fileNamed(229, 'c');
    expect((await cli('notarise', first, '--document', '--wait')).code).toBe(0);
    const before = registrations();
    const added = await cli('version', 'add', long, '--of', first);
    expect(added.code).toBe(2);
    expect(added.stderr).toMatch(/\[NAME_TOO_LONG\]$/m);
    expect(registrations()).toEqual(before);
  });

  it('a watched folder does not register a file whose receipts would not fit, and says why', async () => {
    const watched = join(root, 'watched');
    mkdirSync(watched);
    const name = 'd'.repeat(236) + '.pdf'; // 240 bytes: <name>.receipt.json fits, <name>.v2.receipt.json would not
    writeFileSync(join(watched, name), 'watched\n');
    const before = registrations();
    const run = await cli('watch', watched, '--stable', '0.2', '--once', '--json');
    const events = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { event: string; action?: string; error?: { message: string } | null });
    const file = events.find((e) => e.event === 'file' && e.action !== 'waiting'); // past waiting for its round
    expect(file).toMatchObject({ action: 'failed' });
    expect(file!.error!.message).toMatch(/is 240 bytes long, .* so it was not registered: rename the file/);
    expect(registrations()).toEqual(before);
  });
});

describe('a profile whose network label predates the vocabulary', () => {
  const profile = 'Old service';
  let sb: TestSandbox;
  let keyEnv: Record<string, string>;
  beforeAll(async () => {
    sb = await startTestSandbox({ blockInterval: 0.2 });
    keyEnv = { ...env, NOTARIUM_API_KEY: sb.apiKey };
    expect(
      (await cli('profile', 'add', profile, '--base-url', sb.baseUrl, '--network', 'regtest', '--confirmations', '1', '--block-seconds', '0.5')).code,
    ).toBe(0);
    expect((await cli('profile', 'use', profile)).code).toBe(0);
    // Saved by an earlier version, when the label was free text.
    const db = new Database(join(home, 'library.sqlite'));
    db.prepare('UPDATE profiles SET network = ? WHERE name = ?').run('BSV main net', profile);
    db.close();
  });
  afterAll(async () => {
    await cli('profile', 'use', 'Sandbox');
    await sb.stop();
  });
  const run = (...args: string[]) => runCli(args, { env: keyEnv, cwd: root });
  const refusal =
    /The profile "Old service" names the network "BSV main net", which is not mainnet, testnet, stn, regtest or sandbox, so its receipts could not be written and nothing was registered: set its network with "notarium profile add 'Old service' --network <label>" or in Settings\./;

  it('notarise, version add and the watcher refuse before registering, naming the profile, its label and the fix', async () => {
    writeFileSync(join(root, 'old.txt'), 'old profile\n');
    const before = registrations();
    const notarised = await run('notarise', 'old.txt');
    expect(notarised.code).toBe(2);
    expect(notarised.stderr).toMatch(refusal);
    expect(notarised.stderr).toContain('[INVALID_SETTING]');

    const watched = join(root, 'watched-old');
    mkdirSync(watched);
    writeFileSync(join(watched, 'w.txt'), 'watched on the old profile\n');
    const watch = await run('watch', watched, '--stable', '0.2', '--once', '--json');
    const file = watch.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { event: string; action?: string; error?: { message: string } | null })
      .find((e) => e.event === 'file');
    expect(file).toMatchObject({ action: 'failed' });
    expect(file!.error!.message).toMatch(refusal);
    expect(registrations()).toEqual(before);

    // A document made while the label was right: its next version is refused as well.
    const db = new Database(join(home, 'library.sqlite'));
    db.prepare('UPDATE profiles SET network = ? WHERE name = ?').run('regtest', profile);
    db.close();
    writeFileSync(join(root, 'doc.txt'), 'v1\n');
    expect((await run('notarise', 'doc.txt', '--document', '--wait')).code).toBe(0);
    const reopened = new Database(join(home, 'library.sqlite'));
    reopened.prepare('UPDATE profiles SET network = ? WHERE name = ?').run('BSV main net', profile);
    reopened.close();
    const withDocument = registrations();
    writeFileSync(join(root, 'doc-v2.txt'), 'v2\n');
    const added = await run('version', 'add', 'doc-v2.txt', '--of', 'doc.txt');
    expect(added.code).toBe(2);
    expect(added.stderr).toMatch(refusal);
    expect(added.stderr).toContain('[INVALID_SETTING]');
    expect(registrations()).toEqual(withDocument);
  });
});
