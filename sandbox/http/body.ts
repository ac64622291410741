import type { IncomingMessage } from 'node:http';
import { ServiceProblem } from './problem.ts';

/** Request bodies with a hard size limit that never buffers past the limit. */

export function tooLarge(limit: number): ServiceProblem {
  return new ServiceProblem(400, 'CONTENT_LENGTH_LIMIT_EXCEEDED', `The request body is larger than this instance's limit of ${limit} bytes.`, {
    Connection: 'close',
  });
}

/** Throws at once when the declared Content-Length is over the limit. */
export function checkDeclaredLength(req: IncomingMessage, limit: number): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  checkDeclaredLength(req, limit);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const cleanup = (): void => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

export function parseJsonBody(body: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ServiceProblem(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ServiceProblem(400, 'INVALID_JSON', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
