/** The binary units, as English and German write them. */
export const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
/** French counts octets: o, Kio, Mio… (IEC 80000-13's French names). */
export const OCTET_UNITS = ['o', 'Kio', 'Mio', 'Gio', 'Tio'] as const;

/**
 * A size for people, in binary units (B, KiB, MiB, GiB, TiB): one way for the page, the CLI and the
 * web shell's sentences. `number` writes the figure (whole bytes, else one decimal): plain digits
 * for the CLI, the page's language's format in the page (preload/i18n/formats.ts).
 */
export function byteSize(
  n: number,
  number: (value: number, decimals: 0 | 1) => string = (v, d) => (d === 0 ? String(v) : v.toFixed(1)),
  units: readonly string[] = BYTE_UNITS,
  space = ' ',
): string {
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${number(v, u === 0 ? 0 : 1)}${space}${units[u]}`;
}
