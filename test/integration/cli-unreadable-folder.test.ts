import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

// A folder walk meets a subfolder it may not read (EACCES): that folder is named with the reason
// and skipped, the rest is registered or verified, and the command exits 2. The tests run as root,
// whom no permission stops, so the command runs as an unprivileged user (nobody) over a folder it
// owns, with one subfolder only root may read.

const NOBODY = 65534;
const root = mkdtempSync(join(tmpdir(), 'notarium-unreadable-folder-'));
const docs = join(root, 'docs');
const locked = join(docs, 'locked');
const home = join(root, 'home');
mkdirSync(locked, { recursive: true });
mkdirSync(home);
writeFileSync(join(docs, 'deed.txt'), 'the deed\n');
writeFileSync(join(locked, 'secret.txt'), 'not for nobody\n');
chmodSync(root, 0o755);
for (const path of [docs, join(docs, 'deed.txt'), home]) chownSync(path, NOBODY, NOBODY);
chmodSync(locked, 0o700); // root's alone

const env = { HOME: home, NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: root, user: NOBODY });
const skipped = `The folder "${locked}" could not be read, so its files were skipped: permission denied: this user is not allowed to read it.`;

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a folder walk with an unreadable subfolder', () => {
  it('notarise: names the folder skipped and why, registers the rest, exits 2', async () => {
    const r = await cli('notarise', docs, '--wait');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/^registered +deed\.txt /m);
    expect(r.stdout).toMatch(/^failed +locked /m);
    expect(r.stdout).toContain(`locked: ${skipped}`);
    expect(r.stdout + r.stderr).not.toMatch(/INTERNAL|scandir/);
  });

  it('verify: the rest verified, the folder skipped named as unreadable, exits 2', async () => {
    const text = await cli('verify', docs);
    expect(text.code).toBe(2);
    expect(text.stdout + text.stderr).toContain(skipped);
    const r = await cli('verify', docs, '--json');
    expect(r.code, r.stderr).toBe(2);
    const results = JSON.parse(r.stdout) as { path: string; status: string; error: { code: string; message: string } | null }[];
    const byPath = Object.fromEntries(results.map((x) => [x.path, x]));
    expect(byPath[join(docs, 'deed.txt')]?.status).toBe('verified');
    expect(byPath[locked]).toMatchObject({ status: 'unreadable', error: { code: 'FILE_UNREADABLE', message: skipped } });
  });
});
