/**
 * The library's schema, as an ordered list of migrations. `PRAGMA user_version` records how many
 * have run; each runs once, in its own transaction, so a crash mid-upgrade leaves the old schema.
 * A migration added here is written into `schema/baseline.ts` too, for both backends, until the
 * baseline becomes the schema's one source (docs/design/team-library.md, one source).
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );

  -- Endpoints and settings of a service; never secrets (those live in the OS keychain).
  CREATE TABLE profiles (
    name                  TEXT PRIMARY KEY,
    kind                  TEXT NOT NULL CHECK (kind IN ('sandbox', 'service')),
    base_url              TEXT,             -- null for the embedded sandbox (known at run time)
    auth_url              TEXT,
    env_id                TEXT,
    authorize_url         TEXT,             -- authorization page URL (template for real networks)
    client_id             TEXT,
    explorer_tx_url       TEXT,             -- template with {txId}
    explorer_header_url   TEXT,             -- template with {blockHash}
    explorer_link_url     TEXT,             -- a page for people, template with {txId}
    network               TEXT NOT NULL,    -- receipt label: sandbox | mainnet | testnet | ...
    target_confirmations  INTEGER NOT NULL CHECK (target_confirmations BETWEEN 1 AND 1000),
    expected_block_seconds REAL NOT NULL CHECK (expected_block_seconds > 0),
    reject_after_seconds  INTEGER NOT NULL CHECK (reject_after_seconds >= 1),
    idempotent_writes     INTEGER NOT NULL DEFAULT 0,  -- the service honours Idempotency-Key
    created_at            INTEGER NOT NULL,
    updated_at            INTEGER NOT NULL
  );

  -- A document: a chain of linked records, one per version.
  CREATE TABLE documents (
    id            INTEGER PRIMARY KEY,
    profile       TEXT NOT NULL REFERENCES profiles(name) ON UPDATE CASCADE,
    name          TEXT NOT NULL,
    first_tx_id   TEXT,                   -- the linked-create record, once published
    head_tx_id    TEXT,                   -- the newest published version
    update_token  TEXT,                   -- the head's token: lets the next version spend its link output
    finalised_at  INTEGER,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
  );

  CREATE TABLE records (
    id               INTEGER PRIMARY KEY,
    profile          TEXT NOT NULL REFERENCES profiles(name) ON UPDATE CASCADE,
    kind             TEXT NOT NULL CHECK (kind IN ('record', 'linked-create', 'linked-update', 'linked-delete')),
    state            TEXT NOT NULL CHECK (state IN ('hashing', 'submitting', 'published', 'confirmed', 'settled', 'rejected', 'failed')),
    name             TEXT NOT NULL,        -- base name of the file
    path             TEXT,                 -- where the file was when it was notarised
    size             INTEGER,
    sha256           TEXT,
    encode           TEXT,
    salt             TEXT,
    record_hex       TEXT,
    published_hex    TEXT,
    idempotency_key  TEXT UNIQUE,          -- sent with the write: a resubmission after a crash is the same request
    tx_id            TEXT,
    prev_tx_id       TEXT,
    document_id      INTEGER REFERENCES documents(id),
    version          INTEGER,
    confirmations    INTEGER NOT NULL DEFAULT 0,
    block_hash       TEXT,
    block_time       TEXT,
    confirmation     TEXT,                 -- JSON, the confirmation object as the service returned it (proof included)
    block_header     TEXT,
    raw_tx           TEXT,
    last_error       TEXT,
    receipt_path     TEXT,
    checks           INTEGER NOT NULL DEFAULT 0,
    next_check_at    INTEGER,
    unknown_since    INTEGER,              -- first of an unbroken run of 404s
    created_at       INTEGER NOT NULL,
    submitted_at     INTEGER,
    published_at     INTEGER,
    confirmed_at     INTEGER,
    updated_at       INTEGER NOT NULL
  );
  CREATE INDEX records_sha256 ON records (sha256);
  CREATE UNIQUE INDEX records_tx_id ON records (profile, tx_id) WHERE tx_id IS NOT NULL;
  CREATE INDEX records_pending ON records (next_check_at) WHERE state IN ('submitting', 'published', 'confirmed');
  CREATE INDEX records_document ON records (document_id, version);
  CREATE INDEX records_created ON records (created_at);
  `,
  `
  -- Sign-in: the access token's expected issuer and audience (defaults: derived from the auth URL, the client id).
  ALTER TABLE profiles ADD COLUMN issuer TEXT;
  ALTER TABLE profiles ADD COLUMN audience TEXT;
  `,
  `
  -- Each record keeps where it was registered (receipts are rebuilt from the record, not the
  -- profile as it is now) and, for a document version, its own update token (so a rejected
  -- head can be rolled back to the version before it).
  ALTER TABLE records ADD COLUMN network TEXT;
  ALTER TABLE records ADD COLUMN service_url TEXT;
  ALTER TABLE records ADD COLUMN update_token TEXT;
  `,
  `
  -- Watched folders: new files become documents, changed files their next versions. A profile
  -- can be removed only without records, and then its folders go with it.
  CREATE TABLE watched_folders (
    id          INTEGER PRIMARY KEY,
    path        TEXT NOT NULL UNIQUE,          -- absolute
    profile     TEXT NOT NULL REFERENCES profiles(name) ON UPDATE CASCADE ON DELETE CASCADE,
    recursive   INTEGER NOT NULL,
    include     TEXT NOT NULL,                 -- JSON array of globs, relative to the folder
    exclude     TEXT NOT NULL,
    receipts    TEXT NOT NULL CHECK (receipts IN ('beside', 'folder')),
    stable_ms   INTEGER NOT NULL CHECK (stable_ms >= 0),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
  );

  -- What the watcher last took of each file: a rescan hashes only files whose size or mtime differ.
  CREATE TABLE watched_files (
    folder_id   INTEGER NOT NULL REFERENCES watched_folders(id) ON DELETE CASCADE,
    rel_path    TEXT NOT NULL,                 -- '/'-separated, relative to the folder
    size        INTEGER NOT NULL,
    mtime_ms    REAL NOT NULL,
    sha256      TEXT NOT NULL,
    record_id   INTEGER REFERENCES records(id),      -- the registration of this content
    document_id INTEGER REFERENCES documents(id),    -- the document its next content extends
    gone_at     INTEGER,                       -- deleted: its records stay; a file back here continues the document
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (folder_id, rel_path)
  );
  CREATE INDEX watched_files_sha256 ON watched_files (sha256);
  CREATE INDEX watched_files_record ON watched_files (record_id);
  `,
  `
  -- Every new content looks up the files of its document (receipt places, documents held elsewhere).
  CREATE INDEX watched_files_document ON watched_files (document_id);
  `,
  `
  -- The service URL the profile's API key (in the keychain) was entered for: it is sent nowhere else.
  -- Keys stored so far were entered for the profile's current URL.
  ALTER TABLE profiles ADD COLUMN api_key_url TEXT;
  UPDATE profiles SET api_key_url = base_url WHERE kind = 'service';
  `,
  `
  -- What an imported receipt proved when it was imported (null: registered here, by Notarium): a
  -- partially verified one stays so in the library, whatever state its receipt claimed.
  ALTER TABLE records ADD COLUMN proof_outcome TEXT CHECK (proof_outcome IN ('verified', 'partially-verified', 'pending'));
  `,
  `
  -- The record life cycle of the real service (service-notes.md, Timing and life-cycle rules):
  -- 'queued', a document version kept here until its predecessor is in a block, and 'superseded',
  -- a row that is not the registration (a resubmission that lost, a watched file's replaced save).
  -- The state CHECK grows, so the table is rebuilt (database.ts runs this with foreign keys off and
  -- checks every reference before it commits); ids are kept, so every reference stays as it was.
  CREATE TABLE records_next (
    id               INTEGER PRIMARY KEY,
    profile          TEXT NOT NULL REFERENCES profiles(name) ON UPDATE CASCADE,
    kind             TEXT NOT NULL CHECK (kind IN ('record', 'linked-create', 'linked-update', 'linked-delete')),
    state            TEXT NOT NULL CHECK (state IN ('hashing', 'queued', 'submitting', 'published', 'confirmed', 'settled', 'rejected', 'failed', 'superseded')),
    name             TEXT NOT NULL,
    path             TEXT,
    size             INTEGER,
    sha256           TEXT,
    encode           TEXT,
    salt             TEXT,
    record_hex       TEXT,
    published_hex    TEXT,
    idempotency_key  TEXT UNIQUE,
    tx_id            TEXT,
    prev_tx_id       TEXT,
    document_id      INTEGER REFERENCES documents(id),
    version          INTEGER,
    confirmations    INTEGER NOT NULL DEFAULT 0,
    block_hash       TEXT,
    block_time       TEXT,
    confirmation     TEXT,
    block_header     TEXT,
    raw_tx           TEXT,
    last_error       TEXT,
    receipt_path     TEXT,
    checks           INTEGER NOT NULL DEFAULT 0,
    next_check_at    INTEGER,
    unknown_since    INTEGER,
    created_at       INTEGER NOT NULL,
    submitted_at     INTEGER,
    published_at     INTEGER,
    confirmed_at     INTEGER,
    updated_at       INTEGER NOT NULL,
    network          TEXT,
    service_url      TEXT,
    update_token     TEXT,
    proof_outcome    TEXT CHECK (proof_outcome IN ('verified', 'partially-verified', 'pending')),
    resubmits          INTEGER REFERENCES records(id),  -- the first record of the registration this row sends again
    superseded_by      INTEGER REFERENCES records(id),  -- the row that is the registration instead of this one
    possible_duplicate INTEGER NOT NULL DEFAULT 0 CHECK (possible_duplicate IN (0, 1)),  -- sent again after a lost answer, without Idempotency-Key
    last_checked_at    INTEGER                          -- the last status request for it
  );
  INSERT INTO records_next (id, profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex,
    idempotency_key, tx_id, prev_tx_id, document_id, version, confirmations, block_hash, block_time, confirmation,
    block_header, raw_tx, last_error, receipt_path, checks, next_check_at, unknown_since, created_at, submitted_at,
    published_at, confirmed_at, updated_at, network, service_url, update_token, proof_outcome)
  SELECT id, profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex,
    idempotency_key, tx_id, prev_tx_id, document_id, version, confirmations, block_hash, block_time, confirmation,
    block_header, raw_tx, last_error, receipt_path, checks, next_check_at, unknown_since, created_at, submitted_at,
    published_at, confirmed_at, updated_at, network, service_url, update_token, proof_outcome
  FROM records;
  DROP TABLE records;
  ALTER TABLE records_next RENAME TO records;
  CREATE INDEX records_sha256 ON records (sha256);
  CREATE UNIQUE INDEX records_tx_id ON records (profile, tx_id) WHERE tx_id IS NOT NULL;
  CREATE INDEX records_pending ON records (next_check_at) WHERE state IN ('submitting', 'published', 'confirmed');
  CREATE INDEX records_document ON records (document_id, version);
  CREATE INDEX records_created ON records (created_at);
  CREATE INDEX records_resubmits ON records (resubmits) WHERE resubmits IS NOT NULL;

  -- How long a registration may stay out of a block before it is sent again (the documentation's
  -- hour; the Sandbox profile's follows its block interval, profiles.ts tuneSandbox).
  ALTER TABLE profiles ADD COLUMN resubmit_after_seconds INTEGER NOT NULL DEFAULT 3600 CHECK (resubmit_after_seconds >= 1);
  `,
  `
  -- A profile may read its network from its service's chain (the first confirmed block header)
  -- instead of being told: then 'network' holds the label read, '' until a block is seen, and
  -- network_detected_from the block it was read from. Profiles saved before keep their label.
  ALTER TABLE profiles ADD COLUMN network_detect INTEGER NOT NULL DEFAULT 0 CHECK (network_detect IN (0, 1));
  ALTER TABLE profiles ADD COLUMN network_detected_from TEXT;
  -- Why a registration's receipt is not written (its profile's label and its block disagree), until it is.
  ALTER TABLE records ADD COLUMN receipt_held TEXT;
  `,
  `
  -- The service said it wrote this row but not its txId (a delete answered with an empty 200), and
  -- the chain does not show it yet: it is never sent again, only looked for.
  ALTER TABLE records ADD COLUMN written_unseen INTEGER NOT NULL DEFAULT 0 CHECK (written_unseen IN (0, 1));
  -- Who may send a submitting row now, and until when (usecases/send-lease.ts).
  ALTER TABLE records ADD COLUMN send_lease_owner TEXT;
  ALTER TABLE records ADD COLUMN send_lease_until INTEGER;
  `,
  `
  -- A watched folder paused by its user: not watched until resumed, then caught up by its rescan.
  ALTER TABLE watched_folders ADD COLUMN paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1));
  `,
  `
  -- Batches (docs/design/batches-and-rounds.md): files anchored by one registration, the root of a tree over their
  -- leaves. The registration is an ordinary row of records (no file of its own); the files are
  -- members here, and follow it: their state, txId and evidence are read from it, never copied.
  CREATE TABLE batches (
    id          INTEGER PRIMARY KEY,
    record_id   INTEGER NOT NULL UNIQUE REFERENCES records(id),  -- the registration's first submission
    files       INTEGER NOT NULL CHECK (files >= 1),
    tree        BLOB NOT NULL,                 -- every node, level by level from the leaves, 32 bytes each
    created_at  INTEGER NOT NULL
  );
  CREATE TABLE batch_members (
    id           INTEGER PRIMARY KEY,
    batch_id     INTEGER NOT NULL REFERENCES batches(id),
    position     INTEGER NOT NULL CHECK (position >= 0),  -- its leaf's index in the tree
    name         TEXT NOT NULL,
    path         TEXT,
    size         INTEGER NOT NULL,
    sha256       TEXT NOT NULL,
    nonce        TEXT NOT NULL,                -- 16 random bytes, hex: this file's alone
    receipt_path TEXT,
    created_at   INTEGER NOT NULL,
    UNIQUE (batch_id, position)
  );
  CREATE INDEX batch_members_sha256 ON batch_members (sha256);
  CREATE INDEX batch_members_path ON batch_members (path);
  `,
  `
  -- A registration made for NOTARIUM_BASE_URL (service_url), not for its profile's own service: it
  -- is sent only there (usecases/made-for.ts). Rows before this were made for their profile's.
  ALTER TABLE records ADD COLUMN service_override INTEGER NOT NULL DEFAULT 0 CHECK (service_override IN (0, 1));
  `,
  `
  -- A block explorer's JSON about a block, a template with {blockHash}: asked by the verification's
  -- chain step whether the block is on the best chain. Profiles saved before have none until it is
  -- set (their step is skipped, saying so); the Sandbox profile's is its sandbox's (connections.ts).
  ALTER TABLE profiles ADD COLUMN explorer_block_url TEXT;
  `,
  `
  -- Watched folders anchor each round together (docs/design/batches-and-rounds.md, rounds): a folder's chain is a document of
  -- its own, started by its first round; a file's content is a member of a round (member_id), or,
  -- before rounds, a record (record_id, document_id: kept). A file is known by its inode and ctime
  -- too, so a replacement of the same size and mtime is noticed. Files taken wait for their round here.
  ALTER TABLE watched_folders ADD COLUMN document_id INTEGER REFERENCES documents(id);
  ALTER TABLE watched_files ADD COLUMN member_id INTEGER REFERENCES batch_members(id);
  ALTER TABLE watched_files ADD COLUMN ino INTEGER;
  ALTER TABLE watched_files ADD COLUMN ctime_ms REAL;
  CREATE INDEX watched_files_member ON watched_files (member_id);
  CREATE TABLE watch_pending (
    folder_id  INTEGER NOT NULL REFERENCES watched_folders(id) ON DELETE CASCADE,
    rel_path   TEXT NOT NULL,
    size       INTEGER NOT NULL,
    mtime_ms   REAL NOT NULL,
    ino        INTEGER,
    ctime_ms   REAL,
    sha256     TEXT NOT NULL,
    continues  INTEGER NOT NULL CHECK (continues IN (0, 1)),  -- the file had a registered content: its round is its next version
    taken_at   INTEGER NOT NULL,
    PRIMARY KEY (folder_id, rel_path)
  );
  `,
  `
  -- The Library lists one row per registration: of its submissions (the first record and those that
  -- resubmit it), the newest live one, or when none is live the newest not superseded. Kept here,
  -- in 'listed', by the triggers below whenever a row comes, goes or changes state, so that the
  -- Library's queries read it from an index instead of comparing every row with its group's.
  ALTER TABLE records ADD COLUMN listed INTEGER NOT NULL DEFAULT 0 CHECK (listed IN (0, 1));
  UPDATE records SET listed = 1 WHERE id IN (
    SELECT coalesce(max(CASE WHEN state NOT IN ('failed', 'rejected', 'superseded') THEN id END), max(CASE WHEN state != 'superseded' THEN id END))
    FROM records GROUP BY coalesce(resubmits, id));
  CREATE TRIGGER records_listed_insert AFTER INSERT ON records BEGIN
    UPDATE records SET listed = (id IS (SELECT coalesce(max(CASE WHEN state NOT IN ('failed', 'rejected', 'superseded') THEN id END),
        max(CASE WHEN state != 'superseded' THEN id END)) FROM records WHERE id = coalesce(NEW.resubmits, NEW.id) OR resubmits = coalesce(NEW.resubmits, NEW.id)))
      WHERE id = coalesce(NEW.resubmits, NEW.id) OR resubmits = coalesce(NEW.resubmits, NEW.id);
  END;
  CREATE TRIGGER records_listed_update AFTER UPDATE OF state, resubmits ON records BEGIN
    UPDATE records SET listed = (id IS (SELECT coalesce(max(CASE WHEN state NOT IN ('failed', 'rejected', 'superseded') THEN id END),
        max(CASE WHEN state != 'superseded' THEN id END)) FROM records WHERE id = coalesce(NEW.resubmits, NEW.id) OR resubmits = coalesce(NEW.resubmits, NEW.id)))
      WHERE id = coalesce(NEW.resubmits, NEW.id) OR resubmits = coalesce(NEW.resubmits, NEW.id);
  END;
  CREATE TRIGGER records_listed_delete AFTER DELETE ON records BEGIN
    UPDATE records SET listed = (id IS (SELECT coalesce(max(CASE WHEN state NOT IN ('failed', 'rejected', 'superseded') THEN id END),
        max(CASE WHEN state != 'superseded' THEN id END)) FROM records WHERE id = coalesce(OLD.resubmits, OLD.id) OR resubmits = coalesce(OLD.resubmits, OLD.id)))
      WHERE id = coalesce(OLD.resubmits, OLD.id) OR resubmits = coalesce(OLD.resubmits, OLD.id);
  END;
  -- The Library's sorts and filters, over the listed rows alone.
  CREATE INDEX records_listed_created ON records (created_at) WHERE listed = 1;
  CREATE INDEX records_listed_name ON records (name COLLATE NOCASE) WHERE listed = 1;
  CREATE INDEX records_listed_state ON records (state, created_at) WHERE listed = 1;
  CREATE INDEX records_listed_confirmations ON records (confirmations) WHERE listed = 1;
  -- Batches' files by name among the others, and each batch's files by path (a folder's in the order of its tree).
  CREATE INDEX batch_members_name ON batch_members (name COLLATE NOCASE);
  CREATE INDEX batch_members_place ON batch_members (batch_id, path, position);
  -- What the engine reads at every start and every poll, from indexes too (records_pending's
  -- states are not the poller's, so SQLite could not use it): a large library's rows are not all
  -- read each time the poller looks for what is due.
  CREATE INDEX records_followed ON records (next_check_at) WHERE state IN ('published', 'confirmed');
  CREATE INDEX records_submitting ON records (id) WHERE state = 'submitting';
  CREATE INDEX records_held ON records (id) WHERE receipt_held IS NOT NULL;
  `,
  `
  -- Batch members imported from their receipts (receipt import): the library did not build their
  -- batch, so it holds no tree for it (tree NULL), and a member holds its own path to the root as
  -- its receipt gave it (aggregation_path, JSON) instead of a leaf position, which a receipt does
  -- not carry. Such a batch's files counts the members the library holds, not the batch's size
  -- (which no receipt says). Both tables are rebuilt (a NOT NULL cannot be dropped in place); ids
  -- are kept, so every reference (batches.record_id, watched_files.member_id) stays as it was.
  CREATE TABLE batches_next (
    id          INTEGER PRIMARY KEY,
    record_id   INTEGER NOT NULL UNIQUE REFERENCES records(id),
    files       INTEGER NOT NULL CHECK (files >= 1),
    tree        BLOB,                          -- NULL: imported, only its members' own paths are known
    created_at  INTEGER NOT NULL
  );
  INSERT INTO batches_next (id, record_id, files, tree, created_at) SELECT id, record_id, files, tree, created_at FROM batches;
  CREATE TABLE batch_members_next (
    id               INTEGER PRIMARY KEY,
    batch_id         INTEGER NOT NULL REFERENCES batches_next(id),
    position         INTEGER CHECK (position >= 0),   -- NULL for an imported member
    name             TEXT NOT NULL,
    path             TEXT,
    size             INTEGER NOT NULL,
    sha256           TEXT NOT NULL,
    nonce            TEXT NOT NULL,
    receipt_path     TEXT,
    created_at       INTEGER NOT NULL,
    aggregation_path TEXT,                          -- an imported member's path to the root, JSON
    CHECK ((position IS NULL) = (aggregation_path IS NOT NULL)),
    UNIQUE (batch_id, position)
  );
  INSERT INTO batch_members_next (id, batch_id, position, name, path, size, sha256, nonce, receipt_path, created_at)
    SELECT id, batch_id, position, name, path, size, sha256, nonce, receipt_path, created_at FROM batch_members;
  DROP TABLE batch_members;
  DROP TABLE batches;
  ALTER TABLE batches_next RENAME TO batches;
  ALTER TABLE batch_members_next RENAME TO batch_members;
  CREATE INDEX batch_members_sha256 ON batch_members (sha256);
  CREATE INDEX batch_members_path ON batch_members (path);
  CREATE INDEX batch_members_name ON batch_members (name COLLATE NOCASE);
  CREATE INDEX batch_members_place ON batch_members (batch_id, path, position);
  -- An imported member is one leaf: imported twice, it is found, not added again.
  CREATE UNIQUE INDEX batch_members_imported ON batch_members (batch_id, sha256, nonce) WHERE position IS NULL;
  `,
  `
  -- A search of names by any part of them (the Library's search box) reads these trigram indexes
  -- (FTS5) of the records' and the batches' files' names, not every name: each kept in step with
  -- its table by the triggers below (external content: the names are stored once, in their table).
  CREATE VIRTUAL TABLE records_names USING fts5(name, content='records', content_rowid='id', tokenize='trigram');
  INSERT INTO records_names (records_names) VALUES ('rebuild');
  CREATE TRIGGER records_names_insert AFTER INSERT ON records BEGIN
    INSERT INTO records_names (rowid, name) VALUES (NEW.id, NEW.name);
  END;
  CREATE TRIGGER records_names_delete AFTER DELETE ON records BEGIN
    INSERT INTO records_names (records_names, rowid, name) VALUES ('delete', OLD.id, OLD.name);
  END;
  CREATE TRIGGER records_names_update AFTER UPDATE OF name ON records BEGIN
    INSERT INTO records_names (records_names, rowid, name) VALUES ('delete', OLD.id, OLD.name);
    INSERT INTO records_names (rowid, name) VALUES (NEW.id, NEW.name);
  END;
  CREATE VIRTUAL TABLE members_names USING fts5(name, content='batch_members', content_rowid='id', tokenize='trigram');
  INSERT INTO members_names (members_names) VALUES ('rebuild');
  CREATE TRIGGER members_names_insert AFTER INSERT ON batch_members BEGIN
    INSERT INTO members_names (rowid, name) VALUES (NEW.id, NEW.name);
  END;
  CREATE TRIGGER members_names_delete AFTER DELETE ON batch_members BEGIN
    INSERT INTO members_names (members_names, rowid, name) VALUES ('delete', OLD.id, OLD.name);
  END;
  CREATE TRIGGER members_names_update AFTER UPDATE OF name ON batch_members BEGIN
    INSERT INTO members_names (members_names, rowid, name) VALUES ('delete', OLD.id, OLD.name);
    INSERT INTO members_names (rowid, name) VALUES (NEW.id, NEW.name);
  END;
  -- A search by the start of a txId or of a published fingerprint (a digest's is records_sha256).
  CREATE INDEX records_tx ON records (tx_id) WHERE tx_id IS NOT NULL;
  CREATE INDEX records_published ON records (published_hex) WHERE published_hex IS NOT NULL;
  `,
  `
  -- Settled records still followed, slowly, while their block may change (a reorganisation):
  -- the poller's due-query reads them from here, not from every settled record.
  CREATE INDEX records_settling ON records (next_check_at) WHERE state = 'settled' AND next_check_at IS NOT NULL;
  `,
  `
  -- Receipts owed: set with the state (a block reached, settled, another block) in one write, cleared
  -- once the engine wrote them. A process stopped between the two (killed, crashed) leaves it set,
  -- and the next engine that follows registrations writes them (Notary.writeOwedReceipts).
  ALTER TABLE records ADD COLUMN receipts_due INTEGER NOT NULL DEFAULT 0 CHECK (receipts_due IN (0, 1));
  CREATE INDEX records_receipts_due ON records (id) WHERE receipts_due = 1;
  `,
];
