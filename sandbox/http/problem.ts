import type { ServerResponse } from 'node:http';

/** RFC 7807 problem documents, the service's error bodies. */

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  errorCode?: string;
}

const TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  404: 'Content not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Payload too large',
  422: 'Unprocessable content',
  429: 'Too many requests',
  431: 'Request header fields too large',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** A failure a handler throws; the server turns it into a problem document. */
export class ServiceProblem extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | undefined,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ServiceProblem';
  }

  toDocument(): ProblemDocument {
    const doc: ProblemDocument = {
      type: this.errorCode ? `urn:notarium-sandbox:problem:${this.errorCode}` : 'about:blank',
      title: TITLES[this.status] ?? 'Error',
      status: this.status,
      detail: this.detail,
    };
    if (this.errorCode) doc.errorCode = this.errorCode;
    return doc;
  }
}

export function notFound(detail = 'The transaction cannot be read: it may still be publishing, or it was rejected.'): ServiceProblem {
  return new ServiceProblem(404, undefined, detail);
}

export function sendProblem(res: ServerResponse, problem: ServiceProblem): void {
  const body = JSON.stringify(problem.toDocument());
  res.writeHead(problem.status, {
    ...problem.headers,
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** The raw HTTP/1.1 bytes of a problem response, for sockets the HTTP parser gave up on. */
export function rawProblemResponse(problem: ServiceProblem): string {
  const body = JSON.stringify(problem.toDocument());
  return [
    `HTTP/1.1 ${problem.status} ${TITLES[problem.status] ?? 'Error'}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
