/** A size for people, in binary units (B, KiB, MiB, GiB, TiB): one way for the page, the CLI and the web shell's sentences. */
export function byteSize(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(1)} ${units[u]}`;
}
