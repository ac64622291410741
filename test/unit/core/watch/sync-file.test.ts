import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../../../main/core/store/documents.ts';
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
  sha256: OLD,
  recordId: 1,
  documentId: 7,
  goneAt: null,
  updatedAt: 0,
  ...over,
});
const record = { id: 3, documentId: 9 } as StoredRecord;
const document = (over: Partial<StoredDocument> = {}) =>
  ({ id: 7, name: 'report.txt', headTxId: 'cc'.repeat(32), finalisedAt: null, ...over }) as StoredDocument;
const facts = (over: Partial<ContentFacts>): ContentFacts => ({
  last: undefined,
  sha256: NEW,
  known: undefined,
  moved: undefined,
  document: undefined,
  heldElsewhere: false,
  ...over,
});

describe('decideContent', () => {
  it('new content at a new path starts a document', () => {
    expect(decideContent(facts({}))).toEqual({ action: 'registered' });
  });

  it('the same content again (a new mtime only, or a file back after deletion) changes nothing', () => {
    expect(decideContent(facts({ last: file(), sha256: OLD }))).toEqual({ action: 'unchanged' });
    expect(decideContent(facts({ last: file({ goneAt: 5 }), sha256: OLD }))).toEqual({ action: 'unchanged' });
  });

  it('new content of a file becomes the next version of its document', () => {
    expect(decideContent(facts({ last: file(), document: document() }))).toEqual({ action: 'version', document: document() });
  });

  it('a file whose document was finalised starts a new one', () => {
    expect(decideContent(facts({ last: file(), document: document({ finalisedAt: 1 }) }))).toEqual({ action: 'registered' });
  });

  it('a file with content notarised before, now gone from where it was, was moved: no new registration', () => {
    const from = file({ relPath: 'old-name.txt', sha256: NEW });
    expect(decideContent(facts({ known: record, moved: from }))).toEqual({ action: 'renamed', from });
    // Moved onto the place of a deleted file: still the moved file.
    expect(decideContent(facts({ last: file({ goneAt: 5 }), known: record, moved: from }))).toEqual({ action: 'renamed', from });
  });

  it('a copy of notarised content is tracked, not registered; its own document starts at its first change', () => {
    expect(decideContent(facts({ known: record, heldElsewhere: true }))).toEqual({ action: 'known', record, documentId: null });
    expect(decideContent(facts({ known: record }))).toEqual({ action: 'known', record, documentId: 9 });
  });

  it('a file reverted to content notarised before keeps extending its own document', () => {
    expect(decideContent(facts({ last: file(), known: record, document: document() }))).toEqual({ action: 'known', record, documentId: 7 });
  });
});
