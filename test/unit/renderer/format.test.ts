import { describe, expect, it } from 'vitest';
import { documentTag, FINAL_LABEL } from '../../../renderer/lib/format.ts';

describe('documentTag', () => {
  it('names a version by its number, the finalisation Final, and a record of no document not at all', () => {
    expect(documentTag({ kind: 'linked-create', version: 1 })).toEqual({ label: 'v1', title: 'Version 1 of its document' });
    expect(documentTag({ kind: 'linked-update', version: 12 })).toEqual({ label: 'v12', title: 'Version 12 of its document' });
    expect(documentTag({ kind: 'linked-delete', version: 4 })).toEqual({ label: FINAL_LABEL, title: 'The record that closed its document to new versions' });
    expect(documentTag({ kind: 'record', version: null })).toBeNull();
  });
});
