import { describe, expect, it } from 'vitest';
import { checkReceiptNames, nameLength } from '../../../../main/core/usecases/receipt-names.ts';

// The per-name limit as each platform counts it: UTF-8 bytes on Linux and macOS, UTF-16 units on Windows.

describe('receipt names and the file system limit', () => {
  const accented = 'é'.repeat(120) + '.pdf'; // 124 UTF-16 units, 244 bytes

  it('counts UTF-8 bytes on Linux and macOS, UTF-16 units on Windows', () => {
    expect(nameLength(accented, 'linux')).toBe(244);
    expect(nameLength(accented, 'darwin')).toBe(244);
    expect(nameLength(accented, 'win32')).toBe(124);
  });

  it('refuses on Linux what Windows accepts, and each says its own unit', () => {
    expect(() => checkReceiptNames(accented, { label: null }, 'linux')).toThrow(/244 bytes long.*at most 242 bytes/);
    expect(() => checkReceiptNames(accented, { label: 'v<N>' }, 'win32')).not.toThrow();
    expect(() => checkReceiptNames('x'.repeat(230), { label: 'v<N>' }, 'win32')).toThrow(/230 characters long.*at most 229 characters/);
  });
});
