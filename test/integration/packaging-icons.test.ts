import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which a PNG must start with. */
function pngSize(file: string): { signature: boolean; width: number; height: number; chunk: string } {
  const bytes = readFileSync(file);
  return {
    signature: bytes.subarray(0, 8).equals(PNG_SIGNATURE),
    chunk: bytes.subarray(12, 16).toString('latin1'),
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}

describe('scripts/make-icons.ts', () => {
  const out = mkdtempSync(join(tmpdir(), 'notarium-icons-'));
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'make-icons.ts'), '--out', out], { cwd: root, encoding: 'utf8' });

  it('renders build/icon.svg into the Linux icon set and a 1024 px icon.png', () => {
    expect(run.status, run.stderr).toBe(0);
    const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
    expect(readdirSync(join(out, 'icons')).sort()).toEqual(sizes.map((n) => `${n}x${n}.png`).sort());
    for (const n of sizes) {
      expect(pngSize(join(out, 'icons', `${n}x${n}.png`))).toEqual({ signature: true, chunk: 'IHDR', width: n, height: n });
    }
    expect(pngSize(join(out, 'icon.png'))).toEqual({ signature: true, chunk: 'IHDR', width: 1024, height: 1024 });
  });

  it('draws something: the icon is not blank', () => {
    // A 16 px PNG of one flat colour compresses to well under 100 bytes; the seal does not.
    expect(readFileSync(join(out, 'icons', '16x16.png')).length).toBeGreaterThan(300);
  });
});
