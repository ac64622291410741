import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

// Through the CLI on the embedded sandbox: every name the file system
// accepts gets a receipt that verifies, and nothing a name or a receipt carries reaches the
// terminal raw (escape sequences, C1 controls, carriage returns, bidirectional overrides).

const root = mkdtempSync(join(tmpdir(), 'notarium-names-'));
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (cwd: string, ...args: string[]) => runCli(args, { env, cwd });
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Characters that must never reach stdout or stderr raw (newlines and tabs lay lines out). */
// eslint-disable-next-line no-control-regex -- finding raw control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const NAMES = ['a..b', '..a', 'a\nb', 'a\tb', 'ends with a space ', 'clear\u001b[2Jscreen', 'csi\u009b31m', 'report\u202efdp.exe'];
/** How the CLI shows each in a line of text. */
const SHOWN = ['a..b', '..a', 'a\\nb', 'a\\tb', 'ends with a space ', 'clear\\u001b[2Jscreen', 'csi\\u009b31m', 'report\\u202efdp.exe'];

interface Verification {
  path: string;
  status: string;
}

describe('names the file system accepts (item 8)', () => {
  const folder = join(root, 'names');

  it('notarise --wait writes a receipt beside each file, and verify says verified', async () => {
    mkdirSync(folder);
    NAMES.forEach((name, i) => writeFileSync(join(folder, name), `content ${i}\n`));
    // Separately: verify's text below is one status line and one sentence per file (a batch's file adds its place).
    const run = await cli(folder, 'notarise', ...NAMES, '--separately', '--wait', '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(RAW.test(run.stdout + run.stderr)).toBe(false);
    const outcomes = JSON.parse(run.stdout) as { path: string; status: string; record: { name: string; state: string } }[];
    expect(outcomes.map((o) => [o.record.name, o.status, o.record.state])).toEqual(NAMES.map((n) => [n, 'registered', 'settled']));
    for (const name of NAMES) expect(existsSync(join(folder, `${name}.receipt.json`)), name).toBe(true);
    for (const name of NAMES) expect(JSON.parse(readFileSync(join(folder, `${name}.receipt.json`), 'utf8')).file.name).toBe(name);

    const verified = await cli(folder, 'verify', ...NAMES, '--json');
    expect(verified.code, verified.stdout).toBe(0);
    expect((JSON.parse(verified.stdout) as Verification[]).map((v) => [v.path, v.status])).toEqual(NAMES.map((n) => [join(folder, n), 'verified']));
  });

  it('in text, each name is shown escaped on its own line: one status line and one sentence per file', async () => {
    const text = await cli(folder, 'verify', ...NAMES);
    expect(text.code).toBe(0);
    expect(RAW.test(text.stdout)).toBe(false);
    const lines = text.stdout.split('\n');
    // The embedded sandbox is a test chain, and each line says so.
    const status = 'VERIFIED (TEST CHAIN)  ';
    expect(lines.filter((l) => l.startsWith(status)).map((l) => l.slice(status.length))).toEqual(SHOWN);
    expect(lines).toHaveLength(NAMES.length * 2 + 3);
    const table = await cli(folder, 'notarise', ...NAMES);
    expect(RAW.test(table.stdout)).toBe(false);
    for (const shown of SHOWN) expect(table.stdout).toContain(`already-registered  ${shown}`);
  });

  it('a watched folder takes them too (hidden ones excepted, as always), and their receipts verify', async () => {
    const watched = join(root, 'watched');
    mkdirSync(watched);
    const names = NAMES.filter((n) => !n.startsWith('.'));
    names.forEach((name, i) => writeFileSync(join(watched, name), `watched ${i}\n`));
    const run = await cli(root, 'watch', watched, '--stable', '0.2', '--once', '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(RAW.test(run.stdout + run.stderr)).toBe(false);
    const taken = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { event: string; relPath?: string; action?: string })
      // Each file waits for its round first (docs/design/batches-and-rounds.md, rounds), then is registered with it.
      .filter((l) => l.event === 'file' && l.action !== 'waiting');
    expect(taken.map((l) => [l.relPath, l.action]).sort()).toEqual(names.map((n) => [n, 'registered']).sort());
    for (const name of names) expect((await cli(watched, 'wait', name)).code, name).toBe(0);
    for (const name of names) expect(existsSync(join(watched, `${name}.receipt.json`)), name).toBe(true);
    const verified = await cli(root, 'verify', watched, '--json');
    expect((JSON.parse(verified.stdout) as Verification[]).map((v) => [v.path, v.status]).sort()).toEqual(
      names.map((n) => [join(watched, n), 'verified']).sort(),
    );
  });

  it.runIf(process.platform === 'linux')('a name that is not UTF-8 (Linux allows any bytes) is refused before it is registered, with a sentence', async () => {
    const odd = join(root, 'not-utf8');
    mkdirSync(odd);
    writeFileSync(Buffer.concat([Buffer.from(`${odd}/bad`), Buffer.from([0xff]), Buffer.from('.txt')]), 'latin-1 name\n');
    expect(readdirSync(odd, { encoding: 'buffer' })).toHaveLength(1);
    const run = await cli(root, 'notarise', odd, '--json');
    expect(run.code).toBe(2);
    const [outcome] = JSON.parse(run.stdout) as { status: string; record: unknown; error: { code: string; message: string } }[];
    expect(outcome).toMatchObject({ status: 'failed', record: null, error: { code: 'FILE_UNREADABLE' } });
    expect(outcome!.error.message).toMatch(/bytes that are not UTF-8 .*rename the file/);
  });
});

describe('text from a receipt never reaches the terminal raw (item 10)', () => {
  const folder = join(root, 'receipts');
  const hostileName = 'x\u001b[2J\u009b2J\u202eevil.pdf';
  const hostileTime = '2026-01-01T00:00:00Z\u001b[2J\u009b\u202e\r';

  it('receipt verify, in text and in JSON, escapes a hostile file name and block time; the report lines stay whole', async () => {
    mkdirSync(folder);
    writeFileSync(join(folder, 'clean.txt'), 'clean\n');
    expect((await cli(folder, 'notarise', 'clean.txt', '--wait')).code).toBe(0);
    const receipt = JSON.parse(readFileSync(join(folder, 'clean.txt.receipt.json'), 'utf8'));
    receipt.file.name = hostileName;
    receipt.confirmation.blockTimestamp = hostileTime;
    const hostile = join(folder, `${hostileName}.receipt.json`);
    writeFileSync(hostile, JSON.stringify(receipt, null, 2));

    const clean = await cli(folder, 'receipt', 'verify', 'clean.txt.receipt.json');
    const text = await cli(folder, 'receipt', 'verify', hostile);
    expect(text.code).toBe(clean.code);
    expect(RAW.test(text.stdout + text.stderr)).toBe(false);
    expect(text.stdout).toContain('x\\u001b[2J\\u009b2J\\u202eevil.pdf.receipt.json');
    // The same report, line for line: nothing was hidden, overwritten or reordered.
    const cleanLines = clean.stdout.split('\n');
    const hostileLines = text.stdout.split('\n');
    expect(hostileLines).toHaveLength(cleanLines.length);
    expect(hostileLines.slice(1)).toEqual(cleanLines.slice(1).map((l) => l.replaceAll(join(folder, 'clean.txt.receipt.json'), hostile)));

    const json = await cli(folder, 'receipt', 'verify', hostile, '--json');
    expect(RAW.test(json.stdout)).toBe(false);
    const parsed = JSON.parse(json.stdout) as { path: string; status: string };
    expect(parsed.path).toBe(hostile); // escaped as \uXXXX in the JSON text: the same value once parsed
    const cleanJson = JSON.parse((await cli(folder, 'receipt', 'verify', 'clean.txt.receipt.json', '--json')).stdout) as { status: string };
    expect(parsed.status).toBe(cleanJson.status);
  });
});
