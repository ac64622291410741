import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.ts';

// The harness the team library's tests stand on: a real PostgreSQL server of the test's own, reached
// with the driver the library uses, and gone afterwards — also when the test process is killed.

const connect = async (connectionString: string) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
};

const started: PostgresCluster[] = [];
const start = async () => {
  const cluster = await startPostgresCluster();
  started.push(cluster);
  return cluster;
};
afterAll(async () => {
  await Promise.all(started.map((c) => c.stop()));
});

describe('a private PostgreSQL cluster', () => {
  it('serves its role over TCP with that role’s password, refuses a wrong one, and is gone once stopped', async () => {
    const cluster = await start();
    if (process.getuid?.() === 0) expect(statSync(cluster.folder).uid).toBe(65534); // PostgreSQL refuses to run as root

    const client = await connect(cluster.url());
    const { rows } = await client.query<{ user: string; database: string; tcp: boolean }>(
      'SELECT current_user AS user, current_database() AS database, inet_server_addr() IS NOT NULL AS tcp',
    );
    expect(rows).toEqual([{ user: 'notarium', database: 'notarium', tcp: true }]);
    const admin = await cluster.admin(); // the cluster's own superuser, over its unix socket
    const role = await admin.query<{ rolsuper: boolean }>("SELECT rolsuper FROM pg_roles WHERE rolname = 'notarium'");
    await admin.end();
    expect(role.rows).toEqual([{ rolsuper: false }]); // the code under test holds no more rights than a team library's role
    await client.query('CREATE TABLE records (id bigint PRIMARY KEY, name text NOT NULL)');
    await client.query('INSERT INTO records VALUES ($1, $2)', [1, 'deed.pdf']);
    await client.end();

    const wrong = cluster.url().replace(`:${cluster.password}@`, ':not-the-password@');
    await expect(connect(wrong)).rejects.toMatchObject({ code: '28P01' }); // invalid_password

    await cluster.stop();
    expect(existsSync(cluster.folder)).toBe(false);
    await expect(connect(cluster.url())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('two at once (as test files running in parallel have): each its own port, folder and data', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(a.port).not.toBe(b.port);
    expect(a.folder).not.toBe(b.folder);
    const ca = await connect(a.url());
    const cb = await connect(b.url());
    try {
      await ca.query('CREATE TABLE only_in_a (x int)');
      const inB = await cb.query<{ found: string | null }>("SELECT to_regclass('only_in_a')::text AS found");
      expect(inB.rows).toEqual([{ found: null }]);
    } finally {
      await Promise.all([ca.end(), cb.end()]);
    }
  });

  it('a test process killed with SIGKILL leaves no server and no folder behind', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startPostgresCluster } from ${JSON.stringify(resolve('test/support/postgres-cluster.ts'))};
         const c = await startPostgresCluster();
         process.stdout.write(JSON.stringify({ folder: c.folder, url: c.url() }) + '\\n');
         setInterval(() => {}, 1 << 30);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = await new Promise<string>((resolveLine, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolveLine(out);
      });
      child.on('exit', (code) => reject(new Error(`the child exited (${code}) before its cluster started`)));
    });
    const { folder, url } = JSON.parse(line) as { folder: string; url: string };
    const client = await connect(url); // it was up
    await client.end();

    child.kill('SIGKILL');
    await expect.poll(() => existsSync(folder)).toBe(false); // the watchdog saw its pipe close
    await expect(connect(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
