import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import pg from 'pg';
import { closedPort } from './closed-port.ts';

/**
 * A private PostgreSQL server for one test file: its own cluster (initdb) in a temporary folder, on a
 * free loopback port, its unix socket in that folder, with one database and one password-holding
 * role for the code under test. Nothing is shared with the machine's own clusters or with other
 * test files, so files that each start one run in parallel.
 *
 * PostgreSQL refuses to run as root, and the tests run as root: the server then runs as `nobody`.
 * It runs under a watchdog shell that holds the end of a pipe from this process: when the pipe
 * closes — `stop()`, or this process dying however it dies — the watchdog shuts the server down
 * fast and removes the folder, so a crashed test leaves no server behind.
 */

export interface PostgresCluster {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** The role and database made for the code under test, and that role's password. */
  readonly user: string;
  readonly password: string;
  readonly database: string;
  /** The folder that holds the cluster and its socket (gone once stopped). */
  readonly folder: string;
  /** `postgres://user:password@127.0.0.1:port/database`, with `params` as its query. */
  url(params?: Record<string, string>): string;
  /** A connection as the cluster's superuser, over the unix socket: for what a test sets up or inspects. */
  admin(): Promise<pg.Client>;
  /** Shuts the server down and removes its folder; resolves once both are done. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The server's certificate and key (PEM): connections over TCP must then use TLS. */
  tls?: { cert: string; key: string };
}

const NOBODY = 65534;
const ADMIN = 'cluster_admin';
const READY = 'database system is ready to accept connections';
const PORT_TAKEN = 'Address already in use';

// The watchdog makes the cluster (initdb) and runs its server in the background, waits for its own
// standard input to close, then asks the server for a fast shutdown (SIGINT), waits for it and
// removes the folder. A non-interactive shell gives a background job /dev/null for its input, so
// the pipe is kept on fd 3 for the reader. If the server exits by itself (a port taken) or the
// cluster cannot be made, the folder goes too.
const WATCHDOG = `
folder=$1; bin=$2; shift 2
exec 3<&0
if ! "$bin/initdb" -D "$folder/data" -U ${ADMIN} --pwfile="$folder/admin-password" --auth=scram-sha-256 --no-locale -E UTF8 --no-sync \\
    >/dev/null; then
  rm -rf "$folder"
  exit 1
fi
"$bin/postgres" -D "$folder/data" "$@" </dev/null &
server=$!
{ read -r _ <&3; kill -INT "$server" 2>/dev/null; } &
reader=$!
wait "$server"
status=$?
kill "$reader" 2>/dev/null
rm -rf "$folder"
exit "$status"
`;

/** Debian keeps the server's programs out of PATH, one folder per major version: the newest. */
function serverPrograms(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest !== undefined) return join(root, newest, 'bin');
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath === '') throw new Error("PostgreSQL's server programs (initdb, postgres) were not found: run 'bash .ci/run' or 'apt-get install postgresql'.");
  return dirname(onPath);
}

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = serverPrograms();
  // A port free a moment ago may be taken by another test's server before ours binds it: another.
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(bin, await closedPort(), options);
    if ('cluster' in started) return started.cluster;
    if (attempt < 5 && started.log.includes(PORT_TAKEN)) continue;
    throw new Error(`PostgreSQL did not start: ${started.log}`);
  }
}

async function startOnce(bin: string, port: number, options: ClusterOptions): Promise<{ cluster: PostgresCluster } | { log: string }> {
  const runAs = process.getuid?.() === 0 ? NOBODY : undefined;
  const folder = mkdtempSync(join(tmpdir(), 'notarium-pg-'));
  const write = (name: string, text: string) => {
    writeFileSync(join(folder, name), text, { mode: 0o600 });
    if (runAs !== undefined) chownSync(join(folder, name), runAs, runAs);
  };
  if (runAs !== undefined) chownSync(folder, runAs, runAs);
  const adminPassword = randomBytes(18).toString('hex');
  write('admin-password', adminPassword);

  const settings = ['listen_addresses=127.0.0.1', `unix_socket_directories=${folder}`, `hba_file=${join(folder, 'pg_hba.conf')}`];
  settings.push('fsync=off', 'max_connections=40', 'shared_buffers=16MB'); // a test's server: light, and its data is thrown away
  // Over TCP only TLS is accepted when the cluster has a certificate: a client that falls back to
  // plain text is refused rather than quietly served.
  let tcp = 'host';
  if (options.tls !== undefined) {
    write('server.crt', options.tls.cert);
    write('server.key', options.tls.key);
    settings.push('ssl=on', `ssl_cert_file=${join(folder, 'server.crt')}`, `ssl_key_file=${join(folder, 'server.key')}`);
    tcp = 'hostssl';
  }
  write('pg_hba.conf', `local all all scram-sha-256\n${tcp} all all 127.0.0.1/32 scram-sha-256\n`);

  const server = spawn('sh', ['-c', WATCHDOG, 'watchdog', folder, bin, '-p', String(port), ...settings.flatMap((s) => ['-c', s])], {
    ...(runAs === undefined ? {} : { uid: runAs, gid: runAs }),
    detached: true, // its own process group, which stop() ends as a whole should the watchdog not
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, LC_ALL: 'C' },
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  const log = await serverReady(server);
  if (!log.ready) return { log: log.text };
  const stop = async () => {
    server.stdin.end();
    await exited;
    // The watchdog was killed before it could clean up: end what is left of its group, and the folder.
    if (existsSync(folder)) {
      try {
        process.kill(-server.pid!, 'SIGKILL');
      } catch {
        // the group is gone already
      }
      rmSync(folder, { recursive: true, force: true });
    }
  };
  try {
    return { cluster: await withDatabase(folder, port, adminPassword, stop) };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Resolves when the server says it is ready, or when the watchdog exits (the server failed). */
function serverReady(server: ChildProcessByStdio<Writable, null, Readable>): Promise<{ ready: boolean; text: string }> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(READY)) {
        server.stderr.off('data', onData);
        server.stderr.resume(); // later log lines are read and dropped, so the server never blocks on a full pipe
        resolve({ ready: true, text });
      }
    };
    server.stderr.on('data', onData);
    server.on('exit', () => resolve({ ready: false, text }));
  });
}

/** Makes the role and database for the code under test (with a password of their own). */
async function withDatabase(folder: string, port: number, adminPassword: string, stop: () => Promise<void>): Promise<PostgresCluster> {
  const admin = async () => {
    const client = new pg.Client({ host: folder, port, user: ADMIN, password: adminPassword, database: 'postgres' });
    await client.connect();
    return client;
  };
  const [user, database, password] = ['notarium', 'notarium', randomBytes(18).toString('hex')];
  const setup = await admin();
  try {
    await setup.query(`CREATE ROLE ${user} LOGIN PASSWORD ${setup.escapeLiteral(password)}`);
    await setup.query(`CREATE DATABASE ${database} OWNER ${user}`);
  } finally {
    await setup.end();
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    folder,
    url: (params = {}) => {
      const query = new URLSearchParams(params).toString();
      return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}${query === '' ? '' : `?${query}`}`;
    },
    admin,
    stop,
  };
}
