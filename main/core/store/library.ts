import { IdentityPortals } from './identity-portals.ts';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Batches } from './batches.ts';
import { connectionOf, type LibraryConnection } from './connection.ts';
import { openLibrary, type LibraryDatabase } from './database.ts';
import { Documents } from './documents.ts';
import { inTurns, type InTurns } from './in-turns.ts';
import { Profiles } from './profiles.ts';
import { Records } from './records.ts';
import { WatchRounds } from './watch-rounds.ts';
import { WatchedFolders } from './watched-folders.ts';

/** The local library: one SQLite file holding profiles, records, documents and watched folders. */
export class Library {
  readonly profiles: InTurns<Profiles>;
  readonly records: Records;
  /** Files anchored together by one registration (docs/design/batches-and-rounds.md). */
  readonly batches: Batches;
  readonly documents: InTurns<Documents>;
  readonly watchedFolders: WatchedFolders;
  /** Watched folders' rounds: many files anchored by one record of the folder's chain (docs/design/batches-and-rounds.md, rounds). */
  readonly watchRounds: WatchRounds;
  /** What identity portals have been seen to refuse (identity-portals.ts). */
  readonly identityPortals: IdentityPortals;
  /** This library's own id, made once: it keeps the library's keychain accounts apart from another data directory's (library-secrets.ts). */
  readonly id: string;
  /** The tables' statements and write transactions, in turns (connection.ts). */
  readonly connection: LibraryConnection;

  constructor(
    readonly db: LibraryDatabase,
    now: () => number = Date.now,
  ) {
    this.connection = connectionOf(db);
    this.profiles = inTurns(this.connection, new Profiles(db, now));
    this.records = new Records(db, now);
    this.batches = new Batches(db, this.records, now);
    this.documents = inTurns(this.connection, new Documents(db, now));
    this.watchedFolders = new WatchedFolders(db, now);
    this.watchRounds = new WatchRounds(db, this.watchedFolders, this.documents.sync, this.batches, now);
    this.identityPortals = new IdentityPortals(this.connection);
    this.id = libraryId(db);
  }

  /** The library file in Notarium's data directory (or ':memory:'). */
  static open(dataDirOrMemory: string, now: () => number = Date.now): Library {
    const path = dataDirOrMemory === ':memory:' ? dataDirOrMemory : join(dataDirOrMemory, 'library.sqlite');
    return new Library(openLibrary(path), now);
  }

  /** Runs `body` as one write transaction: the tables' methods it awaits are part of it; everyone else's wait for it to end. */
  async write<T>(body: () => T | Promise<T>): Promise<T> {
    return this.connection.write(body);
  }

  close(): void {
    this.db.close();
  }
}

function libraryId(db: LibraryDatabase): string {
  const read = (): string | undefined => db.prepare<[], { value: string }>("SELECT value FROM settings WHERE key = 'library-id'").get()?.value;
  // Written only the first time: every later open (every command) only reads it.
  const known = read();
  if (known !== undefined) return known;
  db.prepare("INSERT OR IGNORE INTO settings (key, value) VALUES ('library-id', ?)").run(randomUUID());
  return read()!;
}
