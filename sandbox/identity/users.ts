import { randomUUID } from 'node:crypto';
import type { SandboxDatabase } from '../store/database.ts';

/** Anyone may sign in under any name; each name keeps one subject id (the token's `sub`) for good. */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS identity_users (
  name        TEXT PRIMARY KEY,
  sub         TEXT NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL
);
`;

export const USER_NAME_MAX = 64;

export class Users {
  private readonly findStmt;
  private readonly insertStmt;

  constructor(
    db: SandboxDatabase,
    private readonly now: () => number,
  ) {
    db.exec(SCHEMA);
    this.findStmt = db.prepare<[string], { sub: string }>('SELECT sub FROM identity_users WHERE name = ?');
    this.insertStmt = db.prepare('INSERT INTO identity_users (name, sub, created_at) VALUES (?, ?, ?) ON CONFLICT(name) DO NOTHING');
  }

  /** The subject id of a user name, made on first sign-in. */
  subjectFor(name: string): string {
    this.insertStmt.run(name, randomUUID(), this.now());
    return this.findStmt.get(name)!.sub;
  }
}

/** A name shown back in pages and tokens: 1 to 64 characters after trimming, no control characters. */
export function normalizeUserName(raw: string): string | null {
  const name = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (name.length === 0 || name.length > USER_NAME_MAX || /[\u0000-\u001f\u007f-\u009f]/.test(name)) return null;
  return name;
}
