import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The built-in Sandbox profile keeps its refresh token under one keychain account whatever the
 * data directory, so two test files signing in to it at once (each with its own sandbox) would
 * overwrite each other's token. They take turns: this lock, shared by the test processes of one
 * keychain (one D-Bus session), is held from a file's first sign-in to its last sign-out.
 */
export async function holdSandboxSignIn(): Promise<() => void> {
  const session = (process.env.DBUS_SESSION_BUS_ADDRESS ?? 'no-bus').replace(/[^A-Za-z0-9]/g, '_').slice(-80);
  const lock = join(tmpdir(), `notarium-test-sandbox-sign-in-${session}`);
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (holderGone(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** A lock left by a test process that died (its pid no longer runs). */
function holderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return false; // just made, its pid not yet written
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
