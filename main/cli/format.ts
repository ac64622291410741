import { byteSize } from '../../preload/byte-size.ts';
import { visibleName } from '../../preload/visible-text.ts';

/** Plain-text output for people: aligned tables and short values. */

/** A failure for people: its sentence, then its catalogue code (what scripts and docs/user/troubleshooting.md go by). */
export function errorText(error: { code: string; message: string }): string {
  return `${error.message} [${error.code}]`;
}

/** A table; each cell is one line, so a name's newline or tab is shown escaped, never laid out. */
export function table(headers: string[], cells: string[][]): string {
  const rows = cells.map((r) => r.map(visibleName));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A 64-hex id shortened for a table; the full one is in --json. */
export function shortHash(hash: string | null | undefined): string {
  return hash ? `${hash.slice(0, 12)}…` : '-';
}

/** Text cut to `width` characters in its middle (a file name keeps its start and its extension); at least the ellipsis. */
export function middleEllipsis(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  const keep = Math.max(width - 1, 0);
  const tail = Math.floor(keep / 2);
  return `${chars.slice(0, keep - tail).join('')}…${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}

export function bytes(n: number | null | undefined): string {
  return n === null || n === undefined ? '-' : byteSize(n);
}
