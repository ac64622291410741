import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import { NotariumError } from '../../errors/notarium-error.ts';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../migrations.ts';
import type { LibraryDialect } from './dialects.ts';

/**
 * The library's schema as the SQLite migrations left it at their last version, written once for
 * both backends with Kysely's schema builder (docs/design/team-library.md, one schema). Each column
 * keeps its place, type, default, check and reference, so a SQLite library made here is the same as
 * one made by those migrations. A SQLite library at that version already is left as it is; one at an
 * earlier version is brought there by the SQLite migrations first (store/database.ts). Until the
 * store opens its library through this migrator, each SQLite migration is restated here.
 */

/** The version (`PRAGMA user_version`) of a SQLite library with this schema. */
const SQLITE_VERSION = SQLITE_MIGRATIONS.length;

type Modify = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
type Table = CreateTableBuilder<string, string>;

/** The column types of each backend: ids, times (ms) and counts exceed 32 bits on PostgreSQL. */
function types(dialect: LibraryDialect) {
  const pg = dialect === 'postgres';
  return {
    int: pg ? 'bigint' : 'integer',
    real: pg ? 'double precision' : 'real',
    blob: pg ? 'bytea' : 'blob',
    /** A row id: SQLite's rowid alias, PostgreSQL's identity (taking given ids too, as a copy needs). */
    id: (table: Table): Table =>
      pg ? table.addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey()),
    /** An index key ordered without regard to ASCII case (the Library's sort by name). */
    nocase: (column: string) => (pg ? sql`lower(${sql.ref(column)})` : sql`${sql.ref(column)} COLLATE NOCASE`),
  } as const;
}

const notNull: Modify = (c) => c.notNull();
const check =
  (condition: string, then: Modify = (c) => c): Modify =>
  (c) =>
    then(c).check(sql.raw(condition));
const flag = (column: string): Modify => check(`${column} IN (0, 1)`, (c) => c.notNull().defaultTo(0));

