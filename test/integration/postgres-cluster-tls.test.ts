import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.ts';

// A team library's server is reached over TLS with sslmode=verify-full: the server's certificate
// must chain to the CA the machine was given and name the host connected to. Here a private cluster
// serves a certificate from a CA made for the test (openssl), and accepts TCP connections over TLS only.

const dir = mkdtempSync(join(tmpdir(), 'notarium-pg-tls-'));
const path = (name: string) => join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });

/** A self-signed CA: `<name>.crt` and `<name>.key`. */
function makeCa(name: string): void {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${name}`, '-keyout', path(`${name}.key`), '-out', path(`${name}.crt`));
}

let cluster: PostgresCluster;
beforeAll(async () => {
  makeCa('team-ca');
  makeCa('stranger-ca');
  // The server's certificate names 127.0.0.1 alone (as its subject alternative name), signed by team-ca.
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=library server', '-keyout', path('server.key'), '-out', path('server.csr'));
  writeFileSync(path('server.ext'), 'subjectAltName = IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('team-ca.crt'),
    '-CAkey',
    path('team-ca.key'),
    '-set_serial',
    '1',
    '-days',
    '1',
    '-extfile',
    path('server.ext'),
    '-out',
    path('server.crt'),
  );
  cluster = await startPostgresCluster({ tls: { cert: readFileSync(path('server.crt'), 'utf8'), key: readFileSync(path('server.key'), 'utf8') } });
});
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const connect = async (connectionString: string) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
};

describe('TLS to a private cluster', () => {
  it('sslmode=verify-full with the team’s CA: connected, and the session is encrypted', async () => {
    const client = await connect(cluster.url({ sslmode: 'verify-full', sslrootcert: path('team-ca.crt') }));
    try {
      const { rows } = await client.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      expect(rows).toEqual([{ ssl: true }]);
    } finally {
      await client.end();
    }
  });

  it('a certificate from a CA this machine was not given is refused before any password is sent', async () => {
    const url = cluster.url({ sslmode: 'verify-full', sslrootcert: path('stranger-ca.crt') });
    await expect(connect(url)).rejects.toMatchObject({
      code: expect.stringMatching(/^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/) as unknown,
    });
  });

  it('a certificate that does not name the host connected to is refused (verify-full checks the name)', async () => {
    const url = cluster.url({ sslmode: 'verify-full', sslrootcert: path('team-ca.crt') }).replace('@127.0.0.1:', '@localhost:');
    await expect(connect(url)).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });

  it('a client that does not ask for TLS is refused by the server', async () => {
    await expect(connect(cluster.url({ sslmode: 'disable' }))).rejects.toMatchObject({
      code: '28000',
      message: expect.stringMatching(/no encryption/) as unknown,
    });
  });
});
