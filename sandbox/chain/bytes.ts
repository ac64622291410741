import { createHash } from 'node:crypto';

/** Byte helpers for the simulated chain. Hashes are shown in display order (byte-reversed). */

export function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

export function sha256d(data: Uint8Array): Buffer {
  return sha256(sha256(data));
}

/** A copy of `data` in reverse byte order (internal order <-> display order). */
export function reversed(data: Uint8Array): Buffer {
  return Buffer.from(data).reverse();
}

/** The display-order hex id of serialized data: reverse(sha256d(data)). */
export function displayHash(data: Uint8Array): string {
  return reversed(sha256d(data)).toString('hex');
}

const HEX_64 = /^[0-9a-fA-F]{64}$/;

export function isHash(value: string): boolean {
  return HEX_64.test(value);
}

/** Appends little-endian fixed-width integers and Bitcoin varints to a growing buffer. */
export class ByteWriter {
  private readonly parts: Buffer[] = [];

  bytes(data: Uint8Array): this {
    this.parts.push(Buffer.from(data));
    return this;
  }

  u32(value: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value >>> 0);
    return this.bytes(b);
  }

  u64(value: bigint): this {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(value);
    return this.bytes(b);
  }

  varint(value: number): this {
    if (value < 0xfd) return this.bytes(Buffer.from([value]));
    if (value <= 0xffff) {
      const b = Buffer.alloc(3);
      b[0] = 0xfd;
      b.writeUInt16LE(value, 1);
      return this.bytes(b);
    }
    if (value <= 0xffffffff) {
      const b = Buffer.alloc(5);
      b[0] = 0xfe;
      b.writeUInt32LE(value, 1);
      return this.bytes(b);
    }
    const b = Buffer.alloc(9);
    b[0] = 0xff;
    b.writeBigUInt64LE(BigInt(value), 1);
    return this.bytes(b);
  }

  /** A varint length followed by the bytes. */
  varbytes(data: Uint8Array): this {
    return this.varint(data.length).bytes(data);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** Reads little-endian fixed-width integers and Bitcoin varints from a buffer, front to back. */
export class ByteReader {
  private offset = 0;

  constructor(private readonly data: Buffer) {}

  get done(): boolean {
    return this.offset === this.data.length;
  }

  bytes(n: number): Buffer {
    if (this.offset + n > this.data.length) throw new Error('read past the end of the data');
    this.offset += n;
    return this.data.subarray(this.offset - n, this.offset);
  }

  u32(): number {
    return this.bytes(4).readUInt32LE(0);
  }

  u64(): bigint {
    return this.bytes(8).readBigUInt64LE(0);
  }

  varint(): number {
    const first = this.bytes(1)[0]!;
    if (first < 0xfd) return first;
    if (first === 0xfd) return this.bytes(2).readUInt16LE(0);
    if (first === 0xfe) return this.u32();
    return Number(this.u64());
  }

  varbytes(): Buffer {
    return this.bytes(this.varint());
  }
}
