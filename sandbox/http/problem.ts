import type { ServerResponse } from 'node:http';

/** RFC 7807 problem documents, the service's error bodies. */

/**
 * Whose spelling of the error codes the service answers in: the API reference's, or the
 * troubleshooting page's, which spells some differently (service-notes.md: Timing and life-cycle rules).
 */
export type ErrorCodeSpelling = 'reference' | 'troubleshooting';

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
  /** The troubleshooting page's spelling of `errorCode`, where it has its own. */
  private troubleshootingCode: string | undefined;

  constructor(
    readonly status: number,
    readonly errorCode: string | undefined,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ServiceProblem';
  }

  /** Names the code the troubleshooting page uses for this problem. */
  spelledOnTroubleshootingPage(code: string): this {
    this.troubleshootingCode = code;
    return this;
  }

  toDocument(spelling: ErrorCodeSpelling = 'reference'): ProblemDocument {
    const errorCode = spelling === 'troubleshooting' ? (this.troubleshootingCode ?? this.errorCode) : this.errorCode;
    const doc: ProblemDocument = {
      type: errorCode ? `urn:notarium-sandbox:problem:${errorCode}` : 'about:blank',
      title: TITLES[this.status] ?? 'Error',
      status: this.status,
      detail: this.detail,
    };
    if (errorCode) doc.errorCode = errorCode;
    return doc;
  }
}

export function notFound(detail = 'The transaction cannot be read: it may still be publishing, or it was rejected.'): ServiceProblem {
  return new ServiceProblem(404, undefined, detail);
}

export function sendProblem(res: ServerResponse, problem: ServiceProblem, spelling: ErrorCodeSpelling = 'reference'): void {
  const body = JSON.stringify(problem.toDocument(spelling));
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
