import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { RECORD_STATES } from '../../../../preload/record-states.ts';

// The states are declared once (preload/record-states.ts); the table's CHECK, written by a
// migration, must take exactly those: a state added in one place only fails here, not in a user's library.
// One more is left in the CHECK: 'hashing', from the first schema, a state no row was ever written
// in (hashing is a job's phase); taking it out would rebuild every library's records table for nothing.
const RETIRED = ['hashing'];
const dir = mkdtempSync(join(tmpdir(), 'notarium-states-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the records table's states", () => {
  it('are exactly RECORD_STATES, in a library made from scratch', () => {
    const lib = Library.open(dir);
    try {
      const { sql } = lib.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'records'").get() as { sql: string };
      const check = /state\s+TEXT NOT NULL CHECK \(state IN \(([^)]*)\)\)/.exec(sql);
      expect(check).not.toBeNull();
      const states = [...check![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]);
      expect(states.sort()).toEqual([...RECORD_STATES, ...RETIRED].sort());
    } finally {
      lib.close();
    }
  });
});
