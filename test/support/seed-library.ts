import { Library } from '../../main/core/store/library.ts';

/**
 * A library of `count` settled records on the Sandbox profile, as an old library holds them (no
 * service involved), in the library of `home`: one statement, each record its own random digests and
 * txId, named `document-000000.pdf` on; and `batches` more registrations, each anchoring a batch of
 * two files (`scan-0-a.pdf`, `scan-0-b.pdf`…). Returns the time it took, in milliseconds.
 */
export function seedSettled(home: string, count: number, batches = 0): number {
  const started = performance.now();
  const library = Library.open(home);
  try {
    library.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
         INSERT INTO records (profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex, idempotency_key, network,
           tx_id, confirmations, created_at, published_at, confirmed_at, updated_at)
         SELECT 'Sandbox', 'record', 'settled', printf('document-%06d.pdf', i), '/home/ann/Documents/document-' || i || '.pdf', 1000 + i, d, 'SHA256(x)', 'x',
           d, d, lower(hex(randomblob(16))), 'sandbox', lower(hex(randomblob(32))), 6, ?, ?, ?, ?
         FROM (SELECT i, lower(hex(randomblob(32))) AS d FROM n)`,
      )
      .run(count, ...Array<number>(4).fill(Date.now()));
    const anchor = library.db.prepare<[number, number]>(
      `INSERT INTO records (profile, kind, state, name, sha256, tx_id, confirmations, created_at, updated_at)
       VALUES ('Sandbox', 'record', 'settled', 'Batch of 2 files', NULL, lower(hex(randomblob(32))), 6, ?, ?)`,
    );
    const batch = library.db.prepare<[number | bigint]>(`INSERT INTO batches (record_id, files, tree, created_at) VALUES (?, 2, x'00', 1)`);
    const member = library.db.prepare<[number | bigint, number, string, string]>(
      `INSERT INTO batch_members (batch_id, position, name, path, size, sha256, nonce, created_at) VALUES (?, ?, ?, ?, 1, lower(hex(randomblob(32))), '00', 1)`,
    );
    library.db.transaction(() => {
      for (let i = 0; i < batches; i++) {
        const id = batch.run(anchor.run(Date.now(), Date.now()).lastInsertRowid).lastInsertRowid;
        for (const [position, side] of ['a', 'b'].entries()) member.run(id, position, `scan-${i}-${side}.pdf`, `/home/ann/Scans/${i}/scan-${side}.pdf`);
      }
    })();
  } finally {
    library.close();
  }
  return performance.now() - started;
}
