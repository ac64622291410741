import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip archive of a few small files, made in memory: what the app offers as one download where
 * the CLI writes several files into a folder. Deflated entries, UTF-8 names (general-purpose flag
 * bit 11), no ZIP64 (an export is far below 4 GiB and 65,535 entries), as APPNOTE.TXT 6.3 reads.
 */

export interface ZipEntry {
  name: string;
  data: string | Uint8Array;
  /** Unix permission bits (default 0o644). */
  mode?: number;
}

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20; // 2.0: deflate
/** Made on Unix (host 3): readers then take names as they are, not as DOS code page 437. */
const MADE_BY = (3 << 8) | VERSION;
/** A regular file with these permission bits, in the Unix host's external attributes. */
const fileMode = (mode: number): number => ((0o100000 | mode) << 16) >>> 0;

export function zipArchive(entries: readonly ZipEntry[], modified: Date): Uint8Array {
  const { time, date } = dosDateTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const packed = deflateRawSync(data);

    const fields = { time, date, crc: crc32(data), packed: packed.length, size: data.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY, 4);
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(fileMode(entry.mode ?? 0o644), 38); // extra, comment, disk and internal attributes stay zero
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

interface EntryFields {
  time: number;
  date: number;
  crc: number;
  packed: number;
  size: number;
  nameLength: number;
}

/** The fields a local header and a central directory entry share, in the same order (from "version needed"). */
function writeEntryFields(header: Buffer, at: number, f: EntryFields): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(f.time, at + 6);
  header.writeUInt16LE(f.date, at + 8);
  header.writeUInt32LE(f.crc, at + 10);
  header.writeUInt32LE(f.packed, at + 14);
  header.writeUInt32LE(f.size, at + 18);
  header.writeUInt16LE(f.nameLength, at + 22);
}

/** MS-DOS date and time, local time as zip tools show it (two-second resolution, from 1980). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
