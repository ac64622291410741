/**
 * A size for people, in binary units (B, KiB, MiB, GiB, TiB): one way for the page, the CLI and the
 * web shell's sentences. `number` writes the figure (whole bytes, else one decimal): plain digits
 * for the CLI, the page's language's format in the page (preload/i18n/formats.ts).
 */
export function byteSize(n: number, number: (value: number, decimals: 0 | 1) => string = (v, d) => (d === 0 ? String(v) : v.toFixed(1))): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${number(v, u === 0 ? 0 : 1)} ${units[u]}`;
}
