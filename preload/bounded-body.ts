/**
 * An answer's body read up to a limit, the same for the engine's HTTP client and the verifier page:
 * portable (no Node, no DOM beyond fetch's Response).
 */

/**
 * The body, or null once it exceeds `limit` bytes (declared or counted): the stream is cancelled,
 * so a huge answer costs at most `limit` bytes. HEAD answers have no body whatever their length says.
 */
export async function readBounded(res: Response, limit: number): Promise<Uint8Array | null> {
  if (res.body === null) return new Uint8Array();
  const declared = res.headers.get('content-length');
  if (limit > 0 && declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limit) {
    await res.body.cancel().catch(() => {});
    return null;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
