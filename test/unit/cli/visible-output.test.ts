import { describe, expect, it } from 'vitest';
import { describeRecord, describeReport } from '../../../main/cli/describe.ts';
import { table } from '../../../main/cli/format.ts';
import type { VerificationReport } from '../../../verifier/verify-receipt.ts';
import type { StoredRecord } from '../../../main/core/store/record.ts';
import { visibleName, visibleText } from '../../../preload/visible-text.ts';

// What the CLI prints from outside (names, receipt fields) is shown, never obeyed.

// eslint-disable-next-line no-control-regex -- finding raw control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'a\u001b[2J\u009b31m\r\u202eb\u2066c\u0000\u007f\u2028';

describe('visibleText and visibleName', () => {
  it('escape C0, DEL, C1, bidi controls and line separators visibly; keep everything else', () => {
    expect(visibleName(HOSTILE)).toBe('a\\u001b[2J\\u009b31m\\r\\u202eb\\u2066c\\u0000\\u007f\\u2028');
    expect(visibleName('tab\there\nnewline')).toBe('tab\\there\\nnewline');
    expect(visibleText('line one\n\tline two\u001b[2J')).toBe('line one\n\tline two\\u001b[2J');
    expect(visibleName('ordinary: é ü 漢字 עברית 👨‍👩‍👧 \\ "quotes"')).toBe('ordinary: é ü 漢字 עברית 👨‍👩‍👧 \\ "quotes"');
  });

  it('keep a line of JSON valid JSON with the same values (JSON.stringify leaves C1 and bidi characters raw)', () => {
    const value = { name: HOSTILE, nested: ['\u009b', '\u202e'] };
    const line = visibleText(JSON.stringify(value, null, 2));
    expect(RAW.test(line)).toBe(false);
    expect(JSON.parse(line)).toEqual(value);
  });
});

describe('the CLI shows names and receipt text escaped, one line each', () => {
  it('tables escape every cell, so a name cannot break a row or the alignment', () => {
    const out = table(['FILE', 'STATE'], [['a\nb\tc\u202e', 'settled']]);
    expect(out.split('\n')).toEqual(['FILE           STATE', '-------------  -------', 'a\\nb\\tc\\u202e  settled']);
  });

  it('describeRecord escapes the name, block time, receipt path and note', () => {
    const record = {
      name: HOSTILE,
      state: 'settled',
      confirmations: 3,
      txId: 'ab'.repeat(32),
      sha256: 'cd'.repeat(32),
      encode: 'SHA256(s)',
      profile: 'Sandbox',
      documentId: null,
      blockHash: 'ef'.repeat(32),
      blockTime: `2026-01-01T00:00:00Z${HOSTILE}`,
      receiptPath: `/x/${HOSTILE}.receipt.json`,
      lastError: `oops\n${HOSTILE}`,
    } as unknown as StoredRecord;
    const out = describeRecord(record, {});
    expect(RAW.test(out.replaceAll('\n', ''))).toBe(false);
    expect(out.split('\n')).toHaveLength(8);
    expect(out).toContain('at 2026-01-01T00:00:00Za\\u001b[2J');
  });

  it('describeReport keeps one line per step and per caveat, whatever a detail holds', () => {
    const report: VerificationReport = {
      outcome: 'failed',
      failedStep: 'fingerprint',
      summary: `Verification failed: ${HOSTILE}`,
      steps: [{ id: 'fingerprint', status: 'fail', label: 'Fingerprint', detail: `bad\n${HOSTILE}`, expected: `e\n${HOSTILE}`, found: `f\r${HOSTILE}` }],
    } as VerificationReport;
    const out = describeReport(report);
    expect(RAW.test(out.replaceAll('\n', ''))).toBe(false);
    expect(out.split('\n')).toEqual([
      expect.stringMatching(/^ {2}FAIL {2}Fingerprint {2}bad\\na\\u001b/),
      expect.stringMatching(/^ {8}expected: e\\na/),
      expect.stringMatching(/^ {8}found: {4}f\\ra/),
      '',
      expect.stringMatching(/^Verification failed: a\\u001b/),
    ]);
  });
});
