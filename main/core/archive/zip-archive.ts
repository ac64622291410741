import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip archive of a few small files, made in memory: what the app offers as one download where
 * the CLI writes several files into a folder. Deflated entries, UTF-8 names (general-purpose flag
 * bit 11), no ZIP64 (an export is far below 4 GiB and 65,535 entries), as APPNOTE.TXT 6.3 reads.
 */

export interface ZipEntry {
  name: string;
  data: string | Uint8Array;
}

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20; // 2.0: deflate
/** Made on Unix (host 3): readers then take names as they are, not as DOS code page 437. */
const MADE_BY = (3 << 8) | VERSION;
/** A regular file, rw-r--r--, in the Unix host's external attributes. */
const FILE_MODE = 0o100644 << 16;

export function zipArchive(entries: readonly ZipEntry[], modified: Date): Uint8Array {
  const { time, date } = dosDateTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const packed = deflateRawSync(data);
    const sums = { crc: crc32(data), packed: packed.length, size: data.length };

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(sums.crc, 14);
    local.writeUInt32LE(sums.packed, 18);
    local.writeUInt32LE(sums.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(sums.crc, 16);
    central.writeUInt32LE(sums.packed, 20);
    central.writeUInt32LE(sums.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(FILE_MODE >>> 0, 38); // extra, comment, disk and internal attributes stay zero
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

/** MS-DOS date and time, local time as zip tools show it (two-second resolution, from 1980). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
