import { describe, expect, it } from 'vitest';
import { encodingInWords } from '../../../renderer/lib/encoding-words.ts';
import { folderOf, shortFolder } from '../../../renderer/lib/place.ts';

describe('folderOf and shortFolder', () => {
  it("give a file's folder, whole and as its last two folders, for this system's paths and Windows'", () => {
    expect(folderOf('/home/ann/reports/2024/f1.txt')).toBe('/home/ann/reports/2024');
    expect(shortFolder('/home/ann/reports/2024')).toBe('…/reports/2024');
    expect(folderOf('C:\\Users\\Ann\\Documents\\f1.txt')).toBe('C:\\Users\\Ann\\Documents');
    expect(shortFolder('C:\\Users\\Ann\\Documents')).toBe('…\\Ann\\Documents');
    expect(shortFolder('/tmp/reports')).toBe('/tmp/reports');
    expect(folderOf('/f1.txt')).toBe('/');
    expect(folderOf('f1.txt')).toBeNull();
    expect(folderOf(null)).toBeNull();
  });
});

describe('encodingInWords', () => {
  it('says each step of the encode value, and that the salt is in the receipt', () => {
    expect(encodingInWords('SHA256(<salt>)', 'file')).toBe(
      "A secret salt put before the file's SHA-256 digest, then hashed with SHA-256 (the salt is kept in the receipt).",
    );
    expect(encodingInWords('SHA256(<salt>)|Base64', 'batch')).toBe(
      "A secret salt put before the batch's root, then hashed with SHA-256, then written as Base64 text (the salt is kept in the receipt).",
    );
    expect(encodingInWords('SHA256', 'file')).toBe("The file's SHA-256 digest, hashed with SHA-256.");
    expect(encodingInWords('ROT13', 'file')).toBe("The file's SHA-256 digest, encoded with ROT13.");
  });
});
