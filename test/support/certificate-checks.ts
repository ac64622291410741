import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';

/** Reads what a certificate really shows: its QR code decoded from pixels, its PDF's text. */

/** The text encoded by the first inline SVG QR code in an HTML page, or null. */
export function decodeQr(html: string): string | null {
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html)?.[0];
  if (!svg) return null;
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: 400 }, background: 'white' }).render();
  const found = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height);
  return found?.data ?? null;
}

/** The text of a PDF, through poppler's pdftotext. */
export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'notarium-pdf-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
