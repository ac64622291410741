import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWithDefaultApp } from '../../../main/cli/open-with-default-app.ts';

// The opener's verdict is its exit status: xdg-open on a machine without a browser exits non-zero,
// and "Notarium is opening in your browser" must not be said then. One still running (a browser
// xdg-open started in the foreground) has opened it.

const bin = mkdtempSync(join(tmpdir(), 'notarium-opener-'));
const path = process.env.PATH;
const opener = (script: string) => {
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\n${script}\n`);
  chmodSync(join(bin, 'xdg-open'), 0o755);
};
beforeAll(() => {
  process.env.PATH = `${bin}:${path}`;
});
afterAll(() => {
  process.env.PATH = path;
  rmSync(bin, { recursive: true, force: true });
});

describe('openWithDefaultApp', () => {
  it('is false when the opener fails (no browser: xdg-open exits 3)', async () => {
    opener('exit 3');
    expect(await openWithDefaultApp('http://127.0.0.1:1/', 'linux')).toBe(false);
  });

  it('is true when the opener succeeds', async () => {
    opener('exit 0');
    expect(await openWithDefaultApp('http://127.0.0.1:1/', 'linux')).toBe(true);
  });

  it('is true when the opener is still running (it runs the browser in the foreground)', async () => {
    opener('sleep 10; exit 1'); // a failure only after the verdict: still running then is what counts
    expect(await openWithDefaultApp('http://127.0.0.1:1/', 'linux')).toBe(true);
  });

  it('is false when there is no opener at all', async () => {
    process.env.PATH = bin;
    rmSync(join(bin, 'xdg-open'));
    try {
      expect(await openWithDefaultApp('http://127.0.0.1:1/', 'linux')).toBe(false);
    } finally {
      process.env.PATH = `${bin}:${path}`;
    }
  });
});
