import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { RunningSandbox } from '../../../sandbox/index.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { privateFolder, writePrivateFile } from '../fs/private-files.ts';

/**
 * The embedded sandbox of the built-in Sandbox profile. Its state lives under the app data
 * directory, and one process at a time hosts it: the first to need it starts it and announces its
 * address in `host.json`; the others (the CLI while the app runs, a second CLI) connect to that one.
 */

export interface SandboxEndpoint {
  baseUrl: string;
  authUrl: string;
  envId: string;
  apiKey: string;
}

interface Announcement extends SandboxEndpoint {
  pid: number;
}

export interface EmbeddedSandboxOptions {
  /** Seconds between blocks (default 10). */
  blockInterval?: number;
  /**
   * The chain's clock (ms since the epoch; default Date.now). The chain is a function of it: a
   * process that hosts the sandbox after a gap finds the blocks due meanwhile mined.
   */
  clock?: () => number;
  /** How long to wait for another process that is starting the sandbox (default 10 s). */
  startWaitMs?: number;
}

export class EmbeddedSandbox {
  private hosted: RunningSandbox | undefined;
  private connecting: Promise<SandboxEndpoint> | undefined;
  private stopped = false;
  private readonly lockPath: string;
  private readonly hostPath: string;
  private readonly portPath: string;

  constructor(
    private readonly dir: string,
    private readonly options: EmbeddedSandboxOptions = {},
  ) {
    this.lockPath = join(dir, 'host.lock');
    this.hostPath = join(dir, 'host.json');
    this.portPath = join(dir, 'port');
  }

  /** Whether this process is the one serving the sandbox. */
  get hosting(): boolean {
    return this.hosted !== undefined;
  }

  /** The running sandbox: this process's, another live one's, or a new one started here. */
  connect(): Promise<SandboxEndpoint> {
    if (this.stopped) return Promise.reject(new NotariumError('CLOSING'));
    this.connecting ??= this.resolve().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async resolve(): Promise<SandboxEndpoint> {
    if (this.hosted) return endpointOf(this.hosted);
    privateFolder(this.dir); // its key and identity signing key live here
    const deadline = Date.now() + (this.options.startWaitMs ?? 10_000);
    for (;;) {
      if (this.stopped) throw new NotariumError('CLOSING');
      if (this.tryLock()) return this.host();
      const other = this.readAnnouncement();
      if (other && isAlive(other.pid) && (await answers(other.baseUrl))) return endpointOf(other);
      if ((!other || !isAlive(other.pid)) && this.lockOwnerGone()) {
        this.takeOverStaleLock();
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `Another Notarium process holds the embedded sandbox (${this.lockPath}) but it does not answer; quit it, or delete that file if no Notarium is running.`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async host(): Promise<SandboxEndpoint> {
    try {
      this.hosted = await this.startOnKnownPort();
    } catch (err) {
      this.release();
      throw err;
    }
    writePrivateFile(this.portPath, String(new URL(this.hosted.baseUrl).port));
    const announcement: Announcement = { pid: process.pid, ...endpointOf(this.hosted) };
    writePrivateFile(this.hostPath, JSON.stringify(announcement));
    return endpointOf(this.hosted);
  }

  /**
   * The port the sandbox had last time, when it is free: explorer links kept in the library and on
   * printed certificates then stay valid across restarts. Any free port otherwise.
   */
  private async startOnKnownPort(): Promise<RunningSandbox> {
    // Loaded when a sandbox starts: a command that only reads the library never pays for it.
    const { startSandbox } = await import('../../../sandbox/index.ts');
    const options = { dataDir: this.dir, blockInterval: this.options.blockInterval ?? 10, clock: this.options.clock };
    let port = 0;
    try {
      port = Number(readFileSync(this.portPath, 'utf8'));
    } catch {
      // First start.
    }
    // Some systems let a loopback bind share a port another program listens on (SO_REUSEADDR on
    // macOS, Windows beside a wildcard listener): a port that answers belongs to someone else now.
    if (Number.isInteger(port) && port > 0 && port < 65_536 && !(await portAnswers(port))) {
      try {
        return await startSandbox({ ...options, port });
      } catch {
        // Taken, reserved (Windows port exclusions: EACCES) or unavailable: any free port will do.
      }
    }
    return startSandbox(options);
  }

  /**
   * Stops the sandbox for good if this process hosts it; others reconnect to (or start) another.
   * A start under way is waited for first: stopping before it ends would leave its server running
   * (and the process with it) and its announcement naming a sandbox nobody stops.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.connecting?.catch(() => undefined);
    const hosted = this.hosted;
    this.hosted = undefined;
    if (!hosted) return;
    this.release();
    await hosted.stop();
  }

  private tryLock(): boolean {
    try {
      const fd = openSync(this.lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  }

  /** The lock's owner has died. A lock still being written (empty, and new) has an owner. */
  private lockOwnerGone(): boolean {
    try {
      const text = readFileSync(this.lockPath, 'utf8');
      if (text === '') return Date.now() - statSync(this.lockPath).mtimeMs > 5_000;
      const pid = Number(text);
      return !Number.isInteger(pid) || pid <= 0 || !isAlive(pid);
    } catch {
      return true;
    }
  }

  /**
   * Moves a dead owner's lock aside with an atomic rename, so that of several processes finding it
   * at once only one clears it (the others' rename fails), and nobody deletes a fresh lock.
   */
  private takeOverStaleLock(): void {
    const aside = `${this.lockPath}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
    try {
      renameSync(this.lockPath, aside);
    } catch {
      return; // someone else moved it first, or it is already gone
    }
    unlinkQuietly(aside);
    unlinkQuietly(this.hostPath);
  }

  private readAnnouncement(): Announcement | undefined {
    try {
      return JSON.parse(readFileSync(this.hostPath, 'utf8')) as Announcement;
    } catch {
      return undefined;
    }
  }

  /** This process's own lock and announcement go. */
  private release(): void {
    unlinkQuietly(this.hostPath);
    unlinkQuietly(this.lockPath);
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function endpointOf(s: SandboxEndpoint): SandboxEndpoint {
  return { baseUrl: s.baseUrl, authUrl: s.authUrl, envId: s.envId, apiKey: s.apiKey };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether anything accepts a TCP connection on a loopback port. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function answers(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/liveness`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}
