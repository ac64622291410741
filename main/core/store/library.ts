import { join } from 'node:path';
import { openLibrary, type LibraryDatabase } from './database.ts';
import { Documents } from './documents.ts';
import { Profiles } from './profiles.ts';
import { Records } from './records.ts';
import { WatchedFolders } from './watched-folders.ts';

/** The local library: one SQLite file holding profiles, records, documents and watched folders. */
export class Library {
  readonly profiles: Profiles;
  readonly records: Records;
  readonly documents: Documents;
  readonly watchedFolders: WatchedFolders;

  constructor(
    readonly db: LibraryDatabase,
    now: () => number = Date.now,
  ) {
    this.profiles = new Profiles(db, now);
    this.records = new Records(db, now);
    this.documents = new Documents(db, now);
    this.watchedFolders = new WatchedFolders(db, now);
  }

  /** The library file in Notarium's data directory (or ':memory:'). */
  static open(dataDirOrMemory: string, now: () => number = Date.now): Library {
    const path = dataDirOrMemory === ':memory:' ? dataDirOrMemory : join(dataDirOrMemory, 'library.sqlite');
    return new Library(openLibrary(path), now);
  }

  close(): void {
    this.db.close();
  }
}
