import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import type { NotaryContext } from '../../../../main/core/usecases/context.ts';
import { DOCUMENT_INDEX_FORMAT, documentZip } from '../../../../main/core/usecases/document-export.ts';
import { unzipEntries } from '../../../support/unzip.ts';

// The app's one download of a document: its export as a zip named for it.

let dir: string;
let library: Library;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-document-zip-'));
  library = Library.open(dir, () => 1_700_000_000_000);
});
afterEach(() => {
  library.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('documentZip', () => {
  it('is named for the document and holds its index, counting no receipt while no version is accepted', async () => {
    const document = await library.documents.create(await library.profiles.currentName(), 'Contract');
    const ctx = { library, now: () => Date.UTC(2026, 10, 24) } as unknown as NotaryContext;
    const { fileName, zip, receipts } = await documentZip(ctx, document);
    expect(fileName).toBe('Contract receipts.zip');
    expect(receipts).toBe(0);
    const entries = unzipEntries(zip);
    expect([...entries.keys()]).toEqual(['Contract.versions.json']);
    expect(JSON.parse(entries.get('Contract.versions.json')!)).toMatchObject({
      format: DOCUMENT_INDEX_FORMAT,
      document: 'Contract',
      finalised: false,
      versions: [],
    });
  });
});
