import { describe, expect, it } from 'vitest';
import type { MemberOfBatch } from '../../../../main/core/store/batches.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import type { WatchedFile } from '../../../../main/core/store/watched-folders.ts';
import { decideContent, type ContentFacts } from '../../../../main/core/watch/sync-file.ts';

// What becomes of a file's content once it is stable and hashed.

const OLD = 'aa'.repeat(32);
const NEW = 'bb'.repeat(32);
const file = (over: Partial<WatchedFile> = {}): WatchedFile => ({
  folderId: 1,
  relPath: 'report.txt',
  size: 1,
  mtimeMs: 1,
  ino: 1,
  ctimeMs: 1,
  sha256: OLD,
  recordId: null,
  memberId: 4,
  documentId: null,
  goneAt: null,
  updatedAt: 0,
  ...over,
});
/** A record of its own with a document (one from before rounds, or the command line's), and a round's member. */
const record = { record: { id: 3, documentId: 9 } as StoredRecord };
const member = { record: { id: 5, documentId: 2 } as StoredRecord, member: { member: { id: 6 } } as MemberOfBatch };
const facts = (over: Partial<ContentFacts>): ContentFacts => ({
  last: undefined,
  sha256: NEW,
  known: undefined,
  moved: undefined,
  heldElsewhere: false,
  ...over,
});

describe('decideContent', () => {
  it("new content, of a new file or a changed one, waits for the folder's next round", () => {
    expect(decideContent(facts({}))).toEqual({ action: 'waiting' });
    expect(decideContent(facts({ last: file() }))).toEqual({ action: 'waiting' });
    expect(decideContent(facts({ last: file({ documentId: 7, memberId: null, recordId: 1 }) }))).toEqual({ action: 'waiting' });
  });

  it('the same content again (a new mtime only, or a file back after deletion) changes nothing', () => {
    expect(decideContent(facts({ last: file(), sha256: OLD }))).toEqual({ action: 'unchanged' });
    expect(decideContent(facts({ last: file({ goneAt: 5 }), sha256: OLD }))).toEqual({ action: 'unchanged' });
  });

  it('a file with content notarised before, now gone from where it was, was moved: no new registration', () => {
    const from = file({ relPath: 'old-name.txt', sha256: NEW });
    expect(decideContent(facts({ known: member, moved: from }))).toEqual({ action: 'renamed', from });
    // Moved onto the place of a deleted file: still the moved file.
    expect(decideContent(facts({ last: file({ goneAt: 5 }), known: record, moved: from }))).toEqual({ action: 'renamed', from });
  });

  it("a copy of notarised content is tracked, not registered; a round's member never gives the file a document", () => {
    expect(decideContent(facts({ known: member }))).toEqual({ action: 'known', known: member, documentId: null });
    expect(decideContent(facts({ known: record, heldElsewhere: true }))).toEqual({ action: 'known', known: record, documentId: null });
    expect(decideContent(facts({ known: record }))).toEqual({ action: 'known', known: record, documentId: 9 });
  });

  it('a file reverted to content notarised before keeps the document of its history from before rounds', () => {
    expect(decideContent(facts({ last: file({ documentId: 7 }), known: member }))).toEqual({ action: 'known', known: member, documentId: 7 });
  });
});
