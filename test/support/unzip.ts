import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A zip archive's entries as Info-ZIP's `unzip` reads them, after `unzip -t` has checked every
 * entry's CRC: an independent reader, not our own writer read back.
 */
/** unzip names files by the locale's character set. */
const UTF8 = { ...process.env, LC_ALL: 'C.UTF-8' };

export function unzipEntries(zip: Uint8Array): Map<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'notarium-unzip-'));
  try {
    const archive = join(dir, 'archive.zip');
    writeFileSync(archive, zip);
    execFileSync('unzip', ['-tq', archive], { stdio: 'pipe', env: UTF8 });
    const out = join(dir, 'out');
    execFileSync('unzip', ['-q', archive, '-d', out], { stdio: 'pipe', env: UTF8 });
    return new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name), 'utf8')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
