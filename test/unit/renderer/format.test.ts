import { describe, expect, it } from 'vitest';
import { batchLine, documentTag, recordBadge } from '../../../renderer/lib/format.ts';

describe('documentTag', () => {
  it('names a version by its number, the finalisation Final, and a record of no document not at all', () => {
    expect(documentTag({ kind: 'linked-create', version: 1 })).toEqual({ label: 'v1', title: 'Version 1 of its document' });
    expect(documentTag({ kind: 'linked-update', version: 12 })).toEqual({ label: 'v12', title: 'Version 12 of its document' });
    expect(documentTag({ kind: 'linked-delete', version: 4 })).toEqual({ label: 'Final', title: 'The record that closed its document to new versions' });
    expect(documentTag({ kind: 'record', version: null })).toBeNull();
  });
});

describe('batchLine', () => {
  it("says a verified file's place in its batch as the library knows it, or only that it is one of a batch's", () => {
    expect(batchLine({ id: 3, files: 1000, position: 7 })).toBe(
      'File 8 of 1,000 anchored together by this transaction (batch 3, as this library knows it); its receipt proves it alone.',
    );
    expect(batchLine({ id: null, files: null, position: null })).toMatch(/^One of a batch's files, anchored together by this transaction/);
  });
});

describe('recordBadge', () => {
  const record = { confirmations: 0, targetConfirmations: 6, notSent: false } as const;
  it('shows an import of a pending receipt as imported evidence that is pending, not as the library’s own on its way', () => {
    expect(recordBadge({ ...record, state: 'published', proofOutcome: 'pending' })).toEqual({ tone: 'partial', label: 'Imported · pending' });
    expect(recordBadge({ ...record, state: 'published', proofOutcome: null }).label).not.toMatch(/Imported/);
    // Rejected (unknown to its service, or disagreeing with the chain): still imported evidence, never a rejection of the library's own.
    expect(recordBadge({ ...record, state: 'rejected', proofOutcome: 'pending' }).label).toBe('Imported · rejected');
  });

  it('shows an imported pending receipt no longer followed as imported evidence never in a block, not as the library’s own failure', () => {
    expect(recordBadge({ ...record, state: 'failed', proofOutcome: 'pending' })).toEqual({ tone: 'unknown', label: 'Imported · never in a block' });
    expect(recordBadge({ ...record, state: 'failed', proofOutcome: null })).toEqual({ tone: 'mismatch', label: 'Failed' });
  });
});
