import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * A file's SHA-256, read in the page as a stream (a file of any size, never whole in memory) and
 * hashed by @noble/hashes: nothing leaves the page, and no secure context is needed (file://).
 */
export async function fileDigest(file: Blob, onProgress: (done: number) => void = () => {}): Promise<string> {
  const hash = sha256.create();
  const reader = file.stream().getReader();
  let done = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    hash.update(chunk.value);
    done += chunk.value.byteLength;
    onProgress(done);
  }
  return bytesToHex(hash.digest());
}
