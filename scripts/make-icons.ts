/**
 * Renders the app icon from its one source, build/icon.svg: build/icons/<n>x<n>.png (the Linux icon
 * set, by size) and build/icon.png (1024 px, from which electron-builder makes the .ico and .icns).
 * Run before packaging (`npm run prepackage`); the PNGs are generated, not committed.
 *
 *   tsx scripts/make-icons.ts [--out <folder>]    (default: build/)
 */
import { Resvg } from '@resvg/resvg-js';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
const root = resolve(import.meta.dirname, '..');

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? join(root, 'build'));
const svg = await readFile(join(root, 'build', 'icon.svg'));

const render = (size: number): Buffer => Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());

await mkdir(join(out, 'icons'), { recursive: true });
for (const size of SIZES) {
  await writeFile(join(out, 'icons', `${size}x${size}.png`), render(size));
}
await writeFile(join(out, 'icon.png'), render(1024));
console.log(`Icons written to ${out}: icons/{${SIZES.join(',')}} and icon.png`);
