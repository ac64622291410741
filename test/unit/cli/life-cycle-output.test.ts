import { describe, expect, it } from 'vitest';
import { watchPrinter } from '../../../main/cli/commands/watch.ts';
import { describeRecord } from '../../../main/cli/describe.ts';
import type { CliIo } from '../../../main/cli/io.ts';
import { recordJson } from '../../../main/cli/json.ts';
import type { StoredRecord } from '../../../main/core/store/record.ts';

/** What status, wait and version add say of a record's place in the life cycle. */

const base = {
  name: 'deed.pdf',
  proofOutcome: null,
  confirmations: 0,
  txId: null,
  sha256: 'cd'.repeat(32),
  encode: 'SHA256(s)',
  profile: 'Acme',
  documentId: 4,
  prevTxId: null,
  blockHash: null,
  receiptPath: null,
  lastError: null,
  possibleDuplicate: false,
  receiptHeld: null,
  lastCheckedAt: null,
  nextCheckAt: null,
  createdAt: 0,
  submittedAt: null,
  publishedAt: null,
  confirmedAt: null,
};
const rec = (over: Partial<StoredRecord>) => ({ ...base, ...over }) as StoredRecord;
const none = { waitsFor: null, supersededBy: null, resubmits: null };

describe('a queued version', () => {
  const queued = rec({ state: 'queued', kind: 'linked-update', version: 3, path: "/docs/it's.pdf" });
  const ahead = rec({ state: 'published', kind: 'linked-update', version: 2, txId: 'ab'.repeat(32) });

  it('says what it waits for and how to follow it', () => {
    const out = describeRecord(queued, {}, { ...none, waitsFor: ahead });
    expect(out).toContain("deed.pdf: queued, waiting for the previous version's block");
    expect(out).toContain(`waits for:    version 2 (txId ${'ab'.repeat(32)}) to be in a block`);
    expect(out).toContain(`follow it:    notarium wait '/docs/it'\\''s.pdf'`);
  });

  it('says the commands as the user runs Notarium: through npx, "npx notarium wait" and "npx notarium watch"', () => {
    const out = describeRecord(queued, { npm_command: 'exec', npm_lifecycle_script: 'notarium' }, { ...none, waitsFor: ahead });
    expect(out).toContain(`follow it:    npx notarium wait '/docs/it'\\''s.pdf' (the app and "npx notarium watch" send it too)`);
  });

  it('in JSON, names the version it waits for', () => {
    expect(recordJson(queued, { ...none, waitsFor: ahead })).toMatchObject({
      state: 'queued',
      waitsFor: { version: 2, txId: 'ab'.repeat(32), state: 'published' },
      resubmits: null,
      supersededBy: null,
    });
    expect(recordJson(queued)).not.toHaveProperty('waitsFor');
  });
});

describe('a registration sent again', () => {
  it('a resubmission names the first submission; a superseded one names the registration', () => {
    const first = rec({ state: 'superseded', kind: 'record', txId: '11'.repeat(32) });
    const winner = rec({ state: 'confirmed', kind: 'record', txId: '22'.repeat(32), confirmations: 1 });
    expect(describeRecord(winner, {}, { ...none, resubmits: first })).toContain(`resubmits:    ${'11'.repeat(32)} (sent again: not in a block in time)`);
    expect(describeRecord(first, {}, { ...none, supersededBy: winner })).toContain(`superseded by: ${'22'.repeat(32)}`);
    expect(recordJson(first, { ...none, supersededBy: winner })).toMatchObject({ state: 'superseded', supersededBy: '22'.repeat(32) });
  });

  it('after a lost answer without Idempotency-Key, says the service may hold a second, harmless registration', () => {
    const record = rec({ state: 'published', kind: 'record', txId: '33'.repeat(32), possibleDuplicate: true });
    expect(describeRecord(record, {})).toMatch(/duplicate: +its answer was lost and it was sent again .* the service may hold a second, harmless registration/);
    expect(recordJson(record).possibleDuplicate).toBe(true);
    expect(describeRecord(rec({ state: 'published', kind: 'record' }), {})).not.toContain('duplicate:');
  });
});

describe('a queued finalisation (no file of its own)', () => {
  const finalisation = rec({ state: 'queued', kind: 'linked-delete', version: 4, path: null });
  const ahead = rec({ state: 'published', kind: 'linked-update', version: 3, txId: 'ab'.repeat(32) });

  it('says how to follow it once, with the command the caller gives, never a placeholder', () => {
    const out = describeRecord(finalisation, {}, { ...none, waitsFor: ahead }, "notarium version finalise 'deed.pdf' --wait");
    expect(out.match(/follow it:/g)).toHaveLength(1);
    expect(out).toContain(`follow it:    notarium version finalise 'deed.pdf' --wait (the app and "notarium watch" send it too)`);
    expect(describeRecord(finalisation, {}, { ...none, waitsFor: ahead })).not.toMatch(/follow it:|<file\|txId>/);
  });
});

describe('watch, in text', () => {
  it("a file waiting for its folder's next round says so; one in a round names it", () => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: () => {}, progress: () => {} } as unknown as CliIo;
    const print = watchPrinter(io, false);
    print.file({ folderId: 1, folder: '/w', path: '/w/q.txt', relPath: 'q.txt', action: 'waiting', record: null, round: null, error: null });
    const round = rec({ state: 'published', kind: 'linked-update', version: 2, txId: 'ab'.repeat(32) });
    print.file({
      folderId: 1,
      folder: '/w',
      path: '/w/q.txt',
      relPath: 'q.txt',
      action: 'version',
      record: round,
      round: { number: 2, files: 12, position: 3 },
      error: null,
    });
    print.round({ folderId: 1, path: '/w', round: { number: 2, files: 12, position: null }, record: round, error: null });
    expect(lines).toEqual([
      "waiting     q.txt  for the folder's next round",
      'version     q.txt  round 2 abababababab…',
      'round 2  /w: 12 files in one registration, abababababab…',
    ]);
  });
});