export async function createBaseline(db: Kysely<unknown>, dialect: LibraryDialect): Promise<void> {
  if (dialect === 'sqlite') {
    const version = (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]?.user_version ?? 0;
    if (version === SQLITE_VERSION) return;
    if (version !== 0)
      throw new NotariumError(
        'STORE_ERROR',
        `The library is at version ${version} of its SQLite schema, not ${SQLITE_VERSION}: it is brought up to date when it is opened, before this migration.`,
      );
  }
  const t = types(dialect);
  const { int, real, blob } = t;

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', check("kind IN ('sandbox', 'service')", notNull))
    .addColumn('base_url', 'text')
    .addColumn('auth_url', 'text')
    .addColumn('env_id', 'text')
    .addColumn('authorize_url', 'text')
    .addColumn('client_id', 'text')
    .addColumn('explorer_tx_url', 'text')
    .addColumn('explorer_header_url', 'text')
    .addColumn('explorer_link_url', 'text')
    .addColumn('network', 'text', notNull)
    .addColumn('target_confirmations', int, check('target_confirmations BETWEEN 1 AND 1000', notNull))
    .addColumn('expected_block_seconds', real, check('expected_block_seconds > 0', notNull))
    .addColumn('reject_after_seconds', int, check('reject_after_seconds >= 1', notNull))
    .addColumn('idempotent_writes', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int, notNull)
    .addColumn('updated_at', int, notNull)
    .addColumn('issuer', 'text')
    .addColumn('audience', 'text')
    .addColumn('api_key_url', 'text')
    .addColumn(
      'resubmit_after_seconds',
      int,
      check('resubmit_after_seconds >= 1', (c) => c.notNull().defaultTo(3600)),
    )
    .addColumn('network_detect', int, flag('network_detect'))
    .addColumn('network_detected_from', 'text')
    .addColumn('explorer_block_url', 'text')
    .execute();

  await t
    .id(db.schema.createTable('documents'))
    .addColumn('profile', 'text', (c) => c.notNull().references('profiles.name').onUpdate('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('first_tx_id', 'text')
    .addColumn('head_tx_id', 'text')
    .addColumn('update_token', 'text')
    .addColumn('finalised_at', int)
    .addColumn('created_at', int, notNull)
    .addColumn('updated_at', int, notNull)
    .execute();

  await t
    .id(db.schema.createTable('records'))
    .addColumn('profile', 'text', (c) => c.notNull().references('profiles.name').onUpdate('cascade'))
    .addColumn('kind', 'text', check("kind IN ('record', 'linked-create', 'linked-update', 'linked-delete')", notNull))
    .addColumn(
      'state',
      'text',
      check("state IN ('hashing', 'queued', 'submitting', 'published', 'confirmed', 'settled', 'rejected', 'failed', 'superseded')", notNull),
    )
    .addColumn('name', 'text', notNull)
    .addColumn('path', 'text')
    .addColumn('size', int)
    .addColumn('sha256', 'text')
    .addColumn('encode', 'text')
    .addColumn('salt', 'text')
    .addColumn('record_hex', 'text')
    .addColumn('published_hex', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('tx_id', 'text')
    .addColumn('prev_tx_id', 'text')
    .addColumn('document_id', int, (c) => c.references('documents.id'))
    .addColumn('version', int)
    .addColumn('confirmations', int, (c) => c.notNull().defaultTo(0))
    .addColumn('block_hash', 'text')
    .addColumn('block_time', 'text')
    .addColumn('confirmation', 'text')
    .addColumn('block_header', 'text')
    .addColumn('raw_tx', 'text')
    .addColumn('last_error', 'text')
    .addColumn('receipt_path', 'text')
    .addColumn('checks', int, (c) => c.notNull().defaultTo(0))
    .addColumn('next_check_at', int)
    .addColumn('unknown_since', int)
    .addColumn('created_at', int, notNull)
    .addColumn('submitted_at', int)
    .addColumn('published_at', int)
    .addColumn('confirmed_at', int)
    .addColumn('updated_at', int, notNull)
    .addColumn('network', 'text')
    .addColumn('service_url', 'text')
    .addColumn('update_token', 'text')
    .addColumn('proof_outcome', 'text', check("proof_outcome IN ('verified', 'partially-verified', 'pending')"))
    .addColumn('resubmits', int, (c) => c.references('records.id'))
    .addColumn('superseded_by', int, (c) => c.references('records.id'))
    .addColumn('possible_duplicate', int, flag('possible_duplicate'))
    .addColumn('last_checked_at', int)
    .addColumn('receipt_held', 'text')
    .addColumn('written_unseen', int, flag('written_unseen'))
    .addColumn('send_lease_owner', 'text')
    .addColumn('send_lease_until', int)
    .addColumn('service_override', int, flag('service_override'))
    .addColumn('listed', int, flag('listed'))
    .addColumn('receipts_due', int, flag('receipts_due'))
    .execute();

  await t
    .id(db.schema.createTable('watched_folders'))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('profile', 'text', (c) => c.notNull().references('profiles.name').onUpdate('cascade').onDelete('cascade'))
    .addColumn('recursive', int, notNull)
    .addColumn('include', 'text', notNull)
    .addColumn('exclude', 'text', notNull)
    .addColumn('receipts', 'text', check("receipts IN ('beside', 'folder')", notNull))
    .addColumn('stable_ms', int, check('stable_ms >= 0', notNull))
    .addColumn('created_at', int, notNull)
    .addColumn('updated_at', int, notNull)
    .addColumn('paused', int, flag('paused'))
    .addColumn('document_id', int, (c) => c.references('documents.id'))
    .execute();

  await t
    .id(db.schema.createTable('batches'))
    .addColumn('record_id', int, (c) => c.notNull().unique().references('records.id'))
    .addColumn('files', int, check('files >= 1', notNull))
    .addColumn('tree', blob) // NULL: a batch imported from its members' receipts, whose tree the library never had
    .addColumn('created_at', int, notNull)
    .execute();

  await t
    .id(db.schema.createTable('batch_members'))
    .addColumn('batch_id', int, (c) => c.notNull().references('batches.id'))
    .addColumn('position', int, check('position >= 0')) // NULL for an imported member
    .addColumn('name', 'text', notNull)
    .addColumn('path', 'text')
    .addColumn('size', int, notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('nonce', 'text', notNull)
    .addColumn('receipt_path', 'text')
    .addColumn('created_at', int, notNull)
    .addColumn('aggregation_path', 'text') // an imported member's own path to the root, JSON
    .addCheckConstraint('batch_members_leaf', sql`(position IS NULL) = (aggregation_path IS NOT NULL)`)
    .addUniqueConstraint('batch_members_batch_position', ['batch_id', 'position'])
    .execute();

  await db.schema
    .createTable('watched_files')
    .addColumn('folder_id', int, (c) => c.notNull().references('watched_folders.id').onDelete('cascade'))
    .addColumn('rel_path', 'text', notNull)
    .addColumn('size', int, notNull)
    .addColumn('mtime_ms', real, notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('record_id', int, (c) => c.references('records.id'))
    .addColumn('document_id', int, (c) => c.references('documents.id'))
    .addColumn('gone_at', int)
    .addColumn('updated_at', int, notNull)
    .addColumn('member_id', int, (c) => c.references('batch_members.id'))
    .addColumn('ino', int)
    .addColumn('ctime_ms', real)
    .addPrimaryKeyConstraint('watched_files_key', ['folder_id', 'rel_path'])
    .execute();

  await db.schema
    .createTable('watch_pending')
    .addColumn('folder_id', int, (c) => c.notNull().references('watched_folders.id').onDelete('cascade'))
    .addColumn('rel_path', 'text', notNull)
    .addColumn('size', int, notNull)
    .addColumn('mtime_ms', real, notNull)
    .addColumn('ino', int)
    .addColumn('ctime_ms', real)
    .addColumn('sha256', 'text', notNull)
    .addColumn('continues', int, check('continues IN (0, 1)', notNull))
    .addColumn('taken_at', int, notNull)
    .addPrimaryKeyConstraint('watch_pending_key', ['folder_id', 'rel_path'])
    .execute();

  const index = (name: string, table: string, columns: (string | RawBuilder<unknown>)[], where?: string) => {
    const builder = db.schema.createIndex(name).on(table).columns(columns);
    return where === undefined ? builder : builder.where(sql.raw<boolean>(where));
  };
  for (const builder of [
    index('records_sha256', 'records', ['sha256']),
    index('records_tx_id', 'records', ['profile', 'tx_id'], 'tx_id IS NOT NULL').unique(),
    index('records_pending', 'records', ['next_check_at'], "state IN ('submitting', 'published', 'confirmed')"),
    index('records_document', 'records', ['document_id', 'version']),
    index('records_created', 'records', ['created_at']),
    index('records_resubmits', 'records', ['resubmits'], 'resubmits IS NOT NULL'),
    index('watched_files_sha256', 'watched_files', ['sha256']),
    index('watched_files_record', 'watched_files', ['record_id']),
    index('watched_files_document', 'watched_files', ['document_id']),
    index('batch_members_sha256', 'batch_members', ['sha256']),
    index('batch_members_path', 'batch_members', ['path']),
    index('watched_files_member', 'watched_files', ['member_id']),
    // The Library's sorts and filters, over the listed rows alone (docs/design/library-store.md).
    index('records_listed_created', 'records', ['created_at'], 'listed = 1'),
    index('records_listed_name', 'records', [t.nocase('name')], 'listed = 1'),
    index('records_listed_state', 'records', ['state', 'created_at'], 'listed = 1'),
    index('records_listed_confirmations', 'records', ['confirmations'], 'listed = 1'),
    index('batch_members_name', 'batch_members', [t.nocase('name')]),
    index('batch_members_place', 'batch_members', ['batch_id', 'path', 'position']),
    // What the engine reads at every start and every poll.
    index('records_followed', 'records', ['next_check_at'], "state IN ('published', 'confirmed')"),
    index('records_submitting', 'records', ['id'], "state = 'submitting'"),
    index('records_held', 'records', ['id'], 'receipt_held IS NOT NULL'),
    // An imported member is one leaf: imported twice, it is found, not added again.
    index('batch_members_imported', 'batch_members', ['batch_id', 'sha256', 'nonce'], 'position IS NULL').unique(),
    // A search by the start of a txId or of a published fingerprint (a digest's is records_sha256).
    index('records_tx', 'records', ['tx_id'], 'tx_id IS NOT NULL'),
    index('records_published', 'records', ['published_hex'], 'published_hex IS NOT NULL'),
    // Settled records still followed while their block may change.
    index('records_settling', 'records', ['next_check_at'], "state = 'settled' AND next_check_at IS NOT NULL"),
    // Receipts a stopped engine owed, written by the next one.
    index('records_receipts_due', 'records', ['id'], 'receipts_due = 1'),
  ])
    await builder.execute();

  await listedTriggers(db, dialect);
  await nameSearch(db, dialect);
  if (dialect === 'sqlite') await sql.raw(`PRAGMA user_version = ${SQLITE_VERSION}`).execute(db);
}

/**
 * Of a registration's submissions (the first record and those that resubmit it), the one the
 * Library lists: the newest live one, or when none is live the newest not superseded. Kept in
 * `records.listed` by triggers whenever a row comes, goes or changes state (docs/design/library-store.md);
 * the rule is written here once, each backend's triggers around it.
 */
function listedOf(group: string): string {
  return `(SELECT coalesce(max(CASE WHEN state NOT IN ('failed', 'rejected', 'superseded') THEN id END), max(CASE WHEN state != 'superseded' THEN id END)) FROM records WHERE id = ${group} OR resubmits = ${group})`;
}

const LISTED_TRIGGERS = [
  { name: 'records_listed_insert', event: 'INSERT', row: 'NEW' },
  { name: 'records_listed_update', event: 'UPDATE OF state, resubmits', row: 'NEW' },
  { name: 'records_listed_delete', event: 'DELETE', row: 'OLD' },
] as const;

async function listedTriggers(db: Kysely<unknown>, dialect: LibraryDialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const { name, event, row } of LISTED_TRIGGERS) {
      const group = `coalesce(${row}.resubmits, ${row}.id)`;
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON records BEGIN
            UPDATE records SET listed = (id IS ${listedOf(group)}) WHERE id = ${group} OR resubmits = ${group};
          END`,
        )
        .execute(db);
    }
    return;
  }
  // PostgreSQL has no `IS` between values (IS NOT DISTINCT FROM), and a trigger runs a function.
  await sql
    .raw(
      `CREATE FUNCTION records_listed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE grp bigint;
      BEGIN
        IF TG_OP = 'DELETE' THEN grp := coalesce(OLD.resubmits, OLD.id); ELSE grp := coalesce(NEW.resubmits, NEW.id); END IF;
        UPDATE records SET listed = CASE WHEN id IS NOT DISTINCT FROM ${listedOf('grp')} THEN 1 ELSE 0 END WHERE id = grp OR resubmits = grp;
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  for (const { name, event } of LISTED_TRIGGERS)
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON records FOR EACH ROW EXECUTE FUNCTION records_listed()`).execute(db);
}

/**
 * The trigram indexes that a search of names by any part of them reads (the Library's search box),
 * one for the records' names and one for the batches' files', under the same names on both
 * backends. SQLite's are FTS5 tables over their table's names (external content, kept by triggers),
 * searched with MATCH; PostgreSQL's are GIN indexes of pg_trgm (a trusted extension: the database's
 * owner may create it), read by ILIKE (docs/design/team-library.md, the search).
 */
export const NAME_SEARCH = [
  { index: 'records_names', table: 'records' },
  { index: 'members_names', table: 'batch_members' },
] as const;

async function nameSearch(db: Kysely<unknown>, dialect: LibraryDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const { index, table } of NAME_SEARCH)
      await db.schema
        .createIndex(index)
        .on(table)
        .using('gin')
        .columns([sql`name gin_trgm_ops`])
        .execute();
    return;
  }
  // Kysely builds no virtual table: FTS5's own statements. A new library has no names to index yet.
  for (const { index, table } of NAME_SEARCH) {
    const remove = `INSERT INTO ${index} (${index}, rowid, name) VALUES ('delete', OLD.id, OLD.name);`;
    const add = `INSERT INTO ${index} (rowid, name) VALUES (NEW.id, NEW.name);`;
    for (const statement of [
      `CREATE VIRTUAL TABLE ${index} USING fts5(name, content='${table}', content_rowid='id', tokenize='trigram')`,
      `CREATE TRIGGER ${index}_insert AFTER INSERT ON ${table} BEGIN ${add} END`,
      `CREATE TRIGGER ${index}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`,
      `CREATE TRIGGER ${index}_update AFTER UPDATE OF name ON ${table} BEGIN ${remove} ${add} END`,
    ])
      await sql.raw(statement).execute(db);
  }
}
